"""The keyword search of a large scope: the bounded top k (`store/bm25.py`) returns what
FTS5's full query returns, to the last bit of every score, and the write path's
`distinctive` probe leaves a large scope's common terms out."""

import random

import pytest

from memcli.models import Memory
from memcli.store import bm25, keyword


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
    rng = random.Random(5)
    queries = ["w1 w250", "w2 w3 w390", "w1 w2", "w0 w1 w2 w3", "w370 w371", "w5 w300 w301"]
    queries += [" ".join(f"w{int(rng.paretovariate(0.9)) % 400}" for _ in range(3)) for _ in range(40)]
    for q in queries:
        for k in (5, 20, 50):
            for scope in ("user:big", "user:small"):
                assert store.search_keyword(scope, q, k=k) == _full(store, scope, q, k), (q, k, scope)
    assert sum(taken) >= 10 and not all(taken)  # the bound proved some answers, not all


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
