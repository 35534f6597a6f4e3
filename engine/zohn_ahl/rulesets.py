"""The four Zohn Ahl rulesets, the game options, and the board geometry helpers.

Every ruleset is a reconstruction from outsiders' records made around 1900 (Culin,
Mooney) or from modern readings of them; none is "the" Kiowa game. The fixed rules are
``spec/zohn-ahl.md`` (which also lists the works cited); where it is silent, the choice
made here is written in the ruleset's ``choices`` (and shown on the rules pages). The
rules themselves live in ``engine.zohn_ahl.game``, one function per ruleset.

Numbering: each side counts spaces along its own direction ("own" numbering). The board
drawings (SVG, the page) use side 0's numbering, called the **physical** space:

* ``kiowa``, ``culin`` (40 spaces, own 1..40): side 1's own s is physical 41 - s.
* ``printable``, ``globe`` (28 spaces, own 0..27): side 1's own s is physical (28 - s) % 28.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core import OptionError, PositionError, RulesetError, quote

if TYPE_CHECKING:
    from engine.view import ZohnAhlOptions

__all__ = [
    "Ruleset",
    "RULESETS",
    "Options",
    "get_ruleset",
    "physical_space",
    "own_space",
    "path",
    "GULLY_OPTIONS",
    "MIN_COUNTERS",
    "MAX_COUNTERS",
]

GULLY_OPTIONS = ("lose-throw", "cross")
MIN_COUNTERS, MAX_COUNTERS = 1, 20


@dataclass(frozen=True)
class Ruleset:
    """One reading of the game. ``spaces`` is 40 or 28; ``first``/``last`` the own space
    numbers; ``start`` the own space both awls start on; ``table`` the throw table;
    ``choices`` the reconstruction choices made where the sources are silent."""

    name: str
    title: str
    spaces: int
    table: str
    start: int
    source: str
    description: str
    choices: tuple[str, ...] = field(default=())
    options: tuple[str, ...] = field(default=())

    @property
    def first(self) -> int:
        return 1 if self.spaces == 40 else 0

    @property
    def last(self) -> int:
        return 40 if self.spaces == 40 else 27

    def space_names(self) -> dict[int, str]:
        """{own space: feature name} for the spaces that have a name in this ruleset."""
        return dict(_FEATURES[self.name])

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "spaces": self.spaces,
            "table": self.table,
            "start": self.start,
            "first": self.first,
            "last": self.last,
            "source": self.source,
            "description": self.description,
            "choices": list(self.choices),
            "options": list(self.options),
            "features": {str(k): v for k, v in _FEATURES[self.name].items()},
        }


KIOWA = Ruleset(
    name="kiowa",
    title="Kiowa (Wikipedia's account)",
    spaces=40,
    table="sahe",
    start=1,
    source=(
        "Wikipedia, 'Zohn Ahl', after Mooney 1896 (the tsoñä throw table with the "
        "sahe) and Culin 1898/1907 (the cloth, the creek, the dry branches)"
    ),
    description=(
        "A 40-space circuit on a cloth; landing on your own space 20 or 40 drops your awl "
        "into the creek (back to space 1, pay a counter); landing on the other awl whips it "
        "back; each full circuit wins a counter."
    ),
    choices=(
        "Creek at own 20 and own 40 (the specification; Wikipedia: 'When a player lands on her space 20, "
        "the near bank of the creek, she falls in' and 'if her throw causes her to land on her space "
        "40, she falls into the creek'). The other side's 20 is the far bank and safe.",
        "Falling in costs a counter and sends the awl to own space 1 (Wikipedia; Culin 1898 via DLP "
        "agrees on the counter, Mooney via DLP only sends the awl back).",
        "A circuit (passing own 40) wins a counter from the other side and the awl moves on by the "
        "rest of the throw (Wikipedia: 'continues around in the same direction, moving the full "
        "value of her throw').",
        "The whip check runs after a circuit too, so one throw can win two counters; it does not run "
        "after a fall into the creek (the specification: nothing happens to an awl standing there).",
        "Both awls start on their own space 1, i.e. on opposite banks of the creek (Culin 1907: "
        "'The two awls are stuck in the creek at 1 1'); they never share space 1.",
        "The dry branches (between 10|11 and 30|31) have no effect (Wikipedia).",
        "No effect ends a turn early: after a fall or a whip, an extra throw earned by the table "
        "is still thrown.",
        "A side wins the moment the other has no counter; if a circuit empties the other side, the "
        "awl still finishes its move but no whip is counted after the win.",
    ),
)

CULIN = Ruleset(
    name="culin",
    title="Culin 1898 (no special stick)",
    spaces=40,
    table="culin",
    start=1,
    source=(
        "Culin 1898, Chess and Playing-Cards pp. 687-689, and Culin 1907 pp. 124-125, as the "
        "Digital Ludeme Project reads them (DLP.Evidence.1446; Ludii 'Zohn Ahl.lud')"
    ),
    description=(
        "Four plain sticks: all plain sides up counts 10, all grooved sides up 5, both throw "
        "again. A lap ends exactly on space 40 and wins a counter; a throw that would pass "
        "40 is not moved. Landing on space 20 drops the awl into the creek."
    ),
    choices=(
        "No special stick: the fourth character of a throw is an ordinary stick (Culin describes "
        "four staves; only Mooney's account names a sahe).",
        "The lap must end exactly on own 40 (then the other side pays 1 and the awl starts again "
        "from own 1); a throw that would pass 40 does not move the awl but still earns another "
        "throw when it is a 5 or a 10 (the specification, after Ludii's track ending in an 'End' site). "
        "DLP's 'the rest of the throw is played on the next turn' is not modelled.",
        "The creek ('river opposite your start', Culin via DLP) is own space 20: back to own 1 and "
        "pay a counter. The whip check runs first, so an awl landing on 20 where the other awl "
        "stands whips it and then falls in.",
        "No whip check after a completed lap: the awl goes straight back to own 1.",
        "Both awls start on own space 1, on opposite banks of the creek.",
    ),
)

PRINTABLE = Ruleset(
    name="printable",
    title="Printable 28-space board",
    spaces=28,
    table="sahe",
    start=0,
    source=(
        "An anonymous rules sheet for a printable 28-space square board, which credits "
        "R. C. Bell for its 'torrent' (the word was not found in Bell's books)"
    ),
    description=(
        "A square of 28 spaces sized for A4 paper: both awls start at the south creek; the "
        "north torrent sends an awl back and costs a counter; the east and west dry gullies "
        "cost a throw (or, by choice, let the awl cross); the first awl to reach or pass the "
        "start wins the lap."
    ),
    choices=(
        "Own numbering 0..27 from the south creek (0); the torrent is 14, the dry gullies 7 and 21 "
        "(the sheet puts the creek/torrent north and south and the gullies east and west).",
        "Reaching or passing the start (t >= 28) wins the lap: the other side pays 1 and BOTH awls "
        "go back to the south creek, since 'the next lap is then deemed to have begun' (the sheet's "
        "rule 9). The rest of the throw is not moved, and no capture is checked.",
        "'The team loses a throw' (rule 7), option lose-throw: the awl stays in the gully; if this "
        "throw earned another throw, that throw is lost and the turn ends; otherwise the side's "
        "next turn is skipped.",
        "Option cross ('having the piece cross the gully to the other side'): the awl goes from one "
        "gully to the other (7 <-> 21), then the capture check runs there.",
        "Captures (rule 8, 'lands on the opponent's piece') are checked on the gully spaces too; "
        "the captured awl goes back to the south creek and its side pays 1.",
        "Extra throws follow the sahe table (rule 5); a capture or torrent does not end the turn.",
    ),
    options=("gully",),
)

GLOBE = Ruleset(
    name="globe",
    title="Le Globe Joueur (French rules)",
    spaces=28,
    table="globe",
    start=1,
    source="Le Globe Joueur's French rules 'Zohn Al'",
    description=(
        "A 28-space board with two rivers (north and south) and two ravines. Red moves "
        "clockwise and throws first, green anticlockwise. A river sends the awl back and "
        "costs a counter; a ravine ends the turn and skips the next one; completing a lap "
        "wins a counter and sends the other awl back to its start; the sahe or no marks "
        "give another throw."
    ),
    choices=(
        "Own 0 is the south river and own 1 the start ('la première case à gauche/droite de la "
        "rivière sud'); 28 spaces in all (24 plain, 2 rivers, 2 ravines: 'doit avancer de 28 "
        "cases'). Own 14 is the north river, own 7 and 21 the ravines.",
        "Landing on a river (own 14, or exactly own 28 = the south river) sends the awl back to own "
        "1 and costs a counter. Reaching or passing the start (t >= 29) completes the lap: the "
        "other side pays 1 and puts its awl back on its own 1 ('remet son pion au départ'), and this "
        "awl goes on to t - 28 (it keeps its position, 'il laisse son pion sur sa position').",
        "A ravine keeps the awl, ends the turn at once (an extra throw is lost) and skips the "
        "side's next turn ('passe la main immédiatement ... et passe son tour suivant').",
        "An awl captured in a ravine goes back to its start and pays 1, its pending skip is "
        "cancelled and its side takes the turn at once ('son joueur reprend immédiatement la "
        "main'). Ravines face each other (own 7 of one side is own 21 of the other), so the "
        "capturer is then in a ravine itself: its next turn is due to be skipped.",
        "An awl sent back by the other side's lap keeps any skip it was due (the source only "
        "cancels the skip on a capture).",
        "Side 0 is red and throws first ('Le pion rouge commence'); the colour draw is left out.",
    ),
)

RULESETS = {r.name: r for r in (KIOWA, CULIN, PRINTABLE, GLOBE)}

_FEATURES = {
    "kiowa": {
        1: "start",
        20: "creek",
        40: "creek",
        10: "dry-branch",
        11: "dry-branch",
        30: "dry-branch",
        31: "dry-branch",
    },
    "culin": {
        1: "start",
        20: "creek",
        40: "end",
        10: "dry-branch",
        11: "dry-branch",
        30: "dry-branch",
        31: "dry-branch",
    },
    "printable": {0: "creek", 7: "gully", 14: "torrent", 21: "gully"},
    "globe": {0: "river", 1: "start", 7: "ravine", 14: "river", 21: "ravine"},
}


def get_ruleset(name: object) -> Ruleset:
    """The Ruleset called ``name``; RulesetError quoting it otherwise."""
    if isinstance(name, Ruleset):
        return name
    rules = RULESETS.get(name) if isinstance(name, str) else None
    if rules is None:
        raise RulesetError(
            f"unknown ruleset {name!r}: expected kiowa, culin, printable or globe", input=name
        )
    return rules


def _counters(value: object) -> int:
    n = value
    if isinstance(value, str):  # digits only: no sign, no space (" 4" and "+4" are typos)
        n = int(value) if value.isascii() and value.isdigit() and len(value) <= 6 else None
    if isinstance(n, bool) or not isinstance(n, int):
        raise OptionError(
            f"{quote(value)} is not a number of counters: expected a whole number from "
            f"{MIN_COUNTERS} to {MAX_COUNTERS}",
            input=value,
        )
    if not MIN_COUNTERS <= n <= MAX_COUNTERS:
        raise OptionError(
            f"{quote(value)} counters is out of range: expected {MIN_COUNTERS} to "
            f"{MAX_COUNTERS} counters a side",
            input=value,
        )
    return n


@dataclass(frozen=True)
class Options:
    """The choices made before a game: ruleset, counters a side (1..20), gully option.

    ``gully`` ("lose-throw" default, or "cross") belongs to the ``printable`` ruleset; for
    the other rulesets only the default is accepted. Validated on creation: RulesetError
    for an unknown ruleset, OptionError for a bad number of counters or gully.
    """

    ruleset: str = "kiowa"
    counters: int = 4
    gully: str = "lose-throw"

    def __post_init__(self) -> None:
        rules = get_ruleset(self.ruleset)
        object.__setattr__(self, "ruleset", rules.name)
        object.__setattr__(self, "counters", _counters(self.counters))
        if self.gully not in GULLY_OPTIONS:
            raise OptionError(
                f"{self.gully!r} is not a gully option: expected lose-throw or cross",
                input=self.gully,
            )
        if self.gully != "lose-throw" and "gully" not in rules.options:
            raise OptionError(
                f"gully {self.gully!r} applies to the printable ruleset only, not to "
                f"{rules.name!r}",
                input=self.gully,
            )

    @property
    def rules(self) -> Ruleset:
        return RULESETS[self.ruleset]

    @property
    def table(self) -> str:
        return RULESETS[self.ruleset].table

    @classmethod
    def from_dict(cls, data: dict[str, Any] | Options) -> Options:
        """Options from ``{"ruleset", "counters", "gully"}`` (all optional)."""
        if isinstance(data, Options):
            return data
        if not isinstance(data, dict):
            raise OptionError(
                f"{data!r} is not a set of options: expected ruleset, counters, gully", input=data
            )
        unknown = [k for k in data if k not in ("ruleset", "counters", "gully")]
        if unknown:
            raise OptionError(
                f"unknown option {unknown[0]!r}: expected ruleset, counters or gully",
                input=unknown[0],
            )
        kwargs = {k: data[k] for k in ("ruleset", "counters", "gully") if data.get(k) is not None}
        return cls(**kwargs)

    def to_dict(self) -> ZohnAhlOptions:
        d: ZohnAhlOptions = {"ruleset": self.ruleset, "counters": self.counters}
        if "gully" in RULESETS[self.ruleset].options:
            d["gully"] = self.gully
        return d


def _check_own(rules: Ruleset, side: object, own: object) -> None:
    if side not in (0, 1) or isinstance(side, bool):
        raise PositionError(f"side {side!r} is not a side: expected 0 or 1", input=side)
    if isinstance(own, bool) or not isinstance(own, int) or not rules.first <= own <= rules.last:
        raise PositionError(
            f"{own!r} is not a space of the {rules.name} board: expected "
            f"{rules.first}..{rules.last}",
            input=own,
        )


def physical_space(ruleset: str | Ruleset, side: int, own: int) -> int:
    """The physical space (side 0's own numbering) of ``side``'s own space ``own``."""
    rules = get_ruleset(ruleset)
    _check_own(rules, side, own)
    if side == 0:
        return own
    return 41 - own if rules.spaces == 40 else (28 - own) % 28


def own_space(ruleset: str | Ruleset, side: int, physical: int) -> int:
    """The inverse of :func:`physical_space` (the mapping is its own inverse)."""
    return physical_space(ruleset, side, physical)


def path(ruleset: str | Ruleset, side: int, from_own: int, value: int) -> list[int]:
    """The own spaces the awl passes through, space by space, moving ``value`` from ``from_own``.

    The last element is where the move lands before any effect (creek, gully crossing...):
    kiowa wraps past 40 to 1; culin gives ``[]`` when the move would pass 40 (no move);
    printable stops at 0 when the awl reaches or passes the start; globe wraps past 27 to 0.
    """
    rules = get_ruleset(ruleset)
    _check_own(rules, side, from_own)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise PositionError(f"{value!r} is not a throw value: expected 1..10", input=value)
    return list(PATH_TABLES[rules.name][from_own][value])


def _path_kiowa(s: int, v: int) -> tuple[int, ...]:
    return tuple((s + i - 1) % 40 + 1 for i in range(1, v + 1))


def _path_culin(s: int, v: int) -> tuple[int, ...]:
    return () if s + v > 40 else tuple(range(s + 1, s + v + 1))


def _path_printable(s: int, v: int) -> tuple[int, ...]:
    if s + v >= 28:
        return tuple(range(s + 1, 28)) + (0,)
    return tuple(range(s + 1, s + v + 1))


def _path_globe(s: int, v: int) -> tuple[int, ...]:
    return tuple((s + i) % 28 for i in range(1, v + 1))


_PATHS = {
    "kiowa": _path_kiowa,
    "culin": _path_culin,
    "printable": _path_printable,
    "globe": _path_globe,
}

#: ``PATH_TABLES[ruleset][from_own][value]``: the tuple :func:`path` returns (precomputed
#: for every own space and value 0..10; index 0 is unused).
PATH_TABLES = {
    name: tuple(
        tuple(fn(s, v) if v else () for v in range(11)) for s in range(RULESETS[name].last + 1)
    )
    for name, fn in _PATHS.items()
}


def _render_choices() -> str:
    out = ["", "Reconstruction choices, per ruleset", "===================================", ""]
    for rules in RULESETS.values():
        out.append(f"``{rules.name}``: {rules.title}")
        out.append(f"    Source: {rules.source}.")
        for choice in rules.choices:
            out.append(f"    - {choice}")
        out.append("")
    return "\n".join(out)


__doc__ = (__doc__ or "") + _render_choices()
