"""Values put right: a message or a sentence that corrects the value just said ("No
wait, 21!", "sorry, my bad, I meant Tuesday", "make that June 16", "it's 14 not 41"),
read as (the wrong value if named, the right one), and the fact said again with it.
A value corrects a value of its own shape: a day a day, a quantity a quantity."""

from __future__ import annotations

import re
from datetime import datetime

from ..dates import resolve_dates
from ..models import Discard, Extraction
from ..text import MONTH_NAMES, MONTHS, WEEKDAYS

_I = re.IGNORECASE

# "No wait, 21!", "sorry, I meant 41", "make that June 16", "it's 14 not 41": the value
# just said was wrong; the fact it went into is said again with the right one.
_CORRECTION_RE = re.compile(
    r"^(?:(?:sorry|oops|no|ugh|oh|ah|ok|okay|hmm|sorry,? no)[,!.]?\s+)*(?:no wait|wait,? no|wait|i meant|i mean|make that|"
    r"correction|sorry|typo|scratch that|my (?:bad|mistake|error)|i (?:said|typed|wrote|put|got) (?:that|it|this) "
    r"(?:wrong|wrongly|incorrectly))(?:[,:!.]?\s+(?:sorry|my (?:bad|mistake|error)|i meant|i mean|make that|no))*[,:!.]?\s+(?:it'?s\s+|it is\s+|that'?s\s+|"
    r"actually\s+)?(?:(?:on|at|by|for|to|from)\s+)?(?:the\s+(?=\d))?(?P<v>[^,.!?;]{1,40}?)"
    r"(?:,?\s+not\s+(?P<old>[^,.!?;]{1,40}))?(?:,\s+(?P<rest>[^.!?]+))?\s*[.!]*$", _I)
_MONTHS_ALT = "|".join(MONTH_NAMES)
_VALUE_TOKEN = re.compile(r"\b\d{4}-\d{2}-\d{2}\b|(?i:(?:next |this )?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|\d{1,2}(?:st|nd|rd|th)|\$?\d[\d,.:]*(?:\s?(?:kg|km|am|pm|%|mg))?"
                          rf"|\b(?:{_MONTHS_ALT})\s+\d{{1,2}}\b|\b\d{{1,2}}\s+(?:{_MONTHS_ALT})\b")
_DAY_TOKEN = rf"(?:(?:{_MONTHS_ALT})\s+\d{{1,2}}|\d{{1,2}}\s+(?:{_MONTHS_ALT})|\d{{4}}-\d\d-\d\d)"
_RANGE_RE = re.compile(rf"(?P<a>{_DAY_TOKEN})\s*(?:to|-|\u2013|until|till|through)\s*(?P<b>{_DAY_TOKEN}|\d{{1,2}})", _I)


def correction_of(sentence: str, now: datetime) -> tuple[str | None, str] | None:
    """(the wrong value if named, the right value) when the sentence corrects a value."""
    m = _correction_match(sentence)
    if not m:
        return None
    new = m.group("v").strip()
    span = _RANGE_RE.fullmatch(new)
    if span:  # "June 21 to 24": the two ends of a stay or a trip, each resolved as a date
        first, last = span.group("a"), span.group("b")
        if last.isdigit() and not first[:1].isdigit():
            last = f"{first.split()[0]} {last}"  # "June 21 to 24": the month of the first
        ends = [re.sub(r"^on\s+", "", resolve_dates("on " + e, now)[0]) for e in (first, last)]
        return None, f"{ends[0]} to {ends[1]}"
    if not _VALUE_TOKEN.fullmatch(new):
        return None  # only a value (a number, a date) corrects a value
    if not new[:1].isdigit() or re.search(r"[A-Za-z]", new):  # "June 16": a date, resolved as the fact's was
        resolved, when = resolve_dates("on " + new, now)
        if when is not None:
            new = re.sub(r"^on\s+", "", resolved)
    old = m.group("old")
    return (old.strip() if old else None), new


def _correction_match(sentence: str) -> re.Match[str] | None:
    return _CORRECTION_RE.match(sentence.strip())


def correction_rest(sentence: str) -> str:
    """What a correction sentence says after its value ("Wait no, 16 June, I read the
    letter wrong"): its own clause, extracted as any other."""
    m = _correction_match(sentence)
    return (m.group("rest") or "").strip() if m else ""


def _shape(value: str) -> str:
    """What kind of value a token is: a day ("2025-06-14", "June 14", "the 14th", "Tuesday") or a quantity."""
    if re.fullmatch(r"\d{4}-\d\d-\d\d|\d{1,2}(?:st|nd|rd|th)|\D+\s\d{1,2}|\d{1,2}\s\D+|\D+day", value.strip(), _I):
        return "day"
    return "quantity"


def corrected(text: str, old: str | None, new: str) -> tuple[str, str] | None:
    """(the text with the wrong value replaced, the value replaced) or None when it holds none.
    A range ("2025-06-21 to 2025-06-24") replaces the first two dates the text holds."""
    found = [t.group(0) for t in _VALUE_TOKEN.finditer(text)]
    ends = re.fullmatch(r"(\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)", new)
    if ends:
        dates = [f for f in found if re.fullmatch(r"\d{4}-\d\d-\d\d", f)][:2]
        if len(dates) < 2 or tuple(dates) == ends.groups():
            return None
        out = text.replace(dates[0], "\x00", 1).replace(dates[1], ends.group(2), 1).replace("\x00", ends.group(1), 1)
        return out, f"{dates[0]} to {dates[1]}"
    alike = [f for f in found if _shape(f) == _shape(new)]  # a date corrects a date, not "at 3"
    pool = alike or found
    target = old if old and old in text else (pool[-1] if pool else None)
    if target is None or target == new:
        return None
    return text.replace(target, new, 1), target


# "practice is Thursday 6pm ... wait sorry, Tuesday", "a trip in april. wait no its may": a
# day or a month corrected in a later sentence of the message
_WEEKDAY = r"(?:" + "|".join(WEEKDAYS) + r")(?:\s+the\s+\d{1,2}(?:st|nd|rd|th))?"
_MONTH = r"(?:" + "|".join(MONTHS) + r")"
_DAY = r"(?:" + _WEEKDAY + r"|" + _MONTH + r")"
_DAY_FIX_RE = re.compile(
    r"^(?:(?:ugh|oh|oops|no)[,!.]?\s+)*(?:no wait|wait|sorry|i mean|i meant|correction)(?:[,!.]?\s+(?:no|sorry|i mean|"
    r"i meant))*[,:!.]?\s+(?:it'?s\s+|its\s+|it is\s+|make (?:it|that)\s+|actually\s+)?(?:on\s+|in\s+)?(?P<v>" + _DAY
    + r")(?:,?\s+not\s+(?:on\s+|in\s+)?(?P<old>" + _DAY + r"))?\s*(?:[,;.!]+\s*(?P<rest>.*))?$", _I)


def days_fixed(sentences: list[str], ex: Extraction) -> list[str]:
    """The message's sentences with a day or a month corrected in a later sentence put
    right in the one that said it (the nearest before that names one of its kind, or the
    wrong one named); the correction itself is logged as discarded."""
    out: list[str] = []
    for s in sentences:
        m = _DAY_FIX_RE.match(s.strip())
        if m and m.group("v") and out:
            old = m.group("old")
            kind = _MONTH if re.fullmatch(_MONTH, m.group("v"), _I) else _WEEKDAY  # a month corrects a month
            pattern = re.compile(r"\b" + (re.escape(old) if old else kind) + r"\b", _I)
            for j in range(len(out) - 1, -1, -1):
                found = list(pattern.finditer(out[j]))
                if found:
                    w = found[-1]
                    ex.discarded.append(Discard(clause=s.strip(), reason=f"a correction: {w.group(0)} -> "
                                                f"{m.group('v')} in the sentence before", after=len(ex.facts)))
                    out[j] = out[j][:w.start()] + m.group("v") + out[j][w.end():]
                    break
            else:
                out.append(s)
                continue
            if (m.group("rest") or "").strip():
                out.append(m.group("rest").strip())
            continue
        out.append(s)
    return out
