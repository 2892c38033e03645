#!/usr/bin/env python3
"""A tiny engine speaking Plateau's engine protocol (docs/protocol.md):
it plays the first legal move. It leaves the rules to `plateau engine`
(the PLATEAU environment variable names the binary, default "plateau")
and answers `go` itself: replace choose() by your own search.

Run it through the bridge:
    plateau bot --url URL --api-key KEY --engine "python3 firstmove.py"
"""
import os
import subprocess
import sys

rules = subprocess.Popen([os.environ.get("PLATEAU", "plateau"), "engine"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(command):
    """Sends a command to the rules engine; returns its answer lines, the
    last one "ok" or "err ..."."""
    rules.stdin.write(command + "\n")
    rules.stdin.flush()
    lines = []
    while True:
        line = rules.stdout.readline()
        if not line:
            sys.exit(1)  # the rules engine died
        lines.append(line.rstrip("\n"))
        if lines[-1] == "ok" or lines[-1].startswith("err"):
            return lines


def choose(legal):
    """The search: here, the first legal move."""
    return legal[0]


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "quit":
        break
    if words[0] == "go":
        moves = ask("validmoves")
        if moves[-1] != "ok" or not moves[0].split():
            print("err no legal move")
        else:
            print("bestmove " + choose(moves[0].split()))
            print("ok")
    else:
        print("\n".join(ask(line.strip())))
    sys.stdout.flush()
