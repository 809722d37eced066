"""The user's pets: a pet owned ("I have a beagle named Biscuit"), one introduced by name
("so meet Bonnie, an eleven-week-old cocker spaniel") and one lost ("my dog died"), profile
rules of the `slots` registry, and the species a pet word or a breed names."""

from __future__ import annotations

import re

from .grammar import to_third_person
from .lexicon import _I, CAT_BREEDS, DOG_BREEDS, PET_WORDS
from .values import Slots, _date_phrase

_YOUNG = {"puppy": "dog", "kitten": "cat", "bunny": "rabbit", "budgie": "bird", "cockatiel": "bird"}


def pet_species(kind: str) -> str:
    """The species a pet word or a breed names ("border collie", "puppy": dog)."""
    low = kind.lower()
    if re.fullmatch(DOG_BREEDS, low, _I):
        return "dog"
    if re.fullmatch(CAT_BREEDS, low, _I):
        return "cat"
    return _YOUNG.get(low, low)


def _kind_of(adj: list[str], breed: str, species: str) -> str:
    """What kind of that species the pet is, in the user's words: the words before the
    pet word, and the breed when it names one ("border collie"), not a young animal's
    word ("puppy")."""
    named = species != breed and breed not in ("puppy", "kitten", "bunny")
    return " ".join(adj + [breed] if named else adj)


def _pet_owned(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I have a beagle named Biscuit", "we adopted two kittens"."""
    m = re.match(r"^i (?:(?:just|also|recently|finally) )*(?:have|own|got|adopted|have got|rescued|took in)\s+"
                 r"(?P<cnt>a|an|another|two|three|four|\d+)\s+(?P<adj>(?:[\w-]+\s+){0,2}?)(?P<s>" + PET_WORDS + r"|" + DOG_BREEDS + r"|"
                 + CAT_BREEDS + r")(?:s|es)?\b(?:\s+(?:named|called)\s+(?P<n>[A-Z][\w'-]*(?:(?:,\s*|\s+and\s+)[A-Z][\w'-]*)*))?"
                 r"(?P<rest>.*)$", c, _I)
    if m and re.match(r"^\s+[a-z]", m.group("rest")) and not re.match(
            r"^\s+(?:who|that|which|and|at|in|from|since|for|on|during|too|now|as well|last|this|when)\b", m.group("rest")):
        m = None  # "I have a dog walker", "a cat allergy": not a pet
    if m:
        breed = m.group("s").lower()
        species = pet_species(breed)
        kind_of = _kind_of(re.sub(r"\bpet\b", "", m.group("adj") or "", flags=_I).split(), breed, species)
        n = m.group("n")
        cnt = m.group("cnt").lower()
        many = cnt not in ("a", "an", "1")
        ch = "update" if re.search(r"\b(?:got|adopted|rescued|took in)\b", lc) else None
        text = f"User has {cnt if many else 'a'} pet {species}{'s' if many else ''}"
        if kind_of:
            text += f" ({kind_of})"
        if n:
            text += f" named {n}"
        when = _date_phrase(c)
        if ch and when:
            text += f" (adopted {when})"
        return [dict(text=text, kind="profile", importance=0.65, key=f"pet.{species}",
                     value=n or "yes", change=ch)]
    return None


# "so meet Bonnie, an eleven-week-old cocker spaniel", "introducing Mochi, a ragdoll kitten"
_PET_MET_RE = re.compile(
    r"(?<!\bto )(?<!\bwill )(?<!'ll )(?<!\bgonna )(?<!\bcan )(?<!\bcould )(?<!\bshould )(?<!\bmight )"
    r"\b(?i:meet|say hello to|say hi to|introducing|this is)\s+(?P<n>[A-Z][\w'-]+),?\s+(?i:my|our|a|an)\s+"
    r"(?P<adj>(?:(?![\w-]+'s\b)[\w-]+\s+){0,3}?)(?P<s>(?i:" + PET_WORDS[3:-1] + "|" + DOG_BREEDS + "|" + CAT_BREEDS + r"))\b")


def _pet_met(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"So meet Bonnie, an eleven-week-old cocker spaniel": a pet the user introduces by
    name. Its own record, beside what else the clause says (a second dog is no change of
    the first): "User has a pet dog (cocker spaniel) named Bonnie". Not someone else's
    ("meet Rex, my sister's dog"), nor one to be met ("you have to meet Rex, a beagle")."""
    m = _PET_MET_RE.search(c)
    if m is None:
        return None
    breed = m.group("s").lower()
    species = pet_species(breed)
    adj = re.sub(r"\b(?:new|little|wee|baby|pet|sweet|tiny)\b|\b[\w-]+-old\b", "", m.group("adj"), flags=_I).split()
    kind_of = _kind_of(adj, breed, species)
    text = f"User has a pet {species}{f' ({kind_of})' if kind_of else ''} named {m.group('n')}"
    return [dict(text=text, kind="profile", importance=0.65, key=None, value=None, change=None),
            dict(text=to_third_person(raw), kind="semantic", importance=0.5, key=None, value=None, change=None)]


def _pet_lost(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"my dog died", "I rehomed my cat"."""
    m = re.match(r"^my (?P<s>" + PET_WORDS + r")(?:\s+[A-Z]\w*)?\s+(?:died|passed away|ran away|is gone|was put down)", c, _I) or \
        re.match(r"^i (?:lost|gave away|rehomed|no longer have)\s+(?:my|our)\s+(?P<s>" + PET_WORDS + r")", c, _I)
    if m:
        s = m.group("s").lower()
        return [dict(text=to_third_person(raw), kind="episodic", importance=0.6, key=f"pet.{s}",
                     value=None, change="delete")]
    return None


# a pet the user has got, and its name said after it by a pronoun: "And we've a dog! ...,
# she's called Biscuit", "we got a puppy last week, his name is Bruno", "We adopted a cat.
# Named her Olive." (never someone else's: "my sister got a dog, he's called Rex")
_PET_GOT_RE = re.compile(
    r"(?:^|[.!?]\s+|,\s+|\b(?i:and|so)\s+)(?:(?i:we|i)(?:'ve| have)?\s+(?:(?i:just|finally|also)\s+)?(?i:got|adopted|rescued|"
    r"have got|have|took in|brought home|'ve got)|(?i:we've|i've))\s+(?i:a|an|another)\s+(?P<adj>(?:[\w-]+\s+){0,2}?)"
    r"(?P<s>(?i:" + PET_WORDS[3:-1] + "|" + DOG_BREEDS + "|" + CAT_BREEDS + r"))\b"
    r"(?!\s+(?i:walker|walking|sitter|sitting|food|bed|allergy|groomer|trainer|flap|door|insurance|bowl|toy)\b)")
_NAMED_LATER_RE = re.compile(
    r"\b(?:(?i:she|he|it)(?:'s| is)\s+(?i:called|named)|(?i:her|his|its)\s+name(?:'s| is)|(?i:we)\s+(?i:named|called|call)"
    r"\s+(?i:her|him|it)|(?i:named|called)\s+(?i:her|him|it))\s+(?P<n>[A-Z][\w'-]+)\b")


def pet_named_later(text: str) -> list[dict]:
    """The pet a message says the user got, named by a pronoun after it (`_PET_GOT_RE`,
    `_NAMED_LATER_RE`): its own keyed record, "User has a pet dog named Biscuit"."""
    got = _PET_GOT_RE.search(text)
    if got is None:
        return []
    name = _NAMED_LATER_RE.search(text, got.end())
    if name is None or re.search(r"\b(?:my|our) (?:sister|brother|mum|mom|dad|friend|neighbou?r)'?s?\b",
                                 text[got.end():name.start()], _I):
        return []
    species = pet_species(got.group("s"))
    n = name.group("n")
    return [dict(text=f"User has a pet {species} named {n}", kind="profile", importance=0.65,
                 key=f"pet.{species}.{n.lower()}", value=n, change="update", rule="pet_named_later")]
