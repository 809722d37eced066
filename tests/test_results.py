"""A result said without "new PB" that beats the record the user told: the record moves
on, its history kept; a slower time, a time of another size, a clock time or a target
changes nothing."""

import pytest

from memcli.api import MemoryStore
from memcli.ingest import Message, ingest
from memcli.results import said_results, seconds


@pytest.mark.parametrize("text,times", [
    ("OMG 1:02.9 at the regional meet on saturday!!!!", ["1:02.9"]),
    ("I did 25:50 at the Marina on Saturday, under 27 no bother", ["25:50"]),
    ("ran 3:24:10 in Berlin, legs are gone", ["3:24:10"]),
    ("PB is 27:30", ["27:30"]),
    # a clock, a target, a limit, a pace, a hope: no result
    ("practice is at 6:30 on tuesdays", []),
    ("the bus leaves 7:15am", []),
    ("want to get under 27:00 by the summer", []),
    ("aiming for sub 1:03 at states", []),
    ("easy runs at 5:10/km", []),
    ("I'm hoping to do 3:15 in Berlin", []),
])
def test_a_result_is_a_time_said_as_done(text, times):
    assert said_results(text) == times


def test_seconds_reads_minutes_hours_and_tenths():
    assert seconds("1:04.81") == pytest.approx(64.81)
    assert seconds("3:24:10") == 12250.0


def _told(store: MemoryStore, said: list[tuple[str, str]]) -> None:
    for i, (text, ts) in enumerate(said):
        ingest(store, "user:a", [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"m{i}")


def _active(store: MemoryStore) -> list[str]:
    return [m.text for m in store.list_memories("user:a")]


def test_a_faster_result_moves_the_record_on_and_keeps_the_old_one_as_history(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [("my 100 free PB is 1:04.81 and i want sub 1:03 by states", "2024-08-05T10:00:00Z"),
                  ("OMG 1:02.9 at the regional meet!!!! sub 1:03 FINALLY", "2024-11-20T10:00:00Z"),
                  ("1:01.7 at club champs last weekend, coach is happy", "2025-03-02T10:00:00Z")])
    active = _active(store)
    assert "User's 100 free PB is 1:01.7" in active
    assert not any("1:04.81" in t or "PB is 1:02.9" in t for t in active)
    assert any("1:02.9 at the regional meet" in t for t in active)  # what was said stays, as said
    # as of December the best was the regional time
    december = [m.text for m in store.list_memories("user:a", as_of="2024-12-15T00:00:00Z")]
    assert "User's 100 free PB is 1:02.9" in december and "User's 100 free PB is 1:04.81" not in december
    why = [d.reason for d in store.decisions("user:a") if d.op == "UPDATE"]
    assert any("1:02.9 is faster than the record 1:04.81" in r for r in why)


def test_a_slower_time_or_one_of_another_size_leaves_the_record(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [("doing parkrun on Saturdays, my PB is 27:30", "2024-03-03T10:00:00Z"),
                  ("did 28:10 at parkrun today, windy", "2024-04-06T10:00:00Z"),  # slower
                  ("I did a 52:10 10k on sunday", "2024-04-08T10:00:00Z"),  # no record of its size
                  ("training is at 6:30 now", "2024-04-09T10:00:00Z")])  # a clock
    active = _active(store)
    assert any("PB is 27:30" in t for t in active)
    assert not any(t.startswith("User's PB is") and "27:30" not in t for t in active)
    assert not [d for d in store.decisions("user:a") if "faster than the record" in (d.reason or "")]


def test_a_time_two_records_could_hold_is_kept_as_said(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [("my 5k PB is 24:10 and my trail 5k PB is 27:40", "2024-03-03T10:00:00Z"),
                  ("ran 23:55 on saturday", "2024-04-06T10:00:00Z")])
    active = _active(store)
    assert any("24:10" in t for t in active) and any("27:40" in t for t in active)
    assert not [d for d in store.decisions("user:a") if "faster than the record" in (d.reason or "")]
