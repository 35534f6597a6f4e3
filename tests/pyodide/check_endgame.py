"""Read the endgame tables inside Pyodide (run by tests/engine/test_endgame_pyodide.py).

    check_endgame.py SEED COUNT TABLE_FILE...

Installs each table from its file (as the page's worker does from the bytes it fetched),
then prints JSON: for COUNT seeded random positions of every ruleset given, the verdict
and the best moves (:func:`compute`, also run in CPython by the test), and whether the
protocol's computer at level ``perfect`` plays one of those moves.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path


def compute(seed: int, count: int, files: list[str]) -> dict:
    from engine import protocol
    from engine.awithlaknannai import Position, endgame
    from engine.protocol import tables

    out: dict = {"python": list(sys.version_info[:2]), "platform": sys.platform, "rulesets": {}}
    for path in files:
        name = Path(path).name.split(".")[0]
        endgame.install(name, Path(path).read_bytes())
        rng = random.Random(f"{seed} {name}")
        cases = []
        for _ in range(count):
            pieces = rng.randint(2, endgame.MAX_PIECES)
            points = rng.sample(range(25), pieces)
            nb = rng.randint(1, pieces - 1)
            pos = Position(
                name,
                sum(1 << p for p in points[:nb]),
                sum(1 << p for p in points[nb:]),
                rng.randint(0, 1),
            )
            verdict, moves = endgame.best_notations(pos)
            case = {"position": str(pos), **verdict.to_dict(), "best": moves}
            if moves:
                view = protocol.dispatch(
                    "awithlaknannai.new", {"ruleset": name, "position": str(pos)}
                )
                request = json.dumps(
                    {
                        "cmd": "awithlaknannai.ai",
                        "args": {"record": view["record"], "level": "perfect"},
                    }
                )
                case["wanted"] = tables.wanted(request)
                played = protocol.dispatch(
                    "awithlaknannai.ai", {"record": view["record"], "level": "perfect", "seed": 3}
                )
                case["perfect_keeps"] = played["move"]["notation"] in moves
            cases.append(case)
        out["rulesets"][name] = cases
    return out


if __name__ == "__main__":
    print(json.dumps(compute(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:])))
