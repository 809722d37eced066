"""Changes and people told without the words the rules first looked for: a partner noted
without "my" ("gf is Tegan"), a contract signed in a month named first, a first week of
orientation, a flat got above a shop in a place typed in lower case, a car handed down,
"she's outsold me" (has, not is), a sister named in the clause before, and "a kid named
Owen" (no child of the user's)."""

from datetime import datetime

import pytest

from memcli.extract import extract_facts

NOW = datetime(2025, 10, 19, 18)


def _facts(said: str, people: dict[str, str] | None = None) -> list[tuple[str, str | None]]:
    return [(f.text, f.key) for f in extract_facts(said, NOW, people=people).facts]


@pytest.mark.parametrize(("said", "want"), [
    ("gf is Tegan, 8 months tmoz 🥰", "User's gf is Tegan"),
    ("Hubby is Mark.", "User's hubby is Mark"),
    ("my gf's Jess", "User's gf is Jess"),
])
def test_a_partner_noted_without_my_fills_the_partner_slot(said, want):
    assert (want, "partner") in _facts(said)


def test_a_thing_called_by_its_name_is_no_partner():
    assert not any(k == "partner" for _, k in _facts("Boyfriend's Mum is nice"))


@pytest.mark.parametrize(("said", "org"), [
    ("Feliz año! Big things. In November I sign the contract with Cermaq, better money and the company pay the flight.",
     "Cermaq"),
    ("Last month I signed the contract with Ørsted.", "Ørsted"),
])
def test_a_contract_signed_in_a_month_named_first_is_the_employer(said, org):
    assert (f"User works at {org}", "employer") in _facts(said)


def test_a_year_named_first_is_history_not_the_employer_now():
    assert not any(k == "employer" for _, k in _facts("in 2019 I joined Google"))


@pytest.mark.parametrize("said", [
    "guess who survived her first week of orientation at RPA 🥲 the icu there is massive, 50+ beds",
    "first week of training at Deloitte done",
])
def test_a_first_week_of_orientation_or_training_is_a_job_begun(said):
    assert any(k == "employer" for _, k in _facts(said))


def test_a_flat_got_above_a_shop_in_a_place_typed_in_lower_case_is_home():
    facts = _facts("me n rhys from the shop got a flat above the bakery in st agnes, got the keys thurs, £475 each a "
                   "month which is mad but worth it.")
    assert ("User lives in st agnes", "home_city") in facts
    assert any("£475" in t for t, _ in facts)  # the clause kept as said


@pytest.mark.parametrize("said", ["I got a flat tyre in Leeds", "we got a place in Tenby for the week"])
def test_no_home_from_a_flat_tyre_or_a_week_away(said):
    assert not any(k == "home_city" for _, k in _facts(said))


@pytest.mark.parametrize(("said", "car"), [
    ("uncle pete give me his old corsa, 2010, silver, smells like his dog but who cares.", "corsa"),
    ("My dad gave me his old Volvo.", "Volvo"),
])
def test_a_car_handed_down_is_the_users_car(said, car):
    assert any(k == "car" and car in t for t, k in _facts(said))


@pytest.mark.parametrize("said", ["Mum gave me the car", "My sister gave me her old phone"])
def test_no_car_from_the_car_or_a_phone(said):
    assert not any(k == "car" for _, k in _facts(said))


@pytest.mark.parametrize(("said", "want"), [
    ("Deb's been running the farmstand all summer and she's outsold me at the market three weekends running",
     "User's wife Deb has outsold them at the market"),
    ("my brother Tom, he's booked the hall for Saturday", "User's brother Tom has booked the hall"),
])
def test_s_before_a_past_form_with_its_object_is_has(said, want):
    assert any(t.startswith(want) for t, _ in _facts(said, {"Deb": "wife"}))


@pytest.mark.parametrize(("said", "want"), [
    ("my sister Ann, she's married to a vet", "User's sister Ann is married to a vet"),
    ("my sister Ann, she's tired of her job", "User's sister Ann is tired of her job"),
])
def test_s_before_an_adjective_is_is(said, want):
    assert (want, None) in _facts(said)


@pytest.mark.parametrize(("said", "who"), [
    ("Sunday nights I ring our Jean, she's my big sister, seventy-nine and sharp as a tack.", "Jean"),
    ("Yesterday I met Carla for lunch, she's my cousin from Leeds.", "Carla"),
])
def test_a_person_named_then_said_to_be_kin_is_that_kin(said, who):
    assert any(t.startswith("User's") and who in t and "She is" not in t for t, _ in _facts(said))


def test_a_weekday_before_the_comma_is_no_person():
    assert not any("Sundays is" in t for t, _ in _facts("I ring my Jean on Sundays, she's my big sister."))


def test_a_kid_named_is_no_child_of_the_users():
    facts = _facts("We got a kid named Owen from the tech center helping us pull tubing")
    assert not any(t.startswith("User's kid") for t, _ in facts)
    assert any(t.startswith("User's son Owen") for t, _ in _facts("We have a son named Owen, he starts school in May"))


def test_been_seein_a_name_in_lower_case_then_who_she_is_is_the_partner():
    facts = _facts("tegan dumped me at boardmasters 💔 whatever. been seein morwenna, shes a lifeguard at perranporth",
                   {"Tegan": "gf"})
    assert ("User's partner is Morwenna", "partner") in facts
    assert not any(k == "partner" for _, k in _facts("been seeing clients, they're lovely"))


@pytest.mark.parametrize(("said", "want"), [
    ("And I might as well tell you, I've a gentleman friend. Wilf. From the bowls club.", "User's gentleman friend is Wilf"),
    ("I have a boyfriend. Tom.", "User's boyfriend is Tom"),
    ("I have a new fella, Gary", "User's fella is Gary"),
])
def test_a_partner_had_and_named_in_the_fragment_after(said, want):
    assert (want, "partner") in _facts(said)


@pytest.mark.parametrize("said", ["I have a girlfriend, Honestly she is great", "I've got a girlfriend. Honestly.",
                                  "I have a guy, Dave, for the garden"])
def test_a_word_after_a_partner_had_is_no_name(said):
    assert not any(k == "partner" for _, k in _facts(said))


@pytest.mark.parametrize("said", ["Kerensa got head chef at a bistro in Porthtowan",
                                  "kerensa got head chef at a little bistro in porthtowan, her first head chef job"])
def test_someones_news_of_a_job_is_no_job_of_the_users(said):
    assert not any(k in ("job_title", "employer") for _, k in _facts(said))
    assert ("User is a head chef", "job_title") in _facts("head chef now at Maison Olea")


@pytest.mark.parametrize(("said", "key", "value"), [
    ("Just signed on with Maersk", "employer", "Maersk"),
    ("Landed a job at Rolls-Royce", "employer", "Rolls-Royce"),
    ("Accepted the offer from Shopify", "employer", "Shopify"),
    ("Took a job with the council", "employer", "council"),
    ("Signed the lease on a place in Clapham", "home_city", "Clapham"),
    ("Collected the keys to the flat in Leith on Friday", "home_city", "Leith"),
])
def test_a_hiring_or_a_lease_said_without_i_is_the_users(said, key, value):
    assert any(k == key and value in t for t, k in _facts(said))


@pytest.mark.parametrize("said", ["took the kids to the zoo", "Signed for the parcel"])
def test_other_things_done_without_i_set_no_slot(said):
    assert not any(k for _, k in _facts(said))


@pytest.mark.parametrize(("said", "key", "value"), [
    ("My wife got a job at the Royal Infirmary", "wife.employer", "the Royal Infirmary"),
    ("my husband took a job with the council", "husband.employer", "the council"),
    ("my dad signed on with Maersk", "father.employer", "Maersk"),
])
def test_a_job_a_relative_got_is_their_employer(said, key, value):
    assert [(f.key, f.value, f.change) for f in extract_facts(said, NOW).facts] == [(key, value, "update")]


def test_a_job_lined_up_names_no_employer():
    assert not any(k for _, k in _facts("my mum got a job lined up"))


@pytest.mark.parametrize(("said", "key", "value"), [
    ("my sister got the keys to her flat in Leith", "sister.home_city", "Leith"),
    ("my son bought a house in Didsbury", "son.home_city", "Didsbury"),
])
def test_a_home_a_relative_got_is_their_home(said, key, value):
    assert [(f.key, f.value, f.change) for f in extract_facts(said, NOW).facts] == [(key, value, "update")]


@pytest.mark.parametrize("said", ["my dad bought a house in need of work", "my mum got the keys to the church hall"])
def test_no_relatives_home_from_a_state_or_a_hall(said):
    assert not any(k for _, k in _facts(said))


@pytest.mark.parametrize("said", ["havent touched meat since January", "I haven't eaten meat in years"])
def test_meat_not_touched_for_a_long_while_is_the_diet(said):
    assert ("User does not eat meat", "diet") in _facts(said)


@pytest.mark.parametrize("said", ["I have not had meat today", "I havent had meat for two days"])
def test_a_day_without_meat_is_no_diet(said):
    assert not any(k == "diet" for _, k in _facts(said))


@pytest.mark.parametrize(("said", "want"), [
    ("Best friend Kamran from ned uni days, works at Systems Ltd", "User's best friend Kamran from ned uni days"),
    ("Best mate Dyl lives in Cardiff", "User's best mate Dyl lives in Cardiff"),
])
def test_a_best_friend_noted_without_my_is_the_users(said, want):
    assert any(t.startswith(want) for t, _ in _facts(said))
