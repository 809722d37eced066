"""The `memories` row as SQL sees it: its columns, its decoding into `Memory`, and the
time filter every read path shares (active records, or those valid at a moment)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..models import Memory

MEMORY_COLUMNS = (
    "id, scope, kind, text, key, importance, confidence, source, source_turns, source_ids, "
    "valid_from, valid_until, recorded_at, retired_at, retire_reason, replaces, replaced_by, "
    "pinned, safety, last_accessed, access_count, stability, episode"
)


def _json_list(raw: str) -> Any:
    """A JSON list column: most are the literal `[]`, not worth decoding."""
    return [] if raw == "[]" else json.loads(raw)


def row_to_memory(row: Sequence[Any]) -> Memory:
    (mid, scope, kind, text, key, importance, confidence, source, source_turns, source_ids,
     valid_from, valid_until, recorded_at, retired_at, retire_reason, replaces, replaced_by,
     pinned, safety, last_accessed, access_count, stability, episode) = row
    return Memory(
        id=mid, scope=scope, kind=kind, text=text, key=key, importance=importance,
        confidence=confidence, source=source, source_turns=_json_list(source_turns),
        source_ids=_json_list(source_ids), valid_from=valid_from, valid_until=valid_until,
        recorded_at=recorded_at, retired_at=retired_at, retire_reason=retire_reason,
        replaces=replaces, replaced_by=replaced_by, pinned=bool(pinned), safety=bool(safety),
        last_accessed=last_accessed, access_count=access_count, stability=stability,
        episode=bool(episode),
    )


def time_filter(include_inactive: bool, as_of: str | None) -> tuple[str, list[Any]]:
    """An `AND ...` clause over `memories m`: valid at `as_of` (a superseded record
    counts, an archived one with open validity does not), else active unless
    `include_inactive`."""
    if as_of is not None:
        return (
            " AND (m.valid_from IS NULL OR m.valid_from <= ?) AND (m.valid_until IS NULL OR m.valid_until > ?)"
            " AND (m.retired_at IS NULL OR m.valid_until IS NOT NULL)",
            [as_of, as_of],
        )
    if include_inactive:
        return "", []
    return " AND m.retired_at IS NULL", []
