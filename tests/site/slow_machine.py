"""Waiting for boards in the offline and serve-anywhere tests, on a shared, busy machine.

The contexts of these tests stretch the page's long time limits (``allow_slow_start`` of
``site_visits``), so a slow start of Python is not taken for a failed one; the wait for a
playable board is long accordingly."""

from __future__ import annotations

from site_visits import allow_slow_start  # noqa: F401  (re-exported for the tests)

PLAYABLE_MS = 240_000


def playable(page, selector=".board[data-game]"):
    """Wait until the first board matching ``selector`` is playable; return its locator."""
    page.wait_for_function(
        """sel => { const b = document.querySelector(sel);
            return !!b && (b.dataset.ready === 'true' || b.dataset.ready === 'error'); }""",
        arg=selector,
        timeout=PLAYABLE_MS,
    )
    board = page.locator(selector).first
    status = board.locator("[data-role=status]")
    assert board.get_attribute("data-ready") == "true", status.text_content()
    return board
