"""A throw told in words: the events of one throw turned into phrases of the word tables.

:func:`narrate` decides what is said of a throw (which events are said together, which
are not said at all, which sentence fits); the page only looks up each phrase's words in
its language and fills them in. A :class:`~engine.view.Phrase` names a word-table entry
of the ``page`` section (``key``, a dotted path: ``"narrate.move.other"``) and the values
of its placeholders (``values``): a number is written as it is, a string is text, and a
phrase is its own words filled in (a side's name, ``{"key": "sideName.0"}``; a number in
words, ``{"key": "numberWord.6"}``). Only the placeholders the entry's words use (in any
language) are given, so that the replies stay small.

:func:`say` (:func:`engine.words.say`) fills the phrases in one language, as the page does
(the tests check both).
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from functools import cache

from engine import words
from engine.view import EventView, Phrase

__all__ = ["narrate", "say", "word"]

_FALLS = ("creek", "torrent", "river")
# the kinds said in one sentence each, with no value beyond the sides
_PLAIN = {
    "creek": "narrate.creek",
    "torrent": "narrate.torrent",
    "river": "narrate.river",
    "circuit": "narrate.circuit",
    "ravine": "narrate.ravine",
    "skip": "narrate.skip",
    "win": "narrate.win",
    "no-move": "narrate.noMove",
}
# the kinds said with another event, or not at all
_SILENT = ("lost-throw", "extra-throw")


def _side(side: int | None) -> Phrase | str:
    return {"key": f"sideName.{side}"} if side in (0, 1) else ""


def _number(n: int | None) -> Phrase | int:
    """``n`` in words where the table has a word for it, else the number."""
    n = n or 0
    return (
        {"key": f"numberWord.{n}"} if 0 <= n < len(words.table("en")["page"]["numberWord"]) else n
    )


@cache
def _placeholders(key: str) -> frozenset[str]:
    """The names the entry ``key``'s words use, in any language."""
    names: set[str] = set()
    for lang in words.LANGUAGES:
        text = word(key, lang)
        names.update(n for _, n, _, _ in string.Formatter().parse(text) if n)
    return frozenset(names)


def _phrase(key: str, **values: Phrase | int | float | str) -> Phrase:
    used = _placeholders(key)
    kept = {name: v for name, v in values.items() if name in used}
    return {"key": key, "values": kept} if kept else {"key": key}


def narrate(events: Sequence[EventView]) -> list[Phrase]:
    """The phrases that tell one throw's ``events`` (``Event.to_dict()``, in order)."""
    out: list[Phrase] = []
    kinds = [e["kind"] for e in events]
    for i, e in enumerate(events):
        kind, side = e["kind"], e["side"]
        sides: dict[str, Phrase | int | str] = {
            "side": _side(side),
            "other": _side(1 - side) if side is not None and side in (0, 1) else "",
        }
        after = events[i + 1] if i + 1 < len(events) else None
        if kind == "throw":
            sticks = e.get("throw", "")
            marks = sticks.count("1")
            sahe = "sahe" if sticks[3:4] == "1" else "plain"
            key = "narrate.throw.again" if "extra-throw" in kinds else "narrate.throw.once"
            out.append(
                _phrase(
                    key,
                    marks={"key": f"marksUp.{marks}.{sahe}"} if marks <= 4 else str(marks),
                    value=_number(e.get("value")),
                    **sides,
                )
            )
        elif kind == "move":
            if after is not None and after["kind"] in _FALLS:
                continue  # said with the fall
            if after is not None and after["kind"] == "lap" and after.get("to_space") == 0:
                continue  # printable: said with the lap
            key = "narrate.move.one" if e.get("value") == 1 else "narrate.move.other"
            count = _number(e.get("value"))
            out.append(_phrase(key, count=count, to=e.get("to_space", 0), **sides))
        elif kind in _PLAIN:
            out.append(_phrase(_PLAIN[kind], **sides))
        elif kind == "lap":
            if e.get("target_space") == 0 and e.get("to_space") == 0:
                out.append(_phrase("narrate.lapBoth", **sides))
            elif e.get("target") in (0, 1):
                out.append(_phrase("narrate.lapTarget", **sides))
            else:
                out.append(_phrase("narrate.lapSelf", **sides))
        elif kind in ("whip", "capture"):
            target = e.get("target")
            victim = target if target in (0, 1) else 1 - (side or 0)
            out.append(_phrase(f"narrate.{kind}", victim=_side(victim), **sides))
        elif kind == "gully":
            if e.get("reason") == "cross":
                continue  # said with the crossing
            lost = next((x for x in events[i + 1 :] if x["kind"] == "lost-throw"), None)
            throw_lost = lost is not None and lost.get("reason") == "extra-throw"
            out.append(
                _phrase("narrate.gullyThrow" if throw_lost else "narrate.gullyTurn", **sides)
            )
        elif kind == "cross":
            out.append(_phrase("narrate.cross", to=e.get("to_space", 0), **sides))
        elif kind in _SILENT:
            continue  # said with the gully, the ravine or the throw
        elif kind == "skip-cancelled":
            if e.get("reason") != "both-due":
                out.append(_phrase("narrate.skipCancelled", **sides))
            elif i == 0 or events[i - 1]["kind"] != "skip-cancelled":
                out.append(_phrase("narrate.skipBoth", **sides))
        elif kind == "turn":
            if e.get("reason") != "extra-throw":
                out.append(_phrase("narrate.turn", **sides))
        else:  # a kind this module does not know yet is said plainly, never dropped
            out.append(_phrase("narrate.other", kind=kind.replace("-", " "), **sides))
    return out


say = words.say
word = words.word
