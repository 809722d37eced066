"""The corpus of bad inputs (tests/corpus/bad_inputs): each is one line on stderr
naming the file and line (or the option), exit 1 (usage errors 2), no traceback, and
the store exactly as it was. Inputs that once crashed memcli with a traceback."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import apsw
import pytest
from typer.testing import CliRunner

from memcli.cli import app

CORPUS = Path(__file__).parent / "corpus" / "bad_inputs"
runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def snapshot(db: Path) -> list:
    """Every row of memcli's tables: what "the store untouched" means."""
    conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        out = []
        for table in ("memories", "turns", "decisions", "settings", "meta", "_migrations"):
            out.append(sorted(conn.execute(f"SELECT * FROM {table}").fetchall(), key=repr))
        return out
    finally:
        conn.close()


@pytest.fixture
def seeded(db_path):
    result = run("remember", "User lives in Paris", "--scope", "user:a")
    assert result.exit_code == 0, result.output
    return db_path


def one_error_line(result, code=1):
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == (2 if code == 2 else 1), lines
    assert lines[-1].startswith("Error: ")
    return lines[-1]


def where(path: Path) -> str:
    """The place each corpus file's error must name: its bad record is the second."""
    if path.suffix == ".json":
        return f"{path}:[1]" if path.name.startswith("ingest_") else f"{path}: record 2"
    return f"{path}:2"


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.json*")), ids=lambda p: p.name)
def test_corpus_input_is_one_line_and_writes_nothing(path, seeded):
    before = snapshot(seeded)
    command = "ingest" if path.name.startswith("ingest_") else "import"
    line = one_error_line(run(command, path, "--scope", "user:a") if command == "ingest" else run(command, path))
    assert where(path) in line, line
    assert snapshot(seeded) == before
    assert run("recall", "where does the user live", "--scope", "user:a", "--json").exit_code == 0


@pytest.mark.parametrize("command", ["ingest", "import"])
def test_json_nested_100000_deep(command, seeded, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    before = snapshot(seeded)
    args = [command, deep] + (["--scope", "user:a"] if command == "ingest" else [])
    assert "nested too deeply" in one_error_line(run(*args))
    assert snapshot(seeded) == before


def test_year_one_reads_back_as_year_one(tmp_path):
    f = tmp_path / "y1.jsonl"
    f.write_text('{"role": "user", "content": "I live in Oslo", "ts": "0001-01-01T00:00:00Z"}\n')
    assert run("ingest", f, "--scope", "user:a").exit_code == 0
    shown = json.loads(run("show", "--scope", "user:a", "--json").stdout)
    assert [m["valid_from"] for m in shown] == ["0001-01-01T00:00:00Z"]


def test_a_good_import_after_a_bad_one_still_recalls(seeded, tmp_path):
    exported = run("export", "--scope", "user:a").stdout
    rec = json.loads(exported.splitlines()[0])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(dict(rec, id="zz1", valid_from="not a date")) + "\n")
    one_error_line(run("import", bad))
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps(dict(rec, id="zz2", scope="user:b")) + "\n")
    assert run("import", good).exit_code == 0
    hits = json.loads(run("recall", "paris", "--scope", "user:b", "--json").stdout)
    assert [h["id"] for h in hits] == ["zz2"]


@pytest.mark.parametrize(
    "args, option",
    [
        (["recall", "paris", "--scope", "user:a", "-k", "1e30"], "--limit"),
        (["recall", "paris", "--scope", "user:a", "-k", str(10**30)], "--limit"),
        (["log", "--scope", "user:a", "-n", str(10**30)], "--limit"),
        (["recall", "paris", "--scope", "user:a", "--weights", "nan,nan,nan"], "--weights"),
        (["recall", "paris", "--scope", "user:a", "--weights", "inf,0,0"], "--weights"),
        (["recall", "paris", "--scope", "user:a", "--min-score", "nan"], "--min-score"),
        (["recall", "paris", "--scope", "user:a", "--half-life", "nan"], "--half-life"),
        (["show", "--scope", "bogus"], "invalid scope"),
        (["recall", "paris", "--scope", "team:x"], "invalid scope"),
        (["recall", "paris", "--scope", "user:a", "--kind"], "--kind"),
    ],
)
def test_bad_options_are_usage_errors(args, option, seeded):
    before = snapshot(seeded)
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) <= 2 and lines[-1].startswith("Error: ") and option in lines[-1], lines
    assert snapshot(seeded) == before


def test_export_into_a_missing_folder(seeded, tmp_path):
    line = one_error_line(run("export", "--scope", "user:a", "-o", tmp_path / "nodir" / "x.jsonl"))
    assert "nodir" in line and "does not exist" in line
    assert not (tmp_path / "nodir").exists()


def test_db_that_is_a_directory(tmp_path):
    (tmp_path / "d").mkdir()
    assert "is a directory" in one_error_line(run("--db", tmp_path / "d", "remember", "x y", "--scope", "user:a"))


def _make_read_only(path: Path) -> None:
    if os.geteuid() != 0:
        path.chmod(0o444)
        return
    if not shutil.which("chattr") or subprocess.run(["chattr", "+i", str(path)]).returncode:
        pytest.skip("root ignores file permissions and chattr is not available")


def test_db_that_is_read_only(seeded):
    for extra in ("-wal", "-shm"):
        seeded.with_name(seeded.name + extra).unlink(missing_ok=True)
    _make_read_only(seeded)
    try:
        assert "read-only" in one_error_line(run("remember", "User likes tea", "--scope", "user:a"))
        result = run("show", "--scope", "user:a", "--json")  # reading still works
        assert result.exit_code == 0 and "Paris" in result.stdout
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(seeded)])


def test_another_tools_sqlite_file_is_left_alone(tmp_path):
    other = tmp_path / "notes.db"
    conn = apsw.Connection(str(other))
    conn.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello')")
    conn.close()
    data = other.read_bytes()
    for args in (["show", "--scope", "user:a"], ["remember", "User likes tea", "--scope", "user:a"]):
        assert "not a memcli database" in one_error_line(run("--db", other, *args))
    assert other.read_bytes() == data
    assert not other.with_name("notes.db-wal").exists()


@pytest.mark.parametrize("args", [["maintain", "--all-scopes"], ["show", "--scope", "user:a"],
                                  ["recall", "x", "--scope", "user:a"], ["forget", "abc", "--scope", "user:a"]])
def test_a_misspelled_db_path_is_not_created(args, tmp_path):
    typo = tmp_path / "memroy.db"
    assert "no such database" in one_error_line(run("--db", typo, *args))
    assert not typo.exists()
