"""Evidence grades explained where they appear (a step of the site's plugin, :mod:`build_scripts.plugin`).

The sources page grades every fact: P (read in the original or an exact quotation), P*
(seen only in a third party's transcription), S (a modern study), T (a pointer such as
Wikipedia), U (unverified). A bare "grade T" means nothing to a reader who has not seen
that key, so ``on_page_content`` turns each "grade X" / "niveau X" of a page's prose into
an abbreviation that carries its meaning and links to the key (``sources/#grades``).
"""

from __future__ import annotations

import html as html_lib
import re
from typing import TYPE_CHECKING

from mkdocs.utils import get_relative_url

from build_scripts import words as build_words
from build_scripts.html_text import RAW, rewrite_text
from build_scripts.page_language import folder as language_folder
from build_scripts.page_language import page_language

if TYPE_CHECKING:
    from mkdocs.structure.pages import Page


KEY_PAGE = "sources/"
KEY_ANCHOR = "grades"

MEANINGS: dict[str, dict[str, str]] = build_words.section("grades")
_CODE = r"(?:P\*|S/T|[PSTU])(?![\w/*])"
_GRADE = re.compile(rf"\b(grades?|niveaux?) ({_CODE})((?:,| and| et| ou| or) )?({_CODE})?")
_SKIP = RAW | {"a", "abbr", "h1", "h2", "h3", "h4", "h5", "h6", "title"}


def _link(code: str, word: str, lang: str, href: str) -> str:
    meaning = MEANINGS[lang][code]
    label = f"{word} {code}".strip()
    colon = "\u00a0: " if lang == "fr" else ": "
    return (
        f'<a class="grade" href="{href}">'
        f'<abbr title="{html_lib.escape(label + colon + meaning)}">{label}</abbr></a>'
    )


def link_grades(html: str, lang: str, href: str) -> str:
    """Every "grade X" of the prose of ``html`` as a linked abbreviation."""
    word_for = {"grades": "grade", "niveaux": "niveau"}

    def one(match: re.Match[str]) -> str:
        word, first, joint, second = match.groups()
        single = word_for.get(word, word)
        out = _link(first, single, lang, href)
        if second:
            out += (joint or " ") + _link(second, single, lang, href)
        elif joint:
            out += joint
        return out

    return rewrite_text(
        html, lambda seg: seg.text if seg.within(_SKIP) else _GRADE.sub(one, seg.text)
    )


def linked_grades(html: str, page: Page) -> str:
    """The page's HTML with each grade an abbreviation linked to the key of grades."""
    lang = page_language(page)
    href = get_relative_url(language_folder(lang) + KEY_PAGE, page.url) + "#" + KEY_ANCHOR
    return link_grades(html, lang, href)
