"""Build the Awithlaknannai endgame tables by retrograde analysis (numpy).

    python tools/endgame_tables.py [--rulesets culin,open,bent,ludii] [--pieces 6] [--out DIR]

For every position of the 25-point (Mosona) board with at most ``--pieces`` pieces, at
least one of each side, and either side to move, the table holds the value for the side to
move under perfect play and the number of plies to the end: the winner takes the shortest
win, the loser the longest resistance. Values are those of the rules in
:mod:`engine.awithlaknannai.rulesets` **without the stall rule** (40 moves without a
capture): the quiet counter is ignored, and a line that repeats for ever is a draw. The
file format and the index are described in :mod:`engine.awithlaknannai.endgame`, which
reads the tables with the standard library only.

Method. Piece counts are solved from the fewest pieces up. A capture always leads to
fewer pieces, so within one count (a *slice*: Black's and White's numbers of pieces) the
values of every capture are known before the slice starts: a position where capture is
compulsory and possible is decided at once, and under ``ludii`` (optional capture) the
captures give a bound. The steps, which stay inside the slice, are then solved backwards
ply by ply from the decided positions: a position with a step to a position lost in
``k`` plies is won in ``k + 1``; a position all of whose moves lead to won positions is
lost, in one ply more than the longest of them. What remains is drawn.

The captures are the engine's own: its classes of leaps (:mod:`engine.awithlaknannai.moves`)
and its kernel's leap step and apply (:mod:`engine.awithlaknannai.kernel`), called on numpy
arrays of positions; the steps, forwards and backwards, come from the same board data
(the neighbours of :mod:`engine.awithlaknannai.boards`). The tests check the tables against
an exhaustive search with the engine's own move generator on every position of at most
three pieces, and check sampled entries of every count against their children.
"""

from __future__ import annotations

import argparse
import json
import lzma
import sys
import time
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.awithlaknannai.endgame import (  # noqa: E402
    DEFAULT_DIR,
    MAGIC,
    RULESETS_WITH_TABLES,
    file_name,
)
from engine.awithlaknannai.kernel import after, leap_step  # noqa: E402
from engine.awithlaknannai.moves import tables_for  # noqa: E402
from engine.awithlaknannai.rulesets import get_ruleset  # noqa: E402

NPOINTS = 25
FULL = (1 << NPOINTS) - 1
BINOM = np.array([[comb(n, k) for k in range(9)] for n in range(NPOINTS + 1)], dtype=np.int64)


def rank(black: np.ndarray, white: np.ndarray, nb: int, nw: int) -> np.ndarray:
    """The index of each placement in its slice (see the reader for the definition)."""
    rb = np.zeros(black.shape, np.int64)
    rw = np.zeros(black.shape, np.int64)
    b = black.copy()
    for j in range(nb):
        low = b & -b
        rb += BINOM[:, j + 1][np.bitwise_count(low - 1)]
        b ^= low
    w = white.copy()
    for j in range(nw):
        low = w & -w
        below = low - 1
        rw += BINOM[:, j + 1][np.bitwise_count(below) - np.bitwise_count(black & below)]
        w ^= low
    return rb * comb(NPOINTS - nb, nw) + rw


def placements(nb: int, nw: int) -> tuple[np.ndarray, np.ndarray]:
    """Black's and White's masks of every placement of the slice, in index order."""
    blacks = np.array([sum(1 << p for p in c) for c in combinations(range(NPOINTS), nb)])
    wcombos = np.array(list(combinations(range(NPOINTS - nb), nw)), dtype=np.int64)
    free = np.array(
        [[p for p in range(NPOINTS) if not b >> p & 1] for b in blacks.tolist()], dtype=np.int64
    )
    white = np.zeros((len(blacks), len(wcombos)), np.int64)
    for j in range(nw):
        white |= np.int64(1) << free[:, wcombos[:, j]]
    black = np.repeat(blacks.astype(np.int64), len(wcombos))
    white = white.reshape(-1)
    idx = rank(black, white, nb, nw)
    n = len(black)
    assert n == comb(NPOINTS, nb) * comb(NPOINTS - nb, nw)
    out_b = np.empty(n, np.int64)
    out_w = np.empty(n, np.int64)
    out_b[idx] = black
    out_w[idx] = white
    assert np.array_equal(np.sort(idx), np.arange(n)), "the ranking is not a bijection"
    return out_b, out_w


class Rules:
    """The move data of one ruleset: the engine's move tables, and its steps grouped by
    shift as index lists for numpy."""

    def __init__(self, name: str) -> None:
        rs = get_ruleset(name)
        board = rs.board
        assert board.size == NPOINTS
        self.name = name
        self.compulsory = rs.compulsory
        self.multiple = rs.multiple
        # the engine's classes of leaps: (sources, s1, s2, the single leaps by landing point)
        self.leap_classes = tables_for(rs).leap_classes
        groups: dict[int, int] = {}
        for a in range(NPOINTS):
            for b in board.neighbours[a]:
                groups[b - a] = groups.get(b - a, 0) | 1 << a
        # (shift, sources): a piece on a source point may step to the point ``shift`` on
        self.shifts = sorted(groups.items())


def count_steps(rules: Rules, own: np.ndarray, occ: np.ndarray) -> np.ndarray:
    empty = FULL & ~occ
    n = np.zeros(own.shape, np.int16)
    for shift, sources in rules.shifts:
        x = own & sources
        x = (x << shift) if shift > 0 else (x >> -shift)
        n += np.bitwise_count(x & empty).astype(np.int16)
    return n


def single_leaps(
    rules: Rules, pos: np.ndarray, own: np.ndarray, enemy: np.ndarray, sources: np.ndarray
):
    """Every single leap of the pieces on ``sources`` (one mask per row) in the positions
    (``own``, ``enemy``), through the engine's kernel (the leap step, then the apply):
    (the row's position, own after, enemy after, the landing point), one row per leap."""
    empty = FULL & ~(own | enemy)
    out_p, out_o, out_e, out_at = [], [], [], []
    for mask, s1, s2, moves in rules.leap_classes:
        landings = leap_step(sources & mask, s1, s2, enemy, empty)
        for c in range(NPOINTS):
            idx = np.nonzero((landings >> c) & 1)[0]
            if len(idx):
                enemy_after, own_after, _ = after(moves[c], own[idx], enemy[idx], 0)
                out_p.append(pos[idx])
                out_o.append(own_after)
                out_e.append(enemy_after)
                out_at.append(np.full(len(idx), c, np.int64))
    if not out_p:
        e = np.zeros(0, np.int64)
        return e, e, e, e
    return tuple(np.concatenate(x) for x in (out_p, out_o, out_e, out_at))


def captures(rules: Rules, own: np.ndarray, enemy: np.ndarray):
    """Every capture move of every position: (position, own after, enemy after), one row
    per move (a whole chain under ``multiple``: leaps from the landing point while there
    are any, every maximal chain a move)."""
    p, o_, e_, at = single_leaps(rules, np.arange(len(own)), own, enemy, own)
    if not rules.multiple:
        return p, o_, e_
    out_p, out_o, out_e = [], [], []
    while len(p):
        row = np.arange(len(p))
        q, no, ne, nat = single_leaps(rules, row, o_, e_, np.left_shift(1, at))
        done = np.ones(len(p), bool)
        done[q] = False
        out_p.append(p[done])
        out_o.append(o_[done])
        out_e.append(e_[done])
        p, o_, e_, at = p[q], no, ne, nat
    return np.concatenate(out_p), np.concatenate(out_o), np.concatenate(out_e)


def solve_slice(rules: Rules, nb: int, nw: int, tables: dict) -> np.ndarray:
    """The codes of slice (nb, nw): Black to move first, then White to move."""
    black, white = placements(nb, nw)
    n = len(black)
    total = 2 * n
    INF = 10**6
    fixed = np.zeros(total, bool)
    counter = np.zeros(total, np.int32)
    capmax = np.full(total, -1, np.int32)
    pending: dict[int, list[np.ndarray]] = {}

    def add(level_ids: np.ndarray, levels: np.ndarray) -> None:
        for lv in np.unique(levels):
            pending.setdefault(int(lv), []).append(level_ids[levels == lv])

    for side in (0, 1):
        own, enemy = (black, white) if side == 0 else (white, black)
        base = side * n
        nsteps = count_steps(rules, own, own | enemy)
        cp, co, ce = captures(rules, own, enemy)
        # the value of each capture for the side that made it
        ccode = np.zeros(len(cp), np.int32)
        left = np.bitwise_count(ce).astype(np.int64)
        for k in np.unique(left):
            sel = left == k
            if k == 0:
                ccode[sel] = 1  # the opponent has no piece: lost in 0 plies
                continue
            cb, cw = (co[sel], ce[sel]) if side == 0 else (ce[sel], co[sel])
            cnb, cnw = (nb, int(k)) if side == 0 else (int(k), nw)
            ccode[sel] = tables[(cnb, cnw)][
                (1 - side) * (len(tables[(cnb, cnw)]) // 2) + rank(cb, cw, cnb, cnw)
            ]
        plies = ccode - 1
        child_lost = (ccode > 0) & (plies % 2 == 0)
        child_won = (ccode > 0) & (plies % 2 == 1)
        win_min = np.full(n, INF, np.int32)
        np.minimum.at(win_min, cp[child_lost], plies[child_lost] + 1)
        loss_max = np.full(n, -1, np.int32)
        np.maximum.at(loss_max, cp[child_won], plies[child_won] + 1)
        ncap = np.bincount(cp, minlength=n)
        nwon = np.bincount(cp[child_won], minlength=n)
        has_cap = ncap > 0
        can_win = win_min < INF
        all_caps_lose = nwon == ncap
        ids = np.arange(base, base + n)
        if rules.compulsory:
            fx = has_cap | (nsteps == 0)
        else:
            fx = nsteps == 0
        fixed[base : base + n] = fx
        # fixed positions: decided by their captures alone (or no move at all)
        w = fx & can_win
        add(ids[w], win_min[w])
        lo = fx & ~can_win & all_caps_lose
        add(ids[lo], np.maximum(loss_max[lo], 0))
        # the others: steps decide, captures (ludii) bound
        free = ~fx
        counter[base : base + n] = np.where(free, nsteps, 0)
        capmax[base : base + n] = np.where(free, loss_max, -1)
        if not rules.compulsory:
            w = free & can_win
            add(ids[w], win_min[w])
            safe = free & ~all_caps_lose
            counter[base : base + n][safe] = INF

    code = np.zeros(total, np.uint8)
    done = np.zeros(total, bool)
    # draws decided by captures are final and never propagate
    d = 0
    while pending and d <= max(pending):
        chunks = pending.pop(d, [])
        if not chunks:
            d += 1
            continue
        ids = np.unique(np.concatenate(chunks))
        ids = ids[~done[ids]]
        if not len(ids):
            d += 1
            continue
        if d + 1 > 255:
            raise RuntimeError(f"{rules.name} {nb}-{nw}: a line of {d} plies does not fit a byte")
        done[ids] = True
        code[ids] = d + 1
        preds = []
        for side in (0, 1):
            sel = ids[(ids >= side * n) & (ids < (side + 1) * n)] - side * n
            if not len(sel):
                continue
            b, wt = black[sel], white[sel]
            mover, other = (wt, b) if side == 0 else (b, wt)
            empty = FULL & ~(b | wt)
            pms, pos_ = [], []
            for shift, sources in rules.shifts:
                # the mover stepped from a to a + shift: a now empty, a + shift its piece
                x = (mover >> shift) if shift > 0 else (mover << -shift)
                x &= sources & empty
                k = np.nonzero(x)[0]
                x = x[k]
                while len(k):
                    low = x & -x
                    dest = (low << shift) if shift > 0 else (low >> -shift)
                    pms.append(mover[k] ^ dest | low)
                    pos_.append(other[k])
                    x ^= low
                    keep = x != 0
                    k, x = k[keep], x[keep]
            if pms:
                pm, po = np.concatenate(pms), np.concatenate(pos_)
                pb, pw = (po, pm) if side == 0 else (pm, po)
                preds.append((1 - side) * n + rank(pb, pw, nb, nw))
        if preds:
            p = np.concatenate(preds)
            p = p[~fixed[p] & ~done[p]]
            if d % 2 == 0:
                pending.setdefault(d + 1, []).append(p)
            elif len(p):
                touched, cnt = np.unique(p, return_counts=True)
                counter[touched] -= cnt.astype(np.int32)
                newly = touched[counter[touched] == 0]
                if len(newly):
                    add(newly, np.maximum(d + 1, capmax[newly]))
        d += 1
    return code


def vflip(x: np.ndarray) -> np.ndarray:
    """Top and bottom rows exchanged (the board's mirror between the two sides)."""
    return ((x & 0xFF) << 17) | (x & (0x1FF << 8)) | ((x >> 17) & 0xFF)


def check_colour_symmetry(tables: dict, nb: int, nw: int) -> None:
    """Check that Black to move in (nb, nw) is White to move in (nw, nb) with the board
    turned over, once both slices are built (the file keeps only one of the two)."""
    if (nw, nb) not in tables:
        return
    black, white = placements(nb, nw)
    n = len(black)
    mirrored = rank(vflip(white), vflip(black), nw, nb)
    a, b = tables[(nb, nw)], tables[(nw, nb)]
    for side in (0, 1):
        if not np.array_equal(a[side * n : (side + 1) * n], b[(1 - side) * n + mirrored]):
            raise RuntimeError(f"slices {nb}-{nw} and {nw}-{nb} are not mirror images")


def build(name: str, pieces: int, out: Path, log) -> dict:
    rules = Rules(name)
    tables: dict = {}
    blobs = []
    index = []
    offset = 0
    t0 = time.perf_counter()
    for total in range(2, pieces + 1):
        for nb in range(1, total):
            nw = total - nb
            t1 = time.perf_counter()
            codes = solve_slice(rules, nb, nw, tables)
            tables[(nb, nw)] = codes
            check_colour_symmetry(tables, nb, nw)
            stored = codes if nb > nw else codes[: len(codes) // 2] if nb == nw else None
            if stored is not None:
                blob = lzma.compress(stored.tobytes(), preset=6 | lzma.PRESET_EXTREME)
                blobs.append(blob)
                index.append([nb, nw, offset, len(blob)])
                offset += len(blob)
            else:
                blob = b""
            plies = codes.astype(np.int32) - 1
            log(
                f"{name} {nb}-{nw}: {len(codes)} positions, "
                f"{int(np.sum((codes > 0) & (plies % 2 == 1)))} won, "
                f"{int(np.sum((codes > 0) & (plies % 2 == 0)))} lost, "
                f"{int(np.sum(codes == 0))} drawn, longest {int(plies.max())} plies, "
                f"{len(blob)} bytes, {time.perf_counter() - t1:.1f} s"
            )
    header = json.dumps(
        {"ruleset": name, "points": NPOINTS, "pieces": pieces, "slices": index},
        separators=(",", ":"),
    ).encode()
    data = MAGIC + len(header).to_bytes(4, "big") + header + b"".join(blobs)
    out.mkdir(parents=True, exist_ok=True)
    (out / file_name(name)).write_bytes(data)
    seconds = time.perf_counter() - t0
    log(f"{name}: {len(data)} bytes in {seconds:.0f} s")
    return {"ruleset": name, "bytes": len(data), "seconds": round(seconds, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rulesets", default=",".join(RULESETS_WITH_TABLES))
    ap.add_argument("--pieces", type=int, default=6)
    ap.add_argument("--out", type=Path, default=DEFAULT_DIR)
    args = ap.parse_args(argv)
    for name in args.rulesets.split(","):
        build(name, args.pieces, args.out, lambda s: print(s, flush=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
