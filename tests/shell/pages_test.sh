# Replay pages of large archives (gamerec(1), Replay pages): a page is at
# most 5 times the size of its PGN, built in memory that does not grow
# with the number of games (and stays under 100 MB); past --page-limit,
# convert writes a folder (index.html and a page per game) and says so,
# replay --format html refuses, and standard input cannot make a folder.
# Timings are measured by tests/bench/page_bench.sh, not here.
source "$(dirname "$0")/lib.sh"
cd "$scratch"

command -v zstd >/dev/null || skip "zstd is not installed (bash .ci/setup installs it)"
zstd -dcq "$SRC/tests/bench/data/twic1599-excerpt.pgn.zst" >one.pgn
games=$(grep -c '^\[Event ' one.pgn)
[ "$games" -gt 1000 ] || fail "the excerpt holds $games games"
for i in 1 2 3; do cat one.pgn; echo; done >three.pgn

size() { stat -c %s "$1"; }
# ratio PAGE PGN: fails past 5.
ratio_at_most_5() {
  local page pgn
  page=$(size "$1")
  pgn=$(size "$2")
  [ "$page" -le $((5 * pgn)) ] || fail "$1: $page bytes for $pgn bytes of PGN (more than 5 times)"
  echo "$1: $page bytes for $pgn bytes of PGN"
}

"$GAMEREC" convert one.pgn one.html 2>one.err || fail "convert one.pgn: $(cat one.err)"
expect_equal "convert one.pgn says" "$games games converted" "$(cat one.err)"
ratio_at_most_5 one.html one.pgn
[ "$(grep -c 'class="gamerec-game"' one.html)" = "$games" ] || fail "one.html does not hold every game"
"$GAMEREC" replay --format html one.pgn >printed.html
cmp -s one.html printed.html || fail "replay --format html prints another page than convert writes"

"$MAKE_PGN" 1000 made.pgn 5 >/dev/null
"$GAMEREC" convert made.pgn made.html 2>/dev/null || fail "convert made.pgn"
ratio_at_most_5 made.html made.pgn

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
# Not under a sanitizer, which keeps freed memory aside (its quarantine).
if sanitizer_build; then
  echo "skipped: peak memory (a sanitizer build keeps freed memory)"
else
  one_kib=$(peak_kib "$GAMEREC" replay --format html one.pgn)
  three_kib=$(peak_kib "$GAMEREC" replay --format html three.pgn)
  echo "peak memory: $one_kib KiB for $games games, $three_kib KiB for three times as many"
  [ "$one_kib" -gt 0 ] || fail "no peak memory read"
  [ "$three_kib" -lt $((one_kib + 8 * 1024)) ] || fail "three times the games: peak $three_kib KiB against $one_kib KiB"
  [ "$three_kib" -lt $((100 * 1024)) ] || fail "peak $three_kib KiB, over 100 MB"
fi
"$GAMEREC" convert three.pgn three.html 2>/dev/null || fail "convert three.pgn"
ratio_at_most_5 three.html three.pgn

# Past --page-limit: a folder, said on standard error.
awk '/^\[Event / { ++n } n <= 400' one.pgn >part.pgn
status=0
"$GAMEREC" convert --page-limit 1 part.pgn out.html 2>folder.err || status=$?
expect_equal "convert past --page-limit: status" 0 "$status"
[ ! -e out.html ] || fail "out.html was written as well as the folder"
[ -d out ] || fail "no folder out: $(cat folder.err)"
expect_equal "convert past --page-limit says" \
  "part.pgn: 400 games would make a page of more than 1 MB; wrote the folder out instead: index.html and a page per game
400 games converted" "$(cat folder.err)"
expect_equal "the folder's files" 401 "$(find out -type f | wc -l)"
[ -f out/index.html ] && [ -f out/game-1.html ] && [ -f out/game-400.html ] || fail "out/ lacks index.html or a game's page"
expect_equal "index rows" 400 "$(grep -c '<tr><td>' out/index.html)"
grep -q '<a href="game-17.html">' out/index.html || fail "the index does not link game 17's page"
grep -q '<a id="all-games" href="index.html"' out/game-17.html || fail "a game's page does not link the index"
expect_equal "a game's page holds one game" 1 "$(grep -c 'class="gamerec-game"' out/game-17.html)"
# The 17th game alone is the same game, with the link back.
"$GAMEREC" replay --format html --game-index 17 part.pgn >alone.html
expect_equal "game 17's data" "$(grep 'class="gamerec-game"' alone.html)" \
  "$(grep 'class="gamerec-game"' out/game-17.html)"
[ -z "$(find . -maxdepth 1 -name '.out.*')" ] || fail "a temporary folder was left behind"

# The folder exists already: refused, nothing written.
status=0
"$GAMEREC" convert --page-limit 1 part.pgn out.html 2>again.err || status=$?
expect_equal "a folder that exists: status" 2 "$status"
grep -q "exists" again.err || fail "a folder that exists: $(cat again.err)"

# replay cannot write a folder to standard output.
status=0
"$GAMEREC" replay --format html --page-limit 1 part.pgn >refused.html 2>refused.err || status=$?
expect_equal "replay past --page-limit: status" 2 "$status"
[ ! -s refused.html ] || fail "replay past --page-limit printed a page"
grep -q "gamerec convert part.pgn OUT.html' writes a folder" refused.err || fail "replay: $(cat refused.err)"

# Standard input is read once: no folder.
status=0
"$GAMEREC" convert --page-limit 1 - piped.html <part.pgn 2>piped.err || status=$?
expect_equal "standard input past --page-limit: status" 2 "$status"
[ ! -e piped.html ] && [ ! -e piped ] || fail "standard input past --page-limit wrote something"
grep -q "standard input cannot be read again" piped.err || fail "standard input: $(cat piped.err)"
# The limit holds for the whole page (its head, the first game, the
# pictures and the script too): a page that is written is at most 1 MB,
# however close to the limit its games bring it.
for count in 100 150 200 250 300 350; do
  awk -v n="$count" '/^\[Event / { ++g } g <= n' one.pgn >near.pgn
  status=0
  "$GAMEREC" replay --format html --page-limit 1 near.pgn >near.html 2>/dev/null || status=$?
  if [ "$status" -ne 2 ]; then
    size=$(stat -c %s near.html)
    [ "$size" -le 1000000 ] || fail "$count games: a page of $size bytes under --page-limit 1"
  fi
done
echo "pages: all passed"
