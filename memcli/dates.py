"""Deterministic resolution of relative dates against a message's timestamp.

`resolve_dates(text, now)` rewrites every date expression it recognises into an
absolute one and returns the rewritten text plus the first date found.

Conventions (weeks start on Monday, as in ISO 8601):

- "today", "tonight", "this morning/afternoon/evening" -> now's date;
  "yesterday", "tomorrow", "the day before yesterday", "the day after tomorrow".
- "this Friday"  -> the coming Friday (today if today is Friday).
- "next Friday"  -> the Friday of *next* week. Said on Wed 2026-03-04 that is
  2026-03-13 (not 2026-03-06, which is "this Friday").
- "last Friday"  -> the most recent Friday strictly before today.
- bare "Friday" / "on Friday" -> the coming one, or the previous one when the
  clause is in the past tense ("I ran on Sunday").
- "this/next/last weekend" -> the Saturday of that weekend.
- "next/last/this week" -> "the week of <Monday ISO>" (event_date = that Monday).
- "next/last/this month" -> "<Month YYYY>" (event_date = the 1st).
- "next/last/this year" -> "<YYYY>" (event_date = Jan 1st).
- "in 3 days", "in two weeks", "3 weeks ago", "a month ago", "2 years ago":
  days/weeks -> ISO day; months -> "Month YYYY"; years -> "YYYY".
- "March 3", "March 3rd", "3 March", "March 3, 2025", "on 3/14" (US m/d),
  "3/14/2026", ISO "2026-03-14": without a year, the occurrence nearest to now
  (within six months), or the next/previous one when the clause is clearly
  future/past tense.
- "in May" -> "in May 2026" (same year rule as above).

Day-granularity dates are written "on 2026-03-13"; a preceding preposition
("since", "until", "by", "before", "after", "from") is kept instead of "on".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from dateutil.relativedelta import relativedelta

from .date_tense import FUTURE_RE, RESCHEDULE_VERBS, said_tense
from .date_words import month_named, short_weekday_as_word, spelled_out
from .text import MONTH_NAMES, MONTHS, WEEKDAY_SHORT, WEEKDAYS

_Result = tuple[str, date | None] | None
"""A rule's phrase and date (None: leave the match as it is)."""

__all__ = ["RESCHEDULE_VERBS", "resolve_dates"]

_MON_ABBR = {m[:3]: i + 1 for i, m in enumerate(MONTHS)}
_MON_ABBR["sept"] = 9

_NUMWORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
             "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
             "a couple of": 2, "a couple": 2, "couple of": 2, "a few": 3, "few": 3, "several": 3}

_WD = r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thur?s?|fri|sat|sun)"
_MON = (r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
        r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_NUM = r"(?P<n>\d+|a couple of|a couple|couple of|a few|few|several|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_UNIT = r"(?P<unit>days?|weeks?|months?|years?)"
_PREP = r"(?:\b(?P<prep>as of|on|since|until|till|by|before|after|from|in|during|for|to|at)\s+)?"
_PARTS = r"(?:\s+(?:morning|afternoon|evening|night)\b)?"

# Dates that come round every year keep their month and day only.
# what a lower-case "may 3" or "jan 5" is a date after
_DATE_LEAD_RE = re.compile(r"\b(?:on|to|by|until|till|til|from|before|after|is|was|'s|for|since)\s*$", re.I)
_RECURRING_RE = re.compile(r"\b(?:birthdays?|bday|b-day|anniversar(?:y|ies)|born|name ?day|feast day|every year|"
                           r"each year|yearly|annual(?:ly)?)\b", re.I)


def _num(s: str) -> int:
    s = s.lower().strip()
    if s.isdigit():
        return int(s)
    return _NUMWORDS.get(s, 1)


def _wd_index(s: str) -> int:
    s = s.lower()
    if s in WEEKDAYS:
        return WEEKDAYS.index(s)
    return WEEKDAY_SHORT.get(s, WEEKDAY_SHORT.get(s[:3], 0))


def _mon_index(s: str) -> int:
    s = s.lower()
    if s in MONTHS:
        return MONTHS.index(s) + 1
    return _MON_ABBR.get(s[:4] if s.startswith("sept") else s[:3], 1)


def _pick_year(month: int, day: int, today: date, tense: str | None) -> date | None:
    cands = []
    for y in (today.year - 1, today.year, today.year + 1):
        try:
            cands.append(date(y, month, min(day, 28) if day > 31 else day))
        except ValueError:
            continue
    if not cands:
        return None
    if tense == "future":
        fut = [c for c in cands if c >= today]
        if fut:
            return min(fut)
    elif tense == "past":
        past = [c for c in cands if c <= today]
        if past:
            return max(past)
    return min(cands, key=lambda c: (abs((c - today).days), c < today))


# --- renderers ---------------------------------------------------------------
# Each returns (phrase, date). Granularity decides the wording.

def _month_day(month: int, day: int, prep: str | None, said: str | None = None) -> _Result:
    """A yearly date (a birthday, an anniversary): month and day, no year, no date. A date
    said with its month named keeps the user's words ("on the 18th of August")."""
    if not 1 <= day <= 31:
        return None
    return f"{prep or 'on'} {said or f'{MONTH_NAMES[month - 1]} {day}'}", None


def _day(d: date, prep: str | None) -> str:
    p = (prep or "on").lower()
    if p in ("in", "during"):
        p = "on"  # "booked for 12 April", "looking at 12 April": the word said stays
    return f"{p} {d.isoformat()}"


def _week(d: date, prep: str | None) -> str:
    monday = d - timedelta(days=d.weekday())
    p = (prep or "during").lower()
    if p in ("on", "in", "for", "at"):
        p = "during"
    return f"{p} the week of {monday.isoformat()}"


def _month(d: date, prep: str | None) -> str:
    p = (prep or "in").lower()
    if p in ("on", "during", "for", "at"):
        p = "in"
    return f"{p} {MONTH_NAMES[d.month - 1]} {d.year}"


def _year(d: date, prep: str | None) -> str:
    p = (prep or "in").lower()
    if p in ("on", "during", "for", "at"):
        p = "in"
    return f"{p} {d.year}"


# Where one clause of a sentence ends: "the abstract got accepted!! talk is june 12".
_CLAUSE_BREAK_RE = re.compile(r"[,;!?\u2014\u2013]+|\.(?=\s)|\s-\s|\s(?:and|but|so|because)\s")
# a date said again to correct the one said before it: "goes live apr 23, sorry, i mean apr 30"
_CORRECTING_RE = re.compile(r"\b(?:i mean|i meant|sorry|no wait|wait no|make that|correction|perd[o\u00f3]n|desculpa|"
                            r"pardon|entschuldigung|scusa)\b", re.I)


_SENTENCE_END_RE = re.compile(r"[.!?]+(?=\s)|\n+")


class _Ctx:
    def __init__(self, now: datetime, text: str) -> None:
        self.today = now.date() if isinstance(now, datetime) else now
        self.text = text
        self.at = 0  # where the match being resolved starts
        self.recurring = bool(_RECURRING_RE.search(text))
        self.first: tuple[int, date] | None = None  # (position, date)

    @property
    def tense(self) -> str | None:
        """The tense of the clause the date is in ("got accepted!! talk is june 12": the
        talk is to come), else of the whole text."""
        if re.match(r"\s*since\s", self.text[self.at:self.at + 8], re.I):
            return "past"  # "since January": it began before
        start = end = None
        for b in _CLAUSE_BREAK_RE.finditer(self.text):
            if b.end() <= self.at:
                start = b.end()
            elif b.start() >= self.at and end is None:
                end = b.start()
        clause = self.text[start or 0:end]
        tense = said_tense(clause)
        if tense is None and self.first is not None and self.first[0] < self.at \
                and _CORRECTING_RE.search(self.text[self.first[0]:self.at]):
            # a date said again to correct the earlier one is on its side of today
            return "future" if self.first[1] >= self.today else "past"
        if tense is None and re.match(r"\s*(?:by|until|till|before)\s", self.text[self.at:self.at + 8], re.I):
            return "future"  # "wants it from me by friday, his words were ...": a deadline is to come
        tense = tense or self._sentence_tense()
        if tense == "future" and re.match(r"\s*from\s", self.text[self.at:self.at + 7], re.I) \
                and not FUTURE_RE.search(clause):
            return None  # "from the first of July I am nurse manager", said on the 7th: the nearest
        return tense

    def _sentence_tense(self) -> str | None:
        """The tense of the sentence the date is in: a verbless "Berlin, 29 September."
        after "Half marathon last Sunday." takes no tense from its neighbour."""
        start = max((b.end() for b in _SENTENCE_END_RE.finditer(self.text) if b.end() <= self.at), default=0)
        end = next((b.start() for b in _SENTENCE_END_RE.finditer(self.text) if b.start() >= self.at), len(self.text))
        return said_tense(self.text[start:end])

    def note(self, pos: int, d: date) -> None:
        if self.first is None or pos < self.first[0]:
            self.first = (pos, d)


_Handler = Callable[[re.Match[str], _Ctx], _Result]


def _h_relday(m: re.Match[str], c: _Ctx) -> _Result:
    w = m.group("w").lower()
    off = {"today": 0, "tonight": 0, "yesterday": -1, "tomorrow": 1,
           "the day before yesterday": -2, "the day after tomorrow": 2}.get(w)
    if off is None:  # this morning / this evening ...
        off = 0
    d = c.today + timedelta(days=off)
    return _day(d, m.group("prep")), d


def _h_weekday_rel(m: re.Match[str], c: _Ctx) -> _Result:
    which = m.group("which").lower().split()[-1]  # "this coming Sunday" is the coming one
    wd = _wd_index(m.group("wd"))
    t = c.today
    if which in ("this", "coming"):
        d = t + timedelta(days=(wd - t.weekday()) % 7)
    elif which == "next":
        d = t - timedelta(days=t.weekday()) + timedelta(days=7 + wd)
    else:  # last
        back = (t.weekday() - wd) % 7 or 7
        d = t - timedelta(days=back)
    return _day(d, m.group("prep")), d


def _h_weekday_span(m: re.Match[str], c: _Ctx) -> _Result:
    """"next Monday to Thursday": the days from the one named to the next of the last, once."""
    said = _h_weekday_rel(m, c)
    d = said[1] if said else None
    if d is None:
        return None
    end = d + timedelta(days=(_wd_index(m.group("wd2")) - d.weekday()) % 7)
    return f"from {d.isoformat()} to {end.isoformat()}", d


def _h_weekend(m: re.Match[str], c: _Ctx) -> _Result:
    which = m.group("which").lower().split()[-1]
    t = c.today
    if which in ("this", "coming"):
        d = t + timedelta(days=(5 - t.weekday()) % 7) if t.weekday() != 6 else t - timedelta(days=1)
    elif which == "next":
        d = t - timedelta(days=t.weekday()) + timedelta(days=12)
    else:
        back = (t.weekday() - 5) % 7 or 7
        if t.weekday() == 6:
            back = 8
        d = t - timedelta(days=back)
    return _day(d, m.group("prep")), d


def _h_period(m: re.Match[str], c: _Ctx) -> _Result:
    which = m.group("which").lower()
    unit = m.group("unit").lower()
    sign = {"next": 1, "last": -1, "this": 0, "previous": -1, "past": -1, "coming": 1}[which]
    t = c.today
    if unit == "week":
        d = t + timedelta(weeks=sign)
        d = d - timedelta(days=d.weekday())
        return _week(d, m.group("prep")), d
    if unit == "month":
        d = (t + relativedelta(months=sign)).replace(day=1)
        return _month(d, m.group("prep")), d
    d = date(t.year + sign, 1, 1)
    return _year(d, m.group("prep")), d


def _shift(c: _Ctx, n: int, unit: str, prep: str | None) -> _Result:
    unit = unit.lower().rstrip("s")
    t = c.today
    if unit in ("day", "week"):
        d = t + timedelta(days=n * (7 if unit == "week" else 1))
        return _day(d, prep), d
    if unit == "month":
        d = (t + relativedelta(months=n)).replace(day=1)
        return _month(d, prep), d
    d = date(t.year + n, 1, 1)
    return _year(d, prep), d


def _h_in_n(m: re.Match[str], c: _Ctx) -> _Result:
    if re.search(r"\b(?:haven't|hasn't|hadn't|have not|has not|had not|never|first time|(?:the )?(?:best|worst|longest|most)"
                 r")\b[^,.;!?]*$", m.string[:m.start()], re.I):  # "haven't had a smoke in 3 weeks", "first time in two
        return None  # years": how long, not when ("my first day is in 2 weeks", "can't wait to see you in 3 weeks" are)
    return _shift(c, _num(m.group("n")), m.group("unit"), None)


def _h_ago(m: re.Match[str], c: _Ctx) -> _Result:
    return _shift(c, -_num(m.group("n")), m.group("unit"), m.group("prep"))


def _h_iso(m: re.Match[str], c: _Ctx) -> _Result:
    try:
        d = date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
    except ValueError:
        return None
    return (m.group(0), d)


def _h_mdy(m: re.Match[str], c: _Ctx) -> _Result:  # March 3(rd)(, 2025)
    mon = _mon_index(m.group("mon"))
    day = int(m.group("d"))
    y = m.groupdict().get("y") or _said_year(m, c)
    if not y and c.recurring:
        said = m.group(0)[m.end("prep") - m.start():] if m.group("prep") else m.group(0)
        return _month_day(mon, day, m.group("prep"), said.strip())
    try:
        d = date(int(y), mon, day) if y else _pick_year(mon, day, c.today, c.tense)
    except ValueError:
        return None
    if d is None:
        return None
    return _day(d, m.group("prep")), d


def _h_numeric(m: re.Match[str], c: _Ctx) -> _Result:  # on 3/14, 3/14/2026
    mon, day, y = int(m.group("m")), int(m.group("d")), m.group("y")
    if not (1 <= mon <= 12 and 1 <= day <= 31):
        return None
    d: date | None
    try:
        if y:
            yy = int(y)
            if yy < 100:
                yy += 2000
            d = date(yy, mon, day)
        elif c.recurring:
            return _month_day(mon, day, m.group("prep"))
        else:
            d = _pick_year(mon, day, c.today, c.tense)
    except ValueError:
        return None
    if d is None:
        return None
    return _day(d, m.group("prep")), d


def _said_year(m: re.Match[str], c: _Ctx) -> str | None:
    """The year of "14 December this year", "in May next year"."""
    which = m.groupdict().get("ry")
    return str(c.today.year + {"this": 0, "next": 1, "last": -1}[which.lower()]) if which else None


def _h_month_only(m: re.Match[str], c: _Ctx) -> _Result:  # in May (2026)
    mon = _mon_index(m.group("mon"))
    y = m.groupdict().get("y") or _said_year(m, c)
    d: date | None
    if y:
        d = date(int(y), mon, 1)
    else:
        d = _pick_year(mon, 1, c.today.replace(day=1), c.tense)
        if d is None:
            return None
    return _month(d, m.group("prep")), d


# A habit said in the present simple: "I go to guitar lessons on Tuesday evening", "she
# volunteers on Thursdays", "lessons moved to Thursday", "the B2 course I take Thursday
# evening": the weekday recurs, no one date.
_HABIT_RE = re.compile(r"\b(?:(?:i|we|they|you)\s+(?:usually\s+|always\s+|normally\s+|often\s+)?"
                       r"(?:go|work|train|play|teach|volunteer|swim|sing|attend|practi[sc]e|take|study|learn|dance|"
                       r"coach|cycle|ride|run|walk|clean|host)|"
                       r"goes|works|trains|plays|teaches|volunteers|swims|sings|attends|practi[sc]es|meets|takes|"
                       r"studies|learns|dances|coaches|cycles|rides|runs|walks|cleans|hosts|"
                       r"(?:lessons?|classe?s?|practices?|training|rehearsals?|club)\s+(?:are|is|moved|changed)|"
                       r"every|each|usually|always|normally|weekly)\b", re.I)


_ONE_DAY_RE = re.compile(r"\b(?:will|'ll|going to|gonna|next|this|coming|tomorrow|today|tonight|last|ago|"
                         r"was|were|did|had)\b", re.I)

def _clause_start(m: re.Match[str]) -> int:
    """Where the clause of a match begins in the text the match was made on."""
    return max((b.end() for b in _CLAUSE_BREAK_RE.finditer(m.string) if b.end() <= m.start()), default=0)


# A weekday of every month or week by what is around it: "the 1st monday of the month", "last
# thursday of the month", "open on Sunday 11 to 5", "we close Sunday", "the early tuesday slot".
_MONTHLY_AFTER_RE = re.compile(r"\s+of\s+(?:the|each|every)\s+month\b", re.I)
_HOURS_AFTER_RE = re.compile(r"\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:to|-|–|till|until)\s*\d", re.I)
_SLOT_AFTER_RE = re.compile(r"\s+(?:slot|draw|shift|league|rota)s?\b", re.I)
_CLOSED_BEFORE_RE = re.compile(r"(?:\b(?:we|they|salon|shop|store|office|cafe|restaurant|bakery)\s+(?:is\s+|are\s+)?|"
                               r"(?:^|[,;(]\s*))(?:still\s+|now\s+|always\s+|also\s+)?"
                               r"(?:close|closed|open)\s+(?:on\s+)?(?:[a-z]{3,9}\s*(?:&|and|,|/)\s*)?$", re.I)


# a weekday said of every week by what it always or never does: "tuesday never worked w kez's
# shifts", "Friday doesn't work for me", "Saturday is always busy" is habit, "Saturday was busy" a day
# (and "Monday was impossible", "Fridays are a no-go": a weekday ruled out for good)
_NEVER_AFTER_RE = re.compile(r"s?\s+(?:(?:is|was|are|were)\s+)?(?:never|always|usually|normally|generally|rarely|seldom|"
                             r"doesn'?t|does not|don'?t|do not|won'?t|will not|just doesn'?t)\b"
                             r"|s?\s+(?:is|was|are|were|'s)\s+(?:just\s+|simply\s+)?(?:impossible|not possible|no good|"
                             r"a no-?go|out of the question|not an option)\b(?!\s+to\b)|s?\s+(?:is|are|'s)\s+(?:my|our)\s+(?!(?:last|first|big)\b)(?:[\w-]+\s+){0,2}?(?:day|night)s?\b", re.I)


def _habit(m: re.Match[str], c: _Ctx) -> bool:
    """Whether the weekday is a habit's (its clause says one, or it is a weekday of every
    month, opening hours or a slot), not one day to come or gone."""
    said = m.string  # the text as the rule sees it (positions of `m`)
    after, before = said[m.end():m.end() + 30], said[max(0, m.start() - 30):m.start()]
    if _MONTHLY_AFTER_RE.match(after) or _HOURS_AFTER_RE.match(after) or _SLOT_AFTER_RE.match(after) \
            or _CLOSED_BEFORE_RE.search(before) or _NEVER_AFTER_RE.match(after):
        return True
    end = next((b.start() for b in _CLAUSE_BREAK_RE.finditer(said, m.end())), len(said))  # "Thursday I play bocce"
    clause = said[_clause_start(m):end]
    return bool(_HABIT_RE.search(clause)) and not _ONE_DAY_RE.search(clause)


def _h_bare_weekday(m: re.Match[str], c: _Ctx) -> _Result:
    if _habit(m, c):
        return None
    wd = _wd_index(m.group("wd"))
    t = c.today
    if c.tense == "past":
        back = (t.weekday() - wd) % 7 or 7
        d = t - timedelta(days=back)
    else:
        d = t + timedelta(days=(wd - t.weekday()) % 7)
    return _day(d, m.group("prep")), d


def _h_weekday_of_week(m: re.Match[str], c: _Ctx) -> _Result:
    """"Friday next week", "on Thursday of next week", "next week on Friday", "Monday this week"."""
    which = m.group("which").lower()
    wd = _wd_index(m.group("wd"))
    t = c.today
    sign = {"next": 1, "following": 1, "the following": 1, "coming": 1, "the coming": 1,
            "this": 0, "last": -1, "previous": -1, "the previous": -1}[which]
    monday = t - timedelta(days=t.weekday()) + timedelta(weeks=sign)
    d = monday + timedelta(days=wd)
    return _day(d, m.group("prep")), d


def _h_week_on(m: re.Match[str], c: _Ctx) -> _Result:
    """"a week on Saturday", "Saturday week": the next such weekday, a week (a fortnight) on."""
    wd = _wd_index(m.group("wd") or m.group("wd2"))
    days = 14 if m.group("f") else _num(m.group("n")) * (7 if m.group("u").lower().startswith("w") else 1) if m.group("n") else 7
    d = c.today + timedelta(days=(wd - c.today.weekday()) % 7 or 7) + timedelta(days=days)  # ("ten days from Saturday")
    return _day(d, m.group("prep")), d


def _h_from_anchor(m: re.Match[str], c: _Ctx) -> _Result:
    """"two weeks from today", "3 days from now", "a week from tomorrow"."""
    anchor = m.group("anchor").lower()
    base = c.today + timedelta(days=1 if anchor == "tomorrow" else 0)
    n = _num(m.group("n"))
    unit = m.group("unit").lower().rstrip("s")
    if unit == "day":
        d = base + timedelta(days=n)
    elif unit == "week":
        d = base + timedelta(weeks=n)
    elif unit == "month":
        d = base + relativedelta(months=n)
    else:
        d = base + relativedelta(years=n)
    return _day(d, m.group("prep")), d


def _h_weekday_date(m: re.Match[str], c: _Ctx) -> _Result:
    """"Saturday the 6th of September", "Friday, March 7": the weekday picks the year."""
    mon = _mon_index(m.group("mon"))
    day = int(m.group("d"))
    wd = _wd_index(m.group("wd"))
    y = m.group("y")
    d: date | None
    try:
        if y:
            d = date(int(y), mon, day)
        else:
            fits = []
            for yy in (c.today.year - 1, c.today.year, c.today.year + 1):
                try:
                    cand = date(yy, mon, day)
                except ValueError:
                    continue
                if cand.weekday() == wd:
                    fits.append(cand)
            d = min(fits, key=lambda x: abs((x - c.today).days)) if fits else _pick_year(mon, day, c.today, c.tense)
    except ValueError:
        return None
    if d is None:
        return None
    return _day(d, m.group("prep")), d


# A day of every month: "rent is due on the 1st", "we get paid on the 25th", "the
# mortgage goes out on the 3rd of each month" (not "the rent was late on the 3rd").
_MONTHLY_RE = re.compile(r"\b(?:rent|bills?|payments?|mortgage|salary|wages?|paid|pay ?day|invoices?|direct debits?|"
                         r"standing orders?|each month|every month|monthly|a month)\b", re.I)


def _monthly(m: re.Match[str], c: _Ctx) -> bool:
    """Whether an ordinal day is one of every month (its clause speaks of a monthly
    payment in the present), not one day to come or gone."""
    clause = m.string[_clause_start(m):m.end() + 40]
    return bool(_MONTHLY_RE.search(clause)) and not _ONE_DAY_RE.search(clause) \
        and re.search(r"\b(?:is|are|get|gets|goes|go|comes|come)\b", clause, re.I) is not None


def _h_ordinal_day(m: re.Match[str], c: _Ctx) -> _Result:
    """"on the 14th": that day of this month, or of the next (previous) month when it has passed
    (not yet come) for a future (past) clause; a day of every month stays as said."""
    if m.group("prep").lower() == "on" and _monthly(m, c):  # "due by the 15th" is a deadline
        return None
    day = int(m.group("d"))
    t = c.today
    if not 1 <= day <= 31:
        return None
    try:
        d = t.replace(day=day)
    except ValueError:
        return None
    if c.tense == "past" and d > t:
        d = (t.replace(day=1) - relativedelta(months=1)).replace(day=min(day, 28)) if day > 28 else \
            (t.replace(day=1) - relativedelta(months=1)).replace(day=day)
    elif c.tense != "past" and d < t:
        nxt = t.replace(day=1) + relativedelta(months=1)
        try:
            d = nxt.replace(day=day)
        except ValueError:
            return None
    return _day(d, m.group("prep")), d


def _h_weekday_ordinal(m: re.Match[str], c: _Ctx) -> _Result:
    """"saturday the 22nd", "Fri 14th": the day of the month the weekday falls on, in the
    nearest month where it does (the coming one unless the clause is in the past)."""
    day = int(m.group("d"))
    wd = _wd_index(m.group("wd"))
    if not 1 <= day <= 31:
        return None
    first = c.today.replace(day=1)
    fits = []
    for k in range(-6, 7):
        try:
            cand = (first + relativedelta(months=k)).replace(day=day)
        except ValueError:
            continue
        if cand.weekday() == wd:
            fits.append(cand)
    if not fits:
        return None
    ahead = [d for d in fits if d >= c.today]
    behind = [d for d in fits if d <= c.today]
    if c.tense == "past" and behind:
        d = max(behind)
    elif c.tense != "past" and ahead:
        d = min(ahead)
    else:
        d = min(fits, key=lambda x: abs((x - c.today).days))
    return _day(d, m.group("prep")), d


def _h_keep(m: re.Match[str], c: _Ctx) -> _Result:
    """Recurring days ("every Tuesday and Thursday"): not one date, left as said."""
    return m.group(0), None


_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}


def _h_season(m: re.Match[str], c: _Ctx) -> _Result:
    which = m.group("which").lower()
    name = m.group("season").lower()
    sm = _SEASONS[name]
    t = c.today

    def start(y: int) -> date:
        return date(y, sm, 1)

    # the occurrence we are in, if any (winter spans the new year)
    current = None
    for y in (t.year - 1, t.year):
        if start(y) <= t < start(y) + relativedelta(months=3):
            current = start(y)
    upcoming = start(t.year) if start(t.year) > t else start(t.year + 1)
    ended = max(start(y) for y in (t.year - 2, t.year - 1, t.year) if start(y) + relativedelta(months=3) <= t)
    if which in ("this", "coming"):  # ("this summer", said in September: the one just gone)
        d = current or (ended if which == "this" and (t - ended).days < 92 + 45 else upcoming)
    elif which == "next":
        d = (current + relativedelta(years=1)) if current else upcoming
    else:  # last / past
        d = start(t.year) if start(t.year) + relativedelta(months=3) <= t else start(t.year - 1)
        if current and d == current:
            d = start(d.year - 1)
    label = "autumn" if name == "fall" else name
    p = (m.group("prep") or "in").lower()
    return f"{'in' if p in ('on', 'during', 'for') else p} {label} {d.year}", d


@dataclass(frozen=True)
class DateRule:
    """One way of saying a date: its `name` (its cases in `date_cases.DATE_CASES`), the
    `pattern` that finds it and the `handler` that resolves a match (None: leave it)."""

    name: str
    pattern: re.Pattern[str]
    handler: _Handler


_WD_ANY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thur?s?|fri|sat|sun)"
_RULES: tuple[DateRule, ...] = (
    # a list of days is a schedule, not dates: "Mon/Tue nights", "mon wed fri mornings",
    # "Wednesday, Thursday and Friday for me from next week"
    DateRule("weekday_list", re.compile(r"\b" + _WD + r"(?:(?:\s*/\s*" + _WD_ANY + r"\b)+|(?:\s+" + _WD_ANY + r"\b){2,}"
                r"|(?:\s*,\s*" + _WD_ANY + r"\b)+\s*,?\s*(?:and|&)\s*" + _WD_ANY + r"\b)", re.I), _h_keep),
    # a weekly schedule: "tuesday to saturday", "wed-sun", "mondays and thursdays", "on sundays"
    DateRule("weekday_span", re.compile(r"\b(?P<prep>)(?P<which>next|this|coming)\s+" + _WD + r"\s*(?:to|-|\u2013|through|thru|"
             r"till|until)\s*(?P<wd2>" + _WD_ANY[3:-1] + r")\b", re.I), _h_weekday_span),
    DateRule("weekly_range", re.compile(r"\b" + _WD + r"s?\s*(?:to|-|\u2013|through|thru|till|until)\s*" + _WD_ANY + r"s?\b", re.I), _h_keep),
    DateRule("weekly_days", re.compile(r"\b" + _WD + r"(?<!thur)(?<!tue)s\b(?:\s*(?:,|and|or|&)\s*" + _WD_ANY + r"s?\b)*", re.I), _h_keep),
    DateRule("weekly_part", re.compile(r"\b" + _WD + r"\s+(?:morning|afternoon|evening|night)s\b", re.I), _h_keep),  # "Saturday mornings"
    DateRule("every_weekday", re.compile(r"\b(?:every|each)\s+" + _WD + r"(?:\s*(?:,|and|or|&)\s*(?:monday|tuesday|wednesday|thursday|friday|"
                r"saturday|sunday))*\b" + _PARTS, re.I), _h_keep),
    # a day's standing routine: "Friday is date night", "Monday's leg day", "Sundays are family day"
    # (never "Friday is the deadline", "Friday is a long day": one day)
    DateRule("weekday_routine", re.compile(r"\b" + _WD + r"s?\s*(?:\s(?:is|are)|'s)\s+(?!(?:the|a|an|my|our|his|her|their|"
                r"your|this|that|next|last|long|big|busy|good|bad|fine|free|off)\b)[a-z]+[ -](?:night|day|evening|"
                r"morning|lunch|dinner|brunch)s?\b", re.I), _h_keep),
    # a standing night moved to another day: "they changed the quiz night to Friday", "di club
    # move di night to Friday" (never "the meeting got moved to Friday": one day)
    DateRule("night_moved", re.compile(r"\b(?:night|evening|day)\s+(?:over\s+)?to\s+" + _WD + r"\b(?!\s+(?:the\s+)?\d)", re.I),
             _h_keep),
    # a day off is every week's: "my day off is the Monday", "days off are Sundays"
    DateRule("day_off", re.compile(r"\bdays? off (?:is|are|=)\s+(?:the\s+|on\s+)?" + _WD + r"s?\b", re.I), _h_keep),
    # a day that a weekly activity fills: "Thursday is Jasmine's piano", "Tuesdays are my
    # yoga", "Wednesday's choir" (never "Thursday is Jasmine's birthday", "Friday is the piano
    # recital", "Saturday is Theo's piano exam": one day)
    DateRule("weekday_activity", re.compile(r"\b" + _WD + r"s?\s*(?:\s(?:is|are)|'s)\s+(?:(?:my|our|his|her|their|your|"
                r"the|[a-z]+'s?)\s+)?(?:pub\s+)?(?:quiz|piano|guitar|violin|cello|drums|flute|singing|choir|band|orchestra|soccer|football|"
                r"rugby|hockey|baseball|basketball|volleyball|netball|tennis|swim(?:ming)?|gymnastics|karate|judo|"
                r"taekwondo|ballet|dance|yoga|pilates|spin|crossfit|climbing|bouldering|chess|scouts|tutoring|therapy|"
                r"physio|practice|rehearsal|training|lessons?|class(?:es)?|club|church|bowling|trivia|poker|bingo)\b"
                r"(?!\s+(?:recital|concert|exam|test|audition|final|finals|tournament|competition|show|party|"
                r"performance|match|trip|camp)s?\b)", re.I), _h_keep),
    # a day that names a kind of thing: "the Monday group was full", "my Friday shift", "our
    # Sunday lunch" (never "the Monday after next", "the Monday we met", "the Monday morning")
    DateRule("weekday_modifier", re.compile(r"\b(?:the|my|our|his|her|their|your|that|whose|its)\s+" + _WD + r"\s+(?!(?:"
                r"morning|afternoon|evening|night|after|before|of|following|just|i|we|he|she|they|you|it|when|that|"
                r"and|or|to|is|was|will|at|in|on|next|last|this|coming|week|weekend)\b)(?=[a-z]{3,}\b)", re.I), _h_keep),
    # any one of a kind of day: "the Marina's a trek on a Saturday", "on a Sunday morning"
    DateRule("a_weekday", re.compile(r"\b(?:on\s+)?an?\s+" + _WD + r"\b" + _PARTS, re.I), _h_keep),
    DateRule("weekday_day_month", re.compile(_PREP + r"\b" + _WD + r",?\s+(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON
                + r"\b(?:,?\s+(?P<y>(?:19|20)\d\d)\b)?", re.I), _h_weekday_date),
    DateRule("weekday_month_day", re.compile(_PREP + r"\b" + _WD + r",?\s+(?:the\s+)?" + _MON + r"\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?\b"
                r"(?:,?\s+(?P<y>(?:19|20)\d\d)\b)?", re.I), _h_weekday_date),
    DateRule("weekday_ordinal", re.compile(_PREP + r"\b" + _WD + r",?\s+(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)\b"
                r"(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|century|floor|time|place|anniversary|"
                r"birthday|grade|percentile))", re.I), _h_weekday_ordinal),
    DateRule("weekday_of_week", re.compile(_PREP + r"\b" + _WD + r"(?:\s+of)?\s+(?P<which>next|this|last|the following|following|the coming|"
                r"the previous)\s+week\b", re.I), _h_weekday_of_week),
    DateRule("week_then_weekday", re.compile(_PREP + r"\b(?P<which>next|this|last)\s+week\s*,?\s+(?:on\s+)?" + _WD + r"\b", re.I), _h_weekday_of_week),
    # British: "a week on Saturday", "Saturday week", "a fortnight on Friday": that weekday, then a week or two on
    DateRule("week_on_weekday", re.compile(_PREP + r"\b(?:(?:(?P<f>a fortnight)|" + _NUM + r"\s+(?P<u>days?|weeks?))\s+(?:on|from)\s+"
                r"(?:(?:this|the)\s+)?(?:coming\s+)?" + _WD + r"|" + _WD.replace("?P<wd>", "?P<wd2>") + r"\s+week(?!\s*(?:end|day|night|ly)))\b", re.I), _h_week_on),
    DateRule("n_from_anchor", re.compile(_PREP + r"\b" + _NUM + r"\s+" + _UNIT + r"\s+from\s+(?P<anchor>today|now|tomorrow)\b(?!\s+on\b)", re.I), _h_from_anchor),
    DateRule("season", re.compile(_PREP + r"\b(?P<which>this|next|last|coming|past)\s+(?P<season>spring|summer|autumn|fall|winter)\b", re.I), _h_season),
    DateRule("relative_day", re.compile(_PREP + r"\b(?P<w>the day before yesterday|the day after tomorrow|today|tonight|yesterday|tomorrow"
                r"|this (?:morning|afternoon|evening))\b(?!'s|\u2019s)" + _PARTS, re.I), _h_relday),
    DateRule("relative_weekday", re.compile(_PREP + r"\b(?P<which>(?:this |the )?coming|this|next|last)\s+" + _WD + r"\b" + _PARTS, re.I), _h_weekday_rel),
    DateRule("relative_weekend", re.compile(_PREP + r"\b(?P<which>(?:this |the )?coming|this|next|last)\s+weekend\b", re.I),
             _h_weekend),
    # a day or a month with its year said as "this/next/last year": "14 December this year"
    DateRule("month_day_said_year", re.compile(_PREP + r"\b" + _MON + r"\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+"
                r"(?P<ry>this|next|last)\s+year\b", re.I), _h_mdy),
    DateRule("day_month_said_year", re.compile(_PREP + r"\b(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON
                + r"\s+(?P<ry>this|next|last)\s+year\b", re.I), _h_mdy),
    DateRule("month_said_year", re.compile(r"\b(?P<prep>in|during|since|until|by|before|after|from)\s+" + _MON +
                r"\s+(?P<ry>this|next|last)\s+year\b", re.I), _h_month_only),
    DateRule("relative_period", re.compile(_PREP + r"\b(?P<which>next|last|this|previous|past|coming)\s+(?P<unit>week|month|year)\b(?!\s+of\b)", re.I), _h_period),
    DateRule("in_n", re.compile(r"\bin\s+" + _NUM + r"\s+" + _UNIT + r"(?:'?\s*time)?\b", re.I), _h_in_n),
    DateRule("n_ago", re.compile(_PREP + r"\b" + _NUM + r"\s+" + _UNIT + r"\s+ago\b", re.I), _h_ago),
    DateRule("iso", re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})\b"), _h_iso),
    DateRule("month_day", re.compile(_PREP + r"\b" + _MON + r"\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(?P<y>(?:19|20)\d\d)\b)?", re.I), _h_mdy),
    DateRule("day_month", re.compile(_PREP + r"\b(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON + r"\b(?:,?\s+(?P<y>(?:19|20)\d\d)\b)?", re.I), _h_mdy),
    DateRule("numeric_prep", re.compile(r"(?:\b(?P<prep>on|since|until|by|before|after|from)\s+)\b(?P<m>\d{1,2})/(?P<d>\d{1,2})(?:/(?P<y>\d{2,4}))?\b"), _h_numeric),
    DateRule("numeric_full", re.compile(r"(?P<prep>)\b(?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{4})\b"), _h_numeric),
    DateRule("ordinal_day", re.compile(r"\b(?P<prep>on|by|until|till|before|after|from|since)\s+the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b"
                r"(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|century|floor|time|place|anniversary|"
                r"birthday|grade|percentile))", re.I), _h_ordinal_day),
    DateRule("month_only", re.compile(r"\b(?P<prep>in|during|since|until|by|before|after|from)\s+" + _MON + r"\b(?:\s+(?P<y>(?:19|20)\d\d)\b)?", re.I), _h_month_only),
    DateRule("bare_weekday", re.compile(r"(?:\b(?P<prep>on|since|until|by|before|after|from|to)\s+)?(?<!\bthe )\b" + _WD + r"\b" + _PARTS, re.I), _h_bare_weekday),
)

_PLACEHOLDER = "\x00{}\x00"


def resolve_dates(text: str, now: datetime, rules: Sequence[DateRule] | None = None) -> tuple[str, datetime | None]:
    """Rewrite relative dates in text to absolute ones ('next Friday' -> 'on 2026-03-13')
    and return the first date found (by position in the text), as a datetime at midnight.
    `rules`: the registry's rules to try (all of `_RULES`, in order, by default)."""
    if not text:
        return text, None
    text = month_named(spelled_out(text), now)
    ctx = _Ctx(now, text)
    replaced: list[str] = []
    dates: list[date | None] = []
    out = text
    for rule in _RULES if rules is None else rules:
        rx, handler = rule.pattern, rule.handler
        def sub(m: re.Match[str], handler: _Handler = handler, name: str = rule.name) -> str:
            # never match inside an earlier replacement
            if "\x00" in m.group(0):
                return m.group(0)
            said = m.string  # the text as this rule sees it, earlier rules' dates set aside
            # (a day said with others, "mon-fri", is a day: kept as a schedule)
            if handler in (_h_bare_weekday, _h_keep, _h_weekday_date, _h_weekday_of_week) \
                    and m.group("wd").lower() in ("sat", "sun", "mon", "wed") and not m.group("wd")[0].isupper() \
                    and not m.groupdict().get("prep") and not (handler is _h_keep and name.startswith("weekly")):
                return m.group(0)  # "sun", "wed" etc. as ordinary words ("on sat" is a day; "fri", "thurs" always)
            if handler in (_h_bare_weekday, _h_keep) and short_weekday_as_word(m, said):
                return m.group(0)
            if _MONTHLY_AFTER_RE.match(said[m.end():]):
                return m.group(0)  # "the last thursday of the month": every month's
            if handler is _h_month_only and m.group("mon").lower() == "may" and not m.group("mon")[0].isupper():
                return m.group(0)  # "in may" (modal) is too ambiguous lower-case
            if handler in (_h_mdy, _h_weekday_date) and m.group("mon").lower() in ("may", "mar", "jan", "jun", "jul", "aug") \
                    and not m.group("mon")[0].isupper() \
                    and not (m.groupdict().get("prep") or _DATE_LEAD_RE.search(said[:m.start()])):
                return m.group(0)  # "may 3" is a date after "to", "on", "is" ("got moved to may 3")
            ctx.at = m.start()
            res = handler(m, ctx)
            if res is None:
                return m.group(0)
            phrase, d = res
            if d is not None:
                ctx.note(m.start(), d)
            lead = " " if m.group(0).startswith(" ") else ""
            replaced.append(phrase)
            dates.append(d)
            return lead + _PLACEHOLDER.format(len(replaced) - 1)
        out = rx.sub(sub, out)
    # the first date by placeholder order in the final text
    first: date | None = None
    for i in (int(i) for i in re.findall(r"\x00(\d+)\x00", out)):
        if dates[i] is not None:
            first = dates[i]
            break
    out = re.sub(r"\x00(\d+)\x00", lambda m: replaced[int(m.group(1))], out)
    out = re.sub(r"\s{2,}", " ", out)
    if first is None:
        return out, None
    return out, datetime(first.year, first.month, first.day)
