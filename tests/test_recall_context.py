"""Stage 3, conversation context: which turns are read, and each one's share."""

import pytest

from memcli.models import Memory
from memcli.recall import RecallConfig
from memcli.recall.context import neighbour_rowids, reach, read_neighbours, shares, valid_at
from memcli.recall.features import Signals

DAY = "2023-05-01T10:00:00Z"


def _m(text, kind="episodic", valid_from=DAY, **kw):
    return Memory(id=text[:6], scope="user:a", kind=kind, text=text, valid_from=valid_from, **kw)


def _sig(fused, boost=0.0):
    return Signals(keyword=0.0, vector=0.0, fused=fused, boost=boost)


def test_reach_covers_the_same_speaker_two_turns_on():
    assert reach(RecallConfig().context) == 2
    assert reach(RecallConfig.of(w_same_speaker=0.0).context) == 1
    assert reach(RecallConfig.of(neighbour_window=3).context) == 3


def test_the_turns_around_the_best_episodic_candidates_are_read():
    rows = {10: _m("a"), 20: _m("b"), 30: _m("fact", kind="semantic")}
    base = {10: _sig(0.9), 20: _sig(0.1), 30: _sig(1.0)}
    cfg = RecallConfig.of(neighbour_sources=1, w_same_speaker=0.0).context
    assert sorted(neighbour_rowids(rows, base, cfg)) == [9, 11]
    cfg = RecallConfig.of(neighbour_sources=2, w_same_speaker=0.0).context
    assert sorted(neighbour_rowids(rows, base, cfg)) == [9, 11, 19, 21]


def test_an_answer_gets_most_of_its_questions_relevance():
    rows = {1: _m("Caroline: what did you paint?"), 2: _m("Melanie: a sunset"), 3: _m("Caroline: lovely")}
    base = {1: _sig(0.8), 2: _sig(0.0), 3: _sig(0.0)}
    cfg = RecallConfig().context
    ctx = shares(rows, base, cfg)
    assert ctx[2] == pytest.approx(cfg.w_answer * 0.8)  # the answer, right after the question
    assert ctx[1] == 0.0  # its neighbours have nothing to share
    assert ctx[3] == pytest.approx(cfg.w_same_speaker * 0.8)  # the asker two turns on: not an answer


def test_the_same_speaker_two_turns_on_and_other_neighbours():
    rows = {1: _m("Melanie: I ran a race"), 2: _m("Caroline: great"), 3: _m("Melanie: it taught me a lot")}
    base = {1: _sig(0.6), 2: _sig(0.0), 3: _sig(0.0)}
    cfg = RecallConfig().context
    ctx = shares(rows, base, cfg)
    assert ctx[2] == pytest.approx(cfg.w_neighbour * 0.6)
    assert ctx[3] == pytest.approx(cfg.w_same_speaker * 0.6)
    assert shares(rows, base, RecallConfig.of(w_same_speaker=0.0).context)[3] == 0.0


def test_no_share_across_days_or_from_facts():
    rows = {1: _m("Caroline: what did you paint?"), 2: _m("Melanie: a sunset", valid_from="2023-05-09T10:00:00Z"),
            3: _m("User likes paint", kind="semantic")}
    base = {1: _sig(0.8), 2: _sig(0.0), 3: _sig(0.9)}
    ctx = shares(rows, base, RecallConfig().context)
    assert ctx[2] == 0.0 and 3 not in ctx
    assert shares(rows, base, RecallConfig.of(neighbour_same_day=False).context)[2] > 0.0


def test_spill_entity_passes_the_boosts_on():
    rows = {1: _m("a"), 2: _m("b")}
    base = {1: _sig(0.5, boost=0.3), 2: _sig(0.0)}
    cfg = RecallConfig().context
    assert shares(rows, base, cfg)[2] == pytest.approx(cfg.w_neighbour * 0.5)
    assert shares(rows, base, RecallConfig.of(spill_entity=True).context)[2] == pytest.approx(cfg.w_neighbour * 0.8)


def test_read_neighbours_keeps_what_the_recall_may_return(store):
    mems = [store.insert(Memory(id="", scope="user:a", kind="episodic", text=f"Caroline: turn {i}", valid_from=DAY))
            for i in range(5)]
    store.archive("user:a", mems[3].id, reason="test")
    rows = {r: m for r, m in store.by_rowids("user:a", list(range(1, 10))).items() if m.id == mems[2].id}
    [mid] = rows
    base = {mid: _sig(1.0)}
    cfg = RecallConfig.of(w_same_speaker=0.0).context
    extra = read_neighbours(store, "user:a", rows, base, cfg)
    assert {m.id for m in extra.values()} == {mems[1].id}  # the archived turn after it is not live
    with_inactive = read_neighbours(store, "user:a", rows, base, cfg, include_inactive=True)
    assert {m.id for m in with_inactive.values()} == {mems[1].id, mems[3].id}


def test_valid_at():
    live = _m("x", valid_from="2023-01-01T00:00:00Z")
    assert valid_at(live, "2023-02-01T00:00:00Z") and not valid_at(live, "2022-12-31T00:00:00Z")
    replaced = _m("y", valid_from="2023-01-01T00:00:00Z", valid_until="2023-03-01T00:00:00Z",
                  retired_at="2023-03-01T00:00:00Z")
    assert valid_at(replaced, "2023-02-01T00:00:00Z") and not valid_at(replaced, "2023-03-01T00:00:00Z")
    archived = _m("z", valid_from="2023-01-01T00:00:00Z", retired_at="2023-03-01T00:00:00Z")
    assert not valid_at(archived, "2023-02-01T00:00:00Z")
