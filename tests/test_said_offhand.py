"""Who and where, told offhand: kin called in the language the user mixes in ("my akka
swathi", "annayya had his first day"), a name and a job typed in lower case, a couple or an
engagement said as "me n X", a first roster at a place typed short, a home given by its
rent, a state said without "I" in the present ("live w mum in crantock"), "Our Jean, me
sister", and "she's never left" (has, not is); each with the phrasings that only look like
them."""

from datetime import datetime

import pytest

from memcli.extract import extract_facts
from memcli.text import undialected

NOW = datetime(2025, 9, 14, 18)


def _facts(said: str, people: dict[str, str] | None = None) -> list[tuple[str | None, str]]:
    return [(f.key, f.text) for f in extract_facts(said, NOW, people=people).facts]


def _keyed(said: str, people: dict[str, str] | None = None) -> dict[str, str | None]:
    return {f.key: f.value for f in extract_facts(said, NOW, people=people).facts if f.key}


@pytest.mark.parametrize(("said", "want"), [
    ("my akka swathi keeps calling abt the wedding menu", "my sister swathi keeps calling"),
    ("akka wants me to come to vizag", "my sister wants me to come"),
    ("annayya kiran is the only calm one", "my brother kiran is the only calm one"),
    ("Nonna is 90 this year", "My grandmother is 90"),
    ("my kuya jun works at jollibee", "my brother jun works at jollibee"),
    ("my Oma lives in Bremen", "my grandmother lives in Bremen"),
])
def test_kin_called_in_another_language_is_the_relation_in_english(said, want):
    assert undialected(said).startswith(want)


@pytest.mark.parametrize("said", ["my Anna is home", "I ate at Lola's", "Lola is my dog", "we went to Kuya Jun's place",
                                  "Oma lives in Bremen", "yes Nonna is 90"])
def test_a_kin_word_that_is_also_a_name_or_a_word_is_left_as_said(said):
    assert undialected(said) == said


def test_a_name_and_a_job_typed_in_lower_case_are_the_users():
    got = _keyed("im sravani, icu nurse at westmead, 4 on 4 off nights atm.")
    assert (got.get("name"), got.get("job_title"), got.get("employer")) == ("Sravani", "icu nurse", "westmead")


@pytest.mark.parametrize("said", ["I am Rodrigo, I have 41 years, I am buzo, diver, in the salmon farms.",
                                  "im tired, long day", "im done, nurse at heart"])
def test_a_word_after_i_am_is_no_name_unless_the_user_types_in_lower_case_and_a_job_follows(said):
    assert _keyed(said).get("name") in (None, "Rodrigo")


@pytest.mark.parametrize(("said", "who"), [
    ("me n arjun are engaged!!!", "Arjun"),
    ("Arjun and I are engaged", "Arjun"),
    ("me n morwenna from the bakery in newquay been a thing for like 3 wks", "Morwenna"),
    ("Morwenna and I have been together for 3 weeks", "Morwenna"),
    ("me and Sam have been seeing each other since May", "Sam"),
])
def test_a_couple_said_as_me_and_someone_names_the_partner(said, who):
    assert _keyed(said).get("partner") == who


@pytest.mark.parametrize("said", ["me and him are engaged", "me and Sam have been friends since school",
                                  "me and my mum have been together since Dad died",
                                  "Jo and I have been busy", "me and the boys have been together since school"])
def test_friends_company_and_a_pronoun_name_no_partner(said):
    assert "partner" not in _keyed(said)


def test_me_and_my_girlfriend_named_in_lower_case_names_her():
    assert _keyed("me n my girlfriend tegan go most evenings after work").get("partner") == "tegan"


@pytest.mark.parametrize(("said", "org"), [
    ("first full roster at rpa done!!!", "rpa"),
    ("I completed my first month as a full-time organiser with Twin Cities Tenant Voice last week.",
     "Twin Cities Tenant Voice"),
    ("i did my first shift at the Royal yesterday", "Royal"),
])
def test_a_first_spell_of_work_names_the_employer(said, org):
    assert _keyed(said).get("employer") == org


@pytest.mark.parametrize("said", ["first day at uni done", "first week at gym done",
                                  "I just finished my first week at the beach"])
def test_a_first_spell_at_an_everyday_place_is_no_employer(said):
    assert "employer" not in _keyed(said)


@pytest.mark.parametrize(("said", "key", "value"), [
    ("live w mum in crantock still, our dog pasco is a collie n hes mental", "home_city", "crantock"),
    ("I live with my mum in Crantock", "home_city", "Crantock"),
    ("work at tubes surf shop on fore street in newquay", "employer", "tubes surf shop on fore street in newquay"),
    ("Rent at renewal is $2,140, same unit.", "rent", "$2,140"),
])
def test_a_state_said_without_i_in_the_present_is_the_users(said, key, value):
    assert _keyed(said).get(key) == value


def test_who_the_user_lives_with_stays_in_the_fact():
    assert ("home_city", "User lives with User's mum in Crantock") in _facts("I live with my mum in Crantock")


@pytest.mark.parametrize("said", ["live with it", "drive safe", "Study in the attic is cold"])
def test_a_bare_verb_with_no_place_or_with_its_own_verb_is_no_state_of_the_users(said):
    assert not any(text.startswith("User ") for _, text in _facts(said))


def test_a_home_taken_with_its_rent_said_is_the_home():
    got = _keyed("me n kit got the static caravan at holywell bay for the winter, 320 a month split 2 ways")
    assert got.get("home_city") == "holywell bay"


@pytest.mark.parametrize("said", ["we got the caravan at Haven for a week, 300 a week",
                                  "we got a cabin at Center Parcs for the weekend"])
def test_a_stay_is_no_home(said):
    assert "home_city" not in _keyed(said)


def test_im_a_fan_is_said_once():
    assert (None, "User is a Leeds fan through and through") in _facts("im a Leeds fan through and through")


def test_a_relative_named_with_our_before_the_apposition_is_named():
    assert (None, "User's sister Jean says User should get shut of it") in _facts(
        "Our Jean, me sister, says I should get shut of it")


def test_she_has_never_left_is_has():
    said = "Our Jean rang on Thursday to say told you so. She's never left Mexborough, sixty-eight year in the same street."
    assert any(t.startswith("User's sister Jean has never left Mexborough") for _, t in _facts(said, {"Jean": "sister"}))


def test_a_pronoun_with_its_s_is_no_one_named_and_there_is_names_the_one_after_it():
    said = ("Our Karen's my eldest. She's got two, Liam and little Chloe. Then there's our Gary, the baby. "
            "He's a postie with Royal Mail in Leeds.")
    texts = [t for _, t in _facts(said)]
    assert "Gary is a postie with Royal Mail in Leeds" in texts, texts
    assert not any(t.startswith("She") and "postie" in t for t in texts)


@pytest.mark.parametrize(("said", "where"), [
    ("Mom's at Maple Lane in Richford since the end of September assisted living", "Maple Lane in Richford"),
    ("my mother Doris moved into assisted living at Maple Lane in Richford", "Maple Lane in Richford"),
])
def test_a_parent_at_a_place_said_to_be_care_lives_there(said, where):
    assert _keyed(said).get("mother.home_city") == where


@pytest.mark.parametrize("said", ["my mum is at Tesco", "Dad's at the Royal for his hip, they say a care home might be next"])
def test_a_parent_somewhere_with_no_care_said_has_no_home_there(said):
    assert not any(k.endswith("home_city") for k in _keyed(said))


@pytest.mark.parametrize(("said", "job", "org"), [
    ("I'm a nurse 12 years now", "nurse", None),
    ("I am a nurse for 12 years now", "nurse", None),  # how long, never whom for
    ("Day job I'm a plumber with Pascoe & Sons in Penzance, been with 'em since I was 17.", "plumber", "Pascoe & Sons"),
    ("I'm 38, nurse (infirmière) 12 years now, right now in the emergency at Hôpital Jean-Talon.", "nurse", None),
])
def test_a_job_said_with_how_long_a_gloss_or_a_heading_is_the_job(said, job, org):
    got = _keyed(said)
    assert (got.get("job_title"), got.get("employer")) == (job, org)


def test_me_and_my_relative_before_a_verb_keeps_the_verb():
    assert (None, "User's mum and User have been together since Dad died") in _facts(
        "me and my mum have been together since Dad died")
