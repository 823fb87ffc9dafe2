#!/usr/bin/env python3
"""A player of the shared exec: protocol (gamerec-games(7), PLAYERS AS
PROGRAMS) that breaks it in one way, for the tests: misbehave.py MODE
[FILE]. It writes its process group's id to FILE when given, answers its
first `move` with the first legal move, and at its second:
  crash     exits with status 3
  segv      is killed by SIGSEGV
  exit      exits with status 0
  hang      never answers (sleeps)
  flood     writes without end and without a newline
  spam      writes lines of "hello" without end
  garbage   answers "hello"
  repeat    answers its first move again (taken by then, or illegal)
  close     closes its output and keeps reading
and otherwise plays on with the first legal move, then:
  linger    ignores SIGTERM and the end of its input, and sleeps
  children  leaves two sleeping children behind when its input ends
"""
import os
import signal
import subprocess
import sys
import time

mode = sys.argv[1]
if len(sys.argv) > 2:
    with open(sys.argv[2], "w") as out:
        out.write(str(os.getpgrp()))
if mode == "linger":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if mode == "children":
    for _ in range(2):
        subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)

moves = 0
first = None
for line in sys.stdin:
    words = line.split()
    if not words or words[0] != "move":
        continue
    moves += 1
    if moves == 1:
        first = words[1]
    elif mode == "crash":
        sys.exit(3)
    elif mode == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "exit":
        sys.exit(0)
    elif mode == "hang":
        time.sleep(60)
    elif mode == "flood":
        while True:
            sys.stdout.write("x" * 65536)
    elif mode == "spam":
        while True:
            sys.stdout.write("hello\n" * 1000)
    elif mode == "garbage":
        print("hello", flush=True)
        continue
    elif mode == "repeat":
        print(first, flush=True)
        continue
    elif mode == "close":
        os.close(1)
        for _ in sys.stdin:
            pass
        time.sleep(60)
    print(words[1], flush=True)
if mode == "linger":
    time.sleep(60)
