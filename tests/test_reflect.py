"""Reflection: threshold, provenance, never on reflections, idempotent, out-of-date ones retired."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from typer.testing import CliRunner

from memcli import reflect as refl
from memcli.cli import app
from memcli.models import Memory
from memcli.timeutil import to_iso

SCOPE = "user:ref"
T0 = datetime(2025, 5, 1, tzinfo=UTC)
NOW = T0 + timedelta(days=30)
runner = CliRunner()


def put(store, text, *, kind="semantic", importance=0.5, day=0, source="stated"):
    at = to_iso(T0 + timedelta(days=day))
    return store.insert(Memory(id="", scope=SCOPE, kind=kind, text=text, importance=importance, source=source,
                               valid_from=at, recorded_at=at, source_turns=[f"t{day}"]))


def reflections(store):
    return [m for m in store.list_memories(SCOPE) if m.source == "reflected"]


def test_threshold_is_respected(store):
    store.set_setting(SCOPE, "reflect.threshold", "2.0")
    put(store, "User's girlfriend is called Niamh", importance=0.6)
    put(store, "Niamh is from Galway", importance=0.6, day=1)
    rep = refl.reflect(store, SCOPE, NOW)
    assert not rep.ran and rep.pending_importance == 1.2 and reflections(store) == []
    put(store, "User went to the gym with Tom", kind="episodic", importance=0.9, day=2)
    rep = refl.reflect(store, SCOPE, NOW)
    assert rep.ran and rep.written
    # the count starts again after a reflection
    put(store, "User likes oat milk", importance=0.9, day=3)
    assert not refl.reflect(store, SCOPE, NOW).ran


def test_summary_links_its_sources_at_lower_trust(store):
    store.set_setting(SCOPE, "reflect.threshold", "1.0")
    a = put(store, "User's girlfriend is called Niamh", day=1)
    b = put(store, "Niamh is from Galway", day=4)
    put(store, "User prefers window seats")
    rep = refl.reflect(store, SCOPE, NOW)
    [r] = rep.written
    m = store.get(SCOPE, r.id)
    assert m.source == "reflected" and m.kind == "semantic" and m.confidence == 0.5
    assert sorted(m.source_ids) == sorted([a.id, b.id])
    assert "girlfriend" in m.text and "Galway" in m.text and m.text.startswith("About Niamh")
    assert m.valid_from == b.valid_from  # true once its latest source was
    assert sorted(m.source_turns) == ["t1", "t4"]
    assert store.get(SCOPE, a.id).active  # sources stay as they are


def test_recurring_episodes_make_a_theme(store):
    store.set_setting(SCOPE, "reflect.threshold", "1.0")
    for day, who in ((1, "Tom"), (8, "Maya"), (15, "Tom")):
        put(store, f"User went climbing at the bouldering hall with {who}", kind="episodic", day=day)
    texts = [m.text for m in (store.get(SCOPE, r.id) for r in refl.reflect(store, SCOPE, NOW).written)]
    theme = [t for t in texts if t.startswith("Recurring")]
    assert theme and "3 times from 2025-05-02 to 2025-05-16" in theme[0]
    # the two Tom episodes say the same thing: no summary of Tom from them
    assert not any(t.startswith("About Tom") for t in texts)


def test_never_built_on_reflections_and_idempotent(store):
    store.set_setting(SCOPE, "reflect.threshold", "0.5")
    put(store, "User's girlfriend is called Niamh")
    put(store, "Niamh is from Galway", day=1)
    put(store, "About Niamh: an imported reflection", source="reflected", day=2)
    first = refl.reflect(store, SCOPE, NOW)
    assert len(first.written) == 1
    [r] = reflections(store)[-1:]
    srcs = store.get_many(SCOPE, store.get(SCOPE, first.written[0].id).source_ids)
    assert all(s.source != "reflected" for s in srcs)
    before = [(m.id, m.text) for m in store.list_memories(SCOPE)]
    again = refl.reflect(store, SCOPE, NOW, force=True)
    assert again.written == [] and again.retired == []
    assert [(m.id, m.text) for m in store.list_memories(SCOPE)] == before
    # max_depth 2 lets reflections be sources
    store.set_setting(SCOPE, "reflect.max_depth", "2")
    deeper = refl.reflect(store, SCOPE, NOW, force=True)
    assert any(any(s.source == "reflected" for s in r.sources) for r in deeper.written)


def test_new_source_replaces_and_a_retired_source_retires(store):
    store.set_setting(SCOPE, "reflect.threshold", "0.5")
    put(store, "User's girlfriend is called Niamh")
    b = put(store, "Niamh is from Galway", day=1)
    [first] = refl.reflect(store, SCOPE, NOW).written
    c = put(store, "Niamh works as a nurse", day=2)
    [second] = refl.reflect(store, SCOPE, NOW).written
    new = store.get(SCOPE, second.id)
    assert second.replaces == first.id and new.replaces == first.id and c.id in new.source_ids
    assert store.get(SCOPE, first.id).replaced_by == second.id
    store.retire(SCOPE, b.id, reason="superseded", valid_until=to_iso(NOW))
    rep = refl.reflect(store, SCOPE, NOW)
    assert second.id in rep.retired and not store.get(SCOPE, second.id).active


def test_cli_consolidate_reflect(store):
    store.set_setting(SCOPE, "reflect.threshold", "0.5")
    put(store, "User's girlfriend is called Niamh")
    put(store, "Niamh is from Galway", day=1)
    res = runner.invoke(app, ["consolidate", "--scope", SCOPE, "--reflect", "--dry-run", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["reflection"]["ran"] and len(out["reflection"]["written"]) == 1 and reflections(store) == []
    res = runner.invoke(app, ["consolidate", "--scope", SCOPE, "--reflect"])
    assert res.exit_code == 0 and "wrote 1 reflection(s)" in res.stderr
    res = runner.invoke(app, ["consolidate", "--scope", SCOPE, "--reflect"])
    assert "no reflection: importance since the last one 0.00" in res.stderr


def test_purging_a_source_purges_the_reflection_quoting_it_not_the_other_sources(store):
    store.set_setting(SCOPE, "reflect.threshold", "0.5")
    a = put(store, "User's girlfriend is called Niamh")
    b = put(store, "Niamh is from Galway", day=1)
    [r] = refl.reflect(store, SCOPE, NOW).written
    receipt = store.purge(SCOPE, [b.id])
    assert receipt["memories"] == 2
    assert not store.exists(b.id) and not store.exists(r.id) and store.get(SCOPE, a.id).active
    # the next run does not bring the purged text back
    assert all("Galway" not in m.text for m in store.list_memories(SCOPE, include_inactive=True))


def test_restatements_make_no_summary(store):
    store.set_setting(SCOPE, "reflect.threshold", "0.5")
    put(store, "User's fiance Sam and User are getting married on 2026-06-13")
    put(store, "User's fiance is Sam", day=1)  # all its words are in the first
    assert refl.reflect(store, SCOPE, NOW).written == []
