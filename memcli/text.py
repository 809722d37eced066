"""Text helpers shared by the write path, consolidation, reflection and recall.

One home for word patterns, stemmers, stop words, calendar names, safety cues and
input decoding. Where two callers need slightly different behaviour the variants
keep distinct names (and say how they differ), so no caller's results change:

- words: `WORD_RE` (letters, digits, underscore), `APOS_WORD_RE` (also apostrophes:
  "user's" stays one word), `LOWER_WORD_RE` (lower-case letters and apostrophes, no
  digits), `ALNUM_RE` (lower-case letters and digits only);
- stems: `suffix_stem` (drops one of -ing -ies -es -ed -s) and `coverage_stem` (the
  same, then a final -e: "live", "lives", "lived", "living" all give "liv");
- stop words: `CLAIM_STOPWORDS` (dropped from a claim's content words) and
  `QUERY_STOPWORDS` (dropped from a keyword query: also question words and pronouns);
- safety: `SAFETY_TOPIC_RE` and `MEDICAL_SELF_RE` (what the extractor needs both of
  to flag a fact), `PROTECT_RE` (what keeps a stored text from ever being forgotten).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

from .errors import InputError

__all__ = [
    "ALNUM_RE", "APOS_WORD_RE", "CLAIM_STOPWORDS", "LOWER_WORD_RE", "MEDICAL_SELF_RE", "MONTHS", "MONTH_NAMES",
    "PROTECT_RE", "QUERY_STOPWORDS", "SAFETY_TOPIC_RE", "WEEKDAYS", "WORD_RE", "claim_token", "claim_words",
    "comparable", "content_words", "coverage_stem", "decode_input", "normalize_punctuation", "reclipped", "suffix_stem", "unclipped",
    "unshouted", "unspoken", "unstretch",
]

_I = re.IGNORECASE

# ----------------------------------------------------------------------------- words

WORD_RE = re.compile(r"[\w]+", re.UNICODE)
"""Runs of letters, digits and underscores (recall's keyword query)."""
APOS_WORD_RE = re.compile(r"[\w']+", re.UNICODE)
"""Like `WORD_RE`, with apostrophes inside a word ("user's", "don't"): claim words."""
LOWER_WORD_RE = re.compile(r"[a-z']+")
"""Lower-case letters and apostrophes, no digits: the words of a greeting (on lower-cased text)."""
ALNUM_RE = re.compile(r"[a-z0-9]+")
"""Lower-case letters and digits (on lower-cased text): the hash embedder's tokens."""
_DIGIT = re.compile(r"\d")


def suffix_stem(word: str) -> str:
    """Drop one suffix of -ing, -ies, -es, -ed, -s when three letters stay."""
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def plural_stem(word: str) -> str:
    """Drop one plural suffix (-ies, -es, -s) when three letters stay: the claims
    test's word form (cities -> cit; boxes -> box, but codes -> code and shoes -> shoe,
    so that the singular is the same word: -es goes only after ss, x, z, ch or sh)."""
    for suffix in ("ies", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            if suffix == "es" and not re.search(r"(?:ss|[xz]|ch|sh)es$", word) or suffix == "s" and word.endswith("ss"):
                continue  # ("glass" is no plural)
            return word[: -len(suffix)]
    return word


@functools.lru_cache(maxsize=65536)
def coverage_stem(word: str) -> str:
    """`suffix_stem`, then a final -e of a word over three letters: live, lives,
    lived, living -> liv (recall's query-coverage count). Memoised: recall stems
    every candidate's words for each query, mostly the same few thousand."""
    word = suffix_stem(word)
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


# ----------------------------------------------------------------------------- stop words

CLAIM_STOPWORDS = frozenset(
    "a an the and or but of to in on at for with by from as is are was were be been being it its this that "
    "these those he she they them his her their there here has have had do does did not no so than then very "
    "just also really about into over after before again".split())
"""Function words that say nothing about a claim (consolidation, reflection, the write path)."""

QUERY_STOPWORDS = frozenset("""a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most my
myself no nor not now of off on once only or other our ours ourselves out over own same she should so some
such than that the their theirs them themselves then there these they this those through to too under until
up very was we were what when where which while who whom why will with would you your yours yourself
yourselves whose ever kind sort type many much often like likes""".split())
"""Function words, pronouns and question words: they match everything in a keyword
query and rank nothing (recall). "like" too: a filler as often as a liking ("User has
like 400 PDFs" is no answer to "what does the user like to drink?")."""


def claim_token(word: str) -> str:
    """A lower-cased word as a claim word: "" for a stop word, else without its
    apostrophes at the ends and one plural suffix (-ies, -es, -s) unless a number."""
    word = word.strip("'")
    if not word or word in CLAIM_STOPWORDS:
        return ""
    for suffix in ("ies", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix) and not word.isdigit():
            return word[: -len(suffix)]
    return word


def content_words(text: str) -> frozenset[str]:
    """The claim words of a text (see `claim_token`)."""
    return frozenset(w for w in (claim_token(t) for t in APOS_WORD_RE.findall(text.lower())) if w)


@functools.lru_cache(maxsize=1 << 18)
def claim_words(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(content words, key words): key words are numbers and names (capitalised
    words not opening a sentence, other than "User"), the words two statements of
    one claim cannot disagree on."""
    words: set[str] = set()
    keys: set[str] = set()
    for m in APOS_WORD_RE.finditer(text):
        raw = m.group()
        w = claim_token(raw.lower())
        if not w:
            continue
        words.add(w)
        if _DIGIT.search(w):
            keys.add(w)
        elif raw[0].isupper() and not raw.lower().startswith("user"):
            before = text[:m.start()].rstrip(" \t\"'(\u201c\u2018*-")
            if before and before[-1] not in ".!?:;\n":
                keys.add(w)
    return frozenset(words), frozenset(keys)


# ----------------------------------------------------------------------------- normalising

def normalize_punctuation(text: str) -> str:
    """Typographic quotes to ASCII, en/em dashes to " - ", a note's "@", "w/" and arrows to "at",
    "with", "up to", "down to" and "to", runs of spaces and tabs to one space, and the punctuation of a dictated message said as words to marks (`unspoken`)."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\u2014", " - ").replace("\u2013", " - ")
    # the shorthand of notes: "ED reg @ RPA", "paramedic w/ NSW Ambulance" (never an address: "a@b.com")
    text = re.sub(r"(?<=\w) @ (?=\w)", " at ", text)
    # the arrows of clinical and work notes: "Sertraline ↑ 100mg", "wt 92→88kg"
    text = re.sub(r"\s*([\u2191\u2193])\s*(?=(\d)?)",
                  lambda m: (" up" if m[1] == "\u2191" else " down") + (" to " if m[2] else " "), text)
    text = re.sub(r"\s*(?:\u2192|->)\s*(?=\d)", " to ", text)
    text = re.sub(r"(?<![\w/])w/(?=\s+\w)", "with", re.sub(r"(?<![\w/])w/o(?=\s+\w)", "without", text))
    return unspoken(re.sub(r"[ \t]+", " ", text))


# Punctuation said aloud to voice typing: "we got the keys period maureen cried comma ...".
# (a quotation said as words: "... members colon quote From the President colon ... end quote")
_SPOKEN = re.compile(r"[ \t]*\b(?P<w>comma|period|full stop|question mark|exclamation (?:point|mark)|colon quote|colon|"
                     r"(?:end|close|open) quote|unquote)\b[ \t]*(?=(?P<next>\S)?)", _I)
# ... or once, between two sentences, before the next one's subject: "good catch just delete it
# period my sister Tasha is down in Atlanta" ("over a period my sister" has its noun first)
_SAID_BEFORE_SUBJECT = re.compile(r"(?:i|i'm|my|we|we're|our|she|he|they|it's|so|also)\s", _I)
# where a sentence opens: "Colon cancer runs in the family" says the organ, not the mark
_OPENS = re.compile(r"(?:^|[.!?:]\s*)\s*$")
_SPOKEN_MARKS = {"comma": ",", "period": ".", "full stop": ".", "question mark": "?", "colon": ":", "colon quote": ': "',
                 "open quote": '"', "end quote": '"', "close quote": '"', "unquote": '"'}
# ... and the same words as nouns: "the trial period", "a comma", "my period", "over a period of",
# "a long period", "the last period"
_SPOKEN_NOUN = re.compile(r"(?:\b(?:the|a|an|this|that|my|your|her|our|their|its|each|every|same|one|trial|grace|"
                          r"waiting|notice|probation|cooling|cooling-off|billing|rental|holiday|free|busy|quiet|"
                          r"school|study|exam|reporting|transition|long|short|brief|hard|tough|rough|difficult|dry|wet|"
                          r"cold|hot|good|bad|whole|entire|first|last|next|final|time|\d+-day|\d+-week)|[-'])\s*$", _I)


def unspoken(text: str) -> str:
    """A message dictated with its punctuation said as words ("got the keys period
    maureen cried comma you can see the water") with the marks written; a message is
    dictated when it says a comma so, or a full stop twice, where no noun could stand
    ("the trial period", "a comma", "my period" and "a long period" are nouns, and a
    message with one "period" said once is left as it is, unless the next sentence's
    subject follows it: "good catch just delete it period my sister Tasha is ...")."""
    said = [m for m in _SPOKEN.finditer(text) if not _SPOKEN_NOUN.search(text[:m.start()])
            and not (m["w"].lower().startswith("colon") and _OPENS.search(text[:m.start()]))]
    if not any(m["w"].lower() == "comma" for m in said) and len(said) < 2 \
            and not (said and _SAID_BEFORE_SUBJECT.match(text, said[0].end())):
        return text
    out, at = [], 0
    for m in said:
        mark = _SPOKEN_MARKS.get(m["w"].lower(), "!")
        if m["next"] and m["next"] in ".,;:!?":
            mark = ""  # "... grandchildren period. Vice ...": the mark is written already
        opens = mark.endswith('"') and m["w"].lower() in ("colon quote", "open quote")
        out.append(text[at:m.start()].rstrip(" \t") + mark + (" " if m["next"] and mark and not opens else ""))
        at = m.end()
        if m["next"] and m["next"].isalpha() and mark in ".?!":  # a sentence begins after a full stop
            out.append(text[at].upper())
            at += 1
    return "".join(out) + text[at:]


_STRETCHED = re.compile(r"([a-z])\1{2,}", re.I)


def unstretch(text: str) -> str:
    """A letter said three or more times in a row, an emphasis and no different word (no
    English word has one three times running), said twice, or once for a letter English
    never doubles ("reallllly" -> "really", "nexxxt" -> "next", "yaaay" -> "yay", "sooo"
    -> "soo"). Digits and punctuation are kept."""
    return _STRETCHED.sub(lambda m: m[1] if m[1].lower() in "ahijkquvwxy" else m[1] * 2, text)


# the "-ing" of a texted word with its "g" dropped: "seein this girl", "goin to the gym", "nothin"
_CLIPPED = frozenset("""seein doin goin playin workin tryin thinkin gettin livin lookin comin makin takin runnin
talkin sayin feelin movin stayin startin havin payin watchin trainin datin chillin drivin nothin somethin anythin
everythin cookin buildin teachin learnin studyin singin eatin drinkin sleepin waitin leavin hopin plannin bringin
sellin buyin bein fishin huntin ridin farmin calvin shippin haulin""".split())
_CLIPPED_RE = re.compile(r"(?<![\w'])(?P<w>[A-Za-z]+in)(?:'|\u2019)?(?![\w'\u2019])")


_AGE_NO_VERB_RE = re.compile(r"\b(?!(?:since|until|till|from|at|by|about|around|over|under|after|before|when|aged?|only|"
                             r"just|almost|nearly|like|is|was|are|were|be|turned|turns|turning|of|for|to|and|or|but|the|"
                             r"a|an|is)\b)(?P<s>she|he|i|we|they|(?-i:[A-Z])[a-z'-]+)\s+(?:stay\s+|now\s+)?"
                             r"(?P<n>\d{1,3}\s+(?:years?|yrs?)\s+old)\b", re.I)
_BE = {"i": "am", "we": "are", "they": "are"}


# the words of a dialect (Geordie, Scots, Northern English) the rules read in their standard
# form; what is stored keeps the user's (`reclipped`)
_DIALECT = {"wor": "our", "aboot": "about", "oot": "out", "doon": "down", "hoose": "house", "hame": "home", "yem": "home",
            "dinnae": "don't", "divvent": "don't", "cannae": "can't", "canna": "can't", "didnae": "didn't",
            "wasnae": "wasn't", "isnae": "isn't", "summat": "something", "nowt": "nothing", "owt": "anything",
            "noo": "now", "bairn": "child", "bairns": "children", "grandbairn": "grandchild", "grandbairns": "grandchildren",
            # ... and of Scots: "goin oot wi ruaridh", "that thing a telt ye aboot the tech"
            "wi": "with", "telt": "told", "fae": "from", "intae": "into", "gonnae": "going to",
            "shouldnae": "shouldn't", "wouldnae": "wouldn't", "couldnae": "couldn't", "havenae": "haven't",
            "wisnae": "wasn't", "disnae": "doesn't", "doesnae": "doesn't", "maw": "mum",
            "brer": "brother", "coort": "court", "hing": "hang",
            "pardner": "friend"}  # ("Lennox, my pardner": Caribbean and Southern US for a friend)
# ... and the function words of Cajun, Caribbean and Pidgin English, read and not kept (what
# a fact says of the user in its own words is "them", "with")
_SAID_PLAIN = {"dis": "this", "dat": "that", "dem": "them", "dey": "they", "dere": "there", "wit": "with", "ting": "thing",
               "tings": "things"}  # ("the court ting": Dublin and Caribbean English)
# (never inside a name: "Yu-ting", "Dat-Khoa")
_SAID_PLAIN_RE = re.compile(r"(?<![\w'-])(?P<w>" + "|".join(_SAID_PLAIN) + r")(?![\w'-])", re.I)
_DIALECT_RE = re.compile(r"(?<![\w'-])(?P<w>" + "|".join(sorted(_DIALECT, key=len, reverse=True)) + r")(?![\w-]|'(?!s\b))", re.I)
# "a" for "I" before a verb no noun can be ("a said", "a got it wrong", "a rang the bairn"),
# "me" for "my" before kin ("me son"), "wor/me lass" for "my wife"
_A_FOR_I_RE = re.compile(r"(?P<pre>^|[.!?,;:]\s+|\b(?:and|but|cos|so|when|if|what|whit|that|as|thing|stuff|bit) )(?:a|ah) (?=(?:said|says|got|"
                         r"should|rang|forget|forgot|think|thought|knew|was|went|had|did|telt|'ve|'ll|'d|am|cannae|canna|"
                         r"divvent|dinnae|reckon|told|used to|can't|cannot|didn't|don't|wasn't)\b)")  # ("a used Kona": a car)
_ME_KIN_RE = re.compile(r"\bme (?=(?:son|daughter|mum|mam|ma|dad|da|wife|husband|brother|sister|grandson|granddaughter|"
                        r"kids|bairns?|nan|gran|grandbairns|missus|lass|lad|mate|fella|girlfriend|boyfriend|partner|"
                        r"fianc[ée]e?|auntie|aunt|uncle|cousin|niece|nephew|grandkids|dog|pup|cat|own|"
                        r"boss|gaffer|manager|supervisor|foreman|landlord|landlady|neighbour|neighbor|pal)\b)", re.I)
_LASS_RE = re.compile(r"\b(?:wor|me|our) lass\b", re.I)
# Scots "ma" for "my" before what one has ("ma maw", "ma first wage", "ma room"), in lower case
# and never after a possessive ("my ma said"); and "tae" for "to" ("the keys tae a room")
_MA_MY_RE = re.compile(r"(?<![\w'-])(?<!\bmy )(?<!\byour )(?<!\bthe )(?<!\bhis )(?<!\bher )(?<!\bour )ma (?=(?:maw|mum|mam|da|"
                       r"dad|brother|brer|sister|wee|big|wean|weans|bairn|pal|pals|mate|mates|missus|lass|lad|boyfriend|girlfriend|"
                       r"gran|granny|nan|grandad|auntie|uncle|cousin|first|own|new|old|auld|last|best|room|flat|hoose|house|"
                       r"job|boss|gaffer|shift|wage|wages|rent|car|bag|knife|knives|phone|heid|family|section|station)\b)")
_TAE_RE = re.compile(r"(?<![\w'-])tae(?= (?:a|an|the|my|ma|work|london|glasgow|[a-z]+ing)\b)")
# words typed short or without their apostrophe, that no name is
_TYPED_SHORT = frozenset("thats dont cant wont didnt isnt aint im ive id ill youre theyre hes shes whats lemme gonna wanna "
                         "gotta tho ur ya omg lol lmao pls plz tbh ngl idk rn fr smh wtf".split())
# "forget wat i told ye", "wen i was 8": in lower case only ("Wat Arun", "Wen" are names)
_WHAT_TYPED_RE = re.compile(r"(?<![\w'-])(?:wat|wot|whit)(?![\w'-])")  # ("whit ah said": Scots)
_WHEN_TYPED_RE = re.compile(r"(?<![\w'-])wen(?= (?:i|we|he|she|they|you|u)\b)")


# The partner a user writing in two languages names in the other one, with its possessive
# ("ma blonde Nathalie", "minha namorada", "mi esposo", "meine Frau", "asawa ko", "mke wangu"):
# the relation as the rules read it, so the partner slot is filled. Only with the possessive:
# "blonde", "Frau" alone are no kin. Other kin ("ma mère", "mi primo") are left as said: put
# in English, their facts outranked the rest of conversations written mostly in another
# language (dev: two checks lost, none gained).
_KIN_ABROAD = {
    # French (and Québécois)
    "ma blonde": "girlfriend", "mon chum": "boyfriend", "ma copine": "girlfriend", "mon copain": "boyfriend",
    "ma femme": "wife", "mon mari": "husband", "ma conjointe": "partner", "mon conjoint": "partner",
    # Spanish
    "mi novia": "girlfriend", "mi novio": "boyfriend", "mi esposa": "wife", "mi esposo": "husband",
    "mi marido": "husband", "mi mujer": "wife", "mi pareja": "partner",
    # Portuguese
    "minha namorada": "girlfriend", "meu namorado": "boyfriend", "minha esposa": "wife", "meu marido": "husband",
    "minha mulher": "wife",
    # Italian
    "mia moglie": "wife", "mio marito": "husband", "la mia ragazza": "girlfriend", "il mio ragazzo": "boyfriend",
    # German ("mein Freund" may be a friend: left as said)
    "meine frau": "wife", "mein mann": "husband", "meine freundin": "girlfriend",
    # the possessive after the word: Tagalog, Swahili, Indonesian
    "asawa ko": "spouse", "misis ko": "wife", "mister ko": "husband", "jowa ko": "partner",
    "ang asawa ko": "spouse", "ang misis ko": "wife", "ang mister ko": "husband", "ang jowa ko": "partner",
    "mke wangu": "wife", "mume wangu": "husband",
    "istri gue": "wife", "istri saya": "wife", "istriku": "wife", "suami gue": "husband", "suami saya": "husband",
    "suamiku": "husband", "pacar gue": "partner", "pacar saya": "partner", "pacarku": "partner",
}
_KIN_ABROAD_RE = re.compile(r"(?<![\w'-])(?P<w>" + "|".join(sorted((re.escape(k).replace(r"\ ", r"\s+") for k in _KIN_ABROAD),
                                                               key=len, reverse=True)) + r")(?![\w'-])", re.I)


# Kin called by the word of a language the user mixes into English ("my akka swathi",
# "annayya had his first day at microsoft", "nonna's in a home", "my kuya Jun"): the
# relation in English, so a fact of theirs is found by "sister" and kept under her key.
# The words that are also names or English words ("anna", "ate", "lola", "nana", "didi"),
# only after "my", "our", "his", "her" or "their"; the rest on their own too.
_KIN_MIXED = {
    # Telugu, Tamil, Kannada, Malayalam
    "akka": "sister", "annayya": "brother", "anna": "brother", "thambi": "brother", "chelli": "sister",
    "thangachi": "sister", "ammamma": "grandmother", "nanamma": "grandmother", "paati": "grandmother",
    "ammachi": "grandmother", "thatha": "grandfather", "thaatha": "grandfather", "appachan": "father",
    # Hindi, Urdu, Punjabi, Bengali
    "didi": "sister", "behen": "sister", "behan": "sister", "bhai": "brother", "bhaiya": "brother",
    "bhaiyya": "brother", "bhaijaan": "brother", "dadi": "grandmother", "nani": "grandmother",
    "abbu": "father", "abba": "father", "pitaji": "father", "dadu": "grandfather",
    # Tagalog
    "ate": "sister", "kuya": "brother", "lola": "grandmother", "lolo": "grandfather", "nanay": "mother",
    "tatay": "father", "inay": "mother", "itay": "father", "tita": "aunt", "tito": "uncle",
    # Spanish, Portuguese, Italian
    "hermana": "sister", "hermano": "brother", "abuela": "grandmother", "abuelo": "grandfather",
    "abuelita": "grandmother", "abuelito": "grandfather", "irmã": "sister", "irmão": "brother", "avó": "grandmother",
    "avô": "grandfather", "vovó": "grandmother", "vovô": "grandfather", "nonna": "grandmother", "nonno": "grandfather",
    "sorella": "sister", "fratello": "brother",
    # German, Dutch, Afrikaans, Polish, Greek
    "oma": "grandmother", "opa": "grandfather", "ouma": "grandmother", "oupa": "grandfather", "babcia": "grandmother",
    "dziadek": "grandfather", "yiayia": "grandmother", "yaya": "grandmother", "papou": "grandfather",
    "papouli": "grandfather",
    # Korean, Japanese, Somali
    "unnie": "sister", "noona": "sister", "oppa": "brother", "hyung": "brother", "halmeoni": "grandmother",
    "harabeoji": "grandfather", "obaachan": "grandmother", "ojiichan": "grandfather", "hooyo": "mother",
    "aabo": "father",
}
_KIN_NAMES = frozenset("anna ate lola tita didi nani abba yaya inay".split())  # ("my Anna": a name)
_KIN_NOT_ALONE = _KIN_NAMES | frozenset("lolo tito bhai dadi opa oma abbu".split())
_KIN_MIXED_RE = re.compile(r"(?<![\w'-])(?P<my>(?:my|our|his|her|their) )?(?P<w>" + "|".join(sorted(_KIN_MIXED, key=len, reverse=True))
                           + r")(?![\w-]|'(?!s\b))", re.I)


def _kin_mixed(m: re.Match[str]) -> str:
    w = m["w"].lower()
    if w in _KIN_NOT_ALONE and m["my"] is None or w in _KIN_NAMES and m["w"][0].isupper() \
            or m["my"] is None and m["w"][0].isupper() and m.string[:m.start()].rstrip()[-1:] not in ".!?":
        return m[0]  # "my Anna", "ate", "Kuya Jun's place" inside a sentence: a name or a word as said
    said = (m["my"] or "my ") + _KIN_MIXED[w]
    return said[:1].upper() + said[1:] if m[0][0].isupper() else said


def _kin_said(m: re.Match[str]) -> str:
    said = "my " + _KIN_ABROAD[re.sub(r"\s+", " ", m["w"].lower())]
    return said.capitalize() if m["w"][0].isupper() else said


def undialected(text: str) -> str:
    """A dialect's words and pronouns as the rules read them: "Wor lass is Maureen" (my wife
    is Maureen), "forget what a said aboot Gary" (what I said about Gary), "me son" (my son),
    and a partner or kin named in another language ("ma blonde Nathalie": my girlfriend
    Nathalie; "akka wants me to come": my sister wants me to come)."""
    text = _KIN_MIXED_RE.sub(_kin_mixed, _KIN_ABROAD_RE.sub(_kin_said, text))
    text = _LASS_RE.sub(lambda m: "My wife" if m[0][0].isupper() else "my wife", text)
    # "sis Mei", "bro Dan": the kin word in full before a name
    text = re.sub(r"\b([Ss]is|[Bb]ro) (?=[A-Z][a-z])", lambda m: {"s": "sister ", "b": "brother "}[m[1][0].lower()]
                  if m[1][0].islower() else {"s": "Sister ", "b": "Brother "}[m[1][0].lower()], text)
    # ... and before a name in lower case: no everyday word ("my sis linh") or one with its "'s"
    # ("big bro ryan's 21"; never "bro thats like 7k", "nah bro car not my thing")
    text = re.sub(r"\b(sis|bro) (?=([a-z][a-z-]+)('s)?\b)", lambda m: {"s": "sister ", "b": "brother "}[m[1][0]]
                  if (m[3] or m[2] not in everyday()) and m[2] not in _TYPED_SHORT else m[0], text)
    text = _ME_KIN_RE.sub("my ", _A_FOR_I_RE.sub(lambda m: m["pre"] + "I ", text))
    text = _TAE_RE.sub("to", _MA_MY_RE.sub("my ", text))
    text = re.sub(r"\bcanny (u|you|ye) no\b", r"can \1 not", text)  # Scots: "canny u no hing on tae it"
    # "ye" for "you" beside a verb ("I'd rather ye didn't", "a telt ye"; never Hindi's "ye Arjun wali baat")
    text = re.sub(r"\b(rather|told|telt|tell|telling|tellin|gie|give|thank|asked)\s+ye\b(?!\s+[A-Z])", r"\1 you", text)
    text = re.sub(r"(?<![\w'-])ye(?=\s+(?:didn'?t|did not|dinnae|divvent|know|ken|see|can|will|won't)\b)", "you", text)
    text = re.sub(r"\b(I|we|they) been\b", r"\1've been", text)  # "I been sellin'", "we been there"
    text = _WHEN_TYPED_RE.sub("when", _WHAT_TYPED_RE.sub("what", text))
    text = _SAID_PLAIN_RE.sub(lambda m: _SAID_PLAIN[m["w"].lower()].capitalize() if m["w"][0].isupper()
                              else _SAID_PLAIN[m["w"].lower()], text)
    return _DIALECT_RE.sub(lambda m: _DIALECT[m["w"].lower()], text)


def unclipped(text: str) -> str:
    """A texted "-in" for "-ing" said in full ("seein this girl destiny" -> "seeing this girl
    destiny"), for the words in `_CLIPPED` only ("Berlin", "cousin", "within" stay); a
    texted "n" between words is "and" ("kayla n me are done"), "w" is "with", a texted "r" after "i", "we" or
    "they" is "are" ("marcus n i r done"); an age said without its
    verb has it ("she 10 years old now", Pidgin "Malia stay 9 years old"). Speech written
    down is read as one clause: a subject said twice ("Lennox, my pardner, he ..."), a person
    set as the topic ("talking about Jaylen, the boy ..."), the one seen named after ("seein
    a lass. kirsty."), a verb-ing without its "is" ("so he driving Uber")."""
    text = re.sub(r"(?:(?<=[a-z.!?,;]) |^)n (?=[a-z])", lambda m: " and " if m[0][0] == " " else "and ", text,
                  flags=re.I)  # "kayla n me", "n me n naledi went", "she cried. n ma maw's workin": and
    text = re.sub(r"(?<=[a-z]) w/? (?=[a-z])", " with ", text)  # "signed w falconpay", "padel w the guys": with
    text = re.sub(r"\b(i|we|they|you|u|me) r\b", r"\1 are", text, flags=re.I)  # "marcus n i r done": are
    # an age said without its "is": "she 10 years old now", "Keoni stay 12 years old" (Pidgin "stay")
    text = _AGE_NO_VERB_RE.sub(lambda m: f"{m['s']} {_BE.get(m['s'].lower(), 'is')} {m['n']}", text)
    text = _CLIPPED_RE.sub(lambda m: m["w"] + "g" if m["w"].lower() in _CLIPPED else m[0], text)
    text = _TOLD_TWICE_RE.sub(lambda m: f"{m['lead'] or ''}{m['rel']} {m['name']} " if _a_name(m["name"]) else m[0], text)
    text = _NAMED_NEXT_RE.sub(lambda m: f"{m['a']}, {m['n']}" if _a_name(m["n"]) else m[0], text)
    text = _TOPIC_SET_RE.sub(lambda m: f"{m['lead'] or ''}{m['who']}" + (" " if m[0].endswith(" ") else ""), text)
    return _NO_BE_RE.sub(lambda m: f"{m['pre']}{m['s']} {_BE_OF[m['s'].lower()]} {m['v']}", text)


# a subject said twice, as speech does: "And Lennox, my pardner, he hand over the shop" (my
# pardner Lennox hand over the shop)
# (never a word that opens a sentence and names no one: "Honestly, my boss, he is awful", `_a_name`)
_TOLD_TWICE_RE = re.compile(r"(?:(?<=^)|(?<=[.!?]\s))(?P<lead>(?:[Aa]nd|[Bb]ut|[Ss]o|[Oo]h|[Aa]lso|[Nn]ow) )?"
                            r"(?P<name>(?-i:[A-Z])[a-z'-]+), (?P<rel>(?:my|our) (?:[a-z'-]+ )?[a-z'-]+), (?:he|she) ")
# the one the user is seeing, named in a fragment of its own just after: "been seein a lass since
# da simmer. kirsty." (seein a lass since da simmer, kirsty) ... or a friend of the heart: "I've a gentleman friend. Wilf. From the bowls club."
_NAMED_NEXT_RE = re.compile(r"(?P<a>\b(?:(?i:seeing|seein'?|dating)\s+(?i:this|a|an|some)\s+(?i:girl|guy|woman|man|lady|lass|lad|"
                            r"quine|bloke|fella|one|someone|somebody)|(?i:i'?ve|i have|i'?ve got|i have got) (?i:a|an) (?i:new )?"
                            r"(?i:gentleman|lady|man|boy|girl)[ -]?(?i:friend))\b[^.!?\n]{0,40}?)[.!?]+\s+(?P<n>[A-Za-z][a-z'-]{2,})(?=\s*(?:[.!?]|$))")


@functools.cache
def everyday() -> frozenset[str]:
    """The whole words of the bundled tokenizer's (uncased) vocabulary."""
    path = Path(__file__).resolve().parent / "data" / "minilm" / "tokenizer.json"
    try:
        vocab = json.loads(path.read_text(encoding="utf-8"))["model"]["vocab"]
    except (OSError, KeyError, ValueError):
        return frozenset()
    return frozenset(w for w in vocab if w.isalpha() and not w.startswith("##"))


_NOT_A_NAME_SAID = frozenset("nice great cute lovely amazing awesome sweet fine anyway anyhow finally seriously honestly yes "
                             "no yeah yep nope lol haha wow ok okay well right true same cool perfect brilliant gorgeous "
                             "beautiful funny weird crazy early later tonight today tomorrow yesterday again soon look "
                             "listen so also then now sorry thanks plus besides still".split())


def _a_name(word: str) -> bool:
    """Whether a word said alone may be a name: capitalised and no word of judgment or time
    ("Fiona.", not "Lovely." or "Monday."), or in lower case and no everyday word ("kirsty.")."""
    low = word.lower()
    if low in _NOT_A_NAME_SAID or low.endswith("ly") or low in WEEKDAYS or low in MONTHS:
        return False
    return word[0].isupper() or low not in everyday()


# a person set as the topic, then taken up again: "And talking about Jaylen, the boy get into
# Brooklyn Tech" (Jaylen get into ...), "speaking of my sister, she's in Leeds", "as for Tom, he quit"
_TOPIC_SET_RE = re.compile(r"(?:(?<=^)|(?<=[.!?]\s))(?P<lead>(?:[Aa]nd|[Bb]ut|[Ss]o|[Oo]h|[Aa]lso|[Nn]ow) )?(?:(?i:talking|speaking) "
                           r"(?i:about|of)|(?i:as for|as regards|as to)) (?P<who>(?-i:[A-Z])[a-z'-]+|(?i:my|our) [a-z'-]+(?: (?-i:[A-Z])[a-z'-]+)?),"
                           r" (?:he|she|(?i:the) (?:boy|girl|lad|lass|kid|child|wee one|little one|old man|old lady|man|woman))\b ?")
# a verb-ing without its "is", in Caribbean, Pidgin and African American English ("so he
# driving Uber in he Camry", "I living by she since August"): at a clause's opening only
# ("I saw him driving"), never a verb whose own form ends in -ing ("I bring", "we sing")
_BE_OF = {"i": "am", "he": "is", "she": "is", "we": "are", "they": "are"}
_NO_BE_RE = re.compile(r"(?P<pre>(?:^|[,.;:!?]\s+|\b(?:and|but|so|now|cos|because|since|when|then)\s+))(?P<s>(?i:i|he|she|we|they)) "
                       r"(?!(?:bring|sing|ring|sting|swing|cling|fling|sling|spring|string|wring|wing|thing|king|ding|ping)\b)"
                       r"(?P<v>[a-z]{2,}ing)\b(?! (?:is|was|are|were|has|had)\b)")


def reclipped(text: str, typed: str) -> str:
    """`text` with the words `unclipped` said in full put back as `typed` has them
    ("User's mum is a teaching assistant" -> "... a teachin assistant" when the user typed
    "teachin"): what is stored is in the user's words."""
    for w in {m["w"] for m in _CLIPPED_RE.finditer(typed) if m["w"].lower() in _CLIPPED}:
        if not re.search(r"\b" + re.escape(w) + r"g\b", typed, re.I):
            text = re.sub(r"\b" + re.escape(w) + r"g\b", w, text, flags=re.I)
    for w in {m["w"] for m in _DIALECT_RE.finditer(typed)}:  # "hoose" as typed
        said = _DIALECT[w.lower()]
        if not re.search(r"\b" + re.escape(said) + r"\b", typed, re.I):
            text = re.sub(r"\b" + re.escape(said) + r"\b", w, text, flags=re.I)
    return text


def unshouted(text: str, names: dict[str, str] | None = None) -> str:
    """A message typed in capitals ("CURLING IS THURSDAY NIGHTS IN TOWN") read as the
    lower-case message it would be: in capitals every word looks like a name. A
    shouted word in a message of ordinary case ("I'm ALLERGIC to codeine") stays."""
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < 12 or sum(ch.isupper() for ch in letters) < 0.8 * len(letters):
        # ... and a shouted run of words in it ("PASSED THE PURSER COURSE!!!", "KEREM PROPOSED"),
        # a name the user has given kept as a name
        return _SHOUTED_RUN_RE.sub(lambda m: " ".join(w.capitalize() if w.capitalize() in (names or {}) else w.lower()
                                                       for w in m.group(0).split(" ")), text)
    return re.sub(r"\bi\b", "I", text.lower())


# two or more words in capitals, each of three letters or more or a short word between them
_SHOUTED_RUN_RE = re.compile(r"(?<![\w'])[A-Z]{3,}(?: (?:[A-Z]{1,2} )*[A-Z]{3,})+(?![\w'])")


def comparable(text: str) -> str:
    """A text as compared for "the same text": lower case, outer spaces and final
    " .!" stripped, white space folded."""
    return " ".join(text.lower().strip(" .!").split())


# ----------------------------------------------------------------------------- calendar

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
# Short forms of the weekdays (0 Monday .. 6 Sunday); most are words too ("sat", "wed").
WEEKDAY_SHORT = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4,
                 "sat": 5, "sun": 6}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]
MONTH_NAMES = [m.capitalize() for m in MONTHS]
# the months of the languages users mix in, as a day is written with them: "20 de setembro",
# "3 de marzo", "14 juillet" (a value a correction can put right; not resolved to a date)
FOREIGN_MONTHS = ("enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre "
                  "janeiro fevereiro março marco maio junho julho setembro outubro novembro dezembro "
                  "janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre "
                  "décembre decembre").split()

# ----------------------------------------------------------------------------- safety cues

SAFETY_TOPIC_RE = re.compile(
    r"\b(?:allerg(?:y|ies|ic)|anaphyla\w*|epipen|intoleran(?:t|ce)|celiac|coeliac|diabet(?:es|ic)|"
    r"asthma(?:tic)?|epilep(?:sy|tic)|seizures?|hypertension|high blood pressure|heart (?:condition|disease|"
    r"problem)|pacemaker|pregnan(?:t|cy)|kidney|liver disease|cancer|chemo\w*|hiv|hepatitis|"
    r"insulin|metformin|warfarin|blood thinners?|medication|meds|prescri\w+|inhaler|antidepressants?|"
    r"adhd|autis\w+|bipolar|depression|ptsd|ocd|migraines?|disab(?:led|ility)|wheelchair|blind|deaf|"
    r"g6pd|sickle cell|thyroid|crohn'?s|ibs|gluten|shellfish|penicillin|sulfa|latex|"
    # a hard constraint is a "never" of doing or giving ("never suggest satay", "must not eat nuts"), not
    # any "never" ("we never see each other", "two birthdays I must never forget")
    r"(?:never|must not|must never|mustn't)\s+(?:ever\s+)?(?:be\s+)?(?:eat|have|drink|take|give|given|suggest|serve|"
    r"served|offer|offered|book|use|touch|feed|cook|recommend|order|put|let|call|schedule|drive|fly|lift|mention|"
    r"send|contact|share|go|get|buy)\b|under no circumstances|can(?:'t|not) (?:eat|have|drink|take|tolerate)|"
    r"not allowed to (?:eat|have|drink)|do not (?:ever )?give me|don't (?:ever )?give me)\b", _I)
"""A health or hard-constraint topic in a clause (the extractor; only with `MEDICAL_SELF_RE` too)."""

MEDICAL_SELF_RE = re.compile(
    r"\b(?:i (?:am|have|take|was diagnosed|got diagnosed|suffer|use|carry|need|can ?not|cannot|must|"
    r"am not allowed|react)|my (?:\w+ )?(?:allergy|allergies|condition|medication|meds|doctor|diagnosis)|"
    r"allergic|intoleran|never|must not|must never|under no circumstances|don't (?:ever )?give|"
    r"do not (?:ever )?give)\b", _I)
"""The user speaking of their own health or a hard constraint: `SAFETY_TOPIC_RE`'s
words only count with this (the extractor)."""

PROTECT_RE = re.compile(
    r"\b(?:allerg\w*|anaphyla\w*|epipen|intoleran\w*|celiac|coeliac|diabet\w*|asthma\w*|epilep\w*|"
    r"seizures?|medical|medication|meds|prescri\w+|insulin|inhaler|pacemaker|pregnan\w*|"
    r"blood thinners?|warfarin|penicillin|emergency contact|never|must not|must never|mustn't|"
    r"under no circumstances|do not ever|don't ever)\b", _I)
"""Text cues of a stored memory that must never fade, whatever the extractor flagged
(the forgetting policies): shorter than `SAFETY_TOPIC_RE`, with "medical" and
"emergency contact", and no first-person condition."""

# ----------------------------------------------------------------------------- input


def decode_input(data: bytes, name: str, *, expected: str, empty_hint: str = "", byte_hint: bool = True) -> str:
    """The text of an input file or stdin: refuses empty input, binary data
    (a NUL byte in the first 8 KiB: "not `expected`") and what is not UTF-8 (with
    the offending byte when `byte_hint`). A UTF-8 byte order mark is dropped."""
    if not data.strip():
        raise InputError(f"{name}: input is empty" + (f"; {empty_hint}" if empty_hint else ""))
    if b"\x00" in data[:8192]:
        raise InputError(f"{name}: looks like a binary file, not {expected}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        detail = f" (byte {exc.start}); convert it to UTF-8 first" if byte_hint else ""
        raise InputError(f"{name}: not UTF-8 text{detail}") from exc


def load_json(text: str, where: str, *, line: int | None = None) -> Any:
    """`json.loads` whose failures are one InputError naming `where` and the line:
    invalid JSON, and nesting too deep for the parser (a RecursionError otherwise).
    `line` is the line of a JSONL record; a whole document reports the parser's own."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        at = f"{where}:{line or exc.lineno}"
        raise InputError(f"{at}: invalid JSON ({exc.msg}); fix or remove that line") from None
    except RecursionError:
        at = f"{where}:{line}" if line else where
        raise InputError(f"{at}: JSON nested too deeply to read; flatten it or remove that record") from None


def check_text(value: str, where: str, what: str = "text") -> str:
    """`value` if it can be stored as UTF-8; a lone surrogate ("\\ud800", valid in a
    JSON escape but not in UTF-8) is an InputError naming `where`."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = value[exc.start]
        raise InputError(f"{where}: {what} holds a lone surrogate {bad!r} (not valid UTF-8); "
                         "fix the \\u escape or remove it") from None
    return value
