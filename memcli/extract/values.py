"""Slot values: where a value ends ("Pune" in "Pune since 2019"), whether it reads
as a place, a proper name or an occupation, the date phrase of a clause, and the
fact dict a rule returns (`FactDict`, turned into a `Fact` by the pipeline).
"""

from __future__ import annotations

import re
from typing import Any

from ..text import MONTHS, WEEKDAYS
from .lexicon import _I, _VALUE_STOP_RE, OCCUPATIONS, TRADE_HAND_RE

FactDict = dict[str, Any]
"""A rule's fact before it becomes a `Fact`: text, kind, importance and optionally
key, value, change, safety."""
Slots = list[FactDict] | None
"""What a rule returns: None when it does not apply, else its facts."""

def _clean_value(v: str) -> str:
    v = v.strip()
    m = _VALUE_STOP_RE.search(" " + v)
    if m:
        v = (" " + v)[: m.start()].strip()
    # trailing punctuation and emoji are no part of a value ("Le Poisson Rouge 🎉")
    v = re.sub(r"[^\w%)\]'\"]+$", "", v).strip()
    v = re.sub(r"\s+(?:now|lol|haha|too|btw)$", "", v, flags=_I)
    return v.strip(" \"'")


# a workplace named by what it is and where: "the equine hospital out in Wetherby", "a dental
# practice in Leith" (never "the gym", "a new school": as often a member's or a pupil's)
_WORKPLACE_RE = re.compile(r"^(?:the|a|an) (?:[\w'-]+ ){0,3}?(?:hospital|clinic|practice|surgery|vets|pharmacy|firm|factory|plant|"
                           r"warehouse|bakery|restaurant|hotel|bank|agency|depot|mine|lab|laboratory|studio|dealership)"
                           r" (?:out |up |down |over )?(?:in|at|on) (?-i:[A-Z])", _I)


def _is_propery(v: str) -> bool:
    return bool(v) and (v[0].isupper() or v[0].isdigit())


def _place_ok(v: str) -> bool:
    if not v:
        return False
    lv = v.lower()
    if re.match(r"^(?:a|an|my|our|his|her|their|this|that|some|one)\b", lv):
        return False
    if re.match(r"^(?:" + "|".join([*WEEKDAYS, *MONTHS]) + r")s?\b", lv):
        return False  # "I'm in Tuesday through Thursday now": days at the office, no place
    if lv.startswith("the "):
        return _is_propery(v[4:])
    return len(v.split()) <= 5


def _imp(x: float) -> float:
    return max(0.0, min(1.0, round(x, 2)))



def _profile(text: str, key: str, value: str | None, imp: float, change: str | None = None,
             **kw: Any) -> FactDict:
    return dict(text=text, kind="profile", importance=imp, key=key, value=value, change=change, **kw)


_NOW_RE = re.compile(r"\b(?:now|these days|nowadays|currently)\b", _I)


_LEADS = frozenset("lead head director manager chief supervisor coordinator chair dean principal president".split())


def _occupation(phrase: str) -> str | None:
    """'software engineer at Google' -> 'software engineer' when the head noun is an occupation."""
    named = re.match(r"^(?-i:[A-Z])[\w'-]+,\s+(?=\S)", phrase)  # "Inès, sous chef at ...": a name, then the job
    phrase = phrase[named.end():] if named else phrase
    p = re.split(r"\s*,|\s+(?:at|for|in|with|from|since|and|but|who|which|during|on|last|this|next|by|until|after|before|like|"
                 r"because|so)\b", phrase, maxsplit=1, flags=_I)[0]
    p = p.strip(" .,!").strip()
    p = re.sub(r"(?:\s+(?:now|these days|nowadays|currently|full[- ]time|part[- ]time|again|too|as well))+$", "", p,
               flags=_I).strip()
    words = p.lower().split()
    if not words or len(words) > 5:
        return None
    head = words[-1]
    lead = re.split(r"\s+of\s+(?!the\b)", p.lower())  # "team lead of QA", never "head of the household"
    if len(lead) > 1 and lead[0].split()[-1] in _LEADS:
        return p
    # (a hand of a trade is one too: "floorhand", "derrickhand", "deckhand", never "secondhand")
    if head in OCCUPATIONS or re.search(r"(?:ologist|ician|grapher|engineer|developer|manager)$", head) \
            or TRADE_HAND_RE.fullmatch(head):
        return p
    return None


def _strip_org_descriptor(v: str) -> str:
    """'a startup called Loomly' -> 'Loomly'; 'Maison Olea in Aix, 28 covers' -> 'Maison
    Olea' (where it is and what follows a comma are no part of its name)."""
    if not v:
        return v
    m = re.match(r"^(?:a|an|the|this)\s+(?:[\w-]+\s+){0,3}?(?:called|named)\s+(?P<n>.+)$", v, _I)
    v = m.group("n").strip() if m else v
    if _is_propery(v):
        v = re.split(r"\s*,\s+|\s+(?:in|out of)\s+(?=[A-Z])", v, maxsplit=1)[0].strip()
    return v



_CAR_BRANDS = re.compile(r"\b(?:tesla|toyota|honda|ford|bmw|audi|mercedes|hyundai|kia|volkswagen|vw|subaru|mazda|nissan|"
                         r"volvo|jeep|chevy|chevrolet|porsche|tata|maruti|mahindra|skoda|renault|peugeot|fiat|lexus|rivian|"
                         r"mini|jaguar|land rover|range rover|dodge|ram|gmc|cadillac|buick|lincoln|acura|infiniti|"
                         r"mitsubishi|suzuki|seat|citroen|citroën|opel|saab|alfa romeo|polestar|byd|car|truck|suv|van|"
                         # models that name nothing else
                         r"silverado|tacoma|f-?150|f-?250|f-?350|rav4|cr-v|corolla|camry|prius|hilux|forester|wrangler|"
                         r"tundra|highlander|yaris|qashqai|jimny|lesabre|sorento|outlander|navara)\b", _I)

_DATE_PHRASE_RE = re.compile(
    r"\b(?:on|in|during|since|from|by|until|before|after|for|at)\s+(?:the week of\s+)?(?:\d{4}-\d\d-\d\d|(?:January|February|"
    r"March|April|May|June|July|August|September|October|November|December) \d{4}|(?:spring|summer|autumn|winter) "
    r"\d{4}|\d{4})\b")


def _date_phrase(c: str) -> str | None:
    """The first resolved date phrase of a clause ("on 2026-03-13", "in June 2025"), if any."""
    m = _DATE_PHRASE_RE.search(c)
    return m.group(0) if m else None
