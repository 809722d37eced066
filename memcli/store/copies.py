"""What counts as a copy of a record's text, for hard delete.

A fact is stored in the third person ("User's office is room 14") while the turns
that said it, restated it later or echoed it back are in the first or second person
("my office is room 14", "noted: your office is room 14"). So a copy is found by
the fact's distinctive words, not its exact string: the words left once person
words ("user", "my", "your"...), function words and one inflection suffix are
dropped. A text holds the claim when every distinctive word occurs in it within a
short span of words (one sentence or so), so a long turn that mentions "office" in
one place and "14" in another is not taken for a restatement. A fact of a single
distinctive word ("User is vegan") also needs a person word in that span ("I'm
vegan", "you are vegan"): "my sister is vegan" is someone else's claim.

Stored records are copies only when their distinctive words are the same set (a
duplicate written separately); a record that merely contains the claim among other
things is a different memory and stays.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..text import CLAIM_STOPWORDS, MONTHS, WEEKDAYS, coverage_stem

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*", re.UNICODE)
_CONTRACTION = re.compile(r"['\u2019](?:s|m|re|ve|ll|d|t)$")
PERSON_WORDS = frozenset(
    "i me my mine myself we us our ours ourselves you your yours yourself yourselves user".split())
_EXTRA_STOP = frozenset("am will would can could should shall may might must".split())
_SPAN_SLACK = 6  # words a restatement may add between the fact's words
_YEAR = re.compile(r"^(1[89]|20|21)\d\d$")
_CALENDAR = frozenset(coverage_stem(w) for w in (*MONTHS, *WEEKDAYS))


def words(text: str) -> list[str]:
    """Lower-cased words with contractions and possessives cut ("user's" -> "user", "i'm" -> "i")."""
    return [_CONTRACTION.sub("", w.replace("\u2019", "'")) for w in _WORD.findall(text.lower())]


def token(word: str) -> str:
    """A word as a distinctive word: "" for a person or function word, else its stem."""
    if word in PERSON_WORDS or word in CLAIM_STOPWORDS or word in _EXTRA_STOP:
        return ""
    return word if word.isdigit() else coverage_stem(word)


def distinctive(text: str) -> frozenset[str]:
    return frozenset(t for t in (token(w) for w in words(text)) if t)


def undated(terms: frozenset[str]) -> frozenset[str]:
    """The terms without years, months and weekdays: the write path resolves "last
    March" to "in March 2025", so a turn restating the fact need not hold the date."""
    core = frozenset(t for t in terms if not _YEAR.match(t) and t not in _CALENDAR)
    return core if core else terms


@dataclass(frozen=True)
class Claim:
    text: str
    terms: frozenset[str]  # what a turn must hold (see `undated`)
    full: frozenset[str] = frozenset()  # every distinctive word, dates included

    def prefilters(self) -> list[str]:
        """Lower-case substrings every text holding the claim contains (each stem is a
        prefix of the word it came from), for an SQL `instr` pre-filter."""
        return sorted(self.terms, key=len, reverse=True)[:3] if self.terms else [self.text.lower()]

    def held_by(self, text: str) -> bool:
        """Whether `text` states this claim (see the module docstring)."""
        if not self.terms:
            return self.text.lower() in text.lower()
        seq = words(text)
        toks = [token(w) for w in seq]
        if not self.terms <= set(toks):
            return False
        need_person = len(self.terms) == 1
        limit = 2 * len(self.terms) + _SPAN_SLACK
        return _within_span(seq, toks, self.terms, limit, need_person)


def _within_span(seq: Sequence[str], toks: Sequence[str], terms: frozenset[str], limit: int,
                 need_person: bool) -> bool:
    """Whether some run of at most `limit` words holds every term (and a person word,
    when `need_person`): a sliding window over the term positions."""
    last: dict[str, int] = {}
    for i, t in enumerate(toks):
        if t not in terms:
            continue
        last[t] = i
        if len(last) < len(terms):
            continue
        start = min(last.values())
        if i - start + 1 > limit:
            continue
        if not need_person:
            return True
        lo, hi = max(0, start - _SPAN_SLACK), min(len(seq), i + _SPAN_SLACK + 1)
        if any(w in PERSON_WORDS for w in seq[lo:hi]):
            return True
    return False


class CopyFinder:
    """The claims of the records being purged, and the texts (`needles`, a --match
    string) whose plain substring also marks a copy."""

    def __init__(self, texts: Iterable[str], needles: Iterable[str] = ()) -> None:
        self.claims = [Claim(t, undated(d), d) for t in dict.fromkeys(texts) if t.strip() for d in [distinctive(t)]]
        self.needles = [n.lower() for n in needles if n.strip()]
        self.texts = {c.text.lower() for c in self.claims}

    def __bool__(self) -> bool:
        return bool(self.claims or self.needles)

    def holds(self, text: str | None) -> bool:
        """Whether a turn, a log row or a reason quotes or restates any of them."""
        if not text:
            return False
        low = text.lower()
        if any(n in low for n in self.needles) or any(t in low for t in self.texts):
            return True
        return any(c.held_by(text) for c in self.claims)

    def same_record(self, text: str) -> bool:
        """Whether a stored record is a copy: the same text, or the same distinctive words
        (dates included: "moved to Porto in 2019" and "... in 2025" are two facts)."""
        terms = distinctive(text)
        return text.lower() in self.texts or any(terms and terms == c.full for c in self.claims) \
            or any(n in text.lower() for n in self.needles)

    def sql_filter(self, column: str, *, json_text: bool = False) -> tuple[str, list[str]]:
        """A WHERE clause keeping the rows that might hold a copy (every row that does,
        and some that do not: `holds` decides), so the scan stays in SQLite.
        `json_text`: the column holds JSON, where non-ASCII letters are escaped."""
        def form(t: str) -> str:
            return json.dumps(t)[1:-1] if json_text else t

        parts: list[str] = []
        args: list[str] = []
        for c in self.claims:
            pre = c.prefilters()
            parts.append("(" + " AND ".join(f"instr(lower({column}), ?) > 0" for _ in pre) + ")")
            args += [form(t) for t in pre]
        for n in self.needles:
            parts.append(f"instr(lower({column}), ?) > 0")
            args.append(form(n))
        return ("(" + " OR ".join(parts) + ")" if parts else "0"), args
