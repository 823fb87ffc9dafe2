#!/usr/bin/env python3
"""An example gomoku player for gamerec's exec:PROGRAM protocol (man
gamerec-games, GOMOKU, "Players as programs"):

    gamerec tourney gomoku --players exec:samples/gomoku/players/nearby.py,1 --games 4

It keeps the board from what it is told (every move, its own too) and,
asked for a move, takes the legal point that makes the longest line of its
own stones, or blocks the longest line of the opponent's (its own line
counts a little more).
"""
import sys

size, me, board = 15, None, {}  # board: (col, row) -> side


def point(text):  # "H8" -> (7, 7)
    return ord(text[0].upper()) - ord("A"), int(text[1:]) - 1


def run(col, row, side):  # the longest line of `side` through (col, row)
    best = 0
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        length = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while board.get((c, r)) == side:
                length, c, r = length + 1, c + sign * dc, r + sign * dr
        best = max(best, length)
    return best


def score(text):
    col, row = point(text)
    opponent = "white" if me == "black" else "black"
    near = any(board.get((col + dc, row + dr)) for dc in (-1, 0, 1) for dr in (-1, 0, 1))
    centre = -abs(col - size // 2) - abs(row - size // 2)
    return (max(run(col, row, me) * 2 + 1, run(col, row, opponent) * 2), near, centre)


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "new-game":
        me = words[2]
    elif words[0] == "option" and words[1] == "size":
        size = int(words[2])
    elif words[0] in ("stone", "played"):
        board[point(words[2])] = words[1]
    elif words[0] == "move":
        print(max(words[1:], key=score), flush=True)
    elif words[0] == "end":
        break
