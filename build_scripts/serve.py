"""The site's own web server, fit for a classroom: ``make serve`` and the offline archive.

    python -m build_scripts.serve [--host 127.0.0.1] [--port 8000] [folder]

Standard library only (it also ships, as ``serve.py`` beside ``security.py``, in the
archive that ``make offline`` writes). Compared with ``python -m http.server`` it

- sends a large file's brotli copy (``name.br``, made by the build:
  :mod:`build_scripts.precompress`) to a browser that accepts brotli; otherwise compresses
  text, WebAssembly and the runtime's zip and wheel with gzip when the browser accepts it,
  once per file (kept in memory until the file changes), never files that are compressed
  already;
- sends the right types (``.wasm`` as ``application/wasm``, without which Pyodide never
  starts; ``.mjs`` as JavaScript; ``.webmanifest``), the security headers of
  :mod:`build_scripts.security` and cache headers: files whose name carries a content
  hash are kept for good, everything else is revalidated (``Last-Modified``, 304);
- answers many readers at once: a thread per connection, HTTP/1.1 keep-alive, and a
  listen backlog of 128 (``http.server`` keeps 5: a class opening the site together saw
  most of its connections reset);
- answers a missing page with the site's own ``404.html``, and never lists a folder;
- reads a request's path once, refuses what no file of the site can be named (400, 414:
  see :meth:`SiteHandler._target`) and sends a folder's address on with its slash
  (``/zohn-ahl?game=...`` to ``/zohn-ahl/?game=...``, the query kept) in a ``Location``
  rebuilt from names that exist, so that it neither carries request text raw nor leaves
  the site.

Why it stays hand-written: the HTTP itself (reading requests, a thread per connection,
keep-alive, the limits on the request line and headers) is the standard library's
``http.server``; only the choice of file, the compression and the headers are written
here, and none of it needs a package, so the offline archive starts with a bare
``python3``. The well-kept alternatives were weighed: ``whitenoise`` answers a folder's
address with a redirect that drops the query (a lesson link's game would be lost),
compresses nothing itself (it serves ``.gz`` copies made beforehand, which the build and
the archive would then have to carry) and needs a newer Python than the archive
promises; ``waitress`` would replace only ``http.server``'s part, where none of the
faults found so far was. The parts written here are tested through a real socket and
fuzzed (``tests/site/test_server.py``, ``tests/site/test_server_fuzz.py``).

It listens on 127.0.0.1 (this computer only) unless told otherwise: ``--host 0.0.0.0``
(``make serve HOST=0.0.0.0``) serves every computer of the local network. Browsers keep
the offline copy (the service worker) only for a secure origin -- ``127.0.0.1``,
``localhost`` or HTTPS -- so the other computers of a classroom play through the network.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import os
import re
import socket
import sys
import threading
from pathlib import Path
from urllib.parse import quote, unquote_to_bytes

try:
    from build_scripts.security import HEADERS
except ImportError:  # the copy in the offline archive sits beside security.py
    from security import HEADERS  # type: ignore[no-redef]

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".wasm": "application/wasm",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".pdf": "application/pdf",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".gz": "application/gzip",
}
"""Content types by file suffix; anything else is ``application/octet-stream``."""

COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".xml", ".txt"}
COMPRESSIBLE |= {".svg", ".wasm", ".zip", ".whl"}
"""Suffixes worth compressing. The site's only zip and wheel are the runtime's standard
library and engine, whose modules are stored uncompressed inside (see
``build_scripts/compile_bytecode.mjs``); images are compressed already."""

PRECOMPRESSED = ".br"
"""The suffix of a file's brotli copy, written beside it by the build; sent only while it
is at least as new as the file (a file changed since is gzipped instead)."""

MIN_GZIP = 1024
"""Smaller files go as they are: the gzip header would eat most of the gain."""

HASHED = re.compile(r"(?:^|[./])[0-9a-f]{8,64}(?:[./]|$)")
"""A path with a content hash (``bundle.79ae519e.min.js``, ``engine/<hash>/x.whl``): its
content never changes, so browsers may keep it for good."""

LISTEN_BACKLOG = 128

MAX_PATH = 1024
"""The longest path (before decoding) the server looks up; longer ones get 414. The
site's own addresses are far shorter; a lesson link's game travels in the query, which
only ``http.server``'s own limit on the request line (64 KiB) bounds."""

_REFUSED = re.compile(r"[\x00-\x1f\x7f\\:]")
"""Control characters, backslashes and colons: no file of the site has them in its name;
on Windows a backslash separates folders and a colon names a drive (``C:``), and browsers
read a backslash in a ``Location`` as a slash."""

_ESCAPE_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), 0x7F)}

_PATH_SAFE = "!$&'()*+,;=:@-._~"
_QUERY_SAFE = _PATH_SAFE + "/?%"
"""What a rebuilt address keeps as it is (RFC 3986's characters of a path segment and of
a query); everything else is percent-encoded, so no request text reaches a header raw."""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves one folder; see the module docstring. ``types`` and ``quiet`` may be
    overridden in a subclass."""

    protocol_version = "HTTP/1.1"
    server_version = "SiteServer"
    timeout = 30  # an idle keep-alive connection gives its thread back
    types = TYPES
    quiet = False

    def log_message(self, format, *args):  # noqa: A002 - the standard library's name
        if not self.quiet:  # control characters of a request escaped: none reach the terminal
            message = (format % args).translate(_ESCAPE_CONTROLS)
            sys.stderr.write(
                f"{self.address_string()} - [{self.log_date_time_string()}] {message}\n"
            )

    def end_headers(self):
        for name, value in HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def guess_type(self, path):
        return self.types.get(Path(path).suffix.lower(), "application/octet-stream")

    def list_directory(self, path):
        self.send_error(404, "Not Found")
        return None

    def send_head(self):
        target = self._target()
        if isinstance(target, int):
            self.send_error(target)
            return None
        segments, folder_form, query = target
        local = Path(self.directory).joinpath(*segments)
        try:
            is_dir = local.is_dir()
            if is_dir:
                if not folder_form:
                    return self._redirect_to_folder(segments, query)
                local = local / "index.html"
            if folder_form and not is_dir or not local.is_file():
                return self._not_found(segments)
            stat = local.stat()
        except (OSError, ValueError):  # a name the file system refuses: no such file
            return self._not_found(segments)
        url_path = "/" + "/".join(segments)
        if self._not_modified(stat.st_mtime):
            self.send_response(304)
            self._common_headers(local, url_path)
            self.end_headers()
            return None
        coding, body, size = self._body(local, stat)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(local)))
        if coding:
            self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self._common_headers(local, url_path)
        self.end_headers()
        return _Bytes(body) if isinstance(body, bytes) else open(body, "rb")  # noqa: SIM115

    def _target(self) -> tuple[list[str], bool, str] | int:
        """The request's path as the names of its folders and file, whether it ends with
        ``/``, and its query as sent; or the status that refuses it (400, 414).

        The path is decoded once (``%2F`` is a ``/`` like any other); it is refused when
        it is longer than :data:`MAX_PATH`, is not UTF-8, holds a control character or a
        backslash, or climbs with ``..``. Empty and ``.`` segments are dropped, so the
        names always lead to a file inside the served folder."""
        raw, _, query = self.path.partition("#")[0].partition("?")
        if raw.startswith(("http://", "https://")):  # the absolute form of a request
            raw = "/" + raw.split("/", 3)[3] if raw.count("/") >= 3 else "/"
        if len(raw) > MAX_PATH:
            return 414
        try:  # http.server read the request line as Latin-1: these are its bytes
            decoded = unquote_to_bytes(raw.encode("latin-1")).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            return 400
        if not decoded.startswith("/") or _REFUSED.search(decoded):
            return 400
        names = decoded.split("/")
        if ".." in names:
            return 400
        return [n for n in names if n not in ("", ".")], decoded.endswith("/"), query

    def _redirect_to_folder(self, segments: list[str], query: str) -> None:
        """``/zohn-ahl?game=...`` to ``/zohn-ahl/?game=...``. The address is rebuilt
        from the names of a folder that exists, each percent-encoded, so it always starts
        with one ``/`` (it stays on this site) and carries nothing raw from the request;
        the query goes along, its bytes kept (what is not safe in a header is encoded)."""
        location = "/" + "".join(quote(name, safe=_PATH_SAFE) + "/" for name in segments)
        if query:
            location += "?" + quote(query.encode("latin-1"), safe=_QUERY_SAFE)
        self.send_response(301)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()
        return None

    def _common_headers(self, local: Path, url_path: str) -> None:
        if HASHED.search(url_path):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        if local.suffix.lower() in COMPRESSIBLE:
            self.send_header("Vary", "Accept-Encoding")

    def _not_modified(self, mtime: float) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when.timestamp() >= int(mtime)

    def _accepts(self, coding: str) -> bool:
        """Whether the request's ``Accept-Encoding`` takes ``coding`` (by name or ``*``,
        not refused with ``q=0``)."""
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = part.strip().partition(";")
            if name.strip().lower() in (coding, "*"):
                return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
        return False

    def _body(self, local: Path, stat: os.stat_result) -> tuple[str, Path | bytes, int]:
        """What to send for ``local``, with its length: ``("br", its brotli copy)`` when the
        build made one and the browser accepts brotli, ``("gzip", the bytes)`` when gzip is
        worth it and accepted, else ``("", the file)``."""
        if local.suffix.lower() not in COMPRESSIBLE or stat.st_size < MIN_GZIP:
            return "", local, stat.st_size
        copy = local.with_name(local.name + PRECOMPRESSED)
        if self._accepts("br"):
            try:
                copied = copy.stat()
            except OSError:  # no copy: this file is small, or the build made none
                pass
            else:
                if copied.st_mtime_ns >= stat.st_mtime_ns:
                    return "br", copy, copied.st_size
        if self._accepts("gzip"):
            packed = _gzipped(str(local), stat.st_mtime_ns, stat.st_size)
            return "gzip", packed, len(packed)
        return "", local, stat.st_size

    def _not_found(self, segments: list[str]):
        # the 404 page of the address's language folder (fr/ for French), else the site's own
        root = Path(self.directory)
        first = segments[0] if segments else ""
        language = len(first) <= 3 and first.isascii() and first.isalpha()
        page = root / first / "404.html" if language else root / "404.html"
        if not page.is_file():
            page = root / "404.html"
        if not page.is_file():
            self.send_error(404, "Not Found")
            return None
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", TYPES[".html"])
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return _Bytes(body)


class _Bytes:
    """A file-like view of bytes already in memory (what ``copyfile`` reads from)."""

    def __init__(self, data: bytes):
        self.data, self.offset = data, 0

    def read(self, size: int = -1) -> bytes:
        end = len(self.data) if size < 0 else self.offset + size
        chunk = self.data[self.offset : end]
        self.offset += len(chunk)
        return chunk

    def close(self) -> None:
        pass


_GZIP_LOCKS: dict[str, threading.Lock] = {}
_GZIP_LOCKS_LOCK = threading.Lock()


def _gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The file gzipped, made once per version of the file (thirty readers asking for the
    runtime at once wait for one compression)."""
    with _GZIP_LOCKS_LOCK:
        lock = _GZIP_LOCKS.setdefault(path, threading.Lock())
    with lock:
        return _gzip_file(path, mtime_ns, size)


@functools.lru_cache(maxsize=512)
def _gzip_file(path: str, mtime_ns: int, size: int) -> bytes:
    with open(path, "rb") as file:
        return gzip.compress(file.read(), compresslevel=6, mtime=0)


class SiteServer(http.server.ThreadingHTTPServer):
    """A thread per connection and a listen backlog for a whole class."""

    request_queue_size = LISTEN_BACKLOG
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a reader who left: no news
            super().handle_error(request, client_address)


def make_server(
    folder: Path | str, host: str = "127.0.0.1", port: int = 8000, handler=SiteHandler
) -> SiteServer:
    """A server for ``folder`` (not started: call ``serve_forever``)."""
    folder = Path(folder)
    if not (folder / "index.html").is_file():
        raise FileNotFoundError(
            f"no built site in {folder} (index.html is missing): build it first"
        )
    return SiteServer((host, port), functools.partial(handler, directory=str(folder)))


def _default_folder() -> Path:
    """``site/`` beside this script (the offline archive) or beside its folder (the project)."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "site", here.parent / "site"):
        if (candidate / "index.html").is_file():
            return candidate
    return Path("site")


def _lan_address() -> str | None:
    """This computer's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("10.254.254.254", 1))
            return sock.getsockname()[0]
        except OSError:
            return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Serve the built site (brotli or gzip, the right types, security and cache headers)."
    )
    parser.add_argument("folder", nargs="?", type=Path, help="the built site (default: site/)")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on: 127.0.0.1 for this computer only (default), "
        "0.0.0.0 for every computer of the local network",
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    args = parser.parse_args(argv)
    folder = args.folder or _default_folder()
    try:
        server = make_server(folder, args.host, args.port)
    except (FileNotFoundError, OSError) as err:
        print(f"serve: {err}", file=sys.stderr)
        return 1
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "") else args.host
    print(f"Serving {folder} on http://{shown}:{args.port}/ (Ctrl-C stops)", flush=True)
    if args.host in ("0.0.0.0", ""):
        address = _lan_address()
        if address:
            print(f"Other computers of this network: http://{address}:{args.port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
