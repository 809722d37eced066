"""The days the user works, as one single-valued profile fact (`work_days`).

A schedule is said inside other things ("I'm a pharmacist at Boots, working Mondays,
Tuesdays and Thursdays", "on nights Monday to Wednesday") and changed in other
words ("they changed my days, it is Wednesday, Thursday and Friday for me from next
week", "I'm off nights! Monday, Tuesday and Friday days"). Read out as its own
record, a later schedule replaces the earlier one by its key, while the record it
was said in keeps everything else. Someone else's days ("my wife works weekends",
"the gym is open Monday to Friday") are left alone.
"""

from __future__ import annotations

import re

from ..models import Fact
from .lexicon import _I, _REL

_DAY = (r"(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|"
        r"mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)")
# Two or more weekdays, as a list or a range: "Mondays, Tuesdays and Thursdays",
# "Monday to Wednesday", "wed-sun", "Wednesday through Friday".
_DAYS_RE = re.compile(r"\b" + _DAY + r"(?:\s*(?:,|and|&|to|through|thru|till|until|-|\u2013|/)\s*" + _DAY
                      + r")+\b(?:\s+(?:days|nights|shifts|mornings|evenings))?", _I)
# What makes a list of days the user's working days.
_WORK_RE = re.compile(r"\b(?:i\s+(?:work|am working|'m working)|working|my (?:days|shifts|rota|hours|schedule)|"
                      r"on (?:days|nights|earlies|lates)|off nights|(?:days|nights|shifts)\b(?!\s+off\b)(?=[ ,.!]|$))", _I)
# days off are the days not worked: "Days off at Brunet are Tuesday and Wednesday"
_OFF_RE = re.compile(r"\b(?:days?|nights?)\s+off\b|\boff\s+days?\b|\brest days?\b", _I)
_SOMEONE_ELSE_RE = re.compile(r"\b(?:my|our|his|her|their)\s+" + _REL + r"\b|\b(?:he|she|they)\s+(?:works?|is|are)\b"
                              r"|(?<!we're )(?<!we are )\b(?:open|closed|opens|closes)\b", _I)
# A run of days that is one week's, not the schedule: "this block started on the 17th, so
# Monday to Thursday I'm working", "next week I'm working Monday and Tuesday" ("from next
# week" is when a new schedule starts).
_ONE_WEEK_RE = re.compile(r"\b(?:this|that) (?:block|week|month|rotation)\b(?! on)|(?<!from )\bnext (?:week|month)\b"
                          r"|\b(?:today|tomorrow|tonight)\b"
                          r"|\b\d{4}-\d\d-\d\d\b", _I)


def work_days(text: str) -> Fact | None:
    """The user's working days a message states, or None: one list or range of two
    or more weekdays in a sentence that says it is the user's work."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
        days = _DAYS_RE.search(sentence)
        if not days or not (_WORK_RE.search(sentence) or re.search(r"\bwe(?:'re| are) open\b", sentence, _I)) \
                or _SOMEONE_ELSE_RE.search(sentence[: days.start()]) or _ONE_WEEK_RE.search(sentence) \
                or _OFF_RE.search(sentence[: days.start()]):
            continue
        span = days.group(0)
        return Fact(text=f"User works {span}", kind="profile", importance=0.6, key="work_days", value=span,
                    clause=sentence, rule="work_days")
    return None
