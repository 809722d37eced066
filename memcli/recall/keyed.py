"""The profile: keyed facts read by key, without a query or an embedding."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import Memory

if TYPE_CHECKING:
    from ..store import Store as MemoryStore


def profile(store: MemoryStore, scope: str, as_of: str | None = None) -> list[Memory]:
    """Active keyed profile facts, one per key, read by key: no embedding at all."""
    latest: dict[str, Memory] = {}
    for m in store.keyed(scope, as_of=as_of):
        latest[m.key or ""] = m
    return [latest[k] for k in sorted(latest)]
