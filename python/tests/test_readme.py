"""README's "From Python" example runs as written: in this process, and as
a notebook user would, in a fresh interpreter from another directory."""

import pathlib
import re
import subprocess
import sys

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def example():
    text = README.read_text()
    section = text.split("## From Python", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1
    return blocks[0]


def check_output(out):
    """What the example's comments say it prints."""
    assert "735 Wdl.Win" in out
    assert "1/2" in out
    assert "76 losing positions" in out
    assert "pass" in out
    assert "{'wins_a': 0, 'draws': 0, 'wins_b': 10}" in out
    assert "('4,3: 0,0,0,-6', Fraction(-1, 1))" in out
    assert "2184000 det positions" in out
    assert "ValueError: nim:" in out


def test_readme_python_example_runs(capsys):
    exec(compile(example(), "README.md", "exec"), {})
    check_output(capsys.readouterr().out)


def test_readme_python_example_runs_from_another_directory(tmp_path):
    # -I: isolated mode, as in a fresh environment: no PYTHONPATH, no user
    # site, not the current directory on the path; the module must come
    # from the installed package, not from this repository.
    done = subprocess.run(
        [sys.executable, "-I", "-c", example()],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    check_output(done.stdout)
