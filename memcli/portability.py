"""Export files back into a store: `memcli import` reads what `memcli export` writes.

Every record is checked field by field before anything is written, so a bad value
(a timestamp that is not one, an importance of "high") is one error naming the file
and record, and never a row that breaks later reads of the scope."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from .errors import InputError, ScopeError
from .models import MEMORY_KINDS, SOURCES, Memory
from .scope import validate_scope
from .text import check_text, decode_input, load_json
from .timeutil import parse_dt, to_iso

if TYPE_CHECKING:
    import numpy as np

    from .store import Store

_FIELDS = {f.name for f in fields(Memory)}
_ID_RE = re.compile(r"^[a-z0-9]{1,8}$")
_TIMES = ("valid_from", "valid_until", "recorded_at", "retired_at", "last_accessed")
_OPTIONAL_TEXT = ("key", "retire_reason", "replaces", "replaced_by")


def _text(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError(f"expected a string, got {type(v).__name__}")
    return v


def _fraction(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not 0 <= v <= 1:
        raise ValueError(f"expected a number from 0 to 1, got {v!r}")
    return float(v)


def _count(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise ValueError(f"expected a whole number of 0 or more, got {v!r}")
    return v


def _positive(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v < 0:
        raise ValueError(f"expected a finite number of 0 or more, got {v!r}")
    return float(v)


def _flag(v: Any) -> bool:
    if v not in (True, False, 0, 1):
        raise ValueError(f"expected true or false, got {v!r}")
    return bool(v)


def _ids(v: Any) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ValueError("expected a list of strings")
    return list(v)


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if v not in choices:
            raise ValueError(f"expected one of {', '.join(choices)}, got {v!r}")
        return str(v)

    return check


def _memory_id(v: Any) -> str:
    if not isinstance(v, str) or not _ID_RE.match(v):
        raise ValueError(f"ids are 1-8 lowercase letters or digits, got {v!r}")
    return v


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "id": _memory_id, "scope": _text, "kind": _one_of(MEMORY_KINDS), "source": _one_of(SOURCES),
    "text": _text, "importance": _fraction, "confidence": _fraction, "stability": _positive,
    "access_count": _count, "pinned": _flag, "safety": _flag, "episode": _flag,
    "source_turns": _ids, "source_ids": _ids,
} | {name: lambda v: None if v is None else _text(v) for name in _OPTIONAL_TEXT} \
  | {name: lambda v: to_iso(parse_dt(v)) for name in _TIMES}


def check_record(r: Any, where: str, *, own_scope: bool = True) -> dict[str, Any]:
    """The fields of one exported record, each checked and normalised (timestamps to
    ISO 8601 UTC); an InputError naming `where` and the field otherwise."""
    if not isinstance(r, dict) or not {"id", "scope", "kind", "text"} <= r.keys():
        raise InputError(f"{where}: record lacks id, scope, kind or text: is this a memcli export?")
    out: dict[str, Any] = {}
    for name, value in r.items():
        if name not in _FIELDS:
            continue  # "active" and other derived fields
        try:
            out[name] = _CHECKS[name](value)
            if isinstance(out[name], str):
                check_text(out[name], where, name)
        except (ValueError, InputError) as exc:
            raise InputError(f"{where}: field {name!r}: {exc}; fix or remove that record") from None
    if not out["text"].strip():
        raise InputError(f"{where}: field 'text' is empty; fix or remove that record")
    if own_scope:
        try:
            validate_scope(out["scope"])
        except ScopeError as exc:
            raise InputError(f"{where}: field 'scope': {exc}") from None
    return out


def read_export(data: bytes, name: str, *, own_scope: bool = True) -> list[dict[str, Any]]:
    """The checked records of an export file (JSONL or a JSON array). `own_scope`
    False (import --scope) skips checking the records' own scopes."""
    text = decode_input(data, name, expected="a memcli export", byte_hint=False)
    if text.lstrip().startswith("["):
        arr = load_json(text, name)
        if not isinstance(arr, list):
            raise InputError(f"{name}: expected a JSON array of records")
        located = [(f"{name}: record {i + 1}", r) for i, r in enumerate(arr)]
    else:
        located = [(f"{name}:{n}", load_json(line, name, line=n))
                   for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    return [check_record(r, where, own_scope=own_scope) for where, r in located]


def import_records(store: Store, records: list[dict[str, Any]], *, scope: str | None = None) -> tuple[int, int]:
    """Insert every record not already present (by id), in one transaction."""
    mems = [Memory(**{k: v for k, v in r.items() if k in _FIELDS}) for r in records]
    for m in mems:
        if scope:
            m.scope = scope
    present = {m.id for m in mems if store.exists(m.id)}
    todo = [m for m in mems if m.id not in present]
    from .episodes import part_vectors, vector_text

    vectors: np.ndarray | list[np.ndarray] = store.embed_many([vector_text(m.text, m.episode) for m in todo]) \
        if todo else []
    parts = part_vectors(store.embed_many, [(m.text, m.episode) for m in todo])
    with store.transaction():
        for m, v, p in zip(todo, vectors, parts, strict=True):
            store.insert(m, v, p)
    return len(todo), len(present)
