#!/usr/bin/env python3
"""Ours against the peers on the same problems, in the same run (README,
"Performance"): the median wall time of each side over RUNS runs, and the
ratio peer / ours.

    python3 benches/peers.py [RUNS]      # default 5

Needs pygambit and open-spiel (`.ci/run` installs them) and the release
binary ($SOLVED_GAMES, or target/release/solved-games). Not run by CI:
timings are measurements, never assertions.

Our side is the binary, process start included (a few milliseconds); the
peers run inside this interpreter, its start excluded. Each pair of runs
also checks that both sides give the same answer, so that the ratio
compares two solvers of one problem."""

import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

ROOT = pathlib.Path(__file__).resolve().parents[1]
BINARY = os.environ.get("SOLVED_GAMES", str(ROOT / "target" / "release" / "solved-games"))


def ours(*args):
    done = subprocess.run([BINARY, *args], capture_output=True, text=True, check=True)
    return done.stdout


def timed(f, runs):
    """(median seconds, the last result) of `runs` calls of f."""
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def nim_ours(largest):
    table = json.loads(ours("nim", "--table", "--max", str(largest), "--json"))
    return {tuple(r["position"]): not r["losing"] for r in table["positions"] if sum(r["position"])}


def nim_openspiel(largest):
    """Minimax over pyspiel's own Nim from (largest, largest, largest),
    every child searched, as tests/peers/test_openspiel.py does."""
    import pyspiel

    game = pyspiel.load_game(
        "nim", {"pile_sizes": ";".join([str(largest)] * 3), "is_misere": False}
    )
    wins = {}

    def solve(state):
        key = tuple(int(p) for p in str(state).split(":")[1].split())
        if key not in wins:
            mover = state.current_player()
            outcomes = []
            for action in state.legal_actions():
                child = state.child(action)
                outcomes.append(
                    child.returns()[mover] > 0 if child.is_terminal() else not solve(child)
                )
            wins[key] = any(outcomes)
        return wins[key]

    solve(game.new_initial_state())
    return wins


def yen_ours(total, rounds):
    args = ["yen", "solve", "--units", str(total), "--rounds", str(rounds), "--json"]
    return Fraction(json.loads(ours(*args))["value"])


def yen_gambit(path):
    """Gambit's exact LP on our .efg, its sequence-form LCP where the LP
    gives no profile (SPEC.md, "Peers: Gambit and OpenSpiel", finding 1),
    as tests/peers/test_gambit.py solves it."""
    import pygambit as gbt

    game = gbt.read_efg(str(path))
    profile = gbt.nash.lp_solve(game, rational=True).equilibria[0]
    if not all(sum(profile[a] for a in i.actions) == 1 for i in game.infosets):
        profile = gbt.nash.lcp_solve(game, rational=True).equilibria[0]
    return Fraction(str(profile.payoff(game.players["A"])))


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    rows = []

    largest = 7
    ours_s, ours_wins = timed(lambda: nim_ours(largest), runs)
    peer_s, peer_wins = timed(lambda: nim_openspiel(largest), runs)
    assert ours_wins == peer_wins, "Nim: ours and OpenSpiel disagree"
    rows.append((f"Nim, every position with 3 piles ≤ {largest}", "OpenSpiel minimax", ours_s, peer_s))

    with tempfile.TemporaryDirectory() as scratch:
        # Whole matches Gambit solves in seconds (its LP took minutes on the
        # 100 leaves of T = 3, R = 3): 16 and 49 leaves.
        for total, rounds in [(3, 2), (6, 2)]:
            path = pathlib.Path(scratch) / f"yen-{total}-{rounds}.efg"
            path.write_text(ours("yen", "export-efg", "--units", str(total), "--rounds", str(rounds)))
            ours_s, ours_value = timed(lambda: yen_ours(total, rounds), runs)
            peer_s, peer_value = timed(lambda: yen_gambit(path), runs)
            assert ours_value == peer_value, f"yen T={total} R={rounds}: {ours_value} vs {peer_value}"
            rows.append(
                (f"yen game, whole match T = {total}, R = {rounds}", "Gambit lp_solve (exact)", ours_s, peer_s)
            )

    print(f"median of {runs} runs each")
    print("| problem | peer | ours | peer | peer / ours |")
    print("|---|---|---|---|---|")
    for problem, peer, ours_s, peer_s in rows:
        print(f"| {problem} | {peer} | {ours_s * 1e3:.1f} ms | {peer_s * 1e3:.1f} ms | {peer_s / ours_s:.0f}× |")


if __name__ == "__main__":
    main()
