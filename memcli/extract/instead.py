"""What took the place of a thing the user just said they stopped.

"I've gone off nematodes, expensive and I'm not convinced they work. It's beer traps and
night patrols with a torch now." The second sentence has no subject of the user's ("it"
stands for the way the user does it), so alone it says nothing about the user and is set
aside; after an end said in the same message it is the new way. The end becomes that
change: "User has gone off nematodes, it's beer traps and night patrols with a torch now",
so the write path replaces the record the end retires and the new way is stored in the
user's words. "It's too expensive now" (a judgment, no thing), "it's raining now" (no end
before it) and an end in an earlier message change nothing.
"""

from __future__ import annotations

import re

from ..models import Extraction, Fact
from ..text import unstretch
from .attributes import implied_rent
from .lexicon import _I, ENDED_RE

_NOW_IT_IS_RE = re.compile(
    r"^(?:(?:and|but|so|now|nowadays|these days)\s*,?\s+)?(?:it'?s|it is|its)\s+(?:all\s+)?"
    r"(?P<y>(?!(?:too|so|very|really|quite|pretty|much|more|less|getting|been|going|gonna|just|over|done|fine|ok|"
    r"okay|better|worse|easier|harder|cheaper|nicer|good|bad|great|hard|weird|funny|nice|raining|sunny|cold|hot|"
    r"late|early|time|my|mine|me|not|no|ok)\b)[a-z][^.!?]{2,120}?)"
    r"\s+(?P<when>now|these days|nowadays|instead)\s*[.!]*$", _I)


# "she quit violin in the spring and it's volleyball all day": right after the end, or
# joined to it by "and", the new thing needs no "now" (the judgments left out as above)
_AND_IT_IS_RE = re.compile(_NOW_IT_IS_RE.pattern.replace(r"^(?:(?:and|but|so|now|nowadays|these days)\s*,?\s+)?",
                                                         r"^(?:(?:and|but|so)\s*,?\s+)?")
                           .replace(r"\s+(?P<when>now|these days|nowadays|instead)\s*[.!]*$",
                                    r"(?P<when>)\W*$"), _I)
# ... and neither a judgment, a measure nor a reason: "it's scary", "it's two buses from here"
_JUDGED = re.compile(r"^(?:\w+(?:y|ful|ous|ing|ed|ive|ble|al|ic|less|ish)\b|(?:a|an|the|one|two|three|four|five|six|"
                     r"seven|eight|nine|ten|half|twice|\d)\b|\d)", _I)


def now_instead(ex: Extraction) -> None:
    """Join each "it's Y now" set aside after an end in the same message to that end, as
    a change (see the module's docstring)."""
    kept = []
    for d in ex.discarded:
        m = _NOW_IT_IS_RE.match(d.clause.strip()) if d.reason == "not about the user" else None
        if m is None and d.reason in ("not about the user", "small talk"):
            m = _AND_IT_IS_RE.match(d.clause.strip())
            if m is not None and (_JUDGED.match(m.group("y")) or not 0 < d.after <= len(ex.facts)
                                  or ex.facts[d.after - 1].change != "delete"):
                m = None  # only a thing, said right after the end
        ended = [f for f in ex.facts[:d.after] if f.change == "delete"] if m else []
        if not ended or m is None:
            kept.append(d)
            continue
        _join_to_end(ex, ended[-1], m)
    ex.discarded = kept
    # ... and one kept as the user's new way ("It is beer traps and night patrols with a torch now",
    # `lexicon.IT_IS_NOW_RE`) after an end in the same message: the end's change, not a fact of its own
    for f in list(ex.facts):
        said = _NOW_IT_IS_RE.match(re.sub(r"^It is\b", "it's", f.text)) if f.rule == "users_world" else None
        ended = [e for e in ex.facts[:ex.facts.index(f)] if e.change == "delete"] if said else []
        if ended and said is not None:
            _join_to_end(ex, ended[-1], said)
            ex.facts.remove(f)


def _join_to_end(ex: Extraction, end: Fact, said: re.Match[str]) -> None:
    """The end, said again with the new way after it ("..., it's beer traps now"), as a change."""
    joined = f"{end.text.rstrip(' .!,')}, it's {said.group('y').strip()} {said.group('when').lower()}".rstrip()
    ex.facts[ex.facts.index(end)] = Fact(**{**end.__dict__, "text": joined, "change": "update",
                                             "rule": f"{end.rule}+instead"})


# "found a class at the Allander instead": what took the place of a thing, said as a fact of
# its own ("instead", not "instead of" a thing it names itself)
IN_ITS_PLACE = "+in_its_place"
_INSTEAD_RE = re.compile(r"\binstead\b(?!\s+of\b)", _I)
# ... or what the user got or took up, said right after the end: "sold the buick. Got a 2022
# Subaru Forester", "the Zumba class stopped, so I've started swimming"
_TOOK_UP_RE = re.compile(r"^User (?:has |have |also |then |just |finally |now |soon )*(?:bought|purchased|got (?:a|an|the|"
                         r"some|a new|a used)\b|picked up|hired|took on|started|signed up for|joined|adopted|switched to|"
                         r"is (?:now )?doing|does|goes to|plays|drives)\b", _I)


def instead_after_end(ex: Extraction) -> None:
    """Join each fact that says what the user does "instead", after an end said earlier
    in the same message, to that end as the change: "User has had to give up the
    Scotstoun lot; found a class at the Allander Leisure Centre instead, Thursday
    afternoons at two" (the write path retires what the part before the semicolon ends,
    by the rules of an end, and puts the whole in its place). The end alone retires the
    old record and leaves the new one unlinked; joined, the write path replaces the old
    record with it, embedded with the words of what it replaces, so the question the old
    one answered finds it. A fact with "instead" and no end before it in the message,
    "instead of" a thing it names itself, a keyed or a safety fact, someone else's ("my
    sister goes to pilates instead"), or an end itself, stays as it is."""
    i = 0
    while i < len(ex.facts):
        f = ex.facts[i]
        # (an end told by a verb that ends other things too, "dropped German", only right before "instead")
        ends = [j for j in range(i) if ex.facts[j].change == "delete"
                or (j == i - 1 and _INSTEAD_RE.search(f.text) and ENDED_RE.search(ex.facts[j].text))]
        # what the user took up right after the end, with no "instead": "User also sold the
        # Askeladden" / "User bought a used Buster Magnum"
        took_up = bool(ends) and ends[-1] == i - 1 and _TOOK_UP_RE.match(f.text) is not None
        if not ends or f.change == "delete" or f.key or f.safety or f.rule == "episode" \
                or not (_INSTEAD_RE.search(f.text) or took_up) \
                or f.text.startswith("User's "):  # "my sister goes to pilates instead" is hers
            i += 1
            continue
        end = ex.facts[ends[-1]]
        said = f.text if f.text.startswith("User") else f.text[:1].lower() + f.text[1:]
        ex.facts[ends[-1]] = Fact(**{**end.__dict__, "text": f"{end.text.rstrip(' .!,;')}; {said}", "change": "update",
                                     "kind": "semantic", "rule": f"{end.rule}{IN_ITS_PLACE}"})
        del ex.facts[i]


# "we caved on screen time, it's 90 minutes on school nights": a measure whose "it" is
# what the clause before it was about
_IT_MEASURES_RE = re.compile(
    r"^(?:(?:and|but|so|now)\s*,?\s+)?(?:it'?s|it is|its|it has)\s+(?:been\s+)?(?:now\s+|only\s+|just\s+|down to\s+|up to\s+|back to\s+)?"
    r"(?P<y>(?:[$£€¥₹]\s?)?\d[\d,.]*\s*(?:%|[a-z]+\b)[^.!?]{0,100}?"
    # a day put right: "it's the 16th of March not the 14th"
    r"|the \d{1,2}(?:st|nd|rd|th)\b[^.!?]{0,30}?,?\s+not\s+the\s+\d{1,2}(?:st|nd|rd|th))\s*[.!]*$", _I)


def it_measures(ex: Extraction) -> None:
    """Join each "it's <a measure>" set aside for want of a subject to the fact said just
    before it in the same message: "User and family caved on screen time, it's 90
    minutes on school nights" says what the 90 minutes are of. A clause with no fact
    before it stays set aside; a keyed or safety fact is not rewritten."""
    kept = []
    for d in ex.discarded:
        m = _IT_MEASURES_RE.match(d.clause.strip()) if d.reason == "not about the user" else None
        prev = ex.facts[d.after - 1] if m and 0 < d.after <= len(ex.facts) else None
        if prev is None or prev.key or prev.safety or prev.rule == "episode":
            kept.append(d)
            continue
        assert m is not None
        joined = f"{prev.text.rstrip(' .!,')}, it's {m.group('y').strip()}"
        # what "it's" says holds now: a state, whatever the clause before told as an event
        kind = "semantic" if prev.kind == "episodic" else prev.kind
        ex.facts[d.after - 1] = Fact(**{**prev.__dict__, "text": joined, "kind": kind, "rule": f"{prev.rule}+it_measures"})
        rent = implied_rent(d.clause)  # "so it is 1820 for the same flat": the rent too, keyed
        if rent is not None and not any(f.key == "rent" for f in ex.facts):
            ex.facts.append(Fact(text=rent["text"], kind=rent["kind"], importance=rent["importance"], key="rent",
                                 value=rent["value"], change=rent["change"], clause=d.clause.strip(), rule=rent["rule"]))
    ex.discarded = kept


_ORDINAL_RE = re.compile(r"(\d{1,2})(?:st|nd|rd|th)")
_ISO_MONTH_RE = re.compile(r"\b(\d{4}-\d\d)-\d\d\b")


def same_month(corr: tuple[str | None, str], text: str) -> tuple[str | None, str]:
    """A correction that names only a day ("sorry, my mistake, it's the 14th") of a fact
    that holds a date: that date's month with the day said; any other as it is."""
    day = _ORDINAL_RE.fullmatch(corr[1])
    iso = _ISO_MONTH_RE.search(text) if day else None
    if day and iso and 1 <= int(day[1]) <= 31:
        return corr[0] or iso[0], f"{iso[1]}-{int(day[1]):02d}"
    return corr


__all__ = ["IN_ITS_PLACE", "instead_after_end", "it_measures", "now_instead", "same_month", "unstretch"]
