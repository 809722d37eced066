"""A value put right by denying the old one ("the wedding is not the 8th of March, is the
15th", "bocce is Saturday now, not Thursday"), a weekday habit said before its verb, and
whose fact a change is: the user's own news never retires a relative's, nor theirs the
user's. Each family with the look-alikes it must leave alone."""

from datetime import datetime

import pytest

from memcli.api import MemoryStore
from memcli.extract import extract_facts
from memcli.extract.lexicon import replacement
from memcli.ingest import Message, ingest
from memcli.models import Memory
from memcli.subjects import same_subject, someone_else
from memcli.write import Candidate, Neighbour, decide_by_rules

NOW = datetime(2025, 5, 6, 7)


def _near(text: str, similarity: float, **kw) -> Neighbour:
    return Neighbour(Memory(id="old1", scope="user:t", kind=kw.pop("kind", "semantic"), text=text, **kw), similarity)


def _tell(store: MemoryStore, scope: str, said: list[tuple[str, str]]) -> list[str]:
    for i, (text, ts) in enumerate(said):
        ingest(store, scope, [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"s{i}")
    return [m.text for m in store.list_memories(scope) if not m.episode]


# -- the pair a denial names ------------------------------------------------------------

@pytest.mark.parametrize(("said", "pair"), [
    ("the wedding is not the 8th of March is the 15th of March.", ("8th of March", "15th of March")),
    ("it's not Tuesday, it's Thursday", ("Tuesday", "Thursday")),
    ("the shop was not Lidl but Aldi", ("Lidl", "Aldi")),
    ("my name is not Jon it is John", ("Jon", "John")),
    ("the bocce now is Saturday morning not Thursday because the club needs it", ("Thursday", "Saturday morning")),
    # the words of a date kept beside it
    ("The wedding is not on 2025-03-08 (the 8th of March) is on 2025-03-15 (the 15th of March)",
     ("2025-03-08", "2025-03-15")),
])
def test_a_denied_value_and_the_one_said_instead_make_a_replacement(said, pair):
    assert replacement(said) == pair


@pytest.mark.parametrize("said", [
    "this is not a drill",
    "it is not what I wanted but it works",
    "the food is not just good, it is great",
    "I like tea, not coffee",
    "he is not here",
])
def test_a_denial_without_a_value_said_instead_is_no_replacement(said):
    assert replacement(said) is None


def test_a_corrected_date_replaces_the_plan_that_said_the_old_one():
    plan = _near("User's grandson Matteo is getting married in 2025 on 2025-03-08 (the 8th of March) to Chiara", 0.53,
                 kind="episodic")
    new = Candidate(text="The wedding is not on 2025-03-08 (the 8th of March) is on 2025-03-15 (the 15th of March)",
                    change="update")
    op, target, _ = decide_by_rules(new, [plan])
    assert (op, target) == ("UPDATE", plan)


def test_a_corrected_date_leaves_what_a_turn_said_alone():
    said = _near("my grandson Matteo is getting married on the 8th of March", 0.6, kind="episodic", episode=True)
    new = Candidate(text="The wedding is not on 2025-03-08 (the 8th of March) is on 2025-03-15 (the 15th of March)",
                    change="update")
    assert decide_by_rules(new, [said])[0] == "ADD"


def test_a_denied_weekday_names_the_habit_of_that_day_even_when_the_vectors_are_far():
    habit = _near("Thursday morning User plays bocce at the club in Altona North", 0.36)
    new = Candidate(text="The bocce now is on 2025-05-10 (Saturday) not on 2025-05-08 (Thursday) because the club "
                         "gives the Thursday to the ladies", change="update")
    op, target, _ = decide_by_rules(new, [habit])
    assert (op, target) == ("UPDATE", habit)


def test_a_denied_weekday_leaves_another_thing_of_that_day_alone():
    other = _near("User goes to the market on Thursday", 0.33)
    new = Candidate(text="The bocce now is on 2025-05-10 (Saturday) not on 2025-05-08 (Thursday)", change="update")
    assert decide_by_rules(new, [other])[0] == "ADD"


def test_the_wedding_put_right_is_what_recall_holds_active(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", embedder=real_embedder)
    active = _tell(store, "user:t", [
        ("my grandson Matteo is getting married next year on the 8th of March to Chiara", "2024-09-10T08:00:00Z"),
        ("the thing about Matteo I tell you wrong. the wedding is not the 8th of March is the 15th of March.",
         "2024-11-22T05:40:00Z"),
    ])
    assert any("2025-03-15" in t for t in active)
    assert not any("2025-03-08" in t and "2025-03-15" not in t for t in active)


# -- a weekday habit said before its verb ----------------------------------------------

@pytest.mark.parametrize("said", ["Thursday morning I play bocce at the club", "Thursday I go to the market",
                                  "on Thursday I play tennis with Tom"])
def test_a_weekday_before_a_habit_in_the_present_is_no_date(said):
    texts = [f.text for f in extract_facts(said, NOW).facts]
    assert texts and not any("2025-05" in t for t in texts)


@pytest.mark.parametrize(("said", "iso"), [
    ("next Thursday I play in the final", "2025-05-15"),
    ("on Thursday I went to the market", "2025-05-01"),
    ("I have a dentist appointment on Thursday", "2025-05-08"),
])
def test_a_weekday_of_one_day_is_still_dated(said, iso):
    assert any(iso in f.text for f in extract_facts(said, NOW).facts)


# -- whose fact a change is -------------------------------------------------------------

@pytest.mark.parametrize(("text", "who"), [
    ("Rosaria she change the job too now she is the nurse unit manager", ["Rosaria"]),
    ("Two children User's daughter Rosaria she is nurse at the Western Hospital", ["Rosaria"]),
    ("Also User's sister Ana works at Google", ["Ana"]),
    ("User and family now live in the granny flat behind Rosaria house", None),
    ("Then User's car broke down", None),
    ("N User's team scrims tuesdays 9pm", None),  # a group the user is one of
])
def test_who_a_fact_is_about(text, who):
    assert someone_else(text) == who


def test_the_users_move_is_not_a_relatives_news():
    assert not same_subject("User and family now live in the granny flat behind Rosaria house in Point Cook", None,
                            "Two children User's daughter Rosaria she is nurse at the Western Hospital", None)
    assert same_subject("User and family now live in Point Cook", None, "User and family live on Cecil Street", None)
    assert same_subject("User and family moved to Leith", None, "User's wife and User live in Portobello", None)


def test_the_home_and_the_daughters_job_each_keep_their_own_record(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", embedder=real_embedder)
    active = _tell(store, "user:t", [
        ("two children my daughter Rosaria she is nurse at the Western Hospital in Footscray very good nurse",
         "2024-09-10T08:00:00Z"),
        ("we sold the house. now we live in the granny flat behind Rosaria house in Point Cook on Saltwater "
         "Promenade", "2025-02-14T03:25:00Z"),
        ("Rosaria she change the job too now she is the nurse unit manager at Werribee Mercy hospital",
         "2025-02-14T03:43:59Z"),
    ])
    assert any("Point Cook" in t for t in active)
    assert any("Werribee Mercy" in t for t in active)
    assert not any("Western Hospital" in t for t in active)


# -- a new holder of a role, said as a note ---------------------------------------------

@pytest.mark.parametrize(("said", "key", "value", "where"), [
    ("new GP: Dr Kaur at the Point Cook clinic", "doctor.name", "Dr Kaur", "Point Cook clinic"),
    ("got a new dentist - Dr Patel in Leith", "dentist.name", "Dr Patel", "Leith"),
    ("switched GP to Dr Kaur", "doctor.name", "Dr Kaur", ""),
    ("I changed my dentist to Dr Osei", "dentist.name", "Dr Osei", ""),
    ("my doctor now is Dr Kaur", "doctor.name", "Dr Kaur", ""),
])
def test_a_new_holder_said_as_a_note_takes_the_role(said, key, value, where):
    facts = [f for f in extract_facts(said, NOW).facts if f.key == key]
    assert facts and facts[0].value == value and facts[0].change == "update" and where in facts[0].text


@pytest.mark.parametrize("said", ["new car: a Honda Jazz", "changed the oil yesterday", "I switched banks to Monzo",
                                  "we moved the meeting to Monday"])
def test_a_new_thing_that_is_no_role_names_no_holder(said):
    assert not any(f.key and f.key.endswith(".name") for f in extract_facts(said, NOW).facts)


@pytest.mark.parametrize(("said", "value"), [("New partner: Hanna. Met at padel in February.", "Hanna"),
                                             ("new boyfriend - Tom", "Tom")])
def test_a_new_partner_said_as_a_note_is_the_partner_now(said, value):
    facts = [f for f in extract_facts(said, NOW).facts if f.key == "partner"]
    assert facts and facts[0].value == value and facts[0].change == "update"


@pytest.mark.parametrize("said", ["new partner in crime: my dog", "new partner, the bank"])
def test_a_new_partner_that_names_no_one_is_no_partner(said):
    assert not any(f.key == "partner" for f in extract_facts(said, NOW).facts)


def test_a_position_taken_in_a_unit_keeps_the_unit_and_names_the_employer():
    facts = extract_facts("I accepted a position in the dialysis unit at Hôpital Maisonneuve-Rosemont", NOW).facts
    employer = [f for f in facts if f.key == "employer"]
    assert employer and employer[0].value == "Hôpital Maisonneuve-Rosemont" and "dialysis unit" in employer[0].text


# -- an end that says what came in its place --------------------------------------------

def test_selling_a_named_thing_and_getting_another_retires_the_old_and_keeps_the_new(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", embedder=real_embedder)
    active = _tell(store, "user:t", [
        ("Van's a 2017 Ford Transit Custom, white, still got Pascoe's name on the side", "2024-09-10T09:00:00Z"),
        ("Sold the Transit back to ole man Pascoe seein' as it had his name on it anyway, an' got a Vauxhall "
         "Vivaro, electric one, blue", "2025-03-10T08:00:00Z"),
    ])
    assert any("Vivaro" in t for t in active)
    assert not any("Transit Custom" in t for t in active)


def test_an_end_names_what_it_ends_not_what_follows():
    van = _near("Van's a 2017 Ford Transit Custom, white", 0.5)
    new = Candidate(text="User sold the Transit back to Pascoe, an' got a Vauxhall Vivaro", change="delete")
    op, target, _ = decide_by_rules(new, [van])
    assert (op, target) == ("UPDATE", van)
    plain = Candidate(text="User sold the Transit back to Pascoe", change="delete")
    assert decide_by_rules(plain, [van])[:2] == ("DELETE", van)


# -- a note told over short sentences ---------------------------------------------------

def test_a_new_holder_announced_then_named_in_the_next_sentence_takes_the_role():
    facts = extract_facts("also new doctor because Williamstown is too far now. Dr Kaur at the Point Cook medical "
                          "clinic on Main Street she is young but very smart", NOW).facts
    role = [f for f in facts if f.key == "doctor.name"]
    assert role and role[0].value == "Dr Kaur" and role[0].change == "update"
    assert any("Point Cook medical clinic" in f.text for f in facts)  # where, as said, is kept


@pytest.mark.parametrize("said", ["new doctor. Tom came too.", "also new car because the old one died. Dr Kaur says hi",
                                  "New doctor because of the move."])
def test_no_holder_without_a_titled_name_after_a_role(said):
    facts = extract_facts(said, NOW).facts
    assert not any(f.key == "doctor.name" for f in facts)


@pytest.mark.parametrize(("said", "words"), [
    ("Format: bullet points. Short. No emoji.", ["bullet points", "Short", "No emoji"]),
    ("Format change: full sentences ok now. No bullets needed. Still no emoji.", ["full sentences", "No emoji"]),
    ("Style: casual. My name is Bo.", ["casual"]),
])
def test_a_label_of_the_answers_is_a_rule_for_them(said, words):
    rules = [f for f in extract_facts(said, NOW).facts if f.kind == "procedural"]
    assert len(rules) == 1 and all(w.lower() in rules[0].text.lower() for w in words)
    assert "My name" not in rules[0].text


@pytest.mark.parametrize("said", ["Format of the meeting: a panel", "My format is fine", "Style is everything to me"])
def test_a_label_that_is_no_note_of_the_answers_is_no_rule(said):
    assert not any(f.kind == "procedural" for f in extract_facts(said, NOW).facts)


def test_a_value_put_right_replaces_its_record_once_and_nothing_else(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", embedder=real_embedder)
    active = _tell(store, "user:t", [
        ("Jambo. Coach Kiprop Rotich. Iten. Head coach, Kerio Valley Runners camp.", "2025-01-14T17:20:00Z"),
        ("Camp fee KSh 15,000 per month per athlete. Food and bed.", "2025-01-14T17:30:00Z"),
        ("Sawa. Small fix: camp fee is KSh 12,000, not 15,000. I said wrong.", "2025-02-01T10:00:00Z"),
    ])
    assert any("Kerio Valley" in t for t in active)
    assert any("12,000" in t for t in active)
    assert not any("15,000" in t and "12,000" not in t for t in active)


def test_a_vehicle_that_died_gives_way_to_the_one_bought(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", embedder=real_embedder)
    active = _tell(store, "user:t", [
        ("Bakkie is a 2011 Hilux, 410,000 km on the clock and still lekker", "2025-03-03T17:03:06Z"),
        ("The Hilux finally died on the Outjo road, eish. 437,000 km. Bought a 2019 Isuzu D-Max from a oke in Tsumeb.",
         "2025-06-09T15:44:49Z"),
    ])
    assert any("D-Max" in t for t in active)
    assert not any("Hilux" in t and "D-Max" not in t for t in active)


@pytest.mark.parametrize("said", ["The Hilux is in the shop again", "My dad's old Corolla died years ago, he said",
                                  "The party died down by midnight"])
def test_no_end_of_the_users_vehicle_without_one_of_theirs_that_ended(said):
    assert not any(f.change == "delete" for f in extract_facts(said, NOW).facts)


def test_a_keyed_home_never_retires_a_relatives_record_nor_their_news_the_home():
    assert not same_subject("User lives in the granny flat behind Rosaria house in Point Cook", "home_city",
                            "Two children User's daughter Rosaria she is nurse at the Western Hospital", None)
    assert not same_subject("Rosaria she change the job too now she is the nurse unit manager", None,
                            "User lives in the granny flat behind Rosaria house in Point Cook", "home_city")
    # a thing opening a change is the user's: "Tennis is out" ends "User plays tennis"
    assert same_subject("Tennis is out since the shoulder surgery", None, "User plays tennis on weekends", None)
