"""A new value said by comparing it with the old one: the old one is over.

"The drive from Kirkwood to Druid Hills High is 15 min, way better than the Connector
to Grady every morning", "the Momentum premium is R5,400, R1,500 less than Discovery":
the user rarely says "I moved schools" or "I switched medical aid"; they compare the new
with what they had, and what they had is what memory holds ("User teaches chem at Grady
High", "Medical aid is Discovery"). When a fact compares a part of the user's routine or
costs (a journey, a rent, a premium, fees, a price, pay, hours, or something "new") with a name
that exactly one active fact of the user's holds, and names another in the same place
(after the same preposition, "to Druid Hills High" / "to Grady", or as the one other name
on its side), that fact is said again with the new name, as a change, so the write path
retires the old one with its history kept. A comparison of two places or things the user
only talks about ("Lisbon is way cheaper than London"), or one made while weighing a change
("if we moved, rent in Lisbon would be ..."), is stored as said.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .extract.lexicon import RELATIONS
from .models import Candidate, Memory

if TYPE_CHECKING:
    from .store import Store as MemoryStore

_CMP_RE = re.compile(
    r"\b(?P<c>better|worse|cheaper|dearer|pricier|nicer|bigger|smaller|closer|nearer|further|farther|shorter|"
    r"longer|quicker|faster|slower|easier|harder|less|more|lower|higher)\b(?:\s+\w+){0,2}?\s+than\s+"
    r"(?P<old>[^.;!?]+)", re.I)
# what is compared is the user's own: a journey, a cost, pay, hours, something new
_ROUTINE_RE = re.compile(r"\b(?:drive|commute|journey|ride|walk|bus|train|school run|rent|premium|fees?|price|cost|"
                         r"bill|mortgage|salary|pay|rate|hours|shifts?|new)\b", re.I)
# a comparison made while weighing a change, not after it: "thinking of moving, rent in Lisbon is ..."
_MAYBE_RE = re.compile(r"\b(?:if|would|could|might|maybe|perhaps|thinking (?:of|about)|considering|wonder|should)\b",
                       re.I)
_NAME_RE = re.compile(r"(?<![\w'])[A-Z](?!\d)[\w'&-]*(?:\s+[A-Z][\w'&-]*|\s+(?:of|de|la|du|van|von)(?=\s+[A-Z]))*")
_NOT_NAMES = frozenset("the a an i i'm my our user user's it this that so and but also he she they we".split())
# a relative's fact, not the user's own: "User's kid Jasmine is at Inman Middle"
_RELATIVES_RE = re.compile(r"^User's\s+(?:" + "|".join(sorted(RELATIONS, key=len, reverse=True)) + r")\b", re.I)
_PREP_RE = re.compile(r"\b(?P<p>to|at|with|from|for|in)\s+$", re.I)


def _names(text: str) -> list[tuple[str, int]]:
    """The capitalised phrases of `text` with where they start, function words left out."""
    out = []
    for m in _NAME_RE.finditer(text):
        words = m.group(0).split()
        while words and words[0].lower() in _NOT_NAMES:
            words = words[1:]
        if words:
            phrase = " ".join(words)
            out.append((phrase, m.end() - len(phrase)))
    return out


def _facts_matching(store: MemoryStore, scope: str, query: str) -> list[Memory]:
    """The scope's active facts (not turns) that the keyword index matches to `query` (FTS5 syntax)."""
    hits = store.search_keyword(scope, query, k=20, raw=True)
    return [m for m in store.by_rowids(scope, [rowid for rowid, _ in hits]).values()
            if not m.episode and m.kind in ("semantic", "profile")]


def _holders(store: MemoryStore, scope: str, name: str) -> list[Memory]:
    """The user's own active facts (not a turn, not a relative's) that say `name`."""
    return [m for m in _facts_matching(store, scope, f'"{name.split()[0]}"')
            if re.search(r"(?<!\w)" + re.escape(name) + r"\b", m.text)
            and ("." not in (m.key or "")) and not _RELATIVES_RE.match(m.text)]


def _new_name(new_side: str, old_side: str, old: str, held: str) -> str | None:
    """The name on the new side in the place of `old` on the old side: after the same
    preposition, else the one name there that the held fact does not say."""
    at = old_side.find(old)
    prep = _PREP_RE.search(old_side[:at]) if at >= 0 else None
    names = [(n, i) for n, i in _names(new_side) if n not in held]
    if prep:
        after = [n for n, i in names if re.search(r"\b" + prep.group("p") + r"\s+$", new_side[:i], re.I)]
        return after[-1] if after else None
    return names[0][0] if len(names) == 1 else None


def compared_values(store: MemoryStore, scope: str, cands: Sequence[Candidate],
                    people: Mapping[str, str]) -> list[Candidate]:
    """For each fact that compares a new name with one a single fact of the user's
    holds, that fact said again with the new name (see the module's docstring)."""
    out: list[Candidate] = []
    done: set[str] = set()
    for cand in cands:
        m = _CMP_RE.search(cand.text)
        if m is None or cand.replaces or not _ROUTINE_RE.search(cand.text) or _MAYBE_RE.search(cand.text):
            continue
        new_side, old_side = cand.text[:m.start()], m.group("old")
        for old, _ in _names(old_side):
            if old in people or old.split()[0] in people:
                continue
            held = [h for h in _holders(store, scope, old) if h.text != cand.text]  # not the comparison itself
            if len(held) != 1 or held[0].id in done:
                continue  # no fact holds it, or two could be meant: as said
            rec = held[0]
            new = _new_name(new_side, old_side, old, rec.text)
            if not new or new in people or new.split()[0] in people:
                continue
            phrase = next((n for n, _ in _names(rec.text) if n.startswith(old)), old)
            # the old place's own whereabouts go with it: "at Grady High in Midtown"
            text = re.sub(re.escape(phrase) + r"(?:\s+in\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)?", new, rec.text, count=1)
            done.add(rec.id)
            out.append(Candidate(text=text, kind=rec.kind, importance=rec.importance, key=rec.key,
                                 value=new if rec.key else None, change="update", valid_from=cand.valid_from,
                                 safety=rec.safety, rule=f"compared/{cand.rule or 'said'}", replaces=rec.id,
                                 because=f"{new} is compared with {old}, which {rec.id} holds"))
            break
    return out


def later_comparisons(store: MemoryStore, scope: str, stored: Sequence[Memory],
                      people: Mapping[str, str]) -> list[Candidate]:
    """Sessions read out of order: a fact just stored ("User teaches chem at Grady High",
    from 2024) that a later comparison already stored names as the old value ("... way
    better than the Connector to Grady", from 2025) is said again with the new name at
    the comparison's time, as in-order reading would have: the same active facts."""
    out: list[Candidate] = []
    for rec in stored:
        if rec.episode or rec.kind not in ("semantic", "profile") or not rec.valid_from:
            continue
        for name, _ in _names(rec.text):
            # only the facts that compare something with the name: "than" and the name
            later = [m for m in _facts_matching(store, scope, f'"than" "{name.split()[0]}"')
                     if m.id != rec.id and m.valid_from and m.valid_from > rec.valid_from and _CMP_RE.search(m.text)]
            for m in later:
                said = Candidate(text=m.text, kind=m.kind, importance=m.importance, valid_from=m.valid_from,
                                 rule="said_later")
                out += [c for c in compared_values(store, scope, [said], people) if c.replaces == rec.id]
            if out:
                return out
    return out
