"""Purge reaches every copy: the fact's source turn, later user turns restating it,
the assistant's echo, decision rows quoting it, the vectors; and a purge killed
(SIGKILL, in a subprocess) at any step is finished by the next one. Every check is a
scan of the raw bytes of the database, its WAL and its SHM."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import apsw
import pytest
from typer.testing import CliRunner

from memcli.cli import app
from memcli.store.copies import CopyFinder
from memcli.store.purge import PAUSE_ENV

SCOPE = "user:pat"
ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

CHAT = [
    ("user", "My office is room 14."),
    ("assistant", "Got it, your office is room 14."),
    ("user", "I like green tea."),
    ("user", "Reminder for the visit: my office is still room 14, third floor."),
    ("assistant", "Noted, room 14 on the third floor is your office."),
    ("user", "My sister works in an office downtown."),
    ("user", "I play the oboe in a quartet."),
]
GONE = (b"room 14", b"third floor")
KEPT = (b"green tea", b"sister works", b"oboe")


def cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def file_bytes(db: Path) -> bytes:
    """The database file, its WAL and its SHM, lower-cased."""
    data = b""
    for suffix in ("", "-wal", "-shm", "-journal"):
        f = db.with_name(db.name + suffix)
        if f.exists():
            data += f.read_bytes()
    return data.lower()


def ingest_chat(tmp_path: Path, scope: str = SCOPE) -> None:
    path = tmp_path / "chat.jsonl"
    path.write_text("".join(json.dumps({"role": role, "content": text, "ts": f"2025-03-0{i + 1}T10:00:00Z"}) + "\n"
                            for i, (role, text) in enumerate(CHAT)))
    cli("ingest", str(path), "--scope", scope)


def record_id(text: str, scope: str = SCOPE) -> str:
    rows = json.loads(cli("show", "--scope", scope, "--all", "--json"))
    return next(r["id"] for r in rows if r["text"] == text)


def vector_blobs(db: Path, scope: str = SCOPE) -> list[bytes]:
    conn = apsw.Connection(str(db))
    try:
        return [r[0] for r in conn.execute(
            "SELECT e.embedding FROM memory_embeddings e JOIN memories m ON m.rowid = e.rowid "
            "WHERE m.scope = ? AND m.text LIKE '%room 14%'", (scope,))]
    finally:
        conn.close()


def pending(db: Path) -> int:
    conn = apsw.Connection(str(db))
    try:
        return int(conn.execute("SELECT count(*) FROM purge_pending").fetchone()[0])
    finally:
        conn.close()


def assert_scrubbed(db: Path, blobs: list[bytes] = ()) -> None:
    data = file_bytes(db)
    for text in GONE:
        assert data.count(text) == 0, text
    for text in KEPT:
        assert text in data, text
    for blob in blobs:
        assert blob.lower() not in data


def purge_args(how: str, tmp_path: Path) -> list[str]:
    if how == "id":
        return ["forget", record_id("User's office is room 14"), "--purge", "--scope", SCOPE]
    if how == "match":
        return ["forget", "--purge", "--match", "room 14", "--scope", SCOPE]
    return ["forget", "--purge", "--all", "--scope", SCOPE]


def killed_at(step: str, args: list[str]) -> None:
    """Run a purge in a subprocess, SIGKILL it once it reports reaching `step`."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), **{PAUSE_ENV: step})
    proc = subprocess.Popen([sys.executable, "-m", "memcli", *args], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    line = proc.stderr.readline()
    assert f"paused at {step}" in line, line + proc.stderr.read()
    proc.send_signal(signal.SIGKILL)
    assert proc.wait(timeout=30) == -signal.SIGKILL


# -- what "containing" means ---------------------------------------------------------------

def test_finder_matches_restatements_not_other_claims():
    f = CopyFinder(["User's office is room 14"])
    assert f.holds("my office is room 14")
    assert f.holds("Noted, room 14 on the third floor is your office.")
    assert f.holds("USER'S OFFICE IS ROOM 14")
    assert not f.holds("My office is room 41.")
    assert not f.holds("My sister works in an office downtown.")
    assert not f.holds("The office party is on the 14th. We booked a room at the hotel for it, "
                       "far from everything, with a view of the harbour and room for 14 people")
    vegan = CopyFinder(["User is vegan"])
    assert vegan.holds("I'm vegan these days") and vegan.holds("you are vegan, right?")
    assert not vegan.holds("Bob is vegan.")
    assert CopyFinder(["User lives in Pune"]).holds("I live in Pune")
    assert CopyFinder(["User moved to Porto in March 2025"]).holds("we moved to Porto last month")
    assert not CopyFinder(["User moved to Porto in March 2025"]).holds("we moved to Lisbon last month")


# -- by id, by match, by scope: every copy, unrelated turns kept --------------------------------

@pytest.mark.parametrize("how", ["id", "match", "scope"])
def test_purge_removes_restatements_echoes_and_log_rows(tmp_path, db_path, how):
    ingest_chat(tmp_path)
    cli("remember", "User likes strawberries", "--scope", SCOPE)
    cli("recall", "which room is the office", "--scope", SCOPE)
    before = file_bytes(db_path)
    assert all(t in before for t in GONE)
    log = cli("log", "--scope", SCOPE)
    assert "room 14" in log  # the decision log quotes the fact
    blobs = vector_blobs(db_path)
    assert blobs and all(b.lower() in before for b in blobs)
    cli(*purge_args(how, tmp_path))
    if how == "scope":
        data = file_bytes(db_path)
        assert all(t not in data for t in GONE + KEPT)
        return
    assert_scrubbed(db_path, blobs)
    assert pending(db_path) == 0
    turns = [t["content"] for t in CliStore.turns(db_path)]
    assert turns == ["I like green tea.", "My sister works in an office downtown.", "I play the oboe in a quartet."]
    assert "room 14" not in cli("log", "--scope", SCOPE)
    assert "oboe" in cli("recall", "what instrument", "--scope", SCOPE)


class CliStore:
    @staticmethod
    def turns(db: Path) -> list[dict[str, str]]:
        conn = apsw.Connection(str(db))
        try:
            return [{"role": r[0], "content": r[1]} for r in
                    conn.execute("SELECT role, content FROM turns WHERE scope = ? ORDER BY rowid", (SCOPE,))]
        finally:
            conn.close()


def test_purge_keeps_other_scopes_copy(tmp_path, db_path):
    ingest_chat(tmp_path)
    ingest_chat(tmp_path, "user:other")
    cli("forget", "--purge", "--match", "room 14", "--scope", SCOPE)
    assert "room 14" in cli("show", "--scope", "user:other", "--all")
    cli("forget", "--purge", "--all", "--scope", "user:other")
    assert_scrubbed(db_path)


def test_purge_scrubs_retire_reasons_quoting_it(store, db_path):
    old = store.add(SCOPE, "User is allergic to peanuts")
    new = store.add(SCOPE, "User is not allergic to quinces any more, says the allergist")
    store.retire(SCOPE, old.id, reason=f"no longer true: {new.text}")
    store.close()
    cli("forget", new.id, "--purge", "--scope", SCOPE)
    assert b"quince" not in file_bytes(db_path)
    assert b"peanut" in file_bytes(db_path)


# -- killed mid-way -------------------------------------------------------------------------------

@pytest.mark.parametrize("how,step", [
    ("id", "selected"), ("id", "deleted"), ("id", "committed"), ("id", "checkpointed"),
    ("match", "deleted"), ("match", "committed"),
    ("scope", "deleted"), ("scope", "committed"),
])
def test_killed_purge_is_finished_by_a_rerun(tmp_path, db_path, how, step):
    ingest_chat(tmp_path)
    blobs = vector_blobs(db_path)
    args = purge_args(how, tmp_path)
    killed_at(step, args)
    data = file_bytes(db_path)
    if step in ("selected", "deleted", "committed"):
        assert b"room 14" in data  # the kill left copies: in the tables, or in the WAL's old frames
    if step in ("committed", "checkpointed"):
        assert pending(db_path) == 1
    cli(*args)  # the same command again: by id it names a record that may be gone already
    assert pending(db_path) == 0
    if how == "scope":
        assert all(t not in file_bytes(db_path) for t in GONE + KEPT)
    else:
        assert_scrubbed(db_path, blobs)


def test_any_later_purge_finishes_a_killed_one(tmp_path, db_path):
    ingest_chat(tmp_path)
    killed_at("committed", purge_args("id", tmp_path))
    assert b"room 14" in file_bytes(db_path)
    cli("forget", "--purge", "--match", "oboe", "--scope", SCOPE)
    assert pending(db_path) == 0
    data = file_bytes(db_path)
    assert b"room 14" not in data and b"oboe" not in data and b"green tea" in data


def test_purge_of_unknown_id_is_still_an_error(tmp_path, db_path):
    ingest_chat(tmp_path)
    res = runner.invoke(app, ["forget", "zzzzzz", "--purge", "--scope", SCOPE])
    assert res.exit_code == 1 and "no memory 'zzzzzz'" in res.stderr
    assert b"room 14" in file_bytes(db_path)


# -- the WAL while another process has the file open, and files from before zeroed free space ----

def test_purge_empties_the_wal_while_another_connection_is_open(tmp_path, db_path):
    ingest_chat(tmp_path)
    other = apsw.Connection(str(db_path))  # an agent keeping the file open: no close-time checkpoint
    try:
        other.execute("SELECT count(*) FROM memories").fetchall()
        cli(*purge_args("id", tmp_path))
        assert_scrubbed(db_path)
        assert db_path.with_name(db_path.name + "-wal").stat().st_size < 3 * 4096 + 32  # the marker's removal
    finally:
        other.close()


def stale_copy(db: Path) -> None:
    """What a writer without secure_delete leaves: the row rewritten elsewhere, the old
    cell's bytes (the fact's text) in the page's free space."""
    conn = apsw.Connection(str(db))
    conn.execute("PRAGMA secure_delete = OFF")
    conn.execute("UPDATE memories SET last_accessed = ? WHERE text LIKE '%room 14%' AND episode = 0",
                 ("2025-03-09T10:00:00Z" * 40,))
    conn.close()


@pytest.mark.parametrize("legacy", [True, False])
def test_file_from_before_zeroed_free_space_is_vacuumed_once(tmp_path, db_path, legacy):
    ingest_chat(tmp_path)
    cli("show", "--scope", SCOPE)  # migrated
    stale_copy(db_path)
    conn = apsw.Connection(str(db_path))
    if legacy:
        conn.execute("DELETE FROM meta WHERE key = 'free_space_zeroed'")
    conn.close()
    cli(*purge_args("match", tmp_path))
    data = file_bytes(db_path)
    if legacy:  # the one VACUUM removes what the old writer left; later purges need none
        assert b"room 14" not in data
        conn = apsw.Connection(str(db_path))
        assert conn.execute("SELECT value FROM meta WHERE key = 'free_space_zeroed'").fetchone() == ("1",)
        conn.close()
    # (without the flag no VACUUM runs: secure_delete cannot reach bytes freed before it,
    # unless the deletes happen to empty the page that holds them)


def test_rows_written_between_the_scan_and_the_delete_are_purged_too(tmp_path, db_path, monkeypatch):
    """The scan runs without the write lock: a restatement, a new version and a log row
    that arrive before the delete transaction are caught by its top-up."""
    import memcli.store.purge as purge_mod
    from memcli.api import MemoryStore
    from memcli.embed import HashEmbedder

    ingest_chat(tmp_path)
    target = record_id("User's office is room 14")
    store = MemoryStore(db_path, HashEmbedder())

    def writer_in_the_gap(name: str) -> None:
        if name != "selected":
            return
        other = MemoryStore(db_path, HashEmbedder())
        other.add_turn(SCOPE, "user", "Once more: my office is room 14, top floor east.", "2025-04-01T10:00:00Z",
                       None, None)
        current = next(m for m in other.list_memories(SCOPE) if "room 14" in m.text and not m.episode)
        newer = other.add(SCOPE, "User's office is room 14 on the top floor", replaces=current.id)
        other.retire(SCOPE, current.id, reason=f"superseded by {newer.id}", replaced_by=newer.id)
        other.close()

    monkeypatch.setattr(purge_mod, "_step", writer_in_the_gap)
    receipt = store.purge(SCOPE, [target])
    store.close()
    assert receipt["memories"] == 4 and receipt["turns"] == 5  # 3 versions and the source turn's episode
    assert_scrubbed(db_path)
    assert b"top floor" not in file_bytes(db_path)



def test_a_reader_pinning_the_wal_is_an_error_and_a_rerun_finishes(tmp_path, db_path, monkeypatch):
    import memcli.store.purge as purge_mod

    monkeypatch.setattr(purge_mod, "CHECKPOINT_WAIT_MS", 200)
    ingest_chat(tmp_path)
    args = purge_args("id", tmp_path)
    reader = apsw.Connection(str(db_path))
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM turns").fetchall()  # a read transaction on the old snapshot
    res = runner.invoke(app, args)
    assert res.exit_code == 1 and "run the same purge again" in res.stderr
    assert b"room 14" in file_bytes(db_path)  # the WAL's old frames are still there
    reader.execute("COMMIT")
    reader.close()
    cli(*args)
    assert pending(db_path) == 0
    assert_scrubbed(db_path)
