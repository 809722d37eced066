"""Consolidation: merge near-duplicate memories of a scope into one record.

Two memories are near-duplicates when they are of one kind, their stored vectors are
close (cosine ≥ `consolidate.min_similarity`) *and* the shorter one's content words
are all in the other (share ≥ `consolidate.min_overlap`, 1.0 by default), and they do not each hold
a number or a name the other lacks: vectors alone would merge "lives in Pune" with
"lives in Mumbai". Candidate pairs are found exactly, by blocking on words before any
vector math (`matching_pairs`), so the result does not depend on chance.

Each cluster becomes one new record holding the most complete, then latest text
(no model: the bundled one rewrites facts wrongly), with `source_ids` pointing at
the originals, which are retired with `replaced_by` and "merged into X"; whatever in
a cluster does not match that text itself is clustered again. A fact repeated across
records gains importance; episodes that recur on several days become a semantic
fact. The merged record reuses its text's stored vector, so consolidation never
loads the embedding model. A run leaves no two active records that match and stores
how far it got, so the next run only searches pairs with a record added since.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .claims import differences
from .models import Memory
from .settings import Settings, settings_for
from .text import claim_words
from .timeutil import to_iso

if TYPE_CHECKING:
    import numpy as np

    from .store import Store as MemoryStore

KINDS = ("episodic", "semantic", "procedural", "profile")
IMPORTANCE_GAIN = 0.05  # per repeat, capped at 1
MARK = "_consolidate.watermark"  # per-scope state in `settings`: how far a complete run got
HASH_BITS = 256  # width of the hashed word sets that filter candidate pairs (a multiple of 64)
ALGO = 2  # bump when the match rules change: the next run is then a complete one


def same_claim(a: frozenset[str], b: frozenset[str], min_overlap: float,
               keys_a: frozenset[str] | None = None, keys_b: frozenset[str] | None = None) -> bool:
    """Keyword check on top of vector similarity: the shorter text's words are
    (nearly) all in the longer one, and they do not each have a key word (number,
    or name when `keys_*` are given) that the other lacks: "lives in Pune" and
    "lives in Mumbai", "2 cats" and "3 cats" are different claims."""
    if not a or not b:
        return False
    if len(a & b) / min(len(a), len(b)) < min_overlap:
        return False
    if keys_a is None:
        keys_a = frozenset(w for w in a if any(c.isdigit() for c in w))
    if keys_b is None:
        keys_b = frozenset(w for w in b if any(c.isdigit() for c in w))
    return not (keys_a - b and keys_b - a)


@dataclass
class Cluster:
    members: list[Memory]
    keep: Memory  # whose text the merged record carries
    kind: str
    importance: float
    merged_id: str | None = None
    keep_rowid: int | None = None
    keep_vector: np.ndarray | None = None  # its stored vector, which the merged record reuses

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


def _need(size: np.ndarray, min_overlap: float) -> np.ndarray:
    """Smallest shared-word count that passes `same_claim`'s overlap test for a
    shorter side of `size` words (the same float division, so no edge disagrees)."""
    import numpy as np

    size = np.asarray(size, dtype=np.int64)
    need = np.ceil(size * min_overlap).astype(np.int64)
    # correct the float rounding of size * t against the I / size >= t test
    for _ in range(2):
        lower = np.maximum(need - 1, 0)
        ok_lower = (lower / np.maximum(size, 1)) >= min_overlap
        need = np.where(ok_lower & (need > 0), lower, need)
        too_low = (need / np.maximum(size, 1)) < min_overlap
        need = np.where(too_low, need + 1, need)
    return np.maximum(need, 1)


def _join(probe_tok: np.ndarray, probe_rec: np.ndarray, post_start: np.ndarray, post_len: np.ndarray,
          post_rec: np.ndarray, chunk: int = 1 << 20) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Pairs (prober, record) for every probe entry (token, prober) and every record
    in that token's posting list, in chunks of about `chunk` pairs."""
    import numpy as np

    counts = post_len[probe_tok]
    keep = counts > 0
    probe_tok, probe_rec, counts = probe_tok[keep], probe_rec[keep], counts[keep]
    if not len(counts):
        return
    cum = np.cumsum(counts)
    lo = 0
    while lo < len(counts):
        base = cum[lo - 1] if lo else 0
        hi = int(np.searchsorted(cum, base + chunk, side="right"))
        hi = max(hi, lo + 1)
        c = counts[lo:hi]
        total = int(c.sum())
        p = np.repeat(probe_rec[lo:hi], c)
        offs = np.arange(total, dtype=np.int64) - np.repeat(np.cumsum(c) - c, c)
        q = post_rec[np.repeat(post_start[probe_tok[lo:hi]], c) + offs]
        yield p, q
        lo = hi


def _postings(tok: np.ndarray, rec: np.ndarray, vocab: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    import numpy as np

    order = np.lexsort((rec, tok))
    post_rec = rec[order]
    post_len = np.bincount(tok, minlength=vocab).astype(np.int64)
    post_start = np.cumsum(post_len) - post_len
    return post_start, post_len, post_rec


def _candidate_joins(flat_tok: np.ndarray, flat_rec: np.ndarray, in_prefix: np.ndarray, keyed: np.ndarray,
                     first_key: np.ndarray, vocab: int) -> list[tuple[str, Iterator[tuple[np.ndarray, np.ndarray]]]]:
    """The three candidate families of `matching_pairs`, as (family, pair chunks)."""
    import numpy as np

    cand = []
    # both keyed: through the first key word of the prober
    kr = np.nonzero(keyed)[0]
    sel = keyed[flat_rec]
    ps = _postings(flat_tok[sel], flat_rec[sel], vocab)
    cand.append(("key", _join(first_key[kr], kr, *ps)))
    # a keyed prober's prefix against records without key words
    sel = ~keyed[flat_rec]
    ps_free = _postings(flat_tok[sel], flat_rec[sel], vocab)
    sel = in_prefix & keyed[flat_rec]
    cand.append(("prefix", _join(flat_tok[sel], flat_rec[sel], *ps_free)))
    # an unkeyed prober's prefix against every record
    ps_all = _postings(flat_tok, flat_rec, vocab)
    sel = in_prefix & ~keyed[flat_rec]
    cand.append(("prefix", _join(flat_tok[sel], flat_rec[sel], *ps_all)))
    return cand


def _hashed_sets(flat_tok: np.ndarray, flat_rec: np.ndarray, sizes: np.ndarray, keys: list[frozenset[str]],
                 rank: dict[str, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(word bits, words lost to collisions, key-word bits) of every record, in
    `HASH_BITS`-bit sets: |a & b| <= popcount(bits a & bits b) + the words a or b
    lost to collisions inside itself (shared words collide at most that often)."""
    import numpy as np

    n = len(keys)
    nbits = HASH_BITS
    slot = (flat_tok * 0x9E3779B1 + 7) % nbits
    bits = np.zeros((n, nbits // 64), dtype=np.uint64)
    np.bitwise_or.at(bits, (flat_rec, slot // 64), np.left_shift(np.uint64(1), (slot % 64).astype(np.uint64)))
    lost = sizes - np.bitwise_count(bits).sum(axis=1, dtype=np.int64)
    kbits = np.zeros_like(bits)
    kflat = np.fromiter((rank[w] for k in keys for w in k), dtype=np.int64)
    krec = np.repeat(np.arange(n, dtype=np.int64), [len(k) for k in keys])
    if len(kflat):
        kslot = (kflat * 0x9E3779B1 + 7) % nbits
        np.bitwise_or.at(kbits, (krec, kslot // 64), np.left_shift(np.uint64(1), (kslot % 64).astype(np.uint64)))
    return bits, lost, kbits


def matching_pairs(words: list[frozenset[str]], keys: list[frozenset[str]], groups: list[Any],
                   mat: np.ndarray, min_sim: float, min_overlap: float,
                   new: np.ndarray | None = None) -> list[tuple[int, int]]:
    """Every pair (i < j) of one group with cosine ≥ `min_sim` that `same_claim`
    accepts, found exactly by blocking on words before any vector math; with `new`,
    only pairs with at least one new record.

    Two records can only match when (with a global word order that puts key words,
    numbers and names, first, then rare before common):
    - both have key words: one's key words are all in the other's words, so they
      share the first key word of one of them (joined through that word);
    - otherwise: the shorter one's first `size - need + 1` words (its prefix) meet the
      other's words (prefix filtering for the overlap test), where a prober with key
      words only meets records without any.
    The candidates are then filtered by an upper bound on shared words (hashed
    256-bit sets), the key-word rule, the cosine, and finally the exact word test.
    """
    import numpy as np

    n = len(words)
    if n < 2:
        return []
    if not 0 < min_overlap <= 1:
        raise ValueError(f"min_overlap must be in (0, 1], not {min_overlap}")
    freq: dict[str, int] = {}
    keyish: set[str] = set()
    for w_set in words:
        for w in w_set:
            freq[w] = freq.get(w, 0) + 1
    for k_set in keys:
        keyish.update(k_set)
    order = sorted(freq, key=lambda w: (w not in keyish, freq[w], w))
    rank = {w: i for i, w in enumerate(order)}
    vocab = len(order)
    toks = [sorted(rank[w] for w in w_set) for w_set in words]
    sizes = np.fromiter((len(t) for t in toks), dtype=np.int64, count=n)
    first_key = np.fromiter((min((rank[w] for w in k), default=-1) for k in keys), dtype=np.int64, count=n)
    keyed = first_key >= 0
    need_by_size = _need(np.arange(int(sizes.max()) + 1), min_overlap)
    need = need_by_size[sizes]
    plen = np.minimum(sizes, np.maximum(sizes - need + 1, 0))
    flat_rec = np.repeat(np.arange(n, dtype=np.int64), sizes)
    flat_tok = np.fromiter((t for ts in toks for t in ts), dtype=np.int64, count=int(sizes.sum()))
    pos = np.arange(len(flat_tok), dtype=np.int64) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    in_prefix = pos < np.repeat(plen, sizes)

    cand = _candidate_joins(flat_tok, flat_rec, in_prefix, keyed, first_key, vocab)
    bits, lost, kbits = _hashed_sets(flat_tok, flat_rec, sizes, keys, rank)
    group_code = np.asarray(groups, dtype=np.int64)

    found = []
    for family, gen in cand:
        for p, q in gen:
            m = (p != q) & (group_code[p] == group_code[q])
            if family == "prefix":
                m &= sizes[q] >= sizes[p]
            if new is not None:
                m &= new[p] | new[q]
            p, q = p[m], q[m]
            if not len(p):
                continue
            shared = np.bitwise_count(bits[p] & bits[q]).sum(axis=1, dtype=np.int64)
            shared += np.minimum(lost[p], lost[q])
            m = shared >= need_by_size[np.minimum(sizes[p], sizes[q])]
            if family == "key":
                p, q = p[m], q[m]
                conflict = (kbits[p] & ~bits[q]).any(axis=1) & (kbits[q] & ~bits[p]).any(axis=1)
                m = ~conflict
            p, q = p[m], q[m]
            if len(p):
                found.append(np.minimum(p, q) * n + np.maximum(p, q))
    if not found:
        return []
    keys_ = np.unique(np.concatenate(found))
    return _verify([(keys_ // n, keys_ % n)], words, keys, groups, mat, min_sim, min_overlap, None)


def _verify(cand: list[tuple[np.ndarray, np.ndarray]], words: list[frozenset[str]],
            keys: list[frozenset[str]], groups: list[Any], mat: np.ndarray, min_sim: float,
            min_overlap: float, new: np.ndarray | None) -> list[tuple[int, int]]:
    """Cosine (vectorised, in chunks) and then the exact word test on candidate pairs."""
    import numpy as np

    out: set[tuple[int, int]] = set()
    for p_all, q_all in cand:
        m = p_all < q_all
        if new is not None:
            m &= new[p_all] | new[q_all]
        p_all, q_all = p_all[m], q_all[m]
        for s in range(0, len(p_all), 16384):
            p, q = p_all[s:s + 16384], q_all[s:s + 16384]
            cos = np.einsum("ij,ij->i", mat[p], mat[q])
            keep = cos >= min_sim
            for a, b in zip(p[keep].tolist(), q[keep].tolist(), strict=False):
                if groups[a] == groups[b] and same_claim(words[a], words[b], min_overlap, keys[a], keys[b]):
                    out.add((a, b))
    return sorted(out)


def _unit_rows(mat: np.ndarray) -> np.ndarray:
    import numpy as np

    mat = np.asarray(mat, dtype=np.float32)
    norms = np.linalg.norm(mat, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return mat / norms


def _scope_rows(store: MemoryStore, scope: str, since_rowid: int | None,
                new_rowids: set[int] | None) -> tuple[list[tuple[Any, ...]], np.ndarray, np.ndarray | None] | None:
    """The active records that may merge (keyless), their vectors, and which are new
    (None: all are); None when fewer than two, or none new."""
    import numpy as np

    rows, mat = store.active_vectors(scope, KINDS)
    # Keyed profile facts are one per key already (the write path supersedes them).
    keep_idx = [i for i, r in enumerate(rows) if r[7] is None]
    rows = [rows[i] for i in keep_idx]
    raw = mat[keep_idx] if len(keep_idx) else mat[:0]
    if len(rows) < 2:
        return None
    is_new = None
    if since_rowid is not None or new_rowids is not None:
        is_new = np.fromiter(((since_rowid is not None and r[0] > since_rowid)
                              or (new_rowids is not None and r[0] in new_rowids) for r in rows),
                             dtype=bool, count=len(rows))
        if not is_new.any():
            return None
    return rows, raw, is_new


def _node_pairs(parsed: list[tuple[frozenset[str], frozenset[str]]], node_groups: list[int], vectors: np.ndarray,
                node_new: np.ndarray | None, min_sim: float, min_overlap: float,
                texts: Sequence[str] | None = None) -> dict[int, set[int]]:
    """The matching pairs among the nodes, as adjacency sets; with `node_new`, only
    pairs with a new node, searched among the nodes sharing a word with a new one.
    With `texts`, a pair whose negation, stance, numbers, names, months or direction
    words differ (`memcli.claims.differences`) is two claims, never merged."""
    import numpy as np

    sub: Sequence[int] = range(len(parsed))
    if node_new is not None:
        fresh = set().union(*(parsed[k][0] for k in np.nonzero(node_new)[0]))
        sub = [k for k in sub if node_new[k] or not fresh.isdisjoint(parsed[k][0])]
    sub_idx = np.asarray(sub, dtype=np.int64)
    found = matching_pairs([parsed[k][0] for k in sub], [parsed[k][1] for k in sub],
                           [node_groups[k] for k in sub], _unit_rows(vectors[sub_idx]), min_sim, min_overlap,
                           None if node_new is None else node_new[sub_idx])
    adj: dict[int, set[int]] = {}
    for a, b in ((sub[a], sub[b]) for a, b in found):
        if texts is not None and differences(texts[a], texts[b]):
            continue
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    return adj


def _components(adj: dict[int, set[int]], part: set[int]) -> list[list[int]]:
    """The connected components of `part` in the graph `adj`, each sorted, by their smallest node."""
    seen: set[int] = set()
    out = []
    for s in sorted(part):
        if s in seen:
            continue
        comp, todo = [], [s]
        seen.add(s)
        while todo:
            x = todo.pop()
            comp.append(x)
            for y in adj.get(x, ()):
                if y in part and y not in seen:
                    seen.add(y)
                    todo.append(y)
        out.append(sorted(comp))
    return out


def _pick(adj: dict[int, set[int]], members: list[list[int]], node_words: list[frozenset[str]],
          rows: list[tuple[Any, ...]]) -> list[list[int]]:
    """Row indices of each cluster, best first. No chaining drift: a cluster is the
    best text and what matches it itself; the rest is clustered again, so no two
    records left active would match."""

    def rank(i: int, k: int) -> tuple[Any, ...]:
        # most complete text, then the latest, then the id: deterministic
        return (len(node_words[k]), rows[i][5] or "", rows[i][6] or "", rows[i][1])

    def best_member(k: int) -> int:
        return max(members[k], key=lambda i: rank(i, k))

    picked: list[list[int]] = []
    work = _components(adj, set(adj)) + [[k] for k in range(len(members)) if k not in adj and len(members[k]) > 1]
    while work:
        comp = work.pop()
        if len(comp) == 1:
            k = comp[0]
            if len(members[k]) > 1:
                b = best_member(k)
                picked.append([b] + [i for i in members[k] if i != b])
            continue
        bk = max(comp, key=lambda k: rank(best_member(k), k))
        take = {bk} | (adj[bk] & set(comp))
        b = best_member(bk)
        picked.append([b] + sorted(i for k in take for i in members[k] if i != b))
        work += _components(adj, set(comp) - take)
    return picked


def _clusters(store: MemoryStore, scope: str, picked: list[list[int]], rows: list[tuple[Any, ...]],
              raw: np.ndarray, recurring_min: int) -> list[Cluster]:
    """The clusters of the picked row indices, with their records, kind and importance."""
    clusters: list[Cluster] = []
    wanted = [rows[i][0] for idx in picked for i in idx]
    records: dict[int, Memory] = {}
    for s in range(0, len(wanted), 500):
        records.update(store.by_rowids(scope, wanted[s:s + 500]))
    for idx in sorted(picked, key=min):
        ordered = [records[rows[i][0]] for i in sorted(idx)]
        keep = records[rows[idx[0]][0]]
        kind = keep.kind
        days = {(m.valid_from or m.recorded_at or "")[:10] for m in ordered}
        if kind == "episodic" and len(ordered) >= recurring_min and len(days) >= 2:
            kind = "semantic"
        importance = min(1.0, max(m.importance for m in ordered) + IMPORTANCE_GAIN * (len(ordered) - 1))
        clusters.append(Cluster(members=ordered, keep=keep, kind=kind, importance=importance,
                                keep_rowid=rows[idx[0]][0], keep_vector=raw[idx[0]]))
    return clusters


def find_clusters(store: MemoryStore, scope: str, cfg: Settings | None = None, *,
                  since_rowid: int | None = None, new_rowids: set[int] | None = None) -> list[Cluster]:
    """Clusters of near-duplicates among the scope's active records. With
    `since_rowid` (or `new_rowids`), only matches that involve a record after that
    rowid (or in that set) are looked for: the others were ruled out by an earlier
    complete run."""
    import numpy as np

    cfg = cfg or settings_for(store, scope)
    found = _scope_rows(store, scope, since_rowid, new_rowids)
    if found is None:
        return []
    rows, raw, is_new = found
    # kind, reflections apart from what they reflect on, and episodes (what was said) apart
    # from the facts drawn from it: a fact is never merged into the turn it came from
    group_of = [(str(r[2]), len(r) > 8 and r[8] == "reflected", len(r) > 9 and bool(r[9])) for r in rows]
    group_ids: dict[tuple[str, bool, bool], int] = {}
    groups = [group_ids.setdefault(g, len(group_ids)) for g in group_of]
    # Identical texts of one group merge without a vector comparison; only one of
    # them (a node) takes part in the pair search.
    first: dict[tuple[int, str], int] = {}
    by_first: dict[int, list[int]] = {}
    for i, r in enumerate(rows):
        j = first.setdefault((groups[i], " ".join(r[3].lower().split())), i)
        by_first.setdefault(j, []).append(i)
    nodes = sorted(by_first)
    members = [by_first[j] for j in nodes]
    node_new = None
    if is_new is not None:
        node_new = np.fromiter((bool(is_new[m].any()) for m in members), dtype=bool, count=len(nodes))
    parsed = [claim_words(rows[j][3]) for j in nodes]
    adj = _node_pairs(parsed, [groups[j] for j in nodes], raw[np.asarray(nodes, dtype=np.int64)], node_new,
                      float(cfg["consolidate.min_similarity"]), float(cfg["consolidate.min_overlap"]),
                      [rows[j][3] for j in nodes])
    picked = _pick(adj, members, [p[0] for p in parsed], rows)
    return _clusters(store, scope, picked, rows, raw, int(cfg["consolidate.recurring_min"]))


def _kept(c: Cluster) -> int | np.ndarray:
    """What the merged record's vector is read from: the kept text's vector, else its rowid."""
    if c.keep_vector is not None:
        return c.keep_vector
    assert c.keep_rowid is not None  # find_clusters sets both
    return c.keep_rowid


def merged_record(c: Cluster, now: str) -> Memory:
    ms = c.members
    # the idle clock continues from the latest repetition or use, not from the merge
    accessed = [a for a in (m.last_accessed or m.recorded_at for m in ms) if a]
    valid = [v for v in (m.valid_from for m in ms) if v]
    turns = list(dict.fromkeys(t for m in ms for t in m.source_turns))
    return Memory(
        id="", scope=c.keep.scope, kind=c.kind, text=c.keep.text, key=c.keep.key,
        importance=c.importance, confidence=max(m.confidence for m in ms), source=c.keep.source,
        source_turns=turns, source_ids=[m.id for m in ms], valid_from=min(valid) if valid else None,
        recorded_at=now, pinned=any(m.pinned for m in ms), safety=any(m.safety for m in ms),
        last_accessed=max(accessed) if accessed else None, access_count=sum(m.access_count for m in ms),
        stability=max(m.stability for m in ms),
        episode=c.kind == "episodic" and all(m.episode for m in ms),  # a recurring one becomes a fact
    )


def _mark_params(store: MemoryStore, cfg: Settings) -> list[Any]:
    return [ALGO, float(cfg["consolidate.min_similarity"]), float(cfg["consolidate.min_overlap"]),
            int(cfg["consolidate.recurring_min"]), store.meta("embedder_model")]


def _since(store: MemoryStore, scope: str, cfg: Settings) -> int | None:
    """The rowid a complete earlier run got to, or None when this run must be complete
    (no run yet, other settings or embedder, or that record was purged)."""
    raw = store.state(scope, MARK)
    if not raw:
        return None
    try:
        mark = json.loads(raw)
        rowid, mid = int(mark["rowid"]), str(mark["id"])
    except (ValueError, KeyError, TypeError):
        return None
    if mark.get("params") != _mark_params(store, cfg) or store.rowids(scope, [mid]).get(mid) != rowid:
        return None
    return rowid


def consolidate(store: MemoryStore, scope: str, now: datetime, *, dry_run: bool = False,
                full: bool = False) -> Report:
    """Find near-duplicate clusters and (unless `dry_run`) merge each into one record.

    Incremental: a run stores how far it got (`MARK` in the scope's settings), and
    the next one only looks for matches that involve a record added since (a restore
    or purge, other settings or another embedder make it a complete run again). A
    run leaves no two active records that match, so running it again changes nothing.
    """
    before = store.count(scope)
    cfg = settings_for(store, scope)
    since = None if full else _since(store, scope, cfg)
    last = store.last_rowid(scope)
    report = Report(scope=scope, before=before, after=before, dry_run=dry_run)
    if last is not None and since is not None and last[0] <= since:
        return report  # nothing added since the last complete run
    start = last[0] if last is not None else 0
    clusters = find_clusters(store, scope, cfg, since_rowid=since)
    report.clusters = list(clusters)
    report.after = before - sum(len(c.members) - 1 for c in clusters)
    if dry_run:
        return report
    at = to_iso(now) or ""
    while clusters:  # every round merges records away, so this ends
        if len(clusters) > 50:
            store.enlarge_cache()
        merged = [merged_record(c, at) for c in clusters]
        with store.transaction():
            retired = store.insert_merged_many(
                [(m, _kept(c), [x.id for x in c.members]) for c, m in zip(clusters, merged, strict=True)], at=at)
            for m, gone in zip(merged, retired, strict=True):
                for oid in gone:
                    store.decision_log.append(scope, at, "MERGE", m.text, target=oid, new_id=m.id,
                                              decided_by="rule", reason=f"merged into {m.id}")
        for c, m in zip(clusters, merged, strict=True):
            c.merged_id = m.id
        # A merged record is its kept text under its kept kind, which matched nothing
        # else; only one that became a semantic fact can meet new partners.
        changed = [c.merged_id for c in clusters if c.kind != c.keep.kind and c.merged_id]
        clusters = find_clusters(store, scope, cfg, new_rowids=set(store.rowids(scope, changed).values())) \
            if changed else []
        report.clusters += clusters
        report.after -= sum(len(c.members) - 1 for c in clusters)
    # merged records are covered by this run; anything else written meanwhile is not
    ours = {c.merged_id for c in report.clusters}
    later = store.ids_after(scope, start)
    if all(mid in ours for _, mid in later):
        last = later[-1] if later else last
    if last is not None:
        store.set_setting(scope, MARK, json.dumps({"rowid": last[0], "id": last[1],
                                                   "params": _mark_params(store, cfg)}))
    return report
