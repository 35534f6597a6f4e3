"""The one shape of a game as a protocol command works on it, whichever the game.

A session is a game replayed once from its record (or resumed from the protocol's cache,
:mod:`engine.protocol.replays`), then played on by the command. Its view
(``spec/protocol.md``) carries lists that grow by one entry a move or a throw (the game's
``PER_MOVE``); a request with ``since`` (the number of entries the page already holds) is
answered with those lists from that entry on, and the view says so (``since``). What that
takes is written here once, for both games:

* :meth:`Session.keep_from`: the entries from number ``first`` on are at hand (a session
  builds only the entries a reply shows; an earlier ``since`` makes it build the missing
  ones, :meth:`Session.build_from`);
* :meth:`Session.tail`: where the reply's lists start, for the request's ``since``;
* :meth:`Session.undo`: take back the last move or throw, or back to a side's turn.

Each game's session (:class:`engine.awithlaknannai.session.AwithlaknannaiSession`,
:class:`engine.zohn_ahl.session.ZohnAhlSession`) says how many moves or throws its game
has (:attr:`Session.made`), whose turn it is, how to build its entries and take one back,
and how to snapshot and resume itself.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar, TypeVar

__all__ = ["Session"]

S = TypeVar("S", bound="Session")


class Session(ABC):
    """A game replayed once, with the entries of its view's lists from ``first`` on."""

    #: The protocol's name of the game (``"awithlaknannai"``, ``"zohn-ahl"``).
    GAME: ClassVar[str]
    #: The view's lists that grow by one entry a move or throw (the last holds one entry
    #: per move or throw); the page joins a ``since`` reply's lists to its own by these names.
    PER_MOVE: ClassVar[tuple[str, ...]]

    first: int
    """The number of the first move or throw whose entries are at hand."""

    # -- what each game says -----------------------------------------------------------

    @property
    @abstractmethod
    def made(self) -> int:
        """How many moves or throws the game has."""

    @abstractmethod
    def to_move(self) -> int | None:
        """The side whose turn it is (None once the game is over)."""

    @abstractmethod
    def build_from(self, first: int) -> None:
        """Build the entries of the moves or throws from ``first`` (below :attr:`first`)
        up to :attr:`first`, and make ``first`` the first at hand."""

    @abstractmethod
    def take_back(self) -> None:
        """Take back the last move or throw and its entry (one is at hand)."""

    @abstractmethod
    def snapshot(self) -> object:
        """The game as it stands, in immutable values or copies, to :meth:`resume`."""

    @classmethod
    @abstractmethod
    def from_text(cls: type[S], text: str, first: int = 0) -> S:
        """The game of the record ``text``, replayed, its entries from ``first`` on."""

    @classmethod
    @abstractmethod
    def resume(cls: type[S], snapshot: object, first: int = 0) -> S:
        """The session of a :meth:`snapshot`, not replayed, its entries from ``first`` on."""

    # -- written once ------------------------------------------------------------------

    def keep_from(self, first: int) -> None:
        """Make sure the entries of every move or throw from number ``first`` on are at hand."""
        first = min(first, self.made)
        if first < self.first:
            self.build_from(first)

    def tail(self, since: int | None) -> int:
        """The number of the first move or throw the view's lists show for a request with
        ``since`` (None: from the start), their entries made sure to be at hand."""
        first = 0 if since is None else min(since, self.made)
        self.keep_from(first)
        return first

    def undo(self, to_turn_of: int | None = None) -> None:
        """Take back the last move or throw (nothing at the start); with ``to_turn_of``, go
        on taking back until it is that side's turn (or the start): against the computer,
        back to the person's own turn."""
        while self.made:
            self.keep_from(self.made - 1)
            self.take_back()
            if to_turn_of is None or self.to_move() == to_turn_of:
                break
