"""Stage 5, rehearsal: a recall is a use. The returned active hits get
`last_accessed`, `access_count` and `stability` updated (`MemoryStore.touch`), which
the decay policy reads; a read-only look (`touch=False`) skips this stage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import Hit
from ..timeutil import parse_dt, to_iso, utcnow

if TYPE_CHECKING:
    from ..store import Store as MemoryStore


def rehearse(store: MemoryStore, scope: str, hits: list[Hit], now: str | None = None) -> None:
    """Count `hits` as used at `now` (default: the clock; never the `as_of` past)."""
    if not hits:
        return
    at = to_iso(parse_dt(now)) if now else to_iso(utcnow())
    store.touch(scope, [h.memory.id for h in hits if h.memory.active], at or "")
