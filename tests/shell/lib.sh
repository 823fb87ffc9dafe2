# What the shell tests share: a scratch directory, failing with a reason.
set -euo pipefail
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIPPED: $*"; exit 77; }
expect_equal() {  # WHAT EXPECTED ACTUAL
  [ "$2" = "$3" ] || fail "$1: expected [$2], got [$3]"
}
# Whether $GAMEREC is a sanitizer build. Not `ldd | grep -q`: under
# pipefail, grep leaving early can kill ldd with SIGPIPE, and the pipeline
# then says no.
sanitizer_build() {
  local libraries
  libraries=$(ldd "$GAMEREC")
  [[ $libraries == *libasan* || $libraries == *libubsan* ]]
}

# The archives both cluster recipes are run on, listed in archives.txt in
# the current folder: the samples, a generated archive, a corrupted copy
# of it (compressed), a name with a space and one that does not exist.
make_recipe_archives() {
  local size chars i
  "$MAKE_PGN" 2000 big.pgn 3 >/dev/null
  cp big.pgn bad.pgn
  size=$(stat -c %s bad.pgn)
  chars='Q{}["'
  for i in $(seq 1 25); do
    printf '%s' "${chars:$((i % 5)):1}" | dd of=bad.pgn bs=1 seek=$(( (i * 7919 * 104729) % size )) conv=notrunc status=none
  done
  zstd -q bad.pgn -o bad.pgn.zst && rm bad.pgn
  cp "$SRC/samples/kalah/valid/full-game.kalah" "a game.kalah"
  { find "$SRC/samples" -type f | sort; echo big.pgn; echo bad.pgn.zst; echo "a game.kalah"; echo missing.pgn; } > archives.txt
}
