"""A partner said without "my girlfriend is ...": "there's someone new? Minho, from the
badminton club. We've been together since November", "went out w Noor sat. 3rd date. think
its a thing", "Daniel asked me to be his gf and I said yes", "Kez says I should save it.
weve been together since may". The message says the user is together with someone, and
names that one person: the name in the sentence that says it, else in the sentence before
(never one the message ends things with: "Daniel and I ended things"). The fact is keyed
`partner`, so that it replaces the partner before.

Not a partner: a together of friends or family ("we've been together since school" with no
name near, "my sister and I are together all week"), a date that is a day ("3rd of May"), a
name that is a relative's ("my brother Sam"), two names where one is meant (in doubt, none).
"""

from __future__ import annotations

import re

from .lexicon import _I
from .spelling import _everyday as everyday
from .values import FactDict, _profile

# what says the user is together with someone now
_TOGETHER_RE = re.compile(
    r"\b(?:we(?:'ve|ve| have)? been (?:together|dating|seeing each other|going out)"
    r"|we(?:'re|re| are) (?:(?:officially|now) )?(?:together|dating|official|a couple|exclusive|seeing each other)"
    r"|we got together|made it official"
    r"|(?:it's|its|it is) (?:a thing|official)"
    r"|(?:\d+(?:st|nd|rd|th)|second|third|fourth|fifth) date\b(?! (?:of|for|is|was|on)\b)"
    r"|(?P<asker>\w+) asked me (?:out|to be (?:his|her|their) (?:gf|girlfriend|bf|boyfriend|partner))"
    r"|(?:went|been going) out (?:with|w/?) (?P<date>\w+))", _I)
# who asking or going out is never said by: "he asked me out", "went out with friends"
_NOBODY = frozenset("he she they someone somebody guy girl boy man woman friends mates everyone people him her them "
                    "the a my our some".split())
# what ends it: a name said with it is the partner before
_ENDED_RE = re.compile(r"\b(?:ended|broke up|split|splitting|divorc\w*|separated|dumped|over between|exes?|ex-)\b", _I)
# a name: a capitalised word inside a sentence, or opening one before "and I", "asked", "says"
_NAME_RE = re.compile(r"(?<![\w'])(?-i:[A-Z][a-z\u00e0-\u024f]+(?:-[A-Z][a-z]+)?)(?![\w-])")
_NOT_NAMES = frozenset("""I I'm I've Im Ive Hi Hey Hello Ok Okay Yes No So And But Also Then Well Oh Omg Lol Haha Honestly
Anyway Btw Thanks Thank Please Sorry Mon Tue Wed Thu Fri Sat Sun Monday Tuesday Wednesday Thursday Friday Saturday
Sunday January February March April May June July August September October November December Christmas Easter New
We He She They It Its It's This That There Their His Her My Our The A An User Dr Mr Mrs Ms Prof God Valentine
Valentine's Uni""".split())
_FAMILY_BEFORE = re.compile(r"\b(?:my|our|his|her) (?:mum|mom|mother|dad|father|sister|brother|son|daughter|cousin|aunt|"
                            r"uncle|nan|gran|grandma|grandpa|niece|nephew|boss|manager|friend|mate|colleague|flatmate|"
                            r"roommate|neighbour|neighbor|kid|kids|doctor|ex)\s*,?\s*$", _I)
# the relations a partner never is (a pet is known by name too: "Biscuit and I")
FAMILY_WORDS = frozenset("mother mom mum mam father dad sister brother son daughter grandmother grandfather grandma grandpa "
                         "nan gran granny stepmother stepfather stepmom stepmum stepdad cousin aunt auntie uncle niece "
                         "nephew kid kids child children parents grandparents in-laws sibling siblings boss manager "
                         "landlord therapist doctor dentist dog puppy cat kitten pet horse rabbit bunny parrot bird "
                         "hamster".split())
_OPENER_RE = re.compile(r"(?P<n>[a-z]{3,})\s+(?:says|said|asked|and (?:i|me))\b")
_SENTENCE_RE = re.compile(r"[^.!?\n]+[.!?]*")


def _names(sentence: str, relatives: set[str], known: frozenset[str] | set[str]) -> list[str]:
    """The people a sentence names, in order: not the first word unless it acts ("Daniel
    asked me", "Kez says"), never a relative or one the sentence ends things with; a name
    the scope knows counts in lower case too ("daniel asked me to be his gf")."""
    if _ENDED_RE.search(sentence):
        return []
    out = []
    lower = re.compile(r"(?<![\w'])(?:" + "|".join(map(re.escape, sorted(known, key=len, reverse=True))) + r")(?![\w-])") \
        if known else None
    found = sorted([*_NAME_RE.finditer(sentence), *(lower.finditer(sentence) if lower else ())], key=lambda m: m.start())
    # "kez says i should save it": a name in lower case that opens the sentence and acts, and
    # that no dictionary has
    opener = _OPENER_RE.match(sentence)
    if opener and opener.group("n") not in everyday() and opener.group("n") not in _NOBODY:
        found.insert(0, opener)
    for m in found:
        w = m.group("n") if m.re is _OPENER_RE else m.group(0)
        w = w[:1].upper() + w[1:]
        if w in _NOT_NAMES or w.lower() in relatives or _FAMILY_BEFORE.search(sentence[:m.start()]) \
                or re.search(r"\b(?:in|at|to|from|on|near|of|into|via)\s+$", sentence[:m.start()], _I):
            continue  # a relative, or a place: "the tour is in Leeds"
        first = not sentence[:m.start()].strip() and m.re is not _OPENER_RE
        # "Daniel asked me", "Kez says", "Minho, from the badminton club"
        if first and not re.match(r"\s+(?:and (?:I|me)\b|asked|says|said|is|'s)|,\s+(?:from|who|a|an|the|my)\b",
                                  sentence[m.end():]):
            continue
        out.append(w)
    return out


def partner_together(text: str, relatives: set[str], known: frozenset[str] | set[str] = frozenset()) -> list[FactDict]:
    """The partner a message says the user is together with (`_TOGETHER_RE`), keyed
    `partner`, or [] when it names none or more than one (`relatives`: lower-case names
    the scope knows as family; `known`: lower-case names of people the scope knows)."""
    sentences = [s.strip() for s in _SENTENCE_RE.findall(text) if s.strip()]
    for i, s in enumerate(sentences):
        m = _TOGETHER_RE.search(s)
        if m is None or re.search(r"\?\s*$", s) or re.search(r"\b(?:if|would|might|wish|hope)\b", s, _I):
            continue
        names = _names(s, relatives, known)
        # in lower case too, where the words leave no doubt: "daniel asked me to be his gf",
        # "went out w noor sat" (a word no dictionary has)
        said = m.group("asker") or m.group("date")
        if not names and said and said.lower() not in _NOBODY and said.lower() not in relatives \
                and (m.group("asker") or said.lower() not in everyday()) and said.isalpha():
            names = [said[:1].upper() + said[1:]]
        if not names and i > 0:
            names = _names(sentences[i - 1], relatives, known)
        if len(set(names)) != 1:
            continue  # none named, or two: in doubt, no partner
        who = names[0]
        return [_profile(f"User's partner is {who}", "partner", who, 0.75, "update", rule="partner_together")]
    return []


__all__ = ["FAMILY_WORDS", "partner_together"]
