"""Who a fact is about: the user, or someone the user named (a name or a relation)."""

from __future__ import annotations

import re

from .extract.lexicon import PET_WORDS, RELATIONS, THING_WORDS, VEHICLES
from .text import WEEKDAYS

# a group the user is one of: what it does ("User's team scrims tuesdays 9pm") the user does
_WITH_USER = frozenset({"team", "family"})


# a fact that opens with a thing of someone else's, said by the pronoun: "Her cat poutine is
# coming to stay with User" ("Their" is as often the user's, in the third person)
HERS_OPEN = re.compile(r"(?:Her|His)\s+[a-z]")


def someone_else(text: str) -> list[str] | None:
    """The word that names the person a fact is about when it is not the user: the
    name ("Lindiwe", "Marcus", "losa"), else the relation ("sister"); None for the
    user's own fact."""
    # (after a few words that lead in: "Two children User's daughter Rosaria she is nurse")
    m = re.match(r"^(?:(?!User)[A-Za-z]+ ){0,2}User's (?P<rel>[a-z][a-z-]*(?: [a-z][a-z-]*)?)(?: (?P<n>[A-Z\u00c0-\u00de][\w'-]*|[a-z][a-z-]+(?= (?:is|has|was|"
                 r"got|moved|lives|works)\b)))?", text)
    if m is not None:
        for rel in (m.group("rel"), m.group("rel").split()[0]):
            if rel in RELATIONS and rel not in _WITH_USER:
                name = m.group("n") if rel == m.group("rel") else None
                return [name or rel]
    # a relation in a word the lexicon does not know, before the name and its verb: "User's
    # primo Paulo live in Toronto", "User's tita Baby works in Dubai" (never "User's old Honda is ...")
    m = re.match(r"^User's (?!(?:new|old|first|last|favou?rite|own|little|big|current|former|next|usual|main)\b)"
                 r"(?P<rel>[a-z][a-z-]{2,}) (?P<n>[A-Z\u00c0-\u00de][a-z\u00df-\u00ff'-]+)\s+(?:is|has|was|got|moved|lives?|works?|drives?|left|quit|"
                 r"plays?|studies|study)\b", text)
    if m is not None and m.group("rel").lower() not in VEHICLES and not re.fullmatch(PET_WORDS + "s?", m.group("rel")):
        return [m.group("n")]  # (a pet or a car named is the user's own: "User's dog Rex is sick")
    # (never a pronoun or a determiner opening the sentence: "It is a Heineken 0.0 of a Friday")
    # (a name taken up again by its pronoun: "Rosaria she change the job too")
    # (a name with an accent too: "Élodie got a poste", after a heading: "Family news: Élodie got ...")
    m = re.match(r"^(?:(?:[A-Za-z]+\s+){0,2}(?:news|update|updates)\s*[:\u2013\u2014-]\s*)?"
                 r"(?!(?:User|It|This|That|There|Here|What|Everything|Nothing|Something|Which|Who|Today|Now|Work|"
                 r"Life|One|Each|Every|All)\b)(?P<m>[A-Z\u00c0-\u00de][a-z\u00df-\u00ff'-]+)(?:\s*\([^()]{1,30}\))?\s+"
                 r"(?:is|has|was|got|moved|lives|works|left|quit|(?:she|he)\s+[a-z]+)\b",
                 text)  # also "Dev (husband) is a project manager at 3M"
    return [m.group("m")] if m and not _thing(m.group("m")) else None


def _thing(word: str) -> bool:
    """Whether a capitalised word opening a fact is a thing of the user's, not a person: a
    thing word ("Rent", "Gym") or a weekday ("Thursday is Jasmine's piano")."""
    low = word.lower()
    return low in THING_WORDS or low.rstrip("s") in WEEKDAYS


_USERS_OWN_RE = re.compile(r"^(?:User|User and family)\b(?!'s)")


def same_subject(text: str, key: str | None, other: str, other_key: str | None) -> bool:
    """Whether a change (`text`, `key`) can be about the subject of a stored record
    (`other`, `other_key`): a relative's news ("my sister works at Adidas now", key
    `sister.employer`) never retires the user's own fact, nor the user's news a
    relative's; an unkeyed record counts as the relative's when it names the relation."""
    def whose(k: str | None) -> str | None:
        return k.split(".", 1)[0] if k and "." in k else None

    mine, theirs = whose(key), whose(other_key)
    if mine is None and theirs is None:
        # the user's own: a key of theirs ("home_city"), or said of them ("User and family now live ...")
        who = someone_else(text) if key is None else None
        users = key is not None or (who is None and _USERS_OWN_RE.match(text) is not None)
        others_users = other_key is not None or _USERS_OWN_RE.match(other) is not None \
            or re.match(r"^User's [\w' -]{1,30}? and User\b", other) is not None
        if users:
            # "User and family now live in the granny flat behind Rosaria house" never retires
            # "User's daughter Rosaria is a nurse at ..."
            return others_users or someone_else(other) is None
        if who is None:
            return True
        # "User's daughter Lindiwe is leaving Wits": someone else's news retires only a record
        # that names them, and never the user's own that names them in passing ("User and family
        # live in the granny flat behind Rosaria house"); a thing opening the news is the user's
        # ("Tennis is out" / "User plays tennis")
        named = [w for w in who if re.search(r"\b" + re.escape(w) + r"\b", other, re.IGNORECASE)]
        return bool(named) and not (others_users and all(re.search(r"\b" + re.escape(w) + r"\b", other) for w in named))
    if mine == theirs:
        return True
    if mine and theirs is None:
        return re.search(r"\b" + re.escape(mine.replace("_", " ")) + r"\b", other, re.IGNORECASE) is not None
    return False


# a place or a post left, said after the leaving ("left the hospital", "quit Wits"), not the user
LEFT_A_PLACE_RE = re.compile(r"\b(?:left|quit|resigned from)\s+(?!(?:User|them|him|her|us|me)\b)(?:the\s+|their\s+|his\s+|her\s+)?"
                              r"[\w'-]{2,}")
# who someone is to the user, and nothing else: "User's best friend here is Nuria"
RELATION_RE = re.compile(r"^User's (?:[\w-]+ ){1,3}(?:here |now |still )?is (?-i:[A-Z])[\w'-]+(?: [A-Z][\w'-]+)?\W*$")


# someone named who leaves, opening the end ("Javi left", "Xiao-Wen quit"): a name, though
# it opens the sentence
LEAVER_RE = re.compile(r"^(?!User\b)([A-Z][\w'-]+) (?:(?:finally|just|already|recently) )?(?:left|quit|resigned)\b")


_NAMED = re.compile(r"\b(?!User\b)(?-i:[A-Z])[a-z][\w'-]+")


def names_someone(text: str) -> bool:
    """Whether a text names someone other than the user: a capitalised word that is no
    word of the sentence ("Gareth from the committee", not "The old place")."""
    from .extract.people import _NOT_NAMES

    return any(w.lower() not in _NOT_NAMES for w in _NAMED.findall(text))
