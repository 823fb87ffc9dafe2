#!/usr/bin/env bash
# A random exec: player for every game whose protocol is the shared one of
# games of perfect information (gamerec-games(7), PLAYERS AS PROGRAMS): it
# answers `move LEGAL...` with one of the legal moves, and ignores the rest.
RANDOM=${1:-1}
while read -r word rest; do
  case $word in
    move)
      read -ra legal <<< "$rest"
      echo "${legal[RANDOM % ${#legal[@]}]}" ;;
    end) exit 0 ;;
  esac
done
