#!/usr/bin/env python3
"""Three-pile Nim (document 002): `win` or `loss` for the side to move.

Protocol of `solved-games check nim cmd:python3 nim.py`: one position per
line on stdin (`735`, or `12,3,40` with a pile over 9), one answer per line.
Bouton: the side to move loses exactly when the piles' XOR is 0.
"""
import sys


def piles(line):
    line = line.strip()
    return [int(p) for p in line.split(",")] if "," in line else [int(c) for c in line]


def main():
    out = []
    for line in sys.stdin:
        x = 0
        for p in piles(line):
            x ^= p
        out.append("win" if x else "loss")
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))


main()
