#!/usr/bin/env bash
# Chess strength benchmark: gamerec's chess levels on one Elo scale, that of
# Stockfish at its lowest skill level (docs/benchmarks.md, "Chess strength").
# A benchmark, not a test: it prints figures and never fails on them (it
# stops only if a tool is missing or the build fails).
#
#   tests/bench/chess_strength.sh [BUILD_DIR]     (default: build, under the repo)
#
# Environment (all optional):
#   STRENGTH_LEVELS     gamerec's levels to place (default "1 2 3 4 5")
#   STRENGTH_SKILLS     Stockfish skill levels besides the anchor, 0 (default "3")
#   STRENGTH_ROUNDS     rounds of the gauntlet: each entrant plays the anchor
#                       2 x ROUNDS games, once with each colour a round (default 10)
#   STRENGTH_MOVETIME   time per move in ms for every player (default 100)
#   STRENGTH_CONCURRENCY games at once (default 1: on a shared machine more
#                       games at once give each player less of a processor)
#
# What it prints: `gamerec tourney chess --gauntlet` with Stockfish at Skill
# Level 0 first (the anchor) against each level and each other skill level,
# every player given the same time per move (gamerec's --movetime,
# Stockfish's movetime=), Threads 1 and Hash 16. In a gauntlet every other
# entrant plays the anchor alone, so its row's Elo difference, 95% interval
# and LOS (cutechess-cli's model, gamerec(1) tourney) are its place on the
# anchor's scale; the anchor's own row is its result against the field.
set -euo pipefail
export LC_ALL=C

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-build}
[[ $build = /* ]] || build=$repo/$build
levels=${STRENGTH_LEVELS:-1 2 3 4 5}
skills=${STRENGTH_SKILLS:-3}
rounds=${STRENGTH_ROUNDS:-10}
movetime=${STRENGTH_MOVETIME:-100}
concurrency=${STRENGTH_CONCURRENCY:-1}
stockfish=/usr/games/stockfish

# shellcheck source=tests/bench/bench_lib.sh
source "$repo/tests/bench/bench_lib.sh"
[[ -x $stockfish ]] || die "no $stockfish (.ci/setup installs it)"
bench_build gamerec
gamerec=$build/gamerec

engine() {  # engine SKILL: the entrant spec of Stockfish at that skill level
  printf 'uci:%s;movetime=%s;option.Threads=1;option.Hash=16;option.Skill Level=%s;name=Stockfish skill %s' \
    "$stockfish" "$movetime" "$1" "$1"
}
players=$(engine 0)
for level in $levels; do players+=",$level"; done
for skill in $skills; do players+=",$(engine "$skill")"; done

say "== gauntlet: Stockfish skill 0 against levels $levels and skills $skills," \
  "$rounds rounds, ${movetime} ms a move, $concurrency at once"
started=$EPOCHREALTIME
"$gamerec" tourney chess --gauntlet --rounds "$rounds" --players "$players" --movetime "$movetime" \
  --concurrency "$concurrency" --seed 1 --max-moves 400
ended=$EPOCHREALTIME
say "== $(calc '%.0f' "$ended - $started") s of wall clock; $(date -u +%Y-%m-%d)"
