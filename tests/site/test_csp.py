"""The Content-Security-Policy: every built page carries it, and nothing the site does
breaks it, in headless Chromium, with a move on every board.

The site is served with the security headers (as ``make serve`` sends them) on top of the
``<meta>`` every page carries, so the worker that runs Python is under the policy too. The
visit of every page is shared with test_accessibility.py (``every_page`` in conftest.py).
"""

from __future__ import annotations

import pytest
from site_build_tools import ROOT
from site_visits import built_pages

from build_scripts.page_policy import policy_problems
from build_scripts.security import CSP, HEADERS


def test_the_policy_runs_no_inline_script_and_no_eval():
    script_src = next(d for d in CSP.split("; ") if d.startswith("script-src"))
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    assert "'wasm-unsafe-eval'" in script_src  # Pyodide compiles WebAssembly
    assert HEADERS["Content-Security-Policy"].startswith(CSP)


def test_the_policy_allows_no_inline_style():
    directives = dict(d.split(" ", 1) for d in CSP.split("; "))
    assert directives["style-src"] == "'self'"
    assert not any(name.startswith("style-src-") for name in directives)


def test_every_built_page_carries_the_policy_before_any_script(site_dir):
    pages = built_pages(site_dir)
    assert "" in pages and "fr/" in pages and "404.html" in pages and "fr/404.html" in pages
    wrong = {}
    for rel in pages:
        path = site_dir / (rel + "index.html" if rel == "" or rel.endswith("/") else rel)
        problems = policy_problems(path.read_text(encoding="utf-8"))
        if problems:
            wrong[rel] = problems
    assert wrong == {}


@pytest.mark.parametrize(
    "page_html, problem",
    [
        ("<html><head><script src=a.js></script></head></html>", "no Content-Security-Policy"),
        (
            f'<head><meta http-equiv="Content-Security-Policy" content="{CSP}"><script>alert(1)</script>',
            "inline script",
        ),
        ('<head><meta http-equiv="Content-Security-Policy" content="default-src *">', "other than"),
        (
            f'<head><script src=x.js></script><meta http-equiv="Content-Security-Policy" content="{CSP}">',
            "before the Content-Security-Policy",
        ),
        (
            f'<head><meta http-equiv="Content-Security-Policy" content="{CSP}"><p style="color:red">',
            "style attribute",
        ),
        (
            f'<head><meta http-equiv="Content-Security-Policy" content="{CSP}"><style>p{{}}</style>',
            "<style> element",
        ),
    ],
)
def test_the_build_check_refuses_a_page_without_the_policy(page_html, problem):
    problems = policy_problems(
        page_html.replace("'", "&#39;") if "default-src *" in page_html else page_html
    )
    assert any(problem in p for p in problems), problems


def test_the_build_check_lets_data_blocks_through():
    page_html = (
        f'<head><meta http-equiv="Content-Security-Policy" content="{CSP}">'
        '<script id="__config" type="application/json">{"a": 1, "b": "<p style=x>"}</script>'
        '<svg><text font-style="italic">a</text></svg><code>&lt;p style="x"&gt;</code>'
    )
    assert policy_problems(page_html) == []


@pytest.mark.browser
def test_no_page_breaks_the_policy_even_while_playing(every_page):
    """Served with the security headers, every page, with a move on every board, reports
    no breach of the policy (a policy that blocked Python would leave a board unplayable)."""
    assert len(every_page) > 40
    started = {rel: s.not_started for rel, s in every_page.items() if s.started != s.boards}
    assert started == {}, "boards whose engine did not start (what they said)"
    breaches = {rel: s.breaches for rel, s in every_page.items() if s.breaches}
    assert breaches == {}, "\n".join(f"{p}: {v}" for p, v in breaches.items())


@pytest.mark.parametrize("page", ["authoring.md", "authoring.fr.md"])
def test_the_authoring_page_lists_the_headers_the_server_sends(page):
    """Hosts other than ``make serve`` learn the headers from the authoring page."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    listed = "\n".join(f"{name}: {value}" for name, value in HEADERS.items())
    assert f"```text\n{listed}\n```" in text
