"""Salience: what a clause is when it is not a fact to keep. Greetings, questions,
requests, hypotheticals, passing states and small talk are discarded with a
reason; rules for the assistant are recognised as procedural; an explicit
"remember that ..." prefix is found; and a kept clause gets its kind and importance.
"""

from __future__ import annotations

import re
from datetime import datetime

from ..text import LOWER_WORD_RE, SAFETY_TOPIC_RE
from .grammar import _expand, _object_pronouns, to_third_person
from .lexicon import (
    _I,
    ADVERBS,
    CONDITIONAL_MODAL_RE,
    GREETING_WORDS,
    HYPOTHETICAL_ANY_RE,
    HYPOTHETICAL_RE,
    IF_NEEDED_RE,
    IMPERATIVE_VERBS,
    IRREGULAR_PAST,
    PREFERENCE_RE,
    QUESTION_START_RE,
    RULE_CUE_RE,
    STYLE_RE,
    TRANSIENT_NOW_RE,
    TRANSIENT_RE,
)
from .spelling import _everyday as everyday
from .values import FactDict, _occupation


def _first_person(s: str) -> bool:
    return bool(re.search(r"\b(?:i|i'm|i've|i'd|i'll|im|ive|me|my|mine|myself|we|we're|we've|our|ours|us)\b", s, _I)) \
        and not re.fullmatch(r"\s*us\s*", s)


def _is_greeting(s: str) -> bool:
    words = LOWER_WORD_RE.findall(s.lower())
    if not words:
        return not re.search(r"\d", s)  # pure punctuation / emoji
    return all(w in GREETING_WORDS for w in words)


# Leave given to stop doing something: "you can drop the romanisation now", "no need to
# translate anymore", "feel free to skip the summaries": a change of a lasting rule.
STOP_LEAVE_RE = re.compile(r"^(?:(?:ok|okay|so|also|and|btw)[,\s]+)*(?:you can|you may|feel free to|go ahead and|"
                           r"no need to)\s+(?:now\s+|just\s+|also\s+)?(?=(?:stop|drop|skip|leave out|ditch|cut|quit|"
                           r"lose|translate|give|use|add|include|write|explain|do)\b)", _I)


def _procedural(c: str, lasting: bool = False) -> tuple[str, bool] | None:
    """Instruction to the assistant that should persist. Returns (text, hard_constraint).
    `lasting`: said as a change of a standing rule ("I changed my mind about the
    corrections: only correct the big mistakes"), so it needs no cue of its own."""
    leave = STOP_LEAVE_RE.match(c)
    if leave:
        body = _object_pronouns(re.sub(r"[.!]+$", "", _expand(c[leave.end():])).strip())
        if leave.group(0).strip().lower().endswith("no need to"):
            return f"User does not want the assistant to {body}", False
        if re.match(r"^(?:stop|drop|skip|leave out|ditch|cut|quit|lose)\b", body, _I):
            return f"User wants the assistant to {body}", False
        return None
    s = re.sub(r"^(?:(?:please|pls|plz|kindly|also|and)\s+)+", "", c, flags=_I)
    s = re.sub(r"^(?:(?:can|could|would|will) you(?: please)?|i (?:want|need|would like|'d like) you to|"
               r"i (?:should|would|'d) (?:prefer|rather|like it if)(?: that)? you|"
               r"make sure (?:you|to)|remember to|be sure to)\s+", "", s, flags=_I)
    # "dispense with bullet points", "do away with the summaries": stop using them
    s = re.sub(r"^(?:dispense with|do away with|do without)\b", "stop using", s, flags=_I)
    s = re.sub(r"^(?:from now on|from here on(?:wards)?|from here onwards?|from today(?: on(?:wards)?)?|henceforth|"
               r"going forward|moving forward|in (?:the )?future|by default|in general)\s*,?\s*", "", s, flags=_I)
    s = re.sub(r"^(?:please|pls|kindly)\s+", "", s, flags=_I)
    first = (s.split() or [""])[0].lower().strip(",")
    if lasting and first in ("only", "just") and len(s.split()) > 1:
        first = s.split()[1].lower().strip(",")  # "only correct the big mistakes"
    if first not in IMPERATIVE_VERBS:
        return None
    if first == "call" and re.match(r"^call me\s+[A-Z]", s):
        return None  # name
    cue = bool(RULE_CUE_RE.search(c)) or lasting
    style = bool(STYLE_RE.search(s))
    negated = first in ("don't", "never") or s.lower().startswith(("do not ", "don't ever"))
    if not (cue or style or (negated and first != "never" and _first_person(s) is False and len(s.split()) <= 8)
            or first in ("always", "never")):
        return None
    hard = bool(re.search(r"\b(?:never|must not|must never|under no circumstances|do not ever|don't ever)\b", c, _I))
    body = _expand(s)
    body = re.sub(r"[.!?]+$", "", body).strip()
    body_tp = _object_pronouns(body)
    m = re.match(r"^(?:do not|don't)\s+(?:ever\s+)?(?P<rest>.+)$", body_tp, _I)
    if m:
        return f"User does not want the assistant to {m.group('rest')}", hard
    return f"User wants the assistant to {body_tp[0].lower() + body_tp[1:]}", hard



_EXPLICIT_RE = re.compile(
    r"^(?:(?:please|pls|plz|hey|oh|also|and|btw|ok|okay|so|just|i want you to|i need you to|"
    r"can you|could you|would you|will you|make sure (?:you|to)|you should|always)[,\s]+)*"
    r"(?:remember|memori[sz]e|don't forget|do not forget|never forget|note|make a note|take note|"
    r"keep in mind|save|store|for the record|(?:also )?add(?: also| too)?(?=\s+that\s+(?:i|i'm|my|we|our|he|she|they|(?-i:[A-Z])))|write down)"
    r"(?:\s+(?:that|this|of this|the fact that)\b|\s+this\s*:|\s*:|\s*,|\s*-)?\s*", _I)


# ... asked in a word of another language, before a colon: "pls tandai: allergic ko sa hipon",
# "bitte merken: ...", "por favor anota: ..." (what follows the colon is what to keep)
# (a word of English before the colon asks for a task: "pls check: the invoice", "please advise: ...")
_ASKED_COLON_RE = re.compile(r"^(?:(?:also|and|btw|ok|okay|so|oh)[,\s]+)*(?:please|pls|plz|kindly|bitte|por favor|"
                             r"s'il te pla[iî]t|stp)\s+(?P<w>[\w'\u00c0-\u024f-]+)\s*:\s*(?=\S+\s+\S)", _I)


def _explicit(sentence: str) -> str | None:
    m = _EXPLICIT_RE.match(sentence)
    if not m:
        m = _ASKED_COLON_RE.match(sentence)
        if m is None or m["w"].lower() in everyday():
            return None
    rest = sentence[m.end():].strip()
    # "note" / "save" / "store" only count with "that"/":" ("note the date" is a request)
    head = m.group(0).lower()
    if re.search(r"\b(?:note|save|store)\b", head) and not re.search(r"(?:that|this|:|-|,)\s*$", head.strip()):
        return None
    if re.search(r"\bremember\b", head) and re.match(r"^(?:when|how|what|who|where|why|if)\b", rest, _I):
        return None  # "remember when we ...?"
    return rest or None


# Talk about the conversation itself: corrections of wording, a quote's introduction,
# a pointer to something pasted, a move without where to.
_META_TALK_RE = re.compile(
    r"^(?:(?:sorry|oops|oh|wait|no|ugh|ok|okay|lol|haha|ah)[, ]+)*(?:i (?:said|typed|wrote|put|got|worded) "
    r"(?:that|it|this)(?: (?:wrong|wrongly|incorrectly|backwards|the wrong way round|badly))?|my (?:bad|mistake|error)|"
    # said in the present, as learners of English do: "I write wrong before", "I say it wrong"
    r"i (?:write|say|type|put|tell|told) (?:(?:it|that|this|you) )?(?:wrong|wrongly|incorrect|incorrectly)"
    r"(?: (?:before|earlier|last time|yesterday))?|"
    # ... and with what was wrong named first: "the thing about Matteo I tell you wrong",
    # "what I told you about the flat was wrong"
    r"(?:(?:and|so|also|but) )?(?:the (?:thing|bit|part|stuff|story) (?:about|with|of)|what i (?:said|told you|wrote) "
    r"about) [\w' -]{1,30}? (?:i (?:said|say|told|tell|wrote|write|got|get|had|have) (?:you |it |that )*(?:wrong|wrongly|"
    r"incorrectly)|(?:was|is) (?:wrong|not right|incorrect))|"
    r"typo|scratch that|strike that|i misspoke|correction|"
    r"never ?mind|nvm|ignore that|that came out wrong|let me rephrase|i mean|what i meant was|"
    # "I must tell you also", "one more thing": the next clause is the news, not this one
    r"(?:(?:also|and|so|but) )?(?:i (?:must|have to|need to|should|wanted to|want to|forgot to|meant to|gotta) |"
    r"let me |i'll |i will )(?:tell|ask) you(?: (?:also|too|something|one (?:more |last )?thing|this|more))*|"
    r"(?:one |a few |some )?more things?|one last thing|"
    r"(?:here(?:'s| is| are)|this is) (?:what|the (?:\w+ )?(?:email|e-mail|message|text|note|letter|reply|notice))"
    r"(?: (?:they|he|she|it|\w+) (?:sent|wrote|said|forwarded)(?: (?:me|us))?)?)\W*$", _I)
_QUOTE_INTRO_RE = re.compile(r"^.{0,40}?\b(?:wrote|writes|said|says|texted|emailed|messaged|replied|asked|posted|"
                             r"sent(?: me| us)?(?: this)?|goes|was like)\s*[:,]?\s*$", _I)
_BARE_MOVE_RE = re.compile(r"^(?:i|we|my [\w'-]+(?: and i)?|[A-Z][a-z'-]+ and i)\s+(?:(?:just|finally|recently|"
                           r"have|had|also)\s+)*(?:moved|relocated|switched|changed jobs|started|joined)\s*[.!]*$",
                           _I)


# "I'm eating eggs again??", "i used to be obsessed w blackpink but theyre kinda mid now?!": a
# statement said with surprise (a doubled or mixed mark after a first-person clause), not a question
_INCREDULOUS_RE = re.compile(r"^(?!.*\b(?:should|shall|could|would|might|or not)\b)(?:\w+,?\s+){0,2}?(?:i|i'm|im|i've|ive|we|"
                             r"we're|my)\b.*(?:\?\?|\?!|!\?)[?!]*\s*$", _I)


# Waiting to see, said to close a topic: "ah we'll see.", "time will tell", "let's see how it goes".
_WAIT_AND_SEE_RE = re.compile(r"^(?:(?:ah|oh|well|ok|okay|yeah|hmm|anyway)[, ]+)*(?:we'?ll|we will|we shall|i'?ll|"
                              r"i guess we'?ll|let'?s|time will)\s+(?:see|tell)(?:\s+(?:how it goes|what happens))?\W*$",
                              re.I)


_RELATIVE_RE = re.compile(r",?\s+(?:who|which)(?:'s|'d)?\s[^,;.!?]*", _I)


# how the assistant is to answer, asked as a question: "Could you answer me in short lists?",
# "can u reply in French from now on?" (never a task: "could you give me a short summary?")
_RULE_ASKED_RE = re.compile(r"^(?:(?:so|and|also|ok|okay|now)\W+)*(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?"
                            r"(?:(?:always|just|only)\s+)?(?:answer|reply|respond|write(?: back| to me)?|talk to me|"
                            r"speak to me|keep (?:your|ur|the) (?:answers|replies|responses|messages)|stop|use|call me|give me)\b", _I)


# sayings of coping: "I'll live", "we'll survive", "I'll manage"
_COPING_RE = re.compile(r"^\W*(?:(?:ach|ah|oh|och|eh|well|meh|aye|yeah|nah|ha|lol)\W+)*(?:i'?ll|we'?ll|i will|we will|user will)\s+"
                        r"(?:live|survive|manage|cope|be fine|be grand|be ok|be okay|get over it)\W*$", _I)


def _classify_discard(c: str, lc: str) -> str | None:
    if _is_greeting(c):
        return "greeting"
    if _WAIT_AND_SEE_RE.match(c.strip()):
        return "talk about the conversation"  # it closes a topic, it tells nothing
    if _META_TALK_RE.match(c.strip()) or _QUOTE_INTRO_RE.match(c.strip()):
        return "talk about the conversation"
    if _BARE_MOVE_RE.match(c.strip()):
        return "a change without what it changed to"
    if _COPING_RE.match(c.strip()):
        return "small talk"  # "Ach, I'll live.": a saying, no news
    if re.match(r"^(?:(?:can|could|would|will)\s+(?:you|u)|please|pls)\b(?!\s+(?:don't|do not|never|always|stop)\b)", c, _I) \
            and not RULE_CUE_RE.search(c) \
            and not STYLE_RE.search(c) and not SAFETY_TOPIC_RE.search(c):
        return "request"  # (never one that says why in a safety word: "pls no shellfish in recipes - anaphylaxis")
    asked = _RULE_ASKED_RE.match(c)
    # ("can you give me a summary of this?" is a task: "give me" asks a rule only with its lasting cue)
    if asked and c.rstrip().endswith("?") \
            and ((STYLE_RE.search(c[asked.end():]) and not asked.group(0).lower().endswith("give me"))
                 or RULE_CUE_RE.search(c)) \
            and _procedural(c.rstrip(" ?")) is not None:
        return None  # "Could you answer me in short lists, one thing to a line?": a rule asked politely
    # ("When you write back to me, please use proper sentences.": a "when" clause before what is asked)
    when_clause = re.match(r"when\b[^?]*,\s*\S", c, _I) is not None and not c.rstrip().endswith("?")
    if (QUESTION_START_RE.match(c) and not when_clause) or (c.rstrip().endswith("?") and not _INCREDULOUS_RE.search(c)):
        return "question"
    # "Bran, who's mad for the cows and would herd the cat if you let him": a conditional
    # inside what a relative clause says of someone does not make the sentence one
    # ... nor does a wish said after a reason or an "and" ("I'm doing French instead, because
    # ..., and there's an archive in Paris I'd love to visit someday")
    # ("I pay €1,150 a month for the privilege, which my late mother would have called daylight robbery")
    main = re.split(r"\s+because\b|,\s+(?:and|but|so)\s+(?=there|it|that|which)|,\s+(?:which|who|whom)\b", c,
                    maxsplit=1)[0]
    if (HYPOTHETICAL_RE.match(c) and not IF_NEEDED_RE.match(c)) or HYPOTHETICAL_ANY_RE.search(main) \
            or CONDITIONAL_MODAL_RE.search(_RELATIVE_RE.sub("", main)):
        return "hypothetical"
    if TRANSIENT_RE.match(_expand(c).rstrip(" .!")) and not re.search(r"\bi am (?:a|an)\b", lc):
        return "transient state"
    m = re.match(r"^(?:(?:my|our) [\w' -]+?|she|he|(?!(?:It|That|This|There|What|Here|Everything|Today)\b)(?-i:[A-Z][a-z'-]+))"
                 r" (?:is|was|feels|felt|seems|'s) (?P<rest>.+)$", _expand(c), _I)
    if m and TRANSIENT_RE.match("i am " + m.group("rest").rstrip(" .!")) and not re.match(r"^(?:a|an)\b", m.group("rest")):
        return "transient state"  # "my sister is exhausted today"
    if re.match(r"^(?:i am|i'm|im)\b", lc) and TRANSIENT_NOW_RE.search(c.rstrip(" .!")) \
            and not re.search(r"\b(?:work|working|live|living|based|studying|learning|training)\b", lc) \
            and not _name_and_job(lc):
        return "transient state"
    return None


def _name_and_job(lc: str) -> bool:
    """Whether a clause is the user's name and job, whatever else it says ("im sravani, icu
    nurse at westmead, 4 on 4 off nights atm"): no passing state."""
    job = re.match(r"(?:i am|i'm|im) [a-z'-]+,\s+(?P<j>[^,]+)", lc)
    return job is not None and any(_occupation(w) for w in job["j"].split())


# A past verb that begins a lasting state ("I took up running", "we started ...ing") or a
# clause that says how often ("5k three mornings a week"): what is true now, not an event.
_ONGOING_RE = re.compile(r"^(?:i|we|my \w+(?: \w+)?)\s+(?:(?:just|also|finally|\w+ly)\s+)?(?:took up|picked up|started|began|got into)\b"
                         r"|\b(?:(?:once|twice|\w+ times|\d+x|\w+ (?:mornings?|evenings?|nights?|days?))"
                         r" (?:a|per|each|every) (?:day|week|month|weekend)|every (?:day|morning|evening|night|week|"
                         r"weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b", _I)


# ("she has been in billing since March 2025": a state that began, said in the present perfect)
_STATE_FROM_RE = re.compile(r"\b(?:is|are|has been|have been)\b(?:(?!\b(?:was|were|will|going to)\b)[^.])*\b(?:from|since|starting|as of|"
                            r"effective)\s+(?:this|next|today|tomorrow|now|the (?:week|start|beginning|end|\d)|\d|"
                            r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)",
                            re.I)


# "I'm driving for Van Dam since July", "I go to work on a Vespa since July": since a date,
# a state that holds on, said in any present tense
_SINCE_RE = re.compile(r"\bsince\s+(?:the\s+)?(?:start of\s+|beginning of\s+|end of\s+)?(?:last\s+|this\s+)?"
                       r"(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|"
                       r"spring|summer|autumn|fall|winter|week|month|year)", re.I)


# what someone did to the user that the user now is: "moved me to day shift", "they made me
# pharmacist-in-charge", "put us on the weekend rota"
_PUT_ON_RE = re.compile(r"\b(?:moved|put|switched|transferred|assigned|promoted|bumped|made) (?:me|us) "
                        r"(?:to|onto|on|over to|up to|a|an|the|head|lead|senior|chief|\w+-in-charge)\b", re.I)


# a change the user made, said by what they are on now: "i switched to predators", "we changed
# over to oat milk", "I swapped to the night shift" (never "switched off", "changed my mind")
_SWITCHED_TO_RE = re.compile(r"^(?:i|we)\s+(?:(?:just|finally|also|then|eventually)\s+)?(?:(?:switched|changed|swapped|"
                             r"converted|upgraded|downgraded)\s+(?:over\s+|back\s+)?|(?:went|moved)\s+over\s+)to\b"
                             r"(?!\s+(?:see|visit|the shop|the store|bed|sleep|work|school)\b)", re.I)


# a price or pay that holds for a spell: "I'm paying 265 a ton for hay this winter", "we're earning
# 34 an hour in 2025" (what it costs then, a state; a day is an event: "paying the deposit on Friday")
_PAYING_FOR_A_SPELL_RE = re.compile(r"^(?=.*\b(?:in|this|next|for the|for this) (?:winter|summer|spring|autumn|fall|season|"
                                    r"year|month|(?:19|20)\d\d)\b).*\b(?:i|we|user)(?: am| are|'m|'re| is)? (?:now )?"
                                    r"(?:paying|earning|making|charging|spending|getting|renting)\b[^.]*\d", re.I)


def _kind_for(c_exp: str, event_date: datetime | None, now: datetime) -> tuple[str, float]:
    lc = c_exp.lower()
    if PREFERENCE_RE.match(c_exp):
        return "semantic", 0.55
    past = bool(re.match(r"^(?:i|we|my \w+(?: \w+)?)\s+(?:(?:" + "|".join(ADVERBS) + r")\s+)*(?:\w+ed|"
                         + "|".join(sorted(IRREGULAR_PAST)) + r")\b", lc)) and not re.match(
        r"^i (?:\w+ )?(?:grew up|was born|graduated|studied|used to|lived|learned|learnt)\b", lc)
    if event_date is not None and not past and (_STATE_FROM_RE.search(lc) or _SINCE_RE.search(lc)
                                                or _PAYING_FOR_A_SPELL_RE.search(lc)):
        return "semantic", 0.55  # "the amlodipine is 10 mg from this week": a state that begins, not an event
    if event_date is not None:
        return "episodic", 0.5
    if past and (_PUT_ON_RE.search(lc) or _SWITCHED_TO_RE.match(lc)):
        # "my manager moved me to day shift", "I switched to predators": where the user is now, not an event
        return "semantic", 0.55
    if past and not _ONGOING_RE.search(lc):
        return "episodic", 0.45
    if re.match(r"^i (?:am|have) (?:a|an)\b", lc) or re.search(r"\bmy \w+", lc):
        return "semantic", 0.6
    return "semantic", 0.55


# the user's own safety fact said inside a question or a request: "can you find me a recipe,
# no nuts pls im allergic"
OWN_SAFETY = re.compile(r"\b(?:i'?m|im|i am|i have|i've got|my)\b[^,.;?]{0,20}\b(?:allerg|intoleran|anaphyla|c[o]?eliac|"
                        r"epipen)", re.I)


def safety_said(raw: str, said: re.Pattern[str]) -> FactDict | None:
    """The fact a request or a question to discard keeps when it says a safety fact (`said`),
    in the user's words ("pls no shellfish in recipes - anaphylaxis"): never lost with it."""
    return dict(text=to_third_person(raw), kind="semantic", importance=0.9, safety=True,
                rule="safety_in_request") if said.search(raw) else None


# a spell of the writer's own life said without "I": "first week as a married man", "first
# month as a dad, no sleep", "second day back at work": what a memory is for, though it names
# nothing ("first week at Zeewind" is read as a workplace, `arrivals`)
SPELL_AS_RE = re.compile(r"^(?:(?:my|our)\s+)?(?:first|1st|second|2nd|third|3rd)\s+(?:full\s+)?(?:day|night|week|wk|"
                         r"month|year|shift|weekend)s?\s+(?:as\s+(?:a|an)\s+[a-z]|back\b)", re.I)
