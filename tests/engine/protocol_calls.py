"""Requests sent through the protocol as the page sends them (JSON text both ways, through
``engine.protocol.handle``), for the tests of its commands."""

from __future__ import annotations

import json
from typing import Any

from engine import protocol


def call(cmd: str, args: dict[str, Any] | None = None, request_id: int = 1) -> dict[str, Any]:
    """Send one request through handle() (JSON both ways); return the decoded reply."""
    request: dict[str, Any] = {"id": request_id, "cmd": cmd}
    if args is not None:
        request["args"] = args
    reply = json.loads(protocol.handle(json.dumps(request)))
    assert reply["id"] == request_id
    return reply


def ok(cmd: str, args: dict[str, Any] | None = None) -> Any:
    """The result of a request that must succeed."""
    reply = call(cmd, args)
    assert reply["ok"], reply
    return reply["result"]


def error(cmd: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    """The error of a request that must fail, with every field an error carries."""
    reply = call(cmd, args)
    assert reply["ok"] is False, reply
    assert set(reply["error"]) >= {"type", "kind", "message", "input", "where"}
    return reply["error"]
