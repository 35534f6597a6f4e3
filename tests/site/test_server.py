"""``make serve``'s server (build_scripts/serve.py): the build's brotli copies and gzip,
types, security and cache headers, the site's own 404, and a whole class opening the site
at once."""

from __future__ import annotations

import gzip
import http.client
import os
import threading
from pathlib import Path

import brotli
import pytest
from server_tools import answer_head, quiet_server

from build_scripts import serve
from build_scripts.security import HEADERS


@pytest.fixture(scope="module")
def server(site_dir):
    with quiet_server(site_dir) as srv:
        yield srv


def _get(server, path, headers=None, method="GET"):
    conn = http.client.HTTPConnection(*server.server_address[:2], timeout=60)
    try:
        conn.request(method, path, headers=headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def _runtime(site_dir: Path, suffix: str) -> str:
    found = sorted((site_dir / "assets" / "runtime").rglob(f"*{suffix}"))
    assert found, suffix
    return "/" + found[0].relative_to(site_dir).as_posix()


GZIP = {"Accept-Encoding": "gzip, deflate"}  # a browser reaching a classroom server over http://
BROTLI = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # Chromium, to 127.0.0.1 or over HTTPS


def _decoded(headers: dict[str, str], body: bytes) -> bytes:
    coding = headers.get("content-encoding")
    return {"br": brotli.decompress, "gzip": gzip.decompress}.get(coding, bytes)(body)


def test_text_and_webassembly_go_gzipped_to_browsers_that_accept_it(server, site_dir):
    wasm = _runtime(site_dir, ".wasm")
    raw = (site_dir / wasm.lstrip("/")).read_bytes()
    status, headers, body = _get(server, wasm, GZIP)
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert int(headers["content-length"]) == len(body) < len(raw) / 2
    assert gzip.decompress(body) == raw
    assert "accept-encoding" in headers["vary"].lower()
    # a page, by its folder's address
    status, headers, body = _get(server, "/fr/zohn-ahl/", GZIP)
    assert status == 200 and headers["content-encoding"] == "gzip"
    page = (site_dir / "fr" / "zohn-ahl" / "index.html").read_bytes()
    assert gzip.decompress(body) == page
    # a client that does not ask for gzip (or refuses it) gets the file as it is
    for refusal in ({}, {"Accept-Encoding": "identity"}, {"Accept-Encoding": "gzip;q=0"}):
        status, headers, body = _get(server, "/fr/zohn-ahl/", refusal)
        assert status == 200 and "content-encoding" not in headers and body == page, refusal


def test_large_files_go_as_the_builds_brotli_copy_to_browsers_that_accept_it(server, site_dir):
    wasm = _runtime(site_dir, ".wasm")
    raw = (site_dir / wasm.lstrip("/")).read_bytes()
    _, _, gzipped = _get(server, wasm, GZIP)
    status, headers, body = _get(server, wasm, BROTLI)
    assert status == 200 and headers["content-encoding"] == "br"
    assert int(headers["content-length"]) == len(body) < len(gzipped)
    assert brotli.decompress(body) == raw
    assert "accept-encoding" in headers["vary"].lower()
    # the search index, the theme's bundle: large files of the site's own
    for path in ("/search/search_index.json", "/assets/javascripts/lunr/wordcut.js"):
        status, headers, body = _get(server, path, BROTLI)
        assert headers["content-encoding"] == "br", path
        assert brotli.decompress(body) == (site_dir / path.lstrip("/")).read_bytes()
    # a small file has no copy: gzip, as for any browser
    status, headers, body = _get(server, "/assets/js/boards.js", BROTLI)
    assert headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (site_dir / "assets" / "js" / "boards.js").read_bytes()
    # refused brotli, refused everything
    for refusal in ({"Accept-Encoding": "gzip, br;q=0"}, {"Accept-Encoding": "identity"}):
        status, headers, body = _get(server, wasm, refusal)
        assert headers.get("content-encoding") in ("gzip", None), refusal
        assert _decoded(headers, body) == raw


def test_a_file_changed_after_its_brotli_copy_is_sent_gzipped(tmp_path):
    (tmp_path / "index.html").write_text("<p>site</p>", encoding="utf-8")
    script = tmp_path / "big.js"
    script.write_text("let x = 1;\n" * 9000, encoding="utf-8")
    copy = tmp_path / "big.js.br"
    copy.write_bytes(brotli.compress(script.read_bytes()))
    with quiet_server(tmp_path) as srv:
        status, headers, body = _get(srv, "/big.js", BROTLI)
        assert (
            headers["content-encoding"] == "br" and _decoded(headers, body) == script.read_bytes()
        )
        script.write_text("let y = 2;\n" * 9000, encoding="utf-8")  # edited by hand, say
        later = copy.stat().st_mtime_ns + 1_000_000_000
        os.utime(script, ns=(later, later))
        status, headers, body = _get(srv, "/big.js", BROTLI)
        assert (
            headers["content-encoding"] == "gzip" and _decoded(headers, body) == script.read_bytes()
        )


def test_compressed_files_are_not_compressed_again(server, site_dir):
    path = "/assets/icons/icon-512.png"
    status, headers, body = _get(server, path, GZIP)
    assert status == 200 and "content-encoding" not in headers, path
    assert body == (site_dir / path.lstrip("/")).read_bytes()


def test_the_runtime_s_zip_and_wheel_go_compressed(server, site_dir):
    """Their modules are stored uncompressed inside, for the server to compress."""
    for path in (_runtime(site_dir, ".whl"), _runtime(site_dir, ".zip")):
        status, headers, body = _get(server, path, GZIP)
        assert status == 200 and headers.get("content-encoding") == "gzip", path
        stored = (site_dir / path.lstrip("/")).read_bytes()
        assert gzip.decompress(body) == stored
        assert len(body) < len(stored) / 2, path


@pytest.mark.parametrize(
    "path, kind",
    [
        ("wasm", "application/wasm"),
        ("/assets/js/engine-worker.mjs", "text/javascript"),
        ("/assets/js/boards.js", "text/javascript"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/sw.js", "text/javascript"),
        ("/", "text/html"),
        ("css", "text/css"),
        ("/assets/icons/icon.svg", "image/svg+xml"),
        ("/sitemap.xml", "application/xml"),
    ],
)
def test_types(server, site_dir, path, kind):
    if path == "wasm":
        path = _runtime(site_dir, ".wasm")
    elif path == "css":  # the one style sheet, named by its content's hash
        (sheet,) = (site_dir / "assets" / "stylesheets").glob("site.*.css")
        path = "/" + sheet.relative_to(site_dir).as_posix()
    status, headers, _ = _get(server, path, GZIP, method="HEAD")
    assert status == 200 and headers["content-type"].split(";")[0] == kind


def test_every_answer_carries_the_security_headers(server):
    for path in ("/", "/assets/js/boards.js", "/no-such-page/", "/assets/"):
        _, headers, _ = _get(server, path)
        for name, value in HEADERS.items():
            assert headers.get(name.lower()) == value, (path, name)


def test_hashed_files_are_kept_for_good_and_the_rest_revalidated(server, site_dir):
    bundle = next((site_dir / "assets" / "javascripts").glob("bundle.*.min.js"))
    wheel = _runtime(site_dir, ".whl")
    for path in ("/assets/javascripts/" + bundle.name, wheel):
        _, headers, _ = _get(server, path, method="HEAD")
        assert (
            "immutable" in headers["cache-control"]
            and "max-age=31536000" in headers["cache-control"]
        )
    for path in ("/", "/sw.js", "/assets/runtime/manifest.json", "/assets/js/boards.js"):
        status, headers, _ = _get(server, path, method="HEAD")
        assert headers["cache-control"] == "no-cache", path
        again, _, body = _get(server, path, {"If-Modified-Since": headers["last-modified"]})
        assert again == 304 and body == b"", path


def test_a_missing_page_gets_the_sites_own_404_and_no_folder_is_listed(server, site_dir):
    status, headers, body = _get(server, "/no-such-page/")
    assert status == 404 and body == (site_dir / "404.html").read_bytes()
    status, _, body = _get(server, "/assets/runtime/")
    assert status == 404 and b"Directory listing" not in body
    status, headers, _ = _get(server, "/zohn-ahl")
    assert status == 301 and headers["location"] == "/zohn-ahl/"


def test_it_listens_on_this_computer_only_unless_told(site_dir, tmp_path):
    srv = serve.make_server(site_dir, port=0)
    try:
        assert srv.server_address[0] == "127.0.0.1"
    finally:
        srv.server_close()
    with pytest.raises(FileNotFoundError, match=str(tmp_path)):
        serve.make_server(tmp_path, port=0)


def test_thirty_readers_at_once_all_get_the_whole_first_visit(server, site_dir):
    """Thirty browsers of a class open a page with a board at the same moment: each
    downloads the page, its scripts and the Python runtime, on a new connection each."""
    wanted = ["/zohn-ahl/", "/assets/js/boards.js", "/assets/js/engine-worker.mjs"]
    wanted += [_runtime(site_dir, s) for s in (".wasm", ".zip", ".whl", "pyodide.mjs", "asm.mjs")]
    start = threading.Barrier(30)
    results: list[object] = [None] * 30

    def reader(i):
        try:
            start.wait(timeout=60)
            got = []
            for path in wanted:
                status, headers, body = _get(server, path, BROTLI)
                got.append((status, len(_decoded(headers, body))))
            results[i] = got
        except Exception as err:  # noqa: BLE001 - reported below, with the reader's number
            results[i] = err

    threads = [threading.Thread(target=reader, args=(i,)) for i in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    expected = [
        (
            200,
            (site_dir / (p.strip("/") + ("/index.html" if p.endswith("/") else ""))).stat().st_size,
        )
        for p in wanted
    ]
    failures = {i: r for i, r in enumerate(results) if r != expected}
    assert not failures, (
        f"{len(failures)} of 30 readers failed, e.g. {next(iter(failures.values()))}"
    )


def _raw(server, target: bytes) -> tuple[int, bytes]:
    """Send one request line as bytes, exactly (no client library in between); return the
    status and the header block of the answer."""
    head = answer_head(
        server, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/1.") else 0
    return status, head


def _header_names(head: bytes) -> list[bytes]:
    return [line.split(b":", 1)[0].lower() for line in head.split(b"\r\n")[1:]]


def test_a_folder_redirect_never_carries_a_header_of_the_request(server):
    status, head = _raw(server, b"/%0D%0ASet-Cookie:%20pwned=1%2F..%2Ffr")
    assert status in (400, 404), head
    assert b"set-cookie" not in _header_names(head) and b"pwned" not in head
    # a real folder, with a query that tries the same: encoded, never a second header
    status, head = _raw(server, b"/zohn-ahl?x=%0D%0ASet-Cookie:%20pwned=1")
    assert status == 301 and b"set-cookie" not in _header_names(head)
    location = [line for line in head.split(b"\r\n") if line.lower().startswith(b"location:")]
    assert location == [b"Location: /zohn-ahl/?x=%0D%0ASet-Cookie:%20pwned=1"]


@pytest.mark.parametrize(
    "target",
    [
        b"/%2Fevil.example%2F..%2Ffr",
        b"/%5Cevil.example%2F..%2Fzohn-ahl",
        b"/%2F%2Fevil.example%2F..%2Ffr",
        b"//evil.example/../fr",
        b"/%2F%2Fevil.example/fr",
        b"/\\evil.example/fr",
        b"/fr/%2E%2E/zohn-ahl",
    ],
)
def test_no_redirect_leaves_the_site(server, target):
    status, head = _raw(server, target)
    for line in head.split(b"\r\n")[1:]:
        if line.lower().startswith(b"location:"):
            value = line.split(b":", 1)[1].strip()
            assert value.startswith(b"/") and not value.startswith((b"//", b"/\\")), head
            assert b"evil" not in value, head
    assert status in (301, 400, 404), head


def test_a_folder_redirect_keeps_the_query(server):
    query = "game-zohn-ahl=%5BRuleset%20%22kiowa%22%5D&x=%C3%A9"
    status, headers, _ = _get(server, "/zohn-ahl?" + query)
    assert status == 301 and headers["location"] == "/zohn-ahl/?" + query
    status, headers, _ = _get(server, "/fr/zohn-ahl?lesson=1")
    assert status == 301 and headers["location"] == "/fr/zohn-ahl/?lesson=1"


@pytest.mark.parametrize(
    "target, statuses",
    [
        (b"/" + b"a" * 256, {404}),
        (b"/" + b"a" * 256 + b"/", {404}),
        (b"/fr/" + b"a" * 300 + b"/x", {404}),
        (b"/" + "é".encode() * 200, {404}),
        (b"/" + b"%C3%A9" * 150, {404}),
        (b"/" + b"a/" * 2100, {414}),
        (b"/" + b"a" * 5000, {414}),
        (b"/%00", {400}),
        (b"/\xff\xfe", {400}),
        (b"/%ff%fe", {400}),
        (b"/fr/%2e%2e/%2e%2e/etc/passwd", {400}),
    ],
)
def test_any_path_gets_a_proper_status_and_the_server_keeps_serving(server, target, statuses):
    status, _ = _raw(server, target)
    assert status in statuses, (target[:40], status)
    assert _get(server, "/")[0] == 200


def test_slow_and_silent_clients_do_not_hold_up_the_others(server, site_dir):
    """Readers on a poor connection: some send half a request and then nothing, some read
    the runtime a trickle at a time. Everyone else is still served."""
    import socket

    address = server.server_address[:2]
    silent = []
    for _ in range(10):
        sock = socket.create_connection(address, timeout=60)
        sock.sendall(b"GET /zohn-ahl/ HTTP/1.1\r\nHost: x\r\n")  # the headers never end
        silent.append(sock)
    trickle = socket.create_connection(address, timeout=60)
    trickle.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    trickle.sendall(f"GET {_runtime(site_dir, '.wasm')} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert trickle.recv(1024).startswith(b"HTTP/1.1 200")  # and then reads no more for now
    try:
        for path in ("/", "/fr/zohn-ahl/", "/assets/js/boards.js"):
            status, _, body = _get(server, path)
            assert status == 200 and body, path
    finally:
        for sock in [*silent, trickle]:
            sock.close()
