"""The Awithlaknannai commands (``awithlaknannai.*``; each one is described in
``spec/protocol.md``): playing, the computer's move, and the analysis (every search bounded
by depth and positions).

The game's modules are imported by the first command that needs them, so a page with a
Zohn Ahl board never loads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import EngineError, GameOverError
from engine.protocol import arguments, replays
from engine.protocol.arguments import Draw, arg, short
from engine.protocol.envelope import (
    MAX_NODE_LIMIT,
    MAX_TIME_LIMIT,
    MAX_TOKEN,
    Args,
    RequestError,
    Result,
)

if TYPE_CHECKING:
    from engine.awithlaknannai.game import Game
    from engine.awithlaknannai.moves import Move
    from engine.awithlaknannai.session import AwithlaknannaiSession
    from engine.view import AwithlaknannaiView

ANALYSE_MAX_DEPTH = 8
ANALYSE_MAX_NODES = 200_000
REVIEW_MAX_DEPTH = 4
REVIEW_MAX_NODES = 20_000


def session_of(record: str, first: int = 0) -> AwithlaknannaiSession:
    """The session of the record text ``record`` (the protocol's cache keeps the last one)."""
    from engine.awithlaknannai.session import AwithlaknannaiSession

    return replays.session_of(AwithlaknannaiSession, record, first)


def _session(args: Args, first: int = 0) -> AwithlaknannaiSession:
    return session_of(arguments.record_text(args), first)


def _view(
    session: AwithlaknannaiSession, draw: Draw | None, since: int | None
) -> AwithlaknannaiView:
    """The view of ``session``, whose game the protocol's cache then keeps."""
    if draw is None:
        return replays.keep(session, session.view(None, False, since))
    return replays.keep(session, session.view(draw.lang, draw.flip, since))


def new(args: Args) -> AwithlaknannaiView:
    from engine.awithlaknannai.game import Game
    from engine.awithlaknannai.position import Position
    from engine.awithlaknannai.rulesets import check_stall, get_ruleset
    from engine.awithlaknannai.session import AwithlaknannaiSession

    ruleset = get_ruleset(arg(args, "ruleset", str, "culin"))
    stall = check_stall(arg(args, "stall", str, "draw"))
    position_text: str | None = arg(args, "position", str, None)
    start = Position.parse(position_text, ruleset) if position_text else None
    session = AwithlaknannaiSession(Game(ruleset.name, start, stall))
    number = 0
    for token in arg(args, "moves", str, "").split():
        if token.rstrip(".").isdigit():
            continue
        number += 1
        try:
            session.play(token)
        except EngineError as err:
            raise err.located(f"move {number}") from None
    return _view(session, arguments.draw(args), arguments.since(args))


def load(args: Args) -> AwithlaknannaiView:
    since = arguments.since(args)
    return _view(_session(args, since or 0), arguments.draw(args), since)


def play(args: Args) -> AwithlaknannaiView:
    """One move: ``action``, the index of one of the view's legal moves (the page's way:
    that move is made as it is, no text read), or ``move``, its notation (typed by a
    person: the build's answer blocks and puzzles, the tests), read and checked in the
    position."""
    since = arguments.since(args)
    has_action = args.get("action") is not None
    if has_action == (args.get("move") is not None):
        given = short(args["action"]) if has_action else None
        raise RequestError(
            "give 'action' (a legal move's index in the view) or 'move' (its notation)"
            + (", not both" if has_action else ""),
            input=given,
            where="action",
        )
    action = arguments.action(args)
    text: str | None = None if has_action else arg(args, "move", str, max_len=MAX_TOKEN)
    session = _session(args, since or 0)
    if action is not None:
        played = session.play_action(action)
    else:
        assert text is not None
        played = session.play(text.strip())
    view = _view(session, arguments.draw(args), since)
    view["move"] = played
    return view


def undo(args: Args) -> AwithlaknannaiView:
    since = arguments.since(args)
    session = _session(args, max((since or 0) - 1, 0))
    session.undo(arguments.side(args, "to_turn_of"))
    return _view(session, arguments.draw(args), since)


def computer(args: Args) -> Result:
    from engine.awithlaknannai import ai

    since = arguments.since(args)
    session = _session(args, since or 0)
    level: str = arg(args, "level", str, "medium")
    if level not in ai.LEVELS:
        raise RequestError(
            f"level {level!r} is not one of: {', '.join(ai.LEVELS)}", input=level, where="level"
        )
    seed = arguments.seed(args, 0)
    time_limit: float | None = arg(args, "time_limit", (int, float), None, lo=0, hi=MAX_TIME_LIMIT)
    if time_limit is not None and time_limit <= 0:
        raise RequestError(
            f"argument 'time_limit' is {time_limit!r}; expected more than 0 seconds",
            input=repr(time_limit),
            where="time_limit",
        )
    node_limit: int | None = arg(args, "node_limit", int, None, lo=1, hi=MAX_NODE_LIMIT)
    draw = arguments.draw(args)
    if session.game.finished:
        raise GameOverError("the game is over: the computer has no move to make")
    move = ai.choose_move(
        session.game.copy(), level, seed=seed, time_limit=time_limit, node_limit=node_limit
    )
    played = session.play(move)  # never trust a move, even the engine's own: play() checks it
    return {"move": played, "view": _view(session, draw, since)}


def _analysable(args: Args) -> Game:
    game = _session(args).game
    if game.finished:
        raise GameOverError("the game is over: there is no move to analyse")
    return game


def analyse(args: Args) -> Result:
    from engine.awithlaknannai import analysis, judgement

    game = _analysable(args)
    depth = arguments.bounded(args, "depth", 1, ANALYSE_MAX_DEPTH, 4)
    nodes = arguments.bounded(args, "node_limit", 1, ANALYSE_MAX_NODES, 20_000)
    plies = arguments.bounded(args, "mate_plies", 0, analysis.MATE_PLIES, 5)
    found = analysis.analyse(game, depth, node_limit=nodes, mate_plies=plies)
    out = found.to_dict()
    out["depth"] = found.depth
    out["to_move"] = game.to_move
    out["black"] = found.score if game.to_move == 0 else -found.score
    out["exact"] = found.exact  # the endgame tables' verdict, or None
    out["action"] = _action_of(game, found.best)
    out["numbered_line"] = game.numbered(found.notation)
    out["standing"] = judgement.standing(game, found)
    out["said"] = judgement.analysis_said(game, found)
    out["bar"] = judgement.bar(game, found)
    return out


def _action_of(game: Game, move: Move) -> int:
    """The action of ``move``, a legal move of ``game`` (its index in the view's ``legal``):
    the page names the engine's best move by it."""
    from engine.awithlaknannai.session import legal_in_order

    return next(i for i, (_, legal) in enumerate(legal_in_order(game)) if legal == move)


def hint(args: Args) -> Result:
    from engine.awithlaknannai import analysis, judgement

    game = _analysable(args)
    found = analysis.hint(game)
    out = found.to_dict()
    out["action"] = _action_of(game, found.analysis.best)
    out["numbered_line"] = game.numbered(out["line"])
    out["said"] = judgement.hint_said(game, found)
    return out


def review(args: Args) -> Result:
    from engine.awithlaknannai import analysis, judgement

    game = _session(args).game
    depth = arguments.bounded(args, "depth", 2, REVIEW_MAX_DEPTH, 3)
    nodes = arguments.bounded(args, "node_limit", 1, REVIEW_MAX_NODES, 3_000)
    draw = arguments.draw(args)
    reviewed = analysis.review(game, depth, node_limit=nodes)
    result = reviewed.to_dict()
    for move, out in zip(reviewed.moves, result["moves"], strict=True):
        out["said"] = judgement.review_said(move)
    if draw is not None:
        from engine.awithlaknannai.graph import review_graph_svg

        result["svg"] = review_graph_svg(result, draw.lang)
    return result
