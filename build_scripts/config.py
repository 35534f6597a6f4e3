"""The settings of the site's plugin (:mod:`build_scripts.plugin`): its typed schema, the
one place a setting is declared.

A site turns the plugin on in its ``mkdocs.yml`` and sets what it needs::

    plugins:
      - search
      - heritage-games:
          printables: true

MkDocs checks each value against its type before the build starts and stops, naming the
setting, on a wrong one. The authoring page lists the settings (``docs/authoring.md``).
A new setting is one line here (an option with its type, its default and a comment), read
in the plugin as ``self.config.<name>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c

from build_scripts.site_assets import STYLESHEETS

NAME = "heritage-games"
"""The plugin's name under ``plugins:`` (its entry point in ``pyproject.toml``)."""


class CorrectionsConfig(base.Config):  # type: ignore[no-untyped-call]
    """Where readers' corrections go (:mod:`build_scripts.corrections`): at least one."""

    email = c.Type(str, default="")
    """An address the maintainers read."""

    issues = c.Type(str, default="")
    """An issue tracker's new-issue address (``https://github.com/OWNER/REPO/issues/new``)."""


class GamesConfig(base.Config):  # type: ignore[no-untyped-call]
    """The plugin's settings; the defaults suit a site of a few pages with boards."""

    runtime = c.Type(bool, default=True)
    """Ship the in-page Python (Pyodide and the engine's wheel), the page's words and its
    npm libraries, so that the boards play. Off only for a site without boards."""

    sources = c.Type(bool, default=False)
    """The site's sources pages: every graded claim checked against its registry, each
    grade linked to the key of grades, each glossary word linked to its entry, the
    correction link at each page's foot (``corrections``)."""

    lessons = c.Type(bool, default=False)
    """The pages for teachers and students: answer fields and hand-in codes, the class
    results page, the probability lab's blocks, the students' navigation without answers."""

    printables = c.Type(bool, default=False)
    """The printable boards, stick dice, worksheets and answer keys (SVG and PDF) in
    ``printables/``; they read the lessons' pages of this project."""

    offline = c.Type(bool, default=True)
    """The web app manifests, the icons and the service worker that keeps the site for
    reading and playing offline."""

    precompress = c.Type(bool, default=True)
    """Brotli copies of the large files beside them, for a server to send (not under
    ``mkdocs serve``)."""

    corrections = c.SubConfig(CorrectionsConfig)
    """Where readers' corrections go (``email``, ``issues``); none, or an example address,
    and every page's foot says so (:mod:`build_scripts.corrections`)."""

    reviews = c.Type(list, default=[])
    """Each review of the pages by an institution of the Kiowa Tribe or the Pueblo of Zuni
    (``nation``, ``by``, ``date``, ``pages``); each entry is checked, naming it, by
    :func:`build_scripts.reviews.reviews`, which knows the site's pages."""

    stylesheets = c.ListOfItems(c.Type(str), default=list(STYLESHEETS))
    """The site's style sheets under ``docs/``, joined after the theme's into the one sheet
    every page links (:mod:`build_scripts.joined`), in the order the cascade reads them."""


def plugin_settings(config: Mapping[str, Any]) -> Mapping[str, Any]:
    """The plugin's settings in a site's configuration: a build's (checked against the
    schema, defaults filled in), or those of a ``mkdocs.yml`` read as plain YAML (as
    written; a reader gives each missing setting its default)."""
    plugins = config.get("plugins") or ()
    if isinstance(plugins, Mapping):  # a build's plugins, or plugins: written as a mapping
        found = plugins.get(NAME)
        return getattr(found, "config", found) or {}
    for entry in plugins:  # plugins: written as a list
        if isinstance(entry, Mapping) and NAME in entry:
            return entry[NAME] or {}
    return {}
