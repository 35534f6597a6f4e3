"""Awithlaknannai puzzles: a position where one move, and only one, wins by force.

    Puzzle.from_dict(data) / puzzle.to_dict()
    classify(game) -> Puzzle | None       (is this position a puzzle? which kind?)
    check(puzzle) -> Puzzle               (PuzzleError naming the puzzle when it is wrong)

Two kinds (``goal``):

``win``
    The side to move can force a win within :data:`WIN_PLIES` plies, by one first move
    only (the exact search of :func:`engine.awithlaknannai.analysis.find_mate`, nothing
    but the rules). ``mate`` is the length of the shortest win, in plies.
``material``
    One move, and only one, wins at least one piece by force: after it, the material
    balance the engine finds when it looks :data:`MATERIAL_DEPTH` plies ahead, following
    every capture to its end and counting pieces only, is at least one piece better for the
    side to move than now; every other move wins less than a piece that way. ``gain`` is
    the pieces won.

Counting pieces only (no positional terms) keeps the claim checkable: "this move wins a
piece against every defence within four moves" is a fact about the rules, not about an
evaluation. The difficulty (``easy``, ``medium``, ``hard``) is the least depth at which
the answer is already unique and winning, one level more when the answer is a quiet move
rather than a capture.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import EngineError

from . import ai
from .analysis import WIN, WIN_BOUND, MateSearch
from .game import Game
from .kernel import after
from .moves import Move

__all__ = ["GOALS", "LEVELS", "Puzzle", "PuzzleError", "classify", "check", "gains"]

GOALS = ("win", "material")
LEVELS = ("easy", "medium", "hard")
WIN_PLIES = 7
MATERIAL_DEPTH = 4
PIECE = ai.PIECE


class PuzzleError(EngineError):
    """A puzzle that is not one: a wrong or a second answer, a bad position."""

    kind = "puzzle"


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``id``, ``ruleset``, ``stall``, ``position``, ``solution`` (the move,
    canonical notation), ``goal`` (one of :data:`GOALS`), ``mate`` (plies, for ``win``),
    ``gain`` (pieces, for ``material``), ``level`` (one of :data:`LEVELS`), ``line`` (the
    solution followed by the engine's best defence and continuation)."""

    id: str
    ruleset: str
    stall: str
    position: str
    solution: str
    goal: str
    level: str
    mate: int | None = None
    gain: int | None = None
    line: tuple[str, ...] = ()

    def numbered_line(self) -> str:
        """``line`` with the numbers of the puzzle's move list (:meth:`Game.numbered`)."""
        return Game(self.ruleset, self.position, self.stall).numbered(self.line)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "id": self.id,
            "ruleset": self.ruleset,
            "stall": self.stall,
            "position": self.position,
            "solution": self.solution,
            "goal": self.goal,
            "level": self.level,
            "line": list(self.line),
        }
        if self.goal == "win":
            out["mate"] = self.mate
        else:
            out["gain"] = self.gain
        return out

    @classmethod
    def from_dict(cls, data: object) -> Puzzle:
        if not isinstance(data, dict):
            raise PuzzleError(f"{data!r} is not a puzzle (an object)", input=data)
        pid = data.get("id", "?")
        for key in ("id", "ruleset", "position", "solution", "goal", "level"):
            if not isinstance(data.get(key), str):
                raise PuzzleError(f"puzzle {pid!r}: {key!r} is missing", input=pid)
        if data["goal"] not in GOALS:
            raise PuzzleError(f"puzzle {pid!r}: goal {data['goal']!r} is not one of {GOALS}")
        if data["level"] not in LEVELS:
            raise PuzzleError(f"puzzle {pid!r}: level {data['level']!r} is not one of {LEVELS}")
        return cls(
            data["id"],
            data["ruleset"],
            data.get("stall", "draw"),
            data["position"],
            data["solution"],
            data["goal"],
            data["level"],
            data.get("mate"),
            data.get("gain"),
            tuple(data.get("line", ())),
        )


def gains(game: Game, depth: int) -> dict[Move, int]:
    """{move: material won (hundredths of a piece) against the best defence} for every
    legal move, looking ``depth`` plies ahead (captures followed to the end, pieces
    only). A forced win counts as far more than any material."""
    searcher = ai.Searcher(game, full_eval=False, node_limit=None, deadline=None, should_stop=None)
    own, enemy, quiet = game.bitboards()
    now = PIECE * (own.bit_count() - enemy.bit_count())
    out = {}
    for m in game.legal_moves():
        e, o, q = after(m, own, enemy, quiet)
        v = -searcher.negamax(e, o, q, depth - 1, -WIN - 1, WIN + 1, 1)
        out[m] = v - now
    return out


def _winning_moves(game: Game, plies: int) -> dict[Move, int]:
    """{move: plies to the win} for every first move that forces a win within ``plies``."""
    search = MateSearch(game, 10**7)
    own, enemy, quiet = game.bitboards()
    out = {}
    for m in game.legal_moves():
        e, o, q = after(m, own, enemy, quiet)
        v = -search.exact(e, o, q, plies - 1, 1)
        if v > WIN_BOUND:
            out[m] = WIN - v
    return out


def _material_unique(game: Game, depth: int) -> tuple[Move, int] | None:
    """(the one move that wins a piece, its gain) at ``depth``, or None."""
    g = gains(game, depth)
    winners = [m for m, v in g.items() if v >= PIECE]
    if len(winners) != 1:
        return None
    best = winners[0]
    if g[best] > WIN_BOUND - WIN // 2:
        return None  # a forced win: that is the other kind
    return best, g[best]


def classify(game: Game, pid: str = "") -> Puzzle | None:
    """The puzzle this position makes, if any (see the module docstring)."""
    if game.finished or len(game.legal_moves()) < 2:
        return None
    rs, stall, pos = game.ruleset.name, game.stall, str(game.position)
    from .analysis import find_mate

    k0, _line = find_mate(game, WIN_PLIES, node_limit=10**7)
    wins = _winning_moves(game, WIN_PLIES) if k0 is not None and k0 > 0 else {}
    if wins:
        if len(wins) != 1:
            return None
        ((move, k),) = wins.items()
        level = "easy" if k <= 1 else "medium" if k <= 3 else "hard"
        if not move.leapt_bits and level != "hard":
            level = LEVELS[LEVELS.index(level) + 1]
        return Puzzle(
            pid,
            rs,
            stall,
            pos,
            game.notation(move),
            "win",
            level,
            mate=k,
            line=tuple(game.line_notations(_line)),
        )
    found = _material_unique(game, MATERIAL_DEPTH)
    if found is None:
        return None
    move, gain = found
    least = next(d for d in range(1, MATERIAL_DEPTH + 1) if _same(game, d, move))
    level = LEVELS[min(2, max(0, least - 2) + (0 if move.leapt_bits else 1))]
    from .analysis import analyse

    line = analyse(game.copy(), MATERIAL_DEPTH, mate_plies=0).line
    if not line or line[0] != move:
        g = game.copy()
        g.push(move)
        rest = [] if g.finished else analyse(g, MATERIAL_DEPTH - 1, mate_plies=0).line
        line = [move, *rest]
    return Puzzle(
        pid,
        rs,
        stall,
        pos,
        game.notation(move),
        "material",
        level,
        gain=gain // PIECE,
        line=tuple(game.line_notations(line[:MATERIAL_DEPTH])),
    )


def _same(game: Game, depth: int, move: Move) -> bool:
    found = _material_unique(game, depth)
    return found is not None and found[0] == move


def check(puzzle: Puzzle) -> Puzzle:
    """Check ``puzzle`` with the engine; PuzzleError naming it (and saying what is wrong)
    when its position is bad, its answer is not the one winning move, there is a second
    answer, or its goal, length, gain or level is not what the engine finds."""
    name = f"puzzle {puzzle.id!r}"
    try:
        game = Game(puzzle.ruleset, puzzle.position, puzzle.stall)
        move = game.parse_move(puzzle.solution)
    except EngineError as err:
        raise PuzzleError(f"{name}: {err}", input=puzzle.id) from None
    found = classify(game, puzzle.id)
    if found is None:
        wins = _winning_moves(game, WIN_PLIES) if not game.finished else {}
        if len(wins) > 1:
            two = ", ".join(sorted(game.notation(m) for m in wins))
            raise PuzzleError(f"{name}: more than one move wins by force ({two})", input=puzzle.id)
        if not wins:
            g = gains(game, MATERIAL_DEPTH)
            winners = sorted(game.notation(m) for m, v in g.items() if v >= PIECE)
            if len(winners) > 1:
                raise PuzzleError(
                    f"{name}: more than one move wins a piece ({', '.join(winners)})",
                    input=puzzle.id,
                )
        raise PuzzleError(
            f"{name}: {puzzle.solution!r} does not win by force here, and no other single "
            "move does",
            input=puzzle.id,
        )
    if found.solution != game.notation(move):
        raise PuzzleError(
            f"{name}: wrong answer {puzzle.solution!r}: the winning move is {found.solution}",
            input=puzzle.id,
        )
    for key in ("goal", "mate", "gain", "level"):
        if getattr(found, key) != getattr(puzzle, key):
            raise PuzzleError(
                f"{name}: {key} is {getattr(puzzle, key)!r}, but the engine finds "
                f"{getattr(found, key)!r}",
                input=puzzle.id,
            )
    return found
