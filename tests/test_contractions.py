""""'s" is "has" before a participle and "is" otherwise, wherever a clause is rewritten
in the third person: the pronoun taken for a person named before, a subject said first
and taken up again, and the contractions themselves."""

from datetime import datetime

import pytest

from memcli.extract import extract_facts
from memcli.extract.grammar import _expand

NOW = datetime(2025, 4, 9, 12)


@pytest.mark.parametrize(("said", "expanded"), [
    ("She's been in the billing office", "She has been in the billing office"),
    ("he's got a new job", "he has got a new job"),
    ("it's been ages", "it has been ages"),
    ("she's great", "she is great"),
    ("he's moving to Leeds", "he is moving to Leeds"),
])
def test_a_contracted_has_or_is(said, expanded):
    assert _expand(said) == expanded


@pytest.mark.parametrize(("said", "fact"), [
    ("Karen hasn't had an easy time lately. She's been in the billing office at AdventHealth since March 2025.",
     "Karen has been in the billing office at AdventHealth"),
    ("my ex, he's been phoning about the girls' birthdays", "User's ex has been phoning"),
    ("Marcus has given notice; he's moving to Glasgow", "Marcus is moving to Glasgow"),
    ("my sister, she's a nurse", "User's sister is a nurse"),
])
def test_the_third_person_keeps_has_and_is_apart(said, fact):
    texts = [f.text for f in extract_facts(said, now=NOW).facts]
    assert any(t.startswith(fact) for t in texts), texts
    assert not any(" is been " in t for t in texts)
