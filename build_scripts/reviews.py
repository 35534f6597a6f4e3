"""Which pages the nations' own institutions have reviewed, and the statement that says so.

The reviews are a setting of the site's plugin, ``reviews`` in ``mkdocs.yml``: one entry
per review, saying who reviewed which pages and when::

    plugins:
      - heritage-games:
          reviews:
            - nation: kiowa              # kiowa or zuni
              by: Kiowa Language and Culture Revitalization Program
              date: 2027-05-04
              pages: [zohn-ahl/index.md, zohn-ahl/history.md]

An empty list (the setting as it stands) means that no institution of either nation has
reviewed any page. ``reviews(config)`` is the one reader of the setting: it checks every
entry strictly (the four keys and no other, a known nation, a date, pages of the site) and
raises ``ReviewError`` naming ``mkdocs.yml`` and the entry otherwise.

``statement(...)`` writes, in the page's language, what the setting records for a nation:
who reviewed which pages and when, or that no institution of that nation has reviewed the
site yet. A page asks for it with a marker, ``{{reviews: kiowa}}``, ``{{reviews: zuni}}``
or ``{{reviews: all}}`` (both nations); :mod:`build_scripts.review_build` replaces it, so
that a review added to the setting changes every statement at the next build.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from build_scripts import words as build_words
from build_scripts.config import plugin_settings
from build_scripts.games import GAMES

SETTING = "heritage-games: reviews"
CONFIG_FILE = "mkdocs.yml"

#: The nations whose review the site asks for: name -> the folder of its game's pages (the
#: game's name, :mod:`build_scripts.games`).
NATIONS = {game.nation: game.name for game in GAMES}
KEYS = ("nation", "by", "date", "pages")

WORDS = build_words.section("reviews")
MARKER = re.compile(r"\{\{reviews: ?([a-z]+)\}\}")


class ReviewError(Exception):
    """A malformed entry of the reviews setting (the message names the file and entry)."""


@dataclass(frozen=True)
class Review:
    nation: str
    by: str
    date: dt.date
    pages: tuple[str, ...]
    """The reviewed pages, as paths under ``docs/`` of the English page (``zohn-ahl/index.md``)."""


def _entry_problem(raw: object, docs_dir: Path) -> str | None:
    if not isinstance(raw, Mapping):
        return "is not a mapping of nation, by, date and pages"
    missing = [key for key in KEYS if key not in raw]
    unknown = sorted(str(key) for key in raw if key not in KEYS)
    if missing or unknown:
        return "; ".join(
            part
            for part in (
                missing and f"lacks {', '.join(missing)}",
                unknown and f"has unknown key(s) {', '.join(unknown)}",
            )
            if part
        )
    if raw["nation"] not in NATIONS:
        return f"nation {raw['nation']!r} is not one of {', '.join(NATIONS)}"
    if not isinstance(raw["by"], str) or not raw["by"].strip():
        return "by must name the institution that reviewed the pages"
    date = raw["date"]
    if isinstance(date, str):
        try:
            date = dt.date.fromisoformat(date)
        except ValueError:
            return f"date {raw['date']!r} is not a date written YYYY-MM-DD"
    if not isinstance(date, dt.date) or isinstance(date, dt.datetime):
        return f"date {raw['date']!r} is not a date written YYYY-MM-DD"
    pages = raw["pages"]
    if not isinstance(pages, list) or not pages or not all(isinstance(p, str) for p in pages):
        return "pages must be a non-empty list of pages (zohn-ahl/index.md, ...)"
    for page in pages:
        if not page.endswith(".md") or page.endswith(".fr.md") or ".." in page.split("/"):
            return f"page {page!r} is not the path of an English page under docs/ (x/y.md)"
        if not (docs_dir / page).is_file():
            return f"page {page!r} is not a page of the site"
    return None


def reviews(config: Mapping[str, Any]) -> list[Review]:
    """Every review the setting records, oldest first; ``ReviewError`` on a bad entry."""
    raw = plugin_settings(config).get("reviews", [])
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise ReviewError(
            f"{CONFIG_FILE}: {SETTING} must be a list of reviews (or []), not {raw!r}"
        )
    docs_dir = Path(config.get("docs_dir") or "docs")
    out = []
    for n, entry in enumerate(raw):
        why = _entry_problem(entry, docs_dir)
        if why:
            raise ReviewError(f"{CONFIG_FILE}: {SETTING}[{n}] ({entry!r}): {why}")
        date = entry["date"]
        out.append(
            Review(
                entry["nation"],
                entry["by"].strip(),
                date if isinstance(date, dt.date) else dt.date.fromisoformat(date),
                tuple(entry["pages"]),
            )
        )
    return sorted(out, key=lambda review: review.date)


def page_title(docs_dir: Path, page: str, lang: str) -> str:
    """The first heading of ``page`` in ``lang`` (its English file when not translated)."""
    stem = page.removesuffix(".md")
    path = docs_dir / (page if lang == "en" else f"{stem}.{lang}.md")
    if not path.is_file():
        path = docs_dir / page
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            title = re.sub(r"\{\{[^}]*\}\}|\{ #[\w-]+ \}", "", line[2:])
            return " ".join(title.split())
    return stem


def _date(day: dt.date, lang: str) -> str:
    month = WORDS[lang]["months"].split()[day.month - 1]
    first = "1er" if lang == "fr" and day.day == 1 else str(day.day)
    return f"{first} {month} {day.year}"


def statement(found: list[Review], nation: str, lang: str, here: str, docs_dir: Path) -> str:
    """The Markdown that says, on the page ``here`` (its path under ``docs/``), which of
    ``nation``'s institutions reviewed which pages and when, or that none has yet."""
    words = WORDS[lang]
    mine = [review for review in found if review.nation == nation]
    packet = posixpath.relpath(f"reviews/{nation}.md", posixpath.dirname(here) or ".")
    if not mine:
        return str(words["none"][nation].format(packet=packet))
    lines = [words["done-lead"][nation], ""]
    for review in mine:
        pages = ", ".join(
            f"[{page_title(docs_dir, page, lang)}]"
            f"({posixpath.relpath(page, posixpath.dirname(here) or '.')})"
            for page in review.pages
        )
        lines.append(
            "- " + words["done"].format(by=review.by, date=_date(review.date, lang), pages=pages)
        )
    lines.append("")
    lines.append(words["done-rest"][nation].format(packet=packet))
    return "\n".join(lines)


def expand(markdown: str, found: list[Review], lang: str, here: str, docs_dir: Path) -> str:
    """``markdown`` with each ``{{reviews: ...}}`` marker replaced by its statement;
    ``ReviewError`` naming the page on a marker for an unknown nation."""

    def one(match: re.Match[str]) -> str:
        which = match.group(1)
        if which == "all":
            return "\n\n".join(statement(found, n, lang, here, docs_dir) for n in NATIONS)
        if which not in NATIONS:
            raise ReviewError(
                f"{here}: {{{{reviews: {which}}}}} names no nation "
                f"(expected one of {', '.join(NATIONS)}, or all)"
            )
        return statement(found, which, lang, here, docs_dir)

    return MARKER.sub(one, markdown)
