#!/usr/bin/env bash
# Makes a clean Debian root for the package test (tests/shell/package_test.sh),
# once: debootstrap's minimal root of this machine's release (bookworm,
# trixie) from the mirror apt uses here, with man-db
# (the test runs `man -w gamerec`), packed as ROOT.tar.zst. Later runs find
# the archive and return at once. The libraries gamerec links are
# downloaded into the root's apt cache but not installed: the package's
# own Depends must bring them in, without a network.
# Usage: packaging/debian-root.sh ARCHIVE (e.g. build/debian-root.tar.zst)
set -euo pipefail
archive=$1
[ -s "$archive" ] && exit 0
command -v debootstrap >/dev/null || { echo "debian-root: debootstrap is not installed" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "debian-root: debootstrap needs root" >&2; exit 1; }
# The mirror and suite apt uses on this machine.
mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
         grep -oE '^(URIs:|deb) +https?://[^ ]+/debian/?$' | awk '{print $2}' | head -n 1 || true)
mirror=${mirror:-http://deb.debian.org/debian}
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
work=$(mktemp -d "${archive%/*}/debian-root.XXXXXX")
trap 'rm -rf "$work"' EXIT
debootstrap --variant=minbase --include=man-db "$suite" "$work/root" "$mirror" >"$work/log" 2>&1 ||
  { tail -n 20 "$work/log" >&2; exit 1; }
cp /etc/resolv.conf "$work/root/etc/resolv.conf" 2>/dev/null || true
# The run-time libraries of this release: what its -dev packages depend on
# (libfmt9 on Debian 12, libfmt10 on Debian 13, ...).
libraries=()
for dev in libfmt-dev libyaml-cpp-dev libzstd-dev zlib1g-dev libbz2-dev; do
  library=$(dpkg-query -W -f='${Depends}\n' "$dev" | tr ',' '\n' | sed 's/ *(.*//; s/^ *//' |
            grep -E '^(lib|zlib)' | grep -v -- '-dev$' | head -n 1 || true)
  [ -n "$library" ] || { echo "debian-root: no run-time library found for $dev" >&2; exit 1; }
  libraries+=("$library")
done
chroot "$work/root" apt-get install -y -qq --download-only "${libraries[@]}" \
  >>"$work/log" 2>&1 || { tail -n 20 "$work/log" >&2; exit 1; }
rm -f "$work/root/etc/resolv.conf"
tar -C "$work/root" -cf - . | zstd -q -T2 -o "$archive.part"
mv "$archive.part" "$archive"
