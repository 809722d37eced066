"""An episode's sentences, each embedded on its own (`memory_parts`): recall reads
the episode as near a question as its nearest sentence, so a change said in one
sentence of a long message is found by it. The parts go with their record (purge),
come back with `reindex` and an import, and a file from before has none."""

import json

import pytest

from memcli.api import MemoryStore
from memcli.episodes import parts_of
from memcli.ingest import Message, ingest
from memcli.recall import RecallConfig, recall

LONG = ("Kaylee got her driver's license last week, Lord help us all. She's driving the old pickup to school "
        "every morning now. I'm in a 2024 Silverado these days, a red one. Becky says it's a midlife crisis.")


def _msgs(*pairs, day="2025-04-28"):
    return [Message(role=r, content=c, ts=f"{day}T10:{i:02d}:00Z", ref=f"m{i}") for i, (r, c) in enumerate(pairs)]


def _parts(store):
    return store.conn.execute("SELECT count(*) FROM memory_parts").fetchone()[0]


def test_a_long_episode_is_read_sentence_by_sentence():
    parts = parts_of(LONG)
    assert len(parts) == 4
    assert "User is in a 2024 Silverado these days, a red one" in parts  # told as its vector is


@pytest.mark.parametrize("text", [
    "I moved to Bergen last month.",
    "I'm in a 2024 Silverado these days and Becky says it's a midlife crisis, which honestly it probably is",
    "Ok. Sure. Fine. Thanks. Whatever works for you, I really do not mind either way",  # one of three words or more
])
def test_an_episode_of_one_sentence_has_no_parts(text):
    assert parts_of(text) == []


SAID = ("Matters progressed more quickly than anticipated, as they so rarely do. Dale and I closed on a house on "
        "the north shore of Lake Osakis at the end of October. The drive to the creamery is twenty minutes now. "
        "I have also taken up watercolours, which Dale finds more amusing than he ought to.")


def _episode(store, text, parts=True):
    from memcli.episodes import part_vectors, vector_text
    from memcli.models import Memory

    m = Memory(id="", scope="user:a", kind="episodic", text=text, importance=0.4, confidence=0.8,
               valid_from="2025-11-02T10:00:00Z", episode=True)
    return store.insert(m, store.embed_many([vector_text(text, True)])[0],
                        part_vectors(store.embed_many, [(text, True)])[0] if parts else ())


def test_the_sentence_that_answers_brings_its_long_episode_up(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for fact in ("User's son Erik serves in the Army and is stationed at Fort Carson, Colorado",
                 "User is a quality inspector at Prairie Gold Creamery in Melrose",
                 "User's daughter-in-law teaches second grade in Colorado Springs"):
        store.add("user:a", fact, valid_from="2025-03-01T10:00:00Z")
    episode = _episode(store, SAID)

    def rank():
        # (asked "where does the user live?", found by "where does live?", the episode ranks
        # fourth either way: the question without the user's words is too thin a sentence
        # to find "closed on a house" by; measured over the eval, finding by it wins more
        # than it loses, bench/RESULTS.md)
        # (the relatives' facts weighed at 0.8, as when this was measured: the parts, not the damping, are shown)
        hits = recall(store, "user:a", "Where is the user's home?", k=4, touch=False,
                      config=RecallConfig.of(others_damp=0.8)).hits
        return [h.memory.id for h in hits].index(episode.id)

    # the whole message is a week's news; one sentence says where the user lives
    assert rank() <= 1
    store.conn.execute("DELETE FROM memory_parts")
    assert rank() == 3
    store.close()


def test_parts_go_with_their_record_and_come_back_with_reindex(store):
    ingest(store, "user:a", _msgs(("user", LONG)), source="t")
    ingest(store, "user:b", _msgs(("user", LONG)), source="t")
    assert _parts(store) == 8
    store.reindex()
    assert _parts(store) == 8
    episode = next(m for m in store.list_memories("user:a") if m.episode)
    receipt = store.purge("user:a", [episode.id])
    assert receipt["memory_parts"] == 4 and _parts(store) == 4
    assert store.purge_scope("user:b")["memory_parts"] == 4 and _parts(store) == 0


def test_an_import_embeds_the_sentences_of_its_episodes(store, tmp_path):
    from memcli.portability import import_records

    ingest(store, "user:a", _msgs(("user", LONG)), source="t")
    records = [json.loads(json.dumps(m.__dict__)) for m in store.list_memories("user:a")]
    other = MemoryStore(tmp_path / "other.db", store.embedder)
    assert import_records(other, records)[0] == len(records)
    assert _parts(other) == 4
    other.close()
