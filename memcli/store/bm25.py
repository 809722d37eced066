"""The keyword search's top k without scoring every row a common term matches.

FTS5 orders an OR-query by bm25, which it computes for every matching row (a
`_docsize` lookup and a position list each): a term in a third of a 100k file costs
~20 ms whatever else the query says. Yet a row that holds one common term and nothing
else of the query scores at most that term's idf times (k1 + 1) / (1 + k1 b / avgdl)
(bm25 saturates in the term's count, and the row is at least that long). So the rows
that can rank are those holding a rarer term or two of the common ones: FTS5 finds
them with `text : (all) AND (text : (rarer) OR (text : c1 AND text : c2) ...)`, and
`memcli_bm25` scores them over the query's own phrases exactly as FTS5's bm25 would
score them in the full query (fts5_aux.c: the same constants, counts, lengths and
order of additions, so the scores are the same numbers). When the k-th of them beats
the bound, no other row can enter the top k and this is the answer; otherwise the
caller runs the full query."""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import apsw

from .connection import Database

FUNCTION = "memcli_bm25"
K1 = 1.2  # fts5_aux.c's bm25 constants
B = 0.75
K1_PLUS_1 = K1 + 1.0  # as C folds `k1 + 1.0`
COMMON_HITS = 4000  # a term matching this many rows is worth bounding (~3 ms of FTS5's bm25)
MAX_COMMON = 5  # at most this many are bounded (their pairs are spelt out in the query)
PAIR_SHARE = 0.01  # a pair of common terms is scored when about this share of the file holds both
FULL_OVER_SCORED = 3  # the rows scored, at most a third of the full query's (`memcli_bm25` costs
# 1.4-4 us a row, FTS5's bm25 0.6-0.7)


class PhraseBm25:
    """The `memcli_bm25(memories_fts, first, count, hits...)` auxiliary function: FTS5's
    bm25 over phrases first .. first + count - 1 of the query (the others only narrow
    the match), the text column weighted 1 and the scope's 0, `hits` the rows each of
    those phrases matches in the file (what FTS5 counts for itself per query).
    `stats` keeps the last query's (rows, average length) for the bound."""

    def __init__(self) -> None:
        self.stats: tuple[int, float] | None = None

    def __call__(self, api: apsw.FTS5ExtensionApi, *args: Any) -> float:
        first, count, hits = int(args[0]), int(args[1]), args[2:]
        data = api.aux_data
        if data is None:
            rows = api.row_count
            avgdl = api.column_total_size(-1) / rows
            data = api.aux_data = (avgdl, [idf(rows, h) for h in hits])
            self.stats = (rows, avgdl)
        avgdl, idfs = data
        # fts5_aux.c: idf * (f (k1 + 1)) / (f + k1 (1 - b + b D / avgdl)), summed in phrase order
        norm = K1 * (1 - B + B * api.column_size(-1) / avgdl)
        offsets = api.phrase_column_offsets
        score = 0.0
        for i in range(count):
            freq = float(len(offsets(first + i, 0)))
            if freq:  # an absent phrase adds 0.0, which changes no sum
                score += idfs[i] * ((freq * K1_PLUS_1) / (freq + norm))
        return -1.0 * score


def idf(rows: int, hits: int) -> float:
    """FTS5's idf of a phrase matching `hits` of `rows` rows (at least 1e-6)."""
    value = math.log((rows - hits + 0.5) / (hits + 0.5))
    return value if value > 0.0 else 1e-6


def single_term_bound(rows: int, avgdl: float, hits: int) -> float:
    """The most a row holding only this term of the query can score: bm25's term part
    tf (k1 + 1) / (tf + k1 (1 - b + b D / avgdl)) grows with tf towards this limit,
    since the row's length D is at least tf."""
    return idf(rows, hits) * (K1 + 1.0) / (1.0 + K1 * B / avgdl)


_REGISTERED: weakref.WeakKeyDictionary[apsw.Connection, PhraseBm25] = weakref.WeakKeyDictionary()


def register(conn: apsw.Connection) -> PhraseBm25:
    """`memcli_bm25` on the connection, registered once (the parts of a store that
    search share it); the function object keeps its stats."""
    fn = _REGISTERED.get(conn)
    if fn is None:
        fn = _REGISTERED[conn] = PhraseBm25()
        conn.register_fts5_function(FUNCTION, fn)
    return fn


def term_hits(db: Database, term: str) -> int:
    """The rows whose text holds the term (as FTS5 counts a phrase for its idf)."""
    return int(db.one("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH ?", (f'text : "{term}"',)))


def bounded_top(db: Database, fn: PhraseBm25, scope: str, scope_token: str, terms: Sequence[str], k: int,
                where: str, args: Sequence[Any], hint: Sequence[int]) -> list[tuple[int, float]] | None:
    """The scope's top k for the OR of `terms` (in query order) when a bound proves
    them; None when it cannot (then run the full query). `hint`: the terms' counts as
    of a while ago, to skip counting them exactly for a query with no common term.
    Counts and the query read one snapshot (a savepoint), as FTS5's bm25 does."""
    quoted = [f'"{t}"' for t in terms]
    rows_now = int(db.one("SELECT max(rowid) FROM memories") or 1)
    if narrowing(quoted, list(hint), k, rows_now) is None:
        return None
    db.conn.execute("SAVEPOINT memcli_bm25")
    try:
        hits = [term_hits(db, t) for t in terms]
        plan = narrowing(quoted, hits, k, rows_now)
        if plan is None:
            return None
        fn.stats = None
        match = f'scope_token : "{scope_token}" AND text : ({" OR ".join(quoted)}) AND ({plan.match})'
        marks = ", ?" * len(hits)
        rows = db.rows(
            f"SELECT m.rowid, {FUNCTION}(memories_fts, 1, {len(hits)}{marks}) AS s FROM memories_fts "
            f"JOIN memories m ON m.rowid = memories_fts.rowid WHERE memories_fts MATCH ? AND m.scope = ?{where} "
            "ORDER BY s LIMIT ?",
            (*hits, match, scope, *args, k),
        )
    finally:
        db.conn.execute("RELEASE memcli_bm25")
    if len(rows) < k or fn.stats is None:
        return None
    n, avgdl = fn.stats
    bound = plan.bound([single_term_bound(n, avgdl, h) for h in hits])
    return [(r[0], r[1]) for r in rows] if -rows[-1][1] > bound * (1 + 1e-9) else None


@dataclass
class Narrowing:
    """The rows worth scoring: those matching `match` (a rarer term, or a pair of
    common terms that seldom meet). The rest hold only common terms, no pair of
    `pairs` among them: `bound` is the most such a row can score."""

    match: str
    common: list[int]
    pairs: list[tuple[int, int]]

    def bound(self, single: list[float]) -> float:
        """The best sum of single-term bounds over sets of common terms that hold no
        pair of `pairs` (a row holding such a pair is matched and scored)."""
        best = 0.0
        for size in range(1, len(self.common) + 1):
            for group in combinations(self.common, size):
                if not any(a in group and b in group for a, b in self.pairs):
                    best = max(best, sum(single[i] for i in group))
        return best


def narrowing(quoted: list[str], hits: list[int], k: int, rows: int) -> Narrowing | None:
    """Which terms to bound and the FTS5 expression of the rows to score, or None when
    it would not pay: a pair of common terms is spelt out when few rows hold both
    (independence estimate, `rows` the file's size), and the rows to score must be
    at least k and far fewer than the full query scores."""
    common = sorted((i for i, h in enumerate(hits) if h >= COMMON_HITS), key=lambda i: -hits[i])[:MAX_COMMON]
    rare = [i for i in range(len(quoted)) if i not in common]
    if not common or (not rare and len(common) < 2):
        return None
    both = {(i, j): hits[i] * hits[j] / rows for i, j in combinations(sorted(common), 2)}
    pairs = [p for p, n in both.items() if n <= PAIR_SHARE * rows]
    scored = sum(hits[i] for i in rare) + sum(both[p] for p in pairs)
    if scored < k or scored * FULL_OVER_SCORED > sum(hits):
        return None
    alts = ([f"text : ({' OR '.join(quoted[i] for i in rare)})"] if rare else []) + [
        f"(text : {quoted[i]} AND text : {quoted[j]})" for i, j in pairs]
    if not alts:
        return None
    return Narrowing(" OR ".join(alts), common, pairs)
