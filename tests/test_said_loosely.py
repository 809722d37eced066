"""More ways people write loosely, each family with the look-alikes it must leave alone:
a word stretched for emphasis ("reallllly"), a subject said first and taken up by a
pronoun ("my boss, he is awful"), an apology before the fix ("sorry, my mistake, it's
the 14th"), a list of people with what is said of each in brackets, a shift or a leave
of someone's ("Meera's on nights at St. Joe's since New Year's"), what follows for the
user after ", so", and the new way after an end ("It's beer traps now")."""

from datetime import UTC, datetime

import pytest

from memcli.api import MemoryStore
from memcli.extract import extract_facts
from memcli.ingest import Message, ingest
from memcli.text import unstretch

NOW = datetime(2025, 6, 1, 12, tzinfo=UTC)


def _texts(text: str, people: dict[str, str] | None = None) -> list[str]:
    return [f.text for f in extract_facts(text, NOW, people=people).facts]


def _facts(text: str, people: dict[str, str] | None = None):
    return extract_facts(text, NOW, people=people).facts


# -- a stretched word ----------------------------------------------------------------------
@pytest.mark.parametrize("said,plain", [("reallllly", "really"), ("nexxxt", "next"), ("yaaay", "yay"),
                                        ("coooool", "cool"), ("Hmmmm", "Hmm")])
def test_a_letter_said_three_times_or_more_is_an_emphasis(said, plain):
    assert unstretch(said) == plain


@pytest.mark.parametrize("kept", ["1000 kg", "!!!", "room 111", "bookkeeper", "Lee's"])
def test_digits_punctuation_and_real_doubles_are_kept(kept):
    assert unstretch(kept) == kept


def test_a_stretched_adverb_is_no_verb():
    assert _texts("i reallllly want a dog") == ["User really wants a dog"]


# -- a subject said first, then taken up by a pronoun -----------------------------------------
@pytest.mark.parametrize("said,fact", [
    ("Honestly, my boss, he is awful", "User's boss is awful"),
    ("My sister, she's in Lyon now", "User's sister is in Lyon now"),
    ("my parents, they're moving to Porto", "User's parents are moving to Porto"),
    ("my old car, it broke down again", "User's old car broke down again"),
])
def test_a_subject_said_first_is_the_subject(said, fact):
    texts = _texts(said)
    assert fact in texts
    assert not any(t in ("User's boss", "User's sister", "User's parents", "User's old car") for t in texts)


def test_a_pronoun_after_an_object_is_a_clause_of_its_own():
    assert _texts("I told my boss, he laughed") == ["User told their boss", "User's boss laughed"]


# -- an apology before the fix ---------------------------------------------------------------
@pytest.mark.parametrize("said,fixed", [
    ("The dentist is on the 12th. Sorry, my mistake, it's the 14th", "The dentist is on 2025-06-14"),
    ("the wedding is july 28. oops, my bad, the 29th", "The wedding is on 2025-07-29"),
    ("Rent is 1650. scratch that, 1700", "Rent is 1700"),
])
def test_an_apology_then_a_value_corrects_the_fact_before(said, fixed):
    assert _texts(said) == [fixed]


def test_a_day_that_is_no_date_is_corrected_as_a_day():
    assert _texts("I live on the 3rd floor. sorry my mistake, the 4th") == ["User lives on the 4th floor"]


@pytest.mark.parametrize("said", ["Ugh, my mistake, the meeting is at 4", "Sorry, my mistake, it's the 14th"])
def test_an_apology_is_never_a_fact(said):
    assert not any("mistake" in t or "bad" in t.split() for t in _texts(said))


def test_a_day_said_in_the_next_message_keeps_the_month(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for i, (text, ts) in enumerate([("The dentist is on the 12th of March", "2025-03-01T10:00:00Z"),
                                    ("Sorry, my mistake, it's the 14th", "2025-03-01T10:01:00Z")]):
        ingest(store, "user:a", [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"m{i}")
    assert [m.text for m in store.list_memories("user:a") if not m.episode] == ["The dentist is on 2025-03-14"]


@pytest.mark.parametrize("said", ["sorry, my bad, I meant Tuesday", "my bad, I meant Tuesday", "I meant Tuesday",
                                  "no wait, make that friday"])
def test_a_weekday_alone_corrects_the_message_before(said):
    ex = extract_facts(said, NOW)
    assert not ex.facts and ex.discarded[-1].reason == "a correction of the message before"


def test_a_weekday_in_a_sentence_is_no_correction():
    assert _texts("I meant to call on Tuesday") != []


def test_a_day_replaces_the_day_not_the_hour(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for i, (text, ts) in enumerate([("the dentist is on monday at 3", "2026-05-01T10:00:00Z"),
                                    ("sorry, my bad, I meant Tuesday", "2026-05-01T10:01:00Z")]):
        ingest(store, "user:a", [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"m{i}")
    assert [m.text for m in store.list_memories("user:a") if not m.episode] == ["The dentist is on 2026-05-05 at 3"]


# -- a list of people with what is said of each -------------------------------------------------
def test_a_list_with_brackets_is_the_list_and_one_fact_each():
    assert _texts("My kids are Jasmine (13, starting 8th grade at Inman Middle) and Theo (9, 4th grade at "
                  "Springdale Park Elementary).") == [
        "User's kids are Jasmine and Theo",
        "User's kid Jasmine is 13, starting 8th grade at Inman Middle",
        "User's kid Theo is 9, 4th grade at Springdale Park Elementary"]
    assert _texts("My sons are Cian (14), Rory (11) and Finn (3).")[1:] == [
        "User's son Cian is 14", "User's son Rory is 11", "User's son Finn is 3"]


@pytest.mark.parametrize("said", ["our daughters, Ana (7) and Bea (4), love swimming",
                                  "my kids are Jasmine and Theo"])
def test_a_list_said_otherwise_is_one_clause(said):
    assert len(_texts(said)) == 1


# -- someone's shift or leave, and what follows for the user ----------------------------------------
def test_a_shift_of_someones_since_a_time_is_their_change():
    facts = _facts("Meera's on nights at the St. Joe's hospital pharmacy since New Year's, so weekday dinners "
                   "are on me.", {"Meera": "partner"})
    assert [(f.text, f.change) for f in facts] == [
        ("User's partner Meera is on nights at the St. Joe's hospital pharmacy since New Year's", "update"),
        ("Weekday dinners are on User", None)]


@pytest.mark.parametrize("said", ["Meera's at the gym", "Meera's on the phone"])
def test_somewhere_for_now_is_no_news_of_theirs(said):
    assert not any(f.change for f in _facts(said, {"Meera": "partner"}))


def test_what_follows_for_someone_else_stays_in_its_clause():
    assert _texts("I got a raise, so money is less tight") == ["User got a raise, so money is less tight"]


# -- the new way after an end ------------------------------------------------------------------
def test_the_new_way_after_an_end_is_that_change():
    facts = _facts("Also I've gone off nematodes, expensive and I'm not convinced they work. It's beer traps and "
                   "night patrols with a torch now.")
    assert ("User has gone off nematodes, expensive, it's beer traps and night patrols with a torch now",
            "update") in [(f.text, f.change) for f in facts]
    assert [(f.text, f.change) for f in _facts("We stopped using Wise. It's Remitly these days.")] == [
        ("User and family stopped using Wise, it's Remitly these days", "update")]


@pytest.mark.parametrize("said", ["I quit the gym. It's too expensive now.", "It's pilates now",
                                  "I love the gym. It's leg day now."])
def test_a_judgment_or_no_end_before_it_is_no_new_way(said):
    assert not any("instead" in f.rule for f in _facts(said))


# -- a doing said without its "I'm" --------------------------------------------------------
@pytest.mark.parametrize("said,fact", [
    ("running on the river road instead, like 5k most mornings",
     "User is running on the river road instead, like 5k most mornings"),
    ("Building a deck this summer", "User is building a deck in summer 2025"),
    ("reading a lot of sci-fi lately", "User is reading a lot of sci-fi lately"),
])
def test_a_doing_without_its_subject_is_the_users(said, fact):
    assert _texts(said) == [fact]


@pytest.mark.parametrize("said", ["swimming at the Y is fun", "Parking went up to $210 a month",
                                  "morning walks with the dog", "Wedding on the 12th", "Meeting notes are in the doc"])
def test_a_noun_in_ing_or_a_gerund_subject_is_no_doing_of_the_users(said):
    assert not any(t.startswith("User is") for t in _texts(said))


# -- a short clause with a measure -----------------------------------------------------------
def test_a_short_clause_that_gives_a_measure_is_kept():
    assert "Berlin went 3:22:48" in _texts("New year admin. Berlin went 3:22:48. Cellar unchanged.")


@pytest.mark.parametrize("said", ["ok 5pm", "yes, at 5", "14p since January", "sub 1:03 FINALLY"])
def test_a_bare_value_or_an_exclamation_is_no_fact(said):
    assert _texts(said) == []


# -- a relative said without "my" ------------------------------------------------------------
@pytest.mark.parametrize("said,fact", [
    ("Partner Meera is a pharmacist at the Shoppers on Queen East.",
     "User's partner Meera is a pharmacist at the Shoppers on Queen East"),
    ("Husband Tom works nights at the depot.", "User's husband Tom works nights at the depot"),
    ("Sister lives in Leeds.", "User's sister lives in Leeds"),
    # a parent called by the word, as a name: "Dad's settled in his room at the Bethany home"
    ("Dad's settled in his room at the Bethany home in Middle Lake.",
     "User's dad is settled in his room at the Bethany home in Middle Lake"),
    ("Grandma's still in the house on Elm Street.", "User's grandma is still in the house on Elm Street"),
])
def test_a_relative_said_without_my_is_the_users(said, fact):
    assert fact in _texts(said)


@pytest.mark.parametrize("said", ["Brother, can you help?", "Kids these days are wild.", "Mum's the word.",
                                  "Ma Long won the final.", "Papa John's is my favourite pizza."])
def test_a_vocative_or_an_idiom_is_no_relative_of_the_users(said):
    assert not any(t.startswith("User's") for t in _texts(said))
