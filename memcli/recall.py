"""The read path: candidates from FTS5 and vec0 inside one scope, then a blend of
relevance, recency and importance, each in [0, 1], kept per hit as a breakdown.

Relevance fuses the two indexes by normalised scores rather than ranks: the
keyword side is bm25 relative to the best match of the query, the vector side is
cosine similarity rescaled over a floor that unrelated texts reach anyway. Names in
the query that a memory is about add a boost (names embed badly); a "when" question
boosts memories that say when, a date the query names boosts memories dated then;
a memory's neighbours in the conversation (the same day) get a share of its
relevance, the turn after a question (its answer) most of the question's, and the
same speaker's turn after the other's reply some of it.

`confidence` says whether anything relevant is stored at all: the best topical
match among what the person asked about said (not asked), against the best match
about someone else; `abstain` is that under a threshold calibrated on LoCoMo dev.

A recall is a rehearsal: returned hits get `last_accessed`, `access_count` and
`stability` updated unless the caller asks for a read-only look.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, fields
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from .errors import InputError
from .models import Hit, Memory
from .scope import validate_scope
from .timeutil import MONTH_NAMES, MONTHS, WEEKDAYS, parse_dt, to_iso, utcnow

if TYPE_CHECKING:
    import numpy as np

    from .store import Store as MemoryStore

# Function words and question words: they match everything and rank nothing.
STOPWORDS = frozenset("""a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most my
myself no nor not now of off on once only or other our ours ourselves out over own same she should so some
such than that the their theirs them themselves then there these they this those through to too under until
up very was we were what when where which while who whom why will with would you your yours yourself
yourselves whose ever kind sort type""".split())

_WORD_RE = re.compile(r"[\w]+", re.UNICODE)
_NAME_RE = re.compile(r"\b([A-Z][\w'-]*[a-z][\w'-]*)")


@dataclass
class RecallConfig:
    """Weights of the blend and the knobs of candidate generation.

    Every field can be set from the environment as MEMCLI_RECALL_<FIELD>
    (e.g. MEMCLI_RECALL_HALF_LIFE_DAYS=90); see `RecallConfig.from_env`.
    """

    w_relevance: float = 0.85
    w_recency: float = 0.05
    w_importance: float = 0.10
    w_keyword: float = 0.4  # share of keyword vs vector inside relevance
    half_life_days: float = 30.0
    candidates: int = 50
    fusion: str = "score"  # "score": normalised score combination; "rrf": reciprocal rank fusion
    rrf_k: float = 60.0
    vector_floor: float = 0.0  # cosine similarity that counts as zero relevance
    drop_stopwords: bool = True  # keyword query without function and question words
    w_entity: float = 0.3  # boost for memories about a name the query mentions
    entity_subject: bool = True  # count a name only in the memory's subject (speaker prefix or first words)
    w_neighbour: float = 0.4  # share of an episodic memory's relevance given to the turns next to it
    neighbour_window: int = 1
    neighbour_sources: int = 30  # the turns around this many of the best episodic candidates are read too
    w_same_speaker: float = 0.3  # share given to the same speaker's turn two turns away
    neighbour_same_day: bool = True  # neighbours only within one day (one conversation)
    w_answer: float = 0.8  # share of a question turn's relevance given to the turn right after it (its answer)
    w_when: float = 0.2  # boost, for a "when" question, of memories that say when (yesterday, last week, 2022, ...)
    w_date: float = 0.2  # boost of memories dated on the day / in the month the query names
    question_damp: float = 1.0  # factor on the relevance of a memory that is a question (it asks, it tells nothing)
    spill_entity: bool = False  # neighbours also inherit the boosts (name, when, date)
    embed_keywords: bool = False  # embed the rewritten keyword query instead of the question
    keyword_coverage: float = 0.5  # 0..1: how much a keyword score is scaled by the share of query words matched
    confidence_statements: bool = True  # a question the named person asked is no evidence of what they did
    w_confidence_gap: float = 0.5  # weight of 'the best match is about someone else' in the confidence
    # confidence under which nothing relevant is stored (10% false abstention on LoCoMo dev)
    abstain_below: float = 0.693

    @classmethod
    def from_env(cls, **overrides: object) -> "RecallConfig":
        cfg = cls()
        for f in fields(cls):
            raw = os.environ.get("MEMCLI_RECALL_" + f.name.upper())
            if raw is not None:
                setattr(cfg, f.name, _coerce(getattr(cfg, f.name), raw, f.name))
        for name, value in overrides.items():
            if value is not None:
                setattr(cfg, name, value)
        return cfg


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


@dataclass
class RecallResult:
    hits: list[Hit]
    abstain: bool
    query: str
    confidence: float = 0.0  # relevance of the best candidate, what `abstain` thresholds


def keyword_query(query: str, drop_stopwords: bool) -> str:
    """The words the keyword index should look for (quoted by the store)."""
    words = _WORD_RE.findall(query.lower())
    if drop_stopwords:
        # single letters come from possessives ("user's" -> "user", "s") and match everything
        kept = [w for w in words if w not in STOPWORDS and len(w) > 1]
        words = kept or words
    return " ".join(dict.fromkeys(words))


def _stem(word: str) -> str:
    """A crude stem for coverage counting: live, lives, lived, living -> liv."""
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def query_names(query: str) -> list[str]:
    """Capitalised words of the query that are not function words: likely names."""
    out = []
    for m in _NAME_RE.finditer(query):
        w = re.sub(r"'s?$", "", m.group(1))
        if w.lower() not in STOPWORDS and len(w) > 1:
            out.append(w.lower())
    return list(dict.fromkeys(out))


_SPEAKER_RE = re.compile(r"^([^:\n]{1,40}):")


def _subject(text: str) -> str:
    """Who a memory is about: a 'Speaker:' prefix, else its first three words."""
    m = _SPEAKER_RE.match(text)
    return (m.group(1) if m else " ".join(text.split()[:3])).lower()


def _similarities(store: "MemoryStore", scope: str, qvec: "np.ndarray", rowids: list[int]) -> dict[int, float]:
    return {r: float(v @ qvec) for r, v in store.vectors(scope, rowids).items()}


def _parse_fast(ts: str) -> datetime | None:
    try:
        dt = datetime.fromisoformat(ts)
    except ValueError:
        return parse_dt(ts)
    return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)


def _age_days(m: Memory, now: datetime) -> float:
    ref = m.last_accessed or m.valid_from or m.recorded_at
    t = _parse_fast(ref) if ref else None
    if t is None:
        return 0.0
    return max(0.0, (now - t).total_seconds() / 86400.0)


def recall(
    store: "MemoryStore",
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
    query_vector: "np.ndarray | None" = None,
) -> RecallResult:
    scope = validate_scope(scope)
    cfg = config or RecallConfig()
    now_dt = parse_dt(now) if now else (parse_dt(as_of) if as_of else utcnow())
    assert now_dt is not None
    n = max(cfg.candidates, k)
    kw_text = query if raw_query else keyword_query(query, cfg.drop_stopwords)
    kw = store.search_keyword(scope, kw_text, k=n, raw=raw_query, include_inactive=include_inactive, as_of=as_of)
    if query_vector is not None:
        qvec = query_vector
    else:
        qvec = store.embed_query(keyword_query(query, True) if cfg.embed_keywords and not raw_query else query)
    vec = store.search_vector(scope, qvec, k=n, include_inactive=include_inactive, as_of=as_of)
    kw_rank = {rowid: i for i, (rowid, _) in enumerate(kw)}
    kw_score = {rowid: -s for rowid, s in kw}
    best_kw = max(kw_score.values(), default=0.0) or 1.0
    vec_rank = {rowid: i for i, (rowid, _) in enumerate(vec)}
    vec_sim = {rowid: 1.0 - d for rowid, d in vec if d is not None}  # a zero vector has no cosine
    cand = list(dict.fromkeys([*kw_rank, *vec_rank]))
    missing = [r for r in cand if r not in vec_sim]
    if missing:
        vec_sim.update(_similarities(store, scope, qvec, missing))
    rows = store.by_rowids(scope, cand)
    names = query_names(query) if cfg.w_entity else []
    asks_when = bool(cfg.w_when) and _WHEN_Q_RE.search(query) is not None
    span = query_span(query) if cfg.w_date else None

    q_stems = {_stem(w) for w in _WORD_RE.findall(kw_text.lower())} if cfg.keyword_coverage else set()

    def relevance_of(rowid: int, m: Memory) -> tuple[float, float, float, float]:
        keyword = max(0.0, kw_score.get(rowid, 0.0)) / best_kw
        if q_stems and keyword:
            # The best keyword match scores 1 even when it shares one word of five with
            # the query: scale by how much of the query the memory covers.
            covered = len(q_stems & {_stem(w) for w in _WORD_RE.findall(m.text.lower())}) / len(q_stems)
            keyword *= 1.0 - cfg.keyword_coverage * (1.0 - covered)
        sim = vec_sim.get(rowid, 0.0)
        vector = max(0.0, (sim - cfg.vector_floor) / (1.0 - cfg.vector_floor))
        if cfg.fusion == "rrf":
            rel = sum(1.0 / (cfg.rrf_k + 1 + r[rowid]) for r in (kw_rank, vec_rank) if rowid in r)
            rel /= 2.0 / (cfg.rrf_k + 1)
        else:
            rel = cfg.w_keyword * keyword + (1 - cfg.w_keyword) * vector
        # boosts: names of the query in the memory's subject, a "when" answer, the date asked about
        boost = 0.0
        if names:
            low = _subject(m.text) if cfg.entity_subject else m.text.lower()
            boost = cfg.w_entity * sum(1 for nm in names if re.search(r"\b" + re.escape(nm), low)) / len(names)
        if cfg.question_damp != 1.0 and _is_question(m.text):
            rel *= cfg.question_damp
        if asks_when and _TIME_CUE_RE.search(m.text):
            boost += cfg.w_when
        if span and in_span(m.valid_from, span):
            boost += cfg.w_date
        return keyword, vector, rel, boost

    base: dict[int, tuple[float, float, float, float]] = {r: relevance_of(r, m) for r, m in rows.items()}
    context: dict[int, float] = {}
    if cfg.w_neighbour and base:
        # Turns of a conversation have an order (rowid): an answer sits next to its question.
        w = max(cfg.neighbour_window, 2 if cfg.w_same_speaker else 0)
        # The turns around the best candidates are read too (a share of a weak match moves nothing).
        best = sorted((r for r, m in rows.items() if m.kind == "episodic"), key=lambda r: -(base[r][2] + base[r][3]))
        near = {r + d for r in best[: cfg.neighbour_sources] for d in range(-w, w + 1) if d}
        extra = store.by_rowids(scope, [r for r in near if r not in rows])
        if as_of is not None:
            extra = {r: m for r, m in extra.items() if _valid_at(m, as_of)}
        elif not include_inactive:
            extra = {r: m for r, m in extra.items() if m.active}
        rows.update(extra)
        if extra:
            vec_sim.update(_similarities(store, scope, qvec, list(extra)))
            base.update({r: relevance_of(r, m) for r, m in extra.items()})
        own = {r: v[2] + (v[3] if cfg.spill_entity else 0.0) for r, v in base.items() if rows[r].kind == "episodic"}
        asks = {r for r in own if cfg.w_answer != cfg.w_neighbour and _is_question(rows[r].text)}

        def share(src: int, dst: int) -> float:
            if src not in own:
                return 0.0
            if cfg.neighbour_same_day and (rows[src].valid_from or "")[:10] != (rows[dst].valid_from or "")[:10]:
                return 0.0  # another conversation: the turns next to it are not its context
            if abs(src - dst) == 2 and cfg.neighbour_window < 2:
                # the same speaker two turns away, the other's reply between: often the same story
                return cfg.w_same_speaker if _SPEAKER_RE.match(rows[src].text) and \
                    _subject(rows[src].text) == _subject(rows[dst].text) else 0.0
            return cfg.w_answer if (src in asks and dst == src + 1) else cfg.w_neighbour

        for r in own:
            context[r] = max((share(r + d, r) * own.get(r + d, 0.0) for d in range(-w, w + 1) if d), default=0.0)

    # The most a relevance can reach, so it stays in [0, 1] without clipping ties.
    # (An answer's share of its question can go past that; such a hit is clipped at 1.)
    top = 1.0 + cfg.w_entity + (cfg.w_when if asks_when else 0.0) + (cfg.w_date if span else 0.0) \
        + cfg.w_neighbour * (1.0 + (cfg.w_entity if cfg.spill_entity else 0.0))
    hits: list[Hit] = []
    for rowid, m in rows.items():
        if kind and m.kind != kind:
            continue
        if key and m.key != key:
            continue
        if since and (m.valid_from or "") < since:
            continue
        if until and (m.valid_from or "") > until:
            continue
        keyword, vector, fused, boost = base[rowid]
        relevance = min(1.0, (fused + context.get(rowid, 0.0) + boost) / top)
        recency = math.pow(0.5, _age_days(m, now_dt) / cfg.half_life_days) if cfg.half_life_days > 0 else 1.0
        score = cfg.w_relevance * relevance + cfg.w_recency * recency + cfg.w_importance * m.importance
        hits.append(Hit(memory=m, score=score, keyword=keyword, vector=vector, relevance=relevance,
                        recency=recency, importance=m.importance, keyword_rank=kw_rank.get(rowid),
                        vector_rank=vec_rank.get(rowid), context=context.get(rowid, 0.0), boost=boost))
    hits.sort(key=lambda h: (-h.score, h.memory.id))
    confidence = _confidence(hits, names, cfg)
    abstain = not hits or confidence < cfg.abstain_below
    if min_score is not None:
        hits = [h for h in hits if h.score >= min_score]
    hits = hits[:k]
    if touch and hits:
        at = to_iso(parse_dt(now)) if now else to_iso(utcnow())
        store.touch(scope, [h.memory.id for h in hits if h.memory.active], at or "")
    return RecallResult(hits=hits, abstain=abstain, query=query, confidence=confidence)


def _confidence(hits: list[Hit], names: list[str], cfg: RecallConfig) -> float:
    """How sure we are that something relevant is stored: the best topical match
    (keyword + vector) plus the name boost, saturating at 1, lowered when the query
    is about a name and the best match is about someone else. A query without
    names gets the name boost for free (there is no one to mismatch)."""
    if not hits:
        return 0.0

    def topical(h: Hit) -> float:
        return cfg.w_keyword * h.keyword + (1 - cfg.w_keyword) * h.vector

    if not (names and cfg.entity_subject):
        return min(1.0, max(topical(h) for h in hits) + cfg.w_entity)
    about = [any(re.search(r"\b" + re.escape(n), _subject(h.memory.text)) for n in names) for h in hits]
    if cfg.confidence_statements:
        about = [a and not _is_question(h.memory.text) for h, a in zip(hits, about)]
    named = max((topical(h) for h, a in zip(hits, about) if a), default=0.0)
    other = max((topical(h) for h, a in zip(hits, about) if not a), default=0.0)
    conf = min(1.0, max(named + cfg.w_entity, other)) + cfg.w_confidence_gap * (named - other)
    return max(0.0, min(1.0, conf))


_WHEN_Q_RE = re.compile(r"^\W*(?:when|since when|how long|what (?:year|month|date|day|time)|which (?:year|month|day))\b"
                        r"|\bwhen (?:did|was|is|were|does|do|will|has|had)\b", re.I)
_NUMW = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple of|several)"
_DAYS = "|".join(WEEKDAYS)
_TIME_CUE_RE = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|ago|recently|lately|since|weekend"
    r"|(?:last|this|next|past|coming)\s+(?:week|weekend|month|year|night|time|summer|winter|spring|fall|autumn"
    r"|" + _DAYS + r"|morning|evening)"
    r"|" + _NUMW + r"\s+(?:days?|weeks?|months?|years?)"
    r"|(?:19|20)\d\d|" + "|".join(m for m in MONTHS if m != "may") + "|" + _DAYS + r")\b", re.I)
_QDATE_RE = re.compile(
    r"\b(?:(?P<d1>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?P<mon>" + "|".join(MONTH_NAMES) + r")\b"
    r"(?:\s+(?P<d2>\d{1,2})(?:st|nd|rd|th)?\b)?(?:,?\s+(?P<y>(?:19|20)\d\d)\b)?")


def query_span(query: str) -> tuple[str, str] | None:
    """The dates a query names, as an inclusive range: "on 13 October 2023" -> that
    day and the week after (what was said then is dated on the next talk), "in June"
    -> June and the first week of July. ISO dates when the query gives a year, else
    "MM-DD" (any year). None without a month name."""
    m = next((m for m in _QDATE_RE.finditer(query)
              if not (m.group("mon") == "May" and not query[:m.start()].strip(" \"'(")  # "May I ask..."
                      and not (m.group("d1") or m.group("d2") or m.group("y")))), None)
    if not m:
        return None
    month = MONTHS.index(m.group("mon").lower()) + 1
    day = m.group("d1") or m.group("d2")
    year = m.group("y")
    if day:
        lo, hi = f"{month:02d}-{int(day):02d}", f"{month:02d}-{min(31, int(day) + 7):02d}"
    elif month == 12:
        lo, hi = "12-01", "12-31"
    else:
        lo, hi = f"{month:02d}-01", f"{month + 1:02d}-07"
    return (f"{year}-{lo}", f"{year}-{hi}") if year else (lo, hi)


def in_span(valid_from: str | None, span: tuple[str, str]) -> bool:
    """Whether an ISO timestamp falls in a `query_span` range."""
    if not valid_from:
        return False
    day = valid_from[:10] if len(span[0]) == 10 else valid_from[5:10]
    return span[0] <= day <= span[1]


_CAPTION_RE = re.compile(r"\s*\[[^\]]*\]\s*$")


def _is_question(text: str) -> bool:
    """A memory that ends by asking (a trailing '[shares ...]' caption aside)."""
    return _CAPTION_RE.sub("", text).rstrip().endswith("?")


def _valid_at(m: Memory, t: str) -> bool:
    if m.valid_from and m.valid_from > t:
        return False
    if m.valid_until and m.valid_until <= t:
        return False
    return m.active or m.valid_until is not None


def profile(store: "MemoryStore", scope: str, as_of: str | None = None) -> list[Memory]:
    """Active keyed profile facts, one per key, read by key: no embedding at all."""
    latest: dict[str, Memory] = {}
    for m in store.keyed(scope, as_of=as_of):
        latest[m.key or ""] = m
    return [latest[k] for k in sorted(latest)]
