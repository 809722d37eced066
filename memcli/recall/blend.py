"""Stage 4, blend and abstain. Relevance (fused signals + context + boosts, over the
most they can reach), recency (half-life since the record became true) and importance, each in
[0, 1], weighted into one score per hit, kept with its breakdown. `confidence` says
whether anything relevant is stored at all: the best topical match among what the
person asked about said (not asked), against the best match about someone else;
`abstain` is that under a threshold calibrated on LoCoMo dev."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime

from ..models import Hit, Memory
from ..timeutil import parse_dt
from .candidates import Candidates
from .config import AbstainConfig, ContextConfig, FeatureConfig, RecallConfig
from .context import ordered_by_turn
from .features import QueryFeatures, Signals
from .query import is_question, subject


@dataclass
class Filters:
    """Which records may be hits (the recall options --kind, --key, --since, --until)."""

    kind: str | None = None
    key: str | None = None
    since: str | None = None
    until: str | None = None

    def admit(self, m: Memory) -> bool:
        if self.kind and m.kind != self.kind:
            return False
        if self.key and m.key != self.key:
            return False
        if self.since and (m.valid_from or "") < self.since:
            return False
        if self.until and (m.valid_from or "") > self.until:
            return False
        return True


def top_relevance(q: QueryFeatures, features: FeatureConfig, context: ContextConfig, *, shared: bool = True) -> float:
    """The most a relevance can reach, so it stays in [0, 1] without clipping ties.
    (An answer's share of its question can go past that; such a hit is clipped at 1.)
    A boost the query cannot give is no part of the most: the name boost when it names
    no one, the "when" and date boosts, and (`shared` false) the share of a neighbour's
    relevance where no candidate can get one (a scope `ingest` built)."""
    return 1.0 + (features.w_entity if q.names else 0.0) + (features.w_when if q.asks_when else 0.0) \
        + (features.w_date if q.span else 0.0) \
        + (context.w_neighbour * (1.0 + (features.w_entity if context.spill_entity else 0.0)) if shared else 0.0)


def _parse_fast(ts: str) -> datetime | None:
    try:
        dt = datetime.fromisoformat(ts)
    except ValueError:
        return parse_dt(ts)
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def age_days(m: Memory, now: datetime) -> float:
    """Days since the record became true (or was stored). A recall is a use that slows
    the record's decay (`rehearsal`), not a statement: a stale answer asked about
    yesterday is no newer than what the user said since."""
    ref = m.valid_from or m.recorded_at
    t = _parse_fast(ref) if ref else None
    if t is None:
        return 0.0
    return max(0.0, (now - t).total_seconds() / 86400.0)


def recency(m: Memory, now: datetime, half_life_days: float) -> float:
    return math.pow(0.5, age_days(m, now) / half_life_days) if half_life_days > 0 else 1.0


# a statement of what may be, not of what is: "User might open a second shop", "maybe in
# 2026 User and family move to Porto", "User is thinking about a PhD"
HEDGED_RE = re.compile(r"\b(?:maybe|might|perhaps|possibly|probably|thinking (?:about|of)|considering|hoping to|"
                       r"hopes? to|would (?:like|love) to|dreams? (?:of|about)|someday|some day|one day)\b", re.I)
_ASKS_MAYBE_RE = re.compile(r"\b(?:plans?|planning|going to|gonna|will|would|next|future|thinking|consider\w*|hop(?:e|es|ing)|"
                            r"wants?|dreams?|might|maybe|when|intend\w*|possibl\w*|idea)\b", re.I)


def blend(
    cands: Candidates,
    base: dict[int, Signals],
    context: dict[int, float],
    q: QueryFeatures,
    config: RecallConfig,
    now: datetime,
    filters: Filters,
) -> list[Hit]:
    """Every admitted record of `cands.rows` as a hit, best first."""
    w = config.blend
    # a question of what is ("where is the user's shop?"), not of what may be: a plan said
    # with a doubt answers it less than what is
    hedged_now = w.hedged < 1.0 and not _ASKS_MAYBE_RE.search(q.query)
    top = top_relevance(q, config.features, config.context, shared=ordered_by_turn(cands.rows))
    hits: list[Hit] = []
    for rowid, m in cands.rows.items():
        if not filters.admit(m):
            continue
        keyword, vector, fused, boost = base[rowid]
        relevance = 1.0 if q.broad else min(1.0, (fused + context.get(rowid, 0.0) + boost) / top)
        ended = _parse_fast(m.valid_until) if m.episode and m.valid_until else None
        if ended is not None and ended <= now:
            relevance *= w.stale_episode
        if hedged_now and not m.safety and HEDGED_RE.search(m.text):  # "maybe in 2026 User opens a second shop in Xinyi"
            relevance *= w.hedged
        rec = recency(m, now, w.half_life_days)
        score = w.w_relevance * relevance + w.w_recency * rec + w.w_importance * m.importance
        hits.append(Hit(memory=m, score=score, keyword=keyword, vector=vector, relevance=relevance,
                        recency=rec, importance=m.importance, keyword_rank=cands.kw_rank.get(rowid),
                        vector_rank=cands.vec_rank.get(rowid), context=context.get(rowid, 0.0), boost=boost))
    # a tie is broken by what the hit holds, never by its random id: the whole turn before a fact
    # of it, the longer text before the shorter (the same question asked twice gets one order)
    hits.sort(key=lambda h: (-h.score, not h.memory.episode, -len(h.memory.text), h.memory.text, h.memory.id))
    return hits


def collapse(hits: list[Hit], told: dict[str, list[Memory]] | None = None) -> list[Hit]:
    """One hit per turn between the two layers: a fact drawn from a turn whose episode
    ranks above it (or that episode, below its fact) tells the reader nothing new.
    Facts among themselves and episodes among themselves are all kept. `told`, when
    given, gets each kept episode's id -> the facts of its turn it stands for."""
    seen_fact: set[str] = set()
    seen_episode: dict[str, str] = {}  # the user's turn -> the episode kept for it
    out = []
    for h in hits:
        turns = set(h.memory.source_turns)
        if h.memory.episode:
            own = h.memory.source_turns[-1:]  # the user's turn (the question asked before is context)
            if own and own[0] in seen_fact:
                continue
            seen_episode.update((t, h.memory.id) for t in own)
        else:
            if turns and turns <= seen_episode.keys():
                if told is not None:
                    for e in {seen_episode[t] for t in turns}:
                        told.setdefault(e, []).append(h.memory)
                continue
            seen_fact.update(turns)
        out.append(h)
    return out


def confidence(hits: list[Hit], names: list[str], features: FeatureConfig, config: AbstainConfig) -> float:
    """How sure we are that something relevant is stored: the best topical match
    (keyword + vector) lifted by the name boost towards 1 (never reaching it, so two
    strong matches stay ordered), lowered when the query is about a name and the best
    match is about someone else. A query without names gets the name boost for free
    (there is no one to mismatch)."""
    if not hits:
        return 0.0

    def topical(h: Hit) -> float:
        return features.w_keyword * h.keyword + (1 - features.w_keyword) * h.vector

    def lift(x: float) -> float:  # the name boost, saturating smoothly: 0.9 stays above 0.8 (no tie at 1)
        x = max(0.0, min(1.0, x))
        return 1.0 - (1.0 - x) * (1.0 - features.w_entity)

    if not (names and features.entity_subject):
        return lift(max(topical(h) for h in hits))
    about = [_owners(h.memory) or any(re.search(r"\b" + re.escape(n), subject(h.memory.text)) for n in names)
             for h in hits]
    if config.confidence_statements:
        about = [a and not is_question(h.memory.text) for h, a in zip(hits, about, strict=True)]
    named = max((topical(h) for h, a in zip(hits, about, strict=True) if a), default=0.0)
    if all(about):  # nothing about anyone else to weigh against
        return lift(named)
    other = max(topical(h) for h, a in zip(hits, about, strict=True) if not a)
    conf = max(lift(named), other) + config.w_confidence_gap * (named - other)
    return max(0.0, min(1.0, conf))


def _owners(m: Memory) -> bool:
    """A record about the scope's owner, whoever the query names: an episode (the
    owner's own words) or a fact `ingest` wrote of them ("User's sister Ana ...").
    A name in the query is then part of the owner's world, not someone else's
    memory; only a record about another person ("Ana: ...") is someone else's."""
    return m.episode or m.text.startswith(("User ", "User's ", "User’s "))


def abstains(hits: list[Hit], conf: float, config: AbstainConfig) -> bool:
    """Nothing relevant seems to be stored: no hit, or confidence under the threshold."""
    return not hits or conf < config.abstain_below
