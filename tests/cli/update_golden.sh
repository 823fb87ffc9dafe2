#!/usr/bin/env bash
# Regenerates the expected output of the golden CLI tests from the current
# binary, then shows what changed; review it with `git diff tests/cli/cases`.
#
#   tests/cli/update_golden.sh [-B BUILD_DIR] [GROUP/CASE...]
#
# BUILD_DIR defaults to build/ (configured with tests on). With no case every
# case under tests/cli/cases/ is regenerated. A new case is a directory
# tests/cli/cases/GROUP/CASE/ (GROUP: a game or a command) with
# at least a `cmd` file (see the top of tests/cli/golden_test.cpp); its
# stdout, stderr, status and file.* files are written here.
set -euo pipefail

source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build_dir=$source_dir/build
if [[ ${1-} == -B ]]; then
  build_dir=$2
  shift 2
fi

# Building re-runs CMake when a case directory was added, so it is listed.
cmake --build "$build_dir" --target cli_tests gamerec >/dev/null

filter='[golden]'
if [[ $# -gt 0 ]]; then
  filter=
  for name in "$@"; do
    # GROUP/CASE, or a path to the case's folder.
    name=${name%/}
    name=${name#*tests/cli/cases/}
    filter+=${filter:+,}"golden: $name"
  done
fi
GAMEREC_UPDATE_GOLDEN=1 "$build_dir/tests/cli/cli_tests" "$filter"

if command -v git >/dev/null && git -C "$source_dir" rev-parse --git-dir >/dev/null 2>&1; then
  git -C "$source_dir" status --short -- tests/cli/cases
fi
