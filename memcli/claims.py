"""When two sentences are the same claim, and when one contradicts the other.

Vectors cannot tell "User is allergic to peanuts" from "User is not allergic to
peanuts", "room 14" from "room 41" or "the flight to Oslo" from "the flight back
from Oslo": they embed alike. So every rule that would drop or merge a fact (the
write path's NOOP, consolidation's merge) asks this module first. Two texts are
the same claim only when their content words agree and nothing a claim turns on
differs: negation, a number, a name, a date, a direction word, or a stance
(likes / dislikes). When only the negation or the stance differs and the rest is
the same, the later statement contradicts the earlier one.

The test is deliberately one-sided: a false "different" keeps two records (the
reader sees both), a false "same" loses what the user said.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .text import MONTHS, WEEKDAY_SHORT, WEEKDAYS, plural_stem

_TOKEN = re.compile(r"\d[\d,.:/-]*\d(?:st|nd|rd|th|am|pm|kg|km|lb|lbs|k)?|\d(?:st|nd|rd|th|am|pm|kg|km|lb|lbs|k)?"
                    r"|[A-Za-z\u00c0-\u024f\u1e00-\u1eff]+(?:['\u2019][A-Za-z]+)*")
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
_SENTENCE_END = ".!?:;\n"

NEGATIONS = frozenset({"not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without",
                       "cannot", "hardly",
                       # casual messages drop the apostrophe: "losa isnt moving anymore", "i dont eat meat"
                       "isnt", "arent", "wasnt", "werent", "dont", "doesnt", "didnt", "havent", "hasnt", "hadnt",
                       "cant", "couldnt", "wouldnt", "shouldnt", "aint"})
_NEGATION_SUFFIX = "n't"

POSITIVE = frozenset({"like", "likes", "liked", "love", "loves", "loved", "enjoy", "enjoys", "enjoyed", "prefer",
                      "prefers", "preferred", "adore", "adores", "fan", "favourite", "favorite", "into"})
NEGATIVE = frozenset({"dislike", "dislikes", "disliked", "hate", "hates", "hated", "detest", "detests",
                      "loathe", "loathes", "avoid", "avoids", "avoided", "stand"})  # "can't stand" is negated too

# Words whose difference turns one trip, payment or move into another.
DIRECTIONS = frozenset({"back", "return", "returning", "outbound", "inbound", "up", "down", "arrive", "arrives",
                        "arriving", "arrival", "depart", "departs", "departing", "departure", "before", "after",
                        "north", "south", "east", "west", "upstairs", "downstairs", "above", "below", "increase",
                        "increased", "decrease", "decreased", "higher", "lower", "more", "less", "left", "right",
                        "inside", "outside", "start", "started", "end", "ended"})
# "to" / "from" / "into" are directions only before a place or a person: "flight to Oslo",
# not "likes to hike".
_MOTION = frozenset({"to", "from", "into"})
_MOTION_OBJECT = frozenset({"the", "my", "our", "his", "her", "their", "a", "an"})

_MONTH = {m: i + 1 for i, m in enumerate(MONTHS)} | {m[:3]: i + 1 for i, m in enumerate(MONTHS)} | {"sept": 9}
_WEEKDAYS = frozenset(WEEKDAYS)
# A weekday said in full ("Tuesday", "mondays") is always one; a short form ("wed",
# "sat", "sun" are words too) only beside another weekday: "wed-sun", "mon & tue".
_WEEKDAY_FULL = {d: i for i, d in enumerate(WEEKDAYS)} | {d + "s": i for i, d in enumerate(WEEKDAYS)}


def _weekday_at(tokens: list[tuple[str, int]], i: int) -> int | None:
    """The weekday token i names (0 Monday .. 6 Sunday), if it names one."""
    low = tokens[i][0].lower()
    if low in _WEEKDAY_FULL:
        return _WEEKDAY_FULL[low]
    if low.rstrip("s") in WEEKDAY_SHORT or low in WEEKDAY_SHORT:
        near = [tokens[j][0].lower() for j in (i - 2, i - 1, i + 1, i + 2) if 0 <= j < len(tokens)]
        if any(w in _WEEKDAY_FULL or w in WEEKDAY_SHORT or w.rstrip("s") in WEEKDAY_SHORT for w in near):
            return WEEKDAY_SHORT.get(low, WEEKDAY_SHORT.get(low.rstrip("s")))
    return None

NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
                "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
                "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
                "hundred": 100, "thousand": 1000, "dozen": 12, "twice": 2, "once": 1,
                "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "single": 1, "both": 2,
                "twins": 2, "half": 0.5}

_SCALE = {"hundred": 100, "thousand": 1000}
_FILLER = frozenset(
    "a an the and or but of in on at for with by as is are was were be been being am it its this that these "
    "those there here has have had do does did so than then very just also really about over again now "
    "currently still user user's users their they them he she his her i me my mine we our us you your "
    "'s s to from into "
    # "no longer", "not ... anymore": the negation is counted once; these words add nothing
    "longer anymore "
    # a determiner of how often or how many: "every day" and "every Monday" share no topic
    "every each".split())


# the words after which "like" is a comparison or a hedge, not a liking
_LIKE_AFTER = frozenset("look looks looked looking feel feels felt feeling sound sounds sounded seem seems seemed "
                        "just more less something anything nothing kinda kind sort stuff things is are was were 's "
                        "be been exactly much".split())


def _around(tokens: list[tuple[str, int]], i: int) -> tuple[str, str]:
    """The words before and after token `i`, in lower case ("" at either end)."""
    prev = tokens[i - 1][0].lower().replace("\u2019", "'") if i else ""
    return prev, tokens[i + 1][0].lower() if i + 1 < len(tokens) else ""


def _like_as_word(tokens: list[tuple[str, int]], i: int) -> bool:
    """Whether "like" at `i` compares or hedges ("looks like a seismograph", "she's over like
    every night", "my mile is like 6:40") instead of saying what someone likes."""
    prev, nxt = _around(tokens, i)
    return prev in _LIKE_AFTER or prev.endswith("'s") or nxt[:1].isdigit() or nxt in ("every", "each", "twice", "once")


def _half_a_number(tokens: list[tuple[str, int]], i: int) -> bool:
    """Whether "half" at `i` is an amount ("half a day", "two and a half", "half of it"),
    not a thing's name ("the half marathon", "half term")."""
    prev, nxt = _around(tokens, i)
    return nxt in ("a", "an", "of", "the", "my", "his", "her", "their", "our") or prev in ("a", "and") or not nxt


def _number(token: str) -> str | None:
    """A digit token in one spelling: '2,100' and '2100' agree, '3rd' is 3, '64kg' is 64."""
    t = token.lower()
    m = _ORDINAL.match(t)
    if m:
        return str(int(m.group(1)))
    t = re.sub(r"(?:am|pm|kg|km|lbs|lb|k)$", "", t)
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", t):
        t = t.replace(",", "")
    if re.fullmatch(r"\d+", t):
        return str(int(t))
    return t  # dates, times, codes, versions: compared as written


@dataclass(frozen=True)
class Claim:
    """What a sentence turns on, for comparing it with another."""

    text: str
    words: frozenset[str]  # content words, stemmed, without filler or the words below
    numbers: frozenset[str]
    names: frozenset[str]  # capitalised words inside a sentence, lower-cased
    months: frozenset[int]
    directions: frozenset[str]
    negated: bool
    stance: int  # +1 likes, -1 dislikes, 0 neither (after negation: "doesn't like" is -1)
    weekdays: frozenset[int] = frozenset()  # 0 Monday .. 6 Sunday


# months that are names and words too ("User's flatmate Jan", "my aunt June", "mar" the sea):
# a month only beside a day or a year, or after a word that puts a time ("in", "since", "next")
_NAME_MONTHS = frozenset("jan may june april august mar".split())
_BEFORE_MONTH = frozenset("in since by until till til from of before after early late mid end start this next last "
                          "every each around".split())


def _dated(tokens: list[tuple[str, int]], i: int) -> bool:
    prev, nxt = _around(tokens, i)
    return prev in _BEFORE_MONTH or prev[:1].isdigit() or nxt[:1].isdigit()


@functools.lru_cache(maxsize=1 << 16)
def parse(text: str) -> Claim:
    tokens = [(m.group(), m.start()) for m in _TOKEN.finditer(text)]
    words: set[str] = set()
    numbers: set[str] = set()
    names: set[str] = set()
    months: set[int] = set()
    directions: set[str] = set()
    weekdays: set[int] = set()
    negations = 0
    stance = 0
    counted = -1
    for i, (raw, start) in enumerate(tokens):
        low = raw.lower().replace("\u2019", "'")
        if low.endswith(_NEGATION_SUFFIX):
            negations += 1
            low = low[: -len(_NEGATION_SUFFIX)]
            if low in ("ca", "wo", "sha"):
                continue
        if low[:1].isdigit():
            n = _number(low)
            if n is not None:
                numbers.add(n)
            continue
        if low in NEGATIONS:
            negations += 1
            continue
        if i == counted:  # the "hundred" of "five hundred", counted with it
            continue
        if low in NUMBER_WORDS and not (low == "half" and not _half_a_number(tokens, i)):
            times = _SCALE.get(tokens[i + 1][0].lower()) if i + 1 < len(tokens) and NUMBER_WORDS[low] >= 1 else None
            # "five hundred", "two thousand": one number, said in words (a dose, a price dictated)
            numbers.add(str(NUMBER_WORDS[low] * times) if times else str(NUMBER_WORDS[low]))
            counted = i + 1 if times else counted
            continue
        day = _weekday_at(tokens, i)
        if day is not None:
            weekdays.add(day)
            continue
        if low in _MONTH and (low != "may" or raw[0].isupper()) and (low not in _NAME_MONTHS or _dated(tokens, i)):
            months.add(_MONTH[low])
            continue
        if low == "like" and _like_as_word(tokens, i):
            continue  # "looks like a seismograph", "like every night", "like 6:40": no liking
        if low in POSITIVE and low != "into":
            stance = 1
            continue
        if low == "stand":  # "can't stand X": dislike, and the negation is the idiom's
            prev = tokens[i - 1][0].lower().replace("\u2019", "'") if i else ""
            if prev.endswith(_NEGATION_SUFFIX) or prev in ("cannot", "not"):
                negations -= 1
                stance = -1
                continue
        elif low in NEGATIVE:
            stance = -1
            continue
        if low in DIRECTIONS:
            directions.add(low)
            continue
        if low in _MOTION:
            nxt = tokens[i + 1][0] if i + 1 < len(tokens) else ""
            if nxt[:1].isupper() or nxt.lower() in _MOTION_OBJECT:
                directions.add(low)
            continue
        if low in _FILLER or low.startswith("user"):
            continue
        if raw[0].isupper() and low not in _WEEKDAYS and low.split("'")[0] != "i":  # "I'm" is no name
            before = text[:start].rstrip(" \t\"'(\u201c\u2018*-")
            if before and before[-1] not in _SENTENCE_END:
                names.add(re.sub(r"['\u2019]s$", "", low))  # "Dev's" is Dev
        words.add(plural_stem(low.split("'")[0]))
    negated = negations % 2 == 1
    if negated and stance:
        stance = -stance
    return Claim(text, frozenset(words), frozenset(numbers), frozenset(names), frozenset(months),
                 frozenset(directions), negated, stance, frozenset(weekdays))


def differences(a: Claim | str, b: Claim | str) -> list[str]:
    """What a claim turns on that differs between the two, as short reasons ("number 14 / 41")."""
    a = parse(a) if isinstance(a, str) else a
    b = parse(b) if isinstance(b, str) else b
    out = []
    if a.negated != b.negated:
        out.append("negation")
    if a.stance != b.stance and (a.stance or b.stance):
        out.append("stance")
    # A name written in lower case elsewhere ("halifax") is the same word, not another name.
    names_a, names_b = a.names - b.words, b.names - a.words
    for label, x, y in (("number", a.numbers, b.numbers), ("name", names_a, names_b),
                        ("month", a.months, b.months), ("weekday", a.weekdays, b.weekdays),
                        ("direction", a.directions, b.directions)):
        if x != y:
            out.append(f"{label} {'/'.join(sorted(map(str, x))) or '-'} vs {'/'.join(sorted(map(str, y))) or '-'}")
    return out


def overlap(a: Claim, b: Claim) -> float:
    """Share of the smaller text's content words that the other has."""
    if not a.words or not b.words:
        return 1.0 if a.words == b.words else 0.0
    return len(a.words & b.words) / min(len(a.words), len(b.words))


def same_claim(a: Claim | str, b: Claim | str, *, min_overlap: float = 1.0) -> bool:
    """Whether `b` says nothing `a` does not (and the reverse, up to `min_overlap`):
    no negation, stance, number, name, month, weekday or direction differs."""
    a = parse(a) if isinstance(a, str) else a
    b = parse(b) if isinstance(b, str) else b
    return not differences(a, b) and overlap(a, b) >= min_overlap


def adds_to(old: Claim | str, new: Claim | str) -> bool:
    """`new` restates `old` with more detail: everything `old` turns on is in `new`,
    nothing contradicts it, and `new` has words or numbers `old` lacks."""
    old = parse(old) if isinstance(old, str) else old
    new = parse(new) if isinstance(new, str) else new
    if old.negated != new.negated or (old.stance and new.stance and old.stance != new.stance):
        return False
    parts = ("words", "numbers", "names", "months", "weekdays", "directions")
    if not all(getattr(old, p) <= getattr(new, p) for p in parts):
        return False
    return any(getattr(old, p) < getattr(new, p) for p in parts)


def contradicts(a: Claim | str, b: Claim | str, *, min_overlap: float = 0.8) -> bool:
    """The same content said with the opposite negation or stance: "is allergic to
    peanuts" / "is not allergic to peanuts", "likes jazz" / "can't stand jazz"."""
    a = parse(a) if isinstance(a, str) else a
    b = parse(b) if isinstance(b, str) else b
    diff = differences(a, b)
    if not diff or any(d not in ("negation", "stance") for d in diff):
        return False
    if "stance" not in diff and (a.stance or b.stance):
        return False  # "doesn't like X" vs "likes X" is a stance flip, reported as one
    # a negation or a stance of a clause said inside the claim denies nothing of the other:
    # "User's boyfriend Tomasz thinks User does not see it" is no denial of "User's boyfriend is Tomasz"
    if any(_only_inside(x, d) for x in (a, b) for d in diff):
        return False
    return overlap(a, b) >= min_overlap and bool(a.words & b.words)


# where a clause inside a claim begins: "thinks (that) ...", "..., which ...", "because ..."
_INSIDE = re.compile(r",|;|\b(?:that|which|who|because|since|as|if|when|while|so|but|though|although|thinks?|"
                     r"thought|says?|said|feels?|felt|reckons?|believes?|knows?|hopes?|wants?)\b", re.I)


def _only_inside(c: Claim, diff: str) -> bool:
    """Whether the negation (or the stance) of `c` is said only in a clause inside it,
    not of what the claim opens with."""
    if (diff == "negation" and not c.negated) or (diff == "stance" and not c.stance):
        return False
    m = _INSIDE.search(c.text)
    if m is None or m.start() == 0:
        return False
    main = parse(c.text[:m.start()])
    return not main.negated if diff == "negation" else not main.stance


# what says a value is over when it is said just before it: "not Skarv Delta anymore",
# "left Da Ciro", "no longer at Vertex", "ex-"
_OVER_BEFORE = re.compile(r"\b(?:not|no longer|never|left|leaving|quit|quitting|ex|former(?:ly)?|used to|until|from)"
                          r"\W+(?:\w+\W+){0,2}$", re.I)


def says_value(text: str, value: str) -> bool:
    """Whether `text` names `value` as still held: every word of it in order, or the
    name it opens with ("Northstar" of "Northstar CX"), and no word before it that says
    it is over ("na-regular ko sa Northstar early" says the employer Northstar CX again;
    "I left Northstar" and "not Northstar anymore" do not)."""
    words = [re.escape(w) for w in re.findall(r"[\w'&.-]+", value) if w.lower() not in ("the", "a", "an")]
    if not words:
        return False
    m = re.search(r"(?<!\w)" + r"\W+".join(words) + r"(?!\w)", text, re.I)
    if m is None and len(words) > 1 and len(words[0]) >= 4 and words[0][0].isupper():
        m = re.search(r"(?<!\w)" + words[0] + r"(?!\w)", text, re.I)
    return m is not None and _OVER_BEFORE.search(text[:m.start()]) is None \
        and not re.match(r"\W*(?:anymore|any more|no more|no longer)\b", text[m.end():], re.I)
