"""The vector read path: a sign-bit (hamming) scan with exact cosine rescoring over
`memory_embeddings`, checked against vec0's exact float KNN; migration m006 carrying
vectors over from an existing `memory_vec`; purge and reindex reaching the new table."""

from __future__ import annotations

import numpy as np

from memcli.api import MemoryStore
from memcli.embed import HashEmbedder
from memcli.models import Memory
from memcli.store import migrations
from memcli.store.vectors import sign_bits

SCOPE = "user:v"


def _fill(store: MemoryStore, n: int, seed: int = 0, scope: str = SCOPE) -> np.ndarray:
    rng = np.random.default_rng(seed)
    vecs = rng.standard_normal((n, 64)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    with store.transaction():
        for i in range(n):
            store.insert(Memory(id="", scope=scope, kind="semantic", text=f"User fact {i}", source="imported",
                                importance=0.5), vector=vecs[i])
    return vecs


def test_bits_match_sqlite_vec_quantizer(store):
    v = np.random.default_rng(1).standard_normal(64).astype(np.float32)
    v[3] = 0.0  # zero is not positive, in both
    ref = store.conn.execute("SELECT vec_quantize_binary(?)", (v.astype("<f4").tobytes(),)).fetchone()[0]
    assert sign_bits(v) == ref


def test_small_scope_is_searched_exactly(store):
    vecs = _fill(store, 120)
    q = vecs[7] + 0.3 * vecs[9]
    new = store.search_vector(SCOPE, q, k=20)
    old = store.vector_index.search_vec0(SCOPE, q, k=20)
    assert [r for r, _ in new] == [r for r, _ in old]
    assert np.allclose([d for _, d in new], [d for _, d in old], atol=1e-5)


def test_large_scope_uses_the_bit_scan_and_finds_near_duplicates(store):
    vecs = _fill(store, 900)  # > max(k * 8, 400): the hamming scan runs
    rng = np.random.default_rng(5)
    for i in (3, 250, 811):
        q = vecs[i] + 0.05 * rng.standard_normal(64).astype(np.float32)
        hits = store.search_vector(SCOPE, q, k=5)
        assert hits[0][0] == store.rowids(SCOPE, [store.list_memories(SCOPE)[i].id])[store.list_memories(SCOPE)[i].id]
        assert [d for _, d in hits] == sorted(d for _, d in hits)


def test_archived_and_other_scopes_are_not_returned(store):
    vecs = _fill(store, 30)
    _fill(store, 30, seed=0, scope="user:other")  # the same vectors in another scope
    first = store.list_memories(SCOPE)[0]
    store.archive(SCOPE, first.id, reason="test")
    hits = store.search_vector(SCOPE, vecs[0], k=30)
    rows = store.by_rowids(SCOPE, [r for r, _ in hits])
    assert len(hits) == 29 and all(m.scope == SCOPE and m.active for m in rows.values())
    assert first.id in {m.id for m in store.by_rowids(SCOPE, [r for r, _ in store.search_vector(
        SCOPE, vecs[0], k=30, include_inactive=True)]).values()}


def test_similarities_are_cosines_by_rowid(store):
    vecs = _fill(store, 10)
    rowids = sorted(store.rowids(SCOPE, [m.id for m in store.list_memories(SCOPE)]).values())
    sims = store.similarities(SCOPE, vecs[2], rowids[:4])
    assert set(sims) == set(rowids[:4])
    assert abs(sims[rowids[2]] - 1.0) < 1e-5
    assert store.similarities("user:other", vecs[2], rowids[:4]) == {}


def test_migration_carries_vectors_over(db_path):
    s = MemoryStore(db_path, HashEmbedder())
    vecs = _fill(s, 12)
    before = s.search_vector(SCOPE, vecs[4], k=5)
    # an existing file from before m006: vectors only in memory_vec
    s.conn.execute("DROP TABLE memory_embeddings")
    s.conn.execute("DELETE FROM _migrations WHERE name = 'm006_memory_embeddings'")
    s.close()
    s = MemoryStore(db_path, HashEmbedder())
    assert "m006_memory_embeddings" in migrations.applied(s.conn)
    assert s.conn.execute("SELECT count(*) FROM memory_embeddings").fetchone()[0] == 12
    for _rowid, bits, emb in s.conn.execute("SELECT rowid, bits, embedding FROM memory_embeddings"):
        assert bits == sign_bits(np.frombuffer(emb, dtype="<f4"))
    assert s.search_vector(SCOPE, vecs[4], k=5) == before
    s.close()


def test_missing_rows_fall_back_to_vec0(store):
    vecs = _fill(store, 8)
    store.conn.execute("DELETE FROM memory_embeddings WHERE rowid = (SELECT max(rowid) FROM memories)")
    assert len(store.search_vector(SCOPE, vecs[7], k=8)) == 8


def test_purge_and_reindex_reach_memory_embeddings(store):
    _fill(store, 5)
    victim = store.list_memories(SCOPE)[0]
    receipt = store.purge(SCOPE, [victim.id], vacuum=False)
    assert receipt["memory_embeddings"] == 1
    assert store.conn.execute("SELECT count(*) FROM memory_embeddings").fetchone()[0] == 4
    assert store.reindex() == 4
    assert store.conn.execute("SELECT count(*) FROM memory_embeddings").fetchone()[0] == 4
    assert store.purge_scope(SCOPE)["memory_embeddings"] == 4
    assert store.conn.execute("SELECT count(*) FROM memory_embeddings").fetchone()[0] == 0


def test_cache_sees_new_writes(store):
    vecs = _fill(store, 5)
    assert len(store.search_vector(SCOPE, vecs[0], k=10)) == 5
    store.add(SCOPE, "User likes tea")
    assert len(store.search_vector(SCOPE, vecs[0], k=10)) == 6
    other = MemoryStore(store.path, HashEmbedder())  # a write by another connection
    other.add(SCOPE, "User likes coffee")
    other.close()
    assert len(store.search_vector(SCOPE, vecs[0], k=10)) == 7
