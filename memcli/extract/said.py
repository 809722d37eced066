"""What a message says, in the user's own words: the text of its episode.

A fact sentence cannot carry everything a turn says ("it was amazing, the kids were
awestruck", a detail given in reply to a question), so the turn is also kept as said.
Not everything is worth keeping: greetings and acknowledgements ("haha ok thanks!"),
questions back ("what about you?"), requests to the assistant, talk about the
conversation ("I said that wrong") and quoted or pasted text are left out, sentence
by sentence, or clause by clause when a sentence mixes both ("I love hiking, do
you?" keeps "I love hiking"). The words kept are the user's, unchanged.
"""

from __future__ import annotations

import re

from ..text import content_words, normalize_punctuation
from .clauses import _SENT_SPLIT_RE, _clauses, _strip_fillers
from .filters import _classify_discard, _is_greeting
from .lexicon import QUESTION_START_RE, WEATHER_RE
from .quotes import set_apart

# Discard reasons that mean "this is no event of the user's life to keep": a question, a
# request, talk about the conversation, a hypothetical ("if I ever won the lottery..."), a
# passing state ("I'm exhausted today"). Greetings are `_pleasantry`'s. How a day out went
# ("it was amazing") is kept with the rest of what the turn says.
NOT_SAID = frozenset({"question", "request", "talk about the conversation", "hypothetical", "transient state"})
MIN_CONTENT_WORDS = 3  # "that's so cool!" is not an episode


# "it was amazing", "they were awestruck": how something went, not an acknowledgement
_HOW_IT_WENT = re.compile(r"\b(?:it|they|we|she|he)\s+(?:was|were|is|are|looked|felt|sounded)\b", re.I)
_NAME = re.compile(r"(?<=[\s,])[A-Z][a-z]+\b")


# openers and closers: "have a good day!", "talk soon", "hey, it's Priya again", "nice to meet you"
_SOCIAL = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|thanks|thank you|ty|bye|cheers|great|cool|anyway)\W+)*(?:have a (?:good|great|nice|lovely|"
    r"wonderful) (?:day|night|evening|weekend|week|one)|(?:see|talk to|speak to|catch) (?:you|ya|u)(?: later| soon)?|"
    r"talk (?:later|soon)|take care|good ?night|(?:it's|it is|this is) [A-Z][a-z]+(?: again| here)?|"
    r"(?:nice|good|great|lovely) to (?:meet|see|hear from) you(?: too| again)?|how are you(?: doing)?)\W*$", re.I)


def _pleasantry(s: str) -> bool:
    """ "Thanks, Caroline!", "haha ok cool", "That's great!", "have a good day!" (a name
    does not make it news)."""
    if _SOCIAL.match(re.sub(r"^\W*(?:hey|hi|hello|oh|good (?:morning|afternoon|evening))(?:\s+(?:again|there))?\W+", "", s,
                            flags=re.I)):
        return True
    return _is_greeting(_NAME.sub("", s)) and not _HOW_IT_WENT.search(s)


# A tag after a statement ("sunflowers mean warmth, right?", "it was a mess, wasn't it?")
# asks for agreement with what the sentence says: it is said, not asked.
_TAG_QUESTION = re.compile(r"[,\s]+(?:right|no|eh|huh|yeah|you know|don't you think|isn't it|isn't that|wasn't it|"
                           r"aren't they|weren't they|didn't it|didn't they|doesn't it|don't they|haven't you|"
                           r"wouldn't you say)\s*\?+\s*$", re.I)


def _untagged(s: str) -> str:
    """"X, right?" -> "X." when X is a statement; any other text unchanged."""
    if _TAG_QUESTION.search(s) and not QUESTION_START_RE.match(s):
        return _TAG_QUESTION.sub(".", s)
    return s


def _says_something(clause: str) -> bool:
    s = clause.strip()
    if not s or _pleasantry(s):
        return False
    s = _untagged(s)
    s = _strip_fillers(s)
    if not s:
        return False
    if WEATHER_RE.search(s) and not re.search(r"\b(?:i|we|my|our)\b", s, re.I):
        return False  # "the weather is lovely today": small talk
    return _classify_discard(s, s.lower()) not in NOT_SAID


def _split(text: str) -> list[str]:
    return [p.strip(" \t-*•>") for p in _SENT_SPLIT_RE.split(text) if p and p.strip(" \t-*•>")]


def said(text: str) -> str | None:
    """The part of a user message worth keeping as said, or None when nothing is."""
    own, _quoted = set_apart(normalize_punctuation(text))
    kept: list[str] = []
    for sentence in _split(own):
        clauses = _clauses(sentence)
        # "I'm absolutely knackered today, Dotty woke us at 5am": a passing state is left out
        # of the sentence that goes on to tell something
        passing = len(clauses) > 1 and any(_classify_discard(c, c.lower()) == "transient state"
                                           for c in map(_strip_fillers, clauses))
        if _says_something(sentence) and not passing:
            kept.append(sentence)
            continue
        parts = [c.strip(" ,") for c in clauses if _says_something(c)] if len(clauses) > 1 else []
        if parts:
            joined = ", ".join(parts)
            kept.append(joined if re.search(r"[.!?]$", joined) else joined + ".")
    out = " ".join(kept).strip()
    return out if len(content_words(out)) >= MIN_CONTENT_WORDS else None


# A question that opens with a question word frames its answer ("what got you into running?"
# -> "to de-stress"); a yes/no question ("do you also have a cat?") frames nothing the
# reply need be about, and its words would be stored as if the user had said them.
_WH_QUESTION = re.compile(r"^(?:(?:so|and|but|oh|wow|ok(?:ay)?|hey|well)\W+)*(?:what|how|where|when|why|which|who|whom|"
                          r"whose)\b", re.I)


# A yes/no question after something indefinite ("any fun plans for the summer?", "did you
# do anything fun?", "got any tips?", "have you ever been to Japan?") asks for an
# instance: whatever the reply tells is its answer.
_SOLICITS = re.compile(r"\b(?:any|anything|anyone|anybody|anywhere|something|someone|somewhere|ever)\b", re.I)

_LAUGH = r"(?:(?:ha(?:ha)*|he(?:he)+|lol|lmao|oh|um+|hmm+|ㅋ+|ㅎ+|ja(?:ja)+|je(?:je)+|k{3,}|w{3,})\W*)*"
_ANSWER_WORD = re.compile(r"^\W*" + _LAUGH + r"(?:yes|yeah|yep|yup|no|nope|nah|sure|definitely|absolutely|totally|of course|"
                          r"not really|not yet|maybe|kind of|sort of)\b", re.I)


# A reply that turns a guess down or does not know: "no clue which model", "oh hush", "nope"
_DECLINES = re.compile(r"^\W*" + _LAUGH + r"(?:no|nope|nah|not really|oh hush|hush|no way|"
                       r"absolutely not|not at all)\b|\b(?:no clue|no idea|not sure|dunno|idk|don'?t know|do not know|"
                       r"can'?t remember|cannot remember)\b", re.I)
_GUESS_TOKEN = re.compile(r"(?<![\w'])(?:[A-Z][\w&+'-]*\d[\w+-]*|[A-Z0-9][\w+-]*\d[\w+-]*|\d[\w.:,+-]*)"
                          r"|(?<=[\"'“‘])[A-Z][^\"'”’]{2,40}(?=[\"'”’])")


def _names_put(question: str, reply: str) -> list[str]:
    """The names a question puts to the user that the reply does not say (never its first
    word, or one after a stop)."""
    low = reply.lower()
    return [n for n in re.findall(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{2,}\b", question) if n.lower() not in low]


def _guessed(question: str, reply: str) -> bool:
    """Whether a yes/no question puts a value of its own to the user that a declining
    reply leaves unsaid ("Is the NAS a Synology DS920+?" / "no clue which model"; "your old
    ram Brenin took a few rosettes?" / "no no nothing like that"): stored with the reply, the
    guess would read as the user's."""
    first = re.split(r"(?<=[.!?])\s", reply, maxsplit=1)[0]
    if re.search(r"\d", first):
        return False  # "no, 14p since January": a value of its own corrects the guess
    low = reply.lower()
    # and a name it puts to the user ("I imagine your old ram Brenin took a few rosettes?" / "no
    # no nothing like that"): never the first word, or one after a stop; and a thing it puts
    # that a reply turning it down leaves unsaid while telling what is instead ("Do you also
    # offer eyelash extensions?" / "no no, only nail and wax"): stored with it, "eyelash" would
    # read as the salon's. A bare "no, not yet" keeps its question: that is all it says
    put = content_words(question) - content_words(reply) - _YOU_WORDS - _ASKING_WORDS
    told = content_words(reply) - _YOU_WORDS - _ASKING_WORDS
    return any(t.lower() not in low for t in _GUESS_TOKEN.findall(question)) or bool(_names_put(question, reply)) \
        or (_DECLINES.match(reply) is not None and bool(put) and len(told) >= 2)


_YES = re.compile(r"^\W*" + _LAUGH + r"(?:yes|yeah|yep|yup|sure|definitely|absolutely)\b", re.I)


def _taken_up(question: str, reply: str) -> bool:
    """Whether a reply takes up what a suggestion put forward: neither hedged nor turned
    down, and a yes or the thing itself said again ("What about a trip to Rome?" / "rome
    would be perfect")."""
    if _HEDGES.search(reply) or _DECLINES.search(reply):
        return False
    return _YES.match(reply) is not None or bool(content_words(_put_forward(question)) & content_words(reply))


def _put_forward(question: str) -> str:
    """What a suggestion puts forward, up to what it is for: "yoga sessions" of "Have you tried
    yoga sessions for the boys' recovery?"."""
    m = _SUGGESTS.match(question)
    rest = question[m.end():] if m else question
    return re.split(r"\b(?:for|instead|as|so|because|since)\b|[,;?!.]", rest, maxsplit=1)[0]
# the words of asking, not of what is asked: "Do you also ... any ... perhaps?"
_ASKING_WORDS = frozenset({"any", "also", "still", "perhap", "perhaps", "maybe", "ever", "really", "too", "yet", "else"})


# A question that puts a value forward ("How about Hokkaido in December?", "what about a
# dinner at Fasano?", "have you thought about pilates?"): its value is the assistant's
_SUGGESTS = re.compile(r"^(?!.*[,;]\s*(?:what|how|where|when|who|which|do|does|did|is|are)\b)"
                       r"(?:(?:so|and|oh|ok(?:ay)?|hmm+|well|or)\W+)*(?:how about|what about|why not|maybe|perhaps|"
                       r"have you (?:thought about|considered|tried)|you could|could you try|would you consider|"
                       r"fancy|shall we|should you)\b", re.I)
# a reply that keeps it open: "hmm see how first", "é uma ideia, vou pensar", "we'll see", "maybe"
# (not knowing, "not sure", "dunno", is `_DECLINES`'s)
_HEDGES = re.compile(r"\b(?:see how|(?:we|i)'?ll see|let me think|(?:i'?ll|will) think|think about it|vou pensar|"
                     r"voy a pensar|je vais r[ée]fl[ée]chir|maybe|perhaps|might|could be|we shall see|"
                     r"not yet)\b|^\W*hmm+\b", re.I)


def answers(question: str, reply: str) -> bool:
    """Whether `reply` reads as the answer to `question`: any reply to a question asked
    with a question word or after something indefinite ("any plans?"); to another
    yes/no question, a reply that opens with an answer word ("yeah, two boys") or
    takes up one of its words and every name it puts, unless it turns down or does not
    know a value the question guessed ("Is it a DS920+?" / "no clue which model"), or keeps open what it
    put forward ("How about Hokkaido?" / "hmm see how first")."""
    if not _WH_QUESTION.match(question) and _DECLINES.search(reply) and _guessed(question, reply):
        return False
    if _DENIES_PREMISE.search(reply) and _names_put(question, reply):
        return False  # "how's Smudge settling in?" / "We've no cat, I told you": the name is the assistant's
    if _SUGGESTS.match(question) and not _taken_up(question, reply):
        return False  # what the assistant put forward is not taken up ("Have you tried yoga?" / "hahaha the boys would laugh")
    if _WH_QUESTION.match(question) or _SOLICITS.search(question):
        return True
    if _ANSWER_WORD.match(reply):
        return True
    if _names_put(question, reply):
        return False  # "Are you and Marcus still planning that Cancun trip?" / "marcus n i r done": Cancun unsaid
    return bool(content_words(question) & content_words(reply) - _YOU_WORDS)


_YOU_WORDS = frozenset({"you", "your", "yours", "i", "my", "me", "we", "our", "us"})
# a reply that denies what the question takes for granted: "We've no cat", "We dont have dog",
# "I never had a boat", "there's no Kevin", "I told you"
# "he doesn't do any martial arts", "where did u get that", "no idea where that came from", "you've
# got me mixed up", "no tengo perro", "Who?" said first
_DENIES_PREMISE = re.compile(r"\b(?:(?:we|i)(?:'ve| have)?(?: got)? no\b|(?:we|i) (?:do ?n[o'\u2019]?t|dont|never) (?:have|own|got|"
                             r"had)\b|(?:we|i)(?:'ve| have) never had\b|there(?:'s| is) no\b|no such\b|i told you\b"
                             r"|(?:he|she|they) (?:does ?n[o'\u2019]?t|doesnt|do ?n[o'\u2019]?t|dont|never) (?:do|have|play|own|go to)"
                             r" (?:any|a|an)\b|where (?:did|do) (?:you|u) (?:get|find|hear) (?:that|this)\b"
                             r"|no idea where (?:that|this) (?:came|comes|come) from\b|(?:got|have|has|get) me mixed up\b"
                             r"|mixed me up\b|no (?:tengo|tenemos)\b"
                             # "who's that??", "don't make things up", "I'm single", and in the languages
                             # users mix in: "kinsa man na??", "sino yan", "c'est qui", "¿quién es?"
                             r"|who(?:'s| is) (?:that|he|she|this)\s*\?|(?:don'?t|do not|dont|stop) (?:make|making) "
                             r"(?:things|stuff|that|it|people) up\b|(?:don'?t|dont|stop) (?:invent|inventing)\b"
                             r"|(?:i'?m|i am|im) single\b|single since\b|kinsa (?:man )?(?:na|siya|kana)\b|sino (?:yan|yun|iyan|siya)\b"
                             r"|mag-?imbento\b|c'est qui\b|qui (?:c'est|est-ce)\b|qui[eé]n es\b"
                             # the doing the question takes for granted: "I don't run, remember the knees"
                             r"|(?:i|we) (?:do ?n[o'\u2019]?t|dont|never|can'?t|cannot) (?:run|jog|play|ski|swim|surf|cycle|bike|"
                             r"golf|fish|hunt|dance|race|ride|sing|knit|paint|climb|hike)\b)"
                             r"|^\W*(?:\w+\W+)?who\s*\?", re.I)


def question_of(text: str) -> str | None:
    """The last question a message asks ("... What got you into running?"), for the
    episode of its answer (see `answers`)."""
    own, _quoted = set_apart(normalize_punctuation(text))
    questions = [s for s in _split(own) if s.rstrip().endswith("?")]
    if not questions:
        return None
    q = questions[-1]
    # "Wow, love it! So what got you into running?" -> keep the asking part
    parts = [c.strip() for c in re.split(r"(?<=[.!,])\s+", q) if c.strip()]
    q = next((p for p in reversed(parts) if p.endswith("?")), q)
    words = q.split()
    return " ".join(words[-25:]) if len(words) > 25 else q


# A reply that opens on a word pointing back ("They're a real support.", "That sounds
# like my weekend") cannot be read alone: what it points at is in the message before.
_POINTS_BACK = re.compile(r"^\W*(?:(?:yeah|yes|yep|yup|wow|oh|aw+|thanks|thank you|haha|lol|ok(?:ay)?|sure|totally|"
                          r"so|and|but|well|hey|hi|true|agreed|exactly|definitely|absolutely)\W+|(?-i:[A-Z][a-z]+)\s*[,!]\s*)*"
                          r"(?:it|that|this|they|them|those|these|he|she|same|mine|me too|so do i|so did i)\b"
                          r"(?!\s+(?:is|was)\s+(?:my|our)\b)", re.I)
CONTEXT_WORDS = 30  # the most words of the message before kept as a reply's context


def points_back(reply: str) -> bool:
    """Whether the reply's first sentence opens on a word that points back at the
    message before ("They're a real support"), not at anything it says itself."""
    return bool(_POINTS_BACK.match(reply))


def statement_of(text: str) -> str | None:
    """What a message said last (its last sentences that say something, up to
    CONTEXT_WORDS words), as the context of a reply that points back at it."""
    own, _quoted = set_apart(normalize_punctuation(text))
    kept: list[str] = []
    for sentence in reversed(_split(own)):
        if sentence.rstrip().endswith("?") or _pleasantry(sentence) or not content_words(sentence):
            if kept:
                break
            continue
        if kept and len(" ".join([sentence, *kept]).split()) > CONTEXT_WORDS:
            break
        kept.insert(0, sentence)
        if len(" ".join(kept).split()) >= 8:
            break
    if not kept:
        return None
    words = " ".join(kept).split()
    return " ".join(words[-CONTEXT_WORDS:])


# "Are you still on 13p a word with them?" -> "14p since January": the reply gives the
# question's value again, changed. Values: a number with its unit, or a capitalised name.
_STILL_QUESTION = re.compile(r"\b(?P<aux>are|is|do|does)\s+(?:you|u)\s+still\s+(?P<body>[^?]+)\?", re.I)
_VALUE = r"(?:[£$€]?\d[\d,.:]*\s?[a-z%]{0,3}\b|(?-i:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)*))"
_VALUE_REPLY = re.compile(r"^\W*(?:(?:no|nope|nah|not anymore|actually)\b[,!.]*\s*)?(?P<w>" + _VALUE + r")"
                          r"(?P<rest>[^.;!?]*)", re.I)


_NOT_VALUES = frozenset("yes yeah yep yup sure ok okay well oh ah hmm haha lol still same definitely absolutely "
                        "totally i i'm it that this thanks honestly sadly luckily unfortunately".split())


def value_reply(question: str | None, reply: str) -> str | None:
    """The statement a reply makes when it answers "are you still <X with value V>?"
    with another value W: the question's words with W for V, in the first person,
    with the reply's "since ..." ("I am on 14p a word with them since January"). None
    when the question asks no "still", names no value, or the reply opens on the same
    value, on "yes", or on a value of another kind."""
    q = _STILL_QUESTION.search(question or "")
    r = _VALUE_REPLY.match(reply.strip())
    if not q or not r:
        return None
    new = r.group("w").strip()
    if new.split()[0].lower() in _NOT_VALUES:
        return None
    numeric = new[:1].isdigit() or new[:1] in "£$€"
    olds = [m for m in re.finditer(_VALUE, q.group("body"))
            if (m.group(0)[:1].isdigit() or m.group(0)[:1] in "£$€") == numeric and m.group(0).strip() != "I"]
    if not olds or olds[-1].group(0).strip().lower() == new.lower():
        return None
    body, old = q.group("body"), olds[-1]
    stated = (body[:old.start()] + new + body[old.end():]).strip()
    tail = r.group("rest").strip(" ,")
    tail = tail if re.match(r"^(?:since|from|as of|now|these days)\b", tail, re.I) else ""
    verb = "I am" if q.group("aux").lower() in ("are", "is") else "I"
    return f"{verb} {stated}{' ' + tail if tail else ''}"


# "Ag no man, Keetmanshoop.", "nope, Leeds": a reply that denies what was said of the user and
# names the right one
_DENIED_REPLY = re.compile(r"^\W*(?:(?:ag|oh|ah|um|erm|haha|lol|well|actually)\W+)*(?:no|nope|nah|not really|not quite)\b"
                           r"(?:\W+(?:man|mate|bro|boet|dude|lah|sorry|actually|it's|its|it was))*\W+"
                           r"(?P<w>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){0,2})\s*(?:[.!,;]|$)", re.I)
# ... of "since you grew up in Swakopmund", "you work at Google, right?", "you're based in Leeds"
_SAID_OF_YOU = re.compile(r"\byou(?P<aux>'re| are|'ve| have)?\s+(?P<v>(?:[a-z]+\s+){1,3}?)(?P<prep>in|at|from|for|with)\s+"
                          r"(?P<old>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){0,2})", re.I)


def denied_reply(said_to_user: str | None, reply: str) -> str | None:
    """The statement a reply makes when it denies a place or a name the assistant said of
    the user and gives another ("Since you grew up in Swakopmund, ..." / "Ag no man,
    Keetmanshoop." -> "I grew up in Keetmanshoop"); None otherwise."""
    r = _DENIED_REPLY.match(reply.strip())
    m = _SAID_OF_YOU.search(said_to_user or "") if r else None
    if r is None or m is None or m["old"].lower() == r["w"].lower() or r["w"].split()[0].lower() in _NOT_VALUES:
        return None
    subject = {"'re": "I am", " are": "I am", "'ve": "I have", " have": "I have"}.get(m["aux"] or "", "I")
    return f"{subject} {m['v']}{m['prep']} {r['w']}"
