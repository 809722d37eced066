"""The extraction pipeline: a message into sentences and clauses, each clause
through the salience filters, the rules and the person rewriting, then the
message-wide fixes (a delete that an update of the same message overrides, the
episodic twin of a delete, duplicates). See :mod:`memcli.extract` for the rules.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from datetime import datetime

from ..claims import parse
from ..date_words import said_days
from ..dates import RESCHEDULE_VERBS, resolve_dates
from ..models import Discard, Extraction, Fact
from ..text import (
    MEDICAL_SELF_RE,
    MONTH_NAMES,
    MONTHS,
    SAFETY_TOPIC_RE,
    WEEKDAY_SHORT,
    WEEKDAYS,
    normalize_punctuation,
    reclipped,
    unclipped,
    undialected,
    unshouted,
)
from . import attributes, filters
from .arrivals import arrival, home_heading, home_in_passing, home_named_next, own_business_named
from .attributes import (
    bare_attribute,
    counted,
    embedded_attributes,
    labelled,
    listed_pets,
    thing_named_later,
    value_said_apart,
)
from .clauses import _clauses, _sentences, _strip_fillers, _with_subject, when_said_after
from .corrections import corrected, correction_of, correction_rest, days_fixed, fixed_in_sentence, restated
from .couples import couple_said, going_out, with_i
from .diet import diet_for_a_span, gone_without
from .emoji import emoji_food
from .events import booked, own_event_date
from .filters import STOP_LEAVE_RE, _classify_discard, _explicit, _first_person, _is_greeting, _kind_for, _procedural
from .fragments import dropped_fragments
from .grammar import _expand, _finish, to_third_person
from .instead import instead_after_end, it_measures, now_instead, same_month, unstretch
from .kin import _other_slots
from .lexicon import (
    _CONDITION_RE,
    _I,
    _REL,
    ACTIVITY_ENDED_RE,
    CALLED_OFF_RE,
    CHANGE_DELETE_RE,
    DIETS,
    ENDED_THING_RE,
    HYPOTHETICAL_RE,
    IF_NEEDED_RE,
    IMPERATIVE_VERBS,
    IT_IS_NOW_RE,
    OVER_IT_RE,
    PARTNER_WORDS,
    PLAN_RE,
    RELATIONS,
    REQUEST_RE,
    WEATHER_RE,
    amount_replaced,
    replacement,
    still_confirms,
    world_change,
)
from .measures import WEIGHED_RE
from .people import _NOT_NAMES, _lower_name, _People, _third_party, their_change, their_work_said_next
from .pets import _pet_met, pet_named_later
from .quotes import set_apart
from .roles import (
    HOLDER_LEFT,
    care_taken_over,
    holder_left,
    holder_replaced,
    role_in_passing,
    role_named,
    successor_after_departure,
    without_the_left_succeeded,
    workplace_of_tie,
    workplace_started,
)
from .safety import split_safety, with_allergen
from .schedule import work_days
from .slots import ADDRESS_RE, GIVEN_A_CAR_RE, MONTH_LEAD, MY_PARTNER_IS_RE, _user_slots, user_slot_said
from .spelling import _everyday as everyday
from .together import FAMILY_WORDS, partner_together
from .values import _DATE_PHRASE_RE, FactDict, _date_phrase, _imp, _profile


def _discard(ex: Extraction, clause: str, reason: str) -> None:
    ex.discarded.append(Discard(clause=clause.strip(), reason=reason, after=len(ex.facts)))


def _mk(d: FactDict, clause: str, event_date: datetime | None, explicit: bool) -> Fact:
    imp = d.get("importance", 0.5)
    safety = d.get("safety", False)
    if explicit:
        imp = max(imp, 0.8)
    return Fact(text=_finish(d["text"]), kind=d["kind"], importance=_imp(imp),
                source="explicit" if explicit else "stated", key=d.get("key"), value=d.get("value"),
                change=d.get("change"), event_date=event_date, clause=clause.strip(), safety=safety,
                rule=str(d.get("rule") or ("slot" if d.get("key") else "clause")))


@dataclass
class _Said:
    """A kept clause, dates resolved: `resolved` (as said), `exp` (contractions
    expanded), its first date, and whether it is a plan or about safety."""

    raw: str
    resolved: str
    exp: str
    event_date: datetime | None
    plan: bool
    is_safety: bool


# a relative named by the bare word, as one names one's own: "mum's", "the wife", "hubby", "Dad's settled in"
_KIN_BARE_RE = re.compile(r"^(?:the\s+)?(?P<k>(?-i:mum|mom|mam|dad|nan|nana|gran|granny|grandma|grandad|grandpa|hubby|"
                          r"wifey|missus|missis|ma|mama|pa|papa|boyfriend|girlfriend|fianc[eé]e?|Mum|Mom|Mam|Dad|Nana|Granny|Grandma|Grandad|Grandpa|Mama|Papa)|(?<=the )(?:wife|husband|kids|missus))(?=(?:'s(?! the word)|\s+(?:is|was|has|had|got|"
                          r"works|started|starts|moved|left|quit|lives|said|says|just|finally|now|still|settled))\b)", _I)


def _opening(clause: str, explicit: bool, ex: Extraction, people: _People) -> str | None:
    """The clause without fillers, quotes and a leading "that"/"to", "now I ..." turned
    into "I now ...", and a "she"/"he" resolved to the last person named; None
    (discarded as a greeting unless explicit) when no word is left."""
    raw = _strip_fillers(clause.strip().strip("\"'"))
    raw = labelled(re.sub(r"^(?:that|to)\s+(?=(?:i|my|we|our)\b)", "", raw, flags=_I))
    if not raw or not re.search(r"\w", raw):
        if not explicit:
            _discard(ex, clause, "greeting")
        return None
    raw = with_i(when_said_after(raw))  # "now I bike to work" -> "I now bike to work"
    # "mum's a teaching assistant now", "the wife starts at the bank monday": the user's own
    raw = re.sub(r"^(my \w+)'s (?=(?:a|an|the|at|in|on|back|now|still|not|off|so|really|very|[a-z]+ing|(?!(?:moved|gone|got|been|started|left|finished)\b)[a-z]+ed)\b)", r"\1 is ",
                 _KIN_BARE_RE.sub(lambda k: "my " + k["k"].lower(), raw))
    # "She lives in Denver" after "my cousin Rachel": the last person named in this message
    raw = people.resolve_pronoun(raw)
    people.scan(raw)
    return raw


def _safety_kept(raw: str, clause: str, ex: Extraction, said: re.Pattern[str]) -> bool:
    """Whether a clause to discard says a safety fact (`filters.safety_said`), then kept."""
    if d := filters.safety_said(raw, said):
        ex.facts.append(_mk(d, clause, None, False))
    return d is not None


def _salience(raw: str, clause: str, explicit: bool, ex: Extraction) -> bool:
    """The first filters (greeting, request, question, hypothetical, passing state);
    an explicit clause is only refused as a question. True when discarded."""
    if not explicit:
        reason = _classify_discard(raw, raw.lower())
        if reason and not (reason in ("question", "request") and _safety_kept(raw, clause, ex, filters.OWN_SAFETY)):
            _discard(ex, clause, reason)
        return bool(reason)
    elif raw.rstrip().endswith("?"):
        _discard(ex, clause, "question")
        return True
    return False


# "I changed my mind about the corrections: only correct the big mistakes": a new rule for
# the assistant in place of the one said before
_CHANGED_MIND_RE = re.compile(r"^(?:(?:also|ok|okay|so|actually|and|oh)[,\s]+)*I(?:'ve| have)? changed my mind"
                              r"(?:\s+(?:about|on)\s+[^:,;]+)?\s*[:,;-]+\s*", _I)


def _as_rule(raw: str, clause: str, now: datetime, explicit: bool, ex: Extraction) -> bool:
    """A lasting rule for the assistant (before the request filter: "please keep
    answers short from now on"). True when stored as one."""
    mind = _CHANGED_MIND_RE.match(raw)
    proc = _procedural(raw[mind.end():], lasting=True) if mind else _procedural(raw)
    if not proc:
        return False
    text, hard = proc
    resolved, ed = resolve_dates(text, now)
    imp = 0.9 if hard else 0.7
    # leave to stop, or a change of mind, changes the rule said before
    # and so does a rule to stop ("dispense with bullet points from now on", "stop using emoji")
    change = "update" if STOP_LEAVE_RE.match(raw) or mind or re.match(r"^User wants the assistant to (?:stop|drop|quit|ditch|lose)\b", text) else None
    ex.facts.append(_mk(dict(text=resolved, kind="procedural", importance=imp, safety=hard, rule="procedural",
                             change=change), clause, ed, explicit))
    return True


_WHEN_WORDS = r"(?:" + "|".join([*MONTHS, *WEEKDAYS, "spring", "summer", "autumn", "fall", "winter", "tomorrow"]) + r")\b"
# A plan or a booking moved to another date: "the Fiji sailing has been shifted to 12
# March", "Sat got moved to may 3", "we pushed the wedding to June".
_RESCHEDULED_RE = re.compile(r"\b" + RESCHEDULE_VERBS + r"\s+(?:\w+\s+){0,3}?(?:to|till|until)\s+(?:the\s+)?"
                             r"(?:\d|next\b|later\b|" + _WHEN_WORDS + r")", _I)



# "my rate is 12p a word - sorry, 11p", "the code is 4412, sorry, 4421": a value
# corrected inside its own sentence.
_FIX_WORDS = r"(?:sorry|oops|i mean|i meant|no wait|wait|or rather|correction)[,:]?\s+(?:it'?s\s+|make that\s+)?"
_INLINE_FIX_RE = re.compile(r"\s*\(" + _FIX_WORDS + r"(?P<p>[£$€]?\d[\d,.:]*\s?[a-z%]{0,3})\s*\)"
                            r"|\s*(?:[-\u2013\u2014,;]\s*)+" + _FIX_WORDS + r"(?P<v>[£$€]?\d[\d,.:]*\s?[a-z%]{0,3})"
                            r"\s*(?=$|[,.!?;])", _I)
_SHAPED_VALUE = r"[£$€]?\d[\d,.:]*\s?[a-z%]{0,3}\b"


def _corrected_inline(sentence: str, ex: Extraction) -> str:
    """The sentence with a value it corrects itself replaced ("12p ... - sorry, 11p" ->
    "11p ..."): the last value before the correction, the correction gone. The wrong
    value is logged as discarded, never stored."""
    m = _INLINE_FIX_RE.search(sentence)
    if not m:
        fixed = fixed_in_sentence(sentence)  # "on the 12th sorry I mean the 19th"
        if fixed is not None:
            _discard(ex, sentence, f"a correction: {fixed[1]} -> {fixed[2]} in the same sentence")
            return fixed[0]
        return sentence
    before = sentence[: m.start()]
    olds = list(re.finditer(r"(?<![\w.,])" + _SHAPED_VALUE, before, _I))
    if not olds:
        return sentence
    old = olds[-1]
    new = (m.group("p") or m.group("v")).strip()
    _discard(ex, sentence, f"a correction: {old.group(0).strip()} -> {new} in the same sentence")
    gap = old.group(0)[len(old.group(0).rstrip()):]  # "4200 acres": the space before the unit stays
    return before[: old.start()] + new + gap + before[old.end():].rstrip() + sentence[m.end():]


def message_correction(text: str, now: datetime) -> tuple[str | None, str] | None:
    """A message that opens by correcting a value ("sorry, I meant 41", "No, scusa, I
    confuse, 16 thousand. 18 was the price he ask at first."): for the fact of the message
    before it (`extract_facts` sets that sentence aside, the rest is read as said)."""
    sentences = _sentences(normalize_punctuation(text))
    return correction_of(sentences[0], now) if sentences else None


def message_restated(text: str) -> list[str]:
    """The facts a message says again to put their values right ("correction: CE course
    is Sat the 16th, typed it wrong"), each clause without the words that mark it so."""
    return [c for c in map(restated, _sentences(normalize_punctuation(text))) if c]


def _corrects(sentence: str, ex: Extraction, now: datetime) -> str | None:
    """Apply a correction to the message's last fact that has a value of its shape (the
    party's date, not the piñata said after it); when the sentence was one, what it says
    after the value ("" when nothing), else None."""
    said = correction_of(sentence, now)
    if said is None:
        return None
    for i in range(len(ex.facts) - 1, -1, -1):
        last = ex.facts[i]
        corr = same_month(said, last.text)  # "it's the 14th": the month of the fact's date
        fixed = corrected(last.text, *corr)
        if fixed is not None:
            break
    else:
        return None
    text, target, new = fixed
    when = last.event_date
    if when is not None and when.date().isoformat() == target and re.fullmatch(r"\d{4}-\d\d-\d\d", new):
        when = datetime.fromisoformat(new)  # the day put right is the fact's day
    ex.facts[i] = Fact(**{**last.__dict__, "text": text, "event_date": when,
                          "value": last.value.replace(target, new) if last.value else last.value})
    _discard(ex, sentence, f"a correction: {target} -> {new} in the fact before")
    return correction_rest(sentence)


# "wait sorry, Tuesday, not Thursday", "wait no sorry its sunday the 23rd, saturday is
# chloe's flight": the day just said was wrong; it is put right where it was said, before
# any date is read from it.
# "my doctor said my b12 and iron were trash so vegetarian now I guess": what follows "so"
# is the user's own conclusion, a diet now, whoever the sentence began with
_SO_DIET_RE = re.compile(r"^(?P<head>.+?),?\s+so\s+(?:i'?m\s+|i am\s+)?(?:(?:fully|strictly|mostly|basically)\s+)?"
                         r"(?P<d>" + DIETS + r")\s+now\b(?P<tail>.*)$", _I)


def days_corrected(text: str) -> str:
    """`text` with a day or a month it corrects put right where it was said, the correction
    gone (`corrections.days_fixed`), or `text` itself when it corrects none: what an episode keeps."""
    sentences = _sentences(normalize_punctuation(text))
    fixed = days_fixed(sentences, Extraction(facts=[], discarded=[]))
    return " ".join(fixed) if fixed != sentences else text


def _conclusions(clauses: list[str]) -> list[str]:
    """The clauses with a diet concluded after "so" made the user's own clause."""
    out = []
    for c in clauses:
        m = _SO_DIET_RE.match(c)
        # "my sister is so vegan now": "so" there is "very", the diet the sister's
        if m and not re.match(r"^(?:i|i'm|i've|we)\b", c, _I) and len(m.group("head").split()) >= 3 \
                and not re.search(r"(?:\b(?:is|are|was|were|be|been|am|get|got|getting)|'s|'re|'m)$", m.group("head"), _I):
            out += [m.group("head"), f"I'm {m.group('d')} now{m.group('tail')}"]
        else:
            out.append(c)
    return out


# a day of the week said in full, or short forms paired ("tue/thu", "mon-fri"): a schedule
_SHORT_DAY = r"(?:" + "|".join(sorted(WEEKDAY_SHORT, key=len, reverse=True)) + r")"
_SCHEDULE_RE = re.compile(r"\b(?:" + "|".join(WEEKDAYS) + r")s?\b|\b" + _SHORT_DAY + r"\s*[/+&-]\s*" + _SHORT_DAY + r"\b",
                          _I)


def _carries_content(raw: str) -> bool:
    """A number (in figures or words: "only two bicas per day"), a name (a capitalised word inside the clause) or a day of the week
    ("this term squad is tue/thu afternoons"): what a memory is for."""
    words = raw.split()
    if IT_IS_NOW_RE.match(raw) or filters.SPELL_AS_RE.match(raw):  # "so it's porridge ... now", "first week as a married man"
        return True
    if re.match(r"^(?:he|she|they|it|(?:this|that|these|those)(?!\s+(?!(?:is|was|are|were|has|had|will|would|can|"
                r"could|does|did|do|means|sounds|looks|seems)\b)[a-z]+))\b", raw, _I):
        # "She lives in Denver" with no one named: whose fact it is would be a guess ("this
        # term squad is ..." is a thing, not a pointer)
        return False
    return bool(re.search(r"\d|(?<!every )(?<!^)\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen)\b(?! (?:seconds?|minutes?|mins?|hours?|days?|weeks?|months?|years?|times)\b)", raw, _I)) or bool(_SCHEDULE_RE.search(raw)) or any(w[:1].isupper() and w not in ("I", "I'm", "I've", "I'd", "I'll")
                                               for w in words[1:])


def _kept_whole(clause: str, facts: list[Fact], now: datetime, explicit: bool) -> Fact | None:
    """When the rules' facts of a clause leave out a number or a name the clause says
    ("I left Le Poisson Rouge, head chef now at Maison Olea in Aix"), the clause is
    also kept whole, in the third person: nothing the user said is lost to a rule."""
    resolved, ed = resolve_dates(clause, now)
    said = parse(resolved)
    told = set().union(*(parse(f.text).words | parse(f.text).names | parse(f.text).numbers for f in facts))
    # a date is the fact's own (its event date, its valid_from), not a detail it drops
    numbers = {n for n in said.numbers if not re.fullmatch(r"\d{4}-\d{2}(?:-\d{2})?|(?:19|20)\d\d", n)}
    if not ((said.names - told) | (numbers - told)):
        return None
    return _mk(dict(text=to_third_person(resolved), kind="semantic", importance=0.45, rule="kept_whole"), clause, ed,
               explicit)


# a deed of the user's, said without its subject, to someone or something named: "hired Marisol"
_DONE_TO_NAMED_RE = re.compile(r"^(?:(?:and|so|also|just|finally)\s+)?(?-i:[a-z]{3,}ed|met|got|took|saw|bought|sold|"
                               r"found|hired|fired|married|joined|left|visited|adopted|won|beat)\s+(?-i:[A-Z][\w'-]+)", _I)


# a word of what is measured, beside the measure: "Berlin went 3:22:48", not "ok 5pm"
_MEASURED_RE = re.compile(r"\b(?!(?:ok|okay|yes|yeah|yep|sure|fine|at|by|and|or|the|its?|thx|thanks|am|pm|since|until|"
                          r"from|ago|now|today|tonight|tomorrow|yesterday|days?|weeks?|months?|years?|sub|under|over|about|around|omg|"
                          r"lol|yay|wow|[a-z]+ly|"
                          + "|".join([*MONTH_NAMES, *WEEKDAYS]) + r")\b)[A-Za-z]{3,}", _I)


def _not_the_users(raw: str, clause: str, now: datetime, ex: Extraction, people: _People) -> bool:
    """A request, a fact about someone else, small talk or not about the user (for
    clauses that are not explicit). True when handled (stored or discarded)."""
    lc = raw.lower()
    first = (lc.split() or [""])[0].strip(",")
    met = _pet_met(raw, raw, lc, False)
    if met:
        # "so meet Bonnie, an eleven-week-old cocker spaniel": no request, a pet of the user's
        ex.facts.extend(_mk({**d, "rule": "pet_met"}, clause, None, False) for d in met)
        return True
    # "Schedule is 21 days on, 7 off", "plan's to ...": the word is the subject of a verb, no request
    # ("Open 11:30 to 14:30, closed Wednesday": opening hours, no request)
    as_noun = re.match(r"^[\w-]+(?:\s+(?:is|are|was|were|has|had)\b|'s\s)", raw, _I) \
        or re.match(r"^(?:open|closed)\s+(?:from\s+)?(?:\d|every|daily|(?:mon|tue|wed|thu|fri|sat|sun)\w*)", raw, _I)
    if REQUEST_RE.match(raw) or (first in IMPERATIVE_VERBS and not as_noun and not re.match(r"^call me\s+[A-Z]", raw)):
        if not _safety_kept(raw, clause, ex, SAFETY_TOPIC_RE) and not booked(raw, ex, now):
            _discard(ex, clause, "request")
        return True
    if not _first_person(raw):
        # "the dentist is Dr. Ferrer", "the new doctora, Dra. Vidal, says ...": a role of the user's
        # ... and "advisor is dr halvorsen": a role of the user's with the "my" left out
        role = role_named(raw, raw) if re.match(r"^(?:the|(?:also |and |plus )?new|got a new|switched|changed)\b", raw, _I) else \
            role_named(raw[:1].lower() + raw[1:], raw) if re.match(r"^[A-Za-z][a-z -]{1,24}? (?:is|'s) ", raw) else []
        if role:
            ex.facts.append(_mk({**role[0], "rule": "role_named"}, clause, None, False))
            return True
        # "Kindly note the address for service: 27 Lordswood Road, Harborne": the user's home; "gf is Tegan": partner
        slot = [d for d in _user_slots(raw, raw) if d.get("key") in ("home_city", "partner")] if ADDRESS_RE.match(raw) or MY_PARTNER_IS_RE.match(raw) else []
        if slot:
            ex.facts.append(_mk(slot[0], clause, None, False))
            return True
        attr = bare_attribute(raw) if people.named(raw.split()[0]) is None else None  # "zayn is 15": a kid named
        if attr is not None:
            resolved, ed = resolve_dates(raw, now)
            ex.facts.append(_mk({**attr, "text": to_third_person(resolved)}, clause, ed, False))
            return True
        tp = _third_party(raw, people, now)
        if tp is not None:
            ex.facts.append(_mk({"rule": "other_person", **tp[0]}, clause, tp[1], False))
            return True
        ended = ENDED_THING_RE.match(raw) or OVER_IT_RE.search(raw) or ACTIVITY_ENDED_RE.match(raw)
        called = None if ended else CALLED_OFF_RE.match(raw)
        thing = ended.group("o") if ended else (called.group("o") or called.group("p") or called.group("e")) \
            if called else None
        if thing and thing.strip() not in people.names and people.named(thing.strip()) is None:
            # "tennis is out since the shoulder surgery, pilates instead": the user's thing ended;
            # "lisbon's a no, travel funding got cut": the user's plan will not happen
            resolved, ed = resolve_dates(raw, now)
            ex.facts.append(_mk(dict(text=to_third_person(resolved), kind="semantic", importance=0.45, change="delete",
                                     rule="ended_thing" if ended else "called_off"), clause, ed, False))
            return True
        # the weather or the traffic is small talk, unless the clause also gives a measure
        # ("the commute's more like 45 min now, traffic is brutal"); a temperature is the weather's
        weather = WEATHER_RE.search(raw) and not re.search(r"\d(?!\d*\s*(?:°|degrees?|deg\b|c\b|f\b))", raw, _I)
        # a short clause is small talk unless it gives a measure ("Berlin went 3:22:48")
        # or is a note of one, a label and its figure ("10k Saturday: 48:37"); a relative named is content
        short = len(raw.split()) <= 3 and not (re.search(r"\d", raw) and _MEASURED_RE.search(raw)) \
            and not re.match(r"^(?=[^:]*(?!lol|haha)[A-Za-z]{3})[^:]{1,29}[^:\d\s]:\s*[^:\s]*\d", raw) \
            and not _DONE_TO_NAMED_RE.match(raw) \
            and not _named_did(raw)  # "hired Marisol": what the user did, to someone; "Kerem proposed"
        resolved, ed = resolve_dates(raw, now)  # ("booked for three weeks today": a day to come is content)
        if weather or short or not (_carries_content(raw) or (ed is not None and ed.date() > now.date() and not re.search(r"\bnot\b", raw, _I)) or _named_did(raw) or people.names.get(people.named(re.split(r"['\u2019\s]", raw)[0]) or "") or people.opens(raw)):
            _discard(ex, clause, "small talk" if weather or short else "not about the user")
        else:
            # "Yara moves into Zetland Road on 1 December at £1,025", "700 usd here for a
            # bigger place": the user's world, said by the user; never dropped
            change = world_change(raw)
            ex.facts.append(_mk(dict(text=to_third_person(resolved), kind="semantic", importance=0.4, change=change,
                                     rule="users_world"),
                                clause, ed, False))
        return True
    if WEATHER_RE.search(raw) and re.match(r"^(?:it|it's|it is|the weather|what|so|such)\b", lc):
        _discard(ex, clause, "small talk")
        return True
    return False


def _said(raw: str, now: datetime, explicit: bool) -> _Said:
    """Resolve the dates of a kept clause and tell a plan and a safety fact."""
    raw = re.sub(r"[\s.!…]+$", "", raw)
    resolved, ed = resolve_dates(raw, now)
    exp = _expand(resolved)
    # "to buy milk" after "remember": a reminder
    if explicit and re.match(r"^to\s+\w+", exp, _I):
        exp = "I need " + exp
        resolved = exp

    masked = re.sub(r"\b(?:January|February|March|April|May|June|July|August|September|October|November|"
                    r"December)\b", "", exp)
    plan = bool(PLAN_RE.search(masked)) and not re.match(r"^i (?:will|would) (?:always|never)\b", exp, _I) and not going_out(exp)
    if re.match(r"^(?:my|i)\b.*\b(?:is|are)\s+(?:on|during)\s+\d{4}-", exp, _I):
        plan = False  # "my exam is on 2026-03-13": a dated event, not a plan
    is_safety = bool(SAFETY_TOPIC_RE.search(exp)) and bool(MEDICAL_SELF_RE.search(exp)) and not re.search(
        r"\b(?:my|i)\b.*\b(?:never)\b.*\b(?:been|seen|tried|visited|watched|read|played|met|liked)\b", exp, _I)
    return _Said(raw=raw, resolved=resolved, exp=exp, event_date=ed, plan=plan, is_safety=is_safety)


_REAFFIRMED_RE = re.compile(r"\b(?:for now|right now|just now|as of now|until now|up to now|by now)\b", _I)


def _arrived(s: _Said, clause: str, ex: Extraction) -> bool:
    """A stay begun said without a subject or a verb of work or home ("First month at
    Cleveland Clinic", `arrivals`): the user's employer or home. Whether it was."""
    facts = arrival(s.exp)
    for d in facts:
        ex.facts.append(_mk({**d, "text": d.get("short") or to_third_person(s.resolved)}, clause, s.event_date, False))
    return bool(facts)


def _rule_facts(s: _Said, now: datetime) -> list[FactDict]:
    """The household's home, the profile slots (the user's or a relative's), else
    one fact of the whole clause: a plan, a safety fact, or a semantic/episodic fact
    with its change cue."""
    exp, resolved = s.exp, s.resolved
    facts: list[FactDict] = []
    # the user's household moving or living somewhere is the user's home: "We moved to Austin",
    # "My wife and I live in Denver"
    hh = re.match(r"^(?:(?:since|now that|as) )?(?:we|(?:my|our|the) [\w'-]+(?: [A-Z][\w'-]+)? and i|[A-Z][a-z'-]+ and i)\s+"
                  r"(?P<rest>(?:(?:just|recently|finally|have|had|also|now|currently|still) )*(?:moved|relocated|live|"
                  r"are living|have lived|have been living|are based|are now based|are settled|are (?:now )?in)\b.*)$",
                  exp, _I)
    if not s.plan and hh:
        rest = re.sub(r"^are\b", "am", hh.group("rest"))
        facts = [d for d in _user_slots("I " + rest, resolved) if d.get("key") == "home_city"]
    if not s.plan and not facts:
        facts = [{**d, "rule": "role_named"} for d in role_named(exp, resolved)]
    if not s.plan and not facts:
        if re.match(r"^(?:" + MONTH_LEAD + r"(?=i\b))?(?:i|my|call me|(?:ever )?since i)\b", exp, _I) or couple_said(exp) or user_slot_said(exp) \
                or WEIGHED_RE.search(exp):
            facts = _other_slots(exp, resolved) if re.match(r"^my " + _REL + r"\b", exp, _I) else []
            if not facts and (not re.match(r"^my " + _REL + r"\b", exp, _I) or GIVEN_A_CAR_RE.match(exp)):
                facts = _user_slots(exp, resolved)
    if facts:
        return facts
    text = to_third_person(resolved)
    dated = own_event_date(exp)  # "our wedding is on 2024-12-14", "looking at 2025-04-12 for the wedding"
    if dated is not None:
        return [dict(text=text, kind="episodic", importance=0.5, key=dated[0], value=dated[1], change=dated[2],
                     rule="own_event_date")]
    if s.plan:
        return [dict(text=text, kind="episodic", importance=0.3)]
    if s.is_safety:
        return [dict(text=text, kind="semantic", importance=0.9, safety=True)]
    kind, imp = _kind_for(exp, s.event_date, now)
    change = None
    # change cues only retire the user's own facts, never because of someone else's news
    own = _first_person(s.raw) and not re.match(r"^(?:my|our) " + _REL + r"\b", exp, _I)
    # "Sat got moved to may 3, the march one got canceled": a new date, not an end
    if CHANGE_DELETE_RE.search(exp) and own and not _RESCHEDULED_RE.search(exp) and not replacement(exp):
        change = "delete"
    elif ((cue := re.search(r"\b(?:switched to|now|instead|changed to)\b", _REAFFIRMED_RE.sub("", exp), _I))
          or replacement(exp)) and (own or amount_replaced(exp)) \
            and not still_confirms(exp, re.search(r"\b(?:switched to|now|instead|changed to)\b", exp, _I) if cue else None):
        change = "update"  # "still at Shopify for now" confirms, changes nothing
    elif (rel := re.match(r"^(?:my|our) " + _REL + r"(?:\s+[A-Z][\w'-]+)?\s+(?P<said>.+)$", exp, _I)) is not None:
        # a relative's news is a change of theirs: "my husband Chidi is in the Canary Wharf office from today"
        change = their_change(rel.group("said"))
    elif _RESCHEDULED_RE.search(exp) \
            and not re.match(r"^(?:(?:my|our) " + _REL + r"|he|she|they)\b", exp, _I):
        change = "update"  # a date moved, not a person: "Sat got moved to may 3"
    return [dict(text=text, kind=kind, importance=imp, change=change)]


def _with_people(facts: list[FactDict], s: _Said, people: _People) -> None:
    """The relation the user gave a partner, and a partner named in passing."""
    # "Marco and I broke up" after "my boyfriend Marco": keep the relation the user gave
    for d in facts:
        if d.get("key") == "partner" and d.get("value") in people.names and "their partner " in d["text"]:
            d["text"] = d["text"].replace("their partner ", f"their {people.names[d['value']]} ", 1)
    # "I live in Lisbon with my boyfriend Marco": the partner's name is a profile fact too
    if not s.plan and not any(d.get("key") == "partner" for d in facts) and not CHANGE_DELETE_RE.search(s.exp):
        pm = re.search(r"\b(?i:my) (?P<r>(?i:" + PARTNER_WORDS[3:-1] + r")),? (?P<n>[A-Z][a-z]*'[A-Z][a-z-]+|[A-Z][a-z-]+|"
                       r"[a-z][a-z-]{2,}(?=\s*(?:[,.;!?]|$)|\s+(?:he|she|and|who)\b))\b", s.exp)  # (typed "my husband marco")
        if pm and pm.group("n").lower() not in _NOT_NAMES and pm.group("n") not in people.aliases and _lower_name(pm["n"].lower()):
            facts.append(_profile(f"User's {pm.group('r').lower()} is {pm.group('n')}", "partner", pm.group("n"), 0.75))


def _with_dates(facts: list[FactDict], s: _Said) -> None:
    """A changed profile value keeps when it changed: "User works at Stripe (since
    2026-06-29)". Only day/week precision: a month or year adds little to the
    record's valid_from. A keyed delete keeps its date phrase."""
    when = _date_phrase(s.exp) if s.event_date is not None else None
    if not when:
        return
    for d in facts:
        if d.get("undated"):  # the clause's date is another part's ("my new lead, Farid, wants it on Friday")
            continue
        if d.get("kind") == "profile" and d.get("change") == "update" and d.get("value") \
                and re.search(r"\d{4}-\d\d-\d\d", when) \
                and not _DATE_PHRASE_RE.search(d["text"]):
            since = re.sub(r"^(?:on|in|during|from|for)\s+", "since ", when)
            d["text"] = f"{d['text']} ({since})"
        elif d.get("change") == "delete" and d.get("key") and not _DATE_PHRASE_RE.search(d["text"]):
            d["text"] = f"{d['text']} {when}"


def _mark_safety(d: FactDict, s: _Said) -> None:
    """A safety clause's facts never decay; name the category, so "any medical
    conditions?" finds "User has type 1 diabetes"."""
    if s.is_safety and not s.plan:
        d["safety"] = True
        d["importance"] = max(d.get("importance", 0), 0.9)
        if d.get("kind") != "procedural" and d.get("change") is None and d["text"].startswith("User ") \
                and _CONDITION_RE.search(d["text"]) and not re.search(r"\bcondition\b", d["text"], _I):
            d["text"] = d["text"].rstrip(" .") + " (medical condition)"


def _extract_clause(clause: str, now: datetime, explicit: bool, ex: Extraction,
                    people: _People | None = None) -> None:
    people = people if people is not None else _People()
    raw = _opening(clause, explicit, ex, people)
    passing = role_in_passing(raw) + care_taken_over(raw) + (home_in_passing(raw) or home_heading(clause)) \
        + gone_without(raw) + diet_for_a_span(raw) if raw is not None else []
    if raw is not None:  # "..., the other one closed when Dr. Ferrer retired": whatever else the clause is
        ex.facts.extend(_mk(d, clause, None, explicit) for d in holder_left(raw) + holder_replaced(raw)
                        + workplace_of_tie(raw) + workplace_started(raw))
    if raw is None or _salience(raw, clause, explicit, ex) or _as_rule(raw, clause, now, explicit, ex):
        ex.facts.extend(_mk(d, clause, None, explicit) for d in passing)
        return
    s = _said(raw, now, explicit)
    if not explicit and (_arrived(s, clause, ex) or _not_the_users(raw, clause, now, ex, people)):
        # "Dr. Patel retired and Dr. Osei has taken over his patients": the role said in passing
        # too, unless the clause names it ("the new flat in Leith has no lift")
        said = {f.key for f in ex.facts if f.clause == clause.strip()}
        ex.facts.extend(_mk(d, clause, None, explicit) for d in passing if d["key"] not in said - {None})
        return
    facts = _rule_facts(s, now)
    _with_people(facts, s, people)
    _with_dates(facts, s)
    for d in facts:
        _mark_safety(d, s)
        ex.facts.append(_mk(d, clause, None if d.get("undated") else s.event_date, explicit))
    ex.facts.extend(_mk(d, clause, None, explicit) for d in passing
                    if not any(f.get("key") == d["key"] is not None for f in facts))


# what someone named did, said in two or three words: "Kerem proposed", "Mum retired!", "Dad got the job"
_NAMED_DID_RE = re.compile(r"^(?-i:[A-Z])[\w'-]+\s+(?:finally\s+|just\s+)?(?:[a-z]{3,}ed|got|won|quit|left|came|went|"
                           r"died|passed|moved|said yes)\b", _I)


def _named_did(raw: str) -> bool:
    """"Kerem proposed", "Xiao-Wen quit", "Mum retired": someone named, and what they did
    (not "Yesterday rained": an everyday word is no name, unless it names a relative)."""
    m = _NAMED_DID_RE.match(raw)
    first = raw.split()[0].lower() if m else ""
    return bool(m) and (first not in everyday() or first in RELATIONS)


def _read_through(text: str, ex: Extraction, named: _People) -> list[str]:
    """The message's sentences, with a value said apart joined to what it is of, and the
    people it introduces known, also when named in the next sentence ("I have a new
    neighbour." + "His name is Tom": the neighbour called Tom)."""
    named.prescan(text)
    sentences = value_said_apart(days_fixed(_sentences(text), ex))
    for joined in sentences:
        if " called " in joined:
            named.prescan(joined)
    return sentences


def extract_facts(text: str, now: datetime, role: str = "user",
                  people: dict[str, str] | None = None, last: str | None = None) -> Extraction:
    """Extract atomic third-person facts from one message said at `now` by `role`.

    `people` (optional, see :func:`known_people`) names the people the user introduced
    earlier in the scope, so facts about them keep the relation; `last` (one of them, see
    `people.carried_person`) is whom an opening "she" or "he" means."""
    ex = Extraction(facts=[], discarded=[])
    if not text or not str(text).strip():
        return ex
    typed = unstretch(normalize_punctuation(str(text)))
    text = unshouted(undialected(unclipped(typed)), people)
    if (role or "user").lower() != "user":
        for s in _sentences(text)[:50] or [text]:
            _discard(ex, s, "not from the user")
        return ex
    text, quoted = set_apart(emoji_food(text))
    for q in quoted:
        _discard(ex, q[:300], "quoted or pasted text, not the user's own words")
    named = _People.known(people or {}, last)
    text = named.unowned(text)  # "our Gary's got a start at the Port of Tyne": Gary, whom the user introduced
    for sentence in _read_through(text, ex, named):
        sentence = _corrected_inline(sentence, ex)
        rest = _corrects(sentence, ex, now) if ex.facts else None
        if rest is not None:
            if not rest:
                continue
            sentence = _with_subject(rest)
        if not ex.facts and correction_of(sentence, now) is not None:
            _discard(ex, sentence, "a correction of the message before")  # ingest applies it there
            if not correction_rest(sentence):
                continue
            sentence = _with_subject(correction_rest(sentence))
        sentence = restated(sentence) or sentence  # "correction: X is on the 16th, typed it wrong": X is on the 16th
        sentence = named.said_of_last(sentence)  # "Keisha got on with Sentara. Starts Monday."
        stripped = _strip_fillers(sentence)
        rest = _explicit(stripped)
        explicit = rest is not None
        if rest is not None:
            sentence_body = rest
            if re.match(r"^(?:\W*\w+\W+){0,3}?(?:can|could|would|will) you\b", stripped, _I):
                sentence_body = rest.rstrip(" ?")  # "can you remember that ...?" is not a question
        else:
            sentence_body = sentence
            if _is_greeting(stripped) or not stripped:
                _discard(ex, sentence, "greeting")
                continue
            if HYPOTHETICAL_RE.match(stripped) and not IF_NEEDED_RE.match(stripped):
                _discard(ex, sentence, "hypothetical")
                continue
        # "dr. okafor took a job at UBC so I've been handed over to dr. lindqvist": a
        # succession said across two clauses
        ex.facts.extend(_mk(d, sentence_body, None, explicit) for d in holder_replaced(sentence_body)
                        if not any(f.key == d["key"] and f.value == d["value"] for f in ex.facts))
        for clause in _conclusions(_clauses(sentence_body)):
            before = len(ex.facts)
            try:
                _extract_clause(clause, now, explicit, ex, named)
            except Exception as exc:  # a rule bug must not lose the message: logged as a discard with the error
                _discard(ex, clause, f"unparsed ({type(exc).__name__}: {exc})")
                continue
            new = ex.facts[before:]
            whole = _kept_whole(clause, new, now, explicit) if new and _first_person(labelled(clause)) else None
            if whole is not None and all(f.text != whole.text for f in new):
                ex.facts.append(whole)
            for d in embedded_attributes(clause) if new else ():
                if not any(f.key == d["key"] for f in ex.facts[before:]):
                    ex.facts.append(_mk(d, clause, None, explicit))
            for f in new:  # "User has two hives": the count of a thing is its value ("down to one hive")
                if f.key is None and not f.safety and (age := attributes.named_age(f.text)) is not None:
                    f.key, f.value, f.change = age[0], age[1], f.change or age[2]
                    continue
                if f.key is None and (f.kind != "episodic" or re.search(r"\bnow\b", f.text)) and not f.safety \
                        and f.change != "delete" and (count := counted(f.text)) is not None:
                    f.key, f.value = count
                    f.kind = "semantic"  # "... so 3 rats now": a state, whatever the event before it
            for d in [p for f in new for p in listed_pets(f.text)]:
                if not any(f.key == d["key"] for f in ex.facts[before:]):
                    ex.facts.append(_mk(d, clause, None, explicit))
    _said_across(ex, text, named)
    now_instead(ex)  # "I've gone off nematodes. It's beer traps now."
    instead_after_end(ex)  # "I've had to give up the Scotstoun lot. Found a class at the Allander instead."
    it_measures(ex)  # "we caved on screen time, it's 90 minutes on school nights"
    attributes.rent_said_apart(ex)  # "Collected keys for the Linden house Sat. 3-bed semi. R13 800 pm."
    attributes.hourly_rate(ex)  # "floorhand. brazos drilling rig 41. 26 an hr"
    _resolve_message_conflicts(ex)
    _add_change_events(ex)
    split_safety(ex)
    with_allergen(ex, text)
    days = work_days(text)
    if days is not None and not any(f.key == "work_days" for f in ex.facts):
        ex.facts.append(days)
    _capitalise_names(ex, named)
    named.said_as_theirs(ex.facts)  # "Zintle is a lifeguard at Long Beach, thats how we met"
    _dedupe(ex)
    _drop_fragments(ex)
    for f in ex.facts:  # "on 2026-03-09 (9 mar)": the day as the user said it, beside the day in figures;
        f.text = reclipped(said_days(f.text, f.clause), typed)  # "teachin" as typed
    return ex


def _said_across(ex: Extraction, text: str, named: _People) -> None:
    """The facts a message says across its sentences: a succession, a pet named after it
    was got, a partner by being together, a business of the user's own."""
    # "halvorsen bailed to oregon state 🙃 mbeki took me on": a succession said across the message
    ex.facts.extend(_mk(d, text, None, False) for d in successor_after_departure(text)
                    if not any(f.key == d["key"] for f in ex.facts))
    ex.facts = without_the_left_succeeded(ex.facts)  # the successor replaces the role record; no end retires it first
    ex.facts = their_work_said_next(ex.facts, text)  # "gf kayla. hygienist at a dentist": Kayla's work
    ex.facts.extend(_mk(d, text, None, False) for d in pet_named_later(text)  # "a dog! ..., she's called Biscuit"
                    if not any(f.key and f.key.startswith("pet.") and d["value"] in f.text for f in ex.facts))
    ex.facts.extend(_mk(d, text, None, False) for d in thing_named_later(text)  # "a little boat ... I call her Concettina"
                    if not any(f.key == d["key"] for f in ex.facts))
    # "someone new? Minho, from the badminton club. We've been together since November"
    family = {n.lower() for n, r in named.names.items() if r and r.lower() in FAMILY_WORDS}
    known = {n.lower() for n in named.names if n.isalpha() and n.lower() not in _NOT_NAMES}
    ex.facts.extend(_mk(d, text, None, False) for d in partner_together(text, family, known)
                    if not any(f.key == "partner" and f.change != "delete" for f in ex.facts))
    ex.facts.extend(_mk(d, text, None, False) for d in own_business_named(text)  # "Cedar Loop LLC, my own firm"
                    if not any(f.key == "employer" and f.value == d["value"] for f in ex.facts))
    ex.facts.extend(_mk(d, text, None, False) for d in home_named_next(text)  # "Closed on a house. Dripping Springs."
                    if not any(f.key == "home_city" for f in ex.facts))


def _drop_fragments(ex: Extraction) -> None:
    """Discard the facts that cannot be read alone (`fragments.fragment`)."""
    for f, why in dropped_fragments(ex.facts):
        _discard(ex, f.clause or f.text, why)


def _add_change_events(ex: Extraction) -> None:
    """A retirement stores nothing new, yet "User quit keto" or "User sold their Honda" is itself
    worth remembering: each delete gets an episodic twin (after it, so the delete is reconciled
    first), unless its clause already produced an event."""
    out: list[Fact] = []
    for f in ex.facts:
        out.append(f)
        if f.change == "delete" and f.key != HOLDER_LEFT and f.rule != "gone_without" and not any(g is not f and g.clause == f.clause and g.kind == "episodic"
                                            and g.change is None for g in ex.facts):
            out.append(Fact(text=f.text, kind="episodic", importance=max(0.45, min(f.importance, 0.6)),
                            source=f.source, event_date=f.event_date, clause=f.clause, safety=f.safety))
    ex.facts = out


def _resolve_message_conflicts(ex: Extraction) -> None:
    updated = {f.key for f in ex.facts if f.key and f.change in (None, "update") and f.value}
    for f in ex.facts:
        if f.change == "delete" and f.key in updated:
            f.change = None
            f.key = None
            f.value = None
            f.kind = "episodic"


def _dedupe(ex: Extraction) -> None:
    """One fact per text, kind and key. Two rules that say the same text, one as a change and one not
    ("losa isnt moving to wellington anymore"), make one fact, the change: written
    second, the change would be a NOOP against its own plain twin and retire nothing."""
    seen: dict[tuple[str, str, str | None], int] = {}
    out: list[Fact] = []
    for f in ex.facts:
        k = (f.text.lower(), f.kind, f.key)
        if not f.text:
            continue
        if k in seen:
            i = seen[k]
            if out[i].change is None and f.change is not None:
                out[i] = f
            continue
        seen[k] = len(out)
        out.append(f)
    ex.facts = out


def _capitalise_names(ex: Extraction, people: _People) -> None:
    """A name the user wrote in lower case ("my bestie losa") is written as a name in
    the facts ("User's bestie Losa ..."): then a later session knows the person too,
    since introductions are read back by their capital (`store.introductions`)."""
    lower = [n for n in people.names if n.islower()]
    if not lower:
        return
    rx = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(lower, key=len, reverse=True))) + r")\b")
    ex.facts = [dataclasses.replace(f, text=rx.sub(lambda m: m.group(0).capitalize(), f.text)) for f in ex.facts]
