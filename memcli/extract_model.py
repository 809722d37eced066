"""Extraction by the model alone (the `model` strategy, kept for the ablation and
for larger GGUFs given with --model)."""

from __future__ import annotations

from datetime import datetime

from .llm import LLM, load_prompt
from .models import Candidate
from .timeutil import to_iso

_SCHEMA = {
    "type": "object",
    "properties": {
        "facts": {
            "type": "array",
            "maxItems": 5,
            "items": {
                "type": "object",
                "properties": {
                    "text": {"type": "string", "maxLength": 160},
                    "importance": {"type": "integer", "minimum": 1, "maximum": 10},
                },
                "required": ["text", "importance"],
            },
        }
    },
    "required": ["facts"],
}


def extract_with_model(llm: LLM, content: str, now: datetime) -> tuple[list[Candidate], list[tuple[str, str]]]:
    """The facts the model finds in one message. A model that cannot load or answer
    raises ModelError: the message must not be stored as if it had no facts."""
    prompt = load_prompt("extract").replace("{date}", now.date().isoformat()).replace("{message}", content[:1500])
    reply = llm.complete(prompt, _SCHEMA, max_tokens=400)
    out: list[Candidate] = []
    for f in reply.get("facts", []) or []:
        if not isinstance(f, dict):
            continue
        text = str(f.get("text", "")).strip()
        if not text:
            continue
        try:
            imp = min(10, max(1, int(f.get("importance", 5)))) / 10
        except (TypeError, ValueError):
            imp = 0.5
        out.append(Candidate(text=text, importance=imp, valid_from=to_iso(now)))
    return out, []
