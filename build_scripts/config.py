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

from mkdocs.config import base
from mkdocs.config import config_options as c


class GamesConfig(base.Config):  # type: ignore[no-untyped-call]
    """The plugin's settings; the defaults suit a site of a few pages with boards."""

    runtime = c.Type(bool, default=True)
    """Ship the in-page Python (Pyodide and the engine's wheel), the page's words and its
    npm libraries, so that the boards play. Off only for a site without boards."""

    sources = c.Type(bool, default=False)
    """The site's sources pages: every graded claim checked against its registry, each
    grade linked to the key of grades, each glossary word linked to its entry, the
    correction link at each page's foot (``extra.corrections``)."""

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
