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

# start_gamerec NAME HEIGHT SETUP ARGS...: a session NAME running gamerec
# ARGS in $work/NAME, after the shell line SETUP (may be empty). The pane's
# stty settings are saved before and after gamerec, and its exit status
# printed. The shell ignores SIGINT (gamerec sets its own handler): it goes
# on after gamerec to save the settings. Needs $gamerec; with
# gamerec_stderr=FILE (set for the call) gamerec's stderr goes to FILE.
start_gamerec() {
  current=$1
  local height=$2 setup=$3
  shift 3
  dir=$work/$current
  mkdir -p "$dir"
  local command="trap '' INT; ${setup:+$setup; }stty -g >before; $(printf '%q' "$gamerec")"
  local arg
  for arg in "$@"; do command+=" $(printf '%q' "$arg")"; done
  [ -n "${gamerec_stderr:-}" ] && command+=" 2>$(printf '%q' "$gamerec_stderr")"
  command+="; status=\$?; stty -g >after; echo \"[gamerec exited \$status]\"; exec sleep 600"
  if ! tmux_ new-session -d -s "$current" -x 100 -y "$height" -c "$dir" "$command"; then
    fail "tmux new-session failed"
    return 1
  fi
}

# exited_with STATUS: gamerec exited with STATUS and left the terminal as it
# was (start_gamerec saved its settings).
exited_with() {
  wait_for "gamerec to exit" exited || return 1
  screen_has "^\\[gamerec exited $1\\]$" || fail "exit status is not $1: $(screen | grep 'gamerec exited')"
  cmp -s "$dir/before" "$dir/after" ||
    fail "the terminal was not restored: stty -g was $(cat "$dir/before"), is $(cat "$dir/after")"
}
