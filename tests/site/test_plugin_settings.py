"""The plugin's settings: every one of the schema (each of a group's as ``group.name``) is
listed on the authoring page, in both languages, with its default as YAML writes it; the
settings this site's mkdocs.yml gives are of the schema."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from mkdocs.config import config_options as c

from build_scripts.config import GamesConfig

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = dict(GamesConfig._schema)


def _defaults() -> Iterator[tuple[str, object]]:
    for name, option in GamesConfig._schema:
        if isinstance(option, c.SubConfig):
            for key, inner in option.config_class._schema:
                yield f"{name}.{key}", inner.default
        else:
            yield name, option.default


def _written(default: object) -> str:
    return str(default).lower() if isinstance(default, bool) else json.dumps(default)


@pytest.mark.parametrize("page", ["authoring.md", "authoring.fr.md"])
def test_the_authoring_page_lists_every_setting_with_its_default(page):
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    text = text.split("{ #settings }", 1)[1].split("\n## ", 1)[0]  # the section of settings
    rows = dict(re.findall(r"^\| `([a-z_.]+)` \| `([^`]+)` \|", text, flags=re.M))
    defaults = dict(_defaults())
    assert set(rows) == set(defaults)
    for name, default in defaults.items():
        assert rows[name] == _written(default), name


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
