"""The engine's judgement of an Awithlaknannai position told in words, as phrases the page
says in its language (:class:`engine.view.Phrase`: a key of the word tables' ``page``
section and its values).

    standing(game, analysis) -> Phrase       who is ahead, by how much, or who wins by force
    analysis_said(game, analysis) -> [Phrase]  the evaluation panel's sentence
    hint_said(game, hint) -> [Phrase]          the hint
    review_said(move) -> [Phrase]              what the review says of one move
    bar(game, analysis) -> float               the part of the evaluation bar that is Black's

What is said and when is decided here, once: the page only words the phrases. A phrase
whose entry has ``one`` and ``other`` forms is counted by its value ``n``; a side is named
by two phrases (``name``, "Black", and ``group``, "the Blacks" where a language needs it).

**Even.** Within :data:`EVEN` (half a piece) either way the position is called about even:
the evaluation's threats and mobility move it by a quarter of a piece from one move to the
next (:mod:`engine.awithlaknannai.analysis`), so a smaller lead says nothing.
**The bar** shows Black's advantage clipped at :data:`BAR_END` (four pieces, most of the
small board's material), a forced win filling it.
**A move's loss** is said only from :data:`SAID_LOSS` (a twentieth of a piece) and when
neither position has a forced result (a loss between two mates is no number of pieces).
"""

from __future__ import annotations

from engine.view import Phrase

from .analysis import Analysis, Hint, ReviewedMove, mate_in
from .game import Game
from .session import SIDES

__all__ = [
    "EVEN",
    "BAR_END",
    "SAID_LOSS",
    "standing",
    "analysis_said",
    "hint_said",
    "review_said",
    "bar",
]

EVEN = 50
BAR_END = 400
SAID_LOSS = 5


def side_values(side: int) -> dict[str, int | float | str | Phrase]:
    """The values that name side ``side`` (0 Black, 1 White) in a phrase."""
    key = SIDES[side]["name"]
    return {"name": {"key": f"colourName.{key}"}, "group": {"key": f"colourGroup.{key}"}}


def _pieces(hundredths: int) -> float | int:
    """Hundredths of a piece as the number of pieces said, to a tenth ("1.5", "2")."""
    pieces = round(abs(hundredths) / 100, 1)
    return int(pieces) if pieces == int(pieces) else pieces


def _black(game: Game, found: Analysis) -> int:
    """The analysis's score from Black's side (side 0)."""
    return found.score if game.to_move == 0 else -found.score


def _forced(game: Game, found: Analysis) -> tuple[int, int] | None:
    """``(winner, moves)`` where the analysis ``found`` of ``game`` has a forced win: the
    side that wins and in how many of its moves; else None."""
    if found.mate is None:
        return None
    return (game.to_move if found.mate > 0 else 1 - game.to_move), abs(found.mate)


def standing(game: Game, found: Analysis) -> Phrase:
    """Who is ahead in ``game`` by :func:`engine.awithlaknannai.analysis.analyse`'s
    ``found``: a forced win in ``n`` moves, about even, or ahead by ``n`` pieces."""
    forced = _forced(game, found)
    if forced is not None:
        winner, moves = forced
        return {"key": "analysis.wins", "values": {**side_values(winner), "n": moves}}
    black = _black(game, found)
    if abs(black) < EVEN:
        return {"key": "analysis.even"}
    ahead = 0 if black > 0 else 1
    return {"key": "analysis.ahead", "values": {**side_values(ahead), "n": _pieces(black)}}


def _exact(verdict: dict[str, object]) -> list[Phrase]:
    """The endgame tables' verdict in words, with a warning where their win may meet the
    40-move rule."""
    if verdict["value"] == "draw":
        return [{"key": "analysis.exactDraw"}]
    plies = verdict["plies"]
    winner = verdict["winner"]
    assert isinstance(plies, int) and isinstance(winner, int)
    said: list[Phrase] = [
        {"key": "analysis.exactWin", "values": {**side_values(winner), "n": plies}}
    ]
    if verdict.get("stall"):
        said.append({"key": "analysis.exactStall", "values": {"n": plies}})
    return said


def analysis_said(game: Game, found: Analysis) -> list[Phrase]:
    """The evaluation panel's words: the tables' verdict where they have one, else the
    standing and how far the computer looked."""
    if found.exact:
        return _exact(found.exact)
    return [standing(game, found), {"key": "analysis.depth", "values": {"n": found.depth}}]


def hint_said(game: Game, found: Hint) -> list[Phrase]:
    """The hint's words: the captures the side to move must choose from and the engine's
    choice, or its suggestion; then the tables' verdict where they have one."""
    values = {**side_values(game.to_move), "best": found.best}
    said: list[Phrase]
    if found.kind == "must-capture":
        said = [
            {"key": "analysis.mustCapture", "values": {**values, "moves": ", ".join(found.moves)}}
        ]
    else:
        said = [{"key": "analysis.suggest", "values": values}]
    if found.analysis.exact:
        said += _exact(found.analysis.exact)
    return said


def review_said(move: ReviewedMove) -> list[Phrase]:
    """What the review says of ``move``: its grade, the tables' word on it, and unless it
    was the best, what it lost and the engine's choice."""
    said: list[Phrase] = [{"key": f"review.grades.{move.grade}"}]
    if move.exact is not None:
        said.append({"key": f"review.exact.{move.exact}"})
    if move.grade != "best":
        forced = mate_in(move.before) is not None or mate_in(move.after) is not None
        if move.loss >= SAID_LOSS and not forced:
            pieces = _pieces(move.loss)
            key = "review.lost.part" if pieces < 1 else "review.lost"
            said.append({"key": key, "values": {"n": pieces}})
        said.append({"key": "review.engine", "values": {"move": move.best}})
    return said


def bar(game: Game, found: Analysis) -> float:
    """The part of the evaluation bar that is Black's, from 0 (White wins) to 1 (Black
    wins), a half when even."""
    forced = _forced(game, found)
    if forced is not None:
        return 1.0 if forced[0] == 0 else 0.0
    clipped = max(-BAR_END, min(BAR_END, _black(game, found)))
    return 0.5 + 0.5 * clipped / BAR_END
