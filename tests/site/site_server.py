"""The built site's servers in the tests, and the one build a ``make test`` run shares.

- ``Servers``: local servers of a folder with the site's own handler (``make serve``'s,
  quiet); stopping one also ends the browser's kept-alive connections.
- ``SharedSite``: with pytest-xdist, the controlling process (which runs no test) builds
  the site once as the session starts, in the background, and then serves it for the
  whole session; each test process reads where from the file named by
  ``SHARED_SITE_ENV`` (``tests/conftest.py`` starts it). So the browser tests can run in
  both processes while the build overlaps the engine tests, and no process stops the
  server while another still uses it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from site_build_tools import ROOT, run_build

if str(ROOT) not in sys.path:  # build_scripts is not an installed package
    sys.path.insert(0, str(ROOT))
from build_scripts.serve import TYPES, SiteHandler, make_server  # noqa: E402

SHARED_SITE_ENV = "TESTS_SHARED_SITE"  # the path of the shared build's description (JSON)
BUILD_WAIT_S = 1500  # a strict build on a loaded 2-core machine, with margin


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except Exception:  # noqa: BLE001 - not up yet
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def built_site_url(folder: Path) -> str:
    """The ``site_url`` the site was built with: the first address in its sitemap (for
    tests that start servers of their own)."""
    sitemap = Path(folder) / "sitemap.xml"
    if not sitemap.is_file():
        return ""
    match = re.search(r"<loc>(.*?)</loc>", sitemap.read_text(encoding="utf-8"))
    return match.group(1) if match else ""


class QuietHandler(SiteHandler):
    """``make serve``'s handler, quiet; it records its connections so that stopping the
    server also ends the browser's kept-alive connections (a server started later at the
    same address must answer every request)."""

    quiet = True

    def setup(self):
        super().setup()
        getattr(self.server, "connections", set()).add(self.connection)

    def finish(self):
        super().finish()
        getattr(self.server, "connections", set()).discard(self.connection)


class Servers:
    def __init__(self):
        self.servers = []

    def start(self, folder: Path, wasm_type: str = "application/wasm", port: int = 0) -> str:
        handler = type("Handler", (QuietHandler,), {"types": {**TYPES, ".wasm": wasm_type}})
        try:
            server = make_server(folder, "127.0.0.1", port, handler)
        except OSError:  # the port was taken meanwhile: any port (the site works at any address)
            server = make_server(folder, "127.0.0.1", 0, handler)
        server.connections = set()
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.servers.append(server)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        wait_for(url)
        return url

    def stop(self):
        for server in self.servers:
            server.shutdown()
            server.server_close()
            for connection in list(server.connections):
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


class SharedSite:
    """The controlling process's build and server (see the module docstring)."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="tests-site-"))
        self.description = self.folder / "site.json"
        self.servers = Servers()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._build_and_serve, daemon=True)

    def start(self) -> None:
        os.environ[SHARED_SITE_ENV] = str(self.description)  # the test processes inherit it
        self.thread.start()

    def _build_and_serve(self) -> None:
        site, port = self.folder / "site", free_port()
        try:
            proc = run_build(ROOT, site, site_url=f"http://127.0.0.1:{port}/")
            returncode, output = proc.returncode, proc.stdout + proc.stderr
        except Exception as error:  # noqa: BLE001 - every failure reaches the tests' report
            returncode, output = 1, f"the build could not run: {error!r}"
        if self.stopped.is_set():  # the session ended first (no test asked for the site)
            return
        url = self.servers.start(site, port=port) if returncode == 0 else ""
        partial = self.description.with_suffix(".part")
        partial.write_text(
            json.dumps(
                {"path": str(site), "returncode": returncode, "output": output, "port": port}
                | {"url": url}
            ),
            encoding="utf-8",
        )
        partial.replace(self.description)

    def stop(self) -> None:
        self.stopped.set()
        self.servers.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def shared_site() -> dict | None:
    """The shared build's description, waiting for it, or ``None`` outside such a run."""
    path = os.environ.get(SHARED_SITE_ENV)
    if not path:
        return None
    deadline = time.monotonic() + BUILD_WAIT_S
    while not Path(path).is_file():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the shared site build did not finish in {BUILD_WAIT_S} s")
        time.sleep(0.2)
    return json.loads(Path(path).read_text(encoding="utf-8"))
