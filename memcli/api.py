"""The library's front door: the store with the same paths the CLI takes.

    >>> from memcli import MemoryStore
    >>> store = MemoryStore("memory.db")
    >>> store.remember("user:alice", "I live in Pune", key="home_city").op
    'ADD'
    >>> store.ingest("user:alice", [{"role": "user", "content": "I moved to Goa.", "ts": "2026-03-01"}])
    >>> [h.memory.text for h in store.recall("user:alice", "where does she live?").hits]
    ['User lives in Goa', ...]

Nothing below this module imports it: the pipelines (write, ingest, recall, lifecycle)
take a `memcli.store.Store`. They are imported when first used, so a process that
only recalls never loads the write path.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .store import Store

if TYPE_CHECKING:
    from .ingest import IngestStats
    from .recall import RecallResult
    from .write import Outcome


class MemoryStore(Store):
    """A memcli database file with remember, ingest and recall."""

    def remember(self, scope: str, text: str, **fields: Any) -> Outcome:
        """An explicit fact, reconciled against the scope (see `memcli.write.reconcile`).

        "I'm allergic to peanuts" is stored as "User is allergic to peanuts"; the
        extraction rules also say whether it is safety-relevant (never decays)."""
        from .extract import extract_facts, to_third_person
        from .timeutil import utcnow
        from .write import Candidate, reconcile

        fields.setdefault("safety", any(f.safety for f in extract_facts(text, utcnow()).facts))
        text = to_third_person(text)
        fields.setdefault("source", "explicit")
        fields.setdefault("confidence", 0.95)
        if fields.get("key"):
            fields.setdefault("kind", "profile")
            fields.setdefault("change", "update")
        return reconcile(self, scope, Candidate(text=text, **fields))

    def ingest(self, scope: str, messages: Sequence[dict[str, Any]], *, source: str = "api",
               **options: Any) -> IngestStats:
        """Messages ({"role", "content", "ts"}) through extraction and reconciliation."""
        from .ingest import ingest, parse_messages

        data = "\n".join(json.dumps(m) for m in messages).encode()
        return ingest(self, scope, parse_messages(data, source, "jsonl"), source=source, **options)

    def recall(self, scope: str, query: str, **options: Any) -> RecallResult:
        """Blended recall (see `memcli.recall.recall`): `.hits`, best first, and `.abstain`."""
        from .recall import recall

        return recall(self, scope, query, **options)
