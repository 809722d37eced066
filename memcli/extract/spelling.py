"""Names a user types in lower case, spelled as the rest of the conversation spells them.

"onboarding at nubank is 3 wks", "mingau and pacoca (cats)", "the gravel road out to our
acreage by sundre": a user who never capitalises names nothing the rules can see, while the
assistant's replies in the same session write "Nubank", "Mingau", "Sundre". `spellings`
collects, from the other turns, the names written with capitals (a run of capitalised
words inside a sentence, whole; the first word of a sentence only as below; never a word
those turns also write in lower case); `respell` writes them so in a user message, for
the rules only (the message itself, its episode, stays as typed).

A word capitalised alone inside a sentence ("the drive to Calgary", "ask Carla") is a name.
One that opens a sentence, or is one word of a longer name, is respelled alone only when it
is no everyday word ("market" of "Mangwon Market", "apple", "go" stay as typed): the bundled
tokenizer's vocabulary is the list of everyday words (a word it has whole), so "nubank" and
"sundre", which it does not have, are names. A word of three letters or fewer never is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..text import CLAIM_STOPWORDS, MONTHS, WEEKDAYS, everyday

_WORD = r"[A-Z][a-z\u00df-\u024f'-]+"
# a run of capitalised words inside a sentence: after a word and a space, not after a stop
_RUN_RE = re.compile(r"(?<=[a-z0-9,;:)\u00df-\u024f] )" + _WORD + r"(?: " + _WORD + r"){0,5}\b")
# the first word of a sentence, a name only when it is no everyday word ("Nubank's stack is ...")
_FIRST_RE = re.compile(r"(?:^|(?<=[.!?]\s)|(?<=\n))(" + _WORD + r")\b")
_LOWER_RE = re.compile(r"\b[a-z\u00df-\u024f][a-z\u00df-\u024f'-]+\b")
# the words that stay lower case whatever the other turns do with them: months and weekdays
# (the dates read them in any case, and "may" is as often a verb), words of grammar
_NEVER = frozenset([*MONTHS, *WEEKDAYS, *CLAIM_STOPWORDS,
                    *"i im ive id ill the and but for with from this that what when where which who how will would "
                     "can could shall should must might may mark bill grace hope rose joy faith".split()])


_everyday = everyday  # (the name the rules import it by)


def spellings(texts: Iterable[str]) -> dict[str, str]:
    """Lower-case name -> its spelling, from `texts` (the other turns of a session): a
    run of capitalised words inside a sentence, whole ("vila madalena" -> "Vila
    Madalena"), and each word of it alone when it is no everyday word."""
    runs: dict[str, str] = {}
    lower: set[str] = set()
    firsts: dict[str, str] = {}
    mid: set[str] = set()  # what was capitalised inside a sentence
    for text in texts:
        for m in _RUN_RE.finditer(text or ""):
            before = text[max(0, m.start() - 40):m.start()].split()
            if before and before[-1][:1].isupper():
                continue  # the rest of a name that opens the sentence ("Mangwon Market")
            run = re.sub(r"'s$", "", m.group(0))
            runs.setdefault(run.lower(), run)
            mid.add(run.lower())
        for m in _FIRST_RE.finditer(text or ""):
            word = re.sub(r"'s$", "", m.group(1))
            firsts.setdefault(word.lower(), word)
        lower.update(_LOWER_RE.findall(text or ""))
    if not runs and not firsts:
        return {}  # nothing capitalised: the vocabulary is not read
    everyday = _everyday()
    for low, word in firsts.items():
        if low not in everyday:
            runs.setdefault(low, word)
    out: dict[str, str] = {}
    for low, spelled in runs.items():
        words = low.split()
        if len(words) > 1:
            out.setdefault(low, spelled)
        for w, s in zip(words, spelled.split(), strict=True):
            # a word capitalised alone inside a sentence is a name ("drive to Calgary", "ask
            # Carla"); one of a longer name only when it is no everyday word ("Market")
            alone = len(words) == 1 and low in mid
            if len(w) >= 4 and (alone or w not in everyday) and w not in lower and w not in _NEVER:
                out.setdefault(w, s)
    return out


def respell(text: str, names: dict[str, str]) -> str:
    """`text` with each name of `names` it writes in lower case spelled as `names` does,
    longer names first; words the user capitalised themselves are left as they are."""
    if not names or not text:
        return text
    for low in sorted(names, key=lambda n: (-len(n.split()), -len(n))):
        if low in text:
            text = re.sub(r"(?<![\w'-])" + re.escape(low) + r"(?![\w'-])", names[low], text)
    return text


__all__ = ["respell", "spellings"]
