#!/usr/bin/env bash
# shellcheck disable=SC2317  # functions run through wait_for and trap
# replay --step in a real terminal: a detached tmux session on its own
# server socket, keys sent with send-keys, the screen read with
# capture-pane. Checks that Enter, Right and n show the next position, Left
# and p the one before, a number and Enter jumps to that move, a number
# past the end is refused, q quits, and that the terminal's settings
# (stty -g) are the same after gamerec as before it whichever way it ends:
# q, Enter after the last move, Ctrl-C, SIGTERM, the end of input.
#
#   replay_step_tmux.sh GAMEREC RECORD INVALID_RECORD
#
# RECORD: a valid record of more than 12 moves; INVALID_RECORD: one with an
# error after its first move. Exit 77 (skipped) where tmux is absent.
set -u

if [ $# -ne 3 ]; then
  echo "usage: $0 GAMEREC RECORD INVALID_RECORD" >&2
  exit 2
fi
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed"
  exit 77
fi
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
gamerec=$(abs "$1")
record=$(abs "$2")
invalid=$(abs "$3")

# shellcheck source=tests/tmux/tmux_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_lib.sh"

keys() { tmux_ send-keys -t "$current" "$@"; }
# The heading of the position shown last: "Start" or "Move N: ...".
shown() { screen | grep -E '^(Start|Move [0-9]+:)' | tail -n 1; }
# shows N: the position after move N (0: the start) is the last one shown,
# and the keys' line follows it, waiting.
shows() {
  local heading='Start'
  [ "$1" -eq 0 ] || heading="Move $1:"
  [[ $(shown) == "$heading"* ]] && [[ $(screen | grep -v '^$' | tail -n 1) == '[Enter, Right or n: next;'* ]]
}
step() {
  local what=$1 expected=$2
  shift 2
  keys "$@"
  wait_for "$what to show move $expected (shown: $(shown))" shows "$expected"
}

# start NAME FILE: replay --step FILE; the pane's stty settings are saved
# before and after gamerec, and its exit status printed.
start() { gamerec_stderr=errors start_gamerec "$1" 50 "" replay --step "$2"; }

# finish STATUS: gamerec exited with STATUS and left the terminal as it was.
finish() {
  exited_with "$1" || return
  tmux_ kill-session -t "$current" >/dev/null 2>&1
}

# Every key, then q.
start keys "$record" || exit 1
wait_for "the start" shows 0 || exit 1
step "Enter" 1 Enter
step "Right" 2 Right
step "n" 3 -l n
step "Left" 2 Left
step "p" 1 -l p
step "12 and Enter" 12 -l 12 \; send-keys -t "$current" Enter
step "Right after a jump" 13 Right
# A number past the end is refused; the position stays.
keys -l 9999
keys Enter
wait_for "a number past the end refused" screen_has 'there is no move 9999' || exit 1
wait_for "move 13 still shown" shows 13 || exit 1
step "0 and Enter" 0 -l 0 \; send-keys -t "$current" Enter
step "Left at the start" 0 Left
keys -l q
finish 0

# Enter after the last move ends the replay.
start end "$record" || exit 1
wait_for "the start" shows 0 || exit 1
last=$("$gamerec" replay "$record" | grep -cE '^Move [0-9]+:')
step "a jump to the end" "$last" -l "$last" \; send-keys -t "$current" Enter
keys Enter
finish 0

# Ctrl-C, SIGTERM and the end of input (Ctrl-D), each while waiting for a key.
start ctrl-c "$record" || exit 1
wait_for "the start" shows 0 || exit 1
keys C-c
finish 130

start sigterm "$record" || exit 1
wait_for "the start" shows 0 || exit 1
keys -l 1
sleep 0.2
shell_pid=$(tmux_ display-message -p -t "$current" '#{pane_pid}')
gamerec_pid=$(ps -o pid= --ppid "$shell_pid" | head -n 1 | tr -d ' ')
if [ -n "$gamerec_pid" ]; then
  kill -TERM "$gamerec_pid"
  finish 143
else
  fail "no gamerec process under the pane's shell"
fi

start eof "$record" || exit 1
wait_for "the start" shows 0 || exit 1
keys C-d
finish 0

# An invalid record: its good moves are stepped through; its error goes to
# standard error when the replay ends, with status 1.
start invalid "$invalid" || exit 1
wait_for "the start" shows 0 || exit 1
step "Enter" 1 Enter
keys -l q
finish 1
grep -q 'error\[' "$dir/errors" || fail "no error on standard error: $(cat "$dir/errors")"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "replay --step under tmux: all checks passed"
exit 0
