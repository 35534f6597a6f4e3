"""The Awithlaknannai command line (``spec/command-line.md``), word for word::

    python -m engine awithlaknannai perft   --ruleset R --depth D [--position POS]
    python -m engine awithlaknannai moves   --ruleset R [--position POS]
    python -m engine awithlaknannai replay  --ruleset R MOVE...
    python -m engine awithlaknannai analyse --ruleset R [--position POS] [--depth D]
    python -m engine awithlaknannai endgame --ruleset R --position POS

``perft`` prints ``{"nodes": N}``; ``moves`` prints ``{"moves": [...]}`` (canonical
notation, sorted by point names; empty once the game is over); ``replay`` prints
``{"position": POS, "to_move": 0|1|null, "winner": 0|1|null, "finished": bool}``
(``to_move`` is null once the game is over); ``analyse`` prints ``{"best": MOVE,
"score": S, "line": [MOVE, ...], "mate": K|null}`` (see
:mod:`engine.awithlaknannai.analysis`; ``--depth`` 1 to 12, default 6; a finished game
is bad input: there is no move to analyse); ``endgame`` prints ``{"value":
"win"|"draw"|"loss", "plies": N|null, "best": [MOVE, ...]}`` from the endgame tables
(:mod:`engine.awithlaknannai.endgame`; a position with more pieces than they hold, or a
ruleset without tables, is bad input).

Extras, all optional: ``--stall draw|majority`` on every command, ``--position`` also on
``replay``; ``--ruleset`` defaults to culin; ``--name=value`` works as well as ``--name
value``. Bad input (ruleset, option, position, move, depth): exit status 2, exactly one
line on stderr naming it (for a move, its number in the list), nothing on stdout.
``--depth`` goes from 0 to :data:`MAX_PERFT_DEPTH` (``spec/command-line.md``, "Limits").
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any

from engine.core import EngineError

from .game import Game

COMMANDS = ("perft", "moves", "replay", "analyse", "endgame")
MAX_PERFT_DEPTH = 12
USAGE = (
    "usage: python -m engine awithlaknannai {perft --ruleset R --depth D [--position POS] | "
    "moves --ruleset R [--position POS] | replay --ruleset R MOVE... | "
    "analyse --ruleset R [--position POS] [--depth D] | "
    "endgame --ruleset R --position POS}"
)


MAX_ANALYSE_DEPTH = 12


class _Usage(Exception):
    pass


def _parse(argv: list[str]) -> tuple[str, dict[str, Any], list[str]]:
    if not argv:
        raise _Usage(USAGE)
    command = argv[0]
    if command not in COMMANDS:
        raise _Usage(
            f"unknown command {command!r}: expected perft, moves, replay, analyse or endgame"
        )
    allowed = {
        "perft": ("ruleset", "depth", "position", "stall"),
        "moves": ("ruleset", "position", "stall"),
        "replay": ("ruleset", "position", "stall"),
        "analyse": ("ruleset", "position", "depth", "stall"),
        "endgame": ("ruleset", "position", "stall"),
    }[command]
    opts: dict[str, Any] = {}
    rest = []
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg.startswith("--"):
            name, eq, value = arg[2:].partition("=")
            if name not in allowed:
                raise _Usage(
                    f"unknown option {arg!r} for {command}: expected "
                    + ", ".join("--" + a for a in allowed)
                )
            if not eq:
                if i + 1 >= len(argv):
                    raise _Usage(f"option --{name} needs a value")
                value = argv[i + 1]
                i += 1
            if name in opts:
                raise _Usage(f"option --{name} is given twice")
            opts[name] = value
        else:
            rest.append(arg)
        i += 1
    if command != "replay" and rest:
        raise _Usage(f"unexpected argument {rest[0]!r} for {command}")
    if command == "perft":
        if "depth" not in opts:
            raise _Usage("perft needs --depth D")
        d = opts["depth"]
        if not (d.isascii() and d.isdigit()) or len(d) > 3 or int(d) > MAX_PERFT_DEPTH:
            shown = d if len(d) <= 40 else d[:39] + "…"
            raise _Usage(
                f"--depth {shown!r} is not a depth from 0 to {MAX_PERFT_DEPTH} "
                "(deeper counts take hours)"
            )
        opts["depth"] = int(d)
    if command == "analyse" and "depth" in opts:
        d = opts["depth"]
        if not (d.isascii() and d.isdigit()) or len(d) > 3 or not 1 <= int(d) <= MAX_ANALYSE_DEPTH:
            shown = d if len(d) <= 40 else d[:39] + "…"
            raise _Usage(f"--depth {shown!r} is not a whole number from 1 to {MAX_ANALYSE_DEPTH}")
        opts["depth"] = int(d)
    return command, opts, rest


def run(argv: Iterable[str]) -> tuple[int, str, str]:
    """Return (exit status, stdout text, stderr line)."""
    try:
        command, opts, rest = _parse(list(argv))
    except _Usage as err:
        return 2, "", str(err)
    try:
        game = Game(opts.get("ruleset", "culin"), opts.get("position"), opts.get("stall", "draw"))
    except EngineError as err:
        return 2, "", _one_line(str(err))
    if command == "perft":
        return 0, json.dumps({"nodes": game.perft(opts["depth"])}), ""
    if command == "moves":
        return 0, json.dumps({"moves": game.legal_notations()}), ""
    if command == "analyse":
        from .analysis import DEFAULT_DEPTH, analyse

        try:
            found = analyse(game, opts.get("depth", DEFAULT_DEPTH))
        except EngineError as err:
            return 2, "", _one_line(str(err))
        return 0, json.dumps(found.to_dict()), ""
    if command == "endgame":
        return _endgame(game)
    for i, text in enumerate(rest, 1):
        try:
            game.play(text)
        except EngineError as err:
            return 2, "", _one_line(f"move {i}: {err}")
    out = game.outcome()
    return (
        0,
        json.dumps(
            {
                "position": str(game.position),
                "to_move": None if out else game.to_move,
                "winner": None if out is None else out.winner,
                "finished": out is not None,
            }
        ),
        "",
    )


def _endgame(game: Game) -> tuple[int, str, str]:
    """The ``endgame`` command: the tables' verdict and every move that keeps it."""
    from .endgame import best_notations

    try:
        verdict, moves = best_notations(game.position)
    except EngineError as err:
        return 2, "", _one_line(str(err))
    return 0, json.dumps({**verdict.to_dict(), "best": moves}), ""


def _one_line(text: str) -> str:
    return " ".join(text.split())


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    status, out, err = run(argv)
    if out:
        print(out)
    if err:
        print(err, file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
