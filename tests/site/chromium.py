"""The browser of the site tests: Debian's Chromium, headless, with the launch flags Pyodide
needs there, and browser profiles kept on disk for the contexts that stand for a reader's
own browser.

A context of ``browser.new_context()`` is like a private window: Chromium keeps no code
cache there, so every page compiles the runtime's JavaScript and tiers up its WebAssembly
again, work a reader's browser does once (measured: about a sixth of a board page's
processor time). The warm contexts of the tests (``test_e2e_support.WarmContext``) and the
visit of every page (``site_visits.visit_every_page``) are therefore profiles on disk
(:class:`PersistentContext`), each its own browser; a fresh ``new_context()`` stays the way to
test a first visit.
"""

from __future__ import annotations

import shutil
import tempfile

CHROMIUM = "/usr/bin/chromium"
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


class PersistentContext:
    """A browser context with a profile on disk (a temporary folder, removed by
    ``close``), launched as its own Chromium by the Playwright of ``browser``;
    ``context_args`` are those of ``browser.new_context()``. ``context`` is the context,
    ``first_page`` the page it opens with."""

    def __init__(self, browser, **context_args):
        self.profile = tempfile.mkdtemp(prefix="site-tests-profile-")
        self.context = browser.browser_type.launch_persistent_context(
            self.profile, executable_path=CHROMIUM, args=CHROMIUM_FLAGS, **context_args
        )
        self.first_page = self.context.pages[0] if self.context.pages else self.context.new_page()

    def close(self) -> None:
        try:
            self.context.close()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)
