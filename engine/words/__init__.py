"""The words of the interface: one table per language (:mod:`engine.words.en`,
:mod:`engine.words.fr`), read by the SVG drawing, the charts, the build and, through a
module the build writes, the page's scripts. Nothing else in the engine holds a word; the
words only the build writes are in :mod:`build_scripts.words`, under the same rules.

:data:`LANGUAGES` is the one list of the site's languages (the default first)."""

from __future__ import annotations

from typing import Any

from . import en, fr

LANGUAGES = ("en", "fr")
"""Every language of the site and its interface, the default first."""
DEFAULT_LANGUAGE = LANGUAGES[0]
_TABLES: dict[str, dict[str, Any]] = {"en": en.WORDS, "fr": fr.WORDS}


def table(lang: str) -> dict[str, Any]:
    """The whole table of ``lang`` ("en" or "fr")."""
    try:
        return _TABLES[lang]
    except KeyError:
        raise ValueError(f"{lang!r}: expected one of {', '.join(LANGUAGES)}") from None


def section(name: str) -> dict[str, dict[str, Any]]:
    """One section in every language: ``{"en": {...}, "fr": {...}}``."""
    return {lang: table(lang)[name] for lang in LANGUAGES}
