"""Behavioural tests for the deterministic extractor (memcli.extract / memcli.dates)."""

from __future__ import annotations

import importlib.util
import sys
import time
import types
from datetime import datetime
from pathlib import Path

import pytest

try:
    from memcli.dates import resolve_dates
    from memcli.extract import Extraction, Fact, extract_facts
except ImportError:  # pragma: no cover - package __init__ needs deps not installed here
    _pkg_dir = Path(__file__).resolve().parents[1] / "memcli"
    _pkg = types.ModuleType("memcli")
    _pkg.__path__ = [str(_pkg_dir)]
    sys.modules["memcli"] = _pkg
    for _name in ("dates", "extract"):
        _spec = importlib.util.spec_from_file_location(f"memcli.{_name}", _pkg_dir / f"{_name}.py")
        _mod = importlib.util.module_from_spec(_spec)
        sys.modules[f"memcli.{_name}"] = _mod
        _spec.loader.exec_module(_mod)
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
                                 "maybe someday I'll learn piano", "If I won the lottery I would buy a farm"])
def test_hypotheticals_discarded(msg):
    assert texts(msg) == []
    assert "hypothetical" in reasons(msg)


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
    assert f.text == "User lives in Mumbai"
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

def test_sold_car_is_delete():
    (f,) = ex("I sold my car").facts
    assert f.text == "User sold their car" and f.change == "delete"


def test_quit_job_is_employer_delete():
    (f,) = ex("I quit my job").facts
    assert f.key == "employer" and f.change == "delete"


def test_no_longer_eat_meat_is_diet_update():
    (f,) = ex("I no longer eat meat").facts
    assert (f.text, f.key, f.change) == ("User does not eat meat", "diet", "update")


def test_dont_anymore_is_delete():
    (f,) = ex("I don't drink coffee anymore").facts
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
    assert f.text == "User has a dentist appointment on 2026-03-10"


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
    assert f.text == "User's exam is on 2026-03-13"
    assert f.event_date == datetime(2026, 3, 13)
    assert f.kind == "episodic"


@pytest.mark.parametrize("phrase,expected_text,expected_date", [
    ("today", "on 2026-03-04", datetime(2026, 3, 4)),
    ("yesterday", "on 2026-03-03", datetime(2026, 3, 3)),
    ("tomorrow", "on 2026-03-05", datetime(2026, 3, 5)),
    ("this Friday", "on 2026-03-06", datetime(2026, 3, 6)),
    ("next Friday", "on 2026-03-13", datetime(2026, 3, 13)),
    ("last Friday", "on 2026-02-27", datetime(2026, 2, 27)),
    ("next week", "during the week of 2026-03-09", datetime(2026, 3, 9)),
    ("last month", "in February 2026", datetime(2026, 2, 1)),
    ("next year", "in 2027", datetime(2027, 1, 1)),
    ("in 3 days", "on 2026-03-07", datetime(2026, 3, 7)),
    ("3 weeks ago", "on 2026-02-11", datetime(2026, 2, 11)),
    ("on March 3", "on 2026-03-03", datetime(2026, 3, 3)),
    ("March 3rd, 2025", "on 2025-03-03", datetime(2025, 3, 3)),
    ("on 3/14", "on 2026-03-14", datetime(2026, 3, 14)),
    ("in May", "in May 2026", datetime(2026, 5, 1)),
])
def test_resolve_dates(phrase, expected_text, expected_date):
    out, d = resolve_dates(f"it happens {phrase}", NOW)
    assert out == f"it happens {expected_text}"
    assert d == expected_date


def test_resolve_dates_first_date_and_no_date():
    out, d = resolve_dates("I flew out yesterday and come back next Friday", NOW)
    assert out == "I flew out on 2026-03-03 and come back on 2026-03-13"
    assert d == datetime(2026, 3, 3)
    assert resolve_dates("I may go", NOW) == ("I may go", None)


def test_past_tense_bare_weekday_resolves_backwards():
    (f,) = ex("I ran a marathon on Sunday").facts
    assert f.text == "User ran a marathon on 2026-03-01" and f.event_date == datetime(2026, 3, 1)


# --------------------------------------------------------------------------- robustness

def test_speed():
    msg = "I live in Pune and I work at Infosys as a data engineer. My sister lives in Delhi. Thanks!"
    extract_facts(msg, NOW)
    t0 = time.perf_counter()
    for _ in range(200):
        extract_facts(msg, NOW)
    per_msg = (time.perf_counter() - t0) / 200
    assert per_msg < 0.01  # < 1 ms typical; generous bound for slow CI


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
