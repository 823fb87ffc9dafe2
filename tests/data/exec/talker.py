#!/usr/bin/env python3
"""A player for any game of the shared exec: protocol (gamerec-games(7),
PLAYERS AS PROGRAMS), for the tests: it copies every line it is told to
standard error ("< LINE") and answers each `move` with the first legal
move listed ("> MOVE"), so that a golden case shows the whole dialogue."""
import sys

for line in sys.stdin:
    line = line.rstrip("\n")
    print("< " + line, file=sys.stderr, flush=True)
    words = line.split()
    if words and words[0] == "move":
        print("> " + words[1], file=sys.stderr, flush=True)
        print(words[1], flush=True)
