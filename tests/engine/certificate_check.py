"""Check a proof certificate of an Awithlaknannai win against the rules.

A certificate (written by ``tools/solve_start.py``) claims that ``winner`` forces a win
from ``position`` under ``ruleset`` (the 40-move rule left out, as in the endgame tables),
and gives the strategy as a tree: at the winner's turn one move (``{"play", "next"}``), at
the other side's turn every legal move with its continuation (``{"replies": {...}}``), and
at the end ``{"end": "rules"}`` (the game is over and the winner has won) or ``{"end":
"tables"}`` (at most six pieces, and the endgame tables give the win to ``winner``).

:func:`check` replays every branch with the engine's rules (:class:`Game`), from each
position with its counter set to 0, and raises :class:`CertificateError` naming the first
position where the certificate is wrong: a move that is not legal, a reply missing or
added, an end that is not an end, a winner that is not the table's.
"""

from __future__ import annotations

from engine.awithlaknannai import Game, Position
from engine.awithlaknannai.endgame import MAX_PIECES, probe


class CertificateError(ValueError):
    pass


def _game(ruleset: str, position: Position) -> Game:
    return Game(ruleset, Position(ruleset, position.black, position.white, position.to_move, 0))


def check(cert: dict) -> int:
    """Check ``cert``; return the number of positions in the tree."""
    ruleset = cert["ruleset"]
    winner = cert["winner"]
    if winner not in (0, 1):
        raise CertificateError(f"winner {winner!r} is not 0 or 1")
    count = 0
    stack = [(Position.parse(cert["position"], ruleset), cert["tree"])]
    while stack:
        position, node = stack.pop()
        count += 1
        game = _game(ruleset, position)
        where = f"at '{position}'"
        if "end" in node:
            if node["end"] == "rules":
                out = game.outcome()
                if out is None or out.winner != winner:
                    raise CertificateError(f"{where}: the game is not won by side {winner}")
            elif node["end"] == "tables":
                if sum(position.counts) > MAX_PIECES:
                    raise CertificateError(f"{where}: too many pieces for the tables")
                v = probe(position)
                won = v.value == ("win" if position.to_move == winner else "loss")
                if not won:
                    raise CertificateError(
                        f"{where}: the tables say {v.value} for the side to move"
                    )
            else:
                raise CertificateError(f"{where}: unknown end {node['end']!r}")
            continue
        legal = game.legal_notations()
        if not legal:
            raise CertificateError(f"{where}: the game is over but the tree goes on")
        if position.to_move == winner:
            if set(node) != {"play", "next"} or node["play"] not in legal:
                raise CertificateError(f"{where}: {node.get('play')!r} is not a legal move")
            moves = {node["play"]: node["next"]}
        else:
            replies = node.get("replies")
            if not isinstance(replies, dict) or sorted(replies) != sorted(legal):
                raise CertificateError(f"{where}: the replies are not every legal move")
            moves = replies
        for text, child in moves.items():
            g = _game(ruleset, position)
            g.play(text)
            stack.append((g.position, child))
    return count
