"""bench/locomo.py --through-ingest on a tiny conversation in LoCoMo's format (the real
split lives outside the repository): each speaker's turns ingested as the user, each
question asked in the scope of the speaker it names, hits scored by their dia_ids."""

import importlib.util
import sys
from pathlib import Path

import pytest

from memcli.api import MemoryStore
from memcli.embed import HashEmbedder
from memcli.recall import RecallConfig

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def locomo():
    spec = importlib.util.spec_from_file_location("bench_locomo", ROOT / "bench" / "locomo.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_locomo"] = mod
    spec.loader.exec_module(mod)
    return mod


SAMPLE = {
    "sample_id": "conv-x",
    "conversation": {
        "speaker_a": "Ana", "speaker_b": "Ben",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ana", "dia_id": "D1:1", "text": "Hi Ben! How have you been?"},
            {"speaker": "Ben", "dia_id": "D1:2", "text": "Great! I adopted a greyhound called Pixel last week."},
            {"speaker": "Ana", "dia_id": "D1:3", "text": "Aww! What made you pick a greyhound?"},
            {"speaker": "Ben", "dia_id": "D1:4", "text": "They are calm indoors and love short sprints at the park."},
            {"speaker": "Ana", "dia_id": "D1:5", "text": "I started pottery classes on Tuesdays at the community hall."},
        ],
    },
    "qa": [
        {"question": "What is the name of Ben's dog?", "answer": "Pixel", "evidence": ["D1:2"], "category": 4},
        {"question": "What did Ana start?", "answer": "pottery", "evidence": ["D1:5"], "category": 4},
    ],
}


def test_through_ingest_scopes_questions_and_dia_ids(locomo, tmp_path):
    assert locomo.as_user("What is Ben's dog called?", "Ben") == "What is the user's dog called?"
    assert [s for s, _ in locomo.question_scopes(SAMPLE, "What do Ana and Ben like?")] == [
        "user:conv-x-Ana", "user:conv-x-Ben"]
    # a shortened name ("Mel" for Melanie) names its speaker when no other name starts so
    mel = {"sample_id": "c", "conversation": {"speaker_a": "Melanie", "speaker_b": "Caroline"}}
    assert locomo.question_scopes(mel, "How long have Mel and her husband been married?") == [
        ("user:c-Melanie", "How long have the user and her husband been married?")]
    assert len(locomo.question_scopes({"sample_id": "c", "conversation": {"speaker_a": "Melanie",
                                                                           "speaker_b": "Melissa"}},
                                      "What did Mel paint?")) == 2  # "Mel" could be either
    store = MemoryStore(tmp_path / "l.db", HashEmbedder())
    nows, counts = locomo.load_through_ingest(store, [SAMPLE])
    assert counts["user_turns"] == 5 and counts["memories"] >= 3
    ben = store.list_memories("user:conv-x-Ben")
    assert not any("pottery" in m.text for m in ben)  # the other speaker's turns are no memories of Ben
    why = next(m for m in ben if m.episode and "sprints" in m.text)
    assert why.text.startswith('(asked "What made you pick a greyhound?")')  # the question it answers
    rows = locomo.run_through(store, [SAMPLE], nows, RecallConfig(), k=10)
    first = rows[0]["retrieved"]
    ids = [i for item in first for i in (item if isinstance(item, list) else [item])]
    assert "D1:2" in ids and all(i.startswith("D1:") for i in ids)
    assert rows[1]["retrieved"] and rows[0]["tokens10"] > 0
    store.close()
