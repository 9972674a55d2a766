#!/usr/bin/env python3
"""The Memory game with a special pair (document 004, §2.1): the mover's
expected points in F(n,m,k) (both 1s unknown) and G(n,m,k) (one 1 known),
exact, by the recurrences over (family, n, m, k). One state per line
(`F(3,0,1)`, `G(2,0,1)`, the paper's `G(n,k)`), one `p/q` per line.

Set SLIP = True (memory_wrong.py does) to forget, when the first card
turned is a 1, that the mover may turn a known card second."""
import re
import sys
from fractions import Fraction
from functools import lru_cache

SLIP = False
WIN, LOSE = ("win",), ("lose",)


def mine(*state):
    return ("mine",) + state


def theirs(*state):
    return ("theirs",) + state


def worth(nxt):
    if nxt == WIN:
        return Fraction(1)
    if nxt == LOSE:
        return Fraction(0)
    v = value(*nxt[1:])
    return v if nxt[0] == "mine" else 1 - v


def mean(outcomes):
    outcomes = [(c, x) for c, x in outcomes if c > 0]
    return sum(c * worth(x) for c, x in outcomes) / sum(c for c, _ in outcomes)


@lru_cache(maxsize=None)
def value(family, n, m, k):
    take = None
    cases = []  # (cards, [answers, each a list of (count, next)])
    opened = Fraction(0)  # points times the unknown cards
    if family == "F":
        fresh = n - m - k - 1
        if m >= 1:
            take = value("F", n - 1, m - 1, k)
        if k >= 1:
            answers = [[(1, mine("F", n - 1, m, k - 1))]]
            if m + k >= 2:
                answers.append([(1, theirs("F", n, m + 1, k - 1))])
            answers.append([(k - 1, theirs("F", n, m + 2, k - 2)),
                            (2, theirs("G", n, m + 1, k)),
                            (2 * fresh, theirs("F", n, m + 1, k))])
            cases.append((k, answers))
        answers = []
        if m + k >= 1 and not SLIP:
            answers.append([(1, theirs("G", n, m, k + 1))])
        answers.append([(1, WIN), (k, theirs("G", n, m + 1, k)),
                        (2 * fresh, theirs("G", n, m, k + 2))])
        cases.append((2, answers))
        if fresh > 0:
            answers = []
            if m + k >= 1:
                answers.append([(1, theirs("F", n, m, k + 1))])
            answers.append([(1, mine("F", n - 1, m, k)), (2, theirs("G", n, m, k + 2)),
                            (k, theirs("F", n, m + 1, k)),
                            (2 * fresh - 2, theirs("F", n, m, k + 2))])
            cases.append((2 * fresh, answers))
    else:
        fresh = n - m - k
        if m >= 1:
            take = value("G", n - 1, m - 1, k)
        opened += 1  # the other 1 turned first: the mover takes the pair
        if k >= 2:
            cases.append((k - 1, [[(1, mine("G", n - 1, m, k - 1))],
                                  [(1, theirs("G", n, m + 1, k - 1))],
                                  [(k - 2, theirs("G", n, m + 2, k - 2)),
                                   (2 * fresh, theirs("G", n, m + 1, k)), (1, LOSE)]]))
        if fresh > 0:
            cases.append((2 * fresh, [[(1, theirs("G", n, m, k + 1))],
                                      [(1, mine("G", n - 1, m, k)), (k - 1, theirs("G", n, m + 1, k)),
                                       (1, LOSE), (2 * fresh - 2, theirs("G", n, m, k + 2))]]))
    for cards, answers in cases:
        opened += cards * max(mean(a) for a in answers)
    active = opened / (2 * n - 2 * m - k)
    if take is not None and take > active:
        active = take
    if m + k >= 2 and active < Fraction(1, 2):
        return Fraction(1, 2)  # passing for ever is a draw
    return active


def answer(line):
    family, *numbers = re.findall(r"[FG]|\d+", line)
    if len(numbers) == 2:
        numbers = [numbers[0], 0, numbers[1]]
    v = value(family, *map(int, numbers))
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


if __name__ == "__main__":
    sys.setrecursionlimit(100000)
    for line in sys.stdin:
        print(answer(line))
