"""A post the user was given or took on is their job title now ("the board asked me to take
on the post of pastoral care coordinator"); a clause that opens with "when" and no verb
put first tells, it does not ask; "there's Setanta, our retired greyhound" names the
greyhound; "for a living" asks for work."""

from datetime import UTC, datetime

import pytest

from memcli.extract import extract_facts
from memcli.recall.query import answer_type, said_plainly

NOW = datetime(2025, 7, 24, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "post"), [
    ("When Fr. Dermot retired in June the board asked me to take on the post of pastoral care coordinator, so it's "
     "four days a week on paper.", "pastoral care coordinator"),
    ("I got promoted to head of department", "head of department"),
    ("They made me director of nursing last month", "director of nursing"),
    ("I've taken over as head chef at the Fig", "head chef"),
    ("I took on the role of team lead", "team lead"),
])
def test_a_post_taken_on_is_the_job_title(said, post):
    facts = extract_facts(said, NOW).facts
    assert [f for f in facts if f.key == "job_title" and f.value == post and f.change == "update"], \
        [(f.text, f.key, f.value) for f in facts]


@pytest.mark.parametrize("said", ["They made me dinner", "my mum asked me to take on the dog",
                                  "I was appointed to the board"])
def test_what_names_no_post_is_no_job_title(said):
    assert not [f for f in extract_facts(said, NOW).facts if f.key == "job_title"]


def test_when_before_a_subject_tells():
    facts = extract_facts("When the kids are in bed I read.", NOW).facts
    assert [f for f in facts if "read" in f.text]
    said = extract_facts("when is the party", NOW)
    assert not said.facts and [d for d in said.discarded if d.reason == "question"]


@pytest.mark.parametrize(("said", "want"), [
    ("Then there's Setanta, our retired greyhound, eleven years old.", "User's retired greyhound Setanta"),
    ("There's Mary, my neighbour, she is lovely.", "User's neighbour Mary"),
])
def test_a_name_introduced_with_what_it_is_stays_with_it(said, want):
    facts = extract_facts(said, NOW).facts
    assert [f for f in facts if want in f.text], [f.text for f in facts]


def test_for_a_living_asks_for_work():
    q = "What does the user do for a living?"
    assert "living" not in said_plainly(q) and answer_type(said_plainly(q)) == "work"
    assert said_plainly("Where is the user living?") == "Where is the user living?"
