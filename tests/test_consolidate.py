"""Consolidation: clusters by vector similarity plus keyword overlap, deterministic
merges with provenance, importance gain, recurring episodes becoming facts."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
from typer.testing import CliRunner

from memcli import consolidate as cons
from memcli.cli import app
from memcli.models import Memory
from memcli.timeutil import to_iso

SCOPE = "user:con"
T0 = datetime(2025, 5, 1, tzinfo=timezone.utc)
NOW = T0 + timedelta(days=30)
runner = CliRunner()


def put(store, text, *, kind="semantic", importance=0.5, day=0, key=None, pinned=False, scope=SCOPE):
    at = to_iso(T0 + timedelta(days=day))
    return store.insert(Memory(id="", scope=scope, kind=kind, text=text, importance=importance, key=key,
                               pinned=pinned, valid_from=at, recorded_at=at, source_turns=[f"t{day:010d}"]))


def test_same_claim_needs_word_overlap_and_agreeing_numbers():
    w = cons.content_words
    assert cons.same_claim(w("User prefers refunds over store credit"),
                           w("User prefers a refund over the store credit"), 0.8)
    assert not cons.same_claim(w("User lives in Pune"), w("User lives in Mumbai"), 0.8)
    assert not cons.same_claim(w("User has 2 cats"), w("User has 3 cats"), 0.5)


def test_merge_near_duplicates_with_provenance(store):
    a = put(store, "User prefers refunds over store credit", importance=0.5, day=1)
    b = put(store, "User prefers a refund over store credit", importance=0.7, day=5)
    c = put(store, "User prefers refunds over store credit for returns", importance=0.4, day=3)
    pune = put(store, "User lives in Pune", day=2)
    mumbai = put(store, "User lives in Mumbai", day=4)
    rep = cons.consolidate(store, SCOPE, NOW)
    assert (rep.before, rep.after) == (5, 3)
    [cl] = rep.clusters
    merged = store.get(SCOPE, cl.merged_id)
    assert merged.text == c.text  # the most complete text
    assert sorted(merged.source_ids) == sorted([a.id, b.id, c.id])
    assert merged.importance == pytest.approx(0.7 + 2 * cons.IMPORTANCE_GAIN)
    assert merged.valid_from == a.valid_from and merged.kind == "semantic"
    assert sorted(merged.source_turns) == sorted(a.source_turns + b.source_turns + c.source_turns)
    for orig in (a, b, c):
        got = store.get(SCOPE, orig.id)
        assert not got.active and got.replaced_by == merged.id
        assert got.retire_reason == f"merged into {merged.id}" and got.valid_until is None
        assert [d.op for d in store.decisions(SCOPE, memory_id=orig.id)] == ["MERGE"]
    assert store.get(SCOPE, pune.id).active and store.get(SCOPE, mumbai.id).active
    # the merged record is searchable with the kept text's vector
    hits = store.search_vector(SCOPE, store.embed_query(c.text), k=1)
    assert store.by_rowids(SCOPE, [hits[0][0]])[hits[0][0]].id == merged.id
    # idempotent
    again = cons.consolidate(store, SCOPE, NOW)
    assert again.clusters == [] and again.before == again.after == 3


def test_latest_text_wins_a_tie_and_merge_is_deterministic(store):
    put(store, "User drinks oat milk in coffee", day=1)
    late = put(store, "User drinks oat milk in the coffee", day=9)
    put(store, "User drinks oat milk in coffee", scope="user:other", day=3)
    [cl] = cons.consolidate(store, SCOPE, NOW, dry_run=True).clusters
    assert cl.keep.id == late.id
    assert cons.consolidate(store, "user:other", NOW).clusters == []  # scopes never mix


def test_recurring_episodes_become_a_semantic_fact(store):
    for day in (1, 8, 15):
        put(store, "User went swimming at the lake", kind="episodic", importance=0.3, day=day)
    two = [put(store, "User baked sourdough bread", kind="episodic", day=d) for d in (2, 3)]
    rep = cons.consolidate(store, SCOPE, NOW)
    kinds = {c.keep.text: c.kind for c in rep.clusters}
    assert kinds == {"User went swimming at the lake": "semantic", "User baked sourdough bread": "episodic"}
    assert all(not store.get(SCOPE, m.id).active for m in two)


def test_kinds_and_keyed_profile_facts_are_not_mixed(store):
    put(store, "User likes jazz music", kind="semantic")
    put(store, "User likes jazz music", kind="procedural")
    put(store, "User's home city is Oslo", kind="profile", key="home_city")
    put(store, "User's home city is Oslo", kind="profile", key="home_city", day=2)
    assert cons.consolidate(store, SCOPE, NOW).clusters == []


def test_dry_run_writes_nothing(store):
    a = put(store, "User prefers refunds over store credit")
    put(store, "User prefers a refund over store credit")
    rep = cons.consolidate(store, SCOPE, NOW, dry_run=True)
    assert len(rep.clusters) == 1 and rep.clusters[0].merged_id is None
    assert store.count(SCOPE) == 2 and store.get(SCOPE, a.id).active


def test_lsh_path_finds_the_same_clusters(store, monkeypatch):
    texts = [f"User visited museum number {i} in town {i * 7}" for i in range(40)]
    for i, t in enumerate(texts):
        put(store, t, day=i % 20)
    put(store, "User prefers refunds over store credit", day=1)
    put(store, "User prefers a refund over store credit", day=2)
    exact = [sorted(m.id for m in c.members) for c in cons.find_clusters(store, SCOPE)]
    monkeypatch.setattr(cons, "EXACT_MAX", 5)
    lsh = [sorted(m.id for m in c.members) for c in cons.find_clusters(store, SCOPE)]
    assert exact == lsh and len(exact) == 1


def test_cli_consolidate_json_and_text(store):
    put(store, "User prefers refunds over store credit")
    put(store, "User prefers a refund over store credit")
    res = runner.invoke(app, ["consolidate", "--scope", SCOPE, "--dry-run", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert (out["before"], out["after"], out["merged"], out["dry_run"]) == (2, 1, 2, True)
    res = runner.invoke(app, ["consolidate", "--scope", SCOPE])
    assert res.exit_code == 0 and "active 2 → 1" in res.stderr
