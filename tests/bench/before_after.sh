#!/usr/bin/env bash
# Two builds of gamerec side by side, timed in turns on the measures a
# change to the game interface must not make worse (docs/benchmarks.md,
# "Before and after a change"): validate against the read floor on a
# chaturanga record, replay of its last position (the move-by-move path),
# validate on real chess games against pgn-extract, perft 6, `--jobs 2` on
# the real games and on 100,000 small records, and the start-up of one
# process per small record. A benchmark, not a test: it prints figures and
# never fails on them.
#
#   tests/bench/before_after.sh OLD_GAMEREC NEW_GAMEREC [BUILD_DIR]
#
# BUILD_DIR (default: build) gives line_floor and make_records. CPU time
# (user+sys), best of BENCH_RUNS (default 5), except --jobs 2 (wall time:
# CPU time would not show what the second core adds). Environment as
# chess_bench.sh (GAMEREC_BENCH_DATA, BENCH_RUNS).
set -euo pipefail
export LC_ALL=C
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: ${0##*/} OLD_GAMEREC NEW_GAMEREC [BUILD_DIR]" >&2; exit 2; }
old=$(realpath "$1")
new=$(realpath "$2")
build=${3:-build}
[[ $build = /* ]] || build=$repo/$build
data=${GAMEREC_BENCH_DATA:-${TMPDIR:-/tmp}/gamerec-bench}
runs=${BENCH_RUNS:-5}
mkdir -p "$data"
# shellcheck source=tests/bench/bench_lib.sh
source "$repo/tests/bench/bench_lib.sh"
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pgn_extract" ] || die "pgn-extract is not installed (apt-get install pgn-extract)"
bench_build line_floor make_records

record=$data/long-10m.cht
[ -s "$record" ] || "$build/tests/bench/make_records" long 10000000 "$record"
records=$data/jobs-records
if [[ ! -f $records/list.txt || $(wc -l <"$records/list.txt") -ne 100000 ]]; then
  rm -rf "$records"
  mkdir -p "$records"
  "$build/tests/bench/make_records" games 100000 "$records" >/dev/null
  find "$records" -name '*.cht' | sort >"$records/list.txt"
fi
head -200 "$records/list.txt" >"$data/start-up-list.txt"
real=$data/twic1599-x20.pgn
if [ ! -s "$real" ]; then
  zstd -dc "$repo/tests/bench/data/twic1599-excerpt.pgn.zst" > "$data/twic1599.pgn"
  : > "$real"
  while (($(stat -c %s "$real") < 20000000)); do cat "$data/twic1599.pgn" >> "$real"; done
fi

# row NAME BASELINE_LABEL BASELINE_CMD... -- CMD_WITH_@GAMEREC@...: the
# baseline, then each build, in turns, `runs` times; the least CPU (or wall
# with WALL=1) of each.
row() {
  local name=$1 label=$2
  shift 2
  local -a baseline=() command=()
  while [ "$1" != -- ]; do baseline+=("$1"); shift; done
  shift
  command=("$@")
  local base="" before="" after="" i
  for ((i = 0; i < runs; i++)); do
    if [ ${#baseline[@]} -gt 0 ]; then
      time_runs 1 "${baseline[@]}"
      base=$(least "$base" "$([ "${WALL:-0}" = 1 ] && echo "$BEST" || echo "$CPU")")
    fi
    time_runs 1 "${command[@]/@GAMEREC@/$old}"
    before=$(least "$before" "$([ "${WALL:-0}" = 1 ] && echo "$BEST" || echo "$CPU")")
    time_runs 1 "${command[@]/@GAMEREC@/$new}"
    after=$(least "$after" "$([ "${WALL:-0}" = 1 ] && echo "$BEST" || echo "$CPU")")
  done
  if [ -n "$base" ]; then
    printf '| %s | before %.3f s (%.2fx %s) | after %.3f s (%.2fx %s) | after/before %.3f |\n' \
      "$name" "$before" "$(calc %.6f "$before / $base")" "$label" "$after" "$(calc %.6f "$after / $base")" "$label" \
      "$(calc %.6f "$after / $before")"
  else
    printf '| %s | before %.3f s | after %.3f s | after/before %.3f |\n' "$name" "$before" "$after" \
      "$(calc %.6f "$after / $before")"
  fi
}

echo "| measure | old build | new build | ratio |"
echo "|---|---|---|---|"
row "validate a chaturanga record of 10 M moves, --jobs 1" "the read+memchr floor" \
  "$build/tests/bench/line_floor" "$record" -- @GAMEREC@ validate --jobs 1 "$record"
row "replay --to 10000000 the same record (move by move, Game::read_move)" "" \
  -- @GAMEREC@ replay --to 10000000 "$record"
row "validate real chess games (TWIC 1599 x20, 20 MB), --jobs 1" "pgn-extract" \
  "$pgn_extract" -r -s --quiet "$real" -- @GAMEREC@ validate --jobs 1 "$real"
row "perft chess 6" "" -- @GAMEREC@ perft chess 6
WALL=1 row "validate the same games, --jobs 2 (wall)" "--jobs 1 of the new build" \
  "$new" validate --jobs 1 "$real" -- @GAMEREC@ validate --jobs 2 "$real"
WALL=1 row "validate 100,000 small records (--files-from), --jobs 2 (wall)" "" \
  -- @GAMEREC@ validate --quiet --jobs 2 --files-from "$records/list.txt"
row "validate 200 small records, one process each (start-up)" "" \
  -- sh -c "xargs -n1 @GAMEREC@ validate --quiet <'$data/start-up-list.txt' >/dev/null 2>&1; true"
