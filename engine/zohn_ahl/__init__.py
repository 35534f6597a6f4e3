"""Zohn Ahl, the Kiowa awl game: four rulesets reconstructed from records made around 1900.

Zohn Ahl is played by Kiowa women and girls; the engine plays four *readings* of it, each
a reconstruction from outsiders' accounts (Culin, Mooney) or modern rules sheets, as
fixed in ``spec/zohn-ahl.md``: ``kiowa`` (Wikipedia's account, the default),
``culin`` (Culin 1898 as the Digital Ludeme Project reads it), ``printable`` (a 28-space
printable board; option ``gully``: ``lose-throw`` or ``cross``) and ``globe`` (Le Globe
Joueur's French rules). Each :class:`Ruleset` lists its sources and every choice made
where the source is silent (``RULESETS[name].choices``).

Public API::

    Throw, TABLES, value, earns_extra, throw_probabilities, value_probabilities,
    extra_throw_probability, marked_probabilities, event_probability, parse_bias,
    seeded_throw, throws_from_seed                                 (throws.py)
    Ruleset, RULESETS, get_ruleset, Options, physical_space, own_space, path  (rulesets.py)
    State, Event, EVENT_KINDS, Game (the one game API)             (game.py)
    Record                                                         (record.py)
    cli.main(argv)                                                 (cli.py)

Quick start::

    >>> from engine.zohn_ahl import State, Options
    >>> state = State.start(Options(ruleset="kiowa", counters=4))
    >>> state, events = state.play("1111")       # four marks: 6, throw again
    >>> state.awls, state.to_move
    ((7, 1), 0)

Events
======

``state.play(throw)`` returns ``(next_state, events)``; the events narrate the throw in
order; :func:`engine.zohn_ahl.narration.narrate` tells them as phrases of the word tables,
which the page says in English or French. Each
:class:`Event` has ``kind`` and ``side`` (the side the event is about) and, depending on
the kind, some of the fields ``throw``, ``value``, ``extra``, ``from_space``,
``to_space``, ``path``, ``target``, ``target_space``, ``payer``, ``counters``, ``reason``
(None when unused; ``Event.to_dict()`` leaves unused fields out). Spaces are in the own
numbering of the side concerned (``side`` for ``from_space``/``to_space``/``path``,
``target`` for ``target_space``); ``physical_space(ruleset, side, own)`` converts to side
0's numbering, which the board drawing uses. ``counters`` is always the pair of counters
**after** the payment the event describes, and ``payer`` the side that paid one counter
to the other.

Every throw produces, in this order:

``throw``           side, throw ("0001"), value (spaces), extra (True if the table gives
                    another throw; board effects may still cancel it).
``move``            side, from_space, to_space (where the awl lands, before any effect),
                    value, path (the own spaces passed through, one by one; the last is
                    to_space). kiowa: a move past 40 wraps to 1.. (a circuit, below);
                    printable: a move reaching or passing the start stops at 0; globe: a
                    move past 27 wraps through 0.
  or ``no-move``    (culin only) side, from_space, value, reason="past-40": the throw would
                    pass space 40, so the awl stays; the throw still counts for throwing
                    again.

then the effects that apply, in the order they happen:

``creek``           (kiowa, culin) side, from_space (20 or 40), to_space=1, payer=side,
                    counters: the awl fell into the creek, back to its space 1, one counter
                    to the other side.
``torrent``         (printable) side, from_space=14, to_space=0, payer=side, counters: down
                    the north torrent, back to the south creek.
``river``           (globe) side, from_space (14 or 0), to_space=1, payer=side, counters:
                    fell into the north or south river, back to the start.
``circuit``         (kiowa) side, payer=other side, counters: the awl passed its space 40:
                    a counter from the other side; the awl moves on (``move.to_space``).
``lap``             (culin) side, from_space=40, to_space=1, payer, counters: the lap ends
                    on 40, the awl starts again from 1.
                    (printable) side, from_space=0, to_space=0, target, target_space=0,
                    payer, counters: the awl reached or passed the start: both awls go
                    back to the south creek, a new lap begins.
                    (globe) side, to_space (where the awl stays), target, target_space=1,
                    payer, counters: the lap is done; the other awl goes back to its own
                    space 1.
``whip``            (kiowa, culin, printable) side (the whipper), to_space (where it
                    happens, whipper's numbering), target (the whipped side),
                    target_space (its start: 1, or 0 on the printable board), payer=target,
                    counters.
``capture``         (globe) the same fields as ``whip``; reason="in-ravine" when the
                    captured awl stood in a ravine (then its side takes the turn at once).
``gully``           (printable) side, to_space (7 or 21), reason ("lose-throw" or "cross").
``cross``           (printable, gully cross) side, from_space, to_space: crossed the dry
                    gully to the other one (7 -> 21 or 21 -> 7).
``ravine``          (globe) side, to_space (7 or 21): the awl fell into a ravine; the turn
                    ends at once and the next turn is due to be skipped.
``lost-throw``      side, reason: "extra-throw" (the extra throw this throw earned is lost,
                    the turn ends) or "next-turn" (the side's next turn is due to be
                    skipped; ``state.skip[side]`` becomes True). A globe ravine after a
                    throw that earned another gives both, in that order.
``skip-cancelled``  side, reason: "captured" (globe: an awl captured in a ravine no longer
                    misses its turn) or "both-due" (both sides were due a skip: both are
                    used up; one event per side).
``win``             side (the winner), counters: the other side has no counter left. It is
                    the last event; nothing is thrown after.

and, unless the game was won, the end of the throw:

``extra-throw``     side: the same side throws again (its table said so, nothing ended
                    the turn).
``skip``            side: that side's turn is skipped now (its skip is used up); the turn
                    passes straight back.
``turn``            side (who throws next), reason: "extra-throw", "passed" (the turn
                    passes to the other side), "skip" (back to the same side because the
                    other's turn is skipped), "both-skips" (both skips used up; the other
                    side throws), "captured-in-ravine" (globe: the captured side throws
                    at once). Exactly one ``turn`` event ends every throw that does not
                    end the game.

Narration examples: ``throw(1111, value 6, extra)`` + ``move`` + ``extra-throw`` = "Four
marks up: six, throw again"; ``move(to 20)`` + ``creek(payer 0)`` = "Red lands on the
near bank of the creek and falls in: back to the start, one counter to Green".

Random and seeded throws: :meth:`Throw.random` (with an :class:`engine.rng.Rng`) and
:func:`seeded_throw` (seed, index, bias) give the same throws in CPython and Pyodide.
"""

from engine.rng import Rng
from engine.zohn_ahl.game import EVENT_KINDS, Event, Game, State
from engine.zohn_ahl.record import Record
from engine.zohn_ahl.rulesets import (
    GULLY_OPTIONS,
    MAX_COUNTERS,
    MIN_COUNTERS,
    RULESETS,
    Options,
    Ruleset,
    get_ruleset,
    own_space,
    path,
    physical_space,
)
from engine.zohn_ahl.throws import (
    TABLES,
    Throw,
    earns_extra,
    event_probability,
    extra_throw_probability,
    marked_probabilities,
    parse_bias,
    seeded_throw,
    throw_probabilities,
    throws_from_seed,
    value,
    value_probabilities,
)

__all__ = [
    "Rng",
    "Throw",
    "TABLES",
    "value",
    "earns_extra",
    "throw_probabilities",
    "value_probabilities",
    "extra_throw_probability",
    "marked_probabilities",
    "event_probability",
    "parse_bias",
    "seeded_throw",
    "throws_from_seed",
    "Ruleset",
    "RULESETS",
    "get_ruleset",
    "Options",
    "physical_space",
    "own_space",
    "path",
    "GULLY_OPTIONS",
    "MIN_COUNTERS",
    "MAX_COUNTERS",
    "State",
    "Game",
    "Event",
    "EVENT_KINDS",
    "Record",
]
