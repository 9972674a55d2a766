#!/usr/bin/env python3
"""Scaled 10,000-yen values looked up in tables that `solved-games export
yen` wrote (the files named on the command line, one per T and R; a
state's value depends on the state only) — subtly wrong, to test `check`'s
shrinking: when B holds more money than A, it answers the value of the
mirrored state (A and B swapped) without negating it, the slip of a
solver that stores one orientation only. Right whenever A has at least B's
money.

    solved-games export yen total=3 rounds=3 --out t3r3.tsv
    solved-games check yen cmd:"python3 yen_wrong.py t3r3.tsv ..." --params "total=3 rounds=3"
"""
import sys

value = {}
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or line.startswith("instance\t"):
                continue
            instance, v = line.rstrip("\n").split("\t")
            value[instance.split(": ")[1]] = v

for line in sys.stdin:
    rounds_left, a, b, d = line.strip().split(": ")[1].split(",")
    if int(b) > int(a):
        print(value[f"{rounds_left},{b},{a},{-int(d)}"])
    else:
        print(value[f"{rounds_left},{a},{b},{d}"])
