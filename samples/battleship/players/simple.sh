#!/bin/sh
# An example battleship player for gamerec's exec:PROGRAM protocol (man
# gamerec-games, "Players as programs"), in plain POSIX sh:
#
#   gamerec tourney battleship --players exec:samples/battleship/players/simple.sh,random --wins 10
#
# It reads one line at a time on standard input and answers `ship` and `shot`
# on standard output. Fleet: the ships in rows, left to right, with a free
# cell after each ship and a free row between rows. Shots: the cells of a
# checkerboard row by row, then the others; after a hit, the four neighbours
# first (a ship is straight, so one of them goes on with it).

letters="A B C D E F G H I J K L M N O P Q R S T U V W X Y Z"
width=10 height=10
place_row=1 place_col=1   # where the next ship goes
next=0                    # scan position, 0 .. 2 * width * height - 1
shot=" "                  # every cell shot so far, space-separated
queue=""                  # neighbours of hits still to try

# No $(...) below: a subshell per cell would make a game take seconds.
letter() { n=$1; set -- $letters; eval "L=\${$n}"; }   # 3 -> L=C
column() {                                             # C -> N=3
  N=1
  for l in $letters; do
    [ "$l" = "$1" ] && return
    N=$((N + 1))
  done
}
is_shot() { case "$shot" in *" $1 "*) return 0 ;; esac; return 1; }

# cell= the next cell of the scan that was not shot yet.
scan() {
  while [ $next -lt $((2 * width * height)) ]; do
    i=$((next % (width * height)))
    parity=$((next / (width * height)))
    next=$((next + 1))
    r=$((i / width + 1)) c=$((i % width + 1))
    [ $(((r + c) % 2)) -eq $parity ] || continue
    letter $c
    cell="$L$r"
    is_shot "$cell" || return
  done
}

# queue+= the neighbours of the cell $1 on the grid.
neighbours() {
  column "${1%"${1#?}"}"
  col=$N row=${1#?}
  letter $col
  [ "$row" -gt 1 ] && queue="$queue $L$((row - 1))"
  [ "$row" -lt "$height" ] && queue="$queue $L$((row + 1))"
  if [ "$col" -gt 1 ]; then letter $((col - 1)); queue="$queue $L$row"; fi
  if [ "$col" -lt "$width" ]; then letter $((col + 1)); queue="$queue $L$row"; fi
}

while read -r command a b c; do
  case "$command" in
    new-game)
      width=$a height=$b place_row=1 place_col=1 next=0 shot=" " queue="" ;;
    ship | placed)
      # placed N LENGTH CELL DIRECTION: a game continued from a record
      # tells the ships already placed; the layout goes on after them.
      length=$b
      if [ $((place_col + length - 1)) -gt "$width" ]; then
        place_row=$((place_row + 2)) place_col=1
      fi
      letter $place_col
      [ "$command" = ship ] && echo "$L$place_row right"
      place_col=$((place_col + length + 1)) ;;
    shot)
      cell=""
      while [ -n "$queue" ] && [ -z "$cell" ]; do
        set -- $queue
        first=$1
        shift
        queue="$*"
        is_shot "$first" || cell=$first
      done
      [ -n "$cell" ] || scan
      shot="$shot$cell "
      echo "$cell" ;;
    answer)
      # answer CELL RESULT: our own shot (also those of a game continued
      # from a record, told after new-game).
      shot="$shot$a "
      case "$b" in
        hit) neighbours "$a" ;;
        sunk) queue="" ;;
      esac ;;
    opponent) ;;   # opponent CELL RESULT: a shot at our fleet
    end) exit 0 ;;
  esac
done
