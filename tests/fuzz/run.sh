#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan) in build-fuzz and fuzzes
# each for SECONDS seconds (default 60).
#
#   tests/fuzz/run.sh [SECONDS] [TARGET...]      TARGET: record definition pgn fen psq pgn_split
#
# Environment: JOBS (build jobs, default 2), FUZZ_BUILD_DIR (default
# <repo>/build-fuzz), FUZZ_ARGS (libFuzzer flags replacing the default
# "-fork=1 -ignore_crashes=1", which goes on after a crash to find more; use
# FUZZ_ARGS= to stop at the first one).
# New corpus entries go to build-fuzz/corpus/<target>; crashes to
# build-fuzz/artifacts/<target>/. Copy a crash to
# tests/fuzz/regressions/<target>/ so the fuzz_replay_<target> ctest replays
# it. Exit status 1 when this run left a crash, leak or timeout.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(record definition pgn fen psq pgn_split)
build=${FUZZ_BUILD_DIR:-$repo/build-fuzz}

CC=${CC:-clang} CXX=${CXX:-clang++} cmake -S "$repo" -B "$build" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGAMEREC_FUZZ=ON -DGAMEREC_SANITIZE=ON >/dev/null
build_targets=()
for target in "${targets[@]}"; do build_targets+=("${target}_fuzz"); done
cmake --build "$build" -j "${JOBS:-2}" --target "${build_targets[@]}"

status=0
for target in "${targets[@]}"; do
  corpus=$build/corpus/$target
  artifacts=$build/artifacts/$target
  mkdir -p "$corpus" "$artifacts"
  case $target in
    record) seeds=("$here/corpus/record" "$repo/samples") ;;
    definition) seeds=("$here/corpus/definition" "$repo/definitions") ;;
    pgn) seeds=("$here/corpus/pgn" "$repo/samples/chess") ;;
    fen) seeds=("$here/corpus/fen") ;;
    psq) seeds=("$here/corpus/psq" "$repo/samples/gomoku") ;;
    *) echo "unknown target: $target" >&2; exit 2 ;;
  esac
  [ -d "$here/regressions/$target" ] && seeds+=("$here/regressions/$target")
  existing=()
  for seed in "${seeds[@]}"; do [ -e "$seed" ] && existing+=("$seed"); done

  stamp=$build/artifacts/.$target-started
  touch "$stamp"
  echo "== fuzzing $target for ${seconds}s"
  # New inputs are written to the first directory only: build-fuzz's copy.
  # shellcheck disable=SC2086
  "$build/tests/fuzz/${target}_fuzz" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
    -dict="$here/$target.dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
    ${FUZZ_ARGS--fork=1 -ignore_crashes=1} "$corpus" "${existing[@]}" || true
  found=$(find "$artifacts" -type f -newer "$stamp" \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
  if [ -n "$found" ]; then
    echo "!! $target: reproducers (run one with: $build/tests/fuzz/${target}_fuzz FILE):" >&2
    printf '%s\n' "$found" >&2
    status=1
  fi
done
exit $status
