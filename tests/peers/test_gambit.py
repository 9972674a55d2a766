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


def stage_lp(matrix):
    """Gambit's exact LP on one stage's matrix (payoffs to A): its value and
    both players' mixed strategies, as Fractions."""
    if len(matrix) == 1 and len(matrix[0]) == 1:
        return matrix[0][0], [Fraction(1)], [Fraction(1)]
    game = gbt.Game.from_arrays(matrix, [[-x for x in row] for row in matrix])
    a, b = game.players
    profile = gbt.nash.lp_solve(game, rational=True).equilibria[0]
    assert is_profile(game, profile)
    mixed = [[Fraction(str(profile[s])) for s in player.strategies] for player in (a, b)]
    return Fraction(str(profile.payoff(a))), mixed[0], mixed[1]


def chained_equilibrium(game):
    """A behaviour profile of the whole match, stage by stage from the last
    round up, each stage by Gambit's exact LP (stage_lp) on the matrix of
    the values of the subtrees below it, all read from Gambit's own tree of
    our file. Checks on Gambit's tree the structure this relies on: every A
    node is a subgame root (Gambit's `is_subgame_root`), A's information
    sets are single nodes, and B's set at a round is exactly the B nodes
    after A's bets there. Returns (value of the root, profile)."""
    a = game.players["A"]
    profile = game.mixed_behavior_profile(rational=True)

    def value(node):
        if node.is_terminal:
            return Fraction(str(node.outcome[a]))
        assert node.player == a and node.is_subgame_root
        assert list(node.infoset.members) == [node]
        b_nodes = list(node.children)
        b_set = b_nodes[0].infoset
        assert set(b_set.members) == set(b_nodes)
        matrix = [[value(child) for child in b_node.children] for b_node in b_nodes]
        v, a_mix, b_mix = stage_lp(matrix)
        for infoset, mix in ((node.infoset, a_mix), (b_set, b_mix)):
            for action, p in zip(infoset.actions, mix):
                profile[action] = gbt.Rational(p.numerator, p.denominator)
        return v

    return value(game.root), profile


def best_response_values(game, profile):
    """Exactly, on Gambit's tree: what A gets by a best reply to B's part of
    `profile`, and what B holds A to by a best reply to A's part (B
    minimises A's payoff; B's set at a round is the children of one A node,
    checked by chained_equilibrium). Equal, they are the game's value."""
    a = game.players["A"]

    def prob(action):
        return Fraction(str(profile[action]))

    def a_best(node):
        if node.is_terminal:
            return Fraction(str(node.outcome[a]))
        if node.player == a:
            return max(a_best(child) for child in node.children)
        return sum(prob(x) * a_best(c) for x, c in zip(node.infoset.actions, node.children))

    def b_best(node):
        if node.is_terminal:
            return Fraction(str(node.outcome[a]))
        weights = [prob(x) for x in node.infoset.actions]
        rows = [list(b_node.children) for b_node in node.children]
        return min(
            sum(w * b_best(row[j]) for w, row in zip(weights, rows))
            for j in range(len(rows[0]))
        )

    return a_best(game.root), b_best(game.root)


@pytest.mark.parametrize(
    "total, rounds", [(t, r) for r in range(1, 4) for t in range(0, 7)] + [(4, 4)]
)
def test_whole_match_stage_by_stage(total, rounds, export):
    """Every T <= 6, R <= 3 (and T = 4, R = 4) from the start, on our
    unmodified .efg: Gambit's exact LP on every stage, chained from the last
    round up on Gambit's tree, gives a profile whose value to A equals ours;
    the profile is an equilibrium of the whole tree (A's and B's exact best
    replies to it give the same value, and Gambit's agent regret is 0), so
    that value is the match's. Gambit's LP on the whole tree at once took
    minutes beyond 49 leaves, its LCP 65 s at T = 3, R = 3 (SPEC.md, "Peers:
    Gambit and OpenSpiel", "Whole matches")."""
    game = gbt.read_efg(str(export("--total", str(total), "--rounds", str(rounds))))
    value, profile = chained_equilibrium(game)
    ours_ = our_value(total, rounds)
    assert value == ours_
    assert Fraction(str(profile.payoff(game.players["A"]))) == ours_
    assert best_response_values(game, profile) == (ours_, ours_)
    assert profile.agent_max_regret() == 0


def test_chained_equilibrium_sees_a_wrong_stage():
    """The certificate can fail: in matching pennies as a tree, with B's
    stage strategy replaced by one that is no equilibrium, the best-reply
    values differ."""
    game = gbt.Game.new_tree(players=["A", "B"], title="pennies")
    game.append_move(game.root, "A", ["h", "t"])
    for child in game.root.children:
        game.append_move(child, "B", ["h", "t"])
    b_nodes = list(game.root.children)
    game.set_infoset(b_nodes[1], b_nodes[0].infoset)
    for i, b_node in enumerate(b_nodes):
        for j, leaf in enumerate(b_node.children):
            win = 1 if i == j else -1
            game.set_outcome(leaf, game.add_outcome(f"{i}{j}", [win, -win]))
    value, profile = chained_equilibrium(game)
    assert value == 0 and best_response_values(game, profile) == (0, 0)
    for action in b_nodes[0].infoset.actions:
        profile[action] = gbt.Rational(1 if action.label == "h" else 0)
    # A's best reply to B's "always h" wins; B's reply to A's half-half
    # still holds A to 0: the two differ, so no value is certified.
    assert best_response_values(game, profile) == (1, 0)


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
