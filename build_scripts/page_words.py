"""The page's words module, written from the interface's tables at build time (a hook).

``on_post_build`` writes ``assets/js/words.js`` into the site (beside ``i18n.js``, which
every language's pages share): the ``page`` section of every language's table (:mod:`engine.words`) as ``export const WORDS = {"en": {...}, "fr":
{...}}``. ``docs/assets/js/i18n.js`` imports it and fills its templates, so the words the
scripts say live in the same tables as the words the build and the SVG boards use.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # MkDocs loads a hook by its path, not as a package
    sys.path.insert(0, str(ROOT))

from typing import TYPE_CHECKING  # noqa: E402

from engine.words import section  # noqa: E402

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig


PATH = "assets/js/words.js"


def words_module() -> str:
    """The JavaScript module holding the ``page`` words of every language."""
    body = json.dumps(section("page"), ensure_ascii=False, indent=1)
    return (
        "// The words the page's scripts say, in every language: written by the build from\n"
        "// the interface's tables (engine/words/), never edited by hand.\n"
        f"export const WORDS = {body};\n"
    )


def on_post_build(config: MkDocsConfig) -> None:
    target = Path(config["site_dir"]) / PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(words_module(), encoding="utf-8")
