"""Maintenance (cron): consolidate, then apply the forgetting policies of each scope,
under a database lease so two runs never overlap.

Above both `consolidate` and `lifecycle`, which do not import each other's callers.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from . import consolidate as cons
from .lifecycle import apply, plan
from .settings import settings_for
from .timeutil import to_iso

if TYPE_CHECKING:
    from .store import Store as MemoryStore

LOCK_NAME = "maintain"


@dataclass
class ScopeResult:
    scope: str
    before: int
    after: int
    merged: int = 0
    clusters: int = 0
    archived: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class MaintainResult:
    now: str
    dry_run: bool
    busy: dict[str, Any] | None = None
    scopes: list[ScopeResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def changed(self) -> int:
        return sum(r.merged + sum(r.archived.values()) for r in self.scopes)

    def to_dict(self) -> dict[str, Any]:
        return {"now": self.now, "dry_run": self.dry_run, "busy": self.busy, "changed": self.changed,
                "seconds": round(self.seconds, 3), "scopes": [s.to_dict() for s in self.scopes]}

    def summary(self) -> str:
        if self.busy:
            return (f"a maintenance run is in progress (pid {self.busy.get('pid')} on {self.busy.get('host')}); "
                    "nothing done")
        merged = sum(r.merged for r in self.scopes)
        clusters = sum(r.clusters for r in self.scopes)
        archived: dict[str, int] = {}
        for r in self.scopes:
            for k, v in r.archived.items():
                archived[k] = archived.get(k, 0) + v
        before = sum(r.before for r in self.scopes)
        after = sum(r.after for r in self.scopes)
        verb = "would change" if self.dry_run else "maintained"
        if not self.changed:
            return f"{len(self.scopes)} scope(s), {after} active memories: nothing to do ({self.seconds:.1f} s)"
        arch = ", ".join(f"{k} {v}" for k, v in archived.items() if v) or "none"
        return (f"{verb} {len(self.scopes)} scope(s): merged {merged} memories into {clusters}, "
                f"archived {sum(archived.values())} ({arch}); active {before} → {after} ({self.seconds:.1f} s)")


def maintain(store: MemoryStore, scopes: list[str], now: datetime, *, dry_run: bool = False,
             hold_s: float = 0.0) -> MaintainResult:
    """Consolidate and then apply the forgetting policies of each scope, under a
    database lease so two cron runs never overlap. Running it twice changes nothing
    the second time."""
    t0 = time.perf_counter()
    store.enlarge_cache()
    result = MaintainResult(now=to_iso(now) or "", dry_run=dry_run)
    holder = store.try_lock(LOCK_NAME, ttl_s=6 * 3600)
    if holder is not None:
        result.busy = holder
        return result
    try:
        for scope in scopes:
            cfg = settings_for(store, scope)
            before = store.count(scope)
            sr = ScopeResult(scope=scope, before=before, after=before)
            if cfg["maintain.consolidate"]:
                rep = cons.consolidate(store, scope, now, dry_run=dry_run)
                sr.merged = sum(len(c.members) for c in rep.clusters)
                sr.clusters = len(rep.clusters)
            p = plan(store, scope, now)
            if dry_run:
                sr.after = before - (sr.merged - sr.clusters) - len(p.victims)
            else:
                apply(store, p)
                sr.after = store.count(scope)
            sr.archived = p.counts()
            result.scopes.append(sr)
        if hold_s:
            time.sleep(hold_s)
    finally:
        store.release_lock(LOCK_NAME)
    result.seconds = time.perf_counter() - t0
    return result
