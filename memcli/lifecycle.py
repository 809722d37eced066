"""Forgetting: decay, ttl and lru policies that return their victims, so a dry run
can show them before anything changes; applying a plan archives (never deletes).

- decay (Ebbinghaus): strength = importance × 0.5^(idle_days / half_life), with
  half_life = base × (1 + 2·importance) × stability. Rehearsals (recalls) grow
  `stability` and reset the idle clock, so used memories outlive idle ones.
- ttl: a maximum idle age per kind (episodic 90 days by default; facts none).
- lru: a cap on active memories per scope; least recently used go first.

Only kinds in `decay.kinds` (episodic by default) are ever victims: semantic,
profile and procedural facts die by collision (the write path), not by the clock.
Pinned and safety memories (the `safety` column, or text about allergies, medical
conditions, hard "never" rules) are never victims, whatever their access pattern.
Policy settings live per scope in the `settings` table (`memcli config`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .errors import InputError
from .models import Decision, Memory
from .settings import POLICIES, settings_for
from .text import PROTECT_RE
from .timeutil import to_iso

if TYPE_CHECKING:
    from .store import Store as MemoryStore



def is_protected(pinned: bool, safety: bool, text: str) -> str | None:
    """Why a memory may never be forgotten by a policy, or None."""
    if pinned:
        return "pinned"
    if safety:
        return "safety"
    if PROTECT_RE.search(text):
        return "safety cue in text"
    return None


@dataclass
class Victim:
    """A memory a policy would archive, with the numbers behind the choice."""

    id: str
    kind: str
    text: str
    policy: str
    reason: str
    importance: float
    idle_days: float
    strength: float | None = None
    half_life_days: float | None = None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for k in ("importance", "idle_days", "strength", "half_life_days"):
            if d[k] is not None:
                d[k] = round(d[k], 4)
        return d


@dataclass
class Plan:
    scope: str
    now: str
    policies: list[str]
    active: int
    considered: int
    protected: int
    victims: list[Victim] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        out = {p: 0 for p in self.policies}
        for v in self.victims:
            out[v.policy] = out.get(v.policy, 0) + 1
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "now": self.now, "policies": self.policies, "active": self.active,
                "considered": self.considered, "protected": self.protected, "counts": self.counts(),
                "victims": [v.to_dict() for v in self.victims], "notes": self.notes}


def _days(now: datetime, iso: str | None) -> float:
    if not iso:
        return 0.0
    then = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    return max(0.0, (now - then).total_seconds() / 86400.0)


def half_life(importance: float, stability: float, base_days: float) -> float:
    return base_days * (1.0 + 2.0 * importance) * max(stability, 0.1)


def strength(importance: float, idle_days: float, hl_days: float) -> float:
    return importance * 0.5 ** (idle_days / hl_days)


def plan(
    store: MemoryStore,
    scope: str,
    now: datetime,
    *,
    policies: list[str] | None = None,
    max_memories: int | None = None,
    overrides: dict[str, Any] | None = None,
) -> Plan:
    """Which active memories the policies would archive as of `now` (nothing is written)."""
    cfg = settings_for(store, scope) | (overrides or {})
    if policies is None:
        policies = [p for p in cfg["maintain.policies"].split(",") if p]
    for p in policies:
        if p not in POLICIES:
            raise InputError(f"unknown policy {p!r}: use {', '.join(POLICIES)}")
    if max_memories is None:
        max_memories = cfg["lru.max_memories"]
    elif "lru" not in policies:
        policies = [*policies, "lru"]
    kinds = set(cfg["decay.kinds"].split(","))
    rows = store.lifecycle_rows(scope)
    out = Plan(scope=scope, now=to_iso(now) or "", policies=list(policies), active=len(rows), considered=0, protected=0)
    chosen: dict[str, Victim] = {}
    candidates: list[tuple[str, str, str, float, float, str]] = []  # for lru
    base = float(cfg["decay.half_life_days"])
    threshold = float(cfg["decay.threshold"])
    for mid, kind, text, imp, pinned, safety, last_used, stab, _count, _key in rows:
        if kind not in kinds:
            continue
        if is_protected(bool(pinned), bool(safety), text):
            out.protected += 1
            continue
        out.considered += 1
        idle = _days(now, last_used)
        if "decay" in policies:
            hl = half_life(imp, stab, base)
            s = strength(imp, idle, hl)
            if s < threshold:
                chosen[mid] = Victim(mid, kind, text, "decay",
                                     f"decayed: strength {s:.3f} < {threshold:g} (idle {idle:.0f} d, half-life {hl:.0f} d)",
                                     imp, idle, s, hl)
                continue
        ttl = cfg.get(f"ttl.{kind}_days")
        if "ttl" in policies and ttl is not None and idle > float(ttl):
            chosen[mid] = Victim(mid, kind, text, "ttl", f"expired: unused {idle:.0f} d > ttl {float(ttl):g} d for {kind}",
                                 imp, idle)
            continue
        candidates.append((mid, kind, text, imp, idle, last_used or ""))
    if "lru" in policies and max_memories is not None:
        excess = len(rows) - len(chosen) - int(max_memories)
        if excess > 0:
            over = len(rows) - len(chosen)
            # least recently used first; among equals the less important, then by id
            candidates.sort(key=lambda c: (c[5], c[3], c[0]))
            for mid, kind, text, imp, idle, _ in candidates[:excess]:
                chosen[mid] = Victim(mid, kind, text, "lru",
                                     f"over cap: {over} active > max {max_memories}, "
                                     f"least recently used (idle {idle:.0f} d)", imp, idle)
            if excess > len(candidates):
                out.notes.append(f"cap {max_memories} not reachable: {excess - len(candidates)} more memories "
                                 f"are protected or of kinds the policies leave alone")
    out.victims = sorted(chosen.values(),
                         key=lambda v: (POLICIES.index(v.policy), v.strength or 0.0, -v.idle_days, v.id))
    return out


def apply(store: MemoryStore, p: Plan) -> int:
    """Archive a plan's victims in one transaction, each with an ARCHIVE decision."""
    if len(p.victims) > 100:
        store.enlarge_cache()
    reasons = {v.id: v.reason for v in p.victims}
    with store.transaction():
        done = store.archive_many(p.scope, list(reasons.items()), at=p.now)
        for mid, text in done:
            store.decision_log.append(p.scope, p.now, "ARCHIVE", text, target=mid, decided_by="policy",
                                      reason=reasons[mid])
    return len(done)


def restore(store: MemoryStore, scope: str, memory_id: str, now: datetime) -> Memory:
    """Undo an archive; the restore counts as a use, so the next run does not take it again."""
    with store.transaction():
        m = store.restore(scope, memory_id)
        at = to_iso(now) or ""
        store.touch(scope, [memory_id], at, stability_growth=0.0)
        store.log(Decision(scope=scope, op="RESTORE", fact=m.text, target=m.id, decided_by="user",
                           reason="restored from archive", at=at))
    return store.get(scope, memory_id)
