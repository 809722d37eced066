"""The text tests of the read path (query words, names, dates; a memory's speaker and question mark)."""

import pytest

from memcli.recall.query import TIME_CUE_RE, WHEN_Q_RE, asked_key_stems, is_question, stem, subject


def test_stem_folds_the_common_endings():
    assert {stem(w) for w in ("live", "lives", "lived", "living")} == {"liv"}
    assert stem("cats") == "cat" and stem("is") == "is"


def test_subject_is_the_speaker_or_the_first_words():
    assert subject("Caroline: I went home") == "caroline"
    assert subject("User lives in Pune now") == "user lives in"


def test_is_question_ignores_a_trailing_caption():
    assert is_question("Melanie: what is it? [shares a photo of a dog]")
    assert not is_question("Melanie: it is a dog [shares a photo?]")  # the caption is dropped
    assert not is_question("Melanie: it is a dog")


def test_when_questions_and_time_cues():
    assert WHEN_Q_RE.search("When did she move?") and WHEN_Q_RE.search("how long has she lived there")
    assert not WHEN_Q_RE.search("Where did she move?")
    assert TIME_CUE_RE.search("we met last Friday") and TIME_CUE_RE.search("two weeks ago")
    assert not TIME_CUE_RE.search("we may meet")  # "may" is not the month


def test_an_address_answers_where_the_user_lives():
    assert stem("live") in asked_key_stems("address", "Where does the user live?")
    assert stem("live") in asked_key_stems("home_city", "Where does the user live?")
    assert stem("live") not in asked_key_stems("address", "What is the user's address?")  # asked by its own word
    assert stem("live") not in asked_key_stems("employer", "Where does the user live?")


def test_a_key_is_asked_by_its_other_words():
    assert stem("position") in asked_key_stems("job_title", "What is the user's position at the school?")
    assert stem("earn") in asked_key_stems("salary", "How much does the user earn?")
    # "pay" is how a rent is asked too: never the salary's word
    assert stem("pay") not in asked_key_stems("salary", "How much rent does the user pay?")


@pytest.mark.parametrize(("query", "plain"), [
    ("What are the user's dogs called?", "What are the user's dogs?"),
    ("Who called the user yesterday?", "Who called the user yesterday?"),  # a call asked
])
def test_a_question_for_a_name_asks_for_the_thing_named(query, plain):
    from memcli.recall.query import said_plainly

    assert said_plainly(query) == plain


def test_like_is_no_keyword_of_a_question():
    from memcli.recall.query import keyword_query

    assert keyword_query("What does the user like to drink?", True) == "drink"


@pytest.mark.parametrize("query,word", [("Who is the user going out with?", "going"),
                                        ("Who is the user dating?", "dating"),
                                        ("Who is the user's girlfriend?", "girlfriend")])
def test_a_question_for_whom_the_user_is_with_asks_for_the_partner(query, word):
    assert stem(word) in asked_key_stems("partner", query)


@pytest.mark.parametrize("query,word", [("What does the user's wife do?", "wife"),
                                        ("Who is Brianna's boyfriend?", "boyfriend"),
                                        ("Who is the user going to the gym with?", "going")])
def test_a_question_about_the_partners_life_or_someone_elses_asks_no_partner_key(query, word):
    assert stem(word) not in asked_key_stems("partner", query)
