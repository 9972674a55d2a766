#!/usr/bin/env python3
"""The five stone games of document 001: A's score minus B's under optimal
play, for lines `<game>: <values>` (Game 5: `5: <A's> / <B's>`)."""
import sys
from functools import lru_cache


def game1(v):  # one stone from either end, scoring it
    n = len(v)
    d = [[0] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = v[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = max(v[i] - d[i + 1][j], v[j] - d[i][j - 1])
    return d[0][n - 1]


def game2(v):  # either end, scoring the sum of the stones left
    n = len(v)
    pre = [0]
    for x in v:
        pre.append(pre[-1] + x)
    d = [[0] * n for _ in range(n)]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            left = pre[j + 1] - pre[i + 1]   # took v[i]
            right = pre[j] - pre[i]          # took v[j]
            d[i][j] = max(left - d[i + 1][j], right - d[i][j - 1])
    return d[0][n - 1]


def game3(v):  # 1-3 stones from the front
    n = len(v)
    d = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        d[i] = max(sum(v[i:i + x]) - d[i + x] for x in range(1, 4) if i + x <= n)
    return d[0]


def game4(v):  # X stones from the front, 1 <= X <= 2M, M = max(M, X)
    n = len(v)

    @lru_cache(maxsize=None)
    def d(i, m):
        if i == n:
            return 0
        return max(sum(v[i:i + x]) - d(i + x, max(m, x)) for x in range(1, min(2 * m, n - i) + 1))

    return d(0, 1)


def game5(a, b):  # any stone; A and B value stones differently: take by a + b
    order = sorted(range(len(a)), key=lambda i: -(a[i] + b[i]))
    return sum(a[i] if turn % 2 == 0 else -b[i] for turn, i in enumerate(order))


def answer(line):
    number, rest = line.split(":", 1)
    if number.strip() == "5":
        a, b = rest.split("/")
        return game5([int(x) for x in a.split(",")], [int(x) for x in b.split(",")])
    v = [int(x) for x in rest.split(",")]
    return {"1": game1, "2": game2, "3": game3, "4": game4}[number.strip()](v)


if __name__ == "__main__":
    for line in sys.stdin:
        print(answer(line))
