"""Stage 2, features: what the query asks about (names, "when", a date, its words),
then per candidate the keyword and vector signals, their fusion into one relevance,
and the boosts (a name of the query in the memory's subject, a "when" answer, the
date asked about)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from ..extract.lexicon import PARTNER_WORDS, RELATIONS
from ..extract.roles import ROLE_WORDS
from ..models import Memory
from ..subjects import HERS_OPEN, someone_else
from .candidates import Candidates
from .config import FeatureConfig
from .query import (
    ANSWER_RES,
    TIME_CUE_RE,
    WHEN_Q_RE,
    WORD_RE,
    answer_type,
    asked_key_stems,
    in_span,
    is_broad,
    is_question,
    key_stems,
    query_names,
    query_span,
    stem,
    subject,
)
from .topics import KINDS, kinds_said


@dataclass
class QueryFeatures:
    """What one query asks about; the parts a knob turns off stay empty."""

    names: list[str] = field(default_factory=list)  # names of people, places... (lower case)
    asks_when: bool = False  # a "when" question
    span: tuple[str, str] | None = None  # the dates it names (see `query_span`)
    stems: set[str] = field(default_factory=set)  # the keyword query's words, stemmed (for coverage)
    broad: bool = False  # about the user at large: every memory is relevant, the important first
    whose: str | None = None  # "the user's husband": a relative the question is about, else the user
    query: str = ""  # the question as asked (the words it may name a key by: `asked_key_stems`)
    answer: str | None = None  # what its answer looks like: a place, a figure (`query.answer_type`)

    @classmethod
    def of(cls, query: str, keyword_text: str, config: FeatureConfig) -> QueryFeatures:
        return cls(
            names=query_names(query) if config.w_entity else [],
            asks_when=bool(config.w_when) and WHEN_Q_RE.search(query) is not None,
            span=query_span(query) if config.w_date else None,
            stems={stem(w) for w in WORD_RE.findall(keyword_text.lower())} if config.keyword_coverage else set(),
            broad=is_broad(query),
            whose=_whose(query),
            query=query,
            answer=answer_type(query) if config.w_answer else None,
        )


# "Where is the user's husband working?": the question is the husband's, not the user's
_WHOSE_RE = re.compile(r"\b(?:the )?user'?s (?P<r>(?:best )?[a-z-]+)\b", re.I)
_NOT_WHOSE = frozenset("own current new old main first last favourite favorite usual".split())


def _whose(query: str) -> str | None:
    m = _WHOSE_RE.search(query)
    if m is None or m.group("r").lower() in _NOT_WHOSE:
        return None
    return m.group("r").lower()


def _partner(word: str | None) -> bool:
    return word is not None and re.fullmatch(PARTNER_WORDS, word) is not None


# another word for a role, to the role it names: "the user's GP" is the user's doctor
_ROLE_OF = {said: key for key, words in ROLE_WORDS.items() for said in words}


def _person(whose: str | None) -> str | None:
    """`whose` when it is a relation (a person), not an attribute ("diet"); a role said
    in another word as the role ("gp" -> "doctor")."""
    whose = _ROLE_OF.get(whose, whose) if whose else whose
    return whose if whose in RELATIONS else None


# a fact about one of the user's people: "User's mom lives by herself in Tampa"
_RELATIVES_FACT = re.compile(r"^User's (?:best |older |younger |little |big |other |eldest |youngest )?(?:"
                             + "|".join(sorted(RELATIONS, key=len, reverse=True)) + r")\b")
# a question that may be answered by one of the user's people: "who is the user dating?",
# "how many kids does the user have?"
_PEOPLE_ASKED = re.compile(r"\b(?:who|whom|whose|family|kids?|children|child|people|married|dating|relatives?|"
                           + "|".join(sorted(RELATIONS, key=len, reverse=True)) + r")\b", re.IGNORECASE)


def _named_other(text: str) -> bool:
    """A fact that opens with someone else by name ("Naïka has a summer job at the Jean-Coutu")
    or with a thing of theirs ("Her cat poutine is coming to stay with User"), not a relative
    of the user's (`_RELATIVES_FACT`) nor the user ("their" is as often the user's)."""
    return not text.startswith("User") and (bool(someone_else(text)) or HERS_OPEN.match(text) is not None)


def _about_the_user_only(names: list[str], query: str) -> bool:
    """Whether a question asks about the user and none of their people ("where does the
    user live?", "what health conditions does the user have?")."""
    return not names and not _people_asked(query)


@lru_cache(maxsize=256)
def _people_asked(query: str) -> bool:
    """(asked once per question, not once per candidate)"""
    return _PEOPLE_ASKED.search(query) is not None


def key_owner_matches(key: str, whose: str | None) -> bool:
    """Whether a profile key belongs to whom the question asks about: "sister.employer"
    answers "where does the user's sister work?", never "where does the user work?";
    "employer" answers only the user's own questions ("the user's diet" names an
    attribute, not a person: only a relation word is a person)."""
    owner = _person(key.split(".", 1)[0]) if "." in key else None  # "pet.dog" is the user's
    person = _person(whose)
    if person is None:
        return owner is None
    if owner is None and stem(person) in key_stems(key):
        return True  # "who is the user's doctor?": the user's key `doctor` is the answer
    return owner == person or (_partner(owner) and _partner(person))


# A schedule's key (`work_days`) answers when, not where: "where does the user work?" is
# the employer's question.
_DAYS_Q = {stem(w) for w in "day days schedule shift shifts rota hours week weekend".split()}


def _asks_days(key: str, q: QueryFeatures) -> bool:
    """Whether a question the key's words match asks what a schedule key holds (a "when",
    or a word of days and shifts); any other key: True."""
    return not key.endswith("_days") or q.asks_when or bool(q.stems & _DAYS_Q)


class Signals(NamedTuple):
    """One candidate's signals, each before the blend."""

    keyword: float  # bm25 relative to the best match, scaled by query coverage
    vector: float  # cosine over the floor
    fused: float  # keyword and vector fused into one relevance
    boost: float  # name + "when" + date boosts


def signals(rowid: int, m: Memory, cands: Candidates, q: QueryFeatures, config: FeatureConfig) -> Signals:
    cfg = config
    keyword = max(0.0, cands.kw_score.get(rowid, 0.0)) / cands.best_kw
    if q.stems and keyword:
        # The best keyword match scores 1 even when it shares one word of five with
        # the query: scale by how much of the query the memory covers.
        if q.stems & KINDS.keys():  # a kind asked: its members count, whatever they begin with
            said = {stem(w) for w in WORD_RE.findall(m.text.lower())}
            said |= kinds_said(said, q.stems)
        else:
            # a stem is a prefix of its word (of 3 letters or more, or the word itself), so
            # only the words that begin as a query stem does can stem to one
            heads = {s[:3] for s in q.stems}
            said = {stem(w) for w in WORD_RE.findall(m.text.lower()) if w[:3] in heads}
        covered = len(q.stems & said) / len(q.stems)
        keyword *= 1.0 - cfg.keyword_coverage * (1.0 - covered)
    if m.key and q.stems & asked_key_stems(m.key, q.query) and key_owner_matches(m.key, q.whose) \
            and _asks_days(m.key, q):
        keyword = 1.0  # "what's their diet?" asks for the record that holds the key `diet`
    sim = cands.vec_sim.get(rowid, 0.0)
    vector = max(0.0, (sim - cfg.vector_floor) / (1.0 - cfg.vector_floor))
    if cfg.fusion == "rrf":
        rel = sum(1.0 / (cfg.rrf_k + 1 + r[rowid]) for r in (cands.kw_rank, cands.vec_rank) if rowid in r)
        rel /= 2.0 / (cfg.rrf_k + 1)
    else:
        rel = cfg.w_keyword * keyword + (1 - cfg.w_keyword) * vector
    # boosts: names of the query in the memory's subject, a "when" answer, the date asked about
    boost = 0.0
    if q.names:
        low = subject(m.text) if cfg.entity_subject else m.text.lower()
        boost = cfg.w_entity * sum(1 for nm in q.names if re.search(r"\b" + re.escape(nm), low)) / len(q.names)
    person = _person(q.whose)
    said_of = PARTNER_WORDS if _partner(person) else re.escape(person or "")
    if person and cfg.w_entity and re.search(r"\buser's " + said_of + r"\b", subject(m.text)):
        # "the user's husband" asks about records of the husband, as a name would (and of
        # the fiancé he was when it was said)
        boost += cfg.w_entity
    if cfg.question_damp != 1.0 and is_question(m.text):
        rel *= cfg.question_damp
    if cfg.others_damp != 1.0 and not m.episode and _about_the_user_only(q.names, q.query) \
            and (_RELATIVES_FACT.match(m.text) or _named_other(m.text)):
        rel *= cfg.others_damp  # "where does the user live?": not "User's mom lives by herself in Tampa"
    if q.asks_when and TIME_CUE_RE.search(m.text):
        boost += cfg.w_when
    if q.span and in_span(m.valid_from, q.span):
        boost += cfg.w_date
    if q.answer and ANSWER_RES[q.answer].search(m.text) \
            and not (q.answer == "work" and person is None and _RELATIVES_FACT.match(m.text)):
        boost += cfg.w_answer  # (the user's work is not told by their son's: "User's son is an actuary")
    return Signals(keyword, vector, rel, boost)


def score_all(rows: dict[int, Memory], cands: Candidates, q: QueryFeatures, config: FeatureConfig) -> dict[int, Signals]:
    """The signals of every record in `rows`, in its order."""
    return {r: signals(r, m, cands, q, config) for r, m in rows.items()}
