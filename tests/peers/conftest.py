"""Peers in the loop (SPEC.md, "Peers: Gambit and OpenSpiel"): our binary
writes the games, Gambit and OpenSpiel solve them, the values must agree.

The binary is $SOLVED_GAMES, or target/release/solved-games of this
repository (`cargo build --release` makes it; .ci/run's `cargo test
--release` already has)."""

import json
import os
import pathlib
import subprocess
from fractions import Fraction

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("SOLVED_GAMES", str(ROOT / "target" / "release" / "solved-games"))


def ours(*args):
    """Standard output of `solved-games ARGS`; a failure fails the test."""
    done = subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def our_value(total, rounds, state=None):
    """Our optimized solver's exact value, as `yen solve --json` prints it."""
    args = ["yen", "solve", "--total", str(total), "--rounds", str(rounds), "--json"]
    if state is not None:
        args += ["--state", state]
    return Fraction(json.loads(ours(*args))["value"])


@pytest.fixture
def export(tmp_path):
    """Writes `yen export-efg ARGS` to a file and returns its path."""

    def write(*args, suffix=".efg"):
        path = tmp_path / ("game" + suffix)
        path.write_text(ours("yen", "export-efg", *args))
        return path

    return write


def pytest_terminal_summary(terminalreporter):
    """How many games Gambit's LP answered with no profile (SPEC.md,
    "Peers: Gambit and OpenSpiel", finding 1), in CI's log."""
    import sys

    module = sys.modules.get("test_gambit")
    if module is not None:
        games = module.LP_NOT_A_PROFILE
        values = sorted({str(v) for _, v in games})
        terminalreporter.write_line(
            f"Gambit finding 1: lp_solve gave no profile on {len(games)} games "
            f"(Gambit's LCP values there: {', '.join(values) or 'none'})"
        )
