"""A Zohn Ahl throw told in words: the engine's phrases (engine.zohn_ahl.narration), filled
in from the word tables, say what the page said before the grammar moved into the engine
(tests/data/zohn_ahl/narration.json), in both languages."""

from __future__ import annotations

import hashlib
import json
import string
from pathlib import Path

import pytest

from engine import protocol, words
from engine.zohn_ahl import narration
from engine.zohn_ahl.session import ZohnAhlSession

SAMPLE = json.loads(
    (Path(__file__).parents[1] / "data" / "zohn_ahl" / "narration.json").read_text("utf-8")
)


def narrations(session: ZohnAhlSession) -> list:
    """The narration of each throw of the session's view (its log's rows)."""
    return [row["narration"] for row in session.view()["log"]]


def sentences(record: str, lang: str) -> list[list[str]]:
    return [narration.say(p, lang) for p in narrations(ZohnAhlSession.from_text(record))]


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_every_throw_of_the_sample_is_said_as_before(lang):
    differ = []
    for i, game in enumerate(SAMPLE["games"]):
        said = sentences(game["record"], lang)
        digest = hashlib.sha256(json.dumps(said, ensure_ascii=False).encode()).hexdigest()
        if digest != game[lang]:
            differ.append(i)
    assert differ == []


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_each_kind_of_event_is_said_as_before(lang):
    for example in SAMPLE["examples"]:
        said = sentences(SAMPLE["games"][example["game"]]["record"], lang)
        assert said[example["throw"] - 1] == example[lang], example


def test_the_sample_shows_every_kind_of_event():
    from engine.zohn_ahl.game import EVENT_KINDS

    seen = set()
    for game in SAMPLE["games"]:
        for events in ZohnAhlSession.from_text(game["record"]).events:
            seen.update(e.kind for e in events)
    assert seen == set(EVENT_KINDS)


def test_a_throw_in_english_and_french():
    session = ZohnAhlSession.from_text('[Ruleset "kiowa"]\n[Counters "4"]\n\n1111 0110')
    first, second = narrations(session)
    assert narration.say(first, "en") == [
        "Four marks up: six, throw again.",
        "Red moves six spaces, to its space 7.",
    ]
    assert narration.say(first, "fr") == [
        "Quatre marques\u00a0: six, on relance.",
        "Rouge avance de six cases, jusqu’à sa case 7.",
    ]
    assert narration.say(second, "en")[-1] == "Green to throw."


def test_every_placeholder_of_a_phrase_is_filled_in_every_language():
    for game in SAMPLE["games"][:10]:
        for phrases in narrations(ZohnAhlSession.from_text(game["record"])):
            for lang in words.LANGUAGES:
                for text in narration.say(phrases, lang):
                    assert not any(n for _, n, _, _ in string.Formatter().parse(text)), text


def test_a_phrase_names_only_the_values_its_words_use():
    session = ZohnAhlSession.from_text('[Ruleset "kiowa"]\n[Counters "4"]\n\n1111')
    throw, move = narrations(session)[0]
    assert throw == {
        "key": "narrate.throw.again",
        "values": {"marks": {"key": "marksUp.4.sahe"}, "value": {"key": "numberWord.6"}},
    }
    assert move["values"] == {
        "side": {"key": "sideName.0"},
        "count": {"key": "numberWord.6"},
        "to": 7,
    }


def test_an_unknown_kind_is_said_plainly_never_dropped():
    phrases = narration.narrate([{"kind": "new-effect", "side": 1}])
    assert narration.say(phrases, "en") == ["Green: new effect."]


def test_the_throw_reply_carries_the_narration_of_the_throw_just_made():
    request = {"cmd": "zohn-ahl.throw", "args": {"record": '[Counters "4"]\n', "throw": "0001"}}
    reply = json.loads(protocol.handle(json.dumps({"id": 1, **request})))
    view = reply["result"]
    assert "log" in view["per_move"]
    assert (
        narration.say(view["log"][-1]["narration"], "en")[0]
        == "One mark up, on the sahe: one, throw again."
    )
