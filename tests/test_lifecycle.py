"""Forgetting policies, per-scope settings, restore, maintain, history, and the
simulated-year acceptance test."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from typer.testing import CliRunner

from memcli import lifecycle
from memcli.cli import app
from memcli.models import Memory
from memcli.timeutil import to_iso

SCOPE = "user:sim"
T0 = datetime(2025, 1, 1, tzinfo=UTC)

runner = CliRunner()


def cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def mem(store, text, *, kind="episodic", importance=0.5, at=T0, pinned=False, safety=False,
        last_accessed=None, stability=1.0, access_count=0, key=None, vector=None):
    m = Memory(id="", scope=SCOPE, kind=kind, text=text, importance=importance, pinned=pinned, safety=safety,
               valid_from=to_iso(at), recorded_at=to_iso(at), last_accessed=to_iso(last_accessed) if last_accessed else None,
               stability=stability, access_count=access_count, key=key)
    return store.insert(m, vector)


# -- the formula -------------------------------------------------------------------------
def test_half_life_grows_with_importance_and_stability():
    assert lifecycle.half_life(0.9, 1.0, 14) > lifecycle.half_life(0.2, 1.0, 14)
    assert lifecycle.half_life(0.5, 3.0, 14) == pytest.approx(3 * lifecycle.half_life(0.5, 1.0, 14))
    hl = lifecycle.half_life(0.5, 1.0, 14)
    assert lifecycle.strength(0.5, hl, hl) == pytest.approx(0.25)
    assert lifecycle.strength(0.5, 0, hl) == pytest.approx(0.5)


def test_decay_archives_only_idle_unprotected_episodes(store):
    idle = mem(store, "User went to a concert downtown", importance=0.3)
    fresh = mem(store, "User bought a new lamp", importance=0.3, at=T0 + timedelta(days=175))
    fact = mem(store, "User works as a nurse", kind="semantic", importance=0.3)
    rule = mem(store, "Always answer in French", kind="procedural", importance=0.3)
    pinned = mem(store, "User visited grandma in Lyon", importance=0.3, pinned=True)
    safety = mem(store, "User had a reaction at dinner", importance=0.3, safety=True)
    cue = mem(store, "User found out about a peanut allergy at the party", importance=0.3)
    plan = lifecycle.plan(store, SCOPE, T0 + timedelta(days=180), policies=["decay"])
    assert [v.id for v in plan.victims] == [idle.id]
    v = plan.victims[0]
    assert v.policy == "decay" and v.strength is not None and v.strength < 0.05
    assert "strength" in v.reason and v.idle_days == pytest.approx(180)
    assert plan.protected == 3
    ids = {fresh.id, fact.id, rule.id, pinned.id, safety.id, cue.id}
    assert not ids & {v.id for v in plan.victims}


def test_rehearsal_outlives_idle_of_equal_importance(store):
    idle = mem(store, "User watched a documentary about whales", importance=0.5)
    rehearsed = mem(store, "User watched a documentary about owls", importance=0.5,
                    last_accessed=T0 + timedelta(days=30), stability=3.0, access_count=4)
    plan = lifecycle.plan(store, SCOPE, T0 + timedelta(days=150), policies=["decay"])
    assert [v.id for v in plan.victims] == [idle.id]
    assert rehearsed.id not in {v.id for v in plan.victims}


def test_ttl_by_kind(store):
    old_ep = mem(store, "User had pasta for lunch", importance=1.0, at=T0)
    old_fact = mem(store, "User is a vegetarian", kind="semantic", importance=0.1, at=T0)
    young = mem(store, "User had soup for lunch", importance=0.1, at=T0 + timedelta(days=60))
    plan = lifecycle.plan(store, SCOPE, T0 + timedelta(days=100), policies=["ttl"])
    assert [(v.id, v.policy) for v in plan.victims] == [(old_ep.id, "ttl")]
    assert old_fact.id not in {v.id for v in plan.victims} and young.id not in {v.id for v in plan.victims}
    store.set_setting(SCOPE, "ttl.semantic_days", "50")
    plan = lifecycle.plan(store, SCOPE, T0 + timedelta(days=100), policies=["ttl"])
    # kinds outside decay.kinds stay untouched even with a ttl, until decay.kinds includes them
    assert old_fact.id not in {v.id for v in plan.victims}
    store.set_setting(SCOPE, "decay.kinds", "episodic,semantic")
    plan = lifecycle.plan(store, SCOPE, T0 + timedelta(days=100), policies=["ttl"])
    assert old_fact.id in {v.id for v in plan.victims}


def test_lru_cap_takes_least_recently_used(store):
    ms = [mem(store, f"User visited museum number {i}", importance=0.9,
              last_accessed=T0 + timedelta(days=i)) for i in range(6)]
    mem(store, "User lives in Oslo", kind="semantic")
    plan = lifecycle.plan(store, SCOPE, T0 + timedelta(days=7), policies=[], max_memories=4)
    assert [v.id for v in plan.victims] == [ms[0].id, ms[1].id, ms[2].id]
    assert all(v.policy == "lru" for v in plan.victims)
    plan = lifecycle.plan(store, SCOPE, T0 + timedelta(days=7), policies=[], max_memories=0)
    assert plan.notes and len(plan.victims) == 6


def test_apply_archives_with_decision_and_open_validity(store):
    m = mem(store, "User went to a concert downtown", importance=0.3)
    plan = lifecycle.plan(store, SCOPE, T0 + timedelta(days=200), policies=["decay"])
    assert lifecycle.apply(store, plan) == 1
    got = store.get(SCOPE, m.id)
    assert not got.active and got.valid_until is None and got.retired_at == "2025-07-20T00:00:00Z"
    assert got.retire_reason.startswith("decayed")
    ds = store.decisions(SCOPE, memory_id=m.id)
    assert [(d.op, d.decided_by) for d in ds] == [("ARCHIVE", "policy")]
    assert store.search_vector(SCOPE, store.embed_query("concert downtown")) == []
    back = lifecycle.restore(store, SCOPE, m.id, T0 + timedelta(days=201))
    assert back.active and back.last_accessed == "2025-07-21T00:00:00Z"
    assert store.search_vector(SCOPE, store.embed_query("concert downtown"))
    # the restore counts as a use: the next run the same day leaves it alone
    assert lifecycle.plan(store, SCOPE, T0 + timedelta(days=201), policies=["decay"]).victims == []


# -- CLI -----------------------------------------------------------------------------------
def test_cli_dry_run_writes_nothing_then_real_run(store):
    a = mem(store, "User went to a concert downtown", importance=0.3)
    mem(store, "User is a vegetarian", kind="semantic", importance=0.1)
    before = os.path.getmtime(store.path)
    out = json.loads(cli("forget", "--scope", SCOPE, "--policy", "decay", "--dry-run", "--now", "2025-08-01", "--json"))
    assert [v["id"] for v in out["victims"]] == [a.id] and out["archived"] == 0 and out["dry_run"]
    assert out["victims"][0]["strength"] < 0.05
    assert store.get(SCOPE, a.id).active and os.path.getmtime(store.path) == before
    res = runner.invoke(app, ["forget", "--scope", SCOPE, "--policy", "decay", "--now", "2025-08-01"])
    assert res.exit_code == 0, res.output
    assert a.id in res.stdout and "Archived 1 of 2" in res.stderr
    assert not store.get(SCOPE, a.id).active
    cli("restore", a.id, "--scope", SCOPE)
    assert store.get(SCOPE, a.id).active


def test_cli_bad_policy_is_usage_error():
    res = runner.invoke(app, ["forget", "--scope", SCOPE, "--policy", "oldest"])
    assert res.exit_code == 2


def test_config_set_get_unset_and_cron_uses_it(store):
    mem(store, "User had pasta for lunch", importance=1.0)
    assert "ttl.episodic_days = 90.0  (default)" in cli("config", "--scope", SCOPE)
    cli("config", "set", "ttl.episodic_days", "10", "--scope", SCOPE)
    cli("config", "set", "maintain.policies", "ttl", "--scope", SCOPE)
    got = json.loads(cli("config", "get", "ttl.episodic_days", "--scope", SCOPE, "--json"))
    assert got[0]["value"] == 10.0 and got[0]["set"]
    res = runner.invoke(app, ["config", "set", "ttl.episodic_days", "soon", "--scope", SCOPE])
    assert res.exit_code == 1 and "bad value" in res.stderr
    res = runner.invoke(app, ["config", "set", "nope", "1", "--scope", SCOPE])
    assert res.exit_code == 1 and "unknown setting" in res.stderr
    out = json.loads(cli("maintain", "--scope", SCOPE, "--now", "2025-01-20", "--json"))
    assert out["scopes"][0]["archived"] == {"ttl": 1}
    cli("config", "unset", "ttl.episodic_days", "--scope", SCOPE)
    assert store.get_settings(SCOPE) == {"maintain.policies": "ttl"}


def test_maintain_is_idempotent_and_exits_0_when_nothing_to_do(store):
    mem(store, "User prefers refunds over store credit", importance=0.6, at=T0 + timedelta(days=1))
    mem(store, "User prefers a refund over store credit", importance=0.6, at=T0 + timedelta(days=2))
    mem(store, "User went to a concert downtown", importance=0.1)
    mem(store, "User lives in Oslo", kind="semantic")
    first = runner.invoke(app, ["maintain", "--scope", SCOPE, "--now", "2025-03-01"])
    assert first.exit_code == 0, first.output
    assert "merged 2 memories into 1" in first.stdout and "archived 1" in first.stdout
    second = runner.invoke(app, ["maintain", "--scope", SCOPE, "--now", "2025-03-01"])
    assert second.exit_code == 0 and "nothing to do" in second.stdout
    assert store.count(SCOPE) == 2
    both = runner.invoke(app, ["maintain", "--all-scopes", "--now", "2025-03-01", "--json"])
    assert json.loads(both.stdout)["changed"] == 0
    assert runner.invoke(app, ["maintain"]).exit_code == 2


def test_show_history_lists_versions_and_decisions(store):
    a = mem(store, "User prefers refunds over store credit", importance=0.6)
    b = mem(store, "User prefers a refund over store credit", importance=0.6, at=T0 + timedelta(days=3))
    cli("consolidate", "--scope", SCOPE, "--now", "2025-02-01")
    merged = store.get(SCOPE, b.id).replaced_by
    out = cli("show", merged, "--history", "--scope", SCOPE)
    assert a.id in out and b.id in out and "MERGE" in out and f"merged into {merged}" in out
    assert "recorded 2025-01-01T00:00:00Z; retired 2025-02-01T00:00:00Z" in out
    rec = json.loads(cli("show", a.id, "--json", "--scope", SCOPE))
    assert [v["id"] for v in rec["versions"]] == [a.id, merged]


# -- acceptance: a simulated year -----------------------------------------------------------------
def _simulated_year(store, n=10_000, seed=7):
    """n memories recorded over 2025 with varied importance, kinds, pins, safety and
    rehearsals; rehearsed/idle twins share text shape, importance and recording time."""
    rng = random.Random(seed)
    topics = ["hiking", "a concert", "the dentist", "a bakery", "the gym", "a museum", "the library",
              "a wedding", "the market", "a workshop", "the beach", "a game night"]
    texts, meta = [], []
    i = 0
    while len(texts) < n:
        day = rng.randrange(0, 365)
        imp = rng.choice([0.1, 0.3, 0.5, 0.7, 0.9])
        kind = rng.choices(["episodic", "semantic", "procedural", "profile"], [80, 12, 4, 4])[0]
        pinned = rng.random() < 0.03
        safety = rng.random() < 0.03
        for twin in ("idle", "rehearsed"):
            texts.append(f"Note {i} {twin}: user went to {rng.choice(topics)} on day {day}")
            meta.append(dict(day=day, imp=imp, kind=kind, pinned=pinned, safety=safety, twin=twin, pair=i))
        i += 1
    texts, meta = texts[:n], meta[:n]
    vecs = store.embed_many(texts)
    rows = []
    with store.transaction():
        for text, m, vec in zip(texts, meta, vecs, strict=False):
            at = T0 + timedelta(days=m["day"])
            rehearsed = m["twin"] == "rehearsed"
            touches = rng.randrange(2, 6) if rehearsed else 0
            rec = Memory(
                id="", scope=SCOPE, kind=m["kind"], text=text, importance=m["imp"], pinned=m["pinned"],
                safety=m["safety"], valid_from=to_iso(at), recorded_at=to_iso(at),
                last_accessed=to_iso(at + timedelta(days=rng.randrange(5, 40))) if rehearsed else None,
                access_count=touches, stability=1.0 + 0.5 * touches)
            store.insert(rec, vec)
            rows.append((rec, m))
    return rows


@pytest.mark.slow
def test_simulated_year_decay(store):
    rows = _simulated_year(store)
    now = "2026-01-01T00:00:00Z"
    total = store.count(SCOPE)
    dry = json.loads(cli("forget", "--scope", SCOPE, "--policy", "decay", "--dry-run", "--now", now, "--json"))
    assert store.count(SCOPE) == total  # nothing written
    victims = {v["id"] for v in dry["victims"]}
    assert 1000 < len(victims) < total
    real = json.loads(cli("forget", "--scope", SCOPE, "--policy", "decay", "--now", now, "--json"))
    assert {v["id"] for v in real["victims"]} == victims and real["archived"] == len(victims)
    assert store.count(SCOPE) == total - len(victims)
    by_id = {m.id: m for m in store.list_memories(SCOPE, include_inactive=True)}
    for rec, m in rows:
        got = by_id[rec.id]
        if m["pinned"] or m["safety"]:
            assert got.active, got
        if m["kind"] != "episodic":
            assert got.active, got  # facts are untouched by time decay
        if not got.active:
            assert got.retire_reason.startswith("decayed") and got.valid_until is None
    # rehearsed ones outlive idle twins of equal importance and age, never the reverse
    pairs: dict[int, dict[str, bool]] = {}
    for rec, m in rows:
        pairs.setdefault(m["pair"], {})[m["twin"]] = by_id[rec.id].active
    inversions = [p for p in pairs.values() if len(p) == 2 and p["idle"] and not p["rehearsed"]]
    wins = [p for p in pairs.values() if len(p) == 2 and p["rehearsed"] and not p["idle"]]
    assert not inversions and len(wins) > 200
    # the decision log has every archive
    archived = [d for d in store.decisions(SCOPE) if d.op == "ARCHIVE"]
    assert len(archived) == len(victims) and {d.decided_by for d in archived} == {"policy"}
    # restore brings one back
    one = sorted(victims)[0]
    cli("restore", one, "--scope", SCOPE, "--now", now)
    assert store.get(SCOPE, one).active
    # a second run the same day finds nothing more
    again = json.loads(cli("forget", "--scope", SCOPE, "--policy", "decay", "--now", now, "--json"))
    assert again["victims"] == []


@pytest.mark.slow
def test_two_maintain_processes_one_runs_one_exits(store, db_path):
    vecs = store.embed_many([f"Note {i}: user went hiking on day {i}" for i in range(300)])
    with store.transaction():
        for i, v in enumerate(vecs):
            mem(store, f"Note {i}: user went hiking on day {i}", importance=0.2, vector=v)
    store.close()
    env = dict(os.environ, MEMCLI_EMBEDDER="hash", MEMCLI_DB=str(db_path))
    cmd = [sys.executable, "-m", "memcli", "maintain", "--scope", SCOPE, "--now", "2026-01-01", "--hold-lock", "4"]
    procs = [subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    busy = [o for o, _ in outs if "a maintenance run is in progress" in o]
    worked = [o for o, _ in outs if "archived 300" in o]
    assert len(busy) == 1 and len(worked) == 1, outs
    from memcli.api import MemoryStore
    from memcli.embed import HashEmbedder

    with MemoryStore(db_path, HashEmbedder()) as s:
        assert s.count(SCOPE) == 0 and s.count(SCOPE, include_inactive=True) == 300
        assert len([d for d in s.decisions(SCOPE) if d.op == "ARCHIVE"]) == 300
        assert s.meta("lock:maintain") is None
