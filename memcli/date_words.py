"""A date said in words the rules of `dates` read in figures: "the first of July" (the
1st of July), "2 wks from today", "two weeks today", and the day words of a text
message ("tmrw", "yday", "wknd", "fri next wk"). `spelled_out` rewrites them before any
rule runs."""

from __future__ import annotations

import re

from .text import MONTH_NAMES

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
# the day words of a text message, as the rules read them: "dentist tmrw", "fri next wk"
_TEXTED = {**dict.fromkeys("tmrw tmr tmw tmrow tmrrw tmorrow tomoz 2moro 2morro 2morrow 2mrw tommorow tommorrow tomorow "
                           "tomorrw".split(), "tomorrow"),
           **dict.fromkeys("yday ystrdy yesterdy yesturday yestarday".split(), "yesterday"),
           **dict.fromkeys("tonite 2nite tonght".split(), "tonight"),
           **dict.fromkeys("wknd wkend".split(), "weekend"), "nxt": "next"}
_TEXTED_RE = re.compile(r"(?<![\w'-])(?P<w>" + "|".join(sorted(_TEXTED, key=len, reverse=True)) + r")(?![\w'-])", re.I)
# "next wk", "this wk", "last wk": a week ("wk" alone may be a work day: "first wk done")
_WK_RE = re.compile(r"\b(?P<d>next|this|last|nxt|the following|following) wk\b", re.I)


def spelled_out(text: str) -> str:
    """A date said in words the rules read in figures: "the first of July" (the 1st of
    July), "2 wks from today" (weeks; "yrs" is left alone: "married 10 yrs" is no date to
    resolve), "two weeks today" (two weeks from today), and the day words of a text
    message ("tmrw", "yday", "wknd", "next wk")."""
    text = _ORDINAL_OF_RE.sub(lambda m: f"{_ORDINALS[m.group('o').lower()]}"
                              f"{_SUFFIX.get(_ORDINALS[m.group('o').lower()], 'th')}", text)
    text = _UNIT_ABBR_RE.sub(lambda m: f"{m.group('n')} {_UNITS[m.group('u').lower()]}", text)
    text = _TEXTED_RE.sub(lambda m: _TEXTED[m.group("w").lower()], text)
    text = _WK_RE.sub(lambda m: f"{m.group('d')} week", text)
    return _WEEKS_TODAY_RE.sub(lambda m: f"{'two weeks' if 'fortnight' in m.group('n').lower() else m.group('n')} from ",
                               text)
