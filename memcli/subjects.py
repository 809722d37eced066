"""Who a fact is about: the user, or someone the user named (a name or a relation)."""

from __future__ import annotations

import re

from .extract.lexicon import PET_WORDS, RELATIONS, VEHICLES


def someone_else(text: str) -> list[str] | None:
    """The word that names the person a fact is about when it is not the user: the
    name ("Lindiwe", "Marcus", "losa"), else the relation ("sister"); None for the
    user's own fact."""
    m = re.match(r"^User's (?P<rel>[a-z][a-z-]*(?: [a-z][a-z-]*)?)(?: (?P<n>[A-Z][\w'-]*|[a-z][a-z-]+(?= (?:is|has|was|"
                 r"got|moved|lives|works)\b)))?", text)
    if m is not None:
        for rel in (m.group("rel"), m.group("rel").split()[0]):
            if rel in RELATIONS:
                name = m.group("n") if rel == m.group("rel") else None
                return [name or rel]
    # a relation in a word the lexicon does not know, before the name and its verb: "User's
    # primo Paulo live in Toronto", "User's tita Baby works in Dubai" (never "User's old Honda is ...")
    m = re.match(r"^User's (?!(?:new|old|first|last|favou?rite|own|little|big|current|former|next|usual|main)\b)"
                 r"(?P<rel>[a-z][a-z-]{2,}) (?P<n>[A-Z][a-z'-]+)\s+(?:is|has|was|got|moved|lives?|works?|drives?|left|quit|"
                 r"plays?|studies|study)\b", text)
    if m is not None and m.group("rel").lower() not in VEHICLES and not re.fullmatch(PET_WORDS + "s?", m.group("rel")):
        return [m.group("n")]  # (a pet or a car named is the user's own: "User's dog Rex is sick")
    # (never a pronoun or a determiner opening the sentence: "It is a Heineken 0.0 of a Friday")
    m = re.match(r"^(?!(?:User|It|This|That|There|Here|What|Everything|Nothing|Something|Which|Who|Today|Now|Work|"
                 r"Life|One|Each|Every|All)\b)(?P<m>[A-Z][a-z'-]+)(?:\s*\([^()]{1,30}\))?\s+"
                 r"(?:is|has|was|got|moved|lives|works|left|quit)\b",
                 text)  # also "Dev (husband) is a project manager at 3M"
    return [m.group("m")] if m else None
