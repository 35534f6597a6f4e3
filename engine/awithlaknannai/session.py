"""An Awithlaknannai game as the page plays it: replayed once from its record, then played on.

:class:`AwithlaknannaiSession` is what a protocol command works on (``spec/protocol.md``):
the :class:`Game` with every move made on it (from :meth:`Record.replay`, the game's one
replay), the canonical notation of every move, the moves the reply shows,
and :meth:`AwithlaknannaiSession.view`, the game as the reply carries it. The session holds
no state beyond one request: the protocol keeps the game of the last record
(:mod:`engine.protocol.replays`, from :meth:`AwithlaknannaiSession.snapshot`).
"""

from __future__ import annotations

from typing import cast

from engine.awithlaknannai.game import Game, MoveAfterEndError, notation_sort_key
from engine.awithlaknannai.moves import Move
from engine.awithlaknannai.position import SIDE_NAMES, Position
from engine.awithlaknannai.record import Record
from engine.core import MoveError
from engine.session import Session
from engine.view import AwithlaknannaiView, MoveView, SideView

# The view's list that grows by one entry a move (engine.session.Session.PER_MOVE).
PER_MOVE = ("history",)

SIDES: tuple[SideView, SideView] = (
    {"name": "black", "colour": "B"},
    {"name": "white", "colour": "W"},
)
"""The two sides, in the order of their numbers (0: Black, 1: White): the view's ``sides``."""


def row_of(game: Game) -> tuple[int, int]:
    """Where the next move of ``game`` goes in its move list: the row's number (the
    record's move number, :meth:`Record.movetext`) and its column (0: Black's, 1: White's).
    A game whose start has White to move begins with White's column of row 1."""
    first = game.start.to_move
    return (first + game.ply) // 2 + 1, (first + game.ply) % 2


def legal_in_order(game: Game) -> list[tuple[str, Move]]:
    """The legal moves of ``game`` with their notation, in the view's order (by their
    points, :func:`~engine.awithlaknannai.game.notation_sort_key`): the view's ``legal``,
    whose index in this list is a move's action (``awithlaknannai.play``'s ``action``)."""
    written = [(game.notation(move), move) for move in game.legal_moves()]
    written.sort(key=lambda pair: notation_sort_key(pair[0]))
    return written


def move_dict(
    game: Game, move: Move, side: int | None = None, notation: str | None = None
) -> MoveView:
    """``move`` (legal in ``game``'s position) as a reply shows it: its notation (given, or
    written here), path and the points it captures (and the side that makes it, when
    given)."""
    out: MoveView = {
        "notation": game.notation(move) if notation is None else notation,
        "path": list(move.path),
        "captured": list(move.captured),
    }
    if side is not None:
        out["side"] = side
    return out


class AwithlaknannaiSession(Session):
    """An Awithlaknannai game replayed once: the :class:`Game` (every move made on it), the
    canonical notation of every move, and from move number ``first`` on (the view's
    ``since``; 0: from the start) each move as the view shows it."""

    GAME = "awithlaknannai"
    PER_MOVE = PER_MOVE

    def __init__(self, game: Game, notations: list[str] | None = None) -> None:
        """``game`` with the moves already made on it (``notations``: theirs)."""
        self.game = game
        self.notations = list(notations or ())
        self.first = game.ply
        self.history: list[MoveView] = []  # history[i]: move first + i + 1

    @classmethod
    def replay(cls, record: Record, first: int = 0) -> AwithlaknannaiSession:
        """Replay ``record`` once; the view's lists from move ``first`` on."""
        notations: list[str] = []
        game = record.replay(lambda g, move: notations.append(g.notation(move)))
        session = cls(game, notations)
        session.keep_from(first)
        return session

    @classmethod
    def from_text(cls, text: str, first: int = 0) -> AwithlaknannaiSession:
        """The game of the record ``text``, replayed."""
        return cls.replay(Record.parse(text), first)

    def snapshot(self) -> tuple[Game, tuple[str, ...]]:
        """The game as it stands (a copy) and its moves' notations, to :meth:`resume`."""
        return (self.game.copy(), tuple(self.notations))

    @classmethod
    def resume(cls, snapshot: object, first: int = 0) -> AwithlaknannaiSession:
        """The session of a :meth:`snapshot`, not replayed (the snapshot is not changed)."""
        game, notations = cast(tuple[Game, tuple[str, ...]], snapshot)
        session = cls(game.copy(), list(notations))
        session.keep_from(first)
        return session

    @property
    def made(self) -> int:
        return self.game.ply

    def to_move(self) -> int | None:
        return self.game.to_move

    def build_from(self, first: int) -> None:
        """The moves from ``first`` on as the view shows them: taken back and made again."""
        game = self.game
        later = [game.pop() for _ in range(game.ply - first)]
        self.first = first
        self.history = []
        for move in reversed(later):
            self._push(move)

    def _push(self, move: Move) -> MoveView:
        game = self.game
        played = move_dict(game, move, side=game.to_move)
        played["number"], played["column"] = row_of(game)
        taken = sum(1 for point in move.captured if point)
        played["said"] = {
            "key": "playedTaking" if taken else "played",
            "side": game.to_move,
            "move": played["notation"],
            "n": taken,
        }
        game.push(move)
        self.history.append(played)
        return played

    def play(self, move: str | Move) -> MoveView:
        """Check ``move`` (text or Move) and make it; returns it as the view shows it."""
        return self._made(self.game.parse_move(move))

    def play_action(self, action: int) -> MoveView:
        """Make the legal move whose action is ``action``: its index in the view's ``legal``
        (:func:`legal_in_order`), made as it is, from no text; returns it as the view shows
        it. A MoveError quoting the action (``where``: ``action``) when this position has
        no legal move of that index."""
        game = self.game
        if game.finished:
            raise MoveAfterEndError(
                f"action {action} cannot be played: the game is over ({game.why_over()})",
                input=action,
                where="action",
            )
        legal = legal_in_order(game)
        if not 0 <= action < len(legal):
            count = f"{len(legal)} legal move" + ("s" if len(legal) > 1 else "")
            raise MoveError(
                f"action {action} is not a legal move of this position (move {game.ply + 1}, "
                f"{SIDE_NAMES[game.to_move]} to move): it has {count}, actions 0 to "
                f"{len(legal) - 1} (the view's legal moves, in order)",
                input=action,
                where="action",
            )
        return self._made(legal[action][1])

    def _made(self, move: Move) -> MoveView:
        played = self._push(move)
        self.notations.append(played["notation"])
        return played

    def take_back(self) -> None:
        self.game.pop()
        self.notations.pop()
        self.history.pop()

    def record(self) -> Record:
        """The game's record, every move in its canonical notation."""
        game = self.game
        start = game.start
        return Record(
            game.ruleset.name,
            game.stall,
            None if start == Position.start(game.ruleset) else start,
            self.notations,
        )

    def view(
        self, lang: str | None = None, flip: bool = False, since: int | None = None
    ) -> AwithlaknannaiView:
        """The game's view (``spec/protocol.md``), with ``svg``, the board drawn in ``lang``
        (``flip``: White at the bottom), when a language is given; with ``since``,
        ``history`` starts at that move."""
        game = self.game
        first = self.tail(since)
        position = game.position
        outcome = game.outcome()
        finished = outcome is not None
        moves = [
            move_dict(game, move, notation=notation)
            for notation, move in ([] if finished else legal_in_order(game))
        ]
        text = str(self.record())
        skip = first - self.first
        view: AwithlaknannaiView = {
            "game": "awithlaknannai",
            "record": text,
            "ruleset": game.ruleset.name,
            "stall": game.stall,
            "ply": game.ply,
            "position": str(position),
            "start": str(game.start),
            "pieces": dict(position.pieces()),
            "sides": [{"name": s["name"], "colour": s["colour"]} for s in SIDES],
            "starts": Position.start(game.ruleset).to_move,
            "to_move": None if finished else position.to_move,
            # the side to move is obliged to capture now: only where the ruleset makes
            # capture compulsory (under an optional one, a position whose every move leaps
            # still leaves the side free in principle, and the page must not say "must")
            "must_capture": game.ruleset.compulsory and any(m["captured"] for m in moves),
            "legal": moves,
            "finished": finished,
            "outcome": outcome.to_dict() if outcome else None,
            "history": self.history[skip:],
            "per_move": list(self.PER_MOVE),
            "counts": list(position.counts),
        }
        if since is not None:
            view["since"] = first
        if lang is not None:
            from engine.awithlaknannai.svg import board_svg

            view["svg"] = board_svg(game.ruleset, position, lang=lang, flip=flip)
        return view
