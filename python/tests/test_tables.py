"""Whole tables from Python (SPEC.md, "The Python face", "Whole tables"):
each game's tables as lists through the library's table face, Geister's
`det` table as two arrays; sizes, naive = optimized, and the values equal
to the command line's `export` of the same table."""

import array
import os
import pathlib
import subprocess
from fractions import Fraction

import pytest

import solved_games as sg
from solved_games import Geister, Memory, Nim, Stones, Wdl, Yen

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("SOLVED_GAMES", str(ROOT / "target" / "release" / "solved-games"))

try:
    import numpy
except ImportError:
    numpy = None


def cli_export(game, params):
    """`solved-games export GAME PARAMS`: the rows as (instance, value
    columns joined by a tab), after the two header lines."""
    done = subprocess.run(
        [BINARY, "export", game, *params.split()], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"# solved-games table\tformat 1\t{game}\t")
    return [tuple(line.split("\t", 1)) for line in lines[2:]]


def export_text(game, value):
    """A value from Python in the export notation (SPEC.md, "Table files")."""
    if game is Nim:
        return {Wdl.Win: "win", Wdl.Loss: "loss"}[value]
    if game is Geister:
        return f"{value.reach}\t{value.distance}"
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else str(value)
    return str(value)


# Small tables of every game: (game, params, rows).
SMALL = [
    (Nim, "piles=3 max=5", 6**3),
    (Stones, "game=1 min=1 max=3 length=5", 3 + 9 + 27 + 81 + 243),
    (Stones, "game=5 min=1 max=3 length=3", None),
    (Memory, "n=8", None),
    (Yen, "total=4 rounds=3", None),
]


@pytest.mark.parametrize("game, params, rows", SMALL)
def test_small_tables_naive_optimized_and_cli(game, params, rows):
    optimized = game.table(params)
    naive = game.table(params, "naive")
    if rows is not None:
        assert len(optimized) == rows
    assert naive == optimized
    assert [(i, export_text(game, v)) for i, v in optimized] == cli_export(game.NAME, params)
    # Every row's instance is read back by the game's parser, unchanged.
    for instance, value in optimized[:: max(1, len(optimized) // 50)]:
        assert str(game.parse(instance)) == instance
        assert game.optimized(instance) == value


def test_geister_basic_table_and_cli():
    # The naive side of a Geister table sweeps every analysis, `det`
    # included (55 s): naive = optimized on a sample, one position at a time.
    optimized = Geister.table("analysis=basic")
    assert len(optimized) == 21_840
    assert [(i, export_text(Geister, v)) for i, v in optimized] == cli_export(
        "geister", "analysis=basic"
    )
    for instance, value in optimized[::2_011]:
        assert Geister.naive(instance) == value, instance
    reach, distance = sg.geister_arrays("analysis=basic", numpy=False)
    assert [(v.reach, v.distance) for _, v in optimized] == list(zip(reach, distance))


def test_wdl_is_hashable():
    assert {Wdl.Win: 1}[Wdl.Win] == 1 and len({Wdl.Loss, Wdl.Loss, Wdl.Win}) == 2


def test_defaults_are_the_first_standard_table():
    for game in (Nim, Stones, Memory, Geister, Yen):
        first = game.standard_tables()[0]
        assert game.table() == game.table(first), game.NAME
    assert Geister.standard_tables() == ["analysis=basic", "analysis=extended", "analysis=det"]


def test_nim_table_by_xor():
    # Document 002 §38: a position is losing exactly when the xor is 0.
    for instance, value in Nim.table("piles=3 max=7"):
        a, b, c = (int(x) for x in instance)
        assert (value == Wdl.Loss) == (a ^ b ^ c == 0), instance


def test_bad_table_parameters_raise_value_error():
    with pytest.raises(ValueError, match="nim table parameters"):
        Nim.table("max=x")
    with pytest.raises(ValueError, match="solver"):
        Yen.table("", "fast")
    with pytest.raises(ValueError, match="geister_arrays"):
        Geister.table("analysis=det")
    with pytest.raises(ValueError, match="past the table"):
        sg.geister_instance("analysis=basic", 21_840)
    with pytest.raises(ValueError, match="not a position of the table"):
        sg.geister_index("analysis=det", "basic b1,c1/b4,c4 1")


@pytest.fixture(scope="module")
def det_cli():
    """The command line's `det` table: 2,184,000 (instance, value, distance)."""
    return cli_export("geister", "analysis=det")


@pytest.mark.parametrize("use_numpy", [False] + ([True] if numpy is not None else []))
def test_geister_det_arrays_equal_the_cli_export(use_numpy, det_cli):
    reach, distance = sg.geister_arrays("analysis=det", numpy=use_numpy)
    if use_numpy:
        assert isinstance(reach, numpy.ndarray) and reach.dtype == numpy.int8
        assert distance.dtype == numpy.uint32
        reach, distance = reach.tolist(), distance.tolist()
    else:
        assert isinstance(reach, array.array) and reach.typecode == "b"
        assert distance.typecode == "I"
    assert len(reach) == len(distance) == len(det_cli) == 2_184_000
    assert [f"{r}\t{d}" for r, d in zip(reach, distance)] == [v for _, v in det_cli]
    # Row i is the position geister_instance gives, and back.
    for i in range(0, len(det_cli), 99_991):
        instance = sg.geister_instance("analysis=det", i)
        assert instance == det_cli[i][0]
        assert sg.geister_index("analysis=det", instance) == i


def test_geister_det_spot_values_from_the_solver():
    # A sample of rows against the face's optimized solver one position at
    # a time (the naive sweep of `det`, 55 s, is the claims' GEI-903).
    reach, distance = sg.geister_arrays("analysis=det", numpy=False)
    for i in range(7, len(reach), 218_401):
        value = Geister.optimized(sg.geister_instance("analysis=det", i))
        assert (value.reach, value.distance) == (reach[i], distance[i]), i



def test_non_dyadic_values_are_exact_fractions_equal_to_the_cli():
    # 1/3 and 13/30 have no exact binary floating-point form: a Fraction
    # made through a float would differ from the command line's text.
    cli = dict(cli_export("memory", "n=3"))
    for state, value in [("F(2,0,0)", Fraction(1, 3)), ("F(3,0,1)", Fraction(13, 30))]:
        ours = Memory.optimized(state)
        assert isinstance(ours, Fraction)
        assert ours == value == Fraction(cli[state]), state
        assert str(ours) == cli[state], state
        assert dict(Memory.table("n=3"))[state] == value, state
