"""The analysis commands computed the same way in CPython and in Pyodide.

    node tests/pyodide/run.mjs tests/pyodide/check_analysis.py [TABLE_FILE...]

prints one JSON document: :func:`compute`'s answers (``analyse`` on several positions,
a hint, the review of a short game with its graph). ``tests/engine/test_analysis_pyodide.py``
runs it inside Pyodide, calls :func:`compute` in CPython and compares. Standard library
only; nothing here knows the expected answers. The endgame tables named as arguments are
installed first (as the page's worker installs the bytes it fetched), so that both sides
judge the small positions with the same tables.
"""

from __future__ import annotations

import json
import sys

CASES = [
    ("culin", None),
    ("culin", "WBB...../BB......./B.B..... B 0"),
    ("culin", "B......./........./W..B.... W 0"),
    ("ludii", "WWWWWWWW/WWW..WBBB/BBBBBBBB B 0"),
    ("kolowis", None),
    ("bent", None),
]
GAME = "m6-m5 m4xm6 m7xm5 m3-m4 m5xm3 m2xm4 b5-m5 m4xm6 m8-m7 m6xm8 m9xm7"


def compute() -> dict:
    from engine import protocol

    out: dict = {"analyse": [], "platform": sys.platform}
    for ruleset, position in CASES:
        args = {"ruleset": ruleset}
        if position:
            args["position"] = position
        record = protocol.dispatch("awithlaknannai.new", args)["record"]
        out["analyse"].append(
            protocol.dispatch(
                "awithlaknannai.analyse",
                {"record": record, "depth": 4, "node_limit": 20000, "mate_plies": 7},
            )
        )
    record = protocol.dispatch("awithlaknannai.new", {"moves": GAME})["record"]
    out["hint"] = protocol.dispatch("awithlaknannai.hint", {"record": record})
    out["review"] = protocol.dispatch(
        "awithlaknannai.review", {"record": record, "draw": {"lang": "fr"}}
    )
    return out


if __name__ == "__main__":
    from pathlib import Path

    from engine.awithlaknannai import endgame

    for path in sys.argv[1:]:
        endgame.install(Path(path).name.split(".")[0], Path(path).read_bytes())
    print(json.dumps(compute()))
