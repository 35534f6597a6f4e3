"""Board blocks (```` ```zohn-ahl ```` and ```` ```awithlaknannai ````): check them with the
engine and render the static board the page starts from.

Every value is checked by the engine through :func:`engine.protocol.dispatch`, the same
commands the page's worker answers, so the board the reader sees before the script runs is
the one the build checked. The HTML (see also ``docs/authoring.md``)::

    <div class="board" data-game="zohn-ahl" id="ID" data-ready="false" lang="en"
         data-config='{"game": ..., "record": ..., ...}' role="group" aria-labelledby="ID-caption">
      <p class="board-status" data-role="status">Loading the game engine…</p>
      <noscript><p class="board-noscript">…</p></noscript>
      <div class="board-svg" data-role="board" data-args='…'><svg …></svg></div>  (data-args: Zohn Ahl only)
      <template data-role="static-board" data-args='{"flip": false, "game": ...}'><svg …></svg></template>  (Awithlaknannai only)
      <div class="board-sticks" data-role="sticks"><svg …></svg></div>      (Zohn Ahl only)
      <div class="board-controls" data-role="controls" role="group" aria-label="Game controls">
        <button type="button" class="board-button" data-action="throw" aria-label="Throw the sticks" disabled>Throw</button> …
      </div>
      <p class="board-caption" data-role="caption" id="ID-caption">…</p>
      <div class="board-live" data-role="live" aria-live="polite" aria-atomic="false"></div>
    </div>

The ``template`` holds the engine's drawing of the board without its pieces (the
protocol's ``svg`` with ``static``), the drawing the page's script places the pieces on:
``data-args`` is that request, as JSON with its keys sorted. With it in the page, the
board's first view needs one request of the engine, not two, on a first visit. A page
keeps one template per request (:func:`keep_first_static_boards`); a board that needs
another (turned round, another ruleset) asks the engine. A Zohn Ahl board has no template:
its own drawing is that request's drawing with the pieces placed, and its ``data-args``
says so. The page keeps it for the first view instead of drawing the board again, and
copies it for another board of the same request (each view places the pieces anew).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from build_scripts.aids import aid, block_aids
from build_scripts.block_syntax import (
    BlockError,
    Pairs,
    choice,
    identifier,
    integer,
    parse_pairs,
    text_value,
)
from build_scripts.labels import label
from engine import awithlaknannai, protocol, zohn_ahl
from engine.awithlaknannai.ai import LEVELS, searches
from engine.core import EngineError

ZOHN_AHL_KEYS = (
    "id",
    "ruleset",
    "counters",
    "gully",
    "opponent",
    "teams",
    "throws",
    "seed",
    "chances",
    "caption",
    "aids",
)
AWITHLAKNANNAI_KEYS = (
    "id",
    "ruleset",
    "stall",
    "opponent",
    "position",
    "moves",
    "bottom",
    "caption",
    "analysis",
    "hint",
    "aids",
)
ZOHN_AHL_RULESETS = tuple(zohn_ahl.RULESETS)
"""The Zohn Ahl rulesets, as the engine lists them (``engine.zohn_ahl.RULESETS``)."""
AWITHLAKNANNAI_RULESETS = tuple(awithlaknannai.RULESETS)
"""The Awithlaknannai rulesets, as the engine lists them (``engine.awithlaknannai.RULESETS``)."""
AWITHLAKNANNAI_OPPONENTS = (
    "person",
    "easy",
    "medium",
    "hard",
    "perfect",
    "random",
    "computer-vs-computer",
)


def engine_error(err: EngineError, key: str, pairs: Pairs) -> BlockError:
    """A block error for an engine error raised while checking ``key``."""
    line = pairs[key][1] if key in pairs else None
    return BlockError(f"{key}: {err}", line=line)


# --------------------------------------------------------------------------- Zohn Ahl


def offered_opponents(opponent: str | None, student: bool) -> list[str] | None:
    """The opponents a board's menu offers: on a page for students (``student``), the
    block's own alone (a person, or the computer when the exercise is to play it), so
    that no computer plays the reply an exercise asks for; elsewhere ``None``, every one
    the board knows. The classmate on another device is a person and is always offered."""
    if not student:
        return None
    return ["person"] if opponent == "person" else ["person", "computer"]


def zohn_ahl_config(text: str, *, aids: bool = True, student: bool = False) -> dict[str, Any]:
    """Check a ```` ```zohn-ahl ```` block; return its config (with the engine's view).

    ``aids`` is the page's default (:mod:`build_scripts.aids`): with the board's aids off
    the Chances panel is not offered at all, unless the block gives ``chances`` itself
    (``chances_offered``); ``chances`` says whether the panel starts open. ``student``: a
    page for students, whose boards offer no opponent but the block's
    (:func:`offered_opponents`)."""
    pairs = parse_pairs(text, ZOHN_AHL_KEYS)
    board_aids = block_aids(pairs, aids)
    ruleset = choice(pairs, "ruleset", ZOHN_AHL_RULESETS, "kiowa")
    counters = integer(pairs, "counters", 1, 20, 4)
    gully = choice(pairs, "gully", ("lose-throw", "cross"))
    if gully is not None and ruleset != "printable":
        raise BlockError(
            f"gully applies only to ruleset printable, not {ruleset!r}", line=pairs["gully"][1]
        )
    opponent = choice(pairs, "opponent", ("person", "computer"), "person")
    teams = _teams(pairs)
    seed = integer(pairs, "seed", 0, 2**63 - 1)
    chances = choice(pairs, "chances", ("on", "off"), "off")
    options: dict[str, str | int | None] = {"ruleset": ruleset, "counters": counters}
    if gully is not None:
        options["gully"] = gully
    args: dict[str, object] = {"options": options, "throws": pairs.get("throws", ("", 0))[0]}
    if seed is not None:
        args["seed"] = seed
    try:
        view = protocol.dispatch("zohn-ahl.new", args)
    except EngineError as err:
        key = (
            "throws"
            if err.kind in ("throw", "game-over", "record")
            else (
                "gully"
                if "gully" in str(err) and "gully" in pairs
                else "counters"
                if "counters" in pairs and err.kind == "option"
                else "ruleset"
            )
        )
        raise engine_error(err, key, pairs) from None
    return {
        "game": "zohn-ahl",
        "id": identifier(pairs),
        "ruleset": ruleset,
        "counters": counters,
        "gully": view["options"].get("gully", gully),
        "opponent": opponent,
        "opponents": offered_opponents(opponent, student),
        "teams": teams,
        "throws": " ".join(_throws(view)),
        "seed": seed,
        "chances": chances,
        "chances_offered": "chances" in pairs or board_aids,
        "aids": board_aids,
        "caption": text_value(pairs, "caption"),
        "record": view["record"],
        "view": view,
    }


def _teams(pairs: Pairs) -> list[list[str]] | None:
    if "teams" not in pairs:
        return None
    value, line = pairs["teams"]
    sides = value.split("/")
    if len(sides) != 2:
        raise BlockError(
            f"teams {value!r}: expected two teams separated by '/', e.g. 'Ann, Bea / Cal, Dee'",
            line=line,
        )
    teams = []
    for side in sides:
        names = [n.strip() for n in side.split(",")]
        if not 1 <= len(names) <= 4 or not all(names) or any(len(n) > 30 for n in names):
            raise BlockError(
                f"teams {value!r}: each team is one to four names separated by "
                "commas, each at most 30 characters",
                line=line,
            )
        teams.append(names)
    return teams


# --------------------------------------------------------------------------- Awithlaknannai


def awithlaknannai_config(
    text: str, *, lesson: bool = False, aids: bool = True, student: bool = False
) -> dict[str, Any]:
    """Check a ```` ```awithlaknannai ```` block; return its config (with the engine's view).

    ``analysis`` (the evaluation bar, the best line and the review of a finished game)
    and ``hint`` are ``on`` or ``off``; on a lesson page (``lesson``) both are off unless
    the block turns them on, so that an exercise keeps its point. ``aids`` is the page's
    default for the board's aids (:mod:`build_scripts.aids`): with them off, ``hint`` and
    ``analysis`` are off too unless the block turns them on, and the board shows no rings
    of movable pieces or destinations (``aids`` in the config). ``student``: a page for
    students, whose boards keep the block's ruleset (``rulesets``, the choices offered,
    holds it alone) and offer no opponent but the block's (:func:`offered_opponents`):
    neither another ruleset's game nor a computer's reply answers the exercise."""
    pairs = parse_pairs(text, AWITHLAKNANNAI_KEYS)
    board_aids = block_aids(pairs, aids)
    analysis = aid(pairs, "analysis", board_aids and not lesson)
    hint = aid(pairs, "hint", board_aids and not lesson)
    ruleset = choice(pairs, "ruleset", AWITHLAKNANNAI_RULESETS, "culin")
    stall = choice(pairs, "stall", ("draw", "majority"), "draw")
    opponent = choice(pairs, "opponent", AWITHLAKNANNAI_OPPONENTS, "person")
    bottom = choice(pairs, "bottom", ("black", "white"), "black")
    args = {"ruleset": ruleset, "stall": stall}
    if "position" in pairs:
        args["position"] = pairs["position"][0]
        try:
            protocol.dispatch("awithlaknannai.new", dict(args))
        except EngineError as err:
            raise engine_error(err, "position", pairs) from None
    if "moves" in pairs:
        args["moves"] = pairs["moves"][0]
    try:
        view = protocol.dispatch("awithlaknannai.new", args)
    except EngineError as err:
        raise engine_error(err, "moves" if "moves" in pairs else "ruleset", pairs) from None
    return {
        "game": "awithlaknannai",
        "id": identifier(pairs),
        "ruleset": ruleset,
        "stall": stall,
        "opponent": opponent,
        "opponents": offered_opponents(opponent, student),
        "rulesets": [ruleset] if student else list(AWITHLAKNANNAI_RULESETS),
        "position": args.get("position"),
        "moves": " ".join(m["notation"] for m in view["history"]),
        "bottom": bottom,
        "computer_side": computer_side(bottom),
        "caption": text_value(pairs, "caption"),
        "analysis": analysis,
        "hint": hint,
        "aids": board_aids,
        "record": view["record"],
        "view": view,
    }


def computer_side(bottom: str | None) -> int:
    """The side the computer plays against a person on an Awithlaknannai board whose
    ``bottom`` side is given: the top one (turning the board round does not change it)."""
    return 0 if bottom == "white" else 1


# --------------------------------------------------------------------------- drawing


def _throws(view: dict[str, Any]) -> list[str]:
    """The throws of a Zohn Ahl view, as its record holds them."""
    from engine.zohn_ahl import Record

    return [str(t) for t in Record.parse(view["record"]).throws]


Svgs = Callable[[dict[str, Any], str, str], tuple[str, str | None]]
"""A board's config, the page's language and the board's id -> the board's SVG and (for a
game played with dice or sticks) theirs, as the page starts from them."""


@dataclass(frozen=True)
class BoardDrawing:
    """How a game's board block is drawn (:func:`render_board`): its SVGs, the request of
    its drawing without pieces, its buttons and the choices its menus offer."""

    svgs: Svgs
    static_args: Callable[[dict[str, Any], str], dict[str, Any]]
    """The board's config and the page's language -> the ``svg`` request (``static``) the
    page's script makes for the board's first view."""
    controls: Callable[[dict[str, Any]], list[tuple[str, bool]]]
    """The board's config -> its buttons' actions, in order, each with whether it starts
    hidden."""
    choices: Mapping[str, tuple[str, ...] | dict[str, Any]] = field(default_factory=dict)
    """What the board's menus offer and the settings its script reads (the computer's
    searches by level), as the engine knows them, unless its config says."""
    kept: bool = False
    """Whether the board's SVG is its drawing without pieces (``static_args``) with the
    pieces placed, which the page then keeps for its first view instead of drawing the
    board again: its ``data-args`` is that request, and the page needs no template of it
    (the page's script copies it for another board of the same request)."""


def zohn_ahl_svgs(
    config: dict[str, Any], lang: str, element_id: str = "za"
) -> tuple[str, str | None]:
    """The board's SVG and the sticks' SVG, drawn by the engine's ``svg`` modules: the
    board as the page draws it (``static``) with the pieces where the block's game has
    them, which the page keeps for its first view; the sticks as the page throws them,
    showing the last throw (their patterns' ids start with the board's ``element_id``: an
    id once on the page)."""
    from engine.zohn_ahl import svg as za_svg

    view = config["view"]
    board = protocol.dispatch(
        "svg", {"game": "zohn-ahl", "record": view["record"], "lang": lang, "static": True}
    )["svg"]
    throws = _throws(view)
    sticks = za_svg.page_sticks_svg(throws[-1] if throws else None, lang=lang, board=element_id)
    return board, sticks


def awithlaknannai_svgs(
    config: dict[str, Any], lang: str, element_id: str = "aw"
) -> tuple[str, str | None]:
    """The board's SVG, drawn by the engine's ``svg`` module (turned when its bottom side is
    White), and no sticks."""
    view = config["view"]
    board = protocol.dispatch(
        "svg",
        {
            "game": "awithlaknannai",
            "record": view["record"],
            "lang": lang,
            "flip": config["bottom"] == "white",
        },
    )["svg"]
    return board, None


def zohn_ahl_static_args(config: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``svg`` request (``static``) the page's script makes for the board's first view:
    the same keys and values as ``staticBoard`` in the board scripts (boards/engine-calls.js)."""
    view = config["view"]
    return {"game": "zohn-ahl", "options": view["options"], "lang": lang, "static": True}


def awithlaknannai_static_args(config: dict[str, Any], lang: str) -> dict[str, Any]:
    """As :func:`zohn_ahl_static_args`: the ruleset's board, turned as the board starts."""
    view = config["view"]
    return {
        "game": "awithlaknannai",
        "ruleset": view["ruleset"],
        "flip": config["bottom"] == "white",
        "lang": lang,
        "static": True,
    }


def args_key(args: dict[str, Any]) -> str:
    """A request's arguments as the page compares them: JSON, keys sorted, no spaces."""
    return json.dumps(args, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def static_board_template(args: dict[str, Any]) -> str:
    """The ``<template data-role="static-board">`` of the request ``args`` (see the module
    docstring)."""
    drawing = protocol.dispatch("svg", args)["svg"]
    key = html.escape(args_key(args), quote=True)
    return f'<template data-role="static-board" data-args="{key}">{drawing}</template>'


_STATIC_BOARD = re.compile(
    r'<template data-role="static-board" data-args="(?P<key>[^"]*)">.*?</template>', re.S
)


def keep_first_static_boards(page_html: str) -> str:
    """The page without the repeats of a static board: each drawing is kept once, in the
    first board that starts from it (boards of the same ruleset share it)."""
    seen: set[str] = set()

    def first(match: re.Match[str]) -> str:
        if match["key"] in seen:
            return ""
        seen.add(match["key"])
        return match[0]

    return _STATIC_BOARD.sub(first, page_html)


def _button(action: str, lang: str, *, hidden: bool = False) -> str:
    return (
        f'<button type="button" class="board-button" data-action="{action}" '
        f'aria-label="{html.escape(label(lang, action + "-name"))}" disabled'
        f"{' hidden' if hidden else ''}>{html.escape(label(lang, action))}</button>"
    )


def zohn_ahl_controls(config: dict[str, Any]) -> list[tuple[str, bool]]:
    """A Zohn Ahl board's buttons: throw, undo, a new game, the link to the position."""
    return [(action, False) for action in ("throw", "undo", "new", "link")]


def awithlaknannai_controls(config: dict[str, Any]) -> list[tuple[str, bool]]:
    """An Awithlaknannai board's buttons: the stop button shown only against the computer."""
    computer = config["opponent"] != "person"
    return [
        ("undo", False),
        ("new", False),
        ("flip", False),
        ("stop", not computer),
        ("link", False),
    ]


ZOHN_AHL_DRAWING = BoardDrawing(zohn_ahl_svgs, zohn_ahl_static_args, zohn_ahl_controls, kept=True)
AWITHLAKNANNAI_DRAWING = BoardDrawing(
    awithlaknannai_svgs,
    awithlaknannai_static_args,
    awithlaknannai_controls,
    # the levels, and for each the searches its computer tries, in order (the engine's)
    {
        "rulesets": AWITHLAKNANNAI_RULESETS,
        "levels": tuple(LEVELS),
        "searches": {level: searches(level) for level in LEVELS},
    },
)


def render_board(config: dict[str, Any], lang: str, element_id: str, drawing: BoardDrawing) -> str:
    """The HTML of a board block drawn by its game's ``drawing`` (see the module docstring)."""
    game = config["game"]
    board_svg, sticks_svg = drawing.svgs(config, lang, element_id)
    static_args = drawing.static_args(config, lang)
    kept = f' data-args="{html.escape(args_key(static_args), quote=True)}"' if drawing.kept else ""
    data = {k: v for k, v in config.items() if k != "view"}
    data["id"] = element_id
    data["lang"] = lang
    for key, offered in drawing.choices.items():  # as the engine knows them
        data.setdefault(key, offered if isinstance(offered, dict) else list(offered))
    data_json = html.escape(json.dumps(data, ensure_ascii=False, separators=(",", ":")), quote=True)
    caption = config.get("caption")
    caption_id = f"{element_id}-caption"
    buttons = [_button(action, lang, hidden=hidden) for action, hidden in drawing.controls(config)]
    label_attr = (
        f'aria-labelledby="{caption_id}"'
        if caption
        else f'aria-label="{html.escape(label(lang, game))}"'
    )
    parts = [
        f'<div class="board" data-game="{game}" id="{element_id}" data-ready="false" '
        f'lang="{lang}" role="group" {label_attr} data-config="{data_json}">',
        f'<p class="board-status" data-role="status">{html.escape(label(lang, "loading"))}</p>',
        f'<noscript><p class="board-noscript">{html.escape(label(lang, "noscript"))}</p></noscript>',
        f'<div class="board-svg" data-role="board"{kept}>{board_svg}</div>',
    ]
    if not drawing.kept:  # (a kept drawing is its request's drawing: no copy of it)
        parts.append(static_board_template(static_args))
    if sticks_svg is not None:
        parts.append(f'<div class="board-sticks" data-role="sticks">{sticks_svg}</div>')
    parts.append(
        f'<div class="board-controls" data-role="controls" role="group" '
        f'aria-label="{html.escape(label(lang, "controls"))}">{"".join(buttons)}</div>'
    )
    if caption:
        parts.append(
            f'<p class="board-caption" data-role="caption" id="{caption_id}">'
            f"{html.escape(caption)}</p>"
        )
    parts.append('<div class="board-live" data-role="live" aria-live="polite"></div>')
    parts.append("</div>")
    return "\n".join(parts)


# --------------------------------------------------------------------------- sticks alone

STICKS_KEYS = ("id", "throw", "caption")


def render_sticks(text: str, lang: str, ids: set[str], memo: dict[str, Any] | None = None) -> str:
    """A ```` ```zohn-ahl-sticks ```` block: the four stick dice alone, as thrown (a picture,
    no controls). ``throw`` (optional) is checked by the engine; ``caption`` is text. (It
    remembers nothing from one block to the next: ``memo`` is unused.)"""
    pairs = parse_pairs(text, STICKS_KEYS)
    element_id = identifier(pairs)
    if element_id is not None:
        if element_id in ids:
            raise BlockError(
                f"id {element_id!r} is used by another block on this page", line=pairs["id"][1]
            )
        ids.add(element_id)
    throw = None
    if "throw" in pairs:
        from engine.zohn_ahl import Throw

        try:
            throw = Throw.parse(pairs["throw"][0])
        except EngineError as err:
            raise engine_error(err, "throw", pairs) from None
    from engine.zohn_ahl import svg as za_svg

    caption = text_value(pairs, "caption")
    id_attr = f' id="{element_id}"' if element_id else ""
    parts = [
        f'<figure class="sticks-figure"{id_attr} data-throw="{throw if throw else ""}">',
        za_svg.sticks_svg(throw, lang=lang),
    ]
    if caption:
        parts.append(f"<figcaption>{html.escape(caption)}</figcaption>")
    parts.append("</figure>")
    return "\n".join(parts)


def auto_id(game: str, number: int) -> str:
    return re.sub(r"[^a-z0-9-]", "-", f"{game}-{number}")
