# The recipe of gamerec(1), ACROSS MACHINES: GNU parallel spreads a list
# of archives over the hosts of --sshloginfile, each writing JSON Lines,
# and `gamerec summarize` merges them into the summary line and exit
# status of one `validate --jobs 1` run over all the files. Here the hosts
# are job slots on this machine (":" in the login file).
source "$(dirname "$0")/lib.sh"
command -v parallel >/dev/null || skip "GNU parallel is not installed (.ci/setup installs it)"
parallel --version 2>/dev/null | grep -q "GNU parallel" || skip "parallel is not GNU parallel"
cd "$scratch"

make_recipe_archives  # archives.txt (tests/shell/lib.sh)

# One run over all the files: the reference.
mapfile -t archives < archives.txt
status_one=0
"$GAMEREC" validate --jobs 1 --format json "${archives[@]}" > one.jsonl 2> one.err || status_one=$?
[ "$status_one" -eq 2 ] || fail "the reference run: status $status_one (a missing file makes it 2)"
grep -q "not checked" one.err || fail "the reference run: $(cat one.err)"

# The recipe, as the man page gives it; three "hosts" of 2, 1 and 1 slots.
printf '2/:\n1/:\n1/:\n' > hosts.txt
parallel --will-cite --sshloginfile hosts.txt --jobs 1 --keep-order -a archives.txt \
  "$GAMEREC" validate --format json --quiet {} > results.jsonl 2>parallel.err || true
cmp -s one.jsonl results.jsonl || fail "--keep-order results differ from one run: $(diff one.jsonl results.jsonl | head -n 5)"
status=0
"$GAMEREC" summarize results.jsonl > summary.out 2> summary.err || status=$?
expect_equal "summarize: status" "$status_one" "$status"
expect_equal "summarize: summary" "$(cat one.err)" "$(cat summary.err)"
[ -s summary.out ] && fail "summarize wrote to standard output"

# Each host's results in files of their own, in any order, and from
# standard input: the same summary.
parallel --will-cite --sshloginfile hosts.txt --jobs 1 -a archives.txt \
  "$GAMEREC" validate --format json --quiet {} '>' 'part-{#}.jsonl' 2>/dev/null || true
[ "$(ls part-*.jsonl | wc -l)" -eq "${#archives[@]}" ] || fail "one result file an archive expected"
mapfile -t parts < <(ls part-*.jsonl | sort -r)
status=0
"$GAMEREC" summarize "${parts[@]}" 2> parts.err || status=$?
expect_equal "summarize of many files: status" "$status_one" "$status"
expect_equal "summarize of many files: summary" "$(cat one.err)" "$(cat parts.err)"
status=0
cat "${parts[@]}" | "$GAMEREC" summarize - 2> stdin.err || status=$?
expect_equal "summarize -: status" "$status_one" "$status"
expect_equal "summarize -: summary" "$(cat one.err)" "$(cat stdin.err)"

# Records that can all be checked, some invalid: status 1; valid ones: 0.
: > checked.txt
: > valid.txt
while read -r sample; do
  status=0; "$GAMEREC" validate "$sample" >/dev/null 2>&1 || status=$?
  [ $status -le 1 ] && echo "$sample" >> checked.txt
  [ $status -eq 0 ] && echo "$sample" >> valid.txt
done < <(find "$SRC/samples" -type f | sort)
echo big.pgn >> checked.txt
for list in checked valid; do
  mapfile -t records < $list.txt
  status_one=0
  "$GAMEREC" validate --jobs 1 "${records[@]}" > /dev/null 2> one.err || status_one=$?
  expect_equal "the reference run over the $list records: status" "$([ $list = valid ] && echo 0 || echo 1)" "$status_one"
  parallel --will-cite --sshloginfile hosts.txt --jobs 1 -a $list.txt \
    "$GAMEREC" validate --format json --quiet {} > results.jsonl 2>/dev/null || true
  status=0
  "$GAMEREC" summarize results.jsonl 2> summary.err || status=$?
  expect_equal "summarize, $list records: status" "$status_one" "$status"
  expect_equal "summarize, $list records: summary" "$(cat one.err)" "$(cat summary.err)"
done

# A line that is not a validate result is a usage error naming it.
printf '{"file":"x.pgn","valid":true,"error":null}\nnot json\n' > broken.jsonl
status=0
"$GAMEREC" summarize broken.jsonl 2> broken.err || status=$?
expect_equal "summarize of a bad line: status" 2 "$status"
grep -q "^gamerec: broken.jsonl:2: not a line of validate --format json" broken.err ||
  fail "summarize of a bad line: $(cat broken.err)"
echo "parallel recipe: ok"
