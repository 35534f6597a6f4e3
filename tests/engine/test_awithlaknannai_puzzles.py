"""The Awithlaknannai puzzles: every stored puzzle has one winning move and no second one
(checked by the engine, as the site build does), and a wrong or doubled answer is refused
naming the puzzle."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from engine.awithlaknannai import RULESETS, Game
from engine.awithlaknannai.puzzles import (
    LEVELS,
    Puzzle,
    PuzzleError,
    _winning_moves,
    check,
    classify,
    gains,
)

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "build_scripts" / "puzzles" / "awithlaknannai.json"
PUZZLES = json.loads(DATA.read_text(encoding="utf-8"))


def test_enough_puzzles_of_every_kind():
    assert len(PUZZLES) >= 20
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)
    assert {p["ruleset"] for p in PUZZLES} == set(RULESETS)
    assert {p["level"] for p in PUZZLES} == set(LEVELS)
    assert {p["goal"] for p in PUZZLES} == {"win", "material"}
    # graded: easy first, hard last
    order = [LEVELS.index(p["level"]) for p in PUZZLES]
    assert order == sorted(order)


@pytest.mark.parametrize("data", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_every_puzzle_has_one_answer(data):
    puzzle = Puzzle.from_dict(data)
    assert check(puzzle).solution == puzzle.solution
    game = Game(puzzle.ruleset, puzzle.position, puzzle.stall)
    move = game.parse_move(puzzle.solution)
    assert game.notation(move) == puzzle.solution
    # the stored line starts with the answer and is legal
    g = game.copy()
    for text in puzzle.line:
        g.play(text)
    assert puzzle.line[0] == puzzle.solution
    if puzzle.goal == "material":
        won = gains(game, 4)
        assert won[move] >= 100 * puzzle.gain
        assert all(v < 100 for m, v in won.items() if m != move)


def test_a_puzzle_s_line_comes_numbered_as_its_move_list_numbers_it():
    """The line the page shows under a puzzle is numbered as the board's move list numbers
    those moves: from the puzzle's position, whichever side is to move there."""
    from engine import protocol

    for data in PUZZLES:
        puzzle = Puzzle.from_dict(data)
        args = {"ruleset": puzzle.ruleset, "stall": puzzle.stall, "position": puzzle.position}
        history = protocol.dispatch("awithlaknannai.new", {**args, "moves": " ".join(puzzle.line)})
        expected = []
        for i, m in enumerate(history["history"]):
            if m["column"] == 0:
                expected.append(f"{m['number']}.")
            elif i == 0:
                expected.append(f"{m['number']}...")
            expected.append(m["notation"])
        assert puzzle.numbered_line() == " ".join(expected), puzzle.id


def test_a_wrong_answer_is_refused_naming_the_puzzle():
    data = dict(PUZZLES[0])
    game = Game(data["ruleset"], data["position"], data["stall"])
    other = next(n for n in game.legal_notations() if n != data["solution"])
    data["solution"] = other
    with pytest.raises(PuzzleError, match=rf"puzzle '{data['id']}': wrong answer '{other}'"):
        check(Puzzle.from_dict(data))


def test_a_second_solution_is_refused():
    # White has two ways to win here (m3-m2 and m3-t3)
    data = {
        "id": "two-ways",
        "ruleset": "culin",
        "stall": "draw",
        "position": "B......./..W....../W....... W 35",
        "solution": "m3-m2",
        "goal": "win",
        "level": "medium",
        "mate": 3,
    }
    with pytest.raises(
        PuzzleError, match=r"puzzle 'two-ways': more than one move wins.*m3-m2.*m3-t3"
    ):
        check(Puzzle.from_dict(data))


def test_a_wrong_level_or_goal_is_refused():
    data = dict(PUZZLES[-1])
    data["level"] = "easy" if data["level"] != "easy" else "hard"
    with pytest.raises(PuzzleError, match="level"):
        check(Puzzle.from_dict(data))
    with pytest.raises(PuzzleError, match="goal"):
        Puzzle.from_dict({**PUZZLES[0], "goal": "draw"})


def test_classify_known_positions():
    # the trap of the forced-captures lesson: b3-b2 wins at once, but other moves win
    # within seven plies as well, so it is no puzzle (it would have a second answer)
    trap = Game("culin", "WBB...../BB......./B.B..... B 0")
    wins = {trap.notation(m): k for m, k in _winning_moves(trap, 7).items()}
    assert wins["b3-b2"] == 1 and len(wins) > 1
    assert classify(trap) is None
    # White's only winning move takes Black's last piece
    one = classify(Game("ludii", "....W.../..WW..WB./........ W 17"))
    assert one is not None and (one.goal, one.solution, one.mate) == ("win", "m7xm9", 1)
    # the start: nothing wins by force
    assert classify(Game("culin")) is None


def test_the_build_refuses_a_bad_puzzle_file(tmp_path):
    sys.path.insert(0, str(ROOT))
    from build_scripts.block_syntax import BlockError
    from build_scripts.puzzle_blocks import render_puzzles

    bad = dict(PUZZLES[0])
    game = Game(bad["ruleset"], bad["position"], bad["stall"])
    bad["solution"] = next(n for n in game.legal_notations() if n != bad["solution"])
    bad["id"] = "broken-one"
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps([PUZZLES[0], bad]))
    with pytest.raises(BlockError, match="puzzle 'broken-one': wrong answer"):
        render_puzzles("", "en", set(), path=path)
    path.write_text(json.dumps([PUZZLES[0]]))
    html = render_puzzles("", "fr", set(), path=path)
    assert f'id="{PUZZLES[0]["id"]}"' in html and "Problème 1" in html
    assert '"solution":' in html.replace("&quot;", '"')
