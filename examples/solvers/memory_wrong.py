#!/usr/bin/env python3
"""memory.py with one slip: when the first card turned is a 1 (both 1s
unknown before), the mover never turns a known card second."""
import sys

import memory

memory.SLIP = True
sys.setrecursionlimit(100000)
for line in sys.stdin:
    print(memory.answer(line))
