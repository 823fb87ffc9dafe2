#!/usr/bin/env python3
"""An example kalah player for gamerec's exec:PROGRAM protocol (man
gamerec-games, KALAH, "Players as programs"):

    gamerec tourney kalah --players exec:samples/kalah/players/greedy.py,1 --games 4

It keeps the rows from what it is told (every move, its own too) and,
asked for a move, takes a pit whose last seed falls in its store (an extra
move), else the fullest pit; among equals, the one nearest its store.
"""
import sys

pits, seeds, me = 6, 4, None
rows = {}  # side -> seeds in pits 1..pits


def sow(side, pit):  # plays `pit` for `side`; stores are not kept
    other = "north" if side == "south" else "south"
    hand, rows[side][pit - 1] = rows[side][pit - 1], 0
    where, place = side, pit
    while hand:
        place += 1
        if place > pits:
            if where == side:  # our store: not tracked, only the rows are
                hand -= 1
            where, place = (other if where == side else side), 0
            continue
        rows[where][place - 1] += 1
        hand -= 1
    opposite = pits - place
    if where == side and rows[side][place - 1] == 1 and rows[other][opposite] > 0:  # a capture
        rows[side][place - 1] = rows[other][opposite] = 0


for line in sys.stdin:
    words = line.replace("|", " | ").replace(";", " ; ").split()
    if not words:
        continue
    if words[0] == "new-game":
        me = words[2]
    elif words[0] == "option" and words[1] in ("pits", "seeds"):
        globals()[words[1]] = int(words[2])
        rows = {"south": [seeds] * pits, "north": [seeds] * pits}
    elif words[0] == "position":  # position south: 4 4 ... | 0 ; north: ...
        side = None
        for word in words[1:]:
            if word.endswith(":"):
                side, rows[word[:-1]] = word[:-1], []
            elif word in ("|", ";"):
                side = None
            elif side in ("south", "north"):
                rows[side].append(int(word))
    elif words[0] == "played":
        sow(words[1], int(words[2]))
    elif words[0] == "move":
        legal = [int(word) for word in words[1:]]
        extra = [pit for pit in legal if rows[me][pit - 1] == pits + 1 - pit]
        print(max(extra) if extra else max(legal, key=lambda pit: (rows[me][pit - 1], pit)), flush=True)
    elif words[0] == "end":
        break
