#!/bin/sh
# A battleship player that breaks the exec protocol in one way, for the
# tests: misbehave.sh MODE. It places a fixed legal fleet for the default
# rules (unless MODE breaks the placement), then at its first shot:
#   crash     exits with status 3
#   hang      never answers
#   close     closes its input and output, and keeps running
#   closeout  closes its output only, and keeps reading
#   orphan    starts a background sleep that holds its output, writes the
#             sleep's pid to the file named by its second argument, and exits
#   repeat    shoots A1 every time (the second is a repeated shot)
#   lie       claims its shot at A1 sank a ship
#   long      answers with a line of 1000 characters
#   garbage   answers "hello"
#   overlap   (at ship 2) places it over ship 1
mode=$1
pid_file=$2
fleet="A1_right A3_right E3_right A5_right D5_right G5_right A7 C7 E7 G7"
while read -r command a b; do
  case "$command" in
    ship)
      if [ "$mode" = overlap ] && [ "$a" = 2 ]; then echo "B1 down"; continue; fi
      set -- $fleet
      eval "echo \${$a}" | tr _ ' ' ;;
    shot)
      case "$mode" in
        crash) exit 3 ;;
        hang) sleep 30 ;;
        close) exec 0<&- 1>&-; sleep 3; exit 0 ;;
        closeout) exec 1>&-; while read -r line; do :; done; exit 0 ;;
        orphan) sleep 30 & echo $! > "$pid_file"; exit 0 ;;
        repeat) echo A1 ;;
        lie) echo "A1 sunk" ;;
        long) printf '%1000s\n' x ;;
        garbage) echo hello ;;
        *) echo A1 ;;
      esac ;;
    end) exit 0 ;;
  esac
done
