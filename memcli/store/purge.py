"""Hard delete: every copy of a record's text leaves the file. The only SQL that
deletes from every table.

A purge has three phases:

1. **Select** (no write lock): the records (every version, merges built from them,
   separately written duplicates), the raw turns holding the claim (its source turns
   and any later user or assistant turn restating it, see `copies.py`), the decision
   rows quoting it and the neighbour lists and retire reasons naming it. The scan of
   the scope happens here, so its cost never holds other writers up.
2. **Delete** (one write transaction): the selection is topped up with the rows added
   since the scan (turns, decisions and records only grow, by rowid), then everything
   goes, with `PRAGMA secure_delete` zeroing the freed bytes, FTS5's `secure-delete`
   taking the terms out of the index segments, and vec0's vector overwritten before
   its row is deleted. A `purge_pending` row (ids only) commits with the delete.
3. **Scrub the file**: `wal_checkpoint(TRUNCATE)` moves the zeroed pages into the main
   file and empties the WAL (its older frames still hold the text), then the pending
   row goes. A file written before every connection zeroed freed bytes is VACUUMed
   once instead. Killed at any point, the next purge (of anything, or the same ids
   again) finishes the scrub: before the commit nothing changed, after it the marker
   says what is left.

The write lock is held for phase 2 and the checkpoint: their cost follows the rows
purged (and the WAL's size), not the file's.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import InputError, MemcliError
from ..models import Memory
from ..scope import validate_scope
from ..timeutil import to_iso, utcnow
from .connection import Database
from .copies import CopyFinder
from .decisions import DecisionLog
from .keyword import SqliteKeywordIndex
from .records import SqliteRecords
from .turns import TurnLog
from .vectors import SqliteVectorIndex

Receipt = dict[str, int]

PAUSE_ENV = "MEMCLI_TEST_PURGE_PAUSE"
"""Fault injection for the kill tests: the purge announces the named step on stderr
and sleeps there (steps: selected, deleted, committed, checkpointed)."""

PURGED_REASON = "[purged]"
CHECKPOINT_WAIT_MS = 5000


def _receipt(*extra: str) -> Receipt:
    return dict.fromkeys(("memories", "memories_fts", "memory_embeddings", "memory_parts", "decisions",
                          "decisions_scrubbed", "turns", *extra), 0)


def _step(name: str) -> None:
    if os.environ.get(PAUSE_ENV) == name:
        print(f"memcli purge: paused at {name}", file=sys.stderr, flush=True)
        time.sleep(600)


def _marks(n: int) -> str:
    return ",".join("?" * n)


@dataclass
class Plan:
    """What one purge removes, and the high-water marks of the scan that chose it."""

    scope: str
    ids: set[str] = field(default_factory=set)
    turns: set[str] = field(default_factory=set)
    decisions: set[int] = field(default_factory=set)
    neighbours: dict[int, str] = field(default_factory=dict)  # decision id -> scrubbed JSON
    reasons: set[str] = field(default_factory=set)  # kept records whose retire_reason quotes a copy
    needles: list[str] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)  # record id -> text
    marks: dict[str, int] = field(default_factory=dict)  # table -> max rowid scanned
    started: str = ""

    def finder(self) -> CopyFinder:
        return CopyFinder(self.texts.values(), self.needles)


class Purger:
    def __init__(self, db: Database, records: SqliteRecords, vectors: SqliteVectorIndex, turns: TurnLog,
                 decisions: DecisionLog) -> None:
        self.db = db
        self.records = records
        self.vectors = vectors
        self.turns = turns
        self.decisions = decisions
        self.keyword = SqliteKeywordIndex(db)
        self.timings: dict[str, float] = {}
        """Seconds of the last purge: `select_s`, `lock_s` (write lock held: the delete
        transaction, the checkpoint and any VACUUM), `total_s`; read by bench/purge.py."""

    # -- public ---------------------------------------------------------------------------
    def purge(self, scope: str, ids: Sequence[str], *, turns: bool = True, vacuum: bool | None = None) -> Receipt:
        """Hard-delete records and every copy of their text (module docstring). `vacuum`:
        None rewrites the file only when it predates zeroed free space, True always (the
        old way, kept for comparison), False never. Returns rows removed per table."""
        return self._run(validate_scope(scope), ids, turns=turns, vacuum=vacuum)

    def purge_where(self, scope: str, *, match: str | None = None, source: str | None = None,
                    vacuum: bool | None = None) -> tuple[list[str], Receipt]:
        """Hard-delete by content (`match`: case-insensitive substring of a record or a
        raw turn) or by origin (`source`: the file name given to ingest). Returns the
        purged record ids and the receipt."""
        scope = validate_scope(scope)
        ids, turn_ids, needles = self._selection(scope, match, source)
        receipt = self._run(scope, ids, extra_turns=turn_ids, needles=needles, vacuum=vacuum)
        return sorted(self._last_ids), receipt

    def preview(self, scope: str, *, ids: Sequence[str] = (), match: str | None = None,
                source: str | None = None, whole_scope: bool = False) -> tuple[list[Memory], int]:
        """What a purge would remove, without removing it: every record and the number of raw turns."""
        scope = validate_scope(scope)
        if whole_scope:
            return self.records.list_memories(scope, include_inactive=True), self.turns.count(scope)
        turn_ids: list[str] = []
        needles: list[str] = []
        if match or source:
            ids, turn_ids, needles = self._selection(scope, match, source)
        plan = self._plan(scope, ids, turn_ids, needles, turns=True)
        return [self.records.get(scope, mid) for mid in sorted(plan.ids)], len(plan.turns)

    def was_purged(self, scope: str, memory_id: str) -> bool:
        """Whether a purge in this scope removed this id (its PURGE log row or pending
        marker names it): purging it again finishes that purge's scrub."""
        quoted = json.dumps(memory_id)
        return bool(self.db.one(
            "SELECT 1 FROM decisions WHERE scope = ? AND op = 'PURGE' AND instr(reason, ?) > 0 "
            "UNION ALL SELECT 1 FROM purge_pending WHERE scope = ? AND instr(ids, ?) > 0 LIMIT 1",
            (validate_scope(scope), quoted, scope, quoted)))

    def finish_pending(self) -> int:
        """Complete the file scrub of purges that were interrupted after their delete
        committed; returns how many there were."""
        rows = self.db.rows("SELECT id, vacuum FROM purge_pending ORDER BY id")
        if rows:
            self._scrub_file(max(r[0] for r in rows), vacuum=any(r[1] for r in rows))
        return len(rows)

    def purge_scope(self, scope: str, *, vacuum: bool | None = None) -> Receipt:
        """Hard-delete everything a scope holds: records, FTS rows, vectors, turns,
        decisions and settings, in one transaction, then the file scrub."""
        scope = validate_scope(scope)
        t0 = time.perf_counter()
        self.finish_pending()
        receipt = _receipt("settings")
        delete = self.db.delete_count
        _step("selected")
        t1 = time.perf_counter()
        with self.db.transaction():
            self.keyword.secure_delete()
            rowids = [r[0] for r in self.db.conn.execute("SELECT rowid FROM memories WHERE scope = ?", (scope,))]
            receipt.update(self.vectors.delete(rowids))
            receipt["memory_embeddings"] += delete("DELETE FROM memory_embeddings WHERE scope = ?", (scope,))
            receipt["memory_parts"] += delete("DELETE FROM memory_parts WHERE scope = ?", (scope,))
            receipt["memories"] = delete("DELETE FROM memories WHERE scope = ?", (scope,))
            receipt["memories_fts"] = receipt["memories"]
            receipt["turns"] = delete("DELETE FROM turns WHERE scope = ?", (scope,))
            receipt["decisions"] = delete("DELETE FROM decisions WHERE scope = ?", (scope,))
            receipt["settings"] = delete("DELETE FROM settings WHERE scope = ?", (scope,))
            marker = self._mark(scope, ["*"], vacuum)
            _step("deleted")
        self._finish(marker, t0, t1)
        return receipt

    # -- selection ------------------------------------------------------------------------
    def _selection(self, scope: str, match: str | None, source: str | None
                   ) -> tuple[list[str], list[str], list[str]]:
        """(record ids, turn ids, texts to scrub from the log) chosen by --match / --source."""
        if not match and not source:
            raise InputError("purge needs ids, --match TEXT, --source FILE or --all")
        ids: list[str] = []
        turn_ids: list[str] = []
        needles: list[str] = []
        conn = self.db.conn
        if match:
            if len(match.strip()) < 3:
                raise InputError("--match needs at least 3 characters (it is a substring match)")
            needles.append(match)
            ids += [r[0] for r in conn.execute(
                "SELECT id FROM memories WHERE scope = ? AND instr(lower(text), lower(?)) > 0", (scope, match))]
            turn_ids += [r[0] for r in conn.execute(
                "SELECT id FROM turns WHERE scope = ? AND instr(lower(content), lower(?)) > 0", (scope, match))]
        if source:
            src_turns = [r[0] for r in conn.execute(
                "SELECT id FROM turns WHERE scope = ? AND source = ?", (scope, source))]
            turn_ids += src_turns
            for i in range(0, len(src_turns), 500):
                chunk = src_turns[i:i + 500]
                ids += [r[0] for r in conn.execute(
                    "SELECT DISTINCT m.id FROM memories m, json_each(m.source_turns) j "
                    f"WHERE m.scope = ? AND j.value IN ({_marks(len(chunk))})", (scope, *chunk))]
        return ids, turn_ids, needles

    def _plan(self, scope: str, ids: Iterable[str], extra_turns: Iterable[str], needles: Sequence[str], *,
              turns: bool) -> Plan:
        """Choose every row to delete (phase 1), reading only."""
        plan = Plan(scope, needles=list(needles), started=to_iso(utcnow()) or "")
        plan.marks = {
            "memories": int(self.db.one("SELECT coalesce(max(rowid), 0) FROM memories")),
            "turns": int(self.db.one("SELECT coalesce(max(rowid), 0) FROM turns")),
            "decisions": int(self.db.one("SELECT coalesce(max(id), 0) FROM decisions")),
        }
        self._add_records(plan, ids)
        if turns:
            plan.turns |= set(extra_turns)
        self._select_copies(plan, after=None, turns=turns)
        return plan

    def _add_records(self, plan: Plan, ids: Iterable[str]) -> None:
        """Add records and their closure: versions (replaces / replaced_by) and merges
        (source_ids), both ways, transitively. A reflection quoting one of them goes
        too, but not its other sources: they are not copies of each other."""
        todo = [i for i in dict.fromkeys(ids) if i not in plan.ids]
        while todo:
            rows = self._linked(plan.scope, todo)
            todo = []
            for mid, text, replaces, replaced_by, source_ids, source in rows:
                if mid not in plan.ids:
                    plan.ids.add(mid)
                    plan.texts[mid] = text
                linked = [replaces, replaced_by, *(json.loads(source_ids) if source != "reflected" else [])]
                todo += [x for x in linked if x and x not in plan.ids]
            todo = list(dict.fromkeys(todo))

    def _linked(self, scope: str, ids: Sequence[str]) -> list[tuple[str, str, str | None, str | None, str, str]]:
        """These records and every record pointing at one of them (a scan of the scope)."""
        out = []
        cols = "id, text, replaces, replaced_by, source_ids, source"
        for i in range(0, len(ids), 200):
            chunk = list(ids[i:i + 200])
            m = _marks(len(chunk))
            out += self.db.rows(
                f"SELECT {cols} FROM memories WHERE scope = ? AND (id IN ({m}) OR replaces IN ({m}) "
                f"OR replaced_by IN ({m}) OR (source_ids != '[]' AND EXISTS "
                f"(SELECT 1 FROM json_each(source_ids) j WHERE j.value IN ({m}))))",
                (scope, *chunk, *chunk, *chunk, *chunk))
        return out

    def _select_copies(self, plan: Plan, *, after: dict[str, int] | None, turns: bool) -> None:
        """Add the copies of the plan's texts: duplicate records, source and restating
        turns, decision rows, neighbour lists and retire reasons. `after`: only rows
        past these marks (the top-up inside the write lock)."""
        scope = plan.scope

        def since(table: str) -> str:
            """The top-up's rowid range (nothing when the table did not grow: no scan)."""
            if after is None:
                return ""
            return f" AND rowid > {int(after[table])}" if plan.marks[table] > after[table] else " AND 0"

        # `+scope` in the top-up: walk the rowid range, not the scope's index
        scoped = "+scope" if after else "scope"
        finder = plan.finder()
        if finder:
            where, args = finder.sql_filter("text")
            dupes = [mid for mid, text in self.db.rows(
                f"SELECT id, text FROM memories WHERE {scoped} = ? AND {where}{since('memories')}", (scope, *args))
                if mid not in plan.ids and finder.same_record(text)]
            if dupes:
                self._add_records(plan, dupes)
                finder = plan.finder()
        if turns:
            plan.turns |= self._source_turns(plan)
            if finder:
                where, args = finder.sql_filter("content")
                plan.turns |= {tid for tid, content in self.db.rows(
                    f"SELECT id, content FROM turns WHERE {scoped} = ? AND {where}{since('turns')}", (scope, *args))
                    if finder.holds(content)}
            eps = self._episodes_of_turns(plan, scoped, since("memories"))
            if eps:
                self._add_records(plan, eps)
                finder = plan.finder()
        self._select_decisions(plan, finder, since("decisions"))
        self._select_reasons(plan, finder, after is not None)

    def _episodes_of_turns(self, plan: Plan, scoped: str, since: str) -> list[str]:
        """The episodes of the turns going (each is its turn as the user said it)."""
        if not plan.turns:
            return []
        turns = sorted(plan.turns)
        out: list[str] = []
        for i in range(0, len(turns), 500):
            chunk = turns[i:i + 500]
            out += [r[0] for r in self.db.conn.execute(
                f"SELECT m.id FROM memories m WHERE {scoped.replace('scope', 'm.scope')} = ? AND m.episode = 1{since.replace('rowid', 'm.rowid')} "
                f"AND EXISTS (SELECT 1 FROM json_each(m.source_turns) j WHERE j.value IN ({_marks(len(chunk))}))",
                (plan.scope, *chunk)) if r[0] not in plan.ids]
        return out

    def _source_turns(self, plan: Plan) -> set[str]:
        ids = sorted(plan.ids)
        out: set[str] = set()
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            out |= {r[0] for r in self.db.conn.execute(
                "SELECT DISTINCT j.value FROM memories m, json_each(m.source_turns) j "
                f"WHERE m.scope = ? AND m.id IN ({_marks(len(chunk))})", (plan.scope, *chunk))
                if isinstance(r[0], str) and r[0].startswith("t")}
        return out

    def _select_decisions(self, plan: Plan, finder: CopyFinder, since: str) -> None:
        """Decision rows about a purged record or turn, or quoting a copy, go; neighbour
        lists of the others lose the purged entries."""
        scope = plan.scope
        for key, col in (("ids", "target"), ("ids", "new_id"), ("turns", "turn")):
            keys = sorted(plan.ids if key == "ids" else plan.turns)
            for i in range(0, len(keys), 500):
                chunk = keys[i:i + 500]
                plan.decisions |= {r[0] for r in self.db.conn.execute(
                    f"SELECT id FROM decisions WHERE scope = ? AND {col} IN ({_marks(len(chunk))}){since}",
                    (scope, *chunk))}
        if finder:
            where, args = finder.sql_filter("fact || ' ' || reason")
            plan.decisions |= {did for did, fact, reason in self.db.rows(
                f"SELECT id, fact, reason FROM decisions WHERE scope = ? AND op != 'PURGE' AND {where}{since}",
                (scope, *args)) if finder.holds(fact) or finder.holds(reason)}
        where, args = finder.sql_filter("neighbours", json_text=True)
        if len(plan.ids) <= 200:
            clause = " OR ".join([where, *["instr(neighbours, ?) > 0"] * len(plan.ids)])
            args += [json.dumps(i) for i in sorted(plan.ids)]
        else:
            clause = "1"
        for did, raw in self.db.rows(
                f"SELECT id, neighbours FROM decisions WHERE scope = ? AND neighbours != '[]' AND ({clause}){since}",
                (scope, *args)):
            if did in plan.decisions:
                continue
            shown = json.loads(raw)
            kept = [nb for nb in shown if not (isinstance(nb, dict) and (
                nb.get("id") in plan.ids or finder.holds(str(nb.get("text", "")))))]
            if len(kept) != len(shown):
                plan.neighbours[did] = json.dumps(kept)

    def _select_reasons(self, plan: Plan, finder: CopyFinder, recent_only: bool) -> None:
        """Kept records whose retire reason quotes a copy ("no longer true: ...")."""
        if not finder:
            return
        where, args = finder.sql_filter("retire_reason")
        if recent_only:  # retired since the scan began (the (scope, retired_at) index)
            when, extra = "retired_at >= ?", [plan.started]
        else:
            when, extra = "retired_at IS NOT NULL", []
        rows = self.db.rows(f"SELECT id, retire_reason FROM memories WHERE scope = ? AND {when} AND {where}",
                            (plan.scope, *extra, *args))
        plan.reasons |= {mid for mid, reason in rows if mid not in plan.ids and finder.holds(reason)}

    # -- delete ---------------------------------------------------------------------------
    def _run(self, scope: str, ids: Sequence[str], *, turns: bool = True, vacuum: bool | None = None,
             extra_turns: Sequence[str] = (), needles: Sequence[str] = ()) -> Receipt:
        t0 = time.perf_counter()
        self.finish_pending()
        plan = self._plan(scope, ids, extra_turns, needles, turns=turns)
        self._last_ids = set(plan.ids)
        _step("selected")
        t1 = time.perf_counter()
        with self.db.transaction():
            marks = dict(plan.marks)
            self._top_up(plan, marks, turns)
            self._last_ids = set(plan.ids)
            if not plan.ids and not plan.turns and not plan.decisions:
                return _receipt()
            receipt = self._delete(plan)
            marker = self._mark(scope, sorted(plan.ids), vacuum)
            self.decisions.append(
                scope, to_iso(utcnow()) or "", "PURGE", f"[{len(plan.ids)} record(s) purged]", decided_by="user",
                reason=f"hard delete of {json.dumps(sorted(plan.ids))}: "
                       + ", ".join(f"{k}={v}" for k, v in receipt.items()))
            _step("deleted")
        self._finish(marker, t0, t1)
        return receipt

    def _top_up(self, plan: Plan, marks: dict[str, int], turns: bool) -> None:
        """Inside the write lock: add what was written since the scan (new versions or
        merges of a purged record, new turns and log rows quoting it)."""
        after = dict(marks)
        known = set(plan.ids)
        plan.marks = {
            "memories": int(self.db.one("SELECT coalesce(max(rowid), 0) FROM memories")),
            "turns": int(self.db.one("SELECT coalesce(max(rowid), 0) FROM turns")),
            "decisions": int(self.db.one("SELECT coalesce(max(id), 0) FROM decisions")),
        }
        if plan.marks["memories"] > after["memories"] and plan.ids:
            m = _marks(len(plan.ids))
            linked = [r[0] for r in self.db.rows(
                f"SELECT id FROM memories WHERE +scope = ? AND rowid > ? AND (replaces IN ({m}) OR replaced_by "
                f"IN ({m}) OR EXISTS (SELECT 1 FROM json_each(source_ids) j WHERE j.value IN ({m})))",
                (plan.scope, after["memories"], *plan.ids, *plan.ids, *plan.ids))] if len(plan.ids) <= 300 else [
                r[0] for r in self.db.rows("SELECT id FROM memories WHERE +scope = ? AND rowid > ?",
                                           (plan.scope, after["memories"]))]
            if linked:
                self._add_records(plan, linked)
        self._select_copies(plan, after=after, turns=turns)
        if plan.ids != known:  # a version or duplicate written in the gap: older rows may restate it (rare)
            self._select_copies(plan, after=None, turns=turns)

    def _delete(self, plan: Plan) -> Receipt:
        scope = plan.scope
        receipt = _receipt()
        conn = self.db.conn
        self.keyword.secure_delete()
        ids = sorted(plan.ids)
        rowids = sorted(self.records.rowids(scope, ids).values())
        receipt.update(self.vectors.delete(rowids))
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            conn.execute(f"DELETE FROM memories WHERE scope = ? AND id IN ({_marks(len(chunk))})", (scope, *chunk))
            receipt["memories"] += conn.changes()
        receipt["memories_fts"] = receipt["memories"]
        for did in sorted(plan.decisions):
            conn.execute("DELETE FROM decisions WHERE id = ?", (did,))
            receipt["decisions"] += conn.changes()
        for did, shown in sorted(plan.neighbours.items()):
            conn.execute("UPDATE decisions SET neighbours = ? WHERE id = ?", (shown, did))
            receipt["decisions_scrubbed"] += conn.changes()
        for mid in sorted(plan.reasons):
            conn.execute("UPDATE memories SET retire_reason = ? WHERE scope = ? AND id = ?",
                         (PURGED_REASON, scope, mid))
        turn_ids = sorted(plan.turns)
        for i in range(0, len(turn_ids), 500):
            chunk = turn_ids[i:i + 500]
            conn.execute(f"DELETE FROM turns WHERE scope = ? AND id IN ({_marks(len(chunk))})", (scope, *chunk))
            receipt["turns"] += conn.changes()
        return receipt

    # -- the file -------------------------------------------------------------------------
    def _mark(self, scope: str, ids: Sequence[str], vacuum: bool | None) -> int:
        """The pending-scrub row, inside the delete's transaction."""
        whole = bool(vacuum) or (vacuum is None and self.db.meta("free_space_zeroed") is None)
        self.db.conn.execute("INSERT INTO purge_pending (scope, ids, vacuum, at) VALUES (?, ?, ?, ?)",
                             (scope, json.dumps(list(ids)), int(whole), to_iso(utcnow()) or ""))
        return int(self.db.conn.last_insert_rowid())

    def _finish(self, marker: int, t0: float, t1: float) -> None:
        """Phase 3 and the timings (t0: start, t1: the write transaction began)."""
        _step("committed")
        whole = bool(self.db.one("SELECT vacuum FROM purge_pending WHERE id = ?", (marker,)))
        self._scrub_file(marker, vacuum=whole)
        t3 = time.perf_counter()
        self.timings = {"select_s": t1 - t0, "lock_s": t3 - t1, "total_s": t3 - t0,
                        "vacuum": float(whole)}

    def _scrub_file(self, up_to: int, *, vacuum: bool) -> None:
        """Phase 3: the WAL's old frames into the main file and the WAL emptied (or the
        whole file rewritten), then the pending rows up to `up_to` removed."""
        if vacuum:
            self.db.vacuum()
        else:
            self._checkpoint()
        _step("checkpointed")
        with self.db.transaction():
            self.db.conn.execute("DELETE FROM purge_pending WHERE id <= ?", (up_to,))
            if vacuum:
                self.db.set_meta("free_space_zeroed", "1")

    def _checkpoint(self) -> None:
        """wal_checkpoint(TRUNCATE) holds the writer lock while it waits for readers of
        older snapshots, so it waits CHECKPOINT_WAIT_MS, not the busy timeout; if a
        reader is still there the pending row stays and the error says to run again."""
        self.db.conn.setbusytimeout(CHECKPOINT_WAIT_MS)
        try:
            row = self.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            self.db.conn.setbusytimeout(self.db.busy_timeout_ms)
        busy = row[0] if row else 1
        wal = f"{self.db.path}-wal"
        if busy or (os.path.exists(wal) and os.path.getsize(wal) > 0):
            raise MemcliError(
                f"purged from the tables, but {wal} still holds old pages: another process is reading "
                "the file; run the same purge again when it is done (it finishes the scrub)")
