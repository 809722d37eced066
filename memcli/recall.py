"""The read path: candidates from FTS5 and vec0 inside one scope, then a blend of
relevance, recency and importance, each in [0, 1], kept per hit as a breakdown.

A recall is a rehearsal: returned hits get `last_accessed`, `access_count` and
`stability` updated unless the caller asks for a read-only look.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from .models import Hit, Memory
from .scope import validate_scope
from .timeutil import parse_dt, to_iso, utcnow

if TYPE_CHECKING:
    from .store import MemoryStore


@dataclass
class RecallConfig:
    """Weights of the blend and the knobs of candidate generation."""

    w_relevance: float = 0.75
    w_recency: float = 0.10
    w_importance: float = 0.15
    w_keyword: float = 0.5  # share of keyword vs vector inside relevance
    half_life_days: float = 30.0
    candidates: int = 50
    abstain_below: float = 0.30  # relevance of the best hit under which nothing relevant is stored


@dataclass
class RecallResult:
    hits: list[Hit]
    abstain: bool
    query: str


def _age_days(m: Memory, now: datetime) -> float:
    ref = m.last_accessed or m.valid_from or m.recorded_at
    t = parse_dt(ref) if ref else None
    if t is None:
        return 0.0
    return max(0.0, (now - t).total_seconds() / 86400.0)


def recall(
    store: "MemoryStore",
    scope: str,
    query: str,
    *,
    k: int = 10,
    config: RecallConfig | None = None,
    as_of: str | None = None,
    include_inactive: bool = False,
    kind: str | None = None,
    key: str | None = None,
    since: str | None = None,
    until: str | None = None,
    min_score: float | None = None,
    raw_query: bool = False,
    touch: bool = True,
    now: str | None = None,
) -> RecallResult:
    scope = validate_scope(scope)
    cfg = config or RecallConfig()
    now_dt = parse_dt(now) if now else utcnow()
    assert now_dt is not None
    n = max(cfg.candidates, k)
    kw = store.search_keyword(scope, query, k=n, raw=raw_query, include_inactive=include_inactive, as_of=as_of)
    vec = store.search_vector(scope, store.embed_query(query), k=n, include_inactive=include_inactive, as_of=as_of)
    kw_rank = {rowid: i for i, (rowid, _) in enumerate(kw)}
    kw_score = {rowid: -s for rowid, s in kw}
    best_kw = max(kw_score.values(), default=0.0) or 1.0
    vec_rank = {rowid: i for i, (rowid, _) in enumerate(vec)}
    vec_sim = {rowid: max(0.0, 1.0 - d) for rowid, d in vec}
    rows = store.by_rowids(scope, list({*kw_rank, *vec_rank}))
    hits: list[Hit] = []
    for rowid, m in rows.items():
        if kind and m.kind != kind:
            continue
        if key and m.key != key:
            continue
        if since and (m.valid_from or "") < since:
            continue
        if until and (m.valid_from or "") > until:
            continue
        keyword = max(0.0, kw_score.get(rowid, 0.0)) / best_kw
        vector = vec_sim.get(rowid, 0.0)
        relevance = cfg.w_keyword * keyword + (1 - cfg.w_keyword) * vector
        recency = math.pow(0.5, _age_days(m, now_dt) / cfg.half_life_days)
        score = cfg.w_relevance * relevance + cfg.w_recency * recency + cfg.w_importance * m.importance
        hits.append(Hit(memory=m, score=score, keyword=keyword, vector=vector, relevance=relevance,
                        recency=recency, importance=m.importance, keyword_rank=kw_rank.get(rowid),
                        vector_rank=vec_rank.get(rowid)))
    hits.sort(key=lambda h: (-h.score, h.memory.id))
    abstain = not hits or max(h.relevance for h in hits) < cfg.abstain_below
    if min_score is not None:
        hits = [h for h in hits if h.score >= min_score]
    hits = hits[:k]
    if touch and hits:
        store.touch(scope, [h.memory.id for h in hits if h.memory.active], to_iso(now_dt) or "")
    return RecallResult(hits=hits, abstain=abstain, query=query)


def profile(store: "MemoryStore", scope: str, as_of: str | None = None) -> list[Memory]:
    """Active keyed profile facts, one per key, read by key: no embedding at all."""
    latest: dict[str, Memory] = {}
    for m in store.list(scope, as_of=as_of):
        if m.key:
            latest[m.key] = m
    return [latest[k] for k in sorted(latest)]
