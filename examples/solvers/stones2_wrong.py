#!/usr/bin/env python3
"""Game 2 — subtly wrong: "take the smaller end, so that more is left to
score" as a greedy rule for both players instead of a search. Right on
every row of up to three stones."""
import sys

for line in sys.stdin:
    v = [int(x) for x in line.split(":", 1)[1].split(",")]
    i, j, lead, sign = 0, len(v) - 1, 0, 1
    while i <= j:
        if v[i] <= v[j]:
            i += 1
        else:
            j -= 1
        lead += sign * sum(v[i:j + 1])
        sign = -sign
    print(lead)
