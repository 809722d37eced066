"""The keyword search of a large scope: the postings kept in memory (`store/postings.py`)
and, inside a write transaction, the bounded top k (`store/bm25.py`) return what FTS5's
full query returns, to the last bit of every score, however the file changes; the write
path's `distinctive` probe leaves a large scope's common terms out."""

import random

import pytest

from memcli.models import Memory
from memcli.store import bm25, keyword, postings


def _full(store, scope, q, k, where=" AND m.retired_at IS NULL"):
    """FTS5's own answer: every match of the quoted terms scored by its bm25 (the terms
    in half the file left out, as the search leaves them out)."""
    terms = list(dict.fromkeys(q.split()))
    common = store.keyword.common_terms(terms) if len(terms) > 1 else set()
    terms = [t for t in terms if t not in common] or terms
    return [(r[0], r[1]) for r in store.conn.execute(
        "SELECT m.rowid, bm25(memories_fts, 1.0, 0.0) AS s FROM memories_fts JOIN memories m "
        f"ON m.rowid = memories_fts.rowid WHERE memories_fts MATCH ? AND m.scope = ?{where} ORDER BY s LIMIT ?",
        (" OR ".join(f'"{w}"' for w in terms), scope, k))]


@pytest.fixture
def zipf_store(store, monkeypatch):
    """2,600 records of six words from a Zipf vocabulary (a few words in a third of
    them, most in a handful), nine in ten in one scope, with the thresholds scaled
    down to this size; some records retired."""
    monkeypatch.setattr(bm25, "COMMON_HITS", 200)
    monkeypatch.setattr(keyword, "BOUND_FROM", 1000)
    rng = random.Random(3)
    words = [f"w{i}" for i in range(400)]
    weights = [1 / (i + 1) for i in range(len(words))]
    texts = [" ".join(rng.choices(words, weights, k=6)) for _ in range(2600)]
    vecs = store.embed_many(texts)
    with store.transaction():
        for i, (t, v) in enumerate(zip(texts, vecs, strict=True)):
            m = store.insert(Memory(id="", scope="user:big" if i % 10 else "user:small", kind="semantic", text=t), v)
            if i % 37 == 0:
                store.archive(m.scope, m.id, reason="test")
    return store


@pytest.mark.parametrize("pair_share", [0.01, 0.3])  # pairs of common terms spelt out seldom, often
def test_bounded_top_k_is_the_full_querys_to_the_bit(zipf_store, monkeypatch, pair_share):
    store = zipf_store
    monkeypatch.setattr(bm25, "PAIR_SHARE", pair_share)
    taken = []
    real = bm25.bounded_top

    def spy(*args, **kwargs):
        out = real(*args, **kwargs)
        taken.append(out is not None)
        return out

    monkeypatch.setattr(bm25, "bounded_top", spy)
    with store.transaction():  # where the write path searches: the postings are not used there
        for q in _queries():
            for k in (5, 20, 50):
                for scope in ("user:big", "user:small"):
                    assert store.search_keyword(scope, q, k=k) == _full(store, scope, q, k), (q, k, scope)
    assert sum(taken) >= 10 and not all(taken)  # the bound proved some answers, not all


def _queries() -> list[str]:
    rng = random.Random(5)
    queries = ["w1 w250", "w2 w3 w390", "w1 w2", "w0 w1 w2 w3", "w370 w371", "w5 w300 w301", "w0", "w399"]
    return queries + [" ".join(f"w{int(rng.paretovariate(0.9)) % 400}" for _ in range(3)) for _ in range(40)]


def _spy_postings(store, monkeypatch) -> list[str]:
    used: list[str] = []
    real = store.keyword.postings.top

    def spy(scope, *args, **kwargs):
        used.append(scope)
        return real(scope, *args, **kwargs)

    monkeypatch.setattr(store.keyword.postings, "top", spy)
    return used


def test_postings_top_k_is_the_full_querys_to_the_bit(zipf_store, monkeypatch):
    store = zipf_store
    used = _spy_postings(store, monkeypatch)
    proved: list[bool] = []
    real = postings.Postings._pruned

    def spy(self, *args, **kwargs):
        out = real(self, *args, **kwargs)
        proved.append(out is not None)
        return out

    monkeypatch.setattr(postings.Postings, "_pruned", spy)
    for _ in range(2):  # read, then kept
        for q in _queries():
            for k in (1, 5, 20, 50):
                for scope in ("user:big", "user:small"):
                    assert store.search_keyword(scope, q, k=k) == _full(store, scope, q, k), (q, k, scope)
                assert store.search_keyword("user:big", q, k=k, include_inactive=True) == _full(
                    store, "user:big", q, k, where=""), q
    assert used and set(used) == {"user:big"}  # the small scope's own query is cheap
    assert sum(proved) >= 20 and not all(proved)  # the common terms' rows left out of some, not all


def test_postings_follow_every_change_to_the_file(zipf_store, monkeypatch, tmp_path):
    store = zipf_store
    used = _spy_postings(store, monkeypatch)
    queries = ["w1 w250", "w0 w1 w2 w3", "w2 w3 w390", "w7"]

    def same():
        for q in queries:
            for k in (5, 50):
                assert store.search_keyword("user:big", q, k=k) == _full(store, "user:big", q, k), q

    same()
    # new records (short ones, which rank first), one without a vector
    for text in ("w1 w250", "w0 w1 w2 w3 w3", "w390"):
        store.insert(Memory(id="", scope="user:big", kind="semantic", text=text), store.embed_many([text])[0])
    store.insert(Memory(id="", scope="user:big", kind="semantic", text="w2 w7"))
    same()
    best = store.by_rowids("user:big", [store.search_keyword("user:big", "w1 w250", k=1)[0][0]])
    store.archive("user:big", next(iter(best.values())).id, reason="test")  # retired: filtered out
    same()
    # a record purged from the middle of the file, then the last one, and its rowid used again
    victim = next(iter(store.by_rowids("user:big", [store.search_keyword("user:big", "w7", k=3)[2][0]]).values()))
    store.purge("user:big", [victim.id], vacuum=False)
    same()
    last = store.conn.execute("SELECT id, rowid FROM memories ORDER BY rowid DESC LIMIT 1").fetchone()
    store.purge("user:big" if store.exists(last[0]) else "user:small", [last[0]], vacuum=False)
    again = store.insert(Memory(id="", scope="user:big", kind="semantic", text="w250 w250"))
    assert store.rowids("user:big", [again.id])[again.id] == last[1]
    same()
    # another connection's write
    from memcli.store import Store
    other = Store(store.path, store.embedder)
    other.insert(Memory(id="", scope="user:big", kind="semantic", text="w1 w3"))
    other.insert(Memory(id="", scope="user:small", kind="semantic", text="w1 w250 w1"))  # another scope's best
    same()
    # another connection's retire, and a restore (the row states kept follow both)
    top = next(iter(store.by_rowids("user:big", [store.search_keyword("user:big", "w0 w1 w2 w3", k=1)[0][0]]).values()))
    other.archive("user:big", top.id, reason="test")
    other.close()
    same()
    store.restore("user:big", top.id)
    same()
    store.restore("user:big", next(iter(best.values())).id)
    same()
    assert len(used) >= 9 * len(queries)


def test_bounded_top_k_reads_the_time_filter(zipf_store):
    store = zipf_store
    first = store.search_keyword("user:big", "w1 w250", k=20)
    store.archive("user:big", store.get_many("user:big", [m.id for m in store.by_rowids(
        "user:big", [r for r, _ in first[:3]]).values()])[0].id, reason="test")
    assert store.search_keyword("user:big", "w1 w250", k=20) == _full(store, "user:big", "w1 w250", 20)
    assert store.search_keyword("user:big", "w1 w250", k=20, include_inactive=True) == _full(
        store, "user:big", "w1 w250", 20, where="")


def test_distinctive_probe_leaves_a_large_scopes_common_terms_out(zipf_store):
    store = zipf_store
    rare = next(f"w{i}" for i in range(399, 0, -1) if 3 <= len(_full(store, "user:big", f"w{i}", 50)) <= 10)
    probe = store.keyword.prepared("user:big", f"w0 {rare}", k=20, distinctive=True)()
    assert {r for r, _ in probe} == {r for r, _ in _full(store, "user:big", rare, 20)}
    # the common term alone is kept (nothing else would be searched)
    assert store.keyword.prepared("user:big", "w0", k=20, distinctive=True)() == _full(store, "user:big", "w0", 20)
    # without it, and in a small scope, the query is the user's
    assert store.search_keyword("user:big", f"w0 {rare}", k=20) == _full(store, "user:big", f"w0 {rare}", 20)
    small = store.keyword.prepared("user:small", f"w0 {rare}", k=20, distinctive=True)()
    assert small == _full(store, "user:small", f"w0 {rare}", 20)


def test_postings_from_fts5s_lists_are_the_functions(zipf_store):
    """A one-token term's postings read from the `fts5vocab` instance list and
    `_docsize` are the auxiliary function's, row for row, after deletes too; a term
    of several tokens (or none) is left to the function; the lengths of long texts too."""
    import numpy as np

    store = zipf_store
    long = " ".join(f"w{i % 300}" for i in range(400))  # a length of three bytes in `_docsize`
    for text in ("Running runs ran w1 w1 w1", "Café CAFE cafe w250", "the runner's w1_w2 run", long):
        store.insert(Memory(id="", scope="user:big", kind="semantic", text=text))
    victims = [r[0] for r in store.conn.execute("SELECT id FROM memories WHERE text LIKE '%w3 %' LIMIT 5")]
    store.purge("user:big", [v for v in victims if store.exists(v)], vacuum=False)
    postings = store.keyword.postings
    terms = ["w0", "w1", "w3", "w250", "w399", "running", "runs", "café", "cafe", "runner", "nothere"]
    store.conn.execute("BEGIN")
    try:
        postings._check()
        for t in terms:
            quoted = f'"{t}"'
            token = postings._token(quoted)
            assert token is not None, t
            got, want = postings._from_vocab(token), postings.from_function(quoted, -1)
            assert all(np.array_equal(a, b) and a.dtype == b.dtype for a, b in zip(got, want, strict=True)), t
            assert t == "nothere" or len(want[0]), t
        assert postings._token('"w1_w2"') is None and postings._token('"_"') is None
    finally:
        store.conn.execute("COMMIT")
