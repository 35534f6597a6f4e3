"""The navigation of the pages for students (a step of the site's plugin, :mod:`build_scripts.plugin`).

A teacher hands out a link to a student page; the student reading it should not be one
click away from the answers. On the pages under ``students/`` the site navigation shows
only the students' section and the general reading pages: no section holding a page for
teachers (``teachers/``), and not the printables page, whose table links the answer keys
(a lesson's own text links its worksheet there, by its anchor, and that stays). The
teachers' pages stay public and in the navigation of every other page.

``on_page_context`` (after mkdocs-static-i18n has given the page its language's
navigation) puts the kept top-level entries in the template's context as
``student_nav``; ``overrides/partials/nav.html`` draws them instead of ``nav.items``; and
the page's previous and next pages (the head's ``<link rel="prev">``/``"next"``) are
dropped when they are pages left out (the students' first page follows the teachers'
last one in the site's order). The
filter keeps or drops whole top-level entries: a section is dropped when any page under it
is one of the pages left out, so that no "For teachers" heading stays behind, empty.

The readers' search of a page for students leaves the same pages out of its results:
``on_page_context`` also puts their addresses (``search_leaves_out``, in every language)
in the context, which ``overrides/main.html`` passes to the search's worker
(``overrides/assets/javascripts/workers/search-when-asked.js``).

``on_page_content`` checks the text of a page for students: a link into the teachers'
section or to an answer key stops the build, naming the page and the link (a link to the
printables page, where the worksheets are, is allowed); so does a board whose menus could
answer an exercise (:func:`answering_boards`: a choice of ruleset, or the computer where
the block's opponent is a person; the build's student mode,
:func:`build_scripts.board_blocks.offered_opponents`, offers neither).
"""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from build_scripts.aids import is_student_page
from build_scripts.page_language import OTHER_LANGUAGES

# the pages a student's navigation leaves out: the teachers' section, and the printables
# page (it lists the answer keys); paths from the docs folder, either language
LEFT_OUT_FOLDERS = ("teachers/",)
LEFT_OUT_PAGES = ("printables",)


def left_out(src_uri: str) -> bool:
    """A page that a student's navigation does not lead to."""
    path = src_uri.replace("\\", "/")
    stem = path.rsplit(".md", 1)[0].rsplit(".", 1)[0] if path.endswith(".md") else path
    return path.startswith(LEFT_OUT_FOLDERS) or stem in LEFT_OUT_PAGES


def left_out_addresses() -> list[str]:
    """The addresses, from the site's root, under which the pages a student's navigation
    leaves out are built, in every language (``teachers/``, ``fr/teachers/``, ...)."""
    own = [*LEFT_OUT_FOLDERS, *(f"{name}/" for name in LEFT_OUT_PAGES)]
    return own + [f"{lang}/{address}" for lang in OTHER_LANGUAGES for address in own]


def _pages(item: Any) -> list[Page]:
    """Every page at or under a navigation entry."""
    if isinstance(item, Page):
        return [item]
    found: list[Page] = []
    for child in getattr(item, "children", None) or []:
        found.extend(_pages(child))
    return found


def student_items(nav: Navigation) -> list[Any]:
    """The top-level entries of ``nav`` a student's navigation keeps."""
    return [
        item
        for item in nav.items
        if not any(page.file is not None and left_out(page.file.src_uri) for page in _pages(item))
    ]


def student_context(context: dict[str, Any], page: Page, nav: Navigation) -> dict[str, Any]:
    """A students' page's template context: its navigation and neighbours without the
    teachers' pages (run after mkdocs-static-i18n set the page's language and navigation)."""
    shown = context.get("nav") or nav
    if page.file is None or not is_student_page(page.file.src_uri) or shown is None:
        return context
    context["student_nav"] = student_items(shown)
    context["search_leaves_out"] = ",".join(left_out_addresses())
    for side in ("previous_page", "next_page"):
        near = getattr(page, side, None)
        if near is not None and near.file is not None and left_out(near.file.src_uri):
            setattr(page, side, None)
    return context


_HREF = re.compile(r"""href=["']([^"']*)["']""")


def answer_links(html: str) -> list[str]:
    """The links of ``html`` into the teachers' section or to an answer key."""
    found = []
    for href in _HREF.findall(html):
        path = href.split("#", 1)[0].split("?", 1)[0]
        if re.search(r"(^|/)teachers/", path) or "answer-key" in path:
            found.append(href)
    return found


_BOARD_CONFIG = re.compile(r'<div class="board" [^>]*?\bid="([^"]*)"[^>]*?data-config="([^"]*)"')


def answering_boards(html: str) -> list[str]:
    """The boards of ``html`` whose menus could answer an exercise: a choice of ruleset,
    or the computer offered where the block's opponent is a person (the computer would
    play the reply the exercise asks for), each as ``id: what``."""
    found = []
    for board_id, raw in _BOARD_CONFIG.findall(html):
        config = json.loads(unescape(raw))
        offered = config.get("opponents")
        if offered is None or (config.get("opponent") == "person" and offered != ["person"]):
            found.append(f"{board_id}: offers the opponents {offered or 'all'}")
        if config["game"] == "awithlaknannai" and len(config.get("rulesets", [])) != 1:
            found.append(f"{board_id}: offers the rulesets {config.get('rulesets')}")
    return found


def check_student_links(html: str, page: Page) -> str:
    """A students' page's HTML, unchanged; the build fails on a link to the teachers' pages
    or an answer key, or on a board whose menus could answer its exercise (run after the page's own rewriting: glossary links and the like)."""
    if page.file is not None and is_student_page(page.file.src_uri):
        links = answer_links(html)
        if links:
            raise PluginError(
                f"{page.file.src_uri}: a page for students links the teachers' pages or an "
                f"answer key: {', '.join(repr(link) for link in links)}"
            )
        boards = answering_boards(html)
        if boards:
            raise PluginError(
                f"{page.file.src_uri}: a board of a page for students offers a choice that "
                f"could answer its exercise: {'; '.join(boards)}"
            )
    return html
