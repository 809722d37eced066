"""A date said in words the rules of `dates` read in figures: "the first of July" (the
1st of July), "2 wks from today", "two weeks today", and the day words of a text
message ("tmrw", "yday", "wknd", "fri next wk"). `spelled_out` rewrites them before any
rule runs."""

from __future__ import annotations

import re
from datetime import date, datetime
from functools import partial

from .text import MONTH_NAMES, MONTHS, WEEKDAY_SHORT, WEEKDAYS

_ORDINAL_WORDS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
                  "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth").split()
_ORDINALS = {w: i + 1 for i, w in enumerate(_ORDINAL_WORDS)}
_ORDINALS.update({f"twenty-{w}": 21 + i for i, w in enumerate(_ORDINAL_WORDS[:9])} | {"thirtieth": 30, "thirty-first": 31})
_SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}
_MONTHS_RE = "|".join(MONTH_NAMES)
_ORDINAL_OF_RE = re.compile(r"\b(?P<o>" + "|".join(sorted(_ORDINALS, key=len, reverse=True)) + r")(?= of (?:" + _MONTHS_RE
                            + r")\b)", re.I)
_UNIT_ABBR_RE = re.compile(r"\b(?P<n>\d+|a|an|one|two|three|four|five|six)\s+(?P<u>wks?)\b", re.I)
_UNITS = {"wk": "week", "wks": "weeks"}
# "two weeks today", "a week tomorrow": British for two weeks from today
_WEEKS_TODAY_RE = re.compile(r"\b(?P<n>(?:\d+|a|one|two|three|four) weeks?|a fortnight) (?=(?:today|tomorrow)\b)", re.I)
# "a fortnight ago", "in a fortnight", "a fortnight from Friday": two weeks, when it says when
_FORTNIGHT_RE = re.compile(r"\b(?:(?<=\bin )a|a(?= fortnight (?:ago|back|from|before|after|later|earlier)\b)) fortnight\b", re.I)
# the day words of a text message, as the rules read them: "dentist tmrw", "fri next wk"
_TEXTED = {**dict.fromkeys("tmrw tmr tmw tmrow tmrrw tmorrow tomoz 2moro 2morro 2morrow 2mrw tommorow tommorrow tomorow "
                           "tomorrw".split(), "tomorrow"),
           **dict.fromkeys("yday ystrdy yesterdy yesturday yestarday".split(), "yesterday"),
           **dict.fromkeys("tonite 2nite tonght".split(), "tonight"),
           **dict.fromkeys("wknd wkend".split(), "weekend"), "nxt": "next"}
_TEXTED_RE = re.compile(r"(?<![\w'-])(?P<w>" + "|".join(sorted(_TEXTED, key=len, reverse=True)) + r")(?![\w'-])", re.I)
# "next wk", "this wk", "last wk": a week ("wk" alone may be a work day: "first wk done")
_WK_RE = re.compile(r"\b(?P<d>next|this|last|nxt|the following|following) wk\b", re.I)


# a day written as in the forces and in aviation: "02AUG", "05JAN26" (2 August, 5 January 2026)
_DAY_MON_RE = re.compile(r"\b(?P<d>0[1-9]|[12]\d|3[01])(?P<m>JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(?P<y>\d\d)?\b")


# "in exactly ten days", "in just two weeks": how sure, not when
_HEDGED_IN_RE = re.compile(r"\bin (?:exactly|just|only|precisely) (?=(?:\d+|an?|one|two|three|four|five|six|seven|eight|"
                           r"nine|ten|eleven|twelve|a couple of) (?:days?|weeks?|months?)\b)", re.I)
# "day after tomorrow" said without its article; "Saturday after next" is "Saturday week"
_DAY_AFTER_RE = re.compile(r"(?<!\bthe )\b(?=day (?:after tomorrow|before yesterday)\b)", re.I)
_AFTER_NEXT_RE = re.compile(r"\b(?:the\s+)?(?P<wd>" + "|".join(WEEKDAYS) + r")\s+after\s+next\b", re.I)
# ... and so is "not this Monday, the Monday after": the one after the one just said; and the
# French "lundi en huit" (Monday week)
_THE_ONE_AFTER_RE = re.compile(r"\bthis (?P<wd>" + "|".join(WEEKDAYS) + r")\b(?P<mid>[^.;!?]{0,12}?)\bthe (?P=wd) after\b"
                               r"(?!\s+(?:next|that|the|a|an|my|our|his|her|their|we|i)\b)", re.I)
# a bare day after a day with its month in the same sentence is of that month: "LH 569 on 6
# January, arriving early on the 7th" (the 7th of January), "from 3 May to the 10th"
_DAY_MONTH_RE = re.compile(r"\b(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>" + _MONTHS_RE + r")|(?P<m2>" + _MONTHS_RE
                           + r")\s+\d{1,2}(?:st|nd|rd|th)?)\b", re.I)
# (never a day taken back, "the 18th of August, not the 14th": the correction reads it)
_BARE_DAY_RE = re.compile(r"(?<!\bnot )(?<!\bnot on )\bthe (?P<d>\d{1,2}(?:st|nd|rd|th))\b(?!\s+(?:of\s+)?(?:" + _MONTHS_RE
                          + r")\b)", re.I)


def _month_carried(sentence: str) -> str:
    """`sentence` with a bare day after a day and its month given that month."""
    first = _DAY_MONTH_RE.search(sentence)
    if first is None:
        return sentence
    month = first["m1"] or first["m2"]
    return sentence[:first.end()] + _BARE_DAY_RE.sub(lambda m: f"the {m['d']} of {month}", sentence[first.end():])


_FR_DAYS = dict(zip("lundi mardi mercredi jeudi vendredi samedi dimanche".split(), WEEKDAYS, strict=True))
_EN_HUIT_RE = re.compile(r"\b(?P<j>" + "|".join(_FR_DAYS) + r")\s+en\s+huit\b", re.I)
# a weekday said in the languages users mix in, with the word that says which one: "jeudi de la
# semaine prochaine", "el jueves que viene", "hari Kamis ini", "nächsten Donnerstag"
_DAYS_ABROAD = {**_FR_DAYS, **{form: day for day, forms in zip(WEEKDAYS, (
    "lunes segunda montag senin", "martes terça terca dienstag selasa", "miércoles miercoles quarta mittwoch rabu",
    "jueves quinta donnerstag kamis", "viernes sexta freitag jumat", "sábado sabado samstag sabtu",
    "domingo sonntag ahad"), strict=True) for form in forms.split()}}  # (never "minggu": a week too, "minggu depan")
_DAY_ABROAD = r"(?P<d>" + "|".join(sorted(_DAYS_ABROAD, key=len, reverse=True)) + r")(?:-feira)?"
_WHICH_DAY_ABROAD = (
    (re.compile(r"\b" + _DAY_ABROAD + r"\s+de\s+la\s+semaine\s+prochaine\b", re.I), "{} next week"),
    (re.compile(r"\b(?:el\s+)?" + _DAY_ABROAD + r"\s+(?:prochain|que\s+viene|que\s+vem|próximo|proximo|depan)\b|"
                r"\b(?:el\s+)?(?:próximo|proximo|próxima|proxima|nächsten|naechsten)\s+" + _DAY_ABROAD.replace("?P<d>", "?P<d2>")
                + r"\b", re.I), "this {}"),  # (the coming one: "jeudi prochain" said on a Monday is in three days)
    (re.compile(r"\b(?:ce|este|esta|diesen|hari)\s+" + _DAY_ABROAD + r"(?:\s+ini)?\b", re.I), "this {}"),
    (re.compile(r"\b(?:el\s+)?" + _DAY_ABROAD + r"\s+(?:dernier|pasado|passada|passado|lalu)\b|\b(?:letzten)\s+"
                + _DAY_ABROAD.replace("?P<d>", "?P<d2>") + r"\b", re.I), "last {}"),
)


def _days_abroad(text: str) -> str:
    """`text` with a weekday said in another language, and which one, said in English."""
    for rx, said in _WHICH_DAY_ABROAD:
        text = rx.sub(partial(_day_said, said), text)
    return text


def _day_said(said: str, m: re.Match[str]) -> str:
    return said.format(_DAYS_ABROAD[(m.groupdict().get("d") or m["d2"]).lower()].capitalize())
# "on the 2nd o next month": a dialect's "of"
_O_NEXT_RE = re.compile(r"(?<=\d)(?P<s>st|nd|rd|th)? o (?=(?:next|this) month\b)", re.I)


def spelled_out(text: str) -> str:
    """A date said in words the rules read in figures: "the first of July" (the 1st of
    July), "2 wks from today" (weeks; "yrs" is left alone: "married 10 yrs" is no date to
    resolve), "two weeks today" (two weeks from today), and the day words of a text
    message ("tmrw", "yday", "wknd", "next wk"); a day written "02AUG" or "05JAN26"; "not this
    Monday, the Monday after" and "lundi en huit" (a Monday week)."""
    text = _ORDINAL_OF_RE.sub(lambda m: f"{_ORDINALS[m.group('o').lower()]}"
                              f"{_SUFFIX.get(_ORDINALS[m.group('o').lower()], 'th')}", text)
    text = _UNIT_ABBR_RE.sub(lambda m: f"{m.group('n')} {_UNITS[m.group('u').lower()]}", text)
    text = _TEXTED_RE.sub(lambda m: _TEXTED[m.group("w").lower()], text)
    text = _WK_RE.sub(lambda m: f"{m.group('d')} week", text)
    text = "".join(_month_carried(p) for p in re.split(r"(?<=[.!?\n])", text))
    text = _THE_ONE_AFTER_RE.sub(lambda m: f"this {m['wd']}{m['mid']}the {m['wd']} after next", text)
    text = _days_abroad(_EN_HUIT_RE.sub(lambda m: f"{_FR_DAYS[m['j'].lower()].capitalize()} week", text))
    text = _AFTER_NEXT_RE.sub(lambda m: f"{m.group('wd')} week", _DAY_AFTER_RE.sub("the ", _HEDGED_IN_RE.sub("in ", text)))
    text = _O_NEXT_RE.sub(lambda m: f"{m.group('s') or ''} of ", text)
    text = _DAY_MON_RE.sub(lambda m: f"{int(m.group('d'))} {m.group('m').capitalize()}"
                           f"{' 20' + m.group('y') if m.group('y') else ''}", text)
    text = _WEEKS_TODAY_RE.sub(lambda m: f"{'two weeks' if 'fortnight' in m.group('n').lower() else m.group('n')} from ",
                               text)
    return _FORTNIGHT_RE.sub("two weeks", text)


_MON_WORD = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
             r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
# a day said with its month named: "9 mar", "the 21st of June", "March 3rd, 2026"
_SAID_DAY_RE = re.compile(r"\b(?:(?:the\s+)?(?P<d1>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>" + _MON_WORD + r")|(?P<m2>"
                          + _MON_WORD + r")\.?\s+(?P<d2>\d{1,2})(?:st|nd|rd|th)?)\b(?:,?\s+(?P<y>(?:19|20)\d\d)\b)?", re.I)
# a day in figures, and the user's words for it when kept beside it: "2026-03-09 (9 mar)"
ISO_SAID_RE = re.compile(r"\b\d{4}-\d\d-\d\d\b(?: \([^()]{1,40}\))?")
_ISO_RE = re.compile(r"\b(?P<y>\d{4})-(?P<m>\d\d)-(?P<d>\d\d)\b(?! \()")


def said_days(text: str, clause: str) -> str:
    """`text` with the user's words for each day it gives in figures, kept beside it when
    `clause` said the day with its month named ("on 2026-03-09 (9 mar)"): the day can be
    read, and found, as it was said; and so with its weekday's name when `clause` said the
    day by it ("Long run Saturday 0630": "on 2025-09-06 (Saturday)"; of "next Friday", the
    name alone). A day said in figures is left as it is."""
    if not _ISO_RE.search(text):
        return text
    said: dict[tuple[int, int], str] = {}
    for m in _SAID_DAY_RE.finditer(clause):
        mon = (m.group("m1") or m.group("m2")).lower()[:3]
        day = int(m.group("d1") or m.group("d2"))
        said.setdefault((_MON3.index(mon) + 1, day), " ".join(m.group(0).split()))

    weekdays = {w.lower() for w in _WEEKDAY_SAID_RE.findall(clause)}

    def keep(m: re.Match[str]) -> str:
        words = said.get((int(m.group("m")), int(m.group("d"))))
        if not words:  # a weekday said ("Long run Saturday 0630"): its name, without "next" or "this"
            name = WEEKDAYS[date(int(m.group("y")), int(m.group("m")), int(m.group("d"))).weekday()]
            words = name.capitalize() if name in weekdays else None
        before = text[:m.start()]
        if not words or words.lower() in text.lower() or before.count("(") > before.count(")"):
            return m.group(0)  # said already, or inside a bracket: "(since 2026-03-03)"
        return f"{m.group(0)} ({words})"
    return _ISO_RE.sub(keep, text)


_MON3 = [m[:3].lower() for m in MONTH_NAMES]
_WEEKDAY_SAID_RE = re.compile(r"\b(" + "|".join(WEEKDAYS) + r")\b", re.I)


_SAID_BESIDE_RE = re.compile(r"(?<=\d{4}-\d\d-\d\d) \([^()]{1,40}\)")


def without_said_days(text: str, day: str | None = None) -> str:
    """`text` without the user's words kept beside its days ("on 2026-03-09 (9 mar)" is
    "on 2026-03-09"), or beside one `day` only: for a text whose day is about to be put right."""
    if day is None:
        return _SAID_BESIDE_RE.sub("", text)
    return re.sub(r"(?<=" + re.escape(day) + r") \([^()]{1,40}\)", "", text)


# a day of the month before or after this one: "as of the first of this month", "from the
# 15th of next month" ("the first of the month" is every month's: left alone)
_OF_MONTH_RE = re.compile(r"\b(?P<o>" + "|".join(sorted(_ORDINALS, key=len, reverse=True)) + r"|(?:[12]\d|3[01]|0?[1-9])"
                          r"(?:st|nd|rd|th))\s+of\s+(?P<w>this|next|last)\s+month\b", re.I)


def month_named(text: str, now: datetime) -> str:
    """"The first of this month", said on 2026-03-10, as "the 1st of March 2026" (next
    month's and last month's likewise), for the rules of `dates` to read."""
    def named(m: re.Match[str]) -> str:
        o = m["o"].lower()
        day = _ORDINALS.get(o) or int(re.sub(r"\D", "", o))
        month = now.month + {"this": 0, "next": 1, "last": -1}[m["w"].lower()]
        year, month = now.year + (month - 1) // 12, (month - 1) % 12 + 1
        return f"{day}{_SUFFIX.get(day, 'th')} of {MONTH_NAMES[month - 1].capitalize()} {year}"
    return _OF_MONTH_RE.sub(named, text)


def short_weekday_as_word(m: re.Match[str], text: str) -> bool:
    """A short weekday form that is a word here: in capitals ("the SAT got moved", an
    acronym), or opening a sentence with no preposition before it ("Sat got moved to
    may 3"); "on Sat", "Sat 14th", "see you Sat" stay dates."""
    wd = m.group("wd")
    if wd.lower() not in WEEKDAY_SHORT:
        return False
    if wd.isupper():
        return True
    bare = "prep" in m.re.groupindex and not m.group("prep")
    before = text[:m.start("wd")].rstrip()
    return bare and (not before or before[-1] in ".!?")


# A request for what was told in a month: "the Kasia thing from August: forget it", "what I
# told you in March about the visa"; or in a season: "that thing about Larry I said back in
# the spring", "what I told you over the summer" (the months of a northern year).
# ... in the languages users mix in: "ce que je t'ai dit en mars", "lo que te dije en abril"
_MONTH_FORMS = {form: n for n, forms in enumerate((
    "enero janvier janeiro januar", "febrero février fevrier fevereiro februar", "marzo mars março marco märz",
    "abril avril april", "mayo mai maio", "junio juin junho juni", "julio juillet julho juli", "agosto août aout",
    "septiembre setiembre septembre setembro", "octubre octobre outubro oktober", "noviembre novembre novembro",
    "diciembre décembre dezembro dezember"), start=1) for form in forms.split()}
_SEASONS = {"spring": (3, 4, 5), "summer": (6, 7, 8), "autumn": (9, 10, 11), "fall": (9, 10, 11), "winter": (12, 1, 2)}
_TOLD_IN = re.compile(r"\b(?:from|in|back in|en|em|im)\s+(?P<m>" + "|".join(MONTHS)
                      + r"|(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)(?=\.|\b)|"
                      + "|".join(sorted(_MONTH_FORMS, key=len, reverse=True)) + r")\b"
                      r"|\b(?:in|back in|over|during|from|this|last)\s+(?:the\s+)?(?P<s>spring|summer|autumn|fall|winter)\b"
                      r"(?!\s+(?:of\s+)?(?:19|20)\d\d)", re.I)


def months_told(clause: str) -> frozenset[int] | None:
    """The months (1 to 12) a request says it was told in (`_TOLD_IN`), or None."""
    told = _TOLD_IN.search(clause)
    if told is None:
        return None
    if told["s"]:
        return frozenset(_SEASONS[told["s"].lower()])
    said = told["m"].lower()
    return frozenset({_MONTH_FORMS[said] if said in _MONTH_FORMS else [m[:3] for m in MONTHS].index(said[:3]) + 1})
