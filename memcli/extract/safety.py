"""Safety facts kept whole and apart: an allergy said without its allergen takes the one the
message names ("no peanuts in any snack ideas pls, im allergic"), and a keyed value that
carries a safety fact ("pescatarian and lactose intolerant") gives it a record of its own,
so that the next value of the key never retires it."""

from __future__ import annotations

import re

from ..models import Extraction, Fact
from ..text import MEDICAL_SELF_RE, SAFETY_TOPIC_RE
from .lexicon import _I

_ALLERGENS = (r"(?:tree nuts|peanuts?|nuts|shellfish|shrimps?|prawns?|crab|lobster|fish|dairy|milk|lactose|eggs?|gluten|"
              r"wheat|soy|soya|sesame|penicillin|amoxicillin|aspirin|ibuprofen|sulfa|codeine|morphine|tramadol|naproxen|"
              r"erythromycin|tetracycline|cephalosporins?|iodine|lidocaine|almonds?|cashews?|walnuts?|hazelnuts?|"
              r"pistachios?|bees?|bee stings|wasps?|latex|"
              r"strawberries|kiwis?|mustard|celery|sulphites|sulfites|cats?|dogs?|pollen|dust mites?)")
_BARE_SAFETY_RE = re.compile(r"\b(?P<a>allergic|intolerant)\b(?!\s+(?:to|of)\b)", _I)


def with_allergen(ex: Extraction, text: str) -> None:
    """ "no peanuts in any snack ideas pls, im allergic": a safety fact that names no
    allergen takes those the same message names (at most three)."""
    named = list(dict.fromkeys(m.group(0).lower() for m in re.finditer(r"\b" + _ALLERGENS + r"\b", text, _I)))
    if not 0 < len(named) <= 3:
        return
    what = " and ".join(named)
    for i, f in enumerate(ex.facts):
        if f.safety and _BARE_SAFETY_RE.search(f.text) and not any(n in f.text.lower() for n in named):
            ex.facts[i] = Fact(**{**f.__dict__, "text": _BARE_SAFETY_RE.sub(
                lambda m: f"{m.group('a')} to {what}", f.text, count=1)})


def split_safety(ex: Extraction) -> None:
    """A keyed value that also carries a safety fact ("pescatarian and lactose
    intolerant") gives the safety fact its own record, so that a later value of the
    key ("vegetarian now") never retires the intolerance with it."""
    for i, f in enumerate(list(ex.facts)):
        if not (f.key and f.safety):
            continue
        parts = re.split(r"\s*[,;]\s*|\s+(?:and|but|plus|also)\s+", f.text)
        safe = [p for p in parts if SAFETY_TOPIC_RE.search(p) or MEDICAL_SELF_RE.search(p)]
        if not safe or len(safe) == len(parts):
            continue
        subject = re.match(r"^(User(?:'s [\w'-]+)?\s+(?:is|has|are|takes|needs|cannot|can't|must)\b)", f.text)
        text = safe[0] if safe[0].startswith("User") or subject is None else f"{subject.group(1)} {safe[0]}"
        ex.facts[i] = Fact(**{**f.__dict__, "safety": False})
        ex.facts.append(Fact(text=text, kind="semantic", importance=max(f.importance, 0.9), source=f.source, key=None,
                             value=None, change=None, event_date=f.event_date, clause=f.clause, safety=True,
                             rule="safety_split"))
