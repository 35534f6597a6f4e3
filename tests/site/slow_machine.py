"""Waiting for boards in the offline and serve-anywhere tests, on a shared, busy machine.

The contexts of these tests stretch the page's long time limits (``allow_slow_start`` of
``site_visits``), so a slow start of Python is not taken for a failed one; the wait for a
playable board is long accordingly."""

from __future__ import annotations

from site_visits import allow_slow_start  # noqa: F401  (re-exported for the tests)
from test_e2e_support import come_to, wait_settled

PLAYABLE_MS = 240_000


def playable(page, selector=".board[data-game]"):
    """Wait until the first board matching ``selector`` is playable (scrolled to, as a
    reader comes to it, unless it is set up already); return its locator."""
    board = come_to(page, selector)
    wait_settled(page, selector, PLAYABLE_MS)
    status = board.locator("[data-role=status]")
    assert board.get_attribute("data-ready") == "true", status.text_content()
    return board
