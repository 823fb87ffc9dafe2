# validate --jobs N writes, byte for byte, what --jobs 1 writes (standard
# output, standard error, exit status; text and JSON), on the samples,
# generated archives, corrupted and compressed ones, standard input and
# many files; --files-from, -0 and --recursive; --jobs 0 is a usage error;
# Ctrl-C stops every thread with status 130 and no partial line.
source "$(dirname "$0")/lib.sh"
cd "$scratch"

same_as_one_job() {  # ARGS...: --jobs 2 and 3 against --jobs 1
  local status1=0 status=0 jobs
  "$GAMEREC" validate --jobs 1 "$@" >one.out 2>one.err </dev/null || status1=$?
  for jobs in 2 3; do
    status=0
    "$GAMEREC" validate --jobs $jobs "$@" >many.out 2>many.err </dev/null || status=$?
    cmp -s one.out many.out || { diff one.out many.out | head -n 5; fail "--jobs $jobs stdout differs: $*"; }
    cmp -s one.err many.err || { diff one.err many.err | head -n 5; fail "--jobs $jobs stderr differs: $*"; }
    expect_equal "--jobs $jobs status: $*" "$status1" "$status"
  done
}
both_formats() {
  same_as_one_job "$@"
  same_as_one_job --format json "$@"
}

# The samples, one by one and all at once.
mapfile -t samples < <(find "$SRC/samples" -type f | sort)
for sample in "${samples[@]}"; do both_formats "$sample"; done
both_formats "${samples[@]}"

# Generated archives: large enough to be cut into many parts.
"$MAKE_PGN" 3000 big.pgn 7 >/dev/null
[ "$(stat -c %s big.pgn)" -gt 4000000 ] || fail "make_pgn wrote a small archive"
both_formats big.pgn
# Corrupted: bytes changed here and there (into a brace, a bracket, a
# quote, a parenthesis, a newline, a move), and cut in the middle.
cp big.pgn bad.pgn
size=$(stat -c %s bad.pgn)
for i in $(seq 1 40); do
  offset=$(( (i * 104729 * 7919) % size ))
  chars='{}[]"();%
Qx'
  printf '%s' "${chars:$((i % ${#chars})):1}" | dd of=bad.pgn bs=1 seek=$offset conv=notrunc status=none
done
both_formats bad.pgn
head -c $((size / 2 + 12345)) big.pgn > cut.pgn
both_formats cut.pgn
# A `[` in movetext (a clock outside its comment, mid-line or starting a
# line of its own) is an error of its game: no game more than big.pgn has.
awk '/^1\. / { n++; if (n % 7 == 0) sub(/ 2\. /, " [%clk 0:01:00] 2. "); if (n % 11 == 0) sub(/ 5\. /, "\n[%eval 0.3] 5. ") }
     { print }' big.pgn > brackets.pgn
both_formats brackets.pgn
"$GAMEREC" validate --format json big.pgn > big.json || true
"$GAMEREC" validate brackets.pgn > brackets.out 2>&1 || true
"$GAMEREC" validate --format json brackets.pgn > brackets.json || true
expect_equal "games in brackets.pgn" "$(wc -l < big.json)" "$(wc -l < brackets.json)"
grep -q ":1: error\[notation\]: \[: this \[ starts no tag pair" brackets.out || fail "brackets.pgn: no [ at a line's start"
grep -q ":[0-9]*:[0-9]*: error\[notation\]: \[: this \[ starts no tag pair" brackets.out || fail "brackets.pgn: no [ mid-line"
# Compressed, whole and cut short, from a file and from standard input.
zstd -q -f big.pgn -o big.pgn.zst
gzip -c bad.pgn > bad.pgn.gz
bzip2 -c big.pgn > big.pgn.bz2
head -c $(( $(stat -c %s big.pgn.zst) / 2 )) big.pgn.zst > cut.pgn.zst
for archive in big.pgn.zst bad.pgn.gz big.pgn.bz2 cut.pgn.zst; do both_formats "$archive"; done
# Small compressed archives cut short anywhere: the read error comes where
# --jobs 1 reports it (a game cut in a move is not a notation error first).
printf '[Event "x"]\n\n1. e4 e5 1-0\n\n[Event "y"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n' | gzip -c > short.pgn.gz
short_size=$(stat -c %s short.pgn.gz)
for ((keep = 10; keep < short_size; keep += 5)); do
  head -c "$keep" short.pgn.gz > short-cut.pgn.gz
  both_formats short-cut.pgn.gz
done
# A compressed archive whose first read fails (zstd's magic, then noise):
# its report is in the format asked for, --fen's key too.
{ printf '\050\265\057\375'; head -c 200 big.pgn.bz2; } > noise.pgn.zst
both_formats noise.pgn.zst
same_as_one_job --format json --fen noise.pgn.zst
status1=0; status2=0
"$GAMEREC" validate --format json --jobs 1 - < big.pgn.zst > one.out 2>&1 || status1=$?
"$GAMEREC" validate --format json --jobs 2 - < big.pgn.zst > many.out 2>&1 || status2=$?
cmp -s one.out many.out || fail "standard input: --jobs 2 differs"
expect_equal "standard input status" "$status1" "$status2"
# Many files at once, among them a missing one and a directory.
mkdir -p tree/a/b
cp "$SRC"/samples/chess/valid/* tree/a/
cp "$SRC"/samples/kalah/invalid/* tree/a/b/
both_formats big.pgn tree/a/b/* missing.pgn tree "${samples[@]}"

# Many files among which large ones (8 MB, and 1 MB compressed), each
# checked whole by one thread, which hands its reports to the writer in
# pieces and leaves the files after it to the next turn.
cat big.pgn big.pgn > large.pgn
gzip -1 -c large.pgn > large.pgn.gz
[ "$(stat -c %s large.pgn.gz)" -gt 1048576 ] || fail "large.pgn.gz is smaller than 1 MB"
both_formats "${samples[@]:0:20}" large.pgn "${samples[@]:20:20}" large.pgn.gz "${samples[@]:40}"

# --files-from: one a line, NUL-separated, from standard input; missing
# records are reported one by one and the others checked.
printf '%s\n' "${samples[@]:0:5}" missing-1.pgn "${samples[@]:5:3}" missing-2.cht > list.txt
"$GAMEREC" validate --jobs 2 --files-from list.txt > from-list.out 2>&1 && fail "missing records: status 0"
grep -q "missing-1.pgn: error\[io\]" from-list.out || fail "--files-from: missing-1.pgn not reported"
grep -q "missing-2.cht: error\[io\]" from-list.out || fail "--files-from: missing-2.cht not reported"
grep -q "^10 files: .*, [2-9] not checked" from-list.out || fail "--files-from: summary $(tail -n 1 from-list.out)"
"$GAMEREC" validate --jobs 1 "${samples[@]:0:5}" missing-1.pgn "${samples[@]:5:3}" missing-2.cht > args.out 2>&1 || true
cmp -s from-list.out args.out || fail "--files-from differs from the same names given as arguments"
tr '\n' '\0' < list.txt > list.nul
"$GAMEREC" validate --jobs 2 --files-from list.nul -0 > from-nul.out 2>&1 || true
cmp -s from-list.out from-nul.out || fail "--files-from -0 differs"
"$GAMEREC" validate --jobs 2 --files-from - < list.txt > from-stdin.out 2>&1 || true
cmp -s from-list.out from-stdin.out || fail "--files-from - differs"
# A list many times the size of one read, its names of every length so
# that some are cut between two reads; some lines end in CR LF, blank lines
# are skipped, and the last name has no newline.
long_names=()
for ((i = 0; i < 3000; i++)); do
  sample=${samples[i % ${#samples[@]}]}
  long_names+=("$SRC/$(printf './%.0s' $(seq 0 $((i % 37))))${sample#"$SRC"/}")
done
{ for ((i = 0; i < ${#long_names[@]}; i++)); do
    if ((i % 7 == 0)); then printf '%s\r\n\n' "${long_names[i]}"; else printf '%s\n' "${long_names[i]}"; fi
  done; } | head -c -1 > long-list.txt
[ "$(stat -c %s long-list.txt)" -gt 200000 ] || fail "long-list.txt is smaller than 200 KB"
"$GAMEREC" validate --jobs 1 "${long_names[@]}" > long-args.out 2>&1 || true
grep -q "^3000 files: " long-args.out || fail "3,000 names as arguments: $(tail -n 1 long-args.out)"
"$GAMEREC" validate --jobs 2 --files-from long-list.txt > long-list.out 2>&1 || true
cmp -s long-args.out long-list.out || fail "a long --files-from list differs from the same names as arguments"
printf '%s\0' "${long_names[@]}" > long-list.nul
"$GAMEREC" validate --jobs 2 -0 --files-from - < long-list.nul > long-nul.out 2>&1 || true
cmp -s long-args.out long-nul.out || fail "a long -0 list on standard input differs from the same names as arguments"
status=0; "$GAMEREC" validate --files-from no-such-list 2>err.txt || status=$?
expect_equal "--files-from a missing list: status" 2 "$status"
grep -q "^gamerec: --files-from no-such-list: cannot read: No such file or directory" err.txt ||
  fail "--files-from a missing list: $(cat err.txt)"

# --recursive: the records below a directory, in name order.
"$GAMEREC" validate --jobs 2 --recursive tree > recursive.out 2>&1 || true
"$GAMEREC" validate --jobs 1 $(find tree -type f | sort) > listed.out 2>&1 || true
cmp -s recursive.out listed.out || fail "--recursive differs from the files listed"
"$GAMEREC" validate tree > dir.out 2>&1 && fail "a directory without --recursive: status 0"
grep -q "tree: error\[io\]: cannot read: it is a directory" dir.out || fail "a directory without --recursive"

# --jobs 0 and negative values are usage errors.
for value in 0 -1 x; do
  status=0; "$GAMEREC" validate --jobs "$value" big.pgn >/dev/null 2>err.txt || status=$?
  expect_equal "--jobs $value: status" 2 "$status"
  grep -q -- "--jobs" err.txt || fail "--jobs $value: $(cat err.txt)"
done

# peak_kib CMD...: runs CMD (output discarded) and prints its peak resident
# memory in KiB, read from /proc while it runs (the peak only grows).
peak_kib() {
  "$@" >/dev/null 2>&1 &
  local pid=$! peak=0 now
  while kill -0 "$pid" 2>/dev/null; do
    now=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$now" ] && peak=$now
    sleep 0.05
  done
  wait "$pid" || true
  echo "$peak"
}
# A large archive among other files is checked whole by one thread; its
# reports (here some 40 MB of JSON) reach the writer in pieces, and memory
# stays that of an archive a twentieth its size. Not under a sanitizer,
# which keeps freed memory aside (its quarantine) and so grows with any
# large input.
for i in $(seq 1 40); do cat big.pgn; done > huge.pgn
if sanitizer_build; then
  echo "skipped: peak memory of a large archive among others (a sanitizer build keeps freed memory)"
else
  small_kib=$(peak_kib "$GAMEREC" validate --format json --jobs 2 large.pgn "${samples[@]:0:3}")
  huge_kib=$(peak_kib "$GAMEREC" validate --format json --jobs 2 huge.pgn "${samples[@]:0:3}")
  [ "$small_kib" -gt 0 ] || fail "no peak memory read"
  [ "$huge_kib" -lt $((small_kib + 16 * 1024)) ] ||
    fail "a large archive among others: peak ${huge_kib} KiB, against ${small_kib} KiB for an 8 MB one"
fi

# Ctrl-C: every thread stops at once, status 130, the output ends with a
# whole line and no summary is written.
for jobs in 1 2; do
  status=0
  timeout --preserve-status -s INT 0.3 "$GAMEREC" validate --format json --jobs $jobs huge.pgn > interrupted.out 2>interrupted.err ||
    status=$?
  expect_equal "SIGINT --jobs $jobs: status" 130 "$status"
  if [ -s interrupted.out ]; then
    [ "$(tail -c 1 interrupted.out | od -An -c | tr -d ' ')" = '\n' ] || fail "SIGINT --jobs $jobs: a partial line"
    grep -qv '^{.*}$' interrupted.out && fail "SIGINT --jobs $jobs: a line is not a whole JSON object"
  fi
  grep -q "files\?:" interrupted.err && fail "SIGINT --jobs $jobs: a summary was written"
done
echo "jobs: ok"
