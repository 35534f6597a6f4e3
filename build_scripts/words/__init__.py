"""The words only the build writes: the printables and their PDFs, the rules cards, the
lab's and the puzzles' static text, the correction link, the evidence grades, the app's
description. One table per language (:mod:`build_scripts.words.en`,
:mod:`build_scripts.words.fr`) with the same keys in each, checked by the same test as
the interface's words (``tests/engine/test_words.py``).

They are kept out of :mod:`engine.words` on purpose: the engine is what every reader's
browser downloads and starts, and these words never reach the page's scripts (they are
written into the pages and files by the build). The languages are those of
:data:`engine.words.LANGUAGES`.
"""

from __future__ import annotations

from typing import Any

from engine.words import LANGUAGES

from . import en, fr

_TABLES: dict[str, dict[str, Any]] = {"en": en.WORDS, "fr": fr.WORDS}


def table(lang: str) -> dict[str, Any]:
    """The whole table of ``lang`` ("en" or "fr")."""
    try:
        return _TABLES[lang]
    except KeyError:
        raise ValueError(f"{lang!r}: expected one of {', '.join(LANGUAGES)}") from None


def section(name: str) -> dict[str, Any]:
    """One section in every language: ``{"en": ..., "fr": ...}``."""
    return {lang: table(lang)[name] for lang in LANGUAGES}
