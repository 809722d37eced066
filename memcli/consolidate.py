"""Consolidation: merge near-duplicate memories of a scope into one record.

Two memories are near-duplicates when their stored vectors are close (cosine ≥
`consolidate.min_similarity`) *and* the shorter one's content words are nearly all
in the other (≥ `consolidate.min_overlap`, numbers must agree): vectors alone
would merge "lives in Pune" with "lives in Mumbai". Candidate pairs come from an
exact similarity matrix for small scopes and from random-hyperplane LSH (fixed
seed, so runs are deterministic) for large ones.

Each cluster becomes one new record holding the most complete, then latest text
(no model: the bundled one rewrites facts wrongly), with `source_ids` pointing at
the originals, which are retired with `replaced_by` and "merged into X". A fact
repeated across records gains importance; episodes that recur on several days
become a semantic fact. The merged record reuses its text's stored vector, so
consolidation never loads the embedding model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .lifecycle import settings_for
from .models import Memory
from .timeutil import to_iso

if TYPE_CHECKING:
    import numpy as np

    from .store import MemoryStore

KINDS = ("episodic", "semantic", "procedural", "profile")
IMPORTANCE_GAIN = 0.05  # per repeat, capped at 1
EXACT_MAX = 3000  # above this many records, candidate pairs come from LSH
_WORD = re.compile(r"[\w']+", re.UNICODE)
_STOP = frozenset(
    "a an the and or but of to in on at for with by from as is are was were be been being it its this that "
    "these those he she they them his her their there here has have had do does did not no so than then very "
    "just also really about into over after before again".split())


def content_words(text: str) -> frozenset[str]:
    out = set()
    for w in _WORD.findall(text.lower()):
        w = w.strip("'")
        if not w or w in _STOP:
            continue
        for suffix in ("ies", "es", "s"):
            if len(w) > len(suffix) + 2 and w.endswith(suffix) and not w.isdigit():
                w = w[: -len(suffix)]
                break
        out.add(w)
    return frozenset(out)


def same_claim(a: frozenset[str], b: frozenset[str], min_overlap: float) -> bool:
    """Keyword check on top of vector similarity: the shorter text's words are
    (nearly) all in the longer one, and no differing numbers."""
    if not a or not b:
        return False
    if len(a & b) / min(len(a), len(b)) < min_overlap:
        return False
    nums_a = {w for w in a - b if any(c.isdigit() for c in w)}
    nums_b = {w for w in b - a if any(c.isdigit() for c in w)}
    return not (nums_a and nums_b)


@dataclass
class Cluster:
    members: list[Memory]
    keep: Memory  # whose text the merged record carries
    kind: str
    importance: float
    merged_id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"merged_id": self.merged_id, "text": self.keep.text, "kind": self.kind,
                "importance": round(self.importance, 4), "source_ids": [m.id for m in self.members],
                "sources": [{"id": m.id, "kind": m.kind, "text": m.text} for m in self.members]}


@dataclass
class Report:
    scope: str
    before: int
    after: int
    dry_run: bool
    clusters: list[Cluster] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "before": self.before, "after": self.after, "dry_run": self.dry_run,
                "merged": sum(len(c.members) for c in self.clusters), "clusters": [c.to_dict() for c in self.clusters]}


class _UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, i: int, j: int) -> None:
        a, b = self.find(i), self.find(j)
        if a != b:
            self.parent[max(a, b)] = min(a, b)


def _candidate_pairs(mat: "np.ndarray", min_sim: float) -> set[tuple[int, int]]:
    import numpy as np

    n = len(mat)
    pairs: set[tuple[int, int]] = set()

    def block(idx: "np.ndarray") -> None:
        sub = mat[idx]
        ii, jj = np.nonzero(sub @ sub.T >= min_sim)
        keep = ii < jj
        for a, b in zip(idx[ii[keep]].tolist(), idx[jj[keep]].tolist()):
            pairs.add((a, b) if a < b else (b, a))

    if n <= EXACT_MAX:
        if n > 1:
            block(np.arange(n))
        return pairs
    # Random-hyperplane LSH on centred vectors (centring balances the buckets);
    # a crowded bucket is split again by more hyperplanes so no block gets large.
    centred = mat - mat.mean(axis=0, keepdims=True)
    bits = int(max(6, min(16, round(np.log2(n / 32)))))
    rng = np.random.default_rng(20240605)

    def groups(idx: "np.ndarray", planes: "np.ndarray") -> list["np.ndarray"]:
        codes = ((centred[idx] @ planes) > 0).astype(np.int64) @ (1 << np.arange(planes.shape[1])).astype(np.int64)
        order = np.argsort(codes, kind="stable")
        return np.split(idx[order], np.nonzero(np.diff(codes[order]))[0] + 1)

    for table in range(8):
        planes = rng.standard_normal((mat.shape[1], bits)).astype(np.float32)
        extra = [np.random.default_rng(table * 100 + d).standard_normal((mat.shape[1], 3)).astype(np.float32)
                 for d in range(6)]
        todo = [(g, 0) for g in groups(np.arange(n), planes)]
        while todo:
            bucket, depth = todo.pop()
            if len(bucket) < 2:
                continue
            if len(bucket) > 64 and depth < len(extra):
                todo += [(g, depth + 1) for g in groups(bucket, extra[depth])]
            else:
                for start in range(0, len(bucket), 512):
                    block(bucket[start:start + 512])
    return pairs


def find_clusters(store: "MemoryStore", scope: str, cfg: dict[str, Any] | None = None) -> list[Cluster]:
    import numpy as np

    cfg = cfg or settings_for(store, scope)
    min_sim = float(cfg["consolidate.min_similarity"])
    min_overlap = float(cfg["consolidate.min_overlap"])
    recurring_min = int(cfg["consolidate.recurring_min"])
    rows, mat = store.active_vectors(scope, KINDS)
    # Keyed profile facts are one per key already (the write path supersedes them).
    keep_idx = [i for i, r in enumerate(rows) if r[7] is None]
    rows = [rows[i] for i in keep_idx]
    mat = mat[keep_idx] if len(keep_idx) else mat[:0]
    if len(rows) < 2:
        return []
    words = [content_words(r[3]) for r in rows]
    uf = _UnionFind(len(rows))
    # Identical texts of one kind merge without a vector comparison, and only one
    # of them goes to the pair search (identical vectors would crowd one bucket).
    first: dict[tuple[str, str], int] = {}
    for i, r in enumerate(rows):
        j = first.setdefault((r[2], " ".join(r[3].lower().split())), i)
        if j != i:
            uf.union(j, i)
    uniq = np.array(sorted(first.values()), dtype=np.int64)
    # components do not depend on the order pairs are joined in (the root is the lowest index)
    for a, b in _candidate_pairs(mat[uniq], min_sim):
        a, b = int(uniq[a]), int(uniq[b])
        if rows[a][2] == rows[b][2] and same_claim(words[a], words[b], min_overlap):
            uf.union(a, b)
    groups: dict[int, list[int]] = {}
    for i in range(len(rows)):
        groups.setdefault(uf.find(i), []).append(i)
    clusters: list[Cluster] = []
    for idx in sorted((g for g in groups.values() if len(g) > 1), key=lambda g: g[0]):
        # most complete text, then the latest, then the id: deterministic
        best = max(idx, key=lambda i: (len(words[i]), rows[i][5] or "", rows[i][6] or "", rows[i][1]))
        # no chaining drift: every member must match the kept text itself
        idx = [i for i in idx if i == best or (
            float(mat[i] @ mat[best]) >= min_sim and same_claim(words[i], words[best], min_overlap))]
        if len(idx) < 2:
            continue
        members = store.get_many(scope, [rows[i][1] for i in idx])
        keep = next(m for m in members if m.id == rows[best][1])
        kind = keep.kind
        days = {(m.valid_from or m.recorded_at or "")[:10] for m in members}
        if kind == "episodic" and len(members) >= recurring_min and len(days) >= 2:
            kind = "semantic"
        importance = min(1.0, max(m.importance for m in members) + IMPORTANCE_GAIN * (len(members) - 1))
        clusters.append(Cluster(members=members, keep=keep, kind=kind, importance=importance))
    return clusters


def merged_record(c: Cluster, now: str) -> Memory:
    ms = c.members
    # the idle clock continues from the latest repetition or use, not from the merge
    accessed = [m.last_accessed or m.recorded_at for m in ms if m.last_accessed or m.recorded_at]
    valid = [m.valid_from for m in ms if m.valid_from]
    turns = list(dict.fromkeys(t for m in ms for t in m.source_turns))
    return Memory(
        id="", scope=c.keep.scope, kind=c.kind, text=c.keep.text, key=c.keep.key,
        importance=c.importance, confidence=max(m.confidence for m in ms), source=c.keep.source,
        source_turns=turns, source_ids=[m.id for m in ms], valid_from=min(valid) if valid else None,
        recorded_at=now, pinned=any(m.pinned for m in ms), safety=any(m.safety for m in ms),
        last_accessed=max(accessed) if accessed else None, access_count=sum(m.access_count for m in ms),
        stability=max(m.stability for m in ms),
    )


def consolidate(store: "MemoryStore", scope: str, now: datetime, *, dry_run: bool = False) -> Report:
    """Find near-duplicate clusters and (unless `dry_run`) merge each into one record."""
    before = store.count(scope)
    clusters = find_clusters(store, scope)
    after = before - sum(len(c.members) - 1 for c in clusters)
    report = Report(scope=scope, before=before, after=after, dry_run=dry_run, clusters=clusters)
    if dry_run or not clusters:
        return report
    at = to_iso(now) or ""
    if len(clusters) > 50:
        store.enlarge_cache()
    rowids = store.rowids(scope, [c.keep.id for c in clusters])
    with store.transaction():
        for c in clusters:
            m = store.insert_merged(merged_record(c, at), rowids[c.keep.id], [x.id for x in c.members], at=at)
            c.merged_id = m.id
    return report
