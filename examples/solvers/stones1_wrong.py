#!/usr/bin/env python3
"""Game 1 — subtly wrong: on an even number of stones the first player
"can take all the odd or all the even positions" (true), so the solver
answers the better of those two splits instead of searching (the lead
optimal play gets can be larger)."""
import sys
from stones import answer

for line in sys.stdin:
    number, rest = line.split(":", 1)
    v = [int(x) for x in rest.split(",")]
    if len(v) % 2 == 0:
        even, odd = sum(v[0::2]), sum(v[1::2])
        print(abs(even - odd))
    else:
        print(answer(line))
