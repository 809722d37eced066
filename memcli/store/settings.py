"""Per-scope settings and internal state (`settings`), and named leases (locks kept in
`meta`, so they work wherever SQLite does)."""

from __future__ import annotations

import json
import os
import time
from typing import Any

from ..scope import validate_scope
from .connection import Database


def pid_alive(pid: int) -> bool:
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


class ScopeSettings:
    """Raw stored values; parsing, defaults and validation are `memcli.settings`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def stored(self, scope: str) -> dict[str, str]:
        """The scope's policy settings (internal state, names starting with `_`, left out)."""
        scope = validate_scope(scope)
        return {r[0]: r[1] for r in self.db.conn.execute(
            "SELECT name, value FROM settings WHERE scope = ? AND name NOT LIKE '\\_%' ESCAPE '\\'", (scope,))}

    def state(self, scope: str, name: str) -> str | None:
        """Per-scope internal state kept next to the settings (purged with the scope),
        e.g. how far consolidation and reflection got; set it with `set`."""
        value = self.db.one("SELECT value FROM settings WHERE scope = ? AND name = ?", (validate_scope(scope), name))
        return None if value is None else str(value)

    def set(self, scope: str, name: str, value: str | None) -> None:
        scope = validate_scope(scope)
        with self.db.transaction():
            if value is None:
                self.clear(scope, name)
            else:
                self.db.conn.execute(
                    "INSERT INTO settings (scope, name, value) VALUES (?, ?, ?) "
                    "ON CONFLICT (scope, name) DO UPDATE SET value = excluded.value",
                    (scope, name, value))

    def clear(self, scope: str, name: str) -> None:
        """Drop one stored value (inside the caller's transaction)."""
        self.db.conn.execute("DELETE FROM settings WHERE scope = ? AND name = ?", (scope, name))


class Locks:
    def __init__(self, db: Database) -> None:
        self.db = db

    def try_lock(self, name: str, *, ttl_s: int = 3600, now: float | None = None) -> dict[str, Any] | None:
        """Take a named lease. Returns None when taken, or the holder ({pid, host,
        expires}) when another live process has it. A lease past its expiry, or held
        by a dead pid on this host, is taken over."""
        import socket

        now = time.time() if now is None else now
        me = {"pid": os.getpid(), "host": socket.gethostname(), "expires": now + ttl_s}
        key = f"lock:{name}"
        with self.db.transaction():
            raw = self.db.meta(key)
            if raw:
                holder: dict[str, Any] = json.loads(raw)
                alive = holder.get("expires", 0) > now and (
                    holder.get("host") != me["host"] or pid_alive(int(holder.get("pid", 0))))
                if alive and holder.get("pid") != me["pid"]:
                    return holder
            self.db.set_meta(key, json.dumps(me))
        return None

    def release_lock(self, name: str) -> None:
        with self.db.transaction():
            raw = self.db.meta(f"lock:{name}")
            if raw and json.loads(raw).get("pid") == os.getpid():
                self.db.delete_meta(f"lock:{name}")
