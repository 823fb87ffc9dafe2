# What the benchmark scripts share (sourced, not run): messages, building
# the targets a benchmark runs, timing and peak memory. They need $repo,
# $build and $data (a scratch directory).

say() { printf '%s\n' "$*" >&2; }
die() { say "${0##*/}: $*"; exit 1; }

# bench_build TARGET...: configures $build (RelWithDebInfo) the first time,
# builds the targets, and sets build_type.
bench_build() {
  if [[ ! -f $build/CMakeCache.txt ]]; then
    say "== configuring $build (RelWithDebInfo)"
    cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$build.configure.log" 2>&1 ||
      die "cmake failed; see $build.configure.log"
  fi
  build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
  say "== building $* in $build (${build_type:-no build type})"
  cmake --build "$build" -j"$(nproc)" --target "$@" >/dev/null || die "build failed: cmake --build $build --target $*"
}

# Seconds of CPU (user+sys) on the children line of a `times` output file.
children_cpu() { awk -F'[ms ]' 'NR == 2 { print $1 * 60 + $2 + $4 * 60 + $5 }' "$1"; }
# time_runs N CMD...: runs CMD N times (output discarded; a failure aborts).
# Sets BEST and MEDIAN (wall seconds) and CPU (the least user+sys seconds of
# a run, children included, from the `times` builtin: 1 ms resolution).
time_runs() {
  local n=$1 i t0 t1 c0 c1
  shift
  local -a walls=() cpus=()
  for ((i = 0; i < n; i++)); do
    times >"$data/times.0"  # not in $(...): a subshell does not see our children
    t0=$EPOCHREALTIME
    "$@" >/dev/null 2>&1 || die "failed: $* (exit $?)"
    t1=$EPOCHREALTIME
    times >"$data/times.1"
    c0=$(children_cpu "$data/times.0")
    c1=$(children_cpu "$data/times.1")
    walls+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')")
    cpus+=("$(awk -v a="$c0" -v b="$c1" 'BEGIN { printf "%.3f", b - a }')")
  done
  set_figures "${walls[*]}" "${cpus[*]}"
}
# set_figures WALLS CPUS (each a list of seconds): BEST, MEDIAN and CPU.
set_figures() {
  # shellcheck disable=SC2086 # the lists are split on purpose
  BEST=$(printf '%s\n' $1 | sort -g | head -1)
  # shellcheck disable=SC2086
  MEDIAN=$(printf '%s\n' $1 | sort -g |
    awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
  # shellcheck disable=SC2086
  CPU=$(printf '%s\n' $2 | sort -g | head -1)
}
# time_in_turns N FUNCTION...: N rounds, each running every FUNCTION once
# in the order given (a name given twice runs twice a round), so that this
# shared machine's speed, which drifts within seconds, weighs on each
# alike. Sets BEST_F, MEDIAN_F and CPU_F for each FUNCTION F, as time_runs
# sets BEST, MEDIAN and CPU.
time_in_turns() {
  local n=$1 round name
  shift
  local -A turn_walls=() turn_cpus=()
  for ((round = 0; round < n; round++)); do
    for name in "$@"; do
      time_runs 1 "$name"
      turn_walls[$name]+="$BEST " turn_cpus[$name]+="$CPU "
    done
  done
  for name in "${!turn_walls[@]}"; do
    set_figures "${turn_walls[$name]}" "${turn_cpus[$name]}"
    printf -v "BEST_$name" '%s' "$BEST"
    printf -v "MEDIAN_$name" '%s' "$MEDIAN"
    printf -v "CPU_$name" '%s' "$CPU"
  done
}
calc() { awk "BEGIN { printf \"$1\", $2 }"; }  # calc FORMAT EXPRESSION
least() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }  # least A B (A may be empty)
# peak_rss_kib CMD...: the peak resident memory of CMD in KiB (GNU time).
peak_rss_kib() {
  /usr/bin/time -f %M -o "$data/rss" "$@" >/dev/null 2>&1 || die "failed: $*"
  tail -1 "$data/rss"
}
