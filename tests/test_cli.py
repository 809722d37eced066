"""The CLI through CliRunner: argument, file and stdin forms, JSON output, errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memcli.api import MemoryStore
from memcli.cli import app

runner = CliRunner()


def run(*args, input=None, env=None):
    return runner.invoke(app, list(args), input=input, env=env)


def ok(*args, **kw):
    result = run(*args, **kw)
    assert result.exit_code == 0, result.output
    return result


def test_remember_then_recall_first_and_scoped():
    out = ok("remember", "User is allergic to peanuts", "--scope", "user:a", "--pin", "--json")
    rec = json.loads(out.stdout)
    assert rec["op"] == "ADD" and len(rec["id"]) <= 8
    ok("remember", "User likes jazz music", "--scope", "user:a")
    hits = json.loads(ok("recall", "any allergies? peanuts", "--scope", "user:a", "--json").stdout)
    assert hits[0]["text"] == "User is allergic to peanuts"
    assert hits[0]["pinned"] is True and {"id", "text", "score"} <= hits[0].keys()
    assert json.loads(ok("recall", "any allergies? peanuts", "--scope", "user:b", "--json").stdout) == []


def test_exact_duplicate_is_a_noop():
    ok("remember", "User likes jazz music", "--scope", "user:a")
    rec = json.loads(ok("remember", "user likes jazz music.", "--scope", "user:a", "--json").stdout)
    assert rec["op"] == "NOOP"
    assert len(json.loads(ok("show", "--scope", "user:a", "--json").stdout)) == 1


def test_remember_reads_stdin():
    ok("remember", "-", "--scope", "user:a", input="User drinks green tea\n")
    shown = json.loads(ok("show", "--scope", "user:a", "--json").stdout)
    assert [m["text"] for m in shown] == ["User drinks green tea"]
    assert shown[0]["source"] == "explicit" and shown[0]["confidence"] >= 0.9


def test_keyed_remember_supersedes_and_show_all_has_history():
    first = json.loads(ok("remember", "User lives in Pune", "--key", "home_city", "--scope", "user:a", "--json").stdout)
    second = json.loads(ok("remember", "User lives in Goa", "--key", "home_city", "--scope", "user:a", "--json").stdout)
    assert second["op"] == "UPDATE" and second["replaces"] == first["id"]
    active = json.loads(ok("show", "--scope", "user:a", "--json").stdout)
    assert [m["text"] for m in active] == ["User lives in Goa"]
    everything = json.loads(ok("show", "--scope", "user:a", "--all", "--json").stdout)
    old = [m for m in everything if m["id"] == first["id"]][0]
    assert old["retired_at"] and old["replaced_by"] == second["id"] and old["active"] is False
    one = json.loads(ok("show", second["id"], "--scope", "user:a", "--json").stdout)
    assert [v["id"] for v in one["versions"]] == [first["id"], second["id"]]
    assert any(d["op"] == "UPDATE" for d in one["decisions"])
    text = ok("show", second["id"], "--scope", "user:a", "--history").stdout
    assert "versions" in text and first["id"] in text


@pytest.mark.parametrize("fmt", ["jsonl", "json", "md"])
def test_export_formats(fmt, tmp_path):
    ok("remember", "User likes jazz music", "--scope", "user:a")
    out = ok("export", "--scope", "user:a", "--format", fmt).stdout
    if fmt == "jsonl":
        recs = [json.loads(line) for line in out.splitlines()]
        assert recs[0]["text"] == "User likes jazz music" and recs[0]["valid_until"] is None
    elif fmt == "json":
        assert json.loads(out)[0]["scope"] == "user:a"
    else:
        assert "User likes jazz music" in out and out.startswith("# Memories of user:a")


def test_export_import_round_trip(tmp_path):
    ok("remember", "User lives in Pune", "--key", "home_city", "--scope", "user:a")
    ok("remember", "User lives in Goa", "--key", "home_city", "--scope", "user:a")
    ok("remember", "User is allergic to peanuts", "--pin", "--scope", "user:a")
    dump = tmp_path / "a.jsonl"
    ok("export", "--scope", "user:a", "--include-inactive", "-o", str(dump))
    before = [json.loads(line) for line in dump.read_text().splitlines()]
    other = tmp_path / "other.db"
    ok("import", str(dump), env={"MEMCLI_DB": str(other)})
    after = ok("export", "--scope", "user:a", "--include-inactive", env={"MEMCLI_DB": str(other)}).stdout
    assert [json.loads(line) for line in after.splitlines()] == before
    # importing again adds nothing
    ok("import", str(dump), env={"MEMCLI_DB": str(other)})
    assert len(ok("export", "--scope", "user:a", "--include-inactive", env={"MEMCLI_DB": str(other)}).stdout.splitlines()) == 3


def test_forget_archives_and_restore_brings_back():
    rec = json.loads(ok("remember", "User likes jazz music", "--scope", "user:a", "--json").stdout)
    ok("forget", rec["id"], "--scope", "user:a")
    assert json.loads(ok("show", "--scope", "user:a", "--json").stdout) == []
    assert json.loads(ok("recall", "jazz", "--scope", "user:a", "--json").stdout) == []
    ok("restore", rec["id"], "--scope", "user:a")
    assert len(json.loads(ok("show", "--scope", "user:a", "--json").stdout)) == 1


def test_purge_removes_every_byte(db_path):
    rec = json.loads(ok("remember", "User is allergic to peanuts", "--scope", "user:a", "--pin", "--json").stdout)
    ok("remember", "User likes jazz music", "--scope", "user:a")
    out = json.loads(ok("forget", rec["id"], "--scope", "user:a", "--purge", "--json").stdout)
    assert out["receipt"]["memories"] == 1 and out["receipt"]["memory_embeddings"] == 1
    data = db_path.read_bytes()
    for extra in ("-wal", "-shm"):
        p = db_path.with_name(db_path.name + extra)
        if p.exists():
            data += p.read_bytes()
    assert b"peanut" not in data.lower()
    assert b"jazz" in data


@pytest.mark.parametrize(
    "args, message",
    [
        (["show", "nosuch", "--scope", "user:a"], "no memory"),
        (["forget", "nosuch", "--scope", "user:a"], "no memory"),
        (["remember", "   ", "--scope", "user:a"], "empty text"),
    ],
)
def test_runtime_errors_are_one_line_exit_1(args, message):
    ok("remember", "User likes tea", "--scope", "user:b")
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args, message",
    [
        (["recall", "x", "--scope", "team:x"], "invalid scope"),
        (["recall", "x"], "no scope given"),
        (["recall", "x", "--scope", "user:a", "-k", "abc"], "'-k' / '--limit'"),
        (["nosuchcommand"], "No such command"),
    ],
)
def test_usage_errors_are_the_usage_line_and_one_error_line(args, message):
    """A bad --scope is an argument error like any other: exit 2, Click's usage line
    and the error, without the "Try --help" line and the blank one."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith("Usage: ") and lines[1].startswith("Error: "), lines
    assert message in lines[1]


def test_usage_errors_exit_2():
    assert run("remember", "x", "--scope", "user:a", "--importance", "11").exit_code == 2
    assert run("nosuchcommand").exit_code == 2


def test_not_a_database_is_refused_and_left_alone(tmp_path):
    bogus = tmp_path / "notes.txt"
    bogus.write_text("my precious notes")
    result = run("show", "--scope", "user:a", env={"MEMCLI_DB": str(bogus)})
    assert result.exit_code == 1 and "not a memcli database" in result.stderr
    assert bogus.read_text() == "my precious notes"


def test_other_embedder_db_fails_naming_both(tmp_path):
    ok("remember", "User likes jazz music", "--scope", "user:a")
    result = run("recall", "jazz", "--scope", "user:a", env={"MEMCLI_EMBEDDER": "minilm"})
    assert result.exit_code == 1
    assert "hash-embedder-v1" in result.stderr and "all-MiniLM" in result.stderr and "memcli reindex" in result.stderr


def test_log_explains_decisions():
    ok("remember", "User lives in Pune", "--key", "home_city", "--scope", "user:a")
    ok("remember", "User lives in Goa", "--key", "home_city", "--scope", "user:a")
    log = json.loads(ok("log", "--scope", "user:a", "--json").stdout)
    assert [d["op"] for d in log] == ["ADD", "UPDATE"]
    assert log[1]["decided_by"] == "rule" and "home_city" in log[1]["reason"]


def test_every_command_has_help():
    from typer.main import get_command

    names = sorted(get_command(app).commands)
    assert {"remember", "ingest", "recall", "show", "log", "export", "import", "forget", "restore",
            "config", "consolidate", "maintain", "reindex"} <= set(names)
    for name in names:
        result = ok(name, "--help")
        assert "example" in result.stdout.lower() or name == "reindex", name
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    for name in names:
        assert f"memcli {name}" in readme, f"README does not show `memcli {name}`"


@pytest.mark.parametrize("args", [["--help"], ["show", "--scope", "user:a"], ["export", "--scope", "user:a"]])
def test_light_commands_never_import_the_models(args, tmp_path):
    MemoryStore(tmp_path / "x.db").close()
    code = (
        "import sys; from memcli.cli import app\n"
        "try:\n    app(" + repr(args) + ")\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
        "bad = [m for m in ('tokenizers', 'llama_cpp', 'onnxruntime') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    import memcli

    env = {"MEMCLI_DB": str(tmp_path / "x.db"), "PATH": "/usr/bin:/bin",
           "PYTHONPATH": str(Path(memcli.__file__).parent.parent)}  # this checkout's memcli, not an installed one
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr


def test_two_processes_writing_one_file_wait_for_each_other(tmp_path):
    db = tmp_path / "c.db"
    code = (
        "import sys, secrets; from memcli.api import MemoryStore; from memcli.embed import HashEmbedder\n"
        "from memcli.write import Candidate, reconcile\n"
        "s = MemoryStore(sys.argv[1], HashEmbedder())\n"
        "for i in range(200):\n"
        "    reconcile(s, 'user:a', Candidate(text=f'{sys.argv[2]} code {secrets.token_hex(8)}', source='explicit'))\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", code, str(db), tag], stderr=subprocess.PIPE, text=True)
             for tag in ("alpha", "beta")]
    errs = [p.communicate(timeout=300)[1] for p in procs]
    assert all(p.returncode == 0 for p in procs), errs
    from memcli.api import MemoryStore
    from memcli.embed import HashEmbedder

    with MemoryStore(db, HashEmbedder()) as s:
        assert s.count("user:a") == 400


def test_remember_rewrites_first_person_and_marks_safety():
    ok("remember", "I'm allergic to peanuts", "--scope", "user:a")
    [m] = json.loads(ok("show", "--scope", "user:a", "--json").stdout)
    assert m["text"] == "User is allergic to peanuts" and m["safety"] is True


def test_show_log_and_export_page_on_a_terminal_and_say_so(monkeypatch):
    from memcli import cli as cli_module

    for i in range(5):
        ok("remember", f"User visited city number {i}", "--scope", "user:pages")
    shown = json.loads(ok("show", "--scope", "user:pages", "--json").stdout)  # a pipe: everything
    assert len(shown) == 5
    r = ok("show", "--scope", "user:pages", "--json", "--limit", "2", "--offset", "2")
    assert [m["text"] for m in json.loads(r.stdout)] == [m["text"] for m in shown[2:4]]
    assert "Showing memories 3-4 of 5: --offset 4" in r.stderr
    monkeypatch.setattr(cli_module, "on_terminal", lambda: True)
    monkeypatch.setattr("memcli.options.TERMINAL_LIMIT", 3)
    r = ok("export", "--scope", "user:pages")
    assert len(r.stdout.splitlines()) == 3 and "of 5" in r.stderr
    r = ok("export", "--scope", "user:pages", "--limit", "0")
    assert len(r.stdout.splitlines()) == 5 and "Showing" not in r.stderr
    r = ok("log", "--scope", "user:pages", "--json", "-n", "2")
    assert len(json.loads(r.stdout)) == 2 and "the last 2 decisions" in r.stderr
    monkeypatch.setattr(cli_module, "on_terminal", lambda: False)
    assert len(json.loads(ok("log", "--scope", "user:pages", "--json").stdout)) == 5


def test_version_is_the_package_version():
    from importlib.metadata import version

    out = ok("--version")
    assert out.stdout == f"memcli {version('memcli')}\n"


def test_shell_completion_is_offered():
    help_text = ok("--help").stdout
    assert "--install-completion" in help_text and "--show-completion" in help_text
    # the shell named, not detected: a run with no shell among its parents (a CI runner, a
    # daemon) detects none; then `--show-completion` takes the shell as its value
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    script = subprocess.run([sys.executable, "-m", "memcli", "--show-completion", "bash"], capture_output=True,
                            text=True, cwd=Path(__file__).resolve().parent.parent, env=env)
    assert script.returncode == 0 and "complete " in script.stdout and "COMP_WORDS" in script.stdout
