"""Raw transcript messages (`turns`): stored once per scope by content hash, for
provenance and idempotent ingest."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import Any

from ..scope import validate_scope
from ..timeutil import to_iso, utcnow
from .connection import Database

TURN_COLUMNS = ("id", "role", "content", "ts", "source", "ref")


def content_hash(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()


class TurnLog:
    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, scope: str, role: str, content: str, ts: str | None, source: str | None, ref: str | None
            ) -> tuple[str, bool]:
        """Store a raw message once per scope (by content hash). Returns (turn id, new?)."""
        scope = validate_scope(scope)
        h = content_hash(role, content, ts or "")
        existing = self.db.one("SELECT id FROM turns WHERE scope = ? AND hash = ?", (scope, h))
        if existing:
            return str(existing), False
        tid = "t" + content_hash(scope, h)[:11]
        with self.db.transaction():
            self.db.conn.execute(
                "INSERT INTO turns (id, scope, role, content, ts, source, ref, hash, recorded_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (tid, scope, role, content, ts, source, ref, h, to_iso(utcnow())),
            )
        return tid, True

    def exists(self, scope: str, role: str, content: str, ts: str | None) -> bool:
        scope = validate_scope(scope)
        return bool(self.db.one("SELECT 1 FROM turns WHERE scope = ? AND hash = ?",
                                (scope, content_hash(role, content, ts or ""))))

    def fetch(self, scope: str, ids: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """The scope's turns (or those with these ids) as dicts of TURN_COLUMNS, oldest first."""
        scope = validate_scope(scope)
        sql = "SELECT id, role, content, ts, source, ref FROM turns WHERE scope = ?"
        args: list[Any] = [scope]
        if ids is not None:
            if not ids:
                return []
            sql += f" AND id IN ({','.join('?' * len(ids))})"
            args += list(ids)
        return [dict(zip(TURN_COLUMNS, r, strict=True)) for r in self.db.conn.execute(sql + " ORDER BY rowid", args)]

    def naming(self, scope: str, word: str, role: str = "user") -> list[dict[str, Any]]:
        """The scope's turns of `role` whose content holds `word` (any case, as a whole
        word), oldest first: the turns to read again once the user says who it is."""
        scope = validate_scope(scope)
        rows = self.db.conn.execute(
            "SELECT id, role, content, ts, source, ref FROM turns WHERE scope = ? AND role = ? "
            "AND instr(lower(content), ?) > 0 ORDER BY rowid", (scope, role, word.lower()))
        rx = re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", re.I)
        return [dict(zip(TURN_COLUMNS, r, strict=True)) for r in rows if rx.search(r[2])]

    def count(self, scope: str) -> int:
        return int(self.db.one("SELECT count(*) FROM turns WHERE scope = ?", (validate_scope(scope),)))

    def last_id(self, scope: str, role: str = "user") -> str | None:
        """The id of the scope's latest turn of `role`, or None."""
        row = self.db.conn.execute("SELECT id FROM turns WHERE scope = ? AND role = ? ORDER BY rowid DESC LIMIT 1",
                                   (validate_scope(scope), role)).fetchone()
        return row[0] if row else None
