"""The one game API both games offer, on OpenSpiel's model (``pyspiel.State``).

A game in progress, whichever it is, answers the same small set of questions and takes the
same few orders, so that code written once (a random playthrough, a conformance test, a
search that needs nothing of the rules) runs over every ruleset of both games:

* who acts: :meth:`GameState.current_player` is 0 or 1 (the side whose turn it is), or
  :data:`CHANCE` when the next action is drawn by chance, or :data:`TERMINAL` once the game
  is over. In Zohn Ahl every action is a throw of the sticks, which chance decides and no
  side chooses: the game is a chance node until it ends (OpenSpiel's kuhn_poker deals its
  cards the same way), and the side whose throw it is, is the state's ``to_move``. In
  Awithlaknannai chance plays no part: a side always acts;
* :meth:`GameState.legal_actions` at a side's node (empty at a chance node and at the end),
  with :meth:`GameState.notation` of each (the text the records and the page show) and
  :meth:`GameState.parse_action` to read that text back;
* :meth:`GameState.chance_outcomes` at a chance node: each outcome with its exact
  probability (Zohn Ahl's sixteen throws at the game's stick bias; they sum to 1); empty
  elsewhere, and always in Awithlaknannai;
* :meth:`GameState.apply` an action (one of the legal actions or chance outcomes; as in
  OpenSpiel it is not checked again), :meth:`GameState.undo` the last one,
  :meth:`GameState.clone` a copy that plays on independently;
* :attr:`GameState.finished` and :meth:`GameState.outcome` (an
  :class:`~engine.core.Outcome`, None until the end); ``str(game)`` is the text form of the
  current position (the game's own position or state notation, which its ``parse`` reads).

OpenSpiel's names are kept where the project had none (``current_player``,
``legal_actions``, ``chance_outcomes``, ``clone``); the rest keep the project's (``apply``
and ``undo`` for ``apply_action`` and ``undo_action``, ``finished`` and ``outcome`` for
``is_terminal`` and ``returns``: a two-sided game's result is its winner or a draw, and why).
:func:`random_playthrough` is OpenSpiel's ``random_playout`` (``python/test_utils.py``),
written against this surface only.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Protocol, TypeVar, runtime_checkable

from engine.core import Outcome
from engine.rng import Rng

__all__ = ["CHANCE", "TERMINAL", "GameState", "random_playthrough", "sample_chance"]

CHANCE = -1
""":meth:`GameState.current_player` at a chance node (OpenSpiel's ``PlayerId.CHANCE``)."""

TERMINAL = -4
""":meth:`GameState.current_player` once the game is over (OpenSpiel's ``PlayerId.TERMINAL``)."""

A = TypeVar("A", bound=Hashable)
G = TypeVar("G", bound="GameState[Hashable]")


@runtime_checkable
class GameState(Protocol[A]):
    """A game in progress under one ruleset, as both games offer it (see the module)."""

    def current_player(self) -> int:
        """0 or 1, the side to act; :data:`CHANCE` at a chance node; :data:`TERMINAL` at the end."""
        ...

    def legal_actions(self) -> list[A]:
        """The actions the side to act may choose, in a stable order (empty at a chance node
        and once the game is over)."""
        ...

    def chance_outcomes(self) -> list[tuple[A, Fraction]]:
        """At a chance node, every outcome with its probability (they sum to 1); else empty."""
        ...

    def notation(self, action: A) -> str:
        """``action``'s text in the current position (one of the legal actions or chance
        outcomes): what a record writes and the page shows."""
        ...

    def parse_action(self, text: str) -> A:
        """The action written ``text`` here; an :class:`~engine.core.EngineError` quoting
        it when it is not one."""
        ...

    def apply(self, action: A) -> None:
        """Make ``action`` (one of :meth:`legal_actions` or of :meth:`chance_outcomes`)."""
        ...

    def undo(self) -> A:
        """Take back the last action and return it (IndexError at the start)."""
        ...

    def clone(self: G) -> G:
        """A copy that plays on without changing this one."""
        ...

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, None while it goes on."""
        ...


def sample_chance(outcomes: list[tuple[A, Fraction]], rng: Rng) -> A:
    """One of ``outcomes`` drawn by ``rng`` at its exact probability (a uniform fraction
    with 53 bits against the running total; the same rng gives the same draws)."""
    u = Fraction(rng.next_u64() >> 11, 1 << 53)
    total = Fraction(0)
    for action, probability in outcomes:
        total += probability
        if u < total:
            return action
    return outcomes[-1][0]


def random_playthrough(game: GameState[A], rng: Rng, max_actions: int) -> list[A]:
    """Play on ``game`` until it ends or ``max_actions`` have been made: at a side's turn a
    legal action drawn uniformly by ``rng``, at a chance node an outcome drawn at its
    probability (:func:`sample_chance`). Returns the actions made (``undo`` takes them back)."""
    made: list[A] = []
    while len(made) < max_actions and not game.finished:
        if game.current_player() == CHANCE:
            action = sample_chance(game.chance_outcomes(), rng)
        else:
            legal = game.legal_actions()
            action = legal[rng.below(len(legal))]
        game.apply(action)
        made.append(action)
    return made
