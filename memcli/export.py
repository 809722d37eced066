"""`memcli export`: every field of every memory of a scope as JSONL or JSON (what
`memcli import` reads back, see `portability`), or Markdown for people."""

from __future__ import annotations

import json
from pathlib import Path

from .errors import InputError
from .models import Memory
from .render import SHOW_KINDS, memory_dict

FORMATS = ("jsonl", "json", "md")


def serialise(memories: list[Memory], scope: str, fmt: str) -> str:
    """The export text of `memories` in `fmt` (one of FORMATS)."""
    if fmt == "jsonl":
        return "".join(json.dumps(memory_dict(m), ensure_ascii=False) + "\n" for m in memories)
    if fmt == "json":
        return json.dumps([memory_dict(m) for m in memories], ensure_ascii=False, indent=2) + "\n"
    if fmt == "md":
        return markdown(memories, scope)
    raise ValueError(f"unknown export format {fmt!r}: use one of {', '.join(FORMATS)}")


def markdown(memories: list[Memory], scope: str) -> str:
    """A heading per kind, a line per memory with its id, since when, and why it was retired."""
    lines = [f"# Memories of {scope}\n"]
    for kind in SHOW_KINDS:
        group = [m for m in memories if m.kind == kind]
        if group:
            lines.append(f"\n## {kind}\n")
            for m in group:
                retired = "" if m.active else f" _(retired {m.retired_at[:10] if m.retired_at else ''}: {m.retire_reason})_"
                lines.append(f"- {m.text} `{m.id}` (since {(m.valid_from or '-')[:10]}){retired}\n")
    return "".join(lines)


def write_file(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file, so a failed export leaves no half file."""
    if path.is_dir():
        raise InputError(f"{path} is a directory: give -o a file name")
    if not path.parent.is_dir():
        raise InputError(f"{path}: folder {path.parent} does not exist; create it first or pick another path")
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise InputError(f"cannot write {path}: {exc.strerror}") from None
