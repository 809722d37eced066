"""Recent beats old at read time, where the write path could not tell that a later
fact replaced an earlier one: "rent is 1,650 euro" (November) and "2,100 per month"
(August), both still active. Among the best few hits, when a later state is about the
same thing the question asks (a word of the question in common, the same subject),
scores at least a third as well (0.35), and gives it another value (a number, a name,
a weekday or a month the earlier one does not say, or the other negation), it goes above the
earlier fact, event or turn (seed 001: recent beats old at equal trust), never above a
later statement of the same thing. Only for a question in the present: "where did they
live before?" and "what did she paint?" are about the past, where the older statement
may be the answer. Only a state (a semantic or profile fact) moves up: an event or a
turn is not corrected by a later one on the same subject (on LoCoMo's raw turns,
letting them move cut MRR from .624 to .518). Two exceptions, never for a turn: a
question for the latest ("the most recent A1C") is answered by the later event too, and
in one telling an end gives way to what is said beside it ("Marek is not in Gdańsk
anymore" / "took a job in a shipyard in Oslo"). A turn moves up only as the state it
stands for: a state fact of its turn ranked under it and was folded into it (the fact
leaves out the topic the turn says: "they gave us the early tuesday slot" of "the
curling draw came out, ..."). The thing asked may be said in other words: a home ("found
apartment in Göggingen" for "where does the user live?"), work ("Kenji found job in a ramen
bar"), a diet ("eats fish again"), pay ("the money is better too: 2900 net").
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from functools import lru_cache

from ..claims import NUMBER_WORDS, Claim, parse
from ..episodes import own_words
from ..extract.lexicon import OCCUPATIONS, RELATIONS, THING_WORDS, VEHICLES, change_said
from ..extract.roles import _ROLES
from ..extract.spelling import _everyday
from ..models import Hit, Memory
from ..subjects import someone_else
from ..text import coverage_stem as stem
from ..text import plural_stem
from ..timeutil import parse_dt
from .features import _RELATIVES_FACT, _about_the_user_only, _named_other
from .query import ANSWER_RES, asked_key_stems, query_names, where_question
from .topics import members_asked

# A question about the past, or about an earlier state.
_PAST_Q = re.compile(r"\b(?:did|was|were|had|used to|before|first|originally|previously|ago|back then|at the time|"
                     r"last (?:year|month|week|time)|in (?:19|20)\d\d|earlier|former|(?<!\bhow )old|initially)\b", re.I)
# ... unless it asks for the latest: "what was the user's most recent A1C?"
_LATEST_Q = re.compile(r"\b(?:latest|most recent|newest|current|currently|these days|nowadays|lately)\b", re.I)
# ... and so does a question for a measure taken again and again, with no date: "what was the
# user's PRT run time?" (12:45, then 11:58, then 11:31: the last)
_MEASURE_Q = re.compile(r"^\W*what(?: is|'s| was) (?:the user's|their|his|her) (?:[\w-]+ ){0,3}(?:time|score|result|"
                        r"reading|pace|pb|pr|weight|level|grade|rank|ranking|handicap|rating)\s*\?\s*$", re.I)
# Words any two statements share that name no topic.
_GENERIC = frozenset("user user's they them their family is are was has have had got called named now these days "
                     "still also just really very much lot thing things time day days week weeks month months year "
                     "years".split())
# What says a state is over: "is leaving Wits", "quit the Hangul House classes".
_ENDS = re.compile(r"\b(?:is|are|am) (?:leaving|quitting|dropping out of)\b|\b(?:left|quit|dropped out of|no longer|"
                   r"broke up|split up|divorced|separated|(?<!\ba )(?<!\ban )(?<!\bis )(?<!\bam )(?<!\bare )(?<!\bnow )retired|sold|cancell?ed|stopped|gave up|given up|"
                   r"finished up|passed away|died|no more|last day|"
                   r"(?<!get )(?<!got )(?<!getting )(?<!is )(?<!are )(?<!am )used to (?!it\b)|"
                   r"(?:has|have|had) gone to live|"
                   r"not (?:[\w\u00c0-\u024f'-]+ ){1,3}(?:anymore|any more))\b", re.I)
# The words a question and a fact name one relative by: "the user's daughter" is "User's kid Jasmine".
_ONE_ASK = (frozenset("daughter daughters son sons kid kids child children".split()),
            frozenset("husband wife partner spouse boyfriend girlfriend fiance fiancé fiancée".split()))
# The words a side of life is told in besides the question's: "where does the user live?" is
# answered by "found an apartment in Göggingen", "where does Kenji work?" by "Kenji found a
# job in a ramen bar". A question word of the first set asks for the second.
_VEHICLE_KINDS = frozenset("car truck van suv pickup ute minivan hatchback sedan saloon estate wagon".split())
_ASPECTS = (
    (frozenset("live lives living home reside resides based".split()),
     frozenset("live lives living lived home house flat apartment apt condo villa bungalow cottage place moved "
               "neighbourhood neighborhood reside resides based".split()), "name"),
    (frozenset("work works working job employer employed".split()),
     frozenset("work works working worked job jobs employer employed hired".split()), "name"),
    # a diet is another one by another word of diets ("eats fish again" after "vegetarian")
    (frozenset("diet diets eat eats".split()),
     frozenset("diet vegetarian veggie vegan pescatarian pescetarian keto paleo carnivore meat fish seafood chicken "
               "beef pork gluten-free dairy-free plant-based halal kosher".split()), "member"),
    # a vehicle is another one by another make, model or way of getting about ("picked up a
    # used Rivian R1T" after "Truck: 2016 Tacoma"; "goes to work on a Vespa" after "drives a Clio")
    (frozenset("car cars vehicle vehicles drive drives driving truck trucks ride rides commute commutes tractor "
               "tractors van vans motorbike motorcycle scooter".split()),
     VEHICLES | frozenset("drive drives driving drove ride rides riding vehicle".split()), "make"),
    # pay is another figure ("the money is better too: 2900 net" after "salary is 2300 net")
    (frozenset("salary salaries earn earns income wage wages".split()),
     frozenset("salary money pay paid wage wages income earn earns net gross".split()), "figure"),
    # a school is another one by another name ("Kevin live in dorm at University of Houston"
    # after "son Kevin 17, senior at Elsik High School")
    (frozenset("school schools college university uni".split()),
     frozenset("school college university uni academy campus dorm dorms studies studying student enrolled "
               # ("the boy get into Brooklyn Tech", "Ama is at Chapel Allerton Primary")
               "kindergarten nursery preschool tech high primary secondary grammar polytechnic gymnasium lycee lycée "
               "freshman sophomore".split()), "name"),
    # a partner is another one by another name ("User's partner is Minho" after "User broke up
    # with their partner Daniel"; "User's partner is Daniel" after "User's bf marcus is at purdue")
    (frozenset("dating partner partners boyfriend girlfriend husband wife spouse fiance fiancé fiancee relationship "
               "seeing married".split()),
     frozenset("partner boyfriend girlfriend husband wife spouse fiance fiancé fiancee bf gf dating seeing married "
               "broke".split()), "name"),
)
# Statements made in the same sitting are one telling, not an old and a new one.
_GAP = timedelta(hours=12)
# a role or an occupation that opens a fact is a word, not a name ("Plumber is Gus", "Dentist is Dr Rao")
_WORK_WORDS = frozenset(OCCUPATIONS) | _ROLES
# a later state that gives the asked thing another value goes up when it scores at least this
# share of the earlier one: said in other words, it shares few of the question's words
# ("User gets 2 million won a month from this semester" after "The BK21 stipend is 1.3 million")
_NEAR = 0.35
_CLOSE = 0.8  # a later thing of the kind asked, without another value: nearly as relevant


# What a word of the question takes to name the same thing in another form ("diet":
# "dietitian", "dispatcher": "dispatching"), never another word ("work": "workout").
_SUFFIXES = frozenset("s es er ers ed ing ian itian ist ists al ally ly y ation ations ment ments".split())


def _akin(x: str, y: str) -> bool:
    """Whether two words are one word in two forms: the same, or one the other with a
    suffix, or both one stem of five letters or more with a suffix each ("dispatcher",
    "dispatching", "plumber", "plumbing"); a final "e" is no part of the stem ("drive",
    "driving", and "driv", as the claim stemmer leaves "drives")."""
    if x == y:
        return True
    x, y = (w[:-1] if len(w) > 4 and w.endswith("e") else w for w in (x, y))
    short, long_ = sorted((x, y), key=len)
    if len(short) >= 4 and long_.startswith(short) and (long_[len(short):] in _SUFFIXES or long_ == short):
        return True
    n = next((i for i, (c1, c2) in enumerate(zip(x, y, strict=False)) if c1 != c2), min(len(x), len(y)))
    return n >= 5 and all(w[n:] in _SUFFIXES or not w[n:] for w in (x, y))


def _since(h: Hit) -> datetime | None:
    """When what a hit says became true (its `valid_from`: the date the text gave, else
    when it was said)."""
    return parse_dt(h.memory.valid_from) if h.memory.valid_from else None


def _state(m: Memory) -> bool:
    """A fact of how things are (semantic or profile, not an episode): states are replaced,
    events and turns add up ("went to Paris in May" and "went to Rome in June" are both true)."""
    return m.kind in ("semantic", "profile") and not m.episode


def _subject(text: str, other: str, query: str = "") -> list[str] | None:
    """Who `text` is about (`subjects.someone_else`), where a capitalised first word that
    `other` writes in lower case, or as the end of a longer name, is a word, not a name
    ("Mile is 5:41 now" beside "ran a 5:58 mile")."""
    who = someone_else(text)
    if who and who[0].lower() in _WORK_WORDS:
        return None  # "Plumber is Gus at Steeltown Plumbing": the user's plumber, not a person called Plumber
    thing = _THING_OF_USER.match(text)
    if who and thing is not None and not {thing["what"], *thing["what"].split()} & RELATIONS:
        return None  # "Guitar is User's main thing": the user's, where "Tom is User's brother" is Tom
    if who and _PUT_USER.match(text):
        return None  # "He got User on Metformin", "Doc has User on a thousand": the user's own state
    # "Choir is on Wednesdays" beside "the Leith Community Choir": the last word of a
    # longer name is the thing, not a person
    # and so is a word the question writes in lower case ("Rent is 1200 for User's room" for
    # "how much rent does the user pay?")
    if who and text.startswith(who[0]) and (re.search(r"\b" + re.escape(who[0].lower()) + r"\b", other)
                                           or re.search(r"\b" + re.escape(who[0].lower()) + r"\b", query)
                                           or re.search(r"\b[A-Z][\w'-]+ " + re.escape(who[0]) + r"\b", other)):
        return None
    return who


# a thing said to be the user's: "Guitar is User's main thing", "Coffee is User's blood"
_THING_OF_USER = re.compile(r"^[A-Z][\w'-]* (?:is|are) User's (?P<what>[a-z]+(?: [a-z]+)?)\b")
# someone who put the user in a state: "He got User on Metformin", "Doc has User on nights",
# "Bríd has User driving a Skoda Octavia"
_PUT_USER = re.compile(r"^[A-Z][\w'-]* (?:has|had|got|put|keeps|kept|switched|moved|started|took) User (?:on|off|onto|to|"
                       r"[a-z]+ing)\b")  # ("Bríd has User driving a Skoda")
_NAME_RUN = re.compile(r"\b[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)+")


def _heads(text: str) -> set[str]:
    """The last words of the names of two words or more a text says ("elementary" of
    "Cherry Hill Elementary"), in lower case."""
    return {run.split()[-1].lower() for run in _NAME_RUN.findall(text)}


_RELATIVE_RE = re.compile(r"^User's (?P<rel>[a-z][a-z-]*)(?: (?P<n>[A-Z][\w-]*(?:'[A-Z][\w-]*)?))?")  # "Huimin's": Huimin
# the words a partner is called by, one relation: "bf" and "partner" are the same one
_PARTNER_SHORT = frozenset("bf gf bae hubby".split())
_ONE_PARTNER = frozenset("partner boyfriend girlfriend husband wife spouse fiance fiancé fiancee".split()) | _PARTNER_SHORT
_PARTNER_SLOT = re.compile(r"^User's (?:" + "|".join(sorted(_ONE_PARTNER)) + r")\b|\bUser (?:broke up|split up|divorced|"
                           r"separated) with\b")


def _same_subject(a: str, b: str, query: str = "") -> bool:
    """Whether two texts are about the same one: the user, the same person named, or the
    same relative, named in one and not the other ("User's daughter is a librarian" and
    "User's daughter Karen has been in billing since March")."""
    sa, sb = _subject(a, b, query), _subject(b, a, query)
    if sa == sb:
        return True
    if _opened_by_name_of(a, b) or _opened_by_name_of(b, a) or _named_lower(sa, sb, b) or _named_lower(sb, sa, a):
        return True
    if _asked_of(sa, b, query) or _asked_of(sb, a, query):
        return True
    if _PARTNER_SLOT.search(a) and _PARTNER_SLOT.search(b):
        # the user's partner, whoever it is now: "User's bf marcus" and "User's partner is Daniel",
        # "User broke up with their partner Daniel" and "User's partner is Minho"
        return True
    ra, rb = _RELATIVE_RE.match(a), _RELATIVE_RE.match(b)
    if ra is None or rb is None or ra["rel"] != rb["rel"] or ra["rel"] not in RELATIONS:
        return False
    return ra["n"] is None or rb["n"] is None or ra["n"] == rb["n"]


def _asked_of(who: list[str] | None, other: str, query: str) -> bool:
    """Whether the one person a text is about is the one the question names, and the other
    text says their name too, in any case: "User's brother Jamie's a plasterer" and "oh n
    jamie's after gettin taken on by the luas" for "what does the user's brother Jamie do?"."""
    if not who or len(who) != 1:
        return False
    name = re.sub(r"['\u2019]s$", "", who[0].split()[-1]).lower()
    return name in query_names(query) and re.search(r"\b" + re.escape(name) + r"\b", other, re.I) is not None


def _named_lower(who: list[str] | None, theirs: list[str] | None, b: str) -> bool:
    """Whether `b`, about the user as far as its capitals say (`theirs`, its `_subject`, is
    None), opens by naming in lower case the one person another text is about (`who`):
    "Huw's got 640 ewes on the hill" and "huw sold off the older ewes", "User's wife Tanya works
    as a 911 dispatcher" and "Quick one tanya left dispatch"."""
    if not who or len(who) != 1 or len(who[0]) < 3 or theirs is not None:
        return False
    name = re.sub(r"['\u2019]s$", "", who[0].split()[-1]).lower()
    return re.search(r"^\W*(?:(?:and|so|also|oh|btw|ok|okay|well|anyway|quick one|update|news|yeah|plus|but)\W+)*"
                     + re.escape(name) + r"(?:['\u2019]s)?\s", b, re.I) is not None


_OPENER = re.compile(r"^(?!User\b)([A-Z][a-z\u00e0-\u024f-]+)(?:['\u2019]s)?\b")
# a relative named in a list: "son Kevin", "daughter Vy"
_KIN_NAMED_RE = re.compile(r"\b(?:" + "|".join(sorted((r for r in RELATIONS if " " not in r), key=len, reverse=True))
                           + r")\s+([A-Z][a-z\u00e0-\u024f-]+)")


def _opened_by_name_of(a: str, b: str) -> bool:
    """Whether `a` opens with the name of the relative `b` is about: "Kenji found job in a
    ramen bar" and "User's husband Kenji is a sushi chef"."""
    m, who = _OPENER.match(a), someone_else(b)
    # ("Jose's daughter Riya is 12": the user's granddaughter, named as her parent's)
    if m is not None and re.match(r"^(?:User|[A-Z][\w-]+)['\u2019]s [a-z]", b) is not None \
            and _KIN_NAMED_RE.search(b) and m.group(1) in _KIN_NAMED_RE.findall(b):
        return True  # "User's kids: son Kevin 17, senior at Elsik" names Kevin a son too
    return m is not None and who is not None and m.group(1) == who[0] and re.match(r"^User's [a-z]", b) is not None


def _name_like(text: str) -> set[str]:
    """The words a text writes as a name is written ("Renee", not "A1C" or "NHS"), in lower case."""
    return {w.lower() for w in re.findall(r"\b[A-Z][a-z][\w'-]*", text)}


# work told by what one does or was offered, or by a kind of workplace: "architect at a firm
# in Levent", "got an offer from a studio in Berlin", "is at Daimaru department store since
# last week"
_OCCUPATION_WORDS = frozenset(OCCUPATIONS)
_WORK_TOLD = _OCCUPATION_WORDS | frozenset("offer offered hired position post contract internship store hospital "
                                                "clinic company firm bank factory plant agency studio restaurant hotel "
                                                "warehouse pharmacy".split())


def _told_of(words: frozenset[str], aspects: tuple[frozenset[str], ...]) -> set[int]:
    """Which of `aspects` (their members) a statement's words tell of (work also by an
    occupation or an offer, `_WORK_TOLD`)."""
    return {i for i, asp in enumerate(aspects)
            if any(_akin(w, x) for w in asp for x in words) or ("employer" in asp and words & _WORK_TOLD)}


@lru_cache(maxsize=64)
def _aspects_asked(query: str) -> tuple[tuple[frozenset[str], str], ...]:
    """The sides of life (`_ASPECTS`) a question asks about: their members (also as
    statements' words are parsed: "lives" is "liv") and what makes another value."""
    words = parse(query).words
    return tuple((members | parse(" ".join(sorted(members))).words, value)
                 for asks, members, value in _ASPECTS if words & asks)


# a question for a car, not for any way of getting about
_CAR_Q = re.compile(r"\bcars?\b", re.I)
_RIDE_Q = re.compile(r"\b(?:ride|rides|vehicles?|get around|gets around|commute|to work)\b", re.I)
_TWO_WHEELS = frozenset("bike bikes bicycle ebike e-bike vespa scooter moped motorbike motorcycle".split())


@lru_cache(maxsize=1)
def _vehicle_forms() -> frozenset[str]:
    """`VEHICLES` as written and as statements' words are parsed ("yaris" is "yari")."""
    return VEHICLES | parse(" ".join(sorted(VEHICLES))).words


def _other_of_aspect(a: Claim, b: Claim, members: frozenset[str], value: str, named: frozenset[str],
                     query: str = "") -> bool:
    """Whether `b` gives the aspect another value than `a`: a name `a` does not say (a home,
    a workplace), a word of the aspect `a` does not say (a diet), another make or model (a
    vehicle; for a question for a car, never a bike: "20 min on the bike now" is no car),
    or another figure (pay)."""
    if value == "name":
        return bool(b.names - a.words - named)
    if value == "figure":
        return bool(b.numbers - a.numbers)
    if value == "make":  # a make, a model or a way of getting about, not "car" or "truck"
        cars = _CAR_Q.search(query) is not None and _RIDE_Q.search(query) is None
        return bool((b.words & _vehicle_forms()) - _VEHICLE_KINDS - a.words - (_TWO_WHEELS if cars else frozenset()))
    return bool({x for x in b.words if any(_akin(w, x) for w in members)}
                - {x for x in a.words if any(_akin(w, x) for w in members)})


# the way to work is no workplace: "User goes to work on a Vespa since July"
_COMMUTE = re.compile(r"\b(?:go|goes|going|went|get|gets|getting|got|ride|rides|riding|drive|drives|driving|cycle|cycles|"
                      r"cycling|bike|bikes|biking|walk|walks|walking|commute|commutes|commuting|way|journey|head|heads)"
                      r"\s+(?:in\s+)?to\s+work\b", re.I)


# someone's trade said of the person one went to or saw, not of the subject: "the Terrano go
# to a mechanic for parts", "saw the doctor on Friday", "rang the plumber" (never "off to
# his principal job in Marton", "went to a nursing job")
_VISITED = re.compile(r"\b(?:to|from|by|with|see|sees|saw|seen|seeing|visit(?:s|ed|ing)?|call(?:s|ed)?|rang|ring|"
                      r"phoned?|ask(?:s|ed)?)\s+(?:a|an|the|my|our|User's)\s+(?P<w>[\w-]+(?:\s+(?!(?:job|role|post|position|"
                      r"work|shift)\b)[\w-]+)?)\b(?!\s+(?:job|role|post|position|work|shift)\b)", re.I)


def _aspect_words(text: str, claim: Claim) -> frozenset[str]:
    """The words a statement tells a side of life with: not "work" of the way to work, nor
    the trade of someone the subject went to."""
    words = claim.words - {"work"} if _COMMUTE.search(text) else claim.words
    visited = {w for m in _VISITED.finditer(text) for w in parse(m.group("w")).words} & _OCCUPATION_WORDS
    return words - visited if visited else words


def conflict(older: str, newer: str, asked: frozenset[str] | None = None, query: str = "") -> bool:
    """Whether `newer` gives what `older` is about another value: a content word in
    common (one the question asks about, when `asked` is given), the same subject (the
    user, or the same person named), and a number, a name, a weekday or a month that
    `newer` says and `older` does not, or a negation that differs. With `asked`, both may
    instead tell of the side of life the question asks in other words (`_ASPECTS`): then
    only a value of that side's kind counts (another name for a home or a workplace,
    another word of diets, another figure of pay)."""
    a, b = parse(older), parse(newer)
    # the topic is a thing both say, not the person both name ("Renee"); a word one of them
    # capitalises ("the Leith Community Choir" / "Choir is on Wednesdays") is still the topic,
    # and so is the last word of two names ("Hawthorne Elementary" / "Cherry Hill Elementary":
    # what kind of thing both are)
    # (a capitalised acronym, "A1C", "LDL", is a thing, never a person)
    named = (a.names & b.names & _name_like(older) & _name_like(newer)) - (_heads(older) & _heads(newer))
    if query:  # ... nor a name the question writes, though a fact types it in lower case ("arjun's jatakam")
        caps = {w.removesuffix("'s") for w in _name_like(query)} - {w.removesuffix("'s") for w in _name_like(older + " " + newer)}
        named |= ((parse(query).names & caps) - THING_WORDS) & (a.words | a.names) & (b.words | b.names)
    shared = (a.words & b.words) - _GENERIC - named
    if asked is not None:
        # a word of the question both say, in any of its forms ("the dietitian has User eating
        # the Mediterranean way" beside "on a low-carb diet")
        wa, wb = _aspect_words(older, a), _aspect_words(newer, b)
        shared = frozenset(w for w in asked - _GENERIC - named
                           if any(_akin(w, x) for x in wa) and any(_akin(w, x) for x in wb))
        if not shared and _favourite_of(query, older, newer):
            shared = frozenset({"favourite"})
        aspects = _aspects_asked(query)
        both = _told_of(wa, tuple(m for m, _ in aspects)) & _told_of(wb, tuple(m for m, _ in aspects))
        if not shared and both:
            # another value of the aspect's kind: a home or a workplace is another one by its
            # name, not by a figure ("the place in Đà Nẵng is 6.5 million" beside "User lives
            # in Đà Nẵng"); and both of one person's ("Linh's sister lives in Huế" is no home
            # of the user's)
            others = (_OTHERS.search(older) is None) != (_OTHERS.search(newer) is None) \
                and not (_PARTNER_SLOT.search(older) and _PARTNER_SLOT.search(newer))  # the partner is the user's
            return any(_other_of_aspect(a, b, *aspects[i], named, query) for i in both) \
                and _same_subject(older, newer, query) \
                and (not others or _opened_by_name_of(older, newer) or _opened_by_name_of(newer, older))
    return bool(shared) and _same_subject(older, newer, query) \
        and (other_value(older, newer) or (asked is not None and _said_as_change(older, newer)))


def _said_as_change(older: str, newer: str) -> bool:
    """Whether `newer` is said as a change ("now in the morning it's ginger tea") and
    `older` is not, and `newer` says a thing `older` does not: the value it changed to."""
    return change_said(newer) == "update" and change_said(older) is None \
        and bool(parse(newer).words - parse(older).words - _GENERIC - _CUE_WORDS)


_CUE_WORDS = frozenset("now these days nowadays instead anymore more".split())


_FAVOURITE = re.compile(r"\b(?:favou?rite|fave|fav)\b(?:\s+(?P<thing>[\w'-]+))?", re.I)
_NOT_A_THING = frozenset("now these this that nowadays again too by at of for in is was these days anyway though tho "
                         "and but so".split())


def _favourite_of(query: str, older: str, newer: str) -> bool:
    """Whether both statements tell the favourite thing the question asks for ("what is the
    user's favourite route?": "favourite route is Singapore", then "Buenos Aires is User's
    favourite now"): a word of stance, which `parse` keeps apart from the topic. The older
    names the thing; the newer names no other ("favourite band" is no route)."""
    asked = _FAVOURITE.search(query)
    thing = asked.group("thing") if asked else None
    said, later = _FAVOURITE.search(older), _FAVOURITE.search(newer)
    if not thing or said is None or later is None or stem(thing) != stem(said.group("thing") or ""):
        return False
    other = later.group("thing")
    return other is None or other.lower() in _NOT_A_THING or stem(other) == stem(thing)


def other_value(older: str, newer: str) -> bool:
    """Whether `newer` says a number, a name, a weekday or a month that `older` does not,
    or the other negation: another value, not none ("Chidi is back for good" drops
    "Lagos" but gives no new place)."""
    a, b = parse(older), parse(newer)
    if a.negated != b.negated:
        return True
    names_a, names_b = a.names - b.words, b.names - a.words
    return any(new - old for old, new in ((a.numbers, b.numbers), (names_a, names_b), (a.weekdays, b.weekdays),
                                          (a.months, b.months)))


def told_of_another(older: str, turn: Memory, told: dict[str, list[Memory]], query: str) -> bool:
    """Whether `turn` stands for facts (`told`) all of someone else's, where `older` is the
    user's own state and the question asks of the user alone: "rohit came up ... had to check
    every dish for prawns bc he's allergic" (told as "User's boyfriend Rohit ...") is no later
    word on "User is allergic to cashews"."""
    if not turn.episode or not older.startswith("User ") or not _about_the_user_only([], query):
        return False
    facts = told.get(turn.id, [])
    return bool(facts) and all(_RELATIVES_FACT.match(f.text) or _named_other(f.text) for f in facts)


def _replaces(b: Hit, a: Hit, asked: frozenset[str], query: str, kinds: frozenset[str],
              told: dict[str, list[Memory]] | None = None) -> bool:
    """Whether the state `b` was said after `a` (a state, an event or the turn that said
    it) and gives what `a` says about the question another value; both answer the
    question (`b` scores at least `_NEAR` of `a`). What holds now is a state: an event or
    a turn never goes above anything, except the turn that stands for a state it said
    (its fact ranked under it, `told`): "the curling draw came out, they gave us the early
    tuesday slot" says what the fact of it, "they gave User the early tuesday slot", leaves out."""
    ta, tb = _since(a), _since(b)
    if told is not None and b.memory.episode:
        # a measure asked ("what is the user's 10k running time?"): the turn of a later result
        # of the same kind, a fact of it giving another figure ("10k in 52 minutes!!"), however
        # it is told (a race run is told in the past)
        if (_MEASURE_Q.search(query) or _LATEST_Q.search(query) or _FIGURE_Q.search(query)) and ta is not None \
                and tb is not None \
                and tb - ta > _GAP and b.score >= _NEAR * a.score and any(
                    _same_figure_kind(a.memory.text, f.text) for f in told.get(b.memory.id, [])):
            return True
        # the turn says what the question asks about, its state fact gives it another value (of the
        # user's, when the older is: "rohit came up ... he's allergic" is no allergy of the user's)
        facts = [f for f in told.get(b.memory.id, []) if _state(f)]
        return bool(facts) and ta is not None and tb is not None and tb - ta > _GAP \
            and b.score >= _NEAR * a.score and not _PAST_TURN.search(own_words(b.memory.text)) \
            and not asked_of_another(b.memory, asked, query) \
            and (conflict(a.memory.text, own_words(b.memory.text), asked, query)
                 or _later_day(a.memory.text, own_words(b.memory.text), query)) \
            and any(other_value(a.memory.text, f.text) for f in facts) \
            and not told_of_another(a.memory.text, b.memory, told, query)
    # the latest of a kind asked for ("the most recent A1C") is an event too: "A1C came back 6.9"
    now = _state(b.memory) or (bool(_LATEST_Q.search(query)) and not b.memory.episode)
    if ta is None or tb is None or b.memory.episode:
        return False
    if now and tb - ta > _GAP and _later_rate(a, b, query):
        return True  # (a keyed sum scores its key in full: the later one falls far below it)
    if b.score < _NEAR * a.score:
        return False
    # ("Her cat poutine is coming to stay with User" gives the user's cat no other name)
    return _state_replaces(a, b, asked, query, kinds, now, tb - ta) and not asked_of_another(b.memory, asked, query)


def _state_replaces(a: Hit, b: Hit, asked: frozenset[str], query: str, kinds: frozenset[str], now: bool,
                    gap: timedelta) -> bool:
    """`_replaces` for a later fact `b` that scores near enough `a`, said `gap` after it."""
    if _MEASURE_Q.search(query) and _PAST_Q.search(query) and not _LATEST_Q.search(query):
        # a measure taken again, asked in the past tense: only a later figure of the same kind
        return gap > _GAP and _later_figure(a, b, query)
    if gap <= _GAP:
        # one telling: only an end said in it gives way to the new value said beside it, a
        # state or what happened ("Lindiwe is leaving Wits" and "got into UCT, transferring to
        # Cape Town"; "Marek is not in Gdańsk anymore" and "took a job in a shipyard in Oslo")
        return gap >= timedelta(0) and _ENDS.search(a.memory.text) is not None and not _ENDS.search(b.memory.text) \
            and (conflict(a.memory.text, b.memory.text, asked, query) or _beside_end(a, b))
    if not now:
        return False
    if conflict(a.memory.text, b.memory.text, asked, query):
        # other days are no other place: "User works Monday and Friday" does not answer
        # "where does the user work?" over "User works at St James's"
        # (unless the question asks for days: "which days does the user do BJJ?")
        return not (where_question(query) and not _DAYS_ASKED.search(query)
                    and _only_days(a.memory.text, b.memory.text)
                    and not _opened_by_new_name(parse(a.memory.text), b.memory.text)) \
            and _of_kind_asked(query, a.memory.text, b.memory.text)
    return _other_value_of_key(a, b, asked, query) or _later_of_kind(a, b, kinds) or _later_figure(a, b, query) \
        or _later_day(a.memory.text, b.memory.text, query)


def _beside_end(a: Hit, b: Hit) -> bool:
    """Whether `b`, said in the same turn as the end `a`, gives the value that follows
    it: a name or a figure `a` does not say ("Javi left" / "hired Marisol"; "used to be
    obsessed w blackpink" / "it's all Laufey these days"; "Tremblay retired to Florida" /
    "Dr. Okoye does the herd checks"). Said in other words, it need not share the
    question's: one turn that ends a thing and names another tells what took its place."""
    turns = set(a.memory.source_turns) & set(b.memory.source_turns)
    if not turns or not _state(b.memory) or b.memory.key == "name" or re.search(r"\bstill\b", b.memory.text, re.I):
        return False  # "Act still on April 5" beside "the march one got canceled": what stays
    old, new = parse(a.memory.text), parse(b.memory.text)
    # a name anywhere but the first word (a capitalised verb or "Its" opens a sentence too),
    # or a figure: not a negation alone ("User can't blame him" beside "Javi left")
    names = (new.names | _name_like(b.memory.text.split(" ", 1)[1] if " " in b.memory.text else "")) - {"user"}
    return bool(names - old.words - old.names - _name_like(a.memory.text)) or bool(new.numbers - old.numbers)


# A question for a place, an organisation or a person: its answer is a name ("where does the
# user park the truck?" is not answered by "the health inspector comes on 2025-04-17, the
# truck has to be spotless"); for the hours or the time of something, a figure that is no date.
_NAME_Q = re.compile(r"^\W*(?:where|who|whom|what (?:city|town|company|firm|neighbou?rhood|place|hospital|country|area|"
                     r"office|employer|organi[sz]ation|business|school))\b", re.I)
_HOURS_Q = re.compile(r"^\W*(?:what|which) (?:hours|time|times)\b|\bwhat time\b", re.I)
_ISO_DAY = re.compile(r"^\d{4}-\d\d-\d\d$")
_OPENS_WITH_NAME = re.compile(r"^(?!(?:The|This|That|These|Those|It|Its|There|Their|Our|My|His|Her|User)\b)([A-Z][a-z]{2,})"
                              r"\s+(?:is|was|has|had|does|did|works|runs|drives|teaches|took|takes|got|gets|[a-z]{3,}s)\b")


DATE_ASKED = r"(?:on |by |from |until )?(?:what|which) date\b"  # "on what date ...?"
_DATE_Q = re.compile(r"^\W*" + DATE_ASKED, re.I)
_DAY_SAID = re.compile(r"\b\d{4}-\d\d-\d\d\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:january|february|march|april|"
                       r"may|june|july|august|september|october|november|december)\b")


def _of_kind_asked(query: str, older: str, newer: str) -> bool:
    """Whether the other value `newer` gives is of the kind the question asks for: a name
    for a question for a place, an organisation or a person, a figure for a question for an
    amount, a figure that is no date for a question for the hours; any other question takes
    any value. The other negation is always another answer."""
    a, b = parse(older), parse(newer)
    if a.negated != b.negated:
        return True
    if _NAME_Q.search(query):
        return bool(b.names - a.words - a.names) or _opened_by_new_name(a, newer) or _lower_place(a, newer)
    if _HOURS_Q.search(query):
        return any(not _ISO_DAY.match(n) for n in b.numbers - a.numbers)
    if _DATE_Q.match(query):  # "on what date ...?": a day the older does not say ("User lives in Marrickville" says none)
        return bool(set(_DAY_SAID.findall(newer.lower())) - set(_DAY_SAID.findall(older.lower())))
    if _FIGURE_Q.search(query):
        return bool(b.numbers - a.numbers)
    return True


# a place or a firm typed in lower case, after the word that says where: "got into a phd at
# uoft", "decathlon e-city store alli sales now" is not ("e-city" follows no such word)
_AT_LOWER = re.compile(r"\b(?:at|in|to|from|for|with)\s+(?:the\s+)?(?P<w>[a-z][a-z'-]{2,})\b")


# ... or a place by what it is: "helps at the food pantry of the parish" after "volunteers at the
# box office of the Copernicus Center" (never "at work", "at home": no place of its own)
_AT_PLACE = re.compile(r"\b(?:at|in)\s+(?:the|a|an)\s+(?:[a-z'-]+\s+)?(?P<w>pantry|library|shelter|hospice|hospital|clinic|"
                       r"school|church|parish|mosque|temple|museum|zoo|farm|garden|allotment|kitchen|theatre|theater|"
                       r"cafe|café|shop|store|warehouse|factory|depot|lab|studio|gym|pool|rink|stadium|market|bakery)\b")


def _lower_place(a: Claim, newer: str) -> bool:
    """Whether `newer` says, after "at", "in", "to", ..., a word in lower case `a` does not say
    that is no everyday word (`extract.spelling`): a name its writer did not capitalise; or
    a place by what it is that `a` does not say (`_AT_PLACE`)."""
    everyday = _everyday()
    return any(m["w"] not in everyday and plural_stem(m["w"]) not in a.words and m["w"] not in a.names
               for m in _AT_LOWER.finditer(newer)) \
        or any(plural_stem(m["w"]) not in a.words and m["w"] not in a.words for m in _AT_PLACE.finditer(newer))


def _opened_by_new_name(a: Claim, newer: str) -> bool:
    """Whether `newer` opens with a name `a` does not say ("Yasemin does all the art now"):
    a capitalised first word before a verb, which the claim parser reads as a word."""
    first = _OPENS_WITH_NAME.match(newer)
    return first is not None and stem(first[1].lower()) not in a.words and first[1].lower() not in _GENERIC


# A question for days or times of the week, not a place.
_DAYS_ASKED = re.compile(r"\b(?:days?|weekdays?|evenings?|nights?|mornings?|afternoons?|schedule|when)\b", re.I)
# A turn that tells of the past ("used to", "back then"): not what holds now.
# a sentence of a turn about someone else: "she's allergic to shellfish so i'm cooking ..."
_ANOTHER_OPENS = re.compile(r"^\W*(?:(?:and|but|so|also|oh|plus|btw)\W+)*(?:she|he|they|his|her|their)(?:['\u2019](?:s|re|ve|ll|d))?\b",
                            re.I)


_RELATION_ASKED = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, RELATIONS))) + r")\b", re.I)


def said_of(m: Memory) -> str:
    """What a memory says: an episode's own words (not the question it quotes), else its text."""
    return own_words(m.text) if m.episode else m.text


def asked_of_another(m: Memory, asked: frozenset[str], query: str) -> bool:
    """Whether, for a question about the user themself (`query` names no one and no
    relative), every sentence of `m` (of an episode, its own words: `said_of`) that says a
    word the question asks about is about someone else, opened by "she", "he" or "they", or
    by someone's thing ("Her cat poutine ..."): "3rd date with amara yesterday. she's
    allergic to shellfish so ..." gives no other value to "User is allergic to peanuts".
    Of "where does the user's sister live?", "she's moved to Leeds" may well be the answer."""
    if query_names(query) or _RELATION_ASKED.search(query):
        return False
    said = [s for s in re.split(r"(?<=[.!?;])\s+|\n+", said_of(m))
            if any(_akin(w, x) for w in asked for x in parse(s).words)]
    return bool(said) and all(_ANOTHER_OPENS.match(s) or _theirs_asked(s, asked) for s in said)


def _theirs_asked(sentence: str, asked: frozenset[str]) -> bool:
    """Whether `sentence` opens with someone's thing the question asks about: "shannon's dog
    luna ate me good trainers" for "what is the name of the user's dog?"."""
    m = re.match(r"^\W*(?:(?:and|but|so|also|oh|plus|btw)\W+)*(?!(?:it|that|there|what|here|who|let|he|she|user)\b)"
                 r"[a-z][\w-]*['\u2019]s (?P<w>[a-z][\w-]*)", sentence, re.I)
    return m is not None and any(_akin(w, m["w"].lower()) for w in asked)


_PAST_TURN = re.compile(r"\b(?:used to|back then|back in (?:19|20)\d\d|years ago|as a kid|when I was)\b", re.I)
# A later statement that speaks of what is over or was ("used to", "before"), not of now.
_BYGONE = re.compile(r"\b(?:used to|was|were|had been|before|previously|formerly|former|ex-|no longer|anymore|"
                     r"any more|left|quit|stopped)\b", re.I)


def _later_of_kind(a: Hit, b: Hit, kinds: frozenset[str]) -> bool:
    """Whether `b`, said later and nearly as relevant, is another thing of the kind the
    question asks for than `a` ("what exercise does the user do?": "User is running on the
    river road" after "User boulders at the Bouldering Project"), about the same subject,
    and speaks of now: of two nearly equal answers of one kind, the newer is the likelier
    to hold."""
    if not kinds or b.score < _CLOSE * a.score or _BYGONE.search(b.memory.text):
        return False
    pa, pb = parse(a.memory.text), parse(b.memory.text)
    if not (pa.words & kinds and pb.words & kinds) or not (pb.words & kinds) - pa.words:
        return False  # both a thing of the kind asked, and another one
    return _same_subject(a.memory.text, b.memory.text)


def _only_days(older: str, newer: str) -> bool:
    """Whether all `newer` says that `older` does not is weekdays or months."""
    a, b = parse(older), parse(newer)
    return not (b.numbers - a.numbers) and not (b.names - a.words) and bool((b.weekdays - a.weekdays) or (b.months - a.months))


# a record about someone else's slot: "Linh's sister lives in Huế", "User's son lives in Perth"
_OTHERS = re.compile(r"\b(?!User's)[A-Z][\w-]*'s\b|\bUser's\s+(?:" + "|".join(sorted(RELATIONS | _PARTNER_SHORT, key=len,
                                                                                   reverse=True)) + r")\b")


_PLACE_TYPED = re.compile(r"\b(?:in|at)\s+([a-z][a-z'-]{3,})\b(?!\s+(?:the|a|my|our)\b)")
_NOT_PLACES = frozenset("home work town city school least last first time times moment night nights morning bed "
                        "hospital office church this that these those there here all once".split())


def _other_value_of_key(a: Hit, b: Hit, asked: frozenset[str], query: str) -> bool:
    """Whether `b` holds a key of the user's the question asks for (`home_city` for "where
    does the user live?") and `a`, about the user too, says that slot (a word the key is
    asked with: "lives") without `b`'s value: "User lives in Bình Thạnh, rent is 9 million"
    beside the later `home_city` "the place in Đà Nẵng is 6.5 million", which names what
    `a` does not."""
    key = b.memory.key
    if not key or "." in key or someone_else(a.memory.text) or _OTHERS.search(a.memory.text):
        return False
    pa, pb = parse(a.memory.text), parse(b.memory.text)
    # a place typed in lower case after "in" or "at" counts too ("the keys to the condo ... in quincy")
    typed = {stem(w) for w in _PLACE_TYPED.findall(b.memory.text)} - {stem(w) for w in _NOT_PLACES}
    if not pb.names - (pa.words | pa.names) and not typed - pa.words:
        return False  # no place or employer `a` does not already name
    words = asked_key_stems(key, query)
    return any(stem(w) in words for w in asked) and any(stem(w) in words for w in pa.words)


def newer_first(hits: list[Hit], query: str, window: int, told: dict[str, list[Memory]] | None = None) -> list[Hit]:
    """`hits` with each later, conflicting state among the first `window` moved above
    the earliest hit it gives another value to, but never above a statement of the same
    thing made after it (6:40, then 5:58, then 5:41: the newest first). `told`: the
    episodes that stand for a fact of their turn ranked under them (`blend.collapse`)."""
    if window < 2 or (_PAST_Q.search(query) and not (_LATEST_Q.search(query) or _MEASURE_Q.search(query))):
        return hits
    top, rest = list(hits[:window]), hits[window:]
    asked = parse(query).words - _GENERIC
    asked |= {w for group in _ONE_ASK if asked & group for w in group}
    kinds = frozenset(members_asked(sorted(asked), query))  # "what exercise ...": running and yoga are on topic
    asked = frozenset(asked | kinds)
    for j in range(1, len(top)):
        b = top[j]
        at = next((i for i in range(j) if _replaces(b, top[i], asked, query, kinds, told)), None)
        if at is None:
            continue
        at = max([at] + [k + 1 for k in range(at, j) if _replaces(top[k], b, asked, query, kinds, told)])
        if at < j:
            top.insert(at, top.pop(j))
    return top + rest


# A question for an amount: "how many chickens ...?", "how much does the user pay ...?",
# "how often ...?", "what dose ...?"
_FIGURE_Q = re.compile(r"^\W*(?:how (?:much|many|often|old|far|heavy|tall|long|big|fast)|what (?:dose|dosage))\b", re.I)
# an amount as a figure: money, a clock time or a time of a race, a count; never a date or a year
_MONEY = re.compile(r"(?:[$£€₹¥]|\bR|\bKSh\s?|\bKES\s?)\d|\d[\d,.]*\s?(?:k|m|million|thousand|grand|euros?|dollars|bucks|"
                    r"pounds|quid|rand|won|pesos|reais|usd|eur|gbp|kes|ksh)\b", re.I)
_CLOCK = re.compile(r"\b\d{1,2}:\d\d")
_NOT_AMOUNT = re.compile(r"\b\d{4}-\d\d-\d\d\b|\b(?:19|20)\d\d\b")
# money said per unit ("$3.40 a head", "€15/hr", "2,100 per month", "paid weekly") is a rate, not a sum
_RATE = re.compile(r"\d\s?(?:k|euros?|dollars|bucks|pounds|quid|rand)?\s*(?:/\s?\w|\b(?:a|an|per|each)\s+\w)"
                   r"|\b(?:hourly|weekly|monthly|yearly|annually|daily)\b", re.I)
# the further a later figure's relevance may fall below the earlier's and still replace it
_FIG_NEAR = 0.6


def _amounts(text: str) -> tuple[str, frozenset[str]]:
    """The kind of amount a text gives (a time, a rate, a sum of money, a count) and its figures."""
    said = _NOT_AMOUNT.sub(" ", text)
    kind = "time" if _CLOCK.search(said) else \
        ("rate" if _RATE.search(said) else "money") if _MONEY.search(said) else "count"
    # a count in words is a figure too: "five bicas every day", then "only two bicas per day"
    words = {str(NUMBER_WORDS[w]) for w in re.findall(r"[a-z]+", said.lower()) if w in NUMBER_WORDS and w != "half"}
    return kind, frozenset(re.findall(r"\d+(?:[.,:]\d+)*", said)) | words


def _same_figure_kind(older: str, newer: str, query: str = "") -> bool:
    """Whether `newer` gives another figure of the kind `older` gives (a time, a rate, a sum,
    a count), of the same subject and not of what is over."""
    (ka, fa), (kb, fb) = _amounts(older), _amounts(newer)
    return bool(fa) and bool(fb - fa) and ka == kb and not _BYGONE.search(newer) \
        and _same_subject(older, newer, query)


def _later_figure(a: Hit, b: Hit, query: str) -> bool:
    """Whether `b`, said later and nearly as relevant, gives the amount a question asks for
    ("how many chickens does the user keep?") another figure of the same kind than `a`:
    "User and family have 350 birds" after "User keeps 200 layers", which share no word
    of the question. Of two nearly equal answers of one kind, the newer is the likelier to
    hold."""
    return bool(_FIGURE_Q.search(query) or _MEASURE_Q.search(query)) and b.relevance >= _FIG_NEAR * a.relevance \
        and _same_figure_kind(a.memory.text, b.memory.text, query)


# a sum said by the time it is paid for: "85k/yr", "AED 2,750/day", "$1,200 a month", and the
# key it is kept under ("day_rate")
_PER = (("year", re.compile(r"/\s?(?:yr|year|annum)\b|\b(?:a|per) (?:year|annum)\b|\bp\.?a\.?(?!\w)|\b(?:annual|yearly)\b", re.I)),
        ("month", re.compile(r"/\s?(?:mo|month)\b|\b(?:a|per) month\b|\bmonthly\b|\bpcm\b", re.I)),
        ("week", re.compile(r"/\s?(?:wk|week)\b|\b(?:a|per) week\b|\bweekly\b", re.I)),
        ("day", re.compile(r"/\s?day\b|\b(?:a|per) day\b|\bdaily\b|\bday[ _]rate\b", re.I)),
        ("hour", re.compile(r"/\s?(?:hr|hour|h)\b|\b(?:an|per) hour\b|\bhourly\b", re.I)))
# what else a sum is paid for: a later sum that names one is another cost ("phone bill $45 a month")
_COSTS = frozenset(stem(w) for w in "rent mortgage bill bills phone insurance premium fee fees tuition salary pay wage "
                   "wages rate loan subscription tax taxes fine fuel petrol gas electricity groceries".split())
_RATE_NEAR = 0.25  # a keyed record scores its key in full: the later sum falls far below it
_SUM = ANSWER_RES["money"]


def _per(text: str, key: str | None = None) -> str | None:
    said = text + " " + (key or "")
    return next((unit for unit, rx in _PER if rx.search(said)), None)


def _later_rate(a: Hit, b: Hit, query: str) -> bool:
    """Whether `b`, said later, gives the sum `a` holds another figure paid for the same time
    ("User's rent is 85k/yr", then "our 2br near the cricket stadium, 98k/yr"; "day rate is
    AED 2,400", then "12mo contract, AED 2,750/day"), naming no other cost, for a question
    that asks for it (a word of it, or a figure asked). Kept apart from `_later_figure`: a
    rate's record holds a key the question names, which ranks it far above."""
    if b.relevance < _RATE_NEAR * a.relevance or _BYGONE.search(b.memory.text):
        return False
    (_, fa), (_, fb) = _amounts(a.memory.text), _amounts(b.memory.text)
    if not (fa and fb - fa and _SUM.search(a.memory.text) and _SUM.search(b.memory.text)):
        return False
    unit = _per(a.memory.text, a.memory.key)
    asked = {stem(w) for w in re.findall(r"[a-z]+", query.lower())}
    costs_b = {stem(w) for w in re.findall(r"[a-z]+", b.memory.text.lower())} & _COSTS
    return unit is not None and unit == _per(b.memory.text) and not (costs_b - asked) \
        and (bool(_FIGURE_Q.search(query)) or bool(asked & _COSTS)) and _same_subject(a.memory.text, b.memory.text, query)


# A question for the day of the week something is on.
_DAY_Q = re.compile(r"\b(?:what|which) (?:days?|nights?|evenings?|mornings?|afternoons?)\b|\bwhen (?:is|are|does|do)\b",
                    re.I)
# a day added, not moved: "and thursdays too", "an extra session on Fridays"
_ALSO_DAY = re.compile(r"\b(?:also|too|as well|extra|another|second|plus)\b", re.I)
# (a day's whole name is no word of a parsed statement: `Claim.weekdays` holds it)
_WEEKDAY_WORDS = frozenset(stem(w) for w in "mon tue tues wed thu thur thurs fri sat sun weekday weekdays weekend "
                           "weekends".split())


def _later_day(older: str, newer: str, query: str) -> bool:
    """Whether `newer`, said later, puts what `older` is about on another day of the week,
    for a question for the day: both name the thing by a word of their own, which the
    question may name otherwise ("fives is thursdays at the dome" after "Fives is
    tuesdays", for "what day does the user play five-a-side football?")."""
    if not _DAY_Q.search(query) or _BYGONE.search(newer) or _ALSO_DAY.search(newer):
        return False
    a, b = parse(older), parse(newer)
    if not a.weekdays or not b.weekdays - a.weekdays:
        return False
    named = a.names & b.names & _name_like(older) & _name_like(newer)
    shared = {w for w in (a.words & b.words) - _GENERIC - named if stem(w) not in _WEEKDAY_WORDS}
    return bool(shared) and _same_subject(older, newer, query)
