#!/usr/bin/env bash
# shellcheck disable=SC2317  # functions run through wait_for and trap
# Cursor play for gomoku in a real terminal: a detached tmux session on its
# own server socket, keys sent with send-keys, the screen read with
# capture-pane. Checks that the arrow keys and w/a/s/d move the cursor,
# Space and Enter place a stone there, a typed move still works, and that
# the terminal's settings (stty -g) are the same after gamerec as before it
# whichever way the session ends: Q, Ctrl-C, SIGTERM, the end of input.
#
#   gomoku_cursor_tmux.sh GAMEREC
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
if [ ! -x "$gamerec" ]; then
  echo "$0: no executable $1" >&2
  exit 2
fi

# shellcheck source=tests/tmux/tmux_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_lib.sh"

# The visible pane only: what a redraw in place leaves on the screen.
visible() { tmux_ capture-pane -p -J -t "$current" 2>/dev/null | sed 's/[[:space:]]*$//'; }
visible_has() { visible | grep -Eq -- "$1"; }

# The cursor's help line names the point it is on, and the prompt follows.
cursor_on() { visible | grep -Eq "^Cursor on $1: " && [ "$(visible | grep -v '^$' | tail -n 1)" = "$2>" ]; }
keys() { tmux_ send-keys -t "$current" "$@"; }
# The moves of the record, after its header, on one line.
moves() { awk 'seen == 2 { printf "%s ", $0 } /^---$/ { seen++ }' "$dir/game.gomoku"; }
record_is() { [ "$(moves)" = "$1" ]; }

# start NAME: a new 9x9 game in game.gomoku; the pane's stty settings are
# saved before and after gamerec, and its exit status printed.
start() { start_gamerec "$1" 40 "unset NO_COLOR" play --variant size=9 game.gomoku; }

# finish NAME STATUS: gamerec exited with STATUS and left the terminal as it was.
finish() {
  exited_with "$1" || return
  screen_has '^Game session ended$' || fail "no 'Game session ended'"
  tmux_ kill-session -t "$current" >/dev/null 2>&1
}

# Moves with the cursor and typed, then Q.
start keys || exit 1
wait_for "Black's cursor in the centre" cursor_on E5 'Black' || exit 1
visible_has '^5 +\. +\. +\. +\. +\[\.\] +\. +\. +\. +\. +5$' || fail "the cursor is not drawn as [.] on E5"
keys Space
wait_for "White's cursor after E5" cursor_on E5 'White' || exit 1
record_is "E5 " || fail "Space did not play E5: $(moves)"
keys Left Left Up
wait_for "White's cursor on C6" cursor_on C6 'White' || exit 1
keys Enter
wait_for "Black's cursor after C6" cursor_on E5 'Black' || exit 1
keys w d d
wait_for "Black's cursor on G6" cursor_on G6 'Black' || exit 1
keys Space
wait_for "White's turn after G6" cursor_on C6 'White' || exit 1
# A board is drawn again in place after each key: the whole pane, its
# scrollback included, holds one cursor line per turn (four so far),
# however many keys moved the cursor.
[ "$(screen | grep -c '^Cursor on ')" -eq 4 ] ||
  fail "the cursor's board is not redrawn in place: $(screen | grep -c '^Cursor on ') cursor lines"
# One board per turn: the session shows only the status line before a
# cursor's turn, so the board is not drawn once more above the cursor's.
[ "$(screen | grep -c '^9 ')" -eq 4 ] ||
  fail "the board is drawn more than once per turn: $(screen | grep -c '^9 ') boards for 4 turns"
# A capital letter is no direction: it starts a typed move.
keys -l 'A1'
keys Enter
wait_for "Black's turn after the typed A1" cursor_on G6 'Black' || exit 1
record_is "E5 C6 G6 A1 " || fail "the record is not E5 C6 G6 A1: $(moves)"
# An occupied point is refused and the cursor comes back.
keys a a s Space
wait_for "the occupied point refused" screen_has '^E5: that point already holds a stone' || exit 1
wait_for "Black's cursor again" cursor_on E5 'Black' || exit 1
keys -l 'q'
keys Enter
finish 0
record_is "E5 C6 G6 A1 " || fail "Q changed the record: $(moves)"

# Ctrl-C while waiting for a key.
start ctrl-c || exit 1
wait_for "Black's cursor" cursor_on E5 'Black' || exit 1
keys C-c
finish 130

# SIGTERM while waiting for a key, half-way through a typed move.
start sigterm || exit 1
wait_for "Black's cursor" cursor_on E5 'Black' || exit 1
keys -l 'E'
sleep 0.2
shell_pid=$(tmux_ display-message -p -t "$current" '#{pane_pid}')
gamerec_pid=$(ps -o pid= --ppid "$shell_pid" | head -n 1 | tr -d ' ')
if [ -n "$gamerec_pid" ]; then
  kill -TERM "$gamerec_pid"
  finish 143
else
  fail "no gamerec process under the pane's shell"
fi

# The end of input (Ctrl-D) ends the session like Q.
start eof || exit 1
wait_for "Black's cursor" cursor_on E5 'Black' || exit 1
keys C-d
finish 0

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "gomoku cursor play under tmux: all checks passed"
exit 0
