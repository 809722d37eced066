"""What users say in passing that the memory must still act on: a forget request
phrased as a permission or about "the story about X and Y", "add that ..." as an
explicit fact, a safety fact whose allergen was named earlier in the message, and a
date whose own clause is a plan though the sentence around it is in the past."""

from datetime import UTC, datetime

import pytest

from memcli.dates import resolve_dates
from memcli.extract import extract_facts
from memcli.requests import forget_requests

NOW = datetime(2025, 5, 21, 15, tzinfo=UTC)


@pytest.mark.parametrize(("said", "topics"), [
    ("and you can forget those ward codes, they've put in swipe cards", ["those ward codes"]),
    ("please forget the story about the boiler and the old landlord, it's finished", ["the boiler", "the old landlord"]),
    ("please forget my salt and pepper preferences", ["my salt and pepper preferences"]),
])
def test_forget_requests_said_in_passing(said, topics):
    assert [r.topic for r in forget_requests(said)] == topics


@pytest.mark.parametrize("said", ["you could forget that easily", "you can forget it", "I can forget my keys"])
def test_permission_that_names_nothing_stored_is_no_request(said):
    assert forget_requests(said) == []


def test_add_that_is_an_explicit_fact():
    facts = extract_facts("Please add also that my children are small, Zosia is 7 and Kuba is 4", NOW).facts
    assert [(f.text, f.source) for f in facts] == [("User's children are small, Zosia is 7 and Kuba is 4",
                                                    "explicit")]
    assert extract_facts("add that to the list", NOW).facts == []


@pytest.mark.parametrize(("said", "stored"), [
    ("bro i told u no peanuts 💀 im allergic", "User is allergic to peanuts"),
    ("no eggs or milk please, I am allergic", "User is allergic to eggs and milk"),
])
def test_a_safety_fact_takes_the_allergen_its_message_names(said, stored):
    facts = [f for f in extract_facts(said, NOW).facts if f.safety]
    assert [f.text for f in facts] == [stored]


def test_a_safety_fact_without_any_allergen_is_kept_as_said():
    facts = [f.text for f in extract_facts("I am allergic, careful with the menu", NOW).facts]
    assert facts == ["User is allergic, careful with the menu"]


def test_a_date_takes_the_tense_of_its_own_clause():
    text, first = resolve_dates("montreal abstract got accepted!! talk is june 12", NOW)
    assert first is not None and first.date().isoformat() == "2025-06-12"
    assert resolve_dates("we met on june 2, it was lovely", NOW)[1].date().isoformat() == "2024-06-02"
    # a sentence is a clause too: "signed up ... first one ever. it's on 19 October" is to come
    said = "so I finally did it, signed up for the Cape Town Marathon, first one ever. it's on 19 October"
    assert resolve_dates(said, NOW)[1].date().isoformat() == "2025-10-19"
    assert resolve_dates("I ran the Dublin marathon. It was on 19 October", NOW)[1].date().isoformat() == "2024-10-19"


def test_permission_to_drop_a_habit_of_the_replies_is_no_forget_request():
    assert forget_requests("you can drop the romanisation now, hangul only") == []


def test_a_date_something_was_moved_to_is_to_come():
    now = datetime(2024, 9, 2, tzinfo=UTC)
    text, _ = resolve_dates("the operation is in November, so the sailing has been shifted to the 12th of March", now)
    assert text.endswith("shifted to 2025-03-12")


def test_a_weekday_of_a_habit_stays_a_weekday():
    now = datetime(2024, 11, 12, 20, tzinfo=UTC)
    assert resolve_dates("I go to guitar lessons on Tuesday evening", now) == (
        "I go to guitar lessons on Tuesday evening", None)
    assert resolve_dates("I have a call with Ana on Monday", now)[1] is not None  # one day, a plan


def test_a_title_in_lower_case_ends_no_sentence():
    facts = [f.text for f in extract_facts("my advisor dr. okafor wants a draft of chapter 1 by oct 15", NOW).facts]
    assert facts and all("okafor" in t for t in facts), facts


def test_a_time_word_and_a_subject_after_a_comma_open_a_clause():
    from memcli.extract.clauses import _clauses
    assert _clauses("I go to guitar lessons on Tuesday evening, today I was there") == [
        "I go to guitar lessons on Tuesday evening", "today I was there"]
    assert _clauses("I was sad, then happy") == ["I was sad, then happy"]


def test_a_relative_clause_after_a_name_is_no_question():
    said = "First, Dr Whitcombe, who has taken over Dr Anand's patients since his retirement in July, has asked me to " \
           "keep a written record of my INR readings."
    ex = extract_facts(said, datetime(2024, 9, 17, tzinfo=UTC))
    assert [d.reason for d in ex.discarded] == []
    assert any("Whitcombe" in f.text and "July 2024" in f.text for f in ex.facts), [f.text for f in ex.facts]


@pytest.mark.parametrize(("said", "days"), [
    ("I'm a pharmacist at Boots in Lewisham, working Mondays, Tuesdays and Thursdays.",
     "Mondays, Tuesdays and Thursdays"),
    ("I'm a CNM on the cardiac ward, on nights Monday to Wednesday", "Monday to Wednesday"),
    ("They also changed my days, it is Wednesday, Thursday and Friday for me from next week",
     "Wednesday, Thursday and Friday"),
])
def test_the_days_the_user_works_are_one_keyed_fact(said, days):
    keyed = [(f.key, f.value) for f in extract_facts(said, NOW).facts if f.key == "work_days"]
    assert keyed == [("work_days", days)]


@pytest.mark.parametrize("said", ["my wife works Monday to Friday", "the gym is open Monday to Friday",
                                  "we fly Monday and come back Friday", "I work on Fridays",
                                  "next week I'm working Monday and Tuesday only"])
def test_other_days_are_no_work_schedule(said):
    assert not any(f.key == "work_days" for f in extract_facts(said, NOW).facts)


def test_one_weeks_days_and_a_business_said_as_ours():
    said = "This block started on Monday, so Monday to Thursday I am working"
    assert not any(f.key == "work_days" for f in extract_facts(said, NOW).facts)
    ours = [f.value for f in extract_facts("nope, we're open wed-sun now", NOW).facts if f.key == "work_days"]
    assert ours == ["wed-sun"]


@pytest.mark.parametrize(("question", "reply", "said"), [
    ("Are you still on 13p a word with them?", "14p since January; they put everyone up",
     "I am on 14p a word with them since January"),
    ("Do you still work at Kelly Motors?", "No, Dublin Airport since January", "I work at Dublin Airport since January"),
    ("Are you still free on Saturday?", "Sunday works better", "I am free on Sunday"),
])
def test_a_reply_that_changes_the_value_a_still_question_names(question, reply, said):
    from memcli.extract.said import value_reply
    assert value_reply(question, reply) == said


@pytest.mark.parametrize(("question", "reply"), [
    ("Are you still on 13p a word with them?", "13p, yes"), ("Are you still at Shopify?", "Yes, 3 years now"),
    ("Are you still at Shopify?", "Still there, yes"), ("How are you getting on?", "14p since January"),
    ("Are you still in Leeds?", "It is York now"),
])
def test_a_reply_that_keeps_the_value_or_names_none_changes_nothing(question, reply):
    from memcli.extract.said import value_reply
    assert value_reply(question, reply) is None


def test_the_reply_replaces_the_old_value_through_ingest(real_embedder, tmp_path):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:n", [Message(role="user", content="Tessera have sent me two jobs, at 13p a word.",
                                     ts="2024-10-01T10:00:00Z", ref="a")], source="s1")
    ingest(store, "user:n", [
        Message(role="assistant", content="Great. Are you still on 13p a word with them?", ts="2025-02-01T10:00:00Z",
                ref="b"),
        Message(role="user", content="14p since January; they put everyone up.", ts="2025-02-01T10:01:00Z", ref="c"),
    ], source="s2")
    active = [m.text for m in store.list_memories("user:n")]
    assert "User is on 14p a word with them since January 2025" in active
    assert not any("13p" in t for t in active), active
    store.close()
