"""The computer opponent for Awithlaknannai: five levels, one function.

    choose_move(game, level="medium", *, seed=0, time_limit=None, node_limit=None,
                should_stop=None) -> Move

returns one of ``game.legal_moves()`` (the very object), so it is never illegal. The game
itself is not changed (the search works on its own copy of the position).

The levels (:data:`LEVELS`):

``random``
    Any legal move, every one equally likely (drawn with :class:`engine.rng.Rng`).
``easy``
    Looks one move ahead and counts pieces only: it takes the move that captures the
    most pieces, otherwise a random move. It does not see the reply, so it walks into
    captures.
``medium``
    Alpha-beta search two moves deep (its move and the reply), then follows every
    forced or possible capture to the end ("quiescence"), counting pieces only. Among
    equally good moves it picks at random. Budget: at most ``node_limit`` positions
    (default 20,000).
``hard``
    Iterative deepening alpha-beta (negamax) search: depth 1, 2, 3, ... until the budget
    is spent, keeping the best move of the deepest finished search (or a better move
    already proved at the unfinished depth). Principal variation search (after the
    first move, a null window proves a move no better; a full search only when it is).
    Move ordering: the previous best move and the transposition table's move first,
    then captures (most pieces first), then two "killer" moves per depth and a history
    score. A transposition table remembers positions already searched. At the leaves
    it follows captures to the end, then scores the position for the side to move:
    pieces (100 each), pieces the opponent could leap next (a threat, -30 each),
    pieces it could leap itself when it may choose not to (+10), mobility (+2 per
    step), and, when the stall rule makes a quiet game a draw, the score shrinks as the
    40-move counter runs out (so the side ahead seeks captures and the side behind
    avoids them); with 12 pieces or fewer on the board, the side ahead is also scored
    by how close its pieces stand to the other side's (-6 per step of distance, at
    most -40, so that it never pays to give a piece away), so it hunts instead of
    waiting for the draw. With equal material the searching side also scores +3 for every
    piece on the board (it avoids even exchanges: the small equal endings are the ones
    that end in the 40-move draw, and a full board leaves the weaker searcher more ways
    to go wrong), and its own score falls by up to 40 as the quiet counter rises (so it
    does not sit still in a quiet position). A draw counts as bad for the searching side
    (-60, worse than any quiet position), so it plays on when it can. A position with a
    single legal move (a forced capture, most often) does not use up search depth, so
    forced sequences are read further. Wins are scored by how soon they come. Budget:
    ``node_limit`` positions (default 40,000) and/or
    ``time_limit`` seconds; with neither given, the default node limit.

``perfect``
    Where the position is in the endgame tables (:mod:`engine.awithlaknannai.endgame`:
    rulesets culin, open, bent and ludii, at most six pieces, tables installed), the
    table's best move: the shortest win, the longest resistance to a loss, or a move that
    keeps the draw (ties broken by the seed). The tables leave the 40-move rule out, so a
    table's win that needs more quiet moves than the counter allows may still end in the
    stall. Elsewhere it plays as ``hard``.

In a position within the tables, ``hard`` also consults them, but only to keep the value:
it searches as above among the moves that keep the win (or the draw, or, when lost, that
lose no sooner than the table's longest resistance), so it never throws a table win away;
it does not always take the shortest one.

Strength is measured, not asserted: ``make bench`` plays ``hard`` against ``random`` and
against ``medium`` (``culin`` from the start, sides alternating, default budgets) and
prints the win rates; the README keeps the latest figures. The three terms above that
concern equal material, the quiet counter and forced moves were added because without
them most games against ``medium`` ended in the 40-quiet-moves draw, in small endings
with equal material.

Determinism: for a given position, level, ``seed`` and ``node_limit`` (and no
``time_limit``), the move is always the same, in CPython and in Pyodide: the search
counts positions, not seconds, and breaks ties with ``Rng(seed)`` (the root moves are
shuffled by the seed before the stable ordering). Under a ``time_limit`` the result
depends on the machine's speed. ``should_stop`` (a callable) is polled every 256
positions; when it returns true the search stops and the best move found so far is
returned (a legal move is always ready, even after no search at all). In the page the
worker is terminated instead (no shared memory without special headers).

The search reads the game's internal bit masks (``engine.awithlaknannai.game``) for
speed: the side to move's pieces and the opponent's, the quiet counter and the move
tables. Awithlaknannai moves have no direction, so a position depends only on "my
pieces, your pieces, the counter": the transposition table uses that key for both
colours.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core import GameOverError, OptionError
from engine.rng import Rng

from .kernel import after, leap_landings
from .rulesets import STALL_LIMIT

if TYPE_CHECKING:
    from .boards import Board
    from .game import Game
    from .moves import Move

__all__ = ["LEVELS", "DEFAULT_NODE_LIMIT", "choose_move", "SearchResult", "search", "searches"]

LEVELS = ("random", "easy", "medium", "hard", "perfect")

BUDGET = {"hard": 3.0}
"""Seconds a level's first search on a page may take (1.5 for the levels not named)."""
FALLBACK_BUDGETS = (1.0, 0.5)
"""Seconds of each smaller search tried after a search far over its time."""
SMALLER = {"perfect": "hard", "hard": "medium", "medium": "easy"}
"""The level a smaller search plays at (a level not named keeps its own)."""

DEFAULT_NODE_LIMIT = {"medium": 20_000, "hard": 40_000}
"""Positions searched at most when neither ``node_limit`` nor ``time_limit`` is given."""

MEDIUM_DEPTH = 2
MAX_DEPTH = 64

PIECE = 100
THREAT = 30
ATTACK = 10
MOBILITY = 2
ENDGAME_PIECES = 12  # at most this many pieces on the board: the side ahead hunts
CHASE = 6
CHASE_CAP = 40
PVS = True  # hard: principal variation search (null windows after the first move)
CONTEMPT = 20  # hard counts a draw as this much worse than equal for itself
QUIET_PUSH = 40  # hard: its own score falls by up to this much as the quiet counter rises
KEEP = 3  # hard, material equal: its score rises by this much per piece on the board
EXTEND_FORCED = True  # hard: a position with a single legal move does not use up depth
WIN = 1_000_000
WIN_BOUND = WIN - 1000  # scores beyond this are wins/losses found by the search

EXACT, LOWER, UPPER = 0, 1, 2


def terminal_score(
    own: int, enemy: int, quiet: int, ply: int, majority: bool, contempt: int = 0
) -> int | None:
    """The score of a finished game for the side to move, ``ply`` plies below the root (a
    win sooner scores more), or None while the game goes on. A side with no piece has lost;
    when the quiet counter runs out, ``majority`` gives the game to the side with more
    pieces, and otherwise it is a draw, worth ``-contempt`` to the root's side."""
    if not own:
        return -WIN + ply
    if not enemy:
        return WIN - ply
    if quiet >= STALL_LIMIT:
        if majority:
            a, b = own.bit_count(), enemy.bit_count()
            if a != b:
                return WIN - ply if a > b else -WIN + ply
        return -contempt if ply % 2 == 0 else contempt
    return None


class Stop(Exception):
    """Raised inside the search when the budget is spent or should_stop() says so."""


class SearchResult:
    """What :func:`search` found: ``move``, ``score`` (for the side to move, in
    hundredths of a piece; wins are near +-1,000,000), ``depth`` (deepest finished
    iteration), ``nodes`` (positions visited), ``stopped`` (True when the budget or
    ``should_stop`` ended the search)."""

    __slots__ = ("move", "score", "depth", "nodes", "stopped")

    def __init__(
        self, move: Move, score: int | None, depth: int, nodes: int, stopped: bool
    ) -> None:
        self.move = move
        self.score = score
        self.depth = depth
        self.nodes = nodes
        self.stopped = stopped

    def __repr__(self) -> str:
        return (
            f"SearchResult(move={self.move!r}, score={self.score}, depth={self.depth}, "
            f"nodes={self.nodes}, stopped={self.stopped})"
        )


_DISTANCES: dict[str, tuple[tuple[int, ...], ...]] = {}


def _distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """All-pairs distances in steps along the board's lines (cached per board)."""
    cached = _DISTANCES.get(board.name)
    if cached is None:
        table = []
        for a in range(board.size):
            row = [board.size] * board.size
            row[a] = 0
            frontier = [a]
            while frontier:
                nxt = []
                for p in frontier:
                    for q in board.neighbours[p]:
                        if row[q] > row[p] + 1:
                            row[q] = row[p] + 1
                            nxt.append(q)
                frontier = nxt
            table.append(tuple(row))
        cached = _DISTANCES[board.name] = tuple(table)
    return cached


class Searcher:
    """Negamax alpha-beta over (own, enemy, quiet) bit masks."""

    def __init__(
        self,
        game: Game,
        *,
        full_eval: bool,
        node_limit: int | None,
        deadline: float | None,
        should_stop: Callable[[], bool] | None,
    ) -> None:
        self.tables = game.tables
        self.compulsory = game.ruleset.compulsory
        self.multiple = game.ruleset.multiple
        self.majority = game.stall == "majority"
        self.full = self.tables.full
        self.leap_classes = self.tables.leap_classes
        self.steps = (
            [(m, s) for m, s, _t in self.tables.steps_left],
            [(m, s) for m, s, _t in self.tables.steps_right],
        )
        self.full_eval = full_eval
        self.dist = _distances(game.ruleset.board)
        self.contempt = (CONTEMPT + QUIET_PUSH) if full_eval else 0
        self.push = QUIET_PUSH if full_eval else 0
        self.keep = KEEP if full_eval else 0
        self.extend = full_eval and EXTEND_FORCED
        self.pvs = full_eval and PVS
        self.node_limit = node_limit
        self.deadline = deadline
        self.should_stop = should_stop
        self.nodes = 0
        # (own, enemy, quiet, ply parity) -> (depth, flag, score, best move)
        self.tt: dict[tuple[int, int, int, int], tuple[int, int, int, Move | None]] = {}
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(2 * MAX_DEPTH + 4)]
        self.history: dict[Move, int] = {}
        self.partial: tuple[Move, int] | None = None

    # -- budget -------------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise Stop
        if not self.nodes & 255:
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                raise Stop
            if self.should_stop is not None and self.should_stop():
                raise Stop

    # -- evaluation -----------------------------------------------------------------------

    def _attacked(self, attacker: int, target: int, empty: int) -> int:
        """Mask of ``target`` pieces that ``attacker`` could leap right now."""
        hit = 0
        for y, s2, _moves in leap_landings(self.leap_classes, attacker, target, empty):
            hit |= y >> s2 if s2 > 0 else y << -s2
        return hit

    def _spread(self, hunters: int, prey: int) -> int:
        """Sum over the ``hunters`` of the distance (in steps) to the nearest ``prey``."""
        dist = self.dist
        prey_points = []
        while prey:
            low = prey & -prey
            prey_points.append(low.bit_length() - 1)
            prey ^= low
        total = 0
        while hunters:
            low = hunters & -hunters
            row = dist[low.bit_length() - 1]
            total += min(row[p] for p in prey_points)
            hunters ^= low
        return total

    def _mobility(self, own: int, empty: int) -> int:
        n = 0
        left, right = self.steps
        for mask, s in left:
            n += (((own & mask) << s) & empty).bit_count()
        for mask, s in right:
            n += (((own & mask) >> s) & empty).bit_count()
        return n

    def evaluate(
        self, own: int, enemy: int, quiet: int, empty: int, steps: int | None, ply: int
    ) -> int:
        """Score for the side to move (``steps``: its step count if known)."""
        n_own = own.bit_count()
        n_enemy = enemy.bit_count()
        score = PIECE * (n_own - n_enemy)
        if not self.full_eval:
            return score
        score -= THREAT * self._attacked(enemy, own, empty).bit_count()
        if steps is None:
            score += ATTACK * self._attacked(own, enemy, empty).bit_count()
            steps = self._mobility(own, empty)
        score += MOBILITY * (steps - self._mobility(enemy, empty))
        if n_own != n_enemy and n_own + n_enemy <= ENDGAME_PIECES:
            # the side ahead closes in on the other side's pieces (to leap or to corner them)
            # (capped well below a piece, so that it never pays to give one away)
            if n_own > n_enemy:
                score -= min(CHASE * self._spread(own, enemy), CHASE_CAP)
            else:
                score += min(CHASE * self._spread(enemy, own), CHASE_CAP)
        if not self.majority:
            # A quiet game ends in a draw: a lead is worth less as the counter runs out.
            score = score * (STALL_LIMIT + 20 - quiet) // (STALL_LIMIT + 20)
            bias = self.push * quiet // STALL_LIMIT
            if n_own == n_enemy:
                bias -= self.keep * (n_own + n_enemy)
            if bias:
                score += -bias if ply % 2 == 0 else bias
        return score

    # -- search -----------------------------------------------------------------------

    def quiesce(self, own: int, enemy: int, quiet: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        t = terminal_score(own, enemy, quiet, ply, self.majority, self.contempt)
        if t is not None:
            return t
        empty = self.full & ~(own | enemy)
        captures = self.tables.single_leaps(own, enemy, empty)
        if not captures:
            # a quiet position: no capture for the side to move
            steps = self._mobility(own, empty)
            if not steps:
                return -WIN + ply
            return self.evaluate(own, enemy, quiet, empty, steps, ply)
        if self.multiple:
            captures = self.tables.chains(own, enemy, captures)
        if self.compulsory:
            best = -WIN - 1  # forced: no standing pat
        else:
            best = self.evaluate(own, enemy, quiet, empty, None, ply)
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
        if len(captures) > 1:
            captures.sort(key=lambda m: -m.leapt_bits.bit_count())
        for m in captures:
            e, o, q = after(m, own, enemy, quiet)
            score = -self.quiesce(e, o, q, -beta, -alpha, ply + 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _order(self, moves: list[Move], tt_move: Move | None, ply: int) -> list[Move]:
        killers = self.killers[ply]
        history = self.history

        def key(m: Move) -> int:
            if m is tt_move:
                return -10_000_000
            if m.leapt_bits:
                return -1_000_000 - m.leapt_bits.bit_count()
            if m is killers[0]:
                return -500_000
            if m is killers[1]:
                return -400_000
            return -history.get(m, 0)

        moves.sort(key=key)
        return moves

    def negamax(
        self, own: int, enemy: int, quiet: int, depth: int, alpha: int, beta: int, ply: int
    ) -> int:
        if depth <= 0:
            return self.quiesce(own, enemy, quiet, alpha, beta, ply)
        self._tick()
        t = terminal_score(own, enemy, quiet, ply, self.majority, self.contempt)
        if t is not None:
            return t
        key = (own, enemy, quiet, ply & 1)
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth:
                # stored relative to the node: re-base wins on this ply
                if e_score > WIN_BOUND:
                    e_score -= ply
                elif e_score < -WIN_BOUND:
                    e_score += ply
                if e_flag == EXACT:
                    return e_score
                if e_flag == LOWER and e_score >= beta:
                    return e_score
                if e_flag == UPPER and e_score <= alpha:
                    return e_score
        moves = self.tables.generate(own, enemy, self.compulsory, self.multiple)
        if not moves:
            return -WIN + ply
        if len(moves) > 1:
            self._order(moves, tt_move, ply)
        alpha0 = alpha
        best = -WIN - 1
        best_move = None
        child = depth - 1
        if self.extend and len(moves) == 1 and ply < MAX_DEPTH:
            child = depth  # a forced move: look one move further
        for i, m in enumerate(moves):
            e, o, q = after(m, own, enemy, quiet)
            if i == 0 or not self.pvs:
                score = -self.negamax(e, o, q, child, -beta, -alpha, ply + 1)
            else:
                # principal variation search: prove the move is no better with a null
                # window, search again with the full window if it is
                score = -self.negamax(e, o, q, child, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self.negamax(e, o, q, child, -beta, -alpha, ply + 1)
            if score > best:
                best = score
                best_move = m
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not m.leapt_bits:
                            k = self.killers[ply]
                            if k[0] is not m:
                                k[1] = k[0]
                                k[0] = m
                            self.history[m] = self.history.get(m, 0) + depth * depth
                        break
        flag = UPPER if best <= alpha0 else (LOWER if best >= beta else EXACT)
        stored = best
        if stored > WIN_BOUND:
            stored += ply
        elif stored < -WIN_BOUND:
            stored -= ply
        self.tt[key] = (depth, flag, stored, best_move)
        return best

    def root(
        self,
        own: int,
        enemy: int,
        quiet: int,
        moves: list[Move],
        depth: int,
        prev_best: Move | None,
    ) -> tuple[Move, int]:
        """Search every root move to ``depth``; returns (best move, score).

        ``moves`` is in tie-break order; the previous best goes first. Raises Stop
        (with ``self.partial`` set to the best fully searched move so far).
        """
        ordered = list(moves)
        ordered.sort(key=lambda m: 0 if m is prev_best else (1 if m.leapt_bits else 2))
        alpha = -WIN - 1
        beta = WIN + 1
        best = None
        self.partial = None
        for m in ordered:
            e, o, q = after(m, own, enemy, quiet)
            score = -self.negamax(e, o, q, depth - 1, -beta, -alpha, 1)
            if best is None or score > alpha:
                alpha = score
                best = m
                self.partial = (m, score)
        assert best is not None  # the root has moves: the search is not called at the end
        return best, alpha


def searches(level: str) -> list[dict[str, Any]]:
    """The searches a page tries for a computer move at ``level``, in order: the level's
    own, then smaller ones, each tried when the one before it is far over its time (a slow
    or busy device), the last being the fallback. Each names its ``level`` and
    ``time_limit`` (the ``awithlaknannai.ai`` arguments) and ``wait``, the seconds the page
    waits for its answer before it stops the search (four times its budget, and 4 more
    for the request itself). The build writes them into the board's settings."""
    _check_level(level)
    out = []
    for i, budget in enumerate((BUDGET.get(level, 1.5), *FALLBACK_BUDGETS)):
        if i:
            level = SMALLER.get(level, level)
        out.append({"level": level, "time_limit": budget, "wait": budget * 4 + 4})
    return out


def _check_level(level: object) -> None:
    if level not in LEVELS:
        raise OptionError(
            f"{level!r} is not a computer level: expected one of " + ", ".join(LEVELS), input=level
        )


def _check_limits(time_limit: object, node_limit: object) -> None:
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not time_limit > 0
    ):
        raise OptionError(
            f"time limit {time_limit!r} must be a positive number of seconds", input=time_limit
        )
    if node_limit is not None and (
        isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1
    ):
        raise OptionError(
            f"node limit {node_limit!r} must be a positive whole number of positions",
            input=node_limit,
        )


def search(
    game: Game,
    level: str = "hard",
    *,
    seed: int = 0,
    time_limit: float | None = None,
    node_limit: int | None = None,
    should_stop: Callable[[], bool] | None = None,
    max_depth: int | None = None,
) -> SearchResult:
    """Run the level's search and report what it found (see :func:`choose_move`).

    ``max_depth`` caps the iterative deepening of ``hard`` (``medium`` always searches
    two moves deep).
    """
    _check_level(level)
    _check_limits(time_limit, node_limit)
    moves = game.legal_moves()
    if not moves:
        out = game.outcome()
        raise GameOverError(
            "the game is over: there is no move to choose"
            + (f" ({out.reason})" if out is not None else "")
        )
    rng = Rng(seed)
    if level == "random":
        return SearchResult(moves[rng.below(len(moves))], None, 0, 0, False)
    rng.shuffle(moves)  # the tie-break order
    if level == "easy":
        most = max(m.leapt_bits.bit_count() for m in moves)
        pick = next(m for m in moves if m.leapt_bits.bit_count() == most)
        return SearchResult(pick, PIECE * most, 1, len(moves), False)

    if level in ("hard", "perfect"):
        kept = _table_moves(game, moves, shortest=(level == "perfect"))
        if kept is not None:
            keep, exact = kept
            if level == "perfect" or len(keep) == 1:
                return SearchResult(keep[0], exact, 0, 0, False)
            moves = keep
        level = "hard"
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    if node_limit is None and time_limit is None:
        node_limit = DEFAULT_NODE_LIMIT[level]
    searcher = Searcher(
        game,
        full_eval=(level == "hard"),
        node_limit=node_limit,
        deadline=deadline,
        should_stop=should_stop,
    )
    own, enemy, quiet = game.bitboards()
    if len(moves) == 1:
        return SearchResult(moves[0], None, 0, 0, False)

    if level == "medium":
        depths: list[int] | range = [MEDIUM_DEPTH]
    else:
        top = MAX_DEPTH if max_depth is None else max(1, min(max_depth, MAX_DEPTH))
        depths = range(1, top + 1)
    best, done = moves[0], 0
    score: int | None = None
    stopped = False
    for depth in depths:
        try:
            best, score = searcher.root(own, enemy, quiet, moves, depth, best)
            done = depth
        except Stop:
            stopped = True
            partial = searcher.partial
            if partial is not None and (score is None or partial[0] is not best):
                # the previous best is searched first, so a different move here has
                # already proved better than it at the deeper depth
                best, score = partial
            break
        if score is not None and abs(score) > WIN_BOUND:
            break  # a forced win or loss is found: deeper search cannot change it
    return SearchResult(best, score, done, searcher.nodes, stopped)


def _table_moves(game: Game, moves: list[Move], *, shortest: bool) -> tuple[list[Move], int] | None:
    """(moves, score) from the endgame tables when they cover the position, else None:
    with ``shortest``, the table's best moves (:func:`endgame.best`); otherwise every
    move that keeps the value (any win for a win, any draw for a draw, the longest
    resistance for a loss). ``moves`` keeps its (seeded) order."""
    from . import endgame

    position = game.position
    if not endgame.covers(position):
        return None
    verdict = endgame.probe(position)
    if shortest or verdict.value == endgame.LOSS:
        keep = [m for m, c in endgame.children(position) if c.flipped() == verdict]
    else:
        keep = [m for m, c in endgame.children(position) if c.flipped().value == verdict.value]
    chosen = [m for m in moves if m in keep]
    if not chosen:
        return None
    if verdict.value == endgame.DRAW:
        score = 0
    else:
        assert verdict.plies is not None
        score = WIN - verdict.plies if verdict.value == endgame.WIN else -(WIN - verdict.plies)
    return chosen, score


def choose_move(
    game: Game,
    level: str = "medium",
    *,
    seed: int | None = 0,
    time_limit: float | None = None,
    node_limit: int | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Move:
    """The computer's move for the side to move in ``game`` at ``level``.

    Returns one of ``game.legal_moves()``. GameOverError when the game is over;
    OptionError for an unknown level or a bad limit. ``seed`` None is the default seed 0.
    See the module docstring for what each level does and for determinism.
    """
    return search(
        game,
        level,
        seed=0 if seed is None else seed,
        time_limit=time_limit,
        node_limit=node_limit,
        should_stop=should_stop,
    ).move
