"""The probability lab's "work it out again", pressed before Python has started: the press
is kept, the page says what it waits for, and once the engine is up the rulesets' rows show
what the engine computes for the bias asked (docs/assets/js/lab.js).

Python's start is held back by the server (it answers the engine's wheel only once the
test lets it), so that the press comes before the engine is ready however fast the
machine is: the order of events is the test's, not the machine's."""

from __future__ import annotations

import threading
from fractions import Fraction

import pytest
from site_server import QuietHandler, wait_for
from test_e2e_support import READY_MS

from build_scripts import lab
from build_scripts.serve import make_server
from engine.zohn_ahl.chances import variant_figures

pytestmark = pytest.mark.browser

LAB = "teachers/probability-lab/"
BIAS = "3/5"


class _HeldWheel(QuietHandler):
    """The site's server, except that the engine's wheel is answered only once ``release``
    is set (no byte before: the worker's watch on a download that stops is not involved)."""

    release = threading.Event()

    def do_GET(self):
        if self.path.split("?")[0].endswith(".whl"):
            self.release.wait(300)
        return super().do_GET()


@pytest.fixture
def held_url(site_dir):
    handler = type("Handler", (_HeldWheel,), {"release": threading.Event()})
    server = make_server(site_dir, "127.0.0.1", 0, handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    wait_for(url)
    try:
        yield url, handler.release
    finally:
        handler.release.set()
        server.shutdown()
        server.server_close()


def _row_figures(page) -> dict[tuple[str, str], tuple[str, str]]:
    return {
        (row["ruleset"], row["gully"]): (row["first"], row["length"])
        for row in page.evaluate(
            """() => [...document.querySelectorAll('.lab-rulesets tr[data-ruleset]')].map((tr) => ({
                ruleset: tr.dataset.ruleset, gully: tr.dataset.gully,
                first: tr.querySelector('td[data-k=first]').textContent,
                length: tr.querySelector('td[data-k=length]').textContent}))"""
        )
    }


def test_pressed_before_python_starts_the_lab_answers_with_the_engines_figures(page, held_url):
    url, release = held_url
    page.set_default_timeout(READY_MS)
    page.goto(url + LAB)
    controls = page.locator("[data-lab-controls]")
    page.wait_for_selector("[data-lab-controls][data-mounted='true']")
    built = _row_figures(page)
    page.locator("input[data-lab=bias]").fill(BIAS)
    page.locator("button[data-lab=recompute]").click()
    # the engine cannot be ready: its wheel is held back
    assert controls.get_attribute("data-ready") is None
    status = page.locator("[data-lab=status]")
    assert (status.text_content() or "").strip(), "the lab says nothing while it waits"
    release.set()
    page.wait_for_function(
        "(bias) => { const t = document.querySelector('[data-lab=status]').textContent;"
        " return t.startsWith('Done') && t.includes(bias) || t.startsWith('Could not'); }",
        arg=BIAS,
        timeout=300_000,
    )
    assert (status.text_content() or "").startswith("Done"), status.text_content()
    shown = _row_figures(page)
    expected = {}
    for ruleset, gully in shown:
        f = variant_figures(ruleset, gully, 4, Fraction(BIAS), length=False)
        expected[(ruleset, gully)] = (
            lab._num(100 * f["first"], "en", 2) + lab._pc("en"),
            lab._num(f["expected_throws"], "en"),
        )
    assert shown == expected
    assert shown != built  # (the figures of fair sticks were replaced)
