"""How people write when they don't write carefully: an attribute with no "my" ("rent is
1,650 euro", "Weight is 94 now"), a name in lower case ("my bestie losa"), news about
a named person ("Lindiwe's leaving Wits"), a negation with no apostrophe ("isnt"),
"me and my wife ..." as the subject, an interjection before a subject-less clause
("nah, moved in with ..."), and where the household is now ("since we're in Swords
now"). Each family with the look-alikes it must leave alone."""

from datetime import UTC, datetime

import pytest

from memcli.api import MemoryStore
from memcli.claims import contradicts, parse
from memcli.extract import extract_facts
from memcli.extract.people import _People
from memcli.ingest import Message, ingest
from memcli.recall import recall

NOW = datetime(2024, 11, 6, 10, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str | None, str | None]]:
    return [(f.text, f.key, f.value) for f in extract_facts(text, NOW).facts]


def _keyed(text: str) -> dict[str, str | None]:
    return {f.key: f.value for f in extract_facts(text, NOW).facts if f.key}


# -- an attribute said without "my" -------------------------------------------------------

@pytest.mark.parametrize(("said", "key", "value"), [
    ("Medical aid is Discovery and it's killing us", "medical_aid", "Discovery"),
    ("Weight is 94 now, the doctor is happy.", "weight", "94"),
    ("Good news is the weight is down to 97 kg!", "weight", "97 kg"),
    ("PB is 27:30, want to get under 27 by the summer", "pb", "27:30"),
    ("We are living in Phibsborough, apartment on second floor, rent is 1,650 euro every month.", "rent",
     "1,650 euro every month"),
    ("the premium went up to R5,400", "premium", "R5,400"),
    # a qualifier of when is not part of what: the rent at renewal is the rent
    ("Rent at renewal is $2,140, same unit.", "rent", "$2,140"),
    ("Rent in Leith is 900", "rent_in_leith", "900"),
    # one attribute by two words, a currency by its code
    ("Pay is AED 12,800 now", "salary", "AED 12,800"),
])
def test_an_attribute_said_without_my_is_keyed(said, key, value):
    assert _keyed(said).get(key) == value


@pytest.mark.parametrize("said", [
    "Leo is 7",                       # a person's age, not an attribute called "leo"
    "Tessera is great",               # a name with no value
    "Class is on Tuesday evenings",   # a time, said with a preposition
    "the staff room on the ward is 2580",  # a code of a place, not one attribute
    "It is 30 degrees",               # a pronoun
    "The kids are 7 and 4",           # a plural: more than one value
])
def test_look_alikes_of_a_bare_attribute_are_not_keyed(said):
    assert not {k for k in _keyed(said) if k not in ("age", "leo.age")}  # Leo's age is Leo's, keyed by the name


def _told(store: MemoryStore, *said: tuple[str, str]) -> None:
    """Each (message, timestamp) ingested as its own session, in order."""
    for i, (content, ts) in enumerate(said):
        ingest(store, "user:t", [Message(role="user", content=content, ts=ts, ref=f"m{i}")], source=f"s{i}")


def test_a_later_bare_value_replaces_the_earlier_one(real_embedder, tmp_path):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, ("I'm 104 kg and my cholesterol is high.", "2024-07-13T07:30:00Z"),
          ("Good news is the weight is down to 97 kg!", "2024-11-06T05:50:00Z"),
          ("ja still on it, 10mg. Weight is 94 now, the doctor is happy.", "2025-03-18T16:10:00Z"))
    assert [m.text for m in store.list_memories("user:t", key="weight")] == ["Weight is 94 now, the doctor is happy"]
    store.close()


# -- a negation without its apostrophe ------------------------------------------------------

@pytest.mark.parametrize("said", ["losa isnt moving to wellington anymore", "i dont eat meat", "he doesnt drive",
                                  "we arent going"])
def test_a_negation_without_its_apostrophe_is_a_negation(said):
    assert parse(said).negated


def test_isnt_contradicts_is():
    assert contradicts("User's bestie losa is moving to wellington", "User's bestie losa isnt moving to wellington")


# -- names in lower case, and news about a named person ---------------------------------------

def test_a_lower_case_name_after_a_relation_is_a_person():
    facts = extract_facts("my bestie losa is moving to wellington. AND losa isnt moving to wellington anymore!!!",
                          NOW).facts
    news = [f for f in facts if f.rule == "other_person"]
    assert [(f.text, f.change) for f in news] == [("User's bestie Losa is not moving to wellington anymore",
                                                   "delete")]


def test_a_lower_case_name_is_written_as_a_name_so_a_later_session_knows_the_person(tmp_path):
    """The introduction is read back by its capital: "losa" in the next session is the bestie."""
    store = MemoryStore(tmp_path / "m.db")
    _told(store, ("my bestie losa is moving to wellington!!", "2024-03-01T10:00:00Z"))
    assert any("Losa" in t for t in store.introductions("user:t"))
    _told(store, ("AND losa isnt moving to wellington anymore!!!", "2024-06-01T10:00:00Z"))
    active = [m.text for m in store.list_memories("user:t") if m.kind != "episodic"]
    assert "User's bestie Losa is not moving to wellington anymore" in active, active
    assert not any("is moving to wellington" in t for t in active), active


@pytest.mark.parametrize("said", ["my girlfriend is Niamh", "my mom has a cold", "my son will be 7"])
def test_the_verb_after_a_relation_is_no_lower_case_name(said):
    people = _People()
    people.prescan(said)
    assert all(n[0].isupper() for n in people.names), people.names


@pytest.mark.parametrize("said", ["my sister really wants a dog", "my mom texted me", "my brother is moving",
                                  "my friend just got married"])
def test_a_word_after_a_relation_that_is_no_name_stays_a_word(said):
    people = _People()
    people.prescan(said)
    assert people.names == {}


@pytest.mark.parametrize(("said", "text", "change"), [
    ("My daughter Lindiwe is at Wits. Oh and Lindiwe's leaving Wits.", "User's daughter Lindiwe is leaving Wits",
     "delete"),
    ("My husband Declan is in AIB. And Declan's finished up in AIB.", "User's husband Declan has finished up in AIB",
     "delete"),
    ("My sister Luiza moved to Porto. luiza's back in curitiba", "User's sister Luiza is back in curitiba", "update"),
    ("My son Theo is 4. Theo got into the Regenboog school", "User's son Theo got into the Regenboog school",
     "update"),
    ("My friend Siobhan O'Brien lives in Cork. O'Brien took a job in Galway", "O'Brien took a job in Galway", "update"),
])
def test_news_about_a_named_person_is_theirs_and_a_change(said, text, change):
    news = [(f.text, f.change) for f in extract_facts(said, NOW).facts if f.rule == "other_person"]
    assert (text, change) in news


def test_leaving_a_named_place_retires_the_record_of_it(real_embedder, tmp_path):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, ("My daughter Lindiwe is at Wits doing mechanical engineering, second year.", "2024-07-13T07:31:20Z"),
          ("Oh and Lindiwe's leaving Wits. She got into UCT for next year.", "2024-11-06T05:53:42Z"))
    active = [m.text for m in store.list_memories("user:t")]
    assert not any("is at Wits" in t for t in active)
    assert any("UCT" in t for t in active)
    store.close()


# -- the subject a casual message writes differently -------------------------------------------

def test_me_and_my_wife_is_the_household():
    assert _keyed("Bit of background: me and my wife Thandi live in Randburg, two kids.").get("home_city") == \
        "Randburg"
    assert "User" not in [t for t, _, _ in _facts("me and my wife live in Leeds")]


@pytest.mark.parametrize(("said", "value"), [
    ("nah, moved in with my partner sam in longfellow last month, way quieter", "longfellow"),
    ("Since we are in Swords now the airport is only 10 minutes for me", "Swords"),
    ("we're in Swords now", "Swords"),
])
def test_where_the_household_is_now(said, value):
    assert _keyed(said).get("home_city") == value


@pytest.mark.parametrize("said", ["we're in Paris now for the week", "we are in the car now",
                                  "I moved in with my parents"])
def test_being_somewhere_for_a_while_is_no_home(said):
    assert "home_city" not in _keyed(said)


# -- surprise, lost tastes and habits, a weight said with its verb -------------------------------

@pytest.mark.parametrize("said", ["I'm eating eggs again??", "ngl i used to be obsessed w blackpink but theyre kinda mid now??"])
def test_a_statement_said_with_surprise_is_no_question(said):
    assert extract_facts(said, NOW).facts
    assert not any(d.reason == "question" for d in extract_facts(said, NOW).discarded)


@pytest.mark.parametrize("said", ["so I should take the job??", "Is it weird that I hate it??", "am I crazy?!"])
def test_a_question_with_marks_of_surprise_is_still_a_question(said):
    assert not extract_facts(said, NOW).facts


@pytest.mark.parametrize(("said", "change"), [
    ("I used to play tennis every week", "delete"),
    ("no drake, drake is so mid now fr, kendrick only", "delete"),
    ("honestly sourdough is overrated now", "delete"),
])
def test_a_habit_or_taste_given_up_is_a_change(said, change):
    assert change in [f.change for f in extract_facts(said, NOW).facts]


@pytest.mark.parametrize("said", ["the new iPhone is out now", "that movie is so boring", "it's so mid now"])
def test_an_opinion_of_something_else_ends_nothing(said):
    assert "delete" not in [f.change for f in extract_facts(said, NOW).facts]


@pytest.mark.parametrize(("said", "value"), [("weighed 71.5 this morning, and I'm up to 45 km a week", "71.5"),
                                             ("weighed myself today, 68.9. basically hit the goal lol", "68.9"),
                                             ("I weighed in at 82 kg", "82 kg")])
def test_a_weight_said_with_its_verb(said, value):
    assert _keyed(said).get("weight") == value


def test_a_weighed_thing_is_no_weight():
    assert "weight" not in _keyed("I weighed the flour, 500 g")


def test_the_kids_and_i_are_the_household():
    said = "Hi. Update: I moved out. The kids and I are in a rental in Oro Valley now, $1,850 a month."
    assert _keyed(said).get("home_city") == "Oro Valley"
    assert "home_city" not in _keyed("the kids and I are in the car now")


@pytest.mark.parametrize(("said", "text", "change"), [
    ("My wife Renee teaches 3rd grade. Renee's assistant principal at a school in Kettering now.",
     "User's wife Renee is assistant principal at a school in Kettering now", "update"),
    ("My son Theo is 4. Theo is 5 now", "User's son Theo is 5 now", None),  # "now" alone: no change of theirs
])
def test_a_named_persons_occupation_now_is_their_change(said, text, change):
    news = [(f.text, f.change) for f in extract_facts(said, NOW).facts if f.rule == "other_person"]
    assert news == [(text, change)]


# -- a new value announced, then given ------------------------------------------------------

@pytest.mark.parametrize(("said", "key", "value"), [
    ("new 10k PB too!! 49:55 along the Sea Point promenade", "10k_pb", "49:55"),
    ("new PB: 49:55", "pb", "49:55"),
    ("new weight: 71.5 kg", "weight", "71.5"),
    ("got a new 5k time, 22:10", "5k_time", "22:10"),
])
def test_a_new_measure_and_its_value_said_apart_are_one_keyed_change(said, key, value):
    facts = extract_facts(said, NOW).facts
    assert any(f.key == key and value in f.text and f.change == "update" for f in facts), \
        [(f.text, f.key, f.change) for f in facts]


@pytest.mark.parametrize("said", ["new phone!! 10/10 recommend", "new job!! 3 days a week", "new puppy!! 8 weeks old"])
def test_a_new_thing_that_is_no_measure_is_not_given_a_value(said):
    assert not any(" is now " in f.text for f in extract_facts(said, NOW).facts)


def test_a_new_pb_said_apart_replaces_the_old_one_end_to_end(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, ("I'm 34, 10k PB is 52:40, running about 30 km a week", "2025-03-03T16:31:52Z"),
          ("new 10k PB too!! 49:55 along the Sea Point promenade", "2025-05-20T17:08:20Z"))
    current = [m.text for m in store.list_memories("user:t", key="10k_pb")]
    assert len(current) == 1 and "49:55" in current[0], current


# -- the first clause decides whether a sentence has its own subject ------------------------

@pytest.mark.parametrize("said", ["head chef now at a tiny place called Maison Olea in Aix, 28 covers, we opened in "
                                  "February.", "nurse at St James now, it is so much better"])
def test_a_subjectless_job_before_a_clause_with_its_own_subject_is_the_users(said):
    facts = extract_facts(said, NOW).facts
    assert any(f.key == "employer" for f in facts), [(f.text, f.key) for f in facts]


# -- a home's cost said without the word "rent" ---------------------------------------------

@pytest.mark.parametrize(("said", "value"), [
    ("renting in roma norte, 1,450 usd a month 😬", "1,450 usd"),
    ("The house here is bigger, 2,100 per month but with garden, kids are happy.", "2,100"),
    ("700 usd here for a bigger place", "700 usd"),
    ("the landlord finally fixed the boiler but after he put the rent up, now it is 1,820. Crazy.", "1,820"),
])
def test_a_homes_monthly_cost_is_the_rent(said, value):
    facts = extract_facts(said, NOW).facts
    assert any(f.key == "rent" and value in f.text for f in facts), [(f.text, f.key) for f in facts]


@pytest.mark.parametrize("said", ["I pay 40 a month for the gym near my flat", "my phone plan is 30 a month",
                                  "we spend 600 a month on food", "the flat is 3 minutes from the station",
                                  "the house was built in 1920",
                                  "The second is Flat 2, 8 Zetland Road, let to Marcus Bell at £950 a month",
                                  "we rent the flat out for 900 a month"])
def test_another_monthly_cost_or_a_number_about_a_home_is_no_rent(said):
    assert not any(f.key == "rent" for f in extract_facts(said, NOW).facts)


def test_the_measure_then_it_with_a_new_value():
    facts = extract_facts("my salary went up, now it is 52,000", NOW).facts
    assert any(f.key == "salary" and "52,000" in f.text and f.change == "update" for f in facts)


# -- a pronoun after "<Name>'s <relative>" -------------------------------------------------------

def test_she_after_a_named_persons_mum_is_the_mum():
    people = {"Chidi": "husband"}
    facts = extract_facts("Chidi's mum is two streets away so she helps with pick-up.", NOW, people=people).facts
    texts = [f.text for f in facts]
    assert "User's husband Chidi's mum helps with pick-up" in texts, texts
    assert not any(t.startswith("User's husband is Chidi's") for t in texts), texts


def test_a_pronoun_of_the_other_gender_is_not_the_relative():
    facts = extract_facts("my sister Anna's husband is visiting, she is so happy", NOW).facts
    assert not any("husband is so happy" in f.text for f in facts), [f.text for f in facts]


def test_a_partner_named_before_a_possessive_is_still_the_partner():
    facts = extract_facts("my husband Chidi's car broke down", NOW).facts
    assert any(f.key == "partner" and f.value == "Chidi" for f in facts), [(f.text, f.key, f.value) for f in facts]


# -- a standing way of working, and a change of mind about it --------------------------------

@pytest.mark.parametrize("said", ["Please correct every mistake I make when I write Dutch, be strict.",
                                  "answer in Dutch when I write in Dutch", "flag every typo please"])
def test_an_instruction_for_every_instance_is_a_lasting_rule(said):
    assert any(f.kind == "procedural" for f in extract_facts(said, NOW).facts)


@pytest.mark.parametrize("said", ["Please fix this email", "correct me if I'm wrong, but it's Tuesday",
                                  "can you check every answer in this worksheet?"])
def test_a_one_off_request_is_no_rule(said):
    assert not any(f.kind == "procedural" for f in extract_facts(said, NOW).facts)


def test_a_change_of_mind_replaces_the_rule_end_to_end(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, ("Please correct every mistake I make when I write Dutch, be strict. I want to learn properly.",
                  "2025-02-04T18:23:56Z"),
          ("Also, I changed my mind about the corrections: only correct the big mistakes, it was getting "
           "discouraging seeing everything red.", "2025-11-18T18:33:08Z"))
    rules = [m.text for m in store.list_memories("user:t") if m.kind == "procedural"]
    assert len(rules) == 1 and "big mistakes" in rules[0], rules


# -- pets listed in one breath ------------------------------------------------------------------

def test_pets_listed_in_one_long_sentence_are_each_a_pet():
    facts = extract_facts("we've got Pickle (border collie, 4, absolute menace), two cats — Mango who's 9 and "
                          "Bramble who's 2 — and a bearded dragon called Sir Reginald that my partner Owen insisted on",
                          NOW).facts
    keys = {f.key for f in facts}
    assert {"pet.dog.pickle", "pet.cat.mango", "pet.bearded_dragon.sir_reginald"} <= keys, \
        [(f.text, f.key) for f in facts]
    assert any(f.key == "pet.cat.mango" and "Mango and Bramble" in f.text for f in facts)


def test_a_pet_announced_then_named_is_a_second_pet_not_a_new_value(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, ("we've got Pickle (border collie, 4, absolute menace)", "2025-02-11T19:30:00Z"),
          ("happier news, we adopted a rescue greyhound!! Dotty, she's 6 and sleeps about 20 hours a day",
           "2025-05-27T18:01:45Z"))
    texts = [m.text for m in store.list_memories("user:t") if m.kind != "episodic"]
    assert any("Pickle" in t for t in texts) and any("Dotty" in t for t in texts), texts


@pytest.mark.parametrize("said", ["my friend has a cat and two dogs, she loves them all so much",
                                  "we have a dog walker who comes at noon on weekdays when we work",
                                  "we have a cat allergy in the family so no pets for us sadly"])
def test_pets_that_are_not_the_users_or_no_pets_are_no_pet(said):
    assert not any((f.key or "").startswith("pet.") for f in extract_facts(said, NOW).facts)


# -- a day corrected in the next sentence --------------------------------------------------

@pytest.mark.parametrize("said, right, wrong", [
    ("my grandma's 80th is saturday the 23rd at her place. wait no sorry its sunday the 24th, "
     "saturday is the flight", "2024-11-24", "2024-11-23"),
    ("practice is Thursday 6pm at Murphey Candler Park. ugh the driving. wait sorry, Tuesday, not Thursday.",
     "Tuesday 6pm", "Thursday"),
    ("the plumber comes Friday. Sorry, I meant Monday.", "2024-11-11", "2024-11-08"),
    # a month corrects a month
    ("planning a climbing trip to Fontainebleau with Jade in april. wait no its may, Jade's rota changed",
     "in may", "April"),
    # a bare "nah" before the day alone
    ("Cheers. Physio's Tuesday the 12th. Nah, Thursday the 14th. Misread the card.", "2024-11-14", "2024-11-12"),
])
def test_a_day_corrected_after_it_was_said_is_put_right(said, right, wrong):
    texts = [f.text for f in extract_facts(said, NOW).facts]
    assert any(right in t for t in texts), texts
    assert not any(wrong in t for t in texts), texts


@pytest.mark.parametrize("said", ["Wait, I need to check Tuesday's times first.",
                                  "Sorry, Monday was a mess.", "Sorry, may I ask one more thing?",
                                  "Wait, March is when the lease ends.",
                                  "No, Wednesday is church."])  # a sentence of its own after "no"
def test_a_sentence_that_only_begins_like_a_correction_changes_nothing(said):
    facts = extract_facts("The dentist is on Friday. " + said, NOW).facts
    assert any("2024-11-08" in f.text for f in facts), [f.text for f in facts]


# -- a stay begun, said without "I work at" or "I live in" ---------------------------------

@pytest.mark.parametrize("said, key, value", [
    ("First month at Cleveland Clinic Abu Dhabi, my charge nurse Hessa is very strict", "employer",
     "Cleveland Clinic Abu Dhabi"),
    ("it's my first week with Brightline", "employer", "Brightline"),
    ("first week at the new job at Deloitte, exhausting", "employer", "Deloitte"),
    ("First day at Oakwood Primary, teaching year 3!", "employer", "Oakwood Primary"),
    ("We are settling in Kileleshwa, the flat is small", "home_city", "Kileleshwa"),
    ("I've finally settled into the new flat in Leith", "home_city", "Leith"),
    ("the new flat in Leith has no lift", "home_city", "Leith"),
    ("new place in Didsbury has zero parking", "home_city", "Didsbury"),  # the article left out in a terse note
    ("the place in Đà Nẵng is 6.5 million and 5 minutes from the beach", "home_city", "Đà Nẵng"),
    ("First month in the new place, in Dublin Airport, in the workshop", "employer", "Dublin Airport"),
    ("First month in Kestrel Fintech behind me, they hired me as automation QA", "employer", "Kestrel Fintech"),
    ("first wk done at Birchmount Family Health Team. human hours finally", "employer", "Birchmount Family Health Team"),
    # where the daily journey to work or school starts is home
    ("The drive in to work from Carrigaline is a dream compared to the Ballincollig days", "home_city", "Carrigaline"),
    ("From Catford the school run is one bus, thank God", "home_city", "Catford"),
    ("the commute from Swords is 10 minutes", "home_city", "Swords"),
    ("the commute from Mangwon to Gwanak is brutal, an hour door to door", "home_city", "Mangwon"),
    ("The bus from Hafnarfjörður to the Jökull office takes 45 minutes", "home_city", "Hafnarfjörður"),
    ("The traffic from Magodo to Ikeja every morning is something else", "home_city", "Magodo"),
    ("The Powai to Bandra drive with this metro work is 1.5 hours each way, uff", "home_city", "Powai"),
    # the keys to a home
    ("I finally got the keys to the wee bungalow in Milngavie on the 1st", "home_city", "Milngavie"),
    ("we got the keys for our new flat in Leith on Friday", "home_city", "Leith"),
    ("I finally have my own place, a tiny officetel in Sillim-dong, 15 minutes by bus", "home_city", "Sillim-dong"),
    # a home that comes with the job, or that a rent is for
    ("Pay is good and they give accommodation in Al Reem, the shuttle is only 10 minutes.", "home_city", "Al Reem"),
    ("Rent at the Roncesvalles place is $2,780, second bedroom is my office.", "home_city", "Roncesvalles"),
    ("Rent at the Roncesvalles place is $2,780, second bedroom is my office.", "rent", "$2,780"),
])
def test_a_stay_begun_is_the_users_employer_or_home(said, key, value):
    assert _keyed(said).get(key) == value


@pytest.mark.parametrize("said", [
    "first week at the beach in Sitges was lovely",      # a holiday
    "first week in Lisbon was amazing",                  # a place, no firm
    "first wk done in New York, loving it",
    "first day at Oakwood Primary for Ellie",            # someone else's first day
    "first week at Kingsmead High, the kids are lovely",  # a pupil's, no work said
    "I'm settling in nicely",                             # no place
    "my sister's flat in Leith has no lift",              # someone else's home
    "new restaurant in Didsbury has zero parking",        # no home
    "sam's new place in Didsbury has zero parking",       # someone else's home
    "the house in Jaro is the dream",                     # a house is as often a wish
    "the drive from Leeds was awful",                     # a journey in the past: a trip
    "the train from London takes 2 hours",                # no work or school: a trip
    "From London the train takes 2 hours",
    "The bus from Leeds to York takes 30 minutes",         # between two places, not said daily
    "the bus from the airport to the hotel takes 40 minutes",
    "The train from London to Leeds was late yesterday",
    "Sam's commute from Didsbury to work takes an hour",   # someone else's
    "they gave me a room in the back",                    # no place named
    "we got the keys to the holiday cottage in Skye for a week",  # a stay, not a home
    "I got the keys to the cottage in Ullapool for the weekend",
    "I have my own room at the hotel in Paris for three nights",  # a stay
    "I have my own place in mind",                                # no place named
])
def test_what_only_looks_like_a_stay_begun_keys_nothing(said):
    keyed = _keyed(said)
    assert "employer" not in keyed and "home_city" not in keyed, keyed


@pytest.mark.parametrize("said, value", [
    ("also internet in the vila madalena apto is way worse than pinheiros was, vivo fibra drops", "Vila Madalena"),
    ("yo. rents 560 on the partick flat but its a 2 min walk to the depot", "Partick"),
    ("al barsha flat is bigger, nothing walkable near it tho", "Al Barsha"),  # no "the" in a note
    ("From the balcony of the depto in Playa Blanca, south of the city", "Playa Blanca"),
    ("Big news: we found apartment in Göggingen, 12 minutes by bicycle to office.", "Göggingen"),
    ("wg life is over btw - got my own 1.5 room place in moabit, 1.140€ warm", "Moabit"),
    ("rent in the new place is 605 but its a whole 2 bed w my cousin jade in levenshulme", "Levenshulme"),
    ("I'm walking from our place on green st to the quad takes like 4 min", "Green St"),
    ("I still dey the same Ajah flat, nothing change", "Ajah"),
    ("- Bornheim flat update: the balcony is Pamuk's kingdom now", "Bornheim"),   # a note headed by the home
    ("Moving boxes pau finally at da Kula house.", "Kula"),
    # a home got, then where it is: "closed on ... on", "renting ... on" (how long is not where)
    ("Abilene place sold. Closed on a 4-bedroom on Dena Drive in San Angelo last week.", "Dena Drive"),
    ("Renting a 3-bedroom on Sherwood Way till the Abilene place sells.", "Sherwood Way"),
    ("well we have done it, we got the keys to the wee casita up in Jalón", "Jalón"),
    ("The new bungalow in Blundellsands is dead quiet at night, Mo can't sleep", "Blundellsands"),
    # the user in a dwelling now
    ("Me and the wife Mo are in the same two-up two-down on Hawthorne Road in Bootle", "Hawthorne Road"),
    ("We're in a bungalow in Clitheroe these days, off Pendle Road", "Clitheroe"),
])
def test_a_home_named_in_passing_is_the_users_home(said, value):
    assert _keyed(said).get("home_city") == value


@pytest.mark.parametrize("said", [
    "my sister's flat in Leith is huge",                      # someone else's
    "Leeds house prices are crazy",                           # a heading only with "update", "news"
    "my mate has a place in Ibiza",
    "the old flat in Govan had mould",                       # the one before
    "the flat in Govan was damp",
    "we might rent a flat in Leith",                         # a wish
    "I stayed in a flat in Paris for a week",                # a stay
    "the flat on Cotham Road has a new boiler",              # one of a landlord's
    "I put the rent up on the Zetland Road flat",
    "I clean a house in Leith on Mondays",                   # a house, not a home
    "the Thai place on Main St is shut",                     # a restaurant
    "the little terraced house on Killigrew Street",         # what the home is like
    "so I quit the Hangul House classes",                    # a name with "House" in it
    "the studio in Palermo is packed tonight",               # a workplace
    "Lucía sent me photos of the apartment in Lyon",         # someone else's news
    "please forget about the house in Jaro",                 # a forget request
    "Bsmt apt in east york, 10 min walk to clinic",          # everyday words in lower case: no name seen
    "the Alief house we rent to Tuan cousin",                # a house let to someone
    "the Cotham house I let to the Nowaks",
    "we're staying with Mum till the Abilene place sells",    # a place being sold
    "the house in Leith sells next week",
    "I cleaned a casa up in the hills",
    "And our Anthony and Leanne, the new flat in Leeds is lovely",  # theirs: they are what the clause is about
    "my sister, the new flat in Leith is tiny",
    "Jess and Tom, the new house in Didsbury is huge",
    "yes the steer stays at the Bauer place till the fair",  # something else that is at a place
    "That'd be Duke at the Brandt place big old farm collie",
    "he likes it and Jenny and Kaylee are all unpacked at the new place in Omaha",  # they are in it
    "our Jenny's settled in the new flat in Omaha",
    "we're in a hotel in Paris",                                  # a stay, not a dwelling
    "we're in the flat in Leith for a week",
    "we rented a cottage in Wales for the holidays",
    "Granny flat is finished", "Studio flat is tiny", "Sarah's flat is huge",  # a kind of flat, someone's
])
def test_what_only_looks_like_a_home_in_passing_keys_no_home(said):
    assert "home_city" not in _keyed(said), _keyed(said)


@pytest.mark.parametrize("said, value", [
    ("Salut! Two months at Maison Brunet, the team is six cooks", "Maison Brunet"),
    ("onboarding at Nubank is 3 wks of docs and trainings smh", "Nubank"),
    ("Six months at Deloitte on the audit team, long hours", "Deloitte"),
    # in the languages users mix in
    ("first week sa Northstar CX sa BGC, TL gihapon pero healthcare account na", "Northstar CX"),
    ("primera semana en Trastea, todo bien", "Trastea"),
    ("3rd week sa St James's, nights again", "St James's"),
    # a firm's name written in lower case: a word that is no everyday word
    ("primera semana en trastea, head of quality. doce personas a cargo", "trastea"),
    ("first week at zepto, delivery shifts are long", "zepto"),
    ("primeira semana na nubank, muito trabalho", "nubank"),  # Portuguese "na": at
    # a spell of the work's own: a sprint, a rotation, a hitch
    ("First sprint at Statens vegvesen done: bridge inspections, concrete mostly", "Statens"),
    ("first hitch with Halliburton done, 21 days on", "Halliburton"),
    # a name before a word of its trade, on the tools
    ("first day on the tools w dawson plumbing was last tuesday n im COOKED", "dawson plumbing"),
    # "the first ...", after a word that leads in: a firm's word or work said
    ("Okay so the first weeks at Volta Labs are intense, they do e-commerce logistics", "Volta Labs"),
    ("Alors, the first month at the Clinique des Grangettes is finished: soins intensifs, 7h-19h",
     "Clinique des Grangettes"),
    # the role the spell was in, said between
    ("first shift as a bank HCA at the Royal went fine", "Royal"),
    ("my first week as a junior dev with Monzo was intense", "Monzo"),
])
def test_a_spell_at_a_firm_with_work_said_is_the_employer(said, value):
    assert _keyed(said).get("employer") == value


@pytest.mark.parametrize("said", [
    "my first week as a volunteer with the Red Cross",  # unpaid: no employer
    "first day as a dad at home was chaos",
    "two weeks at Tenby, lovely weather",        # a stay: no work said
    "two weeks at Butlins with the kids",
    "a month with Mum after the operation",
    "two weeks for Christmas at home",
    "primera semana en Madrid de vacaciones",   # a holiday, in another language
    "first week at home with the baby, exhausting",  # everyday words written in lower case
    "first day at the gym, legs are dead",
    "first week at uni, lectures are huge",
    "onboarding na wahala, 3 laptops, 2fa for everything",  # Pidgin "na": is, no firm called wahala
    "first week at tesco for my daughter, she loves it",
    "the first day at the Louvre was magical",     # a visit: no firm, no work said
    "the first week at the Hilton was relaxing, pool every day",
])
def test_a_spell_somewhere_without_work_is_no_employer(said):
    assert "employer" not in _keyed(said), _keyed(said)


@pytest.mark.parametrize("said, value", [
    ("Big one:\n- Park Family Dentistry, Torrance — my own office, doors open Aug 3\n- 3 ops, 1 hygienist",
     "Park Family Dentistry"),
    ("Went independent. Cedar Loop Consulting LLC, single-member. First client signed.", "Cedar Loop Consulting LLC"),
    ("Hi! Hollow Oak Veterinary opened its doors on July 7th: it's me, one associate and three techs",
     "Hollow Oak Veterinary"),
])
def test_a_business_of_the_users_own_named_is_the_employer(said, value):
    assert _keyed(said).get("employer") == value


@pytest.mark.parametrize("said", [
    "My sister opened her own bakery, Crumbs, last week",       # someone else's
    "Tesco opened its doors at 8 and it was chaos",             # a shop opening
    "I might go freelance. Acme Consulting LLC maybe",          # a plan
    "Brightside Dental - my own office is still a dream",       # a wish
])
def test_a_business_said_that_is_not_the_users_own_now_is_no_employer(said):
    assert "employer" not in _keyed(said), _keyed(said)


@pytest.mark.parametrize("said, employer, title", [
    ("- senior structural engineer, Fjellberg Rådgivende Ingeniører AS", "Fjellberg Rådgivende Ingeniører",
     "senior structural engineer"),
    ("Role: Head Regulatory Affairs CMC, Helvepharm AG, Basel", "Helvepharm AG", "Head Regulatory Affairs CMC"),
    ("New job: data analyst, Kestrel Fintech Ltd", "Kestrel Fintech Ltd", "data analyst"),
    # a firm named in capitals alone, after the date the job began
    ("- Since 1 Sept: Director Regulatory Affairs, Lindqvist Biologics, Schlieren.", "Lindqvist Biologics",
     "Director Regulatory Affairs"),
])
def test_a_job_noted_with_a_firm_of_legal_form_is_the_employer_and_title(said, employer, title):
    keyed = _keyed(said)
    assert (keyed.get("employer"), keyed.get("job_title", "").lower()) == (employer, title.lower()), keyed


@pytest.mark.parametrize("said", [
    "my sister, nurse, Bupa Ltd",          # someone else's
    "the boss, Acme Ltd",                  # no job of the writer's
    "Kasia, dentist, Tannlegene Majorstuen",  # a person's, and no legal form
    "Dentist, Dr Smith",                   # no date it began, no legal form: whose is a guess
])
def test_a_note_naming_a_firm_that_is_not_the_users_job_keys_no_employer(said):
    assert "employer" not in _keyed(said), _keyed(said)


def test_a_stay_begun_replaces_the_employer_and_answers_the_question(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, ("I'm Joy, ICU nurse, I work at Rashid Hospital in Dubai.", "2024-06-08T16:00:00Z"),
          ("Hello! Sorry long time. First month at Cleveland Clinic Abu Dhabi, my charge nurse Hessa is strict.",
           "2024-10-25T15:00:00Z"),
          ("We are settling in Kileleshwa, the flat is small but near the office.", "2024-10-25T15:01:00Z"))
    assert [m.text for m in store.list_memories("user:t", key="employer")] == [
        "First month at Cleveland Clinic Abu Dhabi"]
    work = recall(store, "user:t", "Which hospital does the user work at?", k=3, touch=False).hits
    assert "Cleveland Clinic" in work[0].memory.text, [h.memory.text for h in work]
    home = recall(store, "user:t", "Where does the user live?", k=3, touch=False).hits
    assert "Kileleshwa" in home[0].memory.text, [h.memory.text for h in home]


def test_a_corrected_day_is_put_right_in_the_episode_too(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, ("also Theo made the travel soccer team!! practice is Thursday 6pm at Murphey Candler Park. "
                  "ugh the driving. wait sorry, Tuesday, not Thursday.", "2024-11-04T01:00:53Z"))
    texts = [m.text for m in store.list_memories("user:t")]
    assert any("Tuesday 6pm" in t for t in texts), texts
    assert not any("Thursday" in t for t in texts), texts


def test_a_schedule_does_not_answer_where_the_user_works(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, ("I'm a nurse at St James's Hospital.", "2024-11-04T01:00:53Z"),
          ("I work Monday, Tuesday and Friday days now.", "2024-12-04T01:00:53Z"))
    where = recall(store, "user:t", "Where does the user work?", k=3, touch=False).hits
    assert "St James" in where[0].memory.text, [h.memory.text for h in where]
    when = recall(store, "user:t", "Which days does the user work?", k=3, touch=False).hits
    assert "Monday" in when[0].memory.text, [h.memory.text for h in when]


@pytest.mark.parametrize("said, diet", [
    ("my doctor said my b12 and iron were trash so vegetarian now I guess.", "vegetarian"),
    ("the doc said my iron was low, so pescatarian now", "pescatarian"),
])
def test_a_diet_concluded_after_so_is_the_users(said, diet):
    assert _keyed(said).get("diet") == diet


@pytest.mark.parametrize("said", ["my sister is so vegan now it's annoying",  # "so" is "very", hers
                                  "the place is so vegan now, no cheese anywhere"])
def test_so_as_very_concludes_no_diet(said):
    assert "diet" not in _keyed(said)


@pytest.mark.parametrize(("said", "key", "value"), [
    ("Spring semester report: the commute from Mangwon to Gwanak is brutal", "home_city", "Mangwon"),
    ("Quick update: the new flat in Leith has no lift", "home_city", "Leith"),
])
def test_a_heading_before_the_clause_is_no_part_of_it(said, key, value):
    assert _keyed(said).get(key) == value


def test_a_label_that_is_the_attribute_stays():
    """"Status: single" is an attribute's name and its value, not a heading."""
    from memcli.extract.lexicon import FILLER_RE
    assert FILLER_RE.match("Status: single") is None and FILLER_RE.match("Health update: I'm on 20mg") is not None


@pytest.mark.parametrize("said", ["I have a beagle named Biscuit", "introducing Mochi, a ragdoll kitten",
                                  "I have a little pet border collie called Ned"])
def test_a_pet_is_one_record_and_its_species_is_no_name(said):
    """"User has a pet dog (beagle) named Biscuit" also read as a list had given "a pet dog
    (beagle) named dog": a word before the bracket is a name only when written as one."""
    texts = [f.text for f in extract_facts(said, NOW).facts if f.kind == "profile"]
    assert len(texts) == 1 and not any(t.endswith(("named dog", "named cat")) for t in texts), texts


@pytest.mark.parametrize("said, kept", [
    ("back DOH. first week as a married man. Divya landed on family visa.", "married man"),
    ("first month as a dad, no sleep", "as a dad"),
    ("second day back, exhausted", "Second day back"),
])
def test_a_spell_of_the_writers_life_said_without_i_is_kept(said, kept):
    assert any(kept in t for t, _, _ in _facts(said)), _facts(said)


@pytest.mark.parametrize("said", ["first week of the season, rain all day", "first day at the park was fun"])
def test_a_spell_of_no_ones_life_in_particular_is_not_kept_as_the_users(said):
    assert not any("First" in t and "User" not in t for t, _, _ in _facts(said)), _facts(said)


@pytest.mark.parametrize("said, kept", [
    ("My Saturday mornings have also found a new purpose: I am tutoring mathematics at the Pearland library.",
     "tutoring mathematics at the Pearland library on Saturday mornings"),
    ("Big change on Thursdays: I do jiu jitsu at a gym on Sydney Rd now.", "jiu jitsu at a gym on Sydney Rd now on Thursdays"),
    ("Sundays: we go to mass", "go to mass on Sundays"),
])
def test_a_time_of_the_week_set_as_a_heading_is_said_with_what_follows_it(said, kept):
    assert any(kept in t for t, _, _ in _facts(said)), _facts(said)


def test_a_day_or_a_time_said_again_is_not_carried():
    assert not any(t.rstrip(".").endswith("on Tuesday") for t, _, _ in _facts("Tuesday: I have the dentist at 3"))
    facts = _facts("Thursdays are for the kids: I pick them up at 3 on Thursdays")
    assert facts and not any(t.count("on Thursdays") > 1 for t, _, _ in facts), facts
