"""Timestamps: stored as ISO 8601 UTC strings (`2026-03-04T09:00:00Z`) so they sort as text."""

from __future__ import annotations

from datetime import UTC, datetime

from dateutil import parser as _dateparser

from .errors import InputError
from .text import MONTH_NAMES, MONTHS, WEEKDAYS

_FMT = "%Y-%m-%dT%H:%M:%SZ"

# Calendar names live in memcli.text; imported here for the modules that read them from timeutil.
__all__ = ["MONTHS", "MONTH_NAMES", "WEEKDAYS", "iso_or_none", "parse_dt", "to_iso", "utcnow"]


def utcnow() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def to_iso(dt: datetime | None) -> str | None:
    if dt is None:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return dt.astimezone(UTC).strftime(_FMT)


def parse_dt(value: str | datetime | int | float | None, what: str = "timestamp") -> datetime | None:
    """Parse an ISO string, a date, or a Unix epoch into an aware UTC datetime."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, (int, float)):
        dt = datetime.fromtimestamp(float(value), UTC)
    else:
        try:
            dt = _dateparser.isoparse(value)
        except ValueError:
            try:
                dt = _dateparser.parse(value)
            except (ValueError, OverflowError) as exc:
                raise InputError(
                    f"cannot read {what} {value!r}: use ISO 8601 such as 2026-03-04T09:00:00Z"
                ) from exc
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return dt.astimezone(UTC).replace(microsecond=0)


def iso_or_none(value: str | datetime | None, what: str = "timestamp") -> str | None:
    return to_iso(parse_dt(value, what))
