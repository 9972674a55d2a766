"""Gambit (pygambit) reads our .efg/.nfg files unmodified and its exact
rational LP gives our values."""

from fractions import Fraction
from math import comb

import pygambit as gbt
import pytest

from conftest import our_value, ours


def is_profile(game, profile):
    """Whether every information set's (or player's) probabilities sum to 1."""
    if game.is_tree:
        groups = [infoset.actions for infoset in game.infosets]
    else:
        groups = [player.strategies for player in game.players]
    return all(sum(profile[x] for x in group) == 1 for group in groups)


# The games where Gambit's LP gave no profile (finding 1), with the LCP's value.
LP_NOT_A_PROFILE = []


def gambit_value(game):
    """The value to A (player "A") of Gambit's exact LP equilibrium.

    pygambit 16.7.0's `lp_solve` on some extensive games (seen where the
    value to A is -1 or 0, e.g. every game where B forces its win) returns a "profile" in which
    A plays no action at all (probabilities summing to 0), with payoff 0
    (SPEC.md, "Peers: Gambit and OpenSpiel", finding 1;
    test_gambit_lp_finding_1_minimal_reproduction). Such a result is not an
    equilibrium: it is checked for, and the game is then solved by Gambit's
    exact sequence-form LCP instead, whose equilibrium has the same value
    (every equilibrium of a zero-sum game does)."""
    result = gbt.nash.lp_solve(game, rational=True)
    assert result.equilibria, "Gambit found no equilibrium"
    profile = result.equilibria[0]
    if not is_profile(game, profile):
        assert game.is_tree, "the LP bug was seen on extensive games only"
        profile = gbt.nash.lcp_solve(game, rational=True).equilibria[0]
        assert is_profile(game, profile)
        value = Fraction(str(profile.payoff(game.players["A"])))
        LP_NOT_A_PROFILE.append((game.title, value))
        return value
    return Fraction(str(profile.payoff(game.players["A"])))


def test_gambit_lp_finding_1_minimal_reproduction(tmp_path):
    """A moves x or y, B (not seeing it) u or v; B wins whatever they do:
    the value to A is -1. Gambit's exact LCP says so; its exact LP (16.7.0)
    returns A's probabilities all 0 and a payoff of 0. When a later
    pygambit fixes this, the LP's answer is a profile worth -1."""
    path = tmp_path / "constant.efg"
    leaf = 't "" 1 "B wins" { -1, 1 }'
    b_node = 'p "" 2 1 "b" { "u" "v" } 0'
    path.write_text(
        "\n".join(['EFG 2 R "B always wins" { "A" "B" }', '""', "",
                   'p "" 1 1 "a" { "x" "y" } 0', b_node, leaf, leaf, b_node, leaf, leaf, ""])
    )
    game = gbt.read_efg(str(path))
    lcp = gbt.nash.lcp_solve(game, rational=True).equilibria[0]
    assert lcp.payoff(game.players["A"]) == -1
    lp = gbt.nash.lp_solve(game, rational=True).equilibria[0]
    if is_profile(game, lp):
        assert lp.payoff(game.players["A"]) == -1
    else:
        assert lp.payoff(game.players["A"]) == 0
    assert gambit_value(game) == -1


def first_round_states(total, rounds):
    """Every state after one round of bets, as `yen solve --state` reads it."""
    states = []
    for x in range(total + 1):
        for y in range(total + 1):
            d = x + y if x < y else -(x + y) if x > y else 0
            states.append(f"{rounds - 1},{total - x},{total - y},{d}")
    return states


@pytest.mark.parametrize("total", range(0, 7))
@pytest.mark.parametrize("rounds", range(1, 4))
def test_whole_match_and_every_first_round_subgame(total, rounds, export):
    """T <= 6, R <= 3: from every state after the first round (values
    anywhere in [-1, 1]), and the match from the start (value 0 by symmetry)
    where its tree has at most 49 leaves: Gambit's exact LP took minutes
    on T = 3, R = 3 (100 leaves) on a loaded 2-core machine."""
    if comb(total + rounds - 1, rounds - 1) ** 2 <= 49:
        game = gbt.read_efg(str(export("--total", str(total), "--rounds", str(rounds))))
        assert gambit_value(game) == our_value(total, rounds)
    if rounds == 1:
        return
    for state in first_round_states(total, rounds):
        path = export("--total", str(total), "--rounds", str(rounds), "--from", state)
        assert gambit_value(gbt.read_efg(str(path))) == our_value(total, rounds, state), state


def test_every_stage_game_of_t8_r4(tmp_path):
    """Every reachable stage game of T = 8, R = 4: Gambit's exact LP on our
    .nfg (payoffs our exact continuation values) gives our value."""
    ours("yen", "export-efg", "--total", "8", "--rounds", "4", "--stages", str(tmp_path))
    rows = (tmp_path / "values.tsv").read_text().splitlines()[1:]
    assert len(rows) == 916
    for row in rows:
        state, value = row.split("\t")
        game = gbt.read_nfg(str(tmp_path / f"{state}.nfg"))
        assert gambit_value(game) == Fraction(value), state
