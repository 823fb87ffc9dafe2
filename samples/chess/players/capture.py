#!/usr/bin/env python3
"""An example chess player for gamerec's exec:PROGRAM protocol (man
gamerec-games, CHESS, "Players as programs"):

    gamerec tourney chess --players exec:samples/chess/players/capture.py,random --games 4

It keeps the board from what it is told (every move, its own too, in
coordinates: "e2e4") and, asked for a move, takes the legal move that
captures the most valuable piece, promoting to a queen; otherwise a move
chosen at random (seeded, so that a game can be played again).
"""
import random
import sys

VALUE = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9, "k": 0}
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
choose = random.Random(1)
chess960 = False  # castling written as the king taking its own rook
board = {}  # "e2" -> "P" (upper case: white)


def set_up(fen):
    board.clear()
    for rank, row in zip("87654321", fen.split()[0].split("/")):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                board["abcdefgh"[file] + rank] = c
                file += 1


def play(move):  # coordinates; castling and en passant moved as the rules do
    src, dst, piece = move[:2], move[2:4], board.pop(move[:2])
    if piece in "Pp" and src[0] != dst[0] and dst not in board:
        board.pop(dst[0] + src[1], None)  # en passant
    if piece in "Kk" and board.get(dst, " ").lower() == "r" and board[dst].isupper() == piece.isupper():
        rook = board.pop(dst)  # Chess960: the king takes its own rook
        dst = ("g" if dst[0] > src[0] else "c") + src[1]
        board[("f" if dst[0] == "g" else "d") + src[1]] = rook
    elif piece in "Kk" and abs(ord(dst[0]) - ord(src[0])) == 2 and not chess960:
        rook_from = ("h" if dst[0] == "g" else "a") + src[1]
        board[("f" if dst[0] == "g" else "d") + src[1]] = board.pop(rook_from)
    board[dst] = move[4].upper() if len(move) > 4 and piece.isupper() else move[4] if len(move) > 4 else piece


set_up(START)
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "new-game":
        set_up(START)
    elif words[0] == "option" and words[1] == "chess960":
        chess960 = words[2] == "true"
    elif words[0] == "position":
        set_up(" ".join(words[1:]))
    elif words[0] == "played":
        play(words[2])
    elif words[0] == "move":
        legal = words[1:]
        mine = str.isupper if board[legal[0][:2]].isupper() else str.islower
        target = {move: board.get(move[2:4], "k") for move in legal}  # a king is never taken
        gain = {move: (0 if mine(target[move]) else VALUE[target[move].lower()]) + (8 if move[4:] == "q" else 0)
                for move in legal}
        best = max(gain.values())
        print(choose.choice([move for move in legal if gain[move] == best]), flush=True)
    elif words[0] == "end":
        break
