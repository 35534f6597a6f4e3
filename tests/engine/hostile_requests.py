"""Hostile requests, answered inside whichever Python runs this script (CPython or
Pyodide): each must get a valid JSON reply with an error of a documented kind (``request`` for the
request's own numbers, ``option`` or ``record`` for a bias), promptly. Prints one
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
    # whole numbers of 309 to 4,300 digits: past a double, below Python's conversion limit
    *(
        '{"id": 1, "cmd": "%s", "args": {%s"%s": %s}}' % (cmd, extra, name, "9" * digits)
        for digits in (309, 1000, 4300)
        for cmd, extra, name in (
            ("zohn-ahl.new", "", "seed"),
            ("zohn-ahl.new", "", "since"),
            ("awithlaknannai.ai", '"record": "", ', "time_limit"),
            ("awithlaknannai.ai", '"record": "", ', "node_limit"),
            ("awithlaknannai.analyse", '"record": "", ', "depth"),
            ("awithlaknannai.analyse", '"record": "", ', "mate_plies"),
            ("zohn-ahl.lab", "", "counters"),
        )
    ),
    '{"id": ' + "9" * 400 + ', "cmd": "ping"}',
    # a bias finer than the engine works with (once 17 to 45 seconds, then `internal`)
    '{"id": 1, "cmd": "zohn-ahl.lab", "args": {"bias": "1/' + "9" * 38 + '"}}',
    '{"id": 1, "cmd": "zohn-ahl.load", "args": {"record": "[Bias \\"0.' + "3" * 37 + '\\"]"}}',
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
