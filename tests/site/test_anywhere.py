"""Build once, serve anywhere: the build made for one address, served at another port and
under a folder (a school server, a USB stick, GitHub Pages at /<project>/), keeps its
instant navigation -- one Python for the whole visit -- and its boards play."""

from __future__ import annotations

import pytest
from slow_machine import allow_slow_start, playable
from test_e2e_support import READY_MS, Visit

pytestmark = pytest.mark.browser


# Notes whether a board of the page reports that Python could not start (under load it
# can miss even the stretched time limit; "Try again" then starts a new Python).
WATCH_ERRORS = """() => {
    window.sawEngineError = false;
    new MutationObserver(() => {
        if (document.querySelector('.board[data-ready="error"]')) window.sawEngineError = true;
    }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
}"""


def _one_python_across_pages(browser, base: str, lang: str = ""):
    visit = Visit(browser, base)
    allow_slow_start(visit.context)
    try:
        page = visit.page()
        page.goto(base + lang + "authoring/")
        playable(page)

        def fetched(suffix):
            return [u for u in visit.requests if u.split("?")[0].endswith(suffix)]

        pythons = len(fetched("pyodide.asm.wasm"))
        page.evaluate("() => { window.sameVisit = true; }")
        page.evaluate(WATCH_ERRORS)
        page.evaluate("() => document.querySelector('article').setAttribute('data-left', '')")
        page.locator('article a[href$="/awithlaknannai/rules/"]').first.click()
        page.wait_for_url(f"**/{lang}awithlaknannai/rules/")
        # the address changes first, the page's content when it has arrived
        page.wait_for_function("() => !document.querySelector('article[data-left]')")
        assert page.evaluate("() => window.sameVisit") is True, "the link reloaded the page"
        board = playable(page, '.board[data-game="awithlaknannai"]')
        # the next page's board plays with the Python already running
        if not page.evaluate("() => window.sawEngineError"):
            assert len(fetched("pyodide.asm.wasm")) == pythons
        board.locator('select[data-action="opponent"]').select_option("person")
        for point in ("m6", "m5"):
            board.locator(f'[data-point="{point}"]').click()
        page.wait_for_function(
            "b => b.querySelector('.aw-movelist').textContent.includes('m6-m5')",
            arg=board.element_handle(),
            timeout=READY_MS,
        )
        # back and forward stay in the visit too
        page.go_back()
        page.wait_for_url(f"**/{lang}authoring/")
        assert page.evaluate("() => window.sameVisit") is True
        assert not visit.off_origin(), visit.off_origin()
    finally:
        visit.close()


def test_the_same_build_at_another_port_keeps_one_python(browser, site_dir, site_url, serve):
    base = serve(site_dir)
    assert base != site_url  # the build was made for site_url
    _one_python_across_pages(browser, base)


def test_the_same_build_under_a_folder_keeps_one_python(browser, site_dir, serve, tmp_path):
    (tmp_path / "project").symlink_to(site_dir, target_is_directory=True)
    (tmp_path / "index.html").write_text("<!doctype html><title>another site</title>\n")
    base = serve(tmp_path) + "project/"
    _one_python_across_pages(browser, base, lang="fr/")
