"""Memory records (`memories`): insert, read, retire and restore, rehearsal, version
chains, and the bulk reads and writes of the lifecycle (policies, consolidation,
reflection). Records are never edited in place except their lifecycle columns.

Every method that reads or writes records takes a scope and puts it in the WHERE
clause, so no query path crosses scopes."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import InputError, MemcliError, NotFound
from ..models import MEMORY_KINDS, SOURCES, Memory
from ..scope import validate_scope
from ..timeutil import to_iso, utcnow
from .connection import Database
from .decisions import DecisionLog
from .rows import MEMORY_COLUMNS, row_to_memory, time_filter
from .settings import ScopeSettings
from .vectors import SqliteVectorIndex

if TYPE_CHECKING:
    import numpy as np

_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
_ID_RE = re.compile(r"^[a-z0-9]{1,8}$")
# Consolidation's progress in the settings table: a restored record makes it start over.
_CONSOLIDATE_WATERMARK = "_consolidate.watermark"
# An episode's own turn, the last of its source turns, as the index memories_episode_turn
# (migration m013) is defined.
EPISODE_TURN = "json_extract(source_turns, '$[#-1]')"
# Active records that may introduce a person, as the partial index memories_people
# (migration m012) is defined: the texts `extract.known_people` can read a name from.
INTRODUCTION = "retired_at IS NULL AND (text GLOB 'User''s *[A-Z]*' OR text GLOB '[A-Z]* (User''s *')"


class SqliteRecords:
    def __init__(self, db: Database, vectors: SqliteVectorIndex, decisions: DecisionLog,
                 settings: ScopeSettings) -> None:
        self.db = db
        self.vectors = vectors
        self.decisions = decisions
        self.settings = settings

    # -- ids ----------------------------------------------------------------
    def new_id(self) -> str:
        while True:
            mid = "".join(secrets.choice(_ID_ALPHABET) for _ in range(6))
            if not self.db.one("SELECT 1 FROM memories WHERE id = ?", (mid,)):
                return mid

    def exists(self, memory_id: str) -> bool:
        return bool(self.db.one("SELECT 1 FROM memories WHERE id = ?", (memory_id,)))

    def find_scope(self, memory_id: str) -> str:
        """The scope a record id belongs to (for `show ID` without --scope)."""
        scope = self.db.one("SELECT scope FROM memories WHERE id = ?", (memory_id,))
        if scope is None:
            raise NotFound(f"no memory {memory_id!r}: `memcli show --scope SCOPE --all` lists the ids")
        return str(scope)

    def rowid_of(self, scope: str, memory_id: str) -> int | None:
        rowid = self.db.one("SELECT rowid FROM memories WHERE scope = ? AND id = ?", (scope, memory_id))
        return None if rowid is None else int(rowid)

    def rowids(self, scope: str, ids: Sequence[str]) -> dict[str, int]:
        scope = validate_scope(scope)
        out: dict[str, int] = {}
        for i in range(0, len(ids), 500):
            chunk = list(ids[i:i + 500])
            out.update({r[0]: r[1] for r in self.db.conn.execute(
                f"SELECT id, rowid FROM memories WHERE id IN ({','.join('?' * len(chunk))}) AND +scope = ?",
                (*chunk, scope))})
        return out

    # -- writes ---------------------------------------------------------------
    def insert(self, memory: Memory, vector: np.ndarray | None = None, parts: Sequence[np.ndarray] = ()) -> Memory:
        """Insert a fully formed record (and its vector, and its sentences' `parts`)
        inside one transaction."""
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
        self.vectors.ensure()
        if vector is None:
            vector = self.vectors.embedder.embed_one(memory.text)
        with self.db.transaction():
            if self.db.one("SELECT 1 FROM memories WHERE id = ?", (memory.id,)):
                raise InputError(f"memory id {memory.id} already exists")
            self.db.conn.execute(
                f"INSERT INTO memories ({MEMORY_COLUMNS}) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    memory.id, scope, memory.kind, memory.text, memory.key, memory.importance,
                    memory.confidence, memory.source, json.dumps(memory.source_turns),
                    json.dumps(memory.source_ids), memory.valid_from, memory.valid_until,
                    memory.recorded_at, memory.retired_at, memory.retire_reason, memory.replaces,
                    memory.replaced_by, int(memory.pinned), int(memory.safety),
                    memory.last_accessed, memory.access_count, memory.stability, int(memory.episode),
                ),
            )
            rowid = self.db.conn.last_insert_rowid()
            self.vectors.add(rowid, scope, vector)
            if len(parts):
                self.vectors.add_parts(rowid, scope, parts)
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
        with self.db.transaction():
            self.db.conn.execute(
                "UPDATE memories SET retired_at = ?, retire_reason = ?, valid_until = coalesce(?, valid_until), "
                "replaced_by = coalesce(?, replaced_by) WHERE scope = ? AND id = ?",
                (at, reason, valid_until, replaced_by, m.scope, memory_id),
            )
        return self.get(scope, memory_id)

    def close_validity(self, scope: str, memory_id: str, valid_until: str) -> None:
        """End a record's validity window where a fact learnt later began (an older
        statement ingested after a newer one): the history reads in date order."""
        with self.db.transaction():
            self.db.conn.execute("UPDATE memories SET valid_until = ? WHERE scope = ? AND id = ?",
                                 (valid_until, validate_scope(scope), memory_id))

    def archive(self, scope: str, memory_id: str, *, reason: str, at: str | None = None) -> Memory:
        """Retire without ending validity: forgotten or decayed, not contradicted."""
        return self.retire(scope, memory_id, reason=reason, at=at)

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
        with self.db.transaction():
            self.db.conn.execute(
                "UPDATE memories SET retired_at = NULL, retire_reason = NULL WHERE scope = ? AND id = ?",
                (m.scope, memory_id),
            )
            # an old record is active again: the next consolidation looks at everything
            self.settings.clear(m.scope, _CONSOLIDATE_WATERMARK)
        return self.get(scope, memory_id)

    def touch(self, scope: str, ids: Sequence[str], at: str, stability_growth: float = 0.5) -> None:
        """A retrieval is a rehearsal: refresh last_accessed, grow stability."""
        if not ids:
            return
        scope = validate_scope(scope)
        with self.db.transaction():
            if len(set(ids)) < len(ids):  # an id named twice counts twice
                for mid in ids:
                    self._touch(scope, [mid], at, stability_growth)
            else:  # one statement for a recall's hits (distinct), per 500 ids
                for i in range(0, len(ids), 500):
                    self._touch(scope, ids[i:i + 500], at, stability_growth)

    def _touch(self, scope: str, ids: Sequence[str], at: str, stability_growth: float) -> None:
        # `+scope`: look the ids up by their unique index, never walk the scope's
        self.db.conn.execute(
            "UPDATE memories SET last_accessed = ?, access_count = access_count + 1, stability = stability + ? "
            f"WHERE id IN ({','.join('?' * len(ids))}) AND +scope = ?",
            (at, stability_growth, *ids, scope),
        )

    # -- reads ----------------------------------------------------------------
    def get(self, scope: str, memory_id: str) -> Memory:
        scope = validate_scope(scope)
        row = self.db.conn.execute(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE scope = ? AND id = ?", (scope, memory_id)
        ).fetchone()
        if row is None:
            raise NotFound(f"no memory {memory_id!r} in scope {scope}: `memcli show --scope {scope} --all` lists them")
        return row_to_memory(row)

    def get_many(self, scope: str, ids: Sequence[str]) -> list[Memory]:
        return [self.get(scope, i) for i in ids]

    def by_rowids(self, scope: str, rowids: Sequence[int]) -> dict[int, Memory]:
        scope = validate_scope(scope)
        if not rowids:
            return {}
        marks = ",".join("?" * len(rowids))
        # `+scope`: without it the planner may walk the scope index (the whole scope)
        # instead of looking the rowids up.
        rows = self.db.rows(
            f"SELECT rowid, {MEMORY_COLUMNS} FROM memories WHERE rowid IN ({marks}) AND +scope = ?",
            (*rowids, scope),
        )
        return {r[0]: row_to_memory(r[1:]) for r in rows}

    def list_memories(
        self,
        scope: str,
        *,
        include_inactive: bool = False,
        kind: str | None = None,
        key: str | None = None,
        as_of: str | None = None,
        limit: int | None = None,
        offset: int = 0,
        episodes: bool = True,
    ) -> list[Memory]:
        """The scope's records, oldest first: active ones, all, or those valid at `as_of`;
        `limit` of them after the first `offset` (a page)."""
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
        if not episodes:
            where.append("episode = 0")
        sql = f"SELECT {MEMORY_COLUMNS} FROM memories WHERE {' AND '.join(where)} ORDER BY rowid"
        if limit or offset:
            sql += f" LIMIT {int(limit) if limit else -1} OFFSET {max(0, int(offset))}"
        return [row_to_memory(r) for r in self.db.conn.execute(sql, args)]

    def episodes_of(self, scope: str, turn_ids: Sequence[str]) -> list[Memory]:
        """The active episodes of these turns (what the user said there): those whose own
        turn, the last of their `source_turns`, is one of them, by the index of m013."""
        scope = validate_scope(scope)
        if not turn_ids:
            return []
        marks = ",".join("?" * len(turn_ids))
        return [row_to_memory(r) for r in self.db.conn.execute(
            f"SELECT {MEMORY_COLUMNS} FROM memories INDEXED BY memories_episode_turn WHERE scope = ? "
            f"AND episode = 1 AND {EPISODE_TURN} IN ({marks}) AND retired_at IS NULL ORDER BY rowid",
            (scope, *turn_ids))]

    def facts_of_turn(self, scope: str, turn_id: str) -> list[Memory]:
        """The active facts (not episodes) drawn from one turn. Reads the scope's active
        records (no index by source turn): for the rare re-reading of a turn."""
        return [row_to_memory(r) for r in self.db.conn.execute(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE scope = ? AND retired_at IS NULL AND episode = 0 "
            "AND instr(source_turns, ?) > 0 ORDER BY rowid", (validate_scope(scope), f'"{turn_id}"'))]

    def introductions(self, scope: str) -> list[str]:
        """Texts of the scope's active records that may introduce a person, oldest
        first, by the memories_people index: what `known_people` reads, without
        reading the whole scope."""
        return [r[0] for r in self.db.conn.execute(
            f"SELECT text FROM memories INDEXED BY memories_people WHERE scope = ? AND {INTRODUCTION} "
            "ORDER BY rowid", (validate_scope(scope),))]

    def keyed(self, scope: str, *, as_of: str | None = None) -> list[Memory]:
        """Records that fill a profile key (active, or valid at `as_of`), oldest first.
        Uses the (scope, key) index: a profile read never scans the scope."""
        scope = validate_scope(scope)
        where, args = time_filter(False, as_of)
        return [row_to_memory(r) for r in self.db.conn.execute(
            # INDEXED BY: left to itself the planner takes (scope, retired_at) and walks every
            # active record of the scope (24 ms at 100k, on every recall) for the few keyed ones
            f"SELECT {', '.join('m.' + c.strip() for c in MEMORY_COLUMNS.split(','))} FROM memories m "
            f"INDEXED BY memories_scope_key WHERE m.scope = ? AND m.key IS NOT NULL{where} ORDER BY m.rowid",
            (scope, *args))]

    def count(self, scope: str, *, include_inactive: bool = False, episodes: bool = True) -> int:
        scope = validate_scope(scope)
        extra = ("" if include_inactive else " AND retired_at IS NULL") + ("" if episodes else " AND episode = 0")
        return int(self.db.one(f"SELECT count(*) FROM memories WHERE scope = ?{extra}", (scope,)))

    def scopes(self) -> list[str]:
        return [r[0] for r in self.db.conn.execute(
            "SELECT scope FROM memories UNION SELECT scope FROM turns ORDER BY 1")]

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

    # -- lifecycle: bulk reads and writes for policies, consolidation, reflection ----------
    def lifecycle_rows(self, scope: str) -> list[tuple[Any, ...]]:
        """Active records as light tuples (no JSON decoding) for the forgetting policies:
        (id, kind, text, importance, pinned, safety, last_used, stability, access_count, key),
        where last_used is last_accessed or else recorded_at."""
        scope = validate_scope(scope)
        return self.db.rows(
            "SELECT id, kind, text, importance, pinned, safety, coalesce(last_accessed, recorded_at), "
            "stability, access_count, key FROM memories WHERE scope = ? AND retired_at IS NULL ORDER BY rowid",
            (scope,))

    def archive_many(self, scope: str, items: Sequence[tuple[str, str]], *, at: str) -> list[tuple[str, str]]:
        """Archive (id, reason) pairs in one transaction; returns the (id, text) of each
        one archived (the caller logs why). Validity stays open: the fact was not
        contradicted."""
        scope = validate_scope(scope)
        done: list[tuple[str, str]] = []
        with self.db.transaction():
            for mid, reason in items:
                row = self.db.conn.execute(
                    "SELECT rowid, text FROM memories WHERE scope = ? AND id = ? AND retired_at IS NULL",
                    (scope, mid)).fetchone()
                if row is None:
                    continue
                self.db.conn.execute("UPDATE memories SET retired_at = ?, retire_reason = ? WHERE rowid = ?",
                                     (at, reason, row[0]))
                done.append((mid, str(row[1])))
        return done

    def active_vectors(self, scope: str, kinds: Sequence[str]) -> tuple[list[tuple[Any, ...]], np.ndarray]:
        """Active records of these kinds with their stored vectors, for clustering:
        rows are (rowid, id, kind, text, importance, valid_from, recorded_at, key, source, episode)."""
        import numpy as np

        scope = validate_scope(scope)
        marks = ",".join("?" * len(kinds))
        rows = self.db.rows(
            "SELECT rowid, id, kind, text, importance, valid_from, recorded_at, key, source, episode FROM memories "
            f"WHERE scope = ? AND retired_at IS NULL AND kind IN ({marks}) ORDER BY rowid",
            (scope, *kinds))
        dim = int(self.db.meta("embedder_dim") or 0)
        if not rows or not dim:
            return [], np.zeros((0, max(dim, 1)), dtype=np.float32)
        vecs = self.vectors.vectors(scope, [r[0] for r in rows])
        rows = [r for r in rows if r[0] in vecs]
        if not rows:
            return [], np.zeros((0, dim), dtype=np.float32)
        return rows, np.vstack([vecs[r[0]] for r in rows]).astype(np.float32, copy=False)

    def active_records(self, scope: str) -> list[tuple[int, Memory]]:
        """(rowid, record) of the scope's active records, oldest first (for reflection)."""
        return [(r[0], row_to_memory(r[1:])) for r in self.db.conn.execute(
            f"SELECT rowid, {MEMORY_COLUMNS} FROM memories WHERE scope = ? AND retired_at IS NULL ORDER BY rowid",
            (validate_scope(scope),))]

    def last_rowid(self, scope: str) -> tuple[int, str] | None:
        """(rowid, id) of the scope's newest record, active or not."""
        row = self.db.conn.execute("SELECT rowid, id FROM memories WHERE scope = ? ORDER BY rowid DESC LIMIT 1",
                                   (validate_scope(scope),)).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def ids_after(self, scope: str, rowid: int) -> list[tuple[int, str]]:
        """(rowid, id) of the scope's records after `rowid`, oldest first."""
        return [(r[0], r[1]) for r in self.db.conn.execute(
            "SELECT rowid, id FROM memories WHERE scope = ? AND rowid > ? ORDER BY rowid",
            (validate_scope(scope), rowid))]

    def insert_merged_many(self, items: Sequence[tuple[Memory, int | np.ndarray, Sequence[str]]], *,
                           at: str) -> list[list[str]]:
        """Write each merged record (reusing the stored vector of `from_rowid`, or the
        vector given) and retire its originals with a link to it, all in one transaction;
        returns, per item, the originals retired (the caller logs the merge)."""
        retired: list[list[str]] = []
        with self.db.transaction():
            for merged, source, originals in items:
                scope = validate_scope(merged.scope)
                vec = self.vectors.vectors(scope, [source]).get(source) if isinstance(source, int) else source
                if vec is None:
                    raise MemcliError(f"no stored vector for record rowid {source}")
                merged.id = merged.id or self.new_id()
                self.insert(merged, vec)
                reason = f"merged into {merged.id}"
                gone: list[str] = []
                for oid in originals:
                    row = self.db.conn.execute(
                        "SELECT rowid FROM memories WHERE id = ? AND scope = ? AND retired_at IS NULL",
                        (oid, scope)).fetchone()
                    if row is None:
                        continue
                    self.db.conn.execute("UPDATE memories SET retired_at = ?, retire_reason = ?, replaced_by = ? "
                                         "WHERE rowid = ?", (at, reason, merged.id, row[0]))
                    gone.append(oid)
                retired.append(gone)
        return retired
