"""The store: one SQLite file, and the only place memcli runs SQL.

`Store` is composed of parts, each owning its tables and their SQL:

- `db` (`connection.py`): the file, pragmas, sqlite-vec, migrations, transactions, `meta`
- `records` (`records.py`): `memories`
- `keyword` (`keyword.py`): `memories_fts`
- `vector_index` (`vectors.py`): `memory_embeddings`, `memory_parts`, the embedder
- `turn_log` (`turns.py`): `turns`
- `decision_log` (`decisions.py`): `decisions`
- `settings`, `locks` (`settings.py`): `settings`, leases in `meta`
- `purger` (`purge.py`): hard delete across every table; `reindex.py`: re-embedding

The methods below are the store's one flat surface, each a delegation to its part.
The library's front door (`remember`, `ingest`, `recall`) is `memcli.api.MemoryStore`,
above the pipelines that use this class.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Self

from ..models import Decision, Memory
from .base import KeywordIndex, RecordStore, VectorIndex
from .connection import Database, default_db_path
from .decisions import DecisionLog
from .keyword import SqliteKeywordIndex, quote_fts
from .purge import Purger, Receipt
from .records import SqliteRecords
from .reindex import reindex
from .settings import Locks, ScopeSettings
from .turns import TurnLog, content_hash
from .vectors import SqliteVectorIndex

if TYPE_CHECKING:
    import numpy as np

    from ..embed import Embedder

__all__ = ["Store", "default_db_path", "quote_fts", "content_hash", "RecordStore", "KeywordIndex", "VectorIndex"]


class Store:
    """A memcli database file, opened (and migrated) on construction.

    >>> store = Store("memory.db")
    >>> store.add("user:alice", "User lives in Pune").kind
    'semantic'

    `add` and `insert` store a record as given, without reconciliation.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        embedder: Embedder | None = None,
        *,
        check_embedder: bool = True,
        busy_timeout_ms: int = 60_000,
        create: bool = True,
    ) -> None:
        self.db = Database(path, busy_timeout_ms=busy_timeout_ms, create=create)
        self.path = self.db.path
        self.conn = self.db.conn
        vectors = SqliteVectorIndex(self.db, embedder)
        self.settings = ScopeSettings(self.db)
        self.locks = Locks(self.db)
        self.turn_log = TurnLog(self.db)
        self.decision_log = DecisionLog(self.db)
        records = SqliteRecords(self.db, vectors, self.decision_log, self.settings)
        self.records: RecordStore = records
        self.keyword: KeywordIndex = SqliteKeywordIndex(self.db)
        self.vector_index: VectorIndex = vectors
        self.purger = Purger(self.db, records, vectors, self.turn_log, self.decision_log)
        self._sqlite_vectors = vectors
        if check_embedder:
            self.vector_index.check_embedder()

    # -- connection ---------------------------------------------------------
    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def transaction(self) -> AbstractContextManager[None]:
        return self.db.transaction()

    def meta(self, key: str) -> str | None:
        return self.db.meta(key)

    def set_meta(self, key: str, value: str) -> None:
        self.db.set_meta(key, value)

    def vacuum(self) -> None:
        self.db.vacuum()

    def enlarge_cache(self, mib: int = 256) -> None:
        self.db.enlarge_cache(mib)

    # -- embedder and vectors -------------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        return self.vector_index.embedder

    def _ensure_vectors(self) -> None:
        self.vector_index.ensure()

    def has_vectors(self) -> bool:
        return self.vector_index.has_vectors()

    def embed_query(self, text: str) -> np.ndarray:
        return self.vector_index.embed_query(text)

    def embed_many(self, texts: list[str]) -> np.ndarray:
        return self.vector_index.embed_many(texts)

    def search_vector(self, scope: str, vector: np.ndarray, *, k: int = 50,
                      include_inactive: bool = False, as_of: str | None = None) -> list[tuple[int, float]]:
        return self.vector_index.search(scope, vector, k=k, include_inactive=include_inactive, as_of=as_of)

    def similarities(self, scope: str, vector: np.ndarray, rowids: Sequence[int]) -> dict[int, float]:
        return self.vector_index.similarities(scope, vector, rowids)

    def vectors(self, scope: str, rowids: Sequence[int]) -> dict[int, np.ndarray]:
        return self.vector_index.vectors(scope, rowids)

    def part_similarities(self, scope: str, vector: np.ndarray, rowids: Sequence[int]) -> dict[int, float]:
        return self.vector_index.part_similarities(scope, vector, rowids)

    def similarity_to(self, scope: str, vector: np.ndarray, memory_id: str) -> float:
        return self.vector_index.similarity_to(scope, vector, memory_id)

    def reindex(self, progress: object = None) -> int:
        """Re-embed every record with the current embedder (after a model change)."""
        return reindex(self.db, self._sqlite_vectors)

    # -- keyword ----------------------------------------------------------------------
    def said_anywhere(self, word: str) -> bool:
        return self.keyword.said_anywhere(word)

    def search_keyword(self, scope: str, query: str, *, k: int = 50, raw: bool = False,
                       include_inactive: bool = False, as_of: str | None = None) -> list[tuple[int, float]]:
        return self.keyword.search(scope, query, k=k, raw=raw, include_inactive=include_inactive, as_of=as_of)

    def search_indexes(self, scope: str, query: str, vector: np.ndarray, *, k: int = 50, raw: bool = False,
                       include_inactive: bool = False, as_of: str | None = None, distinctive: bool = False,
                       build_codes: bool = True) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
        """`search_keyword` and `search_vector` for one query on the store's connection:
        the vector index brought up to date, its hamming scan (numpy, no SQL) started on a
        worker thread in a large scope, the keyword search run beside it, then the scan's
        candidates rescored (the SQL of both searches on one connection: a second one, on a
        worker, gained nothing measurable, its page cache emptied by every write).
        `distinctive`: the keyword side leaves out a large scope's common terms;
        `build_codes` false: this search never builds the vector index's codes."""
        vec = self.vector_index.prepared(scope, vector, k=k, include_inactive=include_inactive, as_of=as_of,
                                         build_codes=build_codes)
        kw = self.keyword.prepared(scope, query, k=k, raw=raw, include_inactive=include_inactive, as_of=as_of,
                                   distinctive=distinctive)()
        return kw, vec()

    # -- records ------------------------------------------------------------------------
    def new_id(self) -> str:
        return self.records.new_id()

    def insert(self, memory: Memory, vector: np.ndarray | None = None, parts: Sequence[np.ndarray] = ()) -> Memory:
        return self.records.insert(memory, vector, parts)

    def add(self, scope: str, text: str, *, kind: str = "semantic", importance: float = 0.5,
            confidence: float = 0.8, source: str = "stated", key: str | None = None, pinned: bool = False,
            safety: bool = False, valid_from: str | None = None, source_turns: list[str] | None = None,
            replaces: str | None = None) -> Memory:
        return self.records.add(scope, text, kind=kind, importance=importance, confidence=confidence,
                                source=source, key=key, pinned=pinned, safety=safety, valid_from=valid_from,
                                source_turns=source_turns, replaces=replaces)

    def get(self, scope: str, memory_id: str) -> Memory:
        return self.records.get(scope, memory_id)

    def exists(self, memory_id: str) -> bool:
        return self.records.exists(memory_id)

    def get_many(self, scope: str, ids: Sequence[str]) -> list[Memory]:
        return self.records.get_many(scope, ids)

    def by_rowids(self, scope: str, rowids: Sequence[int]) -> dict[int, Memory]:
        return self.records.by_rowids(scope, rowids)

    def list_memories(self, scope: str, *, include_inactive: bool = False, kind: str | None = None,
                      key: str | None = None, as_of: str | None = None, limit: int | None = None,
                      offset: int = 0, episodes: bool = True) -> list[Memory]:
        return self.records.list_memories(scope, include_inactive=include_inactive, kind=kind, key=key,
                                          as_of=as_of, limit=limit, offset=offset, episodes=episodes)

    def episodes_of(self, scope: str, turn_ids: Sequence[str]) -> list[Memory]:
        return self.records.episodes_of(scope, turn_ids)

    def keyed(self, scope: str, *, as_of: str | None = None) -> list[Memory]:
        return self.records.keyed(scope, as_of=as_of)

    def introductions(self, scope: str) -> list[str]:
        return self.records.introductions(scope)

    def facts_of_turn(self, scope: str, turn_id: str) -> list[Memory]:
        return self.records.facts_of_turn(scope, turn_id)

    def count(self, scope: str, *, include_inactive: bool = False, episodes: bool = True) -> int:
        return self.records.count(scope, include_inactive=include_inactive, episodes=episodes)

    def scopes(self) -> list[str]:
        return self.records.scopes()

    def retire(self, scope: str, memory_id: str, *, reason: str, at: str | None = None,
               valid_until: str | None = None, replaced_by: str | None = None) -> Memory:
        return self.records.retire(scope, memory_id, reason=reason, at=at, valid_until=valid_until,
                                   replaced_by=replaced_by)

    def archive(self, scope: str, memory_id: str, *, reason: str, at: str | None = None) -> Memory:
        return self.records.archive(scope, memory_id, reason=reason, at=at)

    def find_scope(self, memory_id: str) -> str:
        return self.records.find_scope(memory_id)

    def restore(self, scope: str, memory_id: str) -> Memory:
        return self.records.restore(scope, memory_id)

    def touch(self, scope: str, ids: Sequence[str], at: str, stability_growth: float = 0.5) -> None:
        self.records.touch(scope, ids, at, stability_growth)

    def chain(self, scope: str, memory_id: str) -> list[Memory]:
        return self.records.chain(scope, memory_id)

    def lifecycle_rows(self, scope: str) -> list[tuple[Any, ...]]:
        return self.records.lifecycle_rows(scope)

    def close_validity(self, scope: str, memory_id: str, valid_until: str) -> None:
        self.records.close_validity(scope, memory_id, valid_until)

    def archive_many(self, scope: str, items: Sequence[tuple[str, str]], *, at: str) -> list[tuple[str, str]]:
        return self.records.archive_many(scope, items, at=at)

    def active_vectors(self, scope: str, kinds: Sequence[str]) -> tuple[list[tuple[Any, ...]], np.ndarray]:
        return self.records.active_vectors(scope, kinds)

    def active_records(self, scope: str) -> list[tuple[int, Memory]]:
        return self.records.active_records(scope)

    def last_rowid(self, scope: str) -> tuple[int, str] | None:
        return self.records.last_rowid(scope)

    def ids_after(self, scope: str, rowid: int) -> list[tuple[int, str]]:
        return self.records.ids_after(scope, rowid)

    def rowids(self, scope: str, ids: Sequence[str]) -> dict[str, int]:
        return self.records.rowids(scope, ids)

    def insert_merged_many(self, items: Sequence[tuple[Memory, int | np.ndarray, Sequence[str]]], *,
                           at: str) -> list[list[str]]:
        return self.records.insert_merged_many(items, at=at)

    # -- turns and the decision log ------------------------------------------------------
    def add_turn(self, scope: str, role: str, content: str, ts: str | None, source: str | None,
                 ref: str | None) -> tuple[str, bool]:
        return self.turn_log.add(scope, role, content, ts, source, ref)

    def turn_exists(self, scope: str, role: str, content: str, ts: str | None) -> bool:
        return self.turn_log.exists(scope, role, content, ts)

    def turns(self, scope: str, ids: Sequence[str] | None = None) -> list[dict[str, Any]]:
        return self.turn_log.fetch(scope, ids)

    def turns_naming(self, scope: str, word: str) -> list[dict[str, Any]]:
        return self.turn_log.naming(scope, word)

    def last_user_turn(self, scope: str) -> tuple[str, str | None] | None:
        """(id, ts) of the scope's latest user turn, or None: what a "forget that" at the
        start of the next ingest points back at."""
        turn = self.turn_log.last_id(scope)
        rows = self.turn_log.fetch(scope, [turn]) if turn else []
        return (rows[0]["id"], rows[0]["ts"]) if rows else None

    def last_said(self, scope: str) -> list[Memory]:
        """The active facts of the scope's latest user turn (what "sorry, I meant 41"
        corrects when it comes in a run of its own)."""
        turn = self.turn_log.last_id(scope)
        return self.records.facts_of_turn(scope, turn) if turn else []

    def log(self, d: Decision) -> Decision:
        return self.decision_log.log(d)

    def forget_requests(self, scope: str) -> list[Decision]:
        return self.decision_log.requests(scope)

    def decisions(self, scope: str, *, memory_id: str | None = None, limit: int | None = None) -> list[Decision]:
        return self.decision_log.fetch(scope, memory_id=memory_id, limit=limit)

    # -- settings and locks ------------------------------------------------------------------
    def get_settings(self, scope: str) -> dict[str, str]:
        return self.settings.stored(scope)

    def state(self, scope: str, name: str) -> str | None:
        return self.settings.state(scope, name)

    def set_setting(self, scope: str, name: str, value: str | None) -> None:
        self.settings.set(scope, name, value)

    def try_lock(self, name: str, *, ttl_s: int = 3600, now: float | None = None) -> dict[str, Any] | None:
        return self.locks.try_lock(name, ttl_s=ttl_s, now=now)

    def release_lock(self, name: str) -> None:
        self.locks.release_lock(name)

    # -- hard delete ---------------------------------------------------------------------------
    def purge(self, scope: str, ids: Sequence[str], *, turns: bool = True, vacuum: bool | None = None) -> Receipt:
        return self.purger.purge(scope, ids, turns=turns, vacuum=vacuum)

    def purge_where(self, scope: str, *, match: str | None = None, source: str | None = None,
                    vacuum: bool | None = None) -> tuple[list[str], Receipt]:
        return self.purger.purge_where(scope, match=match, source=source, vacuum=vacuum)

    def purge_preview(self, scope: str, *, ids: Sequence[str] = (), match: str | None = None,
                      source: str | None = None, whole_scope: bool = False) -> tuple[list[Memory], int]:
        return self.purger.preview(scope, ids=ids, match=match, source=source, whole_scope=whole_scope)

    def purge_scope(self, scope: str, *, vacuum: bool | None = None) -> Receipt:
        return self.purger.purge_scope(scope, vacuum=vacuum)

