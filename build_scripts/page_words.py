"""The page's words module, written from the interface's tables at build time (a step of the site's plugin, :mod:`build_scripts.plugin`).

``on_post_build`` writes ``assets/js/words.js`` into the site (beside ``i18n.js``, which
every language's pages share): the ``page`` section of every language's table (:mod:`engine.words`) as ``export const WORDS = {"en": {...}, "fr":
{...}}``. ``docs/assets/js/i18n.js`` imports it and fills its templates, so the words the
scripts say live in the same tables as the words the build and the SVG boards use.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.words import section

ROOT = Path(__file__).resolve().parent.parent


PATH = "assets/js/words.js"


def words_module() -> str:
    """The JavaScript module holding the ``page`` words of every language."""
    body = json.dumps(section("page"), ensure_ascii=False, indent=1)
    return (
        "// The words the page's scripts say, in every language: written by the build from\n"
        "// the interface's tables (engine/words/), never edited by hand.\n"
        f"export const WORDS = {body};\n"
    )


def write_words(site_dir: Path) -> None:
    """Write :func:`words_module` into ``site_dir``."""
    target = site_dir / PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(words_module(), encoding="utf-8")
