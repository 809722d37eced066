"""The two indexes searched for one query (`Store.search_indexes`), one after the
other on the store's own connection: what each returns is what it returns alone,
inside a write transaction too (what the transaction wrote is found); the
reconciliation search asks each index once."""

from __future__ import annotations

import numpy as np

from memcli import write
from memcli.api import MemoryStore
from memcli.models import Candidate, Memory

SCOPE = "user:o"


def _fill(store: MemoryStore, n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    vecs = rng.standard_normal((n, 64)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    words = ["tea", "coffee", "hiking", "chess", "piano", "garden", "sister", "Berlin"]
    with store.transaction():
        for i in range(n):
            store.insert(Memory(id="", scope=SCOPE, kind="semantic", text=f"User likes {words[i % 8]} {i}",
                                source="imported", importance=0.5), vector=vecs[i])
    return vecs


def _exact(store: MemoryStore, q: np.ndarray, rowids: list[int]) -> dict[int, float]:
    """Cosine distances of these records computed here, from their stored vectors."""
    vecs = store.vector_index.float_vectors(SCOPE, rowids)
    return {r: 1.0 - float(v @ q) / (float(np.linalg.norm(v)) * float(np.linalg.norm(q))) for r, v in vecs.items()}


def test_both_indexes_at_once_return_what_each_returns_alone(store):
    vecs = _fill(store, 900)  # > 400: a bit scan, then the candidates rescored
    for i in (3, 250, 811):
        q = vecs[i] + 0.2 * vecs[(i + 1) % 900]
        kw, vec = store.search_indexes(SCOPE, "User likes chess", q, k=20)
        assert kw == store.search_keyword(SCOPE, "User likes chess", k=20)
        assert vec == store.search_vector(SCOPE, q, k=20)
        assert vec[0][0] == i + 1  # rowids from 1
        exact = _exact(store, q, [r for r, _ in vec])
        assert all(abs(d - exact[r]) < 1e-5 for r, d in vec)


def test_the_candidates_vectors_are_read_on_the_stores_connection(store, monkeypatch):
    from memcli.store import vectors

    vecs = _fill(store, 900)
    seen = []
    real = vectors._float_vectors
    monkeypatch.setattr(vectors, "_float_vectors",
                        lambda conn, scope, rowids: (rowids and seen.append(conn)) or real(conn, scope, rowids))
    store.search_indexes(SCOPE, "tea", vecs[5], k=10)
    assert seen and all(c is store.conn for c in seen)
    seen.clear()
    store.search_indexes(SCOPE, "tea", vecs[5], k=10)  # the same candidates: all kept, none read
    assert not seen


def test_what_the_open_transaction_wrote_is_found(store):
    vecs = _fill(store, 900)
    q = vecs[10]
    top = store.search_vector(SCOPE, q, k=5)[0][0]  # the record of vecs[10] itself
    with store.transaction():
        new = store.insert(Memory(id="", scope=SCOPE, kind="semantic", text="User near the query",
                                  source="imported", importance=0.5), vector=q)
        # a vector rewritten in the transaction (as reindex does): the kept float
        # vector is dropped, the new one read
        store.conn.execute("DELETE FROM memory_embeddings WHERE rowid = ?", (top,))
        store.vector_index.add(top, SCOPE, np.sign(q))  # the same sign bits: still a candidate
        kw, vec = store.search_indexes(SCOPE, "query", q, k=5)
        assert vec[0][0] == store.rowids(SCOPE, [new.id])[new.id]
        assert 0.1 < dict(vec)[top] < 0.5  # the new vector's distance, not the old one's 0
        assert store.rowids(SCOPE, [new.id])[new.id] in {r for r, _ in kw}


def test_another_transaction_gets_the_same_answer(store):
    vecs = _fill(store, 900)
    outside = store.search_vector(SCOPE, vecs[1], k=5)
    store.vector_index.scope_index(SCOPE).floats.clear()
    store.conn.execute("BEGIN")
    try:
        assert store.search_vector(SCOPE, vecs[1], k=5) == outside
    finally:
        store.conn.execute("COMMIT")


def _episodic_scope(store: MemoryStore) -> tuple[Candidate, np.ndarray]:
    """Episodes nearest the candidate, facts further away: the search must widen."""
    rng = np.random.default_rng(3)
    q = rng.standard_normal(64).astype(np.float32)
    q /= np.linalg.norm(q)
    with store.transaction():
        for i in range(600):
            noise = rng.standard_normal(64).astype(np.float32)
            near = i < 20
            v = q + (0.3 if near else 3.0) * noise / np.linalg.norm(noise)
            store.insert(Memory(id="", scope=SCOPE, kind="episodic" if near else "semantic",
                                text=f"User said the garden plan {i}" if near else f"User fact {i} garden",
                                episode=near, source="stated", importance=0.5), vector=v)
    return Candidate(text="User has a garden plan", kind="semantic", importance=0.5), q


def test_the_reconciliation_search_asks_each_index_once(store, monkeypatch):
    cand, q = _episodic_scope(store)
    calls = []
    real = store.search_indexes
    monkeypatch.setattr(store, "search_indexes", lambda *a, **k: calls.append(k["k"]) or real(*a, **k))
    near = write.neighbours(store, SCOPE, cand, q)
    wide_calls = list(calls)
    calls.clear()
    monkeypatch.setattr(write, "COARSE_MIN", 0)  # too many for one search: a search for k, then for 4k
    narrow = write.neighbours(store, SCOPE, cand, q)
    assert wide_calls == [24] and calls == [6, 24]
    assert [(n.memory.id, n.similarity, n.keyword) for n in near] == \
        [(n.memory.id, n.similarity, n.keyword) for n in narrow]
    assert near and not any(n.memory.episode for n in near)
