#!/usr/bin/env bash
# validate --jobs benchmark (docs/benchmarks.md): `--jobs 2` against
# `--jobs 1` in the same run, and peak memory at --jobs 2 on a small and a
# large archive. A benchmark, not a test: it prints figures and never
# fails on them.
#
#   tests/bench/jobs_bench.sh [BUILD_DIR]      (default: build)
#
# Environment (optional):
#   GAMEREC_BENCH_DATA  where the inputs are made and kept
#                       (default ${TMPDIR:-/tmp}/gamerec-bench)
#   BENCH_PGN           the real-games PGN repeated into the archives
#                       (default: tests/bench/data/twic1599-excerpt.pgn.zst,
#                       1,110 real games, unpacked into the data folder)
#   BENCH_MB            the large archive's size in MB (default 200)
#   BENCH_FILES         small records (default 100000)
#   BENCH_RUNS          runs per timing, the best is kept (default 3)
#
# 1. Archives of BENCH_PGN repeated: twice and four times (about 2 and 4
#    MB, either side of the 3 MiB where --jobs starts threads), to a tenth
#    of BENCH_MB, and to BENCH_MB, plain and .zst: each is cut into parts
#    of whole games, each part read and checked by one of the jobs.
# 2. BENCH_FILES small chaturanga records (tests/bench/make_records.cpp),
#    given with --files-from: the jobs check whole files.
# 3. Peak resident memory at --jobs 2 on the archive at a tenth of
#    BENCH_MB and at BENCH_MB: the queue is bounded, so it must not grow.
# Times are wall-clock seconds (what parallel checking saves), best of
# the runs, --jobs 1 and --jobs 2 in turns; the machine's other load moves
# both sides of a ratio.
set -euo pipefail
export LC_ALL=C
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-build}
[[ $build = /* ]] || build=$repo/$build
data=${GAMEREC_BENCH_DATA:-${TMPDIR:-/tmp}/gamerec-bench}
pgn=${BENCH_PGN:-}
megabytes=${BENCH_MB:-200}
files=${BENCH_FILES:-100000}
runs=${BENCH_RUNS:-3}
# shellcheck source=tests/bench/bench_lib.sh
source "$repo/tests/bench/bench_lib.sh"
command -v zstd >/dev/null || die "zstd is needed"
if [[ -z $pgn ]]; then
  mkdir -p "$data"
  pgn=$data/twic1599.pgn
  [[ -s $pgn ]] || zstd -q -dc "$repo/tests/bench/data/twic1599-excerpt.pgn.zst" >"$pgn"
fi
[[ -f $pgn ]] || die "no PGN to repeat: $pgn (set BENCH_PGN)"
[[ -x /usr/bin/time ]] || die "GNU time (/usr/bin/time) is needed"
mkdir -p "$data"
bench_build gamerec make_records
gamerec=$build/gamerec

# archive MB OUT: the PGN repeated until OUT holds at least MB megabytes.
archive() {
  local want=$(($1 * 1000000)) out=$2
  [[ -s $out && $(stat -c %s "$out") -ge $want ]] && return
  : >"$out.part"
  while [[ $(stat -c %s "$out.part") -lt $want ]]; do cat "$pgn" >>"$out.part"; done
  mv "$out.part" "$out"
}
say "== inputs in $data"
archive "$megabytes" "$data/jobs-large.pgn"
archive $((megabytes / 10)) "$data/jobs-small.pgn"
# Around where --jobs starts its threads (3 MiB): two and four copies.
for copies in 2 4; do
  [[ -s $data/jobs-x$copies.pgn ]] || for ((i = 0; i < copies; i++)); do cat "$pgn"; done >"$data/jobs-x$copies.pgn"
done
[[ $data/jobs-large.pgn.zst -nt $data/jobs-large.pgn ]] ||
  zstd -q -f -T2 "$data/jobs-large.pgn" -o "$data/jobs-large.pgn.zst"
if [[ ! -f $data/jobs-records/list.txt || $(wc -l <"$data/jobs-records/list.txt") -ne $files ]]; then
  rm -rf "$data/jobs-records"
  mkdir -p "$data/jobs-records"
  "$build/tests/bench/make_records" games "$files" "$data/jobs-records" >/dev/null
  find "$data/jobs-records" -name '*.cht' | sort >"$data/jobs-records/list.txt"
fi

# validate exits 1 when a game is invalid: a result, not a failure.
checked() { "$@" || [[ $? -eq 1 ]]; }
validate() { checked "$gamerec" validate --quiet "$@"; }

# Both --jobs must print the same, or the figure means nothing.
validate --jobs 1 --format json "$data/jobs-small.pgn" >"$data/jobs-1.out" 2>&1
validate --jobs 2 --format json "$data/jobs-small.pgn" >"$data/jobs-2.out" 2>&1
cmp -s "$data/jobs-1.out" "$data/jobs-2.out" || die "--jobs 2 printed something else than --jobs 1"

ratio() {  # NAME ARGS...: --jobs 1 and --jobs 2 in turns, best of $runs each
  local name=$1 one="" two="" run
  shift
  # In turns, so that a neighbour's load on this shared machine weighs on
  # both alike.
  for ((run = 0; run < runs; run++)); do
    time_runs 1 validate --jobs 1 "$@"
    one=$(least "$one" "$BEST")
    time_runs 1 validate --jobs 2 "$@"
    two=$(least "$two" "$BEST")
  done
  printf '%-44s --jobs 1 %7.3f s   --jobs 2 %7.3f s   %5.2fx\n' "$name" "$one" "$two" "$(calc %.4f "$one / $two")"
}
say "== validate --jobs 2 against --jobs 1 (wall seconds, best of $runs)"
mb() { calc %.1f "$(stat -c %s "$1") / 1e6"; }
ratio "one archive, $(mb "$data/jobs-x2.pgn") MB plain" "$data/jobs-x2.pgn"
ratio "one archive, $(mb "$data/jobs-x4.pgn") MB plain" "$data/jobs-x4.pgn"
ratio "one archive, $(mb "$data/jobs-small.pgn") MB plain" "$data/jobs-small.pgn"
size_mb=$(calc %.0f "$(stat -c %s "$data/jobs-large.pgn") / 1e6")
ratio "one archive, ${size_mb} MB plain" "$data/jobs-large.pgn"
ratio "one archive, ${size_mb} MB as .zst" "$data/jobs-large.pgn.zst"
ratio "$files small records (--files-from)" --files-from "$data/jobs-records/list.txt"

# peak_rss CMD...: peak resident KiB (GNU time), status 1 accepted.
peak_rss() {
  local status=0
  /usr/bin/time -f %M -o "$data/rss" "$@" >/dev/null 2>&1 || status=$?
  [[ $status -le 1 ]] || die "failed: $* (exit $status)"
  tail -1 "$data/rss"
}
say "== peak memory at --jobs 2"
for input in jobs-small.pgn jobs-large.pgn jobs-large.pgn.zst; do
  one=$(peak_rss "$gamerec" validate --quiet --jobs 1 "$data/$input")
  two=$(peak_rss "$gamerec" validate --quiet --jobs 2 "$data/$input")
  printf '%-22s %6.0f MB   --jobs 2: %5.1f MiB   --jobs 1: %5.1f MiB\n' "$input" \
    "$(calc %.1f "$(stat -c %s "$data/$input") / 1e6")" "$(calc %.1f "$two / 1024")" "$(calc %.1f "$one / 1024")"
done
