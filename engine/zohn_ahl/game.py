"""Zohn Ahl game state and the rules of every ruleset, throw by throw.

:class:`State` is immutable: ``state.play(throw)`` returns the next state and the list of
:class:`Event` that narrate the throw (see the package docstring, ``engine.zohn_ahl``,
for every event kind and its fields). The rules are those of ``spec/zohn-ahl.md``
word for word; the reconstruction choices are listed in ``engine.zohn_ahl.rulesets``.

Turn order (specification, "Turns"): after a throw has been moved, the same side throws
again when its table says so, unless an effect ended the turn (a gully in
``printable``/lose-throw, a ravine or a capture in a ravine in ``globe``). Otherwise the
turn passes to the other side, and if that side is due a skip, its skip is used up and
the turn passes straight back; if both sides are due a skip, both are used up and the
other side throws as normal. ``skip[s]`` is True while side s's next turn is due to be
skipped; the side to move is never due a skip.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import GameOverError, Outcome, PositionError, ThrowError
from engine.zohn_ahl.rulesets import PATH_TABLES, RULESETS, Options, Ruleset, physical_space
from engine.zohn_ahl.throws import EXTRAS, HALF, VALUES, Throw, parse_bias

__all__ = ["Event", "State", "EVENT_KINDS"]

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
    path: tuple | None = None
    target: int | None = None
    target_space: int | None = None
    payer: int | None = None
    counters: tuple | None = None
    reason: str | None = None

    def to_dict(self) -> dict:
        """JSON-ready: ``kind``, ``side`` and the fields that are set (tuples become lists)."""
        d = {"kind": self.kind, "side": self.side}
        for name in Event._fields[2:]:
            v = getattr(self, name)
            if v is not None:
                d[name] = list(v) if isinstance(v, tuple) else v
        return d


# ruleset codes used in the hot path
_KIOWA, _CULIN, _PRINTABLE, _GLOBE = 0, 1, 2, 3
_CODES = {"kiowa": _KIOWA, "culin": _CULIN, "printable": _PRINTABLE, "globe": _GLOBE}
_KINFO: dict = {}


def _kinfo(options: Options) -> tuple:
    info = _KINFO.get(options)
    if info is None:
        rules = RULESETS[options.ruleset]
        info = (
            _CODES[rules.name],
            VALUES[rules.table],
            EXTRAS[rules.table],
            options.gully == "cross",
            PATH_TABLES[rules.name],
        )
        _KINFO[options] = info
    return info


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

    def __init__(
        self, options, awls, counters, to_move, winner=None, skip=(False, False), throws_made=(0, 0)
    ):
        options = _options(options)
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
    def start(cls, options=None, **kwargs) -> State:
        """The start of a game: ``State.start(Options(...))``, ``State.start("globe")``,
        ``State.start({"ruleset": "printable", "gully": "cross"})`` or keyword options."""
        if options is None:
            options = Options(**kwargs)
        elif kwargs:
            options = Options.from_dict({**_options(options).to_dict(), **kwargs})
        options = _options(options)
        start = RULESETS[options.ruleset].start
        n = options.counters
        return cls(options, (start, start), (n, n), 0)

    def __setattr__(self, name, value):
        raise AttributeError("State is immutable")

    def __delattr__(self, name):
        raise AttributeError("State is immutable")

    def _key(self):
        return (
            self.options,
            self.awls,
            self.counters,
            self.to_move,
            self.winner,
            self.skip,
            self.throws_made,
        )

    def __eq__(self, other):
        if isinstance(other, State):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"State(ruleset={self.options.ruleset!r}, awls={self.awls}, counters={self.counters}, "
            f"to_move={self.to_move}, winner={self.winner}, skip={self.skip})"
        )

    def __reduce__(self):
        return (_rebuild, self._key())

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def outcome(self):
        """``Outcome(winner, "no-counters")`` once finished, else None."""
        return None if self.winner is None else Outcome(self.winner, "no-counters")

    @property
    def physical(self) -> tuple:
        """Both awls' spaces in side 0's numbering (what the board drawing uses)."""
        return (self.awls[0], physical_space(self.options.ruleset, 1, self.awls[1]))

    def to_dict(self) -> dict:
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

    def chance_outcomes(self, p=HALF) -> list:
        """[(throw, probability)] for the next throw (empty once finished); sums to 1."""
        if self.winner is not None:
            return []
        p = parse_bias(p)
        q = 1 - p
        return [(t, p**t.marked * q ** (4 - t.marked)) for t in Throw._ALL]

    def play(self, throw) -> tuple:
        """Play one throw: ``(next_state, [Event, ...])``. GameOverError once finished."""
        events: list = []
        return self._advance(throw, events), events

    def advance(self, throw) -> State:
        """Like :meth:`play` without building the events (for simulations)."""
        return self._advance(throw, None)

    # ------------------------------------------------------------------ the rules
    def _advance(self, throw, ev):
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
        rcode, values, extras, cross, paths = self._k
        code = throw.code
        v = values[code]
        extra = extras[code]
        other = 1 - side
        awls = list(self.awls)
        counters = list(self.counters)
        skip = list(self.skip)
        s = awls[side]
        t = s + v
        winner = None
        end_turn = False  # the turn ends now: an extra throw earned is lost
        pass_now = False  # globe: the turn passes at once to a side captured in a ravine
        if ev is not None:
            ev.append(_tnew(Event, ("throw", side, throw._text, v, extra) + _N8))

        if rcode == _KIOWA:
            if t == 20 or t == 40:
                if ev is not None:
                    ev.append(_tnew(Event, ("move", side, None, v, None, s, t, paths[s][v]) + _N5))
                awls[side] = 1
                counters[side] -= 1
                counters[other] += 1
                if ev is not None:
                    ev.append(
                        Event(
                            "creek",
                            side,
                            from_space=t,
                            to_space=1,
                            payer=side,
                            counters=tuple(counters),
                        )
                    )
                if counters[side] == 0:
                    winner = other
            else:
                if t > 40:
                    t -= 40
                    if ev is not None:
                        ev.append(
                            _tnew(Event, ("move", side, None, v, None, s, t, paths[s][v]) + _N5)
                        )
                    counters[other] -= 1
                    counters[side] += 1
                    if ev is not None:
                        ev.append(Event("circuit", side, payer=other, counters=tuple(counters)))
                    if counters[other] == 0:
                        winner = side
                elif ev is not None:
                    ev.append(_tnew(Event, ("move", side, None, v, None, s, t, paths[s][v]) + _N5))
                awls[side] = t
                if winner is None and awls[other] == 41 - t:
                    winner = self._hit("whip", side, other, 1, awls, counters, ev)

        elif rcode == _CULIN:
            if t > 40:
                if ev is not None:
                    ev.append(Event("no-move", side, value=v, from_space=s, reason="past-40"))
            else:
                if ev is not None:
                    ev.append(_tnew(Event, ("move", side, None, v, None, s, t, paths[s][v]) + _N5))
                if t == 40:
                    awls[side] = 1
                    counters[other] -= 1
                    counters[side] += 1
                    if ev is not None:
                        ev.append(
                            Event(
                                "lap",
                                side,
                                from_space=40,
                                to_space=1,
                                payer=other,
                                counters=tuple(counters),
                            )
                        )
                    if counters[other] == 0:
                        winner = side
                else:
                    awls[side] = t
                    if awls[other] == 41 - t:
                        winner = self._hit("whip", side, other, 1, awls, counters, ev)
                    if winner is None and t == 20:
                        awls[side] = 1
                        counters[side] -= 1
                        counters[other] += 1
                        if ev is not None:
                            ev.append(
                                Event(
                                    "creek",
                                    side,
                                    from_space=20,
                                    to_space=1,
                                    payer=side,
                                    counters=tuple(counters),
                                )
                            )
                        if counters[side] == 0:
                            winner = other

        elif rcode == _PRINTABLE:
            if t >= 28:
                if ev is not None:
                    ev.append(_tnew(Event, ("move", side, None, v, None, s, 0, paths[s][v]) + _N5))
                awls[0] = awls[1] = 0
                counters[other] -= 1
                counters[side] += 1
                if ev is not None:
                    ev.append(
                        Event(
                            "lap",
                            side,
                            from_space=0,
                            to_space=0,
                            target=other,
                            target_space=0,
                            payer=other,
                            counters=tuple(counters),
                        )
                    )
                if counters[other] == 0:
                    winner = side
            else:
                if ev is not None:
                    ev.append(_tnew(Event, ("move", side, None, v, None, s, t, paths[s][v]) + _N5))
                if t == 14:
                    awls[side] = 0
                    counters[side] -= 1
                    counters[other] += 1
                    if ev is not None:
                        ev.append(
                            Event(
                                "torrent",
                                side,
                                from_space=14,
                                to_space=0,
                                payer=side,
                                counters=tuple(counters),
                            )
                        )
                    if counters[side] == 0:
                        winner = other
                elif t == 7 or t == 21:
                    if cross:
                        if ev is not None:
                            ev.append(Event("gully", side, to_space=t, reason="cross"))
                        t = 28 - t
                        if ev is not None:
                            ev.append(Event("cross", side, from_space=28 - t, to_space=t))
                        awls[side] = t
                        if awls[other] == 28 - t:
                            winner = self._hit("whip", side, other, 0, awls, counters, ev)
                    else:
                        if ev is not None:
                            ev.append(Event("gully", side, to_space=t, reason="lose-throw"))
                        awls[side] = t
                        if awls[other] == 28 - t:
                            winner = self._hit("whip", side, other, 0, awls, counters, ev)
                        if winner is None:
                            if extra:
                                end_turn = True
                                if ev is not None:
                                    ev.append(Event("lost-throw", side, reason="extra-throw"))
                            else:
                                skip[side] = True
                                if ev is not None:
                                    ev.append(Event("lost-throw", side, reason="next-turn"))
                else:
                    awls[side] = t
                    if awls[other] == 28 - t:
                        winner = self._hit("whip", side, other, 0, awls, counters, ev)

        else:  # globe
            if t == 28 or t == 14:
                if ev is not None:
                    ev.append(
                        _tnew(Event, ("move", side, None, v, None, s, t % 28, paths[s][v]) + _N5)
                    )
                awls[side] = 1
                counters[side] -= 1
                counters[other] += 1
                if ev is not None:
                    ev.append(
                        Event(
                            "river",
                            side,
                            from_space=t % 28,
                            to_space=1,
                            payer=side,
                            counters=tuple(counters),
                        )
                    )
                if counters[side] == 0:
                    winner = other
            else:
                if t >= 29:
                    t -= 28
                    if ev is not None:
                        ev.append(
                            _tnew(Event, ("move", side, None, v, None, s, t, paths[s][v]) + _N5)
                        )
                    counters[other] -= 1
                    counters[side] += 1
                    awls[other] = 1
                    if ev is not None:
                        ev.append(
                            Event(
                                "lap",
                                side,
                                to_space=t,
                                target=other,
                                target_space=1,
                                payer=other,
                                counters=tuple(counters),
                            )
                        )
                    if counters[other] == 0:
                        winner = side
                elif ev is not None:
                    ev.append(_tnew(Event, ("move", side, None, v, None, s, t, paths[s][v]) + _N5))
                awls[side] = t
                if winner is None and awls[other] == 28 - t:
                    in_ravine = t == 7 or t == 21  # the other awl's own 21 or 7
                    winner = self._hit(
                        "capture",
                        side,
                        other,
                        1,
                        awls,
                        counters,
                        ev,
                        "in-ravine" if in_ravine else None,
                    )
                    if winner is None and in_ravine:
                        pass_now = True
                        if skip[other]:
                            skip[other] = False
                            if ev is not None:
                                ev.append(Event("skip-cancelled", other, reason="captured"))
                if winner is None and (t == 7 or t == 21):
                    end_turn = True
                    if ev is not None:
                        ev.append(Event("ravine", side, to_space=t))
                        if extra:
                            ev.append(Event("lost-throw", side, reason="extra-throw"))
                        ev.append(Event("lost-throw", side, reason="next-turn"))
                    skip[side] = True

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

    @staticmethod
    def _hit(kind, side, other, home, awls, counters, ev, reason=None):
        """Whip/capture the other awl: back to its ``home``, its side pays 1. Returns the winner."""
        awls[other] = home
        counters[other] -= 1
        counters[side] += 1
        if ev is not None:
            ev.append(
                Event(
                    kind,
                    side,
                    target=other,
                    target_space=home,
                    to_space=awls[side],
                    payer=other,
                    counters=(counters[0], counters[1]),
                    reason=reason,
                )
            )
        return side if counters[other] == 0 else None


def _options(options) -> Options:
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


def _rebuild(options, awls, counters, to_move, winner, skip, throws_made):
    return State(options, awls, counters, to_move, winner, skip, throws_made)
