"""Other people: who the user names in a message ("my cousin Rachel", "a daughter
named Lucia", "Niamh is my girlfriend"), the pronoun that points back at the last
one, a fact said of a named person ("Niamh is from Galway"), and the people named
in stored facts (`known_people`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from ..dates import resolve_dates
from ..models import Fact
from ..text import MONTHS, WEEKDAYS, everyday
from .filters import _SINCE_RE, _STATE_FROM_RE
from .grammar import to_third_person
from .lexicon import _I, CAT_BREEDS, DATED_AS, DATED_ONE, DOG_BREEDS, HAS_PARTICIPLE, PET_WORDS, RELATIONS
from .values import FactDict, _occupation

_NOT_NAMES = {
    "the", "this", "that", "these", "those", "it", "its", "there", "here", "what", "when", "where", "why", "how",
    "who", "whom", "which", "whose", "my", "our", "your", "his", "her", "their", "we", "they", "i", "he", "she",
    "you", "me", "us", "them", "today", "tomorrow", "yesterday", "tonight", "everyone", "everybody", "someone",
    "somebody", "nobody", "nothing", "everything", "something", "anyone", "anything", "life", "work", "school",
    "dinner", "lunch", "breakfast", "god", "yes", "no", "ok", "okay", "thanks", "also", "but", "and", "so", "then",
    "just", "maybe", "please", "one", "some", "all", "both", "each", "every", "most", "many", "if", "because",
    "although", "since", "after", "before", "while", "once", "again", "still", "now", "well", "oh", "hey", "hi",
    "hello", "lol", "haha", "wow", "sorry", "hmm", "a", "an", "not", "never", "always", "sometimes", "other",
    "another", "such", "any", "nowadays", "currently", "recently", "actually", "honestly", "basically", "btw",
    "user", "assistant", "mine", "yours", "let", "let's", "thank", "dear", "sir", "madam",
    *WEEKDAYS, *MONTHS,
}

_REL_WORDS = r"(?:maid of honou?r|best man|best friend|best mate|best pal|best bud|best buddy|" + "|".join(
    sorted((re.escape(r) for r in RELATIONS if " " not in r and r != "kid's"), key=len, reverse=True)) + r")"
# a name, in the letters of the languages users write them in too ("Raúl", "Zoë", "Łukasz", "Naïka")
_UPPER = r"[A-Z\u00c0-\u00d6\u00d8-\u00de\u0141\u0160\u017d]"
_LOWER = r"[a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u017f']"
_NAME_WORD = _UPPER + _LOWER + r"+(?:-" + _UPPER + r"?" + _LOWER + r"+)*"  # "Bat-Erdene", "Mary-jane"
_NAME = _NAME_WORD + r"(?:\s+" + _NAME_WORD + r")?"
_TITLE = r"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Fr|Sr|Rev)\.?\s+)?"
_WHICH_ONE = r"(?i:little|big|baby|older|younger|elder|eldest|oldest|youngest|middle|twin|half|late|kid|wee|small)"
_PERSON_INTRO_RES = [
    # ("my neighbour Mr. Okada": the name with its title, never "Mr" alone)
    # ("my little brother Wyatt", "my eldest daughter Ana": a word of which one before the relation)
    re.compile(r"\b(?i:my|our) (?:" + _WHICH_ONE + r" )?(?P<rel>(?i:" + _REL_WORDS + r")),? (?P<n>" + _TITLE + _NAME + r")\b"),
    re.compile(r"\b(?i:my|our) (?P<rel>(?i:" + _REL_WORDS + r"))(?:'s name)? is (?:called |named )?(?P<n>" + _TITLE
               + _NAME + r")\b"),
    # ("got a kid named Owen from the tech center": a young one, no child of the user's)
    re.compile(r"\b(?:(?i:my|our) |(?i:a|an|one|another) (?!(?i:kid|boy|girl|lad|lass|child|baby)\b))(?:(?i:new|other) )?(?P<rel>(?i:"
               + _REL_WORDS + r")) (?:named|called) (?P<n>" + _NAME + r")\b"),
    re.compile(r"\b(?P<n>" + _NAME + r") is (?i:my|our) (?P<rel>(?i:" + _REL_WORDS + r"))\b"),
    # without "my", as a learner of English may say it: "Yu-ting is daughter, 10 years"
    re.compile(r"(?:^|[.,;]\s+|\band\s+)(?P<n>" + _NAME + r") is (?P<rel>(?i:daughter|son|wife|husband|mother|father|brother|"
               r"sister|boyfriend|girlfriend))\b(?!\s+(?:of|to|in law)\b)"),
    # "Karen, that's my daughter, lives up in Tampa", "Karen, my daughter, ..."
    re.compile(r"\b(?P<n>" + _NAME + r"),\s+(?:(?i:that's|that is|who's|who is|she's|he's)\s+)?(?i:my|our) "
               r"(?P<rel>(?i:" + _REL_WORDS + r"))\s*,"),
    # who they are said in the next clause: "I ring our Jean, she's my big sister", "met Carla for
    # lunch, she's my cousin from Leeds"
    re.compile(r"\b(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b)(?P<n>" + _NAME + r")(?: [a-z][\w'-]*){0,4},\s+(?i:she's|he's|she is|he is) (?i:my|our) (?:"
               + _WHICH_ONE + r" )?(?P<rel>(?i:" + _REL_WORDS + r"))\b(?!['\u2019-])"),
]
# what someone else can be said to be or do, for a fact about a named person
_PERSON_PRED_RE = re.compile(
    r"^(?:(?:also|now|still|just|recently|currently|actually|originally|finally) )*(?:"
    r"(?:is|was|'s) (?:originally )?(?:from|born|based|allergic|intolerant|pregnant|engaged|married|getting married|"
    r"studying|working|retired|vegan|vegetarian|moving|living|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b)|"
    r"works?|worked|lives|lived|comes from|came from|grew up|studies|studied|teaches|taught|moved|relocated|"
    r"got (?:a (?:new )?job|married|engaged|promoted|hired|divorced)|runs|ran|owns|owned|has (?:a|an|two|three|\d+)\b|"
    # a job got: "Tomasz got the job in ESB Networks", "Wei got offer from MediaTek", "Keisha got on with Sentara"
    r"(?:got|accepted|took|landed|was offered|has been offered) (?:an? |the )?(?:new |full-time |permanent )?"
    r"(?:job|offer|position|post|role|contract)\b|got (?:on|a start) (?:with|at) (?-i:[A-Z])|"
    r"(?:was|got|has been) (?:hired|taken on)\b|"
    r"was born|started|joined|plays|played|manages|coaches|speaks|leads|founded|graduated|retired|passed away|died|"
    # a condition of theirs: "Mango has hyperthyroidism", "Dad has been diagnosed with diabetes"
    r"(?:has|had) (?:been diagnosed with |developed |got )?(?:[a-z]+(?:ism|itis|osis|emia|aemia|oma|pathy)|diabetes|"
    r"asthma|cancer|epilepsy|dementia|alzheimer'?s|parkinson'?s|allergies|covid|shingles|a (?:heart condition|"
    r"murmur|tumou?r))\b|"
    r"is (?:a|an|my|our|the)\b|was (?:a|an|my|our)\b|"
    # news of theirs: "Lindiwe's leaving Wits", "Declan's finished up in AIB", "losa isnt moving anymore"
    r"(?:is |are )?(?:now )?back (?:in|at|to|home|with|for good)\b|"
    # "he's in the Canary Wharf office from today", "Chidi is in Lagos for work": a place or an employer by name
    # (when said between, as a learner of English says it: "Zosia is this semester in Kraków")
    r"(?:is|are|'s) (?:now |still |currently |these days |(?:this|for the) (?:semester|term|year|summer|winter) )?(?:in|at|with) (?:the )?(?-i:[A-Z])|"
    # a shift or a leave of theirs: "Meera's on nights at St. Joe's", "Ana is on maternity leave"
    r"(?:is|are|'s) (?:now |still |currently )?on (?:nights|days|earlies|lates|nightshift|(?:the )?(?:night|day|early|"
    r"late|morning|evening|weekend) shifts?|(?:maternity |paternity |parental |sick |medical |long-term )?leave|"
    r"furlough|call)\b|"
    r"(?:is|was) (?:now |still |currently )?(?:doing|studying|training|teaching|working|taking|running|coaching)\b|"
    r"moves|moving|has moved|has given (?:in )?(?:his|her|their )?notice|handed in (?:his|her|their) notice|resigned|"
    r"(?:is |has |have )?(?:leaving|left|quit|quitting|finished|staying|transferring|switching|changing|starting|"
    r"took a job|got into|got in to|got a place|got a position)\b|"
    r"(?:is|was|has|does|did) not\b|(?:isnt|isn't|wasnt|wasn't|hasnt|hasn't|doesnt|doesn't|didnt|didn't|no longer)\b)",
    _I)
# what makes news of theirs a change: an end ("leaving", "not ... anymore") or a new value
_THEIR_END_RE = re.compile(r"^(?:is |has |have )?(?:finally |just |already |recently |officially )?"
                           r"(?:leaving|left(?! (?:for|to|on|at|in|early|late|home|work|yesterday|today|tonight|this|"
                           r"last|after|before|again|with|the house)\b)|quit|quitting|finished|"
                           r"resigned)\b|\b(?:anymore|any more|"
                           r"no longer|given (?:in )?(?:his |her |their )?notice|handed in (?:his|her|their) notice)\b", _I)
# A new value of theirs needs a verb that says so ("took a job in Oslo", "is back in
# curitiba", "moved"). "now" alone is no change of theirs: "Theo is 5 now" says nothing of
# where Theo goes to school, and the nearest record of Theo may be that; "Morag is in Rome
# now" may be a trip; a plan in the progressive is not yet a change ("is moving to Perth").
_THEIR_NEW_RE = re.compile(r"\b(?:back for good|back (?:in|at|to|home|with)|took a job|got a job|got into|got in to|"
                           r"(?:got|accepted|took|landed|was offered) (?:an? |the )?(?:new )?(?:job|offer|position|post|role)|"
                           r"got (?:on|a start) (?:with|at) (?-i:[A-Z])|(?:was|got|has been) (?:hired|taken on)|"
                           r"transferred|switched|moved|started at|joined|instead)\b"
                           # "on nights at St. Joe's since New Year's": a state that began, said with when
                           r"|\b(?:is|are|'s)\s+(?:now\s+)?(?:on|at|with|in)\b.*\b(?:since|as of|from)\s+(?:the\s+)?"
                           r"(?:new year'?s|january|february|march|april|may|june|july|august|september|october|"
                           r"november|december|last|this|\d{4}|(?:mon|tues|wednes|thurs|fri|satur|sun)day)", _I)
_PARTICIPLES = HAS_PARTICIPLE


_UNNAMED_REL_RE = re.compile(r"\b(?i:my|our) (?:" + _WHICH_ONE + r" )?(?P<rel>(?i:" + _REL_WORDS + r"))\b(?!'s| [A-Z])")


# Casual messages write names in lower case: "my bestie losa is moving". A lower-case word
# after a relation is a name only when a verb or a break follows it, and it is no adverb,
# participle or gerund ("my sister really wants", "my mom texted").
# "my kids are Jasmine (13, 8th grade) and Theo (9)", "our daughters, Ana and Bea": each name is one of them
_ONE_OF = {"kids": "kid", "children": "child", "sons": "son", "daughters": "daughter", "boys": "son",
           "girls": "daughter", "sisters": "sister", "brothers": "brother", "siblings": "sibling"}
_LISTED = r"(?P<nI>[A-Z][a-z'-]+)(?:\s*\([^()]{0,80}\))?"
_LIST_INTRO_RE = re.compile(
    r"\b(?i:my|our|User's|(?:I|we) have (?:two|three|four|\d) ) ?(?P<rel>(?i:" + "|".join(_ONE_OF) + r"))"
    r"(?:,| are| are called| named| called|:)? " + _LISTED.replace("I", "1", 1)
    + r"(?:,\s*" + _LISTED.replace("I", "2", 1) + r")?(?:,?\s+(?:and|&)\s+)" + _LISTED.replace("I", "3", 1))


# the words a sentence may open with before whom it is about: "no he's a nurse now", "ah, and she ..."
_LEAD_WORDS = r"(?:no|nah|yes|yeah|yep|ok|okay|lol|haha|oh|ah|and|also|so|but|well|anyway|btw)"
# the grandchildren counted, one of each (`counted`; `_ONE_OF` has the children)
_GRAND_ONE_OF = {"grandkids": "grandkid", "grandchildren": "grandchild", "grandsons": "grandson",
                 "granddaughters": "granddaughter"}
# "two kids. Zosia is 6, ... Kuba is 3", "I have two younger brothers. Bat-Erdene is seventeen":
# relatives counted, then named one by one as the sentences after go on (`counted`)
_COUNTED_RE = re.compile(r"\b(?P<c>two|three|four|five|[2-5]|the|da|my|our)\s+(?:(?:younger|older|little|grown(?:-up)?|small|wee|"
                         r"lovely|beautiful)\s+)?(?P<rel>kids|children|sons|daughters|boys|girls|brothers|sisters|"
                         r"grandchildren|grandkids|grandsons|granddaughters)\b", _I)
# ... not counted as someone else's: "my sister has two kids", "they have three boys"
_THEIRS_COUNTED_RE = re.compile(r"\b(?:has|had|they\s+have|they've|you\s+have|you've)\s+(?:got\s+)?$", _I)
# a name opening a sentence or a clause, said with an age or what they are or do ("ava 7, bday
# march 3": in lower case only before an age)
_NAMED_NEXT_RE = re.compile(r"(?:^|[.!?;:,\n]\s*|\band\s+)(?:\d[.)]\s*)?(?:(?P<n>" + _NAME_WORD + r")(?=\s+(?:is|was|stay|stays|has|who|works|goes|just|\d)\b|\s*[,(]\s*\d)"
                            r"|(?P<l>[a-z][a-z'-]{1,15})(?=\s+(?:(?:is|stay|stays|'s)\s+)?\d{1,2}\b))")
_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5}


def counted(text: str) -> list[tuple[str, str]]:
    """(name, relation) of relatives the user counts and then names, one per sentence or
    clause after ("Me, my husband Tomasz and two kids. Zosia is 6, ... Kuba is 3"): as many
    names as counted, the first that open a clause, never someone else's ("my sister has two
    kids"), never a word that is no name."""
    out: list[tuple[str, str]] = []
    for m in _COUNTED_RE.finditer(text):
        if _THEIRS_COUNTED_RE.search(text[:m.start()]):
            continue
        # "da kids. Keoni stay 12 years old, Malia stay 9": not counted, the names of the next sentence
        bare = not m["c"][0].isdigit() and m["c"].lower() not in _COUNT
        want = 4 if bare else _COUNT.get(m["c"].lower()) or int(m["c"])
        nxt = re.search(r"[.!?\n]\s+\S.*?(?:[.!?\n]|$)", text[m.end():]) if bare else None
        end = len(text) if not bare else m.end() + (nxt.end() if nxt else 0)
        rel = m["rel"].lower()
        one = _ONE_OF.get(rel) or _GRAND_ONE_OF[rel]
        names: list[str] = []
        for n in _NAMED_NEXT_RE.finditer(text, m.end(), end):
            name = n["n"] or n["l"]
            if name.lower() in _NOT_NAMES or name.lower() in RELATIONS or name.lower() in _NOT_LOWER_NAMES:
                continue
            names.append(name if n["n"] else name.capitalize())
            if len(names) == want:
                break
        if len(names) == want or (bare and len(names) >= 2):
            out += [(n, one) for n in names]
    return out


_DETAILED_LIST_RE = re.compile(
    r"^(?P<lead>(?i:my|our) (?P<rel>(?i:" + "|".join(_ONE_OF) + r"))(?: are| are called|:)?\s+)"
    r"(?P<items>(?-i:[A-Z])[a-z'-]+\s*\([^()]{1,80}\)(?:\s*(?:,|,?\s+and|&)\s+(?-i:[A-Z])[a-z'-]+"
    r"(?:\s*\([^()]{1,80}\))?){1,3})\s*[.!]?$")
_LIST_ITEM_RE = re.compile(r"(?P<n>[A-Z][a-z'-]+)(?:\s*\((?P<d>[^()]{1,80})\))?")


def one_each(clause: str) -> list[str] | None:
    """A list of people with what is said of each in brackets, as the list and one
    clause each ("my kids are Jasmine (13, 8th grade at Inman) and Theo (9)": "my kids
    are Jasmine and Theo", "my kid Jasmine is 13, 8th grade at Inman", "my kid Theo is
    9"), so that news of one ("Jasmine's at North Atlanta High now") can replace what
    was said of her and nothing of the other's; None for any other clause."""
    m = _DETAILED_LIST_RE.match(clause.strip())
    if not m:
        return None
    items = [(i.group("n"), i.group("d")) for i in _LIST_ITEM_RE.finditer(m.group("items"))]
    if len(items) < 2 or any(n.lower() in _NOT_NAMES for n, _ in items):
        return None
    names = [n for n, _ in items]
    lead = m.group("lead").split()[0]
    one = _ONE_OF[m.group("rel").lower()]
    listed_names = ", ".join(names[:-1]) + " and " + names[-1]
    return [f"{lead} {m.group('rel')} are {listed_names}",
            *(f"{lead} {one} {n} is {d.strip()}" for n, d in items if d and d.strip())]


def listed(text: str) -> list[tuple[str, str]]:
    """(name, relation) of the people a list introduces ("my kids are Jasmine (13) and Theo")."""
    out = []
    for m in _LIST_INTRO_RE.finditer(text):
        rel = _ONE_OF[m.group("rel").lower()]
        out += [(n, rel) for n in (m.group("n1"), m.group("n2"), m.group("n3"))
                if n and n.lower() not in _NOT_NAMES]
    return out


_LOWER_NAME_RE = re.compile(r"\b(?i:my|our) (?P<rel>(?i:" + _REL_WORDS + r"))\s+(?P<n>[a-z][a-z-]{1,20})"
                            r"(?=\s*(?:,|'s\b|\s(?:is|was|isnt|isn't|has|had|and|just|got|lives|works|moved|said|says|"
                            r"wants|loves|texted|called)\b))")


# the verbs and words that follow a relation in "my girlfriend is Niamh", "my mom has ..."
_NOT_LOWER_NAMES = frozenset("is was has had and just got lives works moved said says wants loves texted called are "
                             "were will would can could should does did do also really finally wants went took gets "
                             "says thinks keeps makes".split())


def _lower_name(word: str) -> bool:
    return word not in _NOT_NAMES and word not in _NOT_LOWER_NAMES and not word.endswith(("ly", "ing", "ed")) \
        and word not in RELATIONS


_SHE = frozenset("mum mom mother mam mama sister wife daughter aunt auntie grandma granny grandmother girlfriend "
                 "niece fiancee stepmother stepmom stepmum granddaughter stepdaughter".split())
_HE = frozenset("dad father pop papa brother husband son uncle grandpa grandad granddad grandfather boyfriend "
                "nephew fiance stepfather stepdad grandson stepson".split())


def _gender(rel: str) -> str | None:
    """The pronoun a relation word takes ("mum": she), or None when it says none ("friend")."""
    low = rel.lower()
    return "she" if low in _SHE else "he" if low in _HE else None


# someone the user is seeing, named where they are introduced: "seeing a girl called Niamh, she's
# a dental nurse", "dating this guy Tomás, he's a chef": "she" and "he" after it are them
_DATED_RE = re.compile(r"\b(?:seeing|seein'?|dating|stepping out (?:with|wi'?))\s+(?:this|a|an)\s+"
                       r"(?P<w>" + DATED_ONE + r")\s*,?\s+(?:(?:called|named)\s+)?"
                       r"(?P<n>(?-i:" + _NAME + r"|[a-z][a-z'-]{2,}))\b(?!')", re.I)


# someone named in company, then called the user's partner by a pronoun: "me and naledi went
# to the movies, she's my girl for real now", "dinner with Tomás, he's officially my boyfriend"
_CALLED_PARTNER_RE = re.compile(
    # (or opening the sentence: "sammy's taking me to the gig, he's my guy now")
    r"(?:\b(?:with|and|&|met|meeting|took|taking|seeing)\s+|(?:^|(?<=[.!?]\s))(?=\w+'s\s+\w+ing\b))"
    r"(?P<n>(?-i:" + _NAME_WORD + r")|(?-i:[a-z][a-z'-]{2,}))\b(?!'(?!s\s+\w+ing\b))"
    r"[^.!?\n]{0,80}?\b(?:she|he)(?:'s|\s+is)\s+(?:(?:now|officially|finally|really)\s+)?my\s+"
    r"(?:(?:new|proper|official|real)\s+)?(?P<w>girlfriend|boyfriend|partner|gf|bf|" + DATED_ONE + r")\b", re.I)


# with someone for a while, then called "he" or "she": "Je suis avec Youssef since April, he is
# pharmacist", "been with Tariq 6 months now, he's a paramedic" (never "with Vodafone since 2020")
_WITH_FOR_A_WHILE_RE = re.compile(
    r"\b(?:i'?m|im|i am|i'?ve been|ive been|i have been|been|je suis|estoy|estou|ich bin)\s+(?:(?:together|back)\s+)?"
    r"(?:with|avec|con|com|mit)\s+(?P<n>(?-i:" + _NAME_WORD + r"))\s+(?:since|for|depuis|desde|seit|h[áa]|"
    r"(?:\d+|a few|a couple of|two|three|four|five|six)\s+(?:weeks|months|years))\b[^.!?\n]{0,60}?\b(?:she|he)(?:'s|\s+is)\b"
    r"(?!\s+(?:my|our)\s+(?!(?:partner|boyfriend|girlfriend|man|fianc)))", re.I)  # ("he is my agent": not a partner)


def _dated(text: str) -> list[tuple[str, str]]:
    """(name, relation) of someone the user says they are seeing, named where introduced,
    or called their partner just after (`_CALLED_PARTNER_RE`)."""
    said = [(m["n"], DATED_AS.get(m["w"].lower(), "partner")) for m in _DATED_RE.finditer(text)]
    said += [(re.sub(r"['\u2019]s$", "", m["n"]), {"gf": "girlfriend", "bf": "boyfriend"}.get(
        m["w"].lower(), DATED_AS.get(m["w"].lower(), m["w"].lower()))) for m in _CALLED_PARTNER_RE.finditer(text)]
    said += [(m["n"], "partner") for m in _WITH_FOR_A_WHILE_RE.finditer(text)]
    return [(n, rel) for n, rel in said if n.split()[0].lower() not in _NOT_NAMES | NOT_DATED | _NOT_PARTNER]


# words after "with" or "and" that name no one: "me and the boys", "with my mum"
_NOT_PARTNER = frozenset("me my the him her them us his our your their some friends mates family work".split())


# words after the one introduced that name no one ("seeing a guy for a while", "dating a
# guy who ...", "seeing someone about the boiler")
NOT_DATED = frozenset("a an the for since at in on from who and but tomorrow tonight today again now about to with "
                      "while else that because soon later next professionally him her them it called named".split())


# a capitalised word opening a clause as its subject: a person, though not introduced (not
# "Kelly's fella Gaz ... he owes": the one named after)
# ("Then there's our Gary, the baby": Gary, introduced; never "She's got two": no name ends in 's)
_BARE_SUBJECT_RE = re.compile(r"^(?:(?:and|but|so|plus|also|oh|now)\s+)?(?:(?:then\s+)?there'?s\s+(?:our\s+|wor\s+)?)?"
                              r"(?P<n>(?-i:[A-Z])[a-z][a-z-]+(?:'(?!s\b)[a-z]+)?)(?=,\s|'s\s(?![a-z]+\s+(?-i:[A-Z]))|\s+(?:is|was|has|had|"
                              r"got|(?-i:[a-z]+ed)|(?-i:[a-z]+s))\b)", re.IGNORECASE)
_LOWER_SUBJECT_RE = re.compile(r"^(?:(?:and|but|so|plus|also|oh|now)\s+)?(?P<n>[a-z][a-z-]{2,}(?:'(?!s\b)[a-z]+)?)(?=\s+(?:is|was|has|had|got|"
                               r"made|went|came|took|left|said|[a-z]+ed)\b)")
# words that open a clause capitalised and are no one, beyond `_NOT_NAMES`
_NOT_SUBJECTS = frozenset("christmas easter mum dad mam mom anyway apparently luckily sadly hopefully unfortunately".split())


# someone met, named after who they are ("got engaged to a fella named Raj")
_NAMED_AFTER_RE = re.compile(r"\b(?:a|an|this|some)\s+(?P<who>[a-z]+)\s+(?:named|called)\s+(?P<n>[A-Z][a-z'-]+)")
_MEN = frozenset("fella fellow chap gentleman guy man bloke lad boy dude".split())
_WOMEN = frozenset("girl woman lady lass gal".split())


class _People:
    """People named by the user in one message: name -> relation, and the last one mentioned."""

    def __init__(self) -> None:
        self.names: dict[str, str | None] = {}
        self.last: str | None = None
        self.called: dict[str, str] = {}  # the pronoun a person was already called by in this message
        self.aliases: set[str] = set()  # one word of a known two-word name ("Wei" of "Chen Wei")
        self.resolved = False  # whether the last clause's "she" or "he" was put as the one named

    @classmethod
    def known(cls, people: dict[str, str], last: str | None = None) -> _People:
        """The people introduced before this message, each word of a two-word name too;
        `last` is whom an opening "she"/"he" means (`carried_person`)."""
        named = cls()
        named.names.update(people)
        named.alias_parts()
        if last in named.names:
            named.last = named.subject(last)
        return named

    def alias_parts(self) -> None:
        """Each word of a known two-word name names the person too: the user who introduced
        "my husband Chen Wei" later writes "Wei got offer from MediaTek". Not a word two
        known people share, nor one that is no name."""
        parts: dict[str, set[str | None]] = {}
        for n, rel in self.names.items():
            for part in n.split() if len(n.split()) == 2 and not re.fullmatch(_TITLE, n.split()[0] + " ") else ():
                parts.setdefault(part, set()).add(rel)
        for part, rels in parts.items():
            if len(rels) == 1 and part not in self.names and part.lower() not in _NOT_NAMES and len(part) > 1:
                self.names[part] = next(iter(rels))
                self.aliases.add(part)

    def prescan(self, text: str) -> None:
        for rx in _PERSON_INTRO_RES:
            for m in rx.finditer(text):
                n = re.sub(r"['\u2019]s$", "", m.group("n"))  # "my girlfriend Demelza's round": Demelza
                if n.split()[0].lower() in _NOT_NAMES:
                    continue
                self.names.setdefault(n, m.group("rel").lower())
        for n, rel in [*listed(text), *counted(text), *_dated(text)]:
            self.names.setdefault(n, rel)
        for m in _LOWER_NAME_RE.finditer(text):
            if _lower_name(m.group("n")) and not any(k.lower() == m.group("n") for k in self.names):
                self.names.setdefault(m.group("n"), m.group("rel").lower())

    def opens(self, clause: str) -> bool:
        """Whether a clause of five words or more opens with the person last named, put for its
        "she" or "he" ("Liya is a midwife in the rotunda"): a fact of theirs, not small talk."""
        return self.resolved and len(clause.split()) >= 5 and clause.startswith(f"{self.last} ")

    def named(self, word: str) -> str | None:
        """The known name a word is, whatever its case ("losa" after "my bestie losa")."""
        low = word.lower()
        return next((k for k in self.names if k.lower() == low), None)

    def scan(self, clause: str) -> None:
        best: tuple[int, str] | None = None
        for n in self.names:
            # (in any case when no everyday word: "jithin landed" of a known Jithin; never "rose" of Rose)
            said = re.escape(n) if n.lower() in everyday() else f"(?i:{re.escape(n)})"
            for m in re.finditer(r"\b" + said + r"\b(?:'s (?P<rel>(?i:" + _REL_WORDS + r"))\b)?", clause):
                if any(m.start() >= f.start() and m.start() + len(n) <= f.end()
                       for full in self.names if full != n and n in full.split()
                       for f in re.finditer(r"\b" + re.escape(full) + r"\b", clause)):
                    continue  # "Chen Wei take the rail": the full name, not its last word
                if best is None or m.start() >= best[0]:
                    # "Chidi's mum is two streets away so she helps": she is the mum, not Chidi
                    rel = m.group("rel")
                    best = (m.start(), f"{self.subject(n)}'s {rel.lower()}" if rel and _gender(rel) else self.subject(n))
        # an unnamed relative ("my sister lives in Delhi. She is visiting ..."), when the
        # clause names no one (in "my cousin Rachel is my maid of honor", she is Rachel)
        if best is None:
            for m in _UNNAMED_REL_RE.finditer(clause):
                best = (m.start(), "my " + m.group("rel").lower())
        # ... or a name the clause opens with as its subject, said without who they are ("Ashley
        # is 22, she is at the vet college", "Efua's contract began; she teaches German")
        bare = _BARE_SUBJECT_RE.match(clause) if best is None else None
        if bare is None and best is None:  # ... typed in lower case, when no everyday word: "liya made biryani"
            bare = _LOWER_SUBJECT_RE.match(clause)
            bare = bare if bare and bare["n"] not in everyday() else None
        if bare and bare["n"].lower() not in _NOT_NAMES | _NOT_SUBJECTS:
            best = (0, bare["n"][:1].upper() + bare["n"][1:])
        # ... or someone met, named after who they are: "got engaged to a fella named Raj, he's an
        # anesthesiologist" (he is Raj, a man; not the daughter named first)
        for m in _NAMED_AFTER_RE.finditer(clause):
            if best is None or m.start() >= best[0]:
                best = (m.start(), m["n"])
                self.called.update({m["n"]: "he" if m["who"] in _MEN else "she"} if m["who"] in _MEN | _WOMEN else {})
        if best:
            self.last = best[1]
        elif _ANIMAL_RE.search(clause):
            # "we got a springer spaniel pup from a farm, she's called Tansy": she is the pup,
            # not the person named before
            self.last = None

    def unowned(self, text: str) -> str:
        """`text` with the "our" a family says before one of its own set aside ("our Gary's
        got a start", "Wor Gary"): the person, whom the user introduced by name."""
        known = [n for n in self.names if self.names[n] and n[:1].isupper()]
        if not known:
            return text
        return re.sub(r"\b(?:[Oo]ur|[Ww]or) (?=(?:" + "|".join(map(re.escape, known)) + r")\b)", "", text)

    def said_as_theirs(self, facts: list[Fact]) -> None:
        """An unkeyed fact that opens with the name of someone the user introduced, said as
        theirs: "Zintle is a lifeguard at Long Beach, thats how we met" is "User's partner
        Zintle ...", "Haruka graduate in March" is "User's daughter Haruka ..."."""
        for f in facts:
            # (never "Dale and User closed on a house": what they did together is the user's too)
            m = re.match(r"^(?P<n>[A-Z][\w-]*(?:'[A-Z][\w-]+)?(?: [A-Z][\w-]+)?)(?='s\b| [a-z]|: )"
                         r"(?!\s*(?:and|&|\+|n)\s+User\b)", f.text)
            if m and f.key is None and self.names.get(m["n"]) and m["n"] not in self.aliases:
                f.text = f"User's {self.names[m['n']]} {f.text}"

    def said_of_last(self, sentence: str) -> str:
        """A sentence with no subject whose verb is said of someone else ("Starts Monday.",
        "Works nights at the Royal."), after one about a person named: said of them.
        Otherwise as it is ("Started Monday." is the user's: `clauses._with_subject`)."""
        if self.last is None or not _THIRD_PERSON_VERB_RE.match(sentence) or sentence.rstrip().endswith("?"):
            return sentence
        return f"{self.last} {sentence[:1].lower()}{sentence[1:]}"

    def subject(self, name: str) -> str:
        rel = self.names.get(name)
        return f"my {rel} {name}" if rel else name

    def _is_last(self, pronoun: str) -> bool:
        """Whether "she" or "he" (`pronoun`) is the person last named, as far as is said
        (and that it is then, for the pronouns after it)."""
        if not self.last:
            return False
        words = self.last.split()
        # "my grandson Callum ... she's six": the relation says who she is not
        said = _gender(words[-1]) or (_gender(words[1]) if words[0] == "my" and len(words) > 2 else None) \
            or self.called.get(self.last)
        if said is not None and said != pronoun:
            # "Chidi's mum ... he": not the mum; "Javi left, he got a job ... hired Marisol,
            # she worked at a panadería": not Javi. Who it is would be a guess
            return False
        self.called[self.last] = pronoun
        return True

    def resolve_pronoun(self, clause: str) -> str:
        self.resolved = False
        if not self.last:
            return clause
        own = re.match(r"^(?P<p>her|his)\s+(?P<rest>[a-z][\w'-]*\b.*)$", clause, _I)
        if own is not None:  # "Her sixtieth is on Saturday": Nuala's sixtieth
            return f"{self.last}'s {own['rest']}" if self._is_last("she" if own["p"].lower() == "her" else "he") \
                else clause
        # (after a word that only answers or leads in: "no he's a nurse now", "yeah she got it")
        # (after a phrase of when or how that opens the clause: "With the robot he milks 85 cows")
        m = re.match(r"^(?:" + _LEAD_WORDS + r"\W+)*(?P<pre>" + _OPENING_PHRASE + r")?(?P<p>she|he)(?P<c>'s|\s)(?P<rest>.*)$",
                     clause, _I)
        if not m or not self._is_last(m.group("p").lower()):
            return clause
        # "she's leaving": is; "she's been in billing since March": has
        verb = ("has " if re.match(_PARTICIPLES + r"\b", m.group("rest").lstrip(), _I) else "is ") \
            if m.group("c") == "'s" else ""
        who = self.last
        named = re.search(r"(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)*$", who)
        if named and who.startswith("my ") and re.match(r"\s*(?:now |also |still )?(?:my|our)\s", m.group("rest"), _I):
            who = named.group(0)  # "he's my fiancé now": what he is to the user is said anew
        self.resolved = True
        return f"{m['pre'] or ''}{who} {verb}{m.group('rest')}".replace("  ", " ")


# a phrase of when or how before the subject: "With the robot he milks ...", "Since March she
# works ...", "These days he drives ..."
_OPENING_PHRASE = (r"(?:(?:with|since|on|in|at|after|from|every|each|this|last|next|these days|nowadays)\b"
                   r"[^,.;:!?]{0,30}?,?\s+)")


# a verb said of one other person, opening a sentence: "Starts Monday.", "Works nights now."
_THIRD_PERSON_VERB_RE = re.compile(r"^(?:starts|begins|finishes|works|lives|moves|leaves|teaches|studies|commutes|"
                                   r"drives|flies|trains|coaches|earns|manages|runs|plays|gets|loves|hates|wants|"
                                   r"needs|misses)\s+\w", _I)
_OPENS_WITH_PRONOUN_RE = re.compile(r"^\W*(?:(?:plus|" + _LEAD_WORDS + r")\W+)*(?P<p>she|he)(?:'s|\s)", _I)


def carried_person(text: str, said_before: Iterable[str], people: dict[str, str] | None = None) -> str | None:
    """Who a message that opens with "she" or "he" means when it names no one first:
    the one person of that sex the user's message just before introduced ("seein this
    girl destiny. met her at church" then "she teaches 3rd grade in deer park"), or, with
    `people` (name -> relation, known before), named ("Martine and me, we take the ferry"
    then "Ah, and she has found her new passion": the wife), or the one person it named when
    that person's relation says no sex ("User's partner is Noor" then "no she is remote").
    None when that message introduced or named nobody of that sex, or more than one."""
    m = _OPENS_WITH_PRONOUN_RE.match(text)
    if m is None:
        return None
    said, before = m["p"].lower(), list(said_before)
    # name -> relation of everyone the message before introduced or named
    there = known_people(before) | {n: rel for n, rel in (people or {}).items()
                                    if any(re.search(r"\b" + re.escape(n) + r"\b", t) for t in before)}
    met = {n for n, rel in there.items() if rel and _gender(rel.split()[-1]) == said}
    if not met and len(there) == 1:  # "her name's noor" then "she got the pastry job": "partner" says no sex
        met = {n for n, rel in there.items() if not rel or _gender(rel.split()[-1]) is None}
    return next(iter(met)) if len(met) == 1 else None


# what someone named did, that says nothing of them to keep but names them for the "she" after
_DID_RE = re.compile(r"^(?:just |finally |also |already )?(?:phoned|called|rang|texted|messaged|came|went|said|told|sent|"
                     r"wrote|visited|dropped by|popped in|turned up|showed up|spoke|asked|invited|brought|gave)\b")


def _third_party(raw: str, people: _People, now: datetime) -> tuple[FactDict, datetime | None] | None:
    """ "Niamh is from Galway": a fact about a named person, kept as theirs (never a user key)."""
    raw = re.sub(r"^(?:(?:and|also|oh|so|but|plus)\b,?\s+)+", "", raw, flags=re.I)
    m = re.match(r"^(?P<n>[A-Z][a-z]*'[A-Z][a-z-]+|[A-Z][a-z-]+(?:\s+[A-Z][a-z-]+)?|[a-z][a-z-]+)(?P<s>'s)?\s+"
                 r"(?P<rest>[a-z'\d].*)$", raw)
    if not m or (m.group("n")[:1].islower() and people.named(m.group("n")) is None):
        return None
    n = people.named(m.group("n")) or m.group("n")
    if n.split()[0].lower() in _NOT_NAMES or (len(n.split()) > 1 and n.split()[1].lower() in _NOT_NAMES):
        return None
    rest = re.sub(r"[\s.!…]+$", "", m.group("rest"))
    if m.group("s"):  # "Lindiwe's leaving Wits": is; "Declan's finished up in AIB": has
        rest = ("has " if re.match(_PARTICIPLES + r"\b", rest, _I) else "is ") + rest
    if people.names.get(n) and re.match(r"\d{1,2}\b(?!\s*(?:am|pm|[:%]|kg|lbs?|mg)\b)", rest):
        rest = "is " + rest  # a relative and an age: "ava 7, bday march 3" (two kids, counted)
    pred = _PERSON_PRED_RE.match(rest)
    # "Renee's assistant principal at a school in Kettering now": an occupation, no article
    job = re.match(r"^is (?:now )?(?P<x>(?!a |an |the )[a-z][\w -]+)$", rest)
    if not pred and not (job and _occupation(job.group("x"))):
        if _DID_RE.match(rest):  # "Leela phoned last night. She and Krish are staying put ...": she is Leela
            people.last = people.subject(n)
        return None
    ia = re.match(r"^(?:is|was) (?:a|an) (?P<x>.+)$", rest)
    if ia and not _occupation(ia.group("x")) and not re.match(_REL_WORDS + r"\b", ia.group("x"), _I):
        return None  # "Biscuit is a good boy"
    resolved, ed = resolve_dates(rest, now)
    body = to_third_person(resolved)
    body = body[0].lower() + body[1:] if body[:1].isupper() and not body.startswith("User") else body
    rel = people.names.get(n)
    text = f"User's {rel} {n} {body}" if rel else f"{n} {body}"
    safety = bool(re.search(r"\b(?:allerg\w+|anaphyla\w*|intoleran\w+|celiac|coeliac|diabet\w+|asthma\w*|epilep\w+)\b",
                            rest, _I))
    imp = 0.85 if safety else 0.5
    # a state of theirs that began then is no event: "Yumiko is at Daimaru ... since last week"
    began = ed is not None and re.match(r"^(?:is|are|has been|works?)\b", rest) is not None \
        and (_STATE_FROM_RE.search(rest) is not None or _SINCE_RE.search(rest) is not None)
    kind = "episodic" if ed is not None and not began else "semantic"
    # "Marcus has given notice; he's moving to Glasgow": he is Marcus (but the fella named after him is Raj)
    after = _NAMED_AFTER_RE.search(raw)
    people.last = after["n"] if after else people.subject(n)
    return dict(text=text, kind=kind, importance=imp, safety=safety, change=their_change(rest)), ed


_ANIMAL_RE = re.compile(r"\b(?:" + PET_WORDS[3:-1] + r"|pup|pups|puppies|dogs|cats|kittens|foal|calf|lamb|filly|mare|"
                        r"gelding|stallion|heifer|" + DOG_BREEDS + "|" + CAT_BREEDS + r")\b", _I)


def their_change(said: str) -> str | None:
    """The change cue of someone else's news, said after their name: an end ("is
    leaving Wits", "isn't moving anymore"), a new value ("is back in curitiba", "took a
    job in Oslo", an occupation "now": "is assistant principal at a school in Kettering
    now"), or none."""
    if _THEIR_END_RE.search(said):
        return "delete"
    job = re.match(r"^(?:is|'s) (?:now )?(?:a |an )?(?P<x>[a-z][\w -]+?)(?:\s+(?:now|these days))?$", said, _I)
    if _THEIR_NEW_RE.search(said) or (job and re.search(r"\b(?:now|these days)\b", said, _I) and _occupation(job.group("x"))):
        return "update"
    return None



_PETS_RE = re.compile(r"^User has (?:a|an|one|two|three|four|\d+) (?:pet )?(?P<pet>(?i:" + PET_WORDS[3:-1] + r")s?)"
                      r"(?: \([^)]*\))? (?:named|called) (?P<n>[A-Z][\w'-]+)(?:(?:,| and) (?P<n2>[A-Z][\w'-]+))?")


def known_people(texts: Iterable[str] | None) -> dict[str, str]:
    """Name -> relation from stored fact texts ("User's girlfriend is Niamh", "User's cousin Rachel
    lives in Denver"), to pass as `extract_facts(..., people=...)` so that a later "Niamh is from
    Galway" is stored as "User's girlfriend Niamh is from Galway"."""
    out: dict[str, str] = {}
    rel = r"(?P<rel>(?i:" + _REL_WORDS + r"))"
    for t in texts or ():
        for n, one in listed(t):
            out.setdefault(n, one)
        for rx in (r"^User's " + rel + r"(?:'s name)? is (?:called |named )?(?P<n>" + _NAME + r")\s*$",
                   # (after a few words that lead in: "Two children User's daughter Rosaria she is nurse")
                   r"^(?:(?!User)[A-Za-z]+ ){0,2}User's " + rel + r" (?P<n>" + _NAME + r")\b",
                   r"^(?P<n>" + _NAME + r") \(User's " + rel + r"\)",
                   r"^(?P<n>" + _NAME + r"),\s+(?:that is |who is )?User's " + rel + r"\s*,"):
            m = re.match(rx, t.strip().rstrip("."))
            if m and m.group("n").split()[0].lower() not in _NOT_NAMES:
                out.setdefault(m.group("n"), m.group("rel").lower())
                # "partner Jonah (J)": the short name the user gives them too
                nick = re.match(r"\s*\((?P<k>[A-Z][\w'-]{0,11})\)", t.strip()[m.end("n"):])
                if nick:
                    out.setdefault(nick["k"], m.group("rel").lower())
                break
        else:  # "User's bestie losa is moving to wellington": a name written in lower case
            pets = _PETS_RE.match(t.strip())
            if pets:  # "User has two pet cats named Mango and Bramble": news of Mango is the cat's
                for n in (pets.group("n"), pets.group("n2")):
                    if n and n.lower() not in _NOT_NAMES:
                        out.setdefault(n, pets.group("pet").lower().rstrip("s") if pets.group("pet").lower() != "fish"
                                       else "fish")
                continue
            m = re.match(r"^User's " + rel + r" (?P<n>[a-z][a-z-]{1,20})(?=\s*(?:,|'s\b|\s(?:is|was|has|had|lives|works|"
                         r"moved|got)\b))", t.strip())
            if m and _lower_name(m.group("n")):
                out.setdefault(m.group("n"), m.group("rel").lower())
    return out


# "User's girlfriend is Kayla", "User's brother Tadhg ...": a person the message introduces
_INTRODUCED_RE = re.compile(r"^User's (?P<r>[a-z][a-z -]*?) (?:is )?(?P<n>[A-Z][\w'-]+)\b")


def their_work_said_next(facts: list[Fact], text: str) -> list[Fact]:
    """`facts` with the work said right after someone is introduced, without a subject, as
    that person's: "gf kayla. hygienist at a dentist in clear lake" is Kayla's job, not the
    user's. Only the sentence right after the introduction, and only one said without a
    subject ("my wife is Ana. I'm a nurse at St James" is the user's work)."""
    out: list[Fact] = []
    intro: tuple[str, str] | None = None
    for f in facts:
        said = f.clause[4:] if f.clause.startswith("I'm ") else ""
        bare = said and re.search(r"(?:^|[.!?]\s+)" + re.escape(said), text, _I) is not None
        if intro and f.rule == "occupation_is" and bare:
            rel, name = intro
            what = f"is a {f.value}" if f.key == "job_title" else f"works at {f.value}"
            out.append(Fact(**{**f.__dict__, "text": f"User's {rel} {name} {what}", "key": None, "value": None,
                               "kind": "semantic", "rule": "their_work_said_next"}))
            continue
        m = _INTRODUCED_RE.match(f.text)
        intro = (m["r"], m["n"]) if m and (m["r"] in RELATIONS or f.key == "partner") else \
            intro if f.rule == "occupation_is" else None
        out.append(f)
    return out
