"""Both games through the protocol as the page calls it (JSON text in, JSON text out), on
the model of OpenSpiel's ``random_sim_test``: seeded random playthroughs of every ruleset
in which, at every step,

* loading the view's record gives the same view;
* undo after a move (or a throw) gives the view before it;
* the reply's tail from ``since`` (the number of entries the page holds), joined to what
  the page holds as ``long-game.js`` joins it, is the whole view;
* playing each legal move by its action (its index in the view's ``legal``, as the page
  sends it) gives the same view as playing it by its notation (Awithlaknannai);
* the legal actions are empty exactly when the game is over (Zohn Ahl: nobody is to
  throw);
* every value the view carries reads back as itself (record, position, moves).

Each playthrough is counted (plies or throws) and seeded: the same steps on every machine.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine import protocol
from engine.awithlaknannai import RULESETS, Move, Position, Record
from engine.zohn_ahl import Record as ThrowRecord
from engine.zohn_ahl import State
from engine.zohn_ahl.rulesets import RULESETS as ZOHN_AHL_RULESETS

MAX_PLIES = 40
MAX_THROWS = 60
ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "pyodide" / "conformance_sample.py"
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"


def ask(cmd: str, args: dict) -> dict:
    """The result of one request, sent as the worker sends it (checked to be a success)."""
    reply = json.loads(protocol.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    assert reply["ok"], (cmd, args, reply)
    return reply["result"]


def joined(held: dict, reply: dict) -> dict:
    """The page's whole view after ``reply`` (``long-game.js``'s ``wholeView``)."""
    if "since" not in reply:
        return reply
    n = reply["since"]
    whole = {k: v for k, v in reply.items() if k != "since"}
    for name in reply["per_move"]:
        assert len(held[name]) >= n, name
        whole[name] = held[name][:n] + reply[name]
    return whole


def held_count(view: dict) -> int:
    """The ``since`` the page sends with its next request (``long-game.js``'s ``heldCount``)."""
    return len(view[view["per_move"][-1]])


def same_view(reply: dict, view: dict) -> None:
    """``reply`` carries ``view``: every key of the view with the same value."""
    assert {k: reply[k] for k in view} == view


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_awithlaknannai_through_the_protocol(ruleset):
    rng = random.Random(f"conformance {ruleset}")
    view = ask("awithlaknannai.new", {"ruleset": ruleset})
    for _ in range(MAX_PLIES):
        record = view["record"]
        assert ask("awithlaknannai.load", {"record": record}) == view
        assert str(Record.parse(record)) == record
        assert str(Position.parse(view["position"], ruleset)) == view["position"]
        assert (view["legal"] == []) == view["finished"] == (view["to_move"] is None)
        for legal in view["legal"]:
            move = Move(legal["path"], legal["captured"])
            assert Move.parse(str(move)) == move
        if view["finished"]:
            break
        for action, legal in enumerate(view["legal"]):
            by_action = ask("awithlaknannai.play", {"record": record, "action": action})
            by_text = ask("awithlaknannai.play", {"record": record, "move": legal["notation"]})
            assert by_action == by_text and by_action["move"]["path"] == legal["path"]
        chosen = rng.randrange(len(view["legal"]))
        args = {"record": record, "action": chosen}
        whole = ask("awithlaknannai.play", args)
        tail = ask("awithlaknannai.play", {**args, "since": held_count(view)})
        assert tail["move"]["notation"] == view["legal"][chosen]["notation"]
        after = joined(view, {k: v for k, v in tail.items() if k != "move"})
        same_view(whole, after)
        assert ask("awithlaknannai.undo", {"record": after["record"]}) == view
        view = after


@pytest.mark.parametrize("ruleset", sorted(ZOHN_AHL_RULESETS))
def test_zohn_ahl_through_the_protocol(ruleset):
    rng = random.Random(f"conformance {ruleset}")
    view = ask(
        "zohn-ahl.new",
        {"options": {"ruleset": ruleset, "counters": 2}, "seed": rng.getrandbits(32)},
    )
    for _ in range(MAX_THROWS):
        record = view["record"]
        assert ask("zohn-ahl.load", {"record": record}) == view
        assert str(ThrowRecord.parse(record)) == record
        state = ThrowRecord.parse(record).state()
        assert State.parse(str(state)) == state
        assert (view["state"]["to_move"] is None) == view["state"]["finished"]
        if view["state"]["finished"]:
            reply = json.loads(
                protocol.handle(
                    json.dumps({"id": 1, "cmd": "zohn-ahl.throw", "args": {"record": record}})
                )
            )
            assert reply["ok"] is False and reply["error"]["kind"] == "game-over"
            break
        whole = ask("zohn-ahl.throw", {"record": record})
        tail = ask("zohn-ahl.throw", {"record": record, "since": held_count(view)})
        view_keys = set(view)
        after = joined(view, {k: v for k, v in tail.items() if k in view_keys | {"since"}})
        same_view(whole, after)
        assert ask("zohn-ahl.undo", {"record": after["record"]}) == view
        view = after


def sample_digests(command: list[str]) -> dict:
    proc = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=900,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.pyodide
def test_a_sample_of_the_playthroughs_gives_the_same_bytes_in_pyodide():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the engine cannot be checked inside Pyodide")
    in_cpython = sample_digests([sys.executable, str(SAMPLE)])
    assert set(in_cpython) == {"awithlaknannai", "zohn-ahl"}
    assert sample_digests([node, str(RUNNER), str(SAMPLE)]) == in_cpython
