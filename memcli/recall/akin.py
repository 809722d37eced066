"""Recent beats old by what the facts say, not by the question's words: the best hit's
nearest later statement, by meaning, that gives it another value goes above it.

`newer.newer_first` moves a later state above an earlier one when both say the
question's words or a side of life it knows (`_ASPECTS`). A change said in other words
shares neither with the question: "Its all Laufey for User these days" after "Blackpink
is User's whole personality" for "what music is the user into?"; "Only lunch, 11:00 to
15:00" after "Open 11:30 to 14:30 and 18:00 to 22:00". What the two share is what they
are about, and the sentence embedding sees that: of the states said later than the best
hit, the one nearest it in meaning, when near enough (`AKIN`) and nearer than any other
later state by a margin (`MARGIN`), about the same subject, giving another value (a
name, a figure, a weekday or a month the best hit does not say), and scoring at least
`newer._NEAR` of it, goes above it. Never for a question about the past, never an event
or a turn, never one said in the same sitting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import Hit
from .newer import _GAP, _LATEST_Q, _NEAR, _PAST_Q, _same_subject, _since, _state, other_value

if TYPE_CHECKING:
    import numpy as np

# cosine of all-MiniLM-L6-v2 between a fact and its later restatement with another value
AKIN = 0.45
# ... and how much nearer than any other later state it must be: one clear successor
MARGIN = 0.05
# the hits read for a successor; the best hits whose successor is looked for
READ = 20
TOP = 3


def akin_later_first(hits: list[Hit], vectors: dict[str, np.ndarray], query: str) -> list[Hit]:
    """`hits` with, for each of the first `TOP`, its one clear later restatement with
    another value among the first `READ` moved above it (`vectors`: memory id -> its
    stored vector)."""
    if _PAST_Q.search(query) and not _LATEST_Q.search(query):
        return hits
    out = list(hits)
    moved: set[str] = set()
    for i in range(min(TOP, len(out))):
        a = out[i]
        va = vectors.get(a.memory.id)
        if va is None or a.memory.episode or a.memory.id in moved:
            continue
        b = _successor(a, va, out[i + 1:READ], vectors)
        if b is not None and b.score >= _NEAR * a.score and _same_subject(a.memory.text, b.memory.text, query) \
                and other_value(a.memory.text, b.memory.text):
            out.remove(b)
            out.insert(i, b)
            moved.add(b.memory.id)
    return out


def _successor(a: Hit, va: np.ndarray, below: list[Hit], vectors: dict[str, np.ndarray]) -> Hit | None:
    """The later state nearest `a` in meaning, when near enough and clearly the nearest."""
    ta = _since(a)
    if ta is None:
        return None
    later = []
    for h in below:
        tb, vb = _since(h), vectors.get(h.memory.id)
        if tb is not None and vb is not None and tb - ta > _GAP and _state(h.memory):
            later.append((float(va @ vb), h))
    if not later:
        return None
    later.sort(key=lambda p: -p[0])
    best, runner = later[0][0], (later[1][0] if len(later) > 1 else 0.0)
    return later[0][1] if best >= AKIN and best - runner >= MARGIN else None
