"""The keyword index: FTS5 over `memories.text` and the record's scope as one token
(`memories_fts`, porter stemming, kept in sync by triggers), searched with quoted
terms so user text never reaches `MATCH` as syntax, and with the scope's token so its
cost follows the scope's matches, not the file's; a large scope's query outside a write
transaction is scored from postings kept in memory (`postings.py`), the same answer."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

import apsw

from ..errors import InputError
from ..scope import validate_scope
from . import bm25
from .connection import Database
from .postings import Postings
from .rows import time_filter
from .scoperows import ACTIVE, RETIRED

# Below this many records the counts of `common_terms` and `scope_dominates` are exact.
EXACT_BELOW = 2000
# From this many records in the scope a query with common terms tries
# `bm25.bounded_top` first, and a `distinctive` probe leaves out the terms of more
# than DISTINCTIVE_SHARE of the file's records.
BOUND_FROM = 5000
DISTINCTIVE_SHARE = 0.05


def fts_terms(query: str) -> list[str]:
    """The words of free text, lowercased, each once, in order."""
    return list(dict.fromkeys(re.findall(r"[\w]+", query.lower(), flags=re.UNICODE)))


def quote_terms(terms: Sequence[str]) -> str:
    """An FTS5 OR-query of quoted terms."""
    return " OR ".join(f'"{t}"' for t in terms)


def quote_fts(query: str) -> str:
    """Turn free text into a safe FTS5 OR-query of quoted terms (no syntax errors)."""
    return quote_terms(fts_terms(query))


def scope_token(scope: str) -> str:
    """The one token `memories_fts.scope_token` holds for a scope (migration m009)."""
    return "x" + scope.encode().hex()


def scoped_match(scope: str, match: str) -> str:
    """An FTS5 query for `match` in the text of the scope's records only."""
    return f'scope_token : "{scope_token(scope)}" AND text : ({match})'


class SqliteKeywordIndex:
    """bm25 search of one scope's records."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._dominance: dict[str, tuple[tuple[Any, ...], int]] = {}  # scope -> (epoch, its records)
        self._fts_rows: tuple[tuple[Any, ...] | None, int] = (None, 0)  # (epoch, records)
        self._term_docs: dict[str, int] = {}  # term -> records holding it, in that epoch
        self._hits: tuple[tuple[Any, ...] | None, dict[str, int]] = (None, {})  # (epoch, term -> text matches)
        self._bm25 = bm25.register(db.conn)
        self.postings = Postings(db)

    def said_anywhere(self, word: str) -> bool:
        """Whether any record of the file holds the word (as FTS5 stems it): the first
        match only, so a common word costs no more than a rare one."""
        return self.db.one("SELECT 1 FROM memories_fts WHERE memories_fts MATCH ? LIMIT 1",
                           (quote_terms([word]),)) is not None

    def search(
        self, scope: str, query: str, *, k: int = 50, raw: bool = False,
        include_inactive: bool = False, as_of: str | None = None,
    ) -> list[tuple[int, float]]:
        """FTS5 candidates as (rowid, bm25) with bm25 lower = better.

        Terms in at least half of all records are left out of a quoted query that has
        other terms: FTS5's bm25 gives them an idf of 1e-6 (no say in the order), yet
        every row they match would be scored and sorted ("user" in "User lives in
        ..." is in nearly every record)."""
        return self.prepared(scope, query, k=k, raw=raw, include_inactive=include_inactive, as_of=as_of)()

    def prepared(
        self, scope: str, query: str, *, k: int = 50, raw: bool = False,
        include_inactive: bool = False, as_of: str | None = None, distinctive: bool = False,
    ) -> Callable[[], list[tuple[int, float]]]:
        """`search` in two steps: the small reads that shape the query (the terms'
        counts, the scope's share of the file) here, the full-text query itself when
        the result is called (one long statement, while another thread works).

        `distinctive` (the write path's neighbour probe): in a scope of BOUND_FROM
        records or more, terms matching over DISTINCTIVE_SHARE of the file are left
        out when another term remains ("lives" of "User lives in Lisbon" in a third
        of a 100k store): what they add are records sharing a common word, which the
        vector search already judges, at the cost of scoring each."""
        scope = validate_scope(scope)
        terms: list[str] = []
        if raw:
            match = query
        else:
            terms = fts_terms(query)
            common = self.common_terms(terms) if len(terms) > 1 else set()
            if common and len(common) < len(terms):
                terms = [t for t in terms if t not in common]
            match = quote_terms(terms)
        if not match:
            return lambda: []
        dominates = self.scope_dominates(scope)
        # the scope's own matches are few in a small scope: its full query is cheap
        big = bool(terms) and self._scope_size(scope) >= BOUND_FROM
        large = big and len(terms) > 1
        if large and distinctive:
            terms = self._distinctive(terms)
            match = quote_terms(terms)
        bound = large and len(terms) > 1
        # outside a write transaction, a large scope's query is scored from the postings
        kept = big and not self.db.conn.in_transaction
        return lambda: self._run(scope, query, match, k, dominates, include_inactive, as_of,
                                 terms if bound or kept else [], kept)

    def _run(self, scope: str, query: str, match: str, k: int, dominates: bool, include_inactive: bool,
             as_of: str | None, terms: list[str], kept: bool = False) -> list[tuple[int, float]]:
        where, args = time_filter(include_inactive, as_of)
        try:
            if kept and not self.db.conn.in_transaction:
                states = None if as_of is not None else (ACTIVE, RETIRED) if include_inactive else (ACTIVE,)
                return self.postings.top(scope, scope_token(scope), [f'"{t}"' for t in terms], k, where, args,
                                         states)
            if len(terms) > 1:
                found = bm25.bounded_top(self.db, self._bm25, scope, scope_token(scope), terms, k, where, args,
                                         self.term_hits(terms))
                if found is not None:
                    return found
            rows: list[tuple[Any, ...]] = []
            if dominates:
                rows, complete = self._file_wide(scope, match, k, where, args)
                if complete:
                    return [(r[0], r[1]) for r in rows]
            if len(rows) < k:
                # The scope's token ANDed with the terms: FTS5 scores and returns the
                # scope's matches only, not every match in the file (its column has
                # bm25 weight 0, so the scores are those of the text alone).
                rows = self.db.rows(
                    "SELECT m.rowid, bm25(memories_fts, 1.0, 0.0) AS s FROM memories_fts "
                    "JOIN memories m ON m.rowid = memories_fts.rowid "
                    f"WHERE memories_fts MATCH ? AND m.scope = ?{where} ORDER BY s LIMIT ?",
                    (scoped_match(scope, match), scope, *args, k),
                )
        except apsw.SQLError as exc:
            raise InputError(f"bad full-text query {query!r}: {exc} (drop --raw-query to search plain words)") from exc
        return [(r[0], r[1]) for r in rows]

    def _file_wide(self, scope: str, match: str, k: int, where: str, args: Sequence[Any]
                   ) -> tuple[list[tuple[Any, ...]], bool]:
        """The file-wide best matches first, then the scope filter: when k of them are
        in the scope they are exactly the scope's top k (bm25 is file-wide either way),
        without a join for every matching row; so are they when the file has fewer
        matches than were read (all of them were). Returns the scope's rows and whether
        they are its answer."""
        limit = max(8 * k, 400)
        rows = self.db.rows(
            "SELECT f.rowid, f.s, m.rowid IS NOT NULL FROM (SELECT rowid, bm25(memories_fts, 1.0, 0.0) AS s "
            f"FROM memories_fts WHERE memories_fts MATCH ? ORDER BY s LIMIT {limit}) f "
            # the LEFT JOIN keeps this order: left to itself the planner walks the
            # scope's index and probes the matches (2x slower at 100k records)
            f"LEFT JOIN memories m ON m.rowid = f.rowid AND m.scope = ?{where} ORDER BY f.s",
            (f"text : ({match})", scope, *args),
        )
        kept = [r for r in rows if r[2]][:k]
        return kept, len(kept) >= k or len(rows) < limit

    def epoch(self) -> tuple[Any, ...]:
        """What the counts below are cached under: the file version while the file is
        small (exact), else its size in steps of ~3% (max rowid, one index probe), so
        a file of 100k records is not counted again after every write."""
        top = int(self.db.one("SELECT max(rowid) FROM memories") or 0)
        if top < EXACT_BELOW:
            return ("version", *self.db.version())
        return ("size", int(math.log(top) * 32))

    def scope_dominates(self, scope: str) -> bool:
        """Whether the scope holds at least half of the file's records (counted again
        when the file's size moved, see `epoch`)."""
        total = int(self.db.one("SELECT max(rowid) FROM memories") or 0)
        return total >= 2000 and 2 * self._scope_size(scope) >= total

    def _scope_size(self, scope: str) -> int:
        """The scope's records, counted again when the file's size moved (see `epoch`)."""
        epoch = self.epoch()
        cached = self._dominance.get(scope)
        if cached is None or cached[0] != epoch:
            n = int(self.db.one("SELECT count(*) FROM memories WHERE scope = ?", (scope,)))
            cached = self._dominance[scope] = (epoch, n)
        return cached[1]

    def common_terms(self, terms: Sequence[str]) -> set[str]:
        """Terms (as indexed, so stemmed words are never found here) that occur in at
        least half of the records of the full-text index: their bm25 idf is clamped.
        Counts are cached per `epoch` (an fts5vocab lookup reads the term's whole doclist)."""
        epoch = self.epoch()
        if self._fts_rows[0] != epoch:
            self.db.conn.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.memcli_fts_vocab USING fts5vocab(main, memories_fts, row)")
            self._fts_rows = (epoch, int(self.db.one("SELECT count(*) FROM memories")))
            self._term_docs.clear()
        total = self._fts_rows[1]
        if total < 2:
            return set()
        out = set()
        for t in terms:
            if t not in self._term_docs:
                if len(self._term_docs) > 50_000:
                    self._term_docs.clear()
                self._term_docs[t] = int(self.db.one("SELECT doc FROM temp.memcli_fts_vocab WHERE term = ?", (t,))
                                         or 0)
            if 2 * self._term_docs[t] >= total:
                out.add(t)
        return out

    def _distinctive(self, terms: list[str]) -> list[str]:
        """The terms of at most DISTINCTIVE_SHARE of the file's records (all of them
        when none is)."""
        most = DISTINCTIVE_SHARE * int(self.db.one("SELECT max(rowid) FROM memories") or 0)
        kept = [t for t, h in zip(terms, self.term_hits(terms), strict=True) if h <= most]
        return kept or terms

    def term_hits(self, terms: Sequence[str]) -> list[int]:
        """The rows each term's phrase matches (stemmed as FTS5 stems it), cached per
        `epoch`: what `bm25.bounded_top` plans with before it counts exactly."""
        epoch = self.epoch()
        if self._hits[0] != epoch or len(self._hits[1]) > 50_000:
            self._hits = (epoch, {})
        cache = self._hits[1]
        for t in terms:
            if t not in cache:
                cache[t] = bm25.term_hits(self.db, t)
        return [cache[t] for t in terms]

    def secure_delete(self) -> None:
        """Make deletes from the full-text index remove the terms from the segments that
        hold them (FTS5's `secure-delete`, SQLite >= 3.44, kept in the index's config),
        instead of adding delete markers that leave the old terms until a merge."""
        self.db.conn.execute("INSERT INTO memories_fts (memories_fts, rank) VALUES ('secure-delete', 1)")
