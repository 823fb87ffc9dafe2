# The Debian package: `cpack -G DEB` makes gamerec_VERSION_amd64.deb whose
# Depends name the shared libraries the binary links, lintian finds no
# error in it, and on a clean Debian root (debootstrap's, made once by
# packaging/debian-root.sh) `apt-get install ./gamerec_*.deb` brings those
# libraries in, after which gamerec validates a sample and `man -w gamerec`
# finds the page.
source "$(dirname "$0")/lib.sh"
for tool in cpack dpkg-deb dpkg-shlibdeps; do
  command -v $tool >/dev/null || skip "$tool is not installed (.ci/setup installs dpkg-dev and cmake)"
done
# A sanitizer build links libasan, which no package should depend on.
sanitizer_build && skip "a sanitizer build is not packaged (.ci/run tests the package)"
cd "$scratch"
cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$scratch/package" >cpack.log 2>&1 ||
  { cat cpack.log; fail "cpack failed"; }
version=$(sed -n 's/^project(gamerec VERSION \([0-9.]*\).*/\1/p' "$SRC/CMakeLists.txt")
deb=$scratch/package/gamerec_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || fail "no $deb: $(ls package)"

# Depends: a package for every library the binary links, found by
# dpkg-shlibdeps (libc6, libstdc++6, libfmt, libyaml-cpp, zlib, bzip2, zstd).
depends=$(dpkg-deb -f "$deb" Depends)
for library in libc6 libstdc++6 libgcc-s1 libfmt libyaml-cpp libzstd1 libbz2-1.0 zlib1g; do
  [[ $depends == *"$library"* ]] || fail "Depends lacks $library: $depends"
done
contents=$(dpkg-deb -c "$deb")
for file in ./usr/bin/gamerec ./usr/share/man/man1/gamerec.1.gz ./usr/share/man/man5/gamerec-record.5.gz \
            ./usr/share/man/man7/gamerec-games.7.gz ./usr/share/bash-completion/completions/gamerec \
            ./usr/share/zsh/vendor-completions/_gamerec ./usr/share/doc/gamerec/copyright \
            ./usr/share/doc/gamerec/definitions/chess.yaml ./usr/share/doc/gamerec/README.md \
            ./usr/share/doc/gamerec/examples/players/kalah/greedy.py \
            ./usr/share/doc/gamerec/examples/players/battleship/simple.sh; do
  grep -q " $file\$" <<< "$contents" || fail "the package lacks $file"
done

if command -v lintian >/dev/null; then
  lintian --fail-on error --no-tag-display-limit "$deb" > lintian.out 2>&1 || true
  grep "^E: " lintian.out && fail "lintian reports errors"
  echo "lintian: $(grep -c '^W: ' lintian.out || true) warnings, no errors"
else
  fail "lintian is not installed (.ci/setup installs it)"
fi

# A clean Debian root: debootstrap needs root and the Debian mirror (the
# first time only; the root is kept in the build directory).
[ "$(id -u)" -eq 0 ] || skip "a chroot needs root: the package was built and checked, not installed"
archive=$BUILD/debian-root.tar.zst
if ! bash "$SRC/packaging/debian-root.sh" "$archive" 2>root.err; then
  skip "no clean Debian root could be made here ($(tail -n 1 root.err)): the package was not installed"
fi
root=$scratch/root
mkdir "$root"
tar -I zstd -xf "$archive" -C "$root"
# The libraries are not installed yet: the package must bring them in.
chroot "$root" dpkg-query -W 'libfmt[0-9]*' 2>/dev/null | grep -q . && fail "the clean root already has libfmt"
cp "$deb" "$root/tmp/"
cp "$SRC/samples/chess/valid/few-games.pgn" "$root/tmp/"
# What apt needs is in the root's cache: nothing is downloaded.
chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
  "/tmp/${deb##*/}" > install.log 2>&1 || { tail -n 20 install.log; fail "apt-get install failed"; }
chroot "$root" gamerec validate /tmp/few-games.pgn 2> validate.err || fail "validate in the root: $(cat validate.err)"
grep -q "^1 file: 1 valid" validate.err || fail "validate in the root: $(cat validate.err)"
expect_equal "man -w gamerec" /usr/share/man/man1/gamerec.1.gz "$(chroot "$root" man -w gamerec)"
expect_equal "--version" "gamerec $version" "$(chroot "$root" gamerec --version | cut -d' ' -f1-2)"
# An example player, where the package puts it, plays a tourney.
chroot "$root" gamerec tourney battleship --players exec:/usr/share/doc/gamerec/examples/players/battleship/simple.sh,random \
  --games 2 --seed 1 > tourney.out 2>&1 || fail "an installed example player: $(cat tourney.out)"
echo "package: ok"
