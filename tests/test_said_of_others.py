"""What the user says of the people around them, however they name them: a word of a
two-word name, a note's heading, a "she" at the start of the next message, a verb with no
subject after their news; and their jobs, got in other words than "works at"."""

from datetime import UTC, datetime

import pytest

from memcli.extract import extract_facts
from memcli.extract.people import carried_person

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def texts(said: str, people: dict[str, str] | None = None, last: str | None = None) -> list[str]:
    return [f.text for f in extract_facts(said, NOW, people=people, last=last).facts]


@pytest.mark.parametrize(("people", "said", "stored"), [
    # one word of a two-word name names the person
    ({"Chen Wei": "husband"}, "Wei got offer from MediaTek and he accept!", "User's husband Wei got offer from MediaTek"),
    ({"Anna Lee": "sister"}, "Anna got the job at Boots.", "User's sister Anna got the job at Boots"),
    # a job got, in the words people use
    ({"Tomasz": "husband"}, "Tomasz got the job in ESB Networks.", "User's husband Tomasz got the job in ESB Networks"),
    ({"Keisha": "wife"}, "Keisha got on with Sentara, pediatric dental clinic.",
     "User's wife Keisha got on with Sentara, pediatric dental clinic"),
    ({"Otieno": "fiancé"}, "Otieno accepted an offer from KeNHA.", "User's fiancé Otieno accepted an offer from KeNHA"),
    ({"Dara": "sister"}, "Dara was hired by the council.", "User's sister Dara was hired by the council"),
    # a known person's news that runs on after a comma keeps whose it is
    ({"Zintle": "partner"}, "Zintle is a lifeguard at Long Beach, thats how we met actually",
     "User's partner Zintle is a lifeguard at Long Beach, thats how User and family met actually"),
])
def test_news_of_a_known_person_is_theirs(people, said, stored):
    assert stored in texts(said, people)


@pytest.mark.parametrize(("people", "said"), [
    ({"Keisha": "wife"}, "Kevin got on with it."),  # no one known, no employer named
    ({"Anna Lee": "sister"}, "Anna got the flu."),  # no job
])
def test_what_is_no_job_got_is_not_read_as_one(people, said):
    assert not any("User's sister" in t or "got on with" in t for t in texts(said, people))


def test_a_full_name_is_kept_where_it_is_said():
    people = {"Chen Wei": "husband", "Wei": "husband"}
    assert "User's husband Chen Wei take the high speed rail every day" in \
        texts("My husband Chen Wei is engineer at TSMC, he take the high speed rail every day", people)


def test_a_word_two_known_people_share_names_neither():
    said = texts("Lee got the job at Boots.", {"Anna Lee": "sister", "Tom Lee": "brother"})
    assert not any("User's" in t for t in said), said


def test_a_word_of_a_name_is_no_new_partner():
    """"Wei accept!" after "my husband Chen Wei": no partner called Wei replaces Chen Wei."""
    facts = extract_facts("Wei got offer from MediaTek and my husband Wei accept!", NOW,
                          people={"Chen Wei": "husband"}).facts
    assert not [f for f in facts if f.key == "partner"], [f.text for f in facts]


@pytest.mark.parametrize(("said", "stored"), [
    ("Fam: wife Keisha, dental hygienist at Tidewater Smiles in VA Beach.",
     "User's wife Keisha, dental hygienist at Tidewater Smiles in VA Beach"),
    ("Kids: daughter Amara (6) and son Marcus (3).", "User's daughter Amara (6) and son Marcus (3)"),
])
def test_a_heading_before_the_people_a_note_lists_is_set_aside(said, stored):
    assert stored in texts(said)


def test_a_heading_before_anything_else_stays():
    assert texts("Kids: 2, both in school.") == ["Kids: 2, both in school"]


def test_a_verb_without_a_subject_after_someones_news_is_theirs():
    said = texts("Keisha got on with Sentara, pediatric dental clinic. Starts Monday.", {"Keisha": "wife"})
    assert "User's wife Keisha starts on 2026-03-16 (Monday)" in said
    # the user's own news: not someone else's
    assert not any("starts" in t.lower() for t in texts("I got the job at Boots. Starts Monday."))


@pytest.mark.parametrize(("said", "before", "who"), [
    ("she teaches 3rd grade in deer park", ["User's girlfriend is Destiny"], "Destiny"),
    ("He's at Hugin now.", ["User's husband is Tomasz", "User lives in Dublin"], "Tomasz"),
    # no one of that sex introduced, two of them, or the message names someone first
    ("she teaches 3rd grade", ["User's husband is Tomasz"], None),
    ("she teaches 3rd grade", ["User's sister is Ana", "User's mum is Rosa"], None),
    ("Kayla says she teaches now", ["User's girlfriend is Destiny"], None),
    # a relation that says no sex ("partner"): the one person the message before named
    ("she got the pastry job at that fancy place in the cbd", ["User's partner is Noor"], "Noor"),
    ("he's a nurse at St James's now", ["User's partner is Raúl"], "Raúl"),
    # after a word that only answers: "no she is remote"
    ("no she is remote, she lives in Incheon", ["User's partner is Minji"], "Minji"),
    ("yeah he got the job", ["User's husband is Tomasz"], "Tomasz"),
    # two people named, or the one named is of the other sex: whom it means is a guess
    ("she got the pastry job", ["User's partner is Noor", "User's brother Tom is 30"], None),
    ("she got the pastry job", ["User's husband is Tomasz"], None),
    ("she got the pastry job", ["User lives in Leeds"], None),
])
def test_an_opening_she_or_he_is_the_one_the_message_before_introduced(said, before, who):
    assert carried_person(said, before) == who


@pytest.mark.parametrize(("said", "before", "who"), [
    # named in the message before, whose relation was known from earlier
    ("Ah, and she has found her new passion: the chorale", ["Martine and User take the ferry to Corsica"], "Martine"),
    ("anyway he's at Hugin now", ["Tomasz and User went to Bergen"], "Tomasz"),
    # known, but not named just before; or both of that sex named
    ("Ah, and she has found her new passion: the chorale", ["User takes the ferry to Corsica"], None),
    ("she has found a new passion", ["Martine and Ana came round"], None),
])
def test_an_opening_she_is_the_known_person_the_message_before_named(said, before, who):
    people = {"Martine": "wife", "Tomasz": "husband", "Ana": "sister"}
    assert carried_person(said, before, people) == who


def test_the_one_carried_over_is_said_in_full():
    said = texts("she teaches 3rd grade in deer park. kids think shes the coolest", {"Destiny": "girlfriend"},
                 last="Destiny")
    assert "User's girlfriend Destiny teaches 3rd grade in deer park" in said


def test_a_follow_up_message_about_her_is_hers_through_ingest(real_embedder, tmp_path):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:r", [
        Message(role="user", content="seein this girl destiny. met her at church", ts="2025-11-04T00:40:14Z", ref="a"),
        Message(role="assistant", content="Good to hear, Ray.", ts="2025-11-04T00:42:24Z", ref="b"),
        Message(role="user", content="she teaches 3rd grade in deer park", ts="2025-11-04T00:43:36Z", ref="c"),
    ], source="s1")
    active = [m.text for m in store.list_memories("user:r")]
    assert "User's girlfriend Destiny teaches 3rd grade in deer park" in active, active
    store.close()


def test_news_of_a_partner_named_in_the_message_before_is_theirs_through_ingest(real_embedder, tmp_path):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:r", [
        Message(role="user", content="I'm seeing someone new. His name is Raúl", ts="2025-11-04T00:40:14Z", ref="a"),
        Message(role="user", content="no he's a nurse at St James's now", ts="2025-11-04T00:43:36Z", ref="b"),
    ], source="s1")
    active = [m.text for m in store.list_memories("user:r")]
    assert "User's partner is Raúl" in active, active
    assert "User's partner Raúl is a nurse at St James's now" in active, active
    store.close()


@pytest.mark.parametrize(("said", "name"), [
    ("User's partner is Raúl", "Raúl"), ("User's sister Zoë lives in Leeds", "Zoë"),
    ("User's friend Łukasz is 30", "Łukasz"), ("User's daughter Naïka is 19", "Naïka"),
])
def test_a_name_in_the_letters_of_another_language_is_known(said, name):
    from memcli.extract.people import known_people

    assert name in known_people([said])


@pytest.mark.parametrize(("said", "key", "value"), [
    ("My mom has been living with my aunt Carol in Raleigh since October.", "mother.home_city", "Raleigh"),
    ("My mom lives by herself in Tampa and she's 74.", "mother.home_city", "Tampa"),
    ("My dad lives on his own in Leeds.", "father.home_city", "Leeds"),
])
def test_where_a_relative_lives_with_how_they_live_there(said, key, value):
    assert {f.key: f.value for f in extract_facts(said, NOW).facts if f.key}.get(key) == value


@pytest.mark.parametrize(("said", "rent"), [
    ("I checked, he is allowed, unfortunately. So it is 1820 for the same flat.", "1820"),
    ("700 usd here for a bigger place", "700 usd"),
    ("1,450 usd a month for a flat in Roma Norte", "1,450 usd"),
    ("My key safe code is 4417 for the Cotham flat.", None),  # a code is no sum
])
def test_a_homes_cost_said_without_the_word_rent(said, rent):
    assert {f.key: f.value for f in extract_facts(said, NOW).facts if f.key}.get("rent") == rent


@pytest.mark.parametrize(("said", "stored"), [
    ("Wor lass is Maureen.", "User's wife is Maureen"),
    ("Wor Gary, that's me son, he works on the line at Nissan, oot Washington way.",
     "User's son Gary works on the line at Nissan, oot Washington way"),  # the user's "oot", as typed
    ("Summat to fix first, a got it wrong last time.", "User got it wrong last time"),
])
def test_a_dialects_pronouns_and_words_are_read_and_its_words_kept(said, stored):
    assert stored in texts(said)


@pytest.mark.parametrize("said", ["I bought a said item", "We need a will and a lawyer", "Me and Tom went"])
def test_an_article_or_a_me_is_read_as_it_is(said):
    from memcli.text import undialected
    assert undialected(said) == said


def test_a_known_persons_news_whatever_rule_kept_it_is_theirs():
    assert "User's daughter Haruka graduate in March 2026" in texts("Good evening. Haruka graduate in March!",
                                                                  {"Haruka": "daughter"})


def test_opening_hours_are_no_request():
    assert texts("Open 11:30 to 14:30 and 18:00 to 22:00, closed Wednesday.") == [
        "Open 11:30 to 14:30 and 18:00 to 22:00, closed Wednesday"]
    assert texts("Open the window please.") == []


def test_a_day_put_right_months_later_in_the_users_own_words(real_embedder, tmp_path):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:g", [Message(role="user", content="Callum's birthday's the 14th March, remind us nearer the time.",
                                     ts="2025-02-11T19:23:17Z", ref="a")], source="s1")
    ingest(store, "user:g", [Message(role="user", content="Wor Callum's birthday, a got it wrong last time, it's the "
                                     "16th of March not the 14th.", ts="2025-05-20T10:30:00Z", ref="b")], source="s2")
    active = [m.text for m in store.list_memories("user:g")]
    assert "Callum's birthday's on the 16th March, remind User and family nearer the time" in active, active
    assert not any("14th March" in t for t in active), active
    store.close()


@pytest.mark.parametrize(("said", "read"), [
    ("I been there before.", "I've been there before."),
    ("Dey payin $2.25 a pound at da dock dis week.", "They payin $2.25 a pound at da dock this week."),
    ("Wor lass is Maureen.", "My wife is Maureen."),
    ("me son works at Nissan", "my son works at Nissan"),
    # kin named in the other language a user writes in, with its possessive
    ("Ma blonde Nathalie says Caribou is spoiled.", "My girlfriend Nathalie says Caribou is spoiled."),
    ("minha namorada Sofia drives the 15E", "my girlfriend Sofia drives the 15E"),
    ("Ang asawa ko is a nurse in Riyadh", "My spouse is a nurse in Riyadh"),
    ("mke wangu Wanjiru is a teacher", "my wife Wanjiru is a teacher"),
    # the word alone is no kin
    ("She has a blonde streak and my wife is blonde.", "She has a blonde streak and my wife is blonde."),
    ("Mein Freund Tom is visiting.", "Mein Freund Tom is visiting."),
    # other kin are left as said
    ("mi primo Javi works the window", "mi primo Javi works the window"),
    ("ma mère vit à Dakar", "ma mère vit à Dakar"),
])
def test_the_function_words_of_a_dialect_are_read_in_standard_english(said, read):
    from memcli.text import undialected
    assert undialected(said) == read


def test_a_name_with_a_hyphen_keeps_its_letters_and_a_learners_kin_is_kin():
    said = texts("We have two children. Yu-ting is daughter, 10 years, and Po-han is son, 6 years old.")
    assert "User's daughter Yu-ting is daughter, 10 years" in said, said  # each child a fact of its own
    assert "User's son Po-han is son, 6 years old" in said, said
    assert texts("Anna is daughter of the mayor.") == ["Anna is daughter of the mayor"]


@pytest.mark.parametrize(("said", "name"), [("I go by scooter from Yonghe, 20 minutes.", None),
                                             ("I go by Bus.", None), ("I go by Meg.", "Meg")])
def test_going_by_a_way_of_getting_about_is_no_name(said, name):
    assert {f.key: f.value for f in extract_facts(said, NOW).facts if f.key}.get("name") == name


def test_a_short_name_given_in_brackets_is_the_same_person():
    from memcli.extract import known_people
    people = known_people(["User's partner Jonah (J), 33M, paramedic with NSW Ambulance"])
    assert people == {"Jonah": "partner", "J": "partner"}
    assert "User's partner J: first month as a data analyst at Sydney Water (Parramatta)" in \
        texts("J: first month as a data analyst @ Sydney Water (Parramatta).", people)


def test_what_the_user_did_with_someone_is_not_said_as_theirs():
    assert "Dale and User closed on a house in Osakis" in texts("Dale and I closed on a house in Osakis.",
                                                               {"Dale": "husband"})


def test_a_message_that_opens_with_a_correction_puts_right_the_message_before(real_embedder, tmp_path):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:v", [
        Message(role="user", content="I buy a van! The van cost me 18 thousand pounds.", ts="2025-01-15T15:26:45Z",
                ref="a"),
        Message(role="user", content="No, scusa, I confuse, 16 thousand. 18 was the price he ask at first.",
                ts="2025-01-15T15:31:17Z", ref="b"),
    ], source="s")
    active = [m.text for m in store.list_memories("user:v")]
    assert "The van cost User 16 thousand pounds" in active, active
    assert "The van cost User 18 thousand pounds" not in active
    store.close()


@pytest.mark.parametrize(("text", "who"), [
    ("User's primo Paulo live in Toronto", ["Paulo"]),  # a relation in a word of the user's language
    ("User's tita Baby works in Dubai", ["Baby"]),
    ("User's old Honda is dead", None),
    ("User's dog Rex is sick", None),  # a pet named is the user's own
    ("User's car Bessie is red", None),
])
def test_a_relation_in_an_unknown_word_before_a_name_and_its_verb_is_someone_else(text, who):
    from memcli.subjects import someone_else

    assert someone_else(text) == who


@pytest.mark.parametrize(("said", "want"), [
    ("Nuala rang. Her party is on Saturday.", "User's sister Nuala's party is on"),
    ("My son Tom called. His new job starts Monday.", "User's son Tom's new job starts"),
])
def test_her_or_his_after_someone_named_is_theirs(said, want):
    from datetime import UTC, datetime

    from memcli.extract import extract_facts

    texts = [f.text for f in extract_facts(said, datetime(2025, 4, 16, tzinfo=UTC), people={"Nuala": "sister"}).facts]
    assert [t for t in texts if t.startswith(want)], texts


def test_his_after_a_woman_named_is_no_one_known():
    from datetime import UTC, datetime

    from memcli.extract import extract_facts

    texts = [f.text for f in extract_facts("Nuala rang. His car broke down.", datetime(2025, 4, 16, tzinfo=UTC),
                                           people={"Nuala": "sister"}).facts]
    assert not [t for t in texts if "Nuala's car" in t], texts


def test_a_partner_named_in_another_language_fills_the_partner_slot():
    facts = extract_facts("Ma blonde is Josée, we live together 11 years on rue Jacques-Cartier.", NOW).facts
    assert ("partner", "Josée") in {(f.key, f.value) for f in facts}


@pytest.mark.parametrize(("said", "people"), [
    ("Me, my husband Tomasz and two kids. Zosia is 6, she is in senior infants. Kuba is 3, he is in creche.",
     [("Zosia", "kid"), ("Kuba", "kid")]),
    ("2 kids w my ex. ava 7, bday march 3. jace 4, bday oct 19.", [("Ava", "kid"), ("Jace", "kid")]),
    ("I have two younger brothers. Bat-Erdene is seventeen years old. Tömörbaatar is eleven years old.",
     [("Bat-Erdene", "brother"), ("Tömörbaatar", "brother")]),
    # someone else's, fewer names than counted, or words that are no names
    ("My sister has two kids. Mia is 4 and Leo is 2.", []),
    ("We have two kids. Sorry, the rent is 1200. Tom is 5", []),
    ("I have two sons, 12 and 9. Monday is 5 hours of football", []),
])
def test_relatives_counted_then_named_one_by_one(said, people):
    from memcli.extract.people import counted

    assert counted(said) == people


def test_what_is_said_of_relatives_counted_then_named_is_theirs():
    said = texts("Me, my husband Tomasz and two kids. Zosia is 6, she is in senior infants in St. Peter's school. "
                 "Kuba is 3, he is in creche.")
    assert "User's kid Zosia is 6" in said and "User's kid Kuba is in creche" in said, said


@pytest.mark.parametrize(("text", "who"), [
    ("Car is a 2012 Civic that mostly sits in the parkade", None),    # a thing of the user's, no one called Car
    ("Rent is $1,150 a month", None),
    ("Gym is Fitness First Al Sadd, usually 0600 on days off", None),
    ("Thursday is Jasmine's piano", None),
    ("Javi left, he got on at H-E-B", ["Javi"]),                       # names stay names
    ("June is into bugs right now", ["June"]),
    ("Marcus has given notice", ["Marcus"]),
])
def test_a_capitalised_thing_word_opening_a_fact_is_no_person(text, who):
    from memcli.subjects import someone_else

    assert someone_else(text) == who


@pytest.mark.parametrize(("said", "want"), [
    # counted, then named in lower case with an age
    ("wife nadia, 2 kids. zayn is 15 at carlton bolling, aleena is 10 at lilycroft primary.",
     "User's kid Zayn is 15 at carlton bolling"),
    ("2 kids w my ex. ava 7, bday march 3. jace 4, bday oct 19.", "User's kid Ava is 7, bday on march 3"),
    # "the kids", not counted: the names of the next sentence
    ("We stay up Pukalani, me, Leilani, my mom, and da kids. Keoni stay 12 years old, Malia stay 9 years old.",
     "User's kid Keoni is 12 years old"),
])
def test_children_named_after_the_user_speaks_of_them_are_the_users(said, want):
    assert any(t.startswith(want) for t in texts(said)), texts(said)


@pytest.mark.parametrize("said", ["I love my kids. Work is busy. Tom is 40 and Jo is 38.",
                                  "the kids are fine. Tom is 4"])
def test_names_far_from_the_kids_or_one_alone_are_not_the_kids(said):
    assert not any("kid" in t for t in texts(said) if "Tom" in t), texts(said)


def test_a_relative_the_user_named_is_never_not_about_the_user():
    """"Ella's new job is at a physio clinic" is the daughter's news: kept, as hers."""
    assert texts("Ella's new job is at a physio clinic", people={"Ella": "daughter"}) \
        == ["User's daughter Ella's new job is at a physio clinic"]
    assert texts("Ella is tired today", people={"Ella": "daughter"}) == []  # a passing state stays out


def test_a_named_subject_doing_something_after_a_comma_opens_a_clause_of_its_own():
    said = texts("kia ora, the roll is up, Rob's driving for Fonterra on the milk tankers, good money",
                 people={"Rob": "husband"})
    assert any(t.startswith("User's husband Rob's driving for Fonterra") for t in said), said


@pytest.mark.parametrize(("said", "want"), [
    ("ma works at the banh mi shop on tully", "User's ma works at the banh mi shop on tully"),
    ("mama's first month at the county clerk's office doing records", "User's mama's first month at the county"),
    ("my sister Luiza lives in curitiba. shes a dentist", "User's sister Luiza is a dentist"),  # "shes": she is
])
def test_a_parent_by_the_bare_word_and_a_texted_shes_are_read_as_said(said, want):
    assert any(t.startswith(want) for t in texts(said)), texts(said)


def test_a_texted_hes_is_never_the_users_own_job():
    said = texts("kevin is so sweet he drove me to the test and waited 4 hrs. hes a nurse at valley med")
    assert not any(t.startswith("User is a") or t.startswith("User works at") for t in said), said
