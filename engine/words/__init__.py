"""The words of the interface: one table per language (:mod:`engine.words.en`,
:mod:`engine.words.fr`), read by the SVG drawing, the charts, the build and, through a
module the build writes, the page's scripts. Nothing else in the engine holds a word; the
words only the build writes are in :mod:`build_scripts.words`, under the same rules.

:data:`LANGUAGES` is the one list of the site's languages (the default first).

The French table is written with ordinary spaces; it is read with French spacing: a
no-break space (U+00A0) before ``: ; ? ! %`` and ``»``, after ``«``, and between the
groups of digits of a number, so that the boards, the scripts and the printables never
break a line before a colon or inside "12 000". U+00A0 rather than the narrower U+202F of
the pages, because the printables' standard PDF fonts have only the former."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import en, fr

if TYPE_CHECKING:
    from engine.view import Phrase

LANGUAGES = ("en", "fr")
"""Every language of the site and its interface, the default first."""
DEFAULT_LANGUAGE = LANGUAGES[0]
NBSP = "\u00a0"
_BEFORE = re.compile(r"[ \u202f]+(?=[:;?!»%])")
_AFTER = re.compile(r"(?<=«)[ \u202f]+")
_GROUPS = re.compile(r"(?<![\d.,/])\d{1,3}(?:[ \u202f]\d{3})+(?![\d/])")


def french_spacing(value: Any) -> Any:
    """``value`` (a string, or a table of them) with French no-break spaces."""
    if isinstance(value, dict):
        return {key: french_spacing(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(french_spacing(item) for item in value)
    if not isinstance(value, str):
        return value
    value = _BEFORE.sub(NBSP, value)
    value = _AFTER.sub(NBSP, value)
    return _GROUPS.sub(lambda m: re.sub("[ \u202f]", NBSP, m.group(0)), value)


_TABLES: dict[str, dict[str, Any]] = {"en": en.WORDS, "fr": french_spacing(fr.WORDS)}


def table(lang: str) -> dict[str, Any]:
    """The whole table of ``lang`` ("en" or "fr")."""
    try:
        return _TABLES[lang]
    except KeyError:
        raise ValueError(f"{lang!r}: expected one of {', '.join(LANGUAGES)}") from None


def section(name: str) -> dict[str, dict[str, Any]]:
    """One section in every language: ``{"en": {...}, "fr": {...}}``."""
    return {lang: table(lang)[name] for lang in LANGUAGES}


def ruleset_name(game: str, ruleset: str, lang: str) -> str:
    """The name a reader sees for ``ruleset`` of ``game`` ("zohn-ahl" or "awithlaknannai"),
    in ``lang``: whose reading it is, never the id (the id stays in links, block options
    and the command line). An unknown id is given back as it is."""
    names: dict[str, str] = table(lang)["page"]["rulesetNames"].get(game, {})
    return names.get(ruleset, ruleset)


def ruleset_source(game: str, ruleset: str, lang: str) -> str:
    """The account ``ruleset`` of ``game`` follows, in ``lang`` (for a tooltip)."""
    sources: dict[str, str] = table(lang)["page"]["rulesetSources"].get(game, {})
    return sources.get(ruleset, "")


def table_name(name: str, lang: str) -> str:
    """The name a reader sees for the Zohn Ahl throw table ``name`` ("sahe", "culin",
    "globe"), in ``lang``; an unknown id is given back as it is."""
    names: dict[str, str] = table(lang)["page"]["tableNames"]
    return names.get(name, name)


def word(key: str, lang: str) -> Any:
    """The entry ``key`` (a dotted path in the ``page`` section) in ``lang``: its words, or
    for a counted entry its forms (``{"one": ..., "other": ...}``)."""
    entry: Any = table(lang)["page"]
    for part in key.split("."):
        entry = entry[int(part)] if isinstance(entry, (list, tuple)) else entry[part]
    if not isinstance(entry, str) and not _counted(entry):
        raise KeyError(f"{key!r} is not one entry of the word table")
    return entry


def _counted(entry: Any) -> bool:
    return isinstance(entry, dict) and isinstance(entry.get("one"), str) and "other" in entry


def _number(value: int | float, lang: str) -> str:
    """A number as ``lang`` writes it ("1.5", "1,5")."""
    return str(value).replace(".", table(lang)["page"]["decimalPoint"])


def _fill(phrase: Phrase, lang: str) -> str:
    values = {
        name: _fill(v, lang)
        if isinstance(v, dict)
        else _number(v, lang)
        if isinstance(v, (int, float))
        else str(v)
        for name, v in phrase.get("values", {}).items()
    }
    entry = word(phrase["key"], lang)
    if not isinstance(entry, str):
        n = phrase.get("values", {}).get("n")
        if not isinstance(n, (int, float)):
            raise KeyError(f"{phrase['key']!r} is counted by the value n, which the phrase lacks")
        rule = table(lang)["page"]["plural"]
        one = abs(n) < 2 if rule == "one-below-2" else n == 1
        entry = entry["one" if one else "other"]
    return str(entry).format_map(_Keep(values))


class _Keep(dict[str, str]):
    """A placeholder without a value is left as it is (as the page's ``fill`` does)."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def say(phrases: Sequence[Phrase], lang: str) -> list[str]:
    """The sentences of ``phrases`` (:class:`engine.view.Phrase`: an entry's key and its
    values) in ``lang``, each filled in as the page's ``sayPhrase`` fills it: a phrase value
    by its own words, a number with the language's decimal point, and a counted entry's
    form chosen by the value ``n`` and the language's ``plural`` rule."""
    return [_fill(p, lang) for p in phrases]
