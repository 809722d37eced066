"""Chat exports as the services give them: ChatGPT's and Claude's `conversations.json`.

- ChatGPT: a list of conversations, each a `mapping` of node id -> {message, parent,
  children}; a message has `author.role`, `content.parts` and `create_time` (epoch
  seconds). An edited message or a regenerated reply forks the tree: the branch the
  user saw last is the path from `current_node` up through `parent` to the root.
- Claude: a list of conversations with `chat_messages`, each with `sender`
  (human / assistant), `text` (or `content` blocks) and `created_at`.

Each message keeps its own timestamp (relative dates resolve against it), and its id
is its reference. Conversations are read oldest first, so facts arrive in the order
they were said. Left out: empty messages, hidden system messages (custom
instructions), images, and attachments (a pasted or attached document is not what the
user said about themselves). Called from `ingest.parse_messages` on JSON input.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from .errors import InputError
from .timeutil import parse_dt, to_iso

EXPORT_FORMATS = ("chatgpt", "claude")
SUPPORTED = ("a JSON array of messages ({\"role\", \"content\", \"ts\"}), a ChatGPT export "
             "(conversations.json with \"mapping\") or a Claude export (conversations.json with \"chat_messages\")")
_CHATGPT_ROLES = {"user": "user", "assistant": "assistant", "system": "system", "tool": "tool"}
_CLAUDE_SENDERS = {"human": "user", "user": "user", "assistant": "assistant"}


class Message(NamedTuple):
    """One message of an export, the fields of `ingest.Message` (which it becomes)."""

    role: str
    content: str
    ts: str | None
    ref: str


def export_format(value: Any) -> str | None:
    """`chatgpt`, `claude` or None (not a chat export) for parsed JSON."""
    items = value if isinstance(value, list) else [value]
    first = next((c for c in items if isinstance(c, dict)), None)
    if first is None:
        return None
    if isinstance(first.get("mapping"), dict):
        return "chatgpt"
    if isinstance(first.get("chat_messages"), list):
        return "claude"
    return None


def chat_export(value: Any, name: str, forced: str | None = None) -> list[Message] | None:
    """The messages of a chat export, or None when `value` is a plain array of
    messages (for the caller to read). A JSON shape that is neither says what is
    supported; `forced` (`--format chatgpt|claude`) insists on one shape."""
    fmt = export_format(value)
    if forced and fmt != forced:
        raise InputError(f"{name}: not a {forced} export: expected {_expected(forced)}; "
                         f"drop --format to detect {SUPPORTED}")
    if fmt is None:
        if isinstance(value, dict) and isinstance(value.get("messages"), list):
            return None
        first = value[0] if isinstance(value, list) and value else None
        if isinstance(value, list) and (not isinstance(first, dict) or "role" in first or "speaker" in first):
            return None  # an array of messages (or of something ingest reports itself)
        raise InputError(f"{name}: unrecognised JSON shape: memcli reads {SUPPORTED}")
    conversations = value if isinstance(value, list) else [value]
    read = _chatgpt_conversation if fmt == "chatgpt" else _claude_conversation
    out: list[tuple[str, int, list[Message]]] = []
    for i, conv in enumerate(conversations):
        if not isinstance(conv, dict):
            raise InputError(f"{name}[{i}]: expected a conversation object in a {fmt} export")
        msgs = list(read(conv, name, i))
        out.append((min((m.ts for m in msgs if m.ts), default=""), i, msgs))
    out.sort(key=lambda c: (c[0], c[1]))  # oldest conversation first; undated ones first, in file order
    return [m for _, _, msgs in out for m in msgs]


def _expected(fmt: str) -> str:
    return ("a list of conversations with a \"mapping\" of messages" if fmt == "chatgpt"
            else "a list of conversations with \"chat_messages\"")


def _ts(value: Any, where: str) -> str | None:
    return to_iso(parse_dt(value, f"timestamp at {where}")) if value not in (None, "") else None


# -- ChatGPT -----------------------------------------------------------------------------
def current_branch(mapping: dict[str, Any], current: str | None) -> list[dict[str, Any]]:
    """The nodes from the root to `current_node`, following `parent` back up; without
    a usable `current_node`, the newest child at each fork from the root down."""
    path: list[dict[str, Any]] = []
    seen: set[str] = set()
    node_id = current if current in mapping else None
    if node_id is None:
        roots = [k for k, n in mapping.items() if isinstance(n, dict) and not n.get("parent")]
        node_id = roots[0] if roots else None
        while node_id is not None and node_id not in seen:
            seen.add(node_id)
            path.append(mapping[node_id])
            children = [c for c in mapping[node_id].get("children") or [] if c in mapping]
            node_id = children[-1] if children else None
        return path
    while node_id is not None and node_id in mapping and node_id not in seen:
        seen.add(node_id)
        node = mapping[node_id]
        path.append(node)
        node_id = node.get("parent")
    return path[::-1]


def _chatgpt_text(content: Any) -> str:
    """The text parts of a message (images and other attachments are dicts: left out)."""
    if not isinstance(content, dict):
        return ""
    parts = content.get("parts")
    if isinstance(parts, list):
        return "\n".join(p for p in parts if isinstance(p, str))
    text = content.get("text")
    return text if isinstance(text, str) and content.get("content_type") in ("text", "code") else ""


def _chatgpt_conversation(conv: dict[str, Any], name: str, i: int) -> Iterator[Message]:
    mapping = conv.get("mapping")
    if not isinstance(mapping, dict):
        raise InputError(f"{name}[{i}]: a ChatGPT conversation without a \"mapping\" of messages")
    fallback = conv.get("create_time")
    for node in current_branch(mapping, conv.get("current_node")):
        msg = node.get("message") if isinstance(node, dict) else None
        if not isinstance(msg, dict):
            continue  # the root node carries no message
        role = _CHATGPT_ROLES.get(str((msg.get("author") or {}).get("role", "")).lower())
        metadata = msg.get("metadata") or {}
        if role is None or metadata.get("is_visually_hidden_from_conversation"):
            continue
        text = _chatgpt_text(msg.get("content")).strip()
        if not text:
            continue
        mid = str(msg.get("id") or node.get("id") or "")
        where = f"{name}[{i}] message {mid}"
        yield Message(role, text, _ts(msg.get("create_time") or fallback, where), f"{name}#{mid}")


# -- Claude ------------------------------------------------------------------------------
def _claude_text(msg: dict[str, Any]) -> str:
    text = msg.get("text")
    if isinstance(text, str) and text.strip():
        return text
    blocks = msg.get("content")
    if isinstance(blocks, list):
        return "\n".join(b["text"] for b in blocks
                         if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str))
    return ""


def _claude_conversation(conv: dict[str, Any], name: str, i: int) -> Iterator[Message]:
    fallback = conv.get("created_at")
    for j, msg in enumerate(conv.get("chat_messages") or []):
        if not isinstance(msg, dict):
            raise InputError(f"{name}[{i}].chat_messages[{j}]: expected a message object")
        role = _CLAUDE_SENDERS.get(str(msg.get("sender", "")).lower())
        if role is None:
            raise InputError(f"{name}[{i}].chat_messages[{j}]: unknown sender {msg.get('sender')!r}: "
                             "expected human or assistant")
        text = _claude_text(msg).strip()
        if not text:
            continue
        mid = str(msg.get("uuid") or f"{i}.{j}")
        where = f"{name}[{i}].chat_messages[{j}]"
        yield Message(role, text, _ts(msg.get("created_at") or fallback, where), f"{name}#{mid}")
