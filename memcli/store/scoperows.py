"""Which rows of the file are a scope's records, and which of those are retired, by
rowid in a numpy array kept for the connection: the scope and time filter of a large
scope's keyword top k (`postings.py`) without a lookup of each best row in SQL.

Kept current the way the postings are: read whole the first time (the scope's rows,
~0.3 us a row), then the rows past the last one seen, and the rows `memory_changes`
names since (a retire or a change of validity, a delete) read again. A record's scope
never changes, and its retirement is logged by a trigger, so that is every change.
Read inside the caller's read snapshot; dropped with the postings (a delete seen, the
last row seen replaced, the log no longer reaching back)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .connection import Database

if TYPE_CHECKING:
    import numpy as np

NONE, ACTIVE, RETIRED = 0, 1, 2  # a row's state for one scope
KEPT_SCOPES = 8


@dataclass
class _Rows:
    state: np.ndarray  # int8 by rowid: NONE (another scope's, or no row), ACTIVE, RETIRED
    seen: int  # the last rowid read
    seq: int  # the last `memory_changes` row applied


class ScopeRows:
    """Per-scope row states of the file, for the connection's large-scope reads."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._scopes: OrderedDict[str, _Rows] = OrderedDict()

    def clear(self) -> None:
        self._scopes.clear()

    def states(self, scope: str, top: int, last: int, low: int | None) -> np.ndarray:
        """The scope's row states up to rowid `top` (the file's last), with the log's
        newest and oldest rows `last` and `low`, all as of the caller's snapshot."""
        rows = self._scopes.pop(scope, None)
        if rows is None or top < rows.seen or (low is not None and last > rows.seq and low > rows.seq + 1):
            rows = self._read(scope, top, last)
        else:
            self._update(scope, rows, top, last)
        self._scopes[scope] = rows  # most recently used last
        while len(self._scopes) > KEPT_SCOPES:
            self._scopes.popitem(last=False)
        return rows.state

    def _read(self, scope: str, top: int, last: int) -> _Rows:
        import numpy as np

        got = self.db.rows("SELECT rowid, retired_at IS NOT NULL FROM memories WHERE scope = ? AND rowid <= ?",
                           (scope, top))
        state = np.zeros(top + 1, dtype=np.int8)
        ids = np.fromiter((r[0] for r in got), dtype=np.int64, count=len(got))
        state[ids] = np.where(np.fromiter((r[1] for r in got), dtype=bool, count=len(got)), RETIRED, ACTIVE)
        return _Rows(state, top, last)

    def _update(self, scope: str, rows: _Rows, top: int, last: int) -> None:
        import numpy as np

        if top >= len(rows.state):
            grown = np.zeros(max(top + 1, len(rows.state) + len(rows.state) // 4), dtype=np.int8)
            grown[:len(rows.state)] = rows.state
            rows.state = grown
        if last > rows.seq:
            changed = [r[0] for r in self.db.rows(
                "SELECT DISTINCT row FROM memory_changes WHERE scope = ? AND seq > ? AND row <= ?",
                (scope, rows.seq, rows.seen))]
            for i in range(0, len(changed), 500):
                chunk = changed[i:i + 500]
                rows.state[chunk] = NONE
                for rowid, retired in self.db.rows(
                        f"SELECT rowid, retired_at IS NOT NULL FROM memories WHERE rowid IN ({','.join('?' * len(chunk))}) "
                        "AND +scope = ?", (*chunk, scope)):
                    rows.state[rowid] = RETIRED if retired else ACTIVE
        if top > rows.seen:
            for rowid, retired in self.db.rows(
                    "SELECT rowid, retired_at IS NOT NULL FROM memories WHERE rowid > ? AND rowid <= ? AND +scope = ?",
                    (rows.seen, top, scope)):
                rows.state[rowid] = RETIRED if retired else ACTIVE
        rows.seen, rows.seq = max(rows.seen, top), max(rows.seq, last)
