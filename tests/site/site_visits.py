"""Helpers for the tests that visit every built page: the list of pages, a server that
sends the site's security headers, and one move on a board as a reader makes it."""

from __future__ import annotations

import threading
from pathlib import Path

from conftest import _built_site_url, _SiteHandler, _wait_for  # noqa: F401  (tests/site)

from build_scripts.serve import make_server

READY_MS = 60_000  # generous: two cores shared by many processes
_NOT_PAGES = ("assets/", "pyodide/", "engine/", "search/", "printables/files/")


def built_pages(site_dir: Path) -> list[str]:
    """Every HTML page of the built site, as a path from its root ("", "fr/about/", ...)."""
    pages = []
    for path in sorted(Path(site_dir).rglob("*.html")):
        rel = path.relative_to(site_dir).as_posix()
        if rel.startswith(_NOT_PAGES):
            continue
        pages.append(rel.removesuffix("index.html"))
    return pages


def serve_with_headers(folder: Path):
    """Serve ``folder`` with the site's own server (``make serve``'s, which sends the
    security headers); returns (url, stop)."""
    server = make_server(folder, "127.0.0.1", 0, _SiteHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    _wait_for(url)

    def stop():
        server.shutdown()
        server.server_close()

    return url, stop


# The page's own time limits (Python's start-up, 20 s; a request, 30 s) are meant for a
# reader's computer. These visits load Python on every page, on a two-core machine shared
# with other builds and browsers: the limits are stretched so that a slow start is not
# taken for a failed one. (The limits themselves are tested in test_worker.py.)
SLOW_MACHINE = """(() => {
  const setTimeoutOriginal = window.setTimeout;
  window.setTimeout = (fn, ms, ...rest) =>
    setTimeoutOriginal(fn, ms >= 20000 ? ms * 5 : ms, ...rest);
})()"""


def allow_slow_start(context) -> None:
    """Stretch the page's long time limits in every page of ``context``."""
    context.add_init_script(SLOW_MACHINE)


def wait_playable(page, board, timeout=READY_MS, tries=3) -> bool:
    """Wait until ``board`` is playable; False if its engine could not start.

    On this shared two-core machine Python can miss its start-up limit under load; the
    board then says so and offers "Try again", which a reader would press: so does this
    helper, up to ``tries`` times in all."""
    settled = "b => b.dataset.ready === 'true' || b.dataset.ready === 'error'"
    for _ in range(tries):
        page.wait_for_function(settled, arg=board.element_handle(), timeout=timeout)
        retry = board.locator('[data-action="retry"]')
        if board.get_attribute("data-ready") != "error" or not retry.count():
            break
        retry.click()
        page.wait_for_function(
            "b => b.dataset.ready !== 'error'", arg=board.element_handle(), timeout=timeout
        )
    return board.get_attribute("data-ready") == "true"


def _as_person(board):
    opponent = board.locator('select[data-action="opponent"]')
    if opponent.count() and opponent.is_enabled():
        if opponent.locator('option[value="person"]').count():
            opponent.select_option("person")


def play_a_move(page, board) -> str:
    """Make one move on ``board`` as a reader does (a throw of the sticks on a Zohn Ahl
    board; a piece then its destination on an Awithlaknannai board); returns what the
    board's live region said afterwards. Boards without play controls are left as they are."""
    game = board.get_attribute("data-game")
    live = board.locator("[data-role=live]")
    before = live.text_content() if live.count() else ""
    if game == "zohn-ahl":
        throw = board.locator('[data-action="throw"]')
        if not throw.count():
            return before
        _as_person(board)
        page.wait_for_function("t => !t.disabled", arg=throw.element_handle(), timeout=READY_MS)
        log = board.locator(".za-log li:not(.za-empty)")
        count = log.count()
        throw.click()
        page.wait_for_function(
            f"b => b.querySelectorAll('.za-log li:not(.za-empty)').length > {count}",
            arg=board.element_handle(),
            timeout=READY_MS,
        )
    elif game == "awithlaknannai":
        _as_person(board)
        moves = board.locator(".aw-movelist")
        if not moves.count():
            return before
        played = moves.text_content()
        target = board.locator('[data-point][aria-label*="destination"]')
        for point in board.locator("[data-point]").all():
            point.click()
            if target.count():
                break
        else:
            raise AssertionError("no piece of the side to move could be moved")
        # one landing point after another, as long as a chain of leaps goes on
        marked = (
            "b => [...b.querySelectorAll('[data-point]')].filter(p => "
            "(p.getAttribute('aria-label') || '').includes('destination')).map(p => p.dataset.point).join()"
        )
        for _ in range(12):
            if not target.count() or moves.text_content() != played:
                break
            before_click = page.evaluate(marked, board.element_handle())
            target.first.click()
            page.wait_for_function(
                f"([b, m, was, pts]) => m.textContent !== was || ({marked})(b) !== pts",
                arg=[board.element_handle(), moves.element_handle(), played, before_click],
                timeout=READY_MS,
            )
        page.wait_for_function(
            "([m, was]) => m.textContent !== was",
            arg=[moves.element_handle(), played],
            timeout=READY_MS,
        )
    return live.text_content() if live.count() else ""
