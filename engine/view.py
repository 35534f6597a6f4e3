"""The view the protocol sends to the page, declared once as ``TypedDict``\\ s.

A game's view is what every command about a game replies with (``spec/protocol.md``, "The
Zohn Ahl view" and "The Awithlaknannai view"): the sessions build it
(:meth:`engine.zohn_ahl.session.ZohnAhlSession.view`,
:meth:`engine.awithlaknannai.session.AwithlaknannaiSession.view`), mypy --strict checks
that they build these shapes, and the page's JSDoc types are generated from them
(``types/view.d.ts``, written by ``tools/view_types.py``; a test checks that the file
in the repository is the one generated). Optional keys are ``NotRequired``. (No
``from __future__ import annotations`` here: the generator reads the optional keys from
the classes, which string annotations would hide.)
"""

from typing import Literal, NotRequired, TypedDict

__all__ = [
    "AwithlaknannaiView",
    "EventView",
    "MoveView",
    "OutcomeView",
    "Phrase",
    "SaidView",
    "SideView",
    "StateView",
    "View",
    "ZohnAhlLogRow",
    "ZohnAhlOptions",
    "ZohnAhlTurn",
    "ZohnAhlView",
]


class OutcomeView(TypedDict):
    """How a game ended: the winner (0, 1, or null for a draw) and the reason's code."""

    winner: int | None
    reason: str


class Phrase(TypedDict):
    """A sentence or a part of one, for the page to say in its language: ``key`` names an
    entry of the word table's ``page`` section (a dotted path, ``"narrate.move.other"``),
    ``values`` fills its placeholders (a number as it is, a string as text, a phrase by its
    own words: ``{"key": "sideName.0"}``)."""

    key: str
    values: NotRequired[dict[str, "int | float | str | Phrase"]]


# ---------------------------------------------------------------------- Zohn Ahl


class ZohnAhlOptions(TypedDict):
    """A game's options (``gully`` only for the rulesets that have it)."""

    ruleset: str
    counters: int
    gully: NotRequired[str]


class StateView(TypedDict):
    """The position between two throws (``State.to_dict()``)."""

    awls: list[int]
    counters: list[int]
    to_move: int | None
    winner: int | None
    skip: list[bool]
    throws_made: list[int]
    physical: list[int]
    finished: bool


class EventView(TypedDict):
    """One thing that happened during a throw (``Event.to_dict()``): ``kind`` and ``side``
    always, the other fields when the kind uses them (``engine.zohn_ahl``'s docstring)."""

    kind: str
    side: int | None
    throw: NotRequired[str]
    value: NotRequired[int]
    extra: NotRequired[bool]
    from_space: NotRequired[int]
    to_space: NotRequired[int]
    path: NotRequired[list[int]]
    target: NotRequired[int]
    target_space: NotRequired[int]
    payer: NotRequired[int]
    counters: NotRequired[list[int]]
    reason: NotRequired[str]


class ZohnAhlTurn(TypedDict):
    """Whose throw it is in a state: ``side`` (None once the game is over), the team member
    whose turn it is (``member``, when the game is played by teams) and the caption's words
    (who throws, or who has won)."""

    side: int | None
    member: NotRequired[str]
    caption: Phrase


class ZohnAhlLogRow(TypedDict):
    """One throw as the game's log shows it: the sticks (``throw``, ``"0101"``: 1 a stick
    fallen marked side up, the sahe last), the side that threw, the team member who threw
    (``member``, when the game is played by teams), the words that name the thrower
    (``thrower``: "Red:", or with teams "Red (Ann):") and the throw told in words."""

    throw: str
    side: int
    member: NotRequired[str]
    thrower: Phrase
    narration: list[Phrase]


class ZohnAhlView(TypedDict):
    """The view of a Zohn Ahl game."""

    game: Literal["zohn-ahl"]
    record: str
    options: ZohnAhlOptions
    seed: int | None
    bias: str | None
    state: StateView
    thrown: int
    events_by_throw: list[list[EventView]]
    log: list[ZohnAhlLogRow]
    states: list[StateView]
    turns: list[ZohnAhlTurn]
    per_move: list[str]
    since: NotRequired[int]
    svg: NotRequired[str]
    # after zohn-ahl.throw: the throw just made (ZohnAhlSession.tell_throw)
    throw: NotRequired[str]
    value: NotRequired[int]
    side: NotRequired[int]
    path: NotRequired[list[int]]
    from_space: NotRequired[int]


# ---------------------------------------------------------------------- Awithlaknannai


class SaidView(TypedDict):
    """A move announced: ``key``, its sentence in the word tables' ``moveSaid``, and the
    values the page fills in (``side``, the side that made it; ``move``, its notation;
    ``n``, the pieces it took)."""

    key: Literal["played", "playedTaking"]
    side: int
    move: str
    n: int


class MoveView(TypedDict):
    """A move as the view shows it: its notation in the position, its path and the points
    it leaps. In the history and a move just made also ``side``, the side that made it,
    ``number``, the move list's row it is in (the record's move number), and ``column``,
    the row's column it is written in (0: Black's, 1: White's), and ``said``, the words
    that announce it."""

    notation: str
    path: list[str]
    captured: list[str | None]
    side: NotRequired[int]
    number: NotRequired[int]
    column: NotRequired[int]
    said: NotRequired[SaidView]


class SideView(TypedDict):
    """One side of an Awithlaknannai game: its name's key in the word tables (``black``,
    ``white``) and the letter its pieces have in ``pieces`` and positions."""

    name: Literal["black", "white"]
    colour: Literal["B", "W"]


class AwithlaknannaiView(TypedDict):
    """The view of an Awithlaknannai game."""

    game: Literal["awithlaknannai"]
    record: str
    ruleset: str
    stall: str
    ply: int
    position: str
    start: str
    pieces: dict[str, Literal["B", "W"]]
    sides: list[SideView]
    starts: int
    to_move: int | None
    must_capture: bool
    legal: list[MoveView]
    finished: bool
    outcome: OutcomeView | None
    history: list[MoveView]
    per_move: list[str]
    counts: list[int]
    since: NotRequired[int]
    svg: NotRequired[str]
    # after awithlaknannai.play
    move: NotRequired[MoveView]


View = ZohnAhlView | AwithlaknannaiView
"""Either game's view; ``game`` tells which."""
