"""For the page's worker: which Awithlaknannai endgame table a request would read.

Before each request the worker asks :func:`wanted` (through
:func:`engine.protocol.wanted_table`); when it names a ruleset, the worker fetches that
table and hands it to :func:`engine.awithlaknannai.endgame.install` (through
:func:`engine.protocol.install_table`) before it runs the request
(``docs/assets/js/worker-requests.mjs``). The command is looked at first,
here, outside the Awithlaknannai package: a request that reads no table (every request of
a Zohn Ahl page, a move, a new game) imports nothing of Awithlaknannai's, whose rules,
boards and table reader would otherwise load with a Zohn Ahl page's first request. The
request read here and the game its record replays to are the ones the request then works
on: the protocol's cache (:mod:`engine.protocol.replays`) keeps them, so the request is
read once and its record replayed once.
"""

from __future__ import annotations

__all__ = ["TABLE_COMMANDS", "wanted"]

TABLE_COMMANDS = (
    "awithlaknannai.ai",
    "awithlaknannai.analyse",
    "awithlaknannai.hint",
    "awithlaknannai.review",
)
"""The protocol's commands that read the tables when they are loaded."""


def wanted(request: str) -> str | None:
    """The ruleset whose table the protocol request ``request`` (its JSON text) would read
    and which is not loaded yet, else None (the request does not use tables, the game has
    more pieces than the tables hold, the table is loaded, or the request is malformed:
    the protocol itself will say so)."""
    from engine.protocol import replays

    try:
        data = replays.look_ahead(request)
        args = data.get("args") or {}
        if data.get("cmd") not in TABLE_COMMANDS:
            return None
        if data["cmd"] == "awithlaknannai.ai" and args.get("level") not in ("hard", "perfect"):
            return None
        from engine.awithlaknannai.endgame import missing_table
        from engine.protocol.arguments import record_text
        from engine.protocol.awithlaknannai import session_of

        game = session_of(record_text(args)).game
    except (ValueError, KeyError, TypeError, AttributeError):  # EngineError is a ValueError
        return None
    return missing_table(game)
