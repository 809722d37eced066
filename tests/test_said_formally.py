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
