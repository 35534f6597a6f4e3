"""A Zohn Ahl game as the page plays it: replayed once from its record, then thrown on.

:class:`ZohnAhlSession` is what a protocol command works on (``spec/protocol.md``): the
record, every state (from :meth:`Record.play_through`, the game's one replay), the events of
the throws the reply shows, and :meth:`ZohnAhlSession.view`, the game as the reply carries
it. The session holds no state beyond one request: the protocol keeps the game of the
last record (:mod:`engine.protocol.replays`, from :meth:`ZohnAhlSession.snapshot`).
"""

from __future__ import annotations

import os
from typing import cast

from engine.core import GameOverError
from engine.session import Session
from engine.view import EventView, Phrase, StateView, ZohnAhlLogRow, ZohnAhlTurn, ZohnAhlView
from engine.zohn_ahl.game import Event, State
from engine.zohn_ahl.narration import narrate
from engine.zohn_ahl.record import Record
from engine.zohn_ahl.rulesets import RULESETS
from engine.zohn_ahl.throws import Throw, value

# The view's lists that grow by one entry a throw (engine.session.Session.PER_MOVE).
PER_MOVE = ("states", "turns", "events_by_throw", "log")

#: The members of each side's team, who take turns throwing (the protocol's ``teams``).
Teams = tuple[tuple[str, ...], tuple[str, ...]]


def fresh_seed() -> int:
    """A random seed for a game whose record has none (63 bits, as the protocol's seeds)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


class ZohnAhlSession(Session):
    """A Zohn Ahl game replayed once from its record: every state, and the events of every
    throw from number ``first`` on (the view's ``since``; 0: all of them).

    Each command builds its reply from this one pass; a new throw extends it in place.
    """

    GAME = "zohn-ahl"
    PER_MOVE = PER_MOVE

    def __init__(
        self, record: Record, states: list[State], events: list[list[Event]], first: int
    ) -> None:
        self.record = record
        self.states = states  # index 0 the start, i the state after throw i
        self.events = events  # events[i]: the events of throw first + i + 1
        self.first = first

    @classmethod
    def replay(cls, record: Record, first: int = 0) -> ZohnAhlSession:
        """Replay ``record`` in one pass, keeping the events of the throws from ``first`` on."""
        states, events = record.play_through(first)
        return cls(record, states, events, min(first, len(record.throws)))

    @classmethod
    def from_text(cls, text: str, first: int = 0) -> ZohnAhlSession:
        """The game of the record ``text``, replayed."""
        return cls.replay(Record.parse(text), first)

    def snapshot(self) -> tuple[Record, tuple[State, ...]]:
        """The record and every state (immutable values), to :meth:`resume`."""
        return (self.record, tuple(self.states))

    @classmethod
    def resume(cls, snapshot: object, first: int = 0) -> ZohnAhlSession:
        """The session of a :meth:`snapshot`, not replayed: the events of the throws from
        ``first`` on are worked out again from their states."""
        record, states = cast(tuple[Record, tuple[State, ...]], snapshot)
        session = cls(record, list(states), [], len(record.throws))
        session.keep_from(first)
        return session

    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def made(self) -> int:
        return len(self.record.throws)

    def to_move(self) -> int | None:
        return self.states[-1].to_move

    def build_from(self, first: int) -> None:
        """The events of the throws from ``first`` on, worked out again from their states."""
        throws, states = self.record.throws, self.states
        earlier = [states[i].play(throws[i])[1] for i in range(first, self.first)]
        self.events[:0] = earlier
        self.first = first

    def ensure_playable(self) -> None:
        """GameOverError once the game is won: no more throws."""
        state = self.state
        if state.finished:
            raise GameOverError(f"the game is over: side {state.winner} has won; no more throws")

    def throw(self, throw: Throw | None = None) -> list[Event]:
        """Play ``throw`` (None: the next throw drawn from the record's seed, a fresh seed
        being written into the record first when it has none); the record grows by it.
        Returns its events; GameOverError once the game is won."""
        self.ensure_playable()
        if throw is None:
            record = self.record
            if record.seed is None:
                self.record = Record(record.options, record.throws, fresh_seed(), record.bias)
            throw = self.record.next_seeded_throw()
        state, events = self.state.play(throw)
        self.states.append(state)
        self.events.append(events)
        self.record = self.record.append(throw)
        return events

    def take_back(self) -> None:
        r = self.record
        self.record = Record(r.options, r.throws[:-1], r.seed, r.bias)
        self.states.pop()
        self.events.pop()

    def tell_throw(self, view: ZohnAhlView, events: list[Event]) -> None:
        """Add to ``view`` what the reply says of the throw just made (its ``events``, which
        the view's ``events_by_throw`` ends with, are not repeated): the throw, its value,
        the side, the awl's path in the mover's numbering and where it started."""
        side = self.states[-2].to_move
        assert side is not None, "a throw is made by the side to move"
        from_own = self.states[-2].awls[side]
        throw = self.record.throws[-1]
        ruleset = self.record.options.ruleset
        own_path: list[int] = []
        for event in events:
            if event.kind == "move" and event.path:
                own_path = list(event.path)
                break
        view["throw"] = str(throw)
        view["value"] = value(throw, RULESETS[ruleset].table)
        view["side"] = side
        view["path"] = own_path
        view["from_space"] = from_own

    def view(
        self, lang: str | None = None, since: int | None = None, teams: Teams | None = None
    ) -> ZohnAhlView:
        """The game's view (``spec/protocol.md``), with ``svg``, the board drawn in
        ``lang``, when a language is given; with ``since``, the per-throw lists start at
        that throw; with ``teams``, each turn names the member who throws."""
        record, state = self.record, self.state
        first = self.tail(since)
        text = str(record)
        events: list[list[EventView]] = [
            [e.to_dict() for e in throw] for throw in self.events[first - self.first :]
        ]
        states = [st.to_dict() for st in self.states[first:]]
        turns = [turn(st, teams) for st in states]
        view: ZohnAhlView = {
            "game": "zohn-ahl",
            "record": text,
            "options": record.options.to_dict(),
            "seed": record.seed,
            "bias": None if record.bias is None else str(record.bias),
            "state": state.to_dict(),
            "thrown": len(record.throws),
            "events_by_throw": events,
            "states": states,
            "turns": turns,
            "log": [log_row(ev, turns[i]) for i, ev in enumerate(events)],
            "per_move": list(self.PER_MOVE),
        }
        if since is not None:
            view["since"] = first
        if lang is not None:
            from engine.zohn_ahl.svg import board_svg

            view["svg"] = board_svg(record.options, state, lang=lang)
        return view


def turn(state: StateView, teams: Teams | None = None) -> ZohnAhlTurn:
    """Whose throw it is in ``state``, and the caption that says so: the winner once the
    game is over; with ``teams``, the member of the side's team whose turn it is (the
    members take turns by the side's count of throws made)."""
    winner = state["winner"]
    if winner is not None:
        return {"side": None, "caption": {"key": "wins", "values": {"name": _name(winner)}}}
    side = state["to_move"]
    assert side is not None, "a game not over has a side to move"
    if teams is None:
        return {"side": side, "caption": {"key": "toThrow", "values": {"name": _name(side)}}}
    members = teams[side]
    member = members[state["throws_made"][side] % len(members)]
    caption: Phrase = {"key": "toThrowTeam", "values": {"team": _name(side), "member": member}}
    return {"side": side, "member": member, "caption": caption}


def log_row(events: list[EventView], before: ZohnAhlTurn) -> ZohnAhlLogRow:
    """The log's row of the throw of ``events``, made on the turn ``before``."""
    throw = events[0]
    assert throw["kind"] == "throw" and throw["side"] is not None, "a throw's events start so"
    side = throw["side"]
    thrower: Phrase = {"key": "who", "values": {"name": _name(side)}}
    row: ZohnAhlLogRow = {
        "throw": throw.get("throw", ""),
        "side": side,
        "thrower": thrower,
        "narration": narrate(events),
    }
    if "member" in before:
        row["member"] = before["member"]
        row["thrower"] = {
            "key": "whoTeam",
            "values": {"name": _name(side), "member": before["member"]},
        }
    return row


def _name(side: int) -> Phrase:
    return {"key": f"sideName.{side}"}
