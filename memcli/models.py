"""Domain values every layer imports downward: a memory record, a logged decision, a
recall hit, and the write path's values (an extracted `Fact` or `Discard`, a
`Candidate` for reconciliation, its `Neighbour`s and the `Outcome`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

MEMORY_KINDS = ("episodic", "semantic", "procedural", "profile")
SOURCES = ("explicit", "stated", "inferred", "reflected", "tool", "imported")
OPS = ("ADD", "UPDATE", "DELETE", "NOOP", "ARCHIVE", "RESTORE", "PURGE", "MERGE", "REJECT", "DISCARD", "REQUEST")


@dataclass
class Memory:
    """One atomic claim with its provenance and lifecycle.

    Two time axes: `valid_from`/`valid_until` say when the claim was true in the
    world (from the message's timestamp); `recorded_at`/`retired_at` say when memcli
    stored and retired it. A change never edits `text`: it retires this record and
    opens a new one whose `replaces` points back here.
    """

    id: str
    scope: str
    kind: str
    text: str
    importance: float = 0.5
    confidence: float = 0.8
    source: str = "stated"
    key: str | None = None
    source_turns: list[str] = field(default_factory=list)
    source_ids: list[str] = field(default_factory=list)
    valid_from: str | None = None
    valid_until: str | None = None
    recorded_at: str | None = None
    retired_at: str | None = None
    retire_reason: str | None = None
    replaces: str | None = None
    replaced_by: str | None = None
    pinned: bool = False
    safety: bool = False
    last_accessed: str | None = None
    access_count: int = 0
    stability: float = 1.0
    # An episode: what the user said in one turn (beside the facts drawn from it),
    # never a reconciliation neighbour of a fact; see memcli/episodes.py.
    episode: bool = False

    @property
    def active(self) -> bool:
        return self.retired_at is None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Decision:
    """One entry of the write log: what was proposed, what was shown, what was done."""

    scope: str
    op: str
    fact: str
    decided_by: str  # user | rule | model | policy
    reason: str
    target: str | None = None
    new_id: str | None = None
    neighbours: list[dict[str, Any]] = field(default_factory=list)
    turn: str | None = None
    at: str | None = None
    id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Hit:
    """A recalled memory with the parts of its score."""

    memory: Memory
    score: float
    keyword: float = 0.0
    vector: float = 0.0
    relevance: float = 0.0
    recency: float = 0.0
    importance: float = 0.0
    keyword_rank: int | None = None
    vector_rank: int | None = None
    context: float = 0.0  # share of a neighbouring turn's relevance (its question, the turns around it)
    boost: float = 0.0  # names of the query in its subject, a "when" answer, the date asked about

    def to_dict(self) -> dict[str, Any]:
        d = self.memory.to_dict()
        d["score"] = round(self.score, 4)
        d["active"] = self.memory.active
        d["breakdown"] = {
            "keyword": round(self.keyword, 4),
            "keyword_rank": self.keyword_rank,
            "vector": round(self.vector, 4),
            "vector_rank": self.vector_rank,
            "context": round(self.context, 4),
            "boost": round(self.boost, 4),
            "relevance": round(self.relevance, 4),
            "recency": round(self.recency, 4),
            "importance": round(self.importance, 4),
            "final": round(self.score, 4),
        }
        return d


@dataclass
class Fact:
    """One atomic third-person fact extracted from a message (see `memcli.extract`)."""

    text: str
    kind: str
    importance: float
    source: str = "stated"
    key: str | None = None
    value: str | None = None
    change: str | None = None
    event_date: datetime | None = None
    clause: str = ""
    safety: bool = False
    rule: str = "clause"  # the extraction rule that made it, shown in the decision log


@dataclass
class Discard:
    """A clause the extractor kept nothing of, and why ("greeting", "question", ...)."""

    clause: str
    reason: str
    after: int = 0  # how many facts the message had given when this clause was set aside


@dataclass
class Extraction:
    """What one message gave: its facts and its discarded clauses."""

    facts: list[Fact] = field(default_factory=list)
    discarded: list[Discard] = field(default_factory=list)


@dataclass
class Candidate:
    """A fact proposed for storage (from extraction, `remember` or an import)."""

    text: str
    kind: str = "semantic"
    importance: float = 0.5
    confidence: float = 0.8
    source: str = "stated"
    key: str | None = None
    value: str | None = None
    change: str | None = None  # None | "update" | "delete"
    valid_from: str | None = None
    source_turns: list[str] = field(default_factory=list)
    pinned: bool = False
    safety: bool = False
    rule: str | None = None  # the extraction rule that proposed it (None: said directly)
    replaces: str | None = None  # the id of the record it says again with a new value, and why
    because: str | None = None


@dataclass
class Neighbour:
    """A stored memory near a candidate, with its cosine similarity and whether the
    keyword index found it."""

    memory: Memory
    similarity: float
    keyword: bool = False

    def shown(self) -> dict[str, Any]:
        return {"id": self.memory.id, "sim": round(self.similarity, 3), "key": self.memory.key}


@dataclass
class Outcome:
    """What reconciling one candidate did, with its decision-log row."""

    op: str
    decision: Decision
    memory: Memory | None = None  # the record added or the new version
    target: Memory | None = None  # the record updated, deleted or matched
