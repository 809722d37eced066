"""The store's parts and the layering above it: the store imports none of the
pipelines, the pipelines never import the front door (`memcli.api`)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import memcli
from memcli.api import MemoryStore
from memcli.store import Store
from memcli.store.keyword import quote_fts

PKG = Path(memcli.__file__).parent
PIPELINES = {"extract", "write", "ingest", "recall", "consolidate", "reflect", "lifecycle", "dates", "render", "cli"}


def _imports(path: Path) -> set[str]:
    """memcli modules a file imports (relative imports resolved), at any depth."""
    parts = path.relative_to(PKG.parent).with_suffix("").parts
    package = parts[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m.startswith("memcli")}


def test_the_store_imports_no_pipeline():
    for path in (PKG / "store").glob("*.py"):
        bad = {m for m in _imports(path) if m.split(".")[1:2] and m.split(".")[1] in PIPELINES | {"api"}}
        assert not bad, (path.name, bad)


def test_nothing_below_the_front_door_imports_it():
    for path in PKG.rglob("*.py"):
        if path.name in ("api.py", "cli.py", "mcp_server.py") or path == PKG / "__init__.py":  # the front ends
            continue
        assert "memcli.api" not in _imports(path), path.name


def test_opening_a_store_loads_no_pipeline():
    code = ("import sys; from memcli.store import Store; "
            f"print(sorted(m for m in sys.modules if m.startswith('memcli.') and m[7:] in {sorted(PIPELINES)!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_memory_store_is_the_store_with_a_front_door(store):
    assert isinstance(store, MemoryStore) and isinstance(store, Store)
    assert memcli.MemoryStore is MemoryStore
    for name in ("remember", "ingest", "recall"):
        assert hasattr(MemoryStore, name) and not hasattr(Store, name)


def test_parts_share_one_connection(store):
    m = store.add("user:a", "User likes green tea")
    assert store.records.get("user:a", m.id) == store.get("user:a", m.id)
    rowid = store.rowids("user:a", [m.id])[m.id]
    assert [r for r, _ in store.keyword.search("user:a", "tea")] == [rowid]
    assert [r for r, _ in store.vector_index.search("user:a", store.embed_query("green tea"), k=1)] == [rowid]
    with store.transaction():
        store.decision_log.append("user:a", "2026-01-01T00:00:00Z", "ARCHIVE", m.text, target=m.id,
                                  decided_by="user", reason="test")
        store.settings.set("user:a", "decay.threshold", "0.1")
    assert store.decisions("user:a")[-1].op == "ARCHIVE" and store.get_settings("user:a") == {"decay.threshold": "0.1"}


def test_quote_fts_quotes_every_word_once():
    assert quote_fts('Where does "she" live? she-lives AND NEAR(x)') == (
        '"where" OR "does" OR "she" OR "live" OR "lives" OR "and" OR "near" OR "x"')
    assert quote_fts("?!") == ""


def test_keyword_search_scores_only_the_scope_and_the_same_as_the_text_alone(store):
    texts = ["User plays chess on Sundays", "User's sister plays the violin", "User likes chess openings",
             "User walks the dog", "User plays tennis with Sam"]
    for scope in ("user:a", "user:b", "user:ab"):
        for t in texts:
            store.add(scope, t)
    hits = store.search_keyword("user:a", "plays chess", k=10)
    rows = store.by_rowids("user:a", [r for r, _ in hits])
    assert len(hits) == 4 and {m.scope for m in rows.values()} == {"user:a"}
    # the old query (every match in the file, joined to `memories` and filtered) gives the same scores
    old = store.conn.execute(
        "SELECT m.rowid, bm25(memories_fts, 1.0, 0.0) AS s FROM memories_fts JOIN memories m "
        "ON m.rowid = memories_fts.rowid WHERE memories_fts MATCH ? AND m.scope = ? ORDER BY s",
        ("text : (" + quote_fts("plays chess") + ")", "user:a")).fetchall()
    assert [(r, round(s, 9)) for r, s in hits] == [(r, round(s, 9)) for r, s in old]
    # a scope that is a prefix of another's name matches nothing of it
    assert store.search_keyword("user:a", "violin", k=10)[0][0] in rows
    assert len(store.search_keyword("user:ab", "violin", k=10)) == 1
