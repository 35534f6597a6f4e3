"""What both games share: the error types and the outcome of a finished game.

Every error raised for bad input is an :class:`EngineError`; its message quotes the
offending input and says what is wrong with it, so the command line, the page and the
site build can show it as it is. ``where`` tells where the input came from when the
caller knows (for example ``"throw 3"`` or ``"move 12"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.view import OutcomeView


class EngineError(ValueError):
    """Base class of every error the engine raises for bad input."""

    kind = "input"

    def __init__(self, message: str, *, input: object = None, where: str | None = None):
        self.input = input
        self.where = where
        self.reason = message
        super().__init__(f"{where}: {message}" if where else message)

    def located(self, where: str) -> EngineError:
        """Return a copy of this error that also says where the bad input stood."""
        return type(self)(self.reason, input=self.input, where=where)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": type(self).__name__,
            "kind": self.kind,
            "message": str(self),
            "input": None if self.input is None else str(self.input),
            "where": self.where,
        }


def quote(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters, as an error message quotes bad
    input (a long number says how long it is instead of being cut)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"a {len(str(abs(value)))}-digit number"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class RulesetError(EngineError):
    """An unknown ruleset name."""

    kind = "ruleset"


class OptionError(EngineError):
    """An option with an unknown name or a value out of range."""

    kind = "option"


class ThrowError(EngineError):
    """A malformed Zohn Ahl throw (not four characters of 0 and 1)."""

    kind = "throw"


class MoveError(EngineError):
    """A malformed or illegal Awithlaknannai move."""

    kind = "move"


class PositionError(EngineError):
    """A malformed or impossible position."""

    kind = "position"


class RecordError(EngineError):
    """A malformed game record (saved game, link)."""

    kind = "record"


class GameOverError(EngineError):
    """A throw or move after the game has ended."""

    kind = "game-over"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is 0, 1 or None (a draw), ``reason`` a short code."""

    winner: int | None
    reason: str

    def to_dict(self) -> OutcomeView:
        return {"winner": self.winner, "reason": self.reason}
