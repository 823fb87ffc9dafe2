#!/usr/bin/env bash
# shellcheck disable=SC2317  # functions run through wait_for and trap
# Drives `gamerec play` in a real terminal: a detached tmux session on its own
# server socket, keys sent with send-keys, the screen read with capture-pane.
# Two sessions: colours on (NO_COLOR unset) and NO_COLOR=1.
#
#   play_tmux.sh GAMEREC RECORD
#
# RECORD is a valid chaturanga record ending with Red to move at move 3
# (tests/tmux/opening.cht). A third session plays battleship between two
# people at the one terminal, a fourth chess as Black against the computer.
# Exit 77 (skipped) where tmux is absent.
set -u

if [ $# -ne 2 ]; then
  echo "usage: $0 GAMEREC RECORD" >&2
  exit 2
fi
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed"
  exit 77
fi

gamerec=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
record=$2
if [ ! -x "$gamerec" ] || [ ! -f "$record" ]; then
  echo "$0: no executable $1 or no record $2" >&2
  exit 2
fi

# shellcheck source=tests/tmux/tmux_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_lib.sh"

ESC=$(printf '\033')

# The last N non-blank lines of the pane.
last_lines() { screen | grep -v '^[[:space:]]*$' | tail -n "$1"; }

# The prompt is the last line; `expected` (an ERE) the line before it.
prompt_after() {
  local prompt=$1 expected=$2
  local tail2
  tail2=$(last_lines 2)
  [ "$(printf '%s\n' "$tail2" | tail -n 1)" = "$prompt" ] &&
    printf '%s\n' "$tail2" | head -n 1 | grep -Eq -- "$expected"
}

type_line() {
  tmux_ send-keys -t "$current" -l -- "$1"
  tmux_ send-keys -t "$current" Enter
}

# The board of the last redraw: labels on all four sides.
check_board_labels() {
  local text
  text=$(screen)
  local columns
  columns=$(printf '%s\n' "$text" | grep -Ec '^ +A +B +C +D +E +F +G +H *$')
  [ "$columns" -ge 2 ] || fail "no column labels A..H above and below the board"
  local row
  for row in 1 2 3 4 5 6 7 8; do
    printf '%s\n' "$text" | grep -Eq "^$row .* $row\$" ||
      fail "row $row is not labelled on both sides"
  done
}

# Counts the distinct tile (background) colours that piece letters are drawn
# on, on the board rows of `capture-pane -e` output; prints "COLOURS
# UNCOLOURED". Each side's pieces are tiles of its colour.
piece_colours() {
  screen -e | awk -v esc="$ESC" '
    {
      line = $0
      plain = line
      gsub(esc "\\[[0-9;]*m", "", plain)
      if (plain !~ /^[1-8] /) next
      fg = ""
      n = length(line)
      for (i = 1; i <= n; i++) {
        c = substr(line, i, 1)
        if (c == esc && substr(line, i + 1, 1) == "[") {
          j = i + 2
          while (j <= n && substr(line, j, 1) ~ /[0-9;]/) j++
          if (substr(line, j, 1) == "m") {
            count = split(substr(line, i + 2, j - i - 2), p, ";")
            if (count == 0) fg = ""
            for (k = 1; k <= count; k++) {
              v = p[k] + 0
              if (p[k] == "" || v == 0 || v == 49) fg = ""
              else if (v == 48 && p[k + 1] == "5") { fg = "256:" p[k + 2]; k += 2 }
              else if (v == 48 && p[k + 1] == "2") { fg = "rgb:" p[k + 2] "," p[k + 3] "," p[k + 4]; k += 4 }
              else if (v == 38 && p[k + 1] == "5") k += 2
              else if (v == 38 && p[k + 1] == "2") k += 4
              else if ((v >= 40 && v <= 47) || (v >= 100 && v <= 107)) fg = "16:" v
            }
          }
          i = j
          continue
        }
        # Skip the row label itself; pieces are the letters K R B N P.
        if (i > 2 && c ~ /[KRBNP]/) {
          if (fg == "") uncoloured++
          else seen[fg] = 1
        }
      }
    }
    END {
      colours = 0
      for (f in seen) colours++
      print colours + 0, uncoloured + 0
    }'
}

# run_session NAME ENVIRONMENT: one `gamerec play` session on a copy of RECORD.
run_session() {
  current=$1
  local environment=$2
  local dir=$work/$current
  mkdir -p "$dir"
  cp "$record" "$dir/game.cht"
  local original
  original=$(cat "$dir/game.cht")

  # The shell line stays after gamerec exits so its exit status can be read.
  local command
  command="$environment; $(printf '%q' "$gamerec") play game.cht; echo \"[gamerec exited \$?]\"; exec sleep 600"
  if ! tmux_ new-session -d -s "$current" -x 100 -y 40 -c "$dir" "$command"; then
    fail "tmux new-session failed"
    return
  fi

  # Replayed silently: the board, the status line and Red's prompt.
  wait_for "Red's prompt after the replay" prompt_after 'Red>' '^Red to move, move 3$' || return
  check_board_labels

  if [ "$current" = colour ]; then
    screen -e | grep -q "$ESC\[" || fail "no escape sequences with colours on"
    local colours uncoloured
    read -r colours uncoloured <<<"$(piece_colours)"
    [ "$colours" -ge 4 ] || fail "pieces are drawn on $colours tile colours, expected one per side (4): $(screen -e | grep -m1 '^8' | cat -v)"
    [ "$uncoloured" -eq 0 ] || fail "$uncoloured piece letters are drawn without a colour"
    screen | grep -Eq '^1 +R +N +B +K +\. +\. +P +R +1$' || fail "row 1 is not the expected coloured row"
  else
    if screen -e | grep -q "$ESC"; then
      fail "escape sequences with NO_COLOR=1: $(screen -e | grep -m1 "$ESC" | cat -v)"
    fi
    # Without colours each piece letter carries its side's digit.
    screen | grep -Eq '^1 +R1 +N1 +B1 +K1 +\. +\. +P2 +R2 +1$' || fail "row 1 lacks side digits (R1 N1 B1 K1 ... P2 R2)"
    screen | grep -Eq '^8 +R4 +P4 +\. +\. +K3 +B3 +N3 +R3 +8$' || fail "row 8 lacks side digits (R4 P4 ... K3 B3 N3 R3)"
  fi

  # A rejected move (not notation): the message with the status, asked again.
  type_line 'foo'
  wait_for "the notation error and Red's prompt again" prompt_after 'Red>' \
    '^foo: not a move in chaturanga notation \(a move looks like 2A-3A\) \(Red to move, move 3\)$' || return
  [ "$(cat "$dir/game.cht")" = "$original" ] || fail "the rejected move changed the record"

  # A legal move: accepted, the board redrawn, written to the file at once.
  type_line '7E-6E'
  wait_for "Black's prompt after 7E-6E" prompt_after 'Black>' '^Black to move, move 4$' || return
  screen_has '^Move accepted$' || fail "no 'Move accepted' after 7E-6E"
  check_board_labels
  if [ "$current" = colour ]; then
    screen | grep -Eq '^6 +B +P +\. +\. +P +\. +\. +\. +6$' || fail "the board does not show the red pawn on 6E"
  else
    screen | grep -Eq '^6 +B4 +P4 +\. +\. +P3 +\. +\. +\. +6$' || fail "the board does not show the red pawn on 6E"
  fi
  local expected
  expected=$(printf '%s\n7E-6E' "$original")
  [ "$(cat "$dir/game.cht")" = "$expected" ] ||
    fail "the record does not end with 7E-6E; it holds: $(cat "$dir/game.cht")"

  # A move the rules reject: Yellow's rook while Black is to move.
  type_line '1A-2A'
  wait_for "the rules error and Black's prompt again" prompt_after 'Black>' \
    '^1A-2A: .*\(Black to move, move 4\)$' || return

  # Q ends the session and is never written.
  type_line 'Q'
  wait_for "gamerec to exit after Q" exited || return
  screen_has '^Game session ended$' || fail "no 'Game session ended' after Q"
  screen_has '^\[gamerec exited 0\]$' || fail "gamerec did not exit with status 0: $(screen | grep 'gamerec exited')"
  [ "$(cat "$dir/game.cht")" = "$expected" ] || fail "Q changed the record: $(cat "$dir/game.cht")"
  tmux_ kill-session -t "$current" >/dev/null 2>&1
}

# Battleship, two people at one terminal: the screen is cleared and the
# keyboard passed on whenever the person to move changes, so neither sees
# the other's fleet.
visible() { tmux_ capture-pane -p -J -t "$current" 2>/dev/null | sed 's/[[:space:]]*$//'; }
visible_has() { visible | grep -Eq -- "$1"; }
pass_prompt() { [ "$(visible | grep -v '^$' | tail -n 1)" = "Pass the keyboard to $1, then press Enter" ]; }
shows_only() {
  # The two grids of a player stand side by side: their titles on one line.
  visible_has "^$1's fleet( |\$)" && ! visible_has "$2's fleet" && ! visible_has "$2's shots"
}
run_battleship_session() {
  current=battleship
  local dir=$work/$current
  mkdir -p "$dir"
  local command
  command="NO_COLOR=1; export NO_COLOR; $(printf '%q' "$gamerec") play --game battleship game.battleship; echo \"[gamerec exited \$?]\"; exec sleep 600"
  if ! tmux_ new-session -d -s "$current" -x 100 -y 60 -c "$dir" "$command"; then
    fail "tmux new-session failed"
    return
  fi
  local fleet=("A1 right" "A3 right" "E3 right" "A5 right" "D5 right" "G5 right" A7 C7 E7 G7)
  local who other line
  for who in 1 2; do
    other=$((3 - who))
    wait_for "the keyboard passed to Player $who" pass_prompt "Player $who" || return
    visible_has "fleet|shots" && fail "a grid is on the screen while the keyboard passes to Player $who"
    tmux_ send-keys -t "$current" Enter
    wait_for "Player $who's prompt" prompt_after "Player $who>" "^Player $who to move, move" || return
    shows_only "Player $who" "Player $other" || fail "Player $who sees more than their own grids"
    for line in "${fleet[@]}"; do type_line "$line"; done
  done
  wait_for "the keyboard passed to Player 1 for the shots" pass_prompt "Player 1" || return
  tmux_ send-keys -t "$current" Enter
  wait_for "Player 1's first shot" prompt_after 'Player 1>' '^Player 1 to move, move 21$' || return
  shows_only "Player 1" "Player 2" || fail "Player 1 sees more than their own grids at the first shot"
  visible_has '^Player 1.s fleet +Player 1.s shots at Player 2$' ||
    fail "Player 1 does not see their shots grid beside their fleet"
  type_line J10  # water: the turn passes
  wait_for "the keyboard passed to Player 2 after water" pass_prompt "Player 2" || return
  tmux_ send-keys -t "$current" Enter
  wait_for "Player 2's first shot" prompt_after 'Player 2>' '^Player 2 to move, move 22$' || return
  shows_only "Player 2" "Player 1" || fail "Player 2 sees more than their own grids"
  type_line Q
  wait_for "gamerec to exit after Q" exited || return
  screen_has '^\[gamerec exited 0\]$' || fail "gamerec did not exit with status 0"
  [ "$(wc -l <"$dir/game.battleship")" -ge 21 ] && grep -qx J10 "$dir/game.battleship" ||
    fail "the record does not hold the fleets and J10: $(cat "$dir/game.battleship")"
  tmux_ kill-session -t "$current" >/dev/null 2>&1
}

# Chess with the person playing Black, colours on: the board is drawn from
# Black's side, moves are numbered by pairs, and White's tiles are not the
# terminal's own white (on a light terminal they would melt into it).
run_chess_session() {
  current=chess
  local dir=$work/$current
  mkdir -p "$dir"
  local command
  command="unset NO_COLOR; $(printf '%q' "$gamerec") play game.chess --ai white=1 --seed 1; echo \"[gamerec exited \$?]\"; exec sleep 600"
  if ! tmux_ new-session -d -s "$current" -x 100 -y 40 -c "$dir" "$command"; then
    fail "tmux new-session failed"
    return
  fi
  wait_for "Black's prompt after White's first move" prompt_after 'Black>' '^Black to move, move 1$' || return
  screen_has '^White plays 1\. [a-hNBRQK][a-h1-8x+#=NBRQ]+$' || fail "White's move is not numbered '1. ...'"
  screen_has '^ +h +g +f +e +d +c +b +a$' || fail "the board is not seen from Black's side (h-file on the left)"
  local row1
  row1=$(screen -e | awk -v esc="$ESC" '{ p = $0; gsub(esc "\\[[0-9;]*m", "", p); if (p ~ /^1 +R +N +B +K +Q +B +N +R +1$/) line = $0 } END { print line }')
  [ -n "$row1" ] || fail "no row 1 (R N B K Q B N R, from Black's side) on the screen"
  printf '%s' "$row1" | grep -q '48;5;255' || fail "White's tiles are not the palest grey: $(printf '%s' "$row1" | cat -v)"
  if printf '%s' "$row1" | grep -Eq '48;5;(231|15)[;m]'; then
    fail "White's tiles are the terminal's own white: $(printf '%s' "$row1" | cat -v)"
  fi
  type_line 'Nf6'
  wait_for "Black's prompt after White's second move" prompt_after 'Black>' '^Black to move, move 2$' || return
  screen_has '^White plays 2\. ' || fail "White's second move is not numbered '2. ...'"
  type_line 'Q'
  wait_for "gamerec to exit after Q" exited || return
  screen_has '^\[gamerec exited 0\]$' || fail "gamerec did not exit with status 0"
  tmux_ kill-session -t "$current" >/dev/null 2>&1
}

run_session colour 'unset NO_COLOR'
run_session plain 'NO_COLOR=1; export NO_COLOR'
run_battleship_session
run_chess_session

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "play under tmux: all checks passed"
exit 0
