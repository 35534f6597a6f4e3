"""The Awithlaknannai command line, exactly as ``spec/awithlaknannai.md`` words it:
JSON on stdout; bad input -> exit 2, one line on stderr naming it, nothing on stdout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.awithlaknannai.cli import main

ROOT = Path(__file__).resolve().parents[2]
START = "WWWWWWWW/WWWW.BBBB/BBBBBBBB B 0"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_perft(capsys):
    status, out, err = run(capsys, "perft", "--ruleset", "culin", "--depth", "5")
    assert status == 0 and err == ""
    assert json.loads(out) == {"nodes": 76}
    status, out, _ = run(capsys, "perft", "--ruleset", "ludii", "--depth", "2", "--position", START)
    assert json.loads(out) == {"nodes": 7}


def test_moves(capsys):
    status, out, err = run(capsys, "moves", "--ruleset", "culin")
    assert status == 0 and err == ""
    assert json.loads(out) == {"moves": ["b4-m5", "b5-m5", "m6-m5"]}
    _, out, _ = run(capsys, "moves", "--ruleset", "bent")
    assert json.loads(out) == {"moves": ["b3xm5"]}
    _, out, _ = run(
        capsys, "moves", "--ruleset", "ludii", "--position", "WWWWWWWW/WWWWB.BBB/BBBBBBBB W 1"
    )
    assert json.loads(out) == {"moves": ["m4xm6", "t5-m6", "t6-m6"]}
    # a finished game has no moves
    _, out, _ = run(
        capsys, "moves", "--ruleset", "culin", "--position", "......../....B..../........ W 3"
    )
    assert json.loads(out) == {"moves": []}


def test_replay(capsys):
    status, out, err = run(capsys, "replay", "--ruleset", "culin", "m6-m5", "m4xm6")
    assert status == 0 and err == ""
    assert json.loads(out) == {
        "position": "WWWWWWWW/WWW..WBBB/BBBBBBBB B 0",
        "to_move": 0,
        "winner": None,
        "finished": False,
    }
    assert list(json.loads(out)) == ["position", "to_move", "winner", "finished"]
    status, out, _ = run(
        capsys,
        "replay",
        "--ruleset",
        "culin",
        "--position",
        "......../....W..../...B.... B 0",
        "b4xt5",
    )
    assert json.loads(out) == {
        "position": "....B.../........./........ W 0",
        "to_move": None,
        "winner": 0,
        "finished": True,
    }


@pytest.mark.parametrize(
    "argv, named",
    [
        (["moves", "--ruleset", "chess"], "'chess'"),
        (["perft", "--ruleset", "culin", "--depth", "x"], "'x'"),
        (["perft", "--ruleset", "culin"], "--depth"),
        (
            ["moves", "--ruleset", "culin", "--position", "WWWWWWWW/WWWW.BBBB/BBBB B 0"],
            "'WWWWWWWW/WWWW.BBBB/BBBB B 0'",
        ),
        (["replay", "--ruleset", "culin", "m6-m5", "m4-m5"], "move 2: 'm4-m5'"),
        (["replay", "--ruleset", "culin", "m6-m5", "m4xm6", "b4"], "move 3: 'b4'"),
        (
            [
                "replay",
                "--ruleset",
                "culin",
                "--position",
                "......../....W..../...B.... B 0",
                "b4xt5",
                "t5-t4",
            ],
            "move 2: 't5-t4'",
        ),
        (["fly", "--ruleset", "culin"], "'fly'"),
        (["moves", "--ruleset", "culin", "--colour", "red"], "'--colour'"),
        ([], "usage"),
    ],
)
def test_bad_input(capsys, argv, named):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    assert named in err


def test_python_dash_m_engine():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    ok = subprocess.run(
        [sys.executable, "-m", "engine", "awithlaknannai", "moves", "--ruleset", "kolowis"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert ok.returncode == 0 and ok.stderr == ""
    assert json.loads(ok.stdout) == {"moves": ["b8-m8", "b9-m8", "m9-m8"]}
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "awithlaknannai", "replay", "--ruleset", "culin", "b4-m6"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "move 1: 'b4-m6'" in bad.stderr
