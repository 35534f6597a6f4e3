"""Whose throw it is, as the Zohn Ahl view says it (``turns``): the side, the team member
whose turn it is when the game is played by teams (the protocol's ``teams``), and the
caption's words."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.zohn_ahl import narration

sys.path.insert(0, str(Path(__file__).resolve().parent))
from protocol_calls import call, ok  # noqa: E402

TEAMS = [["Ann", "Bea"], ["Cal"]]
# kiowa: 1111 earns another throw, 0110 does not
RECORD = '[Ruleset "kiowa"]\n[Counters "4"]\n\n1111 0110 0110 0110'


def test_the_members_of_a_team_take_turns_by_their_sides_throws():
    view = ok("zohn-ahl.load", {"record": RECORD, "teams": TEAMS})
    who = [(t["side"], t.get("member")) for t in view["turns"]]
    # each throw is the next member's, the extra throw 1111 earns too: Ann, then Bea
    assert who == [(0, "Ann"), (0, "Bea"), (1, "Cal"), (0, "Ann"), (1, "Cal")]
    assert len(view["turns"]) == len(view["states"])


def test_the_log_names_each_throw_its_side_and_the_member_who_threw():
    view = ok("zohn-ahl.load", {"record": RECORD, "teams": TEAMS})
    rows = [(r["throw"], r["side"], r["member"]) for r in view["log"]]
    assert rows == [("1111", 0, "Ann"), ("0110", 0, "Bea"), ("0110", 1, "Cal"), ("0110", 0, "Ann")]
    said = narration.say(view["log"][2]["narration"], "en")
    assert said == [
        "Two marks up: two.",
        "Green moves two spaces, to its space 3.",
        "Red to throw.",
    ]
    alone = ok("zohn-ahl.load", {"record": RECORD})["log"]
    assert all("member" not in r for r in alone) and len(alone) == view["thrown"] == 4


@pytest.mark.parametrize(
    "lang,teamed,alone",
    [
        (
            "en",
            ["Red (Ann):", "Red (Bea):", "Green (Cal):", "Red (Ann):"],
            ["Red:", "Red:", "Green:", "Red:"],
        ),
        (
            "fr",
            ["Rouge (Ann)\u00a0:", "Rouge (Bea)\u00a0:", "Vert (Cal)\u00a0:", "Rouge (Ann)\u00a0:"],
            ["Rouge\u00a0:", "Rouge\u00a0:", "Vert\u00a0:", "Rouge\u00a0:"],
        ),
    ],
)
def test_each_log_row_names_its_thrower_in_words(lang, teamed, alone):
    """The log's rows say who threw: the side, and with teams the member whose throw it
    was, in the page's words."""
    view = ok("zohn-ahl.load", {"record": RECORD, "teams": TEAMS})
    assert narration.say([r["thrower"] for r in view["log"]], lang) == teamed
    view = ok("zohn-ahl.load", {"record": RECORD})
    assert narration.say([r["thrower"] for r in view["log"]], lang) == alone


def test_the_caption_says_who_throws_in_each_language():
    view = ok("zohn-ahl.load", {"record": RECORD, "teams": TEAMS})
    caption = view["turns"][-1]["caption"]
    assert narration.say([caption], "en") == ["Green to throw: Cal's turn"]
    alone = ok("zohn-ahl.load", {"record": RECORD})["turns"][-1]
    assert "member" not in alone
    assert narration.say([alone["caption"]], "en") == ["Green to throw"]
    assert alone["caption"] == {
        "key": "toThrow",
        "values": {"name": {"key": "sideName.1"}},
    }


def test_a_won_game_says_who_won():
    view = ok("zohn-ahl.new", {"options": {"ruleset": "kiowa", "counters": 1}, "seed": 5})
    while not view["state"]["finished"]:
        view = ok("zohn-ahl.throw", {"record": view["record"], "teams": TEAMS})
    last = view["turns"][-1]
    assert last["side"] is None and "member" not in last
    winner = view["state"]["winner"]
    assert narration.say([last["caption"]], "en") == [["Red", "Green"][winner] + " wins"]


def test_a_throw_reply_with_since_carries_the_turns_from_there():
    view = ok("zohn-ahl.load", {"record": RECORD, "teams": TEAMS})
    reply = ok("zohn-ahl.throw", {"record": RECORD, "teams": TEAMS, "since": 4, "throw": "0110"})
    assert reply["since"] == 4
    assert reply["turns"][0] == view["turns"][4]
    assert reply["turns"][1]["side"] == 0 and reply["turns"][1]["member"] == "Bea"


@pytest.mark.parametrize(
    ("teams", "where", "shown"),
    [
        ("Ann / Cal", "teams", "Ann / Cal"),
        ([["Ann"]], "teams", "list"),
        ([["Ann"], ["Cal"], ["Dee"]], "teams", "list"),
        ([["Ann"], "Cal"], "teams.1", "Cal"),
        ([["Ann"], []], "teams.1", "list"),
        ([["Ann", "Bea", "Cal", "Dee", "Eve"], ["Fay"]], "teams.0", "list"),
        ([["Ann", "  "], ["Cal"]], "teams.0", "  "),
        ([["Ann", 7], ["Cal"]], "teams.0", "7"),
        ([["A" * 31], ["Cal"]], "teams.0", "A" * 31),
    ],
)
def test_malformed_teams_are_refused_naming_the_argument(teams, where, shown):
    reply = call("zohn-ahl.load", {"record": RECORD, "teams": teams})
    assert reply["ok"] is False
    err = reply["error"]
    assert err["kind"] == "request" and err["where"] == where, err
    assert "teams" in err["message"] and err["input"] == shown, err
