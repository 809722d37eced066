"""A set named, then its members: "He gives me two kinds of drops. In the morning I put the
Timolol and in the evening ... the Latanoprost." Extraction keeps each sentence a fact of its
own, and only the first says what a question for the set asks ("which eye drops does the user
use?"): the sentences after it, which name the members, share none of its words. When a
question asks for several things (a plural: "which eye drops", "what trips", "the codes") and
a best hit names them without naming any ("User booked two trips", "Door codes for the flat bc
Jade keeps forgetting"), the facts drawn right after it from the same turn that name what it
leaves out (a name or a figure) go under it: as many as it counts ("two trips"), two when it
gives no count. Only the order of the shown hits changes, and only for such a question."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..models import Hit, Memory

if TYPE_CHECKING:
    from ..store import Store as MemoryStore

# how many a set is said to hold ("two kinds of drops", "both", "a couple of trips")
_COUNTS = {"two": 2, "both": 2, "couple": 2, "pair": 2, "three": 3, "few": 3, "several": 3, "four": 4,
           "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}
_DEFAULT = 2
# what a question's plural is not: verbs, pronouns and others that end in -s (never -ss, -us, -is)
_NOT_PLURAL = frozenset("does hers yours ours theirs always perhaps whereas news series species".split())
# what a verb in -s follows ("who works", "the user drives"), and what asks a count, not members
_NOT_BEFORE_SET = frozenset("who user he she it that many much".split())
_IRREGULAR = {"children": "child", "grandchildren": "grandchild", "people": "person", "men": "man",
              "women": "woman", "feet": "foot", "teeth": "tooth", "mice": "mouse", "geese": "goose"}
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
# a member: a figure (not a year, nor a date the rules wrote) or a name ("Timolol", "Benidorm")
_FIGURE = re.compile(r"(?<![\w-])(?!(?:19|20)\d\d\b)\d[\d,.:/-]*")
_ISO_DAY = re.compile(r"\b\d{4}-\d\d-\d\d\b")
_NAME = re.compile(r"(?<![\w'])(?!User\b)[A-Z][a-z][\w'-]*")
_SENTENCE_START = re.compile(r"^\W*\w+")
# rows looked at after a set's own: its members' facts follow it, an episode may sit between
_AFTER = 6


def asked_plurals(query: str) -> dict[str, str]:
    """The plural nouns of a question, each with its singular ("which eye drops": drops ->
    drop; "the user's children": children -> child); none for a question of one thing."""
    out: dict[str, str] = {}
    words = _WORD.findall(query)
    for at, w in enumerate(words):
        low, before = w.lower(), words[at - 1].lower() if at else ""
        if low.endswith("'s") or low in _NOT_PLURAL or (at and w[0].isupper()) or before in _NOT_BEFORE_SET:
            continue  # (a name, "Glenys"; a verb, "who works"; a count, "how many years")
        if low in _IRREGULAR:
            out[low] = _IRREGULAR[low]
        elif len(low) >= 4 and low.endswith("s") and not low.endswith(("ss", "us", "is")):
            out[low] = low[:-2] if low.endswith(("ches", "shes", "xes", "sses")) else low[:-1]
    return out


def _members(text: str) -> set[str]:
    """The names and figures a text says (not "User", not the first word of a sentence)."""
    text = _ISO_DAY.sub(" ", text)
    first = _SENTENCE_START.match(text)
    start = first.end() if first else 0
    return {m.group() for m in _FIGURE.finditer(text)} | {m.group() for m in _NAME.finditer(text, start)}


def _announced(text: str, plurals: dict[str, str]) -> int | None:
    """How many members a text names a set of the question's with, without naming any of
    them ("User booked two trips to cheer meself up": 2); None when it names none of the
    question's plurals, or names members after it ("two kids: Maya is 8 and Eli is 13")."""
    words = [w.lower() for w in _WORD.findall(text)]
    for at, w in enumerate(words):
        if w not in plurals:
            continue
        said = re.search(r"(?<![\w'-])" + re.escape(w) + r"(?![\w'-])", text, re.I)
        rest = text[said.end():] if said else ""
        if _FIGURE.search(_ISO_DAY.sub(" ", rest)) or len(set(_NAME.findall(rest))) >= 2:
            return None
        counted = [_COUNTS[c] for c in words[max(0, at - 4):at] if c in _COUNTS]
        return counted[-1] if counted else _DEFAULT
    return None


def members_after(store: MemoryStore, scope: str, hits: list[Hit], query: str, k: int,
                  rowid: dict[str, int] | None = None) -> list[Hit]:
    """`hits` with the facts that name the members of a set a best hit announces put under it
    (see the module's docstring); `hits` itself when the question asks for one thing.
    `rowid`: memory id -> rowid of the candidates, when known (others are looked up)."""
    plurals = asked_plurals(query)
    if not plurals:
        return hits
    out = list(hits)
    for h in hits[:k]:
        count = None if h.memory.episode else _announced(h.memory.text, plurals)
        if count is None:
            continue
        row = (rowid or {}).get(h.memory.id) or store.rowids(scope, [h.memory.id]).get(h.memory.id)
        after = _following(store, scope, h.memory, row, count)
        if not after:
            continue
        ids = {m.id for m in after}
        shown = {x.memory.id: x for x in out}
        out = [x for x in out if x.memory.id not in ids]
        at = next(i for i, x in enumerate(out) if x.memory.id == h.memory.id) + 1
        out[at:at] = [shown.get(m.id) or Hit(memory=m, score=h.score) for m in after]
    return out


def _following(store: MemoryStore, scope: str, set_named: Memory, row: int | None, count: int) -> list[Memory]:
    """Up to `count` active facts drawn after `set_named` from its turn, each naming a
    member neither it nor one taken before says."""
    turn = set_named.source_turns[-1:] or None
    if turn is None or row is None:
        return []
    have = _members(set_named.text)
    rows = store.by_rowids(scope, list(range(row + 1, row + 1 + _AFTER)))
    out: list[Memory] = []
    for r in sorted(rows):
        m = rows[r]
        if m.source_turns[-1:] != turn:
            break  # (another turn begins: the set's own facts are behind)
        named = _members(m.text)
        if m.episode or not m.active or not (named - have):
            continue  # (and a member said again is none: "Bat-Erdene is seventeen", "Bat-Erdene left school")
        have |= named
        out.append(m)
        if len(out) == count:
            break
    return out
