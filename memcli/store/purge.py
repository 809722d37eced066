"""Hard delete: every copy of a record's text leaves the file (all versions, merges,
FTS rows, vectors, decision-log rows and neighbour lists, raw turns), then a VACUUM
with secure_delete on. The only SQL that deletes from every table."""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..errors import InputError
from ..models import Memory
from ..scope import validate_scope
from ..timeutil import to_iso, utcnow
from .connection import Database
from .decisions import DecisionLog
from .records import SqliteRecords
from .turns import TurnLog
from .vectors import SqliteVectorIndex

Receipt = dict[str, int]


def _receipt(*extra: str) -> Receipt:
    return dict.fromkeys(("memories", "memories_fts", "memory_embeddings", "decisions",
                          "decisions_scrubbed", "turns", *extra), 0)


class Purger:
    def __init__(self, db: Database, records: SqliteRecords, vectors: SqliteVectorIndex, turns: TurnLog,
                 decisions: DecisionLog) -> None:
        self.db = db
        self.records = records
        self.vectors = vectors
        self.turns = turns
        self.decisions = decisions

    def purge(self, scope: str, ids: Sequence[str], *, turns: bool = True, vacuum: bool = True) -> Receipt:
        """Hard-delete records and every copy of their text: all versions of each
        fact (and merged records built from them), FTS rows (then an FTS optimize so
        no old segment keeps the terms), vectors, decision-log rows, neighbour lists
        in other decisions, and the raw turns they came from. With secure_delete on
        and a VACUUM after, the text is gone from the file's bytes.
        Returns a receipt: rows removed per table."""
        return self._purge(scope, ids, turns=turns, vacuum=vacuum)

    def purge_where(self, scope: str, *, match: str | None = None, source: str | None = None,
                    vacuum: bool = True) -> tuple[list[str], Receipt]:
        """Hard-delete by content (`match`: case-insensitive substring of a record or a
        raw turn) or by origin (`source`: the file name given to ingest). Returns the
        purged record ids and the receipt."""
        scope = validate_scope(scope)
        ids, turn_ids, needles = self._selection(scope, match, source)
        closure = self._closure(scope, ids)
        receipt = self._purge(scope, closure, extra_turns=turn_ids, needles=needles, vacuum=vacuum)
        return closure, receipt

    def preview(self, scope: str, *, ids: Sequence[str] = (), match: str | None = None,
                source: str | None = None, whole_scope: bool = False) -> tuple[list[Memory], int]:
        """What a purge would remove, without removing it: every record (all versions,
        merges and reflections that quote them) and the number of raw turns."""
        scope = validate_scope(scope)
        if whole_scope:
            return self.records.list_memories(scope, include_inactive=True), self.turns.count(scope)
        turn_ids: list[str] = []
        if match or source:
            ids, turn_ids, _ = self._selection(scope, match, source)
        records = [self.records.get(scope, mid) for mid in self._closure(scope, ids)]
        turn_ids = list({*turn_ids, *(t for m in records for t in m.source_turns if t.startswith("t"))})
        return records, len(self.turns.fetch(scope, turn_ids))

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
            if src_turns:
                marks = ",".join("?" * len(src_turns))
                ids += [r[0] for r in conn.execute(
                    "SELECT DISTINCT m.id FROM memories m, json_each(m.source_turns) j "
                    f"WHERE m.scope = ? AND j.value IN ({marks})", (scope, *src_turns))]
        return ids, turn_ids, needles

    def _closure(self, scope: str, ids: Sequence[str]) -> list[str]:
        """Every record that holds a copy of these: versions (replaces / replaced_by)
        and merges (source_ids), both ways, transitively. A reflection quoting one of
        them goes too, but not its other sources: they are not copies of each other."""
        todo = list(dict.fromkeys(ids))
        seen: set[str] = set()
        while todo:
            mid = todo.pop()
            if mid in seen:
                continue
            row = self.db.conn.execute(
                "SELECT replaces, replaced_by, source_ids, source FROM memories WHERE scope = ? AND id = ?",
                (scope, mid)).fetchone()
            if row is None:
                continue
            seen.add(mid)
            linked = [row[0], row[1], *(json.loads(str(row[2])) if row[3] != "reflected" else [])]
            linked += [r[0] for r in self.db.conn.execute(
                "SELECT m.id FROM memories m WHERE m.scope = ? AND (m.replaces = ? OR m.replaced_by = ? OR "
                "EXISTS (SELECT 1 FROM json_each(m.source_ids) j WHERE j.value = ?))", (scope, mid, mid, mid))]
            todo += [x for x in linked if x and x not in seen]
        return sorted(seen)

    def _purge(self, scope: str, ids: Sequence[str], *, turns: bool = True, vacuum: bool = True,
               extra_turns: Sequence[str] = (), needles: Sequence[str] = ()) -> Receipt:
        scope = validate_scope(scope)
        victims: dict[str, Memory] = {}
        for mid in self._closure(scope, ids):
            victims[mid] = self.records.get(scope, mid)
        receipt = _receipt()
        if not victims and not extra_turns:
            return receipt
        turn_ids = sorted({t for m in victims.values() for t in m.source_turns if t.startswith("t")}
                          | set(extra_turns))
        texts = [m.text for m in victims.values()] + list(needles)
        delete = self.db.delete_count
        self.db.conn.execute("PRAGMA secure_delete = ON")
        with self.db.transaction():
            for m in victims.values():
                rowid = self.records.rowid_of(scope, m.id)
                receipt["memory_embeddings"] += delete("DELETE FROM memory_embeddings WHERE rowid = ?", (rowid,))
                receipt["memories"] += delete("DELETE FROM memories WHERE scope = ? AND id = ?", (scope, m.id))
                receipt["memories_fts"] += 1
                receipt["decisions"] += delete(
                    "DELETE FROM decisions WHERE scope = ? AND (target = ? OR new_id = ?)", (scope, m.id, m.id))
            for text in texts:
                receipt["decisions"] += delete(
                    "DELETE FROM decisions WHERE scope = ? AND (fact = ? OR instr(lower(fact), lower(?)) > 0)",
                    (scope, text, text))
            for tid in turn_ids:
                receipt["decisions"] += delete("DELETE FROM decisions WHERE scope = ? AND turn = ?", (scope, tid))
            receipt["decisions_scrubbed"] += self._scrub_neighbours(scope, set(victims), texts)
            if turns and turn_ids:
                marks = ",".join("?" * len(turn_ids))
                receipt["turns"] += delete(f"DELETE FROM turns WHERE scope = ? AND id IN ({marks})", (scope, *turn_ids))
            # Rewrite the FTS b-tree so no segment still holds the deleted terms.
            self.db.conn.execute("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')")
            self.decisions.append(scope, to_iso(utcnow()) or "", "PURGE", f"[{len(victims)} record(s) purged]",
                                  decided_by="user",
                                  reason="hard delete: " + ", ".join(f"{k}={v}" for k, v in receipt.items()))
        if vacuum:
            self.db.vacuum()
        return receipt

    def _scrub_neighbours(self, scope: str, ids: set[str], texts: Sequence[str]) -> int:
        """Drop purged records from the neighbour lists other decisions keep."""
        if not ids and not texts:
            return 0
        lowered = [t.lower() for t in texts if t]
        n = 0
        for did, raw in self.db.rows(
                "SELECT id, neighbours FROM decisions WHERE scope = ? AND neighbours != '[]'", (scope,)):
            if not any(i in raw for i in ids) and not any(t in raw.lower() for t in lowered):
                continue
            kept = [nb for nb in json.loads(raw)
                    if not (isinstance(nb, dict) and (nb.get("id") in ids or any(
                        t in str(nb.get("text", "")).lower() for t in lowered)))]
            self.db.conn.execute("UPDATE decisions SET neighbours = ? WHERE id = ?", (json.dumps(kept), did))
            n += 1
        return n

    def purge_scope(self, scope: str) -> Receipt:
        """Hard-delete everything a scope holds: records, FTS rows, vectors, turns,
        decisions and settings, in one transaction, then VACUUM."""
        scope = validate_scope(scope)
        receipt = _receipt("settings")
        delete = self.db.delete_count
        self.db.conn.execute("PRAGMA secure_delete = ON")
        with self.db.transaction():
            receipt["memory_embeddings"] = delete("DELETE FROM memory_embeddings WHERE scope = ?", (scope,))
            receipt["memories"] = delete("DELETE FROM memories WHERE scope = ?", (scope,))
            receipt["memories_fts"] = receipt["memories"]
            receipt["turns"] = delete("DELETE FROM turns WHERE scope = ?", (scope,))
            receipt["decisions"] = delete("DELETE FROM decisions WHERE scope = ?", (scope,))
            receipt["settings"] = delete("DELETE FROM settings WHERE scope = ?", (scope,))
            self.db.conn.execute("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')")
        self.db.vacuum()
        return receipt
