#!/usr/bin/env bash
# Kalah benchmark: the computer levels' strength and the exact solver's
# speed (docs/benchmarks.md). A benchmark, not a test: it prints figures and never fails
# on them (it stops only if a tool is missing or a build fails).
#
#   tests/bench/kalah_bench.sh [BUILD_DIR]        (default: build, under the repo)
#
# Environment (all optional):
#   KALAH_GAMES       games per tourney (default 200)
#   KALAH_MOVETIME    level 7's time per move in ms in its tourney (default 50)
#   KALAH_SOLVE       which solves: "3 4" (default), "3 4 5" adds Kalah(6,5)
#   KALAH_BOUNDS      Kalah(6,5)'s time limit in seconds of wall clock
#                     (default 600): its MTD(f) tests are run one by one and
#                     each bound is printed as it is proven
#   KALAH_BASELINE    0 to skip the baseline solve of Kalah(6,3) (no endgame table)
#   KALAH_PERFECT     games for the perfect North against level 5 (default
#                     100, about a minute of CPU; 0 to skip)
#   KALAH_HARDEST     games for the same with --hardest, its tie-break
#                     (default 0: it solves every move's replies too, about
#                     a minute a game at first)
#   KALAH_CEILING     chances to test for the best reply to level 5
#                     (kalah_ceiling_bench), e.g. "0.95" (default: none; it
#                     takes 8 GB of memory and about 5 minutes a test)
#
# What it prints:
#   1. strength: `gamerec tourney kalah --players 5,1` and `--players 7,5`,
#      seats alternating; the first player's share of the games won (the
#      issue asks for at least 80% and 95%), with level 1 against itself as
#      the baseline (about 50% of the decided games).
#   2. what perfect play gets against level 5: a perfect North (every move
#      solved exactly) against level 5 as South, and with KALAH_HARDEST the
#      same with a tie-break among equal moves (the one that leaves the
#      opponent the fewest good replies): how often perfect play wins the
#      games level 7 plays; with KALAH_CEILING, whether any North, one
#      that knows level 5's rules and plays the best reply to them, wins at
#      least that share of the games.
#   3. the solver: time, nodes and nodes per second to solve the start of
#      Kalah(6,3) and Kalah(6,4) under both capture rules, with the values
#      published for the first player (Kalah(6,4): +8 with the default rule,
#      +10 with captures from an empty opposite pit), and for Kalah(6,3) the
#      same search without its endgame table as the baseline (a time ratio).
#   4. with 5 in KALAH_SOLVE: Kalah(6,5)'s proven bounds, test by test, and
#      the window its value is known to lie in when the time runs out.
set -euo pipefail
export LC_ALL=C

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-build}
[[ $build = /* ]] || build=$repo/$build
games=${KALAH_GAMES:-200}
movetime=${KALAH_MOVETIME:-50}
solves=${KALAH_SOLVE:-3 4}
baseline=${KALAH_BASELINE:-1}
bounds=${KALAH_BOUNDS:-600}
perfect_games=${KALAH_PERFECT:-100}
hardest_games=${KALAH_HARDEST:-0}
ceiling=${KALAH_CEILING:-}

# shellcheck source=tests/bench/bench_lib.sh
source "$repo/tests/bench/bench_lib.sh"

bench_build gamerec kalah_solve_bench kalah_perfect_bench kalah_ceiling_bench
gamerec=$build/gamerec
solve_bench=$build/tests/bench/kalah_solve_bench
perfect_bench=$build/tests/bench/kalah_perfect_bench
ceiling_bench=$build/tests/bench/kalah_ceiling_bench
[[ -x $solve_bench && -x $perfect_bench && -x $ceiling_bench ]] ||
  die "missing $solve_bench, $perfect_bench or $ceiling_bench"

# tourney A,B: prints "A: W wins, L losses, D draws of N (P% of all games),
# average margin M" from gamerec's table.
tourney() {
  local first=$1 second=$2 extra=${3:-}
  local started ended
  started=$(date +%s.%N)
  # shellcheck disable=SC2086 # extra is a list of options
  "$gamerec" tourney kalah --players "$first,$second" --games "$games" --seed 1 $extra >"$tmp/tourney.txt"
  ended=$(date +%s.%N)
  awk -v first="$first" -v second="$second" -v seconds="$(echo "$ended - $started" | bc)" '
    NR == 2 { games = $2; wins = $3; losses = $4; draws = $5; margin = $7 }
    END {
      printf "  level %s vs level %s: %d wins, %d losses, %d draws of %d: %.1f%% of all games won, average margin %s (%.0f s)\n",
        first, second, wins, losses, draws, games, 100 * wins / games, margin, seconds
    }' "$tmp/tourney.txt"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== strength: $games games per pairing, seats alternating, --seed 1"
tourney 1 1
tourney 5 1
tourney 7 5 "--movetime $movetime"
echo "   (level 7 at --movetime $movetime ms per move)"

if [[ $perfect_games != 0 ]]; then
  echo "== perfect play: a perfect North against level 5, $perfect_games games"
  "$perfect_bench" "$perfect_games" 5 | tail -1
fi
if [[ $hardest_games != 0 ]]; then
  "$perfect_bench" "$hardest_games" 5 --hardest | tail -1
fi
if [[ -n $ceiling ]]; then
  echo "== the best reply to level 5: a North that knows its rules"
  # shellcheck disable=SC2086 # ceiling is a list of chances
  "$ceiling_bench" --check 200 $ceiling
fi

echo "== the exact solver: start positions, one core"
for seeds in $solves; do
  for rule in opposite empty; do
    if [[ $seeds == 3 && $baseline != 0 ]]; then
      "$solve_bench" "$seeds" "$rule" --baseline
    elif [[ $seeds == 5 ]]; then
      "$solve_bench" "$seeds" "$rule" --bounds "$bounds"
    else
      "$solve_bench" "$seeds" "$rule"
    fi
  done
done
