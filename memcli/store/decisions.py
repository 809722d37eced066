"""The decision log (`decisions`): every write decision (ADD, UPDATE, DELETE, NOOP,
REJECT, DISCARD), lifecycle change (ARCHIVE, RESTORE, MERGE, PURGE) and forget request
said in conversation (REQUEST: its topic as `fact`, its words as `reason`), with the
neighbours shown and why."""

from __future__ import annotations

import json
from typing import Any

from ..models import Decision
from ..scope import validate_scope
from ..timeutil import to_iso, utcnow
from .connection import Database


class DecisionLog:
    def __init__(self, db: Database) -> None:
        self.db = db

    def log(self, d: Decision) -> Decision:
        scope = validate_scope(d.scope)
        d.at = d.at or to_iso(utcnow())
        with self.db.transaction():
            self.db.conn.execute(
                "INSERT INTO decisions (scope, at, op, fact, target, new_id, decided_by, reason, neighbours, turn) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (scope, d.at, d.op, d.fact, d.target, d.new_id, d.decided_by, d.reason,
                 json.dumps(d.neighbours), d.turn),
            )
            d.id = self.db.conn.last_insert_rowid()
        return d

    def append(self, scope: str, at: str, op: str, fact: str, *, decided_by: str, reason: str,
               target: str | None = None, new_id: str | None = None) -> None:
        """A lifecycle row without neighbours or turn, inside the caller's transaction
        (bulk archive, merge, purge: no Decision object per row)."""
        self.db.conn.execute(
            "INSERT INTO decisions (scope, at, op, fact, target, new_id, decided_by, reason) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (scope, at, op, fact, target, new_id, decided_by, reason))

    def fetch(self, scope: str, *, memory_id: str | None = None, limit: int | None = None) -> list[Decision]:
        """The scope's decisions (about one record, or the last `limit`), oldest first."""
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
        for r in self.db.conn.execute(sql, args):
            out.append(Decision(id=r[0], scope=r[1], at=r[2], op=r[3], fact=r[4], target=r[5],
                                new_id=r[6], decided_by=r[7], reason=r[8],
                                neighbours=json.loads(r[9]), turn=r[10]))
        return list(reversed(out))

    def requests(self, scope: str) -> list[Decision]:
        """The forget requests made in the scope's conversations (op `REQUEST`), oldest first."""
        scope = validate_scope(scope)
        return [Decision(id=r[0], scope=scope, at=r[1], op="REQUEST", fact=r[2], decided_by="user", reason=r[3],
                         turn=r[4])
                for r in self.db.conn.execute(
                    "SELECT id, at, fact, reason, turn FROM decisions WHERE scope = ? AND op = 'REQUEST' "
                    "ORDER BY at, id", (scope,))]
