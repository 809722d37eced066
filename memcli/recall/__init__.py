"""The read path, as stages over one store and one scope:

1. `candidates`: the keyword index (FTS5) and the vector index each return their
   best matches; the union and the records they name.
2. `features`: per candidate, keyword and vector relevance fused into one, and the
   boosts (names of the query in the memory's subject, a "when" answer, the date
   the query names).
3. `context`: the turns around the best episodic candidates, and each episodic
   memory's share of its neighbours' relevance (a question's answer gets most).
4. `blend`: relevance, recency and importance weighted into each hit's score,
   kept as a breakdown; `confidence` and `abstain` (nothing relevant stored).
5. `rehearsal`: the returned hits count as used, unless the caller asks for a
   read-only look.

Each stage reads its group of `RecallConfig`; `recall` runs them in order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..models import Hit, Memory
from ..scope import validate_scope
from ..timeutil import parse_dt, utcnow
from .akin import BEST, READ, akin_later_first, later_among_best
from .blend import Filters, abstains, blend, collapse, confidence
from .candidates import Candidates, by_sentence, search, similarities
from .chain import chained_first
from .config import AbstainConfig, CandidateConfig, ContextConfig, FeatureConfig, RecallConfig, Weights
from .context import ordered_by_turn, read_neighbours, shares
from .features import QueryFeatures, Signals, score_all
from .hop import joined, people_asked, person_asked
from .keyed import profile
from .members import members_after
from .newer import newer_first
from .query import STOPWORDS, in_span, key_stems, keyword_query, query_names, query_span, said_plainly
from .rehearsal import rehearse

if TYPE_CHECKING:
    import numpy as np

    from ..store import Store as MemoryStore

__all__ = [
    "STOPWORDS", "AbstainConfig", "CandidateConfig", "Candidates", "ContextConfig", "FeatureConfig", "Filters",
    "QueryFeatures", "RecallConfig", "RecallResult", "Signals", "Weights", "in_span", "keyword_query", "profile",
    "query_names", "query_span", "recall",
]


@dataclass
class RecallResult:
    hits: list[Hit]
    abstain: bool
    query: str
    confidence: float = 0.0  # relevance of the best candidate, what `abstain` thresholds


def recall(
    store: MemoryStore,
    scope: str,
    query: str,
    *,
    k: int = 10,
    config: RecallConfig | None = None,
    as_of: str | None = None,
    include_inactive: bool = False,
    kind: str | None = None,
    key: str | None = None,
    since: str | None = None,
    until: str | None = None,
    min_score: float | None = None,
    raw_query: bool = False,
    touch: bool = True,
    now: str | None = None,
    query_vector: np.ndarray | None = None,
    hop: bool = True,
) -> RecallResult:
    """The memories of `scope` that matter for `query`, best first, at most `k`.

    `as_of` reads what was valid then; `kind`, `key`, `since`, `until` and
    `min_score` filter the hits; `raw_query` passes the query to FTS5 as MATCH
    syntax; `now` is the clock (for recency and rehearsal); `query_vector` saves
    embedding the query; `touch=False` is a read-only look; `hop` asks a question about
    a relative by relation again by their name (`hop`)."""
    scope = validate_scope(scope)
    query = query if raw_query else said_plainly(query)
    cfg = config or RecallConfig()
    now_dt = parse_dt(now) if now else (parse_dt(as_of) if as_of else utcnow())
    assert now_dt is not None
    cands = search(store, scope, query, n=max(cfg.candidates.limit, k), config=cfg.candidates, raw_query=raw_query,
                   include_inactive=include_inactive, as_of=as_of, query_vector=query_vector)
    q = QueryFeatures.of(query, cands.keyword_text, cfg.features)
    base = score_all(cands.rows, cands, q, cfg.features)
    context: dict[int, float] = {}
    if cfg.context.w_neighbour and base and ordered_by_turn(cands.rows):
        extra = read_neighbours(store, scope, cands.rows, base, cfg.context, as_of=as_of,
                                include_inactive=include_inactive)
        cands.rows.update(extra)
        if extra:
            cands.vec_sim.update(similarities(store, scope, cands.query_vector, list(extra)))
            base.update(score_all(extra, cands, q, cfg.features))
        context = shares(cands.rows, base, cfg.context)
    hits = blend(cands, base, context, q, cfg, now_dt, Filters(kind=kind, key=key, since=since, until=until))
    told: dict[str, list[Memory]] = {}  # an episode -> the facts of its turn it stands for
    if cfg.blend.collapse_turns:
        hits = collapse(hits, told)
    hits = newer_first(hits, query, cfg.blend.newer_window, told)
    rowid = {m.id: r for r, m in cands.rows.items()}
    vectors: dict[str, np.ndarray] = {}  # the stored vectors of the best hits, each read once
    if cfg.blend.akin_later:  # a later statement of the best hits' own in other words
        vectors = _vectors_of(store, scope, hits[:READ], rowid, vectors)
        hits = akin_later_first(hits, vectors, query)
    # a question about the user at large is answered by whatever is stored, and one that
    # names a key ("what's their diet?") by the record that holds it
    asked_key = any(h.memory.key and _names_key(q.stems, h.memory.key) for h in hits[:k])
    if q.broad or asked_key:
        conf = 1.0 if hits else 0.0
    else:
        conf = confidence(_as_asked(store, scope, cands, hits, rowid, cfg.features), q.names, cfg.features, cfg.abstain)
    abstain = abstains(hits, conf, cfg.abstain)
    asked = person_asked(store, scope, query, as_of, hits) if hop and not raw_query else None
    if asked is not None:  # "what does the user's partner do?": "what does Noor do?" too
        theirs = recall(store, scope, query.replace(asked[0], asked[1]), k=k, config=cfg, as_of=as_of,
                        include_inactive=include_inactive, kind=kind, key=key, since=since, until=until,
                        touch=False, now=now, hop=False)
        hits = newer_first(joined(hits, theirs.hits, asked[1], k), query, cfg.blend.newer_window, told)
    phrase, names = (people_asked(store, scope, query) if hop and not raw_query and asked is None else None) or ("", [])
    for name in names:  # "where do the user's sons go to school?": each of them
        theirs = recall(store, scope, query.replace(phrase, name), k=k, config=cfg, as_of=as_of,
                        include_inactive=include_inactive, kind=kind, key=key, since=since, until=until,
                        touch=False, now=now, hop=False)
        hits = joined(hits, theirs.hits, name, k, most=1)
    if cfg.blend.chain_values and not raw_query:  # a later telling that names the answer's value
        hits = chained_first(store, scope, hits, query, cands.query_vector, as_of=as_of)
    if cfg.blend.later_first:  # of two answers shown, the later one first
        vectors = _vectors_of(store, scope, hits[:BEST], rowid, vectors)
        hits = later_among_best(hits, vectors, query, k, told)
    if cfg.blend.set_members and not raw_query and as_of is None:  # "two kinds of drops": which ones
        hits = members_after(store, scope, hits, query, k, rowid)
    if min_score is not None:
        hits = [h for h in hits if h.score >= min_score]
    hits = hits[:k]
    if touch:
        rehearse(store, scope, hits, now)
    return RecallResult(hits=hits, abstain=abstain, query=query, confidence=conf)


def _as_asked(store: MemoryStore, scope: str, cands: Candidates, hits: list[Hit], rowid: dict[str, int],
              features: FeatureConfig) -> list[Hit]:
    """The hits as near as they are to the question as asked, with its words that name the
    user, when the candidates were found without them (`candidates.without_the_user`): the
    confidence that something relevant is stored is read so. Found without those words,
    LoCoMo's confidence AUROC fell from .808 to .780 (bench/RESULTS.md)."""
    if cands.asked_vector is None:
        return hits
    ids = [rowid[h.memory.id] for h in hits if h.memory.id in rowid]
    sims = similarities(store, scope, cands.asked_vector, ids)
    by_sentence(store, scope, cands.asked_vector, sims, {r: cands.rows[r] for r in ids})
    floor = features.vector_floor
    return [replace(h, vector=max(0.0, (sims[rowid[h.memory.id]] - floor) / (1.0 - floor)))
            if rowid.get(h.memory.id) in sims else h for h in hits]


def _vectors_of(store: MemoryStore, scope: str, hits: list[Hit], rowid: dict[str, int],
                have: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """`have` and the stored vectors of the `hits` it lacks, by their rowid among the
    candidates (`rowid`), else looked up (a hit a hop joined)."""
    want = [h.memory.id for h in hits if h.memory.id not in have]
    rows = {i: rowid[i] for i in want if i in rowid}
    if len(rows) < len(want):
        rows |= store.rowids(scope, [i for i in want if i not in rows])
    said = store.vectors(scope, list(rows.values())) if rows else {}
    return {**have, **{i: said[r] for i, r in rows.items() if r in said}}


def _names_key(stems: set[str], key: str) -> bool:
    """Whether a query's words name a key, every part of it: "diet" for `diet`; the
    sister and the city for `sister.home_city` ("what's the user's sister's job?"
    names the sister, not her city)."""
    parts = [key_stems(p) for p in key.split(".")]
    return all(parts) and all(stems & p for p in parts)
