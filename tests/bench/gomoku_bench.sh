#!/usr/bin/env bash
# Gomoku's benchmark (docs/benchmarks.md): speed of validate, strength of the computer
# players. A benchmark, not a test: it prints figures and never fails on
# them (it stops only if an input is rejected or a tool is missing).
#
#   tests/bench/gomoku_bench.sh [BUILD_DIR]        (default: build, under the repo)
#
# Environment (all optional):
#   GAMEREC_BENCH_DATA  where inputs and records go (default ${TMPDIR:-/tmp}/gamerec-bench)
#   GOMOKU_FILES        random gomoku records to validate (default 10000)
#   GOMOKU_GAMES        tourney games of level 3 against level 2 (default 100)
#   GOMOKU_SEED         the tourney's seed (default 1)
#   GOMOKU_MOVETIME     --movetime for the tourney, in ms (default: none, so
#                       level 3 searches its fixed budget and the run replays)
#   BENCH_RUNS          runs per timing (default 5)
#   BENCH_BATCH         files per gamerec invocation via xargs (default 1000)
#
# What it measures:
#   1. validate: `xargs -0 -n BATCH gamerec validate` over GOMOKU_FILES random
#      legal games of 15x15 gomoku played to their end (make_records random),
#      against `xargs -0 -n BATCH line_floor` over the same files, all in the
#      page cache. Best (minimum) wall time of BENCH_RUNS runs, and the least
#      CPU time, as in bench.sh.
#   2. strength: `gamerec tourney gomoku --players 3,2 --games GOMOKU_GAMES`
#      (seats alternate, so each level plays Black in half the games): level
#      3's share of the games (target: at least 0.80), and for each level how
#      many wins in one it had and missed (target: none), checked through the
#      rules alone by missed_wins on the records.
set -euo pipefail
export LC_ALL=C

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-build}
[[ $build = /* ]] || build=$repo/$build
data=${GAMEREC_BENCH_DATA:-${TMPDIR:-/tmp}/gamerec-bench}/gomoku
files=${GOMOKU_FILES:-10000}
games=${GOMOKU_GAMES:-100}
seed=${GOMOKU_SEED:-1}
runs=${BENCH_RUNS:-5}
batch=${BENCH_BATCH:-1000}

# shellcheck source=tests/bench/bench_lib.sh
source "$repo/tests/bench/bench_lib.sh"

# --- build -------------------------------------------------------------------
bench_build gamerec line_floor make_records missed_wins
gamerec=$build/gamerec
floor=$build/tests/bench/line_floor
SECONDS=0

# --- 1. validate -------------------------------------------------------------
mkdir -p "$data"
stamp="files=$files gen=$(cksum <"$repo/tests/bench/make_records.cpp")"
if [[ $(cat "$data/stamp" 2>/dev/null) != "$stamp" ]]; then
  say "== generating $files random gomoku records in $data/games"
  rm -rf "$data/games" "$data/games.list" "$data/stamp"
  "$build/tests/bench/make_records" random gomoku "$files" "$data/games"
  (cd "$data" && find games -name '*.gomoku' -print0 | sort -z >games.list)
  printf '%s\n' "$stamp" >"$data/stamp"
else
  say "== reusing the records in $data/games"
fi
cd "$data"
validate_batches() { xargs -0 -n "$batch" "$gamerec" validate --jobs 1 <games.list; }
floor_batches() { xargs -0 -n "$batch" "$floor" <games.list; }
find games -name '*.gomoku' -exec cat {} + >/dev/null  # into the page cache
lines=$(floor_batches 2>/dev/null | awk '{ s += $1 } END { print s }')
bytes=$(du -sb games | cut -f1)
validate_batches >/dev/null 2>&1 || die "a record is rejected; see: xargs -0 -n $batch $gamerec validate <$data/games.list"
say "== validate: $files files, $lines lines, $((bytes / 1000)) kB, $batch per invocation"
time_runs "$runs" floor_batches
floor_best=$BEST floor_cpu=$CPU
time_runs "$runs" validate_batches
val_best=$BEST val_cpu=$CPU
say "   floor     best $floor_best s, CPU $floor_cpu s"
say "   validate  best $val_best s, CPU $val_cpu s"

# --- 2. strength -------------------------------------------------------------
out=$data/tourney
rm -rf "$out"
movetime_args=()
[[ -n ${GOMOKU_MOVETIME:-} ]] && movetime_args=(--movetime "$GOMOKU_MOVETIME")
say "== tourney gomoku --players 3,2 --games $games --seed $seed ${movetime_args[*]}"
t0=$EPOCHREALTIME
table=$("$gamerec" tourney gomoku --players 3,2 --games "$games" --seed "$seed" "${movetime_args[@]}" --out "$out") ||
  die "the tourney failed"
t1=$EPOCHREALTIME
say "$table"
read -r l3_games l3_wins l3_losses l3_draws <<<"$(awk '$1 == "3" { print $2, $3, $4, $5 }' <<<"$table")"
checked=$("$build/tests/bench/missed_wins" "$out"/*.gomoku) || die "missed_wins could not read the records"
say "$checked"
l3_moves=$(awk -F'[:,]' '$1 == "3" { print $2 + 0 }' <<<"$checked")
missed() { awk -v p="$1" -F': ' '$1 == p { split($2, f, ", "); print f[2] ", " f[3] }' <<<"$checked"; }
tourney_seconds=$(calc %.1f "$t1 - $t0")

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$repo" diff --quiet HEAD -- src 2>/dev/null || commit="$commit + uncommitted src changes"
share=$(calc %.2f "$l3_wins / $l3_games")
cat <<EOF

gamerec $commit, ${build_type:-no build type} build; $(nproc) x ${cpu:-unknown CPU}; load average $(cut -d' ' -f1 /proc/loadavg); $(date +%Y-%m-%d).

| measure | gamerec | floor (line_floor) | gamerec / floor |
|---|---|---|---|
| validate $files random 15x15 games ($lines moves), wall | $(calc %.0f "$files / $val_best") files/s, $(calc %.2f "$lines / $val_best / 1e6") M moves/s ($(calc %.3f "$val_best") s) | $(calc %.0f "$files / $floor_best") files/s ($(calc %.3f "$floor_best") s) | $(calc %.2f "$val_best / $floor_best") |
| the same, CPU | $(calc %.3f "$val_cpu") s | $(calc %.3f "$floor_cpu") s | $(calc %.2f "$val_cpu / $floor_cpu") |

| tourney: level 3 against level 2, $l3_games games, seed $seed | |
|---|---|
| level 3 wins / losses / draws | $l3_wins / $l3_losses / $l3_draws: share $share (target >= 0.80: $(awk -v s="$share" 'BEGIN { print (s >= 0.8) ? "met" : "NOT met" }')) |
| wins in one, level 3 | $(missed 3) |
| wins in one, level 2 | $(missed 2) |
| time | $tourney_seconds s, $(calc %.2f "$tourney_seconds / ($l3_moves + 0.0001)") s per level-3 move at most (level 2's time included) |
EOF
say "(gomoku_bench.sh: ${SECONDS} s after the build)"
