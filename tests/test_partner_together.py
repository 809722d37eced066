"""A partner said without "my girlfriend is ...": the message says the user is together
with someone and names that one person."""

from __future__ import annotations

from datetime import datetime

import pytest

from memcli.api import MemoryStore
from memcli.extract import extract_facts
from memcli.ingest import Message, ingest
from memcli.recall import recall

NOW = datetime(2026, 5, 26, 20, 0)


def _partner(text: str, people: dict[str, str] | None = None) -> str | None:
    return next((f.value for f in extract_facts(text, NOW, people=people).facts if f.key == "partner"
                 and f.change != "delete"), None)


@pytest.mark.parametrize(("said", "who"), [
    ("Daniel and I ended things in October. But, um, there's someone new? Minho, from the SNU badminton "
     "club. We've been together since the club retreat in November.", "Minho"),
    ("went out w noor sat. 3rd date. think its a thing 🙂", "Noor"),
    ("ty 🥹 also ok so. daniel asked me to be his gf at the quad on saturday and i said yes", "Daniel"),
    ("kez says i shd put the extra in savings. weve been together since may", "Kez"),
    ("Priya asked me out after the gig, we're officially dating now", "Priya"),
])
def test_a_partner_said_by_being_together_is_keyed(said, who):
    assert _partner(said) == who


@pytest.mark.parametrize("said", [
    "my sister Jo and I have been together all week",          # family
    "Sam and I broke up, we had been together since 2019",     # an end
    "Tom and Ana came over, we are all together for Christmas",  # two names, friends
    "We got together with Priya and Dev for dinner",
    "the 3rd date of the tour is in Leeds",                    # a date of a tour
    "went out w friends sat. its a thing now",                 # nobody named
    "he asked me out and I said no",                           # no name
    "mum says we have been together too long",                 # a relative opening the sentence
    "I wish Noor and I were together",                         # a wish
])
def test_together_without_one_partner_keys_none(said):
    assert _partner(said) is None


def test_a_relative_the_scope_knows_is_never_the_partner():
    assert _partner("jo says we've been together forever lol", people={"jo": "sister"}) is None
    assert _partner("ha biscuit is snoring. we've been together since the shelter", people={"biscuit": "dog"}) is None


def test_the_new_partner_answers_who_the_user_is_dating(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    told = (("my boyfriend Marcus is at Purdue so weekends are facetime dates", "2026-01-21T10:00:00Z"),
            ("unfollowed marcus on everything, not talking abt it rn", "2026-03-02T10:00:00Z"),
            ("went out w noor sat. 3rd date. think its a thing", "2026-05-26T22:44:03Z"))
    for i, (text, ts) in enumerate(told):
        ingest(store, "user:t", [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"s{i}")
    hits = recall(store, "user:t", "Who is the user dating?", k=3, touch=False).hits
    assert any("Noor" in h.memory.text for h in hits), [h.memory.text for h in hits]
    assert [m.text for m in store.list_memories("user:t", key="partner")] == ["User's partner is Noor"]


def _store(tmp_path, real_embedder, *told):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for i, (text, ts) in enumerate(told):
        ingest(store, "user:t", [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"s{i}")
    return store


def test_a_question_about_the_partner_finds_what_was_said_of_them_by_name(tmp_path, real_embedder):
    store = _store(tmp_path, real_embedder,
                   ("went out w noor sat. 3rd date. think its a thing", "2026-05-26T22:44:03Z"),
                   ("supervising phys is dr lindqvist, v chill", "2026-06-01T10:00:00Z"),
                   ("noor got the pharmacist job at the shoppers on danforth. shes stoked", "2026-07-14T23:03:19Z"))
    hits = recall(store, "user:t", "What does the user's partner do for work?", k=2, touch=False).hits
    assert any("pharmacist" in h.memory.text for h in hits), [h.memory.text for h in hits]
    hopped = recall(store, "user:t", "Where does the user's partner work?", k=2, touch=False).hits
    assert any("pharmacist" in h.memory.text for h in hopped), [h.memory.text for h in hopped]
    # the partner named in the news itself: the relative the user named is its subject
    # (`extract.people`), so the question finds it without the hop too
    plain = recall(store, "user:t", "Where does the user's partner work?", k=2, touch=False, hop=False).hits
    assert any(h.memory.text.startswith("User's partner Noor got the pharmacist job") for h in plain), \
        [h.memory.text for h in plain]


def test_two_of_a_relation_ask_no_one_by_name(tmp_path, real_embedder):
    from memcli.recall.hop import person_asked
    store = _store(tmp_path, real_embedder,
                   ("my sister Jo lives in Leeds", "2026-01-02T10:00:00Z"),
                   ("my sister Ana is a vet in York", "2026-01-03T10:00:00Z"))
    assert person_asked(store, "user:t", "Where does the user's sister live?") is None
    assert person_asked(store, "user:t", "What does the user's business partner do?") is None
    store2 = _store(tmp_path / "b", real_embedder, ("my sister Jo lives in Leeds", "2026-01-02T10:00:00Z"))
    assert person_asked(store2, "user:t", "Where does the user's sister live?") == ("the user's sister", "Jo")


def test_one_name_in_two_forms_or_said_with_is_names_the_relative(tmp_path, real_embedder):
    from memcli.models import Hit, Memory
    from memcli.recall.hop import person_asked
    store = _store(tmp_path, real_embedder,
                   ("my wife Becky is staying in Abilene till the house closes", "2026-01-02T10:00:00Z"),
                   ("my wife Becky's already got a job cleaning teeth", "2026-01-03T10:00:00Z"))
    # "Becky" and "Becky's" are one person
    assert person_asked(store, "user:t", "What does the user's wife do for work?") == ("the user's wife", "Becky")
    empty = _store(tmp_path / "b", real_embedder, ("rough week at work", "2026-01-02T10:00:00Z"))
    hits = [Hit(memory=Memory(id="a", scope="user:t", kind="semantic", text="User's mum is Jean, 84, lives in Evanton"),
                score=0.6)]
    # a relative named by "is" in the question's own hits
    assert person_asked(empty, "user:t", "Which hospital is the user's mum in?", hits=hits) == ("the user's mum", "Jean")
    # ... by an apposition after "the one son", or before the relation, in lower case
    one = [Hit(memory=Memory(id="b", scope="user:t", kind="semantic", text="User has just the one son, Gary, who is 46"),
               score=0.6)]
    assert person_asked(empty, "user:t", "What job does the user's son do?", hits=one) == ("the user's son", "Gary")
    lower = [Hit(memory=Memory(id="c", scope="user:t", kind="episodic", text='(asked "Who is she?") ife, my daughter, 4'),
                 score=0.6)]
    assert person_asked(empty, "user:t", "Which school does the user's daughter go to?", hits=lower) \
        == ("the user's daughter", "Ife")
    yes = [Hit(memory=Memory(id="d", scope="user:t", kind="episodic", text="Yes, my daughter is fine"), score=0.6)]
    assert person_asked(empty, "user:t", "Which school does the user's daughter go to?", hits=yes) is None


def test_hits_that_only_name_the_person_keep_no_answer_out():
    from memcli.models import Hit, Memory
    from memcli.recall.hop import joined

    def hit(text, score):
        return Hit(memory=Memory(id=text[:8], scope="user:t", kind="semantic", text=text), score=score)

    named = [hit("User's wife is Yesenia", 0.9), hit("User's wife Yesenia has User walking at night", 0.8),
             hit("User's wife Yesenia is teaching 4th grade there now", 0.7)]
    theirs = [hit("Yesenia got moved to Bonham Elementary", 0.6), named[2]]
    out = joined(named, theirs, "Yesenia", k=3)
    # the renamed question's best answer joins, though the first three name her already
    assert [h.memory.text for h in out[:3]] == ["User's wife is Yesenia", "User's wife Yesenia has User walking at night",
                                                "User's wife Yesenia is teaching 4th grade there now"]
    assert out[3].memory.text == "Yesenia got moved to Bonham Elementary"
    # and when its best answers are shown already, nothing changes
    assert joined(named, [named[2], named[1]], "Yesenia", k=3) == named


def test_a_best_mate_is_asked_by_any_word_for_a_best_friend(tmp_path, real_embedder):
    from memcli.recall.hop import person_asked
    store = _store(tmp_path, real_embedder,
                   ("my best mate Dyl knows a plumber from the pub", "2026-01-02T10:00:00Z"))
    assert person_asked(store, "user:t", "What trade is the user's best mate licensed in?") == \
        ("the user's best mate", "Dyl")
    assert person_asked(store, "user:t", "What does the user's best friend do for work?") == \
        ("the user's best friend", "Dyl")
