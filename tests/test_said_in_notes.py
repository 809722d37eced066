"""What a user writing notes says in the shorthand of notes: "@", "w/", arrows, labels
("Lives:", "MEDS:"), a weighing, a lease signed, and a learner's "I work cashier at"."""

from datetime import UTC, datetime

import pytest

from memcli.extract import extract_facts
from memcli.extract.doses import dose_said
from memcli.text import normalize_punctuation

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def keyed(said: str) -> dict[str, str]:
    return {f.key: f.value for f in extract_facts(said, NOW).facts if f.key}


@pytest.mark.parametrize(("said", "read"), [
    ("ED reg @ RPA", "ED reg at RPA"),
    ("paramedic w/ NSW Ambulance", "paramedic with NSW Ambulance"),
    ("Sertraline ↑ 100mg", "Sertraline up to 100mg"),
    ("wt 92→88kg", "wt 92 to 88kg"),
    ("mail me at a@b.com", "mail me at a@b.com"),  # an address stays
    ("and/or w/e", "and/or w/e"),
])
def test_the_shorthand_of_notes_is_read_in_words(said, read):
    assert normalize_punctuation(said) == read


@pytest.mark.parametrize(("said", "key", "value"), [
    ("Sertraline ↑ 100mg as of last wk, GP + me agreed.", "sertraline", "100mg"),
    ("My metformin was increased to 1000mg.", "metformin", "1000mg"),
    ("Weighed in at the surgery, 14 stone 9.", "weight", "14 stone 9"),
    ("Doctor weighed us on Monday, 15 stone 4.", "weight", "15 stone 4"),
    ("Surgery nurse had us on the scales, 14 stone 2.", "weight", "14 stone 2"),
    ("J + me signed a lease: Marrickville 2br, $690/wk between us.", "home_city", "Marrickville"),
    ("We signed the lease on a flat in Leith.", "home_city", "Leith"),
    ("Lives: Newtown share house, 3 housemates, rent $420/wk.", "home_city", "Newtown share house"),
    ("wk 8 of 26 @ CareFlight, retrieval med, Westmead base.", "employer", "CareFlight"),
    ("I work cashier at Walmart in Houston.", "job_title", "cashier"),
    ("I work pizzaiolo at Da Ciro in Camden, on Parkway.", "employer", "Da Ciro"),
])
def test_a_note_keys_what_it_gives(said, key, value):
    assert keyed(said).get(key) == value


@pytest.mark.parametrize(("said", "key"), [
    ("I drink 200 mg of caffeine a day", None),  # no medicine
    ("MEDS: sertraline 50mg mane.", None),  # a dose said once is kept in the user's words
    ("I take 500 mg of metformin twice a day.", None),
    ("The vet weighed the dog, 30 kg", "weight"),  # not the user weighed
    ("The baby weighed 3.2 kg", "weight"),
    ("The tenants signed a lease on the Leith flat.", "home_city"),  # someone else's lease
    ("J: first month as a data analyst @ Sydney Water (Parramatta).", "employer"),  # J's news
    ("Update on Jonah: first month as a data analyst at Sydney Water.", "employer"),
    ("I work hard at Google.", "job_title"),
])
def test_what_is_someone_elses_or_no_value_is_not_keyed(said, key):
    if key is None:
        assert dose_said(said) is None
    else:
        assert key not in keyed(said)


def test_a_lone_label_of_a_note_keeps_the_whole_note():
    texts = [f.text for f in extract_facts("Lives: Newtown share house, 3 housemates, rent $420/wk.", NOW).facts]
    assert any("$420/wk" in t for t in texts), texts


def test_the_next_dose_replaces_the_last(real_embedder, tmp_path):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:t", [
        Message(role="user", content="ALLERGIES: peanut - anaphylaxis. MEDS: sertraline 50mg mane.",
                ts="2024-11-12T10:45:11Z", ref="a"),
        Message(role="user", content="Sertraline ↑ 100mg as of last wk, GP + me agreed.", ts="2025-01-21T10:17:59Z",
                ref="b"),
    ], source="s")
    active = {m.key: m.text for m in store.list_memories("user:t") if m.key}
    assert active.get("sertraline") == "User takes sertraline 100mg", active
    assert any("peanut" in m.text for m in store.list_memories("user:t"))
    store.close()


@pytest.mark.parametrize(("said", "value"), [
    ("My last service at Da Ciro was in March, they make me a cake.", "Da Ciro"),
    ("My final day at Melrose was July 25.", "Melrose"),
])
def test_a_last_day_at_a_named_place_is_leaving_it(said, value):
    facts = extract_facts(said, NOW).facts
    assert any(f.key == "employer" and f.value == value and f.change == "delete" for f in facts), \
        [(f.text, f.key, f.change) for f in facts]


def test_a_last_day_at_no_named_place_leaves_nothing():
    assert not any(f.key for f in extract_facts("My last day at the beach was fun.", NOW).facts)


@pytest.mark.parametrize(("people", "said", "stored"), [
    ({"Gary": "son"}, "Wor Gary's got a start at the Port of Tyne, drivin the straddle carriers.",
     "User's son Gary's got a start at the Port of Tyne, drivin the straddle carriers"),
    ({"Beau": "son"}, "Beau got on at Cameron LNG, day shift.", "User's son Beau got on at Cameron LNG, day shift"),
])
def test_a_job_got_in_a_dialects_words(people, said, stored):
    assert stored in [f.text for f in extract_facts(said, NOW, people=people).facts]


@pytest.mark.parametrize(("said", "key", "value"), [
    ("Closed on a house. Dripping Springs. 3 acres. Longer drive, don't care.", "home_city", "Dripping Springs"),
    ("First week in the Greenbrier house in Chesapeake. Yard, garage.", "home_city", "Greenbrier, Chesapeake"),
    ("Home: townhouse in Mueller. HOA is a pain.", "home_city", "townhouse in Mueller"),
    ("I'm Fish Hoek born and bred, never lived in Durban.", "hometown", "Fish Hoek"),
    ("I was born and bred in Leeds.", "hometown", "Leeds"),
])
def test_a_home_or_a_hometown_said_in_a_notes_words(said, key, value):
    assert keyed(said).get(key) == value


@pytest.mark.parametrize("said", ["Bought a flat. Finally.", "His meds: metformin 500mg twice a day.",
                                  "The GP has put his metformin up to 1000mg.", "Mum is on warfarin 5mg."])
def test_no_home_from_a_word_that_is_no_place_and_no_dose_of_someone_elses(said):
    assert not {"home_city", "metformin", "warfarin"} & set(keyed(said))


def test_a_sister_abbreviated_after_a_notes_heading_is_a_sister():
    said = [f.text for f in extract_facts("FHx-ish: sis Mei, 28, teaches yr 5 at a primary in Perth.", NOW).facts]
    assert "User's sister Mei, 28, teaches yr 5 at a primary in Perth" in said, said


@pytest.mark.parametrize(("said", "key", "value"), [
    ("found a spot in Kommetjie, 2 min walk to the beach", "home_city", "Kommetjie"),
    ("I got a room in Brixton with two mates", "home_city", "Brixton"),
    ("the Hilux finally klapped, and i got a 79 Kombi from an oke in Noordhoek.", "car", "79 Kombi"),
    ("I got a 2019 Corolla from a guy in Leeds.", "car", "2019 Corolla"),
])
def test_a_new_home_or_vehicle_got_in_other_words(said, key, value):
    assert keyed(said).get(key) == value


@pytest.mark.parametrize("said", ["found a parking spot in Soho", "I got a Golf ball", "I got a Ticket"])
def test_what_is_got_that_is_no_home_or_vehicle(said):
    assert not {"home_city", "car"} & set(keyed(said))


@pytest.mark.parametrize(("said", "key", "value"), [
    ("Home is Graça. Small apartment, 3rd floor, no elevator.", "home_city", "Graça"),
    ("Home's Ealing now", "home_city", "Ealing"),
    ("Walking every day in Monsanto. Already 91 kg!", "weight", "91 kg"),
    ("down to 84kg", "weight", "84kg"),
    ("my cholesterol went nuts on all that bacon so it's plant based since april", "diet", "plant based"),
    ("banner phoenix ED, started may 12. $3,400/wk 💰 the heat is disrespectful tho", "salary", "$3,400/wk"),
    ("on 7a-7p 🌞 finally seeing daylight", "shift", "7a-7p"),
    ("traded the CR-V at carmax in mesa for a 2021 RAV4 hybrid, blue", "car", "2021 RAV4"),
    ("swapped the Golf for a Zoe", "car", "Zoe"),
    ("marcus n i r done 💔 long distance was too much", "partner", "Marcus"),
    # a new home said as a note, with its label or "in"
    ("new place: The Pearl, tower 7, 22nd flr. no parking for 2 cars, annoying.", "home_city", "The Pearl"),
    ("New gaff in drimnagh w 2 of the lads, no washin machine", "home_city", "drimnagh"),
])
def test_a_note_of_a_home_a_weight_a_diet_a_pay_a_shift_a_car_or_an_end_is_keyed(said, key, value):
    assert keyed(said).get(key) == value, [(f.text, f.key, f.value) for f in extract_facts(said, NOW).facts]


@pytest.mark.parametrize(("said", "key"), [
    ("Home is where the heart is", "home_city"),
    ("Home is great", "home_city"),
    ("Already 3 kg", "weight"),  # no grown person's weight
    ("$1,250/mo", "salary"),  # a month's money may be rent
    ("9-5 at the Co-op", "shift"),
    ("I swapped my shift for a Friday", "car"),
    ("traded my PS5 for a Switch", "car"),
    ("the kids and i are done with school", "partner"),
    ("new house in the works, fingers crossed", "home_city"),
    ("new flat: tiny but cosy", "home_city"),
    ("my sister's new flat: Leith", "home_city"),
])
def test_what_only_looks_like_such_a_note_is_not_keyed_so(said, key):
    assert key not in keyed(said)


@pytest.mark.parametrize(("said", "key", "value"), [
    ("job: audit senior @ Lam & Partners CPA / Admiralty office", "employer", "Lam & Partners CPA"),
    ("Harbourline Logistics since June / financial controller / Kwai Chung office", "employer", "Harbourline Logistics"),
    ("I work as audit senior at Lam & Partners CPA", "job_title", "audit senior"),
    ("I work as accountant at Lam & Partners CPA", "job_title", "accountant"),
    ("got my own flat!! Tai Koo / 420 sq ft / 16,800 per month", "home_city", "Tai Koo"),
    ("I live in Tai Koo / 420 sq ft", "home_city", "Tai Koo"),  # a slash ends a value
])
def test_a_job_or_a_home_in_a_note_with_slashes_is_keyed(said, key, value):
    assert keyed(said).get(key) == value, [(f.text, f.key, f.value) for f in extract_facts(said, NOW).facts]


@pytest.mark.parametrize(("said", "key"), [
    ("Manchester since 2019 / love it", "employer"),
    ("I work hard at Google", "employer"),
    ("We found a place! Tom helped a lot.", "home_city"),
])
def test_what_only_looks_like_a_job_or_a_home_note_is_not_keyed_so(said, key):
    assert key not in keyed(said)


@pytest.mark.parametrize(("said", "home"), [
    ("Nyumbani is Tambach. 20 min down the escarpment from Iten.", "Tambach"),
    ("Nyumbani Kaptagat. Rented house near the forest.", "Kaptagat"),
    ("casa: Almada", "Almada"),
])
def test_home_in_the_users_language_is_the_home(said, home):
    assert keyed(said).get("home_city") == home


def test_a_name_after_home_in_another_language_with_more_said_is_no_home():
    assert "home_city" not in keyed("Casa Batlló was amazing")


@pytest.mark.parametrize(("said", "employer"), [
    ("running my own thing now, Salt Dog Surf Co., lessons at Long Beach in Kommetjie.", "Salt Dog Surf Co"),
    ("I run my own business now, Salt Dog Surf Co.", "Salt Dog Surf Co"),
    ("I'm running my own company called Salt Dog", "Salt Dog"),
    ("I opened my own bakery, Forno Rino", "Forno Rino"),
    ("I own a little bakery in Kettering", "their own bakery"),
])
def test_a_business_of_the_users_own_is_where_they_work_by_its_name(said, employer):
    assert keyed(said).get("employer") == employer


def test_a_thing_of_ones_own_with_no_name_is_no_business():
    assert "employer" not in keyed("I'm running my own thing, really")


@pytest.mark.parametrize(("said", "want"), [
    ("Nuala has decided that her sixtieth will be in the Hut. It's on Saturday of next week, and I've a speech.",
     "Nuala's sixtieth is on 2026-03-21"),  # (Nuala, whom the note opens with)
    ("I have a dentist appointment. It's on the 20th.", "The dentist appointment is on 2026-03-20"),
])
def test_it_is_on_a_day_after_an_event_named_is_that_events_day(said, want):
    texts = [f.text for f in extract_facts(said, NOW).facts]
    assert [t for t in texts if t.startswith(want)], texts


def test_it_is_on_with_no_event_before_it_is_no_event():
    assert not [f for f in extract_facts("Lovely weather. It's on fire lol", NOW).facts if "fire" in f.text]


def test_a_routine_said_by_its_weekday_keeps_the_weekday():
    texts = [f.text for f in extract_facts("Long run Saturday 0630, Kaptagat forest loop.", NOW).facts]
    assert [t for t in texts if "2026-03-14 (Saturday)" in t], texts


def test_days_off_are_no_working_days():
    assert "work_days" not in keyed("Days off at Brunet are Tuesday and Wednesday.")
    assert keyed("I work Monday to Friday, days off are the weekend").get("work_days") == "Monday to Friday"


@pytest.mark.parametrize(("said", "rent"), [
    ("landlord send letter: 17,500 from August renewal / 🤬 but moving is more expensive lor", "17,500"),
    ("lease renewal came, 1,950 now", "1,950"),
])
def test_the_one_sum_of_a_landlords_letter_is_the_rent(said, rent):
    assert keyed(said).get("rent") == rent


@pytest.mark.parametrize("said", ["my landlord Dave lives at 221 Baker St",
                                  "the landlord fixed the boiler after 300 emails"])
def test_a_number_beside_a_landlord_is_no_rent(said):
    assert "rent" not in keyed(said)


@pytest.mark.parametrize(("said", "employer"), [
    ("ok update 🌵 banner university med center phoenix ED, started may 12, 13 wks.",
     "Banner university med center phoenix ED"),
    ("Harbour Clinic, started last week", "Harbour Clinic"),
])
def test_a_workplace_begun_said_as_a_note_is_the_employer(said, employer):
    assert keyed(said).get("employer") == employer


@pytest.mark.parametrize("said", ["Lessons, started last week, so fun", "the kids' school, started on Monday"])
def test_what_began_that_is_no_workplace_is_no_employer(said):
    assert "employer" not in keyed(said)


def test_a_job_left_under_its_label_retires_the_employer(real_embedder, tmp_path):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:a", [Message(role="user", content="Context for you. Name: Andrea Keller, 41\n"
                                     "job: head of regulatory affairs @ Helvepharm AG", ts="2024-02-06T07:15:00Z",
                                     ref="a1")], source="s1")
    assert [m.text for m in store.keyed("user:a") if m.key == "employer"] == ["User works at Helvepharm AG"]
    ingest(store, "user:a", [Message(role="user", content="Update — job:\n- Left Helvepharm end of August.\n"
                                     "- Since 1 Sept: Director Regulatory Affairs, Lindqvist Biologics, Schlieren.",
                                     ts="2024-09-03T06:20:00Z", ref="b1")], source="s2")
    # the old one retired where the job ended, the new one noted as title and firm after its date
    assert [m.text for m in store.keyed("user:a") if m.key == "employer"] == ["User works at Lindqvist Biologics"]
    assert any(m.text == "User left Helvepharm end of August" for m in store.list_memories("user:a"))
    store.close()
