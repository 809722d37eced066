"""The claim-equivalence test: what makes two sentences the same claim, or opposite ones."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcli.claims import adds_to, contradicts, differences, parse, same_claim

SAME = [
    ("User is allergic to peanuts.", "The user is allergic to peanuts"),
    ("User lives in Halifax.", "User lives in Halifax now."),
    ("User's mortgage payment is 2,100 a month.", "User's mortgage payment is 2100 a month."),
    ("User's flight to Oslo is on 3 March.", "User's flight to Oslo is on March 3."),
    ("User likes to hike.", "User likes to hike on weekends.".replace(" on weekends", "")),
    ("User weighs 64 kg.", "User weighs 64kg."),
    # a number said in words, as dictation writes it
    ("User takes metformin 500 mg twice a day.", "User takes metformin five hundred mg twice a day."),
]

DIFFERENT = [
    ("User is not allergic to peanuts.", "User is allergic to peanuts.", "negation"),
    ("User's office is room 14.", "User's office is room 41.", "number"),
    ("User's flight to Oslo is on 3 March.", "User's flight back from Oslo is on 13 March.", "number"),
    ("User's flight to Oslo is on 3 March.", "User's flight back from Oslo is on 3 March.", "direction"),
    ("User's son Leo is 7.", "User's son Max is 7.", "name"),
    ("User's dentist appointment is in May.", "User's dentist appointment is in June.", "month"),
    ("User likes jazz.", "User dislikes jazz.", "stance"),
    ("User likes jazz.", "User can't stand jazz.", "stance"),
    ("User has two cats.", "User has three cats.", "number"),
    ("Doc has User on five hundred of the metformin.", "Doc has User on a thousand of the metformin.", "number"),
    ("User drives eighty miles a day.", "User drives ninety miles a day.", "number"),
    ("User lives in Halifax.", "User no longer lives in Halifax.", "negation"),
    ("The rent went up to 1,500.", "The rent went down to 1,500.", "direction"),
]


@pytest.mark.parametrize("a,b", SAME)
def test_same_claim(a, b):
    assert same_claim(a, b), differences(a, b)


@pytest.mark.parametrize("a,b,what", DIFFERENT)
def test_different_claims(a, b, what):
    assert not same_claim(a, b)
    assert any(d.startswith(what) for d in differences(a, b)), differences(a, b)


@pytest.mark.parametrize("a,b", [
    ("User is allergic to peanuts.", "User is not allergic to peanuts."),
    ("User likes jazz.", "User can't stand jazz."),
    ("User likes sushi.", "User doesn't like sushi."),
    ("User lives in Halifax.", "User no longer lives in Halifax."),
    ("User is vegetarian", "User is not vegetarian since the doctor said so"),
    ("User likes the gym", "User can't stand the gym, it feels like a chore"),
])
def test_contradiction(a, b):
    assert contradicts(a, b) and contradicts(b, a)


@pytest.mark.parametrize("a,b", [
    ("User is allergic to peanuts.", "User is allergic to peanuts."),  # the same claim
    ("User dislikes jazz.", "User doesn't like jazz."),  # two ways of saying one thing
    ("User is not allergic to peanuts.", "User has no car."),  # opposite polarity, other content
    ("User's office is room 14.", "User's office is not room 41."),  # a number differs too
])
def test_not_a_contradiction(a, b):
    assert not contradicts(a, b)


@pytest.mark.parametrize("a,b", [
    # a negation of a clause inside the claim: what Tomasz thinks, not whether he is the boyfriend
    ("User's boyfriend is Tomasz", "User's boyfriend Tomasz thinks User does not see it"),
    ("User's sister is Ana", "User's sister Ana says she can't come"),
    # "like" as a comparison or a hedge is no liking
    ("User's husband is Dan", "User's husband Dan is a carpenter, which means their income looks like a seismograph"),
    ("User's girlfriend is Renata", "User's girlfriend Renata chips in for groceries since she's over like every night"),
])
def test_more_said_of_the_same_is_no_denial(a, b):
    assert not contradicts(a, b) and not contradicts(b, a)


def test_like_as_a_comparison_or_a_hedge_is_no_stance():
    assert parse("User's mile is like 6:40").stance == 0
    assert parse("It looks like rain").stance == 0
    assert parse("User likes jazz").stance == 1
    assert parse("I like a good book").stance == 1


def test_adds_detail():
    assert adds_to("User has a dog.", "User has a dog named Rex.")
    assert not adds_to("User has a dog named Rex.", "User has a dog.")
    assert not adds_to("User is allergic to peanuts.", "User is not allergic to peanuts or shellfish.")
    assert not adds_to("User's office is room 14.", "User's office is room 41 on floor 2.")


def test_may_the_verb_is_not_a_month():
    assert parse("User may move to Oslo.").months == frozenset()
    assert parse("User's exam is in May.").months == {5}


@pytest.mark.parametrize("text,months", [("User's flatmate Jan might get deported", set()),
                                         ("my aunt June lives in Leeds", set()),
                                         ("the wedding is in June", {6}), ("June 5 is the party", {6}),
                                         ("since Jan, User is at Acme", {1}), ("the trip is Jan 2027", {1}),
                                         ("User starts in March", {3}), ("March was rough", {3})])
def test_a_month_that_is_also_a_name_is_a_month_only_beside_a_date(text, months):
    assert parse(text).months == months


def test_sentence_initial_capital_is_not_a_name():
    assert parse("Tennis is the user's sport.").names == frozenset()
    assert parse("User plays tennis with Farid.").names == {"farid"}


_NAMES = st.sampled_from(["Leo", "Max", "Oslo", "Lisbon", "Farid", "Ana", "Brightline", "Shopify", "Priya", "Kenji"])
_TEMPLATES = st.sampled_from([
    "User's {what} is {x}.", "User has a meeting with {x} on Friday.", "User's flight to {x} is booked.",
    "User works at {x} as an engineer.", "User's daughter {x} plays the violin.",
])


@given(_TEMPLATES, st.integers(0, 100_000), st.integers(0, 100_000))
def test_one_number_apart_is_never_the_same_claim(template, x, y):
    if x == y:
        return
    a = template.format(what="locker code", x=x)
    b = template.format(what="locker code", x=y)
    assert not same_claim(a, b) and not adds_to(a, b) and not adds_to(b, a)


@given(_TEMPLATES, _NAMES, _NAMES)
def test_one_name_apart_is_never_the_same_claim(template, x, y):
    if x == y:
        return
    a = template.format(what="team lead", x=x)
    b = template.format(what="team lead", x=y)
    assert not same_claim(a, b) and not adds_to(a, b) and not adds_to(b, a)


def test_a_name_in_lower_case_is_the_same_name():
    assert same_claim("User lives in Halifax.", "user lives in halifax")
    assert not same_claim("User lives in Halifax.", "user lives in calgary")


def test_half_is_an_amount_only_of_something():
    """"the half marathon" names a race ("half" a word of it, asked about as such); "half a
    day" and "two and a half" are amounts."""
    assert "half" in parse("Did the staten island half on 2026-10-18 in 1:58").words
    assert "half" in parse("What is the user's half marathon time?").words
    assert "0.5" in parse("half a day").numbers and "0.5" in parse("two and a half hours").numbers

