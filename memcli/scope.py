"""Scopes: every read and write names exactly one (`user:alice`, `org:acme`)."""

from __future__ import annotations

import os
import re

from .errors import ScopeError

KINDS = ("user", "agent", "session", "org")
_SCOPE_RE = re.compile(r"^(user|agent|session|org):([A-Za-z0-9][A-Za-z0-9._@\-]{0,127})$")


def validate_scope(scope: str | None) -> str:
    """Return the scope if it is valid, else raise ScopeError with the fix."""
    if scope is None or scope == "":
        env = os.environ.get("MEMCLI_SCOPE")
        if not env:
            raise ScopeError(
                "no scope given: pass --scope user:NAME (or agent:, session:, org:) or set MEMCLI_SCOPE"
            )
        scope = env
    scope = scope.strip()
    if not _SCOPE_RE.match(scope):
        raise ScopeError(
            f"invalid scope {scope!r}: use one of {', '.join(k + ':NAME' for k in KINDS)} "
            "where NAME is letters, digits, '.', '_', '@' or '-'"
        )
    return scope
