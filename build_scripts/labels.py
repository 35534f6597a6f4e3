"""The words the build puts around a board, in English and French.

The words are the ``board`` section of the interface's tables (:mod:`engine.words`).
The page's language comes from the language being built (mkdocs-static-i18n builds each
language in turn); the words the page's scripts write while the game runs are the tables'
``page`` section. Every control keeps the English verb in its accessible name on French
pages too ("Lancer (Throw)"), so that a test or a screen-reader user who knows the English
page finds it.
"""

from __future__ import annotations

from engine.words import section

LABELS: dict[str, dict[str, str]] = section("board")


def label(lang: str, key: str) -> str:
    """The word for ``key`` in ``lang`` (English when the language is not known)."""
    return LABELS.get(lang, LABELS["en"]).get(key) or LABELS["en"][key]
