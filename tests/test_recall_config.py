"""RecallConfig: one group per stage, every knob reachable by its flat name."""

import pytest

from memcli.errors import InputError
from memcli.recall import RecallConfig
from memcli.recall.config import parse_weights


def test_flat_names_are_unique_and_reach_their_group():
    names = RecallConfig.names()
    assert names["candidates"] == ("candidates", "limit")
    assert names["half_life_days"] == ("blend", "half_life_days")
    assert names["w_neighbour"] == ("context", "w_neighbour")
    assert names["abstain_below"] == ("abstain", "abstain_below")
    assert "limit" not in names
    cfg = RecallConfig()
    for name in names:
        assert cfg.get(name) is not None


def test_of_and_replace_set_knobs_by_flat_name_without_sharing_groups():
    base = RecallConfig.of(w_recency=0.0, candidates=80)
    assert base.blend.w_recency == 0.0 and base.candidates.limit == 80
    other = base.replace(w_recency=0.5)
    assert other.blend.w_recency == 0.5 and base.blend.w_recency == 0.0
    assert RecallConfig().blend.w_recency == 0.05  # the defaults are never changed
    with pytest.raises(AttributeError, match="no knob"):
        RecallConfig.of(w_nothing=1.0)


def test_from_env_reads_every_knob_then_overrides(monkeypatch):
    monkeypatch.setenv("MEMCLI_RECALL_CANDIDATES", "70")
    monkeypatch.setenv("MEMCLI_RECALL_FUSION", "rrf")
    monkeypatch.setenv("MEMCLI_RECALL_HALF_LIFE_DAYS", "90")
    cfg = RecallConfig.from_env(half_life_days=7.0, w_entity=None)
    assert cfg.candidates.limit == 70 and cfg.features.fusion == "rrf" and cfg.blend.half_life_days == 7.0
    assert cfg.features.w_entity == 0.3  # None overrides nothing
    monkeypatch.setenv("MEMCLI_RECALL_W_ENTITY", "lots")
    with pytest.raises(InputError, match="MEMCLI_RECALL_W_ENTITY"):
        RecallConfig.from_env()


def test_weights_are_normalised_and_checked():
    cfg = RecallConfig().with_weights("2,1,1")
    assert (cfg.blend.w_relevance, cfg.blend.w_recency, cfg.blend.w_importance) == (0.5, 0.25, 0.25)
    assert RecallConfig().with_weights(None).blend.w_relevance == 0.85
    for bad, message in [("1,2", "three numbers"), ("a,b,c", "three numbers"), ("-1,1,1", ">= 0"), ("0,0,0", "not all zero")]:
        with pytest.raises(ValueError, match=message):
            parse_weights(bad)
