"""A classroom served over plain http (``make serve HOST=0.0.0.0``, the offline copy's
server) is reached as ``http://<address>:8000``: not a secure origin, so the clipboard
API, service workers and a few others are refused. In headless Chromium with a made-up
host name mapped to the loopback address (``--host-resolver-rules``), the page is not a
secure context, and still: a board plays, an answer is checked, the hand-in code is made
and copied, a board's link is copied, and no page error occurs."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from chromium import CHROMIUM, CHROMIUM_FLAGS
from test_e2e_support import Visit, wait_ready

pytestmark = pytest.mark.browser

HOST = "classroom.test"

# what each copy put on the clipboard: the selection of the field copied, or the page's
COPIED = """window.copiedTexts = [];
document.addEventListener("copy", (e) => {
  const t = e.target;
  const text = t && typeof t.selectionStart === "number"
    ? t.value.slice(t.selectionStart, t.selectionEnd) : String(document.getSelection());
  window.copiedTexts.push(text);
}, true);"""


@pytest.fixture(scope="module")
def plain(browser, e2e_url):
    """A browser that reaches the site by a host name that is not localhost, and the
    site's address by that name."""
    chromium = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_FLAGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"],
    )
    port = urlsplit(e2e_url).port
    try:
        yield chromium, f"http://{HOST}:{port}"
    finally:
        chromium.close()


def copied(page) -> list[str]:
    return page.evaluate("() => window.copiedTexts")


def test_a_class_on_plain_http_plays_answers_hands_in_and_copies(plain):
    chromium, base = plain
    visit = Visit(chromium, base)
    try:
        page = visit.page()
        page.add_init_script(COPIED)
        page.goto(base + "/students/forced-captures/")
        assert page.evaluate("() => window.isSecureContext") is False
        # a board plays: White's reply on exercise 2's board, point by point
        board = wait_ready(page, "#forced-reply")
        board.locator('[data-point="m4"]').first.click()
        board.locator('[data-point="m6"]').first.click()
        page.wait_for_function(
            "b => b.querySelector('.aw-movelist').textContent.includes('m4xm6')",
            arg=board.element_handle(),
        )
        # an answer is checked
        box = page.get_by_role("textbox", name="Answer to exercise 2", exact=True)
        box.fill("m4xm6")
        box.press("Enter")
        page.locator('[data-answer-field="2"].answer-right').wait_for()
        # the hand-in code is made and copied
        code = page.locator('[data-hand-in-part="code"]')
        page.wait_for_function(
            "() => document.querySelector('[data-hand-in] canvas').dataset.code === "
            "document.querySelector('[data-hand-in-part=code]').textContent"
        )
        page.get_by_role("button", name="Copy the code").click()
        page.locator('[data-hand-in-part="status"]').filter(has_text="Copied.").wait_for()
        assert copied(page) == [code.inner_text()]
        # a board's link is copied too
        board.locator('[data-action="link"]').click()
        page.wait_for_function(
            "b => b.querySelector('[data-role=live]').textContent.startsWith('Link copied')",
            arg=board.element_handle(),
        )
        link = copied(page)[-1]
        assert link.startswith(base + "/students/forced-captures/"), link
        assert visit.errors == []
    finally:
        visit.close()
