"""A question's word for a kind of thing finds the things of that kind: "what exercise
does the user do?" finds "User is running on the river road" over facts that only sound
like the question; a member word never asks for its kind's other members."""

import pytest

from memcli.api import MemoryStore
from memcli.models import Memory
from memcli.recall import recall
from memcli.recall.topics import kinds_said, members_asked
from memcli.text import coverage_stem as stem


@pytest.mark.parametrize("word,member", [("exercise", "running"), ("sports", "tennis"), ("vehicles", "hybrid"),
                                         ("music", "jazz"), ("instrument", "cello"), ("pets", "parrot"),
                                         ("languages", "korean"), ("gym", "strength"), ("medicine", "aspirin"),
                                         ("meds", "metformin"), ("drink", "rooibos"), ("hobby", "watercolour"),
                                         ("dogs", "boerboel")])
def test_a_kind_asks_for_its_members(word, member):
    assert member in members_asked([word])


@pytest.mark.parametrize("word", ["running", "yoga", "user", "drive", "walk", "live"])
def test_a_member_or_any_other_word_asks_for_nothing_more(word):
    assert members_asked([word]) == []


def test_a_member_said_covers_the_kind_asked():
    assert kinds_said({stem("running"), stem("river")}, {stem("exercise")}) == {stem("exercise")}
    assert kinds_said({stem("hungry")}, {stem("exercise")}) == set()


@pytest.mark.parametrize("query,want", [
    ("What exercise does the user do?", "User is running on the river road most mornings"),
    ("Which instrument does the user play?", "User has played the cello since school"),
    ("What vehicles does the user own?", "User and family got a RAV4 hybrid"),
])
def test_recall_finds_the_member_over_what_sounds_like_the_question(tmp_path, real_embedder, query, want):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for text in ["User is hungry constantly", "User is vegetarian", "User lives in Longfellow",
                 "User works at the university library", "User is running on the river road most mornings",
                 "User has played the cello since school", "User and family got a RAV4 hybrid",
                 "User has had to register with a doctor out this way", "User has had type 2 diabetes since 2016",
                 "User's sister Carol has type 2 diabetes"]:
        store.insert(Memory(id="", scope="user:a", kind="semantic", text=text))
    hits = recall(store, "user:a", query, k=3, touch=False).hits
    assert hits[0].memory.text == want


@pytest.mark.parametrize("query", ["Which vet practice does the user take the animals to?",
                                   "How often does the user exercise?",
                                   "Does the user have any drug allergies?", "Is the user allergic to any medicine?"])
def test_a_kind_that_is_not_what_is_asked_for_asks_for_nothing_more(query):
    words = query.lower().rstrip("?").split()
    assert members_asked(words, query) == []


@pytest.mark.parametrize("query,member", [("What exercise does the user do?", "running"),
                                          ("What kind of music is the user into?", "jazz"),
                                          ("Does the user have any pets?", "parrot"),
                                          ("What medication does the user's cat take?", "mg"),
                                          ("Does the user's dog compete in any dog sports?", "running")])
def test_a_kind_asked_for_asks_for_its_members(query, member):
    assert member in members_asked(query.lower().rstrip("?").split(), query)


def test_a_condition_asked_finds_no_other_persons_before_the_users():
    """Health conditions are no kind whose members are looked for: another person's
    ("User's sister Carol has type 2 diabetes") would answer for the user's."""
    assert members_asked(["conditions"]) == []


@pytest.mark.parametrize("query", ["What are the user's dogs called?", "What is the name of the user's dog?",
                                   "what's her dog called?"])
def test_a_pet_asked_by_its_name_asks_for_its_kind(query):
    assert "collie" in members_asked(["dog", "dogs"], query)


def test_a_question_about_something_of_the_pet_asks_for_no_breed():
    assert members_asked(["dog", "vet"], "What is the user's dog's vet called?") == []


def test_a_car_is_found_by_its_model_when_car_is_said_of_something_else(tmp_path, real_embedder):
    """ "car" said of a firm ("Amber Cars") and a car wash must not hide the car told by
    its model: "motor is a 2018 prius"."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for text in ["User is a private hire driver in Bradford for Amber Cars, 9 yrs now", "User is 42 years old",
                 "Zayn's got a saturday job at the car wash on thornton road", "User works fri and sat nights",
                 "Motor is a 2018 prius, silver, 210k on the clock still goin strong",
                 "User lives in Heaton wiv the wife n kids", "Bradford city till User dies",
                 "User drives nights mostly, airport runs to Manchester", "User's son Zayn is 16",
                 "User's wife Shazia works at the school", "User is on uber full time now"]:
        store.insert(Memory(id="", scope="user:a", kind="semantic", text=text))
    hits = recall(store, "user:a", "What car does the user drive?", k=3, touch=False).hits
    assert "prius" in hits[0].memory.text


def test_a_phone_is_found_by_its_make_when_phone_is_said_of_a_call(tmp_path, real_embedder):
    """ "phone" said of a call must not hide the phone told by its make: "grabbed a pixel 8"."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for text in ["User's mum cried on the phone for an hour", "User is 24 years old", "User is from melb",
                 "Gaz lets User park it in the yard overnight", "Grabbed a pixel 8 off marketplace for 400, camera is mad",
                 "User is an apprentice plumber", "Thursdays User is at a bjj gym on sydney rd"]:
        store.insert(Memory(id="", scope="user:a", kind="semantic", text=text))
    hits = recall(store, "user:a", "What phone does the user have?", k=2, touch=False).hits
    assert any("pixel" in h.memory.text for h in hits), [h.memory.text for h in hits]


def test_children_are_found_by_son_and_daughter_when_kids_is_said_of_something_else(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for text in ["Rent at the La Porte house is 1400 but got a yard finally, kids love it",
                 "This 21 and 7 rotation is killing User, barely see the kids", "User's wife Dana teaches 3rd grade",
                 "User's daughter Kasey is at Texas A&M", "User's boy Tyler is 24, he works the ranch with User",
                 "User lives in Big Timber", "User has 280 cows", "The kids think Dana is the coolest teacher",
                 "Kids are growing up fast", "User took the kids to Galveston in June",
                 "The church runs a children's choir", "Children under 5 ride free on the ferry",
                 "User reads to the children at the library on Fridays"]:
        store.insert(Memory(id="", scope="user:a", kind="semantic", text=text))
    top = [h.memory.text for h in recall(store, "user:a", "What are the names of the user's children?", k=3,
                                         touch=False).hits]
    assert any("Kasey" in t for t in top) and any("Tyler" in t for t in top)


def test_what_may_be_ranks_under_what_is_unless_plans_are_asked(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for text in ["Maybe in 2026 User opens second shop in Xinyi, near the department stores",
                 "User has bubble tea shop name Cloud Pearl Tea on Shida Road in Da'an district",
                 "User's wife is Mei", "User sells 300 cups a day"]:
        store.insert(Memory(id="", scope="user:a", kind="semantic", text=text))
    now = recall(store, "user:a", "Where is the user's shop?", k=2, touch=False).hits
    assert "Shida Road" in now[0].memory.text
    plans = recall(store, "user:a", "Where is the user planning to open a second shop?", k=2, touch=False).hits
    assert "Xinyi" in plans[0].memory.text


def test_a_safety_fact_said_with_a_doubt_is_never_weighed_down(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    store.insert(Memory(id="", scope="user:a", kind="semantic", text="User might be allergic to penicillin", safety=True,
                        importance=0.9))
    store.insert(Memory(id="", scope="user:a", kind="semantic", text="User is allergic to cats, they sneeze a lot"))
    hits = recall(store, "user:a", "What is the user allergic to?", k=2, touch=False).hits
    penicillin = next(h for h in hits if "penicillin" in h.memory.text)
    assert penicillin.relevance > 0.9 * max(h.relevance for h in hits)
