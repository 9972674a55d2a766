#!/usr/bin/env python3
"""Nim by memoised search — subtly wrong: a move takes at most 8 stones
(a limit carried over from a subtraction game), so a lone pile of 9 looks
lost. Right on every position with piles up to 8."""
import sys
from functools import lru_cache

LIMIT = 8


@lru_cache(maxsize=None)
def losing(position):
    for i, p in enumerate(position):
        for take in range(1, min(p, LIMIT) + 1):
            nxt = list(position)
            nxt[i] -= take
            if losing(tuple(sorted(nxt))):
                return False
    return True


def piles(line):
    line = line.strip()
    return [int(p) for p in line.split(",")] if "," in line else [int(c) for c in line]


for line in sys.stdin:
    print("loss" if losing(tuple(sorted(piles(line)))) else "win")
