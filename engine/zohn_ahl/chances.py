"""What the page shows of the solved game: the chances along a game, and the figures of
the probability lab. JSON-ready dictionaries, built from :mod:`engine.zohn_ahl.solver`
and drawn with :mod:`engine.zohn_ahl.charts`.

Both are reached through the protocol (``zohn-ahl.chances``, ``zohn-ahl.lab``) and the
site build (the lab's static tables). The solved tables are cached by the solver (per
ruleset, options, counters and bias), so after the first call on a page every throw is
answered from the cache.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.core import OptionError
from engine.view import Phrase
from engine.words import ruleset_name, section
from engine.zohn_ahl.charts import line_chart, percent, whole_percent, win_chart
from engine.zohn_ahl.game import State
from engine.zohn_ahl.record import Record
from engine.zohn_ahl.rulesets import Options
from engine.zohn_ahl.solver import lap_chance, prepare, solve, throws_per_lap
from engine.zohn_ahl.throws import (
    HALF,
    Bias,
    Throw,
    earns_extra,
    extra_throw_probability,
    throw_probabilities,
    value,
    value_probabilities,
)

__all__ = ["game_chances", "lab_figures", "prepare_lab", "VARIANTS", "LAB_COUNTERS", "LAB_WORDS"]

#: The rulesets and options the lab compares, in order.
VARIANTS = (
    ("kiowa", "lose-throw"),
    ("culin", "lose-throw"),
    ("printable", "lose-throw"),
    ("printable", "cross"),
    ("globe", "lose-throw"),
)

#: The counters a side of the lab's figures unless the reader asks for others.
LAB_COUNTERS = 4

LAB_WORDS = section("lab")


def variant_name(ruleset: str, gully: str, lang: str = "en") -> str:
    """A short name for a ruleset and its gully option, as the lab shows it: the ruleset's
    display name (:func:`engine.words.ruleset_name`), with the gully option for the
    printable board, whose two options the lab compares side by side."""
    name = ruleset_name("zohn-ahl", ruleset, lang)
    if ruleset == "printable":
        words = section("page")[lang]
        return str(words["variantName"].format(name=name, gully=words["gullyNames"][gully]))
    return name


CHANCES_MAX_COUNTERS = 8
"""The most counters a side for which the page works out a game's chances (as the lab's
figures): the solved table grows with the counters, and a link to a board that shows its
chances must not keep that board's first throw waiting (with 20 counters a side the first
solve takes several times as long as with 4). More counters: the command line's
``zohn-ahl solve``."""


def game_chances(record: Record, bias: Bias | None = None, lang: str = "en") -> dict[str, Any]:
    """The chances along the game of ``record``: ``win`` now, ``history`` (side 0's chance
    at the start and after each throw), ``last`` (before and after the last throw),
    ``next`` (what the next throw can do), ``expected_throws`` and the graph ``svg``.
    OptionError, before any work, for more than :data:`CHANCES_MAX_COUNTERS` a side."""
    if record.options.counters > CHANCES_MAX_COUNTERS:
        raise OptionError(
            f"the chances are worked out here for games of 1 to {CHANCES_MAX_COUNTERS} counters "
            f"a side, not {record.options.counters} (the command line's zohn-ahl solve takes "
            "up to 20)",
            input=str(record.options.counters),
        )
    if bias is None:
        bias = HALF if record.bias is None else record.bias
    solution = solve(record.options, bias)
    states = record.states()
    history = [solution.win(s)[0] for s in states]
    state = states[-1]
    now = solution.win(state)
    table = solution.next_throws(state)
    last: dict[str, Any] | None = None
    if len(states) > 1:
        last = {
            "before": [history[-2], 1 - history[-2]],
            "after": list(now),
            "side": states[-2].to_move,
        }
    return {
        "options": record.options.to_dict(),
        "bias": str(solution.bias),
        "win": list(now),
        "expected_throws": solution.expected_throws(state),
        "history": history,
        "last": last,
        "change": change_said(state.winner, last),
        "next": [
            {
                "value": row["value"],
                "probability": str(row["probability"]),
                "p": float(row["probability"]),
                "win": list(row["win"]),
            }
            for row in table
        ],
        "to_move": state.to_move,
        "winner": state.winner,
        "svg": win_chart(history, lang),
        "error_bound": solution.error_bound,
    }


def change_said(winner: int | None, last: dict[str, Any] | None) -> Phrase:
    """What the last throw did to the chances, told from the side that threw, as a phrase
    of the page's ``chances`` words: ``won`` once the game is over, ``start`` before any
    throw, else ``rose``, ``fell`` or ``same`` (the chance shown, a whole percentage, did
    not change), its values the side's name and the percentages (``percent``)."""
    if winner is not None:
        return {"key": "chances.won", "values": {"who": {"key": f"sideName.{winner}"}}}
    if last is None:
        return {"key": "chances.start"}
    side = 1 if last["side"] == 1 else 0
    who: Phrase = {"key": f"sideName.{side}"}
    before, after = whole_percent(last["before"][side]), whole_percent(last["after"][side])
    if before == after:
        return {"key": "chances.same", "values": {"who": who, "p": _percent(after)}}
    key = "chances.rose" if last["after"][side] > last["before"][side] else "chances.fell"
    return {"key": key, "values": {"who": who, "from": _percent(before), "to": _percent(after)}}


def _percent(text: str) -> Phrase:
    return {"key": "percent", "values": {"n": text}}


def throw_table(table: str, bias: Bias = HALF) -> dict[str, Any]:
    """The 16 throws of ``table`` with exact probabilities, and per value and extra throw."""
    probs = throw_probabilities(table, bias)
    return {
        "table": table,
        "bias": str(Fraction(bias)),
        "throws": [
            {
                "throw": str(t),
                "marked": t.marked,
                "value": value(t, table),
                "extra": earns_extra(t, table),
                "p": str(probs[t]),
            }
            for t in Throw.all()
        ],
        "values": [
            {"value": v, "p": str(pr), "f": float(pr)}
            for v, pr in value_probabilities(table, bias).items()
        ],
        "extra": str(extra_throw_probability(table, bias)),
    }


_FIGURES: dict[tuple[Options, Fraction, bool], dict[str, Any]] = {}


def variant_figures(
    ruleset: str,
    gully: str = "lose-throw",
    counters: int = 4,
    bias: Bias = HALF,
    length: bool = True,
) -> dict[str, Any]:
    """One ruleset's figures for the lab: the first side's chance, the expected length, the
    lap questions, the comeback chances, and (with ``length``) the distribution of the
    game's length. Kept for the next call with the same arguments; a call with ``length``
    after one without (the lab's table row, then its chart) adds only the distribution."""
    options = Options(ruleset=ruleset, counters=counters, gully=gully)
    solution = solve(options, bias)
    key = (options, solution.bias, length)
    if key in _FIGURES:
        return _FIGURES[key]
    if not length and (options, solution.bias, True) in _FIGURES:
        return _FIGURES[(options, solution.bias, True)]
    start = State.start(options)
    # the figures without the distribution, when an earlier call (the lab's table row)
    # already worked them out: only the distribution is added
    figures = _FIGURES.get((options, solution.bias, False))
    if figures is None:
        lap = lap_chance(options, solution.bias)
        figures = {
            "ruleset": ruleset,
            "gully": gully,
            "counters": counters,
            "bias": str(solution.bias),
            "first": solution.win(start)[0],
            "expected_throws": solution.expected_throws(start),
            "lap_chance": str(lap),
            "lap_chance_f": float(lap),
            "throws_per_lap": float(throws_per_lap(options, solution.bias)),
            "comeback": [solution.comeback(k) for k in range(0, 2 * counters + 1)],
            "length": [],
            "length_mode": 0,
            "length_beyond": None,
            "error_bound": solution.error_bound,
        }
    if length:
        dist = solution.length_distribution(
            _length_limit(solution.expected_throws(start)), close=LENGTH_CLOSE
        )
        figures = {
            **figures,
            "length": dist,
            "length_mode": max(range(len(dist)), key=lambda i: dist[i]) + 1 if dist else 0,
            "length_beyond": max(0.0, 1.0 - sum(dist)) if dist else None,
        }
    if len(_FIGURES) >= 40:
        _FIGURES.pop(next(iter(_FIGURES)))
    _FIGURES[key] = figures
    return figures


LENGTH_CLOSE = 1e-7
"""How near the lab's chances of ending on each throw are proved to be to the exact ones
(beyond rounding): once the rest follows its geometric tail within this, the tail is
written out (spec/zohn-ahl-solver.md § 11). The chart's scale runs up to about one percent
over some 240 units of its drawing (about a pixel each), where a unit is about 5e-5 and
this a five-hundredth of one; the solver's own default is rounding level, which carries
the mass over many more throws."""


def _length_limit(mean: float) -> int:
    return int(min(4000, max(60, 3.5 * mean)))


def length_chart(
    figures: list[dict[str, Any]], lang: str = "en", chart_id: str = "lab-length"
) -> str:
    """The distribution of the game's length for several rulesets, one curve each."""
    W = LAB_WORDS[lang]
    series = []
    parts = []
    for f in figures:
        name = variant_name(f["ruleset"], f["gully"], lang)
        series.append((name, [(float(i + 1), p) for i, p in enumerate(f["length"])]))
        mean = f"{f['expected_throws']:.1f}"
        parts.append(
            W["length_part"].format(
                name=name,
                mode=f["length_mode"],
                mean=mean.replace(".", ",") if lang == "fr" else mean,
            )
        )
    top = max((p for _, pts in series for _, p in pts), default=0.01)
    top = (int(top * 1000) + 1) / 1000
    n = figures[0]["counters"] if figures else 4
    return line_chart(
        series,
        title=W["length_title"].format(n=n),
        desc=W["length_desc"].format(parts="; ".join(parts)),
        x_label=W["length_x"],
        y_label=W["length_y"],
        y_max=top,
        y_percent=False,
        lang=lang,
        chart_id=chart_id,
        markers_every=25,
        height=320,
        x_from=0,
    )


def counters_chart(
    rows: dict[tuple[str, str], list[tuple[int, float]]],
    lang: str = "en",
    chart_id: str = "lab-counters",
) -> str:
    """Expected game length by counters a side: ``rows`` = {(ruleset, gully): [(n, E)]}."""
    W = LAB_WORDS[lang]
    series = []
    parts = []
    for (ruleset, gully), pts in rows.items():
        name = variant_name(ruleset, gully, lang)
        series.append((name, [(float(n), e) for n, e in pts]))
        parts.append(
            W["counters_part"].format(
                name=name, values=", ".join(f"{n}: {round(e)}" for n, e in pts)
            )
        )
    top = max((e for _, pts in series for _, e in pts), default=1.0)
    return line_chart(
        series,
        title=W["counters_title"],
        desc=W["counters_desc"].format(parts="; ".join(parts)),
        x_label=W["counters_x"],
        y_label=W["counters_y"],
        y_max=_round_up(top),
        y_percent=False,
        lang=lang,
        chart_id=chart_id,
        markers_every=1,
    )


def _round_up(x: float) -> float:
    step = 10.0
    while step * 10 < x:
        step *= 10
    return step * (int(x / step) + 1)


def lab_figures(
    bias: Bias = HALF,
    counters: int = LAB_COUNTERS,
    variants: tuple[tuple[str, str], ...] = VARIANTS,
    lang: str = "en",
    charts: bool = True,
    length: bool = True,
) -> dict[str, Any]:
    """Everything the lab shows for one bias: the three throw tables, and for each ruleset
    its figures; with ``charts``, the length chart as SVG."""
    figures = [variant_figures(r, g, counters, bias, length or charts) for r, g in variants]
    out = {
        "bias": str(Fraction(bias)),
        "counters": counters,
        "tables": [throw_table(t, bias) for t in ("sahe", "globe", "culin")],
        "variants": figures,
        "names": [variant_name(f["ruleset"], f["gully"], lang) for f in figures],
        "percent": {str(i): percent(i / 100, lang) for i in (0, 50, 100)},
    }
    if charts:
        out["length_svg"] = length_chart(figures, lang)
    return out


def prepare_lab(
    counters: int = LAB_COUNTERS, variants: tuple[tuple[str, str], ...] = VARIANTS
) -> dict[str, Any]:
    """Work out ahead what the lab's figures share for every bias: each variant's chain
    (the board by counters uses the printable one) and the shape of its game lengths at
    ``counters`` a side (:func:`engine.zohn_ahl.solver.prepare`). Answers what was
    prepared."""
    for ruleset, gully in variants:
        prepare(Options(ruleset=ruleset, counters=counters, gully=gully))
    return {
        "prepared": [{"ruleset": ruleset, "gully": gully} for ruleset, gully in variants],
        "counters": counters,
    }


#: The counters the lab compares (on the printable board, whose chain is the smallest).
COUNTER_RANGE = (1, 2, 3, 4, 5, 6, 8)


def counters_figures(bias: Bias = HALF, lang: str = "en") -> dict[str, Any]:
    """The printable board (the gully loses a throw) for each number of counters in
    :data:`COUNTER_RANGE`: the first thrower's chance and the expected length; and the chart
    of the chance by counters."""
    rows = []
    for n in COUNTER_RANGE:
        options = Options(ruleset="printable", counters=n)
        solution = solve(options, bias)
        start = State.start(options)
        rows.append(
            {
                "counters": n,
                "first": solution.win(start)[0],
                "expected_throws": solution.expected_throws(start),
            }
        )
    W = LAB_WORDS[lang]
    sign = "\u202f%" if lang == "fr" else "%"

    def pc(x: float) -> str:
        text = f"{100 * x:.2f}"
        return (text.replace(".", ",") if lang == "fr" else text) + sign

    parts = "; ".join(f"{r['counters']}: {pc(r['first'])}" for r in rows)
    svg = line_chart(
        [
            (
                variant_name("printable", "lose-throw", lang),
                [(float(r["counters"]), r["first"]) for r in rows],
            )
        ],
        title=W["by_counters_title"],
        desc=W["by_counters_desc"].format(parts=parts),
        x_label=W["counters_x"],
        y_label=W["by_counters_y"],
        y_max=1.0,
        lang=lang,
        chart_id=f"lab-counters-{lang}",
        markers_every=1,
        midline=0.5,
        height=240,
    )
    return {"bias": str(Fraction(bias)), "rows": rows, "svg": svg}
