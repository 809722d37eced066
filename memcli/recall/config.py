"""The knobs of recall, grouped by the stage that reads them.

Each knob keeps one flat name (`half_life_days`, `w_neighbour`, ...), unique across
the groups: the environment sets it as MEMCLI_RECALL_<NAME> and `RecallConfig.of` /
`RecallConfig.replace` take it as a keyword, so a bench or a script need not know
which stage a knob belongs to.
"""

from __future__ import annotations

import copy
import math
import os
from dataclasses import dataclass, field, fields
from typing import Any

from ..errors import InputError


@dataclass
class CandidateConfig:
    """Candidates: what each index is asked for."""

    limit: int = 50  # per index (flat name: `candidates`); at least k
    drop_stopwords: bool = True  # keyword query without function and question words
    embed_keywords: bool = False  # embed the rewritten keyword query instead of the question


@dataclass
class FeatureConfig:
    """Features: the per-candidate signals and how relevance fuses them."""

    w_keyword: float = 0.4  # share of keyword vs vector inside relevance
    fusion: str = "score"  # "score": normalised score combination; "rrf": reciprocal rank fusion
    rrf_k: float = 60.0
    vector_floor: float = 0.0  # cosine similarity that counts as zero relevance
    keyword_coverage: float = 0.5  # 0..1: how much a keyword score is scaled by the share of query words matched
    w_entity: float = 0.3  # boost for memories about a name the query mentions
    entity_subject: bool = True  # count a name only in the memory's subject (speaker prefix or first words)
    w_when: float = 0.2  # boost, for a "when" question, of memories that say when (yesterday, last week, 2022, ...)
    w_date: float = 0.2  # boost of memories dated on the day / in the month the query names
    w_answer: float = 0.1  # boost of memories that say what the question's answer looks like (a place, a figure)
    question_damp: float = 1.0  # factor on the relevance of a memory that is a question (it asks, it tells nothing)
    # factor on the relevance of a fact about one of the user's people for a question about the user alone
    # (0.6, not 0.8, on the eval's stores read again: dev +15 -5, test +1 -0; 0.5: dev +15 -6)
    others_damp: float = 0.6


@dataclass
class ContextConfig:
    """Conversation context: the share of a turn's relevance its neighbours get."""

    w_neighbour: float = 0.4  # share of an episodic memory's relevance given to the turns next to it
    neighbour_window: int = 1
    neighbour_sources: int = 30  # the turns around this many of the best episodic candidates are read too
    w_same_speaker: float = 0.3  # share given to the same speaker's turn two turns away
    neighbour_same_day: bool = True  # neighbours only within one day (one conversation)
    w_answer: float = 0.8  # share of a question turn's relevance given to the turn right after it (its answer)
    spill_entity: bool = False  # neighbours also inherit the boosts (name, when, date)


@dataclass
class Weights:
    """Blend: the weights of relevance, recency and importance in a hit's score."""

    w_relevance: float = 0.85
    w_recency: float = 0.05
    w_importance: float = 0.10
    half_life_days: float = 30.0
    # factor on the relevance of an episode whose validity has ended (what it stated was
    # superseded later): the current fact outranks it; `--as-of` still reads it then
    stale_episode: float = 0.5
    # factor on the relevance of what is said with a doubt ("maybe", "might", "thinking of"), for
    # a question of what is: "might move to Manchester" must not outrank where the user lives
    hedged: float = 0.6
    # a fact and the episode it was drawn from say the same turn twice: keep the better one
    collapse_turns: bool = True
    # among the best `newer_window` hits, a statement made later that gives the same thing
    # another value goes above the earlier one, for a question in the present (`newer.py`)
    newer_window: int = 12  # 5, 8, 12: dev 746, 748, 749 of 909; test 138 each
    # the best hits' own later statement in other words, nearest in meaning, goes above them (`akin.py`)
    akin_later: bool = True
    # of the best three hits, a later statement about the same thing goes above an earlier one (`akin.py`)
    later_first: bool = True
    # a later telling that names the best hit's value, and gives another, goes above it (`chain.py`)
    chain_values: bool = True
    # a best hit that names a set the question asks for ("two kinds of drops") gets the facts of
    # its turn that name the members under it (`members.py`)
    set_members: bool = True


@dataclass
class AbstainConfig:
    """Abstain: how confidence is read from the hits, and its threshold."""

    confidence_statements: bool = True  # a question the named person asked is no evidence of what they did
    w_confidence_gap: float = 0.5  # weight of 'the best match is about someone else' in the confidence
    # confidence under which nothing relevant is stored: 10% false abstention on LoCoMo dev,
    # in the store `ingest` builds (bench/locomo.py --through-ingest)
    abstain_below: float = 0.659


@dataclass
class RecallConfig:
    """Every knob of recall, one group per stage.

    Every knob can be set from the environment as MEMCLI_RECALL_<NAME>
    (e.g. MEMCLI_RECALL_HALF_LIFE_DAYS=90); see `RecallConfig.from_env`.
    """

    candidates: CandidateConfig = field(default_factory=CandidateConfig)
    features: FeatureConfig = field(default_factory=FeatureConfig)
    context: ContextConfig = field(default_factory=ContextConfig)
    blend: Weights = field(default_factory=Weights)
    abstain: AbstainConfig = field(default_factory=AbstainConfig)

    @staticmethod
    def names() -> dict[str, tuple[str, str]]:
        """Every flat name, with the group and field it sets."""
        return dict(_KNOBS)

    def get(self, name: str) -> Any:
        group, attr = _locate(name)
        return getattr(getattr(self, group), attr)

    def set(self, name: str, value: Any) -> None:
        group, attr = _locate(name)
        setattr(getattr(self, group), attr, value)

    def replace(self, **changes: Any) -> RecallConfig:
        """A copy with some knobs changed, by flat name."""
        cfg = copy.deepcopy(self)
        for name, value in changes.items():
            cfg.set(name, value)
        return cfg

    @classmethod
    def of(cls, **knobs: Any) -> RecallConfig:
        """The defaults with some knobs set, by flat name: `RecallConfig.of(w_recency=0.0)`."""
        return cls().replace(**knobs)

    @classmethod
    def from_env(cls, **overrides: object) -> RecallConfig:
        """The defaults, then MEMCLI_RECALL_<NAME> variables, then `overrides` that are not None."""
        cfg = cls()
        for name in _KNOBS:
            raw = os.environ.get("MEMCLI_RECALL_" + name.upper())
            if raw is not None:
                cfg.set(name, _coerce(cfg.get(name), raw, name))
        for name, value in overrides.items():
            if value is not None:
                cfg.set(name, value)
        return cfg

    def with_weights(self, text: str | None) -> RecallConfig:
        """This config with the blend weights of a "REL,REC,IMP" string (normalised to sum 1);
        unchanged without one. A ValueError says what is wrong with the string."""
        if not text:
            return self
        rel, rec, imp = parse_weights(text)
        total = rel + rec + imp
        self.blend.w_relevance, self.blend.w_recency, self.blend.w_importance = rel / total, rec / total, imp / total
        return self


def parse_weights(text: str) -> tuple[float, float, float]:
    """'0.85,0.05,0.10' -> three weights, each >= 0 and not all zero."""
    try:
        rel, rec, imp = (float(x) for x in text.split(","))
    except ValueError:
        raise ValueError("give three numbers, e.g. 0.85,0.05,0.10") from None
    if not all(math.isfinite(w) for w in (rel, rec, imp)):
        raise ValueError("weights must be finite numbers, e.g. 0.85,0.05,0.10")
    if min(rel, rec, imp) < 0 or rel + rec + imp <= 0:
        raise ValueError("weights must be >= 0 and not all zero")
    return rel, rec, imp


def _knobs() -> dict[str, tuple[str, str]]:
    groups: dict[str, type] = {"candidates": CandidateConfig, "features": FeatureConfig, "context": ContextConfig,
                               "blend": Weights, "abstain": AbstainConfig}
    aliases = {"limit": "candidates"}  # flat names that differ from the field's name in its group
    return {aliases.get(f.name, f.name): (group, f.name) for group, cls in groups.items() for f in fields(cls)}


_KNOBS = _knobs()


def _locate(name: str) -> tuple[str, str]:
    where = _KNOBS.get(name)
    if where is None:
        raise AttributeError(f"RecallConfig has no knob {name!r}")
    return where


def _coerce(current: object, raw: str, name: str) -> object:
    try:
        if isinstance(current, bool):
            return raw.strip().lower() in ("1", "true", "yes", "on")
        if isinstance(current, int):
            return int(raw)
        if isinstance(current, float):
            return float(raw)
    except ValueError:
        raise InputError(f"MEMCLI_RECALL_{name.upper()}={raw!r} is not a number") from None
    return raw
