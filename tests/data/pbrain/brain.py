#!/usr/bin/env python3
"""A Gomocup brain for the tests, written from Piskvork's published brain
protocol: START, RECTSTART, INFO, BEGIN, TURN, BOARD ... DONE, ABOUT, END,
and UNKNOWN for anything else. It answers with CR LF, sends a MESSAGE and
a DEBUG line before each move, and plays a five when it can make one,
blocks the opponent's four, else extends its longest line next to the
stones (the centre first).

brain.py [MODE [FILE]] misbehaves in one way, for the tests:
  lf        ends its lines with LF alone
  log       writes every line it is sent, with its line end shown, to FILE
  pgid      plays normally
and with FILE, but for log, it writes its process group's id to FILE.
  refuse    answers START with ERROR
  noabout   answers ABOUT with UNKNOWN
  crash     exits with status 3 at its second move
  hang      never answers its second move
  flood     writes without end and without a newline at its second move
  chatter   sends MESSAGE lines without end at its second move
  garbage   answers its second move with "hello"
  occupied  answers its second move with its first
  offboard  answers its second move with 99,99
  error     answers its second move with ERROR
  unknown   answers TURN with UNKNOWN
  exit      exits with status 0 at its second move
  linger    ignores END, SIGTERM and the end of its input, and sleeps
  children  leaves two sleeping children behind (and plays normally)
  hog       holds 64 MB more from its second move on (and plays normally)
  slow      takes 0.2 s over each move
PBRAIN_DELAY=SECONDS in its environment makes it take that long over each
move in any mode (slow: 0.2 unless it says otherwise).
"""
import os
import signal
import subprocess
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else ""
path = sys.argv[2] if len(sys.argv) > 2 else None
end = "\n" if mode == "lf" else "\r\n"
log = open(path, "a") if mode == "log" else None
if mode != "log" and path:
    with open(path, "w") as out:
        out.write(str(os.getpgrp()))
if mode == "linger":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if mode == "children":
    for _ in range(2):
        subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)

width = height = 20
board = {}  # (x, y) -> 1 own, 2 opponent
moves = 0
first = None


def say(text):
    sys.stdout.write(text + end)
    sys.stdout.flush()


def run(x, y, who):  # the longest line of `who` through (x, y) if it played there
    best = 0
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        length = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while board.get((cx, cy)) == who:
                length, cx, cy = length + 1, cx + sign * dx, cy + sign * dy
        best = max(best, length)
    return best


def choose():
    free = [(x, y) for x in range(width) for y in range(height) if (x, y) not in board]
    if not board:
        return width // 2, height // 2
    near = [p for p in free if any((p[0] + dx, p[1] + dy) in board for dx in (-1, 0, 1) for dy in (-1, 0, 1))]
    return max(near or free, key=lambda p: (run(p[0], p[1], 1) >= 5, run(p[0], p[1], 2) >= 5,
                                            run(p[0], p[1], 1) + run(p[0], p[1], 2), -p[0], -p[1]))


hoard = None


def move():
    global moves, first, hoard
    moves += 1
    delay = float(os.environ.get("PBRAIN_DELAY", "0.2" if mode == "slow" else "0"))
    if delay > 0:
        time.sleep(delay)
    if moves == 2 and mode == "hog":
        hoard = b"x" * (64 << 20)  # written, so resident
    if moves == 2:
        if mode == "crash":
            sys.exit(3)
        if mode == "exit":
            sys.exit(0)
        if mode == "hang":
            time.sleep(60)
        if mode == "flood":
            while True:
                sys.stdout.write("x" * 65536)
        if mode == "chatter":
            while True:
                say("MESSAGE still thinking")
        if mode == "garbage":
            return say("hello")
        if mode == "occupied":
            return say("%d,%d" % first)
        if mode == "offboard":
            return say("99,99")
        if mode == "error":
            return say("ERROR out of ideas")
    x, y = choose()
    board[(x, y)] = 1
    first = first or (x, y)
    say("DEBUG considering %d,%d" % (x, y))
    say("MESSAGE playing %d,%d" % (x, y))
    say("%d,%d" % (x, y))


reading_board = False
for raw in sys.stdin:
    if log:
        log.write(raw.replace("\r", "<CR>").replace("\n", "<LF>") + "\n")
        log.flush()
    line = raw.strip()
    if not line:
        continue
    word, _, rest = line.partition(" ")
    word = word.upper()
    if reading_board:
        if word == "DONE":
            reading_board = False
            move()
        else:
            x, y, who = (int(v) for v in line.split(","))
            board[(x, y)] = who
    elif word == "START":
        if mode == "refuse":
            say("ERROR unsupported size")
            continue
        width = height = int(rest)
        board.clear()
        say("OK")
    elif word == "RECTSTART":
        width, height = (int(v) for v in rest.split(","))
        board.clear()
        say("OK")
    elif word == "INFO":
        pass
    elif word == "BEGIN":
        move()
    elif word == "TURN":
        if mode == "unknown":
            say("UNKNOWN what is a turn")
            continue
        x, y = (int(v) for v in rest.split(","))
        board[(x, y)] = 2
        move()
    elif word == "BOARD":
        board.clear()
        reading_board = True
    elif word == "ABOUT":
        if mode == "noabout":
            say("UNKNOWN")
        else:
            say('name="testbrain", version="1.0", author="gamerec tests", country="CZ"')
    elif word == "END":
        if mode != "linger":
            sys.exit(0)
    else:
        say("UNKNOWN " + word)
if mode == "linger":
    time.sleep(60)
