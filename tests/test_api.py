"""The library API the CLI sits on: `from memcli import MemoryStore`."""

from memcli import MemoryStore


def test_library_round_trip(db_path):
    from memcli.embed import HashEmbedder

    with MemoryStore(db_path, HashEmbedder()) as store:
        assert store.remember("user:alice", "User lives in Pune", key="home_city",
                              valid_from="2026-01-01T00:00:00Z").op == "ADD"
        stats = store.ingest("user:alice", [
            {"role": "user", "content": "I moved to Goa.", "ts": "2026-03-01T00:00:00Z"},
            {"role": "assistant", "content": "You mentioned three kids.", "ts": "2026-03-01T00:00:01Z"},
        ])
        assert stats.new == 2 and stats.ops["UPDATE"] == 1
        assert [m.text for m in store.list_memories("user:alice")] == ["User lives in Goa"]
        res = store.recall("user:alice", "where does the user live", k=1)
        assert res.hits[0].memory.text == "User lives in Goa"
