"""Fuzzing ``make serve``'s server through a real socket: whatever path or request line a
visitor sends, the answer has a status from a small set, carries no header the request
wrote, and never sends the browser to another site."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_tools import answer_head, quiet_server

from build_scripts.security import HEADERS

STATUSES = {200, 301, 304, 400, 404, 414, 431, 501, 505}
"""What the server may answer: a file, a folder's redirect, not modified, refused (bad
request, too long), missing, or a method or version it does not serve."""

HEADER_NAMES = {name.lower().encode() for name in HEADERS} | {
    b"server",
    b"date",
    b"content-type",
    b"content-length",
    b"content-encoding",
    b"last-modified",
    b"cache-control",
    b"vary",
    b"location",
    b"connection",
}

FUZZ = settings(
    max_examples=300,
    deadline=None,  # counted examples: a verdict never depends on the machine's speed
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def server(site_dir):
    with quiet_server(site_dir) as srv:
        yield srv


def _check(head: bytes) -> None:
    lines = head.split(b"\r\n")
    assert lines[0].startswith(b"HTTP/1."), head[:200]
    assert int(lines[0].split(b" ", 2)[1]) in STATUSES, lines[0]
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        assert name.lower() in HEADER_NAMES, line[:200]
        if name.lower() == b"location":
            value = value.strip()
            assert value.startswith(b"/") and not value.startswith((b"//", b"/\\")), value
            assert all(0x21 <= byte < 0x7F for byte in value), value


# pieces a hostile link puts together: separators, encoded line ends and slashes, climbs,
# other hosts, long names, non-ASCII, and the site's real folders
PIECES = st.sampled_from(
    [
        "/",
        "//",
        "\\",
        "%2F",
        "%2f",
        "%5C",
        "%0D%0A",
        "%0A",
        "%00",
        "%ff",
        "%C3%A9",
        "é",
        "..",
        "%2E%2E",
        ".",
        "evil.example",
        "Set-Cookie:%20a=1",
        "fr",
        "zohn-ahl",
        "awithlaknannai",
        "assets",
        "index.html",
        "?",
        "#",
        "&",
        "=",
        "a" * 300,
        "a/" * 600,
        ":",
        "C:",
        "%",
        "%%",
        "~",
    ]
)
TARGETS = st.lists(st.one_of(PIECES, st.text(min_size=1, max_size=8)), max_size=12).map(
    lambda parts: "/" + "".join(parts)
)


def _bytes(target: str) -> bytes:
    """The target as a browser would put it on the wire: no raw space or line end."""
    raw = target.encode("utf-8", "surrogatepass")
    for byte in (b" ", b"\r", b"\n", b"\t"):
        raw = raw.replace(byte, b"%%%02X" % byte[0])
    return raw


@FUZZ
@given(target=TARGETS, method=st.sampled_from([b"GET", b"HEAD"]))
def test_any_path_gets_an_allowed_status_and_no_foreign_header(server, target, method):
    head = answer_head(server, method + b" " + _bytes(target) + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    _check(head)


@FUZZ
@given(
    line=st.binary(max_size=200).filter(lambda b: b"\n" not in b and b"\r" not in b),
    version=st.sampled_from([b"HTTP/1.1", b"HTTP/1.0", b"HTTP/2.0", b"HTTP/x", b""]),
)
def test_any_request_line_gets_an_allowed_status_and_the_server_keeps_serving(
    server, line, version
):
    request = b"GET " + line + (b" " + version if version else b"") + b"\r\nHost: x\r\n\r\n"
    head = answer_head(server, request)
    if head.startswith(b"HTTP/"):  # an old HTTP/0.9 request gets a bare body: no headers
        _check(head)
    assert answer_head(server, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").startswith(b"HTTP/1.1 200")
