"""Reflection: higher-level memories, written when enough has happened since the last.

`memcli consolidate --reflect` sums the importance of the active memories recorded
since the last reflection; at `reflect.threshold` it writes (deterministically, no
model) two kinds of reflection over the scope's active memories:

- a summary of a person, place or thing named in `reflect.min_mentions`+ memories,
  which puts facts said in different messages into one record that a question about
  them finds whole ("About Niamh (2 memories): User's girlfriend is called Niamh;
  Niamh is from Galway");
- a recurring theme: `reflect.min_episodes`+ episodes sharing a word ("Recurring in
  the user's episodes: gym, 4 times from 2025-05-03 to 2025-06-10: User went to the
  gym with Tom; ...").

A reflection is kind semantic, source `reflected`, at `reflect.confidence` (lower
than what the user said), with `source_ids` naming what it was built from and valid
from when its latest source became true. By default (`reflect.max_depth` 1) it is
built on stated memories only, never on other reflections. One active reflection per
topic: when the topic's memories change it is replaced (`replaces`), and one whose
sources are no longer all active is retired on the next run; an unchanged group is
left alone, so running it again changes nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .models import Decision, Memory
from .settings import Settings, settings_for
from .text import APOS_WORD_RE, MONTHS, WEEKDAYS, claim_token, claim_words
from .timeutil import to_iso

if TYPE_CHECKING:
    from .store import Store as MemoryStore

MARK = "_reflect.watermark"  # per-scope state: rowid up to which importance was counted
TOPICS = "_reflect.topics"  # per-scope state: topic -> id of its active reflection
MAX_SOURCES = 8  # sources quoted in one reflection's text
MAX_PER_RUN = 50
_CALENDAR = MONTHS + WEEKDAYS
_GENERIC = frozenset(_CALENDAR + [claim_token(w) for w in _CALENDAR] + """
    user user' went go goe going gone got get said say told tell talked talk called named name day time today
    yesterday tomorrow week weekend month year morning evening night new like want need thing people lot bit last
    next first one two three four five every some any many much more most other others still now usually often
    always never sometime during while since until will would could should can may might must able back home
    make made take took come came see saw know knew think thought feel felt good great nice well way
    """.split())


@dataclass
class Reflection:
    topic: str
    text: str
    sources: list[Memory]
    id: str | None = None
    replaces: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "topic": self.topic, "text": self.text, "replaces": self.replaces,
                "source_ids": [m.id for m in self.sources]}


@dataclass
class ReflectReport:
    scope: str
    threshold: float
    pending_importance: float
    dry_run: bool
    ran: bool = False
    written: list[Reflection] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)  # stale reflections (a source left)

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "threshold": self.threshold,
                "pending_importance": round(self.pending_importance, 4), "ran": self.ran,
                "dry_run": self.dry_run, "written": [r.to_dict() for r in self.written], "retired": self.retired}


def _display(word: str, texts: list[str]) -> str:
    for t in texts:
        for raw in APOS_WORD_RE.findall(t):
            if claim_token(raw.lower()) == word:
                return raw.strip("'")
    return word


def _day(m: Memory) -> str:
    return (m.valid_from or m.recorded_at or "")[:10]


def _clause(text: str) -> str:
    text = " ".join(text.split()).rstrip(".")
    return text if len(text) <= 160 else text[:159] + "…"


def _text(topic: str, kind: str, ms: list[Memory]) -> str:
    shown = sorted(ms, key=lambda m: (_day(m), m.id))[-MAX_SOURCES:]
    body = "; ".join(_clause(m.text) for m in shown)
    more = f" (and {len(ms) - len(shown)} more)" if len(ms) > len(shown) else ""
    name = _display(topic, [m.text for m in ms])
    if kind == "theme":
        days = sorted(_day(m) for m in ms if _day(m))
        span = f" from {days[0]} to {days[-1]}" if days and days[0] != days[-1] else ""
        return f"Recurring in the user's episodes: {name}, {len(ms)} times{span}: {body}{more}."
    return f"About {name} ({len(ms)} memories): {body}{more}."


def _names(text: str) -> set[str]:
    """Capitalised words (a sentence's first word too) other than common words and
    "User": the people, places and things a memory names."""
    out = set()
    for raw in APOS_WORD_RE.findall(text):
        if raw[:1].isupper() and not re.search(r"\d", raw):
            w = claim_token(raw.lower())
            if w and len(w) > 1 and w not in _GENERIC and not w.startswith("user"):
                out.add(w)
    return out


def _distinct(ms: list[Memory], min_overlap: float) -> list[Memory]:
    """The memories that are not a restatement of a more complete one (their words
    nearly all in it): a summary of restatements says nothing its biggest source
    does not, and only crowds recall."""
    kept: list[tuple[Memory, frozenset[str]]] = []
    for m in sorted(ms, key=lambda m: (-len(claim_words(m.text)[0]), _day(m), m.id)):
        w = claim_words(m.text)[0]
        if w and not any(len(w & k) / min(len(w), len(k)) >= min_overlap for _, k in kept):
            kept.append((m, w))
    return sorted((m for m, _ in kept), key=lambda m: (_day(m), m.id))


def _depth(store: MemoryStore, scope: str, m: Memory, memo: dict[str, int]) -> int:
    if m.source != "reflected":
        return 0
    if m.id not in memo:
        memo[m.id] = 1 + max((_depth(store, scope, s, memo) for s in store.get_many(scope, m.source_ids)),
                             default=0)
    return memo[m.id]


def groups(store: MemoryStore, scope: str, records: list[Memory], cfg: Settings,
           topics: dict[str, str]) -> list[tuple[str, str, list[Memory]]]:
    """(topic, shape, sources) of every group the rules find, names first, then themes;
    a group with the same members as an earlier one is left out."""
    max_depth = int(cfg["reflect.max_depth"])
    memo: dict[str, int] = {}
    own = set(topics.values())
    usable = [m for m in records
              if m.source != "reflected" or (m.id not in own and _depth(store, scope, m, memo) < max_depth)]
    names: dict[str, list[Memory]] = {}
    themes: dict[str, list[Memory]] = {}
    for m in usable:
        words, _keys = claim_words(m.text)
        for w in _names(m.text):
            names.setdefault(w, []).append(m)
        if m.kind == "episodic":
            for w in words:
                if len(w) > 2 and w not in _GENERIC and not re.search(r"\d", w):
                    themes.setdefault(w, []).append(m)
    out: list[tuple[str, str, list[Memory]]] = []
    seen: set[frozenset[str]] = set()
    overlap = float(cfg["consolidate.min_overlap"])
    cands = [(w, "about", ms) for w, ms in ((w, _distinct(ms, overlap)) for w, ms in names.items())
             if len(ms) >= int(cfg["reflect.min_mentions"])]
    cands += [(w, "theme", ms) for w, ms in themes.items() if len(ms) >= int(cfg["reflect.min_episodes"])]
    # names before themes; bigger groups first; then by word: deterministic
    cands.sort(key=lambda c: (c[1] != "about", -len(c[2]), c[0]))
    for w, shape, ms in cands:
        ids = frozenset(m.id for m in ms)
        if ids in seen:
            continue
        seen.add(ids)
        out.append((w, shape, ms))
    return out


def reflect(store: MemoryStore, scope: str, now: datetime, *, dry_run: bool = False,
            force: bool = False) -> ReflectReport:
    """Write reflections when the importance recorded since the last one reaches the
    threshold (or `force`); retire reflections whose sources are no longer active."""
    cfg = settings_for(store, scope)
    at = to_iso(now) or ""
    threshold = float(cfg["reflect.threshold"])
    mark = json.loads(store.state(scope, MARK) or "{}").get("rowid", 0)
    topics: dict[str, str] = json.loads(store.state(scope, TOPICS) or "{}")
    rows = store.active_records(scope)
    active = {m.id: m for _, m in rows}
    pending = sum(m.importance for r, m in rows if r > mark and m.source != "reflected")
    rep = ReflectReport(scope=scope, threshold=threshold, pending_importance=pending, dry_run=dry_run)
    # a reflection one of whose sources was retired says something no longer held
    for topic, rid in list(topics.items()):
        r = active.get(rid)
        if r is None:
            del topics[topic]
            continue
        gone = [s for s in r.source_ids if s not in active]
        if gone:
            rep.retired.append(rid)
            del topics[topic]
            if not dry_run:
                with store.transaction():
                    store.retire(scope, rid, reason=f"a source was retired: {', '.join(gone)}", at=at)
                    store.log(Decision(scope=scope, op="ARCHIVE", fact=r.text, target=rid, decided_by="rule",
                                       reason="reflection out of date: a source was retired", at=at))
            del active[rid]
    if rep.retired and not dry_run:
        store.set_setting(scope, TOPICS, json.dumps(topics, sort_keys=True))
    if pending < threshold and not force:
        return rep
    rep.ran = True
    records = [m for _, m in rows if m.id in active]
    for topic, shape, ms in groups(store, scope, records, cfg, topics):
        old = active.get(topics.get(topic, ""))
        if old is not None and set(old.source_ids) == {m.id for m in ms}:
            continue  # already reflected on exactly these
        if len(rep.written) >= MAX_PER_RUN:
            break
        rep.written.append(Reflection(topic=topic, text=_text(topic, shape, ms), sources=ms,
                                      replaces=old.id if old is not None else None))
    if dry_run:
        return rep
    with store.transaction():
        for refl in rep.written:
            ms = refl.sources
            valid = [m.valid_from for m in ms if m.valid_from]
            mem = store.insert(Memory(
                id="", scope=scope, kind="semantic", text=refl.text, source="reflected",
                importance=min(1.0, sum(m.importance for m in ms) / len(ms)),
                confidence=float(cfg["reflect.confidence"]), source_ids=[m.id for m in ms],
                source_turns=list(dict.fromkeys(t for m in ms for t in m.source_turns)),
                valid_from=max(valid) if valid else None, recorded_at=at, replaces=refl.replaces))
            refl.id = mem.id
            if refl.replaces:
                store.retire(scope, refl.replaces, reason=f"reflection replaced by {mem.id}", at=at, replaced_by=mem.id)
            store.log(Decision(scope=scope, op="UPDATE" if refl.replaces else "ADD", fact=refl.text, target=refl.replaces,
                               new_id=mem.id, decided_by="rule",
                               reason=f"reflection on {refl.topic!r} from {len(ms)} memories", at=at))
            topics[refl.topic] = mem.id
        store.set_setting(scope, TOPICS, json.dumps(topics, sort_keys=True))
        last = store.last_rowid(scope)
        store.set_setting(scope, MARK, json.dumps({"rowid": last[0] if last else 0}))
    return rep
