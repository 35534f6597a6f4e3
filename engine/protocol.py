"""The JSON interface between the page and the engine: the one function the Web Worker calls.

``handle(request_json) -> reply_json``. The page's worker (``docs/assets/js/engine-worker.mjs``)
passes every request as a JSON string and gets a JSON string back; nothing the page sends
is ever evaluated as code, and nothing the engine raises escapes as a crash.

The protocol is **stateless**: a game is its record text (see the two ``Record`` classes),
every request that concerns a game carries the record, and every reply carries the whole
view of the game (unless ``since`` asks for less, below), so the page can rebuild
anything (after a reload, a link, a restarted worker) from the record alone. The site build calls :func:`dispatch` with the same
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

Long games: the same commands accept ``since: n`` (0 to the number of throws or moves).
The view's per-throw lists then start at throw (or move) ``n``: ``states[0]`` is the state
after ``n`` throws and ``events_by_throw[0]`` the events of throw ``n + 1`` (Awithlaknannai:
``history`` from move ``n + 1``, ``positions`` from the position after ``n`` moves), and
``"since": n`` says so (``n`` is lowered to the number of throws or moves when larger). A
page that already holds the earlier entries sends ``since`` = what it holds, and the reply
no longer grows with the game. Without ``since`` the lists are whole. The game of the last
reply is remembered (keyed by its record text), so the next request that sends that record
back is not replayed; the reply is the same either way.

Limits (``spec/protocol.md``): the request at most :data:`MAX_REQUEST` characters, nested
at most :data:`MAX_DEPTH` deep, with finite numbers only (``NaN``, ``Infinity`` and numbers
beyond a double are not JSON here); ``record`` at most :data:`MAX_RECORD` characters, other
text :data:`MAX_TEXT`, one move or throw :data:`MAX_TOKEN`; ``seed`` 0 to 2**63-1;
``time_limit`` more than 0 and at most :data:`MAX_TIME_LIMIT` seconds; ``node_limit`` 1 to
:data:`MAX_NODE_LIMIT`; ``since`` 0 to :data:`MAX_RECORD`; a whole number at most
:data:`MAX_DIGITS` digits (a longer one is never converted, and a request ``id`` that long
is not echoed). Beyond a limit: a ``request`` error naming the argument.

Adding a command: write ``cmd_name(args) -> dict`` reading every argument through
:func:`_arg` (type, default, ``max_len`` for text, ``lo``/``hi`` for numbers) or the
shared readers (:func:`_record_text`, :func:`_seed`, :func:`_draw`, :func:`_since`), so
each one is bounded and a bad one is a ``request`` error naming it; add it to
:data:`COMMANDS` (commands of other modules go in their own section at the end of this
file), and describe it here and in ``spec/``.

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
import re
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
MAX_DIGITS = 30  # digits of a whole number in a request; a longer one is never converted

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
    if isinstance(value, _LongNumber):
        raise RequestError(
            f"argument {name!r} is {value!r}; expected {_kind_name(kinds)}"
            + ("" if lo is None and hi is None else f" from {lo} to {hi}")
            + f" (at most {MAX_DIGITS} digits)",
            input=repr(value),
            where=name,
        )
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if (  # a whole number is compared exactly: float() would overflow past 308 digits
            isinstance(value, float)
            and not math.isfinite(value)
            or (lo is not None and value < lo)
            or (hi is not None and value > hi)
        ):
            raise RequestError(
                f"argument {name!r} is {_short(value)}; expected a number from {lo} to {hi}",
                input=_short(value),
                where=name,
            )
    return value


class _LongNumber(int):
    """A whole number of the request with more than :data:`MAX_DIGITS` digits, kept as
    the text's length only. Python turns such text into a number slowly (quadratic time)
    and refuses past 4,300 digits, and the browser's trimmed standard library lacks the
    module that converts long numbers at all; no argument accepts one, so it is never
    converted. It stands for a number beyond every bound (``±10**MAX_DIGITS``, so that a
    range check refuses it) and shows as "a 400-digit number" in error messages."""

    digits: int

    def __new__(cls, digits: int, negative: bool = False) -> _LongNumber:
        number = super().__new__(cls, -(10**MAX_DIGITS) if negative else 10**MAX_DIGITS)
        number.digits = digits
        return number

    def __repr__(self) -> str:
        return f"a {self.digits}-digit number"

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return repr(self)

    def __abs__(self) -> _LongNumber:
        return self if self > 0 else _LongNumber(self.digits)


def _whole_number(text: str) -> int:
    """``json.loads``'s reader of whole numbers: short ones as ``int``, long ones as
    :class:`_LongNumber`, never converted."""
    digits = len(text) - text.startswith("-")
    return int(text) if digits <= MAX_DIGITS else _LongNumber(digits, text.startswith("-"))


def _short(value: Any) -> str:
    """``value`` as text of at most 60 characters, for an error message."""
    if isinstance(value, _LongNumber):
        return repr(value)
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
    """A Zohn Ahl game replayed once from its record: every state, and the events of every
    throw from number ``first`` on (the view's ``since``; 0: all of them).

    Each command builds its reply from this one pass; a new throw extends it in place.
    """

    def __init__(self, record: Any, states: list[Any], events: list[list[Any]], first: int):
        self.record = record
        self.states = states  # index 0 the start, i the state after throw i
        self.events = events  # events[i]: the events of throw first + i + 1
        self.first = first

    @classmethod
    def replay(cls, record: Any, first: int = 0) -> ZohnAhlGame:
        """Replay ``record`` in one pass, keeping the events of the throws from ``first`` on."""
        za = _za()
        state = za.State.start(record.options)
        states = [state]
        events = []
        for i, throw in enumerate(record.throws):
            try:
                if i < first:
                    state = state.advance(throw)
                else:
                    state, evs = state.play(throw)
                    events.append(evs)
            except GameOverError:
                raise RecordError(
                    f"throw {i + 1} {str(throw)!r} comes after the end of the game: side "
                    f"{state.winner} has already won",
                    input=str(throw),
                    where=f"throw {i + 1}",
                ) from None
            states.append(state)
        return cls(record, states, events, min(first, len(record.throws)))

    @classmethod
    def from_text(cls, text: str, first: int = 0) -> ZohnAhlGame:
        """The game of the record ``text``; the game of the last reply is not replayed
        again (its states are remembered)."""
        remembered = _recall("zohn-ahl", text)
        if remembered is None:
            return cls.replay(_za().Record.parse(text), first)
        record, states = remembered
        game = cls(record, list(states), [], len(record.throws))
        game.keep_events_from(first)
        return game

    @property
    def state(self) -> Any:
        return self.states[-1]

    def keep_events_from(self, first: int) -> None:
        """Make sure the events of every throw from number ``first`` on are at hand."""
        first = min(first, len(self.record.throws))
        if first < self.first:
            throws, states = self.record.throws, self.states
            earlier = [states[i].play(throws[i])[1] for i in range(first, self.first)]
            self.events[:0] = earlier
            self.first = first

    def throw(self, throw: Any) -> list[Any]:
        """Play ``throw`` (the record grows by it); returns its events."""
        state, events = self.state.play(throw)
        events = list(events)
        self.states.append(state)
        self.events.append(events)
        self.record = self.record.append(throw)
        return events

    def undo(self) -> None:
        za = _za()
        r = self.record
        if r.throws:
            self.keep_events_from(len(r.throws) - 1)
            self.record = za.Record(r.options, r.throws[:-1], r.seed, r.bias)
            self.states.pop()
            self.events.pop()

    def view(self, draw: Draw | None = None, since: int | None = None) -> Result:
        """The game's view (see the module docstring), with ``svg`` when ``draw`` is given;
        with ``since``, the per-throw lists start at that throw."""
        za = _za()
        record, state = self.record, self.state
        first = 0 if since is None else min(since, len(record.throws))
        self.keep_events_from(first)
        ruleset = za.RULESETS[record.options.ruleset]
        text = str(record)
        view: Result = {
            "game": "zohn-ahl",
            "record": text,
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
            "events_by_throw": [
                [e.to_dict() for e in events] for events in self.events[first - self.first :]
            ],
            "states": [st.to_dict() for st in self.states[first:]],
        }
        if since is not None:
            view["since"] = first
        if draw is not None:
            from engine.zohn_ahl import svg

            view["svg"] = svg.board_svg(record.options, state, lang=draw.lang)
        _remember("zohn-ahl", text, (record, tuple(self.states)))
        return view


# The game of the last reply, for each game: a page sends back the record it was given, so
# the next request need not replay it. Pure memo: the reply is the same with or without it.
_LAST: dict[str, tuple[str, Any]] = {}


def _remember(game: str, text: str, payload: Any) -> None:
    _LAST[game] = (text, payload)


def _recall(game: str, text: str) -> Any:
    last = _LAST.get(game)
    return last[1] if last is not None and last[0] == text else None


def _since(args: Args) -> int | None:
    """The optional ``since`` argument: the first throw or move the per-move lists hold."""
    since: int | None = _arg(args, "since", int, None, lo=0, hi=MAX_RECORD)
    return since


def zohn_ahl_view(record: Any, draw: Draw | None = None) -> Result:
    """The view of a Zohn Ahl game given its :class:`engine.zohn_ahl.Record`."""
    return ZohnAhlGame.replay(record).view(draw)


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
    since = _since(args)
    return ZohnAhlGame.replay(record, since or 0).view(_draw(args), since)


def cmd_zohn_ahl_load(args: Args) -> Result:
    since = _since(args)
    return ZohnAhlGame.from_text(_record_text(args), since or 0).view(_draw(args), since)


def _fresh_seed() -> int:
    import os

    return int.from_bytes(os.urandom(8), "big") >> 1


def cmd_zohn_ahl_throw(args: Args) -> Result:
    za = _za()
    since = _since(args)
    game = ZohnAhlGame.from_text(_record_text(args), since or 0)
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
    view = game.view(_draw(args), since)
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


def cmd_zohn_ahl_undo(args: Args) -> Result:
    since = _since(args)
    game = ZohnAhlGame.from_text(_record_text(args), max((since or 0) - 1, 0))
    game.undo()
    return game.view(_draw(args), since)


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
    """An Awithlaknannai game replayed once: the :class:`Game` (every move made on it), the
    canonical notation of every move, and from move number ``first`` on (the view's
    ``since``; 0: from the start) each move as the view shows it and each position."""

    def __init__(self, game: Any, notations: list[str] | None = None) -> None:
        """``game`` with the moves already made on it (``notations``: theirs)."""
        self.game = game
        self.notations = list(notations or ())
        self.first = game.ply
        self.history: list[Result] = []  # history[i]: move first + i + 1
        self.positions = [str(game.position)]  # positions[i]: after first + i moves

    @classmethod
    def replay(cls, record: Any, first: int = 0) -> AwithlaknannaiGame:
        """Replay ``record`` in one pass; the view's lists from move ``first`` on."""
        aw = _aw()
        game = aw.Game(record.ruleset, record.start, record.stall)
        notations = []
        first = min(first, len(record.moves))
        for i, text in enumerate(record.moves[:first], 1):
            try:
                move = game.parse_move(text)
            except EngineError as err:
                raise RecordError(str(err), input=text, where=f"move {i}") from None
            notations.append(game.notation(move))
            game.push(move)
        replay = cls(game, notations)
        for i, text in enumerate(record.moves[first:], first + 1):
            try:
                replay.play(text)
            except EngineError as err:
                raise RecordError(str(err), input=text, where=f"move {i}") from None
        return replay

    @classmethod
    def from_text(cls, text: str, first: int = 0) -> AwithlaknannaiGame:
        """The game of the record ``text``; the game of the last reply is not replayed
        again (it is remembered)."""
        remembered = _recall("awithlaknannai", text)
        if remembered is None:
            return cls.replay(_aw().Record.parse(text), first)
        game, notations = remembered
        replay = cls(game.copy(), notations)
        replay.keep_from(first)
        return replay

    def keep_from(self, first: int) -> None:
        """Make sure the moves and positions from move number ``first`` on are at hand."""
        game = self.game
        first = min(first, game.ply)
        if first < self.first:
            later = [game.pop() for _ in range(game.ply - first)]
            self.first = first
            self.history = []
            self.positions = [str(game.position)]
            for move in reversed(later):
                self._push(move)

    def _push(self, move: Any) -> Result:
        game = self.game
        played = _move_dict(game, move, side=game.to_move)
        game.push(move)
        self.history.append(played)
        self.positions.append(str(game.position))
        return played

    def play(self, move: Any) -> Result:
        """Check ``move`` (text or Move) and make it; returns it as the view shows it."""
        played = self._push(self.game.parse_move(move))
        self.notations.append(played["notation"])
        return played

    def undo(self) -> None:
        if self.game.ply:
            self.keep_from(self.game.ply - 1)
            self.game.pop()
            self.notations.pop()
            self.history.pop()
            self.positions.pop()

    def view(self, draw: Draw | None = None, since: int | None = None) -> Result:
        """The game's view (see the module docstring), with ``svg`` when ``draw`` is given;
        with ``since``, ``history`` and ``positions`` start at that move."""
        aw = _aw()
        game = self.game
        first = 0 if since is None else min(since, game.ply)
        self.keep_from(first)
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
            self.notations,
        )
        text = str(record)
        skip = first - self.first
        view: Result = {
            "game": "awithlaknannai",
            "record": text,
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
            "history": self.history[skip:],
            "positions": self.positions[skip:],
            "points": list(game.ruleset.board.points),
            "counts": list(position.counts),
            "quiet": position.quiet,
        }
        if since is not None:
            view["since"] = first
        if draw is not None:
            from engine.awithlaknannai import svg

            view["svg"] = svg.board_svg(game.ruleset, position, lang=draw.lang, flip=draw.flip)
        _remember("awithlaknannai", text, (game.copy(), tuple(self.notations)))
        return view


def awithlaknannai_view(record: Any, game: Any = None, draw: Draw | None = None) -> Result:
    """The view of an Awithlaknannai game given its record (or a :class:`Game`, replayed
    from its start through its history)."""
    if game is None:
        return AwithlaknannaiGame.replay(record).view(draw)
    replay = AwithlaknannaiGame(_aw().Game(game.ruleset, game.start, game.stall))
    for move in game.history:
        replay.play(move)
    return replay.view(draw)


def _aw_game(args: Args, first: int = 0) -> AwithlaknannaiGame:
    return AwithlaknannaiGame.from_text(_record_text(args), first)


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
    return game.view(_draw(args), _since(args))


def cmd_awithlaknannai_load(args: Args) -> Result:
    since = _since(args)
    return _aw_game(args, since or 0).view(_draw(args), since)


def cmd_awithlaknannai_play(args: Args) -> Result:
    since = _since(args)
    game = _aw_game(args, since or 0)
    text = _arg(args, "move", str, max_len=MAX_TOKEN).strip()
    played = game.play(text)
    view = game.view(_draw(args), since)
    view["move"] = played
    return view


def cmd_awithlaknannai_undo(args: Args) -> Result:
    since = _since(args)
    game = _aw_game(args, max((since or 0) - 1, 0))
    game.undo()
    return game.view(_draw(args), since)


def cmd_awithlaknannai_ai(args: Args) -> Result:
    from engine.awithlaknannai import ai

    since = _since(args)
    game = _aw_game(args, since or 0)
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
    return {"move": played, "view": game.view(draw, since)}


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
            game = ZohnAhlGame.from_text(record_text, MAX_RECORD)  # no events needed
            options = game.record.options
            return {"svg": za_svg.board_svg(options, game.state, lang=lang)}
        options = za.Options.from_dict(_arg(args, "options", dict, {}))
        return {"svg": za_svg.board_svg(options, None, lang=lang)}
    if game_name == "awithlaknannai":
        aw = _aw()
        from engine.awithlaknannai import svg as aw_svg

        flip = _arg(args, "flip", bool, False)
        if record_text is not None:
            played = AwithlaknannaiGame.from_text(record_text, MAX_RECORD).game
            return {"svg": aw_svg.board_svg(played.ruleset, played.position, lang=lang, flip=flip)}
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
    if not _shallow(request_json):
        raise RequestError(
            f"the request is not JSON nested at most {MAX_DEPTH} deep", input=request_json[:60]
        )
    try:
        request = json.loads(
            request_json,
            parse_constant=_no_constant,
            parse_float=_finite_float,
            parse_int=_whole_number,
        )
    except RecursionError:  # _shallow() lets no such request through; kept as a safety net
        raise RequestError(
            f"the request is nested too deep; the limit is {MAX_DEPTH}", input=request_json[:60]
        ) from None
    except (TypeError, ValueError) as err:
        raise RequestError(f"the request is not JSON: {err}", input=request_json[:60]) from None
    if not isinstance(request, dict):
        raise RequestError(
            "the request must be a JSON object {id, cmd, args}", input=request_json[:60]
        )
    return request


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def _shallow(text: str) -> bool:
    """True if the brackets of ``text`` (outside strings) balance within MAX_DEPTH levels.

    Checked before ``json.loads``: in the browser's Python, decoding JSON nested some
    thousand levels deep overflows the stack and kills the runtime instead of raising.
    Each pass removes the innermost pairs, so MAX_DEPTH passes empty any shallow text."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH):
        if not brackets:
            return True
        brackets = _INNERMOST.sub("", brackets)
    return not brackets


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON reply (see the module docstring). Never raises."""
    request_id = None
    try:
        request = _decode(request_json)
        request_id = request.get("id")
        if isinstance(request_id, _LongNumber):  # not echoed: it would have to be converted
            request_id = None
            raise RequestError(
                f"the request's id is a whole number of more than {MAX_DIGITS} digits",
                input=repr(request.get("id")),
                where="id",
            )
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


# --------------------------------------------------------------------------- analysis
# Awithlaknannai analysis (engine.awithlaknannai.analysis): the engine's judgement of a
# position, a hint, the review of a game. Every search is bounded by depth and positions.
#
# ``awithlaknannai.analyse`` ``{record, depth?: 1..8 (4), node_limit?: <= 200000 (20000),
#     mate_plies?: 0..7 (5)}`` -> ``{"best", "score", "line", "mate", "depth", "black",
#     "to_move"}``: the best move, the line, the score for the side to move (hundredths of
#     a piece; a proved win in k plies is 1000000 - k), ``black`` the same from Black's
#     side, ``mate`` the plies to a proved forced win (negative: a loss) or null.
# ``awithlaknannai.hint`` ``{record}`` -> ``{"kind": "must-capture"|"best", "best",
#     "moves", "score", "mate", "line"}``.
# ``awithlaknannai.review`` ``{record, depth?: 2..4 (3), node_limit?: <= 20000 (3000),
#     draw?: {"lang"}}`` -> ``{"depth", "start", "moves": [{ply, side, move, best, before,
#     after, loss, grade, line, black, mate_before, mate_after}], "counts", "thresholds"}``
#     plus ``"svg"`` (the evaluation graph) when ``draw`` is given.
# Where the endgame tables hold the position (engine.awithlaknannai.endgame), analyse and
# hint also return ``"exact"`` (the tables' verdict) and each reviewed move ``"exact"``
# (what it did to that verdict); see spec/protocol.md.

ANALYSE_MAX_DEPTH = 8
ANALYSE_MAX_NODES = 200_000
REVIEW_MAX_DEPTH = 4
REVIEW_MAX_NODES = 20_000


def _bounded(args: Args, name: str, low: int, high: int, default: int) -> int:
    value: int = _arg(args, name, int, default, lo=low, hi=high)
    return value


def _analysable(args: Args) -> Any:
    game = _aw_game(args).game
    if game.finished:
        raise GameOverError("the game is over: there is no move to analyse")
    return game


def cmd_awithlaknannai_analyse(args: Args) -> Result:
    from engine.awithlaknannai import analysis

    game = _analysable(args)
    depth = _bounded(args, "depth", 1, ANALYSE_MAX_DEPTH, 4)
    nodes = _bounded(args, "node_limit", 1, ANALYSE_MAX_NODES, 20_000)
    plies = _bounded(args, "mate_plies", 0, analysis.MATE_PLIES, 5)
    found = analysis.analyse(game, depth, node_limit=nodes, mate_plies=plies)
    out = found.to_dict()
    out["depth"] = found.depth
    out["to_move"] = game.to_move
    out["black"] = found.score if game.to_move == 0 else -found.score
    out["exact"] = found.exact  # the endgame tables' verdict, or None
    return out


def cmd_awithlaknannai_hint(args: Args) -> Result:
    from engine.awithlaknannai import analysis

    return analysis.hint(_analysable(args)).to_dict()


def cmd_awithlaknannai_review(args: Args) -> Result:
    from engine.awithlaknannai import analysis

    game = _aw_game(args).game
    depth = _bounded(args, "depth", 2, REVIEW_MAX_DEPTH, 3)
    nodes = _bounded(args, "node_limit", 1, REVIEW_MAX_NODES, 3_000)
    draw = _draw(args)
    result = analysis.review(game, depth, node_limit=nodes).to_dict()
    if draw is not None:
        from engine.awithlaknannai.graph import review_graph_svg

        result["svg"] = review_graph_svg(result, draw.lang)
    return result


COMMANDS.update(
    {
        "awithlaknannai.analyse": cmd_awithlaknannai_analyse,
        "awithlaknannai.hint": cmd_awithlaknannai_hint,
        "awithlaknannai.review": cmd_awithlaknannai_review,
    }
)

# --------------------------------------------------------------------------- Zohn Ahl solved
#
# ``zohn-ahl.chances`` ``{record, bias?: "1/3", lang?: "en"|"fr"}`` -> ``{"win": [p0, p1],
#     "expected_throws", "history": [side 0's chance at the start and after each throw],
#     "last": {"before", "after", "side"}|null, "next": [{"value", "probability": "1/16",
#     "p", "win": [p0, p1]}], "to_move", "winner", "bias", "options", "svg" (the win-chance
#     graph), "error_bound"}``. The bias is the record's unless given. The solved table is
#     cached per (options, bias): the first call of a page solves, the next ones look up.
#
# ``zohn-ahl.lab`` ``{bias?: "1/2", counters?: 1..8, ruleset?, gully?, length?: false,
#     lang?, part?: "rulesets"|"counters"}`` -> the probability lab's figures
#     (``engine.zohn_ahl.chances.lab_figures``): every throw table with exact fractions and,
#     for the ruleset given (all five variants when none is), the first side's chance, the
#     expected length, the lap questions, the comeback chances and (``length``) the length
#     distribution, with its chart ``length_svg`` when all variants are asked. ``part:
#     "counters"`` -> ``counters_figures``: the printable board by counters a side.

LAB_MAX_COUNTERS = 8  # the lab's figures for more counters are for the command line


def _lang(args: Args) -> str:
    lang = str(_arg(args, "lang", str, "en", max_len=5))
    if lang not in ("en", "fr"):
        raise RequestError(f"lang {lang!r} is not 'en' or 'fr'", input=lang, where="lang")
    return lang


def cmd_zohn_ahl_chances(args: Args) -> Result:
    from engine.zohn_ahl.chances import game_chances

    record = _za_record(_record_text(args))
    bias = _arg(args, "bias", str, None, max_len=40)
    return game_chances(record, None if bias is None else _za().parse_bias(bias), _lang(args))


def cmd_zohn_ahl_lab(args: Args) -> Result:
    from engine.zohn_ahl.chances import VARIANTS, counters_figures, lab_figures
    from engine.zohn_ahl.solver import parse_solver_bias

    bias = parse_solver_bias(_arg(args, "bias", str, "1/2", max_len=40))
    lang = _lang(args)
    part = _arg(args, "part", str, "rulesets", max_len=20)
    if part == "counters":
        return counters_figures(bias, lang)
    if part != "rulesets":
        raise RequestError(
            f"part {part!r} is not 'rulesets' or 'counters'", input=part, where="part"
        )
    counters = _arg(args, "counters", int, 4)
    if not 1 <= counters <= LAB_MAX_COUNTERS:
        raise RequestError(
            f"counters {counters} is not from 1 to {LAB_MAX_COUNTERS}",
            input=counters,
            where="counters",
        )
    ruleset = _arg(args, "ruleset", str, None, max_len=20)
    length = bool(_arg(args, "length", bool, False))
    variants: tuple[tuple[str, str], ...] = VARIANTS
    if ruleset is not None:
        options = _za().Options.from_dict(
            {"ruleset": ruleset, "gully": _arg(args, "gully", str, None, max_len=20)}
        )
        variants = ((options.ruleset, options.gully),)
    return lab_figures(
        bias, counters, variants, lang, charts=ruleset is None and length, length=length
    )


COMMANDS["zohn-ahl.chances"] = cmd_zohn_ahl_chances
COMMANDS["zohn-ahl.lab"] = cmd_zohn_ahl_lab
