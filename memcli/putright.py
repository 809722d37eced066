"""Values the user puts right or changes, read against what is stored: "Po-han is 7 years
old, not 6" (the record that says 6 of Po-han is said again with 7), "I said I taught for
41 years; in fact it was 39", "the target of 2:05 ... is hereby amended to 2:15", "I gave
you the wrong figure for the bike - it was 2,150", and "switched from Vodafone to Three"
(the user's records of Vodafone said again of Three). Each gives the candidate that
replaces the stored record; `later_corrections` and `later_switches` do the same for
sessions read out of order."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from .extract.lexicon import RELATIONS
from .models import Candidate, Memory
from .timeutil import parse_dt, to_iso, utcnow

if TYPE_CHECKING:
    from .store import Store as MemoryStore


# "Po-han is 7 years old, not 6": a number put right beside the wrong one, of someone named;
# or a day ("Shah wedding is 9 December, not 6 December - typo", its date resolved with the
# user's words beside it), and after it only why it was wrong
_PUT_RIGHT_DAY = r"\d{4}-\d\d-\d\d(?: \([^()]{1,30}\))?"
_NOT_THAT_RE = re.compile(r"^(?P<head>.*?)(?<![\w.])(?P<b>" + _PUT_RIGHT_DAY + r"|\d[\d.,]*(?=(?:st|nd|rd|th)?\b))(?:st|nd|rd|th)?"
                          r"[^,;]{0,20}?,?\s+not\s+(?:the\s+|on\s+)?(?P<a>" + _PUT_RIGHT_DAY + r"|\d[\d.,]*)"
                          r"(?:st|nd|rd|th)?(?![\w.])(?:\s*[,;:\u2013\u2014-]?\s*(?:sorry|typo|my (?:bad|mistake))\b.*)?\W*$",
                          re.I)


# "I said I taught for 41 years; in fact it was 39 years": what was said, then the number put right
_SAID_THEN_RE = re.compile(r"\bI (?:said|told you|wrote|mentioned) (?:that )?(?P<head>[^;.!?]*?(?<![\w.])(?P<a>\d[\d.,]*)"
                           r"(?![\w.])[^;.!?]*)[;.,]\s*(?:but\s+)?(?:in fact|actually|really|in reality|the truth is),?\s+"
                           r"(?:it (?:was|is)|it's|its)\s+(?P<b>\d[\d.,]*)(?![\w.])", re.I)


# "The half marathon target of 2:05 was unduly ambitious. It is hereby amended to 2:15", "the
# deposit was 900 but that's been changed to 950": a figure, then the same thing said changed
_AMENDED_RE = re.compile(r"(?P<head>[^.!?;]*?(?<![\w.:])(?P<a>\d(?:[\d.,:]*\d)?)(?![\w:]|\.\d)[^.!?;]*?)(?:[.;!]\s+|,?\s+but\s+)"
                         r"(?:so\s+)?(?:it|that|this)(?:\s+is|\s+has\s+been|\s+was|'s\s+been|'s|\s+will\s+be|\s+got|\s+gets)?\s+"
                         r"(?:now\s+|hereby\s+|since\s+|just\s+)?(?:amended|changed|revised|updated|adjusted|moved|pushed|bumped|"
                         r"raised|lowered|increased|reduced|cut|lifted|corrected)\s+(?:up\s+|down\s+|back\s+)?to\s+"
                         r"(?P<b>\d(?:[\d.,:]*\d)?)(?![\w:]|\.\d)", re.I)


# the words that open a correction, with an interjection before them in any language ("Arre
# sorry, ...", "Small fix: ...")
_SORRY_LEAD = re.compile(r"^(?:[\w']+[,!]?\s+){0,2}?(?:sorry|oops|wait|no|ah|oh|ok|okay|fix|correction|erratum)\b[,!.:]?\s*",
                         re.I)


def _put_right_of(m: re.Match[str]) -> tuple[set[str], frozenset[str], frozenset[str], set[str]]:
    """What a stored record must say to be the one a correction puts right: (names it must
    all say, words it must all say, words of which it must say one, figures it must all say).
    "Po-han is 7 years old, not 6": the name; "I said I taught for 41 years": every word;
    "the target of 2:05 ... amended to 2:15": a word; "it's 20 on, 8 off, not 10": the other figure."""
    from .claims import parse as claim

    head = _SORRY_LEAD.sub("", m.group("head"))  # "Arre sorry, Shah wedding is ...": no one called Arre
    names = set(re.findall(r"\b(?!User\b|I\b)[A-Z][\w'-]+", head))
    if m.re is _AMENDED_RE:
        return set(), frozenset(), claim(head).words - claim(m.group("a")).words, set()
    if m.re is _SAID_THEN_RE:
        return names, claim(head).words - claim(m.group("a")).words, frozenset(), set()
    figures = set() if names else set(re.findall(r"(?<![\w.])\d[\d.,:]*(?![\w])", head)) - {m.group("a"), m.group("b")}
    # "our wedding anniversary is the 18th of August, not the 14th": two words or more of what it is
    words = claim(head).words - {"user", "user's", "user'"} if not (names or figures) else frozenset()
    return names, words if len(words) >= 2 else frozenset(), frozenset(), figures


def set_right(store: MemoryStore, scope: str, cands: list[Candidate], when: datetime, said: str = "") -> list[Candidate]:
    """"Po-han is 7 years old, not 6", said any time after "Yu-ting is 10 and Po-han is 6",
    or "I said I taught for 41 years; in fact it was 39": the stored record that says the
    same thing with the wrong number, said again with the right one in its place (a
    correction is authoritative, seed 001); the rest of the record (Yu-ting's age) is kept.
    Only a record that names everyone the correction names, or says every word of what
    the user says they said. What the user says they said wrongly is dropped from `cands`."""
    out: list[Candidate] = []
    put: set[str] = set()  # the texts whose correction is put right here
    for m in [*(_NOT_THAT_RE.match(c.text) for c in cands), *_SAID_THEN_RE.finditer(said), *_AMENDED_RE.finditer(said)]:
        told_as = m.string if m is not None else ""
        if m is not None and m.re is _SAID_THEN_RE:  # "User said User taught for 41 years" is no fact: what was wrong
            cands[:] = [c for c in cands if not (re.match(r"User (?:said|told you|wrote|mentioned)\b", c.text)
                                                 and m.group("a") in c.text)]
        if m is None or m.group("a") == m.group("b"):
            continue
        fits = _fits_correction(m, when)
        if fits is None:
            continue
        old = _fitting(store, scope, fits)
        if old is None and m.re is _NOT_THAT_RE:
            old = _just_said(store, scope, m, when)
            whole = _whole_sentence(m, said) if old is None else None
            fits = _fits_correction(whole, when) if whole is not None else None
            if whole is not None and fits is not None:
                old = _fitting(store, scope, fits)
                m = whole if old is not None else m
        if old is not None:
            out.append(_put_right(old, m, to_iso(when)))
            put.add(told_as)
    # the correction said ("camp fee is KSh 12,000, not 15,000") is kept as said, but the
    # record it puts right is replaced above, once: it changes nothing of its own
    cands[:] = [replace(c, change=None) if c.text in put and c.change else c for c in cands]
    return out + _wrong_given(store, scope, said, when) + _switched(store, scope, cands, when)


# "I gave you the wrong figure for the bike - it was €2,150 in the end": the figure of what is
# named, said again, with no wrong value named
_FIGURE = r"[$£€₹¥]?\d(?:[\d.,:]*\d)?(?:\s?(?:k|euros?|dollars|pounds|quid|rand|kg|km|lbs?|%))?"
_WRONG_GIVEN_RE = re.compile(
    r"\b(?:gave|told|sent|wrote)\s+(?:you\s+)?(?:the\s+)?wrong\s+(?:figure|number|price|amount|total|sum|cost)\s+"
    r"(?:for|of|on)\s+(?:the\s+|my\s+|our\s+)?(?P<head>[\w' -]{2,40}?)\s*[-\u2013\u2014,;:.]+\s*"
    r"(?:it\s+was|it'?s|it\s+is|its|it\s+came\s+to|the\s+right\s+one\s+is)\s+(?P<b>" + _FIGURE + r")", re.I)
_AMOUNT_IN = re.compile(r"(?<![\w.,])" + _FIGURE + r"(?![\w])", re.I)


def _wrong_given(store: MemoryStore, scope: str, said: str, when: datetime) -> list[Candidate]:
    """The user's record of what the user says they gave the wrong figure for (every word
    of it said, a figure of the new one's kind: money for money), said again with the new
    figure in the place of its own."""
    out: list[Candidate] = []
    for m in _WRONG_GIVEN_RE.finditer(said):
        head, new = m.group("head").strip(), m.group("b").strip()
        words = [w for w in re.findall(r"[A-Za-z][\w'-]+", head) if len(w) > 2]
        if not words:
            continue
        money = new[:1] in "$£€₹¥"
        rows = store.by_rowids(scope, [r for r, _ in store.search_keyword(scope, " ".join(words), k=10)])
        for old in rows.values():
            if not old.active or old.valid_until is not None or old.episode \
                    or not all(re.search(r"\b" + re.escape(w) + r"\b", old.text, re.I) for w in words):
                continue
            figures = [f for f in _AMOUNT_IN.finditer(old.text) if (f.group(0)[:1] in "$£€₹¥") == money
                       and f.group(0) != new and not re.fullmatch(r"(?:19|20)\d\d", f.group(0))]
            if figures:
                f = figures[-1]
                out.append(Candidate(text=old.text[:f.start()] + new + old.text[f.end():], kind=old.kind,
                                     importance=old.importance, key=old.key, change="update", valid_from=to_iso(when),
                                     safety=old.safety, rule="set_right", replaces=old.id,
                                     because=f"the user gave the wrong figure for {head}: {f.group(0)} -> {new}"))
                break
    return out


# "I have transferred from Kings Heath Striders to Bournbrook Harriers", "switched from Vodafone
# to Three": a change from one named thing to another
_SWITCHED_RE = re.compile(r"\b(?:switched|moved|transferred|changed|swapped|upgraded|downgraded|went over)\s+"
                          r"(?:[a-z]+\s+){0,2}?from\s+(?:the\s+)?(?P<a>(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*){0,3})"
                          r"\s+to\s+(?:the\s+)?(?P<b>(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*){0,3})", re.I)


# the user's own record, not a relative's ("User's sister lives in London")
_OWN_RE = re.compile(r"User\b(?!'s (?:" + "|".join(RELATIONS) + r")\b)")


def _said_anew(m: re.Match[str], text: str) -> str | None:
    """`text` with what the change `m` left said as what it went to, or None when `text` is
    not the user's own, does not say what was left, or says what it went to already."""
    gone = re.compile(r"(?<![\w'])" + re.escape(m.group("a")) + r"(?![\w'])")
    if not _OWN_RE.match(text) or not gone.search(text) or m.group("b").lower() in text.lower():
        return None
    return gone.sub(m.group("b"), text)


def _switched(store: MemoryStore, scope: str, cands: list[Candidate], when: datetime) -> list[Candidate]:
    """The user's own records that state what a change left ("User is a member of Kings Heath
    Striders"), said again with what it went to ("... of Bournbrook Harriers"): the state
    now, in the words the old one was found by. Never a relative's record ("User's sister
    lives in London" stays when the user moves from London to Leeds)."""
    out: list[Candidate] = []
    at = to_iso(when)
    for c in cands:
        m = _SWITCHED_RE.search(c.text)
        if m is None or m.group("a").lower() == m.group("b").lower():
            continue
        hits = store.search_keyword(scope, " ".join(f'"{w}"' for w in m.group("a").split()), k=10, raw=True)
        for old in store.by_rowids(scope, [r for r, _ in hits]).values():
            anew = _said_anew(m, old.text) if old.active and old.valid_until is None and not old.episode \
                and (old.valid_from or "") < (at or "") else None
            if anew is not None:
                out.append(Candidate(text=anew, kind=old.kind, importance=old.importance, key=old.key, change="update",
                                     valid_from=at, safety=old.safety, rule="switched", replaces=old.id,
                                     because=f"the user changed from {m.group('a')} to {m.group('b')}: {c.text[:80]}"))
    return out


def later_switches(store: MemoryStore, scope: str, stored: Sequence[Memory]) -> list[Candidate]:
    """Sessions read out of order: a record of the user's just stored ("User is a member of
    Kings Heath Striders", from February) that a change stored before it already left
    ("... transferred from Kings Heath Striders to Bournbrook Harriers", from September) is
    said anew with what it went to, at the change's time, as in-order reading would have."""
    for rec in stored:
        if rec.episode or not rec.valid_from or not _OWN_RE.match(rec.text):
            continue
        for first in {w for w in re.findall(r"(?<!^)\b(?-i:[A-Z])[\w'&.-]*", rec.text) if w != "User"}:
            hits = store.search_keyword(scope, f'"from" "{first}"', k=10, raw=True)
            for later in store.by_rowids(scope, [r for r, _ in hits]).values():
                m = _SWITCHED_RE.search(later.text)
                if later.episode or not later.active or m is None or (later.valid_from or "") <= rec.valid_from:
                    continue
                anew = _said_anew(m, rec.text)
                if anew is not None:
                    return [Candidate(text=anew, kind=rec.kind, importance=rec.importance, key=rec.key,
                                      valid_from=later.valid_from, safety=rec.safety, rule="switched",
                                      because=f"changed from {m.group('a')} to {m.group('b')} later: {later.text[:80]}")]
    return []


def later_corrections(store: MemoryStore, scope: str, stored: Sequence[Memory]) -> list[Candidate]:
    """Sessions read out of order: a fact just stored ("Po-han is son, 6 years old", from
    2025) that a correction stored before it already puts right ("Po-han is 7 years old,
    not 6", from 2026) is said again with the right figure at the correction's time, as
    in-order reading would have: the same active facts."""
    out: list[Candidate] = []
    for rec in stored:
        if rec.episode or not rec.active or rec.valid_until or not rec.valid_from:
            continue
        for a in set(re.findall(r"(?<![\w.])\d[\d.,:]*\d(?![\w])|(?<![\w.])\d(?![\w.])", rec.text)):
            hits = store.search_keyword(scope, f'"not" {a}*' if a.isdigit() else f'"not {a}"', k=10, raw=True)
            for later in store.by_rowids(scope, [r for r, _ in hits]).values():
                m = _NOT_THAT_RE.match(later.text)
                if later.episode or not m or m.group("a") != a or (later.valid_from or "") <= rec.valid_from:
                    continue
                fits = _fits_correction(m, parse_dt(later.valid_from) or utcnow())
                if fits is not None and fits[1](rec):
                    out.append(_put_right(rec, m, later.valid_from))
                    return out
    return out


def _fits_correction(m: re.Match[str], when: datetime) -> tuple[list[str], Callable[[Memory], bool]] | None:
    """The keyword queries that find the record a correction puts right, and the test that
    tells it (`_put_right_of`); None when the correction names too little to tell."""
    from .claims import parse as claim

    names, words, some, figures = _put_right_of(m)
    # "Wait, I meant the rent is 360 KD, not 380", naming no one and no other figure: the
    # words of what it is, or a record just said with that figure and its unit
    loose = m.re is _NOT_THAT_RE and not (names or figures)
    if not (names or words or some or figures or loose):
        return None
    just = (to_iso(when - timedelta(hours=2)) or "") if loose else ""
    unit = re.match(r"\s+([^\s,;]+)(?=[^,;]*,?\s+not\s)", m.string[m.end("b"):]) if loose else None
    said_with = {f"{m.group('a')} {unit.group(1)}"} if unit and unit.group(1).lower() != "not" else set()
    wrong = _wrong_figure(m)
    if loose:  # each way of telling it, a query of its own (the index needs every word of one)
        query = [" ".join(sorted({m.group("a"), *f.split()})) for f in said_with] \
            + ([" ".join(sorted({m.group("a"), *words}))] if words else [])
    else:
        query = [" ".join(sorted(names)) or " ".join(sorted({m.group("a"), *(w for f in figures for w in f.split())}))
                 if names or figures else m.group("head")]

    def holds(old: Memory, figs: set[str]) -> bool:
        return all(re.search(r"(?<![\w.])" + re.escape(f) + r"(?![\w.])", old.text) for f in figs)

    def fit(old: Memory) -> bool:
        if not wrong.search(old.text) or _NOT_THAT_RE.match(old.text) or _SAID_THEN_RE.search(old.text):
            return False
        said = claim(old.text).words
        if loose:
            return bool(words) and words <= said or (old.valid_from or "") >= just and holds(old, said_with)
        return all(n in old.text for n in names) and words <= said and (not some or bool(some & said)) \
            and holds(old, figures)
    return query, fit


def _fitting(store: MemoryStore, scope: str, fits: tuple[list[str], Callable[[Memory], bool]]) -> Memory | None:
    """The current record a correction's keyword queries find that its test fits."""
    queries, fit = fits
    rows = store.by_rowids(scope, [r for q in queries for r, _ in store.search_keyword(scope, q, k=10)])
    return next((o for o in rows.values() if o.active and o.valid_until is None and not o.episode and fit(o)), None)


def _whole_sentence(m: re.Match[str], said: str) -> re.Match[str] | None:
    """The correction read in the whole sentence of the message that holds it, when the
    clause that names what it puts right stands before it: "Wor Callum's birthday, a got
    it wrong last time, it's the 16th of March not the 14th" (whose birthday is in the
    clause the extraction set apart)."""
    from .text import undialected

    core = m.group(0)[len(m.group("head")):].strip(" .!")
    for sentence in re.split(r"(?<=[.!?])\s+", undialected(said)):
        if core and core in sentence and not sentence.startswith(core):
            return _NOT_THAT_RE.match(sentence.strip().rstrip(".!?"))
    return None


def _just_said(store: MemoryStore, scope: str, m: re.Match[str], when: datetime) -> Memory | None:
    """"I look ticket again, it say 14th not 12th", minutes after "fly out January 12th":
    what the words before the figures name is how the user found it, not what it is; the
    one record of the user's message before (said in the two hours before) that holds the
    wrong figure is the one."""
    turn = store.last_user_turn(scope)
    said_at = parse_dt(turn[1]) if turn and turn[1] else None
    if turn is None or said_at is None or when - said_at > timedelta(hours=2):
        return None
    wrong = _wrong_figure(m)
    said = [o for o in store.facts_of_turn(scope, turn[0]) if o.active and not o.episode and o.valid_until is None
            and wrong.search(o.text) and not _NOT_THAT_RE.match(o.text)]
    return said[0] if len(said) == 1 else None


def _wrong_figure(m: re.Match[str]) -> re.Pattern[str]:
    """The figure a correction puts right, as a record says it: "14", or "14th" of a day."""
    return re.compile(r"(?<![\w.])" + re.escape(m.group("a")) + r"(?P<o>st|nd|rd|th)?(?![\w.])")


def _put_right(old: Memory, m: re.Match[str], at: str | None) -> Candidate:
    def right(w: re.Match[str]) -> str:  # "the 14th March" -> "the 16th March"
        b = m.group("b")
        return b + ({"1": "st", "2": "nd", "3": "rd"}.get(b[-1], "th") if b[-2:-1] != "1" else "th") if w["o"] else b
    text = _wrong_figure(m).sub(right, old.text, count=1)
    day = re.search(r"\b\d{4}-\d\d-" + re.escape(m.group("b").zfill(2)) + r" \((?P<told>[^)]*)\)", text)
    if day and m.group("b").isdigit():  # "on 2026-01-14 (January 12th)": the day as told, put right too
        text = text[:day.start("told")] + _wrong_figure(m).sub(right, day["told"]) + text[day.end("told"):]
    return Candidate(text=text, kind=old.kind, importance=old.importance,
                     key=old.key, change="update", valid_from=at, safety=old.safety, rule="set_right",
                     replaces=old.id, because=f"the user put {m.group('a')} right as {m.group('b')}: {m.group(0)[:80]}")
