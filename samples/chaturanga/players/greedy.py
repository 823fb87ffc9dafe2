#!/usr/bin/env python3
"""An example chaturanga player for gamerec's exec:PROGRAM protocol (man
gamerec-games, CHATURANGA, "Players as programs"):

    gamerec tourney chaturanga --players exec:samples/chaturanga/players/greedy.py,random --games 4

It keeps the board from what it is told (every move, its own too) and,
asked for a move, takes the legal move that captures the most valuable
piece of the other team (a king above all); otherwise a move chosen at
random (seeded, so that a game can be played again).
"""
import random
import sys

VALUE = {"K": 100, "R": 5, "B": 3, "N": 3, "P": 1}
SIDES = ["yellow", "green", "red", "black"]  # teams: yellow and red, green and black
choose = random.Random(1)
board, me = {}, None  # board: "2A" -> (side, piece); set up by the option `setup`


def set_up(text):  # "K1D R1A ... / ... / ... / ...; to-move: ...; eliminated: ..."
    board.clear()
    for side, group in enumerate(text.split(";")[0].split("/")):
        for token in group.split():
            board[token[1:]] = (side, token[0])


def play(move):  # "2A-3A"; castling swaps the king and its own rook
    src, dst = move[:2], move[3:]
    if dst in board and board[dst][0] == board[src][0]:
        board[src], board[dst] = board[dst], board[src]
    else:
        board[dst] = board.pop(src)


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "new-game":
        me = SIDES.index(words[2])
    elif words[0] == "option" and words[1] == "setup":
        set_up(line.split(None, 2)[2])
    elif words[0] == "position":
        set_up(line.split(None, 1)[1])
    elif words[0] == "played":
        play(words[2])
    elif words[0] == "move":
        def gain(move):
            target = board.get(move[3:])
            return VALUE[target[1]] if target and target[0] % 2 != me % 2 else 0
        best = max(gain(move) for move in words[1:])
        print(choose.choice([move for move in words[1:] if gain(move) == best]), flush=True)
    elif words[0] == "end":
        break
