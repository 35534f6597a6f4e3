"""Find Awithlaknannai puzzles in the engine's own games and write them as data.

    .venv/bin/python tools/find_puzzles.py [--games N] [--out build_scripts/puzzles/awithlaknannai.json]

Plays seeded games for every ruleset (the ``hard`` computer against ``medium``, with an
occasional random move so that the games go wrong in instructive ways), asks
:func:`engine.awithlaknannai.puzzles.classify` about every position, and keeps a spread
of the puzzles found: every ruleset, every goal, every level. The same seeds give the
same games and the same file. The site build checks every puzzle again
(``build_scripts/puzzle_blocks.py``); so does the test suite.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.awithlaknannai import RULESETS, Game, ai  # noqa: E402
from engine.awithlaknannai.puzzles import LEVELS, classify  # noqa: E402
from engine.rng import Rng  # noqa: E402

PER_RULESET = {"culin": 8, "open": 4, "bent": 4, "ludii": 4, "kolowis": 4}


def games(ruleset: str, count: int, seed: int):
    """Yield (game index, ply, Game) for every position of ``count`` seeded games."""
    for i in range(count):
        rng = Rng(seed * 1000 + i)
        game = Game(ruleset)
        while not game.finished and game.ply < 160:
            yield i, game.ply, game
            moves = game.legal_moves()
            if rng.below(100) < 12:
                move = moves[rng.below(len(moves))]
            else:
                level = "hard" if game.to_move == i % 2 else "medium"
                move = ai.choose_move(game, level, seed=rng.below(2**31), node_limit=3000)
            game.push(move)


def pick(found: list, want: int) -> list:
    """A spread of levels and goals: round-robin over (level, goal) groups."""
    groups: dict = {}
    for p in found:
        groups.setdefault((p.level, p.goal), []).append(p)
    order = [(lv, g) for lv in LEVELS for g in ("material", "win")]
    out: list = []
    while len(out) < want and any(groups.get(k) for k in order):
        for k in order:
            if groups.get(k) and len(out) < want:
                out.append(groups[k].pop(0))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--out", default=str(ROOT / "build_scripts" / "puzzles" / "awithlaknannai.json")
    )
    args = ap.parse_args(argv)
    chosen = []
    for ruleset in RULESETS:
        found, seen = [], set()
        for i, ply, game in games(ruleset, args.games, args.seed):
            key = str(game.position)
            if key in seen:
                continue
            seen.add(key)
            p = classify(game.copy())
            if p is not None:
                found.append(p)
                print(
                    f"{ruleset} game {i} ply {ply}: {p.goal} {p.level} {p.solution}",
                    file=sys.stderr,
                )
        chosen += pick(found, PER_RULESET.get(ruleset, 4))
    order = {lv: n for n, lv in enumerate(LEVELS)}
    chosen.sort(key=lambda p: (order[p.level], p.ruleset != "culin", p.ruleset))
    data = []
    for n, p in enumerate(chosen, 1):
        d = p.to_dict()
        d["id"] = f"puzzle-{n}"
        data.append(d)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(data)} puzzles written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
