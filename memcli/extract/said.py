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
from .lexicon import WEATHER_RE
from .quotes import set_apart

# Discard reasons that mean "this says nothing about the user's life". A passing state
# ("I'm exhausted today"), a hypothetical, a plan or small talk about a day out still say
# something: an episode keeps them, though no fact is drawn from them.
NOT_SAID = frozenset({"question", "request", "talk about the conversation"})  # greetings: _pleasantry
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
    if _SOCIAL.match(re.sub(r"^\W*(?:hey|hi|hello|oh)\W+", "", s, flags=re.I)):
        return True
    return _is_greeting(_NAME.sub("", s)) and not _HOW_IT_WENT.search(s)


def _says_something(clause: str) -> bool:
    s = clause.strip()
    if not s or _pleasantry(s):
        return False
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
        if _says_something(sentence):
            kept.append(sentence)
            continue
        clauses = _clauses(sentence)
        parts = [c.strip(" ,") for c in clauses if _says_something(c)] if len(clauses) > 1 else []
        if parts:
            joined = ", ".join(parts)
            kept.append(joined if re.search(r"[.!?]$", joined) else joined + ".")
    out = " ".join(kept).strip()
    return out if len(content_words(out)) >= MIN_CONTENT_WORDS else None


def question_of(text: str) -> str | None:
    """The last question a message asks ("... What got you into running?"), for the
    episode that answers it."""
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
