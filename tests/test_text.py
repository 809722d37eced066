"""memcli.text: one test per shared helper, including how the named variants differ."""

from __future__ import annotations

import pytest

from memcli import text
from memcli.errors import InputError


def test_word_patterns_differ_on_apostrophes_and_digits():
    s = "User's 2 cats don't_like it"
    assert text.WORD_RE.findall(s) == ["User", "s", "2", "cats", "don", "t_like", "it"]
    assert text.APOS_WORD_RE.findall(s) == ["User's", "2", "cats", "don't_like", "it"]
    assert text.LOWER_WORD_RE.findall(s.lower()) == ["user's", "cats", "don't", "like", "it"]
    assert text.ALNUM_RE.findall(s.lower()) == ["user", "s", "2", "cats", "don", "t", "like", "it"]


def test_suffix_stem():
    assert [text.suffix_stem(w) for w in ("living", "cities", "boxes", "lived", "cats", "is", "sing")] == [
        "liv", "cit", "box", "liv", "cat", "is", "sing"]


def test_coverage_stem_also_drops_a_final_e():
    assert {text.coverage_stem(w) for w in ("live", "lives", "lived", "living")} == {"liv"}
    assert text.suffix_stem("live") == "live" and text.coverage_stem("ride") == "rid"
    assert text.coverage_stem("axe") == "axe"  # three letters stay


def test_plural_stem_drops_one_plural_suffix_only():
    assert [text.plural_stem(w) for w in ("codes", "cities", "cats", "gas", "living")] == [
        "code", "cit", "cat", "gas", "living"]


def test_plural_stem_is_the_singular_of_a_plural_in_s_or_es():
    # "the shoe seller" is of "the one who sells shoes"; "boxes" is "box", "houses" is "house"
    words = ("shoes", "shoe", "boxes", "box", "houses", "house", "glasses", "glass", "wishes", "wish", "nurses", "nurse")
    stems = [text.plural_stem(w) for w in words]
    assert stems[0::2] == stems[1::2]


def test_claim_stopwords_are_function_words():
    assert {"the", "and", "is", "very"} <= text.CLAIM_STOPWORDS
    assert "user" not in text.CLAIM_STOPWORDS and "who" not in text.CLAIM_STOPWORDS


def test_query_stopwords_also_drop_question_words_and_pronouns():
    assert {"what", "who", "when", "my", "you"} <= text.QUERY_STOPWORDS
    assert "very" in text.QUERY_STOPWORDS and "really" not in text.QUERY_STOPWORDS
    assert "really" in text.CLAIM_STOPWORDS


def test_claim_token():
    assert text.claim_token("the") == ""
    assert text.claim_token("'cities'") == "cit"
    assert text.claim_token("cats") == "cat" and text.claim_token("1990s") == "1990"
    assert text.claim_token("bus") == "bus"  # too short to lose its -s


def test_content_words():
    assert text.content_words("User lives in Pune, the city") == frozenset({"user", "liv", "pune", "city"})


def test_claim_words_keys_are_numbers_and_names_not_opening_a_sentence():
    words, keys = text.claim_words("Maya lives in Pune with 2 cats. Nice place")
    assert {"maya", "pune", "2", "cat", "nice"} <= words
    assert keys == frozenset({"pune", "2"})  # "Maya" and "Nice" open a sentence
    assert text.claim_words("User's sister Maya")[1] == frozenset({"maya"})


def test_normalize_punctuation():
    assert text.normalize_punctuation("I\u2019m \u201cfine\u201d\u2014really\t\t ok") == 'I\'m "fine" - really ok'


def test_comparable():
    assert text.comparable("  User  lives in PUNE. ") == "user lives in pune"
    assert text.comparable("User lives in Pune!") == text.comparable("user lives   in pune")


def test_calendar_names():
    assert text.WEEKDAYS[0] == "monday" and len(text.WEEKDAYS) == 7
    assert text.MONTHS[4] == "may" and text.MONTH_NAMES[-1] == "December"


def test_safety_topic_needs_the_users_own_health_too():
    s = "I'm allergic to peanuts"
    assert text.SAFETY_TOPIC_RE.search(s) and text.MEDICAL_SELF_RE.search(s)
    assert text.SAFETY_TOPIC_RE.search("my kidney beans recipe") and not text.MEDICAL_SELF_RE.search(
        "my kidney beans recipe")


def test_medical_self():
    assert text.MEDICAL_SELF_RE.search("I take metformin daily")
    assert not text.MEDICAL_SELF_RE.search("she takes metformin")


def test_protect_cues_of_stored_memories():
    assert text.PROTECT_RE.search("User's emergency contact is Raj")
    assert text.PROTECT_RE.search("medical history on file")
    assert not text.SAFETY_TOPIC_RE.search("User's emergency contact is Raj")
    assert not text.PROTECT_RE.search("User went to the gym")


def test_decode_input():
    assert text.decode_input("\ufeffuser: hi".encode(), "f", expected="x") == "user: hi"
    with pytest.raises(InputError, match=r"^f: input is empty; pipe it$"):
        text.decode_input(b"  \n", "f", expected="x", empty_hint="pipe it")
    with pytest.raises(InputError, match=r"^f: input is empty$"):
        text.decode_input(b"", "f", expected="x")
    with pytest.raises(InputError, match=r"not a transcript$"):
        text.decode_input(b"a\x00b", "f", expected="a transcript")
    with pytest.raises(InputError, match=r"^f: not UTF-8 text \(byte 1\); convert it to UTF-8 first$"):
        text.decode_input(b"a\xffb", "f", expected="x")
    with pytest.raises(InputError, match=r"^f: not UTF-8 text$"):
        text.decode_input(b"a\xffb", "f", expected="x", byte_hint=False)


@pytest.mark.parametrize(("said", "written"), [
    ("big news period we got the keys to the condo in quincy comma 2 bedroom period maureen cried",
     "big news. We got the keys to the condo in quincy, 2 bedroom. Maureen cried"),
    ("sold the buick finally period got a subaru comma all wheel drive", "sold the buick finally. Got a subaru, all wheel drive"),
    ("is that the one question mark", "is that the one question mark"),  # one mark said once: not dictation
    # one full stop said once, before the next sentence's subject
    ("good catch just delete it period my sister Tasha is down in Atlanta",
     "good catch just delete it. My sister Tasha is down in Atlanta"),
    # a quotation said as words, so that it is set apart as quoted; a mark said and written is one
    ("tell me what is being asked of members colon quote From the President colon I will be relocating to "
     "Sarasota comma Florida period. Carl Yoder end quote",
     'tell me what is being asked of members: "From the President: I will be relocating to Sarasota, Florida. '
     'Carl Yoder"'),
    ("the doctor checked my colon comma all clear", "the doctor checked my colon, all clear"),  # a noun
    ("Colon cancer runs in my family comma so I get checked", "Colon cancer runs in my family, so I get checked"),
])
def test_punctuation_said_aloud_is_written(said, written):
    assert text.unspoken(said) == written


@pytest.mark.parametrize("plain", [
    "the trial period ends friday. my period is late",  # nouns
    "over a period of two weeks, then a grace period",
    "I missed a comma in the contract",
    "that was a long period we had no power",  # a noun after its adjective, before a subject
    "the last period we played badly",
])
def test_the_words_as_nouns_stay(plain):
    assert text.unspoken(plain) == plain
