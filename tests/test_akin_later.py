"""A change said in other words: the best hit's nearest later statement in meaning, when
it gives another value, goes above it (`recall.akin`); nothing moves for the past, for an
event, for one sitting, for two later statements equally near, or without another value."""

import numpy as np
import pytest

from memcli.models import Hit, Memory
from memcli.recall.akin import akin_later_first


def _hit(text: str, since: str, score: float, *, kind: str = "semantic", episode: bool = False) -> Hit:
    return Hit(memory=Memory(id=text[:10], scope="user:t", kind=kind, text=text, valid_from=since, episode=episode),
               score=score)


def _unit(*xs: float) -> np.ndarray:
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


OLD = _hit("User is obsessed with Blackpink, their whole personality", "2025-02-08T03:16:06Z", 0.30)
NOISE = _hit("User works at hoyts sylvia park", "2025-05-20T05:41:27Z", 0.25)
NEW = _hit("Its all Laufey for User these days", "2025-05-20T05:45:32Z", 0.20)
VECTORS = {OLD.memory.id: _unit(1, 0, 0), NOISE.memory.id: _unit(0, 1, 0), NEW.memory.id: _unit(0.8, 0.2, 0.1)}


def test_the_nearest_later_statement_with_another_value_goes_above():
    assert akin_later_first([OLD, NOISE, NEW], VECTORS, "What music is the user into?") == [NEW, OLD, NOISE]


def test_a_question_about_the_past_keeps_the_order():
    assert akin_later_first([OLD, NOISE, NEW], VECTORS, "What music did the user like at first?") == [OLD, NOISE, NEW]


@pytest.mark.parametrize("later", [
    _hit("Its all Laufey for User these days", "2025-02-08T05:00:00Z", 0.2),  # the same sitting
    _hit("Its all Laufey for User these days", "2025-05-20T05:45:32Z", 0.2, kind="episodic"),  # an event
    _hit("User is still obsessed with Blackpink", "2025-05-20T05:45:32Z", 0.2),  # no other value
    _hit("Its all Laufey for User these days", "2025-05-20T05:45:32Z", 0.05),  # too far below
    _hit("User's sister Ana is all Laufey these days", "2025-05-20T05:45:32Z", 0.2),  # someone else
])
def test_no_successor_in_the_same_sitting_an_event_no_new_value_or_another_subject(later):
    vectors = {OLD.memory.id: _unit(1, 0, 0), later.memory.id: _unit(0.9, 0.1, 0)}
    assert akin_later_first([OLD, later], vectors, "What music is the user into?") == [OLD, later]


def test_two_later_statements_as_near_name_no_successor():
    other = _hit("User is into Olivia Rodrigo too", "2025-06-01T00:00:00Z", 0.2)
    vectors = {**VECTORS, other.memory.id: _unit(0.8, 0.15, 0.12)}
    assert akin_later_first([OLD, NOISE, NEW, other], vectors, "What music is the user into?")[0] is OLD


def test_a_statement_far_in_meaning_is_no_successor():
    vectors = {**VECTORS, NEW.memory.id: _unit(0.3, 0.2, 0.9)}
    assert akin_later_first([OLD, NOISE, NEW], vectors, "What music is the user into?") == [OLD, NOISE, NEW]
