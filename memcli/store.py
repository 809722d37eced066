"""The store: one SQLite file that owns every SQL statement memcli runs.

Tables: `memories` (records, never edited in place except lifecycle columns),
`memories_fts` (FTS5, kept in sync by triggers), `memory_vec` (sqlite-vec vec0,
scope as partition key, cosine distance), `memory_embeddings` (the same vectors by
rowid with their sign bits: the recall scan and rescoring), `turns` (raw transcript messages),
`decisions` (the write log), `settings` (per-scope policy) and `meta`.

Every method that reads or writes memories takes a scope and puts it in the
WHERE clause, so no query path crosses scopes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
from array import array
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Sequence

import apsw

from . import migrations
from .errors import EmbedderMismatch, InputError, MemcliError, NotFound
from .models import MEMORY_KINDS, SOURCES, Decision, Memory
from .scope import validate_scope
from .timeutil import to_iso, utcnow

if TYPE_CHECKING:
    import numpy as np

    from .embed import Embedder

_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
_ID_RE = re.compile(r"^[a-z0-9]{1,8}$")
_MEMORY_COLUMNS = (
    "id, scope, kind, text, key, importance, confidence, source, source_turns, source_ids, "
    "valid_from, valid_until, recorded_at, retired_at, retire_reason, replaces, replaced_by, "
    "pinned, safety, last_accessed, access_count, stability"
)


def default_db_path() -> Path:
    env = os.environ.get("MEMCLI_DB")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "memcli" / "memory.db"


def _vec_loadable_path() -> str:
    """sqlite-vec's extension file, found without importing the package: its
    __init__ imports numpy.typing, a quarter of a second of every cold start."""
    import importlib.util

    spec = importlib.util.find_spec("sqlite_vec")
    if spec is None or not spec.origin:
        raise MemcliError("sqlite-vec is not installed: pip install sqlite-vec==0.1.9")
    return os.path.normpath(os.path.join(os.path.dirname(spec.origin), "vec0"))


def quote_fts(query: str) -> str:
    """Turn free text into a safe FTS5 OR-query of quoted terms (no syntax errors)."""
    terms = re.findall(r"[\w]+", query.lower(), flags=re.UNICODE)
    return " OR ".join(f'"{t}"' for t in dict.fromkeys(terms))


def content_hash(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()


def _vec_blob(vector: "np.ndarray | Sequence[float]") -> bytes:
    # sqlite-vec reads little-endian float32; array('f') is native (little-endian here).
    if hasattr(vector, "astype"):
        return vector.astype("<f4").tobytes()  # type: ignore[union-attr]
    return array("f", [float(x) for x in vector]).tobytes()


def _bits(vector: "np.ndarray | Sequence[float]") -> bytes:
    """Sign bits of a vector, bit i of byte i // 8 set when element i > 0: the
    layout of sqlite-vec's vec_quantize_binary (migration m006 uses that)."""
    import numpy as np

    return np.packbits(np.asarray(vector, dtype=np.float32) > 0, bitorder="little").tobytes()


# Vector search: a hamming scan over the sign bits picks max(k * _OVERSAMPLE,
# _COARSE_MIN) candidates, rescored by exact cosine; a scope that small is searched exactly.
_OVERSAMPLE = 8
_COARSE_MIN = 400


def _row_to_memory(row: Sequence[Any]) -> Memory:
    (mid, scope, kind, text, key, importance, confidence, source, source_turns, source_ids,
     valid_from, valid_until, recorded_at, retired_at, retire_reason, replaces, replaced_by,
     pinned, safety, last_accessed, access_count, stability) = row
    return Memory(
        id=mid, scope=scope, kind=kind, text=text, key=key, importance=importance,
        confidence=confidence, source=source, source_turns=json.loads(source_turns),
        source_ids=json.loads(source_ids), valid_from=valid_from, valid_until=valid_until,
        recorded_at=recorded_at, retired_at=retired_at, retire_reason=retire_reason,
        replaces=replaces, replaced_by=replaced_by, pinned=bool(pinned), safety=bool(safety),
        last_accessed=last_accessed, access_count=access_count, stability=stability,
    )


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if os.name == "nt":  # os.kill would terminate it there; rely on the lease expiry
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _retry_busy(fn: Any, timeout_ms: int) -> Any:
    import time

    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            return fn()
        except apsw.BusyError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


class MemoryStore:
    """A memcli database file.

    >>> store = MemoryStore("memory.db")
    >>> store.remember("user:alice", "I live in Pune", key="home_city").op
    'ADD'
    >>> store.ingest("user:alice", [{"role": "user", "content": "I moved to Goa.", "ts": "2026-03-01"}])
    >>> [h.memory.text for h in store.recall("user:alice", "where does she live?").hits]
    ['User lives in Goa', ...]

    `add` and `insert` store a record as given, without reconciliation.
    """

    # -- the library's front door: the same paths the CLI takes ----------------------------
    def remember(self, scope: str, text: str, **fields: Any) -> Any:
        """An explicit fact, reconciled against the scope (see `memcli.write.reconcile`).

        "I'm allergic to peanuts" is stored as "User is allergic to peanuts"; the
        extraction rules also say whether it is safety-relevant (never decays)."""
        from .extract import extract_facts, to_third_person
        from .timeutil import utcnow
        from .write import Candidate, reconcile

        fields.setdefault("safety", any(f.safety for f in extract_facts(text, utcnow()).facts))
        text = to_third_person(text)
        fields.setdefault("source", "explicit")
        fields.setdefault("confidence", 0.95)
        if fields.get("key"):
            fields.setdefault("kind", "profile")
            fields.setdefault("change", "update")
        return reconcile(self, scope, Candidate(text=text, **fields))

    def ingest(self, scope: str, messages: Sequence[dict[str, Any]], *, source: str = "api", **options: Any) -> Any:
        """Messages ({"role", "content", "ts"}) through extraction and reconciliation."""
        from .ingest import ingest, parse_messages

        data = "\n".join(json.dumps(m) for m in messages).encode()
        return ingest(self, scope, parse_messages(data, source, "jsonl"), source=source, **options)

    def recall(self, scope: str, query: str, **options: Any) -> Any:
        """Blended recall (see `memcli.recall.recall`)."""
        from .recall import recall

        return recall(self, scope, query, **options)

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        embedder: "Embedder | None" = None,
        *,
        check_embedder: bool = True,
        busy_timeout_ms: int = 60_000,
    ) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self._embedder = embedder
        self._depth = 0
        # Sign-bit matrices of scopes for the vector scan, valid while the file is
        # unchanged: (PRAGMA data_version, total_changes) -> {(scope, filter): (rowids, bits)}.
        self._bit_cache: dict[tuple[Any, ...], tuple["np.ndarray", "np.ndarray"]] = {}
        self._bit_cache_version: tuple[int, int] | None = None
        self._dominance: dict[str, tuple[int, bool]] = {}  # scope -> (max rowid, holds half the file)
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and self.path.stat().st_size > 0:
                with open(self.path, "rb") as fh:
                    if fh.read(16) != b"SQLite format 3\x00":
                        raise MemcliError(f"{self.path} is not a memcli database (not an SQLite file)")
        try:
            self.conn = apsw.Connection(str(self.path))
            self.conn.setbusytimeout(busy_timeout_ms)
            # Two processes creating one new file race for the switch to WAL; SQLite
            # answers BUSY there without waiting on the busy timeout, so wait here.
            _retry_busy(lambda: self.conn.execute("PRAGMA journal_mode = WAL").fetchall(), busy_timeout_ms)
            self.conn.execute("PRAGMA synchronous = NORMAL")
            self._load_vec()
            _retry_busy(lambda: migrations.migrate(self.conn, to_iso(utcnow()) or ""), busy_timeout_ms)
        except apsw.Error as exc:
            raise MemcliError(f"cannot open database {self.path}: {exc}") from exc
        if check_embedder:
            self._check_embedder()

    # -- connection ---------------------------------------------------------
    def _load_vec(self) -> None:
        self.conn.enable_load_extension(True)
        self.conn.load_extension(_vec_loadable_path())
        self.conn.enable_load_extension(False)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "MemoryStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """A write transaction (BEGIN IMMEDIATE: writers queue on the busy timeout
        instead of failing). Nested calls join the outer transaction."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self.conn.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield
        except BaseException:
            self._depth = 0
            self.conn.execute("ROLLBACK")
            raise
        self._depth = 0
        self.conn.execute("COMMIT")

    def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        row = self.conn.execute(sql, args).fetchone()
        return None if row is None else row[0]

    # -- meta and embedder ----------------------------------------------------
    def meta(self, key: str) -> str | None:
        return self._one("SELECT value FROM meta WHERE key = ?", (key,))

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    @property
    def embedder(self) -> "Embedder":
        if self._embedder is None:
            from .embed import default_embedder

            self._embedder = default_embedder()
        return self._embedder

    def _check_embedder(self) -> None:
        stored = self.meta("embedder_model")
        if stored is None:
            return
        current = self.embedder.model_id
        if stored != current:
            raise EmbedderMismatch(
                f"{self.path} was embedded with {stored!r} but memcli is using {current!r}: "
                "run `memcli reindex` to re-embed it with the current model"
            )

    def _ensure_vectors(self) -> None:
        """Create the vec0 table for the current embedder on first use."""
        if self.meta("embedder_model") is not None:
            return
        emb = self.embedder
        with self.transaction():
            if self.meta("embedder_model") is not None:
                return
            self.conn.execute(
                f"""CREATE VIRTUAL TABLE IF NOT EXISTS memory_vec USING vec0(
                    memory_rowid INTEGER PRIMARY KEY,
                    scope TEXT PARTITION KEY,
                    active INTEGER,
                    embedding float[{int(emb.dim)}] distance_metric=cosine
                )"""
            )
            self.set_meta("embedder_model", emb.model_id)
            self.set_meta("embedder_dim", str(emb.dim))

    def has_vectors(self) -> bool:
        return self.meta("embedder_model") is not None

    # -- ids ----------------------------------------------------------------
    def new_id(self) -> str:
        while True:
            mid = "".join(secrets.choice(_ID_ALPHABET) for _ in range(6))
            if not self._one("SELECT 1 FROM memories WHERE id = ?", (mid,)):
                return mid

    # -- memories -------------------------------------------------------------
    def insert(self, memory: Memory, vector: "np.ndarray | None" = None) -> Memory:
        """Insert a fully formed record (and its vector) inside one transaction."""
        scope = validate_scope(memory.scope)
        if memory.kind not in MEMORY_KINDS:
            raise InputError(f"unknown kind {memory.kind!r}: use one of {', '.join(MEMORY_KINDS)}")
        if memory.source not in SOURCES:
            raise InputError(f"unknown source {memory.source!r}: use one of {', '.join(SOURCES)}")
        if not memory.text.strip():
            raise InputError("empty memory text")
        if not memory.id:
            memory.id = self.new_id()
        elif not _ID_RE.match(memory.id):
            raise InputError(f"invalid memory id {memory.id!r}: ids are 1-8 lowercase letters or digits")
        memory.recorded_at = memory.recorded_at or to_iso(utcnow())
        memory.importance = min(1.0, max(0.0, float(memory.importance)))
        memory.confidence = min(1.0, max(0.0, float(memory.confidence)))
        self._ensure_vectors()
        if vector is None:
            vector = self.embedder.embed_one(memory.text)
        with self.transaction():
            if self._one("SELECT 1 FROM memories WHERE id = ?", (memory.id,)):
                raise InputError(f"memory id {memory.id} already exists")
            self.conn.execute(
                f"INSERT INTO memories ({_MEMORY_COLUMNS}) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    memory.id, scope, memory.kind, memory.text, memory.key, memory.importance,
                    memory.confidence, memory.source, json.dumps(memory.source_turns),
                    json.dumps(memory.source_ids), memory.valid_from, memory.valid_until,
                    memory.recorded_at, memory.retired_at, memory.retire_reason, memory.replaces,
                    memory.replaced_by, int(memory.pinned), int(memory.safety),
                    memory.last_accessed, memory.access_count, memory.stability,
                ),
            )
            rowid = self.conn.last_insert_rowid()
            blob = _vec_blob(vector)
            self.conn.execute(
                "INSERT INTO memory_vec (memory_rowid, scope, active, embedding) VALUES (?, ?, ?, ?)",
                (rowid, scope, int(memory.retired_at is None), blob),
            )
            self.conn.execute(
                "INSERT INTO memory_embeddings (rowid, scope, bits, embedding) VALUES (?, ?, ?, ?)",
                (rowid, scope, _bits(vector), blob),
            )
        return memory

    def add(
        self,
        scope: str,
        text: str,
        *,
        kind: str = "semantic",
        importance: float = 0.5,
        confidence: float = 0.8,
        source: str = "stated",
        key: str | None = None,
        pinned: bool = False,
        safety: bool = False,
        valid_from: str | None = None,
        source_turns: list[str] | None = None,
        replaces: str | None = None,
    ) -> Memory:
        """Store a new active memory. (Reconciliation lives in `memcli.write`.)"""
        now = to_iso(utcnow())
        m = Memory(
            id="", scope=validate_scope(scope), kind=kind, text=text.strip(), importance=importance,
            confidence=confidence, source=source, key=key, pinned=pinned, safety=safety,
            valid_from=valid_from or now, recorded_at=now, source_turns=source_turns or [],
            replaces=replaces,
        )
        return self.insert(m)

    def get(self, scope: str, memory_id: str) -> Memory:
        scope = validate_scope(scope)
        row = self.conn.execute(
            f"SELECT {_MEMORY_COLUMNS} FROM memories WHERE scope = ? AND id = ?", (scope, memory_id)
        ).fetchone()
        if row is None:
            raise NotFound(f"no memory {memory_id!r} in scope {scope}: `memcli show --scope {scope} --all` lists them")
        return _row_to_memory(row)

    def exists(self, memory_id: str) -> bool:
        return bool(self._one("SELECT 1 FROM memories WHERE id = ?", (memory_id,)))

    def get_many(self, scope: str, ids: Sequence[str]) -> list[Memory]:
        return [self.get(scope, i) for i in ids]

    def by_rowids(self, scope: str, rowids: Sequence[int]) -> dict[int, Memory]:
        scope = validate_scope(scope)
        if not rowids:
            return {}
        marks = ",".join("?" * len(rowids))
        # `+scope`: without it the planner may walk the scope index (the whole scope)
        # instead of looking the rowids up.
        rows = self.conn.execute(
            f"SELECT rowid, {_MEMORY_COLUMNS} FROM memories WHERE rowid IN ({marks}) AND +scope = ?",
            (*rowids, scope),
        ).fetchall()
        return {r[0]: _row_to_memory(r[1:]) for r in rows}

    def list(
        self,
        scope: str,
        *,
        include_inactive: bool = False,
        kind: str | None = None,
        key: str | None = None,
        as_of: str | None = None,
        limit: int | None = None,
    ) -> list[Memory]:
        scope = validate_scope(scope)
        where = ["scope = ?"]
        args: list[Any] = [scope]
        if as_of is not None:
            where.append("(valid_from IS NULL OR valid_from <= ?) AND (valid_until IS NULL OR valid_until > ?)")
            where.append("(retired_at IS NULL OR valid_until IS NOT NULL)")
            args += [as_of, as_of]
        elif not include_inactive:
            where.append("retired_at IS NULL")
        if kind:
            where.append("kind = ?")
            args.append(kind)
        if key:
            where.append("key = ?")
            args.append(key)
        sql = f"SELECT {_MEMORY_COLUMNS} FROM memories WHERE {' AND '.join(where)} ORDER BY rowid"
        if limit:
            sql += f" LIMIT {int(limit)}"
        return [_row_to_memory(r) for r in self.conn.execute(sql, args)]

    def keyed(self, scope: str, *, as_of: str | None = None) -> list[Memory]:
        """Records that fill a profile key (active, or valid at `as_of`), oldest first.
        Uses the (scope, key) index: a profile read never scans the scope."""
        scope = validate_scope(scope)
        where, args = self._time_filter(False, as_of)
        return [_row_to_memory(r) for r in self.conn.execute(
            f"SELECT {', '.join('m.' + c.strip() for c in _MEMORY_COLUMNS.split(','))} FROM memories m "
            f"WHERE m.scope = ? AND m.key IS NOT NULL{where} ORDER BY m.rowid", (scope, *args))]

    def count(self, scope: str, *, include_inactive: bool = False) -> int:
        scope = validate_scope(scope)
        extra = "" if include_inactive else " AND retired_at IS NULL"
        return int(self._one(f"SELECT count(*) FROM memories WHERE scope = ?{extra}", (scope,)))

    def scopes(self) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT scope FROM memories UNION SELECT scope FROM turns ORDER BY 1")]

    def retire(
        self,
        scope: str,
        memory_id: str,
        *,
        reason: str,
        at: str | None = None,
        valid_until: str | None = None,
        replaced_by: str | None = None,
    ) -> Memory:
        """Close a record: it stays in the file with when and why it was retired.

        `valid_until` is set when the claim stopped being true in the world (a
        supersession or DELETE); archiving by decay leaves it open.
        """
        m = self.get(scope, memory_id)
        if not m.active:
            raise MemcliError(f"memory {memory_id} is already retired ({m.retire_reason})")
        at = at or to_iso(utcnow())
        with self.transaction():
            self.conn.execute(
                "UPDATE memories SET retired_at = ?, retire_reason = ?, valid_until = coalesce(?, valid_until), "
                "replaced_by = coalesce(?, replaced_by) WHERE scope = ? AND id = ?",
                (at, reason, valid_until, replaced_by, m.scope, memory_id),
            )
            self.conn.execute(
                "UPDATE memory_vec SET active = 0 WHERE memory_rowid = "
                "(SELECT rowid FROM memories WHERE scope = ? AND id = ?)",
                (m.scope, memory_id),
            )
        return self.get(scope, memory_id)

    def archive(self, scope: str, memory_id: str, *, reason: str, at: str | None = None) -> Memory:
        """Retire without ending validity: forgotten or decayed, not contradicted."""
        return self.retire(scope, memory_id, reason=reason, at=at)

    def find_scope(self, memory_id: str) -> str:
        """The scope a record id belongs to (for `show ID` without --scope)."""
        scope = self._one("SELECT scope FROM memories WHERE id = ?", (memory_id,))
        if scope is None:
            raise NotFound(f"no memory {memory_id!r}: `memcli show --scope SCOPE --all` lists the ids")
        return str(scope)

    def restore(self, scope: str, memory_id: str) -> Memory:
        """Undo an archive (not a supersession: the newer version stays current)."""
        m = self.get(scope, memory_id)
        if m.active:
            raise MemcliError(f"memory {memory_id} is active; nothing to restore")
        if m.replaced_by or m.valid_until:
            raise MemcliError(
                f"memory {memory_id} was superseded or deleted ({m.retire_reason}), not archived: "
                "store the fact again with `memcli remember` instead"
            )
        with self.transaction():
            self.conn.execute(
                "UPDATE memories SET retired_at = NULL, retire_reason = NULL WHERE scope = ? AND id = ?",
                (m.scope, memory_id),
            )
            # an old record is active again: the next consolidation looks at everything
            self.conn.execute("DELETE FROM settings WHERE scope = ? AND name = '_consolidate.watermark'", (m.scope,))
            self.conn.execute(
                "UPDATE memory_vec SET active = 1 WHERE memory_rowid = "
                "(SELECT rowid FROM memories WHERE scope = ? AND id = ?)",
                (m.scope, memory_id),
            )
        return self.get(scope, memory_id)

    def touch(self, scope: str, ids: Sequence[str], at: str, stability_growth: float = 0.5) -> None:
        """A retrieval is a rehearsal: refresh last_accessed, grow stability."""
        if not ids:
            return
        scope = validate_scope(scope)
        with self.transaction():
            for mid in ids:
                self.conn.execute(
                    "UPDATE memories SET last_accessed = ?, access_count = access_count + 1, "
                    "stability = stability + ? WHERE scope = ? AND id = ?",
                    (at, stability_growth, scope, mid),
                )

    def chain(self, scope: str, memory_id: str) -> list[Memory]:
        """Every version of a fact, oldest first, following `replaces` both ways."""
        m = self.get(scope, memory_id)
        back: list[Memory] = []
        cur = m
        seen = {m.id}
        while cur.replaces and cur.replaces not in seen:
            try:
                cur = self.get(scope, cur.replaces)
            except NotFound:
                break
            seen.add(cur.id)
            back.append(cur)
        fwd: list[Memory] = []
        cur = m
        while cur.replaced_by and cur.replaced_by not in seen:
            try:
                cur = self.get(scope, cur.replaced_by)
            except NotFound:
                break
            seen.add(cur.id)
            fwd.append(cur)
        return list(reversed(back)) + [m] + fwd

    # -- search -------------------------------------------------------------
    def search_keyword(
        self, scope: str, query: str, *, k: int = 50, raw: bool = False,
        include_inactive: bool = False, as_of: str | None = None,
    ) -> list[tuple[int, float]]:
        """FTS5 candidates as (rowid, bm25) with bm25 lower = better.

        Terms in at least half of all records are left out of a quoted query that has
        other terms: FTS5's bm25 gives them an idf of 1e-6 (no say in the order), yet
        every row they match would be scored and sorted ("user" in "User lives in
        ..." is in nearly every record)."""
        scope = validate_scope(scope)
        if raw:
            match = query
        else:
            terms = list(dict.fromkeys(re.findall(r"[\w]+", query.lower(), flags=re.UNICODE)))
            common = self._common_terms(terms) if len(terms) > 1 else set()
            if common and len(common) < len(terms):
                terms = [t for t in terms if t not in common]
            match = " OR ".join(f'"{t}"' for t in terms)
        if not match:
            return []
        where, args = self._time_filter(include_inactive, as_of)
        try:
            rows = []
            if self._scope_dominates(scope):
                # The file-wide best matches first, then the scope filter: when k of them
                # are in the scope they are exactly the scope's top k (bm25 is file-wide
                # either way), without a join for every matching row.
                rows = self.conn.execute(
                    "SELECT m.rowid, f.s FROM (SELECT rowid, bm25(memories_fts) AS s FROM memories_fts "
                    f"WHERE memories_fts MATCH ? ORDER BY s LIMIT {max(8 * k, 400)}) f "
                    # CROSS JOIN keeps this order: left to itself the planner walks the
                    # scope's index and probes the matches (2x slower at 100k records)
                    f"CROSS JOIN memories m ON m.rowid = f.rowid WHERE m.scope = ?{where} ORDER BY f.s LIMIT ?",
                    (match, scope, *args, k),
                ).fetchall()
            if len(rows) < k:
                rows = self.conn.execute(
                    "SELECT m.rowid, bm25(memories_fts) AS s FROM memories_fts "
                    "JOIN memories m ON m.rowid = memories_fts.rowid "
                    f"WHERE memories_fts MATCH ? AND m.scope = ?{where} ORDER BY s LIMIT ?",
                    (match, scope, *args, k),
                ).fetchall()
        except apsw.SQLError as exc:
            raise InputError(f"bad full-text query {query!r}: {exc} (drop --raw-query to search plain words)") from exc
        return [(r[0], r[1]) for r in rows]

    def _scope_dominates(self, scope: str) -> bool:
        """Whether the scope holds at least half of the file's records (counted again
        only when records were added or deleted)."""
        total = int(self._one("SELECT max(rowid) FROM memories") or 0)
        if total < 2000:
            return False
        cached = self._dominance.get(scope)
        if cached is None or cached[0] != total:
            n = int(self._one("SELECT count(*) FROM memories WHERE scope = ?", (scope,)))
            cached = self._dominance[scope] = (total, 2 * n >= total)
        return cached[1]

    def search_vector(
        self, scope: str, vector: "np.ndarray", *, k: int = 50,
        include_inactive: bool = False, as_of: str | None = None,
    ) -> list[tuple[int, float]]:
        """Nearest records inside the scope as (rowid, cosine distance), nearest first.

        A hamming scan over the sign bits of the scope's live records (numpy, over a
        matrix cached while the file is unchanged) keeps max(k * 8, 400) candidates,
        and those are ranked by exact cosine against their float vectors: a scope of
        at most that many records is searched exactly. ~4x faster than vec0's float
        KNN at 100k records (bench/RESULTS.md); vec0 stays the fallback for records
        without a row in `memory_embeddings`."""
        import numpy as np

        scope = validate_scope(scope)
        if not self.has_vectors():
            return []
        index = self._bit_index(scope, include_inactive, as_of)
        if index is None:
            return self._search_vec0(scope, vector, k=k, include_inactive=include_inactive, as_of=as_of)
        rowids, columns = index
        q = np.asarray(vector, dtype=np.float32)
        if not len(rowids) or k <= 0 or not float(np.dot(q, q)):
            return []
        m = max(k * _OVERSAMPLE, _COARSE_MIN)
        if len(rowids) > m:
            qbits = np.frombuffer(_bits(q), dtype=columns.dtype)
            # column by column: one contiguous pass per word of bits (6x faster than a
            # row-wise sum at 100k records), distances in the narrowest integer
            dist = np.bitwise_count(columns[0] ^ qbits[0]).astype(np.uint16 if q.size < 65536 else np.uint32)
            for i in range(1, len(qbits)):
                dist += np.bitwise_count(columns[i] ^ qbits[i])
            cand = rowids[np.argpartition(dist, m - 1)[:m]]
        else:
            cand = rowids
        sims = self._cosines(scope, q, [int(r) for r in cand])
        ranked = sorted(sims.items(), key=lambda kv: (-kv[1], kv[0]))[:k]
        return [(r, 1.0 - sim) for r, sim in ranked]

    def _bit_index(self, scope: str, include_inactive: bool, as_of: str | None
                   ) -> "tuple[np.ndarray, np.ndarray] | None":
        """(rowids, sign bits) of the scope's records that pass the time filter, the
        bits column-major (one row per machine word of bits), or None when some of
        them have no row in `memory_embeddings`."""
        import numpy as np

        version = (int(self._one("PRAGMA data_version")), self.conn.total_changes())
        if version != self._bit_cache_version:
            self._bit_cache.clear()
            self._bit_cache_version = version
        key = (scope, include_inactive, as_of)
        if key in self._bit_cache:
            return self._bit_cache[key]
        where, args = self._time_filter(include_inactive, as_of)
        live = [r[0] for r in self.conn.execute(f"SELECT m.rowid FROM memories m WHERE m.scope = ?{where}",
                                                (scope, *args))]
        rows = self.conn.execute("SELECT rowid, bits FROM memory_embeddings WHERE scope = ?",
                                 (scope,)).fetchall()
        all_ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
        keep = np.isin(all_ids, np.asarray(live, dtype=np.int64))
        if int(keep.sum()) != len(live):
            return None
        width = len(rows[0][1]) if rows else 8
        dtype = np.uint64 if width % 8 == 0 else np.uint8
        cols = width // np.dtype(dtype).itemsize
        bits = np.frombuffer(b"".join(r[1] for r in rows), dtype=dtype).reshape(len(rows), cols)
        out = (all_ids[keep], np.ascontiguousarray(bits[keep].T))
        if len(self._bit_cache) >= 8:
            self._bit_cache.pop(next(iter(self._bit_cache)))
        self._bit_cache[key] = out
        return out

    def _cosines(self, scope: str, q: "np.ndarray", rowids: Sequence[int]) -> dict[int, float]:
        """Exact cosine of `q` to the float vectors of these records (rowid lookups in
        `memory_embeddings`); records without a vector or with a zero one are left out."""
        import numpy as np

        qn = float(np.linalg.norm(q))
        vecs = self._float_vectors(scope, rowids)
        if not vecs or not qn:
            return {}
        ids = list(vecs)
        mat = np.vstack([vecs[r] for r in ids])
        norms = np.linalg.norm(mat, axis=1)
        dots = mat @ q
        return {r: float(d / (n * qn)) for r, d, n in zip(ids, dots, norms) if n > 0}

    def _float_vectors(self, scope: str, rowids: Sequence[int]) -> dict[int, "np.ndarray"]:
        import numpy as np

        out: dict[int, np.ndarray] = {}
        rowids = list(dict.fromkeys(rowids))
        for i in range(0, len(rowids), 500):
            chunk = rowids[i:i + 500]
            # `+scope`: look the rowids up, never walk the scope's index.
            for rowid, blob in self.conn.execute(
                    f"SELECT rowid, embedding FROM memory_embeddings WHERE rowid IN ({','.join('?' * len(chunk))}) "
                    "AND +scope = ?", (*chunk, scope)):
                out[rowid] = np.frombuffer(blob, dtype="<f4")
        return out

    def _search_vec0(
        self, scope: str, vector: "np.ndarray", *, k: int = 50,
        include_inactive: bool = False, as_of: str | None = None,
    ) -> list[tuple[int, float]]:
        """vec0 KNN inside the scope's partition (exact float scan)."""
        if include_inactive or as_of is not None:
            rows = self.conn.execute(
                "SELECT memory_rowid, distance FROM memory_vec WHERE embedding MATCH ? AND k = ? "
                "AND scope = ? ORDER BY distance",
                (_vec_blob(vector), k * 4 if as_of else k, scope),
            ).fetchall()
            if as_of is not None:
                ok = self._rowids_valid_at(scope, [r[0] for r in rows], as_of)
                rows = [r for r in rows if r[0] in ok][:k]
        else:
            rows = self.conn.execute(
                "SELECT memory_rowid, distance FROM memory_vec WHERE embedding MATCH ? AND k = ? "
                "AND scope = ? AND active = 1 ORDER BY distance",
                (_vec_blob(vector), k, scope),
            ).fetchall()
        return [(r[0], r[1]) for r in rows]

    def _common_terms(self, terms: Sequence[str]) -> set[str]:
        """Terms (as indexed, so stemmed words are never found here) that occur in at
        least half of the records of the full-text index: their bm25 idf is clamped."""
        version = (int(self._one("PRAGMA data_version")), self.conn.total_changes())
        if getattr(self, "_fts_rows", (None, 0))[0] != version:
            self.conn.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.memcli_fts_vocab USING fts5vocab(main, memories_fts, row)")
            self._fts_rows = (version, int(self._one("SELECT count(*) FROM memories")))
        total = self._fts_rows[1]
        if total < 2:
            return set()
        out = set()
        for t in terms:
            doc = self._one("SELECT doc FROM temp.memcli_fts_vocab WHERE term = ?", (t,))
            if doc is not None and 2 * int(doc) >= total:
                out.add(t)
        return out

    def _time_filter(self, include_inactive: bool, as_of: str | None) -> tuple[str, list[Any]]:
        if as_of is not None:
            return (
                " AND (m.valid_from IS NULL OR m.valid_from <= ?) AND (m.valid_until IS NULL OR m.valid_until > ?)"
                " AND (m.retired_at IS NULL OR m.valid_until IS NOT NULL)",
                [as_of, as_of],
            )
        if include_inactive:
            return "", []
        return " AND m.retired_at IS NULL", []

    def _rowids_valid_at(self, scope: str, rowids: list[int], as_of: str) -> set[int]:
        if not rowids:
            return set()
        where, args = self._time_filter(False, as_of)
        marks = ",".join("?" * len(rowids))
        return {r[0] for r in self.conn.execute(
            f"SELECT m.rowid FROM memories m WHERE m.scope = ? AND m.rowid IN ({marks}){where}",
            (scope, *rowids, *args))}

    def similarities(self, scope: str, vector: "np.ndarray", rowids: Sequence[int]) -> dict[int, float]:
        """Cosine similarity of `vector` to the stored vectors of these records, by
        rowid lookups in `memory_embeddings` (vec0 scans its whole table for
        `memory_rowid IN (...)`)."""
        import numpy as np

        scope = validate_scope(scope)
        if not rowids or not self.has_vectors():
            return {}
        return self._cosines(scope, np.asarray(vector, dtype=np.float32), list(rowids))

    def vectors(self, scope: str, rowids: Sequence[int]) -> dict[int, "np.ndarray"]:
        """Stored float vectors of these records, by rowid lookups in `memory_embeddings`
        (a vec0 point lookup costs ~0.25 ms, these ~3 us)."""
        scope = validate_scope(scope)
        if not rowids or not self.has_vectors():
            return {}
        return self._float_vectors(scope, rowids)

    def similarity_to(self, scope: str, vector: "np.ndarray", memory_id: str) -> float:
        rowid = self._one("SELECT rowid FROM memories WHERE scope = ? AND id = ?", (validate_scope(scope), memory_id))
        return self.similarities(scope, vector, [rowid]).get(rowid, 0.0) if rowid else 0.0

    def embed_query(self, text: str) -> "np.ndarray":
        self._ensure_vectors()
        return self.embedder.embed_one(text)

    def embed_many(self, texts: list[str]) -> "np.ndarray":
        self._ensure_vectors()
        return self.embedder.embed(texts)

    # -- turns --------------------------------------------------------------
    def add_turn(
        self, scope: str, role: str, content: str, ts: str | None, source: str | None, ref: str | None
    ) -> tuple[str, bool]:
        """Store a raw message once per scope (by content hash). Returns (turn id, new?)."""
        scope = validate_scope(scope)
        h = content_hash(role, content, ts or "")
        existing = self._one("SELECT id FROM turns WHERE scope = ? AND hash = ?", (scope, h))
        if existing:
            return existing, False
        tid = "t" + content_hash(scope, h)[:11]
        with self.transaction():
            self.conn.execute(
                "INSERT INTO turns (id, scope, role, content, ts, source, ref, hash, recorded_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (tid, scope, role, content, ts, source, ref, h, to_iso(utcnow())),
            )
        return tid, True

    def turn_exists(self, scope: str, role: str, content: str, ts: str | None) -> bool:
        scope = validate_scope(scope)
        return bool(self._one("SELECT 1 FROM turns WHERE scope = ? AND hash = ?",
                              (scope, content_hash(role, content, ts or ""))))

    def turns(self, scope: str, ids: Sequence[str] | None = None) -> list[dict[str, Any]]:
        scope = validate_scope(scope)
        sql = "SELECT id, role, content, ts, source, ref FROM turns WHERE scope = ?"
        args: list[Any] = [scope]
        if ids is not None:
            if not ids:
                return []
            sql += f" AND id IN ({','.join('?' * len(ids))})"
            args += list(ids)
        cols = ("id", "role", "content", "ts", "source", "ref")
        return [dict(zip(cols, r)) for r in self.conn.execute(sql + " ORDER BY rowid", args)]

    # -- decisions ------------------------------------------------------------
    def log(self, d: Decision) -> Decision:
        scope = validate_scope(d.scope)
        d.at = d.at or to_iso(utcnow())
        with self.transaction():
            self.conn.execute(
                "INSERT INTO decisions (scope, at, op, fact, target, new_id, decided_by, reason, neighbours, turn) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (scope, d.at, d.op, d.fact, d.target, d.new_id, d.decided_by, d.reason,
                 json.dumps(d.neighbours), d.turn),
            )
            d.id = self.conn.last_insert_rowid()
        return d

    def decisions(self, scope: str, *, memory_id: str | None = None, limit: int | None = None) -> list[Decision]:
        scope = validate_scope(scope)
        sql = ("SELECT id, scope, at, op, fact, target, new_id, decided_by, reason, neighbours, turn "
               "FROM decisions WHERE scope = ?")
        args: list[Any] = [scope]
        if memory_id:
            sql += " AND (target = ? OR new_id = ?)"
            args += [memory_id, memory_id]
        sql += " ORDER BY id DESC"
        if limit:
            sql += f" LIMIT {int(limit)}"
        out = []
        for r in self.conn.execute(sql, args):
            out.append(Decision(id=r[0], scope=r[1], at=r[2], op=r[3], fact=r[4], target=r[5],
                                new_id=r[6], decided_by=r[7], reason=r[8],
                                neighbours=json.loads(r[9]), turn=r[10]))
        return list(reversed(out))

    # -- settings -------------------------------------------------------------
    def get_settings(self, scope: str) -> dict[str, str]:
        """The scope's policy settings (internal state, names starting with `_`, left out)."""
        scope = validate_scope(scope)
        return {r[0]: r[1] for r in self.conn.execute(
            "SELECT name, value FROM settings WHERE scope = ? AND name NOT LIKE '\\_%' ESCAPE '\\'", (scope,))}

    def state(self, scope: str, name: str) -> str | None:
        """Per-scope internal state kept next to the settings (purged with the scope),
        e.g. how far consolidation and reflection got; set it with `set_setting`."""
        return self._one("SELECT value FROM settings WHERE scope = ? AND name = ?", (validate_scope(scope), name))

    def set_setting(self, scope: str, name: str, value: str | None) -> None:
        scope = validate_scope(scope)
        with self.transaction():
            if value is None:
                self.conn.execute("DELETE FROM settings WHERE scope = ? AND name = ?", (scope, name))
            else:
                self.conn.execute(
                    "INSERT INTO settings (scope, name, value) VALUES (?, ?, ?) "
                    "ON CONFLICT (scope, name) DO UPDATE SET value = excluded.value",
                    (scope, name, value))

    # -- hard delete -------------------------------------------------------------
    def purge(self, scope: str, ids: Sequence[str], *, turns: bool = True, vacuum: bool = True) -> dict[str, int]:
        """Hard-delete records and every copy of their text: all versions of each
        fact (and merged records built from them), FTS rows (then an FTS optimize so
        no old segment keeps the terms), vectors, decision-log rows, neighbour lists
        in other decisions, and the raw turns they came from. With secure_delete on
        and a VACUUM after, the text is gone from the file's bytes.
        Returns a receipt: rows removed per table."""
        return self._purge(scope, ids, turns=turns, vacuum=vacuum)

    def purge_where(self, scope: str, *, match: str | None = None, source: str | None = None,
                    vacuum: bool = True) -> tuple[list[str], dict[str, int]]:
        """Hard-delete by content (`match`: case-insensitive substring of a record or a
        raw turn) or by origin (`source`: the file name given to ingest). Returns the
        purged record ids and the receipt."""
        scope = validate_scope(scope)
        ids, turn_ids, needles = self._purge_selection(scope, match, source)
        closure = self._purge_closure(scope, ids)
        receipt = self._purge(scope, closure, extra_turns=turn_ids, needles=needles, vacuum=vacuum)
        return closure, receipt

    def purge_preview(self, scope: str, *, ids: Sequence[str] = (), match: str | None = None,
                      source: str | None = None, whole_scope: bool = False) -> tuple[list[Memory], int]:
        """What a purge would remove, without removing it: every record (all versions,
        merges and reflections that quote them) and the number of raw turns."""
        scope = validate_scope(scope)
        if whole_scope:
            return self.list(scope, include_inactive=True), int(
                self._one("SELECT count(*) FROM turns WHERE scope = ?", (scope,)))
        turn_ids: list[str] = []
        if match or source:
            ids, turn_ids, _ = self._purge_selection(scope, match, source)
        records = [self.get(scope, mid) for mid in self._purge_closure(scope, ids)]
        turn_ids = list({*turn_ids, *(t for m in records for t in m.source_turns if t.startswith("t"))})
        return records, len(self.turns(scope, turn_ids))

    def _purge_selection(self, scope: str, match: str | None, source: str | None
                         ) -> tuple[list[str], list[str], list[str]]:
        """(record ids, turn ids, texts to scrub from the log) chosen by --match / --source."""
        if not match and not source:
            raise InputError("purge needs ids, --match TEXT, --source FILE or --all")
        ids: list[str] = []
        turn_ids: list[str] = []
        needles: list[str] = []
        if match:
            if len(match.strip()) < 3:
                raise InputError("--match needs at least 3 characters (it is a substring match)")
            needles.append(match)
            ids += [r[0] for r in self.conn.execute(
                "SELECT id FROM memories WHERE scope = ? AND instr(lower(text), lower(?)) > 0", (scope, match))]
            turn_ids += [r[0] for r in self.conn.execute(
                "SELECT id FROM turns WHERE scope = ? AND instr(lower(content), lower(?)) > 0", (scope, match))]
        if source:
            src_turns = [r[0] for r in self.conn.execute(
                "SELECT id FROM turns WHERE scope = ? AND source = ?", (scope, source))]
            turn_ids += src_turns
            if src_turns:
                marks = ",".join("?" * len(src_turns))
                ids += [r[0] for r in self.conn.execute(
                    "SELECT DISTINCT m.id FROM memories m, json_each(m.source_turns) j "
                    f"WHERE m.scope = ? AND j.value IN ({marks})", (scope, *src_turns))]
        return ids, turn_ids, needles

    def _purge_closure(self, scope: str, ids: Sequence[str]) -> list[str]:
        """Every record that holds a copy of these: versions (replaces / replaced_by)
        and merges (source_ids), both ways, transitively. A reflection quoting one of
        them goes too, but not its other sources: they are not copies of each other."""
        todo = list(dict.fromkeys(ids))
        seen: set[str] = set()
        while todo:
            mid = todo.pop()
            if mid in seen:
                continue
            row = self.conn.execute(
                "SELECT replaces, replaced_by, source_ids, source FROM memories WHERE scope = ? AND id = ?",
                (scope, mid)).fetchone()
            if row is None:
                continue
            seen.add(mid)
            linked = [row[0], row[1], *(json.loads(row[2]) if row[3] != "reflected" else [])]
            linked += [r[0] for r in self.conn.execute(
                "SELECT m.id FROM memories m WHERE m.scope = ? AND (m.replaces = ? OR m.replaced_by = ? OR "
                "EXISTS (SELECT 1 FROM json_each(m.source_ids) j WHERE j.value = ?))", (scope, mid, mid, mid))]
            todo += [x for x in linked if x and x not in seen]
        return sorted(seen)

    def _purge(self, scope: str, ids: Sequence[str], *, turns: bool = True, vacuum: bool = True,
               extra_turns: Sequence[str] = (), needles: Sequence[str] = ()) -> dict[str, int]:
        scope = validate_scope(scope)
        victims: dict[str, Memory] = {}
        for mid in self._purge_closure(scope, ids):
            victims[mid] = self.get(scope, mid)
        receipt = {"memories": 0, "memories_fts": 0, "memory_vec": 0, "memory_embeddings": 0, "decisions": 0,
                   "decisions_scrubbed": 0, "turns": 0}
        if not victims and not extra_turns:
            return receipt
        turn_ids = sorted({t for m in victims.values() for t in m.source_turns if t.startswith("t")}
                          | set(extra_turns))
        texts = [m.text for m in victims.values()] + list(needles)
        self.conn.execute("PRAGMA secure_delete = ON")
        with self.transaction():
            for m in victims.values():
                rowid = self._one("SELECT rowid FROM memories WHERE scope = ? AND id = ?", (scope, m.id))
                receipt["memory_vec"] += self._delete_count(
                    "DELETE FROM memory_vec WHERE memory_rowid = ?", (rowid,)) if self.has_vectors() else 0
                receipt["memory_embeddings"] += self._delete_count(
                    "DELETE FROM memory_embeddings WHERE rowid = ?", (rowid,))
                receipt["memories"] += self._delete_count(
                    "DELETE FROM memories WHERE scope = ? AND id = ?", (scope, m.id))
                receipt["memories_fts"] += 1
                receipt["decisions"] += self._delete_count(
                    "DELETE FROM decisions WHERE scope = ? AND (target = ? OR new_id = ?)",
                    (scope, m.id, m.id))
            for text in texts:
                receipt["decisions"] += self._delete_count(
                    "DELETE FROM decisions WHERE scope = ? AND (fact = ? OR instr(lower(fact), lower(?)) > 0)",
                    (scope, text, text))
            for tid in turn_ids:
                receipt["decisions"] += self._delete_count(
                    "DELETE FROM decisions WHERE scope = ? AND turn = ?", (scope, tid))
            receipt["decisions_scrubbed"] += self._scrub_neighbours(scope, set(victims), texts)
            if turns and turn_ids:
                marks = ",".join("?" * len(turn_ids))
                receipt["turns"] += self._delete_count(
                    f"DELETE FROM turns WHERE scope = ? AND id IN ({marks})", (scope, *turn_ids))
            # Rewrite the FTS b-tree so no segment still holds the deleted terms.
            self.conn.execute("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')")
            self.conn.execute(
                "INSERT INTO decisions (scope, at, op, fact, decided_by, reason) VALUES (?, ?, 'PURGE', ?, 'user', ?)",
                (scope, to_iso(utcnow()), f"[{len(victims)} record(s) purged]",
                 "hard delete: " + ", ".join(f"{k}={v}" for k, v in receipt.items())),
            )
        if vacuum:
            self.vacuum()
        return receipt

    def _scrub_neighbours(self, scope: str, ids: set[str], texts: Sequence[str]) -> int:
        """Drop purged records from the neighbour lists other decisions keep."""
        if not ids and not texts:
            return 0
        lowered = [t.lower() for t in texts if t]
        n = 0
        for did, raw in self.conn.execute(
                "SELECT id, neighbours FROM decisions WHERE scope = ? AND neighbours != '[]'", (scope,)).fetchall():
            if not any(i in raw for i in ids) and not any(t in raw.lower() for t in lowered):
                continue
            kept = [nb for nb in json.loads(raw)
                    if not (isinstance(nb, dict) and (nb.get("id") in ids or any(
                        t in str(nb.get("text", "")).lower() for t in lowered)))]
            self.conn.execute("UPDATE decisions SET neighbours = ? WHERE id = ?", (json.dumps(kept), did))
            n += 1
        return n

    def purge_scope(self, scope: str) -> dict[str, int]:
        """Hard-delete everything a scope holds: records, FTS rows, vectors, turns,
        decisions and settings, in one transaction, then VACUUM."""
        scope = validate_scope(scope)
        receipt = {"memories": 0, "memories_fts": 0, "memory_vec": 0, "memory_embeddings": 0, "decisions": 0,
                   "decisions_scrubbed": 0, "turns": 0, "settings": 0}
        self.conn.execute("PRAGMA secure_delete = ON")
        with self.transaction():
            rowids = [r[0] for r in self.conn.execute("SELECT rowid FROM memories WHERE scope = ?", (scope,))]
            if self.has_vectors():
                for i in range(0, len(rowids), 500):
                    chunk = rowids[i:i + 500]
                    receipt["memory_vec"] += self._delete_count(
                        f"DELETE FROM memory_vec WHERE memory_rowid IN ({','.join('?' * len(chunk))})", chunk)
            receipt["memory_embeddings"] = self._delete_count(
                "DELETE FROM memory_embeddings WHERE scope = ?", (scope,))
            receipt["memories"] = self._delete_count("DELETE FROM memories WHERE scope = ?", (scope,))
            receipt["memories_fts"] = receipt["memories"]
            receipt["turns"] = self._delete_count("DELETE FROM turns WHERE scope = ?", (scope,))
            receipt["decisions"] = self._delete_count("DELETE FROM decisions WHERE scope = ?", (scope,))
            receipt["settings"] = self._delete_count("DELETE FROM settings WHERE scope = ?", (scope,))
            self.conn.execute("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')")
        self.vacuum()
        return receipt

    def _delete_count(self, sql: str, args: Sequence[Any]) -> int:
        self.conn.execute(sql, args)
        return self.conn.changes()

    def vacuum(self) -> None:
        self.conn.execute("PRAGMA secure_delete = ON")
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.conn.execute("VACUUM")
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # -- lifecycle: bulk reads and writes for policies, consolidation, locks ----------
    def enlarge_cache(self, mib: int = 256) -> None:
        """A bigger page cache for bulk lifecycle work: vec0 metadata updates are
        ~6x faster when their chunks stay cached (a ceiling, allocated as used)."""
        self.conn.execute(f"PRAGMA cache_size = -{int(mib) * 1024}")

    def lifecycle_rows(self, scope: str) -> list[tuple[Any, ...]]:
        """Active records as light tuples (no JSON decoding) for the forgetting policies:
        (id, kind, text, importance, pinned, safety, last_used, stability, access_count, key),
        where last_used is last_accessed or else recorded_at."""
        scope = validate_scope(scope)
        return self.conn.execute(
            "SELECT id, kind, text, importance, pinned, safety, coalesce(last_accessed, recorded_at), "
            "stability, access_count, key FROM memories WHERE scope = ? AND retired_at IS NULL ORDER BY rowid",
            (scope,)).fetchall()

    def archive_many(self, scope: str, items: Sequence[tuple[str, str]], *, at: str,
                     decided_by: str = "policy") -> int:
        """Archive (id, reason) pairs in one transaction, each with an ARCHIVE decision.
        Validity stays open: the fact was not contradicted. Returns how many changed."""
        scope = validate_scope(scope)
        n = 0
        retire: list[int] = []
        with self.transaction():
            for mid, reason in items:
                row = self.conn.execute(
                    "SELECT rowid, text FROM memories WHERE scope = ? AND id = ? AND retired_at IS NULL",
                    (scope, mid)).fetchone()
                if row is None:
                    continue
                self.conn.execute("UPDATE memories SET retired_at = ?, retire_reason = ? WHERE rowid = ?",
                                  (at, reason, row[0]))
                retire.append(row[0])
                self.conn.execute(
                    "INSERT INTO decisions (scope, at, op, fact, target, decided_by, reason) "
                    "VALUES (?, ?, 'ARCHIVE', ?, ?, ?, ?)", (scope, at, row[1], mid, decided_by, reason))
                n += 1
            self._deactivate_vectors(retire)  # in rowid order: much faster for vec0
        return n

    def active_vectors(self, scope: str, kinds: Sequence[str]) -> tuple[list[tuple[Any, ...]], "np.ndarray"]:
        """Active records of these kinds with their stored vectors, for clustering:
        rows are (rowid, id, kind, text, importance, valid_from, recorded_at, key, source)."""
        import numpy as np

        scope = validate_scope(scope)
        marks = ",".join("?" * len(kinds))
        rows = self.conn.execute(
            "SELECT rowid, id, kind, text, importance, valid_from, recorded_at, key, source FROM memories "
            f"WHERE scope = ? AND retired_at IS NULL AND kind IN ({marks}) ORDER BY rowid",
            (scope, *kinds)).fetchall()
        dim = int(self.meta("embedder_dim") or 0)
        if not rows or not dim:
            return [], np.zeros((0, max(dim, 1)), dtype=np.float32)
        vecs = self.vectors(scope, [r[0] for r in rows])
        rows = [r for r in rows if r[0] in vecs]
        if not rows:
            return [], np.zeros((0, dim), dtype=np.float32)
        return rows, np.vstack([vecs[r[0]] for r in rows]).astype(np.float32, copy=False)

    def active_records(self, scope: str) -> list[tuple[int, Memory]]:
        """(rowid, record) of the scope's active records, oldest first (for reflection)."""
        return [(r[0], _row_to_memory(r[1:])) for r in self.conn.execute(
            f"SELECT rowid, {_MEMORY_COLUMNS} FROM memories WHERE scope = ? AND retired_at IS NULL ORDER BY rowid",
            (validate_scope(scope),))]

    def last_rowid(self, scope: str) -> tuple[int, str] | None:
        """(rowid, id) of the scope's newest record, active or not."""
        row = self.conn.execute("SELECT rowid, id FROM memories WHERE scope = ? ORDER BY rowid DESC LIMIT 1",
                                (validate_scope(scope),)).fetchone()
        return None if row is None else (row[0], row[1])

    def ids_after(self, scope: str, rowid: int) -> list[tuple[int, str]]:
        """(rowid, id) of the scope's records after `rowid`, oldest first."""
        return [(r[0], r[1]) for r in self.conn.execute(
            "SELECT rowid, id FROM memories WHERE scope = ? AND rowid > ? ORDER BY rowid",
            (validate_scope(scope), rowid))]

    def rowids(self, scope: str, ids: Sequence[str]) -> dict[str, int]:
        scope = validate_scope(scope)
        out: dict[str, int] = {}
        for i in range(0, len(ids), 500):
            chunk = list(ids[i:i + 500])
            out.update({r[0]: r[1] for r in self.conn.execute(
                f"SELECT id, rowid FROM memories WHERE id IN ({','.join('?' * len(chunk))}) AND +scope = ?",
                (*chunk, scope))})
        return out

    def insert_merged(self, merged: Memory, from_rowid: int, originals: Sequence[str], *, at: str,
                      decided_by: str = "rule") -> Memory:
        """Write a merged record (reusing the stored vector of `from_rowid`) and retire
        the originals with a link to it, with one MERGE decision per original, in one
        transaction."""
        return self.insert_merged_many([(merged, from_rowid, originals)], at=at, decided_by=decided_by)[0]

    def insert_merged_many(self, items: Sequence[tuple[Memory, "int | np.ndarray", Sequence[str]]], *, at: str,
                           decided_by: str = "rule") -> list[Memory]:
        """`insert_merged` for many (merged, from_rowid or its stored vector, originals)
        in one transaction; the vec0 `active` flags are cleared last, in rowid order (a
        random-order vec0 update costs ~150 us at 100k records, an ordered one ~15 us)."""
        retire: list[int] = []
        with self.transaction():
            for merged, source, originals in items:
                scope = validate_scope(merged.scope)
                vec = self.vectors(scope, [source]).get(source) if isinstance(source, int) else source
                if vec is None:
                    raise MemcliError(f"no stored vector for record rowid {source}")
                merged.id = merged.id or self.new_id()
                self.insert(merged, vec)
                reason = f"merged into {merged.id}"
                for oid in originals:
                    row = self.conn.execute(
                        "SELECT rowid FROM memories WHERE id = ? AND scope = ? AND retired_at IS NULL",
                        (oid, scope)).fetchone()
                    if row is None:
                        continue
                    self.conn.execute("UPDATE memories SET retired_at = ?, retire_reason = ?, replaced_by = ? "
                                      "WHERE rowid = ?", (at, reason, merged.id, row[0]))
                    retire.append(row[0])
                    self.conn.execute(
                        "INSERT INTO decisions (scope, at, op, fact, target, new_id, decided_by, reason) "
                        "VALUES (?, ?, 'MERGE', ?, ?, ?, ?, ?)",
                        (scope, at, merged.text, oid, merged.id, decided_by, reason))
            self._deactivate_vectors(retire)
        return [m for m, _, _ in items]

    def _deactivate_vectors(self, rowids: Sequence[int]) -> None:
        if rowids and self.has_vectors():
            self.conn.executemany("UPDATE memory_vec SET active = 0 WHERE memory_rowid = ?",
                                  [(r,) for r in sorted(set(rowids))])

    def try_lock(self, name: str, *, ttl_s: int = 3600, now: float | None = None) -> dict[str, Any] | None:
        """Take a named lease (kept in `meta`, so it works wherever SQLite does).
        Returns None when taken, or the holder ({pid, host, expires}) when another live
        process has it. A lease past its expiry, or held by a dead pid on this host, is
        taken over."""
        import socket
        import time

        now = time.time() if now is None else now
        me = {"pid": os.getpid(), "host": socket.gethostname(), "expires": now + ttl_s}
        key = f"lock:{name}"
        with self.transaction():
            raw = self.meta(key)
            if raw:
                holder = json.loads(raw)
                alive = holder.get("expires", 0) > now and (
                    holder.get("host") != me["host"] or _pid_alive(int(holder.get("pid", 0))))
                if alive and holder.get("pid") != me["pid"]:
                    return holder
            self.set_meta(key, json.dumps(me))
        return None

    def release_lock(self, name: str) -> None:
        with self.transaction():
            raw = self.meta(f"lock:{name}")
            if raw and json.loads(raw).get("pid") == os.getpid():
                self.conn.execute("DELETE FROM meta WHERE key = ?", (f"lock:{name}",))

    # -- re-embedding -------------------------------------------------------------
    def reindex(self, progress: Any = None) -> int:
        """Re-embed every record with the current embedder (after a model change)."""
        emb = self.embedder
        rows = self.conn.execute("SELECT rowid, scope, text, retired_at FROM memories ORDER BY rowid").fetchall()
        vectors = emb.embed([r[2] for r in rows]) if rows else []
        with self.transaction():
            self.conn.execute("DROP TABLE IF EXISTS memory_vec")
            self.conn.execute("DELETE FROM memory_embeddings")
            self.conn.execute("DELETE FROM meta WHERE key IN ('embedder_model', 'embedder_dim')")
            self._ensure_vectors()
            for (rowid, scope, _text, retired), vec in zip(rows, vectors):
                blob = _vec_blob(vec)
                self.conn.execute(
                    "INSERT INTO memory_vec (memory_rowid, scope, active, embedding) VALUES (?, ?, ?, ?)",
                    (rowid, scope, int(retired is None), blob),
                )
                self.conn.execute(
                    "INSERT INTO memory_embeddings (rowid, scope, bits, embedding) VALUES (?, ?, ?, ?)",
                    (rowid, scope, _bits(vec), blob),
                )
        return len(rows)
