"""OpenSpiel (pyspiel): its own Nim against our Nim table, and one of our
.efg yen games solved there by CFR+ against our exact value."""

import json
from fractions import Fraction

import pyspiel
import pytest

from conftest import our_value, ours


def pyspiel_nim_wins(largest):
    """Minimax over pyspiel's `nim` (normal play) from piles
    (largest, largest, largest): every position with smaller piles is
    reached from there. Returns {piles: does the player to move win}, by
    pyspiel's moves and pyspiel's returns at the end."""
    game = pyspiel.load_game(
        "nim", {"pile_sizes": ";".join([str(largest)] * 3), "is_misere": False}
    )
    wins = {}

    def piles(state):
        # "(0): 7 3 5": the player to move, then the piles.
        return tuple(int(p) for p in str(state).split(":")[1].split())

    def solve(state):
        key = piles(state)
        if key not in wins:
            mover = state.current_player()
            # Every child is searched (no cut-off), so that every smaller
            # position gets its own entry.
            outcomes = []
            for action in state.legal_actions():
                child = state.child(action)
                if child.is_terminal():
                    outcomes.append(child.returns()[mover] > 0)
                else:
                    outcomes.append(not solve(child))
            wins[key] = any(outcomes)
        return wins[key]

    solve(game.new_initial_state())
    return wins


def test_nim_every_position_with_piles_up_to_7():
    table = json.loads(ours("nim", "--table", "--max", "7", "--json"))
    positions = table["positions"]
    assert len(positions) == 8**3
    wins = pyspiel_nim_wins(7)
    for row in positions:
        piles = tuple(row["position"])
        if sum(piles) == 0:
            # pyspiel's game ends at 0 0 0 (no one to move): the player who
            # would move there has lost, as our table says.
            assert row["losing"]
            continue
        assert wins[piles] == (not row["losing"]), piles
    assert len(wins) == 8**3 - 1


@pytest.mark.parametrize(
    "total, rounds, state, expected",
    [
        # The state after A bet 1 and B bet 0 of T = 4 (B took 1).
        (4, 3, "2,3,4,-1", Fraction(1, 2)),
        (5, 3, "2,5,3,2", Fraction(-1, 2)),
        (4, 4, "3,4,2,2", Fraction(-2, 3)),
        (4, 4, "3,4,1,3", Fraction(-1, 3)),
        # Whole matches from the start (value 0 by symmetry).
        (6, 3, None, Fraction(0)),
        (3, 4, None, Fraction(0)),
    ],
)
def test_cfr_on_our_efg_reaches_our_value(total, rounds, state, expected, export):
    """OpenSpiel's `load_efg_game` reads our .efg unmodified and CFR+ runs
    to exploitability < 1e-3; its average policy's value to A is then
    within 2 * exploitability of the game's value, which is ours (and
    `expected`, so that a wrong `yen solve` and a wrong export cannot agree
    by accident)."""
    args = ["--total", str(total), "--rounds", str(rounds)]
    if state is not None:
        args += ["--from", state]
    game = pyspiel.load_efg_game(export(*args).read_text())
    solver = pyspiel.CFRPlusSolver(game)
    exploitability = 1.0
    for iteration in range(1, 5001):
        solver.evaluate_and_update_policy()
        if iteration % 50 == 0:
            policy = solver.average_policy()
            exploitability = pyspiel.exploitability(game, policy)
            if exploitability < 1e-4:
                break
    assert exploitability < 1e-3
    value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
    exact = our_value(total, rounds, state)
    assert exact == expected
    assert abs(value - float(exact)) <= 2 * exploitability + 1e-12, (value, exact)
