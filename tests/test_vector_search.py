"""The vector read path: a sign-bit (hamming) scan with exact cosine rescoring over
`memory_embeddings`, checked against exact brute force; the in-memory index kept up
to date in place from `memory_changes` (a rehearsal reads nothing, other processes'
writes are applied, a rollback or a pruned log rebuilds); migrations m006-m009
carrying a file with vectors in vec0 over to one copy; purge and reindex."""

from __future__ import annotations

import numpy as np
import pytest

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


def _exact(store: MemoryStore, q: np.ndarray, k: int, scope: str = SCOPE) -> list[int]:
    rows = store.conn.execute(
        "SELECT e.rowid, e.embedding FROM memory_embeddings e JOIN memories m ON m.rowid = e.rowid "
        "WHERE e.scope = ? AND m.retired_at IS NULL", (scope,)).fetchall()
    sims = {r: float(np.frombuffer(b, dtype="<f4") @ q) / float(np.linalg.norm(q)) for r, b in rows}
    return sorted(sims, key=lambda r: (-sims[r], r))[:k]


def test_small_scope_is_searched_exactly(store):
    vecs = _fill(store, 120)
    q = vecs[7] + 0.3 * vecs[9]
    new = store.search_vector(SCOPE, q, k=20)
    assert [r for r, _ in new] == _exact(store, q, 20)


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


def _old_file(db_path, monkeypatch, n: int) -> np.ndarray:
    """A file as memcli wrote it before m007: vectors in vec0 and in memory_embeddings
    (the last record's only in vec0), the text-only FTS table."""
    import apsw

    from memcli.store.connection import vec_loadable_path

    names = [name for name, _ in migrations.MIGRATIONS]
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:names.index("m006_memory_embeddings") + 1])
    conn = apsw.Connection(str(db_path))
    conn.enable_load_extension(True)
    conn.load_extension(vec_loadable_path())
    migrations.migrate(conn, "2026-01-01T00:00:00Z")
    conn.execute("""CREATE VIRTUAL TABLE memory_vec USING vec0(memory_rowid INTEGER PRIMARY KEY,
                    scope TEXT PARTITION KEY, active INTEGER, embedding float[64] distance_metric=cosine)""")
    conn.execute("INSERT INTO meta VALUES ('embedder_model', 'hash-embedder-v1'), ('embedder_dim', '64')")
    rng = np.random.default_rng(3)
    vecs = rng.standard_normal((n, 64)).astype(np.float32)
    for i, v in enumerate(vecs):
        conn.execute("INSERT INTO memories (id, scope, kind, text, importance, confidence, source, recorded_at) "
                     "VALUES (?, ?, 'semantic', ?, 0.5, 0.8, 'stated', '2026-01-01T00:00:00Z')",
                     (f"m{i}", SCOPE, f"User fact number {i} about tea"))
        rowid = conn.last_insert_rowid()
        conn.execute("INSERT INTO memory_vec VALUES (?, ?, 1, ?)", (rowid, SCOPE, v.tobytes()))
        if i < n - 1:
            conn.execute("INSERT INTO memory_embeddings VALUES (?, ?, ?, ?)", (rowid, SCOPE, sign_bits(v), v.tobytes()))
    conn.close()
    monkeypatch.undo()
    return vecs


def test_migration_carries_vectors_over_to_one_copy(db_path, monkeypatch):
    vecs = _old_file(db_path, monkeypatch, 12)
    s = MemoryStore(db_path, HashEmbedder())
    assert {"m009_memory_changes", "m010_one_vector_copy", "m011_fts_scope_column"} <= set(migrations.applied(s.conn))
    assert s.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'memory_vec'").fetchone() is None
    assert s.conn.execute("SELECT count(*) FROM memory_embeddings").fetchone()[0] == 12
    for _rowid, bits, emb in s.conn.execute("SELECT rowid, bits, embedding FROM memory_embeddings"):
        assert bits == sign_bits(np.frombuffer(emb, dtype="<f4"))
    assert s.search_vector(SCOPE, vecs[11], k=1)[0][0] == s.rowids(SCOPE, ["m11"])["m11"]
    # the FTS index was rebuilt with the scope column: the old records are found by keyword
    assert len(s.search_keyword(SCOPE, "tea number", k=20)) == 12
    assert s.search_keyword("user:other", "tea", k=20) == []
    s.close()


def test_a_record_without_a_vector_is_left_to_the_keyword_index(store):
    vecs = _fill(store, 8)
    store.conn.execute("DELETE FROM memory_embeddings WHERE rowid = (SELECT max(rowid) FROM memories)")
    assert len(store.search_vector(SCOPE, vecs[7], k=8)) == 7


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


def _builds(store: MemoryStore, monkeypatch) -> list[str]:
    index = store.vector_index
    seen: list[str] = []
    real = index._build

    def counting(scope: str):
        seen.append(scope)
        return real(scope)

    monkeypatch.setattr(index, "_build", counting)
    return seen


def test_writes_update_the_index_in_place(store, monkeypatch):
    vecs = _fill(store, 500)
    q = vecs[42]
    store.search_vector(SCOPE, q, k=5)
    builds = _builds(store, monkeypatch)
    ids = [m.id for m in store.list_memories(SCOPE)]
    store.touch(SCOPE, ids[:50], "2026-01-01T00:00:00Z")  # a rehearsal
    assert store.search_vector(SCOPE, q, k=5)[0][0] == store.rowids(SCOPE, [ids[42]])[ids[42]]
    store.archive(SCOPE, ids[42], reason="test")  # retire
    assert store.rowids(SCOPE, [ids[42]])[ids[42]] not in {r for r, _ in store.search_vector(SCOPE, q, k=5)}
    store.insert(Memory(id="", scope=SCOPE, kind="semantic", text="User near", source="imported", importance=0.5),
                 vector=q)  # insert
    top = store.search_vector(SCOPE, q, k=5)[0][0]
    assert store.by_rowids(SCOPE, [top])[top].text == "User near"
    store.restore(SCOPE, ids[42])
    assert store.rowids(SCOPE, [ids[42]])[ids[42]] in {r for r, _ in store.search_vector(SCOPE, q, k=5)}
    store.purge(SCOPE, [ids[42]], vacuum=False)
    assert len(store.search_vector(SCOPE, q, k=5)) == 5
    assert all(store.by_rowids(SCOPE, [r]) for r, _ in store.search_vector(SCOPE, q, k=600))
    assert builds == []  # never rebuilt
    assert [r for r, _ in store.search_vector(SCOPE, q, k=600)] == _exact(store, q, 600)


def test_another_process_write_is_applied_without_a_rebuild(store, monkeypatch):
    vecs = _fill(store, 50)
    store.search_vector(SCOPE, vecs[0], k=5)
    builds = _builds(store, monkeypatch)
    other = MemoryStore(store.path, HashEmbedder())
    first = other.list_memories(SCOPE)[0]
    other.archive(SCOPE, first.id, reason="test")
    other.insert(Memory(id="", scope=SCOPE, kind="semantic", text="User other", source="imported", importance=0.5),
                 vector=vecs[0])
    other.close()
    hits = store.by_rowids(SCOPE, [r for r, _ in store.search_vector(SCOPE, vecs[0], k=3)])
    assert first.id not in {m.id for m in hits.values()} and "User other" in {m.text for m in hits.values()}
    assert builds == []


def test_a_rollback_or_a_pruned_log_rebuilds(store, monkeypatch):
    import pytest

    from memcli.store import vectors as vectors_module

    vecs = _fill(store, 20)
    store.search_vector(SCOPE, vecs[0], k=5)
    with pytest.raises(RuntimeError), store.transaction():
        store.insert(Memory(id="", scope=SCOPE, kind="semantic", text="User gone", source="imported",
                            importance=0.5), vector=vecs[0])
        store.search_vector(SCOPE, vecs[0], k=5)  # sees the insert inside the transaction
        raise RuntimeError("rolled back")
    texts = {m.text for m in store.by_rowids(SCOPE, [r for r, _ in store.search_vector(SCOPE, vecs[0], k=30)]).values()}
    assert "User gone" not in texts and len(texts) == 20
    builds = _builds(store, monkeypatch)
    monkeypatch.setattr(vectors_module, "CHANGES_KEPT", 0)
    monkeypatch.setattr(vectors_module, "PRUNE_EVERY", 1)
    other = MemoryStore(store.path, HashEmbedder())
    for i in range(3):
        other.insert(Memory(id="", scope=SCOPE, kind="semantic", text=f"User new {i}", source="imported",
                            importance=0.5), vector=vecs[i])
    other.close()
    assert len(store.search_vector(SCOPE, vecs[0], k=30)) == 23
    assert builds == [SCOPE]


@pytest.mark.parametrize("dim, block", [(64, 65536), (64, 700), (20, 1000)])  # 20: bits in bytes
def test_the_bit_scan_keeps_the_nearest_and_equally_distant_ones_by_slot(monkeypatch, dim, block):
    """`_nearest` returns the m smallest (hamming distance, slot) pairs among the valid
    slots: one set whichever way numpy selects it, ties by slot; in blocks or not."""
    from memcli.store import vectors
    from memcli.store.vectors import _bits_matrix, _nearest

    monkeypatch.setattr(vectors, "HAMMING_BLOCK", block)
    rng = np.random.default_rng(7)
    n = 3000
    vecs = rng.standard_normal((n, dim)).astype(np.float32)
    blobs = [sign_bits(v) for v in vecs]
    cols = np.ascontiguousarray(_bits_matrix(blobs, len(blobs[0])).T)
    rowids = np.arange(10, 10 + n, dtype=np.int64) * 3
    valid = rng.random(n) > 0.2
    for _ in range(5):
        q = rng.standard_normal(dim).astype(np.float32)
        qbits = np.frombuffer(sign_bits(q), dtype=cols.dtype)
        dist = np.bitwise_count(cols ^ qbits[:, None]).sum(axis=0)
        for m in (1, 37, 400):
            want = sorted((int(dist[i]), i) for i in np.flatnonzero(valid))[:m]
            assert sorted(_nearest(rowids, cols, valid, q, m)) == sorted(int(rowids[i]) for _, i in want)


def test_the_scan_on_the_worker_thread_gives_the_same_answers(store, monkeypatch):
    """In a scope of SCAN_APART records or more the hamming scan runs on a worker thread
    beside the keyword search (`Store.search_indexes`): the same answers as inline."""
    from memcli.store import vectors

    vecs = _fill(store, 1200)
    rng = np.random.default_rng(11)
    qs = [vecs[i] + 0.6 * rng.standard_normal(64).astype(np.float32) for i in rng.choice(1200, size=15)]
    monkeypatch.setattr(vectors, "SCAN_APART", 10**9)
    inline = [store.search_indexes(SCOPE, "fact", q, k=k) for q in qs for k in (5, 50)]
    monkeypatch.setattr(vectors, "SCAN_APART", 100)
    threads: list[str] = []
    real = vectors._nearest_slots

    def spy(*args):
        import threading

        threads.append(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr(vectors, "_nearest_slots", spy)
    assert [store.search_indexes(SCOPE, "fact", q, k=k) for q in qs for k in (5, 50)] == inline
    assert threads and all(t.startswith("memcli-scan") for t in threads)


def test_a_forked_child_starts_its_own_scan_thread(store, monkeypatch):
    """A child forked after the parent's worker thread started (which it has no copy
    of) runs its scans on a worker of its own, instead of waiting for one forever."""
    import os
    import signal

    from memcli.store import vectors

    monkeypatch.setattr(vectors, "SCAN_APART", 100)
    vecs = _fill(store, 1200)
    assert store.search_vector(SCOPE, vecs[0], k=5)[0][1] < 1e-6  # the parent's worker started
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 2
        try:
            signal.alarm(30)
            child = MemoryStore(store.path, HashEmbedder())
            code = 0 if child.search_vector(SCOPE, vecs[1], k=5)[0][1] < 1e-6 else 1
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
