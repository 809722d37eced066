"""The keyword search of a large scope from postings kept in memory: FTS5's own bm25
top k, computed over numpy arrays instead of row by row.

FTS5 scores an OR-query by visiting every row a term matches (a `_docsize` lookup,
a position list, a sorter entry each, ~0.7 us a row), so a query holding a word of
a third of a 100k file costs ~20 ms however few rows can rank, and a bound on the
rest (`bm25.py`) proves the answer only for some queries. Here each term's matches,
with the term's count in the row and the row's length, are read once and kept: a
term FTS5 indexes as one token from its `fts5vocab` 'instance' table (one row per
occurrence: term, doc, col, offset; SQL in C), with the rows' lengths from the index's
`memories_fts_docsize` (read once per connection); any other (a phrase of several
tokens) through `memcli_postings`, an FTS5 auxiliary function called per row. The
score of every match
is then a few array operations over them, with the constants, counts, lengths and
order of additions of fts5_aux.c, so the scores are the same numbers as FTS5's, and
the order (score, then rowid) the same as its `ORDER BY ... LIMIT`. The scope and
time filter: the scope's row states kept in memory (`scoperows.py`), or for `as_of`
SQL over the best rows, in order, until k pass. With the row states, the rows that
hold only the query's common terms are not scored when the most those terms can
give is below the k-th best of the others' rows (`_pruned`, MaxScore).

Kept up to date cheaply: rows past the last one seen are read per term (an FTS5
rowid range, `memcli_postings`), and a delete (in the `memory_changes` log, or the
last row seen gone or replaced) drops everything kept. Records' text is never rewritten in place (a new
record replaces an old one), which is what makes a row's postings final once read.
Used outside a write transaction only (FTS5's pending changes are not in its totals
there), and only for a scope of `keyword.BOUND_FROM` records or more."""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import apsw

from .bm25 import K1, K1_PLUS_1, B, idf
from .connection import Database
from .scoperows import ScopeRows

if TYPE_CHECKING:
    import numpy as np

FUNCTION = "memcli_postings"
VOCAB = "temp.memcli_fts_instance"  # fts5vocab(main, memories_fts, instance), per connection
# the value of byte {} of `sz` (SQL has no byte access: its place in a blob of all 256)
_BYTE = "(instr(X'" + "".join(f"{i:02x}" for i in range(256)) + "', substr(sz, {}, 1)) - 1)"
MAX_POSTINGS = 4_000_000  # rows kept over all terms (16 bytes each), least recently used dropped first
BATCH = 512  # best rows whose scope and time filter are read at once


def _postings(api: apsw.FTS5ExtensionApi, *args: Any) -> int:
    """`memcli_postings(memories_fts)`: the first phrase's count in the text column
    (FTS5's term frequency for a column weighted 1) times 2^32, plus the row's length
    over all columns (what bm25 divides by the average length). With 1 or 2 as
    argument, the file's rows or its total length (bm25's N and N * avgdl)."""
    if args:
        return int(api.row_count) if args[0] == 1 else int(api.column_total_size(-1))
    return (len(api.phrase_column_offsets(0, 0)) << 32) | int(api.column_size(-1))


def _varint_sum(blob: bytes) -> int:
    """The sum of the varints of a `_docsize` row's `sz` (each column's token count,
    SQLite's varint format): the row's length over all columns, as `column_size(-1)`."""
    total = value = 0
    for byte in blob:
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            total, value = total + value, 0
    return total


def _zeros(n: int) -> np.ndarray:
    import numpy as np

    return np.zeros(n, dtype=np.float64)


def _part(tf: np.ndarray, length: np.ndarray, avgdl: float) -> np.ndarray:
    """bm25's term part of each row, before the idf: f (k1 + 1) / (f + k1 (1 - b + b D /
    avgdl)), grouped as the C expression is (the same numbers for any subset of rows)."""
    import numpy as np

    f, d = tf.astype(np.float64), length.astype(np.float64)
    out: np.ndarray = (f * K1_PLUS_1) / (f + K1 * (1 - B + B * d / avgdl))
    return out


def _most(term: Term, avgdl: float) -> float:
    """At least the largest `_part` of the term's rows: it grows with the count, falls
    with the length, so the largest count over the shortest length bounds it (a margin
    for the rounding of either)."""
    if not len(term.rowids):
        return 0.0
    f, d = float(term.tf.max()), float(term.length.min())
    return (f * K1_PLUS_1) / (f + K1 * (1 - B + B * d / avgdl)) * (1 + 1e-9)


_REGISTERED: weakref.WeakSet[apsw.Connection] = weakref.WeakSet()
_VOCABS: weakref.WeakSet[apsw.Connection] = weakref.WeakSet()  # connections with the VOCAB table


def _vocab(conn: apsw.Connection) -> str:
    """VOCAB, created on the connection the first time."""
    if conn not in _VOCABS:
        conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {VOCAB} USING fts5vocab(main, memories_fts, instance)")
        _VOCABS.add(conn)
    return VOCAB


@dataclass
class Term:
    """One quoted term's matches in the whole file, by rowid: its count in the text
    and the row's length, as of rows up to `seen`."""

    rowids: np.ndarray  # int64, ascending
    tf: np.ndarray  # uint32
    length: np.ndarray  # uint32
    seen: int


class Postings:
    """Per-term postings of the file's full-text index, kept for the connection."""

    def __init__(self, db: Database) -> None:
        import numpy as np

        self.db = db
        self._terms: OrderedDict[str, Term] = OrderedDict()
        self._size = 0
        self._seen = -1  # the file's last rowid at the last check
        self._seen_id: str | None = None  # that row's id (a rowid used again is another row)
        self._seq = -1  # the last `memory_changes` row checked
        self._low: int | None = None  # the oldest row of `memory_changes` at the last check
        self.rows = ScopeRows(db)  # which rows are a scope's records, which of them retired
        self._score = _zeros(0)  # by rowid, zero but while a query is scored
        self._length = np.zeros(0, dtype=np.uint32)  # by rowid: `_row_lengths`
        self._lengths_seen = -1  # the last rowid `_length` holds
        self._tokens: dict[str, str | None] = {}  # quoted term -> its one token as indexed, None if not one
        self._tokenizer: Any = None
        if db.conn not in _REGISTERED:
            db.conn.register_fts5_function(FUNCTION, _postings)
            _REGISTERED.add(db.conn)

    def top(self, scope: str, scope_token: str, terms: Sequence[str], k: int, where: str,
            args: Sequence[Any], states: tuple[int, ...] | None = None) -> list[tuple[int, float]]:
        """The scope's top k for the OR of the quoted `terms` (in query order) as
        (rowid, bm25), FTS5's answer to `scope_token : ... AND text : (...)` ordered
        by bm25 with `where` (the time filter over `memories m`); with `states` (the
        `scoperows` states that pass, what `where` asks of a record without `as_of`)
        the filter is the scope's row states kept in memory, not SQL."""
        conn = self.db.conn
        conn.execute("BEGIN")  # one snapshot: the checks, the postings, the totals, the filter
        try:
            self._check()
            kept = [self._term(t) for t in terms]
            stats = conn.execute(f"SELECT {FUNCTION}(memories_fts, 1), {FUNCTION}(memories_fts, 2) FROM memories_fts "
                                 "WHERE memories_fts MATCH ? LIMIT 1", (f'scope_token : "{scope_token}"',)).fetchone()
            if stats is None:  # the scope has no records
                return []
            rows, total = int(stats[0]), int(stats[1])
            return self._best(scope, kept, rows, total / rows, k, where, args, states)
        finally:
            conn.execute("COMMIT")

    def _check(self) -> None:
        """Drop everything kept when a row of the file was deleted since the last check
        (the log, or the last row seen gone or replaced), or the log no longer reaches
        back to it."""
        db = self.db
        top = int(db.one("SELECT max(rowid) FROM memories") or 0)
        last, low = db.rows("SELECT (SELECT max(seq) FROM memory_changes), (SELECT min(seq) FROM memory_changes)")[0]
        last = int(last or 0)
        stale = self._seen >= 0 and (
            (low is not None and last > self._seq and int(low) > self._seq + 1)
            or db.one("SELECT id FROM memories WHERE rowid = ?", (self._seen,)) != self._seen_id)
        if not stale and self._seen >= 0 and last > self._seq:
            changed = [r[0] for r in db.rows("SELECT DISTINCT row FROM memory_changes WHERE seq > ? AND row <= ?",
                                             (self._seq, self._seen))]
            for i in range(0, len(changed), 500):
                chunk = changed[i:i + 500]
                there = db.rows(f"SELECT count(*) FROM memories WHERE rowid IN ({','.join('?' * len(chunk))})",
                                chunk)[0][0]
                stale = stale or there != len(chunk)
        if stale:
            self.rows.clear()
            self._terms.clear()
            self._size = 0
            self._lengths_seen = -1
        self._seen, self._seq, self._low = top, last, None if low is None else int(low)
        self._seen_id = db.one("SELECT id FROM memories WHERE rowid = ?", (top,))

    def _term(self, quoted: str) -> Term:
        """The term's postings up to the last row seen: read whole the first time, then
        the rows past those it has."""
        import numpy as np

        term = self._terms.pop(quoted, None)
        if term is None or term.seen < self._seen:
            token = self._token(quoted) if term is None else None
            if token is not None:
                ids, tf, length = self._from_vocab(token)
            else:
                ids, tf, length = self.from_function(quoted, -1 if term is None else term.seen)
            if term is None:
                term = Term(ids, tf, length, self._seen)
            else:
                self._size -= len(term.rowids)
                term = Term(np.concatenate([term.rowids, ids]), np.concatenate([term.tf, tf]),
                            np.concatenate([term.length, length]), self._seen)
            self._size += len(term.rowids)
        self._terms[quoted] = term  # most recently used last
        while self._size > MAX_POSTINGS and len(self._terms) > 1:
            self._size -= len(self._terms.pop(next(iter(self._terms))).rowids)
        return term

    def from_function(self, quoted: str, start: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The rowids, counts and lengths of the term's matches past `start`, up to the
        last row seen, by `memcli_postings` over FTS5's own MATCH (a Python call a row)."""
        import numpy as np

        got = self.db.rows(f"SELECT rowid, {FUNCTION}(memories_fts) FROM memories_fts WHERE memories_fts MATCH ? "
                           "AND rowid > ? AND rowid <= ?", (f"text : {quoted}", start, self._seen))
        ids = np.fromiter((r[0] for r in got), dtype=np.int64, count=len(got))
        packed = np.fromiter((r[1] for r in got), dtype=np.int64, count=len(got))
        return ids, (packed >> 32).astype(np.uint32), (packed & 0xFFFFFFFF).astype(np.uint32)

    def _token(self, quoted: str) -> str | None:
        """The one token FTS5 indexes the quoted term as (the table's tokenizer:
        porter over unicode61), None when it makes several tokens or none."""
        if quoted not in self._tokens:
            if self._tokenizer is None:
                try:
                    self._tokenizer = self.db.conn.fts5_tokenizer("porter", ["unicode61"])
                except (AttributeError, apsw.Error):  # an apsw without it (before 3.46): the function
                    self._tokenizer = False
            tokens = [] if self._tokenizer is False else self._tokenizer(
                quoted[1:-1].encode(), apsw.FTS5_TOKENIZE_QUERY, None, include_offsets=False, include_colocated=False)
            if len(self._tokens) > 50_000:
                self._tokens.clear()
            self._tokens[quoted] = tokens[0] if len(tokens) == 1 else None
        return self._tokens[quoted]

    def _from_vocab(self, token: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """`from_function`'s answer for a one-token term, from the start: the rows of
        the token's occurrences in the text column (`fts5vocab` 'instance', one string
        from SQL), counted per row here, and the rows' lengths."""
        import numpy as np

        docs = self.db.one(f"SELECT group_concat(doc) FROM {_vocab(self.db.conn)} WHERE term = ? AND col = 'text' "
                           "AND doc <= ?", (token, self._seen))
        ids, tf = np.unique(np.fromstring(docs or "", dtype=np.int64, sep=","), return_counts=True)
        return ids, tf.astype(np.uint32), self._row_lengths()[ids]

    def _row_lengths(self) -> np.ndarray:
        """Every row's length over all columns (`column_size(-1)`) by rowid, up to the
        last row seen: `_docsize` read once (~15 ms at 100k rows), then the rows past it.
        An `sz` of two one-byte varints (a text under 128 tokens) is summed in SQL."""
        import numpy as np

        if self._lengths_seen < self._seen:
            if len(self._length) <= self._seen:
                grown = np.zeros(2 * self._seen + 1, dtype=np.uint32)
                grown[:len(self._length)] = self._length
                self._length = grown
            bounds = (self._lengths_seen, self._seen)
            ids, sums = self.db.rows(
                f"SELECT group_concat(id), group_concat({_BYTE.format(1)} + {_BYTE.format(2)}) "
                "FROM main.memories_fts_docsize WHERE id > ? AND id <= ? AND length(sz) = 2", bounds)[0]
            self._length[np.fromstring(ids or "", dtype=np.int64, sep=",")] = np.fromstring(
                sums or "", dtype=np.int64, sep=",")
            for rowid, sz in self.db.rows("SELECT id, sz FROM main.memories_fts_docsize WHERE id > ? AND id <= ? "
                                          "AND length(sz) <> 2", bounds):
                self._length[rowid] = _varint_sum(sz)
            self._lengths_seen = self._seen
        return self._length

    def _best(self, scope: str, terms: list[Term], rows: int, avgdl: float, k: int, where: str,
              args: Sequence[Any], states: tuple[int, ...] | None) -> list[tuple[int, float]]:
        """Every match scored as fts5_aux.c scores it (phrase by phrase, in query order,
        from 0.0), best first and rowid first among equals, filtered by SQL in batches;
        with the row `states` first the rows of the terms that can rank (`_pruned`)."""
        import numpy as np

        if len(self._score) <= self._seen:
            self._score = _zeros(2 * self._seen + 1)
        idfs = [idf(rows, len(t.rowids)) for t in terms]
        if states is not None and len(terms) > 1:
            found = self._pruned(scope, terms, idfs, avgdl, k, states)
            if found is not None:
                return found
        score = self._score  # zero outside the rows scored below, which are zeroed again after
        touched = np.concatenate([t.rowids for t in terms])
        try:
            for t, w in zip(terms, idfs, strict=True):
                if len(t.rowids):
                    score[t.rowids] += w * _part(t.tf, t.length, avgdl)
            return self._filtered(scope, touched, score[touched], k, where, args, states)
        finally:
            score[touched] = 0.0

    def _pruned(self, scope: str, terms: list[Term], idfs: list[float], avgdl: float, k: int,
                states: tuple[int, ...]) -> list[tuple[int, float]] | None:
        """`_best` without scoring the rows that hold only common terms, when they cannot
        rank (MaxScore): the terms sorted by the most a row can get from each (`_most`),
        the fewest of the least that leave a quarter of the postings or less to the
        others; those others' rows (in the scope) fully scored, each term's part added in
        query order as `_best` adds it, so the same numbers; and their k-th best above
        the most the left-out terms together can give, else None (score them all)."""
        import numpy as np

        most = [w * _most(t, avgdl) for t, w in zip(terms, idfs, strict=True)]
        by_most = sorted(range(len(terms)), key=lambda i: most[i])
        left = len(terms[by_most[0]].rowids)
        total = sum(len(t.rowids) for t in terms)
        out = 1
        while out < len(terms) - 1 and 4 * (total - left) > total:
            left += len(terms[by_most[out]].rowids)
            out += 1
        if 4 * (total - left) > total:
            return None
        common = set(by_most[:out])
        held = np.concatenate([t.rowids for i, t in enumerate(terms) if i not in common])
        rank = np.unique(held)
        rank = rank[np.isin(self.rows.states(scope, self._seen, self._seq, self._low)[rank], states)]
        if len(rank) < k:
            return None
        score = self._score
        try:
            for i, (t, w) in enumerate(zip(terms, idfs, strict=True)):
                if not len(t.rowids):
                    continue
                if i in common:  # the part of the rows that can rank only
                    at = np.minimum(np.searchsorted(t.rowids, rank), len(t.rowids) - 1)
                    hit = t.rowids[at] == rank
                    at = at[hit]
                    score[rank[hit]] += w * _part(t.tf[at], t.length[at], avgdl)
                else:
                    score[t.rowids] += w * _part(t.tf, t.length, avgdl)
            scores = score[rank]
            if not sum(most[i] for i in common) * (1 + 1e-9) < -np.partition(-scores, k - 1)[k - 1]:
                return None
            return self._filtered(scope, rank, scores, k, "", (), states)
        finally:
            score[held] = 0.0

    def _filtered(self, scope: str, rowids: np.ndarray, scores: np.ndarray, k: int, where: str,
                  args: Sequence[Any], states: tuple[int, ...] | None) -> list[tuple[int, float]]:
        """The best k of the matches (`rowids` may repeat) that pass the scope and time
        filter (SQL, or the scope's row `states` first): the best few first, all rows
        tied with the last of them included."""
        import numpy as np

        if states is not None:
            passes = np.isin(self.rows.states(scope, self._seen, self._seq, self._low)[rowids], states)
            rowids, scores = rowids[passes], scores[passes]
        out: list[tuple[int, float]] = []
        want = 2 * k + 8
        while len(rowids) and len(out) < k:
            if len(rowids) > want:
                cut = -np.partition(-scores, want - 1)[want - 1]
                top = scores >= cut
                head, head_scores = rowids[top], scores[top]
                rowids, scores = rowids[~top], scores[~top]
            else:
                head, head_scores = rowids, scores
                rowids = rowids[:0]
            head, first = np.unique(head, return_index=True)
            head_scores = head_scores[first]
            order = np.lexsort((head, -head_scores))
            ranked, values = head[order].tolist(), head_scores[order].tolist()
            if states is not None:  # all of them pass
                out += [(r, -1.0 * v) for r, v in zip(ranked, values, strict=True)]
                want *= 8
                continue
            for i in range(0, len(ranked), BATCH):
                chunk = ranked[i:i + BATCH]
                ok = {r[0] for r in self.db.rows(
                    f"SELECT m.rowid FROM memories m WHERE m.rowid IN ({','.join('?' * len(chunk))}) "
                    f"AND m.scope = ?{where}", (*chunk, scope, *args))}
                out += [(r, -1.0 * v) for r, v in zip(chunk, values[i:i + BATCH], strict=True) if r in ok]
                if len(out) >= k:
                    break
            want *= 8
        return out[:k]
