"""A game of Awithlaknannai: legal moves, making and unmaking moves, the end, perft.

The state lives in a few integers (two bit masks, the side to move, the quiet counter)
and an undo stack, so ``push``/``pop`` cost a handful of operations; strings appear only
at the edge (:meth:`Game.parse_move`, :meth:`Game.notation`, :attr:`Game.position`).

The end (``spec/awithlaknannai.md``, "The end"), checked in this order before
each move: a side with no pieces has lost (reason ``"no-pieces"``); after 40 moves in a
row without a capture the game ends (``"stall-draw"``, or with ``stall="majority"`` the
side with more pieces wins, ``"stall-majority"``; equal numbers are a ``"stall-draw"``);
a side with no legal move on its turn has lost (``"no-moves"``). The stall ends the game
as soon as the 40th quiet move is made, whoever is to move next.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from engine.core import GameOverError, MoveError, Outcome, PositionError
from engine.game_api import TERMINAL

from .kernel import after
from .moves import Move, MoveTables, tables_for
from .position import SIDE_NAMES, Position
from .rulesets import STALL_LIMIT, Ruleset, check_stall, get_ruleset

#: What a position's moves and end come to: (legal moves, outcome or None).
_Cache = tuple[list[Move], Outcome | None]


class MoveAfterEndError(MoveError, GameOverError):
    """A move offered after the game has ended: both a MoveError and a GameOverError."""

    kind = "game-over"


class Game:
    """A game in progress (or finished) under one ruleset.

    ``Game(ruleset="culin", position=None, stall="draw")``: ``position`` is a Position or
    its notation (default: the ruleset's start). Moves come from :meth:`legal_moves`
    (interned :class:`Move` objects); :meth:`push` makes one without checking it (use
    :meth:`play` or :meth:`parse_move` for moves from outside), :meth:`pop` unmakes the
    last one.
    """

    __slots__ = (
        "ruleset",
        "stall",
        "start",
        "tables",
        "_p",
        "_side",
        "_quiet",
        "_stack",
        "_legal",
        "_compulsory",
        "_multiple",
    )

    def __init__(
        self,
        ruleset: str | Ruleset = "culin",
        position: Position | str | None = None,
        stall: str = "draw",
    ) -> None:
        self.ruleset = get_ruleset(ruleset)
        self.stall = check_stall(stall)
        if position is None:
            position = Position.start(self.ruleset)
        elif isinstance(position, str):
            position = Position.parse(position, self.ruleset)
        elif not isinstance(position, Position):
            raise PositionError(f"{position!r} is not a position", input=position)
        elif position.ruleset.board.points != self.ruleset.board.points:
            raise PositionError(
                f"'{position}' is a position on the {position.ruleset.board.title} board, "
                f"not on the {self.ruleset.board.title} board of ruleset {self.ruleset.name}",
                input=str(position),
            )
        else:
            position = Position(
                self.ruleset, position.black, position.white, position.to_move, position.quiet
            )
        self.start = position
        self.tables = tables_for(self.ruleset)
        self._compulsory = self.ruleset.compulsory
        self._multiple = self.ruleset.multiple
        self._p = [position.black, position.white]
        self._side = position.to_move
        self._quiet = position.quiet
        # (black, white, quiet, move, cached legal moves) before each move made
        self._stack: list[tuple[int, int, int, Move, _Cache | None]] = []
        self._legal: _Cache | None = None

    # -- state ------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return Position(self.ruleset, self._p[0], self._p[1], self._side, self._quiet)

    @property
    def to_move(self) -> int:
        """0 (Black) or 1 (White): whose turn it is (also after the end)."""
        return self._side

    @property
    def quiet(self) -> int:
        return self._quiet

    @property
    def counts(self) -> tuple[int, int]:
        """(Black's pieces, White's pieces)."""
        return (self._p[0].bit_count(), self._p[1].bit_count())

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves made since the start, in order."""
        return tuple(entry[3] for entry in self._stack)

    @property
    def ply(self) -> int:
        return len(self._stack)

    def bitboards(self) -> tuple[int, int, int]:
        """The position as the bitboard kernel sees it (:mod:`.kernel`): (the pieces of the
        side to move, the other side's pieces, the quiet count)."""
        side = self._side
        return self._p[side], self._p[1 - side], self._quiet

    def key(self) -> tuple[int, int, int, int]:
        """A cheap hashable key of the position (for transposition tables)."""
        return (self._p[0], self._p[1], self._side, self._quiet)

    def copy(self) -> Game:
        g = Game.__new__(Game)
        g.ruleset = self.ruleset
        g.stall = self.stall
        g.start = self.start
        g.tables = self.tables
        g._compulsory = self._compulsory
        g._multiple = self._multiple
        g._p = list(self._p)
        g._side = self._side
        g._quiet = self._quiet
        g._stack = list(self._stack)
        g._legal = self._legal
        return g

    # -- moves ------------------------------------------------------------------------

    def _analyse(self) -> tuple[list[Move], Outcome | None]:
        """Compute and cache (legal moves, outcome) of the current position."""
        side = self._side
        own = self._p[side]
        enemy = self._p[1 - side]
        out = None
        if not own:
            out = Outcome(1 - side, "no-pieces")
        elif not enemy:
            out = Outcome(side, "no-pieces")
        elif self._quiet >= STALL_LIMIT:
            out = Outcome(None, "stall-draw")
            if self.stall == "majority":
                nb = self._p[0].bit_count()
                nw = self._p[1].bit_count()
                if nb != nw:
                    out = Outcome(0 if nb > nw else 1, "stall-majority")
        cache: tuple[list[Move], Outcome | None]
        if out is not None:
            cache = ([], out)
        else:
            legal = self.tables.generate(own, enemy, self._compulsory, self._multiple)
            cache = (legal, None if legal else Outcome(1 - side, "no-moves"))
        self._legal = cache
        return cache

    def legal_moves(self) -> list[Move]:
        """Every legal move (a fresh list; empty once the game is over)."""
        cache = self._legal or self._analyse()
        return list(cache[0])

    def push(self, move: Move) -> None:
        """Make ``move`` (one of :meth:`legal_moves`; not checked)."""
        if move.tables is not self.tables:
            move = self._resolve(move)
        side = self._side
        p = self._p
        self._stack.append((p[0], p[1], self._quiet, move, self._legal))
        p[1 - side], p[side], self._quiet = after(move, p[side], p[1 - side], self._quiet)
        self._side = 1 - side
        self._legal = None

    def pop(self) -> Move:
        """Unmake the last move and return it."""
        if not self._stack:
            raise IndexError("pop from a game with no moves")
        b, w, quiet, move, legal = self._stack.pop()
        self._p[0] = b
        self._p[1] = w
        self._quiet = quiet
        self._side = 1 - self._side
        self._legal = legal
        return move

    def _resolve(self, move: Move) -> Move:
        for m in self.legal_moves():
            if m == move:
                return m
        raise MoveError(f"'{move}' is not a legal move here", input=str(move))

    def play(self, text: str | Move) -> Move:
        """Read ``text`` (or take a Move), check it is legal, make it; return the Move."""
        move = self.parse_move(text) if isinstance(text, str) else self._checked(text)
        self.push(move)
        return move

    def _checked(self, move: Move) -> Move:
        if None in move.captured:  # from Move.parse: let the text resolve it
            return self.parse_move(str(move))
        if self.finished:
            raise MoveAfterEndError(
                f"'{move}' cannot be played: the game is over ({self.why_over()})",
                input=str(move),
            )
        return self._resolve(move)

    # -- the end ----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The Outcome once the game is over, else None."""
        return (self._legal or self._analyse())[1]

    @property
    def finished(self) -> bool:
        return (self._legal or self._analyse())[1] is not None

    @property
    def winner(self) -> int | None:
        out = self.outcome()
        return None if out is None else out.winner

    def why_over(self) -> str:
        """Why the game is over, in words (``"not over"`` while it goes on)."""
        out = self.outcome()
        if out is None:
            return "not over"
        text = {
            "no-pieces": "a side has no pieces left",
            "no-moves": f"{SIDE_NAMES[self._side]} has no legal move",
            "stall-draw": f"{STALL_LIMIT} moves without a capture: a draw",
            "stall-majority": f"{STALL_LIMIT} moves without a capture, the side with more "
            "pieces wins",
        }[out.reason]
        if out.winner is not None:
            text += f"; {SIDE_NAMES[out.winner]} has won"
        return text

    # -- notation ---------------------------------------------------------------------

    def notation(self, move: Move, legal: object = None) -> str:
        """The canonical notation of ``move`` (one of the legal moves) in this position.

        A leap is written with its leapt point in brackets where, at that moment of the
        chain, two different enemy pieces could be leapt to reach the same landing point
        (specification, "Notation"; only possible under ``bent``). Pieces already leapt
        earlier in the chain are gone and do not count. Two different legal moves always
        get two different notations. ``legal`` is accepted for compatibility and unused.
        """
        if not move.captured:
            return move.written(())
        if move.tables is not self.tables:
            move = self._resolve(move)
        need = self.tables.brackets(move, self._p[1 - self._side])
        return move.written(need)

    def line_notations(self, line: Iterable[Move]) -> list[str]:
        """The canonical notation of each move of ``line``, the moves played in turn from
        this position (on a copy: the game is not changed). The one writer of a line of
        moves (python-chess's ``Board.variation_san`` is the model): records, the
        analysis's lines, the puzzles' solutions."""
        game = self.copy()
        out = []
        for move in line:
            out.append(game.notation(move))
            game.push(move)
        return out

    def numbered(self, line: Iterable[str]) -> str:
        """The moves of ``line`` (notations, played in turn from this position) written with
        the numbers the game's move list gives them (python-chess's ``Board.variation_san``
        is the model): ``7.`` before a move of Black's, ``7...`` before a first move that is
        White's (:func:`numbered`)."""
        return numbered(line, self.to_move, (self.start.to_move + self.ply) // 2 + 1)

    def legal_notations(self) -> list[str]:
        """The notation of every legal move, in a stable order (by point names)."""
        return sorted((self.notation(m) for m in self.legal_moves()), key=notation_sort_key)

    def parse_move(self, text: str | Move) -> Move:
        """The legal move written ``text`` (short or long form); MoveError saying why not."""
        if isinstance(text, Move):
            return self._checked(text)
        spec = Move.parse(text)
        quoted = text.strip()
        if self.finished:
            raise MoveAfterEndError(
                f"{quoted!r} cannot be played: the game is over ({self.why_over()})", input=text
            )
        board = self.ruleset.board
        for name in spec.path + tuple(c for c in spec.captured if c is not None):
            if name not in board.index:
                raise MoveError(
                    f"{quoted!r}: there is no point {name} on the {board.title} board", input=text
                )
        legal = self.legal_moves()
        matches = [
            m
            for m in legal
            if m.path == spec.path
            and all(s is None or s == c for s, c in zip(spec.captured, m.captured))
            and bool(m.captured) == bool(spec.captured)
        ]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            options = " or ".join(self.notation(m) for m in matches)
            raise MoveError(
                f"{quoted!r} is ambiguous: write the leapt points in brackets ({options})",
                input=text,
            )
        raise MoveError(self._explain(repr(quoted), spec, legal), input=text)

    def _explain(self, quoted: str, spec: Move, legal: list[Move]) -> str:
        board = self.ruleset.board
        side = self._side
        frm = board.index[spec.path[0]]
        me = SIDE_NAMES[side]
        if self._p[1 - side] >> frm & 1:
            return (
                f"{quoted} is not legal: the piece on {spec.path[0]} is "
                f"{SIDE_NAMES[1 - side]}'s, and it is {me}'s turn"
            )
        if not self._p[side] >> frm & 1:
            return f"{quoted} is not legal: there is no piece on {spec.path[0]}"
        captures = [m for m in legal if m.captured]
        if self._compulsory and captures and not spec.captured:
            some = ", ".join(sorted((self.notation(m) for m in captures), key=notation_sort_key))
            return (
                f"{quoted} is not legal: {me} must capture (capture is compulsory in "
                f"ruleset {self.ruleset.name}): {some}"
            )
        if spec.captured:
            n = len(spec.path)
            longer = [
                m
                for m in legal
                if len(m.path) > n
                and m.path[:n] == spec.path
                and all(s is None or s == c for s, c in zip(spec.captured, m.captured))
            ]
            if longer and self._multiple:
                some = ", ".join(sorted((self.notation(m) for m in longer), key=notation_sort_key))
                return f"{quoted} is not legal: the piece must go on leaping while it can ({some})"
        own = [self.notation(m) for m in legal if m.path[0] == spec.path[0]]
        if own:
            return (
                f"{quoted} is not legal here; the legal moves of {spec.path[0]} are "
                + ", ".join(sorted(own, key=notation_sort_key))
            )
        return f"{quoted} is not legal here: the piece on {spec.path[0]} has no legal move"

    # -- counting ---------------------------------------------------------------------

    def perft(self, depth: int) -> int:
        """The number of move sequences of exactly ``depth`` moves from here."""
        if depth < 0:
            raise ValueError("perft depth must be >= 0")
        return _perft(
            self.tables,
            *self.bitboards(),
            depth,
            self._compulsory,
            self._multiple,
        )

    def divide(self, depth: int) -> dict[str, int]:
        """{notation: perft(depth - 1) after that move} for every legal move."""
        out = {}
        for m in self.legal_moves():
            name = self.notation(m)
            self.push(m)
            out[name] = self.perft(depth - 1)
            self.pop()
        return out

    # -- the one game API (engine.game_api) --------------------------------------------
    # Awithlaknannai has no chance: a side acts until the end.

    def current_player(self) -> int:
        """0 (Black) or 1 (White), the side to move; TERMINAL once the game is over."""
        return TERMINAL if self.finished else self._side

    def legal_actions(self) -> list[Move]:
        """:meth:`legal_moves`, in the generator's stable order."""
        return self.legal_moves()

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        """Always empty: no move is left to chance."""
        return []

    def parse_action(self, text: str) -> Move:
        return self.parse_move(text)

    def apply(self, action: Move) -> None:
        """:meth:`push`."""
        self.push(action)

    def undo(self) -> Move:
        """:meth:`pop`."""
        return self.pop()

    def clone(self) -> Game:
        """:meth:`copy`."""
        return self.copy()

    def __str__(self) -> str:
        """The position's notation."""
        return str(self.position)

    def __repr__(self) -> str:
        return f"Game({self.ruleset.name!r}, '{self.position}', stall={self.stall!r})"


def _perft(
    tables: MoveTables,
    own: int,
    enemy: int,
    quiet: int,
    depth: int,
    compulsory: bool,
    multiple: bool,
) -> int:
    if depth == 0:
        return 1
    if not own or not enemy or quiet >= STALL_LIMIT:
        return 0
    count = tables.count
    if depth == 1:
        return count(own, enemy, compulsory, multiple)
    total = 0
    if depth == 2:  # the last level counted here: one call fewer a position
        for m in tables.generate(own, enemy, compulsory, multiple):
            e, o, q = after(m, own, enemy, quiet)
            if e and o and q < STALL_LIMIT:
                total += count(e, o, compulsory, multiple)
        return total
    for m in tables.generate(own, enemy, compulsory, multiple):
        e, o, q = after(m, own, enemy, quiet)
        total += _perft(tables, e, o, q, depth - 1, compulsory, multiple)
    return total


def numbered(moves: Iterable[str], side: int, number: int = 1) -> str:
    """``moves`` (notations) with their numbers, as a record's movetext writes them
    (``spec/awithlaknannai.md``, "Records"): ``side`` makes the first move, in the row
    ``number``; ``n.`` before each move of Black's (side 0), ``n...`` before a first move
    that is White's. The one writer of numbered moves: the records and the lines the
    protocol sends (:meth:`Game.numbered`)."""
    parts: list[str] = []
    for i, move in enumerate(moves):
        black = (side + i) % 2 == 0
        if black:
            parts.append(f"{number}.")
        elif i == 0:
            parts.append(f"{number}...")
        parts.append(move)
        if not black:
            number += 1
    return " ".join(parts)


def notation_sort_key(text: str) -> list[tuple[int, int | str]]:
    """Sort key for move notations: by row letter, then point number, point by point."""
    key: list[int | str] = []
    num = ""
    for ch in text:
        if ch.isdigit():
            num += ch
        else:
            if num:
                key.append(int(num))
                num = ""
            key.append(ch)
    if num:
        key.append(int(num))
    return [(0, k) if isinstance(k, int) else (1, k) for k in key]


def random_playout(game: Game, rng: Any, max_moves: int | None = None) -> Outcome | None:
    """Play uniformly random legal moves on ``game`` until it ends; return the Outcome.

    ``rng`` is anything with ``below(n)`` (engine.rng.Rng) or ``randrange(n)``
    (random.Random). The moves are pushed on ``game`` (``pop`` undoes them); pass
    ``game.copy()`` to keep the original. ``max_moves`` stops early (then None may be
    returned). Each move is ``legal[rng.below(len(legal))]`` with ``legal =
    game.legal_moves()`` (the same rng gives the same game): the moves of the game's own
    generator, made as :meth:`Game.push` makes them (the kernel's apply), in one loop.
    """
    below = getattr(rng, "below", None) or rng.randrange
    generate = game.tables.generate
    compulsory, multiple = game._compulsory, game._multiple
    p, stack, side, quiet, cached = game._p, game._stack, game._side, game._quiet, game._legal
    n = 0
    while max_moves is None or n < max_moves:
        own, enemy = p[side], p[1 - side]
        if not own or not enemy or quiet >= STALL_LIMIT:
            break
        legal = cached[0] if cached is not None else generate(own, enemy, compulsory, multiple)
        if not legal:
            break
        move = legal[below(len(legal))]
        stack.append((p[0], p[1], quiet, move, cached))  # what push() keeps, as push() does
        cached = None
        p[1 - side], p[side], quiet = after(move, own, enemy, quiet)
        side = 1 - side
        n += 1
    game._side, game._quiet, game._legal = side, quiet, cached
    return game.outcome()
