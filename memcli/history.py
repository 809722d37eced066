"""One record's history: every version of the fact (and, for a merged record, the
records it was built from), the raw turns it came from and the decisions behind it.
What `memcli show ID` prints."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .models import Decision, Memory
from .scope import validate_scope

if TYPE_CHECKING:
    from .store import Store as MemoryStore


@dataclass
class History:
    memory: Memory
    versions: list[Memory]  # oldest first, `memory` among them
    turns: list[dict[str, Any]]  # the raw messages the versions came from
    decisions: list[Decision]  # in log order, each once


def history(store: MemoryStore, memory_id: str, scope: str | None = None, *, sources: bool = False) -> History:
    """The history of `memory_id` (its scope found when not given). With `sources`, a
    merged record's sources count as earlier versions of it too."""
    scope = validate_scope(scope) if scope else store.find_scope(memory_id)
    m = store.get(scope, memory_id)
    chain = store.chain(scope, memory_id)
    if sources:
        known = {v.id for v in chain}
        chain = [store.get(scope, i) for i in m.source_ids if i not in known and store.exists(i)] + chain
    turns = store.turns(scope, [t for v in chain for t in v.source_turns])
    # one decision can name two versions (an UPDATE): keep each once, in log order
    by_id = {d.id or 0: d for v in chain for d in store.decisions(scope, memory_id=v.id)}
    return History(memory=m, versions=chain, turns=turns, decisions=[by_id[i] for i in sorted(by_id)])
