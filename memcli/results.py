"""A result that beats a stored personal best: the best moves on.

"my 100 free PB is 1:04.81" and, months later, "OMG 1:02.9 at the regional meet!!" or "I
did 25:50 at the Marina": the user rarely says "new PB", yet the record they told is no
longer true. A time said as a result (never a clock time, a target or a limit: "at 6:30",
"sub 1:03", "under 27") is compared with the scope's active records (a fact that names a
PB, PR, personal best, best time or record next to a time of the same shape). When it is
faster than exactly one record of its size (within a fifth of it: a 10k time is no parkrun
PB), each fact that holds that record is said again with the new time, as a change, so
the write path retires the old best with its history kept. A slower time, a record of
another size, or two records it could beat change nothing: the result is stored as said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .models import Candidate, Memory

if TYPE_CHECKING:
    from .store import Store as MemoryStore

_TIME = r"\d{1,2}:\d{2}(?::\d{2})?(?:\.\d{1,2})?"
_RECORD_WORDS = r"(?:PBs?|PRs?|personal (?:best|record)s?|best times?|fastest times?|(?:club |school |course )?records?)"
# "PB is 27:30", "100 free PB is 1:04.81", "personal best: 3:24:10", "my PR of 19:58"
_RECORD_RE = re.compile(r"\b" + _RECORD_WORDS + r"\b(?:\s+(?:is|was|of|at|now|stands at|=|:|-)){0,3}\s*"
                        r"(?P<t>" + _TIME + r")(?![\d:])", re.I)
# a time said as a result: no clock ("at 6:30", "6:30pm"), no target or limit ("sub 1:03",
# "under 27:00", "aiming for 25:00"), no pace ("4:45/km", "4:45 per km")
_RESULT_RE = re.compile(r"(?<![\d:.])(?P<t>" + _TIME + r")(?![\d:])(?!\s*(?:am|pm|a\.m|p\.m|/|per\b|min(?:ute)?s?/|"
                        r"o'clock|h\b))", re.I)
_NOT_RESULT_BEFORE = re.compile(r"\b(?:at|by|from|until|till|til|around|before|after|sub|under|below|beat|"
                                r"break|than|target|targets|goal|aim|aiming|aims|for|want|wants|hope|hoping|"
                                r"to|pace|splits?|every)\s*$", re.I)
_FUTURE = re.compile(r"\b(?:want|wants|hope|hoping|aim|aiming|goal|target|plan|planning|try|trying|going to|"
                     r"gonna|will|would|could|should|if)\b", re.I)


def seconds(time: str) -> float:
    """"1:04.81" -> 64.81, "3:24:10" -> 12250.0."""
    total = 0.0
    for part in time.split(":"):
        total = total * 60 + float(part)
    return total


def said_results(text: str) -> list[str]:
    """The times a text says as results, in order ("" for none): never a clock time,
    a target, a limit or a pace, and nothing from a sentence about what is hoped for."""
    out = []
    for sentence in re.split(r"(?<=[.!?;])\s+|,\s+", text):
        if _FUTURE.search(sentence):
            continue
        for m in _RESULT_RE.finditer(sentence):
            if not _NOT_RESULT_BEFORE.search(sentence[:m.start()]):
                out.append(m.group("t"))
    return out


def _shape(time: str) -> int:
    return time.count(":")


def _records(store: MemoryStore, scope: str) -> list[tuple[Memory, str]]:
    """The scope's active facts that hold a record, each with its time."""
    query = " OR ".join(f'"{w}"' for w in ("pb", "pr", "pbs", "prs", "personal best", "best time", "fastest",
                                          "record"))
    hits = store.search_keyword(scope, query, k=50, raw=True)
    rows = store.by_rowids(scope, [rowid for rowid, _ in hits])
    out = []
    for m in rows.values():
        found = _RECORD_RE.search(m.text)
        if found and not m.episode:  # a turn kept as said is never rewritten
            out.append((m, found.group("t")))
    return out


def _with_time(text: str, old: str, new: str) -> str:
    """The record's text with its time said anew."""
    found = _RECORD_RE.search(text)
    if found is None:
        return text
    return text[:found.start()] + found.group(0).replace(old, new) + text[found.end():]


def beaten_records(store: MemoryStore, scope: str, cands: Sequence[Candidate]) -> list[Candidate]:
    """For each candidate's result that beats exactly one record of its size, the facts
    holding that record said again with the new time (see the module's docstring)."""
    said = [(c, t) for c in cands for t in said_results(c.text)]
    if not said:
        return []
    records = _records(store, scope)
    out: list[Candidate] = []
    done: set[str] = set()
    for cand, new in said:
        size = {old for _, old in records if _shape(old) == _shape(new) and 0.8 <= seconds(new) / seconds(old) <= 1.25}
        if len(size) != 1:
            continue  # no record of its size, or two it could be a result against: as said
        old = size.pop()
        if seconds(new) >= seconds(old):
            continue  # not faster: the record stands
        for m, held in records:
            if held != old or m.id in done or (cand.key and cand.key == m.key):
                continue  # "new PB! 1:01.7" keyed like the record: the slot takes it
            done.add(m.id)
            said_again = _with_time(m.text, old, new)
            out.append(Candidate(text=said_again,
                                 kind=m.kind, importance=m.importance, key=m.key, value=new if m.key else None,
                                 change="update", valid_from=cand.valid_from, safety=m.safety,
                                 rule=f"record_beaten/{cand.rule or 'said'}", replaces=m.id,
                                 because=f"{new} is faster than the record {old} that {m.id} holds"))
    return out


__all__ = ["beaten_records", "said_results", "seconds"]
