"""Answer blocks (```` ```answer ````): an exercise's answer, checked by the engine at build time.

A wrong answer fails the build, so a lesson can never teach something the engine disagrees
with. The block renders as a closed ``<details class="answer">`` ("Answer" / "Réponse")
holding the answer and the explanation. The checks:

``game: awithlaknannai`` (keys ``ruleset``, ``stall``, ``position``, ``moves`` set up the
position exactly as a board block does)

- ``check: legal-moves`` -- ``answer`` lists every legal move, separated by spaces, in any
  order (short or long notation). Missing or extra moves fail, naming them.
- ``check: best-capture`` -- ``answer`` is the one legal move that removes the most pieces;
  the build fails if the position has no capture or several moves tie for the most.
- ``check: outcome`` -- ``answer`` is ``black wins``, ``white wins``, ``draw`` or
  ``not over`` (the game after ``moves``); an optional ``reason`` (``no-pieces``,
  ``no-moves``, ``stall-draw``, ``stall-majority``) is checked too.

``game: zohn-ahl``

- ``check: probability`` -- ``event`` is ``value N`` (the throw is worth N),
  ``marked K`` (K sticks show their mark), ``throw XXXX`` (exactly that throw) or
  ``extra-throw`` (the throw earns another); the table comes from ``table`` (``sahe``,
  ``globe``, ``culin``) or ``ruleset``; ``bias`` (default ``1/2``) is the chance that a
  stick falls marked side up. ``answer`` is the exact probability, e.g. ``1/16``
  (a decimal that is exactly equal, such as ``0.0625``, is accepted).
- ``check: state`` -- after ``throws`` (and ``ruleset``, ``counters``, ``gully``),
  ``answer`` gives the awls and counters as ``awls 1 1, counters 3 5`` (own numbering,
  side 0 first).
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any

from build_scripts.block_syntax import (
    BlockError,
    Pairs,
    choice,
    integer,
    parse_pairs,
    text_value,
)
from build_scripts.board_blocks import AWITHLAKNANNAI_RULESETS, ZOHN_AHL_RULESETS
from build_scripts.labels import label
from engine import protocol
from engine.core import EngineError

ANSWER_KEYS = (
    "game",
    "ruleset",
    "table",
    "stall",
    "position",
    "moves",
    "throws",
    "counters",
    "gully",
    "check",
    "event",
    "bias",
    "answer",
    "reason",
    "explain",
)
AW_CHECKS = ("legal-moves", "best-capture", "outcome")
ZA_CHECKS = ("probability", "state")
OUTCOMES = {"black wins": 0, "white wins": 1, "draw": None, "not over": "not over"}
OUTCOME_FR = {
    "black wins": "les noirs gagnent",
    "white wins": "les blancs gagnent",
    "draw": "partie nulle",
    "not over": "la partie continue",
}


def _only(pairs: Pairs, allowed: tuple[str, ...], what: str) -> None:
    for key, (_, line) in pairs.items():
        if key not in allowed:
            raise BlockError(f"key {key!r} does not apply to {what}", line=line)


def _need(pairs: Pairs, key: str, what: str) -> tuple[str, int]:
    if key not in pairs:
        raise BlockError(f"{what} needs a {key!r} line")
    return pairs[key]


def asked_form(check: str, answer: str, moves: str | None) -> str | None:
    """The answer in the form its field asks for, when it is not the block's ``answer``:
    an outcome after moves is the key of "find the move that ends the game so" (the
    students' field asks for that move, :mod:`build_scripts.answer_fields`), so a key
    gives the last move, the outcome after it. ``None`` otherwise."""
    if check != "outcome" or not moves or not moves.split():
        return None
    return f"{moves.split()[-1]} ({answer})"


def check_answer(text: str) -> dict[str, Any]:
    """Check an answer block; return ``{"check", "answer", "explain", "shown", ...}``
    (``shown``: the answer as a key gives it, in the form its field asks for). The games
    and their checks are the games' table's (:data:`build_scripts.games.ANSWERS`)."""
    # (imported here: the table names this module's checks)
    from build_scripts.games import ANSWERS

    pairs = parse_pairs(text, ANSWER_KEYS)
    games = tuple(sorted(ANSWERS))
    game = choice(pairs, "game", games)
    if game is None:
        raise BlockError(f"an answer block needs a 'game' line: {' or '.join(games)}")
    checks = ANSWERS[game].checks
    check = choice(pairs, "check", checks)
    if check is None:
        raise BlockError(f"an answer block needs a 'check' line: {' | '.join(checks)}")
    answer, answer_line = _need(pairs, "answer", f"check {check}")
    explain = text_value(pairs, "explain", 1000)
    shown = ANSWERS[game].check(pairs, check, answer, answer_line)
    asked = asked_form(check, str(shown), pairs["moves"][0] if "moves" in pairs else None)
    return {
        "game": game,
        "check": check,
        "answer": answer,
        "shown": shown,
        "explain": explain,
        "asked": asked,
    }


# --------------------------------------------------------------------------- Awithlaknannai


def _aw_view(pairs: Pairs) -> dict[str, Any]:
    args = {
        "ruleset": choice(pairs, "ruleset", AWITHLAKNANNAI_RULESETS, "culin"),
        "stall": choice(pairs, "stall", ("draw", "majority"), "draw"),
    }
    if "position" in pairs:
        args["position"] = pairs["position"][0]
        try:
            protocol.dispatch("awithlaknannai.new", dict(args))
        except EngineError as err:
            raise BlockError(f"position: {err}", line=pairs["position"][1]) from None
    if "moves" in pairs:
        args["moves"] = pairs["moves"][0]
    try:
        return protocol.dispatch("awithlaknannai.new", args)
    except EngineError as err:
        key = "moves" if "moves" in pairs else "ruleset"
        raise BlockError(f"{key}: {err}", line=pairs.get(key, (None, None))[1]) from None


def _canonical(view: dict[str, Any], token: str, line: int) -> str:
    """The notation of the legal move ``token`` in the view's position (BlockError if none)."""
    try:
        played = protocol.dispatch("awithlaknannai.play", {"record": view["record"], "move": token})
    except EngineError as err:
        raise BlockError(f"answer: {err}", line=line) from None
    return str(played["move"]["notation"])


def awithlaknannai_answer(pairs: Pairs, check: str, answer: str, line: int) -> str:
    _only(
        pairs,
        ("game", "ruleset", "stall", "position", "moves", "check", "answer", "reason", "explain"),
        "an awithlaknannai answer",
    )
    view = _aw_view(pairs)
    legal = [m["notation"] for m in view["legal"]]
    if check == "legal-moves":
        if "reason" in pairs:
            raise BlockError("key 'reason' applies only to check outcome", line=pairs["reason"][1])
        given = answer.split()
        if answer.strip().lower() in ("none", "-"):
            given = []
        named: dict[str, str | None] = {}
        for token in given:
            if token in named.values():
                raise BlockError(f"answer lists {token!r} twice", line=line)
            named[token] = _canonical(view, token, line) if legal else None
        listed = set(named.values())
        missing = [m for m in legal if m not in listed]
        if missing:
            raise BlockError(
                f"wrong answer: the legal moves are {' '.join(legal) or 'none'}; "
                f"the answer leaves out {' '.join(missing)}",
                line=line,
            )
        if not legal and given:
            raise BlockError(
                f"wrong answer: there is no legal move here (the game is "
                f"{'over' if view['finished'] else 'blocked'})",
                line=line,
            )
        return " ".join(legal) if legal else "—"
    if check == "best-capture":
        if "reason" in pairs:
            raise BlockError("key 'reason' applies only to check outcome", line=pairs["reason"][1])
        captures = [m for m in view["legal"] if m["captured"]]
        if not captures:
            raise BlockError("this position has no capture, so there is no best capture", line=line)
        most = max(len(m["captured"]) for m in captures)
        best = [m["notation"] for m in captures if len(m["captured"]) == most]
        if len(best) > 1:
            raise BlockError(
                f"no single best capture: {' '.join(best)} each remove {most}; "
                "choose a position with one best capture",
                line=line,
            )
        stated = _canonical(view, answer.strip(), line)
        if stated != best[0]:
            raise BlockError(
                f"wrong answer: {answer!r} removes "
                f"{_removes(view, stated)} piece(s); the best capture is "
                f"{best[0]}, which removes {most}",
                line=line,
            )
        return str(best[0])
    # outcome
    key = answer.strip().lower()
    if key not in OUTCOMES:
        raise BlockError(f"answer {answer!r} is not one of: {', '.join(OUTCOMES)}", line=line)
    outcome = view["outcome"]
    actual = (
        "not over"
        if outcome is None
        else {0: "black wins", 1: "white wins", None: "draw"}[outcome["winner"]]
    )
    if actual != key:
        why = f" ({outcome['reason']})" if outcome else ""
        raise BlockError(f"wrong answer: {answer!r}, but the engine says {actual}{why}", line=line)
    if "reason" in pairs:
        reason, reason_line = pairs["reason"]
        if outcome is None or outcome["reason"] != reason:
            raise BlockError(
                f"wrong reason {reason!r}: the engine says "
                f"{outcome['reason'] if outcome else 'the game is not over'}",
                line=reason_line,
            )
    return key


def _removes(view: dict[str, Any], notation: str) -> int:
    for move in view["legal"]:
        if move["notation"] == notation:
            return len(move["captured"])
    return 0


# --------------------------------------------------------------------------- Zohn Ahl

_EVENT = re.compile(r"^(value (\d+)|marked ([0-4])|throw ([01]{4})|extra-throw)$")


def _fraction(text: str, key: str, line: int) -> Fraction:
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise BlockError(f"{key} {text!r} is not a fraction such as 1/16", line=line) from None
    if not 0 <= value <= 1:
        raise BlockError(f"{key} {text!r} is not a probability (0 to 1)", line=line)
    return value


def zohn_ahl_answer(pairs: Pairs, check: str, answer: str, line: int) -> str:
    if check == "probability":
        _only(
            pairs,
            ("game", "ruleset", "table", "check", "event", "bias", "answer", "explain"),
            "a zohn-ahl probability answer",
        )
        if "table" in pairs and "ruleset" in pairs:
            raise BlockError("give either 'table' or 'ruleset', not both", line=pairs["table"][1])
        args = {}
        table = choice(pairs, "table", ("sahe", "globe", "culin"))
        ruleset = choice(pairs, "ruleset", ZOHN_AHL_RULESETS)
        if table:
            args["table"] = table
        if ruleset:
            args["ruleset"] = ruleset
        if "bias" in pairs:
            bias, bias_line = pairs["bias"]
            b = _fraction(bias, "bias", bias_line)
            if not 0 < b < 1:
                raise BlockError(f"bias {bias!r} must lie strictly between 0 and 1", line=bias_line)
            args["bias"] = str(b)
        event_text, event_line = _need(pairs, "event", "check probability")
        m = _EVENT.match(event_text.strip())
        if not m:
            raise BlockError(
                f"event {event_text!r} is not one of: value N, marked K (0-4), "
                "throw XXXX, extra-throw",
                line=event_line,
            )
        probs = protocol.dispatch("zohn-ahl.probabilities", args)
        rows = probs["throws"]
        if m.group(2) is not None:
            n = int(m.group(2))
            if str(n) not in probs["values"]:
                raise BlockError(
                    f"event {event_text!r}: no throw is worth {n} in table "
                    f"{probs['table']} (values: {', '.join(probs['values'])})",
                    line=event_line,
                )
            actual = Fraction(probs["values"][str(n)])
        elif m.group(3) is not None:
            actual = sum(
                (Fraction(r["p"]) for r in rows if r["marked"] == int(m.group(3))), Fraction(0)
            )
        elif m.group(4) is not None:
            actual = sum((Fraction(r["p"]) for r in rows if r["throw"] == m.group(4)), Fraction(0))
        else:
            actual = Fraction(probs["extra"])
        stated = _fraction(answer, "answer", line)
        if stated != actual:
            raise BlockError(
                f"wrong answer: {answer!r}, but the probability of {event_text!r} "
                f"with table {probs['table']} and bias {probs['bias']} is {actual}",
                line=line,
            )
        return str(actual)
    # state
    _only(
        pairs,
        ("game", "ruleset", "counters", "gully", "throws", "check", "answer", "explain"),
        "a zohn-ahl state answer",
    )
    options = {
        "ruleset": choice(pairs, "ruleset", ZOHN_AHL_RULESETS, "kiowa"),
        "counters": integer(pairs, "counters", 1, 20, 4),
    }
    if "gully" in pairs:
        options["gully"] = choice(pairs, "gully", ("lose-throw", "cross"))
        if options["ruleset"] != "printable":
            raise BlockError(
                f"gully applies only to ruleset printable, not {options['ruleset']!r}",
                line=pairs["gully"][1],
            )
    try:
        view = protocol.dispatch(
            "zohn-ahl.new", {"options": options, "throws": pairs.get("throws", ("", 0))[0]}
        )
    except EngineError as err:
        key = (
            "throws"
            if "throws" in pairs and err.kind in ("throw", "game-over", "record")
            else "ruleset"
        )
        raise BlockError(f"{key}: {err}", line=pairs.get(key, (None, None))[1]) from None
    m = re.fullmatch(r"\s*awls\s+(\d+)\s+(\d+)\s*,\s*counters\s+(\d+)\s+(\d+)\s*", answer)
    if not m:
        raise BlockError(f"answer {answer!r} is not written 'awls A B, counters C D'", line=line)
    state = view["state"]
    engine_says = f"awls {state['awls'][0]} {state['awls'][1]}, counters {state['counters'][0]} {state['counters'][1]}"
    written = f"awls {m.group(1)} {m.group(2)}, counters {m.group(3)} {m.group(4)}"
    if written != engine_says:
        raise BlockError(
            f"wrong answer: {answer!r}, but after those throws the engine has {engine_says}",
            line=line,
        )
    return engine_says


# --------------------------------------------------------------------------- HTML


def render_answer(result: dict[str, Any], lang: str) -> str:
    shown = result["shown"]
    if result["check"] == "outcome" and lang == "fr":
        shown = OUTCOME_FR.get(shown, shown)
    if result.get("asked"):
        shown = result["asked"].replace(result["shown"], shown)
    if result["check"] == "state" and lang == "fr":
        shown = shown.replace("awls", "alènes").replace("counters", "jetons")
    parts = [
        f'<details class="answer" data-check="{result["check"]}">',
        f"<summary>{html.escape(label(lang, 'answer'))}</summary>",
        f'<p class="answer-value"><strong>{html.escape(shown)}</strong></p>',
    ]
    if result["explain"]:
        parts.append(f'<p class="answer-explain">{html.escape(result["explain"])}</p>')
    parts.append("</details>")
    return "\n".join(parts)
