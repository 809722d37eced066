"""The candidates' float vectors a connection keeps between searches (`ScopeIndex.floats`):
a search that finds them kept reads only the others, and returns what a search that
reads them all returns, to the bit; they follow every change `memory_changes` reports
(an insert, a purge with its rowid used again, a vector rewritten inside the open
transaction, another connection's writes, a rollback), and stay within their budget."""

from __future__ import annotations

import numpy as np
import pytest

from memcli.api import MemoryStore
from memcli.embed import HashEmbedder
from memcli.models import Memory
from memcli.store import vectors

SCOPE = "user:f"


def _fill(store: MemoryStore, n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    vecs = rng.standard_normal((n, 64)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    with store.transaction():
        for i in range(n):
            store.insert(Memory(id="", scope=SCOPE, kind="semantic", text=f"User fact {i}", source="imported",
                                importance=0.5), vector=vecs[i])
    return vecs


def _read_all(store: MemoryStore, q: np.ndarray, k: int) -> list[tuple[int, float]]:
    """The search with nothing kept: every candidate's vector read (as before any was kept)."""
    index = store.vector_index.scope_index(SCOPE)
    kept = index.floats
    index.floats = type(kept)()
    try:
        return store.search_vector(SCOPE, q, k=k)
    finally:
        index.floats = kept


def _queries(vecs: np.ndarray, n: int, seed: int = 1) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    picks = rng.choice(len(vecs), size=n)
    return [vecs[i] + 0.5 * rng.standard_normal(vecs.shape[1]).astype(np.float32) for i in picks]


def test_kept_vectors_give_the_same_ranking_to_the_bit(store, monkeypatch):
    vecs = _fill(store, 1500)  # > 400: the bit scan and the second connection
    reads: list[int] = []
    real = vectors._float_vectors
    monkeypatch.setattr(vectors, "_float_vectors", lambda conn, scope, ids: reads.append(len(ids)) or
                        real(conn, scope, ids))
    for q in _queries(vecs, 30):
        expected = _read_all(store, q, 24)
        assert store.search_vector(SCOPE, q, k=24) == expected
        reads.clear()
        assert store.search_vector(SCOPE, q, k=24) == expected  # every candidate kept now: none read
        assert reads == []
        for k in (10, 50, 70):  # 70: more than 500 candidates, read in two chunks
            assert store.search_vector(SCOPE, q, k=k) == _read_all(store, q, k)
    assert vectors.FLOATS_KEPT_BYTES // (64 * 4) >= len(store.vector_index.scope_index(SCOPE).floats) > 0


def test_inside_a_transaction_kept_vectors_give_the_same_ranking(store):
    vecs = _fill(store, 900)
    qs = _queries(vecs, 10)
    for q in qs:
        store.search_vector(SCOPE, q, k=24)  # kept
    with store.transaction():
        for i, q in enumerate(qs):
            store.insert(Memory(id="", scope=SCOPE, kind="semantic", text=f"User new {i}", source="imported",
                                importance=0.5), vector=q)
            assert store.search_vector(SCOPE, q, k=24) == _read_all(store, q, 24)
            assert store.by_rowids(SCOPE, [store.search_vector(SCOPE, q, k=1)[0][0]]).popitem()[1].text == \
                f"User new {i}"


def test_a_vector_rewritten_in_the_transaction_is_not_taken_from_the_kept_ones(store):
    vecs = _fill(store, 900)
    q = vecs[10]
    top = store.search_vector(SCOPE, q, k=5)[0][0]
    assert top in store.vector_index.scope_index(SCOPE).floats
    with store.transaction():
        store.conn.execute("DELETE FROM memory_embeddings WHERE rowid = ?", (top,))
        store.vector_index.add(top, SCOPE, np.sign(q))  # the same sign bits: still a candidate
        found = dict(store.search_vector(SCOPE, q, k=5))
        assert 0.1 < found[top] < 0.5  # the new vector's distance, not the kept one's 0
        assert store.search_vector(SCOPE, q, k=5) == _read_all(store, q, 5)


def test_another_connection_purging_and_reusing_the_rowid(store):
    vecs = _fill(store, 900)
    q = vecs[-1]
    last = store.search_vector(SCOPE, q, k=5)[0][0]  # the newest record: the highest rowid
    assert last in store.vector_index.scope_index(SCOPE).floats
    other = MemoryStore(store.path, HashEmbedder())
    victim = other.by_rowids(SCOPE, [last])[last]
    other.purge(SCOPE, [victim.id], vacuum=False)
    fresh = -q  # far from the query, but the same rowid: SQLite gives the highest rowid again
    new = other.insert(Memory(id="", scope=SCOPE, kind="semantic", text="User reused", source="imported",
                              importance=0.5), vector=fresh)
    reused = other.rowids(SCOPE, [new.id])[new.id]
    other.close()
    assert reused == last
    found = dict(store.search_vector(SCOPE, fresh, k=5))
    assert found[last] == pytest.approx(0.0, abs=1e-6)  # the new vector, not the kept one
    assert store.search_vector(SCOPE, q, k=5) == _read_all(store, q, 5)
    assert last not in {r for r, _ in store.search_vector(SCOPE, q, k=5)}


def test_a_rollback_drops_what_the_transaction_showed(store):
    vecs = _fill(store, 900)
    q = vecs[3]
    with pytest.raises(RuntimeError), store.transaction():
        store.insert(Memory(id="", scope=SCOPE, kind="semantic", text="User gone", source="imported",
                            importance=0.5), vector=q)
        assert len(store.search_vector(SCOPE, q, k=5)) == 5
        raise RuntimeError("rolled back")
    index = store.vector_index.scope_index(SCOPE)  # rebuilt: nothing of the transaction kept
    assert not index.floats
    assert store.search_vector(SCOPE, q, k=5) == _read_all(store, q, 5)


def test_the_kept_vectors_stay_within_their_budget(store, monkeypatch):
    monkeypatch.setattr(vectors, "FLOATS_KEPT_BYTES", 500 * 64 * 4)  # 500 vectors of 64 floats
    vecs = _fill(store, 1500)
    for q in _queries(vecs, 20):
        assert store.search_vector(SCOPE, q, k=24) == _read_all(store, q, 24)
        assert len(store.vector_index.scope_index(SCOPE).floats) <= 500
