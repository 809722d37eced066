"""The SQLite file: opening it (WAL, busy timeout, sqlite-vec), migrations on open,
write transactions, the `meta` table and file-wide maintenance (VACUUM, cache size)."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import apsw

from ..errors import MemcliError
from ..timeutil import to_iso, utcnow
from . import migrations

T = TypeVar("T")


def default_db_path() -> Path:
    env = os.environ.get("MEMCLI_DB")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "memcli" / "memory.db"


def vec_loadable_path() -> str:
    """sqlite-vec's extension file, found without importing the package: its
    __init__ imports numpy.typing, a quarter of a second of every cold start."""
    import importlib.util

    spec = importlib.util.find_spec("sqlite_vec")
    if spec is None or not spec.origin:
        raise MemcliError("sqlite-vec is not installed: pip install sqlite-vec==0.1.9")
    return os.path.normpath(os.path.join(os.path.dirname(spec.origin), "vec0"))


def retry_busy(fn: Callable[[], T], timeout_ms: int) -> T:
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            return fn()
        except apsw.BusyError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


_SQLITE_ERRORS = (  # apsw's error class name -> what to tell the user
    ("BusyError", "another process kept the database locked past the busy timeout; try again"),
    ("ReadOnlyError", "the database file is read-only; give memcli write permission on it"),
    ("FullError", "the disk is full; free some space and run the command again"),
    ("CorruptError", "the database file is damaged; restore it from a backup or an export"),
    ("NotADBError", "the file is not an SQLite database; give --db another path"),
    ("CantOpenError", "the database file cannot be opened; check the path and its permissions"),
    ("IOError", "the disk reported an I/O error"),
)


def sqlite_error(exc: BaseException, path: str | os.PathLike[str] | None) -> MemcliError | None:
    """An SQLite failure (an apsw exception) as one line naming the file, or None for
    anything else: the command line prints it instead of a traceback."""
    if not isinstance(exc, apsw.Error):
        return None
    where = Path(path) if path is not None else default_db_path()
    for name, advice in _SQLITE_ERRORS:
        if type(exc).__name__ == name:
            return MemcliError(f"{where}: {advice}")
    return MemcliError(f"{where}: SQLite error: {exc}")


CACHE_MIB = 32  # the page cache of a connection (see `Database.__init__`)


class Database:
    """One open memcli file. Every part of the store runs its SQL through `conn`."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, busy_timeout_ms: int = 60_000,
                 create: bool = True) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self._depth = 0
        self.busy_timeout_ms = busy_timeout_ms
        # Rollbacks so far: caches of what the file holds (the vector index) start over after one.
        self.rollbacks = 0
        if str(self.path) != ":memory:":
            self._check_file(create)
        try:
            self.conn = apsw.Connection(str(self.path))
            self.conn.setbusytimeout(busy_timeout_ms)
            self._refuse_foreign()
            # Two processes creating one new file race for the switch to WAL; SQLite
            # answers BUSY there without waiting on the busy timeout, so wait here.
            retry_busy(lambda: self.conn.execute("PRAGMA journal_mode = WAL").fetchall(), busy_timeout_ms)
            self.conn.execute("PRAGMA synchronous = NORMAL")
            # Freed bytes are zeroed, so a purge leaves no stale copy in free space and
            # needs no VACUUM (store/purge.py).
            self.conn.execute("PRAGMA secure_delete = ON")
            # A 32 MiB page cache (a ceiling, allocated as used; SQLite's default is
            # 2 MB): recall's reads of records, postings and candidates' vectors stay
            # cached between queries (the connection's own writes keep it), ~1-1.5 ms
            # of a recall at 100k records.
            self.conn.execute(f"PRAGMA cache_size = -{CACHE_MIB * 1024}")
            self._load_vec()
            # A read first: a file that is up to date is opened without a write lock,
            # so readers never queue behind a writer.
            if migrations.pending(self.conn):
                if self.conn.readonly("main"):
                    raise MemcliError(f"{self.path} needs a schema upgrade but is read-only: "
                                      "open it once with write permission")
                retry_busy(lambda: migrations.migrate(self.conn, to_iso(utcnow()) or ""), busy_timeout_ms)
        except apsw.Error as exc:
            raise MemcliError(f"cannot open database {self.path}: {exc}") from exc

    def _check_file(self, create: bool) -> None:
        """Refuse what cannot be a memcli file before SQLite touches it: a folder,
        another kind of file, and (unless `create`) a file that does not exist, so a
        misspelled --db in a cron line fails instead of creating an empty database."""
        if self.path.is_dir():
            raise MemcliError(f"{self.path} is a directory: give --db the path of a database file")
        if not self.path.exists():
            if not create:
                raise MemcliError(f"{self.path}: no such database; check --db or MEMCLI_DB "
                                  "(remember, ingest and import create a new one)")
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise MemcliError(f"cannot create {self.path}: {exc.strerror} ({self.path.parent})") from None
            return
        try:
            with open(self.path, "rb") as fh:
                head = fh.read(16)
        except OSError as exc:
            raise MemcliError(f"cannot read {self.path}: {exc.strerror}") from None
        if head and head != b"SQLite format 3\x00":
            raise MemcliError(f"{self.path} is not a memcli database (not an SQLite file)")

    def _refuse_foreign(self) -> None:
        """Another tool's SQLite file (tables, but none of memcli's) is left as it is."""
        tables = {str(r[0]) for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and migrations.TABLE not in tables:
            raise MemcliError(f"{self.path} is not a memcli database (an SQLite file with other tables: "
                              f"{', '.join(sorted(tables)[:3])}); give --db another path")

    @property
    def readonly(self) -> bool:
        """The file was opened read-only (no write permission on it)."""
        return bool(self.conn.readonly("main"))

    def _load_vec(self) -> None:
        self.conn.enable_load_extension(True)
        self.conn.load_extension(vec_loadable_path())
        self.conn.enable_load_extension(False)

    def close(self) -> None:
        self.conn.close()

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
        if self.readonly:
            raise MemcliError(f"{self.path} is read-only: give memcli write permission on it to change it "
                              "(show, log, export and recall --no-touch only read)")
        self.conn.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield
        except BaseException:
            self._depth = 0
            self.rollbacks += 1
            self.conn.execute("ROLLBACK")
            raise
        self._depth = 0
        self.conn.execute("COMMIT")

    def one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """The first column of the first row, or None (an SQL value: int, float, str, bytes)."""
        row = self.conn.execute(sql, args).fetchone()
        return None if row is None else row[0]

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self.conn.execute(sql, args).fetchall()

    def delete_count(self, sql: str, args: Sequence[Any]) -> int:
        """Run a DELETE and return how many rows it removed."""
        self.conn.execute(sql, args)
        return self.conn.changes()

    def version(self) -> tuple[int, int]:
        """Changes whenever the file does, by this connection or another one
        (`PRAGMA data_version`, and this connection's own change count)."""
        return int(self.one("PRAGMA data_version")), self.conn.total_changes()

    # -- meta -----------------------------------------------------------------
    def meta(self, key: str) -> str | None:
        value = self.one("SELECT value FROM meta WHERE key = ?", (key,))
        return None if value is None else str(value)

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def delete_meta(self, key: str) -> None:
        self.conn.execute("DELETE FROM meta WHERE key = ?", (key,))

    # -- file-wide maintenance ------------------------------------------------------
    def vacuum(self) -> None:
        self.conn.execute("PRAGMA secure_delete = ON")
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.conn.execute("VACUUM")
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def enlarge_cache(self, mib: int = 256) -> None:
        """A bigger page cache for bulk lifecycle work: vec0 metadata updates are
        ~6x faster when their chunks stay cached (a ceiling, allocated as used)."""
        self.conn.execute(f"PRAGMA cache_size = -{int(mib) * 1024}")
