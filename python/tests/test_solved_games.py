"""The Python face of solved-games (SPEC.md, "The Python face"): each
game's headline numbers, naive = optimized on a sample, bad notation raising
ValueError, a round trip of Python-built input through our parser; the
claims registry and the yen referee's built-in players."""

import re
import signal
import subprocess
import sys
import time
from fractions import Fraction

import pytest

import solved_games as sg
from solved_games import Geister, Memory, Nim, Stones, Wdl, Yen


def test_nim_headlines_and_table():
    # Document 002 §38: 123 is losing (1 xor 2 xor 3 = 0), 735 winning.
    assert Nim.optimized("123") == Wdl.Loss
    assert Nim.naive(Nim.parse("735")) == Wdl.Win
    table = sg.nim_table(9)
    assert len(table) == 10**3
    assert sum(losing for _, losing in table) == 76
    assert all(losing == (a ^ b ^ c == 0) for (a, b, c), losing in table)


def test_stones_headline():
    # Document 001, game 1 on 1,100,2,3: A takes 103, B 3.
    assert Stones.optimized("1: 1,100,2,3") == 100
    assert Stones.naive("1: 1,100,2,3") == 100


def test_memory_value_is_an_exact_fraction():
    value = Memory.optimized("F(3,0,1)")
    assert isinstance(value, Fraction)
    assert Memory.naive("F(3,0,1)") == value


def test_geister_value_and_distance():
    value = Geister.optimized("basic b1,c1/b4,c4 1")
    assert isinstance(value, sg.GoalValue)
    assert value.reach in (-1, 0, 1) and value.distance >= 0
    assert Geister.naive("basic b1,c1/b4,c4 1") == value


def test_yen_exact_values():
    # The start is symmetric: value 0. After A bet 1 and B bet 0 of T = 4
    # (B took 1) with two rounds left, A's value is 1/2 (Gambit agrees:
    # tests/peers/).
    assert Yen.optimized("6,4: 4,6,6,0") == 0
    assert Yen.optimized("4,3: 2,3,4,-1") == Fraction(1, 2)
    assert Yen.naive("4,3: 2,3,4,-1") == Fraction(1, 2)


@pytest.mark.parametrize(
    "game, instances",
    [
        (Nim, ["000", "123", "735", "777", "12,3,40"]),
        (Stones, ["1: 1,100,2,3", "1: 4,5,3,1,2"]),
        (Memory, ["F(2,0,0)", "F(3,0,1)", "G(2,1,1)"]),
        (Yen, ["3,2: 2,3,3,0", "4,3: 2,3,4,-1", "5,3: 1,1,2,-1"]),
    ],
)
def test_naive_equals_optimized_on_a_sample(game, instances):
    for text in instances:
        assert game.naive(text) == game.optimized(text), text


@pytest.mark.parametrize(
    "game, bad",
    [
        (Nim, "7a5"),
        (Stones, "9: 1,2"),
        (Memory, "X(1,2)"),
        (Geister, "basic zz 1"),
        (Yen, "4,3: 9,9,9,9"),
    ],
)
def test_bad_instance_raises_value_error_with_the_crates_message(game, bad):
    with pytest.raises(ValueError, match=game.NAME):
        game.parse(bad)
    with pytest.raises(ValueError):
        game.optimized(bad)


def test_an_instance_of_another_game_is_refused():
    with pytest.raises(ValueError, match="instance of nim"):
        Yen.optimized(Nim.parse("735"))


def test_round_trip_of_python_built_input():
    piles = (7, 3, 5)
    assert str(Nim.parse("".join(map(str, piles)))) == "735"
    row = [4, 5, 3, 1, 2]
    assert str(Stones.parse(f"1: {','.join(map(str, row))}")) == "1: 4,5,3,1,2"
    n, m, k = 3, 0, 1
    assert str(Memory.parse(f"F({n},{m},{k})")) == "F(3,0,1)"
    ones, twos = ["b1", "c1"], ["b4", "c4"]
    text = f"basic {','.join(ones)}/{','.join(twos)} 1"
    assert str(Geister.parse(text)) == text
    total, rounds, state = 4, 3, (2, 3, 4, -1)
    text = f"{total},{rounds}: {','.join(map(str, state))}"
    assert str(Yen.parse(text)) == text
    assert Yen.parse(text) == Yen.parse(text.replace(" ", "  "))


def test_claims_registry():
    claims = sg.claims()
    assert {"id", "game", "source", "statement", "expected"} <= set(claims[0])
    ids = [c["id"] for c in claims]
    assert len(ids) == len(set(ids)) and "NIM-001" in ids
    verdict = sg.check("NIM-001")
    assert verdict["status"] == "pass" and verdict["agree"] is True
    with pytest.raises(KeyError):
        sg.check("NO-SUCH-CLAIM")


def test_yen_referee_built_in_players():
    # Document 000 §3, Listing 4: always1000 loses every match to minus1.
    score = sg.yen_match("always1000", "minus1", games=5)
    assert score == {"wins_a": 0, "draws": 0, "wins_b": 5}
    assert sum(sg.yen_match("random", "hunter", games=7, seed=3).values()) == 7
    with pytest.raises(ValueError):
        sg.yen_match("nobody", "minus1")


def test_yen_match_has_the_command_lines_limits():
    # rounds=2**32-1 aborted the interpreter (a 3 GB allocation in the
    # referee); every limit is a ValueError naming the argument.
    for kwargs, says in [
        ({"rounds": 2**32 - 1}, "rounds must be 1..=10000"),
        ({"rounds": 0}, "rounds must be 1..=10000"),
        ({"total": 2**64 - 1}, "total must be 0..=1000000000000"),
        ({"games": 0}, "games must be 1..="),
        ({"games": -1}, "games must be 1..="),
        ({"seed": 2**64}, "seed must be 0..="),
    ]:
        with pytest.raises(ValueError, match=says):
            sg.yen_match("always1000", "minus1", **kwargs)
    assert sum(sg.yen_match("minus1", "random", games=2, rounds=10_000).values()) == 2


def test_ctrl_c_stops_a_long_series():
    # games=10**12 ignored Ctrl-C: signals are now looked at between
    # matches. In a child interpreter, sent SIGINT as a terminal sends it,
    # so that a series that does not stop is ended by the timeout here. The
    # child takes Python's own SIGINT handler, as at a terminal: a suite
    # started in the background (`cmd &` in a script) hands SIGINT down
    # ignored, and an ignored SIGINT never reaches the series.
    script = (
        "import signal, time, solved_games as sg\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "print('started', flush=True)\n"
        "start = time.monotonic()\n"
        "try:\n"
        "    sg.yen_match('random', 'hunter', games=10**12)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted after', round(time.monotonic() - start, 1))\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline() == "started\n"
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
    finally:
        child.kill()
        child.wait()
    assert child.returncode == 0, err
    assert out.startswith("interrupted after"), out


@pytest.mark.parametrize(
    "call, error, says",
    [
        (lambda: Nim.optimized(735), TypeError, "expected str or Instance, got int"),
        (lambda: Nim.parse(b"735"), TypeError, "text: expected str, got bytes"),
        (lambda: Nim.table(3), TypeError, "params: expected str, got int"),
        (lambda: Yen.table("", 1), TypeError, "solver: expected str, got int"),
        (lambda: sg.nim_table(100), ValueError, "max must be 0..=99, not 100"),
        (lambda: sg.nim_table(-1), ValueError, "max must be 0..=99, not -1"),
        (lambda: sg.nim_table("9"), TypeError, "max: expected int, got str"),
        (lambda: sg.yen_match("minus1", 3), TypeError, "b: expected str, got int"),
        (lambda: sg.yen_match("minus1", "random", games=1.5), TypeError, "games: expected int"),
        (lambda: sg.check(1), TypeError, "id: expected str, got int"),
        (lambda: sg.geister_instance("analysis=basic", -1), ValueError, "index must be 0..="),
    ],
)
def test_errors_speak_python(call, error, says):
    with pytest.raises(error, match=re.escape(says)) as raised:
        call()
    text = str(raised.value)
    assert "--" not in text and "PyString" not in text and "PyAny" not in text, text
