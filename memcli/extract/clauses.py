"""Sentence and clause splitting, and the fillers stripped from a clause's start.

"I left Infosys and joined TCS; my sister lives in Delhi" is three clauses; a
subject-less "and joined TCS" inherits the previous clause's "I"; a clause opening
with a subordinate conjunction ("When I was a kid, ...") stays whole.
"""

from __future__ import annotations

import re

from .lexicon import (
    _I,
    _REL,
    ASIDES,
    FILLER_RE,
    HAS_PARTICIPLE,
    IMPERATIVE_VERBS,
    OCCUPATIONS,
    PAST_FORMS,
    RELATIONS,
    TRADE_HAND_RE,
)
from .people import one_each
from .runons import runon_split

# A period after a title, a common abbreviation or a lone initial ends no sentence:
# "Dr. Rao", "St. Mary's", "Prof. Okafor", "e.g. pasta", "J. K. Rowling", "approx. 5 km".
# (Each lookbehind holds the period: the guards must look at the text before the split.)
_ABBREVIATIONS = ("Mr", "Mrs", "Ms", "Mx", "Dr", "Prof", "St", "Mt", "Ft", "Sr", "Jr", "Rev", "Fr", "Sgt", "Capt",
                  "Lt", "Col", "Gen", "Gov", "Sen", "Rep", "Hon", "vs", "etc", "e\\.g", "i\\.e", "approx", "incl",
                  "Inc", "Ltd", "Co", "Corp", "No", "Nos", "Ave", "Rd", "Blvd", "Dept", "Univ", "Jan", "Feb",
                  "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec", "a\\.m", "p\\.m", "ca", "cf",
                  "min", "max", "tel", "ext", "est", "dept", "govt",
                  # casual messages write titles in lower case: "my advisor dr. okafor"
                  "dr", "mr", "mrs", "prof",
                  # titles of other languages: "Dra. Vidal", "Sra. Gómez", "Mme. Roux", "Ing. Novak"
                  "Dra", "Sra", "Srta", "Mme", "Mlle", "Ing", "Lic", "Dott", "Hr",
                  # a number's label: "Swissmedic Gesuch-Nr. 68123", "vol. 3", "ref. 4471", "pg. 12"
                  "Nr", "nr", "Vol", "vol", "Ref", "ref", "Fig", "pp", "pg", "Pg")
_ABBR = "".join(rf"(?<!\b{a}\.)" for a in _ABBREVIATIONS) + r"(?<!\b[A-Z]\.)"
_SENT_SPLIT_RE = re.compile(r"(?:\n+|(?<=[.!?])" + _ABBR + r"[\"')\]]*\s+)")


# An emoji between two clauses ends the first, as a full stop would: "i quit chatime 🙃 got
# a job at hoyts".
_EMOJI_BREAK_RE = re.compile("[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B50\u2B55]+(?:\uFE0F)?\\s+(?=[A-Za-z])")
# Casual messages drop the subject: "got a job at hoyts", "moved to tbilisi last week",
# "been listening to laufey nonstop" are the user's.
_SUBJECTLESS_RE = re.compile(
    r"^(?:just\s+|finally\s+|recently\s+|also\s+)?(?:got|moved|started|quit|left|joined|bought|sold|switched|"
    r"adopted|relocated|became|finished|passed|graduated|retired|changed|stopped|picked up|signed up|booked|"
    r"took up|gave up|lost|won|broke|met|married|weighed|ditched|dumped|swapped|traded|replaced|dropped|cancell?ed|canceled|"
    r"transferred|signed with|signed|landed|accepted|took|completed on|closed on|collected|haven'?t|havent)\b", _I)
# ... and a state said in the present, with where or what after it: "live w mum in crantock
# still", "work at tubes surf shop", "ride a 6'2 firewire" (never "live with it", "work on
# it", "drive safe": an object or a place must follow, and no verb of its own)
_SUBJECTLESS_NOW_RE = re.compile(r"^(?:still\s+|currently\s+)?(?:live|work|drive|ride|study|teach)\s+"
                                 r"(?:with|w/|in|at|for|a|an|my|our)\s+(?!(?:it|this|that|them|home|least|once|all)\b)\w"
                                 r"(?![^,;]*\b(?:is|was|are|were)\b)", _I)  # (a noun, "Study in the attic is cold")
# ... and what the user was made: "Promoted to partner in March", "frocked to OS1" ("I got ...")
_SUBJECTLESS_MADE_RE = re.compile(r"^(?:just\s+|finally\s+)?(?:promoted|frocked|posted|reassigned)\s+to\b", _I)
_SUBJECTLESS_BEEN_RE = re.compile(r"^been\b", _I)
# ... and the "I'm" of a state: "living in Halifax these days", "still at Shopify for now",
# "back in Toronto since May", "off sugar", "not at cfa anymore", "now at Brightline", "head chef now at Maison
# Olea". Not when a verb of its own follows: "working from home is great", "still raining
# here", "the manager at the shop was rude" (a gerund or a noun that is the subject).
_STATE = (r"(?:living|working|renting|staying|studying|teaching|based|training|learning|dating|expecting|pregnant|"
          r"engaged|married|single|retired|unemployed|self[- ]employed|vegan|vegetarian|pescatarian|allergic|"
          r"intolerant|taking|doing|playing|volunteering|coaching|practising|practicing)")
_SUBJECTLESS_AM_RE = re.compile(
    r"^(?:(?:still|now|currently)\s+(?:at|in|with|on|a|an|" + _STATE[3:] + r"|back\s+(?:in|at|home|on|with)|"
    r"off\s+(?!to\b)\w+|(?:not|no longer)\s+(?:at|in|with|on|a|an|" + _STATE[3:] + r"|" + _STATE + r")\b", _I)
# ... and a fan said without its "I'm": "arsenal fan, suffering as usual", "huge Celtic fan",
# "big fan of Taylor Swift", "season ticket holder at Anfield" (never a fan that cools a room,
# "ceiling fan is broken", nor one with a verb of its own, "fans were singing")
_FAN_RE = re.compile(
    r"^(?:(?:a|an|such a)\s+)?(?:(?:huge|big|massive|lifelong|life-long|die-?hard|long-?suffering|proud|loyal|devoted|"
    r"mad|total|diehard|hardcore|die hard)\s+)*(?:(?!(?:ceiling|desk|box|exhaust|extractor|cooling|pedestal|tower|bathroom|"
    r"kitchen|standing|electric|oven|radiator|floor|table|window|attic|the|my|our|your|his|her|their|no|not|"
    r"i|i'm|im|i've|we|we're|he|he's|she|she's|they|they're|you|you're)\b)"  # ("I'm a Leeds fan" has its subject)
    r"[\w.&'-]+(?:\s+[\w.&'-]+){0,2}\s+(?:fan|supporter)|(?:huge|big|massive|lifelong|die-?hard|proud)\s+fan\s+of|"
    r"season[- ]ticket holder)\b(?!\s+(?:is|was|are|were|has|had|broke|stopped|died)\b)(?!s\b)", _I)
# ... and of any doing said without its "I'm": "running on the river road instead", "building a
# deck this summer", "painting the kitchen on Saturday". The -ing word opens the clause and an
# object or an adverbial follows it; nouns in -ing are not doings ("morning walks", "wedding on
# the 12th"), and a gerund that is the subject has a verb of its own ("parking went up").
_DOING_RE = re.compile(
    r"^(?!(?:morning|evening|nothing|something|anything|everything|thing|king|ring|spring|string|wing|sibling|"
    r"wedding|ceiling|pudding|darling|during|ping|sing|bring|sting|swing|icing|clothing|housing|"
    r"parking|earring|offspring|duckling|dumpling|seedling|stuffing|frosting|filling|bedding|landing|lining|"
    r"setting|warning|boeing|beijing|sterling|viking|pending|according|including|regarding|concerning|"
    r"notwithstanding|wondering|feeling)\b)(?P<v>(?:[a-z]{2,}[^aeiouy\W]|[a-z]*ee)ing)\s+(?=(?:on|at|in|with|for|to|from|around|"
    r"about|along|through|up|down|out|off|a|an|the|my|our|his|her|their|some|more|less|again|now|still|every|"
    r"most|daily|twice|this|someone|somebody|\d)\b|\d)", _I)
# (never one a determiner points at: "and the doctor at the heilsugæsla gave me ..." is someone else)
_OCCUPATION_AT_RE = re.compile(r"^(?!(?:(?:and|but|so|also|plus|then|oh)\s+)?(?:the|this|that|his|her|their|our|my|your)\s)"
                               r"(?P<t>(?:[a-z-]+ ){0,3}(?P<h>(?!now\b|currently\b|these\b)[a-z-]+))\s+(?:now |currently |these days )?"
                               r"(?P<p>at|for|with|on)\s+(?!(?:me|us|you|him|her|them)\b)\S", _I)
_OWN_VERB_RE = re.compile(r"\b(?:is|are|was|were|be|sounds?|seems?|feels?|looks?|makes?|would|will|can|could|"
                          r"should|must|has|had|says?|said|told|wants?|thinks?|rains?|raining|snows?|snowing)\b", _I)
# ("Kerensa got head chef at a bistro": someone's news, not "I'm ..."; the irregular past too)
_PAST_VERB_RE = re.compile(r"\b(?!(?:called|named) [A-Z]|(?:based|retired|engaged|unemployed|self-employed)\b)"
                           r"(?i:[a-z]{3,}ed|" + "|".join(sorted(PAST_FORMS - {"lit", "shut", "led"})) + r")\b")


# An interjection before a subject-less clause; not a conjunction, whose clause may go on
# with the last sentence's subject ("Rob texted. And moved the date"): "nah, moved in with sam".
_LEAD_RE = re.compile(r"^(?:nah|nope|yeah|yep|yup|ok|okay|haha|lol)\b,?\s+", _I)


_NEXT_SUBJECT_RE = re.compile(r"(?:,|;|\s+(?:and|but|so))\s+(?=(?:we|i|he|she|they|it|my|our|you)\b)", _I)


_INTRO_LABEL_RE = re.compile(r"\b(?:context|background|intro|introduction|about me)\b", _I)
_INTRO_NAME_RE = re.compile(r"^(?P<n>(?-i:[A-Z][a-z'-]+))\s*,\s+(?P<rest>[a-z].*)$", _I)


# A relative said without "my" at the start of a clause, then their name or what they do:
# "Partner Meera is a pharmacist", "Husband Tom works nights", "sister lives in Leeds", "Best friend
# Kamran from ned uni days"; not
# a vocative or a possessive ("Brother, help", "Mum's the word"), nor "Kids these days".
_BARE_RELATION_RE = re.compile(
    r"^(?-i:(?P<rel>" + "|".join(sorted((re.escape(r.capitalize()) + "|" + re.escape(r) for r in RELATIONS | {"best mate", "best pal"}
                                         if r not in ("team", "ex", "baby", "kid's")),
                                        key=len, reverse=True)) + r"))\s+"
    r"(?=(?-i:[A-Z][a-z]+)\b(?!')|(?:is|was|has|had|just|lives|works|moved|started|got|wants|says|said|"
    r"left|quit|retired|passed|turned|teaches|studies|drives|runs|loves|hates)\b)")


def _with_subject(sentence: str) -> str:
    # "nah, moved in with sam": the interjection, then the subject-less clause
    lead = _LEAD_RE.match(sentence)
    rest = sentence[lead.end():] if lead else sentence
    said = sentence[:lead.end()] if lead else ""
    core = _strip_fillers(rest)  # "big car news: sold the Tacoma": the filler, then the clause
    if core and core != rest and rest.endswith(core):
        said, rest = said + rest[:len(rest) - len(core)], core
    if (m := re.match(r"(h|sh)es\s|(they)re\s", rest, _I)):  # "hes a nurse at valley med": he is, no "I"
        return said + (f"{m[1]}e's " if m[1] else f"{m[2]}'re ") + rest[m.end():]
    if _BARE_RELATION_RE.match(rest):  # "Partner Meera is a pharmacist": the "my" left out
        return said + "My " + rest[:1].lower() + rest[1:]
    # "Context for later: Arjun, data engineer at Northwind Freight": an introduction, the user's own
    intro = _INTRO_NAME_RE.match(rest) if _INTRO_LABEL_RE.search(said) else None
    head_noun = re.split(r"\s+(?:at|for|with|in|from)\s+|,", intro.group("rest"), maxsplit=1)[0].split() if intro else []
    if intro and head_noun and len(head_noun) <= 4 and head_noun[-1].lower() in OCCUPATIONS:
        article = "" if re.match(r"^(?:a|an|the)\s", intro.group("rest"), _I) else "a "
        return f"{said}I'm {intro.group('n')}, {article}{intro.group('rest')}"
    lowered = rest[:1].lower() + rest[1:]
    if _SUBJECTLESS_BEEN_RE.match(rest):
        return said + "I've " + lowered
    if _SUBJECTLESS_RE.match(rest) or _SUBJECTLESS_NOW_RE.match(rest):
        return said + "I " + lowered
    if _SUBJECTLESS_MADE_RE.match(rest):
        return said + "I got " + lowered
    if _FAN_RE.match(rest):  # ("Liverpool fan": the club as written)
        plain = re.match(r"(?:a|an|such|huge|big|massive|lifelong|die-?hard|proud|season|mad|total|loyal)\b", rest, _I)
        return said + "I'm " + ("a " if plain and not re.match(r"(?:a|an|such)\b", rest, _I) else "") \
            + (lowered if plain else rest)
    if re.search(r"[:!-]\s*$", said) and core and rest == core and _SUBJECTLESS_AM_RE.match(rest):
        return "I'm " + lowered  # after a flag or a heading: "IMPORTANT: allergic to shellfish"
    # the first clause decides: in "head chef now at Maison Olea, 28 covers, we opened in
    # February" the verb of "we opened" is the next clause's, with its own subject
    head = _NEXT_SUBJECT_RE.split(sentence, maxsplit=1)[0]
    lead = re.match(r"^(?:also|and|but|so|plus|btw|oh)\b,?\s+", sentence, _I)
    rest = sentence[lead.end():] if lead else sentence
    # "also not at cfa anymore, the hours were awful": the verb after the comma is the next clause's
    if re.match(r"(?:i|we)\s", rest, re.I):
        return sentence  # "I work cashier at Walmart" has its subject
    if _SUBJECTLESS_AM_RE.match(rest) and not _OWN_VERB_RE.search(re.split(r"[,;]", head, maxsplit=1)[0]):
        return "I'm " + rest[:1].lower() + rest[1:]
    if _OWN_VERB_RE.search(head):
        return sentence
    if _DOING_RE.match(rest) and not _PAST_VERB_RE.search(re.split(r"[,;]", head, maxsplit=1)[0]):
        return "I'm " + rest[:1].lower() + rest[1:]
    job = _OCCUPATION_AT_RE.match(sentence)
    if job and sentence.split()[0].lower() not in IMPERATIVE_VERBS and (TRADE_HAND_RE.fullmatch(job.group("h"))  # "derrickhand on 41"; "nurse on nights" is no workplace
                or (job.group("h").lower() in OCCUPATIONS and job.group("p").lower() != "on")) \
            and not _PAST_VERB_RE.search(head):
        return "I'm " + sentence[:1].lower() + sentence[1:]
    return sentence


_NOT_A_NAME = (r"(?!(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|(?:jan|febr)uary\b|march\b|april\b|may\b|june\b|"
               r"july\b|august\b|september\b|october\b|november\b|december\b|so\b|right\b|over\b|in\b|out\b|up\b|"
               r"down\b|back\b|i\b|im\b|we\b|you\b|they\b|it\b|he\b|she\b|all\b|everyone\b|everything\b|nothing\b|"
               r"stuff\b|life\b|weather\b|here\b|there\b|things\b|work\b|home\b|me\b|us\b|and\b|but\b|not\b|still\b|"
               r"now\b|nobody\b|somebody\b|someone\b|good\b|fine\b|ok\b|okay\b|great\b|done\b|late\b|early\b|raining\b|"
               r"cold\b|hot\b|been\b|about\b|time\b|official\b|true\b|over\b|crazy\b|busy\b|from\b|hence\b)")
# who writes, before what they write: "this is Henk I'm a truck driver", "it's Sandrine from
# the boulangerie.", "its me again", "Henk here", "kai here, 2nd year phd"; never "this is
# Henk, my neighbour", "it's Tuesday", "so here I am"
_SELF_INTRO_RE = re.compile(
    r"^(?P<greet>(?:\W*(?:hello|hi|hey|hiya|heya|good (?:morning|afternoon|evening)|bonjour|salut|hola|oi|ok|okay)"
    r"[,!.]?\s+)*)(?:(?:this is|it'?s|its) (?:me|" + _NOT_A_NAME + r"(?P<n1>(?-i:[A-Z][a-z\u00e0-\u00ff'-]+(?:[A-Z][a-z\u00e0-\u00ff'-]+)?)))"
    r"(?:(?: again| here)(?=[\s,.!:]|$)|(?: again)?\s+(?:man|bro|fam|mate|dude|lol)(?=\s)|(?P<from> from (?:the )?[\w'-]+(?: [\w'-]+)?)?(?=\s*(?:[.!:]|,(?!\s*(?:my|our|his|her|the|a|an)\b)|"
    r"\s+(?:i\b|i'm|im\b|i've|we\b|we're|still\b))))"
    r"|" + _NOT_A_NAME + r"(?P<n2>[A-Za-z\u00e0-\u00ff'-]{2,}) here(?: again)?(?=[\s,.!:]|$)"
    r"(?!\s+(?:is|are|was|were|has|have|had|will|looks?|seems?|gets?|goes|runs?)\b))(?P<end>\s*[,.!:]*\s*)", re.I)


# a greeting asked as a question, before what the message tells: "what's up it's DeShawn man
# a lot happened", "how's it going, we finally closed on the house"; never "how are you
# finding it?"
_GREETING_ASKED_RE = re.compile(r"^(?:(?:hey|hi|hello|yo|ok|okay)\W+)*(?:what'?s up|whats up|wassup|what'?s good|"
                                r"how'?s it going|how are (?:you|u|ya)|how r u|how you doing|how'?ve you been)"
                                r"(?:\s+(?:man|bro|fam|mate|dude|guys|girl))?(?:\s*[,!.]+\s*|\s+(?=(?:it'?s|its|this is|i|i'm|"
                                r"im|we|we're|so|my)\s))(?=\w)", re.I)


def self_introduced(text: str) -> str:
    """A message that opens with who writes it ("hello this is Henk I'm a truck driver",
    "good evening Henk here home week ...") with that said as a sentence of its own ("I'm
    Henk."), or left out when it names no one ("its me again ..."); a greeting asked before
    it ("what's up it's DeShawn man ...") is left out."""
    asked = _GREETING_ASKED_RE.match(text)
    if asked:
        text = text[asked.end():]
    m = _SELF_INTRO_RE.match(text)
    if m is None or not text[m.end():].strip():
        return text
    name = m.group("n1") or m.group("n2")
    said = f"I'm {name[:1].upper()}{name[1:].lower() if name.isupper() else name[1:]}{m.group('from') or ''}. " \
        if name else ""
    return m.group("greet") + said + text[m.end():]


# the mark of a list's item: "(a) I am a member of ...", "2) moved", "(iv) ..." ("1." is a sentence of its own)
_LIST_MARK_RE = re.compile(r"^(?:\((?:[a-z]|\d{1,2}|[ivx]{1,4})\)|(?:[a-h]|\d{1,2})\))\s+")


# a note's heading before the people it lists: "Fam: wife Keisha, dental hygienist ...",
# "Kids: daughter Amara (6) and son Marcus (3)" (a heading before anything else stays:
# "Kids: 2, both in school")
_PEOPLE_HEADING_RE = re.compile(
    r"^(?:(?i:fam|family|household|kids|children|the kids|the family|home front|people)\s*:\s+"
    r"(?=(?i:my\s+|our\s+)?(?i:wife|husband|partner|gf|bf|girlfriend|boyfriend|fianc[eé]e?|daughters?|sons?|kids?|"
    r"children|twins|baby|mum|mom|dad|mother|father|brothers?|sisters?|grand(?:son|daughter)s?|stepson|stepdaughter|"
    r"sis|bro)\s+(?-i:[A-Z])|(?i:my|our)\s)"
    # any short heading of a note before kin named: "FHx-ish: sis Mei, 28, teaches yr 5"
    r"|[A-Za-z][\w-]{0,15}\s*:\s+(?=(?i:wife|husband|partner|gf|bf|girlfriend|boyfriend|daughter|son|mum|mom|dad|"
    r"brother|sister|sis|bro)\s+(?-i:[A-Z])[a-z]+\b))")


# who writes, told as a list: "i am jiwoo, park ji-woo, 27살, webtoon artist in seoul", "I'm
# Priya, 29, a data analyst at Flipkart", "Rodel Manalo, 38, Pinoy seafarer" (a full name
# first in the message); never kin listed ("Keoni, 12, Malia, 9")
_LISTED_INTRO_RE = re.compile(
    r"^(?:(?:hi|hello|hey|hiya|heya)\W+)?(?:(?:i am|i'm|im|me\s*[:-]|this is)\s+(?P<name>[A-Za-z\u00c0-\u024f][\w'-]+(?:\s+[A-Za-z\u00c0-\u024f][\w'-]+){0,2})"
    r"|(?P<full>(?-i:[A-Z][a-z\u00e0-\u00ff'-]+(?:\s+[A-Z][a-z\u00e0-\u00ff'-]+){1,2})))"
    # the name again, in full ("jiwoo, park ji-woo"; never where from: "Yuki, from Japan, 34")
    r"(?:,\s*(?!(?:from|in|at|of|the|a|an|and|living|based|born|originally|working|aged?)\b)"
    r"[A-Za-z\u00c0-\u024f][\w'-]+(?:[\s-][A-Za-z\u00c0-\u024f][\w'-]+){0,2})?"
    r",\s*(?P<age>[1-9]\d|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|"
    r"seven|eight|nine))?)(?:\s*(?:y/?o|yo|yrs?|years?(?: old)?|\uc0b4|ans|años|anos))?"
    # what follows is the writer's, unless it is a sentence about the one named ("..., is my neighbour")
    r"(?:[.!]*$|,\s*(?!(?-i:[A-Z])[\w'-]+,?\s*\d)(?!.*\b(?:is|was|are|were|has|had)\b)"
    r"(?P<rest>(?:a |an )?[\w\u00c0-\u024f].*)$)", re.I)


# the list opened by the age: "I'm 52, electrician at Hydro-Québec", "im 38, nurse 12 years now"
# (never a sentence, "I'm 38, and my knees know it"; never a count, "I'm 30, 31 in May")
_AGE_FIRST_RE = re.compile(
    r"^(?:(?:hi|hello|hey|hiya|heya)\W+)?(?:i am|i'm|im)\s+(?P<age>[1-9]\d)(?:\s*(?:y/?o|yo|yrs?|years?(?: old)?))?,\s*"
    r"(?!(?:and|but|so|or|then|too|still|not|almost|nearly|now|just|soon|going|turning|tomorrow|today|next)\b)"
    r"(?!.*\b(?:is|was|are|were|has|had|will|would)\b)(?P<rest>(?:a |an )?[a-z\u00c0-\u024f][\w\u00c0-\u024f-]*.*)$", re.I)


def _age_first(m: re.Match[str]) -> str:
    """"I'm 52. I'm an electrician at Hydro-Québec.": the age, then the rest, with its
    article when it opens with a trade ("nurse", "bus driver")."""
    rest = m.group("rest").rstrip(" .")
    words = re.findall(r"[a-z]+", rest.lower())[:2]
    trade = bool(words) and not re.match(r"(?:a|an)\b", rest, re.I) and any(w in OCCUPATIONS for w in words)
    article = ("an " if rest[:1].lower() in "aeiou" else "a ") if trade else ""
    return f"I'm {m.group('age')}. I'm {article}{rest}."


def introduced_in_a_list(sentence: str, before: str | None = "") -> str:
    """A self-introduction told as a list, said as sentences the rules read ("I'm Jiwoo.
    I'm 27. I'm a webtoon artist in seoul."); a full name without "I'm" only when it
    opens the message (`before` empty) or follows the writer's first name ("Rodel here,
    Rodel Manalo, 38, ..."); one opened by the age, "I'm 52, electrician at Hydro-Québec"
    (`_AGE_FIRST_RE`). Anything else as it was."""
    age = _AGE_FIRST_RE.match(sentence.strip())
    if age is not None and not re.match(r"\d", age.group("rest")):
        return _age_first(age)
    m = _LISTED_INTRO_RE.match(sentence.strip())
    if m is None or (m.group("full") and before != "" and not (
            before and re.match(r"I'm " + re.escape(m.group("full").split()[0]) + r"\b", before))):
        return sentence
    name, rest = m.group("name") or m.group("full"), (m.group("rest") or "").rstrip(" .")
    if not rest:
        return f"I'm {name[:1].upper()}{name[1:]}. I'm {m.group('age')}."
    # ("born and raised in lubbock, flight attendant w emirates": an occupation after a comma is an item of its own)
    items = [p for p in re.split(r",\s+(?=(?:[a-z-]+\s+)?(?:" + "|".join(sorted(OCCUPATIONS, key=len, reverse=True))
                                 + r")\b)", rest, flags=re.I) if p]
    return f"I'm {name[:1].upper()}{name[1:]}. I'm {m.group('age')}. " + " ".join(f"I'm {_article(p)}{p}." for p in items)


def _article(rest: str) -> str:
    """The article a listed item takes after "I'm" ("a webtoon artist"; none for "from Leeds")."""
    return "" if re.match(r"(?:a|an|the|from|in|at|on|based|living|working|retired|born|raised|originally|grew)\b", rest,
                          re.I) else ("an " if rest[:1].lower() in "aeiou" else "a ")


# a bracket of a few words, and the stops inside it, kept while a message is split
_BRACKET_RE = re.compile(r"\([^()\n]{1,80}\)")
_STOPS_KEPT = str.maketrans(".!?", "\ue000\ue001\ue002")
_STOPS_BACK = str.maketrans("\ue000\ue001\ue002", ".!?")


def _split_outside_brackets(text: str) -> list[str]:
    """`text` split into sentences, where a stop inside brackets ends none ("retired
    steelworker (Huta im. Lenina days), still in Nowa Huta", "I moved (finally!) to Leeds")."""
    kept = _BRACKET_RE.sub(lambda m: m.group(0).translate(_STOPS_KEPT), text)
    return [p.translate(_STOPS_BACK) for p in _SENT_SPLIT_RE.split(kept)]


def _sentences(text: str) -> list[str]:
    text = self_introduced(text)
    parts = _split_outside_brackets(_EMOJI_BREAK_RE.sub(lambda m: m.group(0).rstrip() + "\n", text))
    # (a listed introduction said as sentences is split again; any other part is as it was)
    said = [introduced_in_a_list(p, "" if i == 0 else parts[0] if i == 1 else None) if p else p
            for i, p in enumerate(parts)]
    parts = [q for p, n in zip(parts, said, strict=True) for q in (_SENT_SPLIT_RE.split(n) if n != p else [p])]
    out = []
    for p in (r for q in parts if q is not None for r in runon_split(q)):
        p = _PEOPLE_HEADING_RE.sub("", _LIST_MARK_RE.sub("", p.strip(" \t-*•>")))
        if p:
            out.append(_with_subject(p))
    return out


_SUBJ = r"(?:i|i'm|i've|i'd|i'll|im|ive|my|we|we're|we've|our|me and|she|he|they|it's)\b"
# The work a casual message names by what is done there: "..., bagging at the kroger on moreland"
JOB_GERUND = (r"(?:working|bagging|waitressing|bartending|cashiering|tutoring|nannying|lifeguarding|interning|temping|"
              r"freelancing|teaching|coaching|nursing)")
_CLAUSE_VERBS = (r"(?:joined|moved|started|switched|quit|left|bought|sold|got|became|adopted|relocated|"
                 r"now|also|live|work|love|like|have|had|went|am|was|hate|enjoy|prefer|run|ran|"
                 r"stopped|gave|turned|graduated|married|retired|changed|teach|study|play|drive|cook|own|speak|"
                 r"write|paint|volunteer|coach|manage|take|use|need|go|travel|visit|sing|swim|hike|climb|bake|"
                 r"knit|collect|attend|train|practice|practise|support|commute|bike|cycle|walk|rent|share|"
                 r"taught|studied|played|drove|lived|worked|grew|met|started|finished|passed|failed|lost|won|"
                 r"broke|hurt|adopted|sold|earn|make|made|keep|kept|speak|spoke|raise|raised)\b")
_CLAUSE_SPLIT_RE = re.compile(
    r"\s*;\s*|\s*,\s+(?=(?:and |so )?(?:please|pls)\b)"
    # "I'm allergic to penicillin so if I ever ask you about medicines ...": what is said
    # before a condition joined to it is said outright
    r"|\s*,?\s+(?:and|but|so)\s+(?=if\s)|\s*,?\s+(?:and|but|so|plus)\s+(?=" + _SUBJ + r"|" + _CLAUSE_VERBS + r")"
    r"|\s*,\s+(?=" + _SUBJ + r")"
    # "..., so weekday dinners are on me": what follows for the user, a subject of its own
    r"|\s*,\s+so\s+(?=(?:the |my |our |all )?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}\s+(?:is|are|was|were|will|gets?|got)"
    r"\b[^,.;]*\b(?i:me|my|us|our|mine|I)\b)"
    # "not at cfa anymore, bagging at the kroger": the work now, a clause of its own
    r"|\s*,\s+(?=" + JOB_GERUND + r"\s+(?:at|for|with)\s+(?!(?:weekends?|nights?|home|the moment|times)\b))"
    # "..., Dotty woke us at 5am": a named subject and its verb start a clause of their own
    r"|\s*,\s+(?=(?-i:[A-Z][a-z'-]+)\s+(?-i:(?:[a-z]+ed|woke|went|got|came|made|took|said|told|ate|ran|left|broke|"
    r"fell|gave|had)\b))"
    # "..., Rob's driving for Fonterra on the milk tankers": a named subject doing something now
    r"|\s*,\s+(?=(?-i:[A-Z][a-z'-]+)(?:'s|\s+is)\s+(?-i:[a-z]{3,}ing)\b)"
    # "..., and the dentist is Dr. Ferrer": a subject of its own, said of a name or a number
    r"|\s*,?\s+(?:and|but|plus)\s+(?=the\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|are|was|were)\s+(?-i:[A-Z0-9]))"
    # "sat is march 8 and act is april 5": a second thing and its date
    r"|\s*,?\s+(?:and|but|plus)\s+(?=(?:the\s+|my\s+|our\s+)?[a-z][\w'-]*\s+(?:is|are|was|'s)\s+(?:on\s+)?"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b)"
    # "..., today I was there": a time word, then a subject of its own
    r"|\s*,\s+(?=(?:today|yesterday|tonight|then|now|later|earlier|anyway|this morning|last night)\s*,?\s+"
    + _SUBJ + r")|\s*,\s+(?=(?:do|does|did|can|could|would|will|is|are|what|"
    r"how|why|any)\s+\w+)|\s+-\s+(?=" + _SUBJ + r")|\s*:\s+(?=" + _SUBJ + r")", _I)
# (", who ...", ", where ...", ", when ..." after a name are relative clauses: "Dr Whitcombe,
# who has taken over Dr Anand's patients, has asked me ..." stays one clause.)
_SUBORDINATE_START_RE = re.compile(r"^(?:when|while|because|although|though|since|after|before|as|if|"
                                   r"once|whenever|unless|even though|what if|suppose)\b", _I)


_ROLE_WORDS = ("principal|headteacher|head teacher|teacher|tutor|coach|advisor|adviser|supervisor|mentor|landlord|"
               "landlady|gp|doctor|dentist|therapist|physio|vet|accountant|lawyer|trainer|editor|agent|lead|"
               "team lead|line manager|carer|nanny")
# words that open a sentence without naming anyone ("Honestly, my boss, he is awful")
_NOT_SUBJECT = (r"(?:Well|Anyway|Anyhow|So|Also|Yes|Yeah|No|Nope|Okay|Ok|Oh|Sorry|Today|Yesterday|Tomorrow|Now|Then|"
                r"Plus|Btw|Lol|Ugh|Um|Hmm|Update|Again|Still|Meanwhile|Besides|Otherwise|However|Though|Sure|Right|"
                r"Alright|Thanks|Please|Hi|Hey|Hello|Great|Cool|Nice|Wow|Ah|Aha|Welp|Guess|Turns|There|Here)\b")
_APPOSED_RE = re.compile(
    r"^(?P<lead>(?:[^:,]{1,40}:\s+)?(?:(?:and|then|also|so|plus)\s+){0,2})(?:(?:and\s+|then\s+|also\s+)?(?:there'?s|there is|meet)\s+)?(?:(?-i:Our|our|Wor|wor)\s+)?(?P<n>(?-i:(?:(?:Dra|Dr|Prof|Mrs|Mr|Ms|Mx)\.?\s+)?(?![A-Z][a-z]+ly\b|" + _NOT_SUBJECT + r")[A-Z][a-z'-]+"
    r"(?:\s+[A-Z][a-z'-]+)?)),\s+(?P<my>(?:my|our)\s+(?:(?:new|old|current|dear|little|big|older|younger|"
    r"eldest|youngest|best)\s+)?(?:" + _REL + "|" + _ROLE_WORDS + r"))"
    r"(?P<at>(?:\s+(?:at|from|in)\s+(?-i:[A-Z])[\w&'-]*(?:\s+(?-i:[A-Z])[\w&'-]*){0,3})?),\s+", _I)


# "my boss, he is awful", "honestly my sister, she's in Lyon now": a person or thing said
# first and taken up again by a pronoun is the subject ("my boss is awful"), not a clause
# of its own (never "I told my boss, he laughed": the name is no clause's opening). A name said
# first ("Lennox, my pardner, he ...", "talking about Jaylen, the boy ...") is read before the
# people of the message are found (`text.unclipped`), so that it introduces them.
_DISLOCATED_RE = re.compile(r"^(?P<lead>(?:[a-z]+,?\s+)?)(?P<np>(?:my|our)\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s*,\s+"
                            r"(?:he|she|they|it)(?P<v>'s|'re|'ve|'ll|\s+(?=[a-z]))", _I)
_CONTRACTED = {"'s": " is ", "'re": " are ", "'ve": " have ", "'ll": " will "}


def _undislocated(sentence: str) -> str:
    m = _DISLOCATED_RE.match(sentence)
    if not m or (m.group("lead").strip(", ").lower() not in ("", "honestly", "well", "so", "and", "but", "also",
                                                                "anyway", "ugh", "oh", "btw", "plus", "now")):
        return sentence
    verb = _CONTRACTED.get(m.group("v").lower(), " ")
    if verb == " is " and re.match(r"\s*" + HAS_PARTICIPLE, sentence[m.end():], _I):
        verb = " has "  # "my ex, he's been phoning": has
    return f"{m.group('lead')}{m.group('np')}{verb}{sentence[m.end():].lstrip()}"


_NAME_APPOSED_RE = re.compile(
    r"(?P<np>\b(?:my|our|the|a|an)\s+[^,;:]{1,40}),\s+(?P<n>(?-i:(?:(?:Dra|Dr|Prof|Mrs|Mr|Ms|Mx)\.?\s+)?[A-Z][a-z'-]+"
    r"(?:\s+[A-Z][a-z'-]+){0,2})),\s+(?=(?:is|was|are|were|has|had|have|will|would|does|did|can|drives|works|"
    r"lives|runs|takes|helps|says|said|just|also|now|still)\b)", _I)


# "And Tokkie, our Boerboel, soft as butter", "Dave, my neighbour, is fixing the fence", "Then
# there's Setanta, our retired greyhound, eleven years old": the name and what it is to the
# user are one subject ("our Boerboel Tokkie")
_NAMED_APPOSED_RE = re.compile(
    r"^(?P<lead>(?:(?:and|also|plus|then|so)\s+){1,2})?(?:(?:there'?s|there is|this is|meet)\s+)?" + _NOT_A_NAME + r"(?!(?:yesterday|today|tomorrow|tonight|anyway|honestly|"
    r"sadly|luckily|well|also|btw|ps|oh|ah|ag|ja|yes|yeah|no|nah|lol|haha|thanks|sorry|update|news|ugh|oops|hmm+|wow|"
    r"omg|uh|um+|er|argh|damn|dang|gosh|jeez|yikes|ouch|whoops|alas|okay|ok|right|so|hey|hi|hello)\b)"
    r"(?P<n>(?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+))?),\s+"
    r"(?P<np>(?:my|our)\s+(?!(?:mistake|bad|fault|error|apologies|god|goodness|gosh|word)\b)(?:[\w'-]+\s+){0,2}?[\w'-]+)"
    r"(?P<after>,\s+(?P<verb>(?:is|was|are|were|has|had|will|lives|works)\b)?|\s*[.!]?\s*$)", _I)


def _name_apposed_first(sentence: str) -> str:
    m = _NAMED_APPOSED_RE.match(sentence)
    if m is None:
        return sentence
    join = "\x01" if m.group("verb") or not m.group("after").startswith(",") else ", "
    rest = sentence[m.end():] if not m.group("verb") else m.group("verb") + sentence[m.end():]
    return f"{m.group('lead') or ''}{m.group('np')}\x01{m.group('n')}{join if rest.strip() else ''}{rest}"


_RESUMED_RE = re.compile(r"(\b(?:with|and|to|for|by|from|near|beside)\s+(?:my|our)\s+(?:" + _REL + r")"
                         r"(?:\s+(?!(?:he|she)\b)[A-Za-z][\w'-]+)?)(?=\s+(?:he|she)(?:'s|\s+(?:is|was|works|has|does|"
                         r"teaches|drives|runs|plays|lives|studies|just|also|still))\b)", _I)


# "... smelling like oil and Jenny and Kaylee are all unpacked at the new place": a named
# subject and its verb after "and" open a clause of their own
_NAMED_SUBJECT_RE = re.compile(r"\s+and\s+(?=(?-i:[A-Z][a-z'-]+)(?: and (?-i:[A-Z][a-z'-]+))? (?:are|is|was|were|has|have)\s)")
# ... unless the word before "and" is one of the same subject: "me and Mo are", "my wife and Jo are"
_ONE_SUBJECT_BEFORE = frozenset({"me", "i", "and", "or", "with", "both", *(r for r in RELATIONS if " " not in r)})


def _named_subject_split(clause: str) -> list[str]:
    """`clause` split before "and" + a named subject and its verb, after a word of the clause
    before in lower case (`_NAMED_SUBJECT_RE`)."""
    out, at = [], 0
    for m in _NAMED_SUBJECT_RE.finditer(clause):
        before = clause[at:m.start()].split()
        if len(before) >= 3 and before[-1].islower() and before[-1].lower() not in _ONE_SUBJECT_BEFORE:
            out.append(clause[at:m.start()])
            at = m.end()
    return [*out, clause[at:]]


# a time of the week said as a heading, what the user does then said after its colon: "My
# Saturday mornings have also found a new purpose: I am tutoring maths", "Big change on
# Thursdays: I do jiu jitsu now" (what follows says when, as the heading did)
_SLOT = (r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:s|\s+(?:mornings|afternoons|evenings|nights))|weekends|"
         r"(?:mon|tue|wed|thu|fri|sat|sun)\s+(?:mornings|afternoons|evenings|nights))")
_SLOT_HEADING_RE = re.compile(r"^(?P<head>[^:]{0,50}?\b(?P<slot>" + _SLOT + r")\b[^:\d]{0,40}):\s+(?P<rest>(?:i|we)\b[^:]*)$",
                              _I)


def _slot_carried(sentence: str) -> str:
    """`sentence` with the time of the week its heading names said again after what follows
    its colon (`_SLOT_HEADING_RE`), when that says no time of its own."""
    m = _SLOT_HEADING_RE.match(sentence)
    if m is None or re.search(r"\b" + _SLOT + r"\b", m["rest"], _I):
        return sentence
    rest = m["rest"].rstrip()
    end = len(rest.rstrip(".!"))
    slot = m["slot"].lower() if m["slot"].lower().startswith("weekend") else m["slot"][:1].upper() + m["slot"][1:]
    return f"{m['head']}: {rest[:end]} on {slot}{rest[end:]}"


# an aside between commas on how a thing is told, not what is told: "Linda, to be fair, is
# broke", "then, just between us, Linda told me" (never "between us and the river")
_ASIDE_RE = re.compile(r",\s*(?:" + ASIDES + r"|for what it's worth|tbh|ngl|honestly|believe it or not|funnily enough)\s*,\s*", _I)


# a medicine the user was put on, said of whoever prescribed it: "he got me on Eliquis", "Dr
# Shah switched me to apixaban", "the GP started me on sertraline" (the user is on it now)
_PUT_ON_RE = re.compile(r"(?:^|(?<=\band )|(?<=\bso ))(?:he|she|they|(?:the|my) (?:doctor|doc|gp|cardiologist|consultant|"
                        r"specialist|psychiatrist|nurse)|(?-i:Dr\.? [A-Z][\w'-]+)) (?:has |'s |have )?(?:just )?(?:got|put|"
                        r"started|switched|changed) me (?:on|onto|to|over to) "
                        # (a medicine by its name, its ending or its dose; never "put me on the spot", "on hold")
                        r"(?=(?-i:[A-Z])[a-z]|[a-z]+(?:ine|ol|pril|statin|ban|mab|azole|cillin|mycin|pam|lam|ide|one|ate|in)\b"
                        r"|[\w-]+ \d+(?:\.\d+)?\s?(?:mg|mcg|ml|iu)\b)", _I)


def _clauses(sentence: str) -> list[str]:
    if _SUBORDINATE_START_RE.match(sentence):
        # "When I was a kid, I lived in Kerala" / "If I ever get a cat, I'll ...": keep whole
        return [sentence]
    each = one_each(sentence)
    if each is not None:  # "my kids are Jasmine (13, ...) and Theo (9, ...)": one clause each
        return each
    sentence = _slot_carried(_undislocated(_PUT_ON_RE.sub("I'm on ", _ASIDE_RE.sub(" ", sentence))))
    sentence = re.sub(r"\bborn\s+and\s+(?=(?:raised|bred|reared)\b)", "born\x01and\x01", sentence, flags=_I)  # one idiom
    # "I live in tempe with my husband marco he's a firefighter": the relative named after a
    # word of place or company, then taken up again by "he": a clause of their own
    sentence = _RESUMED_RE.sub(lambda m: m[1] + ",", sentence)
    # "me and my wife Thandi live in Randburg" is "my wife Thandi and I live ..." (the name in
    # lower case before a verb of the two: "me n my girlfriend tegan go most evenings")
    sentence = re.sub(r"(^|[:;,]\s+|\b(?:and|but|so)\s+)(?i:me|myself)\s+(?i:and)\s+((?i:my|our)\s+[\w'-]+"
                      r"(?:\s+[A-Z][\w'-]+|\s+(?!(?:have|has|had|are|is|was|were|will|would|can|do|did|go|went|got|been|both|always|still|just|"
                      r"never|love|used|live|and|n)\b)[a-z][a-z'-]+(?=\s+(?:go|went|are|r|were|have|had|got|live|been|both|always|"
                      r"still|will|love|do|did)\b))?|[A-Z][a-z'-]+)\s+(?=[a-z])", "\\1\\2\x01and\x01I ", sentence)
    # "Marco and I broke up", "my wife Sofia and I have ...": one subject, not two clauses
    # (after a word that only leads in: "Also, Ollie and I are done")
    sentence = re.sub(r"^((?:(?i:also|so|and|but|anyway|well|oh|btw|plus)\b,?\s+)?(?:(?i:my|our|the)\s+[\w'-]+"
                      r"(?:\s+[A-Z][\w'-]+)?|(?!(?i:so|and|but|then|yesterday|today|now|also|well|work|life|school|"
                      r"mum|mom|dad)\b)"
                      # (typed in lower case too, the whole sentence so: "marcus n i r done")
                      r"(?:[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?|(?-i:[a-z][a-z'-]+)(?=\s+and\s+i\s+(?-i:[a-z]))(?!.*[A-Z]))))"
                      r"\s+(?i:and)\s+(?=[Ii]\b)", "\\1\x01and\x01", sentence)
    # "Ana, my sister, lives in Leeds": the name and its apposition are one subject
    # ("Mr. Okafor, my new principal, already wants ...": "my new principal Mr. Okafor already wants ...")
    sentence = _APPOSED_RE.sub(lambda m: f"{m.group('lead') or ''}{m.group('my')}\x01{m.group('n')}{m.group('at') or ''}"
                               "\x01", sentence)
    # "my neighbour, Dave, is fixing the fence", "a kind man from the parish, Mr. Jim Tobin, is
    # driving me": the name between commas is the subject's, not a clause of its own
    sentence = _NAME_APPOSED_RE.sub(lambda m: f"{m.group('np')}\x01{m.group('n')}\x01", sentence)
    sentence = _name_apposed_first(sentence)
    # "I would buy a farm and if I won ...": a condition joined to a clause that is itself
    # conditional stays with it (the whole is hypothetical)
    sentence = re.sub(r"^(.*?\b(?:would|could|might)\b.*?|.*?\w'd\b.*?)\s+(and|but|so)\s+(?=if\s)", "\\1\x01\\2\x01",
                      sentence, flags=_I)
    parts = [p.strip().replace("\x01", " ") for p in _CLAUSE_SPLIT_RE.split(sentence) if p and p.strip()]
    parts = [q for p in parts for q in _named_subject_split(p)]
    out: list[str] = []
    for p in parts:
        if out and re.match(r"^(?:my|our)\s+[\w'-]+(?:\s+[\w'-]+)?$", out[-1], _I) and re.match(r"^i\b", p, _I):
            out[-1] = out[-1] + " and " + p  # "my partner and I bought ..."
            continue
        if out and re.match(r"^(?:my|our)\s+(?!(?:bad|mistake|error|fault)\b)(?:(?:two|three|four|\d+|little|new|old|"
                            r"young|lovely)\s+)?[\w'-]+"
                            r"(?:\s+[A-Z][\w'-]+)?[.!]?$", p, _I):
            # "... with my wife Emma and our two kids": no verb, same clause; "Callum, my grandson,":
            # a name and what he is to the user, one person
            apposed = re.search(r"(?:^|[\s:])(?-i:[A-Z])[a-z'-]+$", out[-1]) and re.match(r"^(?:my|our)\s+[a-z-]+[.!]?$", p, _I)
            out[-1] = out[-1] + (", " if apposed else " and ") + p
            continue
        if out and re.match(JOB_GERUND + r"\s+(?:at|for|with)\s", p, _I) \
                and re.match(r"^(?:i|i'm|i am)\b", _strip_fillers(out[-1]), _I):
            out.append("I'm " + p)  # "I'm not at cfa anymore, bagging at the kroger"
            continue
        if out and re.match(_CLAUSE_VERBS, p, _I) and not re.match(_SUBJ, p, _I) \
                and not re.match(r"^[\w-]+\s+(?:is|are)\s", p):  # "rent is 1,650": a subject, not a verb
            prev = out[-1]
            if re.search(r"\b(?:to|can|could|will|would|should|must|and|or)\s+[\w'-]+$", prev, _I):
                out[-1] = prev + " and " + p  # "I like to read and write": one clause
                continue
            if re.match(r"^(?:now|also)\s+(?:i|we)\b", p, _I):
                out.append(p)  # "so now I bike to work" already has its subject
                continue
            if re.match(r"^(?:i|i'm|i've)\b", _strip_fillers(prev), _I) or prev.lower().startswith(("i ", "i'")):
                p = "I " + p
            else:
                out[-1] = prev + " and " + p
                continue
        out.append(p)
    return [c for p in out for c in _coordinated_objects(p)]


# "I have two hives at the bottom of the garden and an allotment, plot 32": two things
# the user has, each its own fact, so that "I gave up the allotment" retires one of them.
_HAVE_TWO_RE = re.compile(r"^(?P<s>(?:i|we)\s+(?:also\s+|still\s+)?(?:have|own|keep|rent|run|have got|got))\s+"
                          r"(?P<a>(?:a|an|my|our|two|three|four|five|\d+|some|the)\s+[^,;]+?)\s+and\s+"
                          r"(?P<b>(?:a|an|my|our|two|three|four|five|\d+|some)\s+.+)$", _I)
_FINITE_RE = re.compile(r"\b(?:is|are|was|were|has|have|had|does|do|did|will|would|can|could|'s|'re|'ve|he|she|"
                        r"they|it|i|we)\b", _I)


def _coordinated_objects(clause: str) -> list[str]:
    """A clause whose verb of having takes two objects joined by "and", each with its
    own determiner, as two clauses; any other clause as it is ("I have a dog and
    the dog is sick" keeps its second verb: one clause)."""
    m = _HAVE_TWO_RE.match(clause.strip())
    if not m or _FINITE_RE.search(m.group("b")) or " and " in m.group("a"):
        return [clause]
    return [f"{m.group('s')} {m.group('a')}", f"{m.group('s')} {m.group('b')}"]


def _strip_fillers(s: str) -> str:
    prev = None
    while prev != s:
        prev = s
        s = FILLER_RE.sub("", s).strip()
    return s


_NOW_FIRST_RE = re.compile(r"^(?:now|nowadays|these days|currently|as of (?:now|today)|right now|at the moment),?\s+"
                           r"(?P<s>i|we)\s+(?P<rest>.+)$", re.I)
_SINCE_FIRST_RE = re.compile(r"^(?:as of|since)\s+(?P<t>(?!now\b|today\b|then\b)[^,]{3,40}),\s+"
                             r"(?P<rest>(?:i|i'm|i've|we|we're|we've|my|our)\s.+)$", re.I)
# "With effect from 3rd November I am posted as ...", "From 1 March, I work at ...": a day
# or a month from which it holds, with or without its comma
_FROM_FIRST_RE = re.compile(r"^(?:with effect from|effective(?: from)?|starting(?: from)?|beginning|from|(?P<since>since))\s+"
                            r"(?P<t>[^,]{3,30}?),?\s+(?P<rest>(?:i|i'm|i'll|we|we're|we'll|my|our)\s.+)$", re.I)
_DATE_LIKE_RE = re.compile(r"\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|"
                           r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:next|this|the first|the start)\b", re.I)


def when_said_after(raw: str) -> str:
    """A clause that opens with when it holds, with the when after what holds, as the
    rules read it: "now I bike to work" (I now bike to work), "As of the first of this
    month, I report to the plant" (I report to the plant since the first of this month),
    "With effect from 3rd November I am posted ..." (I am posted ... from 3rd November)."""
    m = _NOW_FIRST_RE.match(raw)
    if m:  # ("Currently I am deputy manager at ...": I am now deputy manager at ...)
        be = re.match(r"(am|are|'m|'re)\s+(?!now\b)", m["rest"], re.I)
        return f"{m['s']} {be[1]} now {m['rest'][be.end():]}" if be else f"{m['s']} now {m['rest']}"
    m = _SINCE_FIRST_RE.match(raw)
    if m:
        return f"{m['rest'].rstrip(' .!')} since {m['t']}"
    m = _FROM_FIRST_RE.match(raw)  # never "From my window in Almada I see all Lisboa": a day, a month
    if m is None or not _DATE_LIKE_RE.search(m["t"]) or re.search(r"\b(?:i|we|you|he|she|they)\b", m["t"], re.I):
        return raw  # "Since I moved here I ...": a clause, no day
    return f"{m['rest'].rstrip(' .!')} {'since' if m['since'] else 'from'} {m['t']}"
