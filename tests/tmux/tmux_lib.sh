# shellcheck shell=bash
# shellcheck disable=SC2317,SC2120  # run through wait_for and trap; screen -e is for callers
# What the tmux tests share: a tmux server on a socket of their own, a work
# directory, both removed on exit, and the helpers that read the screen.
# Sourced after the script has checked its arguments; `current` names the
# tmux session under test, `failures` counts the checks that failed.

socket=gamerec-test-$$
work=$(mktemp -d "${TMPDIR:-/tmp}/gamerec-tmux.XXXXXX")
timeout_seconds=${GAMEREC_TMUX_TIMEOUT:-15}
failures=0
current=

tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() {
  tmux_ kill-server >/dev/null 2>&1
  # kill-server leaves the socket file behind.
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
unset TMUX TMUX_PANE  # we may run inside someone's tmux

fail() {
  echo "FAIL [$current]: $*"
  failures=$((failures + 1))
}

# The whole pane, scrollback included, without trailing blanks (-J keeps
# them); -e keeps the colour escapes.
screen() { tmux_ capture-pane -p -J -S - -t "$current" "$@" 2>/dev/null | sed 's/[[:space:]]*$//'; }
screen_has() { screen | grep -Eq -- "$1"; }
exited() { screen_has '^\[gamerec exited [0-9]+\]$'; }

# wait_for DESCRIPTION COMMAND...: polls until COMMAND succeeds, or gives up
# after $timeout_seconds and prints the screen.
wait_for() {
  local description=$1
  shift
  local deadline=$((SECONDS + timeout_seconds))
  while ! "$@"; do
    if [ "$SECONDS" -ge "$deadline" ] || { [ "$1" != exited ] && exited; }; then
      fail "gave up waiting for: $description"
      echo "----- screen -----"
      screen
      echo "------------------"
      return 1
    fi
    sleep 0.05
  done
  return 0
}
