#!/usr/bin/env bash
# Planning benchmark (docs/benchmarks.md, "Planning a large batch"): how
# many chess games a core validates a second, on real games and on games
# as Lichess exports them, and what that means for the whole Lichess
# database (about 7 billion games) on 1, 64 and 1,000 cores. A benchmark,
# not a test: it prints figures and never fails on them.
#
#   tests/bench/planning_bench.sh [BUILD_DIR]      (default: build)
#
# Environment (optional):
#   GAMEREC_BENCH_DATA  where the inputs are made and kept
#                       (default ${TMPDIR:-/tmp}/gamerec-bench)
#   BENCH_RUNS          runs per timing, the least CPU time is kept (default 5)
#
# Inputs, made from tests/bench/data/twic1599-excerpt.pgn.zst (1,110 real
# over-the-board games) repeated to 20 MB:
#   real     the games as The Week in Chess publishes them;
#   lichess  the same games as Lichess exports its own: each move followed
#            by { [%eval E] [%clk H:MM:SS] }, movetext on one line
#            (tests/bench/lichess_style.awk; the clocks and evaluations are
#            made up, the moves are real);
# each plain and compressed with zstd (as Lichess publishes its database).
# Times are CPU seconds (user+sys) of `validate --jobs 1`, the least of the
# runs, in turns with `pgn-extract -r -s --quiet` on the plain files.
set -euo pipefail
export LC_ALL=C
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-build}
[[ $build = /* ]] || build=$repo/$build
data=${GAMEREC_BENCH_DATA:-${TMPDIR:-/tmp}/gamerec-bench}
runs=${BENCH_RUNS:-5}
# shellcheck source=tests/bench/bench_lib.sh
source "$repo/tests/bench/bench_lib.sh"
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[[ -x $pgn_extract ]] || die "pgn-extract is needed (apt-get install pgn-extract)"
command -v zstd >/dev/null || die "zstd is needed"
mkdir -p "$data"
bench_build gamerec
gamerec=$build/gamerec

real=$data/planning-real.pgn
lichess=$data/planning-lichess.pgn
if [[ ! -s $real.zst || ! -s $lichess.zst ]]; then
  say "== making the inputs in $data"
  zstd -q -dc "$repo/tests/bench/data/twic1599-excerpt.pgn.zst" >"$data/planning-once.pgn"
  : >"$real"
  while (($(stat -c %s "$real") < 20000000)); do cat "$data/planning-once.pgn" >>"$real"; done
  awk -f "$repo/tests/bench/lichess_style.awk" "$real" >"$lichess"
  zstd -q -f -19 "$real" -o "$real.zst"
  zstd -q -f -19 "$lichess" -o "$lichess.zst"
fi

# measure LABEL FILE [PLAIN]: gamerec's CPU time on FILE; against
# pgn-extract's on PLAIN when given. Prints a line and sets GAMES_PER_S.
measure() {
  local label=$1 file=$2 plain=${3:-} games bytes ours="" theirs=""
  games=$("$gamerec" validate --format json "$file" 2>/dev/null | wc -l)
  "$gamerec" validate --jobs 1 --quiet "$file" 2>/dev/null || die "validate found $file invalid"
  bytes=$(zstd -q -dc -f "$file" | wc -c)
  for ((run = 0; run < runs; run++)); do
    time_runs 1 "$gamerec" validate --jobs 1 "$file"
    ours=$(least "$ours" "$CPU")
    if [[ -n $plain ]]; then
      time_runs 1 "$pgn_extract" -r -s --quiet "$plain"
      theirs=$(least "$theirs" "$CPU")
    fi
  done
  GAMES_PER_S=$(calc %.0f "$games / $ours")
  awk -v l="$label" -v g="$games" -v b="$bytes" -v o="$ours" -v t="$theirs" 'BEGIN {
    printf "%-30s %6d games %5.1f MB  %5.3f s  %6.1f MB/s  %7.0f games/s", l, g, b / 1e6, o, b / o / 1e6, g / o;
    if (t != "") printf "  (pgn-extract %5.2f s: %.2fx)", t, t / o;
    printf "\n" }'
}

echo "validate --jobs 1, CPU time, least of $runs runs"
measure "real games" "$real" "$real"
measure "real games, .zst" "$real.zst"
measure "Lichess-style games" "$lichess" "$lichess"
measure "Lichess-style games, .zst" "$lichess.zst"
per_core=$GAMES_PER_S

# The whole Lichess database, about 7 billion games, at the last rate (a
# core's, Lichess-style games read from .zst), if every core kept it: the
# rate per core --jobs keeps on this machine is in jobs_bench.sh's figures.
echo
echo "The Lichess database (7,000,000,000 games) at $per_core games/s a core:"
for cores in 1 64 1000; do
  awk -v c="$cores" -v r="$per_core" 'BEGIN {
    s = 7e9 / (r * c);
    if (s >= 86400) t = sprintf("%.1f days", s / 86400);
    else if (s >= 3600) t = sprintf("%.1f hours", s / 3600);
    else t = sprintf("%.0f minutes", s / 60);
    printf "  %5d cores: %s\n", c, t }'
done
