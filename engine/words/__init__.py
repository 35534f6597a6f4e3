"""The words of the interface: one table per language (:mod:`engine.words.en`,
:mod:`engine.words.fr`), read by the SVG drawing, the build and, through a module the
build writes, the page's scripts. Nothing else holds an interface word."""

from __future__ import annotations

from typing import Any

from . import en, fr

LANGUAGES = ("en", "fr")
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
