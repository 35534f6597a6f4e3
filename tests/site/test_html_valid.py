"""Every built page is valid HTML for the Nu Html Checker (the W3C's checker, npm
``vnu-jar``, pinned in package.json; it runs on Java: ``make test`` installs Debian's
``default-jre-headless`` where ``java`` is missing).

One Java process checks the whole built site (``--skip-non-html``: the HTML files only).
No error is allowed in this project's markup. The two messages allowed come from the
theme's own templates (mkdocs-material 9.7's, which the project does not override), each
matched by its whole text and by the element the checker points at, never by a count:

- the theme's drawer and search toggles are ``<input type="checkbox" autocomplete="off">``
  (so that a browser does not restore an open drawer after a reload); the checker allows
  ``autocomplete`` on text-like inputs only;
- the theme's table of contents has ``<label for="__toc">``, whose checkbox the theme
  writes only in the navigation entry of the page itself: a section's index page
  (``navigation.indexes``) has none, and the label points to no control.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from site_build_tools import ROOT

VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"

THEIRS = (
    (
        "Attribute “autocomplete” is only allowed when the input type is “color”, “date”,"
        " “datetime-local”, “email”, “hidden”, “month”, “number”, “password”, “range”,"
        " “search”, “tel”, “text”, “time”, “url”, or “week”.",
        re.compile(
            r'<input class="md-toggle" data-md-toggle="(drawer|search)" type="checkbox"'
            r' id="__(drawer|search)" autocomplete="off">'
        ),
    ),
    (
        "The value of the “for” attribute of the “label” element must be the ID of a"
        " non-hidden form control.",
        re.compile(r'<label class="md-nav__title" for="__toc">'),
    ),
)


def pointed_at(message: dict) -> str:
    """The markup the checker highlights in its extract."""
    start = message.get("hiliteStart", 0)
    return message.get("extract", "")[start : start + message.get("hiliteLength", 0)]


def theirs(message: dict) -> bool:
    return any(
        message.get("message") == text and element.fullmatch(pointed_at(message))
        for text, element in THEIRS
    )


@pytest.fixture(scope="module")
def messages(site_dir) -> list[dict]:
    java = shutil.which("java")
    if java is None:
        pytest.fail("Java is not installed (make test installs Debian's default-jre-headless)")
    assert VNU.is_file(), "run `make setup` (npm ci) to install vnu-jar"
    done = subprocess.run(
        [java, "-jar", str(VNU), "--format", "json", "--skip-non-html", str(site_dir)],
        capture_output=True,
        text=True,
        check=False,
    )
    # (the checker's exit status is 1 when it reports an error: its report says which)
    return json.loads(done.stderr)["messages"]


def test_the_checker_read_every_page(messages, site_dir):
    unread = [m for m in messages if m["type"] == "non-document-error"]
    assert not unread, unread[:5]
    pages = {p for p in site_dir.rglob("*.html")}
    assert len(pages) > 40


def test_no_html_error_in_the_project_markup(messages, site_dir):
    errors = [m for m in messages if m["type"] == "error" and not theirs(m)]
    lines = [
        f"{m['url'].removeprefix(site_dir.as_uri())}:{m.get('lastLine')}: {m['message']}"
        f"  [{m.get('extract', '').strip()[:120]}]"
        for m in errors
    ]
    assert not errors, f"{len(errors)} HTML errors:\n" + "\n".join(lines[:60])


def test_the_theme_messages_allowed_are_still_the_theme_ones(messages):
    """Each allowed message still occurs (else it is allowed for nothing: drop it)."""
    for text, element in THEIRS:
        assert any(
            m.get("message") == text and element.fullmatch(pointed_at(m)) for m in messages
        ), text
