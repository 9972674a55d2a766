#!/usr/bin/env python3
"""Game 5 — subtly wrong: each player greedily takes the stone worth most
to itself (by its own value) instead of by a + b."""
import sys

for line in sys.stdin:
    a, b = line.split(":", 1)[1].split("/")
    a = [int(x) for x in a.split(",")]
    b = [int(x) for x in b.split(",")]
    left = set(range(len(a)))
    lead = 0
    for turn in range(len(a)):
        values = a if turn % 2 == 0 else b
        i = max(sorted(left), key=lambda i: values[i])
        left.remove(i)
        lead += a[i] if turn % 2 == 0 else -b[i]
    print(lead)
