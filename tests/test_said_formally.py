"""What a user writing formally or at length says: a lead-in before the fact, when it holds
said first, a house bought or put on the market."""

from datetime import UTC, datetime

import pytest

from memcli.extract import extract_facts

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def keyed(said: str) -> dict[str, str]:
    return {f.key: f.value for f in extract_facts(said, NOW).facts if f.key}


@pytest.mark.parametrize(("said", "key", "value"), [
    ("You may also be interested to know that I now weigh 171 pounds.", "weight", "171 pounds"),
    ("I am pleased to report that we moved to Osakis in May.", "home_city", "Osakis"),
    ("I should mention that I work at Bluestem now.", "employer", "Bluestem"),
    ("As of the first of this month, I work at Bluestem.", "employer", "Bluestem"),
    ("As of now, I live in Leeds.", "home_city", "Leeds"),
    ("We closed on a house in Osakis last week.", "home_city", "Osakis"),
    ("We bought a house in Osakis.", "home_city", "Osakis"),
    # the day it holds from said first, with or without its comma; a posting is a title
    ("With effect from 3rd November I am posted as Assistant Manager at Tambaram branch.", "job_title",
     "Assistant Manager"),
    ("With effect from 3rd November I am posted as Assistant Manager at Tambaram branch.", "employer",
     "Tambaram branch"),
    ("From 1 March, I work at the Leeds office.", "employer", "the Leeds office"),
    ("Starting next Monday we live in Harrogate.", "home_city", "Harrogate"),
])
def test_a_formal_lead_in_or_a_when_said_first_leaves_the_fact(said, key, value):
    assert keyed(said).get(key) == value


@pytest.mark.parametrize("said", [
    "The house in Sauk Centre has been listed with an agent.",
    "The house in Sauk Centre is on the market.",
    "Our house in Sauk Centre is for sale.",
])
def test_a_house_put_up_for_sale_is_no_home(said):
    assert "home_city" not in keyed(said)


def test_a_lead_in_asking_nothing_is_no_fact():
    assert extract_facts("I want to tell you something.", NOW).facts == []


@pytest.mark.parametrize(("query", "broad"), [
    ("What do you remember about this user?", True),
    ("Tell me about them", True),
    ("Where is the user from?", False),  # stopwords alone, but one thing asked
    ("Who is she?", False),
    ("How is the user?", False),
])
def test_a_question_in_stopwords_asks_at_large_only_without_a_question_word(query, broad):
    from memcli.recall.query import is_broad
    assert is_broad(query) is broad


@pytest.mark.parametrize(("said", "safety"), [
    ("We never see each other, ahah.", False),
    ("Two birthdays I must never forget: mamma, 2 June.", False),
    ("Never suggest satay to me.", True),
    ("I never eat pork.", True),
    ("I must never forget my EpiPen.", True),
])
def test_a_never_is_a_hard_constraint_only_of_doing_or_giving(said, safety):
    assert any(f.safety for f in extract_facts(said, NOW).facts) is safety


def test_a_long_quotation_after_a_question_is_not_the_users():
    said = ("Can you check this message I received, is it legit? 'Dear Ms. Santos, congratulations! You have been "
            "selected for a nursing position at King Faisal Specialist Hospital in Riyadh, salary SAR 15,000.'")
    ex = extract_facts(said, NOW)
    assert not any("King Faisal" in f.text for f in ex.facts), [f.text for f in ex.facts]
    assert any("King Faisal" in d.clause and "quoted" in d.reason for d in ex.discarded)


@pytest.mark.parametrize("said", ["I can't believe it's Tom's birthday and I'm turning 40 next week, it's wild",
                                  "We call the dog 'the boss' because he runs the house"])
def test_apostrophes_and_a_short_quote_open_no_quotation(said):
    assert extract_facts(said, NOW).facts


def test_where_the_user_is_now_is_no_part_of_where_they_are_from():
    assert keyed("I am from Napoli, Rione Sanità, in London since 2019.")["hometown"] == "Napoli, Rione Sanità"


def test_land_taken_on_is_no_home():
    assert "home_city" not in keyed("I took on da Fontenot place next to me, 120 acres of ponds.")


@pytest.mark.parametrize("said", ["From my window in Almada I see all Lisboa.", "From what I hear we live in a bubble."])
def test_from_before_no_day_is_no_when(said):
    from memcli.extract.clauses import when_said_after
    assert when_said_after(said) == said
