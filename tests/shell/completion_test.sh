# bash and zsh completion through the installed scripts: subcommands,
# options, games, computer players, variant keys and files, as the shells
# ask for them.
source "$(dirname "$0")/lib.sh"
command -v bash >/dev/null || skip "no bash"
cd "$scratch"
ln -s "$GAMEREC" gamerec
touch x.chess records.pgn
# COMP_LINE as typed, cursor at its end: what _gamerec puts in COMPREPLY.
bash_complete() {
  bash -c 'source "$1"; COMP_LINE=$2; COMP_POINT=${#COMP_LINE}
           _gamerec; printf "%s\n" "${COMPREPLY[@]}"' _ "$SRC/completions/gamerec.bash" "$1" | sort
}
expect_equal "bash: gamerec va" "validate" "$(bash_complete './gamerec va')"
expect_equal "bash: gamerec validate --ga" "--game" "$(bash_complete './gamerec validate --ga')"
# bash splits at '=': the candidates are what follows it.
expect_equal "bash: --ai black=" "$(printf '1\n2\n3\n4\n5\nrandom')" \
  "$(bash_complete './gamerec play x.chess --ai black=')"
expect_equal "bash: --variant for kalah" "seeds=" "$(bash_complete './gamerec perft kalah --variant se')"
expect_equal "bash: --game" "$(printf 'chaturanga\nchess\nchess960')" "$(bash_complete './gamerec --game ch')"
expect_equal "bash: files" "records.pgn" "$(bash_complete './gamerec validate rec')"
# solve's GAME: only the games that have a solver.
expect_equal "bash: gamerec solve" "kalah" "$(bash_complete './gamerec solve ')"
expect_equal "bash: gamerec perft c" "$(printf 'chaturanga\nchess\nchess960')" "$(bash_complete './gamerec perft c')"
# `gamerec help COMMAND`.
expect_equal "bash: gamerec he" "help" "$(bash_complete './gamerec he')"
expect_equal "bash: gamerec help va" "validate" "$(bash_complete './gamerec help va')"
# The script is the one complete -F registers.
bash -c 'source "$1"; complete -p gamerec' _ "$SRC/completions/gamerec.bash" | grep -q -- "-F _gamerec" ||
  fail "bash: gamerec not registered"

if command -v zsh >/dev/null; then
  # zsh's completion functions stubbed: what the script hands to compadd.
  zsh_complete() {
    zsh -f -c 'compadd() { while (( $# )); do case $1 in -S) shift 2;; --) shift; break;; -*) shift;; *) break;; esac; done
                         (( $# )) && print -l -- "$@"; return 0; }
               _files() { print -- ":files"; }
               words=(${(z)1}); [[ $1 == *" " ]] && words+=("")
               CURRENT=${#words}
               source "$2"' _ "$1" "$SRC/completions/_gamerec" | sort
  }
  expect_equal "zsh: gamerec va" "validate" "$(zsh_complete './gamerec va')"
  expect_equal "zsh: --ai black=" "$(printf 'black=1\nblack=2\nblack=3\nblack=4\nblack=5\nblack=random')" \
    "$(zsh_complete './gamerec play x.chess --ai black=')"
  expect_equal "zsh: validate --ga" "--game" "$(zsh_complete './gamerec validate --ga')"
  expect_equal "zsh: files" ":files" "$(zsh_complete './gamerec validate ')"
else
  echo "zsh is not installed: the zsh script was not run (.ci/setup installs it)"
fi
echo "completion: ok"
