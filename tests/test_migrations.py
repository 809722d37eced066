from memcli.api import MemoryStore
from memcli.store import migrations


def _schema(store):
    rows = store.conn.execute("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchall()
    return {(t, n) for t, n in rows}


def test_blank_database_schema(store):
    schema = _schema(store)
    for table in ("meta", "memories", "turns", "decisions", "settings", "_migrations", "memories_fts"):
        assert ("table", table) in schema, table
    for trigger in ("memories_fts_ai", "memories_fts_ad", "memories_fts_au"):
        assert ("trigger", trigger) in schema
    cols = [r[1] for r in store.conn.execute("PRAGMA table_info(memories)")]
    for col in ("id", "scope", "kind", "text", "key", "importance", "confidence", "source", "source_turns",
                "valid_from", "valid_until", "recorded_at", "retired_at", "replaces", "pinned",
                "last_accessed", "access_count", "stability"):
        assert col in cols
    turn_cols = [r[1] for r in store.conn.execute("PRAGMA table_info(turns)")]
    assert {"scope", "role", "content", "ts", "source", "hash"} <= set(turn_cols)
    applied = [r[0] for r in store.conn.execute("SELECT name FROM _migrations ORDER BY rowid")]
    assert applied == [name for name, _ in migrations.MIGRATIONS]


def test_vectors_table_records_the_embedder(store):
    store.add("user:a", "User likes tea")
    assert store.meta("embedder_model") == "hash-embedder-v1"
    assert store.meta("embedder_dim") == "64"
    # one copy of each vector (m008): no vec0 table, nothing reserved per scope
    assert store.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'memory_vec'").fetchone() is None
    assert store.conn.execute("SELECT count(*) FROM memory_embeddings").fetchone()[0] == 1


def test_reopening_applies_nothing_twice(db_path):
    from memcli.embed import HashEmbedder

    MemoryStore(db_path, HashEmbedder()).close()
    s = MemoryStore(db_path, HashEmbedder())
    assert migrations.migrate(s.conn, "2026-01-01T00:00:00Z") == []
    s.close()


def test_other_embedder_is_refused_with_the_fix(db_path):
    import pytest

    from memcli.embed import HashEmbedder
    from memcli.errors import EmbedderMismatch

    s = MemoryStore(db_path, HashEmbedder())
    s.add("user:a", "User likes tea")
    s.close()

    class Other(HashEmbedder):
        model_id = "other-model"

    with pytest.raises(EmbedderMismatch) as err:
        MemoryStore(db_path, Other())
    assert "hash-embedder-v1" in str(err.value) and "other-model" in str(err.value)
    assert "memcli reindex" in str(err.value)
    s = MemoryStore(db_path, Other(), check_embedder=False)
    assert s.reindex() == 1
    s.close()
    MemoryStore(db_path, Other()).close()
