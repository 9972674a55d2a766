#!/usr/bin/env python3
"""Mini-Geister answers looked up in a table that `solved-games export
geister` wrote (the files named on the command line) — subtly wrong, to
test `check`'s shrinking: a distance is counted two plies long whenever
one of player 1's pieces stands on rank 3 (an off-by-one-move in the
approach to the escape squares). Right on every other position.

    solved-games export geister analysis=basic --out basic.tsv
    solved-games check geister cmd:"python3 geister_wrong.py basic.tsv"
"""
import sys

table = {}
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or line.startswith("instance\t"):
                continue
            instance, value, distance = line.rstrip("\n").split("\t")
            table[instance] = (int(value), int(distance))


def on_rank_3(pieces):
    """Whether a side's pieces (`b1,Rc3`, or empty) have one on rank 3."""
    return any(square.endswith("3") for square in pieces.split(",") if square)


for line in sys.stdin:
    question = line.strip()
    value, distance = table[question]
    player1 = question.split(" ")[1].split("/")[0]
    if value != 0 and on_rank_3(player1):
        distance += 2
    print(f"{value}\t{distance}")
