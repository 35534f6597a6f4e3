"""An exhaustive solver for small Awithlaknannai endgames, independent of the tables' builder.

It enumerates every position with a given set of piece counts, follows the engine's own move
generator (:meth:`engine.awithlaknannai.moves.MoveTables.generate`, the stall counter left out
as in the tables) and iterates the values to a fixed point: a position is won in ``k + 1``
plies when some move leads to a position lost in ``k`` (the smallest such ``k``), lost in
``k + 1`` when every move leads to a won position (``k`` the largest), drawn otherwise.
"""

from __future__ import annotations

from itertools import combinations

from engine.awithlaknannai.kernel import after
from engine.awithlaknannai.moves import tables_for
from engine.awithlaknannai.rulesets import get_ruleset


def all_positions(max_pieces: int):
    """(black, white, side) for every placement with 1..max_pieces - 1 pieces a side."""
    for total in range(2, max_pieces + 1):
        for nb in range(1, total):
            nw = total - nb
            for bc in combinations(range(25), nb):
                black = sum(1 << p for p in bc)
                rest = [p for p in range(25) if p not in bc]
                for wc in combinations(rest, nw):
                    white = sum(1 << p for p in wc)
                    for side in (0, 1):
                        yield black, white, side


def solve(ruleset: str, max_pieces: int) -> dict:
    """{(black, white, side): ("win"|"loss"|"draw", plies|None)} for every position."""
    rs = get_ruleset(ruleset)
    gen = tables_for(rs)
    kids: dict = {}
    for black, white, side in all_positions(max_pieces):
        own, enemy = (black, white) if side == 0 else (white, black)
        out = []
        for mv in gen.generate(own, enemy, rs.compulsory, rs.multiple):
            e, o, _quiet = after(mv, own, enemy, 0)
            b2, w2 = (o, e) if side == 0 else (e, o)
            out.append((b2, w2, 1 - side))
        kids[(black, white, side)] = out
    value: dict = {}

    def get(key):
        b, w, s = key
        if not (b if s == 0 else w):
            return ("loss", 0)  # the side to move has no piece left
        return value.get(key)

    # round k settles exactly the positions whose value is k plies, so every value a round
    # reads is shorter than the one it settles; two empty rounds in a row end the search
    k = 0
    quiet_rounds = 0
    while quiet_rounds < 2:
        found = {}
        for key, ks in kids.items():
            if key in value:
                continue
            vals = [get(c) for c in ks]
            if k % 2 == 1 and any(v == ("loss", k - 1) for v in vals):
                found[key] = ("win", k)
            elif k % 2 == 0 and all(v is not None and v[0] == "win" for v in vals):
                if max((v[1] for v in vals), default=-1) + 1 == k:
                    found[key] = ("loss", k)
        value.update(found)
        quiet_rounds = 0 if found else quiet_rounds + 1
        k += 1
    for key in kids:
        value.setdefault(key, ("draw", None))
    return value
