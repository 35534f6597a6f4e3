"""Game records: a PGN-like text that is the whole of a game (saved games, links, pages).

::

    [Game "awithlaknannai"]
    [Ruleset "culin"]
    [Stall "draw"]
    [Position "WWWWWWWW/WWWW.BBBB/BBBBBBBB B 0"]   (only when not the ruleset's start)
    1. m6-m5 m4xm6 2. b4-m6 ...

The movetext numbers each pair of moves, Black's then White's; a game whose start has
White to move begins ``1... m4xm6``. When reading, move numbers are optional (but must
be right when given), tags may come in any order, ``Game``, ``Ruleset`` and ``Stall`` may
be left out (defaults: awithlaknannai, culin, draw), and an unknown tag is an error.
Moves are stored as their text; :meth:`Record.replay` checks them one by one and raises
RecordError naming the move ("move 3", counting every move from 1) and saying why.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from engine.core import EngineError, RecordError

from .game import Game, numbered
from .moves import Move
from .position import Position
from .rulesets import DEFAULT_RULESET, Ruleset, check_stall, get_ruleset

_TAG_RE = re.compile(r'^\[([A-Za-z]+)\s+"([^"\\]*)"\]$')
_NUM_RE = re.compile(r"^(\d{1,6})\.(\.\.)?(.*)$")  # "2." or "2..." alone or glued to a move
TAGS = ("Game", "Ruleset", "Stall", "Position")


class Record:
    """A game record: ruleset name, stall option, start position (None: the ruleset's
    start), and the moves as text."""

    __slots__ = ("ruleset", "stall", "start", "moves")

    def __init__(
        self,
        ruleset: str | Ruleset = DEFAULT_RULESET,
        stall: str = "draw",
        start: Position | str | None = None,
        moves: Iterable[object] = (),
    ) -> None:
        rs = get_ruleset(ruleset)
        self.ruleset = rs.name
        self.stall = check_stall(stall)
        if isinstance(start, str):
            start = Position.parse(start, rs)
        if start is not None and start == Position.start(rs):
            start = None
        self.start = start
        self.moves = tuple(str(m) for m in moves)

    @classmethod
    def from_game(cls, game: Game) -> Record:
        """The record of ``game`` with every move in its canonical notation."""
        moves = Game(game.ruleset, game.start, game.stall).line_notations(game.history)
        start = None if game.start == Position.start(game.ruleset) else game.start
        return cls(game.ruleset.name, game.stall, start, moves)

    def replay(self, each: Callable[[Game, Move], object] | None = None) -> Game:
        """The game after every move; RecordError naming the first bad move. The game's one
        replay: ``each(game, move)``, when given, sees every checked move just before it
        is made (the page's session takes each move's canonical notation from it)."""
        game = Game(self.ruleset, self.start, self.stall)
        for i, text in enumerate(self.moves, 1):
            try:
                move = game.parse_move(text)
            except EngineError as err:
                raise RecordError(str(err), input=text, where=f"move {i}") from None
            if each is not None:
                each(game, move)
            game.push(move)
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return (self.ruleset, self.stall, self.start, self.moves) == (
            other.ruleset,
            other.stall,
            other.start,
            other.moves,
        )

    def __repr__(self) -> str:
        return f"Record({self.ruleset!r}, {self.stall!r}, {self.start!r}, {self.moves!r})"

    def movetext(self) -> str:
        return numbered(self.moves, 0 if self.start is None else self.start.to_move)

    def __str__(self) -> str:
        lines = [
            '[Game "awithlaknannai"]',
            f'[Ruleset "{self.ruleset}"]',
            f'[Stall "{self.stall}"]',
        ]
        if self.start is not None:
            lines.append(f'[Position "{self.start}"]')
        lines.append(self.movetext())
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str) -> Record:
        """Read a record; RecordError quoting the bad part (tags, numbers or move syntax)."""
        if not isinstance(text, str):
            raise RecordError(f"{text!r} is not a game record", input=text)
        tags: dict[str, str] = {}
        body: list[str] = []
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line:
                continue
            if line.startswith("["):
                m = _TAG_RE.match(line)
                if not m:
                    raise RecordError(
                        f'{line!r} is not a tag: expected [Name "value"]',
                        input=line,
                        where=f"line {lineno}",
                    )
                name, value = m.groups()
                if name not in TAGS:
                    raise RecordError(
                        f"unknown tag {name!r}: expected one of " + ", ".join(TAGS),
                        input=line,
                        where=f"line {lineno}",
                    )
                if name in tags:
                    raise RecordError(
                        f"tag {name!r} is given twice", input=line, where=f"line {lineno}"
                    )
                if body:
                    raise RecordError(
                        f"tag {line!r} comes after the moves", input=line, where=f"line {lineno}"
                    )
                tags[name] = value
            else:
                body.append(line)
        if tags.get("Game", "awithlaknannai") != "awithlaknannai":
            raise RecordError(
                f'{tags["Game"]!r} is not this game: expected [Game "awithlaknannai"]',
                input=tags["Game"],
            )
        try:
            rs = get_ruleset(tags.get("Ruleset", DEFAULT_RULESET))
            stall = check_stall(tags.get("Stall", "draw"))
            start = Position.parse(tags["Position"], rs) if "Position" in tags else None
        except EngineError as err:
            raise RecordError(str(err), input=err.input) from None
        black_first = start is None or start.to_move == 0
        moves: list[str] = []
        tokens = " ".join(body).split()
        for tok in tokens:
            m = _NUM_RE.match(tok)
            if m:
                number, dots = int(m.group(1)), bool(m.group(2))
                i = len(moves)
                black_next = (i % 2 == 0) == black_first
                expected = (i + (0 if black_first else 1)) // 2 + 1
                if number != expected or dots == black_next:
                    want = f"{expected}." if black_next else f"{expected}..."
                    raise RecordError(
                        f"move number {tok!r} is out of place: expected {want!r}",
                        input=tok,
                        where=f"move {i + 1}",
                    )
                tok = m.group(3)
                if not tok:
                    continue
            try:
                Move.parse(tok)
            except EngineError as err:
                raise RecordError(str(err), input=tok, where=f"move {len(moves) + 1}") from None
            moves.append(tok)
        return cls(rs.name, stall, start, moves)
