"""A person's news read before the person is introduced: once the user says who they
are, the earlier turns are read again and the news is theirs, at its own time. Also
the introductions this relies on (a list of children, a name in apposition) and a
booking request whose date belongs to the fact before it."""

from datetime import datetime
from itertools import permutations

import pytest

from memcli.api import MemoryStore
from memcli.extract import extract_facts, known_people
from memcli.extract.people import listed
from memcli.ingest import Message, ingest

NOW = datetime(2025, 10, 6, 12)

WIFE = [
    ("We also moved, Columbus to Dayton. Renee's assistant principal at a school in Kettering now.",
     "2025-08-19T10:00:00Z"),
    ("Fridays are sacred btw. My wife Renee teaches 3rd grade so weekdays are dead for us.", "2024-10-08T10:00:00Z"),
]
SISTER = [
    ("luiza's back in curitiba, porto alegre didnt work out", "2025-06-02T10:00:00Z"),
    ("my sister Luiza lives in curitiba, shes a dentist.", "2024-03-01T10:00:00Z"),
    ("oh luiza moved to porto alegre, new clinic there", "2024-09-10T10:00:00Z"),
]


def _ingest(store: MemoryStore, scope: str, said: list[tuple[str, str]]) -> None:
    for i, (text, ts) in enumerate(said):  # one file per message, in the order given
        ingest(store, scope, [Message(role="user", content=text, ts=ts, ref=f"s{i}")], source=f"s{i}")


def _facts(store: MemoryStore, scope: str, as_of: str | None = None) -> list[str]:
    return [m.text for m in store.list_memories(scope, as_of=as_of) if m.kind != "episodic"]


def test_news_read_before_the_introduction_replaces_the_older_fact(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _ingest(store, "user:ed", WIFE)
    now = _facts(store, "user:ed")
    assert "User's wife Renee is assistant principal at a school in Kettering now" in now, now
    assert not any("3rd grade" in t for t in now), now
    assert not any(t.startswith("Renee is") for t in now), now  # the bare record gave way to the relation's
    then = _facts(store, "user:ed", as_of="2025-01-01T00:00:00Z")
    assert any("3rd grade" in t for t in then), then
    log = [d for d in store.decisions("user:ed") if "read again" in d.reason]
    assert log, "the re-reading is logged"
    store.close()


@pytest.mark.parametrize("order", list(permutations(range(3))))
def test_a_lower_case_name_is_read_again_in_any_order(tmp_path, real_embedder, order):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _ingest(store, "user:rafa", [SISTER[i] for i in order])
    now = [t for t in _facts(store, "user:rafa") if "Luiza" in t]
    assert any("back in curitiba" in t for t in now), (order, now)
    assert not any("moved to porto alegre" in t for t in now), (order, now)
    store.close()


def test_a_turn_that_never_names_the_person_is_not_read_again(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _ingest(store, "user:x", [("Renata is from Porto and loves fado.", "2025-01-02T10:00:00Z"),
                              ("my wife Renee teaches 3rd grade", "2024-10-08T10:00:00Z")])
    now = _facts(store, "user:x")
    assert "Renata is from Porto and loves fado" in now, now  # another person's fact stays hers
    assert not any("User's wife Renata" in t for t in now), now
    store.close()


@pytest.mark.parametrize(("text", "want"), [
    ("User's kids are Jasmine (13, starting 8th grade at Inman Middle) and Theo (9)",
     [("Jasmine", "kid"), ("Theo", "kid")]),
    ("I have two kids, Ana and Bea", [("Ana", "kid"), ("Bea", "kid")]),
    ("our daughters, Ana, Mia and Bea", [("Ana", "daughter"), ("Mia", "daughter"), ("Bea", "daughter")]),
    ("my kids and I went to Rome", []),
    ("my kids love Paris and Rome", []),
    ("my sisters are great and Tom agrees", []),
])
def test_a_list_of_children_introduces_each(text, want):
    assert listed(text) == want


def test_a_listed_child_news_is_theirs():
    people = known_people(["User's kids are Jasmine (13, 8th grade at Inman Middle) and Theo (9)"])
    facts = extract_facts("Jasmine's at North Atlanta High for 9th grade now", NOW, people=people).facts
    assert facts and facts[0].text.startswith("User's kid Jasmine is at North Atlanta High"), [f.text for f in facts]


@pytest.mark.parametrize(("said", "want"), [
    ("Mr. Okafor, my new principal, already wants me to coach science olympiad",
     "User's new principal Mr. Okafor already wants them to coach science olympiad"),
    ("Dr. Patel, my GP, says my iron is low", "User's GP Dr. Patel says their iron is low"),
    ("Mrs Hughes, our landlord, is selling the house", "User's landlord Mrs Hughes is selling the house"),
    ("Ana, my sister, lives in Leeds", "User's sister Ana lives in Leeds"),
])
def test_a_name_in_apposition_stays_with_its_relation(said, want):
    assert want in [f.text for f in extract_facts(said, NOW).facts]


@pytest.mark.parametrize("said", ["Honestly, my boss, he is awful", "Anyway, my sister, she lives in Leeds"])
def test_an_opening_adverb_is_no_name(said):
    texts = [f.text for f in extract_facts(said, NOW).facts]
    assert not any("Honestly" in t or "Anyway" in t for t in texts), texts


def test_a_booking_request_dates_the_fact_before_it():
    facts = extract_facts("I'm having a party at the Crown for my 40th. Book it for the 12th of March.", NOW).facts
    assert [f.text for f in facts] == ["User is having a party at the Crown for their 40th, booked for 2026-03-12"]
    assert facts[0].event_date == datetime(2026, 3, 12)


@pytest.mark.parametrize("said", [
    "Book it for Saturday.",  # nothing before it to date
    "she wants a party at the Crown. Book it for Saturday the 25th.",  # the clause before gave no fact
])
def test_a_booking_with_nothing_of_the_users_before_it_stays_a_request(said):
    ex = extract_facts(said, NOW)
    assert not any("booked" in f.text for f in ex.facts)
    assert any(d.reason == "request" for d in ex.discarded)


def test_news_two_rules_read_alike_is_read_again_once_without_failing(tmp_path, real_embedder):
    """"Javi left" is read by two rules of its turn; once "my cousin Javi" is said in an
    older session read later, the turn is read again: the bare record is
    retired once, the ingest goes on, and the cousin's end is kept."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _ingest(store, "user:j", [
        ("Javi left, he got on at H-E-B in the warehouse, can't blame him. hired Marisol, she's fast",
         "2025-07-22T01:39:50Z"),
        ("my cousin Javi works the window with me, he's good with the customers", "2025-03-03T15:26:35Z"),
    ])
    texts = [m.text for m in store.list_memories("user:j")]
    assert "User's cousin Javi left" in texts, texts
    assert "Javi left" not in texts, texts
    store.close()
