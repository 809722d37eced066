"""Export files back into a store: `memcli import` reads what `memcli export` writes."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from .errors import InputError
from .models import Memory

if TYPE_CHECKING:
    import numpy as np

    from .store import Store

_FIELDS = {f.name for f in fields(Memory)}


def read_export(data: bytes, name: str) -> list[dict[str, Any]]:
    if not data.strip():
        raise InputError(f"{name}: input is empty")
    if b"\x00" in data[:8192]:
        raise InputError(f"{name}: looks like a binary file, not a memcli export")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text") from exc
    if text.lstrip().startswith("["):
        try:
            records = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"{name}:{exc.lineno}: invalid JSON ({exc.msg})") from exc
    else:
        records = []
        for lineno, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise InputError(f"{name}:{lineno}: invalid JSON ({exc.msg})") from exc
    for i, r in enumerate(records):
        if not isinstance(r, dict) or not {"id", "scope", "kind", "text"} <= r.keys():
            raise InputError(f"{name}: record {i + 1} lacks id, scope, kind or text: is this a memcli export?")
    return records


def import_records(store: Store, records: list[dict[str, Any]], *, scope: str | None = None) -> tuple[int, int]:
    """Insert every record not already present (by id), in one transaction."""
    mems = [Memory(**{k: v for k, v in r.items() if k in _FIELDS}) for r in records]
    for m in mems:
        if scope:
            m.scope = scope
    present = {m.id for m in mems if store.exists(m.id)}
    todo = [m for m in mems if m.id not in present]
    vectors: np.ndarray | list[np.ndarray] = store.embed_many([m.text for m in todo]) if todo else []
    with store.transaction():
        for m, v in zip(todo, vectors, strict=True):
            store.insert(m, v)
    return len(todo), len(present)
