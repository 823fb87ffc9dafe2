# cmake --install puts the binary, the three man pages, the bash and zsh
# completions and the game definitions where they belong, and man finds
# the page there; --version names the CMake version.
source "$(dirname "$0")/lib.sh"
version=$(sed -n 's/^project(gamerec VERSION \([0-9.]*\).*/\1/p' "$SRC/CMakeLists.txt")
for flag in --version -V; do
  out=$("$GAMEREC" $flag)
  [[ $out == "gamerec $version"* ]] || fail "$flag printed [$out]"
done
# From a checkout, the git description follows.
if git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1; then
  [[ $("$GAMEREC" --version) == "gamerec $version (git "*")" ]] || fail "no git description in --version"
fi
prefix=$scratch/usr/local
cmake --install "$BUILD" --prefix "$prefix" >/dev/null
for file in bin/gamerec share/man/man1/gamerec.1.gz share/man/man5/gamerec-record.5.gz \
            share/man/man7/gamerec-games.7.gz share/bash-completion/completions/gamerec \
            share/zsh/site-functions/_gamerec share/doc/gamerec/definitions/chess.yaml; do
  [ -f "$prefix/$file" ] || fail "not installed: $file"
done
"$prefix/bin/gamerec" validate "$SRC/samples/chess/valid/few-games.pgn" 2>/dev/null ||
  fail "the installed binary does not validate a sample"
if command -v man >/dev/null; then
  expect_equal "man -w" "$prefix/share/man/man1/gamerec.1.gz" "$(MANPATH="$prefix/share/man" man -w gamerec)"
  MANPATH="$prefix/share/man" MANWIDTH=80 man gamerec 2>/dev/null | grep -q "validate, replay and continue" ||
    fail "man gamerec does not show the page"
fi
# For /usr, zsh's completions go where Debian's zsh looks.
cmake --install "$BUILD" --prefix "$scratch/usr" >/dev/null
[ -f "$scratch/usr/share/zsh/vendor-completions/_gamerec" ] || fail "zsh completion not in vendor-completions for /usr"
echo "install: ok"
