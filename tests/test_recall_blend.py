"""Stage 4, blend and abstain: the weighted score, the filters, confidence."""

from datetime import UTC, datetime

import numpy as np
import pytest

from memcli.models import Hit, Memory
from memcli.recall import RecallConfig
from memcli.recall.blend import Filters, abstains, blend, confidence, recency, top_relevance
from memcli.recall.candidates import Candidates
from memcli.recall.features import QueryFeatures, Signals

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def _m(mid, text="x", *, kind="semantic", importance=0.5, valid_from="2026-05-02T00:00:00Z", **kw):
    return Memory(id=mid, scope="user:a", kind=kind, text=text, importance=importance, valid_from=valid_from, **kw)


def _cands(rows):
    return Candidates(keyword_text="", query_vector=np.zeros(4, dtype=np.float32), kw_rank={1: 0}, kw_score={},
                      best_kw=1.0, vec_rank={1: 1, 2: 0}, vec_sim={}, rows=rows)


def test_top_relevance_counts_only_the_boosts_that_can_apply():
    cfg = RecallConfig()
    f, c = cfg.features, cfg.context
    assert top_relevance(QueryFeatures(), f, c) == pytest.approx(1.0 + c.w_neighbour)  # no name asked
    named = QueryFeatures(names=["ana"])
    assert top_relevance(named, f, c) == pytest.approx(1.0 + f.w_entity + c.w_neighbour)
    asks = QueryFeatures(names=["ana"], asks_when=True, span=("06-01", "07-07"))
    assert top_relevance(asks, f, c) == pytest.approx(1.0 + f.w_entity + f.w_when + f.w_date + c.w_neighbour)
    assert top_relevance(asks, f, c, shared=False) == pytest.approx(1.0 + f.w_entity + f.w_when + f.w_date)
    spill = RecallConfig.of(spill_entity=True)
    assert top_relevance(named, spill.features, spill.context) == pytest.approx(
        1.0 + f.w_entity + c.w_neighbour * (1.0 + f.w_entity))


def test_recency_halves_every_half_life_since_the_record_became_true():
    m = _m("a", valid_from="2026-05-02T00:00:00Z")
    assert recency(m, NOW, 30.0) == pytest.approx(0.5)
    # a recall is a use, not a statement: a stale fact asked about yesterday is no
    # newer than what the user said since (rehearsal slows decay, it does not rank)
    used = _m("b", valid_from="2026-04-02T00:00:00Z", last_accessed="2026-06-01T00:00:00Z")
    assert recency(used, NOW, 30.0) == pytest.approx(0.25)
    assert recency(used, NOW, 30.0) < recency(m, NOW, 30.0)
    assert recency(m, NOW, 0.0) == 1.0  # half-life 0 turns recency off


def test_blend_weights_relevance_recency_importance_and_sorts():
    rows = {1: _m("b", importance=0.9), 2: _m("a", importance=0.1)}
    base = {1: Signals(0.5, 0.2, 0.4, 0.1), 2: Signals(0.0, 0.9, 0.4, 0.1)}
    cfg = RecallConfig()
    top = top_relevance(QueryFeatures(), cfg.features, cfg.context)
    hits = blend(_cands(rows), base, {2: 0.2}, QueryFeatures(), cfg, NOW, Filters())
    h2, h1 = hits  # the context share puts 2 first
    assert h2.relevance == pytest.approx((0.4 + 0.2 + 0.1) / top) and h2.context == 0.2
    assert h1.score == pytest.approx(0.85 * (0.5 / top) + 0.05 * 0.5 + 0.10 * 0.9)
    assert (h1.keyword, h1.vector, h1.boost, h1.keyword_rank, h1.vector_rank) == (0.5, 0.2, 0.1, 0, 1)
    tie = blend(_cands(rows), {1: base[1], 2: base[1]}, {}, QueryFeatures(), RecallConfig.of(w_importance=0.0),
                NOW, Filters())
    assert [h.memory.id for h in tie] == ["a", "b"]  # equal scores: by id


def test_filters():
    m = _m("a", kind="profile", key="home_city", valid_from="2026-03-01T00:00:00Z")
    assert Filters().admit(m)
    assert Filters(kind="profile", key="home_city", since="2026-01-01", until="2026-04-01").admit(m)
    assert not Filters(kind="episodic").admit(m) and not Filters(key="job").admit(m)
    assert not Filters(since="2026-04-01").admit(m) and not Filters(until="2026-02-01").admit(m)


def _hit(text, keyword, vector=0.0):
    return Hit(memory=_m("x", text), score=0.0, keyword=keyword, vector=vector)


def test_confidence_without_names_is_the_best_topical_match_lifted_by_the_name_boost():
    cfg = RecallConfig()
    w = cfg.features.w_entity
    hits = [_hit("User likes tea", 0.5, 0.5), _hit("User likes jazz", 0.1, 0.2)]
    assert confidence(hits, [], cfg.features, cfg.abstain) == pytest.approx(1 - 0.5 * (1 - w))
    assert confidence([], [], cfg.features, cfg.abstain) == 0.0
    # two strong matches stay ordered: nothing saturates at 1 before a perfect match
    strong, stronger = [_hit("a", 0.8, 0.8)], [_hit("b", 0.95, 0.95)]
    assert confidence(strong, [], cfg.features, cfg.abstain) < confidence(stronger, [], cfg.features, cfg.abstain) < 1


def test_a_name_in_the_query_is_no_mismatch_for_a_record_about_the_scopes_owner():
    cfg = RecallConfig()
    fact = [_hit("User recommended Becoming Nicole to Melanie", 0.6, 0.6)]
    other = [_hit("Caroline: I recommended Becoming Nicole", 0.6, 0.6)]
    assert confidence(fact, ["melanie"], cfg.features, cfg.abstain) == confidence(fact, [], cfg.features, cfg.abstain)
    assert confidence(other, ["melanie"], cfg.features, cfg.abstain) < confidence(fact, ["melanie"], cfg.features,
                                                                                   cfg.abstain)


def test_confidence_drops_when_the_best_match_is_about_someone_else_or_only_asks():
    cfg = RecallConfig()
    told = [_hit("Caroline: my necklace is from my grandma", 0.6, 0.6), _hit("Melanie: nice", 0.1, 0.1)]
    other = [_hit("Melanie: my necklace is from my grandma", 0.6, 0.6), _hit("Caroline: nice", 0.1, 0.1)]
    asked = [_hit("Caroline: is that necklace from your grandma?", 0.6, 0.6), _hit("Melanie: nice", 0.1, 0.1)]
    conf = {name: confidence(h, ["caroline"], cfg.features, cfg.abstain)
            for name, h in (("told", told), ("other", other), ("asked", asked))}
    assert conf["told"] > conf["asked"] and conf["told"] > conf["other"]
    naive = RecallConfig.of(confidence_statements=False).abstain
    assert confidence(asked, ["caroline"], cfg.features, naive) == conf["told"]


def test_abstain_under_the_threshold_or_without_hits():
    cfg = RecallConfig.of(abstain_below=0.5).abstain
    hits = [_hit("x", 1.0)]
    assert abstains([], 1.0, cfg) and abstains(hits, 0.49, cfg) and not abstains(hits, 0.5, cfg)
