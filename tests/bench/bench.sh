#!/usr/bin/env bash
# Benchmark of `gamerec validate` side by side with the input-reading floor
# (docs/benchmarks.md). A benchmark, not a test: it prints figures and never
# fails on them (it stops only if an input is rejected or a tool is missing).
#
#   tests/bench/bench.sh [BUILD_DIR]        (default: build, under the repo)
#
# Environment (all optional):
#   GAMEREC_BENCH_DATA  where the inputs are generated and kept for the next
#                       run (default ${TMPDIR:-/tmp}/gamerec-bench)
#   BENCH_MOVES         moves in the long record (default 10000000)
#   BENCH_FILES         short game files (default 10000, ~40 moves each)
#   BENCH_RUNS          runs per timing (default 5; the floor gets twice that)
#   BENCH_BATCH         files per gamerec invocation via xargs (default 1000)
#   BENCH_MICRO         0 to skip the Google Benchmark micro benchmark
#
# What it measures, every input in the page cache:
#   1. long record: `gamerec validate` on one N-move chaturanga file (knights
#      hopping out and back), against `line_floor` (read(2) in 1 MiB blocks,
#      memchr per line) and `line_floor --getline` on the same file.
#   2. many files: `xargs -0 -n BATCH gamerec validate` over BENCH_FILES short
#      games, against `xargs -0 -n BATCH line_floor` over the same files.
#   3. memory: peak RSS (GNU time %M) of validate on an N/10-move and an
#      N-move file; the ratio must stay ~1.0 (streaming, flat memory).
#   4. play: start-up time (replaying the record up to the first prompt, then
#      Q) and peak RSS of `gamerec play` on the same two files, next to
#      validate's; play must stay as flat as validate.
#   5. the library alone: parse+check+apply of one move (micro_bench).
# Times are the BEST (minimum) wall-clock time of several runs: other load on
# the machine can only add time, so the minimum is the most repeatable figure
# (medians are printed too). What a ratio compares is timed in turns, one
# run of each a round, since this machine's speed drifts within seconds.
# The least user+sys CPU time of the runs is shown next to each ratio: on
# a busy machine it is the steadier of the two.
set -euo pipefail
export LC_ALL=C

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-build}
[[ $build = /* ]] || build=$repo/$build
data=${GAMEREC_BENCH_DATA:-${TMPDIR:-/tmp}/gamerec-bench}
moves=${BENCH_MOVES:-10000000}
files=${BENCH_FILES:-10000}
runs=${BENCH_RUNS:-5}
batch=${BENCH_BATCH:-1000}
micro=${BENCH_MICRO:-1}
small_moves=$((moves / 10))

# shellcheck source=tests/bench/bench_lib.sh
source "$repo/tests/bench/bench_lib.sh"

[[ -x /usr/bin/time ]] || die "GNU time (/usr/bin/time) is needed for peak RSS"

# --- build -------------------------------------------------------------------
bench_build gamerec line_floor make_records
if [[ $micro != 0 ]] && ! cmake --build "$build" -j"$(nproc)" --target micro_bench >/dev/null 2>&1; then
  say "   micro_bench not built (Google Benchmark missing?): skipped"
  micro=0
fi
gamerec=$build/gamerec
floor=$build/tests/bench/line_floor
SECONDS=0  # the build is not counted in the time printed at the end

# --- inputs ------------------------------------------------------------------
# Regenerated when the sizes or the generator change, else reused.
mkdir -p "$data"
stamp="moves=$moves files=$files gen=$(cksum <"$repo/tests/bench/make_records.cpp")"
if [[ $(cat "$data/stamp" 2>/dev/null) != "$stamp" ]]; then
  say "== generating inputs in $data"
  rm -rf "$data/games" "$data"/*.cht "$data/games.list" "$data/stamp"
  "$build/tests/bench/make_records" long 16 "$data/cycle.cht"
  "$build/tests/bench/make_records" long "$small_moves" "$data/long-small.cht"
  "$build/tests/bench/make_records" long "$moves" "$data/long.cht"
  "$build/tests/bench/make_records" games "$files" "$data/games"
  (cd "$data" && find games -name '*.cht' -print0 | sort -z >games.list)
  printf '%s\n' "$stamp" >"$data/stamp"
else
  say "== reusing inputs in $data"
fi
cd "$data"
long_bytes=$(stat -c %s long.cht)
games_bytes=$(du -sb games | cut -f1)

# The knight-hop cycle must be legal: validate prints nothing and exits 0.
out=$("$gamerec" validate --jobs 1 cycle.cht 2>/dev/null) || die "cycle.cht is rejected: $out"
[[ -z $out ]] || die "cycle.cht: validate printed: $out"

# --- helpers -----------------------------------------------------------------
validate_batches() { xargs -0 -n "$batch" "$gamerec" validate --jobs 1 <games.list; }
floor_batches() { xargs -0 -n "$batch" "$floor" <games.list; }

# --- 1. the long record ------------------------------------------------------
say "== long record: $moves moves, $((long_bytes / 1000000)) MB"
cat long.cht long-small.cht >/dev/null  # into the page cache
lines=$("$floor" long.cht 2>/dev/null)
[[ $lines = "$moves" ]] || die "line_floor counted $lines lines in long.cht, expected $moves"
out=$("$gamerec" validate --jobs 1 long.cht 2>/dev/null) || die "long.cht is rejected: $out"
[[ -z $out ]] || die "long.cht: validate printed: $out"

# In turns (the floor twice a round): the machine's speed drifts.
long_floor() { "$floor" long.cht; }
long_getline() { "$floor" --getline long.cht; }
long_validate() { "$gamerec" validate --jobs 1 long.cht; }
time_in_turns "$runs" long_floor long_getline long_floor long_validate
# shellcheck disable=SC2154 # BEST_*, MEDIAN_* and CPU_* are set by time_in_turns
{
  floor_best=$BEST_long_floor floor_median=$MEDIAN_long_floor floor_cpu=$CPU_long_floor
  getline_best=$BEST_long_getline getline_median=$MEDIAN_long_getline getline_cpu=$CPU_long_getline
  val_best=$BEST_long_validate val_median=$MEDIAN_long_validate val_cpu=$CPU_long_validate
}
say "   floor read(2)  best $floor_best s, median $floor_median s, CPU $floor_cpu s"
say "   floor getline  best $getline_best s, median $getline_median s, CPU $getline_cpu s"
say "   validate       best $val_best s, median $val_median s, CPU $val_cpu s"
# The floor is the faster of the two ways of reading lines.
floor_kind="read(2) in 1 MiB blocks + memchr"
if awk -v a="$getline_best" -v b="$floor_best" 'BEGIN { exit !(a < b) }'; then
  floor_best=$getline_best floor_median=$getline_median floor_cpu=$getline_cpu floor_kind="std::getline"
fi

# --- 2. many short files -----------------------------------------------------
say "== many files: $files files, $((games_bytes / 1000)) kB, $batch per invocation"
find games -name '*.cht' -exec cat {} + >/dev/null
games_lines=$(floor_batches 2>/dev/null | awk '{ s += $1 } END { print s }')
validate_batches >/dev/null 2>&1 ||
  die "a short game is rejected; see: xargs -0 -n $batch $gamerec validate <$data/games.list"
time_in_turns "$runs" floor_batches validate_batches
# shellcheck disable=SC2154 # set by time_in_turns
{
  files_floor_best=$BEST_floor_batches files_floor_median=$MEDIAN_floor_batches files_floor_cpu=$CPU_floor_batches
  files_val_best=$BEST_validate_batches files_val_median=$MEDIAN_validate_batches files_val_cpu=$CPU_validate_batches
}
say "   floor          best $files_floor_best s, median $files_floor_median s, CPU $files_floor_cpu s"
say "   validate       best $files_val_best s, median $files_val_median s, CPU $files_val_cpu s"

# --- 3. memory ---------------------------------------------------------------
say "== peak RSS"
rss_small=$(peak_rss_kib "$gamerec" validate --jobs 1 long-small.cht)
rss_long=$(peak_rss_kib "$gamerec" validate --jobs 1 long.cht)
rss_floor=$(peak_rss_kib "$floor" long.cht)
say "   validate $rss_small KiB ($small_moves moves), $rss_long KiB ($moves moves); floor $rss_floor KiB"

# --- 4. play -----------------------------------------------------------------
say "== play: replay to the first prompt, then Q"
printf 'Q\n' >"$data/quit.txt"
play_to_prompt() { "$gamerec" play "$1" <"$data/quit.txt"; }
play_to_prompt long.cht | grep -q 'Game session ended' || die "play long.cht did not reach its prompt"
cmp -s long.cht long-small.cht && die "long.cht and long-small.cht are the same file"
time_runs "$runs" play_to_prompt long-small.cht
play_small_best=$BEST play_small_cpu=$CPU
time_runs "$runs" play_to_prompt long.cht
play_long_best=$BEST play_long_cpu=$CPU
time_runs "$runs" "$gamerec" validate --jobs 1 long-small.cht
val_small_best=$BEST val_small_cpu=$CPU
play_rss_small=$(peak_rss_kib "$gamerec" play long-small.cht <"$data/quit.txt")
play_rss_long=$(peak_rss_kib "$gamerec" play long.cht <"$data/quit.txt")
say "   play     best $play_small_best s ($small_moves moves), $play_long_best s ($moves moves)"
say "   validate best $val_small_best s ($small_moves moves), $val_best s ($moves moves)"
say "   play RSS $play_rss_small KiB ($small_moves moves), $play_rss_long KiB ($moves moves)"

# --- 5. the library alone ----------------------------------------------------
micro_row=""
if [[ $micro != 0 ]]; then
  say "== micro_bench: parse+check+apply through the library"
  # A plain number of seconds is accepted by Google Benchmark 1.7 and later.
  # Column 4 of the CSV is the CPU time of one iteration in ns.
  ns=$("$build/tests/bench/micro_bench" --benchmark_filter='BM_ParseCheckApply$' --benchmark_min_time=0.5 \
    --benchmark_format=csv 2>/dev/null | awk -F, '/BM_ParseCheckApply/ { print $4 }') || ns=""
  if [[ -n $ns ]]; then
    say "   $ns ns CPU per move"
    micro_row="| library alone: parse+check+apply of one move (micro_bench) | | $(calc %.1f "1000 / $ns") M moves/s ($(calc %.1f "$ns") ns/move) | | | |"
  fi
fi

# --- table -------------------------------------------------------------------
# cell FORMAT COUNT SECONDS UNIT: "12.3 M moves/s (0.812 s)"
cell() { printf '%s %s (%s s)' "$(calc "$1" "$2 / $3")" "$4" "$(calc %.3f "$3")"; }
ratio() { calc %.2f "$1 / $2"; }
verdict() {  # verdict MOVES/S RATIO
  awk -v r="$1" -v q="$2" 'BEGIN { printf "%s (%.1f M moves/s, %.2fx)", (r >= 20e6 && q <= 3) ? "met" : "NOT met", r / 1e6, q }'
}
rss_ratio=$(calc %.2f "$rss_long / $rss_small")
play_rss_ratio=$(calc %.2f "$play_rss_long / $play_rss_small")
play_memory_met=$(awk -v q="$play_rss_ratio" 'BEGIN { print (q <= 1.1) ? "met" : "NOT met" }')
memory_met=$(awk -v q="$rss_ratio" 'BEGIN { print (q <= 1.1) ? "met" : "NOT met" }')
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$repo" diff --quiet HEAD -- src 2>/dev/null || commit="$commit + uncommitted src changes"
load=$(cut -d' ' -f1 /proc/loadavg)
mb=$((long_bytes / 1000000))

cat <<EOF

gamerec $commit, ${build_type:-no build type} build; $(nproc) x ${cpu:-unknown CPU}; load average $load; $(date +%Y-%m-%d).
Best of $runs runs (the floor on the long file: $((runs * 2))), inputs in the page cache. Wall: elapsed time;
CPU: user+sys time (steadier on a busy machine). Floor: line_floor, $floor_kind (faster than std::getline).

| measure | validate, wall | validate, CPU | floor, wall | floor, CPU | validate / floor: wall (CPU) |
|---|---|---|---|---|---|
| long record, $moves moves ($mb MB) | $(cell %.1f "$moves / 1e6" "$val_best" "M moves/s") | $(cell %.1f "$moves / 1e6" "$val_cpu" "M moves/s") | $(cell %.1f "$moves / 1e6" "$floor_best" "M lines/s") | $(cell %.1f "$moves / 1e6" "$floor_cpu" "M lines/s") | $(ratio "$val_best" "$floor_best") ($(ratio "$val_cpu" "$floor_cpu")) |
| $files files of ~$((games_lines / files)) lines, $batch per process (xargs) | $(cell %.0f "$files" "$files_val_best" "files/s") | $(cell %.0f "$files" "$files_val_cpu" "files/s") | $(cell %.0f "$files" "$files_floor_best" "files/s") | $(cell %.0f "$files" "$files_floor_cpu" "files/s") | $(ratio "$files_val_best" "$files_floor_best") ($(ratio "$files_val_cpu" "$files_floor_cpu")) |
| peak RSS, $small_moves / $moves moves | $((rss_small / 1024)) / $((rss_long / 1024)) MiB: ratio $rss_ratio | | $((rss_floor / 1024)) MiB | | |
| play start-up (replay, first prompt, Q), $small_moves / $moves moves | $(calc %.3f "$play_small_best") / $(calc %.3f "$play_long_best") s | $(calc %.3f "$play_small_cpu") / $(calc %.3f "$play_long_cpu") s | validate: $(calc %.3f "$val_small_best") / $(calc %.3f "$val_best") s | validate: $(calc %.3f "$val_small_cpu") / $(calc %.3f "$val_cpu") s | play / validate: $(ratio "$play_long_best" "$val_best") ($(ratio "$play_long_cpu" "$val_cpu")) |
| play peak RSS, $small_moves / $moves moves | $((play_rss_small / 1024)) / $((play_rss_long / 1024)) MiB: ratio $play_rss_ratio | | validate: $((rss_small / 1024)) / $((rss_long / 1024)) MiB | | |
${micro_row}

Target >= 20 M moves/s and within 3x of the floor: wall $(verdict "$(calc %.0f "$moves / $val_best")" "$(ratio "$val_best" "$floor_best")"); CPU $(verdict "$(calc %.0f "$moves / $val_cpu")" "$(ratio "$val_cpu" "$floor_cpu")").
Flat memory (RSS ratio <= 1.1): validate $memory_met, play $play_memory_met.
Wall medians (s): validate $val_median, floor $floor_median, std::getline floor $getline_median (best $getline_best, CPU $getline_cpu); files: validate $files_val_median, floor $files_floor_median.
EOF
say "(bench.sh: ${SECONDS} s after the build)"
