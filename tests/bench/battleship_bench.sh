#!/usr/bin/env bash
# Strength of battleship's computer players (a benchmark, not a test: it
# prints figures and never fails on them).
#
#   tests/bench/battleship_bench.sh [BUILD_DIR] [-- BENCH_ARGS...]
#
# Builds battleship_bench in BUILD_DIR (default: build) and runs it: each
# player (random, hunter, density, sampler) shoots at the same GAMES random
# legal fleets of the default rules (10x10, 4,3,3,2,2,2,1,1,1,1), placed as
# the computer players place theirs, until the whole fleet is sunk. It
# prints the mean, median, 95th percentile and worst number of shots, each
# mean as a ratio to random's (the baseline, whose expected value has a
# closed form: 20*101/21 = 96.19), the misses by phase, and head-to-head
# counts on the same fleets (who needed fewer shots, and the mean paired
# difference in shots with its 95% confidence interval, both players
# shooting at each fleet).
#
# Environment: BENCH_GAMES (default 10000), BENCH_SEED (default 1),
# BENCH_SAMPLER_GAMES (default: all the fleets; the sampler takes about
# 40 ms a game here, six minutes for 10,000, so a smaller number makes a
# quick run: it then shoots at the first that many fleets only, its mean
# comes with a wider confidence interval, and its head-to-heads use those
# fleets). Extra
# arguments after -- go to the program, e.g. -- --players density,sampler
# or -- --variant ships=5,4,3,3,2 (the closed form then changes with it).
#
# BENCH_OPTIMAL=1 runs battleship_optimal_bench instead, on the small boards
# where the best possible shooter can be computed exactly (about 6 minutes
# and 1.8 GB): the optimum, the sampler's rule with exact chances, and one
# step of policy improvement over that rule; on three 5x5 boards, where the
# optimum is out of reach, the rules alone.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=build
if [[ $# -gt 0 && $1 != -- ]]; then
  build=$1
  shift
fi
[[ ${1-} == -- ]] && shift
[[ $build = /* ]] || build=$repo/$build
if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
if [[ ${BENCH_OPTIMAL:-0} == 1 ]]; then
  cmake --build "$build" -j2 --target battleship_optimal_bench >/dev/null
  for board in "4 4 2,1" "4 4 3,1" "4 4 2,2" "4 4 3,2" "4 4 2,1,1" "5 4 2,1" "5 4 3,1" "5 4 2,2"; do
    # shellcheck disable=SC2086 # width, height and fleet are three arguments
    "$build/tests/bench/battleship_optimal_bench" $board
  done
  for board in "5 5 2,1" "5 5 3,1" "5 5 2,1,1"; do
    # shellcheck disable=SC2086 # width, height and fleet are three arguments
    "$build/tests/bench/battleship_optimal_bench" $board --no-optimum
  done
  exit 0
fi
cmake --build "$build" -j2 --target battleship_bench >/dev/null
exec "$build/tests/bench/battleship_bench" --games "${BENCH_GAMES:-10000}" --seed "${BENCH_SEED:-1}" \
  --sampler-games "${BENCH_SAMPLER_GAMES:-${BENCH_GAMES:-10000}}" "$@"
