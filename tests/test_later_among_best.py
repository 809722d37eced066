"""Of the best three hits, a later statement about the same thing goes above an earlier
one (`recall.akin.later_among_best`): "I rest on Wednesdays now" above "my day off is
Monday" for "what is the user's day off?". Nothing moves for a question about the past or
of when, within one sitting, for another person, for a hit far below, or for one about
something else; and the three shown stay the same three."""

import numpy as np
import pytest

from memcli.api import MemoryStore
from memcli.ingest import Message, ingest
from memcli.models import Hit, Memory
from memcli.recall import recall
from memcli.recall.akin import later_among_best


def _hit(text: str, since: str, score: float, *, kind: str = "semantic", episode: bool = False) -> Hit:
    return Hit(memory=Memory(id=text[:12], scope="user:t", kind=kind, text=text, valid_from=since, episode=episode),
               score=score)


def _unit(*xs: float) -> np.ndarray:
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


OLD = _hit("User's day off is Monday", "2024-10-07T09:00:00Z", 0.80)
OTHER = _hit("User works at the bakery on Quay Street", "2024-10-07T09:02:00Z", 0.40)
NEW = _hit("On Wednesdays User rests now, the only day", "2025-05-20T18:00:00Z", 0.60, kind="episodic",
           episode=True)
VECTORS = {OLD.memory.id: _unit(1, 0, 0), OTHER.memory.id: _unit(0, 1, 0), NEW.memory.id: _unit(0.7, 0.1, 0.7)}


def test_a_later_statement_of_the_same_thing_among_the_best_goes_first():
    assert later_among_best([OLD, OTHER, NEW], VECTORS, "What is the user's day off?") == [NEW, OLD, OTHER]


@pytest.mark.parametrize("query", ["What was the user's day off before?", "When is the user's day off?",
                                   "How long has the user had Mondays off?"])
def test_a_question_of_the_past_or_of_when_keeps_the_order(query):
    assert later_among_best([OLD, OTHER, NEW], VECTORS, query) == [OLD, OTHER, NEW]


def test_the_latest_asked_for_in_a_past_tense_question_goes_first():
    assert later_among_best([OLD, OTHER, NEW], VECTORS, "What was the user's latest day off?")[0] is NEW


@pytest.mark.parametrize("later", [
    _hit("On Wednesdays User rests now", "2024-10-07T15:00:00Z", 0.6),  # the same sitting
    _hit("On Wednesdays User rests now", "2025-05-20T18:00:00Z", 0.2),  # far below
    _hit("User's sister Ana rests on Wednesdays now", "2025-05-20T18:00:00Z", 0.6),  # someone else
])
def test_no_move_within_one_sitting_from_far_below_or_for_someone_else(later):
    vectors = {OLD.memory.id: _unit(1, 0, 0), later.memory.id: _unit(0.9, 0.1, 0)}
    assert later_among_best([OLD, later], vectors, "What is the user's day off?") == [OLD, later]


def test_a_later_statement_about_something_else_stays_below():
    vectors = {**VECTORS, NEW.memory.id: _unit(0.1, 0.1, 1)}
    assert later_among_best([OLD, OTHER, NEW], vectors, "What is the user's day off?") == [OLD, OTHER, NEW]


def test_only_the_best_three_are_reordered_and_none_is_brought_in():
    fourth = _hit("On Wednesdays User rests now", "2025-05-20T18:00:00Z", 0.6)
    vectors = {**VECTORS, fourth.memory.id: _unit(1, 0, 0)}
    hits = [OLD, OTHER, _hit("User likes rye bread", "2024-11-01T00:00:00Z", 0.5), fourth]
    assert later_among_best(hits, vectors, "What is the user's day off?") == hits


def _say(store: MemoryStore, scope: str, text: str, ts: str, ref: str) -> None:
    ingest(store, scope, [Message(role="user", content=text, ts=ts, ref=ref)], source=ref)


def test_recall_shows_the_day_off_said_months_later_first(real_embedder, tmp_path):
    """A change said in other words, that no rule of the write path reads as one, is still
    read first where both are shown."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _say(store, "user:r", "My day off is Monday, that's when I do the big shop and see my mum.",
         "2024-10-07T09:00:00Z", "a1")
    _say(store, "user:r", "They redid the rota at work. Wednesdays I rest now, the only day I get.",
         "2025-05-20T18:00:00Z", "b1")
    hits = recall(store, "user:r", "What is the user's day off?", k=3, touch=False).hits
    texts = [h.memory.text for h in hits]
    assert "Wednesday" in texts[0], texts
    assert any("Monday" in t for t in texts), texts  # the old one is still shown, below
    before = recall(store, "user:r", "What was the user's day off before?", k=3, touch=False).hits
    assert any("Monday" in h.memory.text for h in before)
    store.close()


def test_fewer_asked_for_than_three_reorders_only_those_shown():
    assert later_among_best([OLD, OTHER, NEW], VECTORS, "What is the user's day off?", k=2) == [OLD, OTHER, NEW]


def test_a_later_statement_that_is_no_answer_of_the_kind_asked_stays_below():
    work = _hit("User works at St James's Hospital", "2024-11-04T01:00:00Z", 0.8)
    days = _hit("User works days now, three a week", "2024-12-04T01:00:00Z", 0.7)
    vectors = {work.memory.id: _unit(1, 0, 0), days.memory.id: _unit(0.9, 0.1, 0)}
    assert later_among_best([work, days], vectors, "Where does the user work?") == [work, days]
    moved = _hit("User works at the Mater Hospital now", "2024-12-04T01:00:00Z", 0.7)
    vectors[moved.memory.id] = _unit(0.9, 0.1, 0)
    assert later_among_best([work, moved], vectors, "Where does the user work?") == [moved, work]


@pytest.mark.parametrize("old", [
    _hit("my day off is monday, big shop day", "2024-10-07T09:00:00Z", 0.8, kind="episodic", episode=True),
    _hit("User had Monday off on 2024-10-07", "2024-10-07T09:00:00Z", 0.8, kind="episodic"),
])
def test_no_turn_or_event_goes_above_a_turn_or_an_event(old):
    assert later_among_best([old, NEW], {old.memory.id: _unit(1, 0, 0), NEW.memory.id: _unit(1, 0, 0)},
                            "What is the user's day off?") == [old, NEW]


def test_a_fact_of_another_key_stays_below():
    home = Hit(memory=Memory(id="home", scope="user:t", kind="profile", text="User lives in Bangalore",
                             key="home_city", valid_from="2026-01-10T00:00:00Z"), score=0.8)
    work = Hit(memory=Memory(id="work", scope="user:t", kind="profile", text="User works at Flipkart",
                             key="employer", valid_from="2026-03-10T00:00:00Z"), score=0.6)
    vectors = {"home": _unit(1, 0, 0), "work": _unit(0.8, 0.2, 0)}
    assert later_among_best([home, work], vectors, "Where does the user live?") == [home, work]
