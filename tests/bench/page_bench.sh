#!/usr/bin/env bash
# Benchmark of the replay page (docs/benchmarks.md, "Replay pages"): a
# 300-move chaturanga game (knights hopping out and back) written as a page
# by `gamerec replay --format html`, against one SVG picture of its last
# position (`replay --to 300 --format svg`), both opened in Debian's
# headless Chromium in the same run: their sizes, the time to show each
# (best of BENCH_RUNS, default 7), and End from the start. Prints figures,
# never fails on them.
#
#   tests/bench/page_bench.sh [BUILD_DIR]     (default: build, under the repo)
#
# Needs what .ci/setup installs: chromium, nodejs, and puppeteer-core in
# BUILD_DIR/browser.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-build}
[[ $build = /* ]] || build=$repo/$build
moves=${BENCH_PAGE_MOVES:-300}
work=$(mktemp -d "${TMPDIR:-/tmp}/gamerec-page-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

cycle=(1B-3A 2H-3F 8G-6H 7A-6C 3A-1B 3F-2H 6H-8G 6C-7A)
for ((i = 0; i < moves; ++i)); do echo "${cycle[i % 8]}"; done >"$work/long.cht"
"$build/gamerec" replay --format html "$work/long.cht" >"$work/long.html"
"$build/gamerec" replay --to "$moves" --format svg "$work/long.cht" >"$work/last.svg"
node "$repo/tests/bench/page_bench.cjs" --page "$work/long.html" --svg "$work/last.svg" \
  --modules "$build/browser" --runs "${BENCH_RUNS:-7}"
