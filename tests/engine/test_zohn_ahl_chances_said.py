"""What the last throw did to the chances, as the ``zohn-ahl.chances`` reply says it
(``change``): before any throw, after each throw told from the side that threw, and once
the game is won, in both languages."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.zohn_ahl import narration

sys.path.insert(0, str(Path(__file__).resolve().parent))
from protocol_calls import ok  # noqa: E402

NAMES = {"en": ("Red", "Green"), "fr": ("Rouge", "Vert")}
PERCENT = {"en": "{}%", "fr": "{}\u00a0%"}
SAID = {
    "en": {
        "rose": "{who}'s chance rose from {a} to {b}.",
        "fell": "{who}'s chance fell from {a} to {b}.",
        "same": "{who}'s chance stayed at {b}.",
    },
    "fr": {
        "rose": "La chance de {who} est passée de {a} à {b}.",
        "fell": "La chance de {who} est tombée de {a} à {b}.",
        "same": "La chance de {who} reste à {b}.",
    },
}


def whole(x: float) -> str:
    v = 100 * x
    return "<1" if 0 < v < 0.5 else ">99" if 99.5 <= v < 100 else str(round(v))


def a_game(seed: int) -> list[str]:
    """The records of a two-counter game thrown to its end, from its start."""
    view = ok("zohn-ahl.new", {"options": {"ruleset": "kiowa", "counters": 2}, "seed": seed})
    records = [view["record"]]
    while not view["state"]["finished"]:
        view = ok("zohn-ahl.throw", {"record": view["record"]})
        records.append(view["record"])
    return records


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_chances_say_what_each_throw_did_from_the_side_that_threw(lang):
    records = a_game(seed=3)
    kinds = set()
    for i, record in enumerate(records):
        res = ok("zohn-ahl.chances", {"record": record, "lang": lang})
        (said,) = narration.say([res["change"]], lang)
        if i == 0:
            assert res["change"] == {"key": "chances.start"}
            continue
        if res["winner"] is not None:
            assert i == len(records) - 1
            assert said.startswith(NAMES[lang][res["winner"]])
            assert res["change"]["key"] == "chances.won"
            continue
        side = res["last"]["side"]
        a, b = (whole(res["last"][k][side]) for k in ("before", "after"))
        kind = (
            "same"
            if a == b
            else "rose"
            if res["last"]["after"][side] > res["last"]["before"][side]
            else "fell"
        )
        kinds.add(kind)
        expected = SAID[lang][kind].format(
            who=NAMES[lang][side], a=PERCENT[lang].format(a), b=PERCENT[lang].format(b)
        )
        assert said == expected
    assert {"rose", "fell"} <= kinds  # the game told both
