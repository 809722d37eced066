"""Timestamps: stored as ISO 8601 UTC strings (`2026-03-04T09:00:00Z`) so they sort as text."""

from __future__ import annotations

import functools
import math
from datetime import UTC, datetime

from dateutil import parser as _dateparser

from .errors import InputError
from .text import MONTH_NAMES, MONTHS, WEEKDAYS

# Calendar names live in memcli.text; imported here for the modules that read them from timeutil.
__all__ = ["MONTHS", "MONTH_NAMES", "WEEKDAYS", "iso_or_none", "parse_dt", "to_iso", "utcnow"]


def utcnow() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def to_iso(dt: datetime | None) -> str | None:
    if dt is None:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    dt = dt.astimezone(UTC)
    # Not strftime: glibc writes year 1 as "1", which reads back as 2001.
    return f"{dt.year:04d}-{dt.month:02d}-{dt.day:02d}T{dt.hour:02d}:{dt.minute:02d}:{dt.second:02d}Z"


def _bad(value: object, what: str, why: str = "use ISO 8601 such as 2026-03-04T09:00:00Z") -> InputError:
    return InputError(f"cannot read {what} {value!r}: {why}")


def _from_epoch(value: float, what: str) -> datetime:
    if not math.isfinite(value):
        raise _bad(value, what, "a Unix time must be a finite number of seconds")
    try:
        return datetime.fromtimestamp(value, UTC)
    except (OverflowError, OSError, ValueError):
        raise _bad(value, what, "a Unix time must fall between the years 1 and 9999") from None


def _from_text(value: str, what: str) -> datetime:
    try:
        return _dateparser.isoparse(value)
    except (ValueError, OverflowError):
        pass
    try:
        return _dateparser.parse(value)
    except (ValueError, OverflowError, TypeError):
        raise _bad(value, what) from None


@functools.lru_cache(maxsize=8192)
def _iso_utc(value: str) -> datetime | None:
    """`parse_dt` of an ISO 8601 text it takes without complaint, else None (then
    `parse_dt` reads it the long way and names what is wrong). Memoised: recall reads
    the same stored timestamps for every query (datetimes are immutable)."""
    try:
        dt = _dateparser.isoparse(value)
    except (ValueError, OverflowError):
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    try:
        dt.utcoffset()
        return dt.astimezone(UTC).replace(microsecond=0)
    except (OverflowError, ValueError):
        return None


def parse_dt(value: object, what: str = "timestamp") -> datetime | None:
    """Parse an ISO string, a date, or a Unix epoch into an aware UTC datetime.
    Anything else (a list, NaN, a year past 9999, an offset of a day or more) is an
    InputError naming `what`."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        done = _iso_utc(value)
        if done is not None:
            return done
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, bool):
        raise _bad(value, what)
    elif isinstance(value, (int, float)):
        dt = _from_epoch(float(value), what)
    elif isinstance(value, str):
        dt = _from_text(value, what)
    else:
        raise _bad(value, what, "give a string in ISO 8601 (2026-03-04T09:00:00Z) or a Unix time")
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    try:
        dt.utcoffset()
    except ValueError:
        raise _bad(value, what, "a UTC offset must be less than 24 hours (+05:30, -08:00)") from None
    try:
        return dt.astimezone(UTC).replace(microsecond=0)
    except (OverflowError, ValueError):
        raise _bad(value, what, "it falls outside the years 1 to 9999 in UTC") from None


def iso_or_none(value: str | datetime | None, what: str = "timestamp") -> str | None:
    return to_iso(parse_dt(value, what))
