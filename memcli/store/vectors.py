"""The vector index: `memory_embeddings` (each record's float32 vector by rowid with
its sign bits: the recall scan, rescoring and point lookups; the one copy of each
vector), the in-memory sign-bit index of a scope (with the float vectors of recent
candidates) kept up to date from the `memory_changes` log, and the embedder the
vectors were made with (in `meta`); and `memory_parts`, the vectors of an episode's
sentences, read for the records a search returned."""

from __future__ import annotations

import os
from array import array
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import apsw

from ..errors import EmbedderMismatch
from ..scope import validate_scope
from .codes import could_rank, quantize, quantize_one
from .connection import Database
from .rows import time_filter

if TYPE_CHECKING:
    import numpy as np

    from ..embed import Embedder

# Vector search: a hamming scan over the sign bits picks max(k * OVERSAMPLE,
# COARSE_MIN) candidates, rescored by exact cosine; a scope that small is searched exactly.
OVERSAMPLE = 8
COARSE_MIN = 400
# `memory_changes` keeps at least this many of its newest rows (a reader further
# behind rebuilds its index); the writers prune it every PRUNE_EVERY inserts.
CHANGES_KEPT = 4096
PRUNE_EVERY = 512
# A reader this many changes behind (or a quarter of the scope) rebuilds instead.
CATCH_UP_MAX = 20000
# The search of a scope (by one connection, since its index was built) from which its
# index keeps the int8 codes of its vectors (`codes.py`): from the second, so that a
# process that searches once (a CLI recall) never reads every vector; the write
# path's probes do not count (`prepared`'s `build_codes`).
CODES_FROM = 2
# From this many records in a scope, the hamming scan runs on a worker thread beside
# the keyword search (`SqliteVectorIndex.prepared`).
SCAN_APART = 32768
# Scopes whose index a connection keeps in memory.
CACHED_SCOPES = 8
# Bytes of candidates' float vectors a connection keeps between searches (over all
# its scopes' indexes, least recently used dropped first).
FLOATS_KEPT_BYTES = 64 << 20


def vec_blob(vector: np.ndarray | Sequence[float]) -> bytes:
    # sqlite-vec reads little-endian float32; array('f') is native (little-endian here).
    if hasattr(vector, "astype"):
        return bytes(vector.astype("<f4").tobytes())
    return array("f", [float(x) for x in vector]).tobytes()


def sign_bits(vector: np.ndarray | Sequence[float]) -> bytes:
    """Sign bits of a vector, bit i of byte i // 8 set when element i > 0: the
    layout of sqlite-vec's vec_quantize_binary (migration m006 uses that)."""
    import numpy as np

    return bytes(np.packbits(np.asarray(vector, dtype=np.float32) > 0, bitorder="little").tobytes())


@dataclass
class ScopeIndex:
    """The sign bits of one scope's vectors in memory, column-major (one row per
    machine word of bits, so the hamming scan makes one contiguous pass per word),
    with per-record flags; appended to and updated in place as `memory_changes`
    reports changes, never rebuilt on the hot path. Slots past `n` are spare."""

    rowids: np.ndarray  # (cap,) int64
    columns: np.ndarray  # (words, cap) bits
    retired: np.ndarray  # (cap,) bool: retired_at set
    present: np.ndarray  # (cap,) bool: a record and its vector exist
    n: int
    seq: int  # the last `memory_changes` row applied
    version: tuple[int, int, int] = (-1, -1, -1)  # the file version it was last checked at
    pos: dict[int, int] = field(default_factory=dict)  # rowid -> slot
    # float vectors read for earlier searches, by rowid, least recently used first:
    # what this connection sees (an entry goes when `memory_changes` names its rowid)
    floats: OrderedDict[int, np.ndarray] = field(default_factory=OrderedDict)
    # each slot's int8 code, scale and error bound (`codes.py`): which candidates can rank
    searches: int = 0  # of the scope by this connection, while this index lasts
    codes: np.ndarray | None = None  # (cap, dim) int8
    scale: np.ndarray | None = None  # (cap,) float32
    err: np.ndarray | None = None  # (cap,) float32

    def put(self, rowid: int, bits: np.ndarray, retired: bool, vector: np.ndarray | None = None) -> None:
        """Insert or update one record's slot (its code from `vector`; without one, or
        of another width, it is always read), growing the arrays by a quarter."""
        import numpy as np

        i = self.pos.get(rowid)
        if i is None:
            if self.n == len(self.rowids):
                self._grow(max(64, self.n + self.n // 4))
            i = self.pos[rowid] = self.n
            self.n += 1
            self.rowids[i] = rowid
        self.columns[:, i] = bits
        self.retired[i] = retired
        self.present[i] = True
        if self.codes is not None and self.scale is not None and self.err is not None:
            if vector is not None and vector.shape == (self.codes.shape[1],):
                self.codes[i], self.scale[i], self.err[i] = quantize_one(vector)
            else:
                self.codes[i], self.scale[i], self.err[i] = 0, 0.0, np.inf

    def _grow(self, cap: int) -> None:
        import numpy as np

        self.rowids = np.resize(self.rowids, cap)
        self.retired = np.resize(self.retired, cap)
        self.present = np.resize(self.present, cap)
        cols = np.zeros((self.columns.shape[0], cap), dtype=self.columns.dtype)
        cols[:, :self.n] = self.columns[:, :self.n]
        self.columns = cols
        if self.codes is not None and self.scale is not None and self.err is not None:
            codes = np.zeros((cap, self.codes.shape[1]), dtype=np.int8)
            codes[:self.n] = self.codes[:self.n]
            self.codes = codes
            self.scale = np.resize(self.scale, cap)
            self.err = np.resize(self.err, cap)

    def drop(self, rowid: int) -> None:
        i = self.pos.get(rowid)
        if i is not None:
            self.present[i] = False


def _bits_matrix(blobs: Sequence[bytes], width: int) -> np.ndarray:
    """(rows, words) of sign bits: uint64 words when the width allows, else bytes."""
    import numpy as np

    dtype = np.uint64 if width % 8 == 0 else np.uint8
    cols = width // np.dtype(dtype).itemsize
    return np.frombuffer(b"".join(blobs), dtype=dtype).reshape(len(blobs), cols)


def _codes_of(blobs: Sequence[bytes], dim: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`quantize` of these float vectors' bytes; one of another width is always read."""
    import numpy as np

    if all(len(b) == 4 * dim for b in blobs):
        return quantize(np.frombuffer(b"".join(blobs), dtype="<f4").reshape(len(blobs), dim))
    mat = np.zeros((len(blobs), dim), dtype=np.float32)
    other = [i for i, b in enumerate(blobs) if len(b) != 4 * dim]
    for i, b in enumerate(blobs):
        if len(b) == 4 * dim:
            mat[i] = np.frombuffer(b, dtype="<f4")
    codes, scale, err = quantize(mat)
    err[other] = np.inf
    return codes, scale, err


def _float_vectors(conn: apsw.Connection, scope: str, rowids: Sequence[int]) -> dict[int, np.ndarray]:
    """The float vectors of these records in the scope, in chunks of 500 rowids, each
    chunk in rowid order (as SQLite walks `rowid IN (...)`): an array over each row's
    own bytes (keeping one holds only its row, so `_keep` need not copy it)."""
    import numpy as np

    out: dict[int, np.ndarray] = {}
    rowids = list(dict.fromkeys(rowids))
    for i in range(0, len(rowids), 500):
        chunk = rowids[i:i + 500]
        # `+scope`: look the rowids up, never walk the scope's index.
        rows: list[tuple[int, bytes]] = conn.execute(  # type: ignore[assignment]
            f"SELECT rowid, embedding FROM memory_embeddings WHERE rowid IN ({','.join('?' * len(chunk))}) "
            "AND +scope = ?", (*chunk, scope)).fetchall()
        out.update((r[0], np.frombuffer(r[1], dtype="<f4")) for r in rows)
    return out


def _nearest(rowids: np.ndarray, columns: np.ndarray, valid: np.ndarray, q: np.ndarray, m: int) -> list[int]:
    """The rowids of the m valid records nearest `q` by hamming distance, equally
    distant ones by slot (the record indexed first first)."""
    ids: list[int] = rowids[_nearest_slots(columns, valid, q, m)].tolist()
    return ids


def _nearest_slots(columns: np.ndarray, valid: np.ndarray, q: np.ndarray, m: int) -> np.ndarray:
    """`_nearest`'s slots (of the first len(valid))."""
    import numpy as np

    n = len(valid)
    qbits = np.frombuffer(sign_bits(q), dtype=columns.dtype)
    far = q.size + 1  # the distance of a slot left out: more than any record's
    dist = _hamming(columns, qbits, n, np.uint16 if far < 65536 else np.uint32)
    dist[~valid] = far
    # each distance and its slot as one integer (distance in the high bits): the m
    # smallest are one set whichever way they are selected, and numpy's SIMD
    # partition of int32 takes 0.15 ms at 100k where argpartition of the distances
    # takes 0.9 and leaves the choice among equal distances to its algorithm
    shift = max(n - 1, 1).bit_length()
    kind = np.int32 if far.bit_length() + shift <= 31 else np.int64
    key = np.left_shift(dist, shift, dtype=kind)
    key |= _slot_numbers(n, kind)
    slots: np.ndarray = np.partition(key, m - 1)[:m] & ((1 << shift) - 1)
    return slots


# The hamming scan's slots per block: its temporaries stay in the cache (at 1M
# records 18-20 ms against 39 for whole columns on a loaded machine, the same at 100k).
HAMMING_BLOCK = 65536
_SLOT_NUMBERS: dict[Any, np.ndarray] = {}


_SCANNER: dict[int, ThreadPoolExecutor] = {}  # pid -> its worker (a forked child starts its own)


def _scanner() -> ThreadPoolExecutor:
    """The one worker thread of the process's hamming scans (started when first used;
    a forked child, which has no copy of its parent's thread, starts another)."""
    pid = os.getpid()
    if pid not in _SCANNER:
        _SCANNER.clear()
        _SCANNER[pid] = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memcli-scan")
    return _SCANNER[pid]


def _hamming(columns: np.ndarray, qbits: np.ndarray, n: int, wide: Any) -> np.ndarray:
    """The hamming distance of each of the first n slots to `qbits`: column by column
    (one contiguous pass per word of bits, 6x faster than a row-wise sum at 100k
    records), a block of slots at a time, in the narrowest integer `wide`."""
    import numpy as np

    dist = np.empty(n, dtype=wide)
    size = min(n, HAMMING_BLOCK)
    xor = np.empty(size, dtype=columns.dtype)
    count = np.empty(size, dtype=np.uint8)
    for start in range(0, n, HAMMING_BLOCK):
        end = min(n, start + HAMMING_BLOCK)
        x, c, d = xor[:end - start], count[:end - start], dist[start:end]
        np.bitwise_count(np.bitwise_xor(columns[0, start:end], qbits[0], out=x), out=c)
        d[:] = c
        for i in range(1, len(qbits)):
            np.add(d, np.bitwise_count(np.bitwise_xor(columns[i, start:end], qbits[i], out=x), out=c), out=d)
    return dist


def _slot_numbers(n: int, kind: Any) -> np.ndarray:
    """0 .. n-1 as `kind`, kept between searches (growing by a quarter), read only."""
    import numpy as np

    have = _SLOT_NUMBERS.get(kind)
    if have is None or len(have) < n:
        have = _SLOT_NUMBERS[kind] = np.arange(n + n // 4, dtype=kind)
        have.flags.writeable = False
    return have[:n]


def _cosine_arrays(q: np.ndarray, vecs: Mapping[int, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The rowids of `vecs` (in its order) and their cosines to `q` (float32, as each
    row's d / (norm * |q|) in float32), zero vectors left out. Each row's dot products
    are summed by `einsum` row by row, so a row's cosine is the same number whatever
    rows are scored with it and in whatever order (BLAS's matrix-vector product gives
    a row another last bit depending on the rows around it, and wakes its threads)."""
    import numpy as np

    qn = float(np.sqrt(np.einsum("i,i->", q, q)))
    if not vecs or not qn:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
    ids = np.fromiter(vecs, dtype=np.int64, count=len(vecs))
    rows = list(vecs.values())
    # one copy into one new matrix (what `vstack` makes, without its per-row Python)
    mat = np.concatenate(rows).reshape(len(rows), -1) if len({v.shape for v in rows}) == 1 else np.vstack(rows)
    norms = np.sqrt(np.einsum("ij,ij->i", mat, mat))
    dots = np.einsum("ij,j->i", mat, q)
    keep = norms > 0
    return ids[keep], dots[keep] / (norms[keep] * np.float32(qn))


def _cosines(q: np.ndarray, vecs: dict[int, np.ndarray]) -> dict[int, float]:
    ids, sims = _cosine_arrays(q, vecs)
    return dict(zip(ids.tolist(), sims.tolist(), strict=True))


def _top(ids: np.ndarray, sims: np.ndarray, k: int) -> list[tuple[int, float]]:
    """`_ranked` over arrays: the k most similar as (rowid, cosine distance), ties by rowid."""
    import numpy as np

    order = np.lexsort((ids, -sims))[:k]
    return [(r, 1.0 - sim) for r, sim in zip(ids[order].tolist(), sims[order].tolist(), strict=True)]


def _ranked(sims: dict[int, float], k: int) -> list[tuple[int, float]]:
    """The k most similar as (rowid, cosine distance), ties by rowid."""
    return [(r, 1.0 - sim) for r, sim in sorted(sims.items(), key=lambda kv: (-kv[1], kv[0]))[:k]]


class SqliteVectorIndex:
    """Vectors of the records, searched inside one scope at a time."""

    def __init__(self, db: Database, embedder: Embedder | None = None) -> None:
        self.db = db
        self._embedder = embedder
        self._indexes: dict[str, ScopeIndex] = {}  # scope -> its index, least recently used first
        self._masks: dict[tuple[Any, ...], np.ndarray] = {}  # (scope, as_of, version) -> valid slots

    # -- the embedder ---------------------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            from ..embed import default_embedder

            self._embedder = default_embedder()
        return self._embedder

    def check_embedder(self) -> None:
        stored = self.db.meta("embedder_model")
        if stored is None:
            return
        current = self.embedder.model_id
        if stored != current:
            raise EmbedderMismatch(
                f"{self.db.path} was embedded with {stored!r} but memcli is using {current!r}: "
                "run `memcli reindex` to re-embed it with the current model"
            )

    def ensure(self) -> None:
        """Record the current embedder in `meta` on first use."""
        if self.db.meta("embedder_model") is not None:
            return
        emb = self.embedder
        with self.db.transaction():
            if self.db.meta("embedder_model") is not None:
                return
            self.db.set_meta("embedder_model", emb.model_id)
            self.db.set_meta("embedder_dim", str(emb.dim))

    def has_vectors(self) -> bool:
        return self.db.meta("embedder_model") is not None

    def embed_query(self, text: str) -> np.ndarray:
        self.ensure()
        return self.embedder.embed_one(text)

    def embed_many(self, texts: list[str]) -> np.ndarray:
        self.ensure()
        return self.embedder.embed(texts)

    # -- writes -----------------------------------------------------------------------
    def add(self, rowid: int, scope: str, vector: np.ndarray | Sequence[float]) -> None:
        """Store a record's vector (inside the caller's transaction); the trigger on
        `memory_embeddings` logs it in `memory_changes`, which is pruned here now and then."""
        self.db.conn.execute(
            "INSERT INTO memory_embeddings (rowid, scope, bits, embedding) VALUES (?, ?, ?, ?)",
            (rowid, scope, sign_bits(vector), vec_blob(vector)),
        )
        if rowid % PRUNE_EVERY == 0:
            self.db.conn.execute(
                "DELETE FROM memory_changes WHERE seq < (SELECT max(seq) FROM memory_changes) - ?",
                (CHANGES_KEPT,))

    def add_parts(self, rowid: int, scope: str, vectors: Sequence[np.ndarray]) -> None:
        """Store the vectors of a record's sentences (`memory_parts`), inside the caller's
        transaction."""
        self.db.conn.executemany("INSERT INTO memory_parts (memory_rowid, scope, embedding) VALUES (?, ?, ?)",
                                 [(rowid, scope, vec_blob(v)) for v in vectors])

    def part_similarities(self, scope: str, vector: np.ndarray, rowids: Sequence[int]) -> dict[int, float]:
        """Per record of these that has sentence vectors (`add_parts`), the cosine of
        `vector` to its nearest sentence."""
        import numpy as np

        out: dict[int, float] = {}
        rowids = list(dict.fromkeys(rowids))
        q = np.asarray(vector, dtype=np.float32)
        for i in range(0, len(rowids), 500):
            chunk = rowids[i:i + 500]
            rows: list[tuple[int, bytes]] = self.db.conn.execute(  # type: ignore[assignment]
                f"SELECT memory_rowid, embedding FROM memory_parts WHERE memory_rowid IN ({','.join('?' * len(chunk))}) "
                "AND +scope = ?", (*chunk, scope)).fetchall()
            if not rows:
                continue
            # every sentence's cosine in one product, then the nearest per record
            sims = np.frombuffer(b"".join(r[1] for r in rows), dtype="<f4").reshape(len(rows), -1) @ q
            for (rowid, _), sim in zip(rows, sims.tolist(), strict=True):
                out[rowid] = max(out.get(rowid, sim), sim)
        return out

    # -- the in-memory index of a scope -------------------------------------------------
    def scope_index(self, scope: str) -> ScopeIndex:
        """The scope's sign-bit index, brought up to date: nothing is read while the
        file is unchanged (`PRAGMA data_version`, this connection's changes); after a
        write, the `memory_changes` rows past the last one applied (none after a
        rehearsal) are applied in place; a full read only the first time, after a
        rollback, or when the log no longer reaches back far enough."""
        version = (*self.db.version(), self.db.rollbacks)
        index = self._indexes.pop(scope, None)
        if index is not None and index.version != version:
            if index.version[2] != version[2] or not self._catch_up(scope, index):
                index = None
        if index is None:
            index = self._build(scope)
        index.version = version
        self._indexes[scope] = index  # most recently used last
        while len(self._indexes) > CACHED_SCOPES:
            self._indexes.pop(next(iter(self._indexes)))
        return index

    def _build(self, scope: str) -> ScopeIndex:
        import numpy as np

        seq = int(self.db.one("SELECT max(seq) FROM memory_changes") or 0)  # before the reads
        rows = self.db.rows("SELECT rowid, bits FROM memory_embeddings WHERE scope = ?", (scope,))
        records = self.db.rows("SELECT rowid, retired_at IS NOT NULL FROM memories WHERE scope = ?", (scope,))
        ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
        rec_ids = np.fromiter((r[0] for r in records), dtype=np.int64, count=len(records))
        rec_retired = np.fromiter((r[1] for r in records), dtype=bool, count=len(records))
        width = len(rows[0][1]) if rows else int(self.db.meta("embedder_dim") or 64) // 8
        bits = _bits_matrix([r[1] for r in rows], width)
        return ScopeIndex(rowids=ids, columns=np.array(bits.T, order="C"), retired=np.isin(ids, rec_ids[rec_retired]),
                          present=np.isin(ids, rec_ids), n=len(ids), seq=seq,
                          pos={int(r): i for i, r in enumerate(ids)})

    def _add_codes(self, scope: str, index: ScopeIndex, dim: int) -> None:
        """Give the index its slots' int8 codes (`codes.py`): every float vector of the
        scope read once by rowid, in rowid order, 500 at a time (~3 us a row), and coded
        (~3 us). A slot whose vector is gone (or of another width) is always read."""
        import numpy as np

        cap = len(index.rowids)
        codes = np.zeros((cap, dim), dtype=np.int8)
        scale = np.zeros(cap, dtype=np.float32)
        err = np.full(cap, np.inf, dtype=np.float32)
        by_rowid = np.argsort(index.rowids[:index.n], kind="stable")  # slots in rowid order
        ordered = index.rowids[:index.n][by_rowid].tolist()
        for i in range(0, len(ordered), 500):
            chunk = ordered[i:i + 500]
            rows = self.db.rows(f"SELECT rowid, embedding FROM memory_embeddings WHERE rowid IN "
                                f"({','.join('?' * len(chunk))}) AND +scope = ?", (*chunk, scope))
            got = dict(rows)
            blobs = [got.get(r, b"") for r in chunk]
            slots = by_rowid[i:i + len(chunk)]
            codes[slots], scale[slots], err[slots] = _codes_of(blobs, dim)
        index.codes, index.scale, index.err = codes, scale, err

    def _catch_up(self, scope: str, index: ScopeIndex) -> bool:
        """Apply the scope's changes logged since the index was last current; False
        when the log was pruned past that point or the changes are too many."""
        import numpy as np

        # two subqueries: each is one probe of the key, where min and max in one
        # select scan the whole log (~0.25 ms a write at its 4,096 rows)
        top, low = self.db.rows(
            "SELECT (SELECT max(seq) FROM memory_changes), (SELECT min(seq) FROM memory_changes)")[0]
        if top is None or int(top) <= index.seq:
            return True
        if int(low) > index.seq + 1:
            return False
        changed = [r[0] for r in self.db.conn.execute(
            "SELECT row FROM memory_changes WHERE scope = ? AND seq > ? ORDER BY seq", (scope, index.seq))]
        if len(changed) > min(CATCH_UP_MAX, max(1000, index.n // 4)):
            return False
        changed = list(dict.fromkeys(changed))
        state: dict[int, tuple[bytes, bool, bytes | None]] = {}
        for i in range(0, len(changed), 500):
            chunk = changed[i:i + 500]
            for rowid, bits, retired, emb in self.db.conn.execute(
                    "SELECT e.rowid, e.bits, m.retired_at IS NOT NULL, e.embedding FROM memory_embeddings e "
                    f"JOIN memories m ON m.rowid = e.rowid WHERE e.rowid IN ({','.join('?' * len(chunk))}) "
                    "AND +e.scope = ? AND m.scope = e.scope", (*chunk, scope)):
                state[rowid] = (bits, bool(retired), emb)
        for rowid in changed:
            index.floats.pop(rowid, None)
            if rowid in state:
                bits, retired, emb = state[rowid]
                index.put(rowid, _bits_matrix([bits], len(bits))[0], retired,
                          None if emb is None else np.frombuffer(emb, dtype="<f4"))
            else:
                index.drop(rowid)
        index.seq = max(int(top), index.seq)
        self._masks.clear()
        return True

    def _valid(self, scope: str, index: ScopeIndex, include_inactive: bool, as_of: str | None) -> np.ndarray:
        """The slots the time filter keeps (valid at `as_of`: read from `memories`)."""
        import numpy as np

        n = index.n
        if as_of is None:
            return index.present[:n] if include_inactive else index.present[:n] & ~index.retired[:n]
        key = (scope, as_of, index.version, index.seq)
        if key not in self._masks:
            where, args = time_filter(False, as_of)
            live = np.fromiter((r[0] for r in self.db.conn.execute(
                f"SELECT m.rowid FROM memories m WHERE m.scope = ?{where}", (scope, *args))), dtype=np.int64)
            if len(self._masks) >= 8:
                self._masks.clear()
            self._masks[key] = index.present[:n] & np.isin(index.rowids[:n], live)
        return self._masks[key]

    # -- search -------------------------------------------------------------------------
    def search(
        self, scope: str, vector: np.ndarray, *, k: int = 50,
        include_inactive: bool = False, as_of: str | None = None,
    ) -> list[tuple[int, float]]:
        """Nearest records inside the scope as (rowid, cosine distance), nearest first.

        A hamming scan over the sign bits of the scope's records that pass the time
        filter (numpy, over the scope's in-memory index) keeps max(k * 8, 400)
        candidates, and those are ranked by exact cosine against their float vectors
        (those kept from earlier searches, the others read on the store's connection,
        whose page cache outlives its own writes): a scope of at most that many
        records is searched exactly. A record without a vector is found by the
        keyword index only."""
        return self.prepared(scope, vector, k=k, include_inactive=include_inactive, as_of=as_of)()

    def prepared(
        self, scope: str, vector: np.ndarray, *, k: int = 50,
        include_inactive: bool = False, as_of: str | None = None, build_codes: bool = True,
    ) -> Callable[[], list[tuple[int, float]]]:
        """`search` in two steps: the index brought up to date and, in a scope of
        SCAN_APART records or more, the hamming scan started on a worker thread (numpy
        only, no SQL: it lets go of the GIL), so that the caller's keyword search runs
        beside it; the rest, on the store's connection, when the result is called.
        `build_codes` false: the codes are used if the index has them, never built for
        this search (the write path's probes, in a process that may ingest one batch)."""
        import numpy as np

        scope = validate_scope(scope)
        if not self.has_vectors():
            return list
        q = np.asarray(vector, dtype=np.float32)
        if k <= 0 or not float(np.dot(q, q)):
            return list
        index = self.scope_index(scope)
        valid = self._valid(scope, index, include_inactive, as_of)
        m = max(k * OVERSAMPLE, COARSE_MIN)
        if int(valid.sum()) <= m:  # searched exactly
            return lambda: _ranked(self.cosines(scope, q, [int(r) for r in index.rowids[:index.n][valid]]), k)
        if index.n < SCAN_APART:
            slots = _nearest_slots(index.columns, valid, q, m)
            return lambda: self._rescored(scope, index, q, k, slots, build_codes)
        scan = _scanner().submit(_nearest_slots, index.columns, valid, q, m)
        return lambda: self._rescored(scope, index, q, k, scan.result(), build_codes)

    def _rescored(self, scope: str, index: ScopeIndex, q: np.ndarray, k: int, slots: np.ndarray,
                  build_codes: bool = True) -> list[tuple[int, float]]:
        """The k nearest of the scan's candidates by exact cosine: those that can rank
        (by the codes, from the scope's second search that may build them) read and
        rescored."""
        index.searches += build_codes
        if index.codes is None and index.searches >= CODES_FROM:
            self._add_codes(scope, index, q.size)
        if index.codes is not None and index.scale is not None and index.err is not None:
            # only the candidates that can be among the k nearest are rescored (`codes.py`)
            slots = slots[could_rank(index.codes[slots], index.scale[slots], index.err[slots], q, k)]
        ids: list[int] = index.rowids[slots].tolist()
        kept = index.floats
        missing = [r for r in ids if r not in kept]
        vecs = _float_vectors(self.db.conn, scope, missing) if missing else {}
        vecs.update((r, kept[r]) for r in ids if r not in vecs and r in kept)
        ranked = _top(*_cosine_arrays(q, vecs), k)
        self._keep(index, vecs)
        return ranked

    def _keep(self, index: ScopeIndex, vecs: dict[int, np.ndarray]) -> None:
        """Keep the vectors a search used (a view into a larger array is copied, so that
        the array is not held by the rows kept), within FLOATS_KEPT_BYTES over every
        scope's index."""
        import numpy as np

        floats = index.floats
        for r, v in vecs.items():
            if r in floats:
                floats.move_to_end(r)
            else:
                floats[r] = v.copy() if isinstance(v.base, np.ndarray) else v
        width = next(iter(vecs.values())).nbytes if vecs else 0
        if not width:
            return
        over = sum(len(ix.floats) for ix in self._indexes.values()) - FLOATS_KEPT_BYTES // width
        for ix in self._indexes.values():  # least recently used scope first
            while over > 0 and ix.floats:
                ix.floats.popitem(last=False)
                over -= 1

    def cosines(self, scope: str, q: np.ndarray, rowids: Sequence[int]) -> dict[int, float]:
        """Exact cosine of `q` to the float vectors of these records (rowid lookups in
        `memory_embeddings`); records without a vector or with a zero one are left out."""
        return _cosines(q, self.float_vectors(scope, rowids))

    def float_vectors(self, scope: str, rowids: Sequence[int]) -> dict[int, np.ndarray]:
        """The float vectors of these records: those a search of the scope keeps (its
        index brought up to date first, so they are what this connection sees), the
        others read (recall's keyword-only candidates are often among the kept)."""
        index = self._indexes.get(scope)
        if index is None or not index.floats:
            return _float_vectors(self.db.conn, scope, rowids)
        kept = self.scope_index(scope).floats
        out = _float_vectors(self.db.conn, scope, [r for r in rowids if r not in kept])
        out.update((r, kept[r]) for r in rowids if r in kept)
        return out

    # -- point lookups ------------------------------------------------------------------
    def similarities(self, scope: str, vector: np.ndarray, rowids: Sequence[int]) -> dict[int, float]:
        """Cosine similarity of `vector` to the stored vectors of these records, by
        rowid lookups in `memory_embeddings` (vec0 scans its whole table for
        `memory_rowid IN (...)`)."""
        import numpy as np

        scope = validate_scope(scope)
        if not rowids or not self.has_vectors():
            return {}
        return self.cosines(scope, np.asarray(vector, dtype=np.float32), list(rowids))

    def vectors(self, scope: str, rowids: Sequence[int]) -> dict[int, np.ndarray]:
        """Stored float vectors of these records, by rowid lookups in `memory_embeddings`
        (a vec0 point lookup costs ~0.25 ms, these ~3 us)."""
        scope = validate_scope(scope)
        if not rowids or not self.has_vectors():
            return {}
        return self.float_vectors(scope, rowids)

    def similarity_to(self, scope: str, vector: np.ndarray, memory_id: str) -> float:
        rowid = self.db.one("SELECT rowid FROM memories WHERE scope = ? AND id = ?",
                            (validate_scope(scope), memory_id))
        return self.similarities(scope, vector, [rowid]).get(rowid, 0.0) if rowid else 0.0

    # -- hard delete ----------------------------------------------------------------------
    def delete(self, rowids: Sequence[int]) -> dict[str, int]:
        """Remove these records' vectors (purge), inside the caller's transaction; returns
        the rows removed. `memory_embeddings` is the one copy of each record's vector,
        `memory_parts` of its sentences'."""
        out = {"memory_embeddings": 0, "memory_parts": 0}
        rowids = sorted(set(rowids))
        conn = self.db.conn
        for i in range(0, len(rowids), 500):
            chunk = rowids[i:i + 500]
            conn.execute(f"DELETE FROM memory_embeddings WHERE rowid IN ({','.join('?' * len(chunk))})", chunk)
            out["memory_embeddings"] += conn.changes()
            conn.execute(f"DELETE FROM memory_parts WHERE memory_rowid IN ({','.join('?' * len(chunk))})", chunk)
            out["memory_parts"] += conn.changes()
        return out
