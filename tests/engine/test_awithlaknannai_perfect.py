"""The endgame tables in play: the ``perfect`` level, ``hard`` within the tables, and the
exact verdicts of the analysis, the hint, the review and the protocol."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import protocol
from engine.awithlaknannai import Game, Position
from engine.awithlaknannai.ai import LEVELS, choose_move
from engine.awithlaknannai.analysis import analyse, hint, review
from engine.awithlaknannai.endgame import RULESETS_WITH_TABLES, best, children, probe
from engine.awithlaknannai.rulesets import STALL_LIMIT
from engine.protocol import tables

ROOT = Path(__file__).resolve().parents[2]


def random_position(rng: random.Random, ruleset: str, pieces: int, side: int) -> Position:
    points = rng.sample(range(25), pieces)
    nb = rng.randint(1, pieces - 1)
    black = sum(1 << p for p in points[:nb])
    white = sum(1 << p for p in points[nb:])
    return Position(ruleset, black, white, side)


def won_positions(ruleset: str, count: int, seed: int):
    """Positions (counter 0) won by the side to move in 3 to STALL_LIMIT plies, so the
    40-move rule cannot come first, and not decided by the very next move."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        pos = random_position(rng, ruleset, rng.randint(3, 6), rng.randint(0, 1))
        v = probe(pos)
        if v.value == "win" and v.plies is not None and 3 <= v.plies <= STALL_LIMIT:
            found.append((pos, v.plies))
    return found


OPPONENTS = ("random", "easy", "medium", "hard")


@pytest.mark.parametrize("ruleset", RULESETS_WITH_TABLES)
def test_perfect_never_lets_a_table_win_go(ruleset):
    games = 0
    for i, (pos, plies) in enumerate(won_positions(ruleset, 100, seed=len(ruleset))):
        opponent = OPPONENTS[i % len(OPPONENTS)]
        game = Game(ruleset, pos)
        perfect_side = game.to_move
        while not game.finished:
            level = "perfect" if game.to_move == perfect_side else opponent
            game.play(choose_move(game, level, seed=i + game.ply, node_limit=300))
        out = game.outcome()
        assert out is not None and out.winner == perfect_side, (str(pos), opponent)
        # the shortest win, however the other side defends
        assert game.ply <= plies, (str(pos), opponent, game.ply, plies)
        games += 1
    assert games == 100


def test_perfect_is_a_level_of_the_protocol_and_words():
    assert "perfect" in LEVELS
    from engine import words

    for lang in words.LANGUAGES:
        assert words.table(lang)["page"]["levels"]["perfect"]


@pytest.mark.parametrize("ruleset", RULESETS_WITH_TABLES)
def test_perfect_plays_a_best_move_and_delays_a_loss(ruleset):
    rng = random.Random(3)
    for _ in range(40):
        pos = random_position(rng, ruleset, rng.randint(2, 6), rng.randint(0, 1))
        game = Game(ruleset, pos)
        if game.finished:
            continue
        _, moves = best(pos)
        assert choose_move(game, "perfect", seed=rng.randint(0, 99)) in moves


@pytest.mark.parametrize("ruleset", RULESETS_WITH_TABLES)
def test_hard_keeps_the_value_within_the_tables(ruleset):
    rng = random.Random(8)
    checked = 0
    while checked < 25:
        pos = random_position(rng, ruleset, rng.randint(3, 6), rng.randint(0, 1))
        game = Game(ruleset, pos)
        if game.finished:
            continue
        v = probe(pos)
        move = choose_move(game, "hard", seed=1, node_limit=200)
        after = dict(children(pos))[move].flipped()
        assert after.value == v.value, (str(pos), move)
        checked += 1


def test_analysis_and_hint_give_the_exact_verdict():
    pos, plies = won_positions("culin", 1, seed=21)[0]
    game = Game("culin", pos)
    a = analyse(game)
    assert a.mate == plies
    assert a.exact == {
        "value": "win",
        "plies": plies,
        "winner": pos.to_move,
        "stall": False,
    }
    _, moves = best(pos)
    assert a.best in moves
    h = hint(game).to_dict()
    assert h["exact"]["value"] == "win" and h["mate"] == plies


def test_a_win_beyond_the_stall_is_flagged_and_left_to_the_search():
    rng = random.Random(4)
    while True:
        pos = random_position(rng, "culin", rng.randint(4, 6), rng.randint(0, 1))
        v = probe(pos)
        if v.value == "win" and v.plies is not None and v.plies > 10:
            break
    game = Game("culin", Position("culin", pos.black, pos.white, pos.to_move, 35))
    a = analyse(game, 2, node_limit=2000)
    assert a.exact is not None and a.exact["stall"] is True
    assert a.exact["plies"] == v.plies


def test_review_says_when_a_move_throws_the_win_away():
    rng = random.Random(6)
    while True:
        pos, _ = won_positions("culin", 1, seed=rng.randint(0, 10**6))[0]
        game = Game("culin", pos)
        throw = [m for m, c in children(pos) if c.flipped().value != "win"]
        if throw:
            break
    game.play(throw[0])
    moves = review(game, 2, node_limit=500).to_dict()["moves"]
    assert moves[0]["exact"] == "throws-win"
    assert moves[0]["grade"] == "blunder"


def test_protocol_analyse_carries_the_exact_verdict():
    pos, plies = won_positions("ludii", 1, seed=5)[0]
    game = protocol.dispatch("awithlaknannai.new", {"ruleset": "ludii", "position": str(pos)})
    got = protocol.dispatch("awithlaknannai.analyse", {"record": game["record"]})
    assert got["exact"]["plies"] == plies
    assert got["mate"] == plies


def test_a_request_that_reads_no_table_loads_nothing_of_awithlaknannai():
    """The worker asks before every request, a Zohn Ahl page's first one included: the
    answer for a request that cannot read a table imports none of Awithlaknannai's modules
    (a fresh interpreter, as a page's worker is)."""
    code = (
        "import json, sys\n"
        "from engine import protocol\n"
        "asks = [('zohn-ahl.new', {'options': {'ruleset': 'kiowa'}}),\n"
        "        ('awithlaknannai.play', {'record': 'x', 'move': 'b4-m5'}),\n"
        "        ('awithlaknannai.ai', {'record': 'x', 'level': 'easy'})]\n"
        "for cmd, args in asks:\n"
        "    assert protocol.wanted_table(json.dumps({'cmd': cmd, 'args': args})) is None\n"
        "print(sorted(m for m in sys.modules if m.startswith('engine.awithlaknannai')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]", out.stdout


def test_the_worker_is_told_which_table_a_request_needs(monkeypatch):
    from engine.awithlaknannai import endgame

    pos, _ = won_positions("bent", 1, seed=9)[0]
    record = protocol.dispatch("awithlaknannai.new", {"ruleset": "bent", "position": str(pos)})[
        "record"
    ]

    def request(cmd, **args):
        return json.dumps({"cmd": cmd, "args": {"record": record, **args}})

    monkeypatch.setattr(endgame, "_TABLES", {})  # nothing loaded yet, as in a new page
    assert tables.wanted(request("awithlaknannai.ai", level="perfect")) == "bent"
    assert tables.wanted(request("awithlaknannai.ai", level="hard")) == "bent"
    assert tables.wanted(request("awithlaknannai.analyse")) == "bent"
    assert tables.wanted(request("awithlaknannai.ai", level="medium")) is None
    assert tables.wanted(request("awithlaknannai.play", move="b4-m5")) is None
    assert tables.wanted("{not json") is None
    start = protocol.dispatch("awithlaknannai.new", {"ruleset": "bent"})["record"]
    assert (
        tables.wanted(json.dumps({"cmd": "awithlaknannai.hint", "args": {"record": start}})) is None
    )
    # once installed, it is not fetched again
    endgame.install("bent", (endgame.DEFAULT_DIR / "bent.egtb").read_bytes())
    assert tables.wanted(request("awithlaknannai.ai", level="perfect")) is None
