#!/usr/bin/env bash
# shellcheck disable=SC2317  # functions run through wait_for and trap
# tourney's progress line in a real terminal (gamerec(1), tourney): one line
# on standard error, rewritten after each game, left showing the last
# game's count and the first entrant's points and Elo, which must be the
# table's; under --sprt the LLR first, which must be the verdict's.
#
#   tourney_progress_tmux.sh GAMEREC
#
# Exit 77 (skipped) where tmux is absent.
set -u

if [ $# -ne 1 ]; then
  echo "usage: $0 GAMEREC" >&2
  exit 2
fi
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed"
  exit 77
fi
gamerec=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

# shellcheck source=tests/tmux/tmux_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_lib.sh"

# The table's row for entrant 3: "3  GAMES  WINS  LOSSES  DRAWS  POINTS  ELO  +/-  LOS ..."
row_of_3() { screen | grep -E '^3 +[0-9]+ ' | head -n 1; }

start_gamerec plain 40 "" tourney kalah --players 3,1 --games 30 --seed 2
exited_with 0
progress=$(screen | grep -E '^game [0-9]+ of at most')
[ "$(printf '%s\n' "$progress" | grep -c .)" -eq 1 ] ||
  fail "not one progress line, rewritten in place: $progress"
read -r _ games _ _ _ points elo margin _ <<<"$(row_of_3)"
expected="game 30 of at most 30, 3: $points/$games, Elo $elo +/- $margin"
[ "$progress" = "$expected" ] || fail "progress line '$progress', the table says '$expected'"

start_gamerec sprt 40 "" tourney kalah --players 3,1 --sprt elo0=0 elo1=200 model=logistic
exited_with 0
progress=$(screen | grep -E '^game [0-9]+, LLR')
llr=$(screen | sed -nE 's/.*: LLR (-?[0-9.]+) \(bounds.*/\1/p')
total=$(screen | sed -nE 's/^([0-9]+) games, .*/\1/p')
read -r _ games _ _ _ points elo margin _ <<<"$(row_of_3)"
expected="game $total, LLR $llr (-2.94, 2.94), 3: $points/$games, Elo $elo +/- $margin"
[ -n "$llr" ] && [ "$progress" = "$expected" ] || fail "progress line '$progress', the results say '$expected'"

[ "$failures" -eq 0 ] || exit 1
echo "tourney's progress line: all checks passed"
