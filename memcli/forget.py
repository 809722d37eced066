"""`memcli forget` by id or by content: archive (history kept, `restore` undoes it),
or purge for good. Forgetting by policy (decay, ttl, lru) is in `lifecycle`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .models import Decision, Memory
from .timeutil import to_iso, utcnow

if TYPE_CHECKING:
    from .store import Store as MemoryStore

FORGOTTEN = "forgotten by user"  # the reason of `forget ID`, on the record and its log row


def _check(store: MemoryStore, scope: str, ids: Sequence[str]) -> None:
    """Every id exists in the scope (NotFound otherwise), before anything changes."""
    for mid in ids:
        store.get(scope, mid)


def archive(store: MemoryStore, scope: str, ids: Sequence[str], *, dry_run: bool = False) -> list[str]:
    """Archive the records of `ids` that are active, each with its ARCHIVE row in the
    decision log (decided by the user), in one transaction; returns their ids."""
    _check(store, scope, ids)
    done = [mid for mid in dict.fromkeys(ids) if store.get(scope, mid).active]
    if dry_run or not done:
        return done
    at = to_iso(utcnow())
    with store.transaction():
        for mid in done:
            m = store.archive(scope, mid, reason=FORGOTTEN, at=at)
            store.log(Decision(scope=scope, op="ARCHIVE", fact=m.text, target=mid, decided_by="user",
                               reason=FORGOTTEN, at=at))
    return done


def purge_preview(store: MemoryStore, scope: str, *, ids: Sequence[str] = (), match: str | None = None,
                  source: str | None = None, whole_scope: bool = False) -> tuple[list[Memory], int]:
    """What `purge` would remove: the records, and the number of raw messages."""
    _check(store, scope, ids)
    return store.purge_preview(scope, ids=ids, match=match, source=source, whole_scope=whole_scope)


def purge(store: MemoryStore, scope: str, *, ids: Sequence[str] = (), match: str | None = None,
          source: str | None = None, whole_scope: bool = False) -> tuple[list[str], dict[str, int]]:
    """Hard delete by ids, by text (`match`), by origin (`source`) or the whole scope (ids
    ["*"]); returns the purged ids and the receipt (rows removed per table)."""
    if whole_scope:
        return ["*"], store.purge_scope(scope)
    if ids:
        live = _check_purge(store, scope, ids)
        return list(ids), store.purge(scope, live)
    return store.purge_where(scope, match=match, source=source)


def _check_purge(store: MemoryStore, scope: str, ids: Sequence[str]) -> list[str]:
    """The ids still in the scope. An id an earlier purge removed is no error: purging
    it again finishes that purge's scrub if it was killed. Any other unknown id is
    NotFound, before anything changes."""
    live = []
    for mid in ids:
        if store.records.rowid_of(scope, mid) is not None:
            live.append(mid)
        elif not store.purger.was_purged(scope, mid):
            store.get(scope, mid)  # raises NotFound with the usual message
    return live
