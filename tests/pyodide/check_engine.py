"""The engine's cross-interpreter checks: the same computations in CPython and in Pyodide.

    node tests/pyodide/run.mjs tests/pyodide/check_engine.py REQUEST.json GOLDEN.json PERFT.json

prints one JSON document: everything :func:`compute` finds. ``tests/engine/test_pyodide.py``
runs this file once inside Pyodide (under Node) and imports it in CPython, calls the same
:func:`compute` with the same request, and compares the two answers and the golden files.

Nothing here knows the expected answers: it only computes. Standard library only.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from fractions import Fraction


def zohn_ahl_golden(games: list) -> list:
    """Replay each golden game throw by throw: states and full events after each throw."""
    from engine.zohn_ahl import Record, State

    out = []
    for game in games:
        record = Record.parse(game["record"])
        state = State.start(record.options)
        steps = []
        for step in game["steps"]:
            state, events = state.play(step["throw"])
            steps.append({"state": state.to_dict(), "events": [e.to_dict() for e in events]})
        final, _ = record.replay()
        out.append({"name": game["name"], "steps": steps, "final": final.to_dict()})
    return out


def awithlaknannai_perft(perft: dict, max_depth: dict) -> dict:
    from engine.awithlaknannai import Game

    out = {}
    for name, spec in perft.items():
        game = Game(name, spec["start"], stall=spec.get("stall", "draw"))
        depth = min(len(spec["nodes"]), max_depth.get(name, 0))
        out[name] = [game.perft(d) for d in range(1, depth + 1)]
    return out


def rng_values(seeds: list) -> dict:
    from engine.rng import Rng, splitmix64_at

    out = {}
    for seed in seeds:
        rng = Rng(seed)
        u64 = [rng.next_u64() for _ in range(8)]
        u32 = [rng.next_u32() for _ in range(4)]
        below = [
            rng.below(n)
            for n in (1, 2, 3, 6, 7, 10, 16, 100, 1000003, 2**40 + 7, 2**64 + 13, 3**50)
        ]
        chance = [
            rng.chance(p)
            for p in (
                Fraction(1, 2),
                Fraction(1, 3),
                Fraction(5, 7),
                Fraction(999, 1000),
                Fraction(1, 10**12),
            )
        ]
        items = list(range(20))
        rng.shuffle(items)
        choice = [rng.choice("abcdefg") for _ in range(5)]
        out[str(seed)] = {
            "u64": u64,
            "u32": u32,
            "below": below,
            "chance": chance,
            "shuffle": items,
            "choice": choice,
            "state": rng.getstate(),
            "at": [splitmix64_at(seed, i) for i in (0, 1, 7, 1000)],
        }
    out["from_text"] = {
        text: Rng.seed_from_text(text) for text in ("", "zohn ahl", "Awithlaknannai", "é ü ñ 漢字")
    }
    return out


def seeded_throws(seeds: list, count: int) -> dict:
    from engine.rng import Rng
    from engine.zohn_ahl import Throw, seeded_throw

    out = {}
    for seed in seeds:
        rng = Rng(seed)
        out[str(seed)] = {
            "seeded": [str(seeded_throw(seed, i)) for i in range(count)],
            "seeded_biased": [str(seeded_throw(seed, i, Fraction(2, 5))) for i in range(count)],
            "random": [str(Throw.random(rng)) for _ in range(count)],
        }
    return out


def awithlaknannai_playouts(rulesets: list, seeds: list) -> dict:
    """The final position and outcome of seeded random games (every ruleset)."""
    from engine.awithlaknannai import Game
    from engine.rng import Rng

    out = {}
    for name in rulesets:
        for seed in seeds:
            rng = Rng(seed)
            game = Game(name)
            moves = []
            while not game.finished:
                legal = game.legal_moves()
                move = legal[rng.below(len(legal))]
                moves.append(game.notation(move, legal))
                game.push(move)
            outcome = game.outcome()
            out[f"{name}/{seed}"] = {
                "moves": moves,
                "position": str(game.position),
                "outcome": outcome.to_dict(),
            }
    return out


def ai_moves(cases: list) -> list:
    """The computer's move (and what its search reports) for each case."""
    from engine.awithlaknannai import Game
    from engine.awithlaknannai.ai import search
    from engine.rng import Rng

    out = []
    for case in cases:
        game = Game(case["ruleset"])
        rng = Rng(case.get("setup_seed", 0))
        for _ in range(case.get("random_moves", 0)):
            legal = game.legal_moves()
            if not legal:
                break
            game.push(legal[rng.below(len(legal))])
        if game.finished:
            out.append({"position": str(game.position), "finished": True})
            continue
        result = search(game, case["level"], seed=case["seed"], node_limit=case.get("node_limit"))
        out.append(
            {
                "position": str(game.position),
                "move": game.notation(result.move),
                "score": result.score,
                "depth": result.depth,
                "nodes": result.nodes,
            }
        )
    return out


def compute(request: dict, golden: list, perft: dict) -> dict:
    timings = {}
    result = {
        "python": list(sys.version_info[:3]),
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
    }
    sections = [
        ("zohn_ahl_golden", lambda: zohn_ahl_golden(golden)),
        ("awithlaknannai_perft", lambda: awithlaknannai_perft(perft, request["perft_max_depth"])),
        ("rng", lambda: rng_values(request["rng_seeds"])),
        ("throws", lambda: seeded_throws(request["rng_seeds"], request["throw_count"])),
        (
            "playouts",
            lambda: awithlaknannai_playouts(request["playout_rulesets"], request["playout_seeds"]),
        ),
        ("ai", lambda: ai_moves(request["ai_cases"])),
    ]
    for key, fn in sections:
        t0 = time.perf_counter()
        result[key] = fn()
        timings[key] = round(time.perf_counter() - t0, 3)
    result["seconds"] = timings
    return result


def main(argv: list) -> int:
    if len(argv) != 4:
        print("usage: check_engine.py REQUEST.json GOLDEN.json PERFT.json", file=sys.stderr)
        return 2
    loaded = []
    for path in argv[1:]:
        with open(path, encoding="utf-8") as handle:
            loaded.append(json.load(handle))
    print(json.dumps(compute(*loaded)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
