# Every command that reads a record ends within a second of SIGINT,
# SIGTERM or SIGHUP, whatever it is reading: /dev/zero, a FIFO nobody
# writes to, standard input that stays silent, a comment that never ends.
# validate ends with status 128 + the signal and a whole last line, and
# convert leaves no file behind.
source "$(dirname "$0")/lib.sh"
cd "$scratch"
set -m  # each command its own process group, as at a terminal: SIGINT is not ignored

mkfifo silent.fifo
ln -s /dev/zero zero.pgn
endless_comment() { printf '[Event "x"]\n\n1. e4 e5 {'; yes 'a comment that goes on'; }
valid_games() { cat "$SRC"/samples/chess/valid/*.pgn; }
# validate's reports that never end: what summarize reads, never refuses.
"$GAMEREC" validate --format json --game chess "$SRC"/samples/chess/valid/few-games.pgn | head -1 > report.jsonl
endless_reports() { yes "$(cat report.jsonl)"; }

# ends_soon SIGNAL WHAT CMD...: runs CMD (a shell command line) in the
# background, sends SIGNAL to its process group once it is reading, and
# requires it to end within a second; its status goes to status.txt.
ends_soon() {
  local signal=$1 what=$2 command=$3 pid i
  bash -c "$command" > out.txt 2> err.txt &
  pid=$!
  sleep 0.3
  kill -s "$signal" -- -"$pid" 2>/dev/null || fail "$what: ended before the signal: $(head -c 300 err.txt)"
  for i in $(seq 10); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -s KILL -- -"$pid"
    wait "$pid" 2>/dev/null || true
    fail "$what: still running a second after SIG$signal"
  fi
  local status=0
  wait "$pid" || status=$?
  echo "$status" > status.txt
}

declare -A number=([INT]=2 [TERM]=15 [HUP]=1)
for signal in INT TERM HUP; do
  expected=$((128 + ${number[$signal]}))
  for jobs in 1 2 3; do
    for input in "zero.pgn" "silent.fifo" "- < <(sleep 30)" "- < <(endless_comment)" \
                 "silent.fifo zero.pgn -  < <(valid_games; sleep 30)"; do
      what="validate --jobs $jobs $input (SIG$signal)"
      ends_soon "$signal" "$what" \
        "$(declare -f endless_comment valid_games); SRC='$SRC' exec '$GAMEREC' validate --game chess --jobs $jobs $input"
      expect_equal "$what: status" "$expected" "$(cat status.txt)"
      if [ -s out.txt ] && [ "$(tail -c 1 out.txt | od -An -c | tr -d ' ')" != '\n' ]; then
        fail "$what: the output ends in the middle of a line"
      fi
    done
  done
  # The other commands that read a record: they end (by the signal itself
  # or by noticing it), and convert leaves nothing behind.
  for command in "replay --game chess" "replay --step --game chess" "convert --game chess --to pgn" \
                 "convert --game chess" "summarize"; do
    inputs=("silent.fifo" "- < <(sleep 30)" "- < <(endless_comment)")
    # summarize refuses a PGN comment at once: it reads reports that never end.
    [[ $command == summarize ]] && inputs=("silent.fifo" "- < <(sleep 30)" "- < <(endless_reports)")
    # --step reads its keys from standard input: its record cannot come from there.
    [[ $command == *--step* ]] && inputs=("silent.fifo")
    for input in "${inputs[@]}"; do
      out=""
      [[ $command == convert* ]] && out=converted.html  # a replay page
      [[ $command == *--to\ pgn* ]] && out=converted.pgn
      what="$command $input (SIG$signal)"
      ends_soon "$signal" "$what" "$(declare -f endless_comment endless_reports); exec '$GAMEREC' $command $input $out"
      [ "$(cat status.txt)" -gt 128 ] || fail "$what: status $(cat status.txt)"
      leftovers=$(find . -name 'converted*')
      [ -z "$leftovers" ] || fail "$what: left $leftovers"
    done
  done
done
