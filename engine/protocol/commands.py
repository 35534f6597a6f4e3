"""The command table: every command the page (and the site build) can call, in one place.

Each command is ``name(args) -> result`` and is described in ``spec/protocol.md``, the
one list of commands, their arguments and their replies. Adding a command: write it beside
its game's others (:mod:`engine.protocol.zohn_ahl`, :mod:`engine.protocol.awithlaknannai`,
or here when it concerns both games), reading every argument through
:mod:`engine.protocol.arguments`; add it to :data:`COMMANDS` and to ``spec/protocol.md``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import engine
from engine.core import RecordError
from engine.protocol import arguments, awithlaknannai, zohn_ahl
from engine.protocol.arguments import arg, short
from engine.protocol.envelope import MAX_RECORD, MAX_TOKEN, Args, Reply, RequestError, Result


def ping(args: Args) -> Result:
    return {
        "engine": engine.__version__,
        "python": sys.version.split()[0],
        "platform": sys.platform,
    }


def load(args: Args) -> Reply:
    """The game's view, whichever game the record's ``[Game]`` header names."""
    text = arguments.record_text(args)
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[Game"):
            if '"zohn-ahl"' in line:
                return zohn_ahl.load(args)
            if '"awithlaknannai"' in line:
                return awithlaknannai.load(args)
            break
    raise RecordError(
        "the record does not say which game it is: expected a first line "
        '[Game "zohn-ahl"] or [Game "awithlaknannai"]',
        input=text[:60],
    )


def svg(args: Args) -> Result:
    """A board drawn, the same drawing the build puts in the page."""
    game_name: str = arg(args, "game", str)
    lang: str = arg(args, "lang", str, "en", max_len=MAX_TOKEN)
    record_text: str | None = arg(args, "record", str, None, max_len=MAX_RECORD)
    static: bool = arg(args, "static", bool, False)
    if game_name == "zohn-ahl":
        from engine.zohn_ahl.rulesets import Options
        from engine.zohn_ahl.session import ZohnAhlSession
        from engine.zohn_ahl.svg import board_svg as zohn_ahl_svg

        if record_text is not None:
            session = ZohnAhlSession.from_text(record_text, MAX_RECORD)  # no events needed
            options = session.record.options
            return {"svg": zohn_ahl_svg(options, session.state, lang=lang, for_page=static)}
        options = Options.from_dict(arg(args, "options", dict, {}))
        return {"svg": zohn_ahl_svg(options, None, lang=lang, for_page=static)}
    if game_name == "awithlaknannai":
        from engine.awithlaknannai.position import Position
        from engine.awithlaknannai.rulesets import get_ruleset
        from engine.awithlaknannai.session import AwithlaknannaiSession
        from engine.awithlaknannai.svg import board_svg as awithlaknannai_svg

        flip: bool = arg(args, "flip", bool, False)
        if static:
            ruleset = get_ruleset(arg(args, "ruleset", str, "culin"))
            return {
                "svg": awithlaknannai_svg(ruleset, None, lang=lang, flip=flip, pieces_drawn=False)
            }
        if record_text is not None:
            played = AwithlaknannaiSession.from_text(record_text, MAX_RECORD).game
            return {
                "svg": awithlaknannai_svg(played.ruleset, played.position, lang=lang, flip=flip)
            }
        ruleset = get_ruleset(arg(args, "ruleset", str, "culin"))
        position_text: str | None = arg(args, "position", str, None)
        position = Position.parse(position_text, ruleset) if position_text else None
        return {"svg": awithlaknannai_svg(ruleset, position, lang=lang, flip=flip)}
    raise RequestError(
        f"game {game_name!r} is not 'zohn-ahl' or 'awithlaknannai'", input=game_name, where="game"
    )


Command = Callable[[Args], Reply]

#: Every command by name (``spec/protocol.md`` describes each one).
COMMANDS: dict[str, Command] = {
    "ping": ping,
    "load": load,
    "svg": svg,
    "zohn-ahl.new": zohn_ahl.new,
    "zohn-ahl.load": zohn_ahl.load,
    "zohn-ahl.throw": zohn_ahl.throw,
    "zohn-ahl.undo": zohn_ahl.undo,
    "zohn-ahl.probabilities": zohn_ahl.probabilities,
    "awithlaknannai.new": awithlaknannai.new,
    "awithlaknannai.load": awithlaknannai.load,
    "awithlaknannai.play": awithlaknannai.play,
    "awithlaknannai.undo": awithlaknannai.undo,
    "awithlaknannai.ai": awithlaknannai.computer,
    "awithlaknannai.analyse": awithlaknannai.analyse,
    "awithlaknannai.hint": awithlaknannai.hint,
    "awithlaknannai.review": awithlaknannai.review,
    "zohn-ahl.chances": zohn_ahl.chances,
    "zohn-ahl.lab": zohn_ahl.lab,
}


def dispatch(cmd: object, args: object = None) -> Result:
    """Run one command on already-decoded arguments; raises :class:`EngineError` for bad input."""
    if not isinstance(cmd, str) or cmd not in COMMANDS:
        shown = short(cmd) if isinstance(cmd, str) else cmd if cmd is None else short(cmd)
        raise RequestError(
            f"unknown command {shown!r}: expected one of {', '.join(COMMANDS)}",
            input=shown,
            where="cmd",
        )
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise RequestError("'args' must be an object", input=short(args), where="args")
    return dict(COMMANDS[cmd](args))
