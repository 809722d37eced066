"""A question for several things of the user's wants each of them: a hit that names only
what better hits named gives way to one that names another (`recall.spread`); a question
for one thing keeps its order."""

import pytest

from memcli.models import Hit, Memory
from memcli.recall.spread import asks_several, spread


def _hit(text: str, score: float) -> Hit:
    return Hit(memory=Memory(id=text[:12], scope="user:t", kind="semantic", text=text), score=score)


AUDREY_1 = _hit("User's daughter Audrey is 19", 0.31)
AUDREY_2 = _hit("User's daughter Audrey still lives with them", 0.29)
AUDREY_3 = _hit("User's daughter Audrey is strong like her mother", 0.28)
NATHALIE = _hit("User's girlfriend is Nathalie", 0.27)
MAXIME = _hit("User's son Maxime is 24, electrician in Montreal", 0.26)
HITS = [AUDREY_1, AUDREY_2, AUDREY_3, NATHALIE, MAXIME]


@pytest.mark.parametrize("query", ["What are the user's children called?", "Which doctors does the user see?",
                                   "When are the user's kids' birthdays?", "Who are the user's tenants?",
                                   "What are the codes for the user's flat?"])
def test_a_question_for_several_things(query):
    assert asks_several(query)


@pytest.mark.parametrize("query", ["Where does the user live?", "What is the user's address?",
                                   "How many hours does the user work?", "What does the user's sister do?",
                                   "What is the status of the user's visa?", "What are the user's plans?"])
def test_a_question_for_one_thing_or_an_amount(query):
    assert not asks_several(query)


def test_repeats_of_one_name_give_way_to_other_names():
    out = spread(HITS, "What are the user's children called?")
    assert out[:3] == [AUDREY_1, NATHALIE, MAXIME]
    assert sorted(h.memory.id for h in out) == sorted(h.memory.id for h in HITS)


def test_a_question_for_one_thing_keeps_the_order():
    assert spread(HITS, "How old is the user's daughter?") == HITS


def test_a_repeat_far_above_the_next_name_keeps_its_place():
    strong = _hit("User's daughter Audrey is at the Cegep de Chicoutimi", 0.30)
    weak = _hit("User's son Maxime works for Hydro-Quebec", 0.10)
    assert spread([AUDREY_1, strong, weak], "What are the user's children called?") == [AUDREY_1, strong, weak]
