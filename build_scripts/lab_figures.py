"""The probability lab's exact figures for fair sticks, as the build shows them: worked
out once and shared by both languages, the lab's blocks (:mod:`build_scripts.lab`) and
the printable worksheets (:mod:`build_scripts.printable_pdfs`).

A :class:`LabFigures` remembers what it has worked out. The site's plugin keeps one for
as long as it lives, across the rebuilds of ``mkdocs serve`` (working the figures out
takes a good part of a build), and that is safe: each figure is a function of its
arguments alone (whole numbers, a flag, a language: values that cannot change) and of the
engine's rules for fair sticks, which a process never reloads (``mkdocs serve`` rebuilds
pages, not Python modules), and no reader changes what it is given (the lab's blocks and
the worksheets only format the figures). A page, its settings or the site's
configuration changed between two builds changes none of them; nothing to reset.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.zohn_ahl.chances import VARIANTS, counters_figures, lab_figures, length_chart

FAIR = Fraction(1, 2)


@dataclass
class LabFigures:
    """The lab's figures one build has worked out, by their arguments."""

    _figures: dict[tuple[int, bool], dict[str, Any]] = field(default_factory=dict)
    _charts: dict[tuple[int, str], str] = field(default_factory=dict)
    _counters: dict[str, dict[str, Any]] = field(default_factory=dict)

    def figures(self, counters: int, length: bool) -> dict[str, Any]:
        """Every ruleset's figures at ``counters`` a side (with the game-length distribution
        when ``length``)."""
        key = (counters, length)
        if key not in self._figures:
            self._figures[key] = lab_figures(
                FAIR, counters, VARIANTS, "en", charts=False, length=length
            )
        return self._figures[key]

    def length_chart_svg(self, counters: int, lang: str) -> str:
        """The chart of the game-length distributions at ``counters`` a side."""
        key = (counters, lang)
        if key not in self._charts:
            self._charts[key] = length_chart(self.figures(counters, True)["variants"], lang)
        return self._charts[key]

    def counters_by_lang(self, lang: str) -> dict[str, Any]:
        """The figures of the part that compares numbers of counters."""
        if lang not in self._counters:
            self._counters[lang] = counters_figures(FAIR, lang)
        return self._counters[lang]
