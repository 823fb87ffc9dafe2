#!/usr/bin/env python3
"""An example Gomocup brain for gamerec's pbrain:PROGRAM players (man
gamerec-games, GOMOKU, "Gomocup brains"), speaking Gomocup's protocol:

    gamerec tourney gomoku --players pbrain:samples/gomoku/brains/pbrain-nearby.py,1 --games 4

Points are "x,y" from 0,0 at the top left. It takes the free point that
makes the longest line of its own stones, or blocks the opponent's longest
(its own counts a little more), nearest the centre on a tie.
"""
import sys

size, board = 15, {}  # board: (x, y) -> 1 (its own stone) or 2 (the opponent's)


def run(x, y, who):  # the longest line of `who` through (x, y)
    best = 0
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        length = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while board.get((cx, cy)) == who:
                length, cx, cy = length + 1, cx + sign * dx, cy + sign * dy
        best = max(best, length)
    return best


def answer():
    free = [(x, y) for x in range(size) for y in range(size) if (x, y) not in board]
    centre = size // 2

    def score(point):
        x, y = point
        return (max(run(x, y, 1) * 2 + 1, run(x, y, 2) * 2), -abs(x - centre) - abs(y - centre), -x, -y)

    x, y = max(free, key=score)
    board[(x, y)] = 1
    print(f"{x},{y}", flush=True)


lines = iter(sys.stdin)
for line in lines:
    words = line.strip().replace(",", " ").split()
    if not words:
        continue
    command = words[0].upper()
    if command == "START":
        size, board = int(words[1]), {}
        print("OK" if 5 <= size <= 26 else "ERROR unsupported size", flush=True)
    elif command == "RESTART":
        board = {}
        print("OK", flush=True)
    elif command == "BEGIN":
        answer()
    elif command == "TURN":
        board[(int(words[1]), int(words[2]))] = 2
        answer()
    elif command == "BOARD":
        board = {}
        for stone in lines:
            fields = stone.strip().split(",")
            if fields[0].upper() == "DONE":
                break
            board[(int(fields[0]), int(fields[1]))] = 1 if fields[2] == "1" else 2
        answer()
    elif command == "ABOUT":
        print('name="nearby", version="1.0", author="gamerec examples"', flush=True)
    elif command == "END":
        break
    elif command != "INFO":  # INFO needs no answer; anything else is unknown
        print("UNKNOWN", flush=True)
