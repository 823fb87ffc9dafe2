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
