"""The site's figures, measured in headless Chromium: what a reader downloads and waits for.

    python benchmarks/bench_site.py          (prints JSON; ``bench.py`` calls measure())

For each kind of page -- no board, a Zohn Ahl board, an Awithlaknannai board:

- ``first_visit``: a new browser profile (empty cache) opens the page: bytes sent by the
  server, the number of requests, the time until the board is drawn (the static SVG the
  build put in the page) and until it is playable (``data-ready="true"``: Python started
  in the worker and the game loaded), in milliseconds from the start of navigation;
- ``return_visit``: the same profile opens the page again later (a full load in a new tab,
  with the browser's cache): the same figures. Each kind gets its own Chromium profile on
  disk: an incognito context's memory cache does not keep the 9.6 MB .wasm, so a return
  visit there would download it again;
- ``next_page``: on the first visit, a link of the site's navigation to another page of
  the same kind is followed (mkdocs-material's instant navigation, as a reader would):
  the time from the click until that page's board is playable, and the bytes it cost;
- ``loads_python``: whether the page asked for Pyodide at all (pages without a board
  must not).

``python_start`` (:func:`measure_python_start`): a board page's ``first_visit``, a
``new_tab``, a ``return_visit`` and a ``lesson_link_later`` in one profile, each with its
bytes, its time until playable and the worker's account of its start (a normal start, or
a restore of the memory snapshot the first visit left in the browser; the stages in ms).

``lab`` (:func:`measure_lab`): the probability lab's "work it out again" for a new bias, in
the page, pressed the moment the page's scripts are up (before Python has started), the
moment the lab is ready, and after the lab has prepared: until done, when each part
lands, and the longest pause in the page's painting meanwhile.

Bytes are counted by the server as it writes them (status line, headers and body), so a
file served from the browser's cache costs nothing and a 304 only its headers. The server
is Python's ``http.server``, which does not compress; ``bytes_gzip`` estimates what a host
that gzips what the site's own server gzips (``build_scripts.serve.COMPRESSIBLE``: text,
.wasm, the runtime's zip and wheel; not images) would send, and
``bytes_brotli`` what the site's own server sends to a browser that accepts brotli (the
build's ``.br`` copy of each large file, gzip for the rest). ``largest``
lists the five costliest requests of a visit.
Timings are of one run on this machine: they are figures to compare, not assertions.

``offline_and_classroom`` (:func:`measure_offline_and_classroom`), served by ``make serve``'s
own server (``build_scripts/serve.py``, brotli copies and gzip):

- ``classroom``: thirty simultaneous first-visit downloads of a Zohn Ahl page (threads,
  not browsers): the time until the last completes, the bytes sent, and thirty times the
  bytes of one download, which they should equal;
- ``first_visit_school_wifi`` / ``first_visit_slow``: a first visit to that page under
  Chromium's network throttling (20 Mbit/s and 40 ms; 1.6 Mbit/s and 150 ms): drawn and
  playable, in ms from the start of navigation;
- ``plain_http``: a first visit and a return visit (a new tab) to that page over plain http
  by a made-up host name, as a classroom's devices reach the server by its network address
  (Chromium asks such an origin for gzip only): bytes as sent, drawn and playable, and
  whether Python started normally or from its snapshot;
- ``offline``: a first visit, and when the service worker has kept the whole site (it
  starts once the board is playable) with the bytes of both; then two reloads with the
  network cut: drawn and playable.

The other figures are taken with the service worker blocked (the browser's HTTP cache only).

The site is served from ``site/`` when it was built for the origin it is served on (the
instant navigation follows only the links its sitemap lists, written for ``site_url``);
otherwise a copy is built into a temporary folder for a free port.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
# The browser of the site tests, with the same launch flags (tests/site/chromium.py).
sys.path.insert(0, str(ROOT / "tests" / "site"))
from chromium import CHROMIUM_FLAGS as FLAGS  # noqa: E402

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from build_scripts.serve import COMPRESSIBLE  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
READY_MS = 90_000

# (kind, first page, a page of the same kind reached by a link from it)
PAGES = [
    ("no_board", "/sources/", "/about/"),
    ("zohn_ahl", "/zohn-ahl/", "/zohn-ahl/rules/"),
    ("awithlaknannai", "/awithlaknannai/", "/awithlaknannai/rules/"),
]

# Records, in the page, the moments a board is drawn and becomes playable. A board is set
# up as it comes near the view: the page's first board is brought into view as soon as it
# is in the page (``nearest``: a board on the screen stays where it is), as a reader who
# came to play scrolls to it; on a page whose first board is further down (a lesson) it
# would otherwise never start.
INIT_SCRIPT = """
(() => {
  const marks = window.__bench = { drawn: null, ready: null, shown: null };
  const check = () => {
    const t = performance.now();
    const b = document.querySelector('.board[data-game]');
    if (b && marks.shown !== b) { marks.shown = b; b.scrollIntoView({ block: 'nearest' }); }
    if (b && marks.drawn === null && b.querySelector('svg')) marks.drawn = t;
    if (b && marks.ready === null && b.dataset.ready === 'true') marks.ready = t;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-ready'] });
  document.addEventListener('DOMContentLoaded', check);
})();
"""


# Whether the page's first board is playable; until it is set up, it is brought into view
# again at each check (the theme's instant navigation scrolls a new page to its top after
# the init script has seen its board).
BOARD_READY = """() => {
  const b = document.querySelector('.board[data-game]');
  if (b && !b.dataset.mounted) b.scrollIntoView({ block: 'nearest' });
  return !!window.__bench && window.__bench.ready !== null;
}"""


class _Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0
        self.gzip = 0
        self.brotli = 0
        self.requests = []
        self.sizes = []

    def reset(self):
        with self.lock:
            self.bytes = 0
            self.gzip = 0
            self.brotli = 0
            self.requests = []
            self.sizes = []

    def snapshot(self):
        with self.lock:
            largest = sorted(self.sizes, key=lambda x: -x[1])[:5]
            return {
                "bytes": self.bytes,
                "bytes_gzip": self.gzip,
                "bytes_brotli": self.brotli,
                "requests": len(self.requests),
                "paths": list(self.requests),
                "largest": [{"path": p, "bytes": b, "status": st} for p, b, st in largest],
            }


def _server(directory: Path, port: int, counter: _Counter):
    gz_cache: dict[str, int] = {}

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def handle_one_request(self):
            written = [0]
            raw = self.wfile

            class Tap:
                def write(self, data):
                    written[0] += len(data)
                    return raw.write(data)

                def __getattr__(self, name):
                    return getattr(raw, name)

            self.wfile = Tap()
            super().handle_one_request()
            self.wfile = raw
            path = getattr(self, "path", "") or ""
            if not path:
                return
            with counter.lock:
                counter.bytes += written[0]
                counter.requests.append(path.split("?")[0])
                counter.sizes.append(
                    (path.split("?")[0], written[0], getattr(self, "_status", None))
                )
                gzipped = self._gzip_estimate(path, written[0])
                counter.gzip += gzipped
                counter.brotli += self._brotli_estimate(path, written[0], gzipped)

        def send_response(self, code, message=None):
            self._status = code
            super().send_response(code, message)

        def _brotli_estimate(self, path, written, gzipped):
            local = Path(self.translate_path(path.split("?")[0]))
            if local.is_dir():
                local = local / "index.html"
            copy = local.with_name(local.name + ".br")
            if written < 1000 or not copy.is_file():
                return gzipped
            return max(0, written - local.stat().st_size + copy.stat().st_size)

        def _gzip_estimate(self, path, written):
            local = Path(self.translate_path(path.split("?")[0]))
            if local.is_dir():
                local = local / "index.html"
            if written < 1000 or not local.is_file() or local.suffix.lower() not in COMPRESSIBLE:
                return written
            key = str(local)
            if key not in gz_cache:
                size = local.stat().st_size
                gz_cache[key] = len(gzip.compress(local.read_bytes(), 6)) - size
            return max(0, written + gz_cache[key])

    handler = functools.partial(Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def _site_origin(site: Path) -> tuple[str, int] | None:
    try:
        text = (site / "sitemap.xml").read_text(encoding="utf-8")
    except OSError:
        return None
    m = re.search(r"<loc>([^<]+)</loc>", text)
    if not m:
        return None
    parts = urlsplit(m.group(1))
    if parts.hostname not in ("127.0.0.1", "localhost") or parts.path not in ("", "/"):
        return None
    return parts.hostname, parts.port or 80


def _prepare_site(log) -> tuple[Path, int, object]:
    """A built site and a port it was built for; returns (folder, port, cleanup)."""
    site = ROOT / "site"
    origin = _site_origin(site) if (site / "index.html").exists() else None
    if origin and origin[0] == "127.0.0.1" and _port_free(origin[1]):
        return site, origin[1], None
    port = _free_port()
    tmp = tempfile.TemporaryDirectory(prefix="bench-site-")
    log(f"building the site for http://127.0.0.1:{port}/ into {tmp.name}")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=f"http://127.0.0.1:{port}/")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", tmp.name],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=900,
    )
    return Path(tmp.name), port, tmp


def _marks(page):
    """The page's marks; ``drawn`` is not before the first contentful paint (a board in
    the DOM is not yet on the screen)."""
    return page.evaluate("""() => {
        const m = {...window.__bench};
        delete m.shown;   // (the board itself, not a figure)
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        if (m.drawn !== null && fcp) m.drawn = Math.max(m.drawn, fcp.startTime);
        return m;
    }""")


def _wait_marks(page, has_board: bool):
    if has_board:
        page.wait_for_function(BOARD_READY, timeout=READY_MS)
    else:
        page.wait_for_load_state("networkidle")
    return _marks(page)


def _python_requested(paths) -> bool:
    return any("pyodide" in p or "engine-worker" in p for p in paths)


def _round(x):
    return None if x is None else round(float(x), 1)


def _one_kind(playwright, base, counter, kind, first, second):
    has_board = kind != "no_board"
    out = {"page": first, "next_page_path": second}
    # a real profile on disk (an incognito context's memory cache drops large files)
    profile = tempfile.TemporaryDirectory(prefix="bench-profile-")
    context = playwright.chromium.launch_persistent_context(
        profile.name,
        executable_path=CHROMIUM,
        args=FLAGS,
        headless=True,
        viewport={"width": 1280, "height": 1000},
        service_workers="block",  # the offline copy has its own figures (measure_offline_...)
    )
    context.add_init_script(INIT_SCRIPT)
    try:
        page = context.pages[0] if context.pages else context.new_page()

        def full_load(page):
            """Load the first page in full; the figures of that load, and what it fetched."""
            counter.reset()
            page.goto(base + first)
            marks = _wait_marks(page, has_board)
            if has_board:
                page.wait_for_load_state("networkidle")
            snap = counter.snapshot()
            return {
                "bytes": snap["bytes"],
                "bytes_gzip": snap["bytes_gzip"],
                "bytes_brotli": snap["bytes_brotli"],
                "requests": snap["requests"],
                "board_drawn_ms": _round(marks["drawn"]),
                "board_playable_ms": _round(marks["ready"]),
                "largest": snap["largest"],
            }, snap["paths"]

        # first visit, empty cache
        out["first_visit"], paths = full_load(page)
        out["loads_python"] = _python_requested(paths)
        if has_board:  # the worker's own account of its start (ms per stage)
            out["first_visit"]["python_startup"] = page.evaluate(r"""async () => {
                const boards = document.querySelector('script[src*="boards.js"]');
                const client = boards && await import(boards.src.replace(/boards\.js.*$/, "engine-client.js"))
                    .catch(() => null);
                return client ? (await client.getEngine().ready) : null;
            }""")
        # the next page of the same visit, through a link of the site's navigation
        counter.reset()
        page.evaluate("window.__bench_same_document = true")
        t0 = page.evaluate("performance.now()")
        page.evaluate(
            """(href) => {
            window.__bench.ready = null; window.__bench.drawn = null;
            const a = [...document.querySelectorAll('a[href]')].find(a => new URL(a.href).pathname === href);
            if (!a) throw new Error('no link to ' + href);
            a.click();
        }""",
            second,
        )
        page.wait_for_function("(p) => location.pathname === p", arg=second, timeout=READY_MS)
        if has_board:
            page.wait_for_function(BOARD_READY, timeout=READY_MS)
        else:
            page.wait_for_load_state("networkidle")
        instant = bool(page.evaluate("window.__bench_same_document === true"))
        marks = _marks(page) if instant else _wait_marks(page, has_board)
        page.wait_for_timeout(300)
        snap = counter.snapshot()
        if instant:
            ready = marks["ready"] - t0 if marks["ready"] is not None else None
            drawn = marks["drawn"] - t0 if marks["drawn"] is not None else None
        else:
            ready, drawn = marks["ready"], marks["drawn"]
        out["next_page"] = {
            "bytes": snap["bytes"],
            "bytes_gzip": snap["bytes_gzip"],
            "requests": snap["requests"],
            "instant_navigation": instant,
            "python_started_again": any(p.endswith("pyodide.asm.wasm") for p in snap["paths"]),
            "board_drawn_ms": _round(drawn),
            "board_playable_ms": _round(ready),
        }
        # a return visit: the same profile (and cache), a full load in a new tab
        page2 = context.new_page()
        page.close()
        page = page2
        out["return_visit"], _ = full_load(page)
    finally:
        context.close()
        profile.cleanup()
    return out


# The board page of the Python start-up figures, and a lesson page with a board reached
# later (another tab, every other one closed).
RUNTIME_PAGE = "/awithlaknannai/"
LESSON_PAGE = "/zohn-ahl/rules/"

ENGINE_INFO = r"""async () => {
    const boards = document.querySelector('script[src*="boards.js"]');
    const client = boards && await import(boards.src.replace(/boards\.js.*$/, "engine-client.js"))
        .catch(() => null);
    if (!client) return null;
    const engine = client.getEngine();
    const info = await engine.ready;
    const snapshot = await Promise.race([engine.snapshot,
        new Promise((ok) => setTimeout(() => ok({status: "not saved within 30 s"}), 30000))]);
    return {start: info.start, startup_ms: info.startup_ms, stages: info.stages, snapshot};
}"""


def _runtime_visit(page, base, counter, path):
    """Open ``path`` in ``page``: bytes, time until playable, and how Python started."""
    counter.reset()
    page.goto(base + path)
    marks = _wait_marks(page, True)
    page.wait_for_load_state("networkidle")
    snap = counter.snapshot()
    return {
        "bytes": snap["bytes"],
        "bytes_gzip": snap["bytes_gzip"],
        "requests": snap["requests"],
        "board_playable_ms": _round(marks["ready"]),
        "python": page.evaluate(ENGINE_INFO),
        "largest": snap["largest"][:3],
    }


def measure_python_start(playwright, base, counter) -> dict:
    """A board page in a new browser profile: ``first_visit`` (empty cache, normal start,
    after which the worker keeps a snapshot), ``new_tab`` (a second tab of the same page
    while the first is open), ``return_visit`` (every tab closed, the page opened again)
    and ``lesson_link_later`` (then another page with a board): bytes (raw and gzip
    estimate), time until playable, and the worker's own account (``start``: "normal" or
    "snapshot", the milliseconds of each stage, what became of the snapshot)."""
    profile = tempfile.TemporaryDirectory(prefix="bench-profile-")
    context = playwright.chromium.launch_persistent_context(
        profile.name,
        executable_path=CHROMIUM,
        args=FLAGS,
        headless=True,
        viewport={"width": 1280, "height": 1000},
    )
    context.add_init_script(INIT_SCRIPT)
    out = {"page": RUNTIME_PAGE, "lesson_page": LESSON_PAGE}
    try:
        first = context.pages[0] if context.pages else context.new_page()
        out["first_visit"] = _runtime_visit(first, base, counter, RUNTIME_PAGE)
        out["new_tab"] = _runtime_visit(context.new_page(), base, counter, RUNTIME_PAGE)
        for page in list(context.pages):
            page.close()
        out["return_visit"] = _runtime_visit(context.new_page(), base, counter, RUNTIME_PAGE)
        for page in list(context.pages):
            page.close()
        out["lesson_link_later"] = _runtime_visit(context.new_page(), base, counter, LESSON_PAGE)
    finally:
        context.close()
        profile.cleanup()
    return out


LAB_PAGE = "/teachers/probability-lab/"
LAB_BIASES = ("3/5", "2/5", "5/8")

# Watches the lab at work, in the page: from the press of the button until the status says
# it is done, the moments each part lands (a table cell or chart changes) and the longest
# gap between two frames the page painted meanwhile (a page that answers paints on time).
LAB_WATCH = """
(bias) => new Promise((resolve, reject) => {
  const status = document.querySelector("[data-lab='status']");
  const parts = { rows: ".lab[data-lab='rulesets']", chart: ".lab-chart[data-chart='length']",
    counters: ".lab-chart[data-chart='counters']" };
  const seen = {};
  const watchers = [];
  let t0 = 0;
  for (const [name, selector] of Object.entries(parts)) {
    const node = document.querySelector(selector);
    if (!node) continue;
    const watcher = new MutationObserver(() => {
      if (!(name in seen)) seen[name] = Math.round(performance.now() - t0);
    });
    watcher.observe(node, { subtree: true, childList: true, characterData: true });
    watchers.push(watcher);
  }
  let frame = 0;
  let gap = 0;
  let last = 0;
  const tick = (now) => {
    if (last) gap = Math.max(gap, now - last);
    last = now;
    frame = requestAnimationFrame(tick);
  };
  const stop = () => {
    for (const watcher of watchers) watcher.disconnect();
    cancelAnimationFrame(frame);
  };
  const done = new MutationObserver(() => {
    const text = status.textContent;
    if (text.startsWith("Done") && text.includes(bias)) {
      const total = Math.round(performance.now() - t0);
      done.disconnect();
      stop();
      resolve({ total_ms: total, parts_ms: seen, longest_frame_gap_ms: Math.round(gap) });
    } else if (text.startsWith("Could not")) {
      done.disconnect();
      stop();
      reject(new Error(text));
    }
  });
  done.observe(status, { subtree: true, childList: true, characterData: true });
  document.querySelector("input[data-lab='bias']").value = bias;
  t0 = performance.now();
  frame = requestAnimationFrame(tick);
  document.querySelector("[data-lab='recompute']").click();
})
"""


def measure_lab(playwright, base) -> dict:
    """The probability lab in a page, as a teacher uses it: "work it out again" for a new
    bias, pressed the moment the lab's script has set up its controls (``pressed_on_open``:
    Python has not started yet; ``pressed_at_ms``, when, from the start of navigation), the
    moment the lab is ready (``pressed_at_once``: what every bias shares is still being
    prepared), then in a fresh page once the lab has prepared (``first_request``, as after
    reading the page) and twice more (``bias_change_1``, ``_2``). Each: the time from the
    press until the status says it is done, when each part landed (the rulesets' rows, the
    game-length chart, the board by counters), and the longest gap between two frames the
    page painted meanwhile (the work is the worker's; the page stays usable). Each page in
    a fresh browser context (its own HTTP cache: Python starts as on a first visit)."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    out: dict = {"page": LAB_PAGE, "counters": 4}
    try:
        for when in ("on_open", "at_once", "prepared"):
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            page = context.new_page()
            page.goto(base + LAB_PAGE, wait_until="commit")
            ready = {
                "on_open": "[data-mounted='true']",
                "at_once": "[data-ready='true']",
                "prepared": "[data-prepared='true']",
            }[when]
            page.wait_for_selector("[data-lab-controls][data-mounted='true']", timeout=READY_MS)
            page.locator("[data-lab-controls]").scroll_into_view_if_needed()  # as a teacher does
            page.wait_for_selector(f"[data-lab-controls]{ready}", timeout=READY_MS)
            biases = LAB_BIASES if when == "prepared" else LAB_BIASES[:1]
            for i, bias in enumerate(biases):
                key = (
                    f"pressed_{when}"
                    if when != "prepared"
                    else ("first_request" if i == 0 else f"bias_change_{i}")
                )
                pressed_at = page.evaluate("() => performance.now()")
                out[key] = {
                    "bias": bias,
                    "pressed_at_ms": _round(pressed_at),
                    **page.evaluate(LAB_WATCH, bias),
                }
            context.close()
    finally:
        browser.close()
    return out


def measure(log=None) -> dict:
    """Measure every kind of page; returns a JSON-ready dict (see the module docstring)."""
    log = log or (lambda msg: print(f"[bench_site] {msg}", file=sys.stderr))
    if not Path(CHROMIUM).exists():
        return {"skipped": f"Chromium not found at {CHROMIUM}"}
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"skipped": "playwright is not installed"}
    site, port, tmp = _prepare_site(log)
    counter = _Counter()
    server = _server(site, port, counter)
    base = f"http://127.0.0.1:{port}"
    result = {
        "served_from": str(site),
        "origin": base,
        "note": "bytes as sent by an uncompressed server (bytes_gzip, bytes_brotli: estimates "
        "with gzip, and with the build's brotli copies); "
        "times in ms from the start of navigation (next_page: from the click); one run, no assertions",
    }
    try:
        with sync_playwright() as p:
            for kind, first, second in PAGES:
                log(f"measuring {kind}: {first} then {second}")
                started = time.perf_counter()
                try:
                    result[kind] = _one_kind(p, base, counter, kind, first, second)
                except Exception as exc:  # a page that fails is reported, the rest goes on
                    result[kind] = {"error": f"{type(exc).__name__}: {exc}"[:500]}
                log(f"  done in {time.perf_counter() - started:.1f} s")
            log(f"measuring Python's start: {RUNTIME_PAGE}, new tab, return visit, {LESSON_PAGE}")
            try:
                result["python_start"] = measure_python_start(p, base, counter)
            except Exception as exc:  # reported, like a page that fails
                result["python_start"] = {"error": f"{type(exc).__name__}: {exc}"[:500]}
            log(f"measuring the probability lab: {LAB_PAGE}, a new bias three times")
            try:
                result["lab"] = measure_lab(p, base)
            except Exception as exc:  # reported, like a page that fails
                result["lab"] = {"error": f"{type(exc).__name__}: {exc}"[:500]}
    finally:
        server.shutdown()
        server.server_close()
        if tmp is not None:
            tmp.cleanup()
    result["offline_and_classroom"] = measure_offline_and_classroom(log)
    nb = result.get("no_board", {})
    result["pages_without_a_board_load_python"] = (
        nb.get("loads_python") if isinstance(nb, dict) else None
    )
    return result


# --- Offline, throttled first visits, a class downloading at once (``make serve``'s server) ---

THROTTLING = {
    # Chromium's network emulation (CDP Network.emulateNetworkConditions): throughput in
    # bytes per second, latency added to each round trip in milliseconds.
    "school_wifi": {"download_mbit": 20, "upload_mbit": 10, "rtt_ms": 40},
    "slow": {"download_mbit": 1.6, "upload_mbit": 0.75, "rtt_ms": 150},
}
CLASS_SIZE = 30
OFFLINE_PAGE = "/zohn-ahl/"


def counting_handler(counter: _Counter):
    """``build_scripts/serve.py``'s request handler (gzip, headers), quiet, adding the bytes
    it writes (and the path of each request answered) to ``counter``."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from build_scripts import serve

    class Counting(serve.SiteHandler):
        quiet = True

        def handle_one_request(self):
            raw, written = self.wfile, [0]

            class Tap:
                def write(self, data):
                    written[0] += len(data)
                    return raw.write(data)

                def __getattr__(self, name):
                    return getattr(raw, name)

            self.wfile = Tap()
            try:
                super().handle_one_request()
            finally:
                self.wfile = raw
                with counter.lock:
                    counter.bytes += written[0]
                    if written[0]:
                        counter.requests.append((getattr(self, "path", "") or "").split("?")[0])

    return Counting


def serve_counting(site: Path, handler) -> tuple[object, str]:
    """Serve ``site`` with ``handler`` on a free port; returns (server, base URL)."""
    from build_scripts import serve

    server = serve.make_server(site, "127.0.0.1", 0, handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def _counting_server(site: Path, counter: _Counter):
    """``build_scripts/serve.py``'s server (gzip, headers) on a free port, counting the
    bytes it writes; returns (server, base URL)."""
    return serve_counting(site, counting_handler(counter))


def _wait_board(page, timeout_ms: int) -> dict:
    """Wait until the first board is playable; if it reports an error first (Python did
    not start within the engine's time limit), note when and what it said, press "Try
    again" as a reader would, and wait once more. Returns the marks and the errors."""
    settled = """() => { const b = document.querySelector('.board[data-game]');
        return !!b && (b.dataset.ready === 'true' || b.dataset.ready === 'error'); }"""
    errors = []
    for _attempt in range(2):
        page.wait_for_function(settled, timeout=timeout_ms)
        board = page.locator(".board[data-game]").first
        if board.get_attribute("data-ready") == "true":
            break
        errors.append(
            {
                "after_ms": _round(page.evaluate("() => performance.now()")),
                "said": (board.locator("[data-role=status]").text_content() or "").strip()[:200],
            }
        )
        board.locator('[data-action="retry"]').click()
        page.wait_for_function(
            "() => document.querySelector('.board[data-game]').dataset.ready !== 'error'"
        )
    marks = _marks(page)
    return {**marks, "errors": errors}


def _throttled_first_visit(browser, base: str, counter: _Counter, profile: dict) -> dict:
    """A first visit (empty cache, no service worker) to a Zohn Ahl page under throttling."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(INIT_SCRIPT)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": profile["rtt_ms"],
                "downloadThroughput": profile["download_mbit"] * 1e6 / 8,
                "uploadThroughput": profile["upload_mbit"] * 1e6 / 8,
            },
        )
        counter.reset()
        page.goto(base + OFFLINE_PAGE, timeout=READY_MS * 3)
        marks = _wait_board(page, READY_MS * 3)
        snap = counter.snapshot()
        return {
            **profile,
            "board_drawn_ms": _round(marks["drawn"]),
            "board_playable_ms": _round(marks["ready"]),
            "board_errors_first": marks["errors"],
            "bytes": snap["bytes"],
            "requests": snap["requests"],
        }
    finally:
        context.close()


def _offline_reload(playwright, base: str, counter: _Counter, files: int) -> dict:
    """A first visit with the service worker: the time (from the start of navigation)
    until it has kept the whole site, and the bytes of the visit and the keeping; then
    reloads with the network cut: drawn and playable, each time."""
    profile = tempfile.TemporaryDirectory(prefix="bench-offline-")
    context = playwright.chromium.launch_persistent_context(
        profile.name, executable_path=CHROMIUM, args=FLAGS, headless=True
    )
    context.add_init_script(INIT_SCRIPT)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        counter.reset()
        started = time.perf_counter()
        page.goto(base + OFFLINE_PAGE)
        first = _wait_board(page, READY_MS)
        while not page.evaluate(
            """async (count) => {
                // (the site's cache; the engine keeps its snapshot in a cache of its own)
                const names = (await caches.keys()).filter((n) => n.startsWith("site-"));
                return names.length === 1 && navigator.serviceWorker.controller !== null
                    && (await (await caches.open(names[0])).keys()).length >= count;
            }""",
            files,
        ):
            if time.perf_counter() - started > 600:
                raise TimeoutError("the service worker did not keep the site within 10 minutes")
            page.wait_for_timeout(250)
        out = {
            "page": OFFLINE_PAGE,
            "files_kept": files,
            "first_visit_board_playable_ms": _round(first["ready"]),
            "site_kept_after_s": round(time.perf_counter() - started, 1),
            "bytes_first_visit_and_keeping": counter.snapshot()["bytes"],
            "offline_reloads": [],
        }
        context.set_offline(True)
        for _ in range(2):
            page.reload()
            marks = _wait_board(page, READY_MS)
            out["offline_reloads"].append(
                {
                    "board_drawn_ms": _round(marks["drawn"]),
                    "board_playable_ms": _round(marks["ready"]),
                    "errors_first": marks["errors"],
                }
            )
        return out
    finally:
        context.close()
        profile.cleanup()


PLAIN_HOST = "classroom.test"  # a made-up name, resolved to this computer by Chromium alone

# How the page's engine started (docs/assets/js/engine-client.js): "normal" or "snapshot".
ENGINE_START = """async (url) => (await (await import(url)).getEngine().ready).start"""


# The steps of the engine's start on the page's timeline (engine-client.js marks them), in
# ms from the start of navigation.
ENGINE_MARKS = """() => Object.fromEntries(performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("engine:")).map((m) => [m.name, Math.round(m.startTime)]))"""


def _plain_http_visits(playwright, base: str, counter: _Counter) -> dict:
    """A board page opened over plain http by a name that is not this computer's, as a
    classroom's devices reach ``make serve``'s server by its network address: not a secure
    origin, so Chromium asks for gzip only, and the engine's worker fetches the runtime's
    xz copies and keeps its snapshot in IndexedDB. A first visit, then a return visit in a
    new tab of the same browser profile (the first tab closed once its snapshot is kept):
    bytes as sent, drawn and playable, how Python started and the steps of its start."""
    port = urlsplit(base).port
    url = f"http://{PLAIN_HOST}:{port}{OFFLINE_PAGE}"
    profile = tempfile.TemporaryDirectory(prefix="bench-plain-http-")
    context = playwright.chromium.launch_persistent_context(
        profile.name,
        executable_path=CHROMIUM,
        args=[*FLAGS, f"--host-resolver-rules=MAP {PLAIN_HOST} 127.0.0.1"],
        headless=True,
        service_workers="block",
    )
    context.add_init_script(INIT_SCRIPT)
    out: dict = {"page": url}
    try:
        for visit in ("first_visit", "return_visit"):
            counter.reset()
            page = context.new_page()
            page.goto(url)
            marks = _wait_board(page, READY_MS)
            client = f"http://{PLAIN_HOST}:{port}/assets/js/engine-client.js"
            out[visit] = {
                "board_drawn_ms": _round(marks["drawn"]),
                "board_playable_ms": _round(marks["ready"]),
                "errors_first": marks["errors"],
                "python_start": page.evaluate(ENGINE_START, client),
                "engine_marks_ms": page.evaluate(ENGINE_MARKS),
                "bytes": counter.snapshot()["bytes"],
                "requests": counter.snapshot()["requests"],
            }
            if visit == "first_visit":  # the snapshot is kept once the page is idle
                page.evaluate("async (url) => (await import(url)).getEngine().snapshot", client)
            page.close()
        return out
    finally:
        context.close()
        profile.cleanup()


def _first_visit_files(site: Path) -> list[str]:
    """What a first visit to a Zohn Ahl page downloads: the page, its scripts and styles,
    the page modules, and the runtime (its manifest, Pyodide, the stdlib, the wheel)."""
    page = site / OFFLINE_PAGE.strip("/") / "index.html"
    html = page.read_text(encoding="utf-8")
    files = {OFFLINE_PAGE}
    for ref in re.findall(r'(?:src|href)="([^"#?]+\.(?:js|css))"', html):
        files.add("/" + (page.parent / ref).resolve().relative_to(site.resolve()).as_posix())
    for sub in ("assets/js", "assets/js/boards"):
        files |= {"/" + p.relative_to(site).as_posix() for p in (site / sub).glob("*.*js")}
    runtime = site / "assets" / "runtime"  # everything there: Pyodide, the stdlib, the wheel
    files |= {"/" + p.relative_to(site).as_posix() for p in runtime.rglob("*") if p.is_file()}
    return sorted(f for f in files if (site / (f.strip("/") or ".")).exists())


def _classroom(site: Path, counter: _Counter, base: str) -> dict:
    """Thirty browsers' first-visit downloads at once (threads, one connection per file,
    gzip accepted): the time until the last completes, and the bytes the server sent,
    beside thirty times the bytes of one download (headers included)."""
    import http.client

    host, port = urlsplit(base).hostname, urlsplit(base).port
    files = _first_visit_files(site)

    def download():
        total = 0
        for path in files:
            conn = http.client.HTTPConnection(host, port, timeout=300)
            try:
                conn.request("GET", path, headers={"Accept-Encoding": "gzip"})
                response = conn.getresponse()
                body = response.read()
                if response.status != 200:
                    raise RuntimeError(f"{path}: HTTP {response.status}")
                total += len(body)
            finally:
                conn.close()
        return total

    counter.reset()
    one_body = download()
    time.sleep(0.5)  # the server counts a response once written: let the last one land
    one_sent = counter.snapshot()["bytes"]
    counter.reset()
    barrier = threading.Barrier(CLASS_SIZE)
    errors: list[str] = []
    finished: list[float] = []

    def reader():
        try:
            barrier.wait()
            download()
            finished.append(time.perf_counter())
        except Exception as exc:  # noqa: BLE001 - counted, the others go on
            errors.append(f"{type(exc).__name__}: {exc}"[:200])

    threads = [threading.Thread(target=reader) for _ in range(CLASS_SIZE)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    time.sleep(0.5)
    sent = counter.snapshot()["bytes"]
    return {
        "clients": CLASS_SIZE,
        "files_each": len(files),
        "completed": len(finished),
        "errors": errors[:5],
        "last_completed_s": round(max(finished) - started, 2) if finished else None,
        "bytes_sent": sent,
        "bytes_expected": CLASS_SIZE * one_sent,
        "body_bytes_one_client_gzip": one_body,
        "raw_bytes_one_client": sum(
            (site / (f.strip("/") + ("/index.html" if f.endswith("/") else ""))).stat().st_size
            for f in files
        ),
    }


def measure_offline_and_classroom(log=None) -> dict:
    """The figures of the offline copy and of ``make serve`` (see the functions above);
    one run each, no assertions."""
    log = log or (lambda msg: print(f"[bench_site] {msg}", file=sys.stderr))
    site, _port, tmp = _prepare_site(log)
    counter = _Counter()
    server, base = _counting_server(site, counter)
    out: dict = {
        "server": "build_scripts/serve.py (gzip)",
        "load_average_at_start": [round(x, 1) for x in os.getloadavg()],
    }
    try:
        log(f"classroom: {CLASS_SIZE} simultaneous first-visit downloads")
        try:
            out["classroom"] = _classroom(site, counter, base)
        except Exception as exc:  # noqa: BLE001
            out["classroom"] = {"error": f"{type(exc).__name__}: {exc}"[:500]}
        if not Path(CHROMIUM).exists():
            return {**out, "browser": f"skipped: Chromium not found at {CHROMIUM}"}
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                for name, profile in THROTTLING.items():
                    log(f"first visit under throttling: {name}")
                    try:
                        out[f"first_visit_{name}"] = _throttled_first_visit(
                            browser, base, counter, profile
                        )
                    except Exception as exc:  # noqa: BLE001
                        out[f"first_visit_{name}"] = {"error": f"{type(exc).__name__}: {exc}"[:500]}
            finally:
                browser.close()
            log("plain http: a first and a return visit by a name that is not this computer's")
            try:
                out["plain_http"] = _plain_http_visits(p, base, counter)
            except Exception as exc:  # noqa: BLE001
                out["plain_http"] = {"error": f"{type(exc).__name__}: {exc}"[:500]}
            log("offline: keep the site, then reload with the network cut")
            try:
                from build_scripts import offline

                files = len(offline.precache_list(site))
                out["offline"] = _offline_reload(p, base, counter, files)
            except Exception as exc:  # noqa: BLE001
                out["offline"] = {"error": f"{type(exc).__name__}: {exc}"[:500]}
    finally:
        server.shutdown()
        server.server_close()
        if tmp is not None:
            tmp.cleanup()
    out["load_average_at_end"] = [round(x, 1) for x in os.getloadavg()]
    return out


def compare(sites: list[Path], runs: int, parts: list[str], log=None) -> dict:
    """An A/B of builds: ``parts`` (``plain_http``: :func:`_plain_http_visits`; ``lab``:
    :func:`measure_lab`) measured on each site folder of ``sites`` in turn, ``runs`` rounds,
    the order of the sites alternating from round to round; each figure's runs and median,
    by site. Compare within one run: the machine's load moves every absolute figure."""
    import statistics

    from playwright.sync_api import sync_playwright

    log = log or (lambda msg: print(f"[bench_site] {msg}", file=sys.stderr))
    counters = [_Counter() for _ in sites]
    servers = [_counting_server(site, c) for site, c in zip(sites, counters, strict=True)]
    found: dict[str, dict[str, list[float]]] = {str(site): {} for site in sites}

    def note(site: Path, prefix: str, figures: dict) -> None:
        for key, value in figures.items():
            name = f"{prefix}.{key}"
            if isinstance(value, dict):
                note(site, name, value)
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                found[str(site)].setdefault(name, []).append(float(value))

    try:
        with sync_playwright() as p:
            for run in range(runs):
                order = list(range(len(sites)))
                if run % 2:
                    order.reverse()
                for i in order:
                    base = servers[i][1]
                    for part in parts:
                        log(f"round {run + 1}: {part} on {sites[i]}")
                        if part == "plain_http":
                            note(sites[i], part, _plain_http_visits(p, base, counters[i]))
                        elif part == "lab":
                            note(sites[i], part, measure_lab(p, base))
    finally:
        for server, _ in servers:
            server.shutdown()
            server.server_close()
    return {
        "runs": runs,
        "load_average": [round(x, 1) for x in os.getloadavg()],
        "sites": {
            site: {name: {"runs": v, "median": statistics.median(v)} for name, v in fig.items()}
            for site, fig in found.items()
        },
    }


def main() -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--compare", nargs="+", type=Path, metavar="SITE", help="an A/B of built site folders"
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--part", action="append", choices=("plain_http", "lab"))
    args = parser.parse_args()
    if args.compare:
        result = compare(args.compare, args.runs, args.part or ["plain_http", "lab"])
    else:
        result = measure()
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
