#!/usr/bin/env python3
"""Game 4 — subtly wrong: after taking X stones M becomes X, not max(M, X)."""
import sys
from functools import lru_cache

for line in sys.stdin:
    v = [int(x) for x in line.split(":", 1)[1].split(",")]
    n = len(v)

    @lru_cache(maxsize=None)
    def d(i, m):
        if i == n:
            return 0
        return max(sum(v[i:i + x]) - d(i + x, x) for x in range(1, min(2 * m, n - i) + 1))

    print(d(0, 1))
