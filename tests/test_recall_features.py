"""Stage 2, features: query analysis and per-candidate signals, without a store."""

import numpy as np
import pytest

from memcli.models import Memory
from memcli.recall import RecallConfig
from memcli.recall.candidates import Candidates
from memcli.recall.features import QueryFeatures, Signals, score_all, signals


def _cands(rows, kw_score=None, vec_sim=None):
    kw_score = kw_score or {}
    return Candidates(keyword_text="", query_vector=np.zeros(4, dtype=np.float32),
                      kw_rank={r: i for i, r in enumerate(kw_score)}, kw_score=kw_score,
                      best_kw=max(kw_score.values(), default=0.0) or 1.0,
                      vec_rank={r: i for i, r in enumerate(vec_sim or {})}, vec_sim=vec_sim or {}, rows=rows)


def _m(text, valid_from="2023-05-01T10:00:00Z"):
    return Memory(id="x", scope="user:a", kind="episodic", text=text, valid_from=valid_from)


def test_query_features_follow_their_knobs():
    q = "When did Caroline go camping in June?"
    f = QueryFeatures.of(q, "caroline go camping june", RecallConfig().features)
    assert f.names == ["caroline", "june"] and f.asks_when and f.span == ("06-01", "07-07")
    assert f.stems == {"carolin", "go", "camp", "jun"}
    off = QueryFeatures.of(q, "caroline go camping june",
                           RecallConfig.of(w_entity=0.0, w_when=0.0, w_date=0.0, keyword_coverage=0.0).features)
    assert off == QueryFeatures(query=q)


def test_keyword_is_relative_to_the_best_and_scaled_by_coverage():
    cfg = RecallConfig.of(w_keyword=1.0).features
    rows = {1: _m("User went camping"), 2: _m("User went to the lake")}
    c = _cands(rows, kw_score={1: 4.0, 2: 2.0})
    q = QueryFeatures.of("camping lake", "camping lake", cfg)
    s1, s2 = signals(1, rows[1], c, q, cfg), signals(2, rows[2], c, q, cfg)
    assert s1.keyword == pytest.approx(1.0 * (1 - 0.5 * 0.5))  # best, covers one word of two
    assert s2.keyword == pytest.approx(0.5 * (1 - 0.5 * 0.5))
    assert s1.fused == s1.keyword and s1.vector == 0.0 and s1.boost == 0.0


def test_vector_over_the_floor_and_the_fusion_weight():
    cfg = RecallConfig.of(vector_floor=0.2, w_keyword=0.4).features
    rows = {1: _m("anything")}
    s = signals(1, rows[1], _cands(rows, vec_sim={1: 0.6}), QueryFeatures(), cfg)
    assert s.vector == pytest.approx(0.5)
    assert s.fused == pytest.approx(0.6 * 0.5)


def test_rrf_fusion_gives_the_top_of_both_lists_one():
    cfg = RecallConfig.of(fusion="rrf").features
    rows = {1: _m("a"), 2: _m("b")}
    c = _cands(rows, kw_score={1: 2.0, 2: 1.0}, vec_sim={1: 0.9, 2: 0.1})
    assert signals(1, rows[1], c, QueryFeatures(), cfg).fused == pytest.approx(1.0)
    assert signals(2, rows[2], c, QueryFeatures(), cfg).fused < 1.0


def test_boosts_name_in_subject_when_and_date():
    cfg = RecallConfig().features
    q = QueryFeatures.of("When did Caroline paint on 1 May 2023?", "caroline paint", cfg)
    rows = {1: _m("Caroline: I painted yesterday"), 2: _m("Melanie: Caroline painted", "2023-06-01T00:00:00Z")}
    c = _cands(rows)
    about, other = signals(1, rows[1], c, q, cfg), signals(2, rows[2], c, q, cfg)
    assert about.boost == pytest.approx(cfg.w_entity * 1 / 2 + cfg.w_when + cfg.w_date)  # names: caroline, may
    assert other.boost == 0.0  # Caroline is named, but not the subject; no time cue; another month
    anywhere = RecallConfig.of(entity_subject=False).features
    assert signals(2, rows[2], c, q, anywhere).boost == pytest.approx(cfg.w_entity / 2)


def test_question_damp_lowers_what_a_question_tells():
    cfg = RecallConfig.of(question_damp=0.5, w_keyword=1.0).features
    rows = {1: _m("Caroline: did you paint?"), 2: _m("Caroline: I paint")}
    c = _cands(rows, kw_score={1: 1.0, 2: 1.0})
    q = QueryFeatures()
    assert signals(1, rows[1], c, q, cfg).fused == pytest.approx(0.5 * signals(2, rows[2], c, q, cfg).fused)


@pytest.mark.parametrize(("query", "damped"), [
    ("Which city does the user live in?", True),
    ("What health conditions does the user have?", True),
    # a question one of the user's people may answer
    ("Who is the user dating?", False),
    ("Where does the user's mom live?", False),
    ("How many kids does the user have?", False),
])
def test_a_fact_about_one_of_the_users_people_weighs_less_for_a_question_about_the_user(query, damped):
    """"User's mom lives by herself in Tampa" does not answer "which city does the user
    live in?" as well as what it says would."""
    cfg, off = RecallConfig.of(w_keyword=1.0).features, RecallConfig.of(w_keyword=1.0, others_damp=1.0).features
    rows = {1: Memory(id="a", scope="user:a", kind="semantic", text="User's mom lives by herself in Tampa"),
            2: Memory(id="b", scope="user:a", kind="semantic", text="User lives in Asheville")}
    c = _cands(rows, kw_score={1: 1.0, 2: 1.0})
    q = QueryFeatures.of(query, query.lower(), cfg)
    mom, undamped = signals(1, rows[1], c, q, cfg).fused, signals(1, rows[1], c, q, off).fused
    assert (mom < undamped) is damped
    assert mom == pytest.approx(cfg.others_damp * undamped if damped else undamped)
    assert signals(2, rows[2], c, q, cfg).fused == pytest.approx(signals(2, rows[2], c, q, off).fused)  # the user's own


def test_score_all_keeps_the_order_of_rows():
    rows = {5: _m("a"), 2: _m("b")}
    out = score_all(rows, _cands(rows), QueryFeatures(), RecallConfig().features)
    assert list(out) == [5, 2] and all(isinstance(s, Signals) for s in out.values())


@pytest.mark.parametrize(("query", "answers", "others"), [
    ("Where does the user live?", ["User and the wife are in Llanishen in the same semi", "User works at Boots"],
     ["She keeps on about going west to be near the sea", "User drives her to the Co-op and back",
      "User moved in May", "User is back in March"]),
    ("How much rent does the user pay?", ["It's 1820 for the same flat"], ["Rent is eating them alive"]),
    ("How many cows does the user milk?", ["72 milkers with the heifers in"], ["The cows like the robot"]),
    # a sum asked: not an age, not a year
    ("How much does the user earn a year?", ["The new contract's £41,200", "£38,500 a year"],
     ["User is 44 years old", "User moved in 2024"]),
])
def test_a_memory_that_says_what_the_answer_looks_like_is_boosted(query, answers, others):
    cfg = RecallConfig().features
    q = QueryFeatures.of(query, "", cfg)
    rows = {i: _m(t) for i, t in enumerate(answers + others)}
    c = _cands(rows)
    got = {rows[i].text: signals(i, rows[i], c, q, cfg).boost for i in rows}
    assert all(got[t] == pytest.approx(cfg.w_answer) for t in answers)
    assert all(got[t] == 0.0 for t in others)


@pytest.mark.parametrize("query", ["What does the user like?", "Who is the user's partner?", "When is the move?"])
def test_a_question_that_says_no_answer_kind_boosts_none(query):
    cfg = RecallConfig().features
    q = QueryFeatures.of(query, "", cfg)
    rows = {1: _m("User lives in Llanishen, rent is 1,650")}
    assert q.answer is None and signals(1, rows[1], _cands(rows), q, cfg).boost == 0.0


@pytest.mark.parametrize("query", ["What does the user's wife do for work?", "What is the job of the user's wife?"])
def test_a_question_for_an_occupation_boosts_what_says_one(query):
    cfg = RecallConfig().features
    q = QueryFeatures.of(query, "", cfg)
    rows = {1: _m("User's wife Darlene teach third grade at Eunice Elementary"), 2: _m("User's wife Yumiko is cashier"),
            3: _m("User's wife Darlene make User tell every doctor"), 4: _m("User's wife is Darlene")}
    got = {rows[i].text: signals(i, rows[i], _cands(rows), q, cfg).boost for i in rows}
    assert q.answer == "work"
    base = got[rows[4].text]  # "the user's wife" boosts each record of hers alike
    assert got[rows[1].text] - base == pytest.approx(cfg.w_answer)
    assert got[rows[2].text] - base == pytest.approx(cfg.w_answer)
    assert got[rows[3].text] == base


def test_the_users_work_is_not_told_by_a_relatives():
    cfg = RecallConfig().features
    q = QueryFeatures.of("What was the user's profession?", "", cfg)
    rows = {1: _m("User's son Geoffrey is an actuary in Wellington"), 2: _m("User is a retired land surveyor")}
    got = {i: signals(i, rows[i], _cands(rows), q, cfg).boost for i in rows}
    assert q.answer == "work" and got[1] == 0.0 and got[2] == pytest.approx(cfg.w_answer)
