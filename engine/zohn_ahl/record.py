"""Game records: a game is its options plus its throws (and, optionally, its seed and bias).

Text form (PGN-like; :meth:`Record.parse` and ``str(record)`` are inverses)::

    [Game "zohn-ahl"]
    [Ruleset "kiowa"]
    [Counters "4"]
    [Gully "lose-throw"]      (printable only)
    [Seed "123456"]           (optional: the seed the page draws throws from)
    [Bias "1/3"]              (optional: the chance each stick shows its mark)

    1111 0000 1110

Headers come first, one per line, each at most once; every tag is optional (defaults:
kiowa, 4 counters, lose-throw, no seed, fair sticks) and unknown tags are errors. Throws
are separated by white space and may span several lines. Parse errors are
:class:`~engine.core.RecordError` quoting the bad part, with ``where`` saying
``"line N"`` or ``"throw N (line L)"``. :meth:`Record.parse` checks syntax only;
:meth:`Record.replay` also rejects a throw made after the game was over (RecordError,
``where="throw N"``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.core import EngineError, GameOverError, OptionError, RecordError, ThrowError, quote
from engine.zohn_ahl.game import Event, State, as_options
from engine.zohn_ahl.rulesets import RULESETS, Options
from engine.zohn_ahl.throws import HALF, Throw, parse_bias, seeded_throw

__all__ = ["Record", "HEADERS"]

HEADERS = ("Game", "Ruleset", "Counters", "Gully", "Seed", "Bias")
_HEADER = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"([^"\\]*)"\s*\]')
THROWS_PER_LINE = 16


MAX_SEED = 2**64 - 1


def _seed(value: object, where: str | None = None) -> int:
    """A record's seed: a whole number from 0 to 2**64 - 1 (RecordError otherwise)."""
    n = value
    if isinstance(value, str):
        text = value.strip()
        n = int(text) if text.isascii() and text.isdigit() and len(text) <= 20 else None
    if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_SEED:
        return n
    raise RecordError(
        f"{quote(value)} is not a seed: expected a whole number from 0 to 2**64-1",
        input=quote(value),
        where=where,
    )


@dataclass(frozen=True)
class Record:
    """``Record(options, throws, seed=None, bias=None)``; throws are normalised to Throw."""

    options: Options = field(default_factory=Options)
    throws: tuple[Throw, ...] = ()
    seed: int | None = None
    bias: Fraction | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", as_options(self.options))
        throws = []
        for i, t in enumerate(self.throws, 1):
            try:
                throws.append(t if isinstance(t, Throw) else Throw(t))
            except ThrowError as err:
                raise err.located(f"throw {i}") from None
        object.__setattr__(self, "throws", tuple(throws))
        if self.seed is not None:
            object.__setattr__(self, "seed", _seed(self.seed))
        if self.bias is not None:
            object.__setattr__(self, "bias", parse_bias(self.bias))

    # ----------------------------------------------------------------- text
    @classmethod
    def parse(cls, text: str) -> Record:
        if not isinstance(text, str):
            raise RecordError(f"{text!r} is not a record: expected text", input=text)
        headers: dict[str, str] = {}
        lines: dict[str, int] = {}
        throws: list[Throw] = []
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line:
                continue
            if line.startswith("["):
                where = f"line {lineno}"
                if throws:
                    raise RecordError(
                        f"header {line!r} comes after the throws: headers go first",
                        input=line,
                        where=where,
                    )
                m = _HEADER.fullmatch(line)
                if not m:
                    raise RecordError(
                        f'{line!r} is not a header: expected [Name "value"]',
                        input=line,
                        where=where,
                    )
                name, value = m.group(1), m.group(2)
                if name not in HEADERS:
                    raise RecordError(
                        f"unknown header {name!r} in {line!r}: expected one of "
                        f"{', '.join(HEADERS)}",
                        input=line,
                        where=where,
                    )
                if name in headers:
                    raise RecordError(
                        f"header {name!r} is given twice ({line!r})", input=line, where=where
                    )
                headers[name] = value
                lines[name] = lineno
                continue
            for token in line.split():
                n = len(throws) + 1
                try:
                    throws.append(Throw.parse(token))
                except ThrowError as err:
                    raise RecordError(
                        err.reason, input=token, where=f"throw {n} (line {lineno})"
                    ) from None
        if "Game" in headers and headers["Game"] != "zohn-ahl":
            raise RecordError(
                f'[Game {headers["Game"]!r}] is not a Zohn Ahl record: expected [Game "zohn-ahl"]',
                input=headers["Game"],
                where=f"line {lines['Game']}",
            )
        options = Options()
        for tag in ("Ruleset", "Counters", "Gully"):
            if tag in headers:
                try:
                    options = Options.from_dict({**options.to_dict(), tag.lower(): headers[tag]})
                except EngineError as err:
                    raise RecordError(
                        err.reason, input=headers[tag], where=f"line {lines[tag]}"
                    ) from None
        seed = None
        if "Seed" in headers:
            seed = _seed(headers["Seed"], where=f"line {lines['Seed']}")
        bias = None
        if "Bias" in headers:
            try:
                bias = parse_bias(headers["Bias"])
            except OptionError as err:
                raise RecordError(
                    err.reason, input=headers["Bias"], where=f"line {lines['Bias']}"
                ) from None
        return cls(options, tuple(throws), seed, bias)

    def headers(self) -> list[tuple[str, str]]:
        out = [
            ("Game", "zohn-ahl"),
            ("Ruleset", self.options.ruleset),
            ("Counters", str(self.options.counters)),
        ]
        if "gully" in RULESETS[self.options.ruleset].options:
            out.append(("Gully", self.options.gully))
        if self.seed is not None:
            out.append(("Seed", str(self.seed)))
        if self.bias is not None:
            out.append(("Bias", str(self.bias)))
        return out

    def __str__(self) -> str:
        text = "\n".join(f'[{k} "{v}"]' for k, v in self.headers())
        if self.throws:
            words = [str(t) for t in self.throws]
            rows = [
                " ".join(words[i : i + THROWS_PER_LINE])
                for i in range(0, len(words), THROWS_PER_LINE)
            ]
            text += "\n\n" + "\n".join(rows)
        return text

    # ----------------------------------------------------------------- play
    def play_through(self, events_from: int = 0) -> tuple[list[State], list[list[Event]]]:
        """The game's one replay: ``(states, events)``, ``states`` the start then the state
        after each throw, ``events[i]`` the events of throw ``events_from + i + 1`` (the
        throws before ``events_from`` are only advanced, without building their events).
        RecordError naming the throw made after the end of the game."""
        state = State.start(self.options)
        states = [state]
        events: list[list[Event]] = []
        for i, t in enumerate(self.throws):
            try:
                if i < events_from:
                    state = state.advance(t)
                else:
                    state, evs = state.play(t)
                    events.append(evs)
            except GameOverError:
                raise RecordError(
                    f"throw {i + 1} {str(t)!r} comes after the end of the game: side "
                    f"{state.winner} has already won",
                    input=str(t),
                    where=f"throw {i + 1}",
                ) from None
            states.append(state)
        return states, events

    def replay(self) -> tuple[State, list[list[Event]]]:
        """``(final_state, events_by_throw)``; RecordError naming the throw after the end."""
        states, events = self.play_through()
        return states[-1], events

    def states(self) -> list[State]:
        """Every state of the game: the start, then the state after each throw."""
        return self.play_through(len(self.throws))[0]

    def state(self) -> State:
        """The state after all the throws (no events built)."""
        return self.states()[-1]

    def append(self, throw: Throw | str) -> Record:
        return Record(self.options, self.throws + (Throw(throw),), self.seed, self.bias)

    def next_seeded_throw(self) -> Throw:
        """The next throw drawn from the record's seed (OptionError if it has none)."""
        if self.seed is None:
            raise OptionError("this record has no seed to draw the next throw from", input=None)
        return seeded_throw(self.seed, len(self.throws), HALF if self.bias is None else self.bias)

    def to_dict(self) -> dict[str, Any]:
        return {
            "options": self.options.to_dict(),
            "throws": [str(t) for t in self.throws],
            "seed": self.seed,
            "bias": None if self.bias is None else str(self.bias),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"{data!r} is not a record", input=data)
        unknown = [k for k in data if k not in ("options", "throws", "seed", "bias")]
        if unknown:
            raise RecordError(f"unknown record field {unknown[0]!r}", input=unknown[0])
        throws: Any = data.get("throws") or ()  # Throws or their text: checked below
        if isinstance(throws, str):
            throws = throws.split()
        return cls(
            Options.from_dict(data.get("options") or {}),
            tuple(throws),
            data.get("seed"),
            data.get("bias"),
        )
