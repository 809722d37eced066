"""What is said outright is kept, whatever is said around it: a word on remembering
before it ("while I think on, ..."), a condition joined after it ("... so if I ever ask
you about medicines ..."), a note of a label and its figure ("10k Saturday: 48:37"), and
a name no fact kept ("I started to see someone. Sabrina.") stays in the turn's episode."""

from datetime import datetime

import pytest

from memcli.episodes import episode_of
from memcli.extract import extract_facts

NOW = datetime(2026, 1, 14, 10, 30)


def texts(text: str) -> list[str]:
    return [f.text for f in extract_facts(text, NOW, "user").facts]


@pytest.mark.parametrize("msg", [
    "oh and while I think on, I'm allergic to penicillin, it brings me out in hives",
    "before I forget, I'm allergic to penicillin",
    "come to think of it, I'm allergic to penicillin",
    "I'm allergic to penicillin so if I ever ask you about medicines remember that",
    "I'm allergic to penicillin, it brings me out in hives and if I forget tell me",
])
def test_a_safety_fact_said_around_a_condition_or_a_lead_in_is_kept(msg):
    facts = extract_facts(msg, NOW, "user").facts
    allergy = [f for f in facts if "penicillin" in f.text]
    assert allergy and allergy[0].text.startswith("User is allergic to penicillin")
    assert not any("if" in f.text.split() or "think" in f.text for f in facts)


@pytest.mark.parametrize("msg", [
    "If I ever get a cat, I'll name it Miso",
    "if I ever move to Spain I would open a bar",
    "I would buy a farm and if I won the lottery I would retire",  # the main clause is itself hypothetical
])
def test_a_hypothetical_stays_discarded(msg):
    assert texts(msg) == []


@pytest.mark.parametrize("msg, figure", [("10k Saturday: 48:37.", "48:37"), ("Deadlift PB: 140kg", "140"),
                                          ("Rent this year: 1,820", "1,820")])
def test_a_note_of_a_label_and_its_figure_is_kept(msg, figure):
    assert any(figure in t for t in texts(msg))


@pytest.mark.parametrize("msg", ["lol: 100", "ok: 2", "nice"])
def test_a_bare_figure_or_a_word_is_still_small_talk(msg):
    assert texts(msg) == []


def test_a_name_no_fact_kept_keeps_the_turn_as_an_episode():
    msg = "Also I started to see someone. Sabrina. She is a sommelier at a wine bar in Vieux Lyon."
    facts = ["User started to see someone", "She is a sommelier at a wine bar in Vieux Lyon"]
    episode = episode_of(msg, facts=facts)
    assert episode is not None and "Sabrina" in episode.text


@pytest.mark.parametrize("msg, facts", [
    # "I'm" is the user, not a name
    ("and I'm going to a conference in lisbon in may", ["User is going to a conference in lisbon in may"]),
    ("I moved to Goa", ["User lives in Goa"]),
])
def test_a_turn_its_facts_say_whole_is_no_episode(msg, facts):
    assert episode_of(msg, facts=facts) is None


def test_a_time_is_no_label():
    # "sub 1:03" is a time, not a label "sub 1" and its figure
    assert texts("sub 1:03 FINALLY") == []


def test_a_turn_taken_to_tell_is_no_part_of_what_is_told():
    facts = texts("And while I have you, with 110 going through the parlour twice a day it's some going")
    assert facts and facts[0].startswith("With 110 going through the parlour"), facts
