"""Facts that cannot be read alone, discarded with a reason (the turn's episode keeps
the words): one that points at what it does not say ("User loved it", "User will never
forget it"), and one that says nothing at all ("User thinks", "User is trying", "Let User
see"): a verb that needs what it is about, and no word of what.
"""

from __future__ import annotations

import re

from ..models import Fact
from ..text import MEDICAL_SELF_RE, SAFETY_TOPIC_RE, claim_words

# A pronoun standing for a thing ("User loved it", "User is so proud of that", "User and
# family got this", "User loves them"): the pronoun, not a determiner ("that job"), so
# at the end or before a preposition or an adverb.
_POINTER_RE = re.compile(r"\b(?:it|that|this|them|those|these)\b(?=\s*(?:[.!?,;:]|$|(?:without|with|for|to|from|again|"
                         r"too|so|all|here|there|anymore|a lot|so much|very much|every|now|though|yet|lol)\b))", re.I)
# words that say how much or how sure, not what: "really", "pretty", "never" ...
_HOW_MUCH = frozenset("user family really pretty totally truly absolutely definitely never always still ever "
                      "even much lot all some every will would can could should must got get gets getting make "
                      "made going lol haha omg tbh honestly".split())
# verbs that need what they are about ("thinks", "is trying", "does not know", "should not
# tell"), being and doing, and words of manner or the moment: with nothing else, no fact
_LIGHT = frozenset("think thinks thought reckon reckons guess suppose know knows knew see sees say says said tell "
                   "tells told try tries trying tried mean means hope hopes wonder wonders let keep keeps worry "
                   "worries worried feel feels felt sure believe believes want wants wanted do does did doing done "
                   "be is are was were been being have has had so too very also just more less bit while anyway "
                   "sorry fine ok okay well then there here now today again not".split())

# the reason each kind of fragment is discarded with (`fragment`'s answer)
FRAGMENT_REASONS = {"points": "a fragment: it points at what it does not say",
                    "empty": "a fragment: it says nothing of what"}


def fragment(text: str) -> str | None:
    """Whether a fact cannot be read alone, and why: "points" for one that points at
    something it does not say (a pronoun for a thing, at most one word that says what, no
    name or number), "empty" for one with no word of what at all (`_LIGHT`, no name or
    number: "User is so worried", not "User said yes"); never a safety fact."""
    if SAFETY_TOPIC_RE.search(text) or MEDICAL_SELF_RE.search(text):
        return None
    words, keys = claim_words(text)
    if keys:
        return None
    if _POINTER_RE.search(text) and len(words - _HOW_MUCH) <= 1:
        return "points"
    return "empty" if not words - _HOW_MUCH - _LIGHT else None


def dropped_fragments(facts: list[Fact]) -> list[tuple[Fact, str]]:
    """Take the `fragment`s out of `facts` (never an explicit, keyed or safety fact) and
    return them, each with the reason it is discarded with."""
    dropped = []
    for f in facts:
        why = None if f.source == "explicit" or f.key or f.safety else fragment(f.text)
        if why is not None:
            dropped.append((f, FRAGMENT_REASONS[why]))
    facts[:] = [f for f in facts if all(f is not d for d, _ in dropped)]
    return dropped
