"""Profile slots: the rules that read a keyed fact out of a first-person clause.

Each rule is a small function of the expanded, first-person, date-resolved clause
`c` (with `raw`, the clause as said, `lc`, its lower case, and `now_cue`, whether
it says "now"/"these days"). A rule returns None when it does not apply, else the
fact dicts it reads (an empty list stops the search: "I'm turning 30" is a plan).
`_user_slots` tries them in the order of `_RULES`, which is part of the behaviour:
"I moved to Pune for a job at Infosys" is a move before it is a job.
Other people's attributes (`_other_slots`) get a dotted key, never the user's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .clauses import JOB_GERUND
from .couples import _broke_up, _dating, _got_married_with, _married_to
from .diet import _diet_is, _diet_no_longer, _diet_quit, _diet_started, _eats_again, _no_meat
from .grammar import _a, to_third_person
from .lexicon import (
    _I,
    CAT_BREEDS,
    DATED_AS,
    DEMONYMS,
    DIETS,
    DIETS2,
    DOG_BREEDS,
    FAMILY_SINGLE,
    ID_NOUNS,
    PARTNER_WORDS,
    PET_WORDS,
    RELATIONS,
    STUDENT_WORDS,
    VEHICLES,
)
from .measures import _weight, last_day, work_as
from .people import _NOT_NAMES
from .pets import _pet_lost, _pet_met, _pet_owned
from .roles import _ROLES
from .spelling import _everyday as everyday
from .values import (
    _CAR_BRANDS,
    _NOW_RE,
    _WORKPLACE_RE,
    FactDict,
    Slots,
    _clean_value,
    _is_propery,
    _occupation,
    _place_ok,
    _profile,
    _strip_org_descriptor,
)

Rule = Callable[[str, str, str, bool], Slots]

_CAR_ADJ = r"(?:(?:new|used|old|little|red|blue|black|white|silver|grey|gray|green|yellow|orange|brown|beige|"  \
           r"dark|light|electric|hybrid|second-hand|secondhand|vintage)\s+)*"


def _name_said(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"my name is Priya", "call me Sam"."""
    m = re.match(r"^(?:my name is|my name's|call me|i am called|i go by|people call me|"
                 r"everyone calls me|you can call me)\s+(?P<v>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})", c, _I)
    # "my name is on the lease": a function word is no name
    # "I go by scooter from Yonghe": a way of getting about is no name (nor one typed in lower case after "go by")
    if m and lc.startswith("i go by") and (m.group("v")[0].islower() or m.group("v").lower() in VEHICLES
                                           | {"bus", "train", "tube", "metro", "foot", "car", "bike", "taxi", "mrt"}):
        return None
    if m and not re.match(r"^(?:on|in|at|to|the|a|an|not|also|still|now|just|spelled|written)\b", m.group("v"), _I):
        v = _clean_value(m.group("v"))
        if v:
            v = v[0].upper() + v[1:]
            return [_profile(f"User's name is {v}", "name", v, 0.8,
                             "update" if now_cue else None)]
    return None


def _describes(v: str) -> bool:
    """"Vegan", "Diabetic", "Engineer", "Tired": a word that says what the user is, not who."""
    return bool(re.fullmatch(DIETS, v, _I) or re.fullmatch(DIETS2, v, _I) or _occupation(v)
                or re.fullmatch(r"(?:\w+(?:ian|ist|ic|ed|ing|ous|ful|less|able|ive|al))", v, _I))


def _name_alone(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm Priya" alone."""
    m = re.match(r"^[Ii] am (?P<v>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)\s*$", c)
    if m and m.group("v").split()[0].lower() not in DEMONYMS and not _describes(m.group("v")):
        v = m.group("v")
        return [_profile(f"User's name is {v}", "name", v, 0.8)]
    return None


def _name_and_apposition(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm Tom, a medical student in Munich": a name and an apposition about the user; typed
    in lower case, and without the article, only when it is a job ("im sravani, icu nurse at
    westmead"; never "im tired, long day")."""
    m = re.match(r"^[Ii] am (?P<v>[A-Za-z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?),\s+(?P<rest>(?P<art>(?:a|an|the)\s+)?.+)$", c)
    if m and m.group("v").split()[0].lower() not in DEMONYMS:
        v = m.group("v")
        # ("icu nurse at westmead, 4 on 4 off nights atm": the job, then more)
        rest_c = "I am " + (m.group("rest") if m.group("art") else _a(m.group("rest").split(",")[0]))
        more = _user_slots(rest_c, rest_c)
        if (v.islower() or not m.group("art")) and not any(f.get("key") == "job_title" for f in more or []):
            return None
        if v.islower() and (v in everyday() or v in _NOT_NAMES or _describes(v) or re.search(r"[A-Z]", raw)):
            return None
        v = v[:1].upper() + v[1:]
        out = [_profile(f"User's name is {v}", "name", v, 0.8)]
        out.extend(more or [dict(text=to_third_person(rest_c), kind="semantic", importance=0.6)])
        return out

    return None


def _age(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm 34", "I just turned 35" (a coming birthday is a plan: nothing)."""
    m = re.match(r"^i (?:am|just turned|turned|will turn|am turning)\s+(?:now\s+)?(?P<v>\d{1,3})(?:\s+years?\s+old|\s+yo|\s+y/o)?"
                 r"(?:\s+(?:today|now|on \d{4}-\d\d-\d\d|this year|in \d{4}))?\s*$", c, _I)
    if m and 0 < int(m.group("v")) < 120:
        v = m.group("v")
        ch = "update" if re.search(r"\bturned\b", lc) or now_cue else None
        if re.search(r"\bwill turn|turning\b", lc):
            return []  # plan-ish; handled as plan by caller
        return [_profile(f"User is {v} years old", "age", v, 0.7, ch)]

    return None


def _moved_to(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I moved to Pune", "we moved from Leeds to York", "we moved, Columbus to Dayton"
    (and the job the move was for)."""
    m = re.match(r"^i (?:just |recently |finally |have |had |also )*(?:moved|relocated|moved back|came back)\s*"
                 # where from, said or not: "moved from Leeds to York", "moved, Columbus to Dayton"
                 r"(?:(?:,\s*|\s+from\s+|\s+away from\s+)(?P<from>(?-i:[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}))\s+|\s+)"
                 r"(?:back\s+)?(?:to|into (?:a|an|my|our|the) (?:[\w-]+ ){0,3}?(?:flat|apartment|house|place|home|condo|studio|room|"
                 r"loft|cottage|townhouse|bungalow|dorm)\s+in"
                 # "moved in with my partner sam in longfellow": the person, then the place
                 r"|in with (?:my |our )?(?:[\w'-]+ ){0,3}?in)\s+(?P<v>.+)$", c, _I)
    if m:
        # "Dayton, to be closer to family": the place ends where a new clause begins ("Portland, Oregon" stays)
        v = _clean_value(re.split(r",\s+(?=[a-z])", m.group("v"))[0])
        if _place_ok(v):
            out = [_profile(f"User lives in {v}", "home_city", v, 0.75, "update")]
            # "I moved to Abu Dhabi in November for a new job at Cleveland Clinic"
            j = re.search(r"\b(?:for|to (?:start|take)) (?:a |an |my |the )?(?:new )?(?:job|position|role|post|internship)"
                          r"(?: as (?:a |an )?(?P<t>[\w -]+?))? (?:at|with) (?P<e>.+)$|\bto (?:work (?:at|for)|join) (?P<e2>.+)$",
                          m.group("v"), _I)
            if j:
                e = _clean_value(j.group("e") or j.group("e2"))
                e = _strip_org_descriptor(e)
                if e and _is_propery(e):
                    out.append(_profile(f"User works at {e}", "employer", e, 0.75, "update"))
                occ = _occupation(j.group("t")) if j.group("t") else None
                if occ:
                    out.append(_profile(f"User is {_a(occ)}", "job_title", occ, 0.7, "update"))
            return out
    return None


ADDRESS_RE = re.compile(r"^(?:i (?:now |currently |still )*(?:live|reside|am living|have lived) at\s+|"
                         r"(?:(?:please |kindly )?note (?:the |my |our )|(?:my|our) )?(?P<new>new )?(?:home |current |postal "
                         r"|mailing |residential )?address(?: for (?:service|correspondence|post|mail))?\s*(?:is\b|:|-|=)\s*)"
                         r"(?P<v>(?:(?:flat|apt|apartment|unit) \w+,? )?\d+[a-z]?,? [\w'. -]+?\b(?:st|street|rd|road|ave|avenue|"
                         r"lane|ln|drive|dr|crescent|terrace|close|way|blvd|boulevard|place|pl|court|ct|gardens|grove|row|square|"
                         r"hill|walk|mews|parade)\b.*)$", _I)


_DWELLING_RE = re.compile(r"^(?:a|an|the|our|my)\s+(?:[\w'-]+\s+){0,3}?(?:rental|flat|apartment|house|place|condo|studio|"
                          r"home|sublet|bungalow|cottage|townhouse|terrace|bedsit|room|unit|villa|casita|caravan|"
                          r"trailer|officetel|duplex|loft)\s+(?:[\w-]+\s+){0,3}?(?:on|in|at|near|off|by|outside)\s+"
                          r"(?P<p>.+)$", _I)


def _lives_in(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I live in Pune", "I live with my mum in Crantock"."""
    m = re.match(r"^i (?:now |currently |still |also )*(?:live|reside|stay|have lived|have been living|am living|"
                 r"am based|am located|am now based|am now living|am settled)\s+(?:now\s+)?"
                 r"(?P<with>with (?:my |our )?[\w'-]+(?: (?:and|&) (?:my |our )?[\w'-]+)? (?:still )?)?in\s+(?P<v>.+)$", c, _I)
    if m:
        v = _clean_value(re.split(r",\s+(?=[a-z\d])", m.group("v"))[0])  # "Randburg, two kids": the place ends
        v = re.sub(r"\s+(?:still|atm|these days|for now)$", "", v)  # "in crantock still"
        # "in a flat above the chippy on Fore Street": the home is where it is, said as it was
        home = _DWELLING_RE.match(v)
        where = _clean_value(home["p"]) if home else v
        if _place_ok(where) and (home is None or re.search(r"(?-i:[A-Z])", where)):
            said = f"User lives w{to_third_person(m['with']).strip()[1:]} in {v}" if m["with"] else f"User lives in {v}"
            return [_profile(said, "home_city", where, 0.75, "update" if now_cue else None)]
    # a street address: "I live at 27 Lordswood Road, Harborne", "my new address is Flat 3, 12 Rose
    # Lane", "kindly note the address for service: 27 Lordswood Road"
    m = ADDRESS_RE.match(c)
    if m and _clean_value(m.group("v")):
        v = _clean_value(re.split(r",\s+(?=[a-z])", m.group("v"))[0])  # "..., the kids love it": the address ends
        return [_profile(f"User lives at {v}", "home_city", v, 0.75, "update" if now_cue or m.group("new") else None)]
    # "I'm in tbilisi now", "we're in Lisbon these days", "since we are in Swords now, the
    # school run is ...": where the user is living now
    m = re.match(r"^(?:i am|we are) (?:now |currently )?(?:back )?in\s+(?P<v>[\w'. -]+?)\s+(?:now|these days|nowadays|for good)"
                 r"\b(?P<rest>.*)$", c, _I) or \
        re.match(r"^(?:since|now that|as) (?:i am|we are) (?:now )?in\s+(?P<v>(?-i:[A-Z])[\w'.-]*(?: (?-i:[A-Z])[\w'.-]*){0,2})"
                 r"\s+(?:now|these days)\b(?P<rest>.*)$", c, _I)
    if m:
        # "in a rental in Oro Valley now": the place, not the home
        v = _clean_value(re.sub(r"^(?:a|an|the|our|my) (?:new |small |tiny |bigger |little )?(?:rental|flat|apartment|"
                                r"house|place|condo|studio|home|sublet) in ", "", m.group("v"), flags=_I))
        visit = re.search(r"\b(?:for (?:the|a|this|\d+|a few|two|three) (?:week|weekend|day|night|month)s?|on (?:holiday|"
                          r"vacation|a trip|business)|visiting|for work|this week|until|till|for the holidays)\b",
                          m.group("rest"), _I)
        if _place_ok(v) and v.lower().split()[0] not in _PASSING_PLACES and not re.search(r"\d", v) and not visit:
            return [_profile(f"User lives in {v}", "home_city", v, 0.7, "update")]
    return None


# Where one is for an hour, not where one lives: "I'm in bed now", "in class now".
_PASSING_PLACES = frozenset("bed class town hospital traffic line school work office church meeting shower car bus "
                            "train queue kitchen gym labour labor pain trouble love shock tears charge spot level room seat row lane "
                            "section bay aisle".split())


def _hometown(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm from Kerala", "I grew up in Leeds"."""
    m = re.match(r"^i am (?:originally )?from\s+(?P<v>.+)$|^i (?:grew up|was born and (?:raised|bred)|was raised) in\s+"
                 r"(?P<w>.+)$", c, _I) \
        or re.match(r"^i am (?:a )?(?P<v>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2}) born and (?:bred|raised)\b", c, _I)
    if m:
        # "Napoli, Rione Sanità, in London since 2019": where the user is now is another fact
        v = _clean_value(re.split(r",\s+(?:in|and|but|now|living|based)\s", m.group("v") or m.group("w"))[0])
        if _place_ok(v):
            return [_profile(f"User is from {v}", "hometown", v, 0.65)]
    return None


_ORG_NOUNS = (r"(?:agency|company|firm|startup|start-up|studio|consultancy|bank|school|hospital|clinic|practice|"
              r"team|group|shop|store|restaurant|cafe|café|bakery|lab|charity|nonprofit|non-profit|organisation|"
              r"organization|publisher|label|brand|council|university|college)")
WITH_ORG_RE = re.compile(
    r"^(?:(?:these days|nowadays|now|currently|work-wise|workwise)[,]?\s+)?i am (?:now |currently )?(?:with|at|"
    r"working (?:at|for|with)) (?:a |an |the )?(?:[\w-]+\s+){0,3}?" + _ORG_NOUNS +
    r"\s+(?:called|named)\s+(?P<v>[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3})", _I)


def _with_org(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"these days I'm with a small agency called Brightline": the user's employer."""
    m = WITH_ORG_RE.match(c)
    if not m:
        return None
    v = _clean_value(m.group("v"))
    if not v:
        return None
    return [_profile(to_third_person(raw), "employer", v, 0.75,
                     "update" if now_cue or re.match(r"^(?:these days|nowadays)", lc) else None)]


_NEW_WORKPLACE_RE = re.compile(
    r"^i am (?:now |currently )?(?:at|with) (?:a |my |the )?new (?:job|place|practice|company|firm|office|clinic|agency|"
    r"studio|hospital|restaurant|gig|role|employer|shop|salon|school|lab)\b(?: now)?[,:]?\s*(?:called |named |- )?"
    r"(?P<v>(?-i:[A-Z0-9]).+)$", _I)


def _new_workplace(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm at a new practice, Desert Bloom Dental": a new employer, named."""
    m = _NEW_WORKPLACE_RE.match(c)
    v = _strip_org_descriptor(_clean_value(m.group("v"))) if m else None
    if not v:
        return None
    return [_profile(f"User works at {v}", "employer", v, 0.75, "update")]


def _works_at(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I work at Infosys (as an analyst)", "I work for myself"."""
    m = re.match(r"^i (?P<pre>(?:now |currently |still |also |just |recently )*)(?:work|am (?:now |currently |still )?"
                 + JOB_GERUND + r"|have been working|"
                 r"have worked|am employed|am)\s+(?:now\s+)?(?:at|for|with|by)\s+(?P<v>.+)$", c, _I)
    if m and not re.match(r"^i am (?:at|with|by)\b", c, _I):
        rest = m.group("v")
        v = _clean_value(rest)
        v = _strip_org_descriptor(v)
        # "I work at it every day": a pronoun is no employer
        if v and v.lower() not in ("myself", "home", "the moment", "a living") \
                and not re.match(r"^(?:it|this|that|them|him|her|night|weekends?)\b", v, _I):
            ch = "update" if now_cue else None
            facts = [_profile(f"User works at {v}", "employer", v, 0.75, ch)]
            t = re.search(r"\bas (?:a |an |the )?(?P<t>[\w -]+)$", rest, _I)
            if t:
                title = _occupation(t.group("t")) or _clean_value(t.group("t"))
                if title:
                    facts.append(_profile(f"User is {_a(title)}", "job_title", title, 0.7, ch))
            return facts
        if v and v.lower() == "myself":
            return [_profile("User is self-employed", "employer", "self-employed", 0.75, "update" if now_cue else None)]
    return None


# a business one owns is where one works: the ones said with "have" too ("I have a
# bakery"), and the ones only run or owned ("I run a farm"; "I have a gym" is at home)
_BUSINESS_HAD = r"(?:nail salon|salon|bakery|boulangerie(?:-p[aâ]tisserie)?|p[aâ]tisserie|caf[eé]|coffee shop|restaurant|" \
    r"bistro|boutique|bookshop|bookstore|florist|pharmacy|shop|pub|takeaway|food truck|market stall)"
_BUSINESS_RUN = r"(?:" + _BUSINESS_HAD[3:-1] + r"|farm|garage|gym|studio|business|company|firm|agency|clinic|practice|" \
    r"consultancy|startup|start-up|daycare|nursery|guesthouse|b&b|hotel|bar|workshop)"
_OWNS_RE = re.compile(
    r"^i (?:now |also |still )?(?:(?P<had>have|opened)|own|run|manage|co-own|co-founded|founded|started|"
    r"am (?:now )?running|started running) "
    r"(?:a |an |my own |our own |my |our |the )?(?:[\w'-]+ ){0,2}?"
    r"(?P<b>" + _BUSINESS_RUN + r"|(?<=own )thing)(?=$|[,.;!]|\s+(?:in|at|on|off|called|named|since|near|just|outside|and|"
    r"with|downtown|here|now)\b)(?P<rest>.*)$", _I)
# its name: "called Lotus Nails", or said next after a comma ("my own thing now, Salt Dog Surf Co.")
_BUSINESS_NAME_RE = re.compile(r"\b(?:called|named|name is|name's)\s+(?P<n>(?-i:[A-Z])[\w'&.-]*(?: (?-i:[A-Z])[\w'&.-]*){0,3})"
                               r"|^(?:\s+now)?\s*,\s*(?P<n2>(?-i:[A-Z])[\w'&.-]*(?: (?:&\s)?(?-i:[A-Z])[\w'&.-]*){0,3})", _I)


def _owns_business(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I have a nail salon in Houston, name is Lotus Nails", "I own a little bakery in
    Kettering", "I run a dairy farm": the user's own business is where the user works (its
    name when said, else "their own bakery")."""
    m = _OWNS_RE.match(c)
    if not m or (m.group("had") and not re.fullmatch(_BUSINESS_HAD, m.group("b"), _I)):
        return None
    name = _BUSINESS_NAME_RE.search(m.group("rest"))
    if name is None and m.group("b").lower() == "thing":
        return None  # "my own thing, really": no business named
    v = _clean_value(name.group("n") or name.group("n2")) if name else f"their own {m.group('b').lower()}"
    return [_profile(f"User works at {v}", "employer", v, 0.75, "update" if now_cue else None)]


# a month or a week said first ("In November I sign the contract with Cermaq"; never a year:
# "in 2019 I joined Google" is history)
MONTH_LEAD = r"(?:in (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|last (?:week|month)|this (?:week|month))(?: \d{4})?,? "


def _joined(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I joined TCS", "I got a job at Stripe", "I switched to Google"."""
    m = re.match(r"^(?:(?:ever )?since |" + MONTH_LEAD + r")?i (?:have |'ve |had )?(?:just |recently |finally |now )*(?:joined|started (?:working )?at|started (?:working )?for|"
                 r"(?:got|landed|bagged|scored) (?:a |an |the )?(?:new )?(?:job|offer|position|role|post) (?:at|with)|got hired (?:at|by)|got on at|leased on (?:with|to)|"
                 r"got taken on (?:at|by)|(?:signed|sign) (?:on )?(?:(?:a|the|my) (?:new )?contract )?(?:w|w/|with)|"  # (where in it, between: "accepted a position in the dialysis unit at Maisonneuve-Rosemont")
                 r"(?:accepted|taken|took) (?:a |an |the )?(?:new )?(?:job|offer|position|post|role)"
                 r"(?: (?P<unit>(?:in|on) (?:the |a )?[\w' -]{2,40}?))? (?:at|with|from)|"
                 r"(?:started|began|start|begin) (?:a |my |the )?(?:new |first )?(?:full[- ]time |part[- ]time )?"
                 r"(?:job|role|position|internship|work|post) (?:at|with|for)|began working (?:at|for)|"
                 r"switched (?:jobs? )?to)\s+(?P<v>.+)$", c, _I)
    if m:
        rest = m.group("v")
        v = _strip_org_descriptor(_clean_value(rest))
        # "started at 0.25", "started at 6am": an amount or a time is no employer ("3M", "7-Eleven" are)
        if re.fullmatch(r"[$£€]?\d[\d.,:]*\s*(?:am|pm|mg|mcg|ml|g|kg|lbs?|%|k|km|miles?|h|hrs?|hours?|mins?|a\.m\.|p\.m\.)?", v):
            return None
        if (_is_propery(v) or _WORKPLACE_RE.match(v)) and not re.search(r"\bswitched to", c, _I) or (v and re.search(r"\b(?:job|position|role|offer|hired|post)\b", lc)):
            unit = f" {m.group('unit')}" if m.group("unit") else ""  # "in the dialysis unit": kept
            facts = [_profile(f"User works{unit} at {v}", "employer", v, 0.75, "update")]
            t = re.search(r"\bas (?:a |an |the )?(?P<t>[\w -]+)$", rest, _I)
            if t and _clean_value(t.group("t")):
                title = _occupation(t.group("t")) or _clean_value(t.group("t"))
                facts.append(_profile(f"User is {_a(title)}", "job_title", title, 0.7, "update"))
            return facts
    return None


def _unemployed(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm between jobs"."""
    if re.match(r"^i (?:am )?(?:currently |now )?(?:unemployed|between jobs|out of work|jobless|looking for (?:a )?(?:new )?(?:job|work))\b", c, _I):
        return [_profile(to_third_person(raw), "employer", "unemployed", 0.7, "update")]
    return None


_PLACE_NOT_EMPLOYER = re.compile(r"^(?:the |my |a |our )?(?:gym|pool|home|work|school|office|uni|college|church|beach|"
                                 r"park|club|moment|house|flat|apartment|desk|table|stage|point|level)\b", _I)


def _no_longer_works_at(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I no longer work at Infosys", "not at cfa anymore" (a value the employer slot
    does not hold retires nothing: "I'm not at home anymore")."""
    m = re.match(r"^i (?:am no longer (?:working|employed)|no longer work|do not work|am no longer|"
                 r"am not(?=.*\bany ?more\b)) (?:at|for|with|by)\s+(?P<v>.+?)(?:,? any ?more\b.*)?$", c, _I)
    if m and _clean_value(m.group("v")) and not _PLACE_NOT_EMPLOYER.match(m.group("v")):
        v = _clean_value(m.group("v"))
        return [_profile(f"User no longer works at {v}", "employer", v, 0.7, "delete")]
    return None


def _left_job(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I quit my job at Infosys", "I left Infosys" ("I left X" is read here, never as a move)."""
    m = re.match(r"^i (?:just |recently |finally )*(?:quit|left|resigned from|was laid off from|got laid off from|"
                 r"got fired from|was fired from|retired from|lost)\s+(?P<v>.+)$", c, _I)
    if m:
        v = _clean_value(m.group("v"))
        if re.match(r"^my (?:job|position|role|work)\b", v, _I):
            e = _clean_value(at.group("e")) if (at := re.search(r"\bat\s+(?P<e>.+)$", m.group("v"), _I)) else None
            return [_profile(f"User left their job at {e}" if e else "User quit their job", "employer", e, 0.7, "delete")]
        # (never "lost Bucca in January": no employer left; when said after it stays, "... end of August")
        if _is_propery(v) and not re.match(r"^(?:I|My)\b", v) and not re.match(r"^i (?:just |recently |finally )*lost\b", c, _I):
            when = re.match(r"\s+(?:at the )?(?:end|start|beginning|middle) of\b[^,;]*", m.group("v").partition(v)[2])
            return [_profile(f"User left {v}{when.group(0).rstrip(' .!') if when else ''}", "employer", v, 0.7, "delete")]
    return None


# who the user is in their household or stage of life: "a mom of 3", "a retired dad"
_LIFE_ROLES = (r"(?:mom|mum|mama|mother|dad|father|parent|grandma|grandmother|granny|grandad|grandpa|grandfather|"
               r"retiree|pensioner|widow|widower|homeowner|newlywed|empty nester)s?")
_PERSON_IN_PLACE_RE = re.compile(
    r"^i am (?:a |an )?(?:[\w'-]+ ){0,2}?" + _LIFE_ROLES + r"(?: of (?:\d+|[a-z]+))?"
    r" (?:based |living )?in (?P<v>(?-i:[A-Z])[\w'.-]+(?: (?-i:[A-Z])[\w'.-]+){0,2}(?:, (?-i:[A-Z])[\w'.-]+(?: (?-i:[A-Z])[\w'.-]+)?)?)"
    r"(?:$|,? (?:and|but|so|with)\b|, (?=[a-z\d]))", _I)


def _person_in_place(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm a mom of 3 in Westerville, Ohio and ...", "I'm a single mum of two in Croydon":
    who the user is at home, and where that home is (an occupation in a place is
    `_occupation_is`'s)."""
    m = _PERSON_IN_PLACE_RE.match(c)
    if m and _place_ok(m.group("v")) and not re.search(r"\d", m.group("v")):  # "a dad in Year 5, ...": no place
        return [_profile(f"User lives in {m.group('v')}", "home_city", m.group("v"), 0.7, "update" if now_cue else None)]
    return None


# where or since when the user is what they say, said first: "in Fintrail now I am team lead"
# ("in Leeds I am a nurse": a town or a firm, so only "at" names the employer)
LEAD_IN_RE = re.compile(r"^(?:(?:also|and|so) )?(?:in (?-i:[A-Z])[\w&'-]*(?: (?-i:[A-Z])[\w&'-]*){0,2}|"
                        r"at (?P<o>(?-i:[A-Z])[\w&'-]*(?: (?-i:[A-Z])[\w&'-]*){0,2}))(?: now)?,? (?=i am )|^(?:from|since|as of|starting) "
                        r"(?:\d{4}-\d\d-\d\d|(?-i:[A-Z])[a-z]+ \d{4}),? (?=i (?:am|fly|work|sail|serve) )|^(?:day job|by day|work[- ]?wise|job[- ]?wise|for work|for a living|in real life),? (?=i (?:am|work) )", _I)  # ("Day job I'm a plumber with ...")


def _occupation_is(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm a nurse (at St Mary's)", "I work remotely as a designer", "I'm a pharmacist in Dubai";
    "in Fintrail now I am team lead of QA", "from 2023-09-04 I am automation engineer in
    Fintrail, a bigger company": the employer, or when it began, said first."""
    org = LEAD_IN_RE.match(c)
    if org:
        c = c[org.end():] + (f" at {org.group('o')}" if org.group("o") else "")
    # "automation engineer in Fintrail, a bigger company": an organisation said so
    c = re.sub(r"\s+\([^()]{1,30}\)(?=[\s,])|\s+(?:for\s+)?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|many|a few)\s+(?:years?|yrs?|months?)(?:\s+now)?(?=\s*(?:[,.;]|$|\s(?:and|now|right|at|in|with)\b))", ",", re.sub(r"\bin (?=(?-i:[A-Z])[\w&'-]*(?: (?-i:[A-Z])[\w&'-]*){0,2}, (?:a|an) (?:[\w-]+ )?(?:company|firm|startup|agency|"
               r"consultancy|bank|school|hospital|studio)\b)", "at ", c))  # (and how long, no employer: "a nurse for 12 years now")
    m = re.match(r"^i (?:am (?:now |currently |still )?working as|am now|am(?! (?:now )?(?:posted|appointed|reassigned|"
                 r"redeployed) as)|(?:now |currently |also )?(?:work|fly|sail|serve|"
                 r"practi[sc]e|moonlight) (?:(?:remotely|full[- ]time|part[- ]time|freelance|"
                 r"from home|now|currently) )*as|have been working as|became|just became|(?P<made>(?:got|was|have been|'ve been) "
                 r"(?:promoted|frocked|bumped up|made up) to|(?:am|got|was|have been|'ve been) (?:now )?"
                 r"(?:posted|appointed|reassigned|redeployed) as))\s+"
                 # "I'm still deputy principal", "I'm currently lead engineer at Fintrail": the adverb is no part of the job
                 r"(?:(?:still|currently|also|officially|finally|technically|basically|actually|already) )*"
                 r"(?:a |an |the )?(?P<v>.+)$", c, _I)
    if m:
        occ = _occupation(m.group("v"))
        if not occ and m.group("made"):  # "got promoted to partner", "frocked to OS1": a title, whatever it is
            title = re.split(r"\s+(?:on|in|at|last|this|since|from|during|after|before|and)\b|[,;.!(]", m.group("v"))[0].strip()
            occ = title if 0 < len(title.split()) <= 3 and not re.match(r"(?:it|that|this|them|him|her)\b", title, _I) \
                else None
        if occ:
            ch = "update" if re.search(r"\b(?:became|promoted|frocked|now|posted|appointed)\b", lc) \
                or (org and re.match(r"(?:from|since|as of|starting)\b", org.group(0), _I)) else None
            at = re.search(re.escape(occ) + r"\s+(?:(?:now|currently|these days)\s+)?(?:at|for|with)\s+(?P<e>.+)$",
                           m.group("v"), _I)
            e = _strip_org_descriptor(_clean_value(at.group("e"))) if at else None
            # "I'm a pharmacist in Dubai": where the user is based
            city = re.search(re.escape(occ) + r"\s+(?:based |living |working |studying )?in\s+"
                             r"(?P<v>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})$", m.group("v"))
            home = [_profile(f"User lives in {city.group('v')}", "home_city", city.group("v"), 0.7, ch)] \
                if city and _place_ok(city.group("v")) else []
            if occ.lower().split()[-1] in STUDENT_WORDS:
                # a student studies at a school: one job_title fact, no employer
                where = f" at {e}" if e else ""
                return [_profile(f"User is {_a(occ)}{where}", "job_title", occ, 0.7, ch)] + home
            facts = [_profile(f"User is {_a(occ)}", "job_title", occ, 0.7, ch)]
            if e:
                facts.append(_profile(f"User works at {e}", "employer", e, 0.75, ch))
            return facts + home
    return None


HIRED_BY_RE = re.compile(
    r"^(?:(?i:so|and|but|then|finally|also|well)\s+)?(?P<org>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z&])[\w&'.-]*){0,3}|"
    r"(?i:they|he|she))\s+(?:(?i:have|has|just|finally|officially|actually)\s+)*"
    r"(?:(?i:hired|employed|signed)\s+(?i:me|User)|(?i:took|taken)\s+(?i:me|User)\s+(?i:on))\b(?P<rest>.*)$")


def _hired_by(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"Jökull Adventures hired me as a glacier guide, full-time", "Google took me on as an
    intern", "they hired me at the Marriott": the employer now (one named alone may be a
    person: "Dave hired me to paint his fence" says what the work is, or no employer)."""
    m = HIRED_BY_RE.match(c)
    if m is None:
        return None
    rest, org = m["rest"], m["org"]
    at = re.search(r"\b(?:at|with|for)\s+(?:the\s+)?(?P<e>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,3})", rest)
    title = re.search(r"\bas\s+(?:a|an|the|their)?\s*(?P<t>[a-z][\w -]{2,40}?)(?=\s*(?:[,.;!]|$|\s(?:at|with|for|from)\b))", rest)
    occ = _occupation(title["t"]) if title else None
    if org.lower() in ("they", "he", "she"):
        if at is None:
            return None
        org = at["e"]
    elif " " not in org and org.lower() in _NOT_NAMES or (" " not in org and not occ
                                                          and not re.search(r"\b(?:full|part)[- ]time|permanent", rest)):
        return None
    # (as said: "Jökull Adventures hired User as a glacier guide, full-time, all year")
    out = [_profile(to_third_person(raw), "employer", org, 0.75, "update")]
    if occ:
        out.append(_profile(f"User is {_a(occ)}", "job_title", occ, 0.7, "update"))
    return out


def _job_as_at(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I started a new job as a designer at Canva"."""
    m = re.match(r"^i (?:(?:just|recently|finally) )*(?:started|began|took|accepted|got) (?:a |my |the )?(?:new )?(?:job|role|position|post)"
                 r" as (?:a |an |the )?(?P<t>.+?) (?:at|with|for) (?P<e>.+)$", c, _I)
    occ = _occupation(m.group("t")) if m else None
    if m and occ:
        e = _strip_org_descriptor(_clean_value(m.group("e")))
        out = [_profile(f"User is {_a(occ)}", "job_title", occ, 0.7, "update")]
        if e and _is_propery(e):
            out.insert(0, _profile(f"User works at {e}", "employer", e, 0.75, "update"))
        return out
    return None


def _graduated(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I graduated": an event, and the end of a student status (the write path only retires a
    job_title holding "student")."""
    m = re.match(r"^i (?:just |finally |recently |officially )*(?:graduated|finished (?:my )?(?:degree|studies|university|"
                 r"college|phd|masters?|master's|bachelor's)|completed my (?:degree|studies|phd)|dropped out)\b", c, _I)
    if m:
        return [dict(text=to_third_person(raw), kind="episodic", importance=0.55),
                _profile("User is no longer a student", "job_title", "student", 0.6, "delete")]

    return None


# a partner named after the relation: "my wife is called Sofia", "my boyfriend's Callum, ..." (never "my boyfriend's Mum"),
# "my" left out as a text leaves it ("gf is Tegan, 8 months tmoz")
MY_PARTNER_IS_RE = re.compile(r"^(?:(?i:my) )?(?P<r>(?i:" + PARTNER_WORDS[3:-1] + r"|gf|bf|hubby))(?:(?:'s name)? is (?:called |named )?|'s (?=[A-Z][\w-]*\s*(?:[,.;!]|$))(?!(?i:" + "|".join(sorted(FAMILY_SINGLE)) + r")\b))"
                              r"(?P<v>(?:(?:Mrs|Mr|Ms|Dr|Prof)\.?\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)")
# a partner named before the relation: "Weronika is my girlfriend since March"
PARTNER_IS_RE = re.compile(r"^(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?) is (?:now )?(?i:my) (?:new )?(?P<r>(?i:"
                           + PARTNER_WORDS[3:-1] + r"))\b(?!'|-|\s+(?:and|or)\b)")


# a partner had, named after it: "I have a boyfriend, Tom", "I've a gentleman friend, Wilf"
HAVE_PARTNER_RE = re.compile(r"^(?i:i have|i've|ive)(?: got)? (?i:a|an) (?:(?i:new) )?(?P<r>(?i:boyfriend|girlfriend|partner|"
                             r"fianc[ée]e?|(?:gentleman|lady|man|boy|girl)[ -]?friend)|(?<=new )(?i:fella|fellow|bloke|man|guy|"
                             r"lass|lady|woman|girl)),? (?P<v>[A-Z][\w'-]*)\b")  # ("a new fella, Gary"; never "a guy, Dave, for the garden")


def _partner_named(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"my wife is called Sofia", "Weronika is my girlfriend since March", "I have a boyfriend, Tom"."""
    m = MY_PARTNER_IS_RE.match(c) or PARTNER_IS_RE.match(c) or HAVE_PARTNER_RE.match(c)
    if m and m.re is PARTNER_IS_RE and re.match(r"\s+(?:in|at|for|on|from|with)\b", c[m.end():]):
        return None  # "my partner in crime", "my partner at the firm": no partner of the heart
    if m and m.group("v").split()[0].lower() not in _NOT_NAMES | FAMILY_SINGLE:
        v = m.group("v")
        r = DATED_AS.get(m.group("r").lower(), m.group("r").lower())
        return [_profile(f"User's {r} is {v}", "partner", v, 0.75)]
    return None


def _favorite(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"my favourite band is Muse"."""
    m = re.match(r"^my (?:all[- ]time |absolute )?(?P<f>favou?rite) (?P<k>[a-z][a-z ]{1,30}?) (?:is|are|has to be)\s+(?P<v>.+)$",
                 c, _I)
    if m:
        k = re.sub(r"\s+", "_", m.group("k").strip().lower())
        v = _clean_value(m.group("v"))
        if v:  # "favourite" or "favorite", as the user spells it
            return [_profile(f"User's {m.group('f').lower()} {m.group('k').strip().lower()} is {v}", f"favorite_{k}", v, 0.6,
                             "update" if now_cue else None)]

    return None


def _identifier(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"my locker code is 4412", "my birthday is on 1990-06-12"."""
    m = re.match(r"^my (?P<k>(?:[a-z-]+ ){0,2}" + ID_NOUNS + r")(?: number)? (?:is|are|was changed to|changed to)\s+(?:on\s+)?(?P<v>.+)$", c, _I)
    if m:
        k = re.sub(r"[\s-]+", "_", m.group("k").strip().lower())
        v = m.group("v").strip().rstrip(".!")
        v = re.sub(r"\s+(?:now|lol|btw)$", "", v, flags=_I)
        return [_profile(f"User's {m.group('k').strip().lower()} is {v}", k, v, 0.7,
                         "update" if now_cue or "changed" in lc else None)]

    return None


def _car_sold(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I sold my Honda"."""
    # the brand is capitalised: "I sold my Honda", not "I sold my old phone"
    m = re.match(r"^(?i:i (?:sold|got rid of|gave away|totaled|crashed|wrecked) (?:my|our)) "
                 r"(?P<v>(?i:car|truck|bike|motorcycle|scooter|van|suv)|[A-Z]\w+)\b", c)
    if m:
        return [dict(text=to_third_person(raw), kind="episodic", importance=0.5, key="car", value=None,
                     change="delete")]
    return None


def _car_owned(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I drive a red Tesla Model 3"."""
    m = re.match(r"^[Ii] (?:drive|own|have) (?:a|an) (?P<v>" + _CAR_ADJ + r"(?:\d{4}\s+)?[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,2})"
                 r"(?P<rest>.*)$", c) or \
        re.match(r"^[Ii] (?:drive|own|have) (?:a|an) (?P<v>(?:[A-Z][\w-]*|\d{4})(?:\s+[\w-]+){0,3})(?P<rest>)$", c)
    if m and not re.search(PET_WORDS + "|" + DOG_BREEDS + "|" + CAT_BREEDS, c, _I) and (
            _CAR_BRANDS.search(m.group("v")) or not m.group("rest").strip()):
        v = _clean_value(m.group("v"))
        text = f"User drives {_a(v)}" if not m.group("rest").strip() else to_third_person(raw)
        return [_profile(text, "car", v, 0.6)]
    return None


# vehicles one gets that are no car of the user's: "got a Mini Egg", a "note", a "city" ...
_NOT_VEHICLES_GOT = frozenset("note city fit partner mini pilot focus polo golf jazz leaf bolt genesis seat ranger "
                              "escape explorer frontier sierra".split())


GIVEN_A_CAR_RE = re.compile(r"^(?:(?:my|our) )?(?:[\w'-]+ ){0,2}?[\w'-]+(?:'s)? (?:has |'s |just |finally )*(?:gave|give|gives|given|handed|"
                            r"passed|sold|lent|loaned) (?:me|us) (?:his|her|their|the) (?:old |spare |second )?"
                            r"(?P<v>(?:(?:19|20)\d\d )?[\w-]+(?: [\w-]+)?)(?=\s*(?:[,.;!(]|$|\s(?:for|so|and|which|that)\b))", re.I)


def _car_bought(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I just bought a Honda Civic", "i got a 79 Kombi from an oke in Noordhoek", "traded the
    CR-V for a 2021 RAV4 hybrid"."""
    # ("ended up with a Yaris hybrid", "picked up a used Duster": texted without the "I")
    m = re.match(r"^(?:[Ii] |(?=(?i:ended up|picked up)))(?:just |finally |recently )?(?i:bought|got|picked up|ended up with) "
                 r"(?:a |an )(?P<v>car|" + _CAR_ADJ
                 + r"(?:(?:\d{4}|'?\d{2})\s+)?[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,2})(?P<rest>.*)$", c)
    if m and (m.group("v") == "car" or _CAR_BRANDS.search(m.group("v"))
              or m.group("v").split()[-1].lower() in VEHICLES - _NOT_VEHICLES_GOT):
        v = _clean_value(m.group("v"))
        return [_profile(f"User owns {_a(v)}", "car", v, 0.6, "update")]
    # "uncle pete give me his old corsa, 2010, silver", "Dad's handed me his Astra": a vehicle given
    m = GIVEN_A_CAR_RE.match(c)  # (by its make, model or kind: "gave me the car" says no other one)
    if m and m.group("v").split()[-1].lower() not in {"car", "vehicle", "motor", "ride", "wheels"} \
            and (_CAR_BRANDS.search(m.group("v")) or m.group("v").split()[-1].lower() in VEHICLES - _NOT_VEHICLES_GOT):
        v = _clean_value(m.group("v"))
        return [_profile(f"User drives {_a(v)}", "car", v, 0.6, "update"),
                dict(text=to_third_person(raw), kind="semantic", importance=0.5)]  # (who gave it, as said)
    # "I'm in a 2024 Silverado, red", "I'm pushing a silver 2021 Toyota Tacoma now": the one
    # driven now, by its make or its model year
    m = re.match(r"^(?:I'm|I am|Im) (?:now |driving |pushing |rolling in |in |picking up |collecting )+(?:a |an )(?P<v>" + _CAR_ADJ
                 + r"(?:(?P<y>(?:19|20)\d\d)\s+)?[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,2})", c)
    if m and (_CAR_BRANDS.search(m.group("v")) or m.group("v").split()[-1].lower() in VEHICLES - _NOT_VEHICLES_GOT):
        v = _clean_value(m.group("v"))
        return [_profile(f"User drives {_a(v)} now", "car", v, 0.6, "update")]
    # "traded the CR-V at carmax in mesa for a 2021 RAV4 hybrid", "swapped the Golf for a Zoe":
    # the vehicle got (the turn keeps what went for it)
    m = re.match(r"^[Ii] (?:just |finally )?(?:traded|swapped|exchanged|part-exchanged)(?: in)? (?:my|our|the) "
                 r"(?P<old>[^,;]{1,40}?) for (?:a |an )(?P<v>" + _CAR_ADJ + r"(?:(?:\d{4}|'?\d{2})\s+)?[A-Z][\w-]*"
                 r"(?:\s+[A-Z0-9][\w-]*){0,2})", c)
    if m and (_CAR_BRANDS.search(m.group("v")) or _CAR_BRANDS.search(m.group("old"))
              or {w.lower() for w in re.findall(r"[\w-]+", m.group("v") + " " + m.group("old"))} & VEHICLES):
        v = _clean_value(m.group("v"))
        return [_profile(f"User drives {_a(v)} now", "car", v, 0.6, "update")]
    return None


# Generic attributes: "my X is Y" is a single-valued attribute keyed by X, whatever X is
# ("my team lead is Farid now", "my mortgage payment went up to 2,100", "Kwame is my main
# supervisor now"), so a later value replaces the earlier one. Not keyed: heads that name
# one of several (children, friends, flights, appointments, pets, ...), plurals, and
# safety topics (an allergy or a condition is always its own record).
_MULTI_HEADS = frozenset(
    "son daughter kid child baby brother sister sibling friend cousin niece nephew grandchild grandson "
    "granddaughter grandkid aunt uncle colleague coworker co-worker neighbour neighbor client customer student "
    "tenant pet dog cat puppy kitten horse bird fish hobby flight appointment class course lesson order booking "
    "reservation meeting trip project deadline bill allergy intolerance condition medication med medicine "
    "prescription diagnosis symptom injury pain doctor's plan idea goal dream problem issue thing stuff "
    "favourite favorite name".split())
_SOFT_MODIFIERS = frozenset("new current old former main primary usual regular present latest".split())
# longest first: "is now 700" is the verb "is now" and the value "700", not "is" and "now 700"
_ATTR_VERB = (r"(?:is now|are now|is currently|are currently|is up to|is down to|has become|became|went up to|"
              r"went down to|rose to|fell to|dropped to|increased to|decreased to|has changed to|changed to|"
              r"got bumped to|was bumped to|moved to|is|are|'s)"
              # a value hedged is still the value: "the commute's more like 45 min now"
              r"(?:\s+(?:more like|closer to|roughly|about|around|approximately|nearly|almost))?")
ATTR_CHANGE_RE = re.compile(r"^our (?P<k>(?:[a-z][a-z-]* ){0,2}[a-z][a-z-]*) (?:went up to|went down to|"
                             r"rose to|fell to|dropped to|increased to|decreased to|changed to|has changed to|"
                             r"got bumped to|was bumped to|is up to|is down to)\s+(?P<v>.+)$", _I)
_ATTR_RE = re.compile(r"^(?:my|our) (?P<k>(?:[a-z0-9][a-z0-9-]* ){0,2}[a-z][a-z-]*)(?: |(?='s\s))" + _ATTR_VERB + r"\s+(?P<v>.+)$",
                      _I)
_ATTR_INVERTED_RE = re.compile(
    r"^(?P<v>[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}) (?:is|'s) (?:now )?my (?P<k>(?:[a-z][a-z-]* ){0,2}[a-z][a-z-]*)"
    r"(?: now| these days| from now on)?[.!]?$")


# A qualifier of when, not of what: "rent at renewal", "pay from September" are the rent
# and the pay ("rent for the garage" is another thing).
_WHEN_QUALIFIERS = frozenset("renewal moment present minute increase rise review raise now today "
                             "january february march april may june july august september october november "
                             "december".split())


_SAME_ATTRIBUTE = {"pay": "salary", "wage": "salary", "wages": "salary", "paycheck": "salary", "base": "salary"}


def _attribute_key(phrase: str) -> str | None:
    words = [w for w in phrase.lower().split() if w not in _SOFT_MODIFIERS]
    if len(words) >= 3 and words[-2] in ("at", "after", "from", "since", "in", "as", "on") \
            and words[-1] in _WHEN_QUALIFIERS:
        words = words[:-2]
    if len(words) >= 3 and words[-2] in ("with", "for", "at", "from", "to") \
            and words[-1] in ("them", "him", "her", "us", "it", "you"):
        words = words[:-2]  # "my rate with them is 11p a word": whose it is was said before, the key is `rate`
    if words and re.fullmatch(PARTNER_WORDS + r"|gf|bf|hubby", words[-1]):
        return None  # "gf is Tegan": the partner (`_partner_named`)
    if len(words) == 1 and words[0] in _SAME_ATTRIBUTE:
        words = [_SAME_ATTRIBUTE[words[0]]]  # "Pay is AED 12,800" after "my salary is AED 9,500"
    if not words or words[-1] in _MULTI_HEADS or (words[-1].endswith("s") and not words[-1].endswith("ss")):
        return None
    if any(w in ("allergy", "allergic", "intolerance", "medication", "condition") for w in words) \
            or any(w in RELATIONS for w in words[:-1]):  # ("my big brother Ryan is 21": a person, no attribute)
        return None
    return "_".join(words)


def _informative(v: str) -> bool:
    """A value worth a slot: a number, or a name (a capital letter anywhere)."""
    return bool(re.search(r"\d|[A-Z]", v))


def _attribute(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"my team lead is Farid now", "my rent went up to $765", "Kwame is my supervisor now"."""
    m = _ATTR_RE.match(c) or _ATTR_INVERTED_RE.match(c) or ATTR_CHANGE_RE.match(c)
    if not m:
        return None
    key = _attribute_key(m.group("k"))
    v = _clean_value(m.group("v"))
    if key is None or key.replace("_", " ") in _ROLES or not v or not _informative(v) or len(v.split()) > 6:
        return None
    changed = now_cue or bool(re.search(r"\b(?:up|down|rose|fell|dropped|increased|decreased|changed|bumped|became|"
                                        r"become|moved)\b", lc))
    return [_profile(to_third_person(raw), key, v, 0.6, "update" if changed else None)]


_RULES: tuple[Rule, ...] = (
    _name_said,
    _name_alone,
    _name_and_apposition,
    _age,
    _diet_is,
    _diet_started,
    _diet_quit,
    _diet_no_longer,
    _no_meat,
    _eats_again,
    _moved_to,
    _lives_in,
    _hometown,
    _with_org,
    _new_workplace,
    _works_at,
    _owns_business,
    _joined,
    _hired_by,
    _unemployed,
    _no_longer_works_at,
    _left_job,
    _occupation_is,
    _person_in_place,
    _job_as_at,
    _graduated,
    _partner_named,
    _got_married_with,
    _dating,
    _married_to,
    _broke_up,
    _favorite,
    _identifier,
    _car_sold,
    _car_owned,
    _car_bought,
    _pet_owned,
    _pet_met,
    _pet_lost,
    _weight,
    _attribute,
)


# "my rent is still 1,200", "I'm still living in Leeds", "my manager is currently Farid": a
# state said again or as it stands, the adverb no part of its value
_STILL_RE = re.compile(r"\b(?P<v>am|is|are|'m|'s|'re|i)\s+(?P<a>still|currently)\s+(?!not\b)", _I)


def user_slot_said(c: str) -> bool:
    """Whether a clause that opens with neither "I" nor "my" may still fill a slot of the
    user's: a partner named first, a change of an attribute, a workplace, an address, an
    employer that hired the user ("Jökull Adventures hired me as a glacier guide")."""
    return any(rx.match(c) for rx in (PARTNER_IS_RE, MY_PARTNER_IS_RE, GIVEN_A_CAR_RE, ATTR_CHANGE_RE, WITH_ORG_RE, LEAD_IN_RE, ADDRESS_RE, HIRED_BY_RE))


def _user_slots(c: str, raw: str) -> list[FactDict]:
    """Rules on the expanded, first-person, date-resolved clause `c`: the facts of
    the first rule that applies, or none. "Still" or "currently" after the verb is read
    without it; "still" says the state again, which is no change."""
    now_cue = bool(_NOW_RE.search(c))
    still = _STILL_RE.search(c)
    if still:
        c = _STILL_RE.sub(lambda m: m.group("v") + " ", c, count=1)
    c = last_day(work_as(c))  # "I work cashier at Walmart", "my last service at Da Ciro was in March"
    lc = c.lower()
    for rule in _RULES:
        found = rule(c, raw, lc, now_cue)
        if found is not None:
            again = still is not None and still.group("a").lower() == "still"
            return [{"rule": rule.__name__.strip("_"), **d, **({"change": None} if again else {})} for d in found]
    return []
