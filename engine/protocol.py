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
request (unknown command, missing or mistyped argument, not JSON, beyond a limit) and
``internal`` for a bug in the engine (the message names the exception; please report it):
no input, however bad, gets ``internal``, and every reply is valid JSON.

Drawing in the same round trip: every command that returns a game view (``load``,
``*.new``, ``*.load``, ``zohn-ahl.throw``, ``awithlaknannai.play``, ``*.undo``,
``awithlaknannai.ai``) accepts ``draw: {"lang": "en"|"fr", "flip"?: bool}``; the view then
also carries ``"svg"``, the board drawn from the same replay (for ``awithlaknannai.ai``
inside ``result.view``; ``flip``, White at the bottom, concerns Awithlaknannai only). Each
request reads its record once and builds the whole reply from that one pass over the game
(:class:`ZohnAhlGame`, :class:`AwithlaknannaiGame`).

Limits (``spec/protocol.md``): the request at most :data:`MAX_REQUEST` characters, nested
at most :data:`MAX_DEPTH` deep, with finite numbers only (``NaN``, ``Infinity`` and numbers
beyond a double are not JSON here); ``record`` at most :data:`MAX_RECORD` characters, other
text :data:`MAX_TEXT`, one move or throw :data:`MAX_TOKEN`; ``seed`` 0 to 2**63-1;
``time_limit`` more than 0 and at most :data:`MAX_TIME_LIMIT` seconds; ``node_limit`` 1 to
:data:`MAX_NODE_LIMIT`. Beyond a limit: a ``request`` error naming the argument.

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

``awithlaknannai.ai`` ``{record, level?: "medium", seed?: 0, time_limit?: seconds (at most
    60), node_limit?: int (at most 10,000,000)}`` -> ``{"move": {notation, path, captured, side}, "view": view after it}``.
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
import math
import sys
from collections.abc import Callable
from typing import Any

import engine
from engine.core import EngineError, GameOverError, RecordError


class RequestError(EngineError):
    """A request the protocol cannot read: unknown command, missing or mistyped argument."""

    kind = "request"


#: The limits on what a request may hold (``spec/protocol.md`` lists them all).
MAX_REQUEST = 2_000_000  # characters of the whole request
MAX_DEPTH = 16  # JSON nesting (a real request nests 3 deep)
MAX_RECORD = 200_000  # characters; a game record far beyond any real game is refused
MAX_TEXT = 10_000  # characters of any other text argument
MAX_TOKEN = 200  # characters of one move or throw
MAX_SEED = 2**63 - 1
MAX_TIME_LIMIT = 60.0  # seconds the computer may think
MAX_NODE_LIMIT = 10_000_000  # positions the computer may search

Args = dict[str, Any]
Result = dict[str, Any]


# --------------------------------------------------------------------------- arguments


def _arg(
    args: Args,
    name: str,
    kind: type | tuple[type, ...],
    default: Any = ...,
    *,
    max_len: int = MAX_TEXT,
    lo: float | None = None,
    hi: float | None = None,
) -> Any:
    """Argument ``name`` of type ``kind`` (``default`` when absent or null; required when
    no default is given). Text is at most ``max_len`` characters; a number lies in
    ``lo .. hi`` (inclusive) and is finite. RequestError naming the argument otherwise."""
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
            input=_short(value),
            where=name,
        )
    if isinstance(value, str) and len(value) > max_len:
        raise RequestError(
            f"argument {name!r} is {len(value)} characters long; the limit is {max_len}",
            input=value[:40] + "…",
            where=name,
        )
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if (
            not math.isfinite(value)
            or (lo is not None and value < lo)
            or (hi is not None and value > hi)
        ):
            raise RequestError(
                f"argument {name!r} is {_short(value)}; expected a number from {lo} to {hi}",
                input=_short(value),
                where=name,
            )
    return value


def _short(value: Any) -> str:
    """``value`` as text of at most 60 characters, for an error message."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return f"a {len(str(abs(value)))}-digit number"
    text = value if isinstance(value, str) else type(value).__name__
    if isinstance(value, (int, float)):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _kind_name(kinds: tuple[type, ...]) -> str:
    names = {
        str: "a string",
        int: "a whole number",
        float: "a number",
        dict: "an object",
        bool: "true or false",
        list: "a list",
    }
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _record_text(args: Args) -> str:
    text: str = _arg(args, "record", str, max_len=MAX_RECORD)
    return text


def _seed(args: Args, default: int | None = None) -> int | None:
    seed: int | None = _arg(args, "seed", int, default, lo=0, hi=MAX_SEED)
    return seed


class Draw:
    """The ``draw`` argument: draw the board into the reply (``lang``, ``flip``)."""

    __slots__ = ("lang", "flip")

    def __init__(self, lang: str, flip: bool) -> None:
        self.lang = lang
        self.flip = flip


def _draw(args: Args) -> Draw | None:
    """The optional ``draw: {"lang": "en"|"fr", "flip"?: bool}`` argument."""
    spec = _arg(args, "draw", dict, None)
    if spec is None:
        return None
    unknown = [k for k in spec if k not in ("lang", "flip")]
    if unknown:
        raise RequestError(
            f"unknown key {_short(unknown[0])!r} in 'draw': expected lang and flip",
            input=_short(unknown[0]),
            where="draw",
        )
    try:
        lang = _arg(spec, "lang", str, "en", max_len=2)
        flip = _arg(spec, "flip", bool, False)
    except RequestError as err:
        raise err.located(f"draw.{err.where}") from None
    if lang not in ("en", "fr"):
        raise RequestError(
            f"'draw.lang' {lang!r} is not a language of the drawings: expected 'en' or 'fr'",
            input=lang,
            where="draw.lang",
        )
    return Draw(lang, flip)


# --------------------------------------------------------------------------- Zohn Ahl


def _za() -> Any:
    import engine.zohn_ahl as za

    return za


class ZohnAhlGame:
    """A Zohn Ahl game replayed once from its record: every state and every throw's events.

    Each command builds its reply from this one pass; a new throw extends it in place.
    """

    def __init__(self, record: Any) -> None:
        za = _za()
        self.record = record
        state = za.State.start(record.options)
        self.states = [state]
        self.events: list[list[Any]] = []
        for i, throw in enumerate(record.throws, 1):
            try:
                state, events = state.play(throw)
            except GameOverError:
                raise RecordError(
                    f"throw {i} {str(throw)!r} comes after the end of the game: side "
                    f"{state.winner} has already won",
                    input=str(throw),
                    where=f"throw {i}",
                ) from None
            self.states.append(state)
            self.events.append(events)

    @property
    def state(self) -> Any:
        return self.states[-1]

    def throw(self, throw: Any) -> list[Any]:
        """Play ``throw`` (the record grows by it); returns its events."""
        state, events = self.state.play(throw)
        self.states.append(state)
        self.events.append(events)
        self.record = self.record.append(throw)
        return events

    def undo(self) -> None:
        za = _za()
        if self.record.throws:
            r = self.record
            self.record = za.Record(r.options, r.throws[:-1], r.seed, r.bias)
            self.states.pop()
            self.events.pop()

    def view(self, draw: Draw | None = None) -> Result:
        """The game's view (see the module docstring), with ``svg`` when ``draw`` is given."""
        za = _za()
        record, state = self.record, self.state
        ruleset = za.RULESETS[record.options.ruleset]
        view: Result = {
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
            "events_by_throw": [[e.to_dict() for e in events] for events in self.events],
            "states": [st.to_dict() for st in self.states],
        }
        if draw is not None:
            from engine.zohn_ahl import svg

            view["svg"] = svg.board_svg(record.options, state, lang=draw.lang)
        return view


def zohn_ahl_view(record: Any, draw: Draw | None = None) -> Result:
    """The view of a Zohn Ahl game given its :class:`engine.zohn_ahl.Record`."""
    return ZohnAhlGame(record).view(draw)


def _za_record(text: str) -> Any:
    return _za().Record.parse(text)


def _za_throws(text: str) -> list[Any]:
    za = _za()
    throws = []
    for index, token in enumerate(text.split(), start=1):
        try:
            throws.append(za.Throw.parse(token))
        except EngineError as err:
            raise err.located(f"throw {index}") from None
    return throws


def cmd_zohn_ahl_new(args: Args) -> Result:
    za = _za()
    options = za.Options.from_dict(_arg(args, "options", dict, {}))
    bias = _arg(args, "bias", str, None)
    record = za.Record(
        options,
        tuple(_za_throws(_arg(args, "throws", str, ""))),
        _seed(args),
        None if bias is None else za.parse_bias(bias),
    )
    return ZohnAhlGame(record).view(_draw(args))


def cmd_zohn_ahl_load(args: Args) -> Result:
    return ZohnAhlGame(_za_record(_record_text(args))).view(_draw(args))


def _fresh_seed() -> int:
    import os

    return int.from_bytes(os.urandom(8), "big") >> 1


def cmd_zohn_ahl_throw(args: Args) -> Result:
    za = _za()
    game = ZohnAhlGame(_za_record(_record_text(args)))
    state = game.state
    if state.finished:
        raise GameOverError(f"the game is over: side {state.winner} has won; no more throws")
    given = _arg(args, "throw", str, None, max_len=MAX_TOKEN)
    if given is not None:
        throw = za.Throw.parse(given.strip())
    else:
        record = game.record
        if record.seed is None:
            game.record = za.Record(record.options, record.throws, _fresh_seed(), record.bias)
        throw = game.record.next_seeded_throw()
    side = state.to_move
    from_own = state.awls[side]
    events = game.throw(throw)
    ruleset = game.record.options.ruleset
    own_path: list[int] = []
    for event in events:
        if event.kind == "move" and event.path:
            own_path = list(event.path)
            break
    view = game.view(_draw(args))
    view.update(
        {
            "throw": str(throw),
            "value": za.value(throw, za.RULESETS[ruleset].table),
            "side": side,
            "events": view["events_by_throw"][-1],
            "path": own_path,
            "physical_path": [za.physical_space(ruleset, side, s) for s in own_path],
            "from_space": from_own,
            "physical_from": za.physical_space(ruleset, side, from_own),
        }
    )
    return view


def cmd_zohn_ahl_undo(args: Args) -> Result:
    game = ZohnAhlGame(_za_record(_record_text(args)))
    game.undo()
    return game.view(_draw(args))


def cmd_zohn_ahl_probabilities(args: Args) -> Result:
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


def _aw() -> Any:
    import engine.awithlaknannai as aw

    return aw


def _move_dict(game: Any, move: Any, side: int | None = None) -> Result:
    out: Result = {
        "notation": game.notation(move),
        "path": list(move.path),
        "captured": list(move.captured),
    }
    if side is not None:
        out["side"] = side
    return out


class AwithlaknannaiGame:
    """An Awithlaknannai game replayed once: the :class:`Game`, each move as the view shows
    it (notation, path, captures, side) and every position, all from one pass."""

    def __init__(self, game: Any) -> None:
        """Start from ``game`` with no moves made (its ``start``)."""
        self.game = game
        self.history: list[Result] = []
        self.positions = [str(game.position)]

    @classmethod
    def from_record(cls, record: Any) -> AwithlaknannaiGame:
        aw = _aw()
        replay = cls(aw.Game(record.ruleset, record.start, record.stall))
        for i, text in enumerate(record.moves, 1):
            try:
                replay.play(text)
            except EngineError as err:
                raise RecordError(str(err), input=text, where=f"move {i}") from None
        return replay

    def play(self, move: Any) -> Result:
        """Check ``move`` (text or Move) and make it; returns it as the view shows it."""
        game = self.game
        move = game.parse_move(move)
        played = _move_dict(game, move, side=game.to_move)
        game.push(move)
        self.history.append(played)
        self.positions.append(str(game.position))
        return played

    def undo(self) -> None:
        if self.history:
            self.game.pop()
            self.history.pop()
            self.positions.pop()

    def view(self, draw: Draw | None = None) -> Result:
        """The game's view (see the module docstring), with ``svg`` when ``draw`` is given."""
        aw = _aw()
        game = self.game
        position = game.position
        outcome = game.outcome()
        finished = outcome is not None
        moves = sorted(
            (_move_dict(game, m) for m in ([] if finished else game.legal_moves())),
            key=lambda d: aw.notation_sort_key(d["notation"]),
        )
        start = game.start
        record = aw.Record(
            game.ruleset.name,
            game.stall,
            None if start == aw.Position.start(game.ruleset) else start,
            [h["notation"] for h in self.history],
        )
        view: Result = {
            "game": "awithlaknannai",
            "record": str(record),
            "ruleset": game.ruleset.name,
            "stall": game.stall,
            "board": game.ruleset.board.name,
            "position": str(position),
            "start": str(start),
            "pieces": dict(position.pieces()),
            "to_move": None if finished else position.to_move,
            "legal": moves,
            "finished": finished,
            "outcome": outcome.to_dict() if outcome else None,
            "history": list(self.history),
            "positions": list(self.positions),
            "points": list(game.ruleset.board.points),
            "counts": list(position.counts),
            "quiet": position.quiet,
        }
        if draw is not None:
            from engine.awithlaknannai import svg

            view["svg"] = svg.board_svg(game.ruleset, position, lang=draw.lang, flip=draw.flip)
        return view


def awithlaknannai_view(record: Any, game: Any = None, draw: Draw | None = None) -> Result:
    """The view of an Awithlaknannai game given its record (or a :class:`Game`, replayed
    from its start through its history)."""
    if game is None:
        return AwithlaknannaiGame.from_record(record).view(draw)
    replay = AwithlaknannaiGame(_aw().Game(game.ruleset, game.start, game.stall))
    for move in game.history:
        replay.play(move)
    return replay.view(draw)


def _aw_game(args: Args) -> AwithlaknannaiGame:
    return AwithlaknannaiGame.from_record(_aw().Record.parse(_record_text(args)))


def cmd_awithlaknannai_new(args: Args) -> Result:
    aw = _aw()
    ruleset = aw.get_ruleset(_arg(args, "ruleset", str, "culin"))
    stall = aw.check_stall(_arg(args, "stall", str, "draw"))
    position_text = _arg(args, "position", str, None)
    start = aw.Position.parse(position_text, ruleset) if position_text else None
    game = AwithlaknannaiGame(aw.Game(ruleset.name, start, stall))
    number = 0
    for token in _arg(args, "moves", str, "").split():
        if token.rstrip(".").isdigit():
            continue
        number += 1
        try:
            game.play(token)
        except EngineError as err:
            raise err.located(f"move {number}") from None
    return game.view(_draw(args))


def cmd_awithlaknannai_load(args: Args) -> Result:
    return _aw_game(args).view(_draw(args))


def cmd_awithlaknannai_play(args: Args) -> Result:
    game = _aw_game(args)
    text = _arg(args, "move", str, max_len=MAX_TOKEN).strip()
    played = game.play(text)
    view = game.view(_draw(args))
    view["move"] = played
    return view


def cmd_awithlaknannai_undo(args: Args) -> Result:
    game = _aw_game(args)
    game.undo()
    return game.view(_draw(args))


def cmd_awithlaknannai_ai(args: Args) -> Result:
    from engine.awithlaknannai import ai

    game = _aw_game(args)
    level = _arg(args, "level", str, "medium")
    if level not in ai.LEVELS:
        raise RequestError(
            f"level {level!r} is not one of: {', '.join(ai.LEVELS)}", input=level, where="level"
        )
    seed = _seed(args, 0)
    time_limit = _arg(args, "time_limit", (int, float), None, lo=0, hi=MAX_TIME_LIMIT)
    if time_limit is not None and time_limit <= 0:
        raise RequestError(
            f"argument 'time_limit' is {time_limit!r}; expected more than 0 seconds",
            input=repr(time_limit),
            where="time_limit",
        )
    node_limit = _arg(args, "node_limit", int, None, lo=1, hi=MAX_NODE_LIMIT)
    draw = _draw(args)
    if game.game.finished:
        raise GameOverError("the game is over: the computer has no move to make")
    move = ai.choose_move(
        game.game.copy(), level, seed=seed, time_limit=time_limit, node_limit=node_limit
    )
    played = game.play(move)  # never trust a move, even the engine's own: play() checks it
    return {"move": played, "view": game.view(draw)}


# --------------------------------------------------------------------------- both games


def cmd_load(args: Args) -> Result:
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


def cmd_svg(args: Args) -> Result:
    game_name = _arg(args, "game", str)
    lang = _arg(args, "lang", str, "en", max_len=MAX_TOKEN)
    record_text = _arg(args, "record", str, None, max_len=MAX_RECORD)
    if game_name == "zohn-ahl":
        za = _za()
        from engine.zohn_ahl import svg as za_svg

        if record_text is not None:
            record = _za_record(record_text)
            return {"svg": za_svg.board_svg(record.options, record.state(), lang=lang)}
        options = za.Options.from_dict(_arg(args, "options", dict, {}))
        return {"svg": za_svg.board_svg(options, None, lang=lang)}
    if game_name == "awithlaknannai":
        aw = _aw()
        from engine.awithlaknannai import svg as aw_svg

        flip = _arg(args, "flip", bool, False)
        if record_text is not None:
            game = aw.Record.parse(record_text).replay()
            return {"svg": aw_svg.board_svg(game.ruleset, game.position, lang=lang, flip=flip)}
        ruleset = aw.get_ruleset(_arg(args, "ruleset", str, "culin"))
        position_text = _arg(args, "position", str, None)
        position = aw.Position.parse(position_text, ruleset) if position_text else None
        return {"svg": aw_svg.board_svg(ruleset, position, lang=lang, flip=flip)}
    raise RequestError(
        f"game {game_name!r} is not 'zohn-ahl' or 'awithlaknannai'", input=game_name, where="game"
    )


def cmd_ping(args: Args) -> Result:
    return {
        "engine": engine.__version__,
        "python": sys.version.split()[0],
        "platform": sys.platform,
    }


Command = Callable[[Args], Result]

COMMANDS: dict[str, Command] = {
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


def dispatch(cmd: Any, args: Any = None) -> Result:
    """Run one command on already-decoded arguments; raises :class:`EngineError` for bad input."""
    if not isinstance(cmd, str) or cmd not in COMMANDS:
        shown = _short(cmd) if isinstance(cmd, str) else cmd if cmd is None else _short(cmd)
        raise RequestError(
            f"unknown command {shown!r}: expected one of {', '.join(COMMANDS)}",
            input=shown,
            where="cmd",
        )
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise RequestError("'args' must be an object", input=_short(args), where="args")
    return COMMANDS[cmd](args)


# --------------------------------------------------------------------------- JSON in and out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large")
    return value


def _decode(request_json: Any) -> dict[str, Any]:
    """The request as a dict; RequestError if it is not a JSON object within the limits."""
    if not isinstance(request_json, str):
        raise RequestError("the request is not JSON text", input=type(request_json).__name__)
    if len(request_json) > MAX_REQUEST:
        raise RequestError(
            f"the request is {len(request_json)} characters long; the limit is {MAX_REQUEST}",
            input=request_json[:40] + "…",
        )
    try:
        request = json.loads(request_json, parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:
        raise RequestError(
            f"the request is nested too deep; the limit is {MAX_DEPTH}", input=request_json[:60]
        ) from None
    except (TypeError, ValueError) as err:
        raise RequestError(f"the request is not JSON: {err}", input=request_json[:60]) from None
    if not isinstance(request, dict):
        raise RequestError(
            "the request must be a JSON object {id, cmd, args}", input=request_json[:60]
        )
    if _depth(request) > MAX_DEPTH:
        raise RequestError(
            f"the request is nested more than {MAX_DEPTH} deep", input=request_json[:60]
        )
    return request


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (stops counting past the limit)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                break
        children = item.values() if isinstance(item, dict) else item
        for child in children:
            if isinstance(child, (dict, list)):
                stack.append((child, depth + 1))
    return deepest


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON reply (see the module docstring). Never raises."""
    request_id = None
    try:
        request = _decode(request_json)
        request_id = request.get("id")
        result = dispatch(request.get("cmd"), request.get("args"))
        reply = {"id": request_id, "ok": True, "result": result}
    except EngineError as err:
        reply = {"id": request_id, "ok": False, "error": err.to_dict()}
    except Exception as err:  # noqa: BLE001 - the worker must always get a reply
        reply = {"id": request_id, "ok": False, "error": _internal(err)}
    try:
        return json.dumps(reply, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as err:
        return json.dumps(
            {
                "id": request_id if isinstance(request_id, (str, int)) else None,
                "ok": False,
                "error": _internal(err),
            }
        )


def _internal(err: BaseException) -> dict[str, Any]:
    return {
        "type": type(err).__name__,
        "kind": "internal",
        "message": f"internal error in the engine: {type(err).__name__}: {err}",
        "input": None,
        "where": None,
    }
