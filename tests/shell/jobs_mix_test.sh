# validate --jobs N prints, byte for byte, what --jobs 1 prints (standard
# output, standard error, exit status) on every mix of input shapes, in
# every order, at every N from 2 to 8: a PGN archive large enough to be cut
# into parts, small records around a long move list (one game, never
# cut), a FIFO and standard input (both pipes, one of them compressed). With fewer records than jobs they are cut into
# parts; with more, each job takes whole records.
source "$(dirname "$0")/lib.sh"
cd "$scratch"

"$MAKE_PGN" 800 big.pgn 11 >/dev/null
[ "$(stat -c %s big.pgn)" -gt 1100000 ] || fail "make_pgn wrote less than a part (1 MB)"
"$MAKE_PGN" 100 stdin.pgn 13 >/dev/null
gzip -1 -c stdin.pgn > stdin.pgn.gz
# Long chaturanga games that go round in circles (valid: no repetition
# rule); the first ends with a knight move that is not a move of the
# position. A move list is never cut: the reader hands it over as one part
# that goes on reading from the file it opened.
cycle() { for ((i = 0; i < $1; i++)); do printf '1B-3A\n2H-3F\n8G-6H\n7A-6C\n3A-1B\n3F-2H\n6H-8G\n6C-7A\n'; done; }
{ cycle 2500; printf '1B-3A\n2H-3F\n8G-6H\n7A-6C\n3A-1B\n3F-2H\n8G-6H\n'; } > long.cht
cycle 1500 > fifo.cht
cp "$SRC/samples/kalah/valid/three-seeds.kalah" small.kalah
cp "$SRC/samples/chess/invalid/ambiguous.chess" small.chess
mkfifo fifo

# The arguments for one order of the kinds (letters): A the archive, S the
# records (small ones around a long game), F the FIFO, I standard input.
args_of() {
  local order=$1 i
  args=()
  for ((i = 0; i < ${#order}; i++)); do
    case ${order:i:1} in
      A) args+=(big.pgn) ;;
      S) args+=(small.kalah long.cht small.chess) ;;
      F) args+=(fifo) ;;
      I) args+=(-) ;;
    esac
  done
}

# run ORDER JOBS OUT: validate with the order's arguments, its FIFO fed and
# its standard input piped; OUT.out, OUT.err, OUT.status.
run() {
  local order=$1 jobs=$2 out=$3 status=0 writer=""
  args_of "$order"
  if [[ $order == *F* ]]; then
    cat fifo.cht > fifo &
    writer=$!
  fi
  if [[ $order == *I* ]]; then
    cat stdin.pgn.gz | "$GAMEREC" validate --jobs "$jobs" "${args[@]}" >"$out.out" 2>"$out.err" || status=$?
  else
    "$GAMEREC" validate --jobs "$jobs" "${args[@]}" >"$out.out" 2>"$out.err" </dev/null || status=$?
  fi
  if [ -n "$writer" ]; then
    # The FIFO was read to its end: its writer is done.
    wait "$writer" || fail "$order --jobs $jobs: the FIFO's writer failed"
  fi
  echo "$status" > "$out.status"
}

# Every order of the four kinds (24), and of every two of them (12).
permutations() {  # PREFIX REST
  local prefix=$1 rest=$2 i
  if [ -z "$rest" ]; then echo "$prefix"; return; fi
  for ((i = 0; i < ${#rest}; i++)); do permutations "$prefix${rest:i:1}" "${rest:0:i}${rest:i+1}"; done
}
orders=$(permutations "" ASFI)
for a in A S F I; do for b in A S F I; do [ "$a" = "$b" ] || orders+=$'\n'"$a$b"; done; done

compared=0
while read -r order; do
  run "$order" 1 one
  if [[ $order == *S* ]]; then
    grep -q "^long.cht:20007:1: error\[" one.out || fail "$order --jobs 1: the long game's error: $(head -c 300 one.out)"
  fi
  for jobs in 2 3 4 5 6 7 8; do
    run "$order" "$jobs" many
    for part in out err status; do
      cmp -s "one.$part" "many.$part" ||
        { diff "one.$part" "many.$part" | head -n 5; fail "$order --jobs $jobs: $part differs from --jobs 1"; }
    done
    compared=$((compared + 1))
  done
done <<< "$orders"
expect_equal "orders and job counts compared" $((36 * 7)) "$compared"

# Under a limit on the address space (ulimit -v), --jobs runs as many jobs
# as fit, down to one, and prints the same; it never aborts for memory.
# Not under a sanitizer, which reserves terabytes of address space.
if sanitizer_build; then
  echo "skipped: --jobs under ulimit -v (a sanitizer build reserves more address space than any limit)"
else
  "$MAKE_PGN" 6500 nine.pgn 5 >/dev/null
  [ "$(stat -c %s nine.pgn)" -gt 9000000 ] || fail "make_pgn wrote less than 9 MB"
  status1=0
  "$GAMEREC" validate --jobs 1 nine.pgn small.chess > one.out 2> one.err || status1=$?
  for limit in 150000 200000 300000 600000; do
    for jobs in 2 8; do
      status=0
      (ulimit -v $limit && exec "$GAMEREC" validate --jobs $jobs nine.pgn small.chess) > many.out 2> many.err || status=$?
      expect_equal "ulimit -v $limit, --jobs $jobs: status ($(tail -c 200 many.err))" "$status1" "$status"
      cmp -s one.out many.out || fail "ulimit -v $limit, --jobs $jobs: standard output differs"
      cmp -s one.err many.err || fail "ulimit -v $limit, --jobs $jobs: standard error differs"
    done
  done
fi
