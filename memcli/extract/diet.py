"""Profile slots of the user's diet: "I'm vegetarian", "I started keto", "I quit keto",
"I'm not vegan anymore", "I no longer eat meat", "I eat fish again", and a diet said to
be over ("vegan era over"). Rules of `slots._RULES`, in its order."""

from __future__ import annotations

import re

from .grammar import _a, to_third_person
from .lexicon import _I, DIETS, DIETS2
from .values import Slots, _profile

# what says a diet is over: "vegan era over", "the keto phase is done", "vegetarian days are behind me"
_OVER_RE = re.compile(r"^\s*(?:era|phase|days|life|thing|streak|stint|journey|experiment|chapter)?\s*(?:is\s+|are\s+|was\s+)?"
                      r"(?:(?:officially|definitely|so|well and truly)\s+)?(?:over|done|finished|ended|dead|behind me|no more)\b", _I)


def _diet_is(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm vegetarian", "I went vegan", "..., so pescatarian now"."""
    m = re.match(r"^i (?:am|have been|have always been|became|went|turned|was raised|am now|have gone)\s+"
                 r"(?:now\s+|a\s+|an\s+|fully\s+|strictly\s+|mostly\s+|completely\s+)*(?P<v>" + DIETS + r")\b(?P<rest>.*)$", c, _I)
    if m and _OVER_RE.match(m.group("rest")):  # "vegan era over", "my keto phase is done": an end, not a diet
        return [_profile(f"User is no longer {m.group('v').lower()}", "diet", None, 0.8, "delete")]
    if m and not re.search(r"\bnot\b", lc):
        v = m.group("v").lower()
        stative = re.match(r"^i (?:am|have been|have always been)\b", c, _I) and not now_cue
        ch = None if stative else "update"
        text = to_third_person(raw) if stative and m.group("rest").strip() else f"User is {v}"
        return [_profile(text, "diet", v, 0.8, ch)]
    # said without "I'm": "I eat fish again, so pescatarian now", "basically vegan these days"
    e = re.search(r"(?:^|,\s*|\b(?:so|and)\s+)(?:(?:basically|pretty much|mostly|fully|officially)\s+)?(?P<v>" + DIETS
                  + r")\s+(?:now|these days|nowadays|again|from now on)\b(?!\s+and then)", c, _I)
    if e and (e.start() == 0 or re.match(r"^i\b", c, _I)) and not re.search(r"\bnot\b|\bno longer\b", lc):
        return [_profile(f"User is {e.group('v').lower()}", "diet", e.group("v").lower(), 0.8, "update")]
    return None


def _diet_started(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I started keto", "I'm on a low-carb diet"."""
    m = re.match(r"^i (?:just |recently |finally |also )*(?P<verb>started|began|went on|am on|am now on|have been on|"
                 r"am doing|started doing|switched to)\s+(?:a\s+|an\s+|the\s+)?(?P<v>" + DIETS2
                 + r")(?:\s+diet)?\b(?P<rest>.*)$", c, _I)
    if m:
        v = m.group("v").lower()
        stative = m.group("verb").lower() in ("am on", "have been on", "am doing") and not now_cue
        return [_profile(f"User is on {_a(v)} diet", "diet", v, 0.8, None if stative else "update")]
    return None


def _diet_quit(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I quit keto", "I gave up the paleo diet"."""
    m = re.match(r"^i (?:just |recently |finally |also )*(?:quit|stopped|gave up|dropped|went off|came off|am off|"
                 r"ended|abandoned|am done with)\s+(?:the\s+|my\s+|a\s+|an\s+|doing\s+)?(?P<v>" + DIETS2
                 + r")(?:\s+diet)?\b", c, _I)
    if m:
        return [_profile(to_third_person(raw), "diet", m.group("v").lower(), 0.8, "delete")]
    return None


def _diet_no_longer(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm not vegan anymore"."""
    if re.match(r"^i (?:am not|am no longer|am not a|stopped being|quit being|gave up being)\s+(?:a\s+|an\s+)?" + DIETS, c, _I) \
            and re.search(r"\b(?:anymore|any more|no longer|stopped|quit|gave up)\b", lc):
        diet = re.search(DIETS, c, _I)
        assert diet is not None  # the clause matched DIETS just above
        v = diet.group(0).lower()
        return [_profile(f"User is no longer {v}", "diet", None, 0.8, "delete")]
    return None


def _no_meat(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I no longer eat meat", "I stopped eating meat": a new diet value, not a deletion."""
    # ("I haven't touched meat since January": a diet said by how long it has held)
    if re.match(r"^i (?:no longer eat|stopped eating|quit eating|gave up|do not eat|cut out|cut)\s+(?:red\s+)?meat\b", c, _I) \
            or re.match(r"^i have not (?:touched|eaten|had) (?:any )?(?:red )?meat (?:since|in (?:months|years|ages)\b|for (?:months|years|"
                        r"ages|(?:a|two|three|four|five|six|\d+) (?:months|years)))", c, _I):
        ch = "update" if re.search(r"\b(?:no longer|stopped|quit|gave up|anymore|cut|now|since)\b", lc) else None
        return [_profile("User does not eat meat", "diet", "no meat", 0.8, ch)]
    return None


_FOODS = r"(?:red meat|meat|fish|seafood|chicken|poultry|eggs|dairy|cheese|pork|beef|shellfish)"


def _eats_again(c: str, raw: str, lc: str, now_cue: bool) -> Slots:
    """"I'm eating fish and eggs again, still no meat", "we started eating chicken again":
    a food the diet left out is back, a new value of the diet."""
    m = re.match(r"^i (?:am |have |have been |just |also |now |recently )*(?:eating|eat|started eating|began eating|"
                 r"am back to eating|went back to eating|am back on)\s+(?P<v>" + _FOODS + r"(?:(?:,\s*|\s+and\s+|\s*&\s*)"
                 + _FOODS + r")*)\s+again\b", c, _I)
    if m and not re.search(r"\b(?:not|never|no longer)\b", lc[:m.end()]):
        return [_profile(to_third_person(raw), "diet", f"eats {m.group('v').lower()}", 0.8, "update")]
    return None


# a habit given up, told by how long the user has gone without it: "30 days no cigarette
# already", "two months sober", "3 weeks off the booze", "six months smoke-free"
_HABITS = (("smoking", r"cigarettes?|cigs?|smokes?|smoking|fags?|roll[- ]?ups?|tobacco"),
           ("vaping", r"vap(?:e|es|ing)"),
           ("drinking", r"drinks?|drinking|booze|alcohol|beers?"),
           ("sugar", r"sugar|sweets"),
           ("coffee", r"coffee|caffeine"))
_SPAN = (r"(?:^|[:,;!]\s*|\b(?:already|now|officially)\s+)(?P<n>\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|"
         r"eleven|twelve|a few|a couple of)\s+(?:full\s+)?(?:days?|weeks?|months?|years?)\s+(?:already\s+|now\s+)?")
_GONE_WITHOUT_RE = re.compile(_SPAN + r"(?:(?:with\s+)?no|without(?:\s+a)?|off(?:\s+the)?|free (?:of|from)|clean (?:of|from))\s+"
                              r"(?P<o>" + "|".join(w for _, w in _HABITS) + r")\b", _I)
_FREE_RE = re.compile(_SPAN + r"(?:(?P<smoke>smoke-?free)|(?P<sober>sober|dry|alcohol-free)|(?P<sugar>sugar-free)|"
                      r"(?P<coffee>caffeine-free))\b", _I)


def gone_without(raw: str) -> list[dict[str, object]]:
    """The habit a clause says the user has given up by how long they have gone without
    it, as an end the write path retires the habit with ("User gave up smoking"); the
    turn keeps the user's words. [] for anything else ("two days without coffee" of a
    trip is still a span said)."""
    m = _GONE_WITHOUT_RE.search(raw)
    thing: str | None
    if m:
        thing = next(name for name, words in _HABITS if re.fullmatch(words, m.group("o"), _I))
    else:
        f = _FREE_RE.search(raw)
        thing = ({"smoke": "smoking", "sober": "drinking", "sugar": "sugar", "coffee": "coffee"}[
            next(k for k in ("smoke", "sober", "sugar", "coffee") if f.group(k))] if f else None)
    if thing is None or re.search(r"\b(?:was|were|had|did|last (?:year|time)|will|going to|gonna|challenge|starts?|"
                                  r"starting|plan|planning|try|trying|hope)\b", raw, _I):
        return []
    # (with no habit stored to retire, it is no record of its own: the clause is, `write._end_kept`)
    return [dict(text=f"User gave up {thing}", kind="semantic", importance=0.6, key=None, value=None, change="delete",
                 rule="gone_without")]


# a diet said by how long it has been kept: "three weeks pescatarian and i feel amazing",
# "two months vegan now", "day 40 keto" (never "two weeks vegan challenge", "a vegan week")
_SPAN_DIET_RE = re.compile(r"^(?:(?:but|and|so|also|oh|ok|now)\W+)*(?:(?P<n>\d+|a|one|two|three|four|five|six|seven|eight|"
                           r"nine|ten|a few|a couple of)\s+(?P<u>days?|weeks?|wks?|months?|years?|yrs?)|day\s+(?P<d>\d+))\s+"
                           r"(?:in\s+|into\s+|of\s+(?:being\s+)?)?(?P<v>" + DIETS + r")\b(?!\s+(?:challenge|trial|week|month|"
                           r"experiment|retreat)\b)", _I)


def diet_for_a_span(raw: str) -> list[dict[str, object]]:
    """The diet a clause says the user has kept for a time ("three weeks pescatarian"), a
    change of the diet; [] for anything else."""
    m = _SPAN_DIET_RE.search(raw)
    if m is None or re.search(r"\b(?:was|were|had|did|used to|will|going to|gonna|plan|planning|try|trying)\b", raw, _I):
        return []
    v = m.group("v").lower()
    span = f"day {m['d']}" if m["d"] else f"{m['n']} {m['u']}"
    return [{**_profile(f"User has been {v} for {span}" if not m["d"] else f"User is {v}, {span}", "diet", v, 0.7,
                        "update"), "rule": "diet_for_a_span"}]
