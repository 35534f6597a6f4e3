"""The endgame tables: against an exhaustive search, against their own children, and the
``endgame`` command line (``spec/command-line.md``)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.awithlaknannai import Position
from engine.awithlaknannai.cli import main
from engine.awithlaknannai.endgame import (
    MAX_PIECES,
    RULESETS_WITH_TABLES,
    Verdict,
    best,
    children,
    probe,
    table,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from endgame_check import solve  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ruleset", RULESETS_WITH_TABLES)
def test_tables_match_exhaustive_search_up_to_three_pieces(ruleset):
    exact = solve(ruleset, 3)
    t = table(ruleset)
    wrong = []
    for (black, white, side), value in exact.items():
        got = Verdict.from_code(t.code(black, white, side))
        if (got.value, got.plies) != value:
            wrong.append((Position(ruleset, black, white, side), value, got))
    assert len(exact) == 2 * (25 * 24 + 2 * 25 * 276)
    assert not wrong, wrong[:5]


def random_position(rng: random.Random, ruleset: str, pieces: int) -> Position:
    points = rng.sample(range(25), pieces)
    nb = rng.randint(1, pieces - 1)
    black = sum(1 << p for p in points[:nb])
    white = sum(1 << p for p in points[nb:])
    return Position(ruleset, black, white, rng.randint(0, 1))


def check_against_children(pos: Position) -> str | None:
    """None when the entry of ``pos`` agrees with its children's, else what is wrong."""
    v = probe(pos)
    kids = [c for _, c in children(pos)]
    if not kids:
        return None if v == Verdict("loss", 0) else f"no move but {v}"
    lost = [c.plies for c in kids if c.value == "loss"]
    won = [c.plies for c in kids if c.value == "win"]
    if v.value == "win":
        ok = bool(lost) and min(lost) == v.plies - 1
    elif v.value == "loss":
        ok = len(won) == len(kids) and max(won) == v.plies - 1
    else:
        ok = not lost and len(won) < len(kids)
    return None if ok else f"{v} but children {kids}"


def _sample_against_children(ruleset: str, count: int, seed: str) -> None:
    """``count`` random entries of each piece count of ``ruleset``'s table, drawn from
    ``seed``, each agree with their children; from three pieces on the sample holds both
    wins and losses (under ``ludii`` only 64 of the 28,800 three-piece positions are lost:
    the sample is counted, never "as many as fit in some seconds", so a busy machine checks
    the same entries as an idle one)."""
    rng = random.Random(seed)
    for pieces in range(2, MAX_PIECES + 1):
        values = set()
        for _ in range(count):
            pos = random_position(rng, ruleset, pieces)
            problem = check_against_children(pos)
            assert problem is None, f"{pos}: {problem}"
            values.add(probe(pos).value)
        if pieces >= 3:
            assert {"win", "loss"} <= values, (pieces, values)


@pytest.mark.parametrize("ruleset", RULESETS_WITH_TABLES)
def test_every_sampled_entry_agrees_with_its_children(ruleset):
    _sample_against_children(ruleset, count=1000, seed=f"endgame {ruleset}")


@pytest.mark.oracle
@pytest.mark.parametrize("ruleset", RULESETS_WITH_TABLES)
def test_many_more_sampled_entries_agree_with_their_children(ruleset):
    _sample_against_children(ruleset, count=20000, seed=f"endgame {ruleset}, many more")


def test_mirror_images_have_the_same_value():
    rng = random.Random(5)
    for ruleset in RULESETS_WITH_TABLES:
        for _ in range(300):
            pos = random_position(rng, ruleset, rng.randint(2, MAX_PIECES))

            def flip(x):
                return ((x & 0xFF) << 17) | (x & (0x1FF << 8)) | ((x >> 17) & 0xFF)

            mirror = Position(ruleset, flip(pos.white), flip(pos.black), 1 - pos.to_move)
            assert probe(pos) == probe(mirror), pos


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_endgame_win_and_best_moves(capsys):
    # White's lone piece on m5 next to Black's b4: Black leaps it at once
    pos = "......../....W..../...B.... B 0"
    status, out, err = run(capsys, "endgame", "--ruleset", "culin", "--position", pos)
    assert status == 0 and err == ""
    assert json.loads(out) == {"value": "win", "plies": 1, "best": ["b4xt5"]}
    # White to move cannot leap b4 (the board ends beyond it): one piece each is a draw,
    # kept by any step that does not walk into the leap
    _, out, _ = run(capsys, "endgame", "--ruleset", "culin", "--position", pos[:-3] + "W 0")
    got = json.loads(out)
    assert got["value"] == "draw" and got["plies"] is None
    assert got["best"] and "m5-b5" not in got["best"] and "m5-m4" not in got["best"]


def test_cli_endgame_agrees_with_the_tables_on_random_positions(capsys):
    rng = random.Random(11)
    for ruleset in RULESETS_WITH_TABLES:
        for pieces in range(2, MAX_PIECES + 1):
            pos = random_position(rng, ruleset, pieces)
            status, out, err = run(
                capsys, "endgame", f"--ruleset={ruleset}", "--position", str(pos)
            )
            assert status == 0 and err == ""
            got = json.loads(out)
            v, moves = best(pos)
            assert got["value"] == v.value and got["plies"] == v.plies
            assert len(got["best"]) == len(moves)
            # every move listed is legal in the notation of `moves`, and keeps the value
            _, legal_out, _ = run(capsys, "moves", "--ruleset", ruleset, "--position", str(pos))
            legal = json.loads(legal_out)["moves"]
            assert set(got["best"]) <= set(legal)
            if v.value == "draw":
                assert got["plies"] is None and got["best"]
            for move in got["best"]:
                _, after, _ = run(
                    capsys, "replay", "--ruleset", ruleset, "--position", str(pos), move
                )
                child = Position.parse(json.loads(after)["position"], ruleset)
                assert probe(child).flipped() == v


def test_cli_endgame_finished_positions(capsys):
    # Black to move with no piece left: lost, 0 plies, no move
    pos = "......../....W..../........ B 7"
    _, out, _ = run(capsys, "endgame", "--ruleset", "open", "--position", pos)
    assert json.loads(out) == {"value": "loss", "plies": 0, "best": []}
    # Black to move, shut in the corner of the open board (no line along the bottom row):
    # both neighbours taken, both leaps blocked
    pos = "WW....../WW......./B....... B 0"
    _, out, _ = run(capsys, "moves", "--ruleset", "open", "--position", pos)
    assert json.loads(out) == {"moves": []}
    _, out, _ = run(capsys, "endgame", "--ruleset", "open", "--position", pos)
    assert json.loads(out) == {"value": "loss", "plies": 0, "best": []}
    # White to move with no black piece left: the game is over, White has won
    _, out, _ = run(
        capsys, "endgame", "--ruleset", "culin", "--position", "W......./........./........ W 0"
    )
    assert json.loads(out) == {"value": "win", "plies": 0, "best": []}


def test_cli_endgame_ignores_the_counter(capsys):
    pos = "......../....W..../...B.... B 40"
    status, out, _ = run(capsys, "endgame", "--ruleset", "culin", "--position", pos)
    assert status == 0 and json.loads(out)["value"] == "win"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--ruleset", "culin"], ["24 pieces", "at most 6"]),
        (
            ["--ruleset", "ludii", "--position", "WWW...../.....B.../BBBB.... W 0"],
            ["8 pieces", "at most 6"],
        ),
        (
            [
                "--ruleset",
                "kolowis",
                "--position",
                "W.............../..............B/................ B 0",
            ],
            ["kolowis", "2 pieces", "6 pieces"],
        ),
        (["--ruleset", "culin", "--position", "nonsense"], ["'nonsense'"]),
        (["--ruleset", "nope", "--position", "......../....W..../...B.... B 0"], ["'nope'"]),
        (["--ruleset", "culin", "--depth", "3"], ["--depth"]),
    ],
)
def test_cli_endgame_errors(capsys, argv, words):
    status, out, err = run(capsys, "endgame", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.strip()
    for w in words:
        assert w in err, (w, err)


def test_cli_endgame_as_a_process():
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "awithlaknannai",
            "endgame",
            "--ruleset",
            "bent",
            "--position",
            "......../....W..../...B.... W 0",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["value"] == "win" and got["plies"] == 1 and got["best"]
