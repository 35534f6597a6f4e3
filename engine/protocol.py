"""The JSON interface between the page and the engine: the one function the Web Worker calls.

``handle(request_json) -> reply_json``. The page's worker (``docs/assets/js/engine-worker.mjs``)
passes every request as a JSON string and gets a JSON string back; nothing the page sends
is ever evaluated as code, and nothing the engine raises escapes as a crash.

The protocol is **stateless**: a game is its record text (see the two ``Record`` classes),
every request that concerns a game carries the record, and every reply carries the whole
view of the game, so the page can rebuild anything (after a reload, a link, a restarted
worker) from the record alone. The site build calls :func:`dispatch` with the same
commands, so a board's first view on the page is exactly what the build checked.

Request and reply
-----------------

Request: ``{"id": any, "cmd": "name", "args": {...}}`` (``args`` may be omitted).

Reply:  ``{"id": same, "ok": true, "result": {...}}``, or
``{"id": same, "ok": false, "error": {"type", "kind", "message", "input", "where"}}``
where ``kind`` is ``ruleset | option | throw | move | position | record | game-over``
for bad input (the message quotes it and says what is wrong), ``request`` for a malformed
request (unknown command, missing or mistyped argument, not JSON) and ``internal`` for a
bug in the engine (the message names the exception; please report it).

Commands
--------

``ping`` ``{}`` -> ``{"engine": "0.1.0", "python": "3.14.2", "platform": "emscripten"}``

``load`` ``{record}`` -> the game's view, whichever game the record's ``[Game]`` header names.

Zohn Ahl (a game of pure chance: the only decision is to throw)

``zohn-ahl.new`` ``{options?: {ruleset, counters, gully}, seed?: int, bias?: "1/3",
    throws?: "1111 0000"}`` -> view. ``seed`` (0 .. 2**63-1) makes the random throws
    reproducible; ``bias`` is the chance that a stick falls marked side up (default 1/2);
    ``throws`` starts from the position after those throws.

``zohn-ahl.load`` ``{record}`` -> view.

``zohn-ahl.throw`` ``{record, throw?: "0101"}`` -> view plus ``{"throw", "value", "side",
    "events", "from_space", "physical_from", "path", "physical_path"}`` for the throw just
    made (``events`` = the last entry of ``events_by_throw``). Without ``throw`` the sticks
    fall at random: from the record's seed and the throw's index when the record has a
    seed (the same game in CPython and in Pyodide), else from a fresh seed written into
    the record (store the returned ``record``). ``path`` is the list of the mover's own spaces the awl passes through
    (for space-by-space animation), ``physical_path`` the same as side 0's numbering
    (the ``data-space`` of the SVG); both are empty when the awl does not move.

``zohn-ahl.undo`` ``{record}`` -> the view with the last throw taken back.

``zohn-ahl.probabilities`` ``{table?: "sahe"|"globe"|"culin", ruleset?, bias?: "1/2"}``
    -> ``{"table", "bias", "throws": [{"throw", "marked", "sahe", "value", "extra",
    "p"}], "values": {"10": "1/16", ...}, "extra": "3/8"}`` (exact fractions as strings).

Zohn Ahl view::

    {"game": "zohn-ahl", "record": "...", "options": {ruleset, counters, gully},
     "ruleset": {name, title, spaces, table, start}, "seed": int|null, "bias": "1/3"|null,
     "state": State.to_dict() (awls, counters, to_move, winner, skip, ...),
     "physical_awls": [p0, p1]  (side 0's numbering: the SVG's data-space),
     "to_move": 0|1|null, "finished": bool, "winner": 0|1|null,
     "throws": ["1111", ...], "events_by_throw": [[Event.to_dict(), ...], ...],
     "states": [State.to_dict(), ...]  (index 0 the start, i the state after throw i)}

Awithlaknannai

``awithlaknannai.new`` ``{ruleset?: "culin", stall?: "draw", position?: "...", moves?: "m6-m5 ..."}``
    -> view.

``awithlaknannai.load`` ``{record}`` -> view.

``awithlaknannai.play`` ``{record, move: "m6-m5"}`` -> view plus ``{"move": {notation, path,
    captured, side}}``. The move may be in short or long notation, or a path of points
    (``"m6-m5"``, ``"m4xm6"``, ``"t2x(m2)b2"``); an illegal move is a ``move`` error saying why.

``awithlaknannai.undo`` ``{record}`` -> the view with the last move taken back.

``awithlaknannai.ai`` ``{record, level?: "medium", seed?: 0, time_limit?: seconds,
    node_limit?: int}`` -> ``{"move": {notation, path, captured, side}, "view": view after it}``.
    (To stop a long search the page terminates the worker: there is no shared memory.)

Awithlaknannai view::

    {"game": "awithlaknannai", "record": "...", "ruleset": "culin", "stall": "draw",
     "board": "mosona"|"mosona-open"|"kolowis", "position": "WWWWWWWW/WWWW.BBBB/BBBBBBBB B 0",
     "start": "..." (the record's start position), "pieces": {"b1": "B", ...} (occupied points),
     "to_move": 0|1|null, "legal": [{"notation", "path", "captured"}], "finished": bool,
     "outcome": {"winner", "reason"}|null, "history": [{"notation", "path", "captured", "side"}],
     "positions": ["<start>", "<after move 1>", ...], "points": ["t1", ..., "b8"] (board order),
     "counts": [black, white], "quiet": int}

Both games

``svg`` ``{game: "zohn-ahl", options?|record?, lang?: "en"}`` or
``{game: "awithlaknannai", ruleset?, position?|record?, lang?, flip?: bool}`` -> ``{"svg": "<svg ..."}``
    (the same drawing the build puts in the page).
"""

from __future__ import annotations

import json
import sys

import engine
from engine.core import EngineError, GameOverError, RecordError


class RequestError(EngineError):
    """A request the protocol cannot read: unknown command, missing or mistyped argument."""

    kind = "request"


MAX_RECORD = 200_000  # characters; a game record far beyond any real game is refused
MAX_TEXT = 10_000


# --------------------------------------------------------------------------- arguments


def _arg(args: dict, name: str, kind: type | tuple, default=..., *, max_len: int = MAX_TEXT):
    if name not in args or args[name] is None:
        if default is ...:
            raise RequestError(f"missing argument {name!r}", input=None, where=name)
        return default
    value = args[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise RequestError(
            f"argument {name!r} must be {_kind_name(kinds)}, not {value!r}", input=value, where=name
        )
    if not isinstance(value, kinds):
        raise RequestError(
            f"argument {name!r} must be {_kind_name(kinds)}, not {type(value).__name__}",
            input=value,
            where=name,
        )
    if isinstance(value, str) and len(value) > max_len:
        raise RequestError(
            f"argument {name!r} is {len(value)} characters long; the limit is {max_len}",
            input=value[:40] + "…",
            where=name,
        )
    return value


def _kind_name(kinds: tuple) -> str:
    names = {
        str: "a string",
        int: "a whole number",
        float: "a number",
        dict: "an object",
        bool: "true or false",
        list: "a list",
    }
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _record_text(args: dict) -> str:
    return _arg(args, "record", str, max_len=MAX_RECORD)


# --------------------------------------------------------------------------- Zohn Ahl


def _za():
    import engine.zohn_ahl as za

    return za


def zohn_ahl_view(record) -> dict:
    """The view of a Zohn Ahl game given its :class:`engine.zohn_ahl.Record`."""
    za = _za()
    state, events_by_throw = record.replay()
    states = record.states()
    ruleset = za.RULESETS[record.options.ruleset]
    return {
        "game": "zohn-ahl",
        "record": str(record),
        "options": record.options.to_dict(),
        "ruleset": {
            "name": ruleset.name,
            "title": ruleset.title,
            "spaces": ruleset.spaces,
            "table": ruleset.table,
            "start": ruleset.start,
        },
        "seed": record.seed,
        "bias": None if record.bias is None else str(record.bias),
        "state": state.to_dict(),
        "physical_awls": list(state.physical),
        "to_move": state.to_move,
        "finished": bool(state.finished),
        "winner": state.winner,
        "throws": [str(t) for t in record.throws],
        "events_by_throw": [[e.to_dict() for e in events] for events in events_by_throw],
        "states": [st.to_dict() for st in states],
    }


def _za_record(text: str):
    return _za().Record.parse(text)


def _za_throws(text: str) -> list:
    za = _za()
    throws = []
    for index, token in enumerate(text.split(), start=1):
        try:
            throws.append(za.Throw.parse(token))
        except EngineError as err:
            raise err.located(f"throw {index}") from None
    return throws


def _za_seed(args: dict):
    seed = _arg(args, "seed", int, None)
    if seed is not None and not 0 <= seed < 2**63:
        raise RequestError(f"seed {seed} is not from 0 to 2**63-1", input=seed, where="seed")
    return seed


def cmd_zohn_ahl_new(args: dict) -> dict:
    za = _za()
    options = za.Options.from_dict(_arg(args, "options", dict, {}))
    bias = _arg(args, "bias", str, None)
    record = za.Record(
        options,
        tuple(_za_throws(_arg(args, "throws", str, ""))),
        _za_seed(args),
        None if bias is None else za.parse_bias(bias),
    )
    return zohn_ahl_view(record)


def cmd_zohn_ahl_load(args: dict) -> dict:
    return zohn_ahl_view(_za_record(_record_text(args)))


def _fresh_seed() -> int:
    import os

    return int.from_bytes(os.urandom(8), "big") >> 1


def cmd_zohn_ahl_throw(args: dict) -> dict:
    za = _za()
    record = _za_record(_record_text(args))
    state = record.state()
    if state.finished:
        raise GameOverError(f"the game is over: side {state.winner} has won; no more throws")
    given = _arg(args, "throw", str, None, max_len=20)
    if given is not None:
        throw = za.Throw.parse(given.strip())
    else:
        if record.seed is None:
            record = za.Record(record.options, record.throws, _fresh_seed(), record.bias)
        throw = record.next_seeded_throw()
    side = state.to_move
    from_own = state.awls[side]
    _, events = state.play(throw)
    new_record = record.append(throw)
    ruleset = record.options.ruleset
    own_path = []
    for event in events:
        if event.kind == "move" and event.path:
            own_path = list(event.path)
            break
    view = zohn_ahl_view(new_record)
    view.update(
        {
            "throw": str(throw),
            "value": za.value(throw, za.RULESETS[ruleset].table),
            "side": side,
            "events": [e.to_dict() for e in events],
            "path": own_path,
            "physical_path": [za.physical_space(ruleset, side, s) for s in own_path],
            "from_space": from_own,
            "physical_from": za.physical_space(ruleset, side, from_own),
        }
    )
    return view


def cmd_zohn_ahl_undo(args: dict) -> dict:
    za = _za()
    record = _za_record(_record_text(args))
    return zohn_ahl_view(za.Record(record.options, record.throws[:-1], record.seed, record.bias))


def cmd_zohn_ahl_probabilities(args: dict) -> dict:
    za = _za()
    table = _arg(args, "table", str, None)
    ruleset = _arg(args, "ruleset", str, None)
    if table is not None and ruleset is not None:
        raise RequestError("give 'table' or 'ruleset', not both", input=table, where="table")
    if table is None:
        table = za.get_ruleset(ruleset).table if ruleset else "sahe"
    if table not in za.TABLES:
        raise RequestError(
            f"table {table!r} is not one of: {', '.join(za.TABLES)}", input=table, where="table"
        )
    bias = za.parse_bias(_arg(args, "bias", str, "1/2"))
    probs = za.throw_probabilities(table, bias)
    throws = [
        {
            "throw": str(t),
            "marked": t.marked,
            "sahe": t.sahe,
            "value": za.value(t, table),
            "extra": za.earns_extra(t, table),
            "p": str(probs[t]),
        }
        for t in za.Throw.all()
    ]
    return {
        "table": table,
        "bias": str(bias),
        "throws": throws,
        "values": {str(k): str(v) for k, v in za.value_probabilities(table, bias).items()},
        "marked": {str(k): str(v) for k, v in za.marked_probabilities(bias).items()},
        "extra": str(za.extra_throw_probability(table, bias)),
    }


# --------------------------------------------------------------------------- Awithlaknannai


def _aw():
    import engine.awithlaknannai as aw

    return aw


def _move_dict(game, move, legal=None, side=None) -> dict:
    out = {
        "notation": game.notation(move, legal),
        "path": list(move.path),
        "captured": list(move.captured),
    }
    if side is not None:
        out["side"] = side
    return out


def awithlaknannai_view(record, game=None) -> dict:
    """The view of an Awithlaknannai game given its record or the replayed :class:`Game`."""
    aw = _aw()
    if game is None:
        game = record.replay()
    replay = aw.Game(game.ruleset, game.start, game.stall)
    history = []
    positions = [str(replay.position)]
    for move in game.history:
        history.append(_move_dict(replay, move, side=replay.to_move))
        replay.push(move)
        positions.append(str(replay.position))
    position = game.position
    outcome = game.outcome()
    finished = outcome is not None
    legal = [] if finished else game.legal_moves()
    moves = sorted(
        (_move_dict(game, m, legal) for m in legal),
        key=lambda d: aw.notation_sort_key(d["notation"]),
    )
    return {
        "game": "awithlaknannai",
        "record": str(aw.Record.from_game(game)),
        "ruleset": game.ruleset.name,
        "stall": game.stall,
        "board": game.ruleset.board.name,
        "position": str(position),
        "start": str(game.start),
        "pieces": dict(position.pieces()),
        "to_move": None if finished else position.to_move,
        "legal": moves,
        "finished": finished,
        "outcome": outcome.to_dict() if outcome else None,
        "history": history,
        "positions": positions,
        "points": list(game.ruleset.board.points),
        "counts": list(position.counts),
        "quiet": position.quiet,
    }


def _aw_record(text: str):
    return _aw().Record.parse(text)


def cmd_awithlaknannai_new(args: dict) -> dict:
    aw = _aw()
    ruleset = aw.get_ruleset(_arg(args, "ruleset", str, "culin"))
    stall = aw.check_stall(_arg(args, "stall", str, "draw"))
    position_text = _arg(args, "position", str, None)
    start = aw.Position.parse(position_text, ruleset) if position_text else None
    game = aw.Game(ruleset.name, start, stall)
    number = 0
    for token in _arg(args, "moves", str, "").split():
        if token.rstrip(".").isdigit():
            continue
        number += 1
        try:
            game.play(token)
        except EngineError as err:
            raise err.located(f"move {number}") from None
    return awithlaknannai_view(None, game)


def cmd_awithlaknannai_load(args: dict) -> dict:
    return awithlaknannai_view(_aw_record(_record_text(args)))


def cmd_awithlaknannai_play(args: dict) -> dict:
    game = _aw_record(_record_text(args)).replay()
    text = _arg(args, "move", str, max_len=200).strip()
    move = game.parse_move(text)
    played = _move_dict(game, move, side=game.to_move)
    game.push(move)
    view = awithlaknannai_view(None, game)
    view["move"] = played
    return view


def cmd_awithlaknannai_undo(args: dict) -> dict:
    game = _aw_record(_record_text(args)).replay()
    if game.history:
        game.pop()
    return awithlaknannai_view(None, game)


def cmd_awithlaknannai_ai(args: dict) -> dict:
    from engine.awithlaknannai import ai

    game = _aw_record(_record_text(args)).replay()
    level = _arg(args, "level", str, "medium")
    if level not in ai.LEVELS:
        raise RequestError(
            f"level {level!r} is not one of: {', '.join(ai.LEVELS)}", input=level, where="level"
        )
    seed = _arg(args, "seed", int, 0)
    time_limit = _arg(args, "time_limit", (int, float), None)
    node_limit = _arg(args, "node_limit", int, None)
    if game.finished:
        raise GameOverError("the game is over: the computer has no move to make")
    move = ai.choose_move(
        game.copy(), level, seed=seed, time_limit=time_limit, node_limit=node_limit
    )
    move = game.parse_move(move)  # never trust a move, even the engine's own
    played = _move_dict(game, move, side=game.to_move)
    game.push(move)
    return {"move": played, "view": awithlaknannai_view(None, game)}


# --------------------------------------------------------------------------- both games


def cmd_load(args: dict) -> dict:
    text = _record_text(args)
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[Game"):
            if '"zohn-ahl"' in line:
                return cmd_zohn_ahl_load(args)
            if '"awithlaknannai"' in line:
                return cmd_awithlaknannai_load(args)
            break
    raise RecordError(
        "the record does not say which game it is: expected a first line "
        '[Game "zohn-ahl"] or [Game "awithlaknannai"]',
        input=text[:60],
    )


def cmd_svg(args: dict) -> dict:
    game_name = _arg(args, "game", str)
    lang = _arg(args, "lang", str, "en")
    record_text = _arg(args, "record", str, None, max_len=MAX_RECORD)
    if game_name == "zohn-ahl":
        za = _za()
        from engine.zohn_ahl import svg

        if record_text is not None:
            record = _za_record(record_text)
            return {"svg": svg.board_svg(record.options, record.state(), lang=lang)}
        options = za.Options.from_dict(_arg(args, "options", dict, {}))
        return {"svg": svg.board_svg(options, None, lang=lang)}
    if game_name == "awithlaknannai":
        aw = _aw()
        from engine.awithlaknannai import svg

        flip = _arg(args, "flip", bool, False)
        if record_text is not None:
            game = _aw_record(record_text).replay()
            return {"svg": svg.board_svg(game.ruleset, game.position, lang=lang, flip=flip)}
        ruleset = aw.get_ruleset(_arg(args, "ruleset", str, "culin"))
        position_text = _arg(args, "position", str, None)
        position = aw.Position.parse(position_text, ruleset) if position_text else None
        return {"svg": svg.board_svg(ruleset, position, lang=lang, flip=flip)}
    raise RequestError(
        f"game {game_name!r} is not 'zohn-ahl' or 'awithlaknannai'", input=game_name, where="game"
    )


def cmd_ping(args: dict) -> dict:
    return {
        "engine": engine.__version__,
        "python": sys.version.split()[0],
        "platform": sys.platform,
    }


COMMANDS = {
    "ping": cmd_ping,
    "load": cmd_load,
    "svg": cmd_svg,
    "zohn-ahl.new": cmd_zohn_ahl_new,
    "zohn-ahl.load": cmd_zohn_ahl_load,
    "zohn-ahl.throw": cmd_zohn_ahl_throw,
    "zohn-ahl.undo": cmd_zohn_ahl_undo,
    "zohn-ahl.probabilities": cmd_zohn_ahl_probabilities,
    "awithlaknannai.new": cmd_awithlaknannai_new,
    "awithlaknannai.load": cmd_awithlaknannai_load,
    "awithlaknannai.play": cmd_awithlaknannai_play,
    "awithlaknannai.undo": cmd_awithlaknannai_undo,
    "awithlaknannai.ai": cmd_awithlaknannai_ai,
}


def dispatch(cmd: str, args: dict | None = None) -> dict:
    """Run one command on already-decoded arguments; raises :class:`EngineError` for bad input."""
    if not isinstance(cmd, str) or cmd not in COMMANDS:
        raise RequestError(
            f"unknown command {cmd!r}: expected one of {', '.join(COMMANDS)}",
            input=cmd,
            where="cmd",
        )
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise RequestError("'args' must be an object", input=args, where="args")
    return COMMANDS[cmd](args)


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON reply (see the module docstring). Never raises."""
    request_id = None
    try:
        try:
            request = json.loads(request_json)
        except (TypeError, ValueError) as err:
            raise RequestError(
                f"the request is not JSON: {err}", input=str(request_json)[:60]
            ) from None
        if not isinstance(request, dict):
            raise RequestError(
                "the request must be a JSON object {id, cmd, args}", input=str(request_json)[:60]
            )
        request_id = request.get("id")
        result = dispatch(request.get("cmd"), request.get("args"))
        reply = {"id": request_id, "ok": True, "result": result}
    except EngineError as err:
        reply = {"id": request_id, "ok": False, "error": err.to_dict()}
    except RecursionError as err:  # pragma: no cover - defensive
        reply = {"id": request_id, "ok": False, "error": _internal(err)}
    except Exception as err:  # noqa: BLE001 - the worker must always get a reply
        reply = {"id": request_id, "ok": False, "error": _internal(err)}
    try:
        return json.dumps(reply, ensure_ascii=False)
    except (TypeError, ValueError) as err:
        return json.dumps(
            {
                "id": request_id if isinstance(request_id, (str, int, float)) else None,
                "ok": False,
                "error": _internal(err),
            }
        )


def _internal(err: BaseException) -> dict:
    return {
        "type": type(err).__name__,
        "kind": "internal",
        "message": f"internal error in the engine: {type(err).__name__}: {err}",
        "input": None,
        "where": None,
    }


# --------------------------------------------------------------------------- Zohn Ahl solved
#
# ``zohn-ahl.chances`` ``{record, bias?: "1/3", lang?: "en"|"fr"}`` -> ``{"win": [p0, p1],
#     "expected_throws", "history": [side 0's chance at the start and after each throw],
#     "last": {"before", "after", "side"}|null, "next": [{"value", "probability": "1/16",
#     "p", "win": [p0, p1]}], "to_move", "winner", "bias", "options", "svg" (the win-chance
#     graph), "error_bound"}``. The bias is the record's unless given. The solved table is
#     cached per (options, bias): the first call of a page solves, the next ones look up.
#
# ``zohn-ahl.lab`` ``{bias?: "1/2", counters?: 1..8, ruleset?, gully?, lang?}`` -> the
#     probability lab's figures (``engine.zohn_ahl.chances.lab_figures``): every throw
#     table with exact fractions and, for the ruleset given (all five variants when none
#     is), the first side's chance, the expected length, the lap questions, the comeback
#     chances and the length distribution (with its chart when all variants are asked).

LAB_MAX_COUNTERS = 8  # the lab's figures for more counters are for the command line


def _lang(args: dict) -> str:
    lang = _arg(args, "lang", str, "en", max_len=5)
    if lang not in ("en", "fr"):
        raise RequestError(f"lang {lang!r} is not 'en' or 'fr'", input=lang, where="lang")
    return lang


def cmd_zohn_ahl_chances(args: dict) -> dict:
    from engine.zohn_ahl.chances import game_chances

    record = _za_record(_record_text(args))
    bias = _arg(args, "bias", str, None, max_len=40)
    return game_chances(record, None if bias is None else _za().parse_bias(bias), _lang(args))


def cmd_zohn_ahl_lab(args: dict) -> dict:
    from engine.zohn_ahl.chances import VARIANTS, lab_figures
    from engine.zohn_ahl.solver import parse_solver_bias

    bias = parse_solver_bias(_arg(args, "bias", str, "1/2", max_len=40))
    counters = _arg(args, "counters", int, 4)
    if not 1 <= counters <= LAB_MAX_COUNTERS:
        raise RequestError(
            f"counters {counters} is not from 1 to {LAB_MAX_COUNTERS}",
            input=counters,
            where="counters",
        )
    ruleset = _arg(args, "ruleset", str, None, max_len=20)
    variants = VARIANTS
    if ruleset is not None:
        options = _za().Options.from_dict(
            {"ruleset": ruleset, "gully": _arg(args, "gully", str, None, max_len=20)}
        )
        variants = ((options.ruleset, options.gully),)
    return lab_figures(bias, counters, variants, _lang(args), charts=ruleset is None)


COMMANDS["zohn-ahl.chances"] = cmd_zohn_ahl_chances
COMMANDS["zohn-ahl.lab"] = cmd_zohn_ahl_lab
