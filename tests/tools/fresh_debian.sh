#!/usr/bin/env bash
# Runs the two commands of README.md, as a newcomer would, in a fresh
# Debian root of each release given (bookworm: Debian 12, trixie: Debian
# 13): a minimal debootstrap root with nothing but apt, a clean clone of
# this repository, then `bash .ci/sample` (which must install only the
# build's packages: none of the tests' is there after it) and
# `CI=true bash .ci/run` (the whole suite, the Debian package built and
# installed in a root of the same release among it). It prints each
# command's wall time, for docs/benchmarks.md.
#
# Too slow for ctest (a full build and the suite per release, some 30 to
# 60 minutes on 2 cores each); CONTRIBUTING.md says when to run it. Needs
# root, debootstrap and the Debian mirror apt uses.
# Usage: tests/tools/fresh_debian.sh [--sample-only] [RELEASE...]   (default: bookworm trixie)
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
sample_only=false
if [ "${1:-}" = --sample-only ]; then
  sample_only=true
  shift
fi
releases=("$@")
[ ${#releases[@]} -gt 0 ] || releases=(bookworm trixie)
[ "$(id -u)" -eq 0 ] || { echo "fresh_debian: debootstrap and chroot need root" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "fresh_debian: debootstrap is not installed" >&2; exit 1; }
mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
         grep -oE '^(URIs:|deb) +https?://[^ ]+/debian/?$' | awk '{print $2}' | head -n 1 || true)
mirror=${mirror:-http://deb.debian.org/debian}
# The tests' packages, as .ci/setup lists them.
eval "$(sed -n '/^test_packages=(/,/)/p' "$source_dir/.ci/setup")"

work=$(mktemp -d /var/tmp/gamerec-fresh.XXXXXX)
# The logs outlive the roots: a failure is read after the run.
logs=$(mktemp -d /var/tmp/gamerec-fresh-logs.XXXXXX)
echo "logs: $logs"
root=""
cleanup() {
  if [ -n "$root" ]; then umount -R "$root/proc" "$root/sys" "$root/dev" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

for release in "${releases[@]}"; do
  root=$work/$release
  echo "== $release: debootstrap (minbase) from $mirror"
  debootstrap --variant=minbase "$release" "$root" "$mirror" > "$logs/$release-debootstrap.log" 2>&1 ||
    { tail -n 20 "$logs/$release-debootstrap.log"; exit 1; }
  mount -t proc proc "$root/proc"
  mount --rbind /sys "$root/sys"
  mount --rbind /dev "$root/dev"
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  # This machine's own certificate authorities (a proxy's, say), as it has
  # them: apt's ca-certificates takes them in, and node is told of them.
  host_cas=(/usr/local/share/ca-certificates/*.crt)
  chroot_env=(env)
  if [ -e "${host_cas[0]}" ]; then
    mkdir -p "$root/usr/local/share/ca-certificates"
    cat "${host_cas[@]}" > "$root/usr/local/share/ca-certificates/host-local.crt"
    chroot_env+=(NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/host-local.crt)
  fi
  # git is the one thing a newcomer brings: the clone.
  chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git > "$logs/$release-git.log" 2>&1
  git clone -q "$source_dir" "$root/src"

  # What a minimal root has already (gzip, bsdutils) is not the sample's doing.
  before=$(chroot "$root" dpkg-query -W -f='${Package}\n')
  echo "== $release: bash .ci/sample"
  start=$(date +%s)
  chroot "$root" "${chroot_env[@]}" bash -c 'cd /src && bash .ci/sample' > "$logs/$release-sample.log" 2>&1 ||
    { tail -n 30 "$logs/$release-sample.log"; echo "FAIL: $release: .ci/sample"; exit 1; }
  sample_seconds=$(($(date +%s) - start))
  tail -n 14 "$logs/$release-sample.log"
  echo "$release: .ci/sample: ${sample_seconds} s on a fresh root"
  # A test package the sample asked for; one another package depends on
  # (a font for the compiler's libraries, say) is installed automatically.
  manual=$(chroot "$root" apt-mark showmanual)
  installed=()
  for package in "${test_packages[@]}"; do
    grep -qx "$package" <<< "$before" && continue
    grep -qx "$package" <<< "$manual" && installed+=("$package")
  done
  if [ ${#installed[@]} -gt 0 ]; then
    echo "FAIL: $release: .ci/sample installed the tests' packages: ${installed[*]}"
    exit 1
  fi
  echo "$release: none of the tests' packages asked for"

  if ! $sample_only; then
    echo "== $release: CI=true bash .ci/run"
    start=$(date +%s)
    status=0
    chroot "$root" "${chroot_env[@]}" bash -c 'cd /src && CI=true bash .ci/run' > "$logs/$release-run.log" 2>&1 || status=$?
    run_seconds=$(($(date +%s) - start))
    grep -E "tests passed|tests failed|\*\*\*|Skipped|SKIPPED" "$logs/$release-run.log" | tail -n 20
    [ $status -eq 0 ] || { tail -n 60 "$logs/$release-run.log"; echo "FAIL: $release: .ci/run"; exit 1; }
    echo "$release: CI=true .ci/run: ${run_seconds} s (after .ci/sample)"
  fi
  umount -R "$root/proc" "$root/sys" "$root/dev"
  rm -rf "$root"
  root=""
done
