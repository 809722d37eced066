"""A state said again ("still", "currently") is the same state: its value has no adverb
in it, it changes nothing, and the real change after it retires the record."""

from datetime import datetime

from memcli.api import MemoryStore
from memcli.extract import extract_facts
from memcli.ingest import Message, ingest

NOW = datetime(2025, 3, 8, 12)


def test_still_is_no_part_of_the_value_and_no_change():
    facts = {f.key: f for f in extract_facts("I'm still living in Leeds and my rent is still 1,200", NOW).facts
             if f.key}
    assert facts["home_city"].value == "Leeds" and facts["rent"].value == "1,200"
    assert facts["home_city"].change is None and facts["rent"].change is None


def test_still_not_is_left_as_said():
    assert not any(f.key for f in extract_facts("I'm still not sure about the job", NOW).facts)


def _said(store: MemoryStore, text: str, ts: str, ref: str) -> None:
    ingest(store, "user:r", [Message(role="user", content=text, ts=ts, ref=ref)], source=ref)


def test_a_reaffirmation_keeps_the_record_and_the_change_after_it_retires_it(real_embedder, tmp_path):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _said(store, "I live in Leeds, my rent is 1,200 a month.", "2024-01-10T10:00:00Z", "a")
    _said(store, "I'm still living in Leeds, my rent is still 1,200 a month.", "2024-06-10T10:00:00Z", "b")
    current = [m for m in store.list_memories("user:r") if m.key and m.valid_until is None and m.retired_at is None]
    assert sorted(m.key for m in current) == ["home_city", "rent"], [m.text for m in current]
    assert "Leeds" in next(m.text for m in current if m.key == "home_city")
    _said(store, "We moved to York last week.", "2024-09-10T10:00:00Z", "c")
    homes = [m.text for m in store.list_memories("user:r")
             if m.key == "home_city" and m.valid_until is None and m.retired_at is None]
    assert len(homes) == 1 and "York" in homes[0], homes
    store.close()
