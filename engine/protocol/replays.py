"""The protocol's one cache: the game of the last record each game's commands worked on,
and the request the worker looked at before running it.

The page sends, with each request, the record of the view it shows: the game of the last
reply is at hand here, so that record is not replayed again; and the worker's look at a
request before it runs it (:func:`engine.protocol.tables.wanted`, which replays the record
to count its pieces) leaves the game it replayed here, so the request itself does not
replay it a second time. One record is kept a game (the last), as the session's snapshot
(``snapshot()`` and ``resume()`` of :class:`engine.session.Session`, which both games'
sessions are), which holds copies: a reply is the same with the cache as without it, and
:func:`clear` empties it.

The worker's look at a request also reads the request's JSON (:func:`look_ahead`); the
request it read is kept until :func:`engine.protocol.handle` runs that same text
(:func:`request_of`), which then takes it instead of reading the text a second time.
"""

from __future__ import annotations

__all__ = ["clear", "keep", "recall", "remember", "session_of"]

from collections.abc import Mapping
from typing import Any, TypeVar

from engine.protocol.envelope import decode
from engine.session import Session

_kept: dict[str, tuple[str, object]] = {}
_ahead: dict[str, dict[str, Any]] = {}  # at most one: the request text looked at, read

S = TypeVar("S", bound=Session)
V = TypeVar("V", bound=Mapping[str, Any])


def recall(game: str, record: str) -> object | None:
    """The snapshot kept for ``game`` when it is that of the record text ``record``."""
    kept = _kept.get(game)
    return kept[1] if kept is not None and kept[0] == record else None


def remember(game: str, record: str, snapshot: object) -> None:
    """Keep ``snapshot``, the game of the record text ``record``, for ``game``."""
    _kept[game] = (record, snapshot)


def clear() -> None:
    """Forget every game kept, and the request looked at."""
    _kept.clear()
    _ahead.clear()


def look_ahead(request: str) -> dict[str, Any]:
    """The request text ``request`` read (:func:`engine.protocol.envelope.decode`, whose
    RequestError it lets through), and kept for :func:`request_of`."""
    _ahead.clear()
    data = decode(request)
    _ahead[request] = data
    return data


def request_of(request: object) -> dict[str, Any]:
    """The request text ``request`` read: the one :func:`look_ahead` kept for that same
    text (taken: it serves once), or read now."""
    if isinstance(request, str) and request in _ahead:
        return _ahead.pop(request)
    _ahead.clear()
    return decode(request)


def session_of(kind: type[S], record: str, first: int = 0) -> S:
    """The session (of the class ``kind``) of the record text ``record``, its view's entries
    from ``first`` on: resumed from the snapshot kept for it, or replayed and its snapshot
    kept."""
    kept = recall(kind.GAME, record)
    if kept is not None:
        return kind.resume(kept, first)
    session = kind.from_text(record, first)
    remember(kind.GAME, record, session.snapshot())
    return session


def keep(session: Session, view: V) -> V:
    """Keep the game of ``session``, whose ``view`` a reply is about to carry; return the view."""
    remember(session.GAME, view["record"], session.snapshot())
    return view
