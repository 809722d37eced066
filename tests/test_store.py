import pytest

from memcli.errors import NotFound, ScopeError
from memcli.scope import validate_scope


@pytest.mark.parametrize("scope", ["user:alice", "agent:support", "session:42", "org:acme", "user:a.b-c_d@x"])
def test_valid_scopes(scope):
    assert validate_scope(scope) == scope


@pytest.mark.parametrize("scope", ["alice", "team:x", "user:", "user:a b", "user:a;drop", ""])
def test_invalid_scopes(scope, monkeypatch):
    monkeypatch.delenv("MEMCLI_SCOPE", raising=False)
    with pytest.raises(ScopeError):
        validate_scope(scope)


def test_scope_from_env(monkeypatch):
    monkeypatch.setenv("MEMCLI_SCOPE", "user:env")
    assert validate_scope(None) == "user:env"


def test_scope_isolation_in_every_index(store):
    a = store.add("user:a", "User is allergic to peanuts")
    store.add("user:b", "User is allergic to shellfish")
    assert [m.text for m in store.list_memories("user:b")] == ["User is allergic to shellfish"]
    kw_b = store.search_keyword("user:b", "peanuts allergic")
    assert set(store.by_rowids("user:b", [r for r, _ in kw_b])) and all(
        m.scope == "user:b" for m in store.by_rowids("user:b", [r for r, _ in kw_b]).values())
    vec_b = store.search_vector("user:b", store.embed_query("peanuts"), k=10)
    assert len(vec_b) == 1
    with pytest.raises(NotFound):
        store.get("user:b", a.id)
    # A rowid from another scope is never returned, even when asked for directly.
    assert store.by_rowids("user:b", [r for r, _ in store.search_keyword("user:a", "peanuts")]) == {}


def test_supersession_keeps_history(store):
    old = store.add("user:a", "User lives in Pune", kind="profile", key="home_city", valid_from="2026-01-01T00:00:00Z")
    from memcli.write import Candidate, reconcile

    out = reconcile(store, "user:a", Candidate(text="User lives in Mumbai", kind="profile", key="home_city",
                                               value="Mumbai", change="update", valid_from="2026-03-01T00:00:00Z"))
    assert out.op == "UPDATE"
    new = out.memory
    assert new.replaces == old.id
    old_now = store.get("user:a", old.id)
    assert old_now.text == "User lives in Pune"  # never edited
    assert old_now.retired_at is not None and old_now.valid_until == "2026-03-01T00:00:00Z"
    assert old_now.replaced_by == new.id
    assert [m.id for m in store.chain("user:a", new.id)] == [old.id, new.id]
    assert [m.text for m in store.list_memories("user:a")] == ["User lives in Mumbai"]
    assert [m.text for m in store.list_memories("user:a", as_of="2026-02-01T00:00:00Z")] == ["User lives in Pune"]
    assert [m.text for m in store.list_memories("user:a", as_of="2026-03-01T00:00:00Z")] == ["User lives in Mumbai"]


def test_purge_leaves_no_trace(store, db_path):
    tid, _ = store.add_turn("user:a", "user", "I am allergic to peanuts", "2026-01-01T00:00:00Z", "chat.jsonl", "1")
    m = store.add("user:a", "User is allergic to peanuts", source_turns=[tid])
    keep = store.add("user:a", "User likes tea")
    from memcli.models import Decision

    store.log(Decision(scope="user:a", op="ADD", fact=m.text, decided_by="rule", reason="test", new_id=m.id, turn=tid))
    receipt = store.purge("user:a", [m.id])
    assert receipt["memories"] == 1 and receipt["memory_embeddings"] == 1 and receipt["turns"] == 1
    assert receipt["decisions"] >= 1
    for table in ("memories", "turns", "decisions"):
        for row in store.conn.execute(f"SELECT * FROM {table}"):
            assert "peanut" not in repr(row).lower(), table
    shadow = [r[0] for r in store.conn.execute("SELECT name FROM sqlite_master WHERE name LIKE 'memories_fts%' AND type='table'")]
    assert "memories_fts_data" in shadow
    for t in shadow:
        for row in store.conn.execute(f"SELECT * FROM {t}"):
            assert b"peanut" not in repr(row).encode().lower()
    assert store.search_keyword("user:a", "peanuts") == []
    store.close()
    data = db_path.read_bytes()
    wal = db_path.with_name(db_path.name + "-wal")
    if wal.exists():
        data += wal.read_bytes()
    assert b"peanut" not in data.lower()
    assert keep.text.encode() in data


def test_turns_are_stored_once(store):
    t1, new1 = store.add_turn("user:a", "user", "hello", "2026-01-01T00:00:00Z", "f", "1")
    t2, new2 = store.add_turn("user:a", "user", "hello", "2026-01-01T00:00:00Z", "f", "1")
    assert new1 and not new2 and t1 == t2
    _, new3 = store.add_turn("user:b", "user", "hello", "2026-01-01T00:00:00Z", "f", "1")
    assert new3


def test_short_ids(store):
    ids = {store.add("user:a", f"User fact number {i}").id for i in range(50)}
    assert len(ids) == 50 and all(1 <= len(i) <= 8 for i in ids)


def test_restore_undoes_an_archive(store):
    m = store.add("user:a", "User likes tea")
    store.archive("user:a", m.id, reason="test")
    assert store.list_memories("user:a") == []
    assert store.search_vector("user:a", store.embed_query("tea")) == []
    store.restore("user:a", m.id)
    assert [x.id for x in store.list_memories("user:a")] == [m.id]
    assert len(store.search_vector("user:a", store.embed_query("tea"))) == 1


def test_keyword_search_fast_path_matches_the_full_query(store):
    """A scope holding most of the file takes the file-wide top matches first; it must
    return exactly what the full scoped query returns, and small scopes are unaffected."""
    import random

    from memcli.models import Memory

    rng = random.Random(7)
    words = [f"w{i}" for i in range(300)]
    texts = [" ".join(rng.choice(words) for _ in range(6)) for _ in range(2200)]
    vecs = store.embed_many(texts)
    with store.transaction():
        for i, (t, v) in enumerate(zip(texts, vecs, strict=True)):
            store.insert(Memory(id="", scope="user:big" if i % 10 else "user:small", kind="episodic", text=t), v)
    for scope in ("user:big", "user:small"):
        for q in ("w1 w2 w3", "w17", "w250 w99"):
            fast = store.search_keyword(scope, q, k=20)
            full = store.conn.execute(
                "SELECT m.rowid, bm25(memories_fts) AS s FROM memories_fts JOIN memories m ON m.rowid = memories_fts.rowid "
                "WHERE memories_fts MATCH ? AND m.scope = ? AND m.retired_at IS NULL ORDER BY s LIMIT 20",
                (" OR ".join(f'"{w}"' for w in q.split()), scope)).fetchall()
            assert [r for r, _ in fast] == [r[0] for r in full], (scope, q)
    assert store.keyword.scope_dominates("user:big") and not store.keyword.scope_dominates("user:small")


def test_introductions_are_the_texts_known_people_reads(store):
    from memcli.extract import known_people

    scope = "user:people"
    for text in ("User's sister Anna lives in Rome", "Niamh (User's girlfriend) is from Galway",
                 "User's girlfriend is called Niamh", "User likes tea", "User's favourite colour is blue"):
        store.add(scope, text)
    gone = store.add(scope, "User's brother Tom is a pilot")
    store.archive(scope, gone.id, reason="test")
    texts = store.introductions(scope)
    assert "User likes tea" not in texts and "User's brother Tom is a pilot" not in texts
    every = [m.text for m in store.list_memories(scope)]
    assert known_people(texts) == known_people(every) == {"Anna": "sister", "Niamh": "girlfriend"}
