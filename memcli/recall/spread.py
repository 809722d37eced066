"""A question for several things of the user's ("what are the user's children called?",
"which doctors does the user see?", "what are the codes for the user's flat?") wants
each of them, not four facts about the first: among the best hits, one that names only
people or things a better hit already named gives way to one that names another
(each repeat scales its score by `REPEAT`, before `newer_first` orders what is said of
one of them by when). A question for one thing is left as ranked.
"""

from __future__ import annotations

import re

from ..claims import parse
from ..models import Hit

# each time a hit names only what better hits named, its score is scaled by this
REPEAT = 0.8
WINDOW = 15

# the user's things, asked in the plural: "the user's children", "which doctors", "what
# are the codes", "the user's kids' birthdays" (the owner of a plural asked for)
_PLURAL_ASKED = re.compile(
    r"\b(?:(?:the user's|user's|their|his|her|the)\s+(?:[\w-]+\s+)?|(?:what|which)\s+(?:(?:kinds?|types?) of\s+)?)"
    r"(?P<n>children|grandchildren|kids|grandkids|people|[a-z]{2,}s(?<!ss)(?<!us)(?<!is))(?:'|\b)",
    re.IGNORECASE)
# plurals that ask for an amount or a time, not for several things
_NOT_SEVERAL = frozenset("hours days weeks months years minutes times plans means news glasses series species "
                         "earnings savings wages clothes goods thanks lots cups miles kilometres kilometers pounds "
                         "dollars euros kg kilos stones "
                         # and the verbs a question is asked with: "what does ...", "which has ..."
                         "does goes has was is its this always perhaps".split())


def asks_several(query: str) -> bool:
    return any(m.group("n").lower() not in _NOT_SEVERAL for m in _PLURAL_ASKED.finditer(query))


def spread(hits: list[Hit], query: str, window: int = WINDOW) -> list[Hit]:
    """`hits` with, among the first `window`, each one that names only what better hits
    named scaled down (`REPEAT` per repeat) and re-ranked, for a question that asks for
    several things (`asks_several`)."""
    if len(hits) < 3 or not asks_several(query):
        return hits
    top, rest = hits[:window], hits[window:]
    seen: set[str] = set()
    kept: list[Hit] = []  # in their order
    repeats: list[Hit] = []
    for h in top:
        names = parse(h.memory.text).names
        (repeats if names and names <= seen else kept).append(h)
        seen |= names
    for h in repeats:  # each after the hits it no longer outscores
        at = next((i for i, o in enumerate(kept) if o.score < h.score * REPEAT and o not in repeats), len(kept))
        kept.insert(at, h)
    return kept + rest
