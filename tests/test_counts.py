"""How many of a thing the user has is one value ("two hives", then "down to one hive"),
keyed by the thing; and a question's compound the scope never says ("beehives") finds
its head ("hive")."""

import pytest

from memcli.api import MemoryStore
from memcli.extract.attributes import counted
from memcli.ingest import Message, ingest
from memcli.models import Memory
from memcli.recall import recall
from memcli.write import Candidate, Neighbour, decide_by_rules


@pytest.mark.parametrize(("text", "key", "value"), [
    ("User has two hives at the bottom of the garden", "count.hive", "two"),
    ("User is down to one hive", "count.hive", "one"),
    ("User and family have 350 birds, the new shed is finished", "count.bird", "350"),
    ("User keeps 200 layers on their dad's shamba in Njoro", "count.layer", "200"),
    ("User has two little boys", "count.boy", "two"),
    ("User now has three dogs", "count.dog", "three"),
    ("User owns 12 puppies", "count.puppy", "12"),
    ("User got olive and bean from a rescue so 3 rats now", "count.rat", "3"),   # the count a change comes to
    ("User and family now are 7 technician, two new girls", "count.technician", "7"),
    ("Since Hoa leave User and family have 6 technician", "count.technician", "6"),
])
def test_a_count_of_a_thing_is_keyed_by_the_thing(text, key, value):
    assert counted(text) == (key, value)


@pytest.mark.parametrize("text", [
    "User has two weeks off",                     # a span of time
    "User has 3 exams on Friday",                 # a thing of the moment
    "User has 2 boxes left",                      # what is left, not what is had
    "User has 40 varieties of dahlias",           # a count of something else
    "User has 2 cups a day",                      # a rate
    "User has one kid in school and one at uni",  # two counts
    "User's sister has two cats",                 # someone else's
    "User runs 30 km a week",
    "User ran 5 km so 10 km total",
    "User has 2 flights booked for March",       # events, each its own fact (two flights stay two)
    "User has two tickets for the Arctic Monkeys gig",
    "User is 7 now",
])
def test_no_count_key_for_time_rates_leftovers_or_someone_elses(text):
    assert counted(text) is None


def _near(text: str, key: str) -> Neighbour:
    return Neighbour(Memory(id="old1", scope="user:t", kind="semantic", text=text, key=key), 0.7)


def test_a_new_count_replaces_the_old_one_and_the_same_count_with_more_said_keeps_it():
    old = _near("User has two kids", "count.kid")
    assert decide_by_rules(Candidate(text="User has three kids now", key="count.kid", value="three"),
                           [old])[:2] == ("UPDATE", old)
    op, _, why = decide_by_rules(Candidate(text="User has two kids, Leo and Mia", key="count.kid", value="two"), [old])
    assert op == "UPDATE", why  # never a NOOP that drops the names
    assert decide_by_rules(Candidate(text="User has two kids", key="count.kid", value="two"), [old])[0] == "NOOP"


def test_down_to_one_hive_is_the_answer_to_how_many_beehives(real_embedder, tmp_path):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:roz", [Message(role="user", content="I have two hives at the bottom of the garden and an "
                                       "allotment, plot 32. I have kept bees for 21 years.",
                                       ts="2024-05-18T09:00:00Z", ref="a1")], source="s1")
    ingest(store, "user:roz", [Message(role="user", content="Sad news first: Hive B didn't make it through the winter. "
                                       "So I'm down to one hive.", ts="2025-04-12T09:00:00Z", ref="b1")], source="s2")
    assert [m.text for m in store.list_memories("user:roz", key="count.hive")] == ["User is down to one hive"]
    top = [h.memory.text for h in recall(store, "user:roz", "How many beehives does the user have?", k=3).hits]
    assert "User is down to one hive" in top, top
    assert not any("two hives" in t for t in top), top
    store.close()


# -- a rate for work said in passing -------------------------------------------------------

@pytest.mark.parametrize(("said", "value"), [
    ("Tessera have already sent me two jobs, at 13p a word, which is frankly what I ought to have been getting",
     "13p a word"),
    ("I charge $45 an hour now", "$45 an hour"),
    ("I get 18 quid an hour at the cafe", "18 quid an hour"),
    ("they offered me 30 dollars per article", "30 dollars per article"),
    # an hourly rate written with a slash, in a note or quoted to a client
    ("Rate 180/h, ~160h/mo", "180/h"),
    ("said yes but quoted 220/h for the extension and they took it", "220/h"),
])
def test_what_the_user_is_paid_per_unit_of_work_is_their_rate(said, value):
    from memcli.extract.attributes import implied_rate

    d = implied_rate(said)
    assert d is not None and (d["key"], d["value"]) == ("rate", value)


@pytest.mark.parametrize("said", ["my tutor charges £40 an hour", "parking is $5 an hour", "I pay 20 euros a lesson",
                                  "My rate with them is 12p a word", "we walked 5 km a day",
                                  "my sister gets 18 quid an hour", "the plumber charges 90/h", "the tram runs 6/h",
                                  "the heart rate went to 150/h"])
def test_a_cost_the_user_pays_or_someone_elses_rate_is_no_rate_of_theirs(said):
    from memcli.extract.attributes import implied_rate

    assert implied_rate(said) is None


def test_a_rate_said_in_passing_replaces_the_old_one_and_as_of_reads_it(real_embedder, tmp_path):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:nell", [Message(role="user", content="My rate with them is 11p a word, which is already well "
                                        "below market.", ts="2024-04-13T09:41:38Z", ref="a1")], source="s1")
    ingest(store, "user:nell", [Message(role="user", content="So that's that. Tessera have already sent me two jobs, "
                                        "at 13p a word, which is frankly what I ought to have been getting all along.",
                                        ts="2024-10-03T08:15:00Z", ref="b1")], source="s2")
    assert [m.text for m in store.list_memories("user:nell", key="rate")] \
        == ["User's rate is 13p a word"]
    top = recall(store, "user:nell", "What is the user's per-word rate?", k=3, as_of="2024-12-01T00:00:00Z").hits
    assert "13p" in top[0].memory.text, [h.memory.text for h in top]
    store.close()


def test_a_rate_quoted_after_a_discourse_word_is_the_users():
    from memcli.extract.attributes import implied_rate

    d = implied_rate("anyway said yes but quoted 220/h for the extension")
    assert d is not None and d["value"] == "220/h"
    assert implied_rate("anyway the plumber quoted 90/h") is None  # someone else's rate


@pytest.mark.parametrize(("text", "want"), [
    ("User's daughter Farida is 3 years old", ("farida.age", "3", None)),
    ("Farida turned 4 on 2025-07-01 (1 July), big party", ("farida.age", "4", "update")),
    ("Bliksem turned 14 years old during the week of 2025-10-06", ("bliksem.age", "14", "update")),
    ("Noah is now 7 months old", ("noah.age", "7 months", "update")),
])
def test_how_old_someone_named_is_is_one_value_keyed_by_the_name(text, want):
    from memcli.extract.attributes import named_age
    assert named_age(text) == want


@pytest.mark.parametrize("text", ["Anna is 30 minutes away", "Keoni is 12, Malia is 9", "User is 34 years old",
                                  "Room 14 is 3 doors down", "Farida is 3rd in her class"])
def test_what_only_looks_like_an_age_is_keyed_by_no_name(text):
    from memcli.extract.attributes import named_age
    assert named_age(text) is None


def test_a_later_age_replaces_the_earlier_one(tmp_path, real_embedder):
    with MemoryStore(tmp_path / "m.db", real_embedder) as s:
        for i, (said, ts) in enumerate([("My daughter Farida is 3 years old.", "2025-01-20T05:51:00Z"),
                                        ("Farida turned 4 on 1 July, big party!", "2025-07-08T16:00:00Z")]):
            ingest(s, "user:f", [Message(role="user", content=said, ts=ts, ref=f"m{i}")], source=f"s{i}")
        active = [m.text for m in s.list_memories("user:f") if not m.episode and m.valid_until is None]
        assert any("turned 4" in t for t in active) and not any("3 years old" in t for t in active), active
