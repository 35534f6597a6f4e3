"""The engine's judgement of an Awithlaknannai position, a hint, and the review of a game.

    analyse(game, depth=6, node_limit=200_000) -> Analysis
    hint(game) -> Hint
    review(game, depth=3, node_limit=4_000) -> Review

**Scores** are from the side to move's point of view, in hundredths of a piece (a piece
is 100). A proved forced win in ``k`` moves (plies, both sides counted) scores
``1_000_000 - k``, a proved forced loss ``-(1_000_000 - k)``.

**The evaluation** is the ``hard`` computer's (:mod:`engine.awithlaknannai.ai`: pieces,
threats, mobility, the hunt in small endings, the quiet counter running out) with its
*player's* terms switched off: no contempt for draws, no push against quiet moves, no
bonus for keeping pieces. Those make the computer play on; a judge must give the same
value to a position whichever side looks at it, so that "Black is ahead by half a piece"
means the same thing on both sides of a move.

**Mates.** Before the heuristic search, a separate exact search (:func:`find_mate`) looks
:data:`MATE_PLIES` plies ahead with nothing but the rules: every position there is a
win, a loss or "not known yet", so the value it returns is exact, and the shortest forced
win (the winner's fastest, against the loser's longest defence) is found whenever one
exists within that horizon. The deeper heuristic search may prove longer wins too: a
score beyond :data:`engine.awithlaknannai.ai.WIN_BOUND` is a win found in the search tree
(every reply of the loser was followed to the end), so it is reported as a mate, though
not necessarily the shortest one.

**Endgame tables.** Where the position is in the endgame tables
(:mod:`engine.awithlaknannai.endgame`: at most six pieces, rulesets culin, open, bent and
ludii, tables installed) and their verdict holds under the game's own rules (the win comes
before the 40-move rule can end the game; a draw under ``stall="draw"``), the analysis,
the hint and the review use it instead of the search: the score is exact (a win in ``k``
plies scores like a proved mate, a draw 0), the line is the table's, and each result
carries ``exact``, the verdict (:func:`engine.awithlaknannai.endgame.judge`). Where the
tables' win may run into the 40-move rule, the search decides as before and ``exact``
still reports the table's verdict with ``"stall": true``, so the page can say so.

**The review** grades each move by what it lost against the engine's best move at the
same depth (:data:`GRADES`): the best score of the position before the move (searched
``depth`` plies) minus the score of the move played (the position after it, searched
``depth - 1`` plies, from the mover's side). The thresholds, in hundredths of a piece:
``best`` (the engine's own choice, or as good), ``good`` (lost less than
:data:`GOOD`), ``inaccuracy`` (less than :data:`INACCURACY`), ``mistake`` (less than
:data:`MISTAKE`), ``blunder`` (more, or a forced win thrown away, or a forced loss walked
into). A quarter of a piece is within the evaluation's own noise (threats and mobility
move it that much); a whole piece is a piece; two and a half are lost game material on
the small board. These are the engine's reconstruction, at a depth a browser can afford:
a teaching aid, not a verdict on how the game was played at Zuni, where the rules
themselves are a reconstruction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import GameOverError, OptionError

from . import ai, endgame
from .game import Game
from .kernel import after
from .moves import Move
from .rulesets import STALL_LIMIT

__all__ = [
    "MATE_PLIES",
    "GRADES",
    "Analysis",
    "Hint",
    "ReviewedMove",
    "Review",
    "analyse",
    "find_mate",
    "hint",
    "review",
    "mate_in",
]

WIN = ai.WIN
WIN_BOUND = ai.WIN_BOUND
MATE_PLIES = 7
"""The exact mate search looks this many plies ahead: a forced win or loss of the side to
move within it is always found, and its length is exact."""

MAX_DEPTH = 12
DEFAULT_DEPTH = 6
DEFAULT_NODES = 200_000
MAX_NODES = 2_000_000
MATE_NODES = 400_000  # the exact mate search's own budget (far above what it needs here)

GOOD = 25
INACCURACY = 100
MISTAKE = 250
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")


def mate_in(score: int | None) -> int | None:
    """The number of plies to the end of a proved forced win (> 0) or loss (< 0), else None."""
    if score is None:
        return None
    if score > WIN_BOUND:
        return WIN - score
    if score < -WIN_BOUND:
        return -(WIN + score)
    return None


# --------------------------------------------------------------------------- exact mates


class MateSearch:
    """Negamax over (own, enemy, quiet) with nothing but the rules: a finished game scores
    a win or a loss by its distance, a draw and the horizon score 0 ("not known")."""

    def __init__(self, game: Game, node_limit: int) -> None:
        self.tables = game.tables
        self.compulsory = game.ruleset.compulsory
        self.multiple = game.ruleset.multiple
        self.majority = game.stall == "majority"
        self.full = self.tables.full
        self.steps = self.tables.steps_left, self.tables.steps_right
        self.tt: dict[tuple[int, int, int, int], tuple[int, int]] = {}  # -> (flag, score)
        self.nodes = 0
        self.node_limit = node_limit

    def _reach(self, side: int, empty: int) -> int:
        """The empty points a piece of ``side`` could step to."""
        hit = 0
        left, right = self.steps
        for mask, s, _t in left:
            hit |= ((side & mask) << s) & empty
        for mask, s, _t in right:
            hit |= ((side & mask) >> s) & empty
        return hit

    def moves(self, own: int, enemy: int) -> list[Move]:
        return self.tables.generate(own, enemy, self.compulsory, self.multiple)

    def value(
        self, own: int, enemy: int, quiet: int, depth: int, alpha: int, beta: int, ply: int
    ) -> int:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise ai.Stop
        t = ai.terminal_score(own, enemy, quiet, ply, self.majority)
        if t is not None:
            return t
        moves = self.moves(own, enemy)
        if not moves:
            return -WIN + ply
        if depth == 0:
            return 0
        # mate-distance bounds: nothing here can beat a win on the next move
        alpha = max(alpha, -WIN + ply)
        beta = min(beta, WIN - ply - 1)
        if alpha >= beta:
            return alpha
        key = (own, enemy, quiet, depth)
        entry = self.tt.get(key)
        if entry is not None:
            flag, stored = entry
            v = (
                stored - ply
                if stored > WIN_BOUND
                else stored + ply
                if stored < -WIN_BOUND
                else stored
            )
            if flag == 0 or (flag == 1 and v >= beta) or (flag == 2 and v <= alpha):
                return v
        if depth == 1 and quiet + 1 < STALL_LIMIT:
            # one move left: only a move that ends the game counts. A step fills one empty
            # point, so while the opponent can step to two, a step cannot stop it moving.
            empty = self.full & ~(own | enemy)
            if self._reach(enemy, empty).bit_count() >= 2:
                moves = [m for m in moves if m.leapt_bits]
                if not moves:
                    return 0
        elif len(moves) > 1:
            moves.sort(key=lambda m: -m.leapt_bits.bit_count())
        alpha0 = alpha
        best = -WIN - 1
        for m in moves:
            e, o, q = after(m, own, enemy, quiet)
            v = -self.value(e, o, q, depth - 1, -beta, -alpha, ply + 1)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = 2 if best <= alpha0 else 1 if best >= beta else 0
        stored = best + ply if best > WIN_BOUND else best - ply if best < -WIN_BOUND else best
        self.tt[key] = (flag, stored)
        return best

    def exact(self, own: int, enemy: int, quiet: int, depth: int, ply: int = 0) -> int:
        return self.value(own, enemy, quiet, depth, -WIN - 1, WIN + 1, ply)


def find_mate(
    game: Game, plies: int = MATE_PLIES, *, node_limit: int = MATE_NODES
) -> tuple[int | None, list[Move]]:
    """The shortest forced win of the side to move within ``plies`` plies (or the longest
    forced loss within them), as ``(mate, line)``: ``mate`` as in
    :func:`mate_in`, ``line`` the moves (the winner's fastest, the loser's longest
    defence). ``(None, [])`` when the game is not decided within the horizon, or when the
    search ran out of its budget."""
    own, enemy, quiet = game.bitboards()
    search = MateSearch(game, node_limit)
    try:
        value = search.exact(own, enemy, quiet, plies)
        k = mate_in(value)
        if k is None:
            return None, []
        line: list[Move] = []
        depth = plies
        ply = 0
        while True:
            t = ai.terminal_score(own, enemy, quiet, ply, search.majority)
            moves = search.moves(own, enemy) if t is None else []
            if not moves or depth == 0:
                break
            target = value if ply % 2 == 0 else -value
            chosen = None
            for m in sorted(moves, key=lambda m: -m.leapt_bits.bit_count()):
                e, o, q = after(m, own, enemy, quiet)
                v = -search.exact(e, o, q, depth - 1, ply + 1)
                if v == target:
                    chosen = m
                    own, enemy, quiet = e, o, q
                    break
            if chosen is None:
                break
            line.append(chosen)
            depth -= 1
            ply += 1
    except ai.Stop:
        return None, []
    return k, line


# --------------------------------------------------------------------------- heuristic search


def _judge(game: Game, node_limit: int) -> ai.Searcher:
    """The ``hard`` search with the player's terms off (see the module docstring)."""
    s = ai.Searcher(game, full_eval=True, node_limit=node_limit, deadline=None, should_stop=None)
    s.contempt = 0
    s.push = 0
    s.keep = 0
    return s


def _deepen(searcher: ai.Searcher, game: Game, depth: int) -> tuple[Move | None, int | None, int]:
    """Iterative deepening to ``depth``: (best move, score, depth reached) of the deepest
    finished iteration (None, None, 0 when not even depth 1 finished)."""
    own, enemy, quiet = game.bitboards()
    moves = game.legal_moves()
    best: Move | None = None
    score: int | None = None
    done = 0
    for d in range(1, depth + 1):
        try:
            b, s = searcher.root(own, enemy, quiet, moves, d, best)
        except ai.Stop:
            break
        best, score, done = b, s, d
        if abs(s) > WIN_BOUND:
            break
    return best, score, done


def _principal_line(searcher: ai.Searcher, game: Game, first: Move, limit: int) -> list[Move]:
    """The best line the search remembers: ``first``, then the transposition table's best
    move in each following position (while it is legal there)."""
    g = game.copy()
    line = [first]
    g.push(first)
    ply = 1
    while len(line) < limit and not g.finished:
        entry = searcher.tt.get((*g.bitboards(), ply & 1))
        if entry is None or entry[3] is None:
            break
        known = entry[3]
        legal = g.legal_moves()
        if known not in legal:
            break
        m = legal[legal.index(known)]
        line.append(m)
        g.push(m)
        ply += 1
    return line


@dataclass
class Analysis:
    """What :func:`analyse` found: ``best`` (a Move), ``score`` (side to move's view),
    ``line`` (Moves, starting with ``best``), ``mate`` (see :func:`mate_in`),
    ``depth`` (deepest finished iteration), ``nodes``, and ``notation`` (the same moves
    written as text)."""

    best: Move
    score: int
    line: list[Move]
    mate: int | None
    depth: int
    nodes: int
    notation: list[str] = field(default_factory=list)
    exact: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The command line's ``{"best", "score", "line", "mate"}``."""
        return {
            "best": self.notation[0],
            "score": self.score,
            "line": list(self.notation),
            "mate": self.mate,
        }


def _check(depth: object, node_limit: object) -> None:
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
        raise OptionError(
            f"depth {depth!r} is not a whole number from 1 to {MAX_DEPTH}", input=depth
        )
    if (
        isinstance(node_limit, bool)
        or not isinstance(node_limit, int)
        or not 1 <= node_limit <= MAX_NODES
    ):
        raise OptionError(
            f"node limit {node_limit!r} is not a whole number from 1 to {MAX_NODES}",
            input=node_limit,
        )


def _over(game: Game) -> GameOverError:
    return GameOverError(
        f"the game is over in '{game.position}' ({game.why_over()}): there is nothing to analyse",
        input=str(game.position),
    )


def analyse(
    game: Game,
    depth: int = DEFAULT_DEPTH,
    *,
    node_limit: int = DEFAULT_NODES,
    mate_plies: int = MATE_PLIES,
) -> Analysis:
    """The engine's best move, line and score for the side to move (see the module
    docstring). ``depth`` (1..12) bounds the heuristic search, ``node_limit`` the
    positions it visits; the exact mate search comes first, within ``mate_plies``.
    GameOverError for a finished game, OptionError for a bad depth or limit. The game
    itself is not changed."""
    _check(depth, node_limit)
    if game.finished:
        raise _over(game)
    judged = endgame.judge(game)
    if judged is not None and not judged["stall"]:
        verdict = endgame.Verdict(judged["value"], judged["plies"])
        line = endgame.line(game, TABLE_LINE)
        score = endgame.score(verdict, WIN)
        mate = mate_in(score)
        return Analysis(line[0], score, line, mate, len(line), 0, game.line_notations(line), judged)
    found = _search_analysis(game, depth, node_limit, mate_plies)
    found.exact = judged
    return found


TABLE_LINE = 16
"""The most plies of a table's line shown (the line goes on to the end in the tables)."""


def _search_analysis(game: Game, depth: int, node_limit: int, mate_plies: int) -> Analysis:
    nodes = 0
    if mate_plies > 0:
        mate, line = find_mate(game, mate_plies)
        if mate is not None and line:
            proved = WIN - mate if mate > 0 else -WIN - mate
            return Analysis(line[0], proved, line, mate, len(line), 0, game.line_notations(line))
    searcher = _judge(game, node_limit)
    best, score, done = _deepen(searcher, game, depth)
    nodes += searcher.nodes
    if best is None or score is None:  # (both or neither)
        # not even one ply within the budget: the first move, scored by the evaluation
        best = game.legal_moves()[0]
        own, enemy, quiet = game.bitboards()
        empty = searcher.full & ~(own | enemy)
        score = searcher.evaluate(own, enemy, quiet, empty, None, 0)
    line = _principal_line(searcher, game, best, max(done, 1) + 4)
    mate = mate_in(score)
    if mate is not None and mate > 0 and mate <= mate_plies:
        mate = None  # not confirmed by the exact search (cannot happen; never claim it)
    return Analysis(best, score, line, mate, done, nodes, game.line_notations(line))


# --------------------------------------------------------------------------- hint


@dataclass
class Hint:
    """A hint for the side to move: ``kind`` is ``"must-capture"`` (capture is
    compulsory and possible: ``moves`` are the captures, ``best`` the engine's choice
    among them) or ``"best"`` (``best`` alone)."""

    kind: str
    best: str
    moves: list[str]
    analysis: Analysis

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "best": self.best,
            "moves": list(self.moves),
            "score": self.analysis.score,
            "mate": self.analysis.mate,
            "line": list(self.analysis.notation),
            "exact": self.analysis.exact,
        }


def hint(game: Game, depth: int = 4, *, node_limit: int = 30_000, mate_plies: int = 5) -> Hint:
    """The compulsory captures when there are any, and the engine's best move (a
    shallower search than :func:`analyse`'s default: a hint must come quickly)."""
    a = analyse(game, depth, node_limit=node_limit, mate_plies=mate_plies)
    legal = game.legal_moves()
    if game.ruleset.compulsory and legal and all(m.leapt_bits for m in legal):
        return Hint("must-capture", a.notation[0], game.legal_notations(), a)
    return Hint("best", a.notation[0], [a.notation[0]], a)


# --------------------------------------------------------------------------- review


@dataclass
class ReviewedMove:
    """One move of a reviewed game: ``ply`` (1 = the first move), ``side`` (0 Black,
    1 White), ``move`` (as played), ``best`` (the engine's move there), ``before`` (the
    best score there, for the mover), ``after`` (the score of the move played, for the
    mover), ``loss`` (``before - after``, never below 0), ``grade`` (one of
    :data:`GRADES`), ``line`` (the engine's best line from the position before the move),
    ``black`` (the evaluation after the move from Black's side, for the graph),
    ``position`` (the position before the move, where ``line`` starts), ``numbered_line``
    (``line`` with the numbers of the game's move list, :meth:`Game.numbered`)."""

    ply: int
    side: int
    move: str
    best: str
    before: int
    after: int
    loss: int
    grade: str
    line: list[str]
    black: int
    position: str = ""
    exact: str | None = None
    numbered_line: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "position": self.position,
            "side": self.side,
            "move": self.move,
            "best": self.best,
            "before": self.before,
            "after": self.after,
            "loss": self.loss,
            "grade": self.grade,
            "line": list(self.line),
            "numbered_line": self.numbered_line,
            "black": self.black,
            "mate_before": mate_in(self.before),
            "mate_after": mate_in(self.after),
            "exact": self.exact,
        }


@dataclass
class Review:
    """The review of a game: ``moves`` (ReviewedMove, in order), ``start`` (the
    evaluation of the start position from Black's side), ``depth``, ``counts`` (how many
    moves of each grade, per side: ``{"0": {...}, "1": {...}}``)."""

    moves: list[ReviewedMove]
    start: int
    depth: int

    def counts(self) -> dict[str, dict[str, int]]:
        out = {str(s): {g: 0 for g in GRADES} for s in (0, 1)}
        for m in self.moves:
            out[str(m.side)][m.grade] += 1
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "depth": self.depth,
            "start": self.start,
            "moves": [m.to_dict() for m in self.moves],
            "counts": self.counts(),
            "thresholds": {"good": GOOD, "inaccuracy": INACCURACY, "mistake": MISTAKE},
        }


def grade(before: int, after: int, played_is_best: bool) -> tuple[int, str]:
    """(loss, grade) of a move: ``before`` the best score, ``after`` the played move's
    score, both for the mover (see the module docstring for the thresholds)."""
    loss = max(0, before - after)
    if played_is_best or loss == 0:
        return 0, "best"
    won_before = before > WIN_BOUND
    lost_after = after < -WIN_BOUND
    if won_before and after > WIN_BOUND:
        return loss, "good"  # still a forced win, only a slower one
    if (won_before and not after > WIN_BOUND) or (lost_after and not before < -WIN_BOUND):
        return loss, "blunder"
    if before < -WIN_BOUND:
        return loss, "good"  # lost anyway: a quicker loss is no new mistake
    if loss < GOOD:
        return loss, "good"
    if loss < INACCURACY:
        return loss, "inaccuracy"
    if loss < MISTAKE:
        return loss, "mistake"
    return loss, "blunder"


def _position_score(
    searcher: ai.Searcher, game: Game, depth: int, node_limit: int
) -> tuple[int, Move | None, list[Move]]:
    """(score for the side to move, best move, line) at ``depth`` (a finished game: its
    result, no move)."""
    out = game.outcome()
    if out is not None:
        if out.winner is None:
            return 0, None, []
        return (WIN if out.winner == game.to_move else -WIN), None, []
    verdict = endgame.exact(game)
    if verdict is not None:
        line = endgame.line(game, depth + 2)
        return endgame.score(verdict, WIN), line[0], line
    searcher.nodes = 0
    searcher.node_limit = node_limit
    best, score, done = _deepen(searcher, game, depth)
    if best is None or score is None:  # (both or neither)
        best = game.legal_moves()[0]
        own, enemy, quiet = game.bitboards()
        empty = searcher.full & ~(own | enemy)
        score = searcher.evaluate(own, enemy, quiet, empty, None, 0)
    return score, best, _principal_line(searcher, game, best, max(done, 1) + 2)


def review(game: Game, depth: int = 3, *, node_limit: int = 4_000) -> Review:
    """Grade every move of ``game`` (its history from its start; see the module
    docstring). ``depth`` (2..8) and ``node_limit`` (per search) bound the work."""
    if isinstance(depth, bool) or not isinstance(depth, int) or not 2 <= depth <= 8:
        raise OptionError(f"review depth {depth!r} is not a whole number from 2 to 8", input=depth)
    _check(depth, node_limit)
    replay = Game(game.ruleset, game.start, game.stall)
    searcher = _judge(replay, node_limit)
    moves_out = []
    before, best, line = _position_score(searcher, replay, depth, node_limit)
    start = before if replay.to_move == 0 else -before
    for ply, move in enumerate(game.history, 1):
        side = replay.to_move
        exact_before = endgame.exact(replay)
        before_position = str(replay.position)
        written = replay.notation(move)
        best_text = replay.notation(best) if best is not None else written
        line_text = replay.line_notations(line)
        numbered_line = replay.numbered(line_text)
        replay.push(move)
        # the move played, searched one ply less from the position after it
        child, _b, _l = _position_score(searcher, replay, depth - 1, node_limit)
        after = -child
        if after > WIN_BOUND:
            after -= 1
        elif after < -WIN_BOUND:
            after += 1
        if best is not None and best == move:
            after = before  # the engine's own choice scores what the position does
        loss, g = grade(before, after, best is not None and best == move)
        note = _exact_note(exact_before, replay) if exact_before is not None else None
        nxt, nbest, nline = _position_score(searcher, replay, depth, node_limit)
        black_view = nxt if replay.to_move == 0 else -nxt
        moves_out.append(
            ReviewedMove(
                ply,
                side,
                written,
                best_text,
                before,
                after,
                loss,
                g,
                line_text,
                black_view,
                before_position,
                note,
                numbered_line,
            )
        )
        before, best, line = nxt, nbest, nline
    return Review(moves_out, start, depth)


EXACT_NOTES = ("keeps", "slower-win", "throws-win", "throws-draw", "faster-loss")
"""What a move did to the tables' exact value (the review's ``exact``): kept it at its
best, won more slowly, threw the win away, threw the draw away (into a loss), or lost
sooner than the longest resistance."""


def _exact_note(before: endgame.Verdict, after_game: Game) -> str | None:
    """How the move just played (``after_game`` is the position after it) compares with
    the tables' verdict ``before`` (for the mover); None when the position after the move
    is not settled by the tables."""
    out = after_game.outcome()
    if out is not None:
        after = endgame.Verdict(endgame.DRAW, None)
        if out.winner is not None:
            after = endgame.Verdict(
                endgame.LOSS if out.winner == after_game.to_move else endgame.WIN, 1
            )
    else:
        child = endgame.exact(after_game)
        if child is None:
            return None
        after = child.flipped()
    if after == before:
        return "keeps"
    if before.value == endgame.WIN:
        return "slower-win" if after.value == endgame.WIN else "throws-win"
    if before.value == endgame.DRAW:
        return "throws-draw" if after.value == endgame.LOSS else "keeps"
    return "faster-loss"
