"""The int8 codes a scope's index keeps from its second search (`store/codes.py`): their
error bound holds for any vector (zero, not finite, tiny, huge ones always read), the
candidates they rule out can never rank, and a search with them returns what one
reading every candidate's float vector returns, to the bit, through inserts, a retire,
a vector rewritten in the open transaction, a rollback and another connection's purge
with the rowid used again; and it reads fewer vectors."""

from __future__ import annotations

import numpy as np
import pytest

from memcli.api import MemoryStore
from memcli.embed import HashEmbedder
from memcli.models import Memory
from memcli.store import vectors
from memcli.store.codes import could_rank, margin, quantize, quantize_one

SCOPE = "user:c"


def _fill(store: MemoryStore, n: int, seed: int = 0, dim: int = 64) -> np.ndarray:
    rng = np.random.default_rng(seed)
    vecs = rng.standard_normal((n, dim)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    with store.transaction():
        for i in range(n):
            store.insert(Memory(id="", scope=SCOPE, kind="semantic", text=f"User fact {i}", source="imported",
                                importance=0.5), vector=vecs[i])
    return vecs


def _uncoded(store: MemoryStore, q: np.ndarray, k: int) -> list[tuple[int, float]]:
    """The search without codes or kept vectors: every candidate's float vector read."""
    index = store.vector_index.scope_index(SCOPE)
    saved = index.codes, index.floats
    index.codes, index.floats = None, type(index.floats)()
    try:
        return store.search_vector(SCOPE, q, k=k)
    finally:
        index.codes, index.floats = saved


def _queries(vecs: np.ndarray, n: int, seed: int = 1) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [vecs[i] + 0.7 * rng.standard_normal(vecs.shape[1]).astype(np.float32)
            for i in rng.choice(len(vecs), size=n)]


def test_the_error_bound_holds_and_odd_vectors_are_always_read():
    rng = np.random.default_rng(3)
    m = rng.standard_normal((2000, 96)).astype(np.float32)
    m[1] = 0.0
    m[2, 7] = np.nan
    m[3, 0] = np.inf
    m[4] *= np.float32(1e-30)  # its squares underflow
    m[5] *= np.float32(1e30)  # its squares overflow
    m[6] = 0.0
    m[6, 11] = -3.0  # one-hot
    m[7] = 0.25  # constant
    m[8] *= np.float32(1e-3)
    codes, scale, err = quantize(m)
    assert codes.dtype == np.int8 and np.isinf(err[1:6]).all() and (scale[1:6] == 0).all()
    ok = np.isfinite(err)
    v = m[ok].astype(np.float64)
    norm = np.linalg.norm(v, axis=1)
    approx = codes[ok].astype(np.float64) * (scale[ok].astype(np.float64) * norm)[:, None]
    true_err = np.linalg.norm(v - approx, axis=1) / norm
    assert (err[ok] >= true_err + 0.5 * margin(96)).all()
    assert err[6] < 1e-3 and err[7] < 1e-3  # exact codes: only the margin
    for i in range(len(m)):  # one row at a time (a record written between searches): the same numbers
        one = quantize_one(m[i])
        assert np.array_equal(one[0], codes[i]) and one[1] == scale[i] and one[2] == err[i]


def test_what_cannot_rank_never_does():
    rng = np.random.default_rng(4)
    vecs = rng.standard_normal((400, 64)).astype(np.float32)
    vecs[50:60] = vecs[40]  # equal cosines at the cut
    vecs[60] = 0.0
    codes, scale, err = quantize(vecs)
    for trial in range(300):
        q = (rng.standard_normal(64) * rng.uniform(0.01, 10)).astype(np.float32)
        if trial % 3 == 0:
            q = vecs[rng.integers(400)] + 0.1 * q
        norms = np.sqrt(np.einsum("ij,ij->i", vecs, vecs))
        keep_nonzero = norms > 0
        with np.errstate(invalid="ignore", divide="ignore"):
            sims = np.einsum("ij,j->i", vecs, q) / (norms * np.float32(np.sqrt(np.einsum("i,i->", q, q))))
        ids = np.arange(400)[keep_nonzero]
        for k in (1, 10, 50, 200):
            top = ids[np.lexsort((ids, -sims[keep_nonzero]))[:k]]
            kept = could_rank(codes, scale, err, q, k)
            assert kept[top].all()
            assert kept[60]  # a zero vector is left to the rescoring
    assert could_rank(codes[:5], scale[:5], err[:5], np.ones(64, dtype=np.float32), 10).all()
    assert could_rank(codes, scale, err, np.full(64, np.nan, dtype=np.float32), 10).all()


def test_codes_from_the_second_search_give_the_same_answers_reading_fewer(store, monkeypatch):
    vecs = _fill(store, 1500)
    reads: list[int] = []
    real = vectors._float_vectors
    monkeypatch.setattr(vectors, "_float_vectors", lambda conn, scope, ids: reads.append(len(ids)) or
                        real(conn, scope, ids))
    qs = _queries(vecs, 40)
    store.search_vector(SCOPE, qs[0], k=24)
    assert store.vector_index.scope_index(SCOPE).codes is None  # one search: no codes
    for q in qs:
        reads.clear()
        got = store.search_vector(SCOPE, q, k=24)
        assert store.vector_index.scope_index(SCOPE).codes is not None
        assert sum(reads) < 200  # of 400 candidates
        assert got == _uncoded(store, q, 24)
        for k in (1, 10, 50, 70):
            assert store.search_vector(SCOPE, q, k=k) == _uncoded(store, q, k)


def test_codes_follow_inserts_retires_and_a_rewrite_in_the_transaction(store):
    vecs = _fill(store, 900)
    qs = _queries(vecs, 12)
    for q in qs[:2]:
        store.search_vector(SCOPE, q, k=24)
    assert store.vector_index.scope_index(SCOPE).codes is not None
    for i, q in enumerate(qs):  # each new record the query's nearest
        store.insert(Memory(id="", scope=SCOPE, kind="semantic", text=f"User new {i}", source="imported",
                            importance=0.5), vector=q)
        got = store.search_vector(SCOPE, q, k=24)
        assert got == _uncoded(store, q, 24)
        assert got[0][1] == pytest.approx(0.0, abs=1e-6)
    top = store.search_vector(SCOPE, qs[0], k=5)[0][0]
    store.retire(SCOPE, store.by_rowids(SCOPE, [top])[top].id, reason="test")
    assert top not in dict(store.search_vector(SCOPE, qs[0], k=5))
    q = vecs[10]
    top = store.search_vector(SCOPE, q, k=5)[0][0]
    with store.transaction():
        store.conn.execute("DELETE FROM memory_embeddings WHERE rowid = ?", (top,))
        store.vector_index.add(top, SCOPE, np.sign(q))  # the same sign bits, another code
        found = dict(store.search_vector(SCOPE, q, k=5))
        assert 0.1 < found[top] < 0.5
        assert store.search_vector(SCOPE, q, k=5) == _uncoded(store, q, 5)
    with pytest.raises(RuntimeError), store.transaction():
        store.insert(Memory(id="", scope=SCOPE, kind="semantic", text="User gone", source="imported",
                            importance=0.5), vector=-q)
        assert store.search_vector(SCOPE, -q, k=1)[0][1] == pytest.approx(0.0, abs=1e-6)
        raise RuntimeError("rolled back")
    assert store.vector_index.scope_index(SCOPE).codes is None  # rebuilt
    assert store.search_vector(SCOPE, -q, k=5) == _uncoded(store, -q, 5)


def test_another_connection_purging_and_reusing_the_rowid(store):
    vecs = _fill(store, 900)
    q = vecs[-1]
    store.search_vector(SCOPE, vecs[0], k=5)
    last = store.search_vector(SCOPE, q, k=5)[0][0]  # the newest record: the highest rowid
    assert store.vector_index.scope_index(SCOPE).codes is not None
    other = MemoryStore(store.path, HashEmbedder())
    other.purge(SCOPE, [other.by_rowids(SCOPE, [last])[last].id], vacuum=False)
    fresh = -q
    new = other.insert(Memory(id="", scope=SCOPE, kind="semantic", text="User reused", source="imported",
                              importance=0.5), vector=fresh)
    assert other.rowids(SCOPE, [new.id])[new.id] == last
    other.close()
    assert dict(store.search_vector(SCOPE, fresh, k=5))[last] == pytest.approx(0.0, abs=1e-6)
    assert store.search_vector(SCOPE, q, k=5) == _uncoded(store, q, 5)
    assert last not in dict(store.search_vector(SCOPE, q, k=5))


def test_the_write_paths_probes_never_build_the_codes(store):
    """A process that ingests one batch (a CLI call) does not read every vector: the
    write path's probes use the codes when the index has them, never build them."""
    vecs = _fill(store, 900)
    for q in _queries(vecs, 5):
        store.search_indexes(SCOPE, "fact", q, k=24, distinctive=True, build_codes=False)
    assert store.vector_index.scope_index(SCOPE).codes is None
    store.search_vector(SCOPE, vecs[0], k=5)
    store.search_vector(SCOPE, vecs[1], k=5)
    assert store.vector_index.scope_index(SCOPE).codes is not None
    q = _queries(vecs, 1, seed=9)[0]
    assert store.search_indexes(SCOPE, "fact", q, k=24, build_codes=False)[1] == _uncoded(store, q, 24)
