"""The protocol's one cache: the game of the last record each game's commands worked on.

The page sends, with each request, the record of the view it shows: the game of the last
reply is at hand here, so that record is not replayed again; and the worker's look at a
request before it runs it (:func:`engine.protocol.tables.wanted`, which replays the record
to count its pieces) leaves the game it replayed here, so the request itself does not
replay it a second time. One record is kept a game (the last), as the session's snapshot
(``snapshot()`` and ``resume()`` of :class:`engine.awithlaknannai.session.AwithlaknannaiSession`
and :class:`engine.zohn_ahl.session.ZohnAhlSession`), which holds copies: a reply is the
same with the cache as without it, and :func:`clear` empties it.
"""

from __future__ import annotations

__all__ = ["clear", "recall", "remember", "session_of"]

from collections.abc import Callable
from typing import Protocol, TypeVar

_kept: dict[str, tuple[str, object]] = {}


class Resumable(Protocol):
    def snapshot(self) -> object: ...


S = TypeVar("S", bound=Resumable)


def recall(game: str, record: str) -> object | None:
    """The snapshot kept for ``game`` when it is that of the record text ``record``."""
    kept = _kept.get(game)
    return kept[1] if kept is not None and kept[0] == record else None


def remember(game: str, record: str, snapshot: object) -> None:
    """Keep ``snapshot``, the game of the record text ``record``, for ``game``."""
    _kept[game] = (record, snapshot)


def clear() -> None:
    """Forget every game kept."""
    _kept.clear()


def session_of(
    game: str,
    record: str,
    replay: Callable[[str], S],
    resume: Callable[[object], S],
) -> S:
    """The session of the record text ``record``: resumed from the snapshot kept for it, or
    replayed (``replay(record)``) and its snapshot kept."""
    kept = recall(game, record)
    if kept is not None:
        return resume(kept)
    session = replay(record)
    remember(game, record, session.snapshot())
    return session
