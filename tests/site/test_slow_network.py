"""Python starts on a slow connection, in headless Chromium with the network throttled.

The runtime is several megabytes: on a slow connection its download alone takes longer
than the start limit. The limit counts time without progress, so a download that keeps
moving is waited for, the board says how far it has come in words, and the engine
becomes playable. The throttle (Chrome's own, through the DevTools protocol) is chosen
so that the download takes longer than the start limit.

The board's test would last most of a minute (47 s) at a reader's pace: with the boards'
start limit (20 s) and their words on the download (one every 4 s at most: five of them
need some 25 s of download once the board scripts have arrived), the download had to
last 40 s. In that page, init scripts shorten the start limit to a few seconds while the
runtime downloads and make the clock the words are paced by run faster (as
``site_visits.SLOW_MACHINE`` stretches the long timers), and the throttle is raised to
match: the download still lasts well over the shortened limit, counted from when the
limit was first armed, and the board still says its progress at least five times. The
test checks that the shortened timer is the one the engine client armed.
"""

from __future__ import annotations

import re
import threading
import time

import pytest
from site_server import QuietHandler, wait_for
from test_e2e_support import come_near

from build_scripts.serve import make_server

pytestmark = pytest.mark.browser

START_MS = 240_000  # generous: a throttled download on a busy machine
# Shorter than the worker's own watch on a download that stops (3 s without data, which
# ends the start naming the file; tests/site/test_runtime_faults.py): this test is about
# the client's limit.
STALL_LIMIT_MS = 2000
CLIENT = "assets/js/engine-client.js"


def _throttle(page, bytes_per_s: int, latency_ms: int = 150) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency_ms,
            "downloadThroughput": bytes_per_s,
            "uploadThroughput": bytes_per_s,
        },
    )


# Starts the engine with a short start limit; resolves with the progress reports heard,
# how long the start took, and a first answer of the engine.
START = """async ([url, limit]) => {
    const m = await import(url);
    const engine = m.getEngine({startLimitMs: limit});
    const heard = [];
    engine.onStatus(({status, progress}) => {
        if (status === 'starting' && progress) heard.push(progress);
    });
    const t0 = performance.now();
    let failed = null;
    const info = await engine.ready.catch((err) => { failed = [err.code, err.message]; return null; });
    const startMs = performance.now() - t0;
    if (failed) return {failed, heard, startMs};
    const view = await engine.call('awithlaknannai.new', {ruleset: 'culin', moves: 'm6-m5'});
    return {info, heard, startMs, legal: view.legal.map(m => m.notation)};
}"""


class _StalledWasm(QuietHandler):
    """The site's server, except that the .wasm stops after its first bytes and sends
    nothing more (a connection that hangs), until ``release`` is set."""

    release = threading.Event()

    def copyfile(self, source, outputfile):
        if not self.path.split("?")[0].endswith(".wasm"):
            return super().copyfile(source, outputfile)
        outputfile.write(source.read(64 * 1024))
        outputfile.flush()
        self.release.wait(120)
        self.close_connection = True
        return None


@pytest.fixture
def stalled_url(site_dir):
    handler = type("Handler", (_StalledWasm,), {"release": threading.Event()})
    server = make_server(site_dir, "127.0.0.1", 0, handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    wait_for(url)
    try:
        yield url
    finally:
        handler.release.set()
        server.shutdown()
        server.server_close()


def test_a_download_that_stops_ends_the_start_in_words(page, stalled_url):
    """The limit is still there: a download that stops moving fails the start, in plain
    words, about the start limit after the last bytes arrived (not at once, not never)."""
    page.goto(stalled_url + "404.html")
    page.wait_for_load_state("load")
    t0 = time.monotonic()
    result = page.evaluate(START, [stalled_url + CLIENT, STALL_LIMIT_MS])
    elapsed = time.monotonic() - t0
    assert "failed" in result, result
    code, message = result["failed"]
    assert code == "start-timeout", result
    assert message.startswith("Python, which runs the game") and "2 seconds" in message, message
    assert STALL_LIMIT_MS / 1000 <= elapsed < 90, elapsed


# Every text the first board's status line shows, in order, with when it was shown (ms
# on the page's clock, performance.now()), from the page's first script.
RECORD_STATUS = """(() => {
  window.__statusSaid = [];
  new MutationObserver(() => {
    const s = document.querySelector('.board[data-game] [data-role=status]');
    const t = s && s.textContent;
    const said = window.__statusSaid;
    if (t && (!said.length || t !== said[said.length - 1][1])) said.push([performance.now(), t]);
  }).observe(document, {subtree: true, childList: true, characterData: true});
})()"""
# The boards' start limit (engine-client.js, START_LIMIT_MS): a setTimeout of 20 s, armed
# as the engine client starts and again on each report of its worker. No other
# timer of the page's scripts is that long: the init script below makes exactly those
# SHORT_START_LIMIT_MS, and notes when each was armed, while the runtime downloads (until
# the worker reports every byte in, heard beside the page's own listener). The worker
# reports the bytes at least every quarter second while they come (at most 0.35 s apart
# here under a load of 8), so the shortened limit is still far longer than a moment
# without a report. Python's own start-up after the download (5-7 s without a report
# under that load) keeps the real limit: this test is about the download.
BOARDS_START_LIMIT_MS = 20_000
SHORT_START_LIMIT_MS = 3_000
SHORTEN_START_LIMIT = f"""(() => {{
  window.__startLimitsArmed = [];
  let downloading = true;
  const WorkerOriginal = window.Worker;
  window.Worker = class extends WorkerOriginal {{
    constructor(...args) {{
      super(...args);
      this.addEventListener('message', ({{data}}) => {{
        if (data && data.type === 'progress' && data.total > 0 && data.received >= data.total) {{
          downloading = false;
        }}
      }});
    }}
  }};
  const setTimeoutOriginal = window.setTimeout;
  window.setTimeout = (fn, ms, ...rest) => {{
    if (ms !== {BOARDS_START_LIMIT_MS} || !downloading) return setTimeoutOriginal(fn, ms, ...rest);
    window.__startLimitsArmed.push(performance.now());
    return setTimeoutOriginal(fn, {SHORT_START_LIMIT_MS}, ...rest);
  }};
}})()"""
# The board's words on the download come at most every 4 s, timed with Date.now()
# (boards/engine-calls.js, PROGRESS_WORDS_EVERY_MS): in this page Date.now() runs this many
# times faster, so that the words come every second. (Nothing else in the page's scripts
# reads Date.now() but a saved game's date; the worker, which times the download's
# stalls, and performance.now() keep the real clock.)
WORDS_CLOCK_FASTER = 4
FASTER_WORDS_CLOCK = f"""(() => {{
  const realNow = Date.now.bind(Date);
  const start = realNow();
  Date.now = () => start + (realNow() - start) * {WORDS_CLOCK_FASTER};
}})()"""
# The runtime (about 5 MB on the wire, gzipped, with the page's own files beside it)
# takes 13-16 s to arrive at this rate: the limit, first armed 1-4 s in, is armed again
# for 9-13 s more, three to four times the shortened limit.
BYTES_PER_S = 400_000


def test_a_board_says_how_far_the_download_has_come_and_becomes_playable(page, site_url):
    """A download longer than the boards' start limit (shortened in this page): the limit
    counts time without progress, so the board says how far the download has come, all
    along it, and becomes playable after the limit has passed."""
    page.context.add_init_script(SHORTEN_START_LIMIT)
    page.context.add_init_script(FASTER_WORDS_CLOCK)
    page.context.add_init_script(RECORD_STATUS)
    _throttle(page, BYTES_PER_S)
    page.goto(site_url + "awithlaknannai/")
    board = page.locator('.board[data-game="awithlaknannai"]').first
    # (a board is set up, and says how far Python has come, as the reader comes to it)
    come_near(board)
    status = board.locator("[data-role=status]")
    status.filter(has_text="Downloading Python").wait_for(timeout=START_MS)
    said = status.text_content()
    assert re.search(r"Downloading Python: \d+\.\d of \d+\.\d MB", said), said
    assert status.get_attribute("aria-live") == "polite"
    page.wait_for_function(
        "b => b.dataset.ready === 'true' || b.dataset.ready === 'error'",
        arg=board.element_handle(),
        timeout=START_MS,
    )
    assert board.get_attribute("data-ready") == "true", status.text_content()
    assert "Downloading" not in (status.text_content() or "")
    seen = [
        (at, float(m.group(1)), float(m.group(2)))
        for at, t in page.evaluate("window.__statusSaid")
        if (m := re.search(r"(\d+\.\d) of (\d+\.\d) MB", t))
    ]
    # the limit the engine client armed was the shortened one, armed again on each report
    # for well over that limit, and the download's progress was still being said more
    # than that limit after it was first armed: the download outlasted the limit
    armed = page.evaluate("window.__startLimitsArmed")
    assert len(armed) >= 5 and armed[-1] - armed[0] > 2 * SHORT_START_LIMIT_MS, armed
    assert seen and seen[-1][0] - armed[0] > SHORT_START_LIMIT_MS, (armed[0], seen)
    # the download's progress was said all along it
    received = [r for _at, r, _total in seen]
    assert len(set(received)) >= 5 and received == sorted(received), seen
    total = seen[-1][2]
    assert total > 1.0 and received[-1] >= total * 0.9, seen
