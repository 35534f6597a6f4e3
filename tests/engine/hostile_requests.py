"""Hostile requests, answered inside whichever Python runs this script (CPython or
Pyodide): each must get a valid JSON reply with a ``request`` error, promptly. Prints one
JSON object ``{"replies": [...]}``; run by ``test_bounds.py`` inside real Pyodide."""

from __future__ import annotations

import json
import sys
import time

from engine import protocol

REQUESTS = [
    '{"id": NaN, "cmd": "ping"}',
    '{"id": 1, "cmd": "awithlaknannai.ai", "args": {"record": "", "time_limit": Infinity}}',
    '{"id": 1, "cmd": "awithlaknannai.ai", "args": {"record": "", "time_limit": 1e999}}',
    '{"id": 1, "cmd": "ping", "args": {"x": ' + "[" * 1000 + "]" * 1000 + "}}",
    '{"id": 1, "cmd": "ping", "args": {"x": ' + "[" * 100_000 + "]" * 100_000 + "}}",
    json.dumps(
        {"id": 1, "cmd": "zohn-ahl.load", "args": {"record": '[Seed "' + "9" * 5000 + '"]'}}
    ),
    '{"id": 1, "cmd": "zohn-ahl.new", "args": {"seed": ' + "9" * 5000 + "}}",
]


def main() -> int:
    replies = []
    for text in REQUESTS:
        start = time.perf_counter()
        reply = json.loads(protocol.handle(text))  # strict: NaN would fail below
        json.dumps(reply, allow_nan=False)
        replies.append(
            {
                "ok": reply["ok"],
                "kind": reply.get("error", {}).get("kind"),
                "seconds": round(time.perf_counter() - start, 3),
            }
        )
    print(json.dumps({"platform": sys.platform, "replies": replies}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
