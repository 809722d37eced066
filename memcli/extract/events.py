"""The date of one of the user's own once-only events, as a single-valued fact.

"Our wedding is 14 December in Kisumu", then "we are looking at 12 April for the
wedding" or "we pushed the wedding to May": there is one wedding, so its new date
replaces the old one by its key (`wedding_date`), and `--as-of` still answers the old
date. Someone else's event ("my sister's wedding is on 3 May") and what belongs to an
event ("our wedding photos", "our wedding anniversary") are left alone; two flights or
two appointments are several events, never one slot.

And a date asked to be booked for the fact said just before it ("she wants a party at Stone
Summit. Book it for Saturday the 25th"): the fact takes that date (`booked`).
"""

from __future__ import annotations

import re
from datetime import datetime

from ..dates import resolve_dates
from ..models import Extraction
from .lexicon import _I

_EVENT = (r"(?P<e>wedding|graduation|move|moving day|due date|surgery|operation|housewarming|viva|thesis defen[cs]e|"
          r"citizenship ceremony|big day)")
_NOT_THE_EVENT = r"(?!\s+(?:anniversary|photos?|pictures|dress|suit|venue|planner|planning|list|budget|gift|present|party|cake))"
# a date as `dates.resolve_dates` writes it: "on 2025-04-12", "in April 2025", "in 2026"
_DATE = r"(?P<d>\d{4}-\d\d-\d\d|(?-i:[A-Z][a-z]+) \d{4}|(?:19|20)\d\d)\b"
_PREP = r"(?:on|for|at|in|to|during)\s+(?:the week of\s+)?"
_MOVED = r"(?:moved|pushed|postponed|rescheduled|changed|brought forward|put off|delayed)"
_SAID_RES = (
    # "our wedding is on 2024-12-14", "our wedding got pushed to May 2026", "my surgery is now on 2025-03-02"
    re.compile(r"^(?:(?:so|and|but|also|now)\s+)?(?:my|our)\s+" + _EVENT + r"\b" + _NOT_THE_EVENT +
               r"\s+(?:is|will be|has been|got|was)\s+(?:(?:now|still|set|booked|scheduled|planned|officially|back|"
               + _MOVED + r")\s+)*" + _PREP + _DATE, _I),
    # "we are looking at 2025-04-12 for the wedding", "we settled on 2025-06-07 for our wedding"
    re.compile(r"^(?:(?:so|and|but|also|now)\s+)?(?:we|i)\s+(?:are|am|have|were)?\s*(?:now\s+)?(?:looking at|aiming for|"
               r"planning for|going for|settled on|picked|chose|booked|set)\s+(?:(?:on|for|at)\s+)?" + _DATE +
               r"\s+for\s+(?:the|our|my)\s+" + _EVENT + r"\b" + _NOT_THE_EVENT, _I),
    # "we pushed the wedding to May 2026", "I rescheduled my surgery to 2025-03-02"
    re.compile(r"^(?:(?:so|and|but|also|now)\s+)?(?:we|i)\s+(?:have\s+|had\s+)?(?:just\s+)?" + _MOVED +
               r"\s+(?:the|our|my)\s+" + _EVENT + r"\b" + _NOT_THE_EVENT + r"\s+(?:back\s+)?" + _PREP + _DATE, _I),
)


def own_event_date(c: str) -> tuple[str, str, str | None] | None:
    """(key, date, change) when the first-person clause `c` (dates resolved) gives the
    date of the user's own once-only event, else None."""
    for rx in _SAID_RES:
        m = rx.match(c)
        if m:
            event = re.sub(r"\W+", "_", m.group("e").lower())
            moved = rx is not _SAID_RES[0] or re.search(r"\b(?:now|" + _MOVED + r")\b", m.group(0), _I)
            return f"{event}_date", m.group("d"), "update" if moved else None
    return None


_BOOK_IT_RE = re.compile(r"^(?:(?:can you|could you|pls|please)\s+)?(?P<v>book|schedule|reserve|plan|set|pencil|put)"
                         r" (?:it|that|this|them)(?: (?:in|up|down))? (?:for|on) (?P<when>.+?)[\s.!?]*$", _I)
_BOOKED = {"book": "booked", "schedule": "scheduled", "reserve": "reserved", "plan": "planned", "set": "set",
           "pencil": "pencilled in", "put": "put in"}


def booked(raw: str, ex: Extraction, now: datetime) -> bool:
    """ "she wants a party at Stone Summit. Book it for Saturday the 25th": a request, but
    its date is the event's, said of the fact before it (which then says it). True when
    the date was given to that fact."""
    m = _BOOK_IT_RE.match(raw)
    if not m or not ex.facts or ex.facts[-1].safety or (ex.discarded and ex.discarded[-1].after == len(ex.facts)):
        return False  # "it" is the clause just before, when that gave the last fact
    resolved, ed = resolve_dates(m.group("when"), now)
    if ed is None:
        return False
    f = ex.facts[-1]
    f.text = f"{f.text.rstrip('.')}, {_BOOKED[m.group('v').lower()]} for {re.sub(r'^on ', '', resolved)}"
    f.event_date = f.event_date or ed
    f.kind = "episodic" if f.kind == "semantic" else f.kind
    return True
