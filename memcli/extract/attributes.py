"""Attributes said without a possessive: "Medical aid is Discovery", "Weight is 94 now",
and ", rent is 1,650 euro every month" inside a longer clause. Keyed like "my X is Y"
(`slots._attribute`), so a later value replaces the earlier one."""

from __future__ import annotations

import re

from ..models import Extraction, Fact
from .doses import dose_said
from .grammar import to_third_person
from .lexicon import _I, CAT_BREEDS, DATED_ONE, DIETS, DOG_BREEDS, IMPERATIVE_VERBS, OCCUPATIONS, PET_WORDS
from .people import _NOT_NAMES
from .pets import pet_species
from .roles import _ROLES
from .slots import _ATTR_VERB, _attribute_key, _informative
from .values import _NOW_RE, FactDict, _clean_value, _occupation, _profile

# "Medical aid is Discovery", "rent is 1,650 euro", "Weight is 94 now", "the premium went up
# to R5,400": an attribute said without "my". Its value opens with a number, a currency or a
# name (not a preposition: "class is on Tuesdays" is a plan's time, not a value).
_BARE_ATTR_RE = re.compile(r"^(?:(?i:the)\s+)?(?P<k>(?:[A-Za-z0-9][a-z0-9-]*|[A-Z0-9]{2,})(?:\s+(?:[a-z][a-z-]*|[A-Z0-9]{2,})){0,2})(?:\s+|(?='s\s))"
                           + _ATTR_VERB + r"\s+(?P<v>(?:[$£€¥₹R]\s?|(?-i:[A-Z]{3})\s)?\d[\d,.:]*\b.*|(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2}"
                           r"(?:[,.!]|\s+(?:now|these days|this year|from now on)\b|$).*)$", _I)
# A word that opens a sentence is capitalised whatever it is: alone, it is an attribute only
# when it names a measure ("Weight is 94 now"), not a person ("Leo is 7").
_MEASURE_NOUNS = frozenset("weight height rent mortgage salary pay wage budget rate price cost fee fees premium "
                           "pb score level grade bill deposit insurance commute pace balance debt loan income "
                           "allowance quota target goal limit".split())
_NOT_ATTRIBUTES = frozenset("it this that there here what which who everything something nothing everyone "
                            "weather traffic time today tomorrow tonight life work school he she they".split())


# Attributes of the user's own life that need no antecedent: ", rent is 1,650 euro" inside a
# longer clause is the user's rent; ", the date is 12 May" is the date of what was just said.
_OWN_MEASURES = _MEASURE_NOUNS - frozenset("price cost fee fees score level grade bill deposit pace balance debt loan "
                                            "target goal limit".split())
_EMBEDDED_ATTR_RE = re.compile(r",\s+(?=(?:the\s+|my\s+|our\s+)?(?:[a-z0-9][\w-]*\s+)?(?P<h>[a-zA-Z]+)\s+(?:is|are)\s+"
                               r"(?:now\s+|up to\s+|down to\s+)?[$£€R]?\d)")


# (thousands grouped by a comma, a point or a space: "1,450", "R14 500")
_AMOUNT = (r"(?<![\d,.])(?P<v>[$£€R]?\s?(?:\d{4,}|\d{1,3}(?:(?:[,.]|\s(?=\d{3}(?![\d,.])))\d{3})*)(?:\.\d+)?k?(?:\s*(?:usd|eur|euros?|gbp|dollars|pounds|bucks|zar|rand|"
           r"nzd|aud|cad|chf|lari|pesos))?)")
_PER_MONTH = r"(?P<per>\s*(?:a|per|every|each|/)\s*(?:month|mo)\b|\s*(?:pcm|pm)\b)"
_HOUSING_RE = re.compile(r"\b(?:renting|rent|rented|flat|apartment|apt|house|room|studio|condo|place|one-bed|two-bed|"
                         r"bedsit|houseshare|flatshare)\b", _I)
# what else a monthly amount is the cost of
_OTHER_COSTS_RE = re.compile(r"\b(?:gym|phone|netflix|spotify|parking|insurance|car|childcare|daycare|creche|membership|"
                             r"subscription|plan|loan|mortgage|bill|bills|electricity|power|gas|internet|wifi|broadband|"
                             r"tuition|fees?|lessons?|classes|food|groceries|petrol|fuel|storage|aid|premium|salary|"
                             r"pay|earn|earning|makes?|making|budget|save|saving|"
                             # a number that is no sum: "my key safe code is 4417 for the Cotham flat"
                             r"codes?|pin|password|passcode|combination|number|lockbox|postcode|zip|"
                             # the user's income as a landlord, not a rent they pay
                             r"let|lets|letting|sublet|tenants?|lodgers?|charge|charging|rent(?:ing|ed|s)? (?:[a-z]+ ){0,2}out)\b",
                             _I)
_RENT_PER_MONTH_RE = re.compile(_AMOUNT + _PER_MONTH, _I)
_RENT_FOR_PLACE_RE = re.compile(_AMOUNT + r"\s+(?:here\s+|now\s+)?for\s+(?:a|the|my|our)\s+(?:[a-z-]+\s+)?"
                                r"(?:place|flat|apartment|room|house|studio|condo|one-bed|two-bed)\b", _I)
# "he put the rent up, now it is 1,820": the measure, then "it" with its new value
_IT_NOW_RE = re.compile(r"\b(?P<m>" + "|".join(sorted(_OWN_MEASURES)) + r")\b[^.;!?]{0,60}?,?\s*(?:and\s+|so\s+)?"
                        r"(?:now\s+it(?:'s|\s+is)|it(?:'s|\s+is)\s+now)\s+" + _AMOUNT, _I)


_LANDLORD_RE = re.compile(r"\b(?:landlord|landlady|letting agent|lease renewal|renewal|tenancy)\b", _I)
# a sum as a rent is written: with its currency or in thousands ("17,500", "$1,950"), never "221 Baker St"
_A_SUM_RE = re.compile(r"(?<![\w.,/-])(?P<v>[$£€]?\d{1,3}(?:,\d{3})+|[$£€]\d{3,6})(?![\w.,/:-])")


def implied_rent(clause: str) -> FactDict | None:
    """A home's monthly cost said without the word "rent": "renting in roma norte, 1,450
    usd a month", "the house here is bigger, 2,100 per month", "700 usd here for a bigger
    place". A monthly amount with a home word and no other cost in the clause ("40 a
    month for the gym near my flat" is the gym's); the one sum a landlord's letter or a
    renewal gives ("landlord send letter: 17,500 from August renewal")."""
    if _OTHER_COSTS_RE.search(clause) or re.search(r"\brent\s+(?:is|are|was)\b", clause, _I):
        return None
    m = _RENT_FOR_PLACE_RE.search(clause)
    if m is None and _LANDLORD_RE.search(clause):
        # "landlord send letter: 17,500 from August renewal": the one sum a landlord's letter gives
        sums = [x for x in _A_SUM_RE.finditer(clause) if not re.fullmatch(r"(?:19|20)\d\d", x.group("v"))]
        m = sums[0] if len(sums) == 1 else None
    if m is None:
        m = _RENT_PER_MONTH_RE.search(clause)
        if m is None or not _HOUSING_RE.search(clause):
            return None
    v = m.group("v").strip() + (" a month" if m.groupdict().get("per") else "")
    return {"rule": "implied_rent", **_profile(f"User's rent is {v}", "rent", m.group("v").strip(), 0.55, "update")}


# "Tessera have already sent me two jobs, at 13p a word", "I charge $45 an hour now": what
# the user is paid per unit of work, said in passing, is their rate
_PER_UNIT_RE = re.compile(r"(?P<v>(?:[$£€]\s?\d+(?:[.,]\d+)?|\d+(?:\.\d+)?\s?(?:p|c|cents?|pence|ct)\b|\d+(?:\.\d+)?\s?"
                          r"(?:dollars|euros?|pounds|usd|eur|gbp|quid|bucks))\s*(?:a|an|per|/)\s*(?P<u>word|hour|hr|page|"
                          r"article|session|lesson|line|minute|day|shift))\b", _I)
# "quoted 220/h", "Rate 180/h": an hourly rate written with a slash, no currency needed
_SLASH_RATE_RE = re.compile(r"(?<![\w/])(?P<v>(?:[$£€]\s?|R\$\s?)?\d+(?:[.,]\d+)?\s?/\s?(?:h|hr|hour))\b", _I)
_PAID_RE = re.compile(r"\b(?:at|charge|charges|charging|charged|earn|earns|earning|paid|paying me|pays me|pay me|get|"
                      r"getting|got|on|rate|rates|bill|billing|invoice|invoicing|quoted|offered|offering|raised|up to)\b"
                      r"[^,;.]{0,12}$", _I)
# what the user pays for, or a rate that is someone else's ("the tutor charges £40 an hour")
_PAYER_RE = re.compile(r"\b(?:i pay|we pay|i'm paying|costs?|costing|fees?|parking|lessons? (?:are|is|cost)|tutor|"
                       r"babysitter|nanny|cleaner|plumber|electrician|lawyer|therapist|(?:he|she|they) charges?)\b", _I)


def implied_rate(clause: str) -> FactDict | None:
    """The user's rate for work, said without the word or as a change of it: "at 13p a
    word" after a client sends jobs, "I charge $45 an hour now". Only an amount per
    unit of work with a word of being paid just before it, and never a cost the user
    pays or another person's rate; a clause that says "my rate is ..." is the
    attribute rule's."""
    m = _PER_UNIT_RE.search(clause) or _SLASH_RATE_RE.search(clause)
    if m is None or re.search(r"\brate\s+(?:\w+\s+){0,2}(?:is|are|was)\b", clause, _I) or _PAYER_RE.search(clause):
        return None
    # "Rate 180/h, ~160h/mo" is a note of the user's own rate
    note = m.re is _SLASH_RATE_RE and re.match(r"^(?:my\s+)?(?:hourly\s+)?rate\s*:?\s*$", clause[:m.start()], _I)
    if not note and (not _PAID_RE.search(clause[:m.start()])
                     or not re.search(r"\b(?:i|i'm|i've|me|my|we|us|our)\b|^(?:(?:anyway|so|and|but|ok|well|also)\s*,?\s+)*"
                                      r"(?:said|quoted|charging|billing|charged|invoiced)\b",
                                      clause, _I)):
        return None  # the user's own: "my sister gets 18 quid an hour" is hers
    v = m.group("v").strip()
    return {"rule": "implied_rate", **_profile(f"User's rate is {v}", "rate", v, 0.55, "update")}


# a raise and the pay it brings: "I got a raise in Fintrail, now is 55 thousand", "got a
# pay rise to £41k", "I got a pay bump to 72k"
_RAISE_RE = re.compile(r"\b(?:i|we)\s+(?:just\s+|finally\s+)?(?:got|get|was given|have been given|'ve been given)\s+"
                       r"(?:a\s+|my\s+)?(?:(?:big|small|nice|little)\s+)?(?:pay\s+)?(?:raise|rise|bump|pay bump)\b"
                       r"[^.;!?]{0,40}?(?:\bto\s+|\bnow\s+(?:is\s+|it's\s+|it is\s+|at\s+)?|(?:it's|it is)\s+)"
                       + _AMOUNT + r"(?P<unit>\s*(?:thousand|grand|k)\b)?", _I)


def _raise_to(clause: str) -> FactDict | None:
    """"I got a raise in Fintrail, now is 55 thousand": the user's salary is 55 thousand."""
    m = _RAISE_RE.search(clause)
    if m is None:
        return None
    v = (m.group("v") + (m.group("unit") or "")).strip()
    return {"rule": "raise_to", **_profile(f"User's salary is now {v}", "salary", v, 0.6, "update")}


def _measure_it_now(clause: str) -> FactDict | None:
    """"after he put the rent up, now it is 1,820": the rent is now 1,820."""
    m = _IT_NOW_RE.search(clause)
    if m is None:
        return None
    key = _attribute_key(m.group("m"))
    if key is None:
        return None
    v = m.group("v").strip()
    return {"rule": "measure_now", **_profile(f"User's {m.group('m').lower()} is now {v}", key, v, 0.55, "update")}


def embedded_attributes(clause: str) -> list[FactDict]:
    """"We are living in Phibsborough, apartment on second floor, rent is 1,650 euro every
    month": the rent, as a keyed attribute of its own; the clause stays whole. So are a
    home's cost said without the word (`implied_rent`), "now it is 1,820" after the
    rent went up, and a medicine's dose (`doses`)."""
    out = [d for d in (implied_rent(clause), implied_rate(clause), _measure_it_now(clause), _raise_to(clause),
                       dose_said(clause)) if d is not None]
    for m in _EMBEDDED_ATTR_RE.finditer(clause):
        if m.group("h").lower() in _OWN_MEASURES:
            piece = re.sub(r"^(?:my|our)\s+", "", clause[m.end():])
            found = bare_attribute(re.split(r",\s+(?![\d])", piece)[0])
            if found is not None:
                out.append(found)
    return out


def bare_attribute(raw: str) -> FactDict | None:
    """An attribute of the user's world said without a possessive, keyed like "my X is Y"
    (`_attribute`), or None."""
    m = _BARE_ATTR_RE.match(raw.strip())
    if not m:
        return None
    words = m.group("k").split()
    if words[0].lower() in _NOT_ATTRIBUTES or any(w.lower() in _NOT_NAMES for w in words):
        return None
    if len(words) == 1 and words[0][:1].isupper() and not words[0].isupper() and words[0].lower() not in _MEASURE_NOUNS:
        return None  # "Leo is 7", "Tessera is great": a name
    key = _attribute_key(m.group("k"))
    v = _clean_value(re.split(r",(?!\d{3}\b)", m.group("v"))[0])  # "52:40, running 30 km a week": the value ends
    if key is None or key.replace("_", " ") in _ROLES or not v or not _informative(v) or len(v.split()) > 6:
        return None
    lc = raw.lower()
    changed = bool(_NOW_RE.search(raw) or re.search(r"\b(?:up|down|rose|fell|dropped|increased|decreased|changed|"
                                                    r"bumped|became|become)\b", lc))
    return {"rule": "bare_attribute", **_profile(to_third_person(raw), key, v, 0.55, "update" if changed else None)}


# "new 10k PB too!! 49:55 along the promenade", "new weight: 71.5": a new value of one of the
# user's measures, announced, then given (in the next sentence, or after a colon).
_NEW_MEASURE_RE = re.compile(r"^(?:(?:and|also|oh|plus|so|ok|omg|guess what),?\s+)*(?:I\s+)?(?:(?:got|hit|set)\s+)?"
                             r"(?:a\s+|my\s+)?new\s+(?P<x>(?:[\w-]+\s+){0,2}?(?P<h>[a-zA-Z]+)"
                             r"(?:\s+(?:for|in|on)\s+(?:the\s+|my\s+)?[\w-]+)?)"
                             r"(?:\s+(?:too|also|as well|today|yesterday|this week|this morning|lol|ngl))?"
                             r"\s*(?P<sep>[!.:]*|,)\s*(?P<v>[$£€R]?\d.*)?$", re.I)
_VALUE_START_RE = re.compile(r"^[$£€R]?\d[\d:.,]*(?!\d)")


_PET_NAMED_NEXT_RE = re.compile(r"\b(?:adopted|got|rescued|took in|brought home)\s+(?:a|an|another|one more)\s+(?:[\w-]+\s+){0,2}?(?:"
                                + PET_WORDS[3:-1] + "|" + DOG_BREEDS + "|" + CAT_BREEDS + r")\W*$", _I)
_NAME_FIRST_RE = re.compile(r"^[A-Z][\w'-]+(?=,|!|\s+(?:is|she|he|who)\b|\s*$)")
# someone the user is seeing, named in the next sentence: "seeing someone new 🙈" + "marcus,
# kiwi, works at a craft brewery", "I started to see someone." + "Sabrina."
_PARTNER_NAMED_NEXT_RE = re.compile(r"\b(?:seeing|dating|(?:started|began) (?:to see|seeing|dating)|stepping out (?:with|wi'?))\s+"
                                    r"(?:someone|somebody|(?:a|this) " + DATED_ONE + r")(?:\s+new)?\W*$", _I)
# someone the user has, then named by "her name is" in the next sentence: "I have pen pal.",
# "I got a new mentor at work." (a person: never a pet, a thing or a partner, read apart)
_HAVE_ONE_RE = re.compile(r"^(?:(?:also|and|oh|so)\W+)?(?:i|we)\s+(?:have|'ve got|have got|got|'ve)\s+(?:a\s+|an\s+|another\s+)?"
                          r"(?:new\s+)?(?P<r>(?:pen ?pal|penpal|neighbou?r|mentor|tutor|teacher|coach|boss|manager|"
                          r"supervisor|therapist|doctor|gp|dentist|physio|carer|caregiver|nanny|babysitter|cleaner|"
                          r"landlord|landlady|flatmate|roommate|housemate|colleague|coworker|co-worker|friend|"
                          r"best friend|assistant|lodger|stepdaughter|stepson|grandson|granddaughter))"
                          r"(?:\s+(?:at|in|from)\s+[\w ]{1,30})?\W*$", _I)
# ... and named in the next sentence by "his name is", "her name's", "she's called"
_NAME_IS_RE = re.compile(r"^(?:(?:and|so|oh)\W+)?(?:(?:his|her|their)\s+name(?:'s|\s+is)|(?:he|she|they)(?:'s|\s+is|\s+are)\s+"
                         r"called)\s+(?P<n>(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?(?!(?:a|an|the)\b)[^\W\d_][\w'-]*)", _I)
# a new holder of a role announced without a name, then named first in the next sentence
_NEW_ROLE_BARE_RE = re.compile(r"^(?:(?:also|and|plus|so|oh and)\s+)?(?:(?:i|we)\s+(?:have|'ve|got|have got|'ve got)\s+)?"
                               r"(?:a\s+)?new\s+(?P<r>doctor|gp|dentist|vet|physio|physiotherapist|therapist|cardiologist|"
                               r"psychiatrist|specialist|consultant|lawyer|accountant|landlord|landlady|boss|manager|"
                               r"supervisor|team lead|coach|tutor)\b(?:\s+(?:because|since|as|cos|coz|cause)\b[^.!?]*)?[.!]*$",
                               _I)
_TITLED_FIRST_RE = re.compile(r"^(?:Dra|Dr|Doctor|Prof|Mrs|Mr|Ms)\.?\s+[A-Z][\w'-]+")
# a dwelling and where it is, said first: "Little fisherman's cottage on Duck Street in Mousehole, two up two down"
_DWELLING_FIRST_RE = re.compile(r"^(?:(?:a|an|the|our|my)\s+)?(?:[\w'-]+\s+){0,3}?(?:flat|apartment|apt|house|cottage|"
                                r"bungalow|condo|studio|terrace|townhouse|casita|villa|place|home|semi)\s+(?:[\w'-]+\s+){0,3}?"
                                r"(?:on|in|at|near|off|by|outside)\s+(?-i:[A-Z])[^,.;!?]*", _I)
# a label of the answers and its value, as a note: "Format: bullet points.", "Format change: full
# sentences ok now.", "Units: metric please"; and the short rules that follow it ("Short.", "No emoji.")
_ANSWER_LABEL_RE = re.compile(r"^(?P<l>format|formatting|style|tone|answers?|replies|responses|units|length|layout)"
                              r"(?:\s+(?:change|update|preference|pref)s?)?\s*:\s*(?P<v>[^?]{2,80})$", _I)
_RULE_FRAGMENT_RE = re.compile(r"^(?!.*\b(?:i|i'm|me|my|we|our)\b)(?:\w[\w'-]*\s*){1,4}[.!]*$", _I)
# "It's on Saturday of next week" after a sentence that names an event: the event is
_IT_IS_ON_RE = re.compile(r"^(?:it'?s|it is|it'?ll be|it will be)\s+(?=on\b|this\b|next\b|the\s+\d|\d)", _I)
_EVENTS_NAMED_RE = re.compile(r"\b(?:(?:my|our|his|her|their|the|a|an)\s+(?:[\w'-]+\s+){0,2}?(?:party|wedding|birthday|anniversary|"
                              r"sixtieth|fiftieth|fortieth|thirtieth|eightieth|seventieth|eighteenth|twenty-first|21st|"
                              r"christening|funeral|graduation|recital|concert|match|race|marathon|appointment|interview|"
                              r"exam|surgery|operation|reunion|launch|opening|ceremony|celebration|dinner|do|gig|"
                              r"tournament|final|audition|hearing|court date|scan|checkup|check-up))\b", _I)
# a home got, its place named in the next sentence: "got my own flat!!" + "Tai Koo / 420 sq ft"
_HOME_NAMED_NEXT_RE = re.compile(r"\b(?:got|found|bought|rented|moved into)\s+(?:my own|our own|a new|a|an|my|our)\s+"
                                 r"(?:[\w-]+\s+)?(?:flat|apartment|apt|place|house|condo|studio|room|home)\W*$", _I)
_PLACE_FIRST_RE = re.compile(r"^(?![A-Z][a-z]+ly\b|(?:Yay|Yes|Yess+|Wow|Woohoo|Nice|Great|Thanks|Lol|Omg|Ugh|Still|Cheap|"
                             r"Small|Big|Tiny|Cosy|Cozy|Lovely|Perfect|Amazing|Awesome|Done|Sorted|Home|Bliss|Heaven|"
                             r"Mine|Ours|Alone|Together|Tomorrow|Today|Tonight|Soon)\b)(?-i:[A-Z][\w'-]+)(?:\s+(?-i:[A-Z][\w'-]+)){0,2}(?=\s*(?:/|,|!|\.|$))")
# ... typed in lower case too, when a comma or a full stop follows it ("marcus, kiwi, ...")
_NAME_FIRST_ANY_RE = re.compile(r"^(?![a-z]+ly\b|(?:also|anyway|well|so|ok|okay|yeah|yes|no|nope|honestly|lol|lmao|haha|omg|"
                                r"wow|yay|ugh|hmm|idk|tbh|and|but|he|she|they|it|his|her|their|this|that|which|who|sorry|"
                                r"wait|anyways|whatever|still|again|soon|nothing|someone|somebody)\b)[A-Za-z][a-z'-]+"
                                r"(?:\s+(?-i:[A-Z])[a-z'-]+)?(?=\s*[,.!]|\s*$)", _I)  # (and a surname: "Alastair Guthrie,")


def _name_said(sentence: str) -> tuple[str, str] | None:
    """(the name, what the sentence goes on to say) of "His name is Raúl, he's a nurse"."""
    m = _NAME_IS_RE.match(sentence.strip())
    return (m["n"], sentence.strip()[m.end():].lstrip(" ,;.!-")) if m else None


def value_said_apart(sentences: list[str]) -> list[str]:
    """Join an announced new measure and its value into "my X is now V ...", the form
    the attribute rules key: "new 10k PB too!!" + "49:55 along the Sea Point promenade"
    becomes "my 10k PB is now 49:55 along the Sea Point promenade". Only for a measure
    noun (`_MEASURE_NOUNS`, "record", "time"): "new phone!! 10/10" stays as said. So are
    a pet and its name: "we adopted a rescue greyhound!!" + "Dotty, she's 6"."""
    out: list[str] = []
    i = 0
    while i < len(sentences):
        s = sentences[i]
        pet = _PET_NAMED_NEXT_RE.search(s.strip())
        nxt = _NAME_FIRST_RE.match(sentences[i + 1].strip()) if pet and i + 1 < len(sentences) else None
        it = _IT_IS_ON_RE.match(s.strip()) if out else None
        event = _EVENTS_NAMED_RE.findall(out[-1]) if it else []
        if it is not None and event:  # "... her sixtieth will be in the Hut." + "It's on Saturday of next week": her sixtieth is
            named = re.sub(r"^(?:a|an)\s+", "the ", event[-1], flags=_I)  # "a dentist appointment": the one
            s = f"{named[:1].upper()}{named[1:]} is {s.strip()[it.end():]}"
        home = _HOME_NAMED_NEXT_RE.search(s.strip()) if pet is None and i + 1 < len(sentences) else None
        where = _PLACE_FIRST_RE.match(sentences[i + 1].strip()) if home else None
        if where:  # "got my own flat!!" + "Tai Koo / 420 sq ft": the flat in Tai Koo
            out.append(re.sub(r"[\s!.]+$", "", s) + " in " + sentences[i + 1].strip())
            i += 2
            continue
        called = _name_said(sentences[i + 1]) if pet is None and i + 1 < len(sentences) else None
        if called and _HAVE_ONE_RE.match(s.strip()):  # "I have pen pal." + "Her name is Margaret, she ...": a pen pal called Margaret, she ...
            out.append(re.sub(r"[\s!.]+$", "", s) + " called " + called[0] + (", " + called[1] if called[1] else ""))
            i += 2
            continue
        if pet is None and _PARTNER_NAMED_NEXT_RE.search(s.strip()) and i + 1 < len(sentences):
            if called:  # "I'm seeing someone new." + "His name is Raúl, he's a nurse": the name; the rest its own
                out.append(re.sub(r"[\s!.]+$", "", s) + " called " + called[0])
                sentences = [*sentences[:i + 1], *([called[1]] if called[1] else []), *sentences[i + 2:]]
                i += 1
                continue
            nxt = _NAME_FIRST_ANY_RE.match(sentences[i + 1].strip())
            if nxt:  # the one seeing, named; what the next sentence says of them is its own
                out.append(re.sub(r"[\s!.]+$", "", s) + " called " + nxt.group(0))
                i += 1
                continue
        if nxt:  # "we adopted a rescue greyhound!!" + "Dotty, she's 6": the greyhound called Dotty
            out.append(re.sub(r"[\s!.]+$", "", s) + " called " + sentences[i + 1].strip())
            i += 2
            continue
        role = _NEW_ROLE_BARE_RE.match(s.strip()) if i + 1 < len(sentences) else None
        holder = _TITLED_FIRST_RE.match(sentences[i + 1].strip()) if role else None
        if role and holder:  # "also new doctor because Williamstown is too far." + "Dr Kaur at the clinic ...": the new one
            out += [s, f"my new {role.group('r').lower()} is {holder.group(0)}", sentences[i + 1]]
            i += 2
            continue
        dwelling = _DWELLING_FIRST_RE.match(sentences[i + 1].strip()) \
            if i + 1 < len(sentences) and _HOME_NAMED_NEXT_RE.search(s.strip()) else None
        if dwelling:  # "I bought a place!" + "Little fisherman's cottage on Duck Street in Mousehole": the home now
            det, told = "" if re.match(r"(?:a|an|the|our|my)\s", dwelling[0], _I) else "a ", sentences[i + 1].strip()
            out += [s, f"I now live in {det}{told[:1].lower()}{told[1:]}"]
            i += 2
            continue
        label = _ANSWER_LABEL_RE.match(s.strip())
        if label:  # "Format: bullet points." + "Short." + "No emoji.": one rule for the answers
            said = [re.sub(r"[\s.!]+$", "", label.group("v"))]
            while i + 1 < len(sentences) and _RULE_FRAGMENT_RE.match(sentences[i + 1].strip()):
                said.append(re.sub(r"[\s.!]+$", "", sentences[i + 1].strip()))
                i += 1
            what = label.group("l").lower()
            how = "like this" if what in ("answer", "answers", "replies", "responses") else \
                f"in {'these' if what == 'units' else 'this'} {what}"
            out.append(f"please give your answers {how}: {', '.join(said)}")
            i += 1
            continue
        m = _NEW_MEASURE_RE.match(s.strip())
        if m and (m.group("h").lower() in _MEASURE_NOUNS | {"record", "time", "best", "max"}):
            value = m.group("v") if m.group("v") and m.group("sep") in (":", ",") else None
            if value is None and not m.group("v") and i + 1 < len(sentences) \
                    and _VALUE_START_RE.match(sentences[i + 1].strip()):
                value = sentences[i + 1].strip()
                i += 1
            if value is not None:
                out.append(f"my {m.group('x')} is now {value}")
                i += 1
                continue
        out.append(s)
        i += 1
    return out


# "we've got Pickle (border collie, 4, absolute menace), two cats - Mango who's 9 and Bramble
# who's 2 - and a bearded dragon called Sir Reginald": the user's pets, listed in one breath
_PET_KINDS = PET_WORDS[3:-1] + r"|bearded dragon|axolotl|chinchilla|budgie|cockatiel|" + DOG_BREEDS + "|" + CAT_BREEDS
_OWNING_RE = re.compile(r"^(?:User|User and family) (?:(?:also|now|still|just|finally) )?(?:has|have|has got|have got|owns|own|"
                        r"adopted|rescued|took in|brought home|got)\b", _I)
# the names that follow a counted kind: "two cats - Mango who's 9 and Bramble who's 2"
_NAMES_AFTER_RE = re.compile(r"^\s*(?:-|,|:|\()?\s*(?P<a>[A-Z][\w'-]+)(?:[^A-Z()]{0,24}?\b(?:and|&)\s+(?P<b>[A-Z][\w'-]+))?")
_COUNTED_PET_RE = re.compile(r"\b(?P<cnt>a|an|one|two|three|four|five|\d)\s+(?P<adj>(?:[a-z-]+\s+){0,2}?)(?P<s>" + _PET_KINDS +
                             r")(?:s|es)?\b(?!\s+(?:walker|walking|sitter|sitting|food|bed|allergy|groomer|trainer|hair|"
                             r"person|people|lover|park|bowl|toy|show|door|flap|insurance|friendly))(?:\s+(?:named|called)\s+(?P<n>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?))?", _I)
# (the name written as a name: under the flag, "dog (beagle" would read "dog" as one)
_NAMED_PET_RE = re.compile(r"\b(?P<n>(?-i:[A-Z])[\w'-]+)\s+\((?:a\s+|an\s+)?(?P<s>" + _PET_KINDS + r")\b", _I)


def listed_pets(fact_text: str) -> list[FactDict]:
    """The named pets of a "User and family have got ..." fact, one keyed record a pet
    (`pet.<species>.<name>`: a second dog is a second record, never a new value of the
    first): a count or an article before a species or a breed, with the name after it
    ("called Dotty", "two cats - Mango ... and Bramble"), or a name before "(border
    collie". Nothing for a clause that is no having ("User's friend has a cat")."""
    if not _OWNING_RE.match(fact_text):
        return []
    out: dict[str, FactDict] = {}
    for m in [*_NAMED_PET_RE.finditer(fact_text), *_COUNTED_PET_RE.finditer(fact_text)]:
        kind = m.group("s").lower()
        species = pet_species(kind)
        if species in out:
            continue
        cnt = (m.groupdict().get("cnt") or "a").lower()
        many = cnt not in ("a", "an", "one", "1")
        text = f"User has {cnt if many else 'a'} pet {species}{'s' if many else ''}"
        if species != kind:
            text += f" ({kind})"
        names = m.group("n")
        after = _NAMES_AFTER_RE.match(fact_text[m.end():]) if many and not names else None
        if after and after.group("a") != "User":
            names = " and ".join(n for n in (after.group("a"), after.group("b")) if n)
        if not names:
            continue  # "two cats": the clause says it; a key of its own would replace a named cat
        text += f" named {names}"
        # one record a pet: two dogs are two records, never a new value of one
        key = "pet." + species.replace(" ", "_") + "." + re.sub(r"\W+", "_", names.split(" and ")[0].lower())
        out[species] = {"rule": "listed_pets", **_profile(text, key, names, 0.65, None)}
    return list(out.values())


# "User has two hives", "User keeps 200 layers", "User is down to one hive", "User and family
# have 350 birds now": how many of a thing the user has is one value, keyed by the thing, so a
# later count replaces the earlier one. Never a span of time or a thing of the moment ("has
# two weeks off", "has 3 questions"), nor a date's plan ("has 2 exams on Friday").
_COUNT_WORDS = ("one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
                "a dozen|a couple of|a hundred")
_COUNTED_RE = re.compile(
    r"^(?:(?i:since|after|now that|as of|with)\b[^,]{0,40}?,?\s+)?User(?: and family)? (?:(?:also|now|still|only|just|"
    r"currently) )*(?:has|have|has got|have got|keeps|keep|owns|own|"
    r"runs|run|looks after|look after|(?:is|are) (?:now )?(?:down|up) to|(?<=family )(?:now )?are)\s+(?:(?:about|around|"
    r"roughly|nearly|almost|over|just|only|now) )*(?P<n>\d[\d,]*|" + _COUNT_WORDS + r")\s+(?P<np>[a-z][a-z -]*)"
    # "User got olive and bean from a rescue so 3 rats now": the count a change comes to
    r"|^User\b.*?(?:\bso|,|\bmaking it|\bwhich makes(?: it)?|\bthat'?s|\bthats)\s+(?P<n2>\d[\d,]*|" + _COUNT_WORDS
    + r")\s+(?P<np2>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:now|total|in total|altogether)\b")
# the words that end the counted thing's phrase: "two hives at the bottom", "350 birds, the shed"
_NP_END = frozenset("at in on for with and but now from near by of to left more less old ago per a an the that which "
                    "who so because since as or than here there too also still already each".split())
_NOT_COUNTED = frozenset("second seconds minute minutes min mins hour hours hrs day days week weeks weekend weekends "
                         "month months year years time times question questions thing things idea ideas option options "
                         "reason reasons way ways choice choices problem problems issue issues point points step steps "
                         "percent per cent chance chances shot shots bit lot lots few couple km miles kg lbs "
                         "meeting meetings exam exams test tests appointment appointments deadline deadlines "
                         "shift shifts class classes session sessions lesson lessons interview interviews "
                         "cup cups glass glasses flight flights trip trips booking bookings reservation "
                         "reservations ticket tickets order orders".split())
# a count of something else, or of what is left: "two weeks of", "3 years old", "2 boxes left"
_COUNT_TAIL = frozenset("of old ago left more less per".split())


# a named person's age: "User's daughter Farida is 3 years old", "Bliksem turned 14 years old"
_NAMED_AGE_RE = re.compile(r"^(?:User's (?:[a-z-]+ ){1,2})?(?!User\b)(?P<n>(?-i:[A-Z])[a-z'-]+) (?:is (?:now )?|(?:has |just )?turned )"
                           r"(?P<a>\d{1,3})(?: years? old|(?P<m> months?) old|(?=\s*(?:$|[,.;!(]|\s(?:and|now|today|this|"
                           r"on|in|during|last)\b)))")


def named_age(fact_text: str) -> tuple[str, str, str | None] | None:
    """(key, value, change) of a fact that says how old someone named is: ("farida.age",
    "4", "update") for "Farida turned 4 on 2025-07-01", so that a later age replaces the
    earlier one; None for anything else ("Anna is 30 minutes away")."""
    m = _NAMED_AGE_RE.match(fact_text)
    if m is None or re.search(r"\b(?-i:[A-Z])[a-z'-]+ (?:is|turned|just turned) \d", fact_text[m.end():]):
        return None  # "Keoni is 12, Malia is 9": two ages, no one value
    change = "update" if re.search(r"\b(?:turned|now)\b", fact_text[:m.end()]) else None
    return f"{m.group('n').lower()}.age", m.group("a") + (m.group("m") or ""), change


def counted(fact_text: str) -> tuple[str, str] | None:
    """The (key, value) of a fact that says how many of a thing the user has: (`count.hive`,
    "two") for "User has two hives at the bottom of the garden", or None. The thing is
    the last word of its phrase ("two little boys": boys)."""
    m = _COUNTED_RE.match(fact_text)
    if m is None:
        return None
    g = "np" if m.group("np") is not None else "np2"
    words = m.group(g).split()
    phrase: list[str] = []
    for w in words[:4]:
        if w in _NP_END:
            if w in _COUNT_TAIL:
                return None
            break
        phrase.append(w)
    if not phrase or len(phrase) > 3 or phrase[-1] in _NOT_COUNTED or len(phrase[-1]) < 3 \
            or any(w in _NOT_COUNTED for w in phrase):
        return None
    if len(words) > len(phrase) and words[len(phrase)] in _COUNT_TAIL:
        return None
    if re.search(r"\band (?:\d|" + _COUNT_WORDS + r")\b", fact_text[m.start(g):]):
        return None  # "one kid in school and one at uni": two counts, no one value
    return f"count.{_singular(phrase[-1])}", m.group("n") or m.group("n2")


def _singular(noun: str) -> str:
    """hives -> hive, boxes -> box, puppies -> puppy, glasses -> glass (enough for a key)."""
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if re.search(r"(?:s|x|z|ch|sh)es$", noun):
        return noun[:-2]
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


# A note's label, a thing of the user's that has one value, and the value: "home is pasadena",
# "rent 1150", "gf kayla", "truck: 2017 f250 white". Said without "my", as notes are.
_LABELS = ("address|rent|mortgage|current gig|gig|current job|job|work|employer|boss|pay|salary|wage|day rate|daily rate|"
           "rate|car|truck|bike|ride|phone|diet|"
           "shift|shifts|rotation|schedule|gym|doctor|gp|dentist|vet|landlord|weight|birthday|bday|anniversary|school|"
           "uni|team|club|position")
_PEOPLE_LABELS = "gf|bf|girlfriend|boyfriend|wife|husband|partner|fiance|fiancee|fiancé|fiancée|boss|doctor|gp|landlord"
_LABELLED_RE = re.compile(
    r"^(?P<l>" + _LABELS + "|" + _PEOPLE_LABELS + r")(?:\s*(?::|=|-)\s*|\s+(?=(?:\d|(?-i:[A-Z])|(?:a|an|the)\s)))"
    r"(?P<v>\S.{0,80})$", _I)
# ... and with "is" only a home or a person: "home is pasadena", "bf is marcus" ("rent is 900" is
# read as it is, `bare_attribute`)
_PERSON_LABEL_RE = re.compile(r"^(?P<l>home|" + _PEOPLE_LABELS + r")(?:\s+is|'s)?\s+(?P<v>[a-z][a-z'-]+(?: [a-z][a-z'-]+)?)"
                              r"[.!]*$", _I)


# a condition said bare, as a note of one's own: "also asthma, blue inhaler b4 every match"
_BARE_CONDITION_RE = re.compile(r"^(?:(?:also|and|plus|oh and|btw)\s*,?\s+)?(?P<c>asthma|epilepsy|type [12] diabetes|diabetes|"
                                r"coeliac disease|coeliac|celiac disease|celiac|crohn'?s|ibs|adhd|migraines|"
                                r"high blood pressure|hypertension)\b(?!\s+(?:is|was|runs|in|of)\b)", _I)


# a weight said alone, as a note of progress: "Already 91 kg!", "down to 84kg", "14 stone now"
_BARE_WEIGHT_RE = re.compile(r"^(?:(?:already|now|finally|only|just|down to|up to|at)\s+)*"
                             r"(?P<v>\d{1,3}(?:[.,]\d)?\s?(?P<u>kg|kgs|kilos|lbs?|stone))(?:\s+now)?\s*[.!]*$", _I)


def _a_body(weight: str) -> bool:
    """Whether a weight is one a grown person may have (30-250 kg, 70-550 lb, 5-40 stone)."""
    n = float(re.match(r"\d+(?:[.,]\d)?", weight)[0].replace(",", "."))  # type: ignore[index]
    unit = re.search(r"[a-z]+", weight.lower())[0]  # type: ignore[index]
    low, high = (30, 250) if unit.startswith("k") else (70, 550) if unit.startswith("lb") else (5, 40)
    return low <= n <= high


# a diet said as "it's X" ("so it's plant based since april"), a pay said as its rate alone
# ("$3,400/wk 💰"), a shift said as its hours ("on 7a-7p", "nights 7p-7a 3x/wk")
_ITS_DIET_RE = re.compile(r"^(?:(?:so|and|but|now)\s+)*(?:it'?s|its|it is)\s+(?:(?:all|mostly|fully|strictly)\s+)?"
                          r"(?P<v>" + DIETS + r")\b(?P<rest>.*)$", _I)
_BARE_PAY_RE = re.compile(r"^(?:(?:now|pay|and)\s+)?(?P<v>[$£€₹]\s?\d[\d,.]*k?\s*(?:/\s?|\s?(?:a|an|per)\s+)"
                          r"(?:wk|week|hr|hour|h|yr|year|day|shift))\b(?P<rest>[^\w]*)$", _I)
_HOURS = r"\d{1,2}(?::\d\d)?\s?[ap]m?"
_BARE_SHIFT_RE = re.compile(r"^(?:(?:on|now|back on)\s+)?(?P<v>(?:(?:nights|days|earlies|lates|nocs)\s+)?" + _HOURS
                            + r"\s?[-\u2013]\s?" + _HOURS + r")(?![\w:])(?P<rest>.*)$", _I)


_JOB_LABEL_RE = re.compile(r"^(?:job|work|position|role)\s*[:=]\s*(?P<t>[a-z][\w -]{1,40}?)\s+(?:at|@)\s+"
                           r"(?P<org>(?-i:[A-Z]).+)$", _I)


# a change of job said under the label: "job: left Helvepharm end of August", "Work: started at Ørsted"
_JOB_LABEL_DONE_RE = re.compile(r"^(?:(?:update|news)\s*)?(?:[-:\u2013]\s*)?(?:job|work|employer)\s*[:=]\s*"
                                r"(?P<v>left|quit|started|joined|resigned from)\s+(?P<rest>(?-i:[A-Z]).+)$", _I)
_ORG_SINCE_RE = re.compile(r"^(?P<org>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,3})\s+since\s+(?P<when>[^/,]{2,30}?)"
                           r"\s*/\s*(?P<t>[a-z][\w -]{2,40}?)(?P<rest>\s*/.*|\s*$)", _I)


# a workplace begun, said as a note: "banner university med center phoenix ED, started may 12"
_ORG_STARTED_RE = re.compile(r"^(?:(?:ok|so|and|new|update)\W+)*(?P<org>(?!(?:the|my|our|his|her|their|a|an|this|that|"
                             r"school|class|term|season)\b)[a-z][\w&'.-]*(?:\s+[\w&'.-]+){0,6}?)\s*,\s*"
                             r"(?:just\s+)?started\s+(?P<when>(?:on\s+)?[^,;.]{2,30}?)(?P<rest>(?:[,;.].*)?)$", _I)
_WORKPLACE_RE = re.compile(r"\b(?:(?i:hospital|med(?:ical)? cent(?:er|re)|clinic|university|college|school|ward|practice|"
                           r"pharmacy|office|firm|studio|company|lodge|hotel|restaurant|bank|academy|institute)|ED|ICU|NICU)\b")
# the last word of a post that names no occupation of its own ("financial controller")
_POST_WORDS = frozenset("controller head lead officer director chief partner associate".split())


def _noted(clause: str) -> str | None:
    """A diet, a pay, a job or a shift said as a note (`_ITS_DIET_RE`, `_BARE_PAY_RE`,
    `_JOB_LABEL_RE`, `_BARE_SHIFT_RE`), as the user would say it in full; None for any
    other clause."""
    diet = _ITS_DIET_RE.match(clause)
    if diet and not re.search(r"\b(?:not|no longer)\b", diet["rest"], _I):
        return f"I'm {diet['v']}{diet['rest']}"
    pay = _BARE_PAY_RE.match(clause)
    if pay:
        return f"my pay is {pay['v']}{pay['rest']}"
    job = _JOB_LABEL_RE.match(clause)
    if job:  # "job: audit senior @ Lam & Partners CPA / Admiralty office"
        return f"I work as {job['t']} at {job['org']}"
    job = _JOB_LABEL_DONE_RE.match(clause)
    if job:  # "Update - job: Left Helvepharm end of August": what the user did, said under its label
        return f"I {job['v'].lower()} {job['rest']}"
    job = _ORG_STARTED_RE.match(clause)
    if job and _WORKPLACE_RE.search(job["org"]):  # "banner university med center phoenix ED, started may 12, 13 wks"
        when = job["when"] if re.match(r"(?:on|in|during|last|this|yesterday|today)\b", job["when"], _I) \
            else f"on {job['when']}"
        return f"I started at {job['org'][:1].upper()}{job['org'][1:]} {when}{job['rest']}"
    job = _ORG_SINCE_RE.match(clause)
    if job and (_occupation(job["t"]) or job["t"].split()[-1].lower() in _POST_WORDS):
        # "Harbourline Logistics since June / financial controller / Kwai Chung office"
        return f"I work at {job['org']} as {job['t']} since {job['when']}{job['rest']}"
    shift = _BARE_SHIFT_RE.match(clause)
    if shift and not re.match(r"\s*(?:on|at|in)\b", shift["rest"], _I):  # "9-5 at the Co-op" is no hours of a shift alone
        return f"my shift is {shift['v']}{shift['rest']}"
    return None


_NEW_HOME_WORDS = "place|flat|apartment|apt|house|home|gaff|digs|pad|condo|bungalow"
_NEW_HOME = "(?:" + _NEW_HOME_WORDS + ")"
# "home" in the languages users mix in: "Nyumbani is Tambach", "Nyumbani Kaptagat", "casa: Almada"
_HOME_WORDS = "nyumbani|nyumba|casa|maison|zuhause|rumah|bahay|ghar|thuis|hjem|hemma|kotona"


def labelled(clause: str) -> str:
    """A note's "label value" said as "my label is value" ("home is pasadena" -> "my home
    is pasadena", "gf kayla" -> "my girlfriend is Kayla", "rent 1150" -> "my rent is 1150"),
    a condition said bare as the user's ("also asthma, ..." -> "I have asthma, ..."); any
    other clause as it is ("work sucks", "rent is due", "home now")."""
    cond = _BARE_CONDITION_RE.match(clause)
    if cond:
        return "I have " + clause[cond.start("c"):]
    news = _NEWS_FOR_RE.match(clause)
    if news and news["n"].lower() not in _NOT_NAMES and not re.match(r"(?:the|a|an|my|our|his|her|their|its?|he|she|they|"
                                                                      r"we|i|you|this|that)\b", news["rest"], _I):
        # "Big news for Anneke: deputy principal at Paresis Primary", "update on Jayden: switched to ..."
        # (what follows says it of the person: a job or what they did, never a sentence of its own)
        rest = news["rest"]
        return f"{news['n']} {'is ' if _occupation(rest) else ''}{rest}"
    # ("new place: The Pearl, tower 7", "New gaff in drimnagh w 2 of the lads": a new home, said as a note)
    lives = re.match(r"^(?:lives|living|based|home)\s*:\s*(?P<v>(?:an?\s+|the\s+)?[A-Za-z].{0,80})$", clause, _I) \
        or re.match(r"^(?:(?:[Tt]he|[Mm]y|[Oo]ur)\s+)?(?i:new)\s+(?i:" + _NEW_HOME_WORDS + r")\s*:\s*"
                    r"(?P<v>(?:The\s+)?[A-Z].{0,80})$", clause) \
        or re.match(r"^new\s+" + _NEW_HOME + r"\s+in\s+(?P<v>(?!(?:the|a|an|my|our|town|progress|time)\b)[A-Za-z][\w'-]+"
                    r"(?:\s+(?-i:[A-Z])[\w'-]+)?)"
                    r"(?=\s*(?:$|[,.;!]|\s(?:w|with|n|and)\s))", clause, _I) \
        or re.match(r"^(?:(?i:home)(?:\s+is|'s)|(?i:" + _HOME_WORDS + r")(?:\s+is|'s|\s*:))\s+"
                    r"(?P<v>(?:(?i:an?|the)\s+[^,.;]{0,40}?\b(?i:in|at|near|on)\s+)?"
                    r"[A-Z\u00c0-\u00d6\u00d8-\u00de][\w'-]*.{0,80})$", clause) \
        or re.match(r"^(?i:" + _HOME_WORDS + r")\s+(?P<v>[A-Z\u00c0-\u00d6\u00d8-\u00de][\w'-]*"
                    r"(?:\s+[A-Z\u00c0-\u00d6\u00d8-\u00de][\w'-]*)?)\s*[.!,]?$", clause)
    if lives:  # "Lives: Newtown share house, 3 housemates", "Home is Graça": where the note's writer lives
        return f"I live in {lives['v']}"
    noted = _noted(clause)
    if noted is not None:
        return noted
    firm = _TITLE_AT_FIRM_RE.match(clause)
    words = firm["t"].lower().split() if firm else []
    if firm and firm["named"] and not (firm["since"] and (words[0] in _SENIOR or words[-1] in OCCUPATIONS)):
        firm = None  # ("Dentist, Dr Smith": whose, and where, is a guess)
    since = firm["since"].strip(" :") + " " if firm and firm["since"] else ""
    if firm and words[-1] in OCCUPATIONS:  # "senior structural engineer, Fjellberg AS": my job, at that firm
        return f"{since}I'm {'an' if words[0][0] in 'aeiou' else 'a'} {firm['t']} at {firm['o']}"
    if firm and words[0] in _SENIOR:  # "Role: Head Regulatory Affairs CMC, Helvepharm AG, Basel"
        return f"{since}I work at {firm['o']} as {firm['t']}"
    weight = _BARE_WEIGHT_RE.match(clause)
    if weight and _a_body(weight["v"]):  # "Already 91 kg!" after "walking every day": the writer's weight
        return f"I'm {weight['v']} now"
    fav = re.match(r"^(?:my\s+)?(?:favou?rite|fave|fav)\s+(?P<l>[a-z]+(?: [a-z]+)?)\s*(?::|=|-)\s*(?P<v>\S.{0,60}?)[.!]*$",
                   clause, _I)
    if fav:  # "favourite route: Singapore": my favourite route is Singapore
        return f"my favourite {fav['l'].lower()} is {fav['v']}"
    new = _NEW_HOLDER_RE.match(clause)
    if new and not re.search(r"\b(?:his|her|their|your)\b", new["l"], _I):  # "New deckhand Tiare": my new deckhand is Tiare
        label = new["l"] if new["l"].isupper() else new["l"].lower()  # "LPO" stays as said
        return f"my new {label} is {new['n']}{new['rest']}"
    m = _LABELLED_RE.match(clause) or _PERSON_LABEL_RE.match(clause)
    if m is None or re.match(r"(?:due|late|paid|up|down|now|today|tonight|sucks|ok|okay|fine|good|bad|done|over|"
                             r"going|gonna|was|were|has|had|will|can)\b", m["v"], _I):
        return clause
    label, value = m["l"].lower(), m["v"].rstrip(" .!")
    if label in IMPERATIVE_VERBS and re.match(r"\s+(?:a|an|the|my)\s", clause[m.end("l"):], _I):
        return clause  # "schedule the dentist for me": a request, no label
    if re.fullmatch(_PEOPLE_LABELS, label) and re.fullmatch(r"[a-z][a-z'-]+", value):
        value = value.capitalize()  # "gf kayla": a name typed in lower case
    if label in ("gig", "current gig"):  # "current gig: souqly (ecom), via agency ...": whom the user works for
        return f"my job is {value}" if re.match(r"[a-z]+ing\b", value) else f"I work for {value}"
    return f"my {_SAID_IN_FULL.get(label, label)} is {value}"


# a job said as a note, with the firm named with its legal form: "senior structural engineer,
# Fjellberg Rådgivende Ingeniører AS", "Role: Head Regulatory Affairs CMC, Helvepharm AG, Basel"
_LEGAL_FORM = r"(?:AS|ASA|AG|GmbH|Ltd|Limited|Inc|LLC|LLP|plc|PLC|SA|BV|NV|Oy|AB|ApS|Pty(?: Ltd)?|SARL|SAS|SpA|Srl|KG|Co)\.?"
_TITLE_AT_FIRM_RE = re.compile(
    r"^(?P<since>(?:since|from|as of|starting)\s[^:]{1,30}:\s*)?"
    r"(?:(?:(?:current |new )?(?:role|job|work|position|title|job title))\s*[:=-]\s*)?(?P<t>(?!(?i:my|his|her|their|our|the)\b)"
    r"[A-Za-z][\w/&' -]{2,60}?),\s+"
    r"(?P<o>(?-i:[A-Z\u00c0-\u00de])[\w&.'\u00c0-\u024f-]*(?:\s+[\w&.'\u00c0-\u024f-]+){0,4}?\s+(?-i:" + _LEGAL_FORM + r")"
    # ... or named in capitals alone, after a senior role or a date it began ("Since 1 Sept: Director
    # Regulatory Affairs, Lindqvist Biologics, Schlieren")
    r"|(?P<named>(?-i:[A-Z\u00c0-\u00de])[\w&.'-]*(?:\s+(?-i:[A-Z\u00c0-\u00de])[\w&.'-]*){0,3}))"
    r"(?:,\s*(?-i:[A-Z])[\w' -]{1,40})?\s*[.!]*$", _I)
_SENIOR = frozenset("head chief director lead vp principal managing senior".split())


# news headed by the person it is about: "Big news for Anneke: deputy principal at Paresis
# Primary from next term", "update on Jayden: switched to sports science"
_NEWS_FOR_RE = re.compile(r"^(?:(?:(?:big|good|great|some|more|quick|exciting)\s+)?(?:news|update)s?\s+)?(?:for|on|about|from)\s+"
                          r"(?P<n>(?-i:[A-Z])[\w'-]+)\s*:\s*(?P<rest>[a-z].*)$", _I)
# who holds a part now, said as a note: "New deckhand Tiare", "new boss Farid, seems ok", "New
# lodge manager, Pieter, put all the guides on 14 on, 7 off", "New LPO is Petty Officer Pruitt"
_NEW_HOLDER_RE = re.compile(r"^(?i:new) (?P<l>[a-zA-Z]+(?: [a-z]+){0,2}?),? (?:is )?"
                            r"(?P<n>(?!(?:The|A|An|My|In|At|On|I)\b)[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,3})(?P<rest>,.*|[.!]*)$")
_SAID_IN_FULL = {"gf": "girlfriend", "bf": "boyfriend", "bday": "birthday"}


# a monthly amount said alone, as a note: "R13 800 pm.", "112k/mo, w/ the allowance its ok"
_BARE_MONTHLY_RE = re.compile(r"^\W*" + _AMOUNT + _PER_MONTH + r"(?:\W|$)", _I)
_HOME_WORDS_RE = re.compile(r"\b(?:keys|house|flat|apartment|apt|condo|studio|semi|bungalow|townhouse|place|room|"
                            r"\d\s?(?:LDK|DK|bed|bedroom|br))\b|\bmoved\b|\blease\b", _I)


_LEASE_RE = re.compile(r"\b(?:lease|rent|tenancy)\b", _I)
_BARE_SUM_RE = re.compile(r"^\W*(?P<v>[$£€R]?\s?\d{3,5}(?:[,.]\d{3})?)\W*$")


def rent_said_apart(ex: Extraction) -> None:
    """A monthly amount said alone in a message that is about the user's home ("Collected
    keys for the Linden house Sat. 3-bed semi. R13 800 pm."), or a sum said alone in one
    about the lease ("lease renewal came in. 1275. smh"): the home's rent, keyed, when
    nothing else in the message costs by the month and no rent is said already."""
    if any(f.key == "rent" for f in ex.facts):
        return
    clauses = [f.text for f in ex.facts] + [d.clause for d in ex.discarded]
    if not any(_HOME_WORDS_RE.search(c) for c in clauses) or any(_OTHER_COSTS_RE.search(c) for c in clauses):
        return
    said = [m for c in clauses if (m := _BARE_MONTHLY_RE.match(c))]
    if not said and any(_LEASE_RE.search(c) for c in clauses):  # "lease renewal came in. 1275. smh"
        said = [m for c in clauses if (m := _BARE_SUM_RE.match(c))]
    if len(said) == 1:
        v = said[0].group("v").strip()
        ex.facts.append(Fact(**{**_profile(f"User's rent is {v} a month", "rent", v, 0.55, "update"),
                                "rule": "rent_said_apart", "clause": said[0].string}))


# what the user is paid by the hour: "26 an hr" said alone, "I make 26 an hour", "I'm on 34 an hr now"
_HOURLY = r"(?P<said>(?P<v>[$£€]?\s?\d{1,4}(?:[.,]\d{1,2})?)\s*(?:an?|per|/)\s*(?:hr|hour))\b"
_BARE_HOURLY_RE = re.compile(r"^\W*" + _HOURLY + r"(?:\W|$)", _I)
_OWN_HOURLY_RE = re.compile(r"^User (?:(?:now|currently|still|also)\s+)*(?:makes|earns|gets|is on|is paid|gets paid|"
                            r"is making|is earning|is getting)\s+(?:(?:now|about|around)\s+)?" + _HOURLY, _I)


def hourly_rate(ex: Extraction) -> None:
    """The user's pay by the hour, keyed (`hourly_rate`) so that a later rate replaces it:
    "26 an hr" said alone in a note, "I make 26 an hour", "I'm on 34 an hr now". Someone
    else's ("User's wife makes 30 an hour") and a price ("parking is 4 an hour") are not."""
    if any(f.key == "hourly_rate" for f in ex.facts):
        return
    said = [m for f in ex.facts if (m := _OWN_HOURLY_RE.match(f.text) or _BARE_HOURLY_RE.match(f.text))] \
        + [m for d in ex.discarded if (m := _BARE_HOURLY_RE.match(d.clause))]
    if len(said) == 1:
        v = said[0].group("v").strip()
        said_as = said[0].group("said").strip()  # "34 an hr", as the user wrote it
        ex.facts.append(Fact(**{**_profile(f"User's hourly rate is {said_as}", "hourly_rate", v, 0.55, "update"),
                                "rule": "hourly_rate", "clause": said[0].string}))


# a boat or a vehicle the user got, and the name given it by a pronoun after it: "I buy a
# little aluminium boat ... and I call her Concettina", "got a new van, we named it the Beast"
# (never someone else's: "my brother bought a boat, he calls her Molly")
_THING_GOT_RE = re.compile(
    r"(?:(?<![\w'])(?i:we|i)(?:'ve| have)?\s+|(?:^|[.!?]\s+))(?:(?i:just|finally|also|then)\s+)?"
    r"(?i:got|bought|buy|have got|'ve got|picked up)\s+(?i:a|an|another|myself a|ourselves a)\s+"
    r"(?:[\w-]+\s+){0,4}?(?P<s>(?i:boat|dinghy|yacht|trawler|car|van|truck|ute|motorbike|camper|campervan|caravan|tractor))\b")
_THING_NAMED_RE = re.compile(
    r"\b(?:(?i:she|he|it)(?:'s| is)\s+(?i:called|named)|(?i:her|his|its)\s+name(?:'s| is)|(?i:i|we)\s+(?i:named|called|call)"
    r"\s+(?i:her|him|it)|(?i:named|called)\s+(?i:her|him|it))\s+(?i:the\s+)?(?P<n>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)")


def thing_named_later(text: str) -> list[FactDict]:
    """"User's boat is called Concettina": the boat or vehicle a message says the user got,
    named by a pronoun after it in the same sentence or the next, keyed as "my boat is
    called ..." is (`boat`), so that it replaces the boat before."""
    got = _THING_GOT_RE.search(text)
    if got is None:
        return []
    name = _THING_NAMED_RE.search(text, got.end(), got.end() + 200)
    between = text[got.end():name.start()] if name else ""
    if name is None or re.search(r"[.!?]\s.*[.!?]\s", between) or re.search(
            r"\b(?:my|our|his|her|their) (?:\w+ )?(?:sister|brother|mum|mom|dad|son|daughter|friend|neighbou?r|mate)\b",
            between, _I):
        return []
    thing, n = got.group("s").lower(), name.group("n")
    return [_profile(f"User's {thing} is called {n}", thing, n, 0.6, None, undated=True, rule="thing_named_later")]
