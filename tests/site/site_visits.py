"""Helpers for the tests that visit every built page: the list of pages, a server that
sends the site's security headers, one move on a board as a reader makes it, and the one
visit of every page that the accessibility, policy and phone-width tests share."""

from __future__ import annotations

import json
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

from chromium import PersistentContext  # (tests/site)
from site_server import QuietHandler, built_site_url, wait_for  # noqa: F401  (tests/site)
from test_e2e_support import come_near, follow  # (tests/site)

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
    server = make_server(folder, "127.0.0.1", 0, QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    wait_for(url)

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
    """Wait until ``board`` is playable (scrolled to, unless it is set up already); False
    if its engine could not start.

    On this shared two-core machine Python can miss its start-up limit under load; the
    board then says so and offers "Try again", which a reader would press: so does this
    helper, up to ``tries`` times in all."""
    settled = "b => b.dataset.ready === 'true' || b.dataset.ready === 'error'"
    come_near(board)
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
        if not _aids(board):
            return _play_without_aids(page, board, played)
        target = board.locator('[data-point][aria-label*="destination"]')
        # the pieces that may move are ringed on the board: the reader picks one of them
        ringed = page.evaluate(
            "b => [...b.querySelectorAll('.aw-ring.is-movable')].map(g => g.dataset.ring)",
            board.element_handle(),
        )
        for name in ringed:
            board.locator(f'[data-point="{name}"]').first.click()
            if target.count():
                break
        else:
            raise AssertionError(f"no piece of the side to move could be moved (ringed: {ringed})")
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


def _aids(board) -> bool:
    """Whether the board shows its aids (the rings of the pieces that may move): not on
    the pages for students (student mode)."""
    return _aids_of(board.get_attribute("data-config"))


def _aids_of(config: str | None) -> bool:
    """``_aids`` of a board whose ``data-config`` attribute is ``config``."""
    return json.loads(config or "{}").get("aids", True) is not False


def _play_without_aids(page, board, played: str) -> str:
    """A move on a board without rings, as a reader who knows the rules makes it: the
    first legal move of the board's start (the engine in CPython lists them), point by
    point."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from engine import protocol

    record = json.loads(board.get_attribute("data-config"))["record"]
    move = protocol.dispatch("awithlaknannai.load", {"record": record})["legal"][0]
    for name in move["path"]:
        board.locator(f'[data-point="{name}"]').first.click()
    page.wait_for_function(
        "([m, was]) => m.textContent !== was",
        arg=[board.locator(".aw-movelist").element_handle(), played],
        timeout=READY_MS,
    )
    live = board.locator("[data-role=live]")
    return live.text_content() if live.count() else ""


# ---- one visit of every page, shared by the accessibility and policy tests -------------

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

# Every breach of the Content-Security-Policy the page reports, from its first script on.
LISTEN_FOR_BREACHES = """(() => {
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(
    `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
})()"""

# axe-core's violations within `scope` (a CSS selector; the whole document if null).
AXE_RUN = """async (scope) => {
    const context = scope ? {include: [...document.querySelectorAll(scope)].map((e) => [e])} : document;
    const result = await Promise.race([
      axe.run(context, {resultTypes: ["violations"]}),
      new Promise((_, no) => setTimeout(() => no(new Error("axe-core gave no answer")), 180000)),
    ]);
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({target: n.target.join(" "), why: n.failureSummary})),
    }));
}"""


# The screens of a classroom, to which each page is narrowed or widened at the end of its
# visit (a board fits its box again on a resize, as when a phone turns): two phones, a
# tablet, a Chromebook, a projector.
SCREENS = {
    "390x844": {"width": 390, "height": 844},
    "320x640": {"width": 320, "height": 640},
    "768x1024": {"width": 768, "height": 1024},
    "1366x768": {"width": 1366, "height": 768},
    "1920x1080": {"width": 1920, "height": 1080},
}
PHONES = [size for size in SCREENS.values() if size["width"] < 400]
TARGET_PX = 24  # WCAG 2.2 target size (minimum)

# How far the page reaches beyond the screen's right edge, and the widest elements there.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > width + 1 && e.getClientRects().length)
    .filter(e => !e.closest('.md-sidebar, .md-search, .md-header, .md-nav'))
    .filter(e => { // what a box of its own scrolls does not widen the page
      for (let n = e.parentElement; n && n !== document.body; n = n.parentElement)
        if (getComputedStyle(n).overflowX !== 'visible') return false;
      return true;
    })
    .map(e => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string'
      ? '.' + e.className.trim().split(/\\s+/).join('.') : ''))
    .slice(0, 5);
  return {extra: document.documentElement.scrollWidth - width, wide};
}"""


# Every board of the page: what reaches past it or past the page, its smallest point, and
# (Zohn Ahl) where the cloth, the sticks and the Throw button are once the board is
# scrolled into view (below the site's header, above the screen's foot). A board the page
# keeps shut (a students' board that waits for an earlier answer) is not on the screen: it
# is measured where it is shown from the start, its twin on the teachers' page.
BOARDS = """() => {
  const header = document.querySelector('.md-header');
  const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const page = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  const onScreen = (e) => {
    if (!e) return 'missing';
    const r = e.getBoundingClientRect();
    return r.top >= top - 1 && r.bottom <= innerHeight + 1 && r.width > 0
      ? '' : `${Math.round(r.top)}..${Math.round(r.bottom)} of ${Math.round(top)}..${innerHeight}`;
  };
  const boards = [...document.querySelectorAll('.board[data-game]')].filter((b) => b.checkVisibility()).map((b) => {
    const r = b.getBoundingClientRect();
    const drawing = b.querySelector('.board-svg svg').getBoundingClientRect();
    const box = b.querySelector('.board-svg');
    const found = {id: b.id, game: b.dataset.game, problems: []};
    if (b.scrollWidth > b.clientWidth + 1) found.problems.push(`wider inside by ${b.scrollWidth - b.clientWidth} px`);
    if (box.scrollWidth > box.clientWidth + 1) found.problems.push('its drawing scrolls sideways');
    if (drawing.left < r.left - 1 || drawing.right > r.right + 1)
      found.problems.push(`drawing ${Math.round(drawing.left)}..${Math.round(drawing.right)} past the board ${Math.round(r.left)}..${Math.round(r.right)}`);
    const sizes = [...b.querySelectorAll('.board-svg [data-point]')].map((p) => {
      const t = p.getBoundingClientRect();
      return Math.min(t.width, t.height);
    });
    found.smallest = sizes.length ? Math.min(...sizes) : null;
    if (found.smallest !== null && found.smallest < TARGET) found.problems.push(`a point's target is ${found.smallest.toFixed(1)} px`);
    if (b.dataset.game === 'zohn-ahl') {
      b.scrollIntoView({block: 'start'});
      for (const [what, node] of [['cloth', b.querySelector('.board-svg svg')],
          ['sticks', b.querySelector('.board-sticks svg')], ['Throw', b.querySelector('[data-action=throw]')]]) {
        const off = onScreen(node);
        if (off) found.problems.push(`${what} off screen: ${off}`);
      }
    }
    return found;
  });
  return {page, boards};
}""".replace("TARGET", str(TARGET_PX))


def board_problems(found: dict) -> list[str]:
    """What ``BOARDS`` found wrong, in words."""
    said = [f"the page is {found['page']} px wider than the screen"] if found["page"] > 0 else []
    return said + [f"{b['id']}: {p}" for b in found["boards"] for p in b["problems"]]


def board_shots(page, folder: Path, name: str) -> list[str]:
    """A picture of each board of the page, for whoever reads a failure."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for board in page.locator(".board[data-game]:visible").all():
        path = folder / f"{name}-{board.get_attribute('id')}.png"
        board.screenshot(path=str(path))
        paths.append(str(path))
    return paths


# Two frames: what a resize makes the boards redraw is laid out.
# (Playwright's evaluate has no time limit of its own: a page that never draws again fails
# here, in words, instead of holding the run.)
SETTLE = """() => Promise.race([
  new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))),
  new Promise((_, no) => setTimeout(() => no(new Error('no frame drawn in 15 s')), 15000)),
])"""
VISIT_VIEWPORT = {"width": 1280, "height": 1000}


@dataclass
class PageSeen:
    """What one page showed: its boards, whether each one's engine started (and what the
    others said, ``not_started``), axe-core's findings (as loaded, then on the boards
    after a move on each kind of board first shown here: ``played``, those kinds), every
    breach of the policy (reported by the page, or said on its console), every URL the
    page and its workers asked for, and, the window then resized to each screen of
    ``SCREENS`` (``screens``, their names; a page without a board, the phones only): on a
    phone, how far the page reached past the screen where it did (``too_wide``, by width);
    on every screen, what was wrong with its boards (``board_problems``, by screen;
    ``shots``, pictures of those boards)."""

    boards: int = 0
    started: int = 0
    played: list[tuple] = field(default_factory=list)
    not_started: list[str] = field(default_factory=list)  # each board's status line
    findings: list[dict] = field(default_factory=list)
    breaches: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    screens: list[str] = field(default_factory=list)
    too_wide: dict[int, dict] = field(default_factory=dict)
    board_problems: dict[str, list[str]] = field(default_factory=dict)
    shots: list[str] = field(default_factory=list)


def axe_findings(page, scope: str | None = None) -> list[dict]:
    """axe-core's violations on the page as it is now (every rule axe runs by default).
    axe-core is evaluated from the project's npm packages, not fetched: the page's own
    policy stays in force."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    return page.evaluate(AXE_RUN, scope)


def _new_kinds(every, lang: str, seen: set) -> list[tuple[tuple, object]]:
    """The first board of each kind not yet in ``seen`` (which then holds it), with its
    kind, among the boards the locator ``every`` finds: the page's language, the board's
    game and the controls it shows (the two dozen puzzles of a page are one kind; a board
    that offers the computer or a hint is another, and so is one without its aids)."""
    new = []
    # (what makes each board's kind, read from all of them in one call)
    described = every.evaluate_all(
        "bs => bs.map(b => [b.dataset.game, [...new Set([...b.querySelectorAll('[data-action]')]"
        ".map(e => e.dataset.action))].sort().join(' '), b.getAttribute('data-config')])"
    )
    for board, (game, controls, config) in zip(every.all(), described, strict=True):
        kind = (lang, game, controls, _aids_of(config))
        if kind not in seen:
            seen.add(kind)
            new.append((kind, board))
    return new


def _language(rel: str) -> str:
    return "fr" if rel.startswith("fr/") else "en"


def visit_every_page(browser, site_dir: Path) -> dict[str, PageSeen]:
    """Open every built page of both languages once, served with the site's security
    headers, as a reader does: wait for its boards to be playable and let axe-core look at
    it. The first time a kind of board shows up (in each language), make a move on it and
    let axe-core look at the page's boards again: a board after a move is the same markup
    on every page, so each kind is played once. Last, resize the window to each screen of
    a classroom (a page without a board: to each phone) and measure what reaches past it
    and, on a page with boards, how each board fits (``BOARDS``). (One context for the
    whole visit.) The visit goes from page to page as a reader does, by following links:
    the first page of each language is loaded, and the theme's instant navigation takes the
    reader to each next one, keeping the page's scripts and its Python (a page no link of
    the site leads to, the 404 page, is loaded)."""
    url, stop = serve_with_headers(site_dir)
    shots = Path(tempfile.mkdtemp(prefix="every-page-shots-"))
    # (motion reduced, as a reader may ask: the moves land at once, nothing else changes)
    # (the service worker blocked, as in the other tests' contexts: its download of the
    # whole site for offline use, test_offline.py's subject, would run beside the visit,
    # and pages would start to be served from the copy it is making)
    # (a profile on disk, as a reader's browser has: see chromium.py)
    own = PersistentContext(
        browser, viewport=VISIT_VIEWPORT, reduced_motion="reduce", service_workers="block"
    )
    context = own.context
    context.add_init_script(LISTEN_FOR_BREACHES)
    allow_slow_start(context)
    page = own.first_page
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: console.append(str(e)))
    seen: dict[str, PageSeen] = {}
    played: set = set()
    try:
        lang = None
        # (each language's pages in turn, its 404 page last)
        for rel in sorted(
            built_pages(site_dir), key=lambda r: (_language(r), r.endswith("404.html"), r)
        ):
            console.clear()
            requests.clear()
            if _language(rel) == lang and not rel.endswith("404.html"):
                page.evaluate("window.__violations = []")  # (counted from here)
                follow(page, url + rel)
            else:  # the first page of a language, or a page a link cannot lead to
                page.goto(url + rel)
                page.wait_for_load_state("load")
                lang = _language(rel)
            # (a board the page keeps shut, a students' board waiting for an earlier
            # answer, is set up when it opens: its twin on the teachers' page is visited)
            every = page.locator(".board[data-game]:visible")
            boards = every.all()
            here = seen[rel or "/"] = PageSeen(boards=len(boards))
            playable = [b for b in boards if wait_playable(page, b)]
            here.started = len(playable)
            here.not_started = [
                f"{b.get_attribute('id')}: {b.locator('[data-role=status]').text_content()}"
                for b in boards
                if b not in playable
            ]
            here.findings = axe_findings(page)
            new = _new_kinds(every, lang, played) if len(playable) == len(boards) else []
            here.played = [kind for kind, _ in new]
            for _, board in new:
                play_a_move(page, board)
            if new:
                ids = {f["id"] for f in here.findings}
                here.findings += [f for f in axe_findings(page, ".board") if f["id"] not in ids]
            said = [
                t
                for t in console
                if "Content Security Policy" in t or "Content-Security-Policy" in t
            ]
            here.breaches = page.evaluate("window.__violations") + said
            here.requests = list(requests)
            for name, size in SCREENS.items():  # (the boards fit their box again)
                if not boards and size not in PHONES:
                    continue  # (measured on the phones only: the widest reach is there)
                page.set_viewport_size(size)
                page.evaluate(SETTLE)
                here.screens.append(name)
                if size in PHONES:
                    found = page.evaluate(OVERFLOW)
                    if found["extra"] > 0:
                        here.too_wide[size["width"]] = found
                if boards:
                    problems = board_problems(page.evaluate(BOARDS))
                    if problems:
                        here.board_problems[name] = problems
                        where = (rel.strip("/") or "home").replace("/", "_")
                        here.shots += board_shots(page, shots, f"{name}-{where}")
            page.set_viewport_size(VISIT_VIEWPORT)
    except Exception as err:  # (which page, for whoever reads the failure)
        raise RuntimeError(f"the visit of every page stopped at {page.url}: {err}") from err
    finally:
        own.close()
        stop()
    return seen
