"""How much the user weighs, however it is said ("I weigh 64 kg", "weighed in at the
surgery, 14 stone 9", "the nurse had me on the scales, 82.4 kg"), and the work a learner
of English says without "as" ("I work cashier at Walmart")."""

from __future__ import annotations

import re

from .grammar import to_third_person
from .lexicon import _I
from .values import Slots, _occupation, _profile

_WEIGHT_RE = re.compile(r"^i(?: am|'m| m|m)? (?:weigh|at|down to|up to|now|currently)?\s*(?:at\s+)?"
                        r"(?P<v>\d+(?:\.\d+)?\s?(?:kg|kgs|kilos|lbs?|pounds|stone))\b"
                        # "weighed 71.5 this morning", "weighed myself today, 68.9": the verb says what the number is
                        r"|^i (?:just |now |currently )?(?:weighed|weigh) (?:myself |in )?(?:(?:today|this morning|this week|"
                        r"on [\w-]+),?\s+)?(?:at\s+)?"
                        r"(?P<w>\d{2,3}(?:\.\d)?(?:\s?(?:kg|kgs|kilos|lbs?|pounds))?)\b(?!\s?(?:g|grams|oz|ml|cups?)\b)", _I)


# a weighing of the user, and what it came to: "weighed in at the surgery, 14 stone 9",
# "Doctor weighed us on Monday, 15 stone 4", "the nurse had me on the scales, 82.4 kg"
# (never "weighed the lambs", "the baby weighed 3.2 kg")
WEIGHED_RE = re.compile(r"^i (?:just |finally )?weighed (?:in|myself)\b|\b(?:weighed|had|got|put) (?:me|us)\b"
                         r"|^i (?:was |got )?(?:on|stepped on) the scales?\b|\bmy weigh-?in\b", _I)
_WEIGHT_VALUE_RE = re.compile(r"\b(?P<v>\d{1,2}\s?(?:st|stone)(?:\s?\d{1,2}(?:\s?(?:lbs?|pounds))?)?(?!\w)|"
                              r"\d{2,3}(?:\.\d)?\s?(?:kg|kgs|kilos|lbs?|pounds)\b)", _I)


def _weight(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I weigh 64 kg", "I'm at 64kg now", "I'm down to 69.8 kg", "weighed in at the
    surgery, 14 stone 9": the user's weight."""
    m = _WEIGHT_RE.match(c)
    if m:
        return [_profile(to_third_person(raw), "weight", m.group("v") or m.group("w"), 0.55, "update")]
    told = _WEIGHT_VALUE_RE.search(c) if WEIGHED_RE.search(c) else None
    return [_profile(to_third_person(raw), "weight", told["v"], 0.55, "update")] if told else None


def work_as(c: str) -> str:
    """"I work cashier at Walmart", "I work nurse in St James Hospital": the "as" a learner
    of English leaves out, put back ("I work at Walmart as cashier"); "I work as audit senior
    at Lam & Partners CPA" said the same way round; any other clause as it is ("I work hard
    at Google")."""
    job = re.match(r"^(?P<i>i (?:now |currently |still |also )*work) (?P<as>as )?(?:an? |the )?"
                   r"(?P<o>[a-z]+(?: [a-z]+){0,2}?) (?P<at>at|for|in) (?P<v>(?-i:[A-Z]).+)$", c, _I)
    # "I work as audit senior at Lam & Partners CPA": any post said with "as", and without it an occupation
    # (an occupation said with "as" is read as it is: "I work as a nurse at St James")
    if job is None or (bool(job["as"]) == bool(_occupation(job["o"]))):
        return c
    return f"{job['i']} {'at' if job['at'] == 'in' else job['at']} {job['v']} as {job['o']}"


# the last of a job, said as its last day: "my last service at Da Ciro was in March", "my
# final day at Melrose was July 25"
_LAST_DAY_RE = re.compile(r"^my (?:last|final) (?:day|shift|service|week|night|day of work) (?:at|with) "
                          r"(?P<x>(?-i:[A-Z])[\w&'.-]*(?: (?:&\s)?(?-i:[A-Z])[\w&'.-]*){0,3}) was (?P<when>.+)$", _I)


def last_day(c: str) -> str:
    """"My last service at Da Ciro was in March": the user left Da Ciro in March, as the
    rules read it; any other clause as it is ("my last day at the beach was fun" names no
    employer by name)."""
    m = _LAST_DAY_RE.match(c)
    if m is None:
        return c
    when = m["when"].strip()
    prep = "" if re.match(r"(?:in|on|at|last|this|during|before)\b", when, _I) else "on "
    return f"I left {m['x']} {prep}{when}"
