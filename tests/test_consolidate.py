"""Consolidation: clusters by vector similarity plus keyword overlap, deterministic
merges with provenance, importance gain, recurring episodes becoming facts."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from typer.testing import CliRunner

from memcli import consolidate as cons
from memcli.cli import app
from memcli.models import Memory
from memcli.text import claim_words, content_words
from memcli.timeutil import to_iso

SCOPE = "user:con"
T0 = datetime(2025, 5, 1, tzinfo=UTC)
NOW = T0 + timedelta(days=30)
runner = CliRunner()


def put(store, text, *, kind="semantic", importance=0.5, day=0, key=None, pinned=False, scope=SCOPE):
    at = to_iso(T0 + timedelta(days=day))
    return store.insert(Memory(id="", scope=scope, kind=kind, text=text, importance=importance, key=key,
                               pinned=pinned, valid_from=at, recorded_at=at, source_turns=[f"t{day:010d}"]))


def test_same_claim_needs_word_overlap_and_agreeing_numbers():
    w = content_words
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


def _brute_pairs(words, keys, groups, mat, min_sim, min_overlap):
    n = len(words)
    return sorted((a, b) for a in range(n) for b in range(a + 1, n)
                  if groups[a] == groups[b] and float(mat[a] @ mat[b]) >= min_sim
                  and cons.same_claim(words[a], words[b], min_overlap, keys[a], keys[b]))


@pytest.mark.parametrize("seed,bits", [(1, 256), (2, 256), (3, 64), (4, 64)])
def test_blocking_finds_exactly_the_pairs_a_full_comparison_finds(seed, bits, monkeypatch):
    import random

    monkeypatch.setattr(cons, "HASH_BITS", bits)  # 64: hashed words collide often

    import numpy as np

    rng = random.Random(seed)
    vocab = ["lake", "gym", "coffee", "tea", "bread", "walk", "dog", "cat", "jazz", "music", "went", "likes",
             "bought", "book", "park", "Maya", "Tom", "Pune", "Mumbai", "3", "7", "12", "red", "blue", "often",
             *[f"word{i}" for i in range(60)], *[f"Name{i}" for i in range(20)]]
    texts = []
    for _ in range(300):
        base = rng.sample(vocab, rng.randint(1, 7))
        texts.append("User " + " ".join(base))
        if rng.random() < 0.5:  # a near copy: one word dropped, swapped or added
            t = list(base)
            op = rng.random()
            if op < 0.3 and len(t) > 1:
                t.pop(rng.randrange(len(t)))
            elif op < 0.6:
                t[rng.randrange(len(t))] = rng.choice(vocab)
            else:
                t.append(rng.choice(vocab))
            texts.append("User " + " ".join(t))
    parsed = [claim_words(t) for t in texts]
    words, keys = [w for w, _ in parsed], [k for _, k in parsed]
    groups = [rng.randrange(2) for _ in texts]
    nr = np.random.default_rng(seed)
    centres = nr.standard_normal((4, 16))
    mat = centres[nr.integers(0, 4, len(texts))] + 0.3 * nr.standard_normal((len(texts), 16))
    mat = (mat / np.linalg.norm(mat, axis=1, keepdims=True)).astype(np.float32)
    for min_overlap in (0.8, 0.5, 1.0):
        want = _brute_pairs(words, keys, groups, mat, 0.85, min_overlap)
        got = cons.matching_pairs(words, keys, groups, mat, 0.85, min_overlap)
        assert got == want and len(want) > 20
    # incremental: only pairs touching a new record
    new = np.zeros(len(texts), dtype=bool)
    new[::7] = True
    want = [p for p in _brute_pairs(words, keys, groups, mat, 0.85, 0.8) if new[p[0]] or new[p[1]]]
    assert cons.matching_pairs(words, keys, groups, mat, 0.85, 0.8, new) == want


def test_names_and_numbers_tell_long_claims_apart(store):
    w = claim_words
    pune, mumbai = w("User's sister Maya lives in Pune now"), w("User's sister Maya lives in Mumbai now")
    assert not cons.same_claim(pune[0], mumbai[0], 0.8, pune[1], mumbai[1])
    short = w("User's sister lives in Pune")
    assert cons.same_claim(pune[0], short[0], 0.8, pune[1], short[1])  # a subset is fine
    put(store, "User's sister Maya lives in Pune now")
    put(store, "User's sister Maya lives in Mumbai now")
    assert cons.consolidate(store, SCOPE, NOW).clusters == []


def test_second_run_changes_nothing_and_is_incremental(store, monkeypatch):
    # a chain a~b~c where a and c do not match: the left-over pair is merged in the same run
    put(store, "User prefers refunds over store credit", day=1)
    put(store, "User prefers a refund over store credit", day=2)
    put(store, "User prefers refunds over store credit for returns of shoes", day=3)
    put(store, "User likes long walks", kind="episodic", day=1)
    for day in (2, 3, 4):
        put(store, "User likes long walks", kind="episodic", day=day)
    put(store, "User likes long walks in the park")  # semantic: meets the distilled fact
    first = cons.consolidate(store, SCOPE, NOW)
    assert first.clusters
    active = sorted(m.text for m in store.list_memories(SCOPE))
    calls = []
    real = cons.find_clusters
    monkeypatch.setattr(cons, "find_clusters", lambda *a, **k: calls.append(k) or real(*a, **k))
    again = cons.consolidate(store, SCOPE, NOW)
    assert again.clusters == [] and calls == []  # nothing new: no search at all
    assert sorted(m.text for m in store.list_memories(SCOPE)) == active
    full = cons.consolidate(store, SCOPE, NOW, full=True)  # a complete search agrees
    assert full.clusters == []
    # a new record is compared with the old ones, and only the pairs it is in are searched
    late = put(store, "User likes long walks in the park a lot", day=20)
    rep = cons.consolidate(store, SCOPE, NOW)
    assert calls[-1]["since_rowid"] is not None
    assert [sorted(m.text for m in c.members) for c in rep.clusters] == [
        ["User likes long walks in the park", "User likes long walks in the park a lot"]]
    assert not store.get(SCOPE, late.id).active


def test_restore_makes_the_next_run_complete(store):
    a = put(store, "User prefers refunds over store credit", day=1)
    cons.consolidate(store, SCOPE, NOW)
    assert store.state(SCOPE, cons.MARK) is not None
    store.archive(SCOPE, a.id, reason="test")
    store.restore(SCOPE, a.id)
    assert store.state(SCOPE, cons.MARK) is None
    assert "_consolidate.watermark" not in store.get_settings(SCOPE)


def test_cli_consolidate_json_and_text(store):
    put(store, "User prefers refunds over store credit")
    put(store, "User prefers a refund over store credit")
    res = runner.invoke(app, ["consolidate", "--scope", SCOPE, "--dry-run", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert (out["before"], out["after"], out["merged"], out["dry_run"]) == (2, 1, 2, True)
    res = runner.invoke(app, ["consolidate", "--scope", SCOPE])
    assert res.exit_code == 0 and "active 2 → 1" in res.stderr


def test_one_different_word_is_a_different_event(store):
    lake = put(store, "User went to the lake with Maya on day 17", kind="episodic", day=1)
    gym = put(store, "User went to the gym with Maya on day 17", kind="episodic", day=1)
    rep = cons.consolidate(store, SCOPE, NOW)
    assert rep.clusters == []
    assert store.get(SCOPE, lake.id).active and store.get(SCOPE, gym.id).active


@pytest.mark.parametrize("a,b", [
    ("User is allergic to peanuts", "User is not allergic to peanuts"),
    ("User's office is room 14", "User's office is room 41"),
    ("User's flight to Oslo is on 3 March", "User's flight back from Oslo is on 3 March"),
])
def test_distinct_claims_are_never_merged(store, a, b):
    put(store, a, day=1)
    put(store, b, day=2)
    report = cons.consolidate(store, SCOPE, now=to_iso(NOW), dry_run=True)
    assert report.clusters == []
