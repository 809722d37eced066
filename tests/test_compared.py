"""A new value said by comparing it with the old one retires the old one: "the bus to
Parkside Primary is way shorter than the drive to Hillcrest" after "User teaches year 4
at Hillcrest Academy" (and read in either order); a comparison of things the user only
talks about, of people, or with a name two facts hold is stored as said."""

from memcli.api import MemoryStore
from memcli.compared import _names, compared_values
from memcli.ingest import Message, ingest
from memcli.models import Candidate


def _told(store: MemoryStore, said: list[tuple[str, str]], scope: str = "user:a") -> None:
    for i, (text, ts) in enumerate(said):
        ingest(store, scope, [Message(role="user", content=text, ts=ts, ref=f"m{i}{ts}")], source=f"m{i}{ts}")


def _active(store: MemoryStore, scope: str = "user:a") -> list[str]:
    return [m.text for m in store.list_memories(scope) if not m.episode]


OLD = ("I teach year 4 at Hillcrest Academy in Bexley", "2024-09-02T08:00:00Z")
NEW = ("The bus to Parkside Primary is 10 minutes, way shorter than the drive to Hillcrest every day",
       "2025-09-03T08:00:00Z")


def test_the_new_name_in_the_old_ones_place_replaces_it(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [OLD, NEW])
    active = _active(store)
    assert "User teaches year 4 at Parkside Primary" in active
    assert not any("Hillcrest Academy" in t for t in active)
    history = [m.text for m in store.list_memories("user:a", as_of="2025-01-01T00:00:00Z")]
    assert "User teaches year 4 at Hillcrest Academy in Bexley" in history
    assert any("compared with Hillcrest" in (d.reason or "") for d in store.decisions("user:a"))


def test_read_in_the_other_order_the_same_facts_hold(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [NEW, OLD])
    active = _active(store)
    assert "User teaches year 4 at Parkside Primary" in active
    assert not any("Hillcrest Academy" in t for t in active)


def test_a_cost_compared_with_the_attribute_it_replaces(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [("my broadband is Virgin", "2024-03-01T08:00:00Z"),
                  ("the Zen bill is 32 pounds, so 12 less than Virgin each month", "2024-10-01T08:00:00Z")])
    active = _active(store)
    assert "User's broadband is Zen" in active and "User's broadband is Virgin" not in active


def test_places_the_user_only_talks_about_are_compared_as_said(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [("I live in London", "2024-03-01T08:00:00Z"),
                  ("Lisbon is way cheaper than London, I loved it", "2024-10-01T08:00:00Z")])
    assert "User lives in London" in _active(store)


def test_a_name_two_facts_hold_or_a_person_changes_nothing(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [("I volunteer at Oxfam on Saturdays", "2024-03-01T08:00:00Z"),
                  ("I also buy my books at Oxfam in town", "2024-03-02T08:00:00Z")])
    cands = [Candidate(text="The new shift at Cancer Research is shorter than the one at Oxfam", kind="semantic",
                       importance=0.4)]
    assert compared_values(store, "user:a", cands, {}) == []
    cands = [Candidate(text="My new boss Priya is nicer than Sam", kind="semantic", importance=0.4)]
    assert compared_values(store, "user:a", cands, {"Sam": "boss", "Priya": "boss"}) == []


def test_names_leave_out_function_words_and_amounts():
    assert [n for n, _ in _names("The Momentum premium is R5,400, so that is R1,500 less")] == ["Momentum"]
    assert [n for n, _ in _names("the drive from Kirkwood to Druid Hills High")] == ["Kirkwood", "Druid Hills High"]


def test_the_cost_may_be_named_on_the_old_side(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [("I pay my phone bill through PayPal every month", "2024-03-01T08:00:00Z"),
                  ("Revolut is so much cheaper than the PayPal fees, did it in a minute", "2024-10-01T08:00:00Z")])
    active = _active(store)
    assert "User pays their phone bill through Revolut every month" in active, active


def test_a_comparison_made_while_weighing_a_change_is_as_said(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [("I live in London", "2024-03-01T08:00:00Z"),
                  ("if we moved, the rent in Lisbon would be way cheaper than London", "2024-10-01T08:00:00Z")])
    assert "User lives in London" in _active(store)
