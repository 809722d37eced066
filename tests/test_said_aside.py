"""What a user says on the side of a fact must not cost the fact: an aside between commas
("to be fair", "just between us"), a job or a home told by how it began ("ever since I
started at the equine hospital out in Wetherby", "we got the keys to a 4 1/2 in verdun"),
a parent by any word for them ("mama"), one who came to live with the user, and a forget
request said after its topic ("that bit about Mick's wife ..., forget I said it")."""

from datetime import UTC, datetime

import pytest

from memcli.dates import resolve_dates
from memcli.extract import extract_facts
from memcli.ingest import Message, ingest
from memcli.requests import forget_requests, matches

NOW = datetime(2025, 6, 22, 20, tzinfo=UTC)


def facts(said: str) -> list[tuple[str | None, str]]:
    return [(f.key, f.text) for f in extract_facts(said, NOW).facts]


@pytest.mark.parametrize(("said", "stored"), [
    ("My brother, to be fair, is broke.", "User's brother is broke"),
    ("Just between us, my brother is broke.", "User's brother is broke"),
    ("Between you and me, my sister is pregnant again.", "User's sister is pregnant again"),
])
def test_an_aside_on_how_a_thing_is_told_costs_nothing_of_it(said, stored):
    assert [t for _, t in facts(said)] == [stored]


def test_a_name_in_apposition_after_an_aside_stays_with_what_it_is_to_the_user():
    said = ("And then, just between us, Linda, our practice manager, told me on her lunch break that she "
            "and her husband are going through IVF.")
    texts = [t for _, t in facts(said)]
    assert len(texts) == 1 and "practice manager Linda" in texts[0] and "IVF" in texts[0], texts


def test_between_as_a_place_is_no_aside():
    assert "between them and the river" in facts("We live between us and the river, honestly.")[0][1]


@pytest.mark.parametrize(("said", "key", "value"), [
    ("I started at the equine hospital out in Wetherby in May.", "employer", "the equine hospital out in Wetherby"),
    ("Ever since I started at the equine hospital out in Wetherby in May, I smell of horse permanently.",
     "employer", "the equine hospital out in Wetherby"),
    ("Ever since I joined Acme, I sleep badly.", "employer", "Acme"),
    ("we got the keys to a 4 1/2 in Verdun last week. ground floor", "home_city", "Verdun"),
    ("Big news! We settled on the block in Bunbury last Friday! Quarter acre", "home_city", "Bunbury"),
    ("We finally got the keys to the little terrace in Horsforth!! Two bedrooms", "home_city", "Horsforth"),
])
def test_a_job_or_a_home_told_by_how_it_began(said, key, value):
    found = [f for f in extract_facts(said, NOW).facts if f.key == key]
    assert [f.value for f in found] == [value]


@pytest.mark.parametrize("said", [
    "I started at a new school this week.",  # a pupil's as often as a teacher's
    "Since I started at the gym in March I feel great.",
    "We settled on the name in the end.",  # decided, no home
    "we got the keys to the cabin in Tahoe for the weekend",  # a stay
])
def test_a_start_or_keys_that_name_no_job_or_home(said):
    assert not [f for f in extract_facts(said, NOW).facts if f.key in ("employer", "home_city")]


@pytest.mark.parametrize(("said", "key"), [
    ("My mama Patsy lives out in Lubbock by herself since Daddy passed.", "mother.home_city"),
    ("My mom lives in Lubbock.", "mother.home_city"),
    ("Mama's been living in Austin since Labor Day.", "mother.home_city"),
    ("My dad's been living in Cork for years.", "father.home_city"),
    ("my mum lives with us now", "mother.home_city"),
    ("my dad moved in with us in March", "father.home_city"),
    ("My sister lives up in Leeds.", "sister.home_city"),
    ("Dad's settled in his room at the Bethany home in Middle Lake the nurses love him already", "father.home_city"),
    ("My mum moved into a care home in Otley last month.", "mother.home_city"),
])
def test_a_parent_is_one_key_by_every_word_for_them(said, key):
    assert [k for k, _ in facts(said)] == [key]


@pytest.mark.parametrize("said", ["my dad went into the home straight after work", "my mum is at home today"])
def test_going_home_is_no_care_home(said):
    assert not [k for k, _ in facts(said) if k and k.endswith("home_city")]


def test_a_sister_who_lives_with_her_boyfriend_does_not_live_with_the_user():
    found = [f for f in extract_facts("my sister lives with her boyfriend in Leeds", NOW).facts
             if f.key == "sister.home_city"]
    assert [f.value for f in found] != ["with User"]


def test_a_mother_who_came_to_live_out_back_retires_where_she_lived(store):
    ingest(store, "user:c", [
        Message(role="user", content="My mama Patsy lives out in Lubbock by herself since Daddy passed.",
                ts="2025-04-07T10:00:00Z", ref="a")], source="s1")
    ingest(store, "user:c", [
        Message(role="user", content="Okay, update. Mama's been living in the casita out back since Labor Day, "
                "Ray and his guys wired the whole thing.", ts="2025-10-06T10:00:00Z", ref="b")], source="s2")
    keyed = [m.text for m in store.list_memories("user:c") if m.key == "mother.home_city"]
    assert len(keyed) == 1 and "casita" in keyed[0], keyed
    assert not [m for m in store.list_memories("user:c") if m.key and "Lubbock" in m.text]


@pytest.mark.parametrize(("said", "topic"), [
    ("Oh and that bit about Mick's wife and the coffee van bloke, forget I said it aye, he's been a good boss",
     "Mick's wife and the coffee van bloke"),
    ("the thing about Gary and the van, forget I said it", "Gary and the van"),
])
def test_a_topic_said_before_forget_i_said_it_is_forgotten(said, topic):
    assert [r.topic for r in forget_requests(said)] == [topic]


@pytest.mark.parametrize("said", [
    "The thing about my job is it's dull, forget I said it.",  # a thing said of the job, just now
    "The thing about my job is it's dull, forget it.",
])
def test_the_thing_about_x_is_y_is_no_topic_told(said):
    assert forget_requests(said) == []


def test_a_weekend_is_held_by_a_saturday_beside_another_word_of_the_topic():
    marc = "Marc User's lead dev got a DUI on 2025-06-14 (Saturday), lost his licence"
    assert matches("marc's weekend thing", marc, 0.3)
    assert not matches("marc's weekend thing", "Marc is User's lead dev", 0.3)
    assert not matches("the weekend", "User works on Saturdays at the market", 0.3)


def test_her_private_stuff_is_the_person_named():
    assert matches("Linda and her private stuff", "User's practice manager Linda is going through IVF", 0.2)
    assert not matches("Linda and her private stuff", "User's mother is Wambui", 0.2)


def test_what_was_told_of_linda_goes_with_its_turn(store):
    ingest(store, "user:l", [
        Message(role="user", content="And then, just between us, Linda, our practice manager, told me on her lunch "
                "break that she and her husband are going through IVF, second round.", ts="2025-06-22T20:00:00Z",
                ref="a"),
        Message(role="user", content="Pole, one more thing. What I told you about Linda and her private stuff, "
                "please forget that completely.", ts="2025-06-22T21:00:00Z", ref="b")], source="s1")
    assert not [m.text for m in store.list_memories("user:l") if "IVF" in m.text]


@pytest.mark.parametrize("said", ["Wednesday is my lazy day these days", "Fridays are my day off",
                                  "Sunday is our family day"])
def test_a_weekday_that_is_the_users_kind_of_day_is_no_date(said):
    assert resolve_dates(said, NOW)[1] is None


def test_a_weekday_that_is_a_last_day_is_a_date():
    assert resolve_dates("Friday is my last day", NOW)[1] is not None


@pytest.mark.parametrize(("said", "stored"), [
    ("and he got me on Eliquis for the heart rhythm", "User is on Eliquis for the heart rhythm"),
    ("Dr Shah switched me to apixaban.", "User is on apixaban"),
    ("the doctor put me on sertraline 50mg", "User is on sertraline 50mg"),
])
def test_a_medicine_the_user_was_put_on_is_the_users(said, stored):
    assert [t for _, t in facts(said)] == [stored]


@pytest.mark.parametrize("said", ["she put me on the spot", "they put me on hold for an hour", "he got me on the bus",
                                  "they moved me to Leeds"])
def test_put_on_the_spot_is_no_medicine(said):
    assert not [t for _, t in facts(said) if t.startswith("User is on")]


def test_a_person_said_with_when_between_is_the_she_after():
    texts = [t for _, t in facts("And Zosia is this semester in Kraków! She is on the exchange at the "
                                 "Jagiellonian University.")]
    assert "Zosia is on the exchange at the Jagiellonian University" in texts, texts


# two sittings, the second months after the first, and the question asked after both
_LATER = [
    ("I take Warfarin for the atrial fibrillation.", "2025-09-14",
     "I been to see Dr Broussard and he got me on Eliquis for the heart rhythm, no more getting stuck every two weeks.",
     "2025-10-22", "Which blood thinner does the user take?", "Eliquis", None),
    ("On the Tuesdays I volunteer at the box office of the Copernicus Center, I sell the tickets.", "2025-10-04",
     "On Tuesdays I help at the food pantry of the parish, I pack the bags.", "2026-04-11",
     "Where does the user volunteer on Tuesdays?", "pantry", None),
    # someone else's cat said later stays below the user's
    ("Live on rue Rachel in the Plateau with my cat Dubu, she is white and squishy.", "2025-05-06",
     "camille's bday is on july 21. her cat poutine is coming to stay with us while her building does the plumbing, "
     "Dubu is NOT ok with this lol", "2025-06-18", "What is the name of the user's cat?", "Dubu", "poutine"),
]


@pytest.mark.parametrize(("first", "day1", "second", "day2", "query", "first_hit", "not_first"), _LATER)
def test_the_later_answer_goes_first_and_someone_elses_does_not(real_embedder, tmp_path, first, day1, second, day2,
                                                                query, first_hit, not_first):
    from memcli.api import MemoryStore
    from memcli.recall import recall

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for i, (said, day) in enumerate(((first, day1), (second, day2))):
        ingest(store, "user:r", [Message(role="user", content=said, ts=f"{day}T10:00:00Z", ref=str(i))], source=f"s{i}")
    hits = [h.memory.text for h in recall(store, "user:r", query, k=3, touch=False).hits]
    store.close()
    assert first_hit in hits[0] and not (not_first and not_first in hits[0]), hits


@pytest.mark.parametrize(("said", "topic"), [
    ("An' forget whit ah said aboot gettin' caught speedin' on the bridge, the points an' that.",
     "gettin' caught speedin' on the bridge"),
    ("What I tell you about Bảo and his papers, please forget. Delete it.", "Bảo and his papers"),
])
def test_a_request_in_a_dialect_or_a_learners_tense(said, topic):
    assert [r.topic for r in forget_requests(said)] == [topic]


def test_a_name_in_vietnamese_letters_is_one_word_of_the_topic():
    assert matches("Bảo and his papers", "User's dishwasher Bảo, his Aufenthaltstitel expire in January 2025", 0.2)
    assert not matches("Bảo and his papers", "User's boss Bình signs the papers", 0.2)


def test_someone_who_phoned_is_the_she_after():
    texts = [t for _, t in facts("Leela phoned last night. She and Krish are staying put in Pietermaritzburg even "
                                 "though their children begged them to come down to Durban.")]
    assert any(t.startswith("Leela and Krish are staying put in Pietermaritzburg") for t in texts), texts
