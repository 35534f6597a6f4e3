"""The Content-Security-Policy: every built page carries it, and nothing the site does
breaks it, in headless Chromium, with a move on every board.

The site is served with the security headers (as ``make serve`` sends them) on top of the
``<meta>`` every page carries, so the worker that runs Python is under the policy too.
"""

from __future__ import annotations

import pytest
from site_build_tools import ROOT
from site_visits import (
    allow_slow_start,
    built_pages,
    play_a_move,
    serve_with_headers,
    wait_playable,
)

from build_scripts.page_policy import policy_problems
from build_scripts.security import CSP, HEADERS

LISTEN = """() => {
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(
    `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
}"""


def test_the_policy_runs_no_inline_script_and_no_eval():
    script_src = next(d for d in CSP.split("; ") if d.startswith("script-src"))
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    assert "'wasm-unsafe-eval'" in script_src  # Pyodide compiles WebAssembly
    assert HEADERS["Content-Security-Policy"].startswith(CSP)


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
        '<script id="__config" type="application/json">{"a": 1}</script>'
    )
    assert policy_problems(page_html) == []


@pytest.mark.browser
def test_no_page_breaks_the_policy_even_while_playing(browser, site_dir):
    url, stop = serve_with_headers(site_dir)
    context = browser.new_context()
    context.add_init_script(f"({LISTEN})()")
    allow_slow_start(context)
    console: list[str] = []
    failures: dict[str, list[str]] = {}
    page = context.new_page()
    page.on("console", lambda m: console.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: console.append(str(e)))
    try:
        for rel in built_pages(site_dir):
            console.clear()
            page.goto(url + rel)
            page.wait_for_load_state("load")
            for board in page.locator(".board[data-game]").all():
                # a policy that blocked Python would leave the board unplayable
                assert wait_playable(page, board), f"/{rel}: a board's engine did not start"
                play_a_move(page, board)
            said = [
                t
                for t in console
                if "Content Security Policy" in t or "Content-Security-Policy" in t
            ]
            violations = page.evaluate("window.__violations") + said
            if violations:
                failures[rel or "/"] = violations
    finally:
        context.close()
        stop()
    assert failures == {}, "\n".join(f"{p}: {v}" for p, v in failures.items())


@pytest.mark.parametrize("page", ["authoring.md", "authoring.fr.md"])
def test_the_authoring_page_lists_the_headers_the_server_sends(page):
    """Hosts other than ``make serve`` learn the headers from the authoring page."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    listed = "\n".join(f"{name}: {value}" for name, value in HEADERS.items())
    assert f"```text\n{listed}\n```" in text
