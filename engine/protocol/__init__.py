"""The JSON interface between the page and the engine: the one function the Web Worker calls.

``handle(request_json) -> reply_json``. The page's worker
(``docs/assets/js/worker-requests.mjs``) passes every request as a JSON string and gets a
JSON string back; nothing the page sends is ever evaluated as code, and nothing the engine
raises escapes as a crash. The site build calls :func:`dispatch` with the same commands,
so a board's first view on the page is exactly what the build checked.

The protocol is stateless: a game is its record text, every request that concerns a game
carries the record, and the reply is built from one replay of it. The commands, their
arguments, replies and limits are described once, in ``spec/protocol.md``.

One module per concern:

- :mod:`engine.protocol.envelope`: the limits, reading the request, writing the reply;
- :mod:`engine.protocol.arguments`: reading each argument, typed and bounded;
- :mod:`engine.protocol.commands`: the command table (:data:`COMMANDS`) and :func:`dispatch`;
- :mod:`engine.protocol.zohn_ahl`, :mod:`engine.protocol.awithlaknannai`: each game's
  commands, working on the game's session (``engine/<game>/session.py``).
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.protocol import replays, tables
from engine.protocol.arguments import Draw
from engine.protocol.commands import COMMANDS, Command, dispatch
from engine.protocol.envelope import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_NODE_LIMIT,
    MAX_RECORD,
    MAX_REQUEST,
    MAX_SEED,
    MAX_TEXT,
    MAX_TIME_LIMIT,
    MAX_TOKEN,
    Args,
    LongNumber,
    RequestError,
    Result,
    encode,
)

__all__ = [
    "COMMANDS",
    "Args",
    "Command",
    "Draw",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_NODE_LIMIT",
    "MAX_RECORD",
    "MAX_REQUEST",
    "MAX_SEED",
    "MAX_TEXT",
    "MAX_TIME_LIMIT",
    "MAX_TOKEN",
    "RequestError",
    "Result",
    "WARM_MODULES",
    "dispatch",
    "handle",
    "install_chains",
    "install_table",
    "warm",
    "wanted_table",
]

WARM_MODULES = (
    "engine.zohn_ahl",
    "engine.awithlaknannai",
    "engine.awithlaknannai.ai",
    "engine.awithlaknannai.endgame",
    "engine.zohn_ahl.svg",
    "engine.awithlaknannai.svg",
)
"""The modules the worker has imported before it keeps a snapshot of the interpreter
(:func:`warm`), so that the first request after a restore does not compile them."""


def warm() -> list[str]:
    """Import every module of :data:`WARM_MODULES` (one that cannot be imported is
    skipped); returns the names imported. The worker calls it before a snapshot
    (``docs/assets/js/worker-snapshot.mjs``)."""
    done = []
    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            continue
        done.append(name)
    return done


def wanted_table(request_json: str) -> str | None:
    """The ruleset whose endgame table the request would read and which is not loaded
    yet, else None (:func:`engine.protocol.tables.wanted`); the worker asks before each
    request (``docs/assets/js/worker-requests.mjs``)."""
    return tables.wanted(request_json)


def install_table(ruleset: str, data: Any) -> None:
    """Use ``data``, the table file of ``ruleset`` the worker fetched, as that ruleset's
    endgame table (:func:`engine.awithlaknannai.endgame.install`)."""
    from engine.awithlaknannai.endgame import install

    install(ruleset, data)


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON reply (``spec/protocol.md``). Never raises."""
    request_id = None
    try:
        request = replays.request_of(request_json)
        request_id = request.get("id")
        if isinstance(request_id, LongNumber):  # not echoed: it would have to be converted
            request_id = None
            raise RequestError(
                f"the request's id is a whole number of more than {MAX_DIGITS} digits",
                input=repr(request.get("id")),
                where="id",
            )
        result = dispatch(request.get("cmd"), request.get("args"))
    except Exception as err:  # noqa: BLE001 - the worker must always get a reply
        return encode(request_id, None, err)
    return encode(request_id, result, None)


def install_chains(data: Any) -> list[str]:
    """Use ``data``, the Zohn Ahl lab's prepared chains the worker fetched
    (``docs/assets/js/lab-chains.mjs``), beside what the solver has worked out
    (:func:`engine.zohn_ahl.solver.prepared.install`); returns the keys installed."""
    from engine.zohn_ahl.solver.prepared import install

    return install(data)
