"""Public pages speak to readers: the build fails on internal words (a step of the site's plugin, :mod:`build_scripts.plugin`).

A reader should never meet the names the project uses among its makers: numbered source
files (the word "seed" or "texte" and a three-digit number), "the founding texts", build commands, file paths, the
options of a board block written as code (``gully: cross``). ``on_page_content`` looks for
them in the words of every page in either language, code included, and stops the build
with the page's file, the word and its context.

The authoring page is the exception: it documents the blocks and the build for the people
who write pages. A page opts out with ``audience: authors`` in its front matter.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError

from build_scripts.html_text import visible_text

if TYPE_CHECKING:
    from mkdocs.structure.pages import Page


# (pattern, what it is) -- the patterns are case-insensitive.
BANNED: list[tuple[str, str]] = [
    (r"\bseeds? ?\d{3}\b", "a source file's number"),
    (r"\btextes? \d{3}\b", "a source file's number"),
    (r"\bseed-\d{3}\b", "a source file's number"),
    (r"\bfounding texts?\b", "the project's internal name for the modern retellings"),
    (r"\btextes? fondateurs?\b", "the project's internal name for the modern retellings"),
    (r"\bmake (?:serve|build|test|bench|setup|clean)\b", "a build command"),
    (r"\bREADME\b", "a file of the repository"),
    (r"\bmkdocs\.yml\b|\bmkdocs build\b", "the site's build"),
    (r"\bbuild_scripts\b|\bhooks\.py\b|\bnode_modules\b|\.venv\b", "a file of the repository"),
    (r"emredogan|source_verification|01_SOURCE", "a file path of a transcription"),
    (r"/work/|\.\./shared\b", "a path on a maker's machine"),
    (r"\b(?:gully|stall): ?[a-z-]+", "a board block's option written as code"),
    (r"\bH\d+'s\b|\bissue #\d+", "how the work was organised"),
]
_BANNED = [(re.compile(pattern, re.I), what) for pattern, what in BANNED]


def problems(text: str) -> list[str]:
    """Each banned word found in ``text``, quoted with a little of its context."""
    found = []
    for pattern, what in _BANNED:
        for match in pattern.finditer(text):
            start, end = max(0, match.start() - 30), min(len(text), match.end() + 30)
            context = " ".join(text[start:end].split())
            found.append(f"{match.group(0)!r} ({what}) in \u201c\u2026{context}\u2026\u201d")
    return found


def for_authors(page: Page) -> bool:
    return (getattr(page, "meta", None) or {}).get("audience") == "authors"


def check_public_page(html: str, page: Page) -> str:
    """The page's HTML, unchanged; the build fails on internal words on a public page
    (run last on the page: every word the other steps added is checked too)."""
    if for_authors(page):
        return html
    found = problems(visible_text(html))
    if found:
        raise PluginError(
            f"docs/{page.file.src_uri}: internal words on a public page (write for readers, "
            "or mark an authors' page with 'audience: authors'):\n  " + "\n  ".join(found)
        )
    return html
