"""The two indexes searched at once (`Store.search_indexes`): the vector scan and the
read of its candidates' float vectors run on a worker thread over the file's second,
read-only connection while FTS5 runs on the store's own. What each returns is what it
returns alone, inside a write transaction too (the second connection does not see it:
what the transaction wrote is read on the store's connection); the reconciliation
search asks each index once."""

from __future__ import annotations

import numpy as np

from memcli import write
from memcli.api import MemoryStore
from memcli.embed import HashEmbedder
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


def _serial(store: MemoryStore, q: np.ndarray, k: int) -> list[tuple[int, float]]:
    """The vector search with every read on the store's own connection."""
    store.db._reader_failed = True
    try:
        return store.search_vector(SCOPE, q, k=k)
    finally:
        store.db._reader_failed = False


def test_both_indexes_at_once_return_what_each_returns_alone(store):
    vecs = _fill(store, 900)  # > 400: the bit scan runs on the worker
    for i in (3, 250, 811):
        q = vecs[i] + 0.2 * vecs[(i + 1) % 900]
        kw, vec = store.search_indexes(SCOPE, "User likes chess", q, k=20)
        assert kw == store.search_keyword(SCOPE, "User likes chess", k=20)
        assert vec == _serial(store, q, 20) == store.search_vector(SCOPE, q, k=20)
        assert vec[0][0] == i + 1  # rowids from 1


def test_the_worker_reads_through_the_second_connection(store, monkeypatch):
    from memcli.store import vectors

    vecs = _fill(store, 900)
    seen = []
    real = vectors._float_vectors
    monkeypatch.setattr(vectors, "_float_vectors", lambda conn, *a: seen.append(conn) or real(conn, *a))
    store.search_indexes(SCOPE, "tea", vecs[5], k=10)
    assert store.db.reader() is not None and seen[0] is store.db.reader()


def test_what_the_open_transaction_wrote_is_found(store):
    vecs = _fill(store, 900)
    q = vecs[10]
    top = store.search_vector(SCOPE, q, k=5)[0][0]  # the record of vecs[10] itself
    with store.transaction():
        new = store.insert(Memory(id="", scope=SCOPE, kind="semantic", text="User near the query",
                                  source="imported", importance=0.5), vector=q)
        # a vector rewritten in the transaction (as reindex does): the second connection
        # still holds the old one, the store's connection the new one
        store.conn.execute("DELETE FROM memory_embeddings WHERE rowid = ?", (top,))
        store.vector_index.add(top, SCOPE, np.sign(q))  # the same sign bits: still a candidate
        assert store.db.reader() is not None  # used inside the store's own transaction
        kw, vec = store.search_indexes(SCOPE, "query", q, k=5)
        assert vec == _serial(store, q, 5)
        assert vec[0][0] == store.rowids(SCOPE, [new.id])[new.id]
        assert 0.1 < dict(vec)[top] < 0.5  # the new vector's distance, not the old one's 0
        assert store.rowids(SCOPE, [new.id])[new.id] in {r for r, _ in kw}


def test_another_transaction_keeps_everything_on_the_store_connection(store):
    vecs = _fill(store, 900)
    store.conn.execute("BEGIN")
    try:
        assert store.db.reader() is None  # it would not see what this transaction reads
        assert store.search_vector(SCOPE, vecs[1], k=5) == _serial(store, vecs[1], 5)
    finally:
        store.conn.execute("COMMIT")
    assert store.db.reader() is not None


def test_a_failing_second_connection_is_dropped_and_the_search_still_answers(store, monkeypatch):
    import apsw

    vecs = _fill(store, 900)
    reader = store.db.reader()
    assert reader is not None

    class Broken:
        def execute(self, *a, **k):
            raise apsw.IOError("disk I/O error")

    expected = _serial(store, vecs[2], 5)
    store.db._reader = Broken()  # type: ignore[assignment]
    assert store.search_vector(SCOPE, vecs[2], k=5) == expected
    assert store.db.reader() is None
    store.db._reader = reader


def test_a_memory_file_has_no_second_connection():
    s = MemoryStore(":memory:", HashEmbedder())
    try:
        assert s.db.reader() is None
    finally:
        s.close()


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


def test_the_second_connection_opens_the_same_file_after_a_change_of_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = MemoryStore("memory.db", HashEmbedder())  # a relative path
    try:
        _fill(s, 10)
        (tmp_path / "elsewhere").mkdir()
        monkeypatch.chdir(tmp_path / "elsewhere")
        reader = s.db.reader()
        assert reader is not None
        assert reader.execute("SELECT count(*) FROM memories").fetchone()[0] == 10
    finally:
        s.close()
