#!/usr/bin/env python3
"""Game 3 — subtly wrong: `range(1, 3)` lets a player take 1 or 2 stones,
never 3."""
import sys

for line in sys.stdin:
    v = [int(x) for x in line.split(":", 1)[1].split(",")]
    n = len(v)
    d = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        d[i] = max(sum(v[i:i + x]) - d[i + x] for x in range(1, 3) if i + x <= n)
    print(d[0])
