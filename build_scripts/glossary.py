"""Words of the glossary linked where a page first uses them (a step of the site's plugin, :mod:`build_scripts.plugin`).

``TERMS`` pairs each entry of the glossary page (``glossary.md``, ``glossary.fr.md``; the
entries are headings whose anchors are the keys below) with the forms of the word in each
language. ``on_page_content`` links the first use of each term on a page, in its prose
only: never inside a link, a heading, code, a drawing, a caption or a button, and never
on the glossary itself or on an authors' page.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mkdocs.utils import get_relative_url

from build_scripts.html_text import RAW, Segment, rewrite_text
from build_scripts.page_language import folder as language_folder
from build_scripts.page_language import page_language
from build_scripts.public_words import for_authors

if TYPE_CHECKING:
    from mkdocs.structure.pages import Page


PAGE = "glossary/"

# anchor -> {language: pattern}; the patterns are case-insensitive.
TERMS: dict[str, dict[str, str]] = {
    "awl": {"en": r"awls?", "fr": r"alènes?"},
    "creek": {"en": r"creek", "fr": r"ruisseau"},
    "dry-branches": {"en": r"dry branch(?:es)?", "fr": r"branches? sèches?"},
    "counters": {"en": r"counters?", "fr": r"jetons?"},
    "stick-dice": {"en": r"stick dic?e", "fr": r"bâtonnets?"},
    "sahe": {"en": r"sahe", "fr": r"sahe"},
    "lap": {"en": r"laps?", "fr": r"circuits? (?:complets?|achevés?)"},
    "alquerque": {"en": r"alquerque", "fr": r"alquerque"},
    "leap": {"en": r"leaps?", "fr": r"sauts?"},
    "primary-source": {"en": r"primary (?:source|text)s?", "fr": r"(?:source|texte)s? primaires?"},
    "secondary-source": {
        "en": r"secondary (?:source|work)s?",
        "fr": r"(?:source|travail)s? secondaires?",
    },
    "tertiary-source": {"en": r"tertiary(?: sources?)?", "fr": r"(?:sources? )?tertiaires?"},
    "transcription": {"en": r"transcriptions?", "fr": r"transcriptions?"},
    "reconstruction": {"en": r"reconstructions?", "fr": r"reconstitutions?|reconstructions?"},
    "ruleset": {"en": r"rulesets?", "fr": r"variantes?"},
    "ethnologist": {"en": r"ethnologists?", "fr": r"ethnologues?"},
    "evidence-grades": {"en": r"evidence grades?", "fr": r"niveaux? de preuve"},
}
_SKIP = RAW | {
    "a",
    "abbr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "figcaption",
    "button",
    "label",
    "nav",
    "header",
    "footer",
    "aside",
    "title",
    "summary",
    "select",
    "option",
    "textarea",
}
_SKIP_CLASSES = frozenset({"board", "board-sticks", "admonition-title", "corrections"})
_PATTERNS = {
    lang: [
        (anchor, re.compile(rf"(?<![\w-])({forms[lang]})(?![\w-])", re.I))
        for anchor, forms in TERMS.items()
    ]
    for lang in ("en", "fr")
}


def link_terms(html: str, lang: str, href: str) -> str:
    """``html`` with the first use of each glossary term linked to ``href#anchor``."""
    todo = dict(_PATTERNS[lang])

    def change(seg: Segment) -> str:
        if not todo or seg.within(_SKIP) or seg.within_class(_SKIP_CLASSES):
            return seg.text
        out, text = [], seg.text
        while todo:
            found = [(m.start(), anchor, m) for anchor, p in todo.items() if (m := p.search(text))]
            if not found:
                break
            _, anchor, match = min(found, key=lambda item: item[0])
            out.append(text[: match.start()])
            out.append(f'<a class="glossary-term" href="{href}#{anchor}">{match.group(1)}</a>')
            text = text[match.end() :]
            del todo[anchor]
        return "".join(out) + text

    return rewrite_text(html, change)


def linked_glossary(html: str, page: Page) -> str:
    """The page's HTML with the first use of each glossary word linked to its entry."""
    lang = page_language(page)
    if for_authors(page) or page.file.src_uri.startswith("glossary."):
        return html
    href = get_relative_url(language_folder(lang) + PAGE, page.url)
    return link_terms(html, lang, href)
