"""The probability lab's exact figures for fair sticks, as the build shows them: worked
out once per process and shared by both languages, the lab's blocks
(:mod:`build_scripts.lab`) and the printable worksheets (:mod:`build_scripts.printable_pdfs`).

The figures depend only on their arguments (the engine's rules and fair sticks), so they
are remembered with :func:`functools.cache` (a second build in the same process, as under
``mkdocs serve``, gets the same figures).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from engine.zohn_ahl.chances import VARIANTS, counters_figures, lab_figures, length_chart

FAIR = Fraction(1, 2)


@functools.cache
def figures(counters: int, length: bool) -> dict[str, Any]:
    """Every ruleset's figures at ``counters`` a side (with the game-length distribution
    when ``length``)."""
    return lab_figures(FAIR, counters, VARIANTS, "en", charts=False, length=length)


@functools.cache
def length_chart_svg(counters: int, lang: str) -> str:
    """The chart of the game-length distributions at ``counters`` a side."""
    return length_chart(figures(counters, True)["variants"], lang)


@functools.cache
def counters_by_lang(lang: str) -> dict[str, Any]:
    """The figures of the part that compares numbers of counters."""
    return counters_figures(FAIR, lang)
