"""Hard delete: by id, --match, --source and whole scope; the receipt; and a scan of
the database file's bytes (main file and WAL) proving the text is gone, FTS shadow
tables included."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from memcli.cli import app

SCOPE = "user:pat"
runner = CliRunner()


def cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def file_bytes(db: Path) -> bytes:
    data = db.read_bytes()
    for suffix in ("-wal", "-journal"):
        extra = db.with_name(db.name + suffix)
        if extra.exists():
            data += extra.read_bytes()
    return data.lower()


def transcript(tmp_path: Path, name: str, lines: list[str]) -> str:
    path = tmp_path / name
    path.write_text("".join(json.dumps({"role": "user", "content": t, "ts": f"2025-03-0{i + 1}T10:00:00Z"}) + "\n"
                            for i, t in enumerate(lines)))
    return str(path)


def test_purge_by_id_reaches_every_version_and_the_bytes(db_path):
    first = json.loads(cli("remember", "User's locker code is zanzibar-7731", "--scope", SCOPE, "--json"))
    cli("remember", "User likes strawberries", "--scope", SCOPE)
    cli("remember", "User's locker code is quixotic-5512", "--scope", SCOPE, "--key", "locker_code")
    cli("recall", "locker code", "--scope", SCOPE)  # decisions and neighbour lists now hold the text
    assert b"zanzibar" in file_bytes(db_path)
    out = json.loads(cli("forget", first["id"], "--purge", "--scope", SCOPE, "--json"))
    assert out["receipt"]["memories"] >= 1 and out["receipt"]["memory_embeddings"] >= 1
    data = file_bytes(db_path)
    assert b"zanzibar" not in data
    assert b"strawberr" in data  # the rest is still there
    assert "strawberries" in cli("recall", "strawberries", "--scope", SCOPE)


def test_purge_match_removes_records_turns_log_and_fts_terms(tmp_path, db_path):
    f = transcript(tmp_path, "chat.jsonl", [
        "I am allergic to kumquatberries.",
        "I live in Tromso and I work as a baker.",
        "My cousin mentioned kumquatberries at dinner.",
    ])
    cli("ingest", f, "--scope", SCOPE)
    cli("ingest", f, "--scope", "user:other")
    data = file_bytes(db_path)
    assert b"kumquatberr" in data
    res = runner.invoke(app, ["forget", "--purge", "--match", "Kumquatberries", "--scope", SCOPE, "--json"])
    assert res.exit_code == 0, res.output
    receipt = json.loads(res.stdout)["receipt"]
    assert receipt["turns"] == 2 and receipt["memories"] >= 1
    assert set(receipt) >= {"memories", "memories_fts", "memory_embeddings", "decisions", "turns"}
    # the other scope keeps its copy; this scope's text is gone from every table
    cli("forget", "--purge", "--all", "--scope", "user:other")
    data = file_bytes(db_path)
    assert b"kumquatberr" not in data  # stems in the FTS index (kumquatberri) included
    assert b"tromso" in data
    assert "Tromso" in cli("recall", "where does the user live", "--scope", SCOPE)


def test_purge_by_source_file(tmp_path, db_path):
    a = transcript(tmp_path, "a.jsonl", ["I play the theremin every evening.", "I own a parrot named Zork."])
    b = transcript(tmp_path, "b.jsonl", ["I collect vintage typewriters."])
    cli("ingest", a, "--scope", SCOPE)
    cli("ingest", b, "--scope", SCOPE)
    out = json.loads(cli("forget", "--purge", "--source", a, "--scope", SCOPE, "--json"))
    assert out["receipt"]["turns"] == 2
    data = file_bytes(db_path)
    assert b"theremin" not in data and b"zork" not in data
    assert b"typewriter" in data


def test_purge_follows_merges(store, db_path):
    a = store.add(SCOPE, "User prefers the window seat on flights to Reykjavik", kind="episodic")
    store.add(SCOPE, "User prefers a window seat on flights to Reykjavik", kind="episodic")
    cli("consolidate", "--scope", SCOPE)
    merged = store.get(SCOPE, a.id).replaced_by
    assert merged
    out = json.loads(cli("forget", a.id, "--purge", "--scope", SCOPE, "--json"))
    assert out["receipt"]["memories"] == 3
    assert not store.exists(merged)
    store.close()
    assert b"reykjavik" not in file_bytes(db_path)


def test_purge_whole_scope_and_usage_errors(store, db_path):
    store.add(SCOPE, "User's passport number is X99887766")
    store.add("user:keep", "User's favourite tea is oolong")
    store.set_setting(SCOPE, "ttl.episodic_days", "5")
    out = json.loads(cli("forget", "--purge", "--all", "--scope", SCOPE, "--json"))
    assert out["receipt"]["memories"] == 1 and out["receipt"]["settings"] == 1
    assert store.count(SCOPE, include_inactive=True) == 0 and store.get_settings(SCOPE) == {}
    assert store.count("user:keep") == 1
    store.close()
    assert b"x99887766" not in file_bytes(db_path)
    assert runner.invoke(app, ["forget", "--purge", "--scope", SCOPE]).exit_code == 2
    assert runner.invoke(app, ["forget", "--match", "tea", "--scope", SCOPE]).exit_code == 2
    assert runner.invoke(app, ["forget", "--purge", "--all", "--match", "tea", "--scope", SCOPE]).exit_code == 2
    res = runner.invoke(app, ["forget", "--purge", "--match", "te", "--scope", "user:keep"])
    assert res.exit_code == 1 and "at least 3" in res.stderr


def test_purge_dry_run_previews_and_changes_nothing(tmp_path, db_path):
    src = transcript(tmp_path, "chat.jsonl", ["I am allergic to peanuts.", "I love hiking."])
    cli("ingest", src, "--scope", SCOPE)
    before = cli("export", "--scope", SCOPE, "--include-inactive")
    preview = json.loads(cli("forget", "--scope", SCOPE, "--purge", "--match", "peanut", "--dry-run", "--json"))
    assert preview["dry_run"] is True and preview["turns"] == 1
    assert [r["text"] for r in preview["records"]] == ["User is allergic to peanuts"]
    whole = json.loads(cli("forget", "--scope", SCOPE, "--purge", "--all", "--dry-run", "--json"))
    assert len(whole["records"]) == 2 and whole["turns"] == 2
    assert cli("export", "--scope", SCOPE, "--include-inactive") == before
    assert b"peanut" in file_bytes(db_path)
