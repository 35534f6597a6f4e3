"""The puzzle block (```` ```awithlaknannai-puzzles ````): every Awithlaknannai puzzle of
``build_scripts/puzzles/awithlaknannai.json``, checked by the engine, each with its own board.

The puzzles were found by ``tools/find_puzzles.py`` in the engine's own games. Each one
is checked again here (:func:`engine.awithlaknannai.puzzles.check`): a position that is
not legal, an answer that does not win, a second winning move, or a goal, length or level
that the engine does not find fails the build, naming the puzzle. A build checks each
puzzle once, whichever languages it renders: the block is given what the build's blocks
of its name remember (``memo``, made afresh for each build), and keeps the checked
puzzles there.

The block takes one optional key, ``level`` (``easy``, ``medium`` or ``hard``), to show
only the puzzles of that level. Each puzzle is a ``<section class="puzzle" id="ID">``
(``#ID`` in a link opens it), with the task in words, a board that checks the reader's
move (``data-config`` carries the answer; the page script says right or wrong and plays
the engine's refutation of a wrong move) and the solution in a closed box.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from build_scripts import words as build_words
from build_scripts.block_syntax import BlockError, choice, parse_pairs
from build_scripts.board_blocks import AWITHLAKNANNAI_DRAWING, computer_side, render_board
from build_scripts.page_language import known
from engine import protocol
from engine.awithlaknannai.puzzles import LEVELS, Puzzle, PuzzleError, check
from engine.core import EngineError
from engine.words import ruleset_name, ruleset_source

DATA = Path(__file__).resolve().parent / "puzzles" / "awithlaknannai.json"

WORDS: dict[str, dict[str, Any]] = build_words.section("puzzles")


def load_puzzles(path: Path = DATA) -> list[dict[str, Any]]:
    """The puzzle data (a list of objects); BlockError when the file cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise BlockError(f"the puzzle file {path.name} cannot be read: {err}") from None
    if not isinstance(data, list):
        raise BlockError(f"the puzzle file {path.name} must hold a list of puzzles")
    return data


def checked(data: dict[str, Any], memo: dict[str, Any]) -> Puzzle:
    """The puzzle, checked by the engine once per ``memo`` (a build's); BlockError naming it."""
    key = json.dumps(data, sort_keys=True)
    if key not in memo:
        try:
            memo[key] = check(Puzzle.from_dict(data))
        except (PuzzleError, EngineError) as err:
            raise BlockError(str(err)) from None
    puzzle: Puzzle = memo[key]
    return puzzle


def _task(p: Puzzle, side: int, lang: str) -> str:
    w = WORDS[lang]
    name = w["sides"][side]
    if p.goal == "win":
        return str(w["win1"] if p.mate == 1 else w["win"]).format(side=name, k=p.mate)
    one, many = w["pieces"]
    gain = one if p.gain == 1 else many.format(n=p.gain)
    return str(w["material"]).format(side=name, gain=gain)


def render_puzzle(n: int, p: Puzzle, lang: str) -> str:
    w = WORDS[lang]
    view = protocol.dispatch(
        "awithlaknannai.new", {"ruleset": p.ruleset, "stall": p.stall, "position": p.position}
    )
    side = view["to_move"]
    after = protocol.dispatch("awithlaknannai.play", {"record": view["record"], "move": p.solution})
    board_id = f"{p.id}-board"
    config = {
        "game": "awithlaknannai",
        "id": board_id,
        "ruleset": p.ruleset,
        "stall": p.stall,
        "opponent": "person",
        "position": p.position,
        "moves": "",
        "bottom": "black" if side == 0 else "white",
        "computer_side": computer_side("black" if side == 0 else "white"),
        "caption": w["caption"].format(n=n, side=w["sides"][side]),
        "analysis": False,
        "hint": False,
        "puzzle": {
            "id": p.id,
            "solution": p.solution,
            "goal": p.goal,
            "mate": p.mate,
            "gain": p.gain,
            "numbered_line": p.numbered_line(),
            "side": side,
            "after": after["position"],
        },
        "record": view["record"],
        "view": view,
    }
    title = w["title"].format(n=n)
    level = w["levels"][p.level]
    task = _task(p, side, lang)
    source = ruleset_source("awithlaknannai", p.ruleset, lang)
    return "\n".join(
        [
            f'<section class="puzzle" id="{p.id}" data-level="{p.level}" '
            f'aria-labelledby="{p.id}-title">',
            f'<h2 class="puzzle-title" id="{p.id}-title">{html.escape(title)} '
            f'<span class="puzzle-level">({html.escape(level)})</span> '
            f'<a class="headerlink" href="#{p.id}" title="{html.escape(w["link"])}">¶</a></h2>',
            f'<p class="puzzle-task">{html.escape(task)} '
            # the ruleset by its name, whose reading it is in a tooltip (the id stays in data)
            + html.escape(w["rules"]).format(
                ruleset=f'<span class="ruleset-name" title="{html.escape(source)}">'
                f"{html.escape(ruleset_name('awithlaknannai', p.ruleset, lang))}</span>"
            )
            + "</p>",
            # a board like any other, marked as a puzzle's (the page script reads its config)
            render_board(config, lang, board_id, AWITHLAKNANNAI_DRAWING).replace(
                '<div class="board" ', '<div class="board" data-puzzle="true" ', 1
            ),
            '<details class="answer puzzle-solution">',
            f"<summary>{html.escape(w['solution'])}</summary>",
            f'<p class="answer-value"><strong>{html.escape(p.solution)}</strong></p>',
            f'<p class="answer-explain">{html.escape(w["line"].format(line=" ".join(p.line)))}</p>',
            "</details>",
            "</section>",
        ]
    )


def render_puzzles(
    text: str, lang: str, ids: set[str], memo: dict[str, Any] | None = None, path: Path = DATA
) -> str:
    """The HTML of a puzzle block (see the module docstring); ``memo``: the puzzles this
    build has checked (``None``: none)."""
    memo = {} if memo is None else memo
    pairs = parse_pairs(text, ("level",))
    only = choice(pairs, "level", LEVELS)
    lang = known(lang)
    parts = []
    for n, data in enumerate(load_puzzles(path), 1):
        p = checked(data, memo)
        if only is not None and p.level != only:
            continue
        if p.id in ids:
            raise BlockError(f"puzzle id {p.id!r} is used twice on this page")
        ids.add(p.id)
        parts.append(render_puzzle(n, p, lang))
    if not parts:
        raise BlockError("no puzzle to show" + (f" at level {only!r}" if only else ""))
    # (each puzzle is a section named by its title: the list itself is a plain div, which
    # may not carry a name)
    return '<div class="puzzles">' + "\n".join(parts) + "</div>"
