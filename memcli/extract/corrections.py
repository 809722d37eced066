"""Values put right: a message or a sentence that corrects the value just said ("No
wait, 21!", "sorry, my bad, I meant Tuesday", "make that June 16", "it's 14 not 41"),
read as (the wrong value if named, the right one), and the fact said again with it.
A value corrects a value of its own shape: a day a day, a quantity a quantity."""

from __future__ import annotations

import calendar
import re
from datetime import datetime

from ..date_words import ISO_SAID_RE, without_said_days
from ..dates import resolve_dates
from ..models import Discard, Extraction
from ..text import FOREIGN_MONTHS, MONTH_NAMES, MONTHS, WEEKDAYS

_I = re.IGNORECASE

# "No wait, 21!", "sorry, I meant 41", "make that June 16", "it's 14 not 41": the value
# just said was wrong; the fact it went into is said again with the right one.
# "sorry" in the languages users mix in: "no, perdón, it's Saturday April 18"
_SORRY = r"(?:sorry|perd[o\u00f3]n|perd[a\u00e3]o|desculpa|disculpa|pardon|d[e\u00e9]sol[e\u00e9]e?|entschuldigung|scusa|sori)"
# "no" in those languages, and the particles said after "sorry" ("sorry lah I mean 15 Sep")
_NO = r"(?:no|n[a\u00e3]o|non|nein|nee|nie)"
_PARTICLE = r"(?:lah|la|leh|ah|eh|ya|yaar|na|sia|man|bro)"
# "No, scusa, I confuse, 16 thousand": the user mixed the values up
_MIXED = r"(?:i (?:confuse|confused|got (?:it |them )?confused|mixed (?:it |them )?up|mix (?:it |them )?up))"
_CORRECTION_RE = re.compile(
    r"^(?:(?:" + _SORRY + r"|oops|" + _NO + r"|ugh|oh|ah|ok|okay|hmm|sorry,? no)[,!.]?\s+)*(?:no wait|wait,? no|wait|"
    r"i meant|i mean|make that|correction|" + _SORRY + r"|typo|scratch that|my (?:bad|mistake|error)|"
    r"i (?:said|typed|wrote|put|got) (?:that|it|this) (?:wrong|wrongly|incorrectly)|" + _MIXED + r"|" + _NO + r"(?=,))"
    r"(?:[,:!.]?\s+(?:" + _SORRY + r"|my (?:bad|mistake|error)|i meant|i mean|make that|no|" + _MIXED + r"|"
    + _PARTICLE + r"))*[,:!.]?\s+"
    # an aside before the value said again: "no wait, mi look pon di ticket again, is February 21"
    r"(?:[^,.!?;]{3,60},\s+(?=(?:it'?s|its|it is|is)\s))?(?:it'?s\s+|it is\s+|is\s+|that'?s\s+|"
    r"actually\s+)?(?:(?:on|at|by|for|to|from)\s+)?(?:the\s+(?=\d))?(?P<v>[^,.!?;]{1,40}?)"
    r"(?:,?\s+not\s+(?P<old>[^,.!?;]{1,40}))?(?:,\s+(?P<rest>[^.!?]+))?\s*[.!]*$", _I)
_MONTHS_ALT = "|".join(MONTH_NAMES)
# a month as a value is written short too: "goes live apr 23 - sorry, i mean apr 30"
_MONTHS_SHORT = _MONTHS_ALT + "|" + "|".join(m[:3] for m in MONTH_NAMES if len(m) > 4) + "|Sept"
_VALUE_TOKEN = re.compile(r"\b\d{4}-\d{2}-\d{2}\b|(?i:(?:next |this )?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b"
                          # a day before its month, whole: "14 June", "20 de setembro"
                          rf"|\b\d{{1,2}}\s+(?:{_MONTHS_SHORT})\b|\b\d{{1,2}}\s+(?:de\s+)?(?i:{'|'.join(FOREIGN_MONTHS)})\b"
                          r"|\d{1,2}(?:st|nd|rd|th)|[$£€]?\d[\d,.:]*(?:\s?(?:kg|km|am|pm|%|mg|k|thousand|hundred|million|"
                          r"grand|pounds|euros?|dollars|quid|yen|lbs?|stone))?"
                          r"|(?i:(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?)"  # "Saturday April 18"
                          rf"\b(?i:{_MONTHS_SHORT})\s+\d{{1,2}}\b")
_DAY_TOKEN = rf"(?:(?:{_MONTHS_ALT})\s+\d{{1,2}}|\d{{1,2}}\s+(?:{_MONTHS_ALT})|\d{{4}}-\d\d-\d\d)"
_RANGE_RE = re.compile(rf"(?P<a>{_DAY_TOKEN})\s*(?:to|-|\u2013|until|till|through)\s*(?P<b>{_DAY_TOKEN}|\d{{1,2}})", _I)


def correction_of(sentence: str, now: datetime) -> tuple[str | None, str] | None:
    """(the wrong value if named, the right value) when the sentence corrects a value."""
    m = _correction_match(sentence)
    if not m:
        loose = _taken_back(sentence)
        if loose is None:
            return None
        return None, _resolved_value(loose, now)
    new = m.group("v").strip()
    span = _RANGE_RE.fullmatch(new)
    if span:  # "June 21 to 24": the two ends of a stay or a trip, each resolved as a date
        first, last = span.group("a"), span.group("b")
        if last.isdigit() and not first[:1].isdigit():
            last = f"{first.split()[0]} {last}"  # "June 21 to 24": the month of the first
        ends = [re.sub(r"^on\s+", "", resolve_dates("on " + e, now)[0]) for e in (first, last)]
        return None, f"{ends[0]} to {ends[1]}"
    if not _VALUE_TOKEN.fullmatch(new):
        # "wait sorry its 2508 i always flip it": the value, then only why it was wrong
        loose = _taken_back(sentence)
        return None if loose is None else (None, _resolved_value(loose, now))  # only a value corrects a value
    old = m.group("old")
    return (old.strip() if old else None), _resolved_value(new, now)


def _resolved_value(new: str, now: datetime) -> str:
    if not new[:1].isdigit() or re.search(r"[A-Za-z]", new):  # "June 16": a date, resolved as the fact's was
        resolved, when = resolve_dates("on " + new, now)
        if when is not None:
            new = re.sub(r"^on\s+", "", resolved)
    return new


def _correction_match(sentence: str) -> re.Match[str] | None:
    return _CORRECTION_RE.match(sentence.strip())


def _taken_back(sentence: str) -> str | None:
    """The value of "wait no june 13 sorry i always get her date wrong": words that take
    back, a value, then nothing or only why it was wrong."""
    m = _TAKEN_BACK_RE.match(sentence.strip())
    if not m or (m.group("rest").strip(" ,;.!") and not _WHY_WRONG.match(m.group("rest"))):
        return None
    return m.group("v").strip()


def correction_rest(sentence: str) -> str:
    """What a correction sentence says after its value ("Wait no, 16 June, I'm madrinha"):
    its own clause, extracted as any other, unless it only says why the value was wrong
    ("I read the letter wrong", "I was looking at last year's calendar")."""
    m = _correction_match(sentence)
    rest = (m.group("rest") or "").strip() if m else ""
    return "" if _WHY_WRONG.match(rest) else rest


def _shape(value: str) -> str:
    """What kind of value a token is: a day ("2025-06-14", "June 14", "the 14th", "Tuesday") or a quantity."""
    if re.fullmatch(r"\d{4}-\d\d-\d\d|\d{1,2}(?:st|nd|rd|th)|\D+\s\d{1,2}|\d{1,2}\s\D+|\D+day", value.strip(), _I):
        return "day"
    return "quantity"


def corrected(text: str, old: str | None, new: str) -> tuple[str, str, str] | None:
    """(the text with the wrong value replaced, the value replaced, the value put in its
    place) or None when it holds none.
    A range ("2025-06-21 to 2025-06-24") replaces the first two dates the text holds."""
    said, text = text, without_said_days(text)  # the words said for a day that is put right go with it
    found = [t.group(0) for t in _VALUE_TOKEN.finditer(text)]
    ends = re.fullmatch(r"(\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)", new)
    if ends:
        dates = [f for f in found if re.fullmatch(r"\d{4}-\d\d-\d\d", f)][:2]
        if len(dates) < 2 or tuple(dates) == ends.groups():
            return None
        out = text.replace(dates[0], "\x00", 1).replace(dates[1], ends.group(2), 1).replace("\x00", ends.group(1), 1)
        return out, f"{dates[0]} to {dates[1]}", new
    alike = [f for f in found if _shape(f) == _shape(new)]  # a date corrects a date, not "at 3"
    pool = alike or found
    target = old if old and old in text else (pool[-1] if pool else None)
    if target is None or target == new:
        return None
    new = _near(new, target)
    if re.fullmatch(r"\d{4}-\d\d-\d\d", target) and target in said:  # ... and only those: another
        text = without_said_days(said, target)  # day of the text keeps its words ("April 13" beside the 27th put right)
    return text.replace(target, new, 1), target, new


def _near(new: str, old: str) -> str:
    """A date put right in its day or month stays beside the date it corrects ("Feb 14 next
    year... no wait, February 21" is the same February): of its year and the years either
    side, the one nearest the old date. A date that changes only its year is as said."""
    if not (re.fullmatch(r"\d{4}-\d\d-\d\d", new) and re.fullmatch(r"\d{4}-\d\d-\d\d", old)) or new[4:] == old[4:]:
        return new
    first = datetime.fromisoformat(old)
    years = [int(old[:4]) + d for d in (-1, 0, 1)]
    ok = [y for y in years if new[5:] != "02-29" or calendar.isleap(y)]  # a 29 February only of a leap year
    best = min(ok, key=lambda y: abs((datetime.fromisoformat(f"{y}{new[4:]}") - first).days))
    return f"{best}{new[4:]}"


# "practice is Thursday 6pm ... wait sorry, Tuesday", "a trip in april. wait no its may",
# "Physio's Tuesday the 28th. Nah, Thursday the 30th.": a day or a month corrected in a later
# sentence of the message (a bare "no" or "nah" only before the day alone: "No, Wednesday is
# church" is a sentence of its own)
_WEEKDAY = r"(?:" + "|".join(WEEKDAYS) + r")(?:\s+the\s+\d{1,2}(?:st|nd|rd|th))?"
_MONTH = r"(?:" + "|".join(MONTHS) + r")"
_DAY = r"(?:" + _WEEKDAY + r"|" + _MONTH + r")"
_DAY_FIX_RE = re.compile(
    r"^(?:(?:ugh|oh|oops|no)[,!.]?\s+)*(?:(?:no wait|wait|sorry|i mean|i meant|correction)(?:[,!.]?\s+(?:no|sorry|i mean|"
    r"i meant))*|nah|nope|no)[,:!.]?\s+(?:it'?s\s+|its\s+|it is\s+|make (?:it|that)\s+|actually\s+)?(?:on\s+|in\s+)?(?P<v>" + _DAY
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


# The words that take back what was just said: "no wait", "sorry I mean", "no hang on".
_TAKE_BACK = (r"(?:(?:no,?\s+)?wait,?(?:\s+no)?|no,?\s+hang on|hang on|" + _SORRY + r"|oops|i mean|i meant|or rather|"
              r"(?:scratch|strike) that|no)")
# a value a correction can give: a date or a day ("june 13", "the 16th", "Tuesday"), a number
_FIX_VALUE = (rf"(?:the\s+)?(?:\d{{4}}-\d\d-\d\d|\d{{1,2}}(?:st|nd|rd|th)\b|(?:{_MONTHS_SHORT})\s+\d{{1,2}}(?:st|nd|rd|th)?\b|"
              rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTHS_SHORT})\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
              r"[£$€]?\d[\d,.:]*(?:\s?(?:kg|km|lb|am|pm|%|mg)\b)?)")
# what follows a value put right and only says why it was wrong ("sorry I always get her
# date wrong", "the 12th is wrong", "I read the letter wrong")
_WHY_WRONG = re.compile(r"\s*[,;.!-]*\s*(?:sorry\b|my (?:bad|mistake)\b|typo\b|i (?:always|keep)\b|always\b|"
                        r"(?:i\s+)?(?:typed|wrote|said|put|got|read|had) (?:it|that|this|the \w+)(?: \w+){0,3} wrong\b|"
                        # what the wrong value was read from: "I was looking at the calendar of last year"
                        r"(?:i\s+)?(?:was\s+)?(?:looking|looked|reading|read|checking|checked) (?:at|on|from)\b)", _I)
# "the meeting is on the 12th sorry I mean the 19th", "the letter says it's on the 9th, no
# hang on I've got it the wrong way up, it's the 16th": a value taken back inside its own
# sentence, with or without a comma, the new value said after the words that take it back
# (and after an aside, when "it's" says the value again)
_FIXED_IN_SENTENCE_RE = re.compile(
    rf"^(?P<head>.*?\S)\s*[,;\u2013\u2014-]?\s+(?P<marks>(?:{_TAKE_BACK}[,:!]?\s+)+)"
    rf"(?:(?P<aside>[^,.!?]{{3,60}}),\s+(?=it'?s\s|its\s|it is\s))?(?:it'?s\s+|its\s+|it is\s+|make (?:it|that)\s+)?"
    rf"(?:on\s+)?(?P<v>{_FIX_VALUE})(?P<rest>(?:\s|[,;.!]|$).*)$", _I)


def _day_or_number(value: str) -> str:
    v = re.sub(r"^the\s+", "", value.strip(), flags=_I)
    return "day" if _shape(v) == "day" or re.search(rf"\b(?:{_MONTHS_SHORT})\b", v, _I) else "quantity"


def fixed_in_sentence(sentence: str) -> tuple[str, str, str] | None:
    """(the sentence with the value it takes back replaced, the wrong value, the right
    one), or None: the last value of the head of the new value's shape (a day a day, a
    number a number) is the wrong one; what follows the new value stays, but not what
    only says why it was wrong. The words that take it back need a value of that shape
    before them ("I have 2 dogs, no cats" takes nothing back)."""
    said = sentence.strip()
    m = _FIXED_IN_SENTENCE_RE.match(said)
    if not m:
        return None
    if m.group("marks").strip(" ,:!").lower() == "no" and not re.search(r"[,;\u2013\u2014-]\s*$", said[:m.start("marks")]):
        return None  # a bare "no" takes back only after a pause: "on the 9th, no, the 16th"
    new = m.group("v").strip()
    shape = _day_or_number(new)
    head = m.group("head")
    olds = [t for t in re.finditer(rf"(?<![\w.,]){_FIX_VALUE}", head, _I) if _day_or_number(t.group(0)) == shape]
    if not olds or olds[-1].group(0).strip().lower() == new.lower():
        return None
    old = olds[-1]
    rest = m.group("rest")
    counted, then = re.match(r"\s+([A-Za-z]+)", head[old.end():]), re.match(r"\s+([A-Za-z]+)", rest)
    if counted and then and counted.group(1).lower() != then.group(1).lower() and then.group(1).lower().endswith("s") \
            and not _WHY_WRONG.match(rest):
        return None  # "we have 3 kids, no, 4 grandkids": another thing counted, not the count put right
    why = _WHY_WRONG.search(rest)
    bare_old = re.sub(r"^the\s+", "", old.group(0).strip(), flags=_I)
    again = re.search(r"(?:\bthe\s+)?" + re.escape(bare_old) + r"\b", rest, _I)
    cut = min([x.start() for x in (why, again) if x is not None], default=len(rest))
    # "2 dogs no wait 3 dogs": the rest says the thing counted again
    tail = "" if counted and then and counted.group(1).lower() == then.group(1).lower() else head[old.end():]
    text = (head[:old.start()] + new + tail + rest[:cut]).rstrip(" ,;-")
    return text, old.group(0).strip(), new


# "wait no june 13 sorry i always get her date wrong": a value taken back in a sentence of
# its own, only why it was wrong after it
_TAKEN_BACK_RE = re.compile(rf"^(?:(?:{_TAKE_BACK}|correction|make that)[,:!]?\s+)+(?:it'?s\s+|its\s+|it is\s+)?"
                            rf"(?:on\s+)?(?P<v>{_FIX_VALUE})(?P<rest>(?:\s|[,;.!]|$).*)$", _I)


# "correction: CE course is Sat the 16th, typed it wrong", "sorry, I meant the dentist is on
# Friday", "the deposit is 450, I typed it wrong": a fact said again with its value put right
_RESTATED_LEAD_RE = re.compile(r"^(?:(?:quick|small|one|a)\s+)?(?:correction|correcting myself|to correct myself|"
                               r"sorry,?\s+i meant(?: to say)?|i meant(?: to say)?)(?!\s+to\b)\s*(?:[:\u2013\u2014-]|,|\s)\s*"
                               r"(?P<clause>.+)$", _I)
_RESTATED_TAIL_RE = re.compile(r"^(?P<clause>.+?)\s*[,;\u2013\u2014-]\s*(?:sorry,?\s+)?(?:i\s+)?(?:typed|wrote|said|put|got) "
                               r"(?:it|that|this)(?: \w+){0,2} wrong\b.*$", _I)


def restated(sentence: str) -> str | None:
    """The clause of a sentence that says a fact again to put its value right (it names
    what it corrects, unlike "sorry, I meant 41"), without the words that mark it so."""
    s = sentence.strip().strip("-*\u2022 ")
    lead = _RESTATED_LEAD_RE.match(s)
    clause = lead.group("clause") if lead else s
    tail = _RESTATED_TAIL_RE.match(clause)
    if tail:
        clause = tail.group("clause")
    elif not lead:
        return None
    clause = _WHY_WRONG.split(clause, maxsplit=1)[0].strip(" ,;.!-")
    if not re.search(rf"(?<![\w.,]){_FIX_VALUE}", clause, _I):
        return None
    words = [w for w in re.findall(r"[A-Za-z]{3,}", clause) if not re.fullmatch(
        rf"(?:the|and|its|it's|is|are|was|on|at|for|{_MONTHS_ALT}|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
        rf"\d+(?:st|nd|rd|th))", w, _I)]
    return clause if words else None


def values_in(text: str) -> list[str]:
    """The values a text says (dates, days, numbers), in order."""
    return [t.group(0) for t in _VALUE_TOKEN.finditer(text)]


def same_shape(a: str, b: str) -> bool:
    """Whether two values are of one shape: a day and a day, a number and a number."""
    return _shape(a) == _shape(b)


_ISO_DAY = ISO_SAID_RE  # a day in figures, with the user's words for it beside it if kept


def moved_day(old: str, new: str) -> str | None:
    """The old record with the one day it holds moved to the day the update gives, when the
    update says no more than the move ("Now on 2025-03-09, same flight no" of "Flight
    JNB-CPT on 2025-03-07, FlySafair FA212"): the flight number stays. None otherwise, and
    when the update says a time, a figure or a name of its own ("moved to 2025-03-14 at 3pm")."""
    days_old, days_new = _ISO_DAY.findall(old), _ISO_DAY.findall(new)
    if len(days_old) != 1 or len(days_new) != 1 or days_old == days_new:
        return None
    said, had = _ISO_DAY.sub(" ", new), _ISO_DAY.sub(" ", old)
    if re.search(r"\d", said) or set(re.findall(r"(?<!^)\b[A-Z][\w-]+", said)) - set(re.findall(r"\w+", had)):
        return None  # the update says more than the move (a time, a place): it is kept as said
    lost = {w for w in re.findall(r"\b(?=\w*\d)\w{3,}\b|\b[A-Z][\w-]+\b", had)} - set(re.findall(r"\w+", new))
    return old.replace(days_old[0], days_new[0]) if lost else None


def said_as_meant(text: str) -> str:
    """A message with each value it takes back inside its own sentence said as the right one
    (`fixed_in_sentence`): the episode of "the appointment is on Sept 21 - sorry, I misread the
    letter, it is 12 September" says 12 September, as its facts do (the turn keeps the words
    as typed)."""
    parts = re.split(r"((?<=[.!?])\s+|\n+)", text)
    for i in range(0, len(parts), 2):
        fixed = fixed_in_sentence(parts[i]) if parts[i].strip() else None
        if fixed is not None:
            parts[i] = fixed[0]
    return "".join(parts)
