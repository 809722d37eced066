"""A run-on message split where a new clause begins.

Dictated and fast-typed messages often carry no stops at all: "... so I quit forgetting
birthdays my wife Brenda teaches grade four at Westwood Elementary and me I'm allergic to
bee stings I carry an EpiPen in the cab ...". Read as one sentence, such a message is one
long fact whose meaning no question finds. Here a long stretch without a stop or a comma
is cut before the words that open a clause of their own:

- a subject pronoun, "I carry an EpiPen", "she's a nursing student", "he keeps trying";
- the user's relative and their verb, "my wife Brenda teaches", "my brother Terry's coming".

A name and its verb opens none ("Tess is fourteen"): a capitalised word is as often a place or a
thing ("... at Muenster School she's loving it").

Never inside a clause that depends on what went before: after "that", "when", "if",
"told them", "should" (a question's "should I"), a preposition or an article; nor before
a relative clause with its object missing ("the Case IH we bought at the auction", "the
time I got into a nest", "the old Dodge I drive and ..."), nor before a "she" whose
person the part before does not name ("quick one tanya left dispatch ... shes doing ..."),
nor after a short time said first ("ok so last thursday i got pulled in"), nor inside a
condition ("and if I won the lottery I would retire"). Each part keeps three words or more.
Text with its stops, and short stretches, are as they were.
"""

from __future__ import annotations

import re

from .lexicon import ADVERBS, RELATIONS

# a stretch of this many words with no stop and no comma is read as run-on
RUN_MIN = 25
_PART_MIN = 3

_CONTRACTED = re.compile(r"(?:i|we|he|she|they|you)(?:'|\u2019)(?:m|re|ve|ll|d|s)$|(?:im|ive|hes|shes|theyre|theyve)$")
_SUBJECTS = {"i", "we", "he", "she", "they"}
_CONJ = {"and", "but", "so", "then", "plus", "cos", "coz", "cause"}
# the words after which a clause depends on what went before, or continues a phrase
_BOUND = {
    "that", "which", "who", "whom", "whose", "when", "where", "if", "because", "since", "till", "until", "while",
    "as", "than", "what", "how", "why", "whether", "before", "after", "once", "though", "although", "unless",
    "whenever", "wherever", "or", "nor", "like", "coz", "cos", "cause",
    # saying and thinking: "he says he's never seen", "I think we're ..."
    "said", "say", "says", "saying", "told", "tell", "tells", "think", "thinks", "thought", "know", "knows", "knew",
    "guess", "reckon", "reckons", "hope", "hopes", "figure", "figured", "bet", "sure", "glad", "sorry", "afraid",
    "mean", "means", "meant", "heard", "hear", "wish", "realise", "realize", "realised", "realized", "swear",
    "believe", "feel", "felt", "suppose", "expect", "noticed", "seems", "admit",
    # a question's inverted verb: "what should I be looking at", "how many acres should I figure"
    "should", "would", "could", "can", "will", "shall", "may", "might", "must", "do", "does", "did", "am", "is", "are",
    "was", "were", "have", "has", "had",
    # a preposition or an article continues its phrase
    "to", "of", "in", "on", "at", "for", "with", "from", "by", "about", "into", "onto", "over", "under", "between",
    "through", "without", "within", "against", "towards", "toward", "near", "off", "up", "down", "out", "around",
    "outside", "inside", "behind", "beside", "across", "along", "past", "beyond", "below", "above", "except", "via",
    "the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "these", "those", "its", "every", "each",
    "some", "any", "no", "not", "all", "both", "let", "made", "make", "makes", "help", "helps", "watch", "see", "saw",
    "let's", "and/or", "i", "we", "he", "she", "they", "you",
}
# what cannot follow a subject as its verb
_NO_VERB = {"to", "of", "in", "on", "at", "for", "with", "from", "by", "about", "the", "a", "an", "and", "or", "but",
            "that", "who", "which", "my", "your", "his", "her", "our", "their"}
# nouns a relative clause with no "that" follows: "that stuff I told you about", "the one we had"
_HEADS = {"stuff", "thing", "things", "everything", "something", "anything", "nothing", "one", "ones", "bit", "part",
          "way", "time", "times", "day", "place", "reason", "kind", "sort", "lot", "much", "person", "people", "guy",
          "bloke", "fella", "woman", "man", "girl", "lady", "words", "bits", "name"}
_OBJECTS = {"me", "him", "her", "us", "them", "you"}
_SAYING = {"told", "tell", "tells", "asked", "ask", "asks", "warned", "reminded", "promised", "showed", "texted",
           "emailed", "wrote"}
# after a relative clause's verb, the words that show its object is missing
_GAP_AFTER = {
    "to", "of", "in", "on", "at", "for", "with", "from", "by", "about", "into", "onto", "over", "under", "off", "up",
    "out", "around", "and", "or", "but", "so", "used", "back", "last", "yesterday", "today", "recently", "then",
    "there", "here", "since", "when", "before", "after", "ago", "new",
}
_KIN = {r for r in RELATIONS if " " not in r and not r.endswith("'s")} | {
    "mam", "ma", "da", "nan", "nana", "granny", "gran", "grandad", "granddad", "auntie", "aunty", "mate", "buddy",
    "lad", "lass", "missus", "hubby", "wee", "oldest", "eldest", "youngest", "middle", "little", "big", "baby",
    "step", "ex", "stepmum", "stepdad", "godson", "goddaughter", "mother-in-law", "father-in-law", "sister-in-law",
    "brother-in-law", "son-in-law", "daughter-in-law", "boys", "girls", "folks", "parents",
}
_AUX = {"is", "was", "has", "had", "will", "can", "does", "did", "says", "said", "wants", "loves", "likes", "hates",
        "took", "got", "wrote", "went", "came", "made", "gave", "told", "works", "lives", "moved", "started",
        "finished", "passed", "left", "bought", "sold", "met", "keeps", "runs", "drives", "teaches", "plays",
        "thinks", "knows", "reckons", "brings", "needs", "needed", "called", "texted", "sent", "won", "lost"}

_WORD_RE = re.compile(r"\S+")
_WHEN_WORD = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|today|tonight|tomorrow|morning|evening|"
                        r"afternoon|night|weekend|ago|january|february|march|april|june|july|august|september|october|"
                        r"november|december")
_STOP_END = re.compile(r"[,;:.!?…)\]\"\u201d]$")


def _bare(token: str) -> str:
    return token.strip("\"'\u2018\u2019\u201c\u201d()[]").lower()


def _named(token: str) -> bool:
    """A word written as a name: "Brenda", "Tyler's" (never "I", "I'm")."""
    w = re.sub(r"(?:'|\u2019)s$", "", token)
    return bool(re.fullmatch(r"[A-Z][a-z]+(?:-[A-Z]?[a-z]+)?", w)) and w not in ("I", "Im", "Ive")


def _verb_like(word: str) -> bool:
    return word in _AUX or (word.isalpha() and len(word) > 3 and word.endswith(("ed", "es", "s"))
                            and not word.endswith(("ss", "us", "is", "ous")))


def _opens_clause(words: list[str], i: int) -> bool:
    """Whether the word at `i` opens a clause of its own."""
    w = _bare(words[i])
    after = [_bare(x) for x in words[i + 1:i + 4]] + ["", "", ""]
    if _CONTRACTED.fullmatch(w):
        return True
    if w in _SUBJECTS:
        j = 0
        while after[j] in ADVERBS and j < 2:
            j += 1
        verb, nxt = after[j], after[j + 1]
        if not verb or verb in _NO_VERB:
            return False
        # "the time I got into a nest", "the old Dodge I drive and ...": a relative clause
        return nxt not in _GAP_AFTER
    if w in ("my", "our"):
        j = 1
        while after[j - 1] in _KIN and j < 3:
            j += 1
        if j == 1:
            return False
        if after[j - 1:j + 1] == ["in", "law"]:  # "my brother in law needed a skip"
            j += 2
        rest = words[i + j:i + j + 3]
        if rest and _named(rest[0]):
            if re.search(r"(?:'|\u2019)s$", rest[0]):
                return True
            rest = rest[1:]
        if rest and re.search(r"(?:'|\u2019)s$", words[i + j - 1]) and not _named(words[i + j - 1]):
            return False  # "my brother's van"
        return bool(rest) and _verb_like(_bare(rest[0]))
    # (a name and its verb opens no cut: "Muenster School", "Riders game", "Case IH" are
    # names too, and a run cut there lost more than it found)
    return False


def _cuts(words: list[str], lo: int, hi: int) -> list[int]:
    """The indices in words[lo:hi], one stretch without stops, where a new clause begins."""
    cuts: list[int] = []
    for i in range(lo + 2, hi - 1):
        prev = _bare(words[i - 1])
        # "and me I'm allergic to bee stings": "me" opens the clause
        me_first = prev == "me" and _bare(words[i]) in ("i'm", "i\u2019m", "i", "im") and _bare(words[i - 2]) in _CONJ
        cut = i - 1 if me_first else i
        before = _bare(words[cut - 1])
        if before in _CONJ and cut - 1 > lo:
            cut -= 1
            before = _bare(words[cut - 1])
        if not me_first and (prev in _BOUND and prev not in _CONJ or prev in _HEADS):
            continue
        if before in _BOUND and before not in _CONJ or before in _OBJECTS and _bare(words[cut - 2]) in _SAYING:
            continue
        if re.match(r"(?:he|she|they)\b", _bare(words[i])) and (_named(words[i - 1]) or prev in _KIN):
            continue  # a name taken up by its pronoun: "my other brother Wade he's a lineman"
        if not _opens_clause(words, i):
            continue
        start = cuts[-1] if cuts else lo
        if cut - start <= 5 and any(_WHEN_WORD.fullmatch(_bare(w)) for w in words[start:cut]):
            continue  # a time said first stays with what happened then: "ok so last thursday i got pulled in"
        if re.match(r"(?:he|she|they|hes|shes)\b", _bare(words[i])) and not any(
                _named(w) or _bare(w) in _KIN for w in words[start + 1:cut]):
            continue  # whom "she" means is read from the part before: "quick one tanya left dispatch ... shes doing ..."
        if any(_bare(w) in ("if", "unless") for w in words[start:cut]) or _bare(words[start]) in ("when", "once"):
            continue  # a condition keeps what it conditions: "and if I won the lottery I would retire"
        if cut - start < _PART_MIN:
            continue
        cuts.append(cut)
    if cuts and hi - cuts[-1] < _PART_MIN:
        cuts.pop()
    return cuts


def runon_split(sentence: str) -> list[str]:
    """`sentence` cut where a new clause begins in a long stretch with no stops; a
    conjunction that joined the clauses is left out, and the "me" of "and me I'm ..."."""
    words = _WORD_RE.findall(sentence)
    if len(words) < RUN_MIN:
        return [sentence]
    cuts: list[int] = []
    lo = 0
    for i, token in enumerate(words):
        if _STOP_END.search(token) or i == len(words) - 1:
            hi = i + 1
            if hi - lo >= RUN_MIN:
                cuts.extend(_cuts(words, lo, hi))
            lo = hi
    if not cuts:
        return [sentence]
    parts = []
    for a, b in zip([0, *cuts], [*cuts, len(words)], strict=True):
        part = words[a:b]
        while a and len(part) > _PART_MIN and (_bare(part[0]) in _CONJ or _bare(part[0]) == "me" and _bare(
                part[1]) in ("i'm", "i\u2019m", "i", "im")):
            part = part[1:]
        parts.append(" ".join(part))
    return parts
