"""The pairing of each page's headings with its twin's in the other language."""

from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError

from build_scripts.twin_headings import headings, pairs

ROOT = Path(__file__).resolve().parents[2]


def test_headings_pair_by_order_and_level():
    here = [(1, "rules", "Rules"), (2, "board", "The board")]
    there = [(1, "regles", "Règles"), (2, "plateau", "Le plateau")]
    assert pairs(here, there, ("x.md", "x.fr.md")) == {"rules": "regles", "board": "plateau"}


def test_a_changed_level_fails_naming_both_pages_and_the_heading():
    here = [(1, "rules", "Rules"), (2, "board", "The board")]
    there = [(1, "regles", "Règles"), (3, "plateau", "Le plateau")]
    with pytest.raises(PluginError) as info:
        pairs(here, there, ("zohn-ahl/rules.md", "zohn-ahl/rules.fr.md"))
    message = str(info.value)
    assert "zohn-ahl/rules.md" in message and "zohn-ahl/rules.fr.md" in message
    assert "'The board'" in message and "'Le plateau'" in message


def test_a_section_in_one_language_only_fails_naming_it():
    here = [(1, "rules", "Rules"), (2, "board", "The board"), (2, "notes", "Notes")]
    there = [(1, "regles", "Règles"), (2, "plateau", "Le plateau")]
    with pytest.raises(PluginError, match="x.md has 3 headings and x.fr.md has 2.*'Notes'"):
        pairs(here, there, ("x.md", "x.fr.md"))


def test_the_site_reads_french_headings_with_french_anchors():
    config = load_config(str(ROOT / "mkdocs.yml"))
    english = headings(ROOT / "docs" / "zohn-ahl" / "history.md", config)
    french = headings(ROOT / "docs" / "zohn-ahl" / "history.fr.md", config)
    twins = pairs(english, french, ("history.md", "history.fr.md"))
    assert len(twins) == len(english) > 2
    assert any(a != b for a, b in twins.items()), "the French anchors are French slugs"
