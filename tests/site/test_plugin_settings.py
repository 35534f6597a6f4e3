"""The plugin's settings: every one of the schema is listed on the authoring page, in both
languages, with its default; the settings this site's mkdocs.yml gives are of the schema."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from build_scripts.config import GamesConfig

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = dict(GamesConfig._schema)


@pytest.mark.parametrize("page", ["authoring.md", "authoring.fr.md"])
def test_the_authoring_page_lists_every_setting_with_its_default(page):
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    text = text.split("{ #settings }", 1)[1].split("\n## ", 1)[0]  # the section of settings
    rows = dict(re.findall(r"^\| `([a-z_]+)` \| `([^`]+)` \|", text, flags=re.M))
    assert set(rows) == set(SETTINGS)
    for name, option in SETTINGS.items():
        assert rows[name] == str(option.default).lower(), name


def test_the_site_sets_only_settings_of_the_schema():
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!ENV", lambda loader, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    (ours,) = [
        p["heritage-games"]
        for p in config["plugins"]
        if isinstance(p, dict) and "heritage-games" in p
    ]
    assert ours and set(ours) <= set(SETTINGS)
