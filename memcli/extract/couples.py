"""A partner the user is seeing, marries or leaves: "seeing someone new, Marcus", "I'm
dating a guy called Marcus", "Marco and I got engaged", "I married Sam", "Ollie and I are
done", "I dumped Ollie". Each rule returns the `partner` slot, the end of a couple a
delete of it."""

from __future__ import annotations

import re

from ..text import _a_name
from .grammar import to_third_person
from .lexicon import _I, DATED_AS, DATED_ONE, PARTNER_WORDS
from .people import _NOT_NAMES, _NOT_PARTNER, NOT_DATED
from .spelling import _everyday as everyday
from .values import Slots, _date_phrase, _profile

# ("stepping out with a gentleman": as an older register says it)
_SEE = r"(?:seeing|seein'?|(?:started|began)\s+(?:to\s+see|seeing)|stepping\s+out\s+(?:with|wi'?))"
_DATE = r"(?:dating|(?:started|began)\s+(?:to\s+date|dating))"
_DATING_RE = re.compile(
    r"^(?:(?:also|and|so)[,.\u2026]*\s+)?(?:i(?:'m| am)\s+|i(?:'ve| have)\s+been\s+|i\s+(?=started|began))?(?:now\s+)?(?:"
    + _SEE + r"\s+(?:this|a|an|some)\s+(?P<w>" + DATED_ONE + r")(?P<where>\s+(?:since|for|from|at|in)\s+[^,.!?]{1,25}?(?=,))?|" + _SEE
    + r"\s+some(?:one|body)(?:\s+new)?|" + _DATE + r"\s+(?:(?:this|a|an)\s+(?P<w2>" + DATED_ONE + r"))?)"
    # "seeing someone new 🙈 called marcus", "seeing someone, his name is Raúl"
    r"(?:\W*\s+(?:called|named)\s+|[,.!\W]*\s+(?:his|her|their)\s+name(?:'s|\s+is)\s+|\W+)(?P<v>(?!new\b)[^\W\d_][\w'-]*)\b"
    # ("been seein morwenna, shes a lifeguard at perranporth": a name in lower case, then who she is)
    r"|^(?:i(?:'ve| have)\s+been\s+)(?:seeing|seein'?|dating)\s+(?P<v2>(?-i:[A-Z])[a-z'-]+(?=\s+(?:for|since)\b|,)|"
    r"(?-i:[a-z])[a-z'-]{2,}(?=,\s+(?:she|he|they)(?:'s|s|\s+is|\s+are)\b))"
    # "going out with Ruaridh from the climbing academy", "I'm going out with Kofi now": a
    # couple, not an evening ("going out with Tom tonight", "going out with the girls")
    r"|^(?:(?:also|and|so)[,.\u2026]*\s+)?(?:i(?:'m| am)\s+|i(?:'ve| have)\s+been\s+|been\s+)?(?:now\s+)?"
    r"(?:officially\s+)?going\s+out\s+with\s+(?P<v3>[^\W\d_][\w-]*)\b(?!['\u2019]s)(?!\s+(?:tonight|tomorrow|today|later|this|"
    r"next|on|for|to|at|after|before|again|and|&|sometime|some)\b)", _I)


# an evening out, not a couple: a time or an occasion anywhere in the clause
_OUTING_RE = re.compile(r"\b(?:tonight|tomorrow|today|later|this (?:evening|weekend|week|friday|saturday)|next|weekend|"
                        r"on (?:the )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|for (?:drinks|dinner|lunch|a (?:drink|meal|"
                        r"bite|pint|coffee)|(?:his|her|their|my) birthday)|birthday|drinks|\d{4}-\d\d-\d\d)\b", _I)


def _dating(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"seeing this girl destiny", "seeing someone new, Marcus", "I'm dating a guy called
    Marcus", "I've been seeing Anna for 2 months": a partner, named."""
    m = _DATING_RE.match(c)
    v = (m.group("v") or m.group("v2") or m.group("v3")) if m else None
    if m is None or v is None or v.lower() in _NOT_NAMES or v.lower() in NOT_DATED:
        return None
    if m.group("v2") and v.islower() and (v in everyday() or not _a_name(v)):
        return None  # "been seeing clients, they're lovely"
    if m.group("v3") and (v.islower() and v in everyday() or v.lower() in _NOT_PARTNER or _OUTING_RE.search(c)):
        return None  # "going out with friends", "going out with Dave from accounts for his birthday"
    if m.group("where") and not (_a_name(v) and re.match(r"\s*(?:[.!?]|$)", c[m.end("v"):])):
        return None  # "seeing a guy from work, great so far": no name after where they are from
    v = v.capitalize() if v.islower() else v
    r = DATED_AS.get((m.group("w") or m.group("w2") or "").lower(), "partner")
    return [_profile(f"User's {r} is {v}", "partner", v, 0.75, "update")]


# the words that may stand where a partner's name would and name no one ("me and him are engaged",
# "me and my mum have been together since Dad died", "me and the boys")
_NO_ONE_NAMED = frozenset("him her them he she you u we the my our his their a an everyone everybody".split())


def _got_married_with(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"Marco and I got engaged"; "me n arjun are engaged!!!", "Arjun and I are engaged": the
    fiancé named, in lower case too; "me n morwenna been a thing for 3 wks": the partner."""
    m = re.match(r"^(?P<v>[A-Z][\w'-]*) and [Ii] (?:just |finally |officially )?got (?:married|engaged)\b", c)
    if m and m.group("v").lower() not in _NOT_NAMES:
        return [_profile(to_third_person(raw).replace(f"{m.group('v')} and User", f"User and {m.group('v')}"), "partner",
                         m.group("v"), 0.75, "update")]
    m = re.match(r"^(?:(?P<v>[A-Za-z][\w'-]*) and (?:I|me)|(?:I|me) and (?P<v2>[A-Za-z][\w'-]*)) (?:are|r) "
                 r"(?:(?:now|officially|finally) )?engaged\b(?! to\b)", c, _I)
    v = m and (m["v"] or m["v2"])
    if v and v.lower() not in _NOT_NAMES | _NO_ONE_NAMED:
        v = v[:1].upper() + v[1:]
        return [_profile(f"User's fiancé is {v} (User and {v} are engaged)", "partner", v, 0.75)]
    # "me n morwenna from the bakery been a thing for like 3 wks", "Sam and I have been together
    # since May", "me and jo have been seeing each other": a couple, said from when (never "me
    # and Sam have been friends", "Jo and I have been busy", "me and the boys")
    m = re.match(r"^(?:(?P<v>[A-Za-z][\w'-]*)(?: from [^,]{2,40}?)? and (?:I|me)|(?:I|me) and (?P<v2>[A-Za-z][\w'-]*))"
                 r"(?: from [^,]{2,40}?)? (?:have |'ve |are |r )?(?:been |officially )?(?:a thing|together|an item|"
                 r"official|seeing each other|dating|going out|going steady|exclusive)\b", c, _I)
    v = m and (m["v"] or m["v2"])
    if v and v.lower() not in _NOT_NAMES | _NO_ONE_NAMED:
        said = to_third_person(raw).replace(f"{v} and User", f"User and {v}")
        v = v[:1].upper() + v[1:]
        return [_profile(f"User's partner is {v} ({said})", "partner", v, 0.75, "update")]
    return None


def _married_to(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I married Sam", "I'm dating Alex"."""
    m = re.match(r"^[Ii] (?:am|just got|got) (?:married|engaged) to\s+(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)", c) or \
        re.match(r"^[Ii] (?:just |finally )?(?:married|am dating|started dating|am seeing)\s+(?P<v>[A-Z][\w'-]*"
                 r"(?:\s+[A-Z][\w'-]*)?)", c)
    if m:
        v = m.group("v")
        ch = "update" if re.search(r"\b(?:got|married|started)\b", lc) and "am married" not in lc else None
        return [_profile(f"User's partner is {v}", "partner", v, 0.75, ch)]
    return None


def _broke_up(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I broke up with my boyfriend Marco", "Marco and I split up"."""
    c = _LEAD.sub("", c)  # "Also, Ollie and I are done."
    m = re.match(r"^(?:(?:(?i:my|our) (?P<r0>(?i:" + PARTNER_WORDS[3:-1] + r"))\s+)?(?P<n>[A-Z][\w'-]*) and [Ii]|"
                 r"(?i:my|our) (?P<r1>(?i:" + PARTNER_WORDS[3:-1] + r")) and [Ii]|[Ii]|[Ww]e) (?:(?:just|recently|finally|officially) )*"
                 r"(?:broke up|split up|divorced|separated|got divorced|called it quits|ended things|parted ways|"
                 r"went (?:our|their) separate ways)"
                 r"(?:\s+(?:with|from)\s+(?:(?i:my) (?P<r>(?i:" + PARTNER_WORDS[3:-1] + r"|ex))\s+)?(?P<v>[A-Z][\w'-]*))?", c)
    if m:
        v = m.group("v") or m.group("n")
        r = (m.group("r") or m.group("r0") or m.group("r1") or "partner").lower()
        when = _date_phrase(c)
        text = (f"User broke up with their {r} {v}" if v else "User broke up with their partner") + (f" {when}" if when else "")
        return [_profile(text, "partner", v, 0.7, "delete")]
    # "kayla n me are done", "Marco and I are over": a couple said to be no more, nothing after it
    # (typed in lower case, and with a feeling after it: "kayla and i are done 💔")
    # ("me n callum are done": the user named first)
    m = re.match(r"^(?:(?:(?i:my|our) (?P<r>(?i:" + PARTNER_WORDS[3:-1] + r"))\s+)?(?P<n>[A-Z][\w'-]*|[a-z][a-z'-]+) and "
                 r"(?:I|i|me)|(?i:me|i) (?:and|n|&) (?P<n2>[A-Z][\w'-]*|[a-z][a-z'-]+)) (?:are|'re) (?:(?:so|totally|officially) )?"
                 r"(?:done|over|through|finished|not together any ?more|no longer together)(?:\s*[.!]*|\W*)$", c)
    name = m and (m.group("n") or m.group("n2"))
    if m and name and name.lower() not in _NOT_NAMES | _KIN:
        r, n = (m.group("r") or "partner").lower(), name[:1].upper() + name[1:]
        return [_profile(f"User broke up with their {r} {n}", "partner", n, 0.7, "delete")]
    # "I dumped Ollie", "Ollie dumped me", "Ollie is my ex now"
    m = _ENDED_COUPLE_RE.match(c)
    v = m and (m.group("v") or m.group("n") or m.group("n2"))
    if m and v and v.lower() not in _NOT_NAMES and v.lower() not in _KIN:  # "Dad left us" ends no couple
        r = (m.group("r") or "partner").lower()
        return [_profile(f"User broke up with their {r} {v}", "partner", v, 0.7, "delete")]
    return None


_KIN = frozenset("mum mom mam mama mommy mummy dad daddy papa pa ma father mother granny grandma grandpa nan nana".split())
# the words a sentence may open with before the news: "Also, Ollie and I are done"
_LEAD = re.compile(r"^(?:(?:also|and|so|anyway|well|oh|btw|but|update|news|sadly)\b[,:!]?\s+)+", _I)
_ENDED_COUPLE_RE = re.compile(
    r"^(?:[Ii] (?:(?:just|finally) )?dumped (?:(?i:my) (?P<r>(?i:" + PARTNER_WORDS[3:-1] + r"))\s+)?"
    r"(?P<v>[A-Z][\w'-]*)\s*(?:[.!,]|$)"
    r"|(?P<n>[A-Z][\w'-]*) (?:(?:just|finally) )?(?:dumped|left) (?:me|us)\s*(?:[.!,]|$)"
    r"|(?P<n2>[A-Z][\w'-]*) is (?:now )?(?i:my) ex(?:\s+now)?\s*[.!]*$)")


def going_out(clause: str) -> bool:
    """Whether a clause says the user is going out with someone, a couple ("I'm going out
    with Kofi now"), which is no plan ("I'm going out with Tom tonight" is one)."""
    m = _DATING_RE.match(clause)
    return m is not None and m.group("v3") is not None and _dating(clause, clause, clause.lower(), False) is not None


def with_i(clause: str) -> str:
    """A couple said with its "I" left out, with it: "going out with ruaridh from the
    climbing academy" (I'm going out with ...); any other clause as it is."""
    return "I'm " + clause if re.match(r"(?:going|goin'?)\s", clause, _I) and going_out(clause) else clause


def couple_said(clause: str) -> bool:
    """Whether a clause that opens with no "I" or "my" may still tell of the user's couple
    ("Also, Ollie and I are done", "Ollie dumped me", "Ollie is my ex now"): the slot
    rules read it."""
    c = _LEAD.sub("", clause)
    return bool(_ENDED_COUPLE_RE.match(c) or re.match(r"^(?:[A-Za-z][a-z'-]+ and (?:[Ii]|me)|(?i:me|i) (?:and|n|&) [A-Za-z][\w'-]*)\b", c)
                or _DATING_RE.match(clause))  # ("going out with Ruaridh", "And… I'm seeing someone")
