"""Zohn Ahl game state and the rules of every ruleset, throw by throw.

:class:`State` is immutable: ``state.play(throw)`` returns the next state and the list of
:class:`Event` that narrate the throw (see the package docstring, ``engine.zohn_ahl``,
for every event kind and its fields). The rules are those of ``spec/zohn-ahl.md``
word for word; the reconstruction choices are listed in ``engine.zohn_ahl.rulesets``.

Each ruleset's rules are one function here, named after it (:func:`kiowa`, :func:`culin`,
:func:`printable`, :func:`globe`; :data:`RULES` maps the names to them): the creek of
``kiowa``, the rivers and ravines of ``globe`` live in those functions and nowhere else.
They share three helpers: ``_falls_back`` (the mover's awl falls back to its start and
its side pays 1: creek, torrent, river), ``_whips`` (the other awl is hit: back to its
start, its side pays 1) and ``_laps`` (a lap or circuit: the other side pays 1).

Turn order (specification, "Turns"): after a throw has been moved, the same side throws
again when its table says so, unless an effect ended the turn (a gully in
``printable``/lose-throw, a ravine or a capture in a ravine in ``globe``). Otherwise the
turn passes to the other side, and if that side is due a skip, its skip is used up and
the turn passes straight back; if both sides are due a skip, both are used up and the
other side throws as normal. ``skip[s]`` is True while side s's next turn is due to be
skipped; the side to move is never due a skip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, NamedTuple, cast

from engine.core import EngineError, GameOverError, Outcome, PositionError, ThrowError
from engine.game_api import CHANCE, TERMINAL
from engine.view import EventView, StateView
from engine.zohn_ahl.rulesets import PATH_TABLES, RULESETS, Options, Ruleset, physical_space
from engine.zohn_ahl.throws import EXTRAS, HALF, VALUES, Bias, Throw, parse_bias

#: What the API accepts as a game's options: an Options, a ruleset name or Ruleset, a dict
#: of options, or None (the defaults).
OptionsLike = Options | Ruleset | str | dict[str, Any] | None

__all__ = [
    "Event",
    "Game",
    "State",
    "EVENT_KINDS",
    "RULES",
    "Turn",
    "kiowa",
    "culin",
    "printable",
    "globe",
]

EVENT_KINDS = (
    "throw",
    "move",
    "no-move",
    "creek",
    "torrent",
    "river",
    "circuit",
    "lap",
    "whip",
    "capture",
    "gully",
    "cross",
    "ravine",
    "lost-throw",
    "skip",
    "skip-cancelled",
    "extra-throw",
    "turn",
    "win",
)


class Event(NamedTuple):
    """One thing that happened during a throw (an immutable value; see the package docstring).

    Only ``kind`` and ``side`` are always set; the other fields are None unless the kind
    uses them. Spaces are in the numbering of the side they belong to (``side`` for
    ``from_space``/``to_space``/``path``, ``target`` for ``target_space``).
    """

    kind: str
    side: int | None = None
    throw: str | None = None
    value: int | None = None
    extra: bool | None = None
    from_space: int | None = None
    to_space: int | None = None
    path: tuple[int, ...] | None = None
    target: int | None = None
    target_space: int | None = None
    payer: int | None = None
    counters: tuple[int, ...] | None = None
    reason: str | None = None

    def to_dict(self) -> EventView:
        """JSON-ready: ``kind``, ``side`` and the fields that are set (tuples become lists)."""
        d: dict[str, Any] = {"kind": self[0], "side": self[1]}
        for name, v in zip(_FIELDS, self[2:]):
            if v is not None:
                d[name] = list(v) if v.__class__ is tuple else v
        return cast(EventView, d)


_FIELDS = Event._fields[2:]


#: A ruleset's path table: ``PATH_TABLES[name][from_own][value]``, the own spaces passed.
_Paths = tuple[tuple[tuple[int, ...], ...], ...]
#: (rule function, values, extras, gully cross?, path table): what every throw needs.
_Info = tuple[Callable[["Turn", int, int], None], tuple[int, ...], tuple[bool, ...], bool, _Paths]


def _kinfo(options: Options) -> _Info:
    """What every throw of a game needs, looked up once per set of options:
    ``(rule function, values, extras, gully cross?, path table)``."""
    info = _KINFO.get(options)
    if info is None:
        rules = RULESETS[options.ruleset]
        info = (
            RULES[rules.name],
            VALUES[rules.table],
            EXTRAS[rules.table],
            options.gully == "cross",
            PATH_TABLES[rules.name],
        )
        _KINFO[options] = info
    return info


_KINFO: dict[Options, _Info] = {}
_set = object.__setattr__
_new = object.__new__
_tnew = tuple.__new__  # builds the frequent events positionally (much faster than keywords)
_N8 = (None,) * 8
_N5 = (None,) * 5
assert len(Event._fields) == 13  # the positional builds below rely on the field order


class State:
    """The position between two throws: awls, counters, who throws next, skips, winner.

    Immutable. ``awls[s]`` is side s's awl in its own numbering; ``counters[s]`` its
    counters; ``to_move`` the side to throw (None once finished); ``winner`` 0, 1 or None;
    ``skip[s]`` True while side s's next turn is due to be skipped; ``throws_made[s]`` how
    many throws side s has made (a team alternates its throwers with it).
    """

    __slots__ = ("options", "awls", "counters", "to_move", "winner", "skip", "throws_made", "_k")
    options: Options
    awls: tuple[int, int]
    counters: tuple[int, int]
    to_move: int | None
    winner: int | None
    skip: tuple[bool, bool]
    throws_made: tuple[int, int]
    _k: _Info

    def __init__(
        self,
        options: OptionsLike,
        awls: Sequence[int],
        counters: Sequence[int],
        to_move: int | None,
        winner: int | None = None,
        skip: Sequence[bool] = (False, False),
        throws_made: Sequence[int] = (0, 0),
    ) -> None:
        options = as_options(options)
        rules = options.rules
        awls = tuple(awls)
        counters = tuple(counters)
        for s in (0, 1):
            physical_space(rules, s, awls[s])  # validates the space
        if (
            len(counters) != 2
            or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counters)
            or sum(counters) != 2 * options.counters
        ):
            raise PositionError(
                f"counters {list(counters)!r} do not total {2 * options.counters}", input=counters
            )
        if winner is None:
            if to_move not in (0, 1) or isinstance(to_move, bool) or 0 in counters:
                raise PositionError(
                    f"to_move {to_move!r} is not a side (0 or 1) of an unfinished game",
                    input=to_move,
                )
        elif winner not in (0, 1) or to_move is not None or counters[1 - winner] != 0:
            raise PositionError(
                f"winner {winner!r} does not fit counters {list(counters)!r} and "
                f"to_move {to_move!r}",
                input=winner,
            )
        _set(self, "options", options)
        _set(self, "awls", awls)
        _set(self, "counters", counters)
        _set(self, "to_move", to_move)
        _set(self, "winner", winner)
        _set(self, "skip", tuple(bool(x) for x in skip))
        _set(self, "throws_made", tuple(throws_made))
        _set(self, "_k", _kinfo(options))

    @classmethod
    def start(cls, options: OptionsLike = None, **kwargs: Any) -> State:
        """The start of a game: ``State.start(Options(...))``, ``State.start("globe")``,
        ``State.start({"ruleset": "printable", "gully": "cross"})`` or keyword options."""
        if options is None:
            options = Options(**kwargs)
        elif kwargs:
            options = Options.from_dict({**as_options(options).to_dict(), **kwargs})
        options = as_options(options)
        start = RULESETS[options.ruleset].start
        n = options.counters
        return cls(options, (start, start), (n, n), 0)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("State is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("State is immutable")

    def _key(self) -> tuple[Any, ...]:
        return (
            self.options,
            self.awls,
            self.counters,
            self.to_move,
            self.winner,
            self.skip,
            self.throws_made,
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, State):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"State(ruleset={self.options.ruleset!r}, awls={self.awls}, counters={self.counters}, "
            f"to_move={self.to_move}, winner={self.winner}, skip={self.skip})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, self._key())

    # ----------------------------------------------------------------- text
    # The state's one text form (``str(state)``; :meth:`parse` reads it back, and
    # ``State.parse(str(s)) == s``): the ruleset (with ``/cross`` for the printable
    # board's gully option when chosen), then labelled pairs in this order: ``awls`` (each
    # side's space in its own numbering), ``counters``, ``throws`` (made by each side),
    # ``next`` and the side to throw, or ``won`` and the winner, then ``skip`` and the
    # sides due to miss their next turn, when any. The counters a side starts with are
    # half the counters' total (they only change hands). Example:
    # ``kiowa awls 7 1 counters 5 3 throws 3 2 next 0``.

    def __str__(self) -> str:
        options = self.options
        head = options.ruleset + ("/cross" if options.gully == "cross" else "")
        turn = f"next {self.to_move}" if self.winner is None else f"won {self.winner}"
        text = (
            f"{head} awls {self.awls[0]} {self.awls[1]} counters {self.counters[0]} "
            f"{self.counters[1]} throws {self.throws_made[0]} {self.throws_made[1]} {turn}"
        )
        due = [str(side) for side in (0, 1) if self.skip[side]]
        return text + (" skip " + " ".join(due) if due else "")

    @classmethod
    def parse(cls, text: str) -> State:
        """Read the text form of a state (see ``str(state)``); PositionError quoting the
        text and saying what is wrong, for its form or for a state the rules refuse."""
        shown = text if isinstance(text, str) else repr(text)
        quoted = repr(shown) if len(shown) <= 80 else repr(shown[:77] + "…")
        form = (
            f"{quoted} is not a Zohn Ahl state: expected text like "
            f"'kiowa awls 7 1 counters 5 3 throws 3 2 next 0' (then 'skip' and the sides "
            f"due to miss a turn, if any)"
        )
        tokens = text.split() if isinstance(text, str) else []
        skip = tokens[12:]
        if (
            len(tokens) < 12
            or tokens[1:10:3] != ["awls", "counters", "throws"]
            or tokens[10] not in ("next", "won")
            or (skip and (skip[0] != "skip" or not 2 <= len(skip) <= 3))
        ):
            raise PositionError(form, input=text)
        numbers = tokens[2:4] + tokens[5:7] + tokens[8:10] + tokens[11:12] + skip[1:]
        if not all(n.isascii() and n.isdigit() and len(n) <= 9 for n in numbers):
            raise PositionError(f"{form}; every count is a whole number", input=text)
        a0, a1, c0, c1, t0, t1, side, *due = (int(n) for n in numbers)
        ruleset, _, gully = tokens[0].partition("/")
        if (
            gully not in ("", "cross")
            or any(d not in (0, 1) for d in due)
            or len(set(due)) < len(due)
        ):
            raise PositionError(form, input=text)
        try:
            options = Options(ruleset, max(1, (c0 + c1) // 2), gully or "lose-throw")
            finished = tokens[10] == "won"
            return cls(
                options,
                (a0, a1),
                (c0, c1),
                None if finished else side,
                side if finished else None,
                (0 in due, 1 in due),
                (t0, t1),
            )
        except EngineError as err:
            raise PositionError(
                f"{quoted} is not a Zohn Ahl state: {err.reason}", input=text
            ) from None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def outcome(self) -> Outcome | None:
        """``Outcome(winner, "no-counters")`` once finished, else None."""
        return None if self.winner is None else Outcome(self.winner, "no-counters")

    @property
    def physical(self) -> tuple[int, int]:
        """Both awls' spaces in side 0's numbering (what the board drawing uses)."""
        own = self.awls[1]  # a valid space: checked when the state was made
        return (self.awls[0], 41 - own if self.options.rules.spaces == 40 else (28 - own) % 28)

    def to_dict(self) -> StateView:
        return {
            "awls": list(self.awls),
            "counters": list(self.counters),
            "to_move": self.to_move,
            "winner": self.winner,
            "skip": list(self.skip),
            "throws_made": list(self.throws_made),
            "physical": list(self.physical),
            "finished": self.winner is not None,
        }

    def chance_outcomes(self, p: Bias = HALF) -> list[tuple[Throw, Fraction]]:
        """[(throw, probability)] for the next throw (empty once finished); sums to 1."""
        if self.winner is not None:
            return []
        p = parse_bias(p)
        q = 1 - p
        return [(t, p**t.marked * q ** (4 - t.marked)) for t in Throw._ALL]

    def play(self, throw: Throw | str) -> tuple[State, list[Event]]:
        """Play one throw: ``(next_state, [Event, ...])``. GameOverError once finished."""
        events: list[Event] = []
        return self._advance(throw, events), events

    def advance(self, throw: Throw | str) -> State:
        """Like :meth:`play` without building the events (for simulations)."""
        return self._advance(throw, None)

    # ------------------------------------------------------------------ the rules
    def _advance(self, throw: Throw | str, ev: list[Event] | None) -> State:
        side = self.to_move
        if side is None:
            raise GameOverError(
                f"{str(throw)!r} cannot be played: the game is over, side {self.winner} has won",
                input=str(throw),
            )
        if throw.__class__ is not Throw:
            if isinstance(throw, str):
                throw = Throw.parse(throw)
            elif isinstance(throw, Throw):
                pass
            else:
                raise ThrowError(
                    f"{throw!r} is not a throw: expected a Throw or four characters 0 or 1",
                    input=throw,
                )
        rule, values, extras, cross, paths = self._k
        code = throw.code
        v = values[code]
        extra = extras[code]
        turn = Turn(side, self, extra, cross, paths, ev)
        if ev is not None:
            ev.append(_tnew(Event, ("throw", side, throw._text, v, extra) + _N8))
        rule(turn, self.awls[side], v)
        awls, counters, skip, winner = turn.awls, turn.counters, turn.skip, turn.winner
        other = 1 - side
        end_turn, pass_now = turn.end_turn, turn.pass_now

        made = (
            (self.throws_made[0] + 1, self.throws_made[1])
            if side == 0
            else (self.throws_made[0], self.throws_made[1] + 1)
        )
        new = _new(State)
        _set(new, "options", self.options)
        _set(new, "_k", self._k)
        _set(new, "awls", (awls[0], awls[1]))
        _set(new, "counters", (counters[0], counters[1]))
        _set(new, "throws_made", made)
        if winner is not None:
            _set(new, "to_move", None)
            _set(new, "winner", winner)
            _set(new, "skip", (skip[0], skip[1]))
            if ev is not None:
                ev.append(Event("win", winner, counters=(counters[0], counters[1])))
            return new
        _set(new, "winner", None)
        if pass_now:
            nxt = other
            if ev is not None:
                ev.append(Event("turn", other, reason="captured-in-ravine"))
        elif extra and not end_turn:
            nxt = side
            if ev is not None:
                ev.append(_tnew(Event, ("extra-throw", side) + _N8 + (None, None, None)))
                ev.append(_tnew(Event, ("turn", side) + _N8 + (None, None, "extra-throw")))
        elif skip[other]:
            if skip[side]:
                skip[0] = skip[1] = False
                nxt = other
                if ev is not None:
                    ev.append(Event("skip-cancelled", side, reason="both-due"))
                    ev.append(Event("skip-cancelled", other, reason="both-due"))
                    ev.append(Event("turn", other, reason="both-skips"))
            else:
                skip[other] = False
                nxt = side
                if ev is not None:
                    ev.append(Event("skip", other))
                    ev.append(Event("turn", side, reason="skip"))
        else:
            nxt = other
            if ev is not None:
                ev.append(_tnew(Event, ("turn", other) + _N8 + (None, None, "passed")))
        _set(new, "to_move", nxt)
        _set(new, "skip", (skip[0], skip[1]))
        return new


class Game:
    """A Zohn Ahl game in progress through the one game API (:mod:`engine.game_api`).

    ``Game(options=None, bias=HALF, state=None)``: from ``state`` (default: the start of
    ``options``), the sticks marking each face with chance ``bias``. Every action is a
    throw, which chance decides: :meth:`current_player` is :data:`~engine.game_api.CHANCE`
    until the game is won (then :data:`~engine.game_api.TERMINAL`), :meth:`legal_actions`
    is always empty and :meth:`chance_outcomes` lists the sixteen throws with their
    probabilities. The side whose throw it is, is ``game.state.to_move``. The states are
    immutable values: ``states[0]`` the first, ``states[i]`` the one after throw ``i``.
    """

    __slots__ = ("bias", "states", "throws")

    def __init__(
        self, options: OptionsLike = None, bias: Bias = HALF, state: State | None = None
    ) -> None:
        self.bias = parse_bias(bias)
        self.states: list[State] = [State.start(options) if state is None else state]
        self.throws: list[Throw] = []

    @property
    def state(self) -> State:
        """The state after the last throw."""
        return self.states[-1]

    def current_player(self) -> int:
        return CHANCE if self.states[-1].winner is None else TERMINAL

    def legal_actions(self) -> list[Throw]:
        """Empty: no side chooses an action in Zohn Ahl, the sticks decide."""
        return []

    def chance_outcomes(self) -> list[tuple[Throw, Fraction]]:
        return self.states[-1].chance_outcomes(self.bias)

    def notation(self, action: Throw) -> str:
        return str(action)

    def parse_action(self, text: str) -> Throw:
        return Throw.parse(text)

    def apply(self, action: Throw) -> None:
        """Play the throw ``action`` (GameOverError once the game is won)."""
        self.states.append(self.states[-1].advance(action))
        self.throws.append(action)

    def undo(self) -> Throw:
        if not self.throws:
            raise IndexError("undo in a game with no throws")
        self.states.pop()
        return self.throws.pop()

    def clone(self) -> Game:
        game = Game.__new__(Game)
        game.bias = self.bias
        game.states = list(self.states)
        game.throws = list(self.throws)
        return game

    @property
    def finished(self) -> bool:
        return self.states[-1].winner is not None

    def outcome(self) -> Outcome | None:
        return self.states[-1].outcome

    def __str__(self) -> str:
        return str(self.states[-1])

    def __repr__(self) -> str:
        return f"Game({str(self.states[-1])!r}, throws={len(self.throws)})"


# ---------------------------------------------------------------------- the rules
#
# One function per ruleset, ``rule(turn, s, v)``: the mover's awl stands on its own space
# ``s`` and the throw is worth ``v``. Each function moves the awls, makes the payments and
# sets the flags of ``turn``; :meth:`State._advance` then decides who throws next. The
# rules are those of ``spec/zohn-ahl.md``; the reconstruction choices behind them are in
# ``engine.zohn_ahl.rulesets`` (each ruleset's ``choices``).


class Turn:
    """One throw in progress: the scratch the rule functions change, then thrown away.

    ``awls``, ``counters`` and ``skip`` are mutable copies of the state's; ``winner`` is set
    by the payment that empties a side; ``end_turn`` means an extra throw earned is lost;
    ``pass_now`` that the turn passes at once to the other side (globe: captured in a
    ravine). ``ev`` is the event list, or None when no events are wanted.
    """

    __slots__ = (
        "side",
        "other",
        "awls",
        "counters",
        "skip",
        "extra",
        "cross",
        "paths",
        "ev",
        "winner",
        "end_turn",
        "pass_now",
    )

    def __init__(
        self,
        side: int,
        state: State,
        extra: bool,
        cross: bool,
        paths: _Paths,
        ev: list[Event] | None,
    ) -> None:
        self.side = side
        self.other = 1 - side
        self.awls = list(state.awls)
        self.counters = list(state.counters)
        self.skip = list(state.skip)
        self.extra = extra
        self.cross = cross
        self.paths = paths
        self.ev = ev
        self.winner: int | None = None
        self.end_turn = False
        self.pass_now = False


def _moved(turn: Turn, s: int, v: int, to: int) -> None:
    """The ``move`` event: from ``s`` by ``v`` to ``to`` (before any effect)."""
    if turn.ev is not None:
        turn.ev.append(
            _tnew(Event, ("move", turn.side, None, v, None, s, to, turn.paths[s][v]) + _N5)
        )


def _pays(turn: Turn, payer: int) -> None:
    """``payer`` hands one counter to the other side, who wins if it was the last."""
    counters = turn.counters
    counters[payer] -= 1
    counters[1 - payer] += 1
    if counters[payer] == 0:
        turn.winner = 1 - payer


def _falls_back(turn: Turn, kind: str, from_space: int, home: int) -> None:
    """The mover's awl falls from ``from_space`` back to its own ``home`` and its side pays 1
    (the creek, the torrent, a river: event ``kind``)."""
    side = turn.side
    turn.awls[side] = home
    _pays(turn, side)
    if turn.ev is not None:
        turn.ev.append(
            Event(
                kind,
                side,
                from_space=from_space,
                to_space=home,
                payer=side,
                counters=tuple(turn.counters),
            )
        )


def _whips(turn: Turn, home: int, kind: str = "whip", reason: str | None = None) -> None:
    """The other awl, hit where the mover's awl now stands, goes back to its own ``home``
    and its side pays 1 (a whip, or a globe ``capture``)."""
    side, other = turn.side, turn.other
    turn.awls[other] = home
    _pays(turn, other)
    if turn.ev is not None:
        turn.ev.append(
            Event(
                kind,
                side,
                target=other,
                target_space=home,
                to_space=turn.awls[side],
                payer=other,
                counters=tuple(turn.counters),
                reason=reason,
            )
        )


def _laps(
    turn: Turn,
    kind: str = "lap",
    *,
    from_space: int | None = None,
    to_space: int | None = None,
    target: int | None = None,
    target_space: int | None = None,
) -> None:
    """The mover completes a lap (``kind`` "lap" or "circuit"): the other side pays 1; the
    event also carries the spaces given."""
    other = turn.other
    _pays(turn, other)
    if turn.ev is not None:
        turn.ev.append(
            Event(
                kind,
                turn.side,
                from_space=from_space,
                to_space=to_space,
                target=target,
                target_space=target_space,
                payer=other,
                counters=tuple(turn.counters),
            )
        )


def kiowa(turn: Turn, s: int, v: int) -> None:
    """``kiowa``: 40 spaces (side 1's s is side 0's 41 - s); the creek at own 20 and 40.

    Landing on 20 or 40 falls into the creek (back to 1, pay 1). Passing 40 completes a
    circuit (the other side pays 1) and the awl goes on. After a move or a circuit, an awl
    landing on the other awl whips it (back to its 1, its side pays 1)."""
    t = s + v
    if t == 20 or t == 40:
        _moved(turn, s, v, t)
        _falls_back(turn, "creek", t, 1)
        return
    if t > 40:
        t -= 40
        _moved(turn, s, v, t)
        _laps(turn, "circuit")
    else:
        _moved(turn, s, v, t)
    turn.awls[turn.side] = t
    if turn.winner is None and turn.awls[turn.other] == 41 - t:
        _whips(turn, 1)


def culin(turn: Turn, s: int, v: int) -> None:
    """``culin``: 40 spaces, mapped as ``kiowa``; the creek at own 20; the lap ends on 40.

    A throw that would pass 40 is not moved. Landing exactly on 40 ends the lap (the other
    side pays 1, the awl starts again from 1). Otherwise the awl moves, whips the other
    awl if it is there, then falls into the creek if it landed on 20 (back to 1, pay 1)."""
    t = s + v
    if t > 40:
        if turn.ev is not None:
            turn.ev.append(Event("no-move", turn.side, value=v, from_space=s, reason="past-40"))
        return
    _moved(turn, s, v, t)
    if t == 40:
        turn.awls[turn.side] = 1
        _laps(turn, from_space=40, to_space=1)
        return
    turn.awls[turn.side] = t
    if turn.awls[turn.other] == 41 - t:
        _whips(turn, 1)
    if turn.winner is None and t == 20:
        _falls_back(turn, "creek", 20, 1)


def printable(turn: Turn, s: int, v: int) -> None:
    """``printable``: 28 spaces (side 1's s is side 0's (28 - s) mod 28); the south creek
    at 0 (the start), the north torrent at 14, the dry gullies at 7 and 21.

    Reaching or passing 28 wins the lap: the other side pays 1 and both awls go back to 0.
    Landing on 14 goes down the torrent (back to 0, pay 1). A gully either costs a throw
    (option ``lose-throw``: the extra throw this throw earned, else the next turn) or is
    crossed to the other gully (option ``cross``). Any awl landing on the other whips it
    (back to 0, its side pays 1)."""
    side, awls = turn.side, turn.awls
    t = s + v
    if t >= 28:
        _moved(turn, s, v, 0)
        awls[0] = awls[1] = 0
        _laps(turn, from_space=0, to_space=0, target=turn.other, target_space=0)
        return
    _moved(turn, s, v, t)
    if t == 14:
        _falls_back(turn, "torrent", 14, 0)
        return
    gully = t == 7 or t == 21
    if gully:
        if turn.ev is not None:
            turn.ev.append(
                Event("gully", side, to_space=t, reason="cross" if turn.cross else "lose-throw")
            )
        if turn.cross:
            t = 28 - t
            if turn.ev is not None:
                turn.ev.append(Event("cross", side, from_space=28 - t, to_space=t))
    awls[side] = t
    if awls[turn.other] == 28 - t:
        _whips(turn, 0)
    if gully and not turn.cross and turn.winner is None:
        if turn.extra:
            turn.end_turn = True
            reason = "extra-throw"
        else:
            turn.skip[side] = True
            reason = "next-turn"
        if turn.ev is not None:
            turn.ev.append(Event("lost-throw", side, reason=reason))


def globe(turn: Turn, s: int, v: int) -> None:
    """``globe``: 28 spaces, mapped as ``printable``; own 1 the start, the rivers at own 14
    and own 0 (= 28), the ravines at own 7 and 21.

    Landing on a river: back to 1, pay 1. Passing the south river (29 or more) completes
    the lap: the other side pays 1, the other awl goes back to its 1, this awl goes on.
    An awl landing on the other captures it (back to its 1, its side pays 1); if that awl
    stood in a ravine, its skip is cancelled and its side throws at once. An awl that ends
    in a ravine ends the turn (an extra throw is lost) and its next turn is skipped."""
    side, other, awls = turn.side, turn.other, turn.awls
    t = s + v
    if t == 28 or t == 14:
        _moved(turn, s, v, t % 28)
        _falls_back(turn, "river", t % 28, 1)
        return
    if t >= 29:
        t -= 28
        _moved(turn, s, v, t)
        awls[other] = 1
        _laps(turn, to_space=t, target=other, target_space=1)
    else:
        _moved(turn, s, v, t)
    awls[side] = t
    ravine = t == 7 or t == 21  # the mover's own 7 or 21 is the other side's own 21 or 7
    if turn.winner is None and awls[other] == 28 - t:
        _whips(turn, 1, "capture", "in-ravine" if ravine else None)
        if turn.winner is None and ravine:
            turn.pass_now = True
            if turn.skip[other]:
                turn.skip[other] = False
                if turn.ev is not None:
                    turn.ev.append(Event("skip-cancelled", other, reason="captured"))
    if turn.winner is None and ravine:
        turn.end_turn = True
        turn.skip[side] = True
        if turn.ev is not None:
            turn.ev.append(Event("ravine", side, to_space=t))
            if turn.extra:
                turn.ev.append(Event("lost-throw", side, reason="extra-throw"))
            turn.ev.append(Event("lost-throw", side, reason="next-turn"))


#: The rules of each ruleset, by name.
RULES: dict[str, Callable[[Turn, int, int], None]] = {
    "kiowa": kiowa,
    "culin": culin,
    "printable": printable,
    "globe": globe,
}


def as_options(options: OptionsLike) -> Options:
    """The :class:`Options` of anything the API accepts as a game's options (``OptionsLike``)."""
    if isinstance(options, Options):
        return options
    if isinstance(options, str):
        return Options(ruleset=options)
    if isinstance(options, Ruleset):
        return Options(ruleset=options.name)
    if isinstance(options, dict):
        return Options.from_dict(options)
    if options is None:
        return Options()
    return Options.from_dict(options)


def _rebuild(
    options: Options,
    awls: tuple[int, int],
    counters: tuple[int, int],
    to_move: int | None,
    winner: int | None,
    skip: tuple[bool, bool],
    throws_made: tuple[int, int],
) -> State:
    return State(options, awls, counters, to_move, winner, skip, throws_made)
