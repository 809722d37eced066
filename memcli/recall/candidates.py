"""Stage 1, candidates: the keyword index (FTS5, bm25) and the vector index (sign-bit
scan, cosine rescoring) each return their best matches inside the scope; the union,
with each side's rank and score, and the records they name. An episode's
similarity is its nearest sentence's when that is nearer than the whole message."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..models import Memory
from .config import CandidateConfig
from .query import asked_key_stems, is_broad, keyword_query, stem
from .topics import members_asked

if TYPE_CHECKING:
    import numpy as np

    from ..store import Store as MemoryStore


@dataclass
class Candidates:
    """What the two indexes returned for one query. `rows` and `vec_sim` grow when the
    conversation-context stage reads the turns around the best candidates."""

    keyword_text: str  # the words the keyword index was asked for
    query_vector: np.ndarray
    kw_rank: dict[int, int]  # rowid -> rank in the keyword results
    kw_score: dict[int, float]  # rowid -> -bm25 (higher is better)
    best_kw: float  # the best keyword score (1.0 when there is none), what scores are relative to
    vec_rank: dict[int, int]  # rowid -> rank in the vector results
    vec_sim: dict[int, float]  # rowid -> cosine similarity to the query (an episode's: its nearest sentence's, when nearer)
    rows: dict[int, Memory]  # rowid -> record, keyword matches first
    # the question as asked, with the words that name the user, when `query_vector` is not
    # (what the confidence is read by: `recall._as_asked`)
    asked_vector: np.ndarray | None = None


def search(
    store: MemoryStore,
    scope: str,
    query: str,
    *,
    n: int,
    config: CandidateConfig,
    raw_query: bool = False,
    include_inactive: bool = False,
    as_of: str | None = None,
    query_vector: np.ndarray | None = None,
) -> Candidates:
    """The top `n` of each index, in `scope`; `query_vector` saves embedding the query."""
    kw_text = query if raw_query else keyword_query(query, config.drop_stopwords)
    asked = None
    if query_vector is not None:
        qvec = query_vector
    else:
        qvec, asked = _query_vectors(store, keyword_query(query, True) if config.embed_keywords and not raw_query else
                                     query, raw_query)
    # a word for a kind of thing ("exercise") the scope never says also looks for its members
    # ("running", "yoga"); a kind the user has words for ("company car") is found by them
    # (a car is asked by its make or model even when "car" is said of something else, "Amber Cars", "car wash";
    # children by son and daughter, dogs by breed, when "the kids love it" and "two dogs at home" say the word)
    kinds = [] if raw_query else [m for w in kw_text.split() for m in members_asked([w], query)
                                  if w.lower() in _TOLD_BY_MAKE or not store.search_keyword(scope, w, k=1, as_of=as_of)]
    kinds += [] if raw_query else _compound_heads(store, scope, kw_text, as_of) + abbreviated(query)
    kw, vec = store.search_indexes(scope, " ".join([kw_text, *kinds]), qvec, k=n, raw=raw_query,
                                   include_inactive=include_inactive, as_of=as_of)
    kw_rank = {rowid: i for i, (rowid, _) in enumerate(kw)}
    kw_score = {rowid: -s for rowid, s in kw}
    best_kw = max(kw_score.values(), default=0.0) or 1.0
    vec_rank = {rowid: i for i, (rowid, _) in enumerate(vec)}
    vec_sim = {rowid: 1.0 - d for rowid, d in vec if d is not None}  # a zero vector has no cosine
    cand = list(dict.fromkeys([*kw_rank, *vec_rank]))
    missing = [r for r in cand if r not in vec_sim]
    if missing:
        vec_sim.update(similarities(store, scope, qvec, missing))
    rows = store.by_rowids(scope, cand)
    by_sentence(store, scope, qvec, vec_sim, rows)
    keyed = _keyed_asked(store, scope, query, kw_text, rows, as_of=as_of, broad=is_broad(query)) if not raw_query else {}
    if keyed:
        rows.update(keyed)
        vec_sim.update(similarities(store, scope, qvec, list(keyed)))
    return Candidates(keyword_text=kw_text, query_vector=qvec, kw_rank=kw_rank, kw_score=kw_score, best_kw=best_kw,
                      vec_rank=vec_rank, vec_sim=vec_sim, rows=rows, asked_vector=asked)


# the short forms a role is written in at work: "User's DP is Hemi" for "who is the deputy
# principal?", "TL ko si Marvin" for "who is the user's team lead?"
_ABBREVIATED = ((re.compile(r"\bdeputy (?:principal|head)\b", re.I), "dp"), (re.compile(r"\bteam lead(?:er)?\b", re.I), "tl"),
                (re.compile(r"\boperations manager\b", re.I), "om"), (re.compile(r"\bhead of department\b", re.I), "hod"),
                (re.compile(r"\b(?:general practitioner|family doctor)\b", re.I), "gp"),
                (re.compile(r"\bproject manager\b", re.I), "pm"), (re.compile(r"\bnurse practitioner\b", re.I), "np"),
                (re.compile(r"\bchief executive\b", re.I), "ceo"), (re.compile(r"\bline manager\b", re.I), "lm"))


def abbreviated(query: str) -> list[str]:
    """The short forms of the roles a question names in full (`_ABBREVIATED`)."""
    return [short for rx, short in _ABBREVIATED if rx.search(query)]


_TOLD_BY_MAKE = frozenset({"car", "cars", "vehicle", "vehicles", "child", "children", "kid", "kids", "dog", "dogs",
                           "phone", "phones", "mobile",
                           "cat", "cats", "pet", "pets"})


def _compound_heads(store: MemoryStore, scope: str, kw_text: str, as_of: str | None) -> list[str]:
    """The head of a compound no record says ("beehives" -> "hives", "toothache" ->
    "ache"), when the scope says the head: the user's "one hive" answers "how many
    beehives?". The longest head that is a word of the scope, of four letters or more,
    after a modifier of three or more; a word the file says is left as it is (found by
    its first match: a common word costs no more than a rare one)."""
    out = []
    for w in kw_text.split():
        if len(w) < 7 or not w.isalpha() or store.said_anywhere(w):
            continue
        head = next((w[i:] for i in range(3, len(w) - 3)
                     if store.said_anywhere(w[i:]) and store.search_keyword(scope, w[i:], k=1, as_of=as_of)), None)
        if head is not None:
            out.append(head)
    return out


def _keyed_asked(store: MemoryStore, scope: str, query: str, kw_text: str, rows: dict[int, Memory], *,
                 as_of: str | None, broad: bool) -> dict[int, Memory]:
    """The profile records whose key the query names ("their diet", "where they work":
    `diet`, `employer`), when neither index returned them: "User is vegetarian" shares
    no word with "what's their diet?". A question about the user at large gets them all."""
    words = {stem(w) for w in kw_text.lower().split()}
    have = {m.id for m in rows.values()}
    want = [m for m in store.keyed(scope, as_of=as_of)
            if m.id not in have and (broad or words & asked_key_stems(m.key or "", query))]
    return store.by_rowids(scope, list(store.rowids(scope, [m.id for m in want]).values())) if want else {}


# how a question names the one whose memory it is: "the user", "the user's", "this user"
_THE_USER_RE = re.compile(r"\b(?:the |this )?user(?:'s|\u2019s)?(?=\W|$)", re.I)


def without_the_user(query: str) -> str:
    """The question as embedded: without the words that name the user ("where does the
    user live?" as "where does live?"). Every fact says "User", so the words pull every
    short fact near every question alike ("User is 15 years old" for "where does the user
    live?"); the words the question asks by are what tells its answer from the rest."""
    out = re.sub(r"\s{2,}", " ", _THE_USER_RE.sub("", query)).strip()
    return out if re.search(r"\w", out) else query


def _query_vectors(store: MemoryStore, text: str, raw: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """The vector the candidates are found by, of the question without the words that name
    the user (`without_the_user`), and the question's as asked (None when they are one
    text), what `recall` reads its confidence by; both embedded in one call."""
    plain = text if raw else without_the_user(text)
    if plain == text:
        return store.embed_query(text), None
    both = store.embed_many([plain, text])
    return both[0], both[1]


def by_sentence(store: MemoryStore, scope: str, qvec: np.ndarray, sims: dict[int, float],
                rows: dict[int, Memory]) -> None:
    """`sims` with each episode of `rows` as near as its nearest sentence, when nearer: the
    one that answers among the many that do not."""
    for rowid, sim in store.part_similarities(scope, qvec, [r for r, m in rows.items() if m.episode]).items():
        sims[rowid] = max(sims.get(rowid, 0.0), sim)


def similarities(store: MemoryStore, scope: str, qvec: np.ndarray, rowids: list[int]) -> dict[int, float]:
    """Cosine similarity of the query to records the vector search did not return."""
    return {r: float(v @ qvec) for r, v in store.vectors(scope, rowids).items()}
