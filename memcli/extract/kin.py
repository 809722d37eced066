"""The user's people: a fact of a relative's said as "my sister lives in Leeds", "my dad's
been living in Cork", keyed by the relation (`sister.home_city`, `father.employer`), so that a
later value replaces it. Every word for a parent is one key ("mama" is the mother's,
`lexicon.PARENT_KEY`); a relation that may be many ("my friend") is no key unless a
single one is meant. A parent who comes to live with the user ("Mama's been living in the
casita out back since Labor Day", "my dad moved in with us") lives with the user."""

from __future__ import annotations

import re

from .grammar import to_third_person
from .lexicon import _I, _REL, FAMILY_SINGLE, PARENT_KEY, PARTNER_WORDS
from .slots import MY_PARTNER_IS_RE, _user_slots
from .values import FactDict, _clean_value, _place_ok

GROUP_HOMES = frozenset({"parents", "in-laws", "grandparents"})
_OTHER_SLOT_RES = [
    (re.compile(r"^my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))?(?:'s been living| (?:lives|is living|has lived|has been living|stays|resides|is based|"
                r"is now based|now lives|live|are living|have lived|have been living|stay|reside|are based|are now based|now live|just moved|moved|relocated|has moved|have moved))\s+(?:back\s+)?"
                r"(?:from\s+(?-i:[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2})\s+)?"
                # "lives by herself in Tampa", "has been living with my aunt Carol in Raleigh"
                r"(?:(?:by (?:herself|himself|themselves)|alone|on (?:her|his|their) own|with (?:my|our|her|his|their) "
                r"[a-z]+(?: [A-Z]\w+)?)\s+)?(?:(?:out|up|down|over) )?(?:in|to)\s+(?P<v>.+)$", _I), "home_city"),
    # a home got: "my sister got the keys to her flat in Leith", "my son bought a house in Didsbury"
    (re.compile(r"^my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))? (?:(?:just |finally )?(?:got|picked up|collected) the keys (?:to|for)|"
                r"(?:just |finally )?(?:bought|completed on|closed on|signed the lease (?:on|for))) (?:her|his|their|a|an|the) (?:own |new |first )?"
                r"(?:flat|house|place|apartment|home|bungalow|condo|townhouse|semi|terrace|cottage|unit)\s+(?:in|out in|up in|down in)\s+(?P<v>(?-i:[A-Z]).+)$",
                _I), "home_city"),
    (re.compile(r"^my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))? (?:works|is working|now works|has worked|just started|started|joined|is employed|"
                r"has been working)\s+(?:at|for|with)?\s*(?P<v>.+)$", _I), "employer"),
    # a job got, by where: "my wife got a job at the Royal Infirmary", "my dad signed on with Maersk"
    (re.compile(r"^my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))? (?:(?:just |finally )?(?:got|landed|took|accepted) (?:a |an |the )?(?:new )?"
                r"(?:job|post|position|role)|signed(?: on)?)\s+(?:at|for|with)\s+(?P<v>.+)$", _I), "employer"),
    (re.compile(r"^(?i:my) (?i:" + _REL + r")(?:'s name)? is (?:called |named )?(?P<v>[A-Z][\w'-]*)$"), "name"),
]


def _other_slots(c: str, raw: str) -> list[FactDict]:
    """A relative's keyed fact (`_OTHER_SLOT_RES`, `_with_user`), a partner's read as the user's slots."""
    if MY_PARTNER_IS_RE.match(c) or \
            re.match(r"^(?i:my|our) (?i:" + PARTNER_WORDS[3:-1] + r")(?: [A-Z][\w'-]*)? and [Ii] ", c):
        return _user_slots(c, raw)
    together = _with_user(c, raw)
    if together:
        return together
    for rx, slot in _OTHER_SLOT_RES:
        m = rx.match(c)
        if not m:
            continue
        rel = PARENT_KEY.get(m.group("rel").lower(), m.group("rel").lower().replace(" ", "_"))
        v = _clean_value(m.group("v"))
        if slot == "home_city" and not _place_ok(v):
            continue
        if slot == "employer" and not v:
            continue
        ch = "update" if re.search(r"\b(?:moved|relocated|now|joined|started|got|landed|took|accepted|signed|bought|completed|closed|"
                                   r"collected|picked)\b", c, _I) else None
        named = m.groupdict().get("n")
        rel_word = m.group("rel").lower()
        # parents, in-laws, grandparents share one home: a group with one city
        single = (rel_word in FAMILY_SINGLE or (slot == "home_city" and rel_word in GROUP_HOMES)) and (not named or rel in ("mother", "father"))
        text = to_third_person(raw)
        if single:
            return [dict(text=text, kind="profile", importance=0.6, key=f"{rel}.{slot}", value=v, change=ch)]
        return [dict(text=text, kind="semantic", importance=0.55, key=None, value=None, change=None)]
    return []


# a relative who lives with the user: "my mum lives with us now", "Mama's been living in the
# casita out back", "my dad moved in with us" (never "my sister lives with her boyfriend")
_WITH_USER_RE = re.compile(r"^my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))?(?:'s been living| (?:lives|is living|has been living|"
                           r"is staying|has moved|moved|just moved|is now living|now lives))\s+(?:(?:in )?with (?:us|me|User)\b|"
                           r"in with (?:us|me|User)\b|in (?:the|our|my) (?:casita|granny flat|granny annexe?|annexe?|spare room|"
                           r"basement flat|back house|guest ?house|in-law suite|garden flat|cottage)(?: (?:out )?(?:back|behind|"
                           r"out the back|next door|downstairs|upstairs))?\b)", _I)


# ... or who went into a home: "Dad's settled in his room at the Bethany home in Middle Lake",
# "my mum moved into a care home in Otley", "my grandma's gone into Rosewood Manor"
_CARE_HOME_RE = re.compile(r"^my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))?(?:'s| is| has| has been)? (?:now |just |finally )?"
                           r"(?:settled|moved|gone|went|been moved|living|staying) (?:in(?:to)?|to|at) "
                           r"(?:(?:his|her|their) (?:new )?room (?:at|in) |a room (?:at|in) )?(?P<v>(?:(?:a|the) (?:(?:new |local )?(?:care|nursing|retirement|old people's)|(?-i:[A-Z])[\w'-]+) home"
                           r"|(?:a|the) (?:[\w'-]+ ){0,3}?(?:residence|hospice|assisted living))"
                           r"(?: (?:in|at) (?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)?)?|(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)? "
                           r"(?-i:Manor|Lodge|House|Court|Home|Residence|Care Home|Nursing Home))\b", _I)


# ... or who is at a place the clause says is care: "Mom's at Maple Lane in Richford since the
# end of September assisted living", "my mother moved into assisted living at Maple Lane"
# (never "my mum is at the shops", "Dad's at Tesco": no care said)
_CARED_AT_RE = re.compile(r"^(?=.*?\b(?:assisted living|care home|nursing home|retirement (?:home|village)|sheltered housing|"
                          r"hospice|memory care)\b)my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))?(?:'s| is| has been)? (?:now |still |just )?(?:(?:moved|gone|went) "
                          r"into (?:assisted living|sheltered housing|care) (?:at|in) |(?:at|in) )(?P<v>(?:the )?(?-i:[A-Z])[\w'-]+"
                          r"(?: (?-i:[A-Z])[\w'-]+){0,3}(?: in (?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)?)?)", _I)


def _with_user(c: str, raw: str) -> list[FactDict]:
    """A relative's home that is the user's (`_WITH_USER_RE`) or a care home (`_CARE_HOME_RE`, `_CARED_AT_RE`)."""
    m = _WITH_USER_RE.match(c) or _CARE_HOME_RE.match(c) or _CARED_AT_RE.match(c)
    rel = PARENT_KEY.get(m.group("rel").lower()) if m else None
    if m is None or rel is None and (m.group("rel").lower() not in FAMILY_SINGLE or m.group("n")):
        return []
    key = f"{rel or m.group('rel').lower()}.home_city"
    value = m.groupdict().get("v") or "with User"
    return [dict(text=to_third_person(raw), kind="profile", importance=0.6, key=key, value=value, change="update")]
