"""A change said in other words: the best hit's nearest later statement in meaning, when
it gives another value, goes above it (`recall.akin`); nothing moves for the past, for an
event, for one sitting, for two later statements equally near, or without another value.

Of the best three hits, a later statement about the same thing goes above an earlier one
(`recall.akin.later_among_best`): "I rest on Wednesdays now" above "my day off is
Monday" for "what is the user's day off?". Nothing moves for a question about the past or
of when, within one sitting, for another person, for a hit far below, or for one about
something else; and the three shown stay the same three."""

import numpy as np
import pytest

from memcli.api import MemoryStore
from memcli.ingest import Message, ingest
from memcli.models import Hit, Memory
from memcli.recall import recall
from memcli.recall.akin import akin_later_first, later_among_best


def _hit(text: str, since: str, score: float, *, kind: str = "semantic", episode: bool = False) -> Hit:
    return Hit(memory=Memory(id=text, scope="user:t", kind=kind, text=text, valid_from=since, episode=episode),
               score=score)


def _unit(*xs: float) -> np.ndarray:
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


OLD = _hit("User is obsessed with Blackpink, their whole personality", "2025-02-08T03:16:06Z", 0.30)
NOISE = _hit("User works at hoyts sylvia park", "2025-05-20T05:41:27Z", 0.25)
NEW = _hit("Its all Laufey for User these days", "2025-05-20T05:45:32Z", 0.20)
VECTORS = {OLD.memory.id: _unit(1, 0, 0), NOISE.memory.id: _unit(0, 1, 0), NEW.memory.id: _unit(0.8, 0.2, 0.1)}


def test_the_nearest_later_statement_with_another_value_goes_above():
    assert akin_later_first([OLD, NOISE, NEW], VECTORS, "What music is the user into?") == [NEW, OLD, NOISE]


def test_a_question_about_the_past_keeps_the_order():
    assert akin_later_first([OLD, NOISE, NEW], VECTORS, "What music did the user like at first?") == [OLD, NOISE, NEW]


@pytest.mark.parametrize("later", [
    _hit("Its all Laufey for User these days", "2025-02-08T05:00:00Z", 0.2),  # the same sitting
    _hit("Its all Laufey for User these days", "2025-05-20T05:45:32Z", 0.2, kind="episodic"),  # an event
    _hit("User is still obsessed with Blackpink", "2025-05-20T05:45:32Z", 0.2),  # no other value
    _hit("Its all Laufey for User these days", "2025-05-20T05:45:32Z", 0.05),  # too far below
    _hit("User's sister Ana is all Laufey these days", "2025-05-20T05:45:32Z", 0.2),  # someone else
])
def test_no_successor_in_the_same_sitting_an_event_no_new_value_or_another_subject(later):
    vectors = {OLD.memory.id: _unit(1, 0, 0), later.memory.id: _unit(0.9, 0.1, 0)}
    assert akin_later_first([OLD, later], vectors, "What music is the user into?") == [OLD, later]


def test_two_later_statements_as_near_name_no_successor():
    other = _hit("User is into Olivia Rodrigo too", "2025-06-01T00:00:00Z", 0.2)
    vectors = {**VECTORS, other.memory.id: _unit(0.8, 0.15, 0.12)}
    assert akin_later_first([OLD, NOISE, NEW, other], vectors, "What music is the user into?")[0] is OLD


def test_a_statement_far_in_meaning_is_no_successor():
    vectors = {**VECTORS, NEW.memory.id: _unit(0.3, 0.2, 0.9)}
    assert akin_later_first([OLD, NOISE, NEW], vectors, "What music is the user into?") == [OLD, NOISE, NEW]


# -- later_among_best ------------------------------------------------------------------

DAY_OFF = _hit("User's day off is Monday", "2024-10-07T09:00:00Z", 0.80)
BAKERY = _hit("User works at the bakery on Quay Street", "2024-10-07T09:02:00Z", 0.40)
RESTS = _hit("On Wednesdays User rests now, the only day", "2025-05-20T18:00:00Z", 0.60, kind="episodic",
           episode=True)
DAY_VECTORS = {DAY_OFF.memory.id: _unit(1, 0, 0), BAKERY.memory.id: _unit(0, 1, 0), RESTS.memory.id: _unit(0.7, 0.1, 0.7)}


def test_a_later_statement_of_the_same_thing_among_the_best_goes_first():
    assert later_among_best([DAY_OFF, BAKERY, RESTS], DAY_VECTORS, "What is the user's day off?") == [RESTS, DAY_OFF, BAKERY]


@pytest.mark.parametrize("query", ["What was the user's day off before?", "When is the user's day off?",
                                   "How long has the user had Mondays off?"])
def test_a_question_of_the_past_or_of_when_keeps_the_order(query):
    assert later_among_best([DAY_OFF, BAKERY, RESTS], DAY_VECTORS, query) == [DAY_OFF, BAKERY, RESTS]


def test_the_latest_asked_for_in_a_past_tense_question_goes_first():
    assert later_among_best([DAY_OFF, BAKERY, RESTS], DAY_VECTORS, "What was the user's latest day off?")[0] is RESTS


@pytest.mark.parametrize("later", [
    _hit("On Wednesdays User rests now", "2024-10-07T15:00:00Z", 0.6),  # the same sitting
    _hit("On Wednesdays User rests now", "2025-05-20T18:00:00Z", 0.12),  # far below
    _hit("User's sister Ana rests on Wednesdays now", "2025-05-20T18:00:00Z", 0.6),  # someone else
])
def test_no_move_within_one_sitting_from_far_below_or_for_someone_else(later):
    vectors = {DAY_OFF.memory.id: _unit(1, 0, 0), later.memory.id: _unit(0.9, 0.1, 0)}
    assert later_among_best([DAY_OFF, later], vectors, "What is the user's day off?") == [DAY_OFF, later]


def test_a_later_statement_about_something_else_stays_below():
    vectors = {**DAY_VECTORS, RESTS.memory.id: _unit(0.1, 0.1, 1)}
    assert later_among_best([DAY_OFF, BAKERY, RESTS], vectors, "What is the user's day off?") == [DAY_OFF, BAKERY, RESTS]


def test_only_the_best_three_are_reordered_and_none_is_brought_in():
    fourth = _hit("On Wednesdays User rests now", "2025-05-20T18:00:00Z", 0.6)
    vectors = {**DAY_VECTORS, fourth.memory.id: _unit(1, 0, 0)}
    hits = [DAY_OFF, BAKERY, _hit("User likes rye bread", "2024-11-01T00:00:00Z", 0.5), fourth]
    assert later_among_best(hits, vectors, "What is the user's day off?") == hits


def _say(store: MemoryStore, scope: str, text: str, ts: str, ref: str) -> None:
    ingest(store, scope, [Message(role="user", content=text, ts=ts, ref=ref)], source=ref)


def test_recall_shows_the_day_off_said_months_later_first(real_embedder, tmp_path):
    """A change said in other words, that no rule of the write path reads as one, is still
    read first where both are shown."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _say(store, "user:r", "My day off is Monday, that's when I do the big shop and see my mum.",
         "2024-10-07T09:00:00Z", "a1")
    _say(store, "user:r", "They redid the rota at work. Wednesdays I rest now, the only day I get.",
         "2025-05-20T18:00:00Z", "b1")
    hits = recall(store, "user:r", "What is the user's day off?", k=3, touch=False).hits
    texts = [h.memory.text for h in hits]
    assert "Wednesday" in texts[0], texts
    assert any("Monday" in t for t in texts), texts  # the old one is still shown, below
    before = recall(store, "user:r", "What was the user's day off before?", k=3, touch=False).hits
    assert any("Monday" in h.memory.text for h in before)
    store.close()


def test_every_later_statement_of_the_same_thing_goes_above_the_earlier_one():
    tyson = _hit("User staffy Tyson is givin User the eyes for a walk", "2024-02-16T21:45:22Z", 0.8)
    gone = _hit("User staffy had to be put down in September, cancer", "2024-10-09T20:40:00Z", 0.65)
    pup = _hit("User got a frenchie pup off a lad in tallaght, Biscuit, shes a mad yoke", "2024-10-09T20:41:00Z", 0.6)
    vectors = {tyson.memory.id: _unit(1, 0, 0), gone.memory.id: _unit(0.8, 0.6, 0), pup.memory.id: _unit(0.5, 0, 0.87)}
    # both said later go above it, the latest first: no stale name above the new one
    assert later_among_best([tyson, gone, pup], vectors, "What is the name of the user's dog?") == [pup, gone, tyson]


@pytest.mark.parametrize(("later", "moves"), [
    # the person the question names, said in lower case inside a longer message
    (_hit("cant drink monster anymore. oh n jamie's after gettin taken on by the luas as a driver",
          "2024-07-20T19:21:09Z", 0.6, kind="episodic", episode=True), True),
    # a message of the user's own that does not say the name
    (_hit("cant drink monster anymore. oh n i'm after gettin taken on by the luas as a driver",
          "2024-07-20T19:21:09Z", 0.6, kind="episodic", episode=True), False),
])
def test_a_later_message_naming_the_person_asked_about_is_about_them(later, moves):
    plasterer = _hit("User's brother Jamie's a plasterer, says monster is grand haha", "2024-02-16T21:37:44Z", 0.8)
    vectors = {plasterer.memory.id: _unit(1, 0, 0), later.memory.id: _unit(0.5, 0.87, 0)}
    out = later_among_best([plasterer, later], vectors, "What does the user's brother Jamie do for work?")
    assert (out[0] is later) is moves


def test_fewer_asked_for_than_three_reorders_only_those_shown():
    assert later_among_best([DAY_OFF, BAKERY, RESTS], DAY_VECTORS, "What is the user's day off?", k=2) == [DAY_OFF, BAKERY, RESTS]


def test_a_later_statement_that_is_no_answer_of_the_kind_asked_stays_below():
    work = _hit("User works at St James's Hospital", "2024-11-04T01:00:00Z", 0.8)
    days = _hit("User works days now, three a week", "2024-12-04T01:00:00Z", 0.7)
    vectors = {work.memory.id: _unit(1, 0, 0), days.memory.id: _unit(0.9, 0.1, 0)}
    assert later_among_best([work, days], vectors, "Where does the user work?") == [work, days]
    moved = _hit("User works at the Mater Hospital now", "2024-12-04T01:00:00Z", 0.7)
    vectors[moved.memory.id] = _unit(0.9, 0.1, 0)
    assert later_among_best([work, moved], vectors, "Where does the user work?") == [moved, work]


RAW_RESTS = _hit("On Wednesdays User rests now, the only day", "2025-05-20T18:00:00Z", 0.60, kind="episodic")


@pytest.mark.parametrize("old", [
    _hit("my day off is monday, big shop day", "2024-10-07T09:00:00Z", 0.8, kind="episodic"),
    _hit("User had Monday off on 2024-10-07", "2024-10-07T09:00:00Z", 0.8, kind="episodic"),
])
def test_no_raw_turn_or_event_goes_above_a_raw_turn_or_an_event(old):
    # (turns stored as they came, as LoCoMo's direct variant stores them: a later one is as
    # often the answer to another question)
    assert later_among_best([old, RAW_RESTS], {old.memory.id: _unit(1, 0, 0), RAW_RESTS.memory.id: _unit(1, 0, 0)},
                            "What is the user's day off?") == [old, RAW_RESTS]


def test_what_the_user_said_later_goes_above_what_they_said_before():
    smoke = _hit("Bad habit po, I smoke 1 pack a day, Marlboro red", "2025-01-08T13:40:08Z", 0.8, kind="episodic",
                 episode=True)
    quit_ = _hit("Good news po: 30 days no cigarette already! Nicotine gum only.", "2025-03-20T10:03:05Z", 0.66,
                 kind="episodic", episode=True)
    vectors = {smoke.memory.id: _unit(1, 0, 0), quit_.memory.id: _unit(0.6, 0.8, 0)}
    assert later_among_best([smoke, quit_], vectors, "Does the user smoke?") == [quit_, smoke]


def test_a_fact_of_another_key_stays_below():
    home = Hit(memory=Memory(id="home", scope="user:t", kind="profile", text="User lives in Bangalore",
                             key="home_city", valid_from="2026-01-10T00:00:00Z"), score=0.8)
    work = Hit(memory=Memory(id="work", scope="user:t", kind="profile", text="User works at Flipkart",
                             key="employer", valid_from="2026-03-10T00:00:00Z"), score=0.6)
    vectors = {"home": _unit(1, 0, 0), "work": _unit(0.8, 0.2, 0)}
    assert later_among_best([home, work], vectors, "Where does the user live?") == [home, work]


def test_how_old_someone_is_asks_for_now():
    age = _hit("Anak gue Raka, 5 tahun, TK Pelita Harapan", "2025-02-17T14:26:47Z", 0.655)
    older = _hit("Raka udah 6 tahun bro, seragam merah putih", "2025-08-11T12:51:20Z", 0.655)
    vectors = {age.memory.id: _unit(1, 0, 0), older.memory.id: _unit(0.8, 0.2, 0)}
    assert later_among_best([age, older], vectors, "How old is Raka?") == [older, age]
    # "how old was she when ...": the past, the order kept
    assert later_among_best([age, older], vectors, "How old was Raka when she started school?") == [age, older]


@pytest.mark.parametrize(("old", "new", "same"), [
    # one person, named with a capital in one and typed in lower case in the other
    ("Huw's got 640 ewes on the hill", "huw sold off the older ewes so he's down to 580", True),
    ("User's wife Tanya works as a 911 dispatcher", "Quick one tanya left dispatch after 18 years", True),
    # the user in one, the person in the other; a word that only looks like the name
    ("User's wife Tanya works as a 911 dispatcher", "User left dispatch after 18 years", False),
    ("Huw's got 640 ewes on the hill", "the price of ewes rose, huw says", False),
])
def test_a_person_typed_in_lower_case_is_the_same_person(old, new, same):
    from memcli.recall.newer import _same_subject

    assert _same_subject(old, new, "How many ewes does he keep?") is same


@pytest.mark.parametrize(("old", "new", "same"), [
    # a name with an accent, the news after a heading
    ("User's sister Élodie is institutrice in Villeurbanne", "Family news: Élodie got a poste de directrice in "
     "Grenoble, so the whole family went to live there", True),
    ("User's sister Élodie is institutrice in Villeurbanne", "Big news - Élodie moved to Grenoble", True),
    # someone else named after the heading is not her
    ("User's sister Élodie is institutrice in Villeurbanne", "Family news: Karim got a job in Grenoble", False),
    # someone who has the user doing something: the user's own state
    ("User drives an old Corolla, an 09", "Bríd has User driving a Skoda Octavia estate", True),
])
def test_a_relative_named_with_an_accent_or_after_a_heading_is_the_same_person(old, new, same):
    from memcli.recall.newer import _same_subject

    assert _same_subject(old, new, "Which city does the user's sister Élodie live in?") is same


def test_a_place_typed_in_lower_case_after_at_is_another_value_for_where():
    from memcli.recall.newer import _of_kind_asked
    q = "Where does the user work?"
    assert _of_kind_asked(q, "User does part time at Jollibee near campus", "also im a csr at teleperformance now")
    # an everyday word is no name: "at home", "to work"
    assert not _of_kind_asked(q, "User works at Jollibee", "User is at home more now")


COURSE = _hit("Tissue viability course in Inverness on 2023-11-14 (14 Nov), must book cover", "2023-10-01T09:00:00Z", 0.67)
PUT_RIGHT = _hit("Its on 2023-11-21 (21 Nov). misread the email, the other date was the booking deadline",
                 "2023-10-03T09:00:00Z", 0.24)
ANOTHER = _hit("Wound care study day on 2023-11-28 (28 Nov)", "2023-10-03T09:00:00Z", 0.24)
COURSE_VECTORS = {COURSE.memory.id: _unit(1, 0, 0), PUT_RIGHT.memory.id: _unit(0.8, 0.2, 0),
                  ANOTHER.memory.id: _unit(0.8, 0.2, 0)}


def test_a_day_put_right_later_goes_first_for_a_question_of_when():
    query = "When is the user's tissue viability course in Inverness?"
    assert later_among_best([COURSE, PUT_RIGHT], COURSE_VECTORS, query) == [PUT_RIGHT, COURSE]


def test_another_day_said_without_a_slip_stays_below_for_a_question_of_when():
    query = "When is the user's tissue viability course in Inverness?"
    assert later_among_best([COURSE, ANOTHER], COURSE_VECTORS, query) == [COURSE, ANOTHER]
