"""The write path's judgment call, asked of the local model: for a candidate the rules
leave open (`write.decide_by_rules` returns None), which of ADD / UPDATE / DELETE /
NOOP, and on which of the neighbours shown. The reply is held to a JSON schema and an
id never shown is never acted on (`UnknownId`)."""

from __future__ import annotations

from .errors import ModelError
from .llm import LLM, load_prompt
from .models import Candidate, Neighbour

__all__ = ["UnknownId", "decide_by_model"]


_OP_SCHEMA = {
    "type": "object",
    "properties": {
        "op": {"type": "string", "enum": ["ADD", "UPDATE", "DELETE", "NOOP"]},
        "id": {"type": "string", "maxLength": 8},
    },
    "required": ["op", "id"],
}


class UnknownId(ModelError):
    """The model named a record it was not shown: never acted on (UPDATE -> ADD, else NOOP)."""

    def __init__(self, message: str, fallback: str) -> None:
        super().__init__(message)
        self.fallback = fallback


def decide_by_model(llm: LLM, cand: Candidate, near: list[Neighbour]) -> tuple[str, Neighbour | None, str]:
    """Ask the model; ids it was never shown are never acted on."""
    shown = near[:5]
    listing = "\n".join(f"[{n.memory.id}] {n.memory.text}" for n in shown) or "(none)"
    prompt = load_prompt("reconcile").replace("{neighbours}", listing).replace("{fact}", cand.text)
    reply = llm.complete(prompt, _OP_SCHEMA, max_tokens=40)
    op = str(reply.get("op", "")).upper()
    if op not in ("ADD", "UPDATE", "DELETE", "NOOP"):
        raise ModelError(f"model chose unknown operation {reply.get('op')!r}")
    mid = str(reply.get("id") or "").strip().strip("[]")
    by_id = {n.memory.id: n for n in shown}
    if op in ("UPDATE", "DELETE", "NOOP") and mid and mid not in by_id:
        raise UnknownId(f"model named id {mid!r} it was never shown ({op})", "ADD" if op == "UPDATE" else "NOOP")
    if op in ("UPDATE", "DELETE") and not mid:
        raise UnknownId(f"model chose {op} without an id", "ADD" if op == "UPDATE" else "NOOP")
    target = by_id.get(mid) if mid else None
    return op, target, f"model chose {op}" + (f" on {mid}" if target else "")
