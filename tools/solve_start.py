"""Try to solve an Awithlaknannai start position: proof-number search, endgame tables at the
leaves, a time budget, and a state file to resume from.

    python tools/solve_start.py --ruleset culin --seconds 600 [--state FILE] [--nodes N]

The question is asked twice, once for each side: "can Black force a win?" and "can White
force a win?" (with the stall rule left out, as in the endgame tables). Each run is a
proof-number search (Allis 1994) over the game's positions: at a position of the side
trying to win one winning move suffices, at the other side's every move must lose. A
position with at most six pieces is settled at once by the endgame tables
(:mod:`engine.awithlaknannai.endgame`), a finished game by the rules.

Soundness. A position that repeats one already on the current line counts as a failure
for the side trying to win (a repetition without end is a draw). So a proved win never
rests on a repetition, and every win the search reports is a real forced win. A failure
may rest on the line that led to it (the graph-history interaction problem), so the tool
reports failures of the search as "not proved", never as a proved draw or loss.

Resuming. The state file (JSON) keeps, for each side, the positions proved won for it,
the positions of the first move's children, and the nodes spent, and is written at the
end of each run (and every ``--save-every`` seconds); a later run starts from it. The
report (stdout, JSON): for each side and each first move, "proved", or the proof and
disproof numbers reached; nodes and seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.awithlaknannai import Game, Position, endgame  # noqa: E402
from engine.awithlaknannai.kernel import after  # noqa: E402
from engine.awithlaknannai.moves import tables_for  # noqa: E402
from engine.awithlaknannai.rulesets import get_ruleset  # noqa: E402

INF = 10**9
sys.setrecursionlimit(20000)


class Prover:
    """Proof-number search for "``winner`` forces a win" from positions (own, enemy, side)."""

    def __init__(self, ruleset: str, winner: int, proved: set | None = None) -> None:
        self.rs = get_ruleset(ruleset)
        self.gen = tables_for(self.rs)
        self.winner = winner
        self.table = endgame.table(self.rs) if endgame.available(self.rs) else None
        # keys (black, white, side) proved won for winner, in the order they were proved:
        # a position is only ever proved from positions proved before it
        self.proved: dict = dict.fromkeys(proved or ())
        self.failed: set = set()  # keys the winner cannot force (sound: tables or the end)
        self.tt: dict = {}  # key -> [pn, dn]
        self.nodes = 0

    def children(self, key):
        black, white, side = key
        own, enemy = (black, white) if side == 0 else (white, black)
        out = []
        for mv in self.gen.generate(own, enemy, self.rs.compulsory, self.rs.multiple):
            e, o, _quiet = after(mv, own, enemy, 0)
            out.append((mv, (o, e, 1) if side == 0 else (e, o, 0)))
        return out

    def exact(self, key):
        """(pn, dn) when the rules or the tables settle ``key``, else None."""
        if key in self.proved:
            return (0, INF)
        if key in self.failed:
            return (INF, 0)
        black, white, side = key
        own = black if side == 0 else white
        enemy = white if side == 0 else black
        if not own or not enemy:
            won = (not own and side != self.winner) or (not enemy and side == self.winner)
            if won:
                self.proved[key] = None
                return (0, INF)
            return (INF, 0)
        if self.table is not None and black.bit_count() + white.bit_count() <= endgame.MAX_PIECES:
            v = endgame.Verdict.from_code(self.table.code(black, white, side))
            won = (v.value == "win" and side == self.winner) or (
                v.value == "loss" and side != self.winner
            )
            if won:
                self.proved[key] = None
                return (0, INF)
            self.failed.add(key)
            return (INF, 0)
        return None

    def numbers(self, key, path):
        got = self.exact(key)
        if got is not None:
            return got
        if key in path:
            return (INF, 0)  # a repetition: no win for the prover along this line
        return tuple(self.tt.get(key, (1, 1)))

    def search(self, root, deadline: float, node_limit: int) -> tuple[int, int]:
        """Grow the proof tree of ``root`` until it is settled or the budget is spent."""
        while True:
            pn, dn = self._mid(root, (), INF, INF, deadline, node_limit)
            if pn == 0 or dn == 0 or time.monotonic() > deadline or self.nodes >= node_limit:
                return pn, dn

    def _mid(self, key, path, pn_limit, dn_limit, deadline, node_limit):
        """Depth-first proof-number search (Nagai's df-pn) below ``key``."""
        got = self.numbers(key, path)
        if got[0] == 0 or got[1] == 0:
            return got
        self.nodes += 1
        kids = [k for _, k in self.children(key)]
        path = path + (key,)
        if not kids:  # no move: the side to move has lost
            if key[2] != self.winner:
                self.proved[key] = None
                return (0, INF)
            self.failed.add(key)
            return (INF, 0)
        or_node = key[2] == self.winner
        while True:
            nums = [self.numbers(k, path) for k in kids]
            if or_node:
                pn = min(n[0] for n in nums)
                dn = min(INF, sum(n[1] for n in nums))
            else:
                pn = min(INF, sum(n[0] for n in nums))
                dn = min(n[1] for n in nums)
            if pn == 0:
                self.proved[key] = None
                self.tt.pop(key, None)
                return (0, INF)
            self.tt[key] = [pn, dn]
            if (
                dn == 0
                or pn >= pn_limit
                or dn >= dn_limit
                or time.monotonic() > deadline
                or self.nodes >= node_limit
            ):
                return (pn, dn)
            # the most-proving child and the thresholds for it
            if or_node:
                order = sorted(range(len(kids)), key=lambda i: nums[i][0])
                best = order[0]
                second = nums[order[1]][0] if len(order) > 1 else INF
                child_pn = min(pn_limit, second + 1)
                child_dn = dn_limit - dn + nums[best][1]
            else:
                order = sorted(range(len(kids)), key=lambda i: nums[i][1])
                best = order[0]
                second = nums[order[1]][1] if len(order) > 1 else INF
                child_dn = min(dn_limit, second + 1)
                child_pn = pn_limit - pn + nums[best][0]
            got = self._mid(kids[best], path, child_pn, child_dn, deadline, node_limit)
            if got[0] == 0:
                self.proved[kids[best]] = None
            elif got[1] != 0:
                self.tt[kids[best]] = list(got)


def certificate(prover: Prover, key, limit: int = 100_000) -> dict:
    """The strategy tree proving that ``prover.winner`` wins from ``key`` (a proved key):
    ``{"ruleset", "position", "winner", "tree"}``, where a node is ``{"play": MOVE,
    "next": node}`` when the winner is to move, ``{"replies": {MOVE: node, ...}}`` (every
    legal move) when the other side is, and ``{"end": "rules"}`` or ``{"end": "tables"}``
    at a finished game or a position the endgame tables settle. At the winner's turn the
    move leads to the position proved earliest, so the tree is finite. ValueError when
    ``key`` is not proved or the tree has more than ``limit`` nodes."""
    order = {k: i for i, k in enumerate(prover.proved)}
    rs = prover.rs
    count = 0

    def settled(k) -> str | None:
        black, white, side = k
        if not black or not white or not prover.children(k):
            return "rules"
        if black.bit_count() + white.bit_count() <= endgame.MAX_PIECES:
            return "tables"
        return None

    def node(k):
        nonlocal count
        count += 1
        if count > limit:
            raise ValueError(f"the proof has more than {limit} positions")
        end = settled(k)
        if end is not None:
            return {"end": end}
        game = Game(rs, Position(rs, k[0], k[1], k[2]))
        kids = prover.children(k)
        if k[2] == prover.winner:
            proved = [(order[c], mv, c) for mv, c in kids if c in order and order[c] < order[k]]
            if not proved:
                raise ValueError(f"'{game.position}' is not proved")
            _, mv, c = min(proved, key=lambda t: t[0])
            return {"play": game.notation(mv), "next": node(c)}
        return {"replies": {game.notation(mv): node(c) for mv, c in kids}}

    if key not in order:
        raise ValueError("the position is not proved")
    pos = Position(rs, key[0], key[1], key[2])
    return {"ruleset": rs.name, "position": str(pos), "winner": prover.winner, "tree": node(key)}


def solve(ruleset: str, seconds: float, state_path: Path | None, node_limit: int) -> dict:
    start = Position.start(ruleset)
    root = (start.black, start.white, start.to_move)
    state = {}
    if state_path is not None and state_path.exists():
        state = json.loads(state_path.read_text())
    report: dict = {"ruleset": ruleset, "sides": {}}
    game = Game(ruleset)
    first_moves = [(game.notation(m), k) for m, k in Prover(ruleset, 0).children(root)]
    for winner, name in ((0, "black"), (1, "white")):
        saved = state.get(name, {})
        proved = [tuple(k) for k in saved.get("proved", [])]
        p = Prover(ruleset, winner, proved)
        p.nodes = saved.get("nodes", 0)
        t0 = time.monotonic()
        pn, dn = p.search(root, t0 + seconds / 2, node_limit)
        side = {
            "question": f"can {name} force a win from the start?",
            "answer": "yes (proved)" if pn == 0 else "not proved",
            "root": {"pn": pn, "dn": dn},
            "nodes": p.nodes,
            "seconds": round(time.monotonic() - t0, 1),
            "proved_positions": len(p.proved),
            "first_moves": {},
        }
        for text, k in first_moves:
            if k in p.proved:
                side["first_moves"][text] = "proved won for " + name
            else:
                n = p.numbers(k, ())
                side["first_moves"][text] = {"pn": n[0], "dn": n[1]}
        report["sides"][name] = side
        state[name] = {"proved": list(p.proved), "nodes": p.nodes}
    if state_path is not None:
        state_path.write_text(json.dumps(state))
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", default="culin")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--nodes", type=int, default=10**9)
    ap.add_argument("--state", type=Path, default=None)
    args = ap.parse_args(argv)
    print(json.dumps(solve(args.ruleset, args.seconds, args.state, args.nodes), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
