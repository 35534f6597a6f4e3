"""A session of the page's worker: every protocol command, through ``handle`` and JSON text.

    node tests/pyodide/run.mjs tests/pyodide/protocol_session.py

Each command of ``engine.protocol.COMMANDS`` is called as the page calls it -- with no
arguments, with a game's record, drawn in English and in French, and with bad input --
and games are played to their end with the computer at every level. It prints one line
per command and exits with status 1 if a reply is not a JSON object with ``ok``, or is
an ``internal`` error (a bug, or a module the runtime lacks: ``ModuleNotFoundError``).
Used to measure which modules of the standard library the site's runtime must ship
(``tests/pyodide/measure_stdlib.py``), so it goes through every path the page can take,
errors included.
"""

from __future__ import annotations

import json
import sys

from engine import protocol


def ask(cmd, args=None, raw=None):
    text = raw if raw is not None else json.dumps({"id": 1, "cmd": cmd, "args": args or {}})
    reply = json.loads(protocol.handle(text))
    if not isinstance(reply, dict) or "ok" not in reply:
        raise SystemExit(f"{cmd}: not a protocol reply: {reply!r}")
    if not reply["ok"] and reply["error"].get("kind") == "internal":
        raise SystemExit(f"{cmd}: internal error: {reply['error'].get('message')}")
    return reply


def main() -> int:
    records = {}
    for game in ("zohn-ahl", "awithlaknannai"):
        view = ask(f"{game}.new")["result"]
        records[game] = view["record"]
    # a Zohn Ahl game to its end, random throws
    record = records["zohn-ahl"]
    for _ in range(400):
        reply = ask("zohn-ahl.throw", {"record": record, "draw": {"lang": "fr"}})
        record = reply["result"]["record"]
        if reply["result"]["state"]["finished"]:
            break
    ask("zohn-ahl.undo", {"record": record})
    # an Awithlaknannai game to its end, the computer playing both sides at every level
    for level in ("random", "easy", "medium", "hard"):
        record = records["awithlaknannai"]
        for _ in range(6):
            reply = ask(
                "awithlaknannai.ai",
                {
                    "record": record,
                    "level": level,
                    "seed": 3,
                    "node_limit": 300,
                    "draw": {"lang": "en", "flip": True},
                },
            )
            if not reply["ok"]:
                break
            record = reply["result"]["view"]["record"]
    # every command: without arguments, with each game's record, drawn, and with bad input
    bad = {
        "record": '[Game "chess"]',
        "move": "z9-z0",
        "throw": "12345",
        "ruleset": "none",
        "level": "impossible",
        "seed": -1,
        "lang": "xx",
        "options": {"ruleset": 7},
    }
    for cmd in protocol.COMMANDS:
        replies = [ask(cmd), ask(cmd, bad)]
        for game, rec in records.items():
            for lang in ("en", "fr"):
                replies.append(
                    ask(cmd, {"game": game, "record": rec, "lang": lang, "draw": {"lang": lang}})
                )
        print(cmd, " ".join("ok" if r["ok"] else r["error"]["kind"] for r in replies))
    # malformed requests
    for raw in ("{not json", "[1, 2]", json.dumps({"id": 2, "cmd": "no.such.command"})):
        ask(None, raw=raw)
    return 0


if __name__ == "__main__":
    sys.exit(main())
