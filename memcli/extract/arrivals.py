"""A stay begun, said without "I work at" or "I live in": "First month at Cleveland Clinic
Abu Dhabi, my charge nurse is strict", "my first week with Brightline", "the new flat in
Leith has no lift", "the place in Đà Nẵng is 6.5 million", and the daily journey from
home: "the drive in to work from Carrigaline is a dream", "From Catford the school run is
one bus", and a home that comes with the job or that a rent is for: "they give
accommodation in Al Reem", "rent at the Roncesvalles place is $2,780". Each is the user's employer
or home, keyed as the slot rules key them, so that it replaces the one before. The clause
is kept as said (its other details stay with it).

Not an arrival: a first time somewhere that is a visit or a course ("first week at the
beach", "first day at school", "first night at the Hilton"), a place that is someone
else's or a wish ("my sister's flat in Leith", "the house in Jaro we want to build"), a
place in lower case or a plan ("the flat in Leith we might rent"), a journey in the past
("the drive from Leeds was awful").
"""

from __future__ import annotations

import re

from .lexicon import _I
from .values import FactDict, _clean_value, _place_ok, _profile, _strip_org_descriptor

_UPPER = "A-Z\u00c0-\u00d6\u00d8-\u00de\u0100-\u017d"  # capitals, with those of Latin accents ("Đà Nẵng")
_PROPER = r"(?-i:[" + _UPPER + r"0-9])[\w'&.-]*(?:\s+(?:of\s+|de\s+|&\s+)?(?-i:[" + _UPPER + r"])[\w'&.-]*){0,4}"
# "first month at Cleveland Clinic", "it's my first week with Brightline", "I'm in my first
# week at Deloitte"; a night, a weekend or a holiday is a visit
_FIRST_SPELL_RE = re.compile(
    r"^(?:(?:it is|it's|i am in|i'm in|i am|i'm|just finished|finished|survived|done with|made it through) )?"
    r"(?:my |our )?first (?:full )?(?:day|week|wk|month|shift|fortnight)s?(?: back)?(?: of work)?"
    # "first wk done at Birchmount", "First month is over at Brenner"
    r"(?: (?:is |was )?(?:done|over|finished|behind me))?"
    r"(?: (?:at|in|with) (?:the )?new (?:job|role|place|hospital|clinic|company|firm|school|office),?(?: (?:at|in|with))?"
    r"| (?:at|with)"
    # "First month in Kestrel Fintech behind me": "in" names a firm only by a firm's word
    r"| in(?= (?-i:[A-Z])[\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*){0,3}? (?-i:Fintech|Tech|Technologies|Labs?|Bank|Group|Ltd|Inc|"
    r"GmbH|LLC|Systems|Software|Solutions|Health|Motors|Freight|Logistics|Media|Studios?|Capital|Partners|Consulting)\b))"
    r" (?P<v>" + _PROPER + r")", _I)
# "the drive in to work from Carrigaline is a dream", "From Catford the school run is one
# bus": where a daily journey starts is home (a journey to work or school, or a commute,
# said in the present: "the drive from Leeds was awful", "the train from London takes two
# hours" are trips)
_JOURNEY = r"(?:drive|commute|school run|bus|train|walk|cycle|ride|journey)"
_COMMUTE_FROM_RE = re.compile(
    r"^(?:(?:the|my|our) )?(?:commute|school run|" + _JOURNEY + r"(?: in)? (?:in )?to (?:work|the office|school|uni|"
    r"the hospital)) from "
    r"(?P<v>" + _PROPER + r")(?: (?:to|into) (?:" + _PROPER + r"|work|the office|school|campus))? (?:is|takes|'s)\b"
    r"|^from (?P<v2>" + _PROPER + r"),? (?:(?:the|my|our) )?(?:commute|school run|" + _JOURNEY
    + r"(?: in)? to (?:work|the office|school|uni)) (?:is|takes|'s)\b", _I)
# "the new flat in Leith has no lift", "the place in Đà Nẵng is 6.5 million", "new place in
# Didsbury has zero parking" (the article left out in a terse note): the home the
# user speaks of as the one they are in (a house is as often a plan or someone else's)
_HOME_IN_RE = re.compile(
    r"^(?:(?:the|our) (?:new )?|new )(?:place|flat|apartment|studio|condo|unit|rental|sublet) (?:here )?in (?P<v>" + _PROPER + r")"
    r" (?:is|has|costs|was|comes)\b(?!\s+(?:going|gonna|supposed))", _I)
# "I finally got the keys to the wee bungalow in Milngavie", "we got the keys for our flat
# in Leith on Friday": a home the user has moved into
_DWELLING = (r"(?:place|flat|apartment|studio|condo|unit|rental|house|home|bungalow|cottage|townhouse|duplex|loft|"
             r"cabin|farmhouse|acreage|farm|ranch|officetel|maisonette|terrace|semi)")
_KEYS_TO_RE = re.compile(
    r"^(?:i|we)(?: have| had|'ve)?(?: (?:just|finally|now|at last|officially))* (?:got|get|picked up|collected|been given|"
    r"were given|was given) (?:the|our|my) keys (?:to|for) (?:the|our|my|a|an) (?:[\w'-]+ ){0,3}?" + _DWELLING
    + r" (?:in|at|on|out in|near|by|outside) (?P<v>" + _PROPER + r")", _I)
# "I finally have my own place, a tiny officetel in Sillim-dong", "we got our own flat in Leith"
_OWN_PLACE_RE = re.compile(
    r"^(?:i|we)(?: (?:finally|now|at last|just))* (?:have|got|have got|'ve got) (?:my|our) (?:very )?own "
    r"(?:place|flat|apartment|room|house|home)(?:,? (?:a|an) (?:[\w'-]+ ){0,3}?" + _DWELLING + r")?"
    r" (?:in|at|out in) (?P<v>" + _PROPER + r")", _I)
# "we are settling in Kileleshwa", "I've finally settled into the new flat in Leith"
_SETTLING_RE = re.compile(
    r"^(?:i|we)(?: am| are| have| had)?(?: (?:just|finally|now|slowly|all|still|nicely))* (?:settling|settled|getting settled)"
    r" (?:in|into)(?: (?:a|an|the|our|my) (?:new |small |tiny |little |bigger )?(?:place|flat|apartment|house|home|studio|"
    r"condo) in)? (?P<v>" + _PROPER + r")", _I)
# "they give accommodation in Al Reem", "we got staff housing in Al Ain": a home that comes
# with the job; "rent at the Roncesvalles place is $2,780": the home the rent is for
_HOUSED_IN_RE = re.compile(
    r"^(?:(?:they|the (?:hospital|company|school|job|employer)) (?:give|gives|provide|provides|put|puts) (?:me |us )?|"
    r"(?:i|we) (?:got|get|have|are in|am in) )(?:free |staff |company |shared )?(?:accommodation|housing|a flat|an apartment|"
    r"a room) in (?P<v>" + _PROPER + r")"
    r"|^(?:the )?(?:rent|mortgage|lease) (?:at|for|on) the (?P<v2>" + _PROPER + r") (?:place|flat|apartment|house|condo)\b",
    _I)
_RENT_IS_RE = re.compile(r"^(?:the )?rent\b[^,;]*? is (?P<r>(?:[$£€¥₹R]\s?|[A-Z]{3}\s)?\d[\d,.]*(?:\s?(?:k|million))?)", _I)
_VISIT = re.compile(r"\b(?:holiday|vacation|trip|hotel|resort|beach|camp|retreat|conference|festival|course|"
                    r"hospital as a patient|visit|visiting|tour)\b", _I)
_STAY_RE = re.compile(r"\bfor (?:a|the|one|two|three|\d+|a few|the next) (?:nights?|weeks?|weekends?|fortnight|"
                      r"days?|months?)\b|\b(?:airbnb|holiday let|rented cottage)\b", _I)
# someone else's first day ("for Ellie", "for my son"), or a pupil's: a school is a job
# only when work is said
_NOT_THE_USERS_JOB = re.compile(r"\bfor (?:my |our |the )?(?:[A-Z][\w'-]+|son|daughter|kids?|children|boy|girl)\b|"
                                r"\b(?i:primary|school|nursery|kindergarten|preschool|daycare|college|university|uni|"
                                r"academy|high)\b(?!.*\b(?i:job|work|teaching|shift|role|contract)\b)")


def arrival(exp: str) -> list[FactDict]:
    """The employer or home a clause of the user's says they have begun at, keyed, with
    the clause as its text (`exp`: the clause in the first person, dates resolved); [] when
    it says none."""
    m = _FIRST_SPELL_RE.match(exp)
    if m:
        v = _strip_org_descriptor(_clean_value(re.split(r",\s+", m.group("v"))[0]))
        if v and not _VISIT.search(exp) and not _NOT_THE_USERS_JOB.search(exp):
            return [{**_profile(exp, "employer", v, 0.75, "update"), "rule": "first_spell_at"}]
    for rule, rx in (("home_in", _HOME_IN_RE), ("settling_in", _SETTLING_RE), ("commute_from", _COMMUTE_FROM_RE),
                     ("keys_to", _KEYS_TO_RE), ("own_place", _OWN_PLACE_RE),
                     ("housed_in", _HOUSED_IN_RE)):
        m = rx.match(exp)
        v = _clean_value(re.split(r",\s+", m.group("v") or m.groupdict().get("v2") or "")[0]) if m else ""
        if rx in (_KEYS_TO_RE, _OWN_PLACE_RE) and (_VISIT.search(exp) or _STAY_RE.search(exp)):
            continue  # the keys to a holiday cottage for a week: a visit
        if _place_ok(v):
            out = [{**_profile(exp, "home_city", v, 0.7, "update"), "rule": rule}]
            rent = _RENT_IS_RE.search(exp)
            if rent:  # "rent at the Roncesvalles place is $2,780": the rent too
                out.append({**_profile(exp, "rent", rent.group("r").rstrip(",."), 0.6, "update"), "rule": rule})
            return out
    return []
