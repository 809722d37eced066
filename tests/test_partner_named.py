"""Someone the user is seeing, named after the words that say so: in the next sentence
("seeing someone new 🙈" + "marcus, kiwi, ..."), or as their name ("his name is Raúl")."""

from datetime import UTC, datetime

import pytest

from memcli.extract import extract_facts

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "name"), [
    ("seeing someone new 🙈 marcus, kiwi, works at a craft brewery in shimokita. 2 months now", "Marcus"),
    ("Also I started to see someone. Sabrina. Elle est sommelière at a wine bar in Vieux Lyon.", "Sabrina"),
    ("I'm seeing someone, his name is Raúl", "Raúl"),
    ("I'm seeing someone new. Tom. He's a nurse.", "Tom"),
    ("I am dating a guy called Marcus", "Marcus"),
    # the name in the next sentence, as their name, and after an emoji
    ("I'm seeing someone new. His name is Raúl", "Raúl"),
    ("seeing someone!! her name's Noor, we met at a gig at the Tote", "Noor"),
    ("been seeing someone 🥹 her name's noor, we met at a gig", "Noor"),
    ("I started seeing a guy. He's called Tomás and he's a chef", "Tomás"),
    # as an older register says it, and named in full
    ("You'll never guess. I've been stepping out wi' a gentleman. Alastair Guthrie, he's a widower fae Carnoustie.",
     "Alastair"),
    ("I've been seeing a fella. Dermot Byrne, he's a retired joiner.", "Dermot"),
    # when and where from said first, the name alone after it, in a dialect's word for a girl
    ("been seein a lass since da simmer. kirsty. met her at da regatta in walls", "Kirsty"),
    ("I'm seeing a woman from church. Fiona. She sings in the choir.", "Fiona"),
    ("I'm seeing a girl from Leeds, Amy", "Amy"),
])
def test_the_one_the_user_is_seeing_is_their_partner(said, name):
    facts = extract_facts(said, NOW).facts
    assert [f for f in facts if f.key == "partner" and f.value == name], [(f.text, f.key, f.value) for f in facts]


@pytest.mark.parametrize(("said", "fact"), [
    ("seein a girl niamh, she's a dental nurse in the ilac.", "User's girlfriend Niamh is a dental nurse in the ilac"),
    ("I'm dating this guy Tomás, he's a chef at Noma.", "User's boyfriend Tomás is a chef at Noma"),
])
def test_what_she_or_he_is_after_the_introduction_is_said_of_them(said, fact):
    assert fact in [f.text for f in extract_facts(said, NOW).facts]


@pytest.mark.parametrize("said", [
    "I'm seeing a guy for a while, he's great",  # no name: "for" is none
    "been seeing this guy at work, he's lovely",
])
def test_no_name_after_the_words_of_seeing_names_no_one(said):
    assert not [f for f in extract_facts(said, NOW).facts if "partner" == f.key or "boyfriend" in f.text]


@pytest.mark.parametrize("said", [
    "seeing someone new. also, the rent went up",  # no name follows
    "I started seeing a therapist",  # no partner
    "I'm seeing someone new 🙈 called",
    "I'm seeing someone new. Her name's a secret lol",
    "I started seeing a therapist. Her name is Dr Okafor",  # a therapist, named
    "we started dating in 2019",
    "I was stepping out of the car when it happened. Marcus saw it all.",
])
def test_no_name_no_partner(said):
    facts = extract_facts(said, NOW).facts
    assert not [f for f in facts if f.key == "partner"], [(f.text, f.key, f.value) for f in facts]


@pytest.mark.parametrize(("said", "name"), [
    ("Also, Ollie and I are done. Mutual-ish.", "Ollie"),
    ("So, Marco and I split up.", "Marco"),
    ("Ollie and I went our separate ways", "Ollie"),
    ("I dumped Ollie", "Ollie"),
    ("Ollie dumped me.", "Ollie"),
    ("Ollie is my ex now", "Ollie"),
])
def test_the_end_of_a_couple_ends_the_partner(said, name):
    facts = extract_facts(said, NOW).facts
    assert [f for f in facts if f.key == "partner" and f.value == name and f.change == "delete"], \
        [(f.text, f.key, f.value, f.change) for f in facts]


@pytest.mark.parametrize("said", [
    "Ollie left me a voicemail",
    "Also, Marco and I moved to Leeds.",  # a couple's move, no end
    "I left Ollie's party early",
    "also, the kids and I went to the zoo",
])
def test_what_a_couple_does_is_no_end(said):
    facts = extract_facts(said, NOW).facts
    assert not [f for f in facts if f.key == "partner" and f.change == "delete"], [(f.text, f.key) for f in facts]


@pytest.mark.parametrize("said", ["I'm seeing someone. Finally.", "I'm seeing someone. Wow.", "seeing someone new. lol"])
def test_a_word_of_feeling_after_seeing_someone_is_no_name(said):
    assert not [f for f in extract_facts(said, NOW).facts if f.key == "partner"]


def test_a_parent_who_left_is_no_partner():
    assert not [f for f in extract_facts("Dad left us.", NOW).facts if f.key == "partner"]


def test_what_the_rest_of_the_naming_sentence_says_is_kept():
    texts = [f.text for f in extract_facts("I'm seeing someone new. His name is Raúl, we met at the climbing gym", NOW).facts]
    assert "User's partner is Raúl" in texts
    assert any("climbing gym" in t for t in texts), texts


@pytest.mark.parametrize(("said", "stored"), [
    # someone the user has, named by "her name is" in the next sentence; what follows is theirs
    ("I have a new neighbour. His name is Tom, he is a plumber.", ["User has a new neighbour called Tom",
                                                                   "User's neighbour Tom is a plumber"]),
    ("I have pen pal. Her name is Margaret.", ["User has pen pal called Margaret"]),
    ("I got a new mentor at work. Her name is Dr Okafor.", ["User got a new mentor at work called Dr Okafor"]),
])
def test_someone_the_user_has_named_in_the_next_sentence(said, stored):
    texts = [f.text for f in extract_facts(said, NOW).facts]
    assert all(s in texts for s in stored), texts


@pytest.mark.parametrize("said", ["I have a plan. Her name is irrelevant.", "I have a dog. His name is Rex."])
def test_no_person_had_no_person_named(said):
    texts = [f.text for f in extract_facts(said, NOW).facts]
    assert not [t for t in texts if " called " in t and ("plan" in t or "dog" in t)], texts


def test_another_pet_adopted_is_named():
    facts = extract_facts("I adopted another cat called Brigadeiro", NOW).facts
    assert [f for f in facts if f.key and f.key.startswith("pet.cat")], [(f.text, f.key) for f in facts]


@pytest.mark.parametrize("said", ["seeing a guy from work, great so far", "I've been seeing a girl for a while. Lovely.",
                                  "I'm seeing a guy from work. Monday. we'll see"])
def test_a_word_of_judgment_or_a_day_after_the_one_seen_is_no_name(said):
    assert not [f for f in extract_facts(said, NOW).facts if f.key == "partner"]


def test_a_name_opening_the_sentence_then_called_my_guy_is_the_partner():
    facts = extract_facts("sammy's taking me to the mercury gig on thursday, he's my guy now 🥰 he does sound "
                          "engineering at a studio in kileleshwa", NOW).facts
    assert "User's boyfriend Sammy does sound engineering at a studio in kileleshwa" in [f.text for f in facts]
