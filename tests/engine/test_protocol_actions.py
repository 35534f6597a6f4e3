"""A move as the page sends it: ``awithlaknannai.play`` with ``action``, the index of one of
the view's legal moves (``spec/protocol.md``), and what the best move of ``analyse`` and
``hint`` is named by."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from protocol_calls import error, ok  # noqa: E402


def test_an_action_plays_the_legal_move_of_that_index():
    start = ok("awithlaknannai.new", {})
    for action, legal in enumerate(start["legal"]):
        after = ok("awithlaknannai.play", {"record": start["record"], "action": action})
        assert after["move"]["notation"] == legal["notation"]
        assert after["move"]["path"] == legal["path"]
        assert after["history"][-1]["notation"] == legal["notation"]
        assert after["ply"] == 1


def test_a_leap_chain_is_played_by_its_action():
    view = ok("awithlaknannai.new", {"moves": "m6-m5"})
    (capture,) = [i for i, m in enumerate(view["legal"]) if m["captured"]]
    after = ok("awithlaknannai.play", {"record": view["record"], "action": capture})
    assert after["move"]["captured"] == view["legal"][capture]["captured"] != []
    assert after["counts"] != view["counts"]


@pytest.mark.parametrize(
    "action, quoted, kind",
    [
        (-1, "-1", "request"),
        (2**40, str(2**40), "request"),
        ("m6-m5", "'m6-m5'", "request"),
        ("0", "'0'", "request"),
        (1.0, "1.0", "request"),
        (True, "True", "request"),
        ([0], "[0]", "request"),
        (3, "3", "move"),  # the start has three legal moves: actions 0 to 2
        (99, "99", "move"),
    ],
)
def test_a_bad_action_is_refused_quoted_and_placed(action, quoted, kind):
    start = ok("awithlaknannai.new", {})
    err = error("awithlaknannai.play", {"record": start["record"], "action": action})
    assert err["kind"] == kind and err["where"] == "action"
    assert quoted in err["message"] and err["input"] in (quoted, quoted.strip("'"), "list")


def test_an_action_of_another_position_is_refused_and_the_game_survives():
    # after 1. m6-m5 Black's reply is forced (one capture): the start's action 2 is not one
    start = ok("awithlaknannai.new", {})
    view = ok("awithlaknannai.play", {"record": start["record"], "action": 2})
    assert len(start["legal"]) == 3 and len(view["legal"]) == 1
    err = error("awithlaknannai.play", {"record": view["record"], "action": 2})
    assert err["kind"] == "move" and err["where"] == "action" and err["input"] == "2"
    assert "1 legal move, actions 0 to 0" in err["message"]
    # the protocol holds no game: the same record plays on as before the refusal
    shown = {k: v for k, v in view.items() if k != "move"}
    assert ok("awithlaknannai.load", {"record": view["record"]}) == shown
    after = ok("awithlaknannai.play", {"record": view["record"], "action": 0})
    assert after["move"]["notation"] == view["legal"][0]["notation"]


def test_a_finished_game_takes_no_action():
    view = ok("awithlaknannai.new", {"position": "W......./........./........ B 0"})
    err = error("awithlaknannai.play", {"record": view["record"], "action": 0})
    assert err["kind"] == "game-over" and err["where"] == "action"
    assert "action 0 cannot be played: the game is over" in err["message"]


@pytest.mark.parametrize(
    "given, words",
    [
        ({}, "give 'action'"),
        ({"action": 0, "move": "m6-m5"}, "not both"),
    ],
)
def test_a_move_is_given_one_way(given, words):
    start = ok("awithlaknannai.new", {})
    err = error("awithlaknannai.play", {"record": start["record"], **given})
    assert err["kind"] == "request" and err["where"] == "action" and words in err["message"]


def test_the_notation_still_plays_a_move_typed_by_a_person():
    start = ok("awithlaknannai.new", {})
    by_text = ok("awithlaknannai.play", {"record": start["record"], "move": " m6-m5 "})
    action = [m["notation"] for m in start["legal"]].index("m6-m5")
    assert by_text == ok("awithlaknannai.play", {"record": start["record"], "action": action})


@pytest.mark.parametrize("cmd", ["awithlaknannai.hint", "awithlaknannai.analyse"])
def test_the_best_move_is_named_by_its_action(cmd):
    view = ok("awithlaknannai.new", {"ruleset": "kolowis"})
    args = {"record": view["record"]}
    found = ok(cmd, {**args, "depth": 2} if cmd.endswith("analyse") else args)
    assert view["legal"][found["action"]]["notation"] == found["best"]
