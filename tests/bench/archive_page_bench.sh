#!/usr/bin/env bash
# Benchmark of replay pages of whole archives (docs/benchmarks.md,
# "Replay pages of archives"): the TWIC excerpt (tests/bench/data, about
# 1,100 games, 1 MB of PGN) once and ten times over, each made a page by
# `gamerec replay --format html`. Prints, per archive, the page's size
# against the PGN's, the peak resident memory (/usr/bin/time -v) and the
# time, and the time headless Chromium takes to open the page
# (archive_page_bench.cjs). With BENCH_OLD=BINARY, the 1x archive is
# also made a page by that binary (a baseline; not the 10x one, which an
# old build may need gigabytes for). Prints figures, never fails on them.
#
#   tests/bench/archive_page_bench.sh [BUILD_DIR]   (default: build, under the repo)
#
# Needs zstd, GNU time (/usr/bin/time), and for the browser figures
# chromium, nodejs and puppeteer-core in BUILD_DIR/browser (.ci/setup).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-build}
[[ $build = /* ]] || build=$repo/$build
work=$(mktemp -d "${TMPDIR:-/tmp}/gamerec-archive-page-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

zstd -dcq "$repo/tests/bench/data/twic1599-excerpt.pgn.zst" >"$work/x1.pgn"
for ((i = 0; i < 10; ++i)); do cat "$work/x1.pgn"; echo; done >"$work/x10.pgn"

# page BINARY PGN HTML LABEL [OPTION...]: the page, its size and ratio,
# peak memory, time.
page() {
  local games
  games=$(grep -c '^\[Event ' "$2")
  /usr/bin/time -v -o "$work/time.txt" "$1" replay --format html "${@:5}" "$2" >"$3"
  local rss secs pgn html
  rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time.txt")
  secs=$(awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$work/time.txt")
  pgn=$(stat -c %s "$2")
  html=$(stat -c %s "$3")
  awk -v l="$4" -v g="$games" -v p="$pgn" -v h="$html" -v r="$rss" -v s="$secs" 'BEGIN {
    printf "%s: %d games, PGN %.2f MB, page %.2f MB (%.2fx the PGN; target at most 5x), peak RSS %.1f MB (target under 100 MB), %s wall\n",
           l, g, p / 1e6, h / 1e6, h / p, r / 1024, s }'
}

for n in 1 10; do
  page "$build/gamerec" "$work/x$n.pgn" "$work/x$n.html" "${n}x" --page-limit 1000
  if [ -d "$build/browser/node_modules" ] && command -v node >/dev/null; then
    node "$repo/tests/bench/archive_page_bench.cjs" --page "$work/x$n.html" --modules "$build/browser" \
      --runs "${BENCH_RUNS:-3}" || true
  fi
done
if [ -n "${BENCH_OLD:-}" ]; then
  page "$BENCH_OLD" "$work/x1.pgn" "$work/old.html" "1x, BENCH_OLD"
fi
