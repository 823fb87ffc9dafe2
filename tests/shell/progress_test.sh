# On a terminal, validate shows its progress on standard error (files,
# games, MB/s, the time left when the size is known) and solve its search
# (depth, nodes, time taken), redrawn in place and erased at the end; never
# on a pipe, with --quiet or under TERM=dumb.
source "$(dirname "$0")/lib.sh"
command -v script >/dev/null || skip "no script(1) to give gamerec a terminal"
cd "$scratch"
"$MAKE_PGN" 3000 big.pgn 7 >/dev/null
# A terminal: script(1) runs the command on a pseudo-terminal.
on_terminal() {  # ENV... -- ARGS...
  script -qec "env $* 2>&1 >/dev/null" /dev/null | tr -d '\000'
}
out=$(on_terminal TERM=xterm "$GAMEREC" validate --jobs 1 big.pgn)
[[ $out == *$'\r'*" MB/s"* ]] || fail "no progress line on a terminal: [$out]"
[[ $out == *"left"* ]] || fail "no time left for one plain file: [$out]"
[[ $out == *$'\r\e[K'* ]] || fail "the progress line is not erased: [$out]"
[[ $out == *"1 file: 1 valid, 0 invalid; 3000 games: 3000 valid, 0 invalid"* ]] || fail "summary: [$out]"
# The summary line is whole: the progress was erased before it.
summary_line=$(printf '%s' "$out" | tr '\r' '\n' | sed 's/\x1b\[K//g' | grep "1 file:")
[[ $summary_line == "1 file: 1 valid"* ]] || fail "the summary shares its line with progress: [$summary_line]"
out=$(on_terminal TERM=xterm "$GAMEREC" validate --jobs 2 big.pgn)
[[ $out == *" MB/s"* ]] || fail "no progress with --jobs 2: [$out]"
# A large archive among other files is checked whole by one job: the line
# counts its games as they are checked, not only once it is done.
for i in $(seq 1 20); do cat big.pgn; done > large.pgn
out=$(on_terminal TERM=xterm "$GAMEREC" validate --jobs 2 large.pgn big.pgn big.pgn)
[[ $'\n'${out//$'\r'/$'\n'} =~ $'\n'"0 of 3 files, "[1-9][0-9]*" games" ]] ||
  fail "no games counted while a large archive among others is checked: [$(printf '%s' "$out" | tail -c 300)]"
out=$(on_terminal TERM=xterm "$GAMEREC" validate --jobs 2 --quiet big.pgn)
[[ $out != *"MB/s"* ]] || fail "progress with --quiet"
out=$(on_terminal TERM=dumb "$GAMEREC" validate big.pgn)
[[ $out != *"MB/s"* ]] || fail "progress under TERM=dumb"
# A pipe: never.
# (What it writes is read to the end: a reader that left early would end
# the pipe, and pipefail would hide what it saw.)
out=$(TERM=xterm "$GAMEREC" validate big.pgn 2>&1 >/dev/null | cat)
[[ $out != *"MB/s"* ]] || fail "progress on a pipe"

# solve: the search under way, its nodes and the time taken, erased before
# the answer; the answer is the same as on a pipe.
out=$(on_terminal TERM=xterm "$GAMEREC" solve kalah --variant seeds=3)
[[ $out == *$'\r'"solving: search to "*" nodes, "* ]] || fail "no solve progress on a terminal: [$out]"
[[ $out == *$'\r\e[K' ]] || fail "the solve progress is not erased: [$out]"
out=$(on_terminal TERM=xterm "$GAMEREC" solve kalah --variant seeds=3 --quiet)
[[ $out != *"solving:"* ]] || fail "solve progress with --quiet"
out=$(on_terminal TERM=dumb "$GAMEREC" solve kalah --variant seeds=3)
[[ $out != *"solving:"* ]] || fail "solve progress under TERM=dumb"
out=$(TERM=xterm "$GAMEREC" solve kalah --variant seeds=3 2>&1 >/dev/null | cat)
[[ $out != *"solving:"* ]] || fail "solve progress on a pipe"
script -qec "env TERM=xterm $GAMEREC solve kalah --variant seeds=3 2>/dev/null" /dev/null | tr -d '\r' > tty.out
"$GAMEREC" solve kalah --variant seeds=3 > pipe.out
cmp -s tty.out pipe.out || fail "solve's answer differs on a terminal: $(diff tty.out pipe.out)"
echo "progress: ok"
