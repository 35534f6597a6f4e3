"""Helpers for the server's tests: ``make serve``'s server on a free port, quiet, and the
head of its answer to one raw request sent through a socket (no client library in
between, so that a test can send any bytes)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from build_scripts import serve


class QuietHandler(serve.SiteHandler):
    quiet = True


@contextmanager
def quiet_server(folder: Path) -> Iterator[serve.SiteServer]:
    """``folder`` served by ``make serve``'s server on a free port of 127.0.0.1."""
    srv = serve.make_server(folder, "127.0.0.1", 0, QuietHandler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()


def answer_head(server, request: bytes) -> bytes:
    """The answer's status line and headers to one raw ``request`` (the connection is
    closed after it)."""
    with socket.create_connection(server.server_address[:2], timeout=60) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    return data.split(b"\r\n\r\n", 1)[0]
