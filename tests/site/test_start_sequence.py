"""The order of a board page's start in headless Chromium. On a first visit the engine's
worker is created by the board scripts, once the page has loaded or its first board is
set up, the runtime's files are asked for together (none waits for another to arrive),
the page's timeline holds every step of the start in order (the marks ``make bench``
reads: benchmarks/bench_startup.py), and Python's memory is copied for the snapshot only
while the board asks nothing. On a return visit (the snapshot kept) the head's first
script creates the worker, before the page is first painted and before the board scripts
run; what the worker says before the board scripts take it over is not lost: a page
whose board scripts arrive only after Python is up still becomes playable.
"""

from __future__ import annotations

import pytest
from test_e2e_support import come_to

pytestmark = pytest.mark.browser

START_MS = 120_000  # generous: the machine running the tests may be busy
BOARD_PAGE = "awithlaknannai/"

# Each step, then the steps that must come after it.
ORDER = [
    "engine:first-script",
    "engine:worker-created",
    "engine:worker-started",
    "engine:manifest-read",
    "engine:interpreter-ready",
    "engine:engine-imported",
    "engine:ready",
    "engine:ready-heard",
    "engine:first-reply",
    "board:playable",
]
BEFORE_INTERPRETER = ["engine:wasm-compiled", "engine:fetched-stdlib", "engine:fetched-wasm"]
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", ".whl")
# Every response is held back this long (Chrome's own throttle, bandwidth unlimited): a file
# asked for only once another has arrived is then sent at least this much later than the
# first, whereas files asked for together leave within a few milliseconds of each other,
# however fast the local server answers and however busy the machine is.
LATENCY_MS = 400
# The page's own steps: whether the first board is playable; every mark, [name, time].
PLAYABLE = "() => performance.getEntriesByName('board:playable').length > 0"
MARKS = "() => performance.getEntriesByType('mark').map(m => [m.name, m.startTime])"


@pytest.fixture(scope="module")
def first_visit(browser, site_url):
    """One first visit (a fresh context) to a board page, every response LATENCY_MS late:
    its marks and the runtime's requests, each with when it was sent and when its response
    ended (epoch ms)."""
    context = browser.new_context(service_workers="block")
    finished = []
    context.on("requestfinished", lambda request: finished.append(request))
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": LATENCY_MS,
                "downloadThroughput": -1,
                "uploadThroughput": -1,
            },
        )
        page.goto(site_url + BOARD_PAGE)
        come_to(page)  # (a board is set up as the reader comes near it)
        page.wait_for_function(
            "() => document.querySelector('.board[data-game]').dataset.ready === 'true'",
            timeout=START_MS,
        )
        page.wait_for_function(PLAYABLE, timeout=START_MS)
        marks = page.evaluate(
            "() => [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('paint')]"
            ".map(m => [m.name, m.startTime])"
        )
        runtime = {}
        for request in finished:
            name = request.url.split("?")[0].rsplit("/", 1)[-1]
            kind = next((k for k in RUNTIME if name == k or name.endswith(k)), None)
            if kind and kind not in runtime:
                timing = request.timing
                runtime[kind] = (timing["startTime"], timing["startTime"] + timing["responseEnd"])
        yield {"marks": marks, "runtime": runtime}
    finally:
        context.close()


def test_every_step_of_the_start_is_marked_in_order(first_visit):
    at = {}
    for name, time in first_visit["marks"]:
        at.setdefault(name, time)
    missing = [name for name in ORDER + BEFORE_INTERPRETER + ["board:scripts"] if name not in at]
    assert not missing, (missing, first_visit["marks"])
    times = [at[name] for name in ORDER]
    assert times == sorted(times), list(zip(ORDER, times, strict=True))
    for name in BEFORE_INTERPRETER:
        assert at["engine:manifest-read"] <= at[name] <= at["engine:interpreter-ready"], (name, at)


def test_on_a_first_visit_python_starts_after_the_board_scripts(first_visit):
    at = dict(reversed(first_visit["marks"]))
    assert at["board:scripts"] < at["engine:worker-created"], at


SNAPSHOT_MADE = """async (url) => {
    const info = await (await import(url)).getEngine().snapshot;
    return info.made_at ? {...info, at: info.made_at - performance.timeOrigin} : info;
}"""


@pytest.fixture(scope="module")
def returning(browser, site_url):
    """A browser (a fresh context) that has opened a board page once and kept Python's
    snapshot: its pages are a return visit."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url + BOARD_PAGE)
        come_to(page)  # (a board is set up as the reader comes near it)
        page.wait_for_function(PLAYABLE, timeout=START_MS)
        snapshot = page.evaluate(SNAPSHOT_MADE, site_url + "assets/js/engine-client.js")
        assert snapshot["status"] == "saved", snapshot
        page.close()
        yield context
    finally:
        context.close()


def test_on_a_return_visit_the_head_starts_python_before_the_first_paint(returning, site_url):
    page = returning.new_page()
    try:
        page.goto(site_url + BOARD_PAGE)
        come_to(page)  # (a board is set up as the reader comes near it)
        page.wait_for_function(PLAYABLE, timeout=START_MS)
        marks = page.evaluate(
            "() => [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('paint')]"
            ".map(m => [m.name, m.startTime])"
        )
        at = dict(reversed(marks))
        assert at["engine:worker-created"] < at["first-contentful-paint"], at
        assert at["engine:worker-created"] < at["board:scripts"], at
        info = page.evaluate(
            "async (url) => (await import(url)).getEngine().ready",
            site_url + "assets/js/engine-client.js",
        )
        assert info["start"] == "snapshot", info
    finally:
        page.close()


def test_what_the_worker_says_before_the_board_scripts_arrive_is_heard(returning, site_url):
    """On a return visit, the board scripts held back until the worker the head created
    has said that Python is up: the board still becomes playable, with every step of the
    start on the page's timeline."""
    held = []
    returning.route("**/assets/js/boards.js", lambda route: held.append(route))
    page = returning.new_page()
    try:
        page.goto(site_url + BOARD_PAGE, wait_until="commit")
        page.wait_for_function(
            "() => (window.__engineEarly?.heard || []).some(([k, d]) => d && d.type === 'ready')",
            timeout=START_MS,
        )
        assert held, "the board scripts were not asked for"
        assert page.evaluate("() => !document.querySelector('.board[data-ready=\"true\"]')")
        for route in held:
            route.continue_()
        come_to(page)  # (a board is set up as the reader comes near it)
        page.wait_for_function(
            "() => document.querySelector('.board[data-game]').dataset.ready === 'true'",
            timeout=START_MS,
        )
        names = page.evaluate("() => performance.getEntriesByType('mark').map(m => m.name)")
        missing = [name for name in ORDER if name not in names]
        assert not missing, (missing, names)
    finally:
        returning.unroute("**/assets/js/boards.js")
        page.close()


def test_the_snapshot_does_not_hold_up_the_board(browser, site_url):
    """A first visit whose board asks for its game before Python is up (the WebAssembly
    held back until the board scripts have run, so Python starts seconds after them):
    Python's memory is copied for the snapshot only while the page asks nothing, not
    between Python being up and the board becoming playable, while the engine answers the
    board's requests (its game, its drawing)."""
    context = browser.new_context(service_workers="block")
    held = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    try:
        page = context.new_page()
        page.goto(site_url + BOARD_PAGE)
        come_to(page)  # (a board is set up as the reader comes near it)
        page.wait_for_function(
            "() => performance.getEntriesByName('board:scripts').length > 0", timeout=START_MS
        )
        for _ in range(START_MS // 100):  # (asked for once the page has loaded)
            if held:
                break
            page.wait_for_timeout(100)
        assert held, "the WebAssembly was not asked for"
        for route in held:
            route.continue_()
        page.wait_for_function(PLAYABLE, timeout=START_MS)
        snapshot = page.evaluate(SNAPSHOT_MADE, site_url + "assets/js/engine-client.js")
        assert snapshot["status"] == "saved", snapshot
        at = dict(page.evaluate(MARKS))
        between = at["engine:ready"] < snapshot["at"] < at["board:playable"]
        assert not between, (snapshot["at"], at["engine:ready"], at["board:playable"])
    finally:
        context.close()


def test_the_runtime_files_are_asked_for_together(first_visit):
    runtime = first_visit["runtime"]
    assert set(runtime) == set(RUNTIME), runtime
    last_sent = max(sent for sent, _end in runtime.values())
    first_done = min(end for _sent, end in runtime.values())
    assert last_sent < first_done, runtime
