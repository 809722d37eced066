"""Stage 5, rehearsal: returned active hits count as used."""

from memcli.models import Hit, Memory
from memcli.recall.rehearsal import rehearse


class _Store:
    def __init__(self):
        self.calls = []

    def touch(self, scope, ids, at):
        self.calls.append((scope, list(ids), at))


def _hit(mid, retired_at=None):
    return Hit(memory=Memory(id=mid, scope="user:a", kind="semantic", text="x", retired_at=retired_at), score=1.0)


def test_active_hits_are_touched_at_now():
    s = _Store()
    rehearse(s, "user:a", [_hit("a"), _hit("b", retired_at="2026-01-01T00:00:00Z")], "2026-06-01 12:00")
    assert s.calls == [("user:a", ["a"], "2026-06-01T12:00:00Z")]


def test_nothing_to_touch_without_hits_and_the_clock_by_default():
    s = _Store()
    rehearse(s, "user:a", [])
    assert s.calls == []
    rehearse(s, "user:a", [_hit("a")])
    assert s.calls[0][2].endswith("Z") and len(s.calls[0][2]) == 20


def test_a_recall_rehearses_unless_told_not_to(store):
    from memcli.recall import recall

    m = store.insert(Memory(id="", scope="user:a", kind="semantic", text="User likes tea"))
    recall(store, "user:a", "tea", touch=False)
    assert store.get("user:a", m.id).access_count == 0
    recall(store, "user:a", "tea", now="2026-06-01T00:00:00Z")
    assert store.get("user:a", m.id).last_accessed == "2026-06-01T00:00:00Z"
