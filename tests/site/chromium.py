"""The browser of the site tests: Debian's Chromium headless shell, with the launch flags
Pyodide needs there, and browser profiles kept on disk for the contexts that stand for a
reader's own browser.

The headless shell (Debian's ``chromium-headless-shell``, the same Chromium version as its
``chromium``) is the browser Playwright itself tests with by default: the same engine
(Blink, V8, the same WebAssembly and storage) without the full browser's window layer. It
costs less processor time per page: measured opening a board page again and again in a
new tab, Python restored from its snapshot, 1.26 to 1.40 s of the machine's processor
time a page against 1.46 to 1.75 s for ``chromium --headless``, in the same runs. The
benchmark (``benchmarks/``) measures with the full browser, as a reader runs it.

A context of ``browser.new_context()`` is like a private window: Chromium keeps no code
cache there, so every page compiles the runtime's JavaScript and tiers up its WebAssembly
again, work a reader's browser does once (measured: about a sixth of a board page's
processor time). The warm contexts of the tests (``test_e2e_support.WarmContext``) and the
visit of every page (``site_visits.visit_every_page``) are therefore profiles on disk
(:class:`PersistentContext`), each its own browser; a fresh ``new_context()`` stays the way to
test a first visit.

The tests' waits for a condition (``wait_for_function``) check it on a timer, not on every
animation frame (:func:`poll_on_a_timer`).
"""

from __future__ import annotations

import functools
import shutil
import tempfile

CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


POLL_MS = 50


def poll_on_a_timer() -> None:
    """Make ``wait_for_function`` check its condition every :data:`POLL_MS` ms, unless a
    call says otherwise. Playwright's default checks it on every animation frame, which
    keeps the waiting page producing frames: measured on a board page, a 5-second wait
    cost 0.26 to 0.39 s of the renderer's processor time with frames and 0.02 s on a
    timer, and three of the board test modules took 6 % less of Chromium's processor
    time. A condition is seen at most 50 ms later; nothing the tests assert changes."""
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        wait = cls.wait_for_function
        if getattr(wait, "polls_on_a_timer", False):
            continue

        @functools.wraps(wait)
        def on_a_timer(self, expression, *, arg=None, timeout=None, polling=None, _wait=wait):
            return _wait(
                self,
                expression,
                arg=arg,
                timeout=timeout,
                polling=POLL_MS if polling is None else polling,
            )

        on_a_timer.polls_on_a_timer = True  # type: ignore[attr-defined]
        cls.wait_for_function = on_a_timer  # type: ignore[method-assign]


class PersistentContext:
    """A browser context with a profile on disk (a temporary folder, removed by
    ``close``), launched as its own Chromium by the Playwright of ``browser``;
    ``flags``, Chromium's flags beyond the tests' own; ``context_args`` are those of
    ``browser.new_context()``. ``context`` is the context,
    ``first_page`` the page it opens with."""

    def __init__(self, browser, flags=(), **context_args):
        self.profile = tempfile.mkdtemp(prefix="site-tests-profile-")
        self.context = browser.browser_type.launch_persistent_context(
            self.profile, executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, *flags], **context_args
        )
        self.first_page = self.context.pages[0] if self.context.pages else self.context.new_page()

    def close(self) -> None:
        try:
            self.context.close()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)
