"""The text tests of the read path: the words, names and dates a query asks about,
and the speaker, question mark and time cue of a memory. Pure functions, no I/O."""

from __future__ import annotations

import re

from ..extract.lexicon import OCCUPATIONS
from ..extract.roles import ROLE_WORDS
from ..text import MONTH_NAMES, MONTHS, QUERY_STOPWORDS, WEEKDAYS, WORD_RE, coverage_stem

# Function words and question words match everything and rank nothing: text.QUERY_STOPWORDS.
STOPWORDS = QUERY_STOPWORDS
_NAME_RE = re.compile(r"\b([A-Z][\w'-]*[a-z][\w'-]*)")
SPEAKER_RE = re.compile(r"^([^:\n]{1,40}):")
_CAPTION_RE = re.compile(r"\s*\[[^\]]*\]\s*$")


# "the user" in a question asked of the user's own memory names everyone and nothing: every
# fact there is the user's ("User lives in ..."), and what they said has no such word.
# So do the words that ask a memory at all ("what do you remember / know about ...").
OWNER_WORDS = frozenset({"user", "users", "remember", "know", "recall", "tell"})


# The words a question asks a slot's key with, beside the key's own: "where does the user
# live?" asks for `home_city`, "which company do they work for?" for `employer`.
_HOME_WORDS = "live lives living lived based reside resides home city town neighbourhood neighborhood"
_KEY_QUESTION_WORDS = {
    "home_city": _HOME_WORDS,
    "address": _HOME_WORDS,  # "The address is The Old Rectory, Bathampton": where the user lives
    "employer": "work works working company employer employs firm workplace hospital",
}


# The other words a key is asked by, whatever the question: "what is the user's position?"
# asks for `job_title`, "how much does the user earn?" for `salary` (never "pay", which a
# rent is paid with too).
_KEY_WORDS = {
    "job_title": "position occupation profession career",
    "salary": "wage wages income earn earns earning earnings",
}


def key_stems(key: str) -> set[str]:
    """The words of a profile key ("home_city" -> home, city; "sister.employer"), and
    the other words of a role's ("doctor.name" is asked for as the "GP", "manager.name"
    as the "boss")."""
    parts = re.split(r"[._\s]+", key.lower())
    last = key.lower().rsplit(".", 1)[-1]
    return {stem(w) for w in parts if len(w) > 2} | {stem(w) for w in ROLE_WORDS.get(key.lower().split(".")[0], ())} \
        | {stem(w) for w in _KEY_WORDS.get(last, "").split()}


# A question for a place or an organisation: "where does the user live?", "which company
# ...", "what city ..." ("what shift pattern does the user work?" asks for no employer).
_WHERE_Q_RE = re.compile(r"^\W*(?:where|which|who|what (?:city|town|company|firm|neighbou?rhood|place|hospital|country|"
                         r"area|office|employer|organi[sz]ation|business))\b", re.I)


def where_question(query: str) -> bool:
    """A question for a place or an organisation (`_WHERE_Q_RE`)."""
    return _WHERE_Q_RE.search(query) is not None


# What a question's answer looks like: "where ...?" is answered by a place named after
# "in", "at", "near" or "from" ("User and the wife are in Llanishen"), "how much / how
# many ...?" by a figure ("it's 1820 for the same flat"), "what does she do for work?" by
# an occupation or a verb of work.
_ANSWER_Q = (("place", re.compile(r"^\W*where\b", re.I)),
             # "how much does the user earn?": a sum of money ("The new contract's £41,200"), not any
             # figure ("User is 44 years old")
             ("money", re.compile(r"^\W*how much\b.*\b(?:earns?|earning|makes?|paid|pays?|costs?|charges?|spends?|owes?|"
                                  r"rent|salary|wages?|fees?|price|premium|mortgage|bills?|budget|worth|income)\b", re.I)),
             ("figure", re.compile(r"^\W*how (?:much|many|old|far|heavy|tall)\b", re.I)),
             # "what does the user's wife do for work?": an occupation ("teach third grade")
             ("work", re.compile(r"\bdo(?:es)? for (?:work|a living)\b|\b(?:job|occupation|profession|line of work)\b"
                                 r"|^\W*what does .{1,40} do\W*$", re.I)))
_MONTHS_DAYS = "|".join([*MONTH_NAMES, *WEEKDAYS])
ANSWER_RES = {
    "place": re.compile(r"\b(?:in|at|near|from)\s+(?:the\s+)?(?!User\b|(?i:" + _MONTHS_DAYS + r")\b)[A-Z][\w'\u00c0-\u024f-]+"),
    "figure": re.compile(r"\d"),
    # a sum: with its currency, or a figure of three digits or more that is no year, in a text
    # that gives no age ("It's 1820 for the same flat"; not "User is 44 years old")
    "money": re.compile(r"^(?!.*\b\d{1,3}\s*(?:years?|yrs?|y/?o)\b)(?:.*?(?:[$£€¥₹₩]\s?\d|\d\s?[$£€¥₹₩]|"
                        r"\b\d[\d,.]*\s?(?:k|m|grand|million|lakhs?|crores?|thousand|euros?|dollars|bucks|pounds|quid|rand|"
                        r"won|yen|pesos|reais|zł|kes|ksh|aed|usd|eur|gbp|inr|rs|sar|kwd)\b|\b(?:rs\.?|aed|usd|eur|gbp|inr|ksh|"
                        r"kes|sar|kwd|r)\s?\d)|.*?\b(?!(?:19|20)\d\d\b)\d[\d,.]{2,}\b)", re.I | re.S),
    "work": re.compile(r"\b(?:works?|working|worked|job|employed|teach(?:es|ing)?|retired|retiring|unemployed|"
                       r"self-employed|laid off|redundant|stay-at-home)\b|\b(?:is|'s|as|was) (?:a |an )?"
                       r"(?:[\w-]+ )?(?:" + "|".join(sorted(OCCUPATIONS)) + r")s?\b"
                       # a business of one's own: "opened his restaurant at last, Xamar Kitchen", "runs a
                       # family child care in the lower level"
                       r"|\b(?:runs?|running|owns?|opened|opens|opening) (?:a |an |his |her |their |the |User's )?(?:own )?"
                       r"(?:[\w'-]+ ){0,2}?(?:restaurant|shop|caf[eé]|business|salon|bakery|bar|pub|firm|company|practice|"
                       r"clinic|stall|food truck|farm|garage|studio|store|daycare|day care|child ?care|nursery|b&b|"
                       r"guest ?house)\b", re.I),
}


# A phrase of a question whose words name something else: "what does the user do for a
# living?" asks for work, never for where the user lives.
_IDIOMS = ((re.compile(r"\bfor a living\b", re.I), "for work"),
           # "what are the user's dogs called?": the dogs are asked, not a call ("3 calls already")
           (re.compile(r"\s+(?:called|named)(?=\s*\?*\s*$)", re.I), ""))


def said_plainly(query: str) -> str:
    """`query` with its idioms said in the words that name what they ask (`_IDIOMS`)."""
    for rx, plain in _IDIOMS:
        query = rx.sub(plain, query)
    return query


def answer_type(query: str) -> str | None:
    """The kind of answer a question asks for (`ANSWER_RES`), if it says."""
    return next((kind for kind, rx in _ANSWER_Q if rx.search(query)), None)


# A question for whom the user is with: "who is the user going out with?", "who is the user's
# girlfriend?", "who is she dating?" asks for `partner` (never "what does the user's wife do?")
_WHO_PARTNER_Q = re.compile(r"^\W*who(?:'s| is| are| was)?\b.*\b(?:dating|going out with|seeing|married to|in a "
                            r"relationship with|together with|girlfriend|boyfriend|wife|husband|partner|spouse|"
                            r"fianc[eé]e?)\b\W*$", re.I)
_PARTNER_ASKED = "dating going seeing married relationship together girlfriend boyfriend wife husband partner spouse fiance"


def asked_key_stems(key: str, query: str) -> set[str]:
    """The words a question may name a key by: its own (`key_stems`), and for a question
    for a place or an organisation, the words such a question asks the key with
    (`_KEY_QUESTION_WORDS` of its last part); for a question for whom the user is with,
    the words it asks `partner` by (`_WHO_PARTNER_Q`)."""
    words = key_stems(key)
    if where_question(query):
        words |= {stem(w) for w in _KEY_QUESTION_WORDS.get(key.lower().rsplit(".", 1)[-1], "").split()}
    if key.lower() == "partner" and _WHO_PARTNER_Q.search(query) and not query_names(query):  # (never "Brianna's boyfriend")
        words |= {stem(w) for w in _PARTNER_ASKED.split()}
    return words


def is_broad(query: str) -> bool:
    """A question about the user at large ("what do you remember about this user?",
    "tell me about them"): no word of it names a topic."""
    words = [w for w in WORD_RE.findall(query.lower()) if len(w) > 1]
    # "where is the user from?", "who is she?": a question for one thing, in stopwords alone
    return bool(words) and not set(words) & _ONE_THING_ASKED \
        and all(w in STOPWORDS or w in OWNER_WORDS or w in _AT_LARGE for w in words)


_ONE_THING_ASKED = frozenset({"where", "when", "who", "whom", "whose", "which", "how", "why"})


_AT_LARGE = frozenset({"everything", "anything", "something", "all", "stuff", "things", "thing", "them", "him",
                       "her", "person", "me", "us", "this", "that", "so", "far", "yet", "profile", "summary",
                       "summarize", "summarise", "overview", "memory", "memories", "remembered", "known"})


def keyword_query(query: str, drop_stopwords: bool) -> str:
    """The words the keyword index should look for (quoted by the store)."""
    words = WORD_RE.findall(query.lower())
    if drop_stopwords:
        # single letters come from possessives ("user's" -> "user", "s") and match everything
        kept = [w for w in words if w not in STOPWORDS and w not in OWNER_WORDS and len(w) > 1]
        words = kept or words
    return " ".join(dict.fromkeys(words))


stem = coverage_stem  # live, lives, lived, living -> liv: the coverage count's stem


def query_names(query: str) -> list[str]:
    """Capitalised words of the query that are not function words: likely names."""
    out = []
    for m in _NAME_RE.finditer(query):
        w = re.sub(r"'s?$", "", m.group(1))
        if w.lower() not in STOPWORDS and len(w) > 1:
            out.append(w.lower())
    return list(dict.fromkeys(out))


def subject(text: str) -> str:
    """Who a memory is about: a 'Speaker:' prefix, else its first three words."""
    m = SPEAKER_RE.match(text)
    return (m.group(1) if m else " ".join(text.split()[:3])).lower()


def is_question(text: str) -> bool:
    """A memory that ends by asking (a trailing '[shares ...]' caption aside)."""
    return _CAPTION_RE.sub("", text).rstrip().endswith("?")


WHEN_Q_RE = re.compile(r"^\W*(?:when|since when|how long|what (?:year|month|date|day|time)|which (?:year|month|day))\b"
                       r"|\bwhen (?:did|was|is|were|does|do|will|has|had)\b", re.I)
_NUMW = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple of|several)"
_DAYS = "|".join(WEEKDAYS)
TIME_CUE_RE = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|ago|recently|lately|since|weekend"
    r"|(?:last|this|next|past|coming)\s+(?:week|weekend|month|year|night|time|summer|winter|spring|fall|autumn"
    r"|" + _DAYS + r"|morning|evening)"
    r"|" + _NUMW + r"\s+(?:days?|weeks?|months?|years?)"
    r"|(?:19|20)\d\d|" + "|".join(m for m in MONTHS if m != "may") + "|" + _DAYS + r")\b", re.I)
_QDATE_RE = re.compile(
    r"\b(?:(?P<d1>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?P<mon>" + "|".join(MONTH_NAMES) + r")\b"
    r"(?:\s+(?P<d2>\d{1,2})(?:st|nd|rd|th)?\b)?(?:,?\s+(?P<y>(?:19|20)\d\d)\b)?")


def query_span(query: str) -> tuple[str, str] | None:
    """The dates a query names, as an inclusive range: "on 13 October 2023" -> that
    day and the week after (what was said then is dated on the next talk), "in June"
    -> June and the first week of July. ISO dates when the query gives a year, else
    "MM-DD" (any year). None without a month name."""
    m = next((m for m in _QDATE_RE.finditer(query)
              if not (m.group("mon") == "May" and not query[:m.start()].strip(" \"'(")  # "May I ask..."
                      and not (m.group("d1") or m.group("d2") or m.group("y")))), None)
    if not m:
        return None
    month = MONTHS.index(m.group("mon").lower()) + 1
    day = m.group("d1") or m.group("d2")
    year = m.group("y")
    if day:
        lo, hi = f"{month:02d}-{int(day):02d}", f"{month:02d}-{min(31, int(day) + 7):02d}"
    elif month == 12:
        lo, hi = "12-01", "12-31"
    else:
        lo, hi = f"{month:02d}-01", f"{month + 1:02d}-07"
    return (f"{year}-{lo}", f"{year}-{hi}") if year else (lo, hi)


def in_span(valid_from: str | None, span: tuple[str, str]) -> bool:
    """Whether an ISO timestamp falls in a `query_span` range."""
    if not valid_from:
        return False
    day = valid_from[:10] if len(span[0]) == 10 else valid_from[5:10]
    return span[0] <= day <= span[1]

