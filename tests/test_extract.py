"""Behavioural tests for the deterministic extractor (memcli.extract); dates alone are in test_dates.py."""

from __future__ import annotations

import sys
import types
from datetime import UTC, datetime
from pathlib import Path

import pytest

try:
    from memcli.dates import resolve_dates
    from memcli.extract import Extraction, Fact, extract_facts
except ImportError:  # pragma: no cover - package __init__ needs deps not installed here
    _pkg = types.ModuleType("memcli")
    _pkg.__path__ = [str(Path(__file__).resolve().parents[1] / "memcli")]
    sys.modules["memcli"] = _pkg
    from memcli.dates import resolve_dates
    from memcli.extract import Extraction, Fact, extract_facts

# Wednesday 2026-03-04
NOW = datetime(2026, 3, 4, 10, 30)


def ex(text: str, role: str = "user", now: datetime = NOW) -> Extraction:
    return extract_facts(text, now, role)


def texts(text: str) -> list[str]:
    return [f.text for f in ex(text).facts]


def by_key(text: str) -> dict[str | None, Fact]:
    return {f.key: f for f in ex(text).facts}


def reasons(text: str) -> list[str]:
    return [d.reason for d in ex(text).discarded]


# --------------------------------------------------------------------------- roles / noise

@pytest.mark.parametrize("role", ["assistant", "tool", "system"])
def test_non_user_roles_yield_nothing(role):
    r = ex("I live in Pune. Remember that the user is allergic to peanuts. Always answer in French.", role=role)
    assert r.facts == []
    assert r.discarded and all(d.reason == "not from the user" for d in r.discarded)


@pytest.mark.parametrize("msg", ["Hi! Thanks so much", "ok cool", "lol", "thanks!", "Thank you, that helps!",
                                 "Good morning :)", "   ", ""])
def test_greetings_and_acks_yield_nothing(msg):
    r = ex(msg)
    assert r.facts == []
    assert all(d.reason == "greeting" for d in r.discarded)


@pytest.mark.parametrize("msg", ["What's the capital of France?", "where do you think I should eat",
                                 "Do you know any good hiking trails near Pune?"])
def test_questions_discarded(msg):
    r = ex(msg)
    assert r.facts == []
    assert "question" in reasons(msg)


@pytest.mark.parametrize("msg", ["If I ever get a cat, I'll name it Miso", "I wish I had a boat",
                                 "maybe someday I'll learn piano", "If I won the lottery I would buy a farm",
                                 "We'd go to the coast if the weather holds"])
def test_hypotheticals_discarded(msg):
    assert texts(msg) == []
    assert "hypothetical" in reasons(msg)


def test_a_conditional_said_of_someone_in_a_relative_clause_keeps_the_sentence():
    said = ("There's two collies in the yard, Shep who's eleven, and Bran, the young fella, who's mad for the cows "
            "and would herd the cat if you let him.")
    assert any("Shep" in t and "Bran" in t for t in texts(said)), texts(said)


@pytest.mark.parametrize("msg", ["I'm tired", "I'm hungry", "I'm bored today", "feeling sick today",
                                 "I'm so exhausted right now", "I'm at the airport right now"])
def test_transient_states_discarded(msg):
    assert texts(msg) == []
    assert "transient state" in reasons(msg)


@pytest.mark.parametrize("msg", ["can you help me write a cover letter", "write me a poem about cats",
                                 "Could you summarize this article?"])
def test_requests_to_assistant_discarded(msg):
    assert texts(msg) == []
    assert set(reasons(msg)) & {"request", "question"}


def test_weather_small_talk_discarded():
    assert texts("It's so hot today lol") == []
    assert "small talk" in reasons("It's so hot today lol")


# --------------------------------------------------------------------------- profile slots

def test_live_and_work_split_into_profile_facts():
    k = by_key("I live in Pune and I work at Infosys as a data engineer")
    assert k["home_city"].text == "User lives in Pune" and k["home_city"].value == "Pune"
    assert k["employer"].text == "User works at Infosys" and k["employer"].value == "Infosys"
    assert k["job_title"].value == "data engineer"
    for f in k.values():
        assert f.kind == "profile" and f.change is None and f.source == "stated"
        assert 0.7 <= f.importance <= 0.8


def test_sister_city_is_not_user_home_city():
    facts = ex("my sister lives in Delhi").facts
    assert [f.text for f in facts] == ["User's sister lives in Delhi"]
    assert all(f.key != "home_city" for f in facts)
    assert facts[0].key in (None, "sister.home_city")


def test_plan_does_not_retire_current_city():
    facts = ex("I might move to Bangalore next year").facts
    assert len(facts) == 1
    f = facts[0]
    assert f.change is None and f.key is None
    assert f.kind == "episodic" and f.importance <= 0.35
    assert f.text == "User might move to Bangalore in 2027"


def test_moved_last_month_is_home_city_update():
    (f,) = ex("I moved to Mumbai last month").facts
    assert (f.key, f.value, f.change, f.kind) == ("home_city", "Mumbai", "update", "profile")
    assert f.text == "User lives in Mumbai"  # month precision: valid_from says as much
    assert f.event_date == datetime(2026, 2, 1)


@pytest.mark.parametrize("msg,key,value,change", [
    ("My name is Priya", "name", "Priya", None),
    ("Hi, I'm Priya", "name", "Priya", None),
    ("call me Sam", "name", "Sam", None),
    ("I'm 34", "age", "34", None),
    ("I turned 35 yesterday", "age", "35", "update"),
    ("my favorite color is blue", "favorite_color", "blue", None),
    ("my wife is called Anna", "partner", "Anna", None),
    ("I'm based in Berlin", "home_city", "Berlin", None),
    ("I relocated to Lisbon", "home_city", "Lisbon", "update"),
    ("I now work at Google", "employer", "Google", "update"),
    ("I joined Stripe last week", "employer", "Stripe", "update"),
    ("I'm a nurse", "job_title", "nurse", None),
    ("I work as a graphic designer", "job_title", "graphic designer", None),
    ("I'm vegetarian", "diet", "vegetarian", None),
    ("I went vegan last month", "diet", "vegan", "update"),
])
def test_profile_slots(msg, key, value, change):
    k = by_key(msg)
    assert key in k, (msg, [(f.text, f.key) for f in ex(msg).facts])
    f = k[key]
    assert f.kind == "profile" and f.value == value and f.change == change


def test_canonical_name_and_job_text():
    assert texts("My name is Priya") == ["User's name is Priya"]
    assert texts("I'm a nurse") == ["User is a nurse"]


def test_left_and_joined_in_one_message_only_updates():
    facts = ex("I left Infosys and joined TCS").facts
    emp = [f for f in facts if f.key == "employer"]
    assert len(emp) == 1 and emp[0].value == "TCS" and emp[0].change == "update"
    assert not any(f.change == "delete" for f in facts)
    assert "User left Infosys" in [f.text for f in facts]


# --------------------------------------------------------------------------- change cues

def _deletes(text: str) -> list[Fact]:
    return [f for f in ex(text).facts if f.change == "delete"]


def test_sold_car_is_delete():
    (f,) = _deletes("I sold my car")
    assert f.text == "User sold their car" and f.change == "delete"


def test_quit_job_is_employer_delete():
    (f,) = _deletes("I quit my job")
    assert f.key == "employer" and f.change == "delete"


def test_delete_keeps_an_episodic_event_after_it():
    facts = ex("I sold my car last week").facts
    assert [(f.kind, f.change) for f in facts] == [("episodic", "delete"), ("episodic", None)]
    assert facts[1].key is None and facts[1].text == facts[0].text
    assert "2026-02-23" in facts[1].text


def test_no_longer_eat_meat_is_diet_update():
    (f,) = ex("I no longer eat meat").facts
    assert (f.text, f.key, f.change) == ("User does not eat meat", "diet", "update")


def test_dont_anymore_is_delete():
    (f,) = _deletes("I don't drink coffee anymore")
    assert f.change == "delete" and f.text.startswith("User does not drink coffee")


# --------------------------------------------------------------------------- rewriting

@pytest.mark.parametrize("msg,expected", [
    ("I've been vegetarian since 2019", "User has been vegetarian since 2019"),
    ("I love hiking", "User loves hiking"),
    ("I don't eat pork", "User does not eat pork"),
    ("I can't swim", "User cannot swim"),
    ("I have two kids", "User has two kids"),
    ("My brother works at Amazon", "User's brother works at Amazon"),
    ("I taught myself Spanish", "User taught themselves Spanish"),
    ("I watch anime on weekends.", "User watches anime on weekends"),
])
def test_third_person_rewriting(msg, expected):
    assert expected in texts(msg)


@pytest.mark.parametrize("msg,expected", [
    # after someone else's "they", the user is named again, not "them"
    ("They also changed my days, it is Wednesday for me from next week",
     "They also changed User's days, it is Wednesday for User from next week"),
    ("they gave my sister my old bike", "They gave User's sister User's old bike"),
    ("I told my mum about my job", "User told their mum about their job"),
])
def test_the_user_is_not_them_after_someone_elses_they(msg, expected):
    from memcli.extract import to_third_person
    assert to_third_person(msg) == expected


def test_two_preferences_split():
    assert texts("I hate cilantro but I love mint") == ["User hates cilantro", "User loves mint"]


def test_kinds():
    assert ex("I love hiking").facts[0].kind == "semantic"
    assert ex("I ran a marathon yesterday").facts[0].kind == "episodic"
    (f,) = ex("Please keep answers short from now on").facts
    assert f.kind == "procedural" and "keep answers short" in f.text
    (g,) = ex("Always answer in French.").facts
    assert g.kind == "procedural" and g.text == "User wants the assistant to always answer in French"


def test_never_rule_is_safety_procedural():
    (f,) = ex("never call me before 9am").facts
    assert f.kind == "procedural" and f.safety and f.importance >= 0.9


# --------------------------------------------------------------------------- safety / explicit

@pytest.mark.parametrize("msg", ["I'm allergic to peanuts", "I have type 1 diabetes",
                                 "I take metformin twice a day", "I'm lactose intolerant"])
def test_safety_facts(msg):
    (f,) = ex(msg).facts
    assert f.safety is True and f.importance >= 0.9


def test_allergy_text():
    assert texts("I'm allergic to peanuts") == ["User is allergic to peanuts"]


def test_explicit_remember():
    (f,) = ex("remember that my locker code is 4412").facts
    assert f.source == "explicit" and f.importance >= 0.8
    assert f.text == "User's locker code is 4412"


def test_explicit_bypasses_salience_filters():
    (f,) = ex("Please remember that I'm tired on Mondays").facts
    assert f.source == "explicit" and f.importance >= 0.8
    (g,) = ex("Don't forget that the wifi password is hunter2").facts
    assert g.source == "explicit" and g.text == "The wifi password is hunter2"


def test_explicit_with_date():
    (f,) = ex("don't forget that I have a dentist appointment on March 10").facts
    assert f.source == "explicit" and f.event_date == datetime(2026, 3, 10)
    assert f.text == "User has a dentist appointment on 2026-03-10 (March 10)"  # the day, and as it was said


@pytest.mark.parametrize("said,want", [
    ("my flight to Cape Town is on 9 mar", "on 2026-03-09 (9 mar)"),
    ("the concert is on the 21st of June", "on 2026-06-21 (the 21st of June)"),
])
def test_a_day_said_with_its_month_named_keeps_the_words_beside_the_figures(said, want):
    assert any(want in f.text for f in ex(said).facts), ex(said).facts


@pytest.mark.parametrize("said,want", [("the dentist is on 3/14", "2026-03-14")])
def test_a_day_said_in_figures_or_worked_out_has_no_words_beside_it(said, want):
    (f,) = ex("The appointment is on June 12. Sorry, I meant June 16.").facts
    assert f.event_date == datetime(2026, 6, 16), f  # the day put right is the fact's day
    (f,) = ex(said).facts
    assert want in f.text and "(" not in f.text, f.text


def test_a_day_put_right_drops_its_own_words_only():
    from memcli.extract.corrections import corrected
    text = ("A package of Carniolans to be picked up on 2024-04-13 (April 13) in Medina, and a colony of Italians "
            "to be picked up on 2024-04-27 (April 27) from a fellow in Millersburg")
    out, old, new = corrected(text, "2024-04-27", "2024-05-04")
    assert (old, new) == ("2024-04-27", "2024-05-04")
    assert "on 2024-04-13 (April 13) in Medina" in out  # the other day keeps the words it was said in
    assert "on 2024-05-04 from" in out and "April 27" not in out


def test_explicit_request_form_with_question_mark():
    (f,) = ex("Can you remember that I prefer window seats?").facts
    assert f.source == "explicit" and f.text == "User prefers window seats"


def test_filler_and_now_cue():
    (f,) = ex("Actually, I live in Chennai now.").facts
    assert (f.key, f.value, f.change) == ("home_city", "Chennai", "update")


def test_preference_plus_rule_in_one_sentence():
    r = ex("I don't like emojis, please don't use them")
    assert [f.kind for f in r.facts] == ["semantic", "procedural"]
    assert r.facts[1].text == "User does not want the assistant to use them"


# --------------------------------------------------------------------------- dates

def test_exam_next_friday():
    (f,) = ex("my exam is next Friday").facts
    assert f.text == "User's exam is on 2026-03-13 (Friday)"  # the day, and the weekday it was said by
    assert f.event_date == datetime(2026, 3, 13)
    assert f.kind == "episodic"


def test_past_tense_bare_weekday_resolves_backwards():
    (f,) = ex("I ran a marathon on Sunday").facts
    assert f.text == "User ran a marathon on 2026-03-01 (Sunday)" and f.event_date == datetime(2026, 3, 1)


# --------------------------------------------------------------------------- robustness

def test_property_never_raises_and_importance_in_range():
    hypothesis = pytest.importorskip("hypothesis")
    st = pytest.importorskip("hypothesis.strategies")

    words = st.sampled_from(["I", "my", "live", "in", "Pune", "remember", "that", "never", "next", "Friday",
                             "?", "!", ",", "and", "moved", "to", "sister", "allergic", "'m", "quit", "3/14",
                             "ago", "weeks", "if", "please", "always", "me", "we", "."])
    text = st.one_of(st.text(max_size=200), st.lists(words, max_size=30).map(" ".join))

    @hypothesis.settings(max_examples=300, deadline=None)
    @hypothesis.given(text, st.sampled_from(["user", "assistant"]))
    def check(t, role):
        r = extract_facts(t, NOW, role)
        for f in r.facts:
            assert 0.0 <= f.importance <= 1.0
            assert f.kind in {"semantic", "episodic", "procedural", "profile"}
            assert f.change in {None, "update", "delete"}
            assert f.source in {"stated", "explicit"}
            assert f.text
        if role != "user":
            assert r.facts == []

    check()


# --------------------------------------------------------------------------- dates: compound and recurring

# Wednesday 2025-02-12
WED = datetime(2025, 2, 12, 20, 0)


def test_recurring_weekdays_are_not_dates():
    out, d = resolve_dates("I go rock climbing every Tuesday and Thursday", WED)
    assert out == "I go rock climbing every Tuesday and Thursday" and d is None
    (f,) = ex("I go rock climbing every Tuesday and Thursday.", now=WED).facts
    assert f.kind == "semantic" and f.event_date is None


def test_exam_friday_next_week_fact():
    (f,) = ex("My anatomy exam is on Friday next week. I'm nervous.", now=WED).facts
    assert f.text == "User's anatomy exam is on 2025-02-21 (Friday)" and f.event_date == datetime(2025, 2, 21)


# --------------------------------------------------------------------------- names, clauses, jobs

def test_name_with_trailing_period_and_apposition():
    assert by_key("Hi, I'm Maya.")["name"].value == "Maya"
    k = by_key("Hey there. I'm Tom, a medical student in Munich.")
    assert k["name"].value == "Tom"
    assert k["job_title"].value == "medical student" and k["job_title"].text == "User is a medical student"


def test_job_title_after_as_with_sentence_punctuation():
    k = by_key("I live in Seattle and work at Amazon as a software engineer.")
    assert k["employer"].value == "Amazon" and k["job_title"].value == "software engineer"
    k = by_key("I work at King as a game developer in Stockholm.")
    assert k["employer"].value == "King" and k["job_title"].value == "game developer"


def test_second_verb_after_and_is_its_own_clause():
    assert "User teaches high school chemistry" in texts("I live in Austin and teach high school chemistry.")
    assert texts("I like to read and write") == ["User likes to read and write"]


def test_work_remotely_as_for_company_called():
    k = by_key("I work remotely as a UX designer for a startup called Loomly.")
    assert k["job_title"].text == "User is a UX designer"
    assert k["employer"].value == "Loomly"


def test_occupation_with_trailing_now_is_job_update():
    f = by_key("I'm a freelance accountant now.")["job_title"]
    assert (f.value, f.change) == ("freelance accountant", "update")


def test_started_my_job_at_is_employer_update_with_date():
    f = by_key("I started my job at Stripe on Monday.")["employer"]  # said on a Wednesday
    assert (f.value, f.change) == ("Stripe", "update")
    assert f.text == "User works at Stripe (since 2026-03-02)"


def test_move_with_new_job_keeps_both():
    k = by_key("I moved to Abu Dhabi in November for a new job at Cleveland Clinic.")
    assert k["home_city"].value == "Abu Dhabi" and k["home_city"].change == "update"
    assert k["employer"].value == "Cleveland Clinic" and k["employer"].change == "update"


def test_moved_into_a_flat_in_city():
    f = by_key("I moved into my own flat in Porto.")["home_city"]
    assert (f.value, f.change) == ("Porto", "update")


def test_student_status_and_graduation():
    (f,) = ex("I'm a computer science student at Trinity College Dublin.").facts
    assert f.key == "job_title" and f.value == "computer science student"
    assert f.text == "User is a computer science student at Trinity College Dublin"  # a school, not an employer
    facts = ex("I graduated last week!").facts
    d = [g for g in facts if g.change == "delete"]
    assert d and d[0].key == "job_title" and d[0].value == "student"
    assert any(g.kind == "episodic" and g.text.startswith("User graduated") and g.key is None for g in facts)


def test_now_i_is_rewritten():
    assert "User now bikes to work" in texts("I sold my Honda last week, so now I bike to work.")
    assert texts("Now I just try to limit sugar.") == ["User now just tries to limit sugar"]


# --------------------------------------------------------------------------- diet, partner, pets, cars

def test_profile_change_keeps_a_precise_date():
    assert by_key("I moved to Porto last week")["home_city"].text == "User lives in Porto (since the week of 2026-02-23)"
    assert by_key("I moved to Porto in November")["home_city"].text == "User lives in Porto"


def test_diet_started_and_quit():
    f = by_key("I started a keto diet two weeks ago.")["diet"]
    assert (f.value, f.change, f.kind) == ("keto", "update", "profile")
    assert f.text == "User is on a keto diet (since 2026-02-18)"
    facts = ex("I quit keto.").facts
    assert [(g.key, g.value, g.change) for g in facts] == [("diet", "keto", "delete"), (None, None, None)]
    assert facts[1].text == "User quit keto" and facts[1].kind == "episodic"


def test_partner_named_inside_another_clause():
    k = by_key("I live in Lisbon with my boyfriend Marco.")
    assert k["home_city"].value == "Lisbon"
    assert k["partner"].text == "User's boyfriend is Marco" and k["partner"].change is None
    assert by_key("My husband is called Daniel.")["partner"].text == "User's husband is Daniel"


def test_name_and_i_broke_up_is_partner_delete_plus_event():
    facts = ex("Marco and I broke up last month.").facts
    assert facts[0].key == "partner" and facts[0].change == "delete" and facts[0].value == "Marco"
    assert facts[1].kind == "episodic" and "broke up with" in facts[1].text and "Marco" in facts[1].text
    assert "February 2026" in facts[1].text


def test_pets_breeds_and_names():
    assert by_key("I have a golden retriever called Murphy.")["pet.dog"].text == \
        "User has a pet dog (golden retriever) named Murphy"
    f = by_key("I have two cats called Salt and Pepper.")["pet.cat"]
    assert f.value == "Salt and Pepper" and f.text == "User has two pet cats named Salt and Pepper"
    f = by_key("I adopted a rabbit named Karotte.")["pet.rabbit"]
    assert f.change == "update" and f.text == "User has a pet rabbit named Karotte"
    assert all(g.key is None for g in ex("I have a dog walker named Sue").facts)


def test_car_with_adjectives():
    f = by_key("I drive a red Honda Civic to work every day.")["car"]
    assert f.value == "red Honda Civic"
    f = by_key("I bought a used Toyota Corolla last week.")["car"]
    assert f.value == "used Toyota Corolla" and f.change == "update"
    assert f.text == "User owns a used Toyota Corolla (since the week of 2026-02-23)"


# --------------------------------------------------------------------------- other people

def test_named_person_fact_is_kept_without_user_key():
    (f,) = ex("Niamh is from Galway.").facts
    assert f.text == "Niamh is from Galway" and f.key is None and f.change is None
    (g,) = ex("Daniel works at Barclays as an analyst.").facts
    assert g.key is None and "Barclays" in g.text


def test_named_person_fact_links_relation_in_same_message():
    facts = ex("My girlfriend is called Niamh. Niamh is from Galway.").facts
    assert [f.text for f in facts] == ["User's girlfriend is Niamh", "User's girlfriend Niamh is from Galway"]
    assert facts[1].key is None


def test_pronoun_resolves_to_last_named_person():
    facts = ex("My maid of honor is my cousin Rachel. She lives in Denver.").facts
    assert "User's cousin Rachel lives in Denver" in [f.text for f in facts]
    assert all(f.key != "home_city" for f in facts)
    assert texts("She lives in Denver.") == []  # no one named: nothing guessed


def test_people_from_earlier_messages():
    from memcli.extract import known_people
    people = known_people(["User's girlfriend is Niamh", "User's husband is Daniel", "User lives in Cork"])
    assert people == {"Niamh": "girlfriend", "Daniel": "husband"}
    (f,) = extract_facts("Niamh is from Galway.", NOW, people=people).facts
    assert f.text == "User's girlfriend Niamh is from Galway" and f.key is None


def test_a_relative_named_in_apposition_is_known_later():
    """"Karen, that's my daughter, lives up in Tampa": later news of Karen is the daughter's."""
    from memcli.extract import known_people
    assert known_people(["Karen, that is User's daughter, lives up in Tampa", "Karen, the neighbour, is nice"]) \
        == {"Karen": "daughter"}
    texts_said = [f.text for f in extract_facts("Karen, my daughter, lives up in Tampa. She's a school librarian.",
                                                NOW).facts]
    assert "User's daughter Karen is a school librarian" in texts_said


@pytest.mark.parametrize("msg", ["Biscuit loves the new backyard.", "The rent is much cheaper here.",
                                 "Rachel is exhausted today.", "My sister is so tired today"])
def test_not_person_facts_or_transient_discarded(msg):
    assert texts(msg) == []


@pytest.mark.parametrize(("msg", "own"), [("My sister quit her job.", "User quit their job at the bank"),
                                          ("My brother Omar no longer lives in Cairo.", "User lives in Cairo")])
def test_other_peoples_news_is_never_a_user_change(msg, own):
    """A relative's news may end a record of theirs, never one of the user's."""
    from memcli.models import Candidate, Memory, Neighbour
    from memcli.write import decide_by_rules

    for f in ex(msg).facts:
        assert f.key is None or "." in f.key
        assert f.change is None or f.text.startswith(("User's sister", "User's brother Omar"))
        near = [Neighbour(Memory(id="u1", scope="user:t", kind="semantic", text=own), 0.8)]
        out = decide_by_rules(Candidate(text=f.text, change=f.change), near)
        assert out is None or out[0] in ("ADD", "NOOP")


# --------------------------------------------------------------------------- salience, rules

@pytest.mark.parametrize("msg", ["Honestly, I'm fine.", "I'm not sure yet.", "I'm good"])
def test_fine_and_unsure_are_transient(msg):
    assert texts(msg) == []


def test_manner_rule_is_procedural():
    (f,) = ex("Please be blunt with me.").facts
    assert f.kind == "procedural" and f.text == "User wants the assistant to be blunt with them"


def test_intolerance_and_rule_split():
    r = ex("I am lactose intolerant, so please don't suggest recipes with milk.")
    assert [(f.kind, f.text) for f in r.facts] == [
        ("semantic", "User is lactose intolerant"),
        ("procedural", "User does not want the assistant to suggest recipes with milk")]
    assert r.facts[0].safety


def test_medical_condition_named():
    (f,) = ex("I have type 1 diabetes, so I track my carbs carefully.").facts[:1]
    assert f.text == "User has type 1 diabetes (medical condition)" and f.safety


def test_plans_never_carry_keys_or_changes_even_with_partner_names():
    for msg in ["I might move in with my boyfriend Marco next year", "I'm thinking about quitting keto",
                "I will start my job at Stripe next month"]:
        for f in ex(msg).facts:
            assert f.key is None and f.change is None and f.kind == "episodic"


def test_occupation_in_city_gives_home_city():
    k = by_key("I'm a pharmacist in Dubai.")
    assert k["job_title"].value == "pharmacist" and k["home_city"].value == "Dubai"
    assert by_key("I'm Tom, a medical student in Munich.")["home_city"].value == "Munich"
    assert "home_city" not in by_key("I'm a teacher in the city")


def test_delete_event_keeps_month():
    texts_ = texts("I'm a freelance accountant now. I left my job in July.")
    assert "User quit their job in July 2025" in texts_ or "User quit their job in July 2026" in texts_


def test_household_moves_are_the_users_home():
    for msg, city in [("My wife and I moved to Denver in March.", "Denver"), ("We moved to Austin last year.", "Austin")]:
        f = by_key(msg)["home_city"]
        assert (f.value, f.change) == (city, "update")
    assert all(f.key is None for f in ex("We are thinking about moving to Paris").facts)


def test_job_changes_phrasings():
    k = by_key("I just started a new role as a product manager at Spotify.")
    assert k["employer"].value == "Spotify" and k["job_title"].value == "product manager"
    k = by_key("I'm now working at Google as a senior engineer.")
    assert k["employer"].change == "update" and k["job_title"].value == "senior engineer"
    assert by_key("I got promoted to team lead last week.")["job_title"].value == "team lead"
    f = by_key("I no longer work at Deloitte.")["employer"]
    assert (f.value, f.change) == ("Deloitte", "delete")
    f = by_key("I'm currently unemployed.")["employer"]
    assert (f.value, f.change) == ("unemployed", "update")


def test_partner_name_and_i_broke_up_or_got_engaged():
    f = by_key("My boyfriend Jake and I broke up.")["partner"]
    assert f.change == "delete" and f.value == "Jake" and "boyfriend Jake" in f.text
    f = by_key("Alex and I got engaged last weekend!")["partner"]
    assert (f.value, f.change) == ("Alex", "update") and f.text.startswith("User and Alex got engaged")


def test_breakup_keeps_relation_known_from_earlier():
    (f, _) = extract_facts("Marco and I broke up.", NOW, people={"Marco": "boyfriend"}).facts
    assert f.text == "User broke up with their boyfriend Marco" and f.change == "delete"


def test_verbless_fragment_stays_with_its_clause():
    # the slots, and the clause kept whole: the rules' facts leave out the two kids
    assert texts("I live in Boston with my wife Emma and our two kids.") == [
        "User lives in Boston", "User's wife is Emma", "User lives in Boston with their wife Emma and their two kids"]


def test_pronoun_after_an_unnamed_relative_is_that_relative():
    from datetime import datetime

    now = datetime(2026, 3, 14, tzinfo=UTC)
    texts = [f.text for f in extract_facts("My sister lives in Delhi. She is visiting me next Saturday.", now).facts]
    assert texts[1].startswith("User's sister is visiting")
    assert not any(f.key == "home_city" for f in extract_facts("My sister lives in Delhi. She moved there.", now).facts)


# --- generic attributes: "my X is Y" keyed by X, without a fixed list of slots

@pytest.mark.parametrize("text,key,value", [
    ("My mortgage payment went up to 2,100.", "mortgage_payment", "2,100"),
    ("our mortgage payment went up to 2,100", "mortgage_payment", "2,100"),
    ("my rent is $765 a month now", "rent", "$765 a month"),
    ("My level is B1 now", "level", "B1"),
    ("my commute is 45 minutes these days", "commute", "45 minutes"),
    ("I weigh 71.5kg", "weight", "71.5kg"),
    ("I'm at 64 kg, started at 70", "weight", "64 kg"),
    ("my team lead is Farid now", "team_lead.name", "Farid"),
    ("Kwame Asante is my main supervisor now.", "supervisor.name", "Kwame Asante"),
    ("My new boss is Ana now.", "manager.name", "Ana"),
    ("I'm reporting to Colin Brandt in the meantime", "manager.name", "Colin Brandt"),
    # a service the user goes to, named with where it is, or said with "the" in a list of theirs
    ("My doctor is Dr. Soler in the centro de salud.", "doctor.name", "Dr. Soler"),
    ("the dentist is Dr. Ferrer, near the market", "dentist.name", "Dr. Ferrer"),
    ("our vet is Dr Okafor at the Elm Street clinic", "vet.name", "Dr Okafor"),
    # the user's own helper at work, said where it is
    ("Bruna is my assistant there", "assistant.name", "Bruna"),
    ("Weronika is my girlfriend since March 2026", "partner", "Weronika"),
])
def test_generic_attribute_is_keyed_by_what_it_is(text, key, value):
    facts = extract_facts(text, NOW, role="user").facts
    assert [(f.key, f.value) for f in facts] == [(key, value)], facts


@pytest.mark.parametrize("text,key,value,said", [
    ("The new doctora, Dra. Vidal, she says my tension is too high.", "doctor.name", "Dra. Vidal", "doctora"),
    ("my new lead, Farid, wants the report on Friday", "team_lead.name", "Farid", "lead"),
    ("I have a new dentist, Dr. Puig.", "dentist.name", "Dr. Puig", "dentist"),
    ("we've got a new landlord called Mr Haddad", "landlord.name", "Mr Haddad", "landlord"),
    ("New boss: Ravi Naidoo, CFO. Precise. Fair.", "manager.name", "Ravi Naidoo", "boss"),
])
def test_a_new_holder_named_in_apposition_takes_the_role(text, key, value, said):
    facts = extract_facts(text, NOW, role="user").facts
    role = [f for f in facts if f.key == key]
    assert [(f.value, f.change) for f in role] == [(value, "update")], facts
    # the role in the user's word (the key holds what it is): "boss", not "manager"
    assert role[0].text.startswith(f"User's new {said} is {value}")


@pytest.mark.parametrize("text", [
    "the teacher is Mrs Lopez",  # "the teacher" may be anyone's: only a service is the user's with "the"
    "the boss is Ana",
    "the new doctor, who is great, says I'm fine",  # no name in the apposition
    "my new sister-in-law, Ana, is lovely",  # not a one-of-a-kind role
    "the dentist is closed on Monday",
    "Bruna is my assistant's sister",
])
def test_not_a_role(text):
    facts = extract_facts(text, NOW, role="user").facts
    assert not any(f.key and f.key.endswith(".name") for f in facts), facts


def test_the_next_clause_of_a_list_is_its_own():
    # "..., and the dentist is Dr. Ferrer": a clause with a subject of its own
    facts = extract_facts("My doctor is Dr. Soler in the centro de salud, and the dentist is Dr. Ferrer, near "
                          "the Benimaclet market.", NOW, role="user").facts
    assert {(f.key, f.value) for f in facts if f.key} >= {("doctor.name", "Dr. Soler"), ("dentist.name", "Dr. Ferrer")}


@pytest.mark.parametrize("text", [
    "my son Leo is 7",  # one of several children: never a single slot
    "my knee is sore",  # a passing state, no value worth a slot
    "My flight is on March 3",  # one of several flights
    "my allergy is getting worse",  # safety topics are their own records
    "my job is boring",  # no value (no number, no name)
    "the weather is 25 degrees",  # "the" only with a change verb
    "my sister is lovely",
])
def test_not_a_generic_attribute(text):
    facts = extract_facts(text, NOW, role="user").facts
    # (a named child's age is keyed by the name, "leo.age": one value per person, never the son's)
    assert all(f.key is None or f.key.endswith(".name") and "sister" in f.key or f.key == "leo.age" for f in facts), facts
    assert not any(f.key in ("son", "knee", "flight", "allergy", "job", "weather") for f in facts)


# --- quoted and pasted text, talk about the conversation, fragments

@pytest.mark.parametrize("text,never", [
    ("My boss wrote: 'remember that I am allergic to shellfish'", "shellfish"),
    ('Here is the email: "Hi Sam, please remember that the deadline is Friday"', "deadline"),
    ("here's what they sent me: Dear tenant, the rent is now due on the 10th. Regards", "rent"),
    ("Look at this:\n```\npassword = hunter2\n```", "hunter2"),
    ("> I live in Paris and love it\nthat's from my sister's blog", "Paris"),
    ("---------- Forwarded message ----------\nFrom: Ana\nSubject: hi\nI moved to Oslo", "Oslo"),
    # a text to work on, after the request, and a paragraph of its own in quotation marks
    ("hey, can you summarize this HOA email for me?\n\n'NOTICE TO ALL RESIDENTS: All vehicles must be moved to "
     "the overflow lot on Yale St by 7am on December 2.'", "vehicles"),
    ("can you proofread this?\nI have lived in Madrid for ten years and I work at Iberdrola.", "Madrid"),
    ("translate the following: I am allergic to penicillin", "penicillin"),
])
def test_quoted_and_pasted_text_is_never_the_users_fact(text, never):
    ex = extract_facts(text, NOW, role="user")
    assert not any(never.lower() in f.text.lower() for f in ex.facts), ex.facts
    assert any("quoted or pasted" in d.reason for d in ex.discarded)


@pytest.mark.parametrize("text,kept", [
    ("I moved to Leeds. can you check this for me tomorrow", "Leeds"),   # "this" with nothing after it
    ("can you read this and tell me if it is ok? I think I live in Leeds now", "Leeds"),
    # a verb of working on a text that asks nothing ("we didn't fix it, ...:")
    ("The Outback died on I-40, transmission, and we didn't fix it, so we're a one-and-a-half car family: "
     "Dan's truck and a used Hyundai Kona I bought in December.", "Kona"),
])
def test_a_request_without_a_text_after_it_sets_nothing_apart(text, kept):
    assert any(kept in f.text for f in extract_facts(text, NOW, role="user").facts)


def test_the_users_own_words_around_a_quote_stay():
    ex = extract_facts('I live in Leeds. She said "you should move to York" but whatever.', NOW, role="user")
    assert any("Leeds" in f.text for f in ex.facts)
    assert not any("York" in f.text for f in ex.facts)


@pytest.mark.parametrize("text", ["I said that wrong", "sorry, I typed that wrong", "here's what they sent me",
                                  "she said", "we relocated", "my bad", "I am absolutely knackered today",
                                  "I'm honestly a wreck", "ah we'll see.", "time will tell", "let's see how it goes"])
def test_meta_talk_fragments_and_moods_are_not_facts(text):
    assert extract_facts(text, NOW, role="user").facts == []


@pytest.mark.parametrize("text,key,value", [
    ("I married Anna", "partner", "Anna"),
    ("i married Anna last year", "partner", "Anna"),
    ("I am Priya", "name", "Priya"),
])
def test_partner_and_name(text, key, value):
    facts = extract_facts(text, NOW, role="user").facts
    assert (facts[0].key, facts[0].value) == (key, value), facts


def test_a_description_is_not_a_name():
    assert not any(f.key == "name" for f in extract_facts("I am Vegan", NOW, role="user").facts)


def test_a_reaffirmation_is_no_change():
    facts = extract_facts("I'm still at Shopify for now", NOW, role="user").facts
    assert facts and all(f.change is None for f in facts)


def test_what_the_rules_leave_out_is_kept_whole():
    facts = texts("big news: I left Le Poisson Rouge, head chef now at a tiny place called Maison Olea in Aix")
    assert any("Maison Olea" in t for t in facts)
    assert any("Parking went up to $210" in t for t in texts("parking went up to $210 a month"))
    assert texts("That is a great idea") == []  # no number, no name: nothing to keep


@pytest.mark.parametrize("text,want,gone", [
    ("I've kept bees for 12 years. No wait, 21! I started in 2003.", "21 years", "12 years"),
    ("My locker is 14. Sorry, I meant 41.", "locker is 41", "14"),
    ("My gate code is 4417. wait no, it's 7144", "7144", "4417"),
    ("The appointment is on June 12. Sorry, I meant June 16.", "2026-06-16", "06-12"),
    # a correction in the language the user mixes in, of a fact said before the last one
    ("Antonia's birthday party is Saturday April 25, we want to do it in the park with a magician... no, perdón, "
     "it's Saturday April 18, I had the wrong week in my head.", "party is on 2026-04-18", "04-25"),
    # a month written short, and the date put right stays on the side of today the first was on
    ("steam demo goes live apr 23 - sorry, i mean apr 30, 23 was the page review deadline", "2026-04-30", "2025"),
    # "no" in another language, a month of another language, why it was wrong is no fact
    ("My sister Carol is getting married, 13 de setembro... não, 20 de setembro, I was looking at the calendar of "
     "last year.", "married, 20 de setembro", "looking at"),
    # a particle after "sorry"
    ("my reservist ICT this year is from 8 Sep... sorry lah I mean 15 Sep, I was looking at last year letter",
     "2026-09-15", "09-08"),
    # an aside before the value said again, and the date put right keeps the year of the one it corrects
    ("Mi book mi flight go home nex year, Virgin to Montego Bay, February 14... no wait, mi look pon di ticket "
     "again, is February 21.", "2027-02-21", "02-14"),
    ("we fly dec 30... no wait, jan 2", "2027-01-02", "12-30"),
    ("The exam is on 14 June. Sorry, I mean 16 June.", "2026-06-16", "06-14"),
])
def test_a_correction_in_the_same_message_fixes_the_value(text, want, gone):
    facts = texts(text)
    assert any(want in t for t in facts) and not any(gone in t for t in facts), facts


@pytest.mark.parametrize("text, kept", [("I live in Leeds. Sorry, I meant it.", "Leeds"),
                                        ("I have 2 cats. Wait, I love them.", "2 pet cats")])
def test_a_sorry_without_a_value_corrects_nothing(text, kept):
    assert any(kept in t for t in texts(text)), texts(text)
    assert not any(r.startswith("a correction") for r in reasons(text))


@pytest.mark.parametrize("text,key,value", [
    ("i quit chatime 🙃 got a job at Hoyts", "employer", "Hoyts"),
    ("moved to tbilisi last week", "home_city", "tbilisi"),
    ("I'm in tbilisi now", "home_city", "tbilisi"),
    ("I'm in Lisbon these days", "home_city", "Lisbon"),
    ("these days I'm with a small agency called Brightline", "employer", "Brightline"),
])
def test_casual_phrasings_of_a_change(text, key, value):
    facts = extract_facts(text, NOW, role="user").facts
    assert any(f.key == key and f.value and f.value.startswith(value) for f in facts), facts


@pytest.mark.parametrize("text", ["I'm in bed now", "I'm in class now lol", "I'm in the office now",
                                  "I'm in spot 118 on level 1 now"])
def test_where_one_is_for_an_hour_is_no_home(text):
    assert not any(f.key == "home_city" for f in extract_facts(text, NOW, role="user").facts)


def test_a_past_verb_that_begins_a_habit_is_not_an_event():
    """"I picked up running, 5k three mornings a week" is what the user does now (its
    later change can replace it); "I went to Paris" is an event."""
    from datetime import datetime

    from memcli.extract.filters import _kind_for
    now = datetime(2025, 1, 1)
    for ongoing in ("I picked up running, 5k three mornings a week", "I took up pottery",
                    "I ran 10k twice a week", "I swam every morning"):
        assert _kind_for(ongoing, None, now)[0] == "semantic", ongoing
    for event in ("I went to Paris", "I called the bank", "I ran a marathon"):
        assert _kind_for(event, None, now)[0] == "episodic", event


@pytest.mark.parametrize(("said", "stored", "not_stored"), [
    ("hello this is Henk I'm a truck driver I live in Zwolle", "User is a truck driver", "This is Henk"),
    ("good evening Henk here home week so I have time", "User's name is Henk", "Henk here"),
    ("Bonjour, it's Sandrine from the boulangerie. December is crazy", "Sandrine from the boulangerie", "it's Sandrine"),
    # a name with a capital inside, a greeting asked before it, a word of address after it
    ("hey this is DeShawn I'm a dispatcher at Peach State Freight out of Forest Park I got 40 trucks",
     "User works at Peach State Freight", "works at Peach State Freight out"),
    ("what's up it's DeShawn man a lot happened, the Southern Crescent load board is a whole different animal",
     "Southern Crescent load board", "DeShawn man"),
    ("how's it going, we finally closed on the house in Decatur", "house in Decatur", "going"),
])
def test_who_writes_is_said_apart_from_what_they_write(said, stored, not_stored):
    texts = " | ".join(f.text for f in extract_facts(said, NOW).facts)
    assert stored in texts and not_stored not in texts, texts


def test_the_side_of_life_a_sentence_is_on_is_a_lead_in():
    texts = [f.text for f in extract_facts("On a family note, Akinyi has been at Kenyatta National Hospital in "
                                           "Nairobi since July.", NOW).facts]
    assert texts and all(t.startswith("Akinyi") for t in texts), texts


@pytest.mark.parametrize(("said", "kept"), [
    ("this is Henk, my neighbour, he lives in Zwolle", "Henk"),  # someone else introduced
    ("it's Tuesday, I'm off work", "off work"),
    ("so here I am in Leeds", "Leeds"),
    ("its boulder shed in salford", "boulder shed"),
    ("How are you finding it so far? I'm liking Leeds", "finding it"),  # a question, not a greeting
    ("Rotation here is 20 on, 10 off.", "20 on, 10 off"),  # a thing said of where the user is
])
def test_what_only_looks_like_who_writes_is_read_as_it_is(said, kept):
    """(a greeting that names no one, "its me again ...", is left out: `self_introduced`)"""
    from memcli.extract.clauses import self_introduced
    assert self_introduced(said) == said
    ex = extract_facts(said, NOW)
    assert kept in " | ".join([f.text for f in ex.facts] + [d.clause for d in ex.discarded])


def test_a_dated_state_since_a_date_is_a_state_not_an_event():
    """"I'm driving for Van Dam since July" holds on (a later change can replace it and it
    answers "who does the user drive for?" as what is true now); "I went to Rome in July"
    is an event."""
    from memcli.extract import extract_facts
    now = datetime(2026, 9, 1)
    for state in ("I'm driving for Van Dam koel transport since July", "I go to work on a Vespa since July",
                  "we've had the shop since the start of 2024"):
        facts = extract_facts(state, now).facts
        assert facts and all(f.kind == "semantic" for f in facts), (state, facts)
    for event in ("I went to Rome in July", "we drove to Leeds on Monday", "I saw Jo since it was her birthday on Monday"):
        facts = extract_facts(event, now).facts
        assert facts and all(f.kind == "episodic" for f in facts), (event, facts)


def test_leave_to_stop_is_a_changed_rule_for_the_assistant():
    """"you can drop the romanisation now" changes a lasting rule; leave to do
    something for the user once ("you can give me the recipe tomorrow") is no rule."""
    from datetime import datetime

    from memcli.extract import extract_facts
    now = datetime(2025, 5, 1)
    for said, text in (("you can drop the romanisation now, hangul only",
                        "User wants the assistant to drop the romanisation now, hangul only"),
                       ("You can stop adding summaries at the end.",
                        "User wants the assistant to stop adding summaries at the end"),
                       ("no need to translate the Dutch anymore",
                        "User does not want the assistant to translate the Dutch anymore")):
        f = extract_facts(said, now).facts[0]
        assert (f.text, f.kind, f.change) == (text, "procedural", "update"), said
    for said in ("you can give me the recipe tomorrow", "you may use my kitchen"):
        assert all(f.kind != "procedural" for f in extract_facts(said, now).facts), said


def test_a_correction_followed_by_a_clause_corrects_and_keeps_the_clause():
    from datetime import datetime

    from memcli.extract import extract_facts
    now = datetime(2025, 5, 1)
    texts = [f.text for f in extract_facts("IND appointment for the biometrics is on 12 June. Wait no, on 16 June, "
                                           "my wife Juliana is coming too.", now).facts]
    assert texts[0] == "IND appointment for the biometrics is on 2025-06-16"
    assert any("Juliana is coming too" in t for t in texts[1:]), texts
    assert [f.text for f in extract_facts("My office is room 14. Sorry, I meant 41.", now).facts] == \
        ["User's office is room 41"]
    # "wait" without a value corrects nothing
    assert [f.text for f in extract_facts("My office is room 14. Wait, my desk is by the window.", now).facts] == \
        ["User's office is room 14", "User's desk is by the window"]


def test_a_slot_value_leaves_its_emoji_behind():
    from datetime import datetime

    from memcli.extract import extract_facts
    f = extract_facts("I left Le Poisson Rouge 🎉", datetime(2025, 5, 1)).facts[0]
    assert f.key == "employer" and f.value == "Le Poisson Rouge"


def test_british_tiredness_is_a_passing_state():
    from datetime import datetime

    from memcli.extract import extract_facts
    now = datetime(2025, 5, 27, 18)
    for said in ("I'm absolutely knackered today", "feeling shattered", "I'm so jet-lagged rn"):
        ex = extract_facts(said, now)
        assert not ex.facts and ex.discarded[0].reason == "transient state", said
    assert extract_facts("I'm a nurse", now).facts[0].text == "User is a nurse"


def test_a_food_emoji_in_a_safety_fact_is_the_food():
    from datetime import datetime

    from memcli.extract import extract_facts
    now = datetime(2025, 5, 27, 18)
    f = extract_facts("im deathly allergic 🥜❌", now).facts[0]
    assert f.text == "User is deathly allergic to peanuts" and f.safety
    assert extract_facts("I am allergic to 🦐 and 🦀", now).facts[0].text == "User is allergic to shrimp and crab"
    # an emoji outside an allergy stays as said
    assert all("peanut" not in f.text for f in extract_facts("I love 🥜 butter", now).facts)
    # after an allergy that names its food, the emoji only says how much: no second allergy
    said = "im vegan and deathly allergic to cashews - like epipen-in-my-hoodie allergic 🥜❌ so no cashew stuff"
    assert all("peanut" not in f.text for f in extract_facts(said, now).facts)


# --------------------------------------------------------------------------- fragments

@pytest.mark.parametrize("msg", [
    "I loved it!", "We got this.", "I really appreciate it.", "It was amazing, I drew it.",
    "I'm pretty proud of that.", "I'm obsessed with those lol", "I love them so much",
])
def test_a_fact_that_points_at_what_it_does_not_say_is_a_discarded_fragment(msg):
    assert texts(msg) == []
    assert "a fragment: it points at what it does not say" in reasons(msg)


@pytest.mark.parametrize("msg, word", [
    ("I hate that job.", "job"),  # a determiner, not a pronoun
    ("I sold it for 400 pounds.", "400"),  # a number says what
    ("I'm allergic to it.", "allergic"),  # a safety fact is never dropped
    ("My sister loves it.", "sister"),
    ("I love living in Lisbon, honestly I love it here.", "Lisbon"),
])
def test_a_fact_that_says_what_it_is_about_is_kept(msg, word):
    assert any(word in t for t in texts(msg)), texts(msg)


def test_an_explicit_remember_is_never_a_fragment():
    assert texts("remember that I loved it") == ["User loved it"]


@pytest.mark.parametrize("msg", [
    "I think.", "I'm trying.", "I don't know.", "I'm so worried.", "Let me see.", "I told her.", "I'm not there.",
])
def test_a_fact_that_says_nothing_of_what_is_a_discarded_fragment(msg):
    assert texts(msg) == []
    assert "a fragment: it says nothing of what" in reasons(msg)


@pytest.mark.parametrize("msg, word", [
    ("I said yes!", "yes"),  # the answer is what
    ("I keep bees.", "bees"),
    ("I believe in God.", "God"),
    ("I think I'm allergic.", "allergic"),  # a safety fact is never dropped
    ("I tried paddleboarding.", "paddleboard"),
])
def test_a_fact_with_a_word_of_what_is_kept(msg, word):
    assert any(word in t for t in texts(msg)), texts(msg)


@pytest.mark.parametrize("msg, want", [
    ("I have two hives at the bottom of the garden and an allotment, plot 32 at the Sandpits Road site.",
     ["User has two hives at the bottom of the garden", "User has an allotment, plot 32 at the Sandpits Road site"]),
    ("We own a flat in Leeds and a cottage in Wales",
     ["User and family own a flat in Leeds", "User and family own a cottage in Wales"]),
])
def test_two_things_the_user_has_are_two_facts(msg, want):
    assert texts(msg) == want


@pytest.mark.parametrize("msg", ["I have a meeting and then lunch", "I have a dog and the dog is sick"])
def test_an_and_that_joins_no_second_object_splits_nothing(msg):
    assert not any(t.startswith("User has the dog") or t == "User has then lunch" for t in texts(msg))


def test_giving_up_one_of_two_things_retires_only_it(store):
    from memcli.ingest import Message, ingest

    ingest(store, "user:r", [Message(role="user", content="I have two hives at the bottom of the garden and an "
                                     "allotment, plot 32 at the Sandpits Road site.", ts="2025-01-10T10:00:00Z", ref="m1"),
                             Message(role="user", content="I gave up the allotment in February, my knees just "
                                     "couldn't do it any more.", ts="2025-04-12T10:00:00Z", ref="m2")], source="t")
    facts = [m.text for m in store.list_memories("user:r") if not m.episode]
    assert "User has two hives at the bottom of the garden" in facts
    assert not any("plot 32" in t for t in facts)


@pytest.mark.parametrize("msg, key, value", [
    ("my parents live in Busan", "parents.home_city", "Busan"),
    ("my parents moved from Busan to Daejeon", "parents.home_city", "Daejeon"),
    ("my in-laws live in Cork", "in-laws.home_city", "Cork"),
])
def test_a_group_that_shares_a_home_has_one_city(msg, key, value):
    f = by_key(msg)[key]
    assert f.value == value


@pytest.mark.parametrize("msg", ["my kids live in Leeds", "my friends live in Oslo"])
def test_a_group_of_several_homes_has_no_city_key(msg):
    assert not any(k and k.endswith("home_city") for k in by_key(msg))


@pytest.mark.parametrize("text,key,value", [
    ("and the commute's more like 45 min now from the new tower, traffic on Washington Ave is brutal",
     "commute", "45 min"),  # a measure beside the traffic is no small talk
    ("my commute's more like 45 min now", "commute", "45 min"),
    ("the rent's 900 now", "rent", "900"),
])
def test_a_hedged_or_contracted_measure_is_keyed(text, key, value):
    facts = extract_facts(text, NOW, role="user").facts
    assert [(f.key, f.value) for f in facts if f.key] == [(key, value)], facts


@pytest.mark.parametrize("text", ["it's 30 degrees and sunny in Lisbon", "the traffic was awful today"])
def test_the_weather_and_the_traffic_are_small_talk(text):
    ex = extract_facts(text, NOW, role="user")
    assert not ex.facts and any(d.reason == "small talk" for d in ex.discarded), ex


def test_a_passing_state_is_left_out_and_the_named_news_after_it_kept():
    ex = extract_facts("I'm absolutely knackered today, Dotty woke us at 5am for a wee", NOW, role="user")
    assert [f.text for f in ex.facts] == ["Dotty woke User and family at 5am for a wee"], ex.facts
    assert any(d.reason == "transient state" for d in ex.discarded)
    from memcli.extract.said import said
    assert said("I'm absolutely knackered today, Dotty woke us at 5am for a wee") == "Dotty woke us at 5am for a wee."


def test_a_pet_named_before_is_known_and_its_condition_is_its_own():
    from memcli.extract.people import known_people
    people = known_people(["User has two pet cats named Mango and Bramble", "User has a pet dog (greyhound) named Dotty"])
    assert people == {"Mango": "cat", "Bramble": "cat", "Dotty": "dog"}
    facts = extract_facts("Mango has hyperthyroidism, he's on methimazole, 2.5 mg twice a day", NOW, people=people).facts
    assert [f.text for f in facts] == ["User's cat Mango has hyperthyroidism",
                                       "User's cat Mango is on methimazole, 2.5 mg twice a day"], facts
    assert not any(f.safety for f in facts)  # the cat's condition, not the user's


@pytest.mark.parametrize("text,key,value,change", [
    ("Our wedding is 14 December in Kisumu, Otieno's home.", "wedding_date", "2026-12-14", None),
    ("We are looking at 12 April for the wedding, still in Kisumu.", "wedding_date", "2026-04-12", "update"),
    ("we pushed the wedding to May 2027", "wedding_date", "May 2027", "update"),
    ("my surgery is now on 12 March", "surgery_date", "2026-03-12", "update"),
])
def test_the_date_of_an_own_once_only_event_is_keyed(text, key, value, change):
    facts = extract_facts(text, NOW, role="user").facts
    assert [(f.key, f.value, f.change, f.rule) for f in facts if f.key] == [(key, value, change, "own_event_date")], facts


@pytest.mark.parametrize("text", ["my sister's wedding is on 3 May", "our wedding anniversary is 3 June",
                                  "my flight is on 3 May", "our wedding was lovely", "our wedding photos are on 3 May"])
def test_not_an_own_event_date(text):
    assert not any(f.key and f.key.endswith("_date") for f in extract_facts(text, NOW, role="user").facts)


@pytest.mark.parametrize("text,employer", [
    ("also not at cfa anymore, bagging at the kroger on moreland, they let me do weekday evenings", "the kroger on moreland"),
    ("I'm waitressing at Luigi's now", "Luigi's"),
])
def test_the_work_named_by_what_is_done_there_is_the_employer(text, employer):
    facts = extract_facts(text, NOW, role="user").facts
    assert [f.value for f in facts if f.key == "employer"] == [employer], facts


@pytest.mark.parametrize("text", ["I'm volunteering at the food bank", "I love cooking at home, teaching at weekends"])
def test_not_an_employer_by_what_is_done(text):
    assert not any(f.key == "employer" for f in extract_facts(text, NOW, role="user").facts)


@pytest.mark.parametrize("text,name,employer", [
    ("Context for later: Arjun, data engineer at Northwind Freight, downtown Toronto.", "Arjun", "Northwind Freight"),
    ("Quick intro: Priya, nurse at St Mary's, living in Leeds.", "Priya", "St Mary's"),
])
def test_a_labelled_introduction_is_the_users_own(text, name, employer):
    facts = {f.key: f.value for f in extract_facts(text, NOW, role="user").facts if f.key}
    assert facts.get("name") == name and facts.get("employer") == employer, facts


@pytest.mark.parametrize("text", ["Ana, nurse at St Mary's", "For context: the clinic is shut on Mondays"])
def test_no_introduction_without_a_label_and_a_name(text):
    assert not any(f.key == "name" for f in extract_facts(text, NOW, role="user").facts)


@pytest.mark.parametrize("text,want", [
    ("Ana, my sister, lives in Leeds.", "User's sister Ana lives in Leeds"),
    ("For context: Tom, my boss, wants the report by Friday", "User's boss Tom wants the report by 2026-03-06 (Friday)"),
])
def test_a_name_in_apposition_to_a_relation_is_kept(text, want):
    assert want in [f.text for f in extract_facts(text, NOW, role="user").facts]


@pytest.mark.parametrize("text,employer", [
    ("Renata, my manager at Hatchline, wants a Snowflake cost review by Friday.", "Hatchline"),
    ("our director at Acme Corp says hi", "Acme Corp"),
])
def test_a_work_tie_named_with_its_organisation_is_the_employer(text, employer):
    facts = extract_facts(text, NOW, role="user").facts
    assert [(f.value, f.rule) for f in facts if f.key == "employer"] == [(employer, "workplace_of_tie")], facts
    assert not any("Renata" not in f.text and "manager" in f.text for f in facts)  # the name is kept


@pytest.mark.parametrize("text", ["my sister's boss at Lidl is awful", "my old boss at Google called",
                                  "my team in London is great", "my team at Christmas was lovely"])
def test_not_a_workplace_of_a_tie(text):
    assert not any(f.key == "employer" for f in extract_facts(text, NOW, role="user").facts)


@pytest.mark.parametrize("text,kept", [
    ("Intro to NLP is my favourite class", "Intro to NLP"),  # a label only before a colon
    ("More things broke in the flat", None),  # never "User broke in the flat"
])
def test_a_label_word_without_its_colon_is_what_was_said(text, kept):
    facts = extract_facts(text, NOW, role="user").facts
    assert not any(f.text.startswith("User broke") for f in facts), facts
    if kept:
        assert any(kept in f.text for f in facts), facts


@pytest.mark.parametrize(("said", "employer"), [
    ("I work at Clínica Sorriso Paulista in Moema, mostly implantes", "Clínica Sorriso Paulista"),
    ("I work at Asda now", "Asda"),
    ("I work at Bytedance", "Bytedance"),
    ("I work at Withers Lane Surgery", "Withers Lane Surgery"),
    ("I work at Acme since 2020", "Acme"),
])
def test_a_value_ends_at_a_whole_word_never_inside_one(said, employer):
    assert [f.value for f in ex(said).facts if f.key == "employer"] == [employer]


@pytest.mark.parametrize("text", [
    "I also sold the Askeladden. I bought a used Buster Magnum, it is more stable in bad weather.",
    "sold the buick finally period got a 2022 subaru forester comma all wheel drive for the winter",
    "The Zumba class at Golf Green stopped, so I've started swimming at the Anderson Club pool.",
])
def test_what_the_user_took_up_right_after_an_end_is_that_end_changed(text):
    (f,) = [f for f in ex(text).facts if f.kind != "episodic" or f.change]
    assert f.change == "update" and "; " in f.text, f


@pytest.mark.parametrize("text", [
    "the class ended at 8 and then I went home",  # a time, not an end
    "The rain stopped, so I've started the washing.",  # no thing of the user's
])
def test_what_only_looks_like_an_end_and_a_new_thing(text):
    assert not [f for f in ex(text).facts if "; " in f.text]


@pytest.mark.parametrize(("text", "value"), [
    ("Since the last rotation I am on Hugin Øst, not Skarv Delta anymore.", ("Skarv Delta", "Hugin Øst")),
    ("We have changed the Tesla for a Volkswagen.", ("Tesla", "Volkswagen")),
    ("we're on the lot on South Flores now, not Broadway", ("Broadway", "South Flores")),
])
def test_a_new_value_said_beside_the_old_one_is_a_change(text, value):
    from memcli.extract.lexicon import replacement

    (f,) = [f for f in ex(text).facts if f.kind != "episodic"]
    assert f.change == "update"
    assert replacement(f.text) is not None and replacement(f.text)[0] == value[0]


@pytest.mark.parametrize("text", ["I don't drink coffee anymore", "I am not at Tesco anymore"])
def test_an_end_without_a_new_value_is_still_an_end(text):
    from memcli.extract.lexicon import replacement

    assert replacement(ex(text).facts[0].text) is None and ex(text).facts[0].change == "delete"


def test_a_deed_to_someone_named_is_kept_and_she_is_not_the_man_before():
    e = ex("Javi left, he got on at H-E-B in the warehouse. hired Marisol, she worked at a panadería")
    said = [f.text for f in e.facts]
    assert any("Marisol" in t for t in said), said
    assert not any("Javi worked at a panader" in t for t in said), said  # "she" is not Javi, called "he"


def test_thanks_to_someone_named_is_still_small_talk():
    assert texts("Thanks Sarah") == []


def test_a_rent_grouped_by_a_space_keeps_its_thousands():
    assert by_key("Rent R14 500 pm.")["rent"].value.startswith("R14 500")
    assert by_key("renting a flat in Linden, R13 800 a month")["rent"].value == "R13 800"


@pytest.mark.parametrize(("text", "said"), [
    ("mum's a teachin assistant at imani's school since half term", "User's mum is a teachin assistant"),
    ("the wife started at the bank on monday", "User's wife started at the bank"),
    ("dad said the farm is sold", "User's dad said"),
])
def test_a_relative_named_by_the_bare_word_is_the_users(text, said):
    assert any(t.startswith(said) for t in texts(text)), texts(text)


def test_no_more_of_a_thing_then_what_it_is_now_is_a_change():
    (f,) = [f for f in ex("There is no more Barry's for me; it is rooibos with a drop of milk.").facts]
    assert f.change == "update" and "rooibos" in f.text


def test_no_more_than_is_a_limit_not_an_end():
    assert ex("I have no more than 3 coffees a day").facts[0].change is None


@pytest.mark.parametrize(("text", "key", "value"), [
    ("rent 1150", "rent", "1150"),
    ("gf kayla.", "partner", "Kayla"),
    ("truck: 2017 f250 white", "truck", "2017 f250 white"),
    ("Job: audit manager at Khumalo Venter", "employer", "Khumalo Venter"),  # the employer, and the post its own
    # who holds a part now: "new" and the name
    ("New deckhand Tiare, she used to crew a sunset sail", "deckhand", "Tiare"),
    ("new boss Farid, seems ok", "manager.name", "Farid"),
    ("- favourite route: Singapore. Changi + chili crab", "favorite_route", "Singapore"),
    # a contractor's gig is whom they work for; a day rate is its own figure
    ("- current gig: souqly (ecom), via agency gulf talentbridge", "employer", "souqly"),
    ("- day rate AED 2,400", "day_rate", "AED 2,400"),
])
def test_a_note_of_a_label_and_its_value_is_the_users(text, key, value):
    assert by_key(text)[key].value == value


@pytest.mark.parametrize("text", ["New York is great", "new shoes The North Face"])
def test_new_before_a_name_is_no_holder_of_a_part(text):
    from memcli.extract.attributes import labelled
    assert labelled(text) == text or "is The" not in labelled(text)
    assert not [f for f in ex(text).facts if f.key in ("york", "new_york")]


@pytest.mark.parametrize("text", ["work sucks", "rent is due friday", "home now", "job done"])
def test_a_label_with_no_value_is_no_note(text):
    assert not [f for f in ex(text).facts if f.key in ("job", "work", "rent", "home", "home_city")]


@pytest.mark.parametrize(("text", "place"), [
    ("big news. We finally got the keys to the condo down at marina bay in quincy, 2 bedroom 5th floor.", "quincy"),
    ("and got keys to my own 1LDK in kichijoji, 5 min from school.", "kichijoji"),
    # a room let in a shared house, said in Scots ("tae" for "to")
    ("got the keys tae a room in peckham wi 2 randoms aff spareroom, 720 a month", "peckham"),
    ("We got the keys to a room in Leith with two other students.", "Leith"),
])
def test_keys_to_a_home_said_in_lower_case_name_the_home(text, place):
    assert by_key(text)["home_city"].value == place


def test_keys_to_a_holiday_cottage_are_no_home():
    assert "home_city" not in by_key("we got the keys to the holiday cottage in Cornwall for a week")
    assert "home_city" not in by_key("we got the keys to the room in the hotel in Paris for the weekend")


@pytest.mark.parametrize("text", [
    "news fae hame, ma maw cried fur a week. n ma maw's workin at the greggs at govan cross since november",
    "ma maw's workin at the greggs at govan cross",
])
def test_a_scots_mother_said_as_ma_maw_has_her_job_keyed(text):
    assert "greggs" in by_key(text)["mother.employer"].text


def test_scots_words_read_only_where_they_mean_my_and_to():
    from memcli.text import undialected
    assert undialected("my ma said the tae kwon do class is good") == "my ma said the tae kwon do class is good"
    assert undialected("ma first wage went on a knife, the bus tae work") == "my first wage went on a knife, the bus to work"


@pytest.mark.parametrize(("text", "place"), [
    ("we signed for a 3-pièces in Carouge, near the place du Marché, and we carried all the boxes up", "Carouge"),
    ("I signed the lease on a flat in Leith, two bedrooms", "Leith"),
])
def test_a_lease_signed_for_a_dwelling_names_the_home(text, place):
    assert by_key(text)["home_city"].value == place


@pytest.mark.parametrize(("text", "place"), [
    ("So I sit on our balcony in Friedrichshain with cà phê sữa đá.", "Friedrichshain"),
    ("I am writing this on the little stoep of my flat behind Pravin's house in Umhlanga, I can see the sea",
     "Umhlanga"),
])
def test_a_part_of_the_home_or_the_home_beside_something_names_where_it_is(text, place):
    assert by_key(text)["home_city"].value == place


@pytest.mark.parametrize("text", ["we had drinks on the balcony in Rome", "my sister's balcony in Leeds is huge"])
def test_a_balcony_that_is_not_the_users_names_no_home(text):
    assert "home_city" not in by_key(text)


def test_a_lease_signed_for_a_shop_or_a_holiday_is_no_home():
    assert "home_city" not in by_key("we signed the lease on a shop in Carouge for the bakery")
    assert "home_city" not in by_key("we signed for a cottage in Wales for the holidays")


@pytest.mark.parametrize(("text", "rent"), [
    ("Collected keys for the Linden house Sat. 3-bed semi. R13 800 pm. Cheaper than Bryanston.", "R13 800"),
    ("got keys to my own 1LDK in kichijoji. 112k/mo, w/ the allowance its ok", "112k"),
    ("lease renewal came in. 1275. smh", "1275"),
])
def test_a_monthly_amount_said_alone_about_a_new_home_is_its_rent(text, rent):
    assert by_key(text)["rent"].value == rent


@pytest.mark.parametrize("text", ["new gym near the flat. 40 a month for the gym",
                                  "moved to the flat. phone plan 30 a month.", "saving 200 a month these days",
                                  "car payment is due. 450."])
def test_a_monthly_amount_of_something_else_is_no_rent(text):
    assert "rent" not in by_key(text)


def test_a_wish_after_a_reason_does_not_make_the_statement_a_hypothetical():
    said = texts("I dropped German and I'm doing French instead, because the project means I need to read the "
                 "French translations, and there's an archive in Paris I'd love to visit someday.")
    assert any("French instead" in t for t in said), said
    assert texts("I'd love to live in Paris someday") == []


def test_dropped_then_instead_is_the_change():
    (f,) = ex("I dropped German (sorry, Duolingo owl) and I'm doing French instead.").facts
    assert f.change == "update" and "German" in f.text and "French" in f.text
    assert ex("I dropped my phone and the screen cracked").facts[0].change is None


@pytest.mark.parametrize(("text", "place"), [
    ("The first two weeks in the new house on Askøy have been good.", "Askøy"),
    ("loving the new flat in Leith", "Leith"),
    # from a room of it, and a flat named by its rooms as it is let
    ("And I'm writing from the varanda of my new T2 in Almada, across the Tejo!", "Almada"),
    ("loving the new 2br in Coburg, finally a yard", "Coburg"),
])
def test_life_in_the_new_home_names_the_home(text, place):
    assert by_key(text)["home_city"].value == place


@pytest.mark.parametrize("text", ["We went to see my sister's new house in Leeds", "we stayed in the new hotel in Rome",
                                  "pics of the new place in Leith, we move next month"])
def test_someone_elses_new_home_or_a_hotel_is_no_home(text):
    assert "home_city" not in by_key(text)


def test_a_condition_said_bare_is_the_users_safety_fact():
    (f,) = ex("also asthma, blue inhaler b4 every match n sesh. coach knows").facts
    assert f.text.startswith("User has asthma") and f.safety
    assert ex("asthma runs in the family").facts == []


@pytest.mark.parametrize("text", ["Sorry, I write wrong before.", "i say it wrong earlier", "I typed that wrong",
                                  "and the thing about Matteo I tell you wrong.",
                                  "what I told you about the flat was wrong"])
def test_saying_one_said_it_wrong_is_talk_about_the_conversation(text):
    assert texts(text) == []


@pytest.mark.parametrize("text", ["the thing about my brother is he never calls", "the thing about my job is I love the people"])
def test_the_thing_about_someone_is_no_correction(text):
    assert texts(text) != []


@pytest.mark.parametrize(("text", "said"), [
    ("My neighbour, Dave, is fixing the fence.", "User's neighbour Dave is fixing the fence"),
    ("A kind man from the parish, Mr. Jim Tobin, is driving me to my appointments.",
     "A kind man from the parish Mr. Jim Tobin is driving User to User's appointments"),
])
def test_a_name_set_between_commas_stays_with_its_subject(text, said):
    assert said in texts(text)


@pytest.mark.parametrize(("text", "said"), [
    ("doc lindgren finally retired so its dr alvarez out of livingston for the herd work",
     "Dr Alvarez has taken over from Doc Lindgren"),
    ("Dr Lindgren retired so it's Dr Alvarez now for the herd work", "Dr Alvarez has taken over from Dr Lindgren"),
])
def test_the_one_it_is_now_after_a_departure_takes_over(text, said):
    from memcli.extract.roles import HOLDER_LEFT

    facts = ex(text).facts
    assert said in [f.text for f in facts]
    assert not [f for f in facts if f.key == HOLDER_LEFT]  # the successor replaces the role record itself


def test_a_departure_alone_still_ends_the_role():
    from memcli.extract.roles import HOLDER_LEFT

    assert [f for f in ex("Dr Lindgren retired last month").facts if f.key == HOLDER_LEFT]


def test_work_said_bare_right_after_an_introduction_is_the_persons():
    said = texts("gf kayla. hygienist at a dentist in clear lake")
    assert "User's girlfriend Kayla is a hygienist" in said and "User is a hygienist" not in said
    assert "job_title" in by_key("my wife is Ana. I'm a nurse at St James")  # said with "I": the user's
    assert "job_title" in by_key("Nurse at St James. Wife is Ana.")  # before the introduction: the user's


@pytest.mark.parametrize(("text", "rate"), [
    ("floorhand. brazos drilling rig 41 out by pecos. 26 an hr", "26"),
    ("I make 26 an hour", "26"),
    ("I'm on 34 an hr now", "34"),
])
def test_the_users_pay_by_the_hour_is_keyed(text, rate):
    assert by_key(text)["hourly_rate"].value == rate


@pytest.mark.parametrize("text", ["my wife makes 30 an hour", "parking is 4 an hour", "the bike hire was 12 an hour"])
def test_someone_elses_rate_or_a_price_is_no_pay(text):
    assert "hourly_rate" not in by_key(text)


@pytest.mark.parametrize(("text", "job"), [
    ("derrickhand on 41 since monday. up the derrick all day.", "derrickhand"),
    ("deckhand on the Mary Jane", "deckhand"),
])
def test_a_trade_noted_bare_is_the_users_job(text, job):
    assert by_key(text)["job_title"].value == job


# a trade said alone may answer a question about someone else ("what does your husband do?" "electrician.")
@pytest.mark.parametrize("text", ["bought it secondhand on ebay", "Nurse? no way", "doctor!", "electrician.", "floorhand."])
def test_what_only_looks_like_a_job_noted(text):
    assert "job_title" not in by_key(text)


@pytest.mark.parametrize(("text", "doctor"), [
    ("My general practitioner is Dr. Hennessy, on Liberty Square.", "Dr. Hennessy"),
    ("I have had to change general practitioner. I am with Dr. Ní Bhriain at the health centre here.", "Dr. Ní Bhriain"),
])
def test_a_general_practitioner_is_the_users_doctor(text, doctor):
    assert by_key(text)["doctor.name"].value == doctor


def test_a_bare_reaction_is_a_passing_state_but_a_view_of_something_is_kept():
    assert texts("Sister Monica suggests painting. I am doubtful.") == ["User's sister Monica suggests painting"]
    assert texts("I am sceptical of homeopathy") == ["User is sceptical of homeopathy"]


@pytest.mark.parametrize(("said", "stored"), [
    ("And Tokkie, our Boerboel, soft as butter.", "User's Boerboel Tokkie"),
    ("Tokkie, our Boerboel, is soft as butter.", "User's Boerboel Tokkie is soft as butter"),
    ("Dave, my neighbour, is fixing the fence", "User's neighbour Dave is fixing the fence"),
    ("Kayla, my sister.", "User's sister Kayla"),
])
def test_a_name_then_what_it_is_to_the_user_is_one_subject(said, stored):
    texts = [f.text for f in extract_facts(said, NOW).facts]
    assert any(t.startswith(stored) for t in texts), texts


@pytest.mark.parametrize("said", ["Honestly, my knees are shot", "Yesterday, my boss said I was late",
                                  "Sadly, my dog died"])
def test_a_word_before_a_comma_is_no_name_put_beside_what_follows(said):
    from memcli.extract.clauses import _name_apposed_first
    assert _name_apposed_first(said) == said


def test_a_verb_used_as_the_subject_of_a_sentence_is_no_request():
    assert [f.text for f in ex("Schedule is 21 days on, 7 off.").facts] == ["Schedule is 21 days on, 7 off"]
    assert ex("Schedule the dentist for me").discarded[-1].reason == "request"


def test_a_shouted_run_of_words_is_read_in_lower_case_and_a_known_name_kept():
    texts = [f.text for f in extract_facts("- PASSED THE PURSER COURSE!!! from April I fly as purser.", NOW).facts]
    assert "User passed the purser course" in texts, texts
    ex_ = extract_facts("KEREM PROPOSED. he's my fiancé now!!!", NOW, people={"Kerem": "boyfriend"})
    assert "User's fiancé is Kerem" in [f.text for f in ex_.facts], ex_  # not "User's boyfriend is Kerem"
    assert [f.text for f in extract_facts("My GP is Dr. Rao at the NHS clinic", NOW).facts][0].count("NHS") == 1


def test_he_said_to_be_something_new_to_the_user_is_named_without_the_old_relation():
    texts = [f.text for f in extract_facts("my sister Ana moved. She's my roommate now", NOW).facts]
    assert any(t.startswith("Ana is User's roommate") for t in texts), texts
    texts = [f.text for f in extract_facts("my sister Ana moved. She's a nurse now", NOW).facts]
    assert any("sister Ana" in t and "nurse" in t for t in texts), texts


@pytest.mark.parametrize(("said", "want"), [
    ("Makoa moved to Kaua'i with his girlfriend", "Makoa moved to Kaua'i with his girlfriend"),  # no "I" in a name
    ("I'm in Hilo and I love it", "User is in Hilo and User loves it"),  # "and I" after a clause of its own
    ("my wife Anna and I live in Denver", "User's wife Anna and User live in Denver"),  # a subject of two
])
def test_the_user_is_said_in_the_third_person_where_the_user_is_meant(said, want):
    from memcli.extract.grammar import to_third_person
    assert to_third_person(said) == want


def test_its_been_a_measure_says_what_the_clause_before_was_about():
    texts = [f.text for f in ex("Abernathy added Ozempic. Started at 0.25, it's been 0.5 since the 14th.").facts]
    assert any("0.25" in t and "0.5" in t for t in texts), texts  # the dose now is kept, with what it is of


@pytest.mark.parametrize(("said", "want"), [
    ("seein this girl destiny. met her at church", "User's girlfriend is Destiny"),
    ("goin to the gym every morning now", "going to the gym"),
])
def test_a_texted_in_for_ing_is_read_in_full(said, want):
    assert any(want in t for t in [f.text for f in ex(said).facts] + [d.clause for d in ex(said).discarded])


def test_a_texted_in_is_read_in_full_and_stored_as_typed():
    texts = [f.text for f in ex("mum's a teachin assistant at imani's school").facts]
    assert any("teachin assistant" in t for t in texts), texts


def test_words_that_end_in_in_are_left_alone():
    from memcli.text import unclipped
    assert unclipped("I live in Berlin with my cousin, within reach") == "I live in Berlin with my cousin, within reach"
    assert unclipped("rock n roll, kayla n me") == "rock and roll, kayla and me"


@pytest.mark.parametrize("said", ["Xiao-Wen quit, she went to Japan.", "Kerem proposed."])
def test_someone_named_and_what_they_did_is_kept(said):
    assert any(f.text.startswith(said.split()[0]) for f in ex(said).facts), ex(said)


@pytest.mark.parametrize("said", ["Yesterday rained", "Everything changed"])
def test_an_everyday_word_then_a_verb_is_no_one_named(said):
    assert not ex(said).facts


def test_news_headed_by_the_person_it_is_about_is_that_persons():
    facts = extract_facts("Big news for Anneke: deputy principal at Paresis Primary from next term.", NOW,
                          people={"Anneke": "wife"}).facts
    assert [f.text for f in facts] == ["User's wife Anneke is deputy principal at Paresis Primary from next term"]
    from memcli.extract.attributes import labelled
    assert labelled("For the record: I hate olives") == "For the record: I hate olives"  # no one named
    said = "update on Hamish: the egg allergy was a false positive"  # a sentence of its own, not said of him
    assert labelled(said) == said


@pytest.mark.parametrize(("said", "want"), [
    ("Keoni stay 12 years old, Malia stay 9 years old.", "Keoni is 12 years old, Malia is 9 years old."),
    ("she 10 years old now", "she is 10 years old now"),
    ("Since 5 years old I swam", "Since 5 years old I swam"),
])
def test_an_age_said_without_its_verb_has_it(said, want):
    from memcli.text import unclipped
    assert unclipped(said) == want


@pytest.mark.parametrize(("said", "rule"), [
    ("Could you answer me in short lists, a few dots down the page, one thing to a line?",
     "User wants the assistant to answer them in short lists, a few dots down the page, one thing to a line"),
    ("Can you reply in French from now on?", "User wants the assistant to reply in French from now on"),
    ("Could you use metric units?", "User wants the assistant to use metric units"),
    ("can you give me distances in miles from here on?",
     "User wants the assistant to give them distances in miles from here on"),
    # and asked as an imperative, after when it starts
    ("From here onwards kindly reply to me in Malayalam only.", "User wants the assistant to reply to them in Malayalam only"),
])
def test_how_to_answer_asked_as_a_question_is_a_lasting_rule(said, rule):
    facts = extract_facts(said, datetime(2025, 9, 3, tzinfo=UTC)).facts
    assert [(f.kind, f.text) for f in facts] == [("procedural", rule)]


@pytest.mark.parametrize("said", ["Could you give me a short summary of the article?", "Can you give me a summary of this?",
                                  "Can you answer this question about tax?", "Can you remind me to call mum?"])
def test_a_task_asked_as_a_question_is_no_rule(said):
    assert extract_facts(said, datetime(2025, 9, 3, tzinfo=UTC)).facts == []


def test_a_texted_w_between_words_is_with():
    assert [f.text for f in ex("signed w falconpay (fintech, difc) in june.").facts] == [
        "User signed with falconpay (fintech, difc) in June 2025"]
    from memcli.text import unclipped
    assert unclipped("Plan W is the backup, w/o a doubt") == "Plan W is the backup, w/o a doubt"


@pytest.mark.parametrize(("text", "want"), [
    ("i am jiwoo, park ji-woo, 27살, webtoon artist in seoul. i forget everything", {
        ("name", "jiwoo"), ("age", "27"), ("job_title", "webtoon artist")}),
    ("Hi, I'm Priya, 29, a data analyst at Flipkart, based in Bangalore.", {
        ("name", "Priya"), ("age", "29"), ("job_title", "data analyst"), ("employer", "Flipkart")}),
    ("Me: Sam, 41, plumber, Leeds.", {("name", "Sam"), ("age", "41"), ("job_title", "plumber")}),
    ("Rodel Manalo, 38, Pinoy seafarer on a container ship", {("name", "Rodel Manalo"), ("age", "38")}),
    ("I'm Ally Mearns, 44. I bide in a wee flat on Victoria Road", {("name", "Ally Mearns"), ("age", "44")}),
    # opened by the age
    ("I'm 52, electrician at Hydro-Québec.", {("age", "52"), ("job_title", "electrician"), ("employer", "Hydro-Québec")}),
    ("Bonswa! I'm 38, nurse 12 years now, right now in the emergency", {("age", "38")}),
    ("im 34, bus driver in leeds", {("age", "34"), ("job_title", "bus driver")}),
])
def test_who_writes_told_as_a_list(text, want):
    got = {(f.key, f.value) for f in ex(text).facts if f.key}
    assert {(k, v.lower()) for k, v in want} <= {(k, (v or "").lower()) for k, v in got}


@pytest.mark.parametrize("text", [
    "We stay up Pukalani. Keoni, 12, Malia, 9.",  # kin listed
    "Tom Baker, 45, plumber, is my neighbour",  # someone else, told of
    "My brother: Tom Baker, 45, plumber in Leeds",
    "We fished all day. Then Tom Baker, 45, came by with beer",  # a name later in the message
])
def test_names_and_ages_of_others_are_not_who_writes(text):
    assert not {f.key for f in ex(text).facts} & {"name", "age", "job_title"}


@pytest.mark.parametrize(("text", "want"), [
    ("I'm 38, and my knees know it", "User's knees know it"),  # a sentence after the age, no trade
    ("I'm 45, single, two kids", "User is single, two kids"),  # no article before what is no trade
    ("I'm 30, 31 in May", None),  # a count, no list
])
def test_a_list_opened_by_the_age_gives_no_trade_it_does_not_say(text, want):
    facts = ex(text).facts
    assert "job_title" not in {f.key for f in facts}
    assert want is None or want in [f.text for f in facts], [f.text for f in facts]




@pytest.mark.parametrize(("text", "kept", "never"), [
    ("The Outback finally died on I-40 in November", "I-40", "User-40"),  # a road, not the writer
    ("Dan's truck and a used Hyundai Kona I bought in December", "a used Hyundai Kona", "User used"),  # a car bought used
])
def test_a_letter_that_only_looks_like_the_writer(text, kept, never):
    facts = [f.text for f in extract_facts(text, NOW, role="user").facts]
    assert any(kept in t for t in facts) and not any(never in t for t in facts), facts


def test_where_from_in_a_listed_introduction_stays():
    facts = [f.text for f in ex("Hello. I am Yuki, from Japan, 34 years. I am living in Munich").facts]
    assert any("Japan" in t for t in facts), facts


@pytest.mark.parametrize("said", ["Ach, I'll live.", "we'll survive", "oh well, I'll manage"])
def test_a_saying_of_coping_is_no_fact(said):
    assert ex(said).facts == []


def test_a_count_in_words_is_content_kept():
    facts = [f.text for f in ex("Only two bicas per day. Doctor Sousa is very strict, ai.").facts]
    assert "Only two bicas per day" in facts, facts


@pytest.mark.parametrize("said", ["Nee more blood tests every five minutes.", "Two dates recur annually."])
def test_a_count_in_words_that_only_counts_time_or_opens_the_clause_is_no_content(said):
    assert ex(said).facts == []


def test_a_day_to_come_is_content_a_day_gone_is_not():
    assert [f.text for f in ex("The operation is booked for three weeks today and I am dreading it").facts] == [
        "The operation is booked for 2026-03-25"]
    assert ex("It was a good day yesterday").facts == []


@pytest.mark.parametrize(("said", "kept"), [
    # a flag or a heading before a safety fact said without "I'm"
    ("IMPORTANT: allergic to shellfish / prawn, crab, all.", "User is allergic to shellfish"),
    ("Note: allergic to shellfish", "User is allergic to shellfish"),
    # a wish in a relative clause does not make the statement before it one
    ("I pay €1,150 a month for the privilege, which my late mother would have called daylight robbery", "€1,150"),
    # what holds, said for when someone needs it
    ("If the association ever needs to reach me, my mobile is 07700 900481, you can note that.", "07700 900481"),
    ("in case anyone asks, I'm on nights this week", "on nights"),
    ("If anybody ever asks what I did, I was an electrician, forty-one years", "electrician"),
    # a "when" clause before what is asked is no question
    ("When you write back to me, please use proper sentences, like a letter.", "proper sentences"),
])
def test_what_only_looked_like_nothing_to_keep_is_kept(said, kept):
    facts = [f.text for f in ex(said).facts]
    assert any(kept in t for t in facts), facts


@pytest.mark.parametrize("said", ["If I win the lottery, my house will be huge", "if it rains, I'm staying in",
                                  "if anyone asks, I was never here lol",
                                  "If you need me, I'm going to be at the pub", "I would have gone, which is sad",
                                  "When you coming over?"])
def test_a_condition_a_wish_or_a_question_stays_out(said):
    assert ex(said).facts == []


@pytest.mark.parametrize(("said", "want"), [
    ("of course what you think I buy a little aluminium boat 4 metre with the Yamaha 25 on the back and I call "
     "her Concettina after my mother", ("boat", "Concettina")),
    ("Got a new van last week, I call it the Beast", ("van", "Beast")),
])
def test_a_boat_or_vehicle_got_and_named_after_it_is_called_so(said, want):
    assert want in {(f.key, f.value) for f in ex(said).facts}


@pytest.mark.parametrize("said", [
    "My brother bought a boat, he calls her Molly",  # someone else's
    "We bought a boat. My sister named it Sally.",  # named by someone else
    "Tom got a boat and named her Jess",
])
def test_a_name_someone_else_gives_is_no_name_of_the_users_thing(said):
    assert not any(f.rule == "thing_named_later" for f in ex(said).facts)


@pytest.mark.parametrize(("said", "kind"), [
    ("i switched to predators btw, the mercs were killin my feet", "semantic"),  # what the user is on now
    ("we changed over to oat milk", "semantic"),
    ("I switched off the heating", "episodic"),  # an act, no state
    ("I went to the shop", "episodic"),
])
def test_a_change_the_user_made_is_the_state_they_are_in_now(said, kind):
    assert [f.kind for f in ex(said).facts] == [kind]


@pytest.mark.parametrize(("said", "want"), [
    ("I moved (finally!) to Leeds. It's nice.", "User moved (finally!) to Leeds"),
    ("- tata: retired steelworker (Huta im. Lenina days), still in Nowa Huta, widower", "still in Nowa Huta"),
    ("We went to Rome (it was amazing. Truly.) and came back.", "and came back"),
])
def test_a_stop_inside_brackets_ends_no_sentence(said, want):
    texts = [f.text for f in extract_facts(said, NOW).facts]
    assert any(want in t and "(" in t and ")" in t for t in texts), texts


@pytest.mark.parametrize(("said", "want"), [
    ("went to the movies with Naledi, she's my girlfriend now", "User's girlfriend is Naledi"),
    ("n me n naledi went to the movies at cresta, she's my girl for real now", "User's girlfriend Naledi"),
    ("dinner with Tomas last night, he's officially my boyfriend", "User's boyfriend is Tomas"),
])
def test_someone_named_in_company_then_called_the_partner_is_the_partner(said, want):
    texts = [f.text for f in extract_facts(said, NOW).facts]
    assert any(t.startswith(want) for t in texts), texts


@pytest.mark.parametrize("said", ["had dinner with my mum, she's my rock", "me and the boys went out, he's my best mate",
                                  "went to the movies with Naledi, she's my hero"])
def test_company_without_a_partner_word_names_no_partner(said):
    assert not any("girlfriend" in f.text or "boyfriend" in f.text for f in extract_facts(said, NOW).facts)


@pytest.mark.parametrize(("said", "partner", "told"), [
    ("Je suis avec Youssef since April, he is pharmacist in a pharmacie in Plainpalais.", "Youssef",
     "User's partner Youssef is pharmacist"),
    ("been with Tariq 6 months now, he is a paramedic so the hours are mad", "Tariq", "User's partner Tariq is a paramedic"),
])
def test_with_someone_for_a_while_then_called_he_or_she_is_the_partner(said, partner, told):
    facts = extract_facts(said, NOW).facts
    assert [f.value for f in facts if f.key == "partner"] == [partner], facts
    assert any(f.text.startswith(told) for f in facts), facts


@pytest.mark.parametrize("said", ["I've been with Vodafone since 2020, they are useless",
                                  "I'm with Vodafone since 2020 and he is my agent",
                                  "I was with Tariq for two hours at the clinic, he is a paramedic"])
def test_with_a_firm_or_for_an_errand_names_no_partner(said):
    assert not any(f.key == "partner" for f in extract_facts(said, NOW).facts)


def test_a_named_subject_and_its_verb_after_and_open_a_clause_of_their_own():
    """A dictated run-on: what Jenny and Kaylee are is said of them, not of the user."""
    facts = extract_facts("he doesn't come home smelling like hydraulic oil and Jenny and Kaylee are all unpacked at "
                          "the new place in Omaha", NOW).facts
    assert any(f.text.startswith("Jenny and Kaylee are all unpacked") for f in facts), facts
    assert not any(f.key == "home_city" for f in facts), facts
    # one subject of two people stays one: "me and Mo", "my wife and Jo"
    assert [f.text for f in extract_facts("me and Mo are in the same house", NOW).facts] \
        == ["Mo and User are in the same house"]
    assert [f.text for f in extract_facts("my wife and Jo are at the beach", NOW).facts] \
        == ["User's wife and Jo are at the beach"]


@pytest.mark.parametrize(("said", "kept"), [
    ("also pls tandai: allergic ko sa hipon (shrimp), dili gyud pwede", "hipon"),   # "tandai": note it
    ("bitte merken: Ich bin allergisch gegen Nüsse", "Nüsse"),
])
def test_a_request_to_keep_in_a_word_of_another_language_keeps_what_follows_its_colon(said, kept):
    assert any(kept in f.text for f in extract_facts(said, NOW).facts), extract_facts(said, NOW)


@pytest.mark.parametrize("said", ["pls check: the invoice total", "please advise: should I go"])
def test_a_task_asked_before_a_colon_keeps_nothing(said):
    assert extract_facts(said, NOW).facts == []


@pytest.mark.parametrize(("said", "kept"), [
    ("pls dont suggest anything with nuts, allergic", "nuts"),           # a request that says why
    ("pls no shellfish in recipes - anaphylaxis", "shellfish"),
    ("can you find me a recipe, no nuts pls im allergic", "allergic"),   # the user's own, inside a question
])
def test_a_safety_fact_said_in_a_request_or_a_question_is_kept(said, kept):
    facts = extract_facts(said, NOW).facts
    assert any(kept in f.text and f.safety for f in facts), facts


@pytest.mark.parametrize("said", ["please book the dentist", "what's an allergy?", "is it an allergy or a cold?"])
def test_a_request_or_question_without_the_users_safety_fact_keeps_nothing(said):
    assert extract_facts(said, NOW).facts == []


def test_born_and_raised_is_one_and_a_job_said_after_currently_is_the_job():
    texts = [f.text for f in extract_facts("i'm kayleigh, kay, 31, born and raised in lubbock texas, flight attendant "
                                           "w emirates", NOW).facts]
    assert "User is born and raised in lubbock texas" in texts, texts
    assert not any(t == "User is a born" or t == "User is born" for t in texts), texts
    facts = extract_facts("Currently I am deputy manager at the Löwen-Apotheke in Eimsbüttel.", NOW).facts
    assert ("employer", "the Löwen-Apotheke in Eimsbüttel") in [(f.key, f.value) for f in facts], facts


@pytest.mark.parametrize(("said", "diet"), [
    ("but three weeks pescatarian and i feel amazing, no more bacon everything", "pescatarian"),
    ("two months vegan and loving it", "vegan"),
    ("day 40 keto 💪", "keto"),
])
def test_a_diet_kept_for_a_time_is_the_diet(said, diet):
    assert ("diet", diet) in [(f.key, f.value) for f in extract_facts(said, NOW).facts]


@pytest.mark.parametrize("said", ["two weeks vegan challenge starts monday", "I was vegan for two years",
                                  "thinking of trying two weeks vegan"])
def test_a_diet_tried_or_past_is_no_diet_now(said):
    assert "diet" not in [f.key for f in extract_facts(said, NOW).facts]


def test_a_self_introduction_with_the_age_in_words_is_read_as_a_list():
    texts = [f.text for f in extract_facts("I'm Sammy Gilmore, seventy-one, born and reared in East Belfast.", NOW).facts]
    assert "User's name is Sammy Gilmore" in texts, texts
    assert "User is born and reared in East Belfast" in texts, texts


def test_me_as_a_word_of_a_name_stays():
    assert [f.text for f in extract_facts("Rob found it on Trade Me from a farmer in Hunterville", NOW).facts] \
        == ["Rob found it on Trade Me from a farmer in Hunterville"]
    assert [f.text for f in extract_facts("Mum gave me the car", NOW).facts] == ["Mum gave User the car"]


def test_a_subject_said_twice_and_a_verb_without_its_is_are_read_as_one_clause():
    said = ("And Lennox, my pardner, he hand over the roti shop to he nephew. But you know Lennox can't sit "
            "down, so he driving Uber in he Camry, nights mostly.")
    texts = [f.text for f in ex(said).facts]
    assert any(t.startswith("User's pardner Lennox is driving Uber") for t in texts), texts
    assert any(t.startswith("User's pardner Lennox hand over the roti shop") for t in texts), texts


@pytest.mark.parametrize(("said", "want"), [
    ("so he driving Uber now", "so he is driving Uber now"),
    ("I living by she since August", "I am living by she since August"),
    ("they bring the kids at 5, I sing in the choir", "they bring the kids at 5, I sing in the choir"),
    ("I saw him driving the van", "I saw him driving the van"),
    ("he working is what matters", "he working is what matters"),
])
def test_a_verb_without_its_is_only_at_a_clause_opening(said, want):
    from memcli.text import unclipped
    assert unclipped(said) == want


@pytest.mark.parametrize(("said", "want"), [
    ("And talking about Jaylen, the boy get into Brooklyn Tech!", "And Jaylen get into Brooklyn Tech!"),
    ("Speaking of my sister, she's moved to Leeds.", "my sister's moved to Leeds."),
    ("As for Tom, he quit the band.", "Tom quit the band."),
    # a topic that is no person stays as said
    ("Talking about money, the rent went up.", "Talking about money, the rent went up."),
    ("speaking of which, he called", "speaking of which, he called"),
])
def test_a_person_set_as_the_topic_and_taken_up_again_is_the_subject(said, want):
    from memcli.text import unclipped
    assert unclipped(said) == want
