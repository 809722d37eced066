"""Requests the user makes of the memory itself, said in conversation.

"please forget what I told you about the key safe codes", "pls forget my old
address", "don't keep my mobile number", "scratch what I said about Declan" are
not facts about the user: they are instructions to archive what matches. This
module finds them (a family of imperative phrasings, with the clauses that only look like
them left alone: "in case I forget", "don't forget to call", "I forgot my keys", "forget
it") and picks the memories they are about, conservatively: a memory goes only when every
word of the topic is in it, or most of them and the vectors agree, and what was said in the
same turn as a match ("Rob had an affair. He met her at the gym") goes with it when it
shares a word of the topic. What is not archived stays, and the log says why.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .claims import Claim, parse
from .extract.lexicon import RELATIONS
from .recall.topics import members
from .request_clauses import clause_requests, points_back
from .request_words import (
    _ABOUT,
    _ANY_ABOUT,
    _BACK,
    _CLAUSE_END,
    _INTERJECTION,
    _MONTHS,
    _PHYSICAL,
    _POSSESSIVE,
    _REQUEST,
    _SAID,
    _SAID_ONLY,
    _TITLE_WORDS,
    _TOLD_AS,
    _TOLD_BEFORE,
    _TOPIC_END,
    _WHEN_SAID,
    _stems,
)
from .request_words import (
    NOT_REQUESTS as NOT_REQUESTS,
)
from .request_words import (
    topic_words as topic_words,
)
from .subjects import names_someone
from .text import MONTHS, undialected

if TYPE_CHECKING:
    import numpy as np

    from .models import Memory
    from .store import Store as MemoryStore

@dataclass(frozen=True)
class ForgetRequest:
    topic: str  # what to forget, as the user named it: "the key safe codes"
    clause: str  # the words of the request, for the log


# When something was told, said after its topic: "last year", "the other day", "back in March".
_WHEN_TOLD = re.compile(r"\s+(?:last (?:year|month|week|time|night|session|summer|spring|autumn|fall|winter)|yesterday|"
                        r"earlier(?: on| today| this (?:week|month|year))?|before|the other (?:day|week)|"
                        r"a (?:while|bit|few (?:days|weeks|months)) (?:ago|back)|(?:\d+|two|three|four|five|six|a couple of|"
                        r"some) (?:days|weeks|months|years) (?:ago|back)|a (?:day|week|month|year) ago|back in [A-Za-z]+|"
                        r"in (?:19|20)\d\d|in " + _MONTHS + r"|this morning|(?:on|in) our (?:last|first|previous) (?:chat|conversation|session))$",
                        re.IGNORECASE)


_NOT_A_NAME = re.compile(r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|"
                         r"may|june|july|august|september|october|november|december|christmas|easter|it|that|this|"
                         r"work|school|today|tomorrow|tonight|everything|anything)\b", re.IGNORECASE)


# a topic said to have been told, after it: "about German fine what I told you before" (the
# order of a speaker of another language; "forget about work" tells of nothing said)
_ABOUT_TOLD = re.compile(r"about\s+(?P<t>[^,.;!?]{2,60}?)\s+(?:(?:what|that|which)\s+)?i\s+(?:told you|said|wrote|"
                         r"mentioned)\b", re.IGNORECASE)


# what was told, by any word for it ("that gist I told you about Tolu's landlord"): what about
_GIST_TOLD = re.compile(r"(?:the|that|this)\s+[\w'-]+\s+(?:(?:that|which)\s+)?(?:i|we)\s+(?:told you|told u|said|mentioned|"
                        r"shared|wrote)\s+(?:about|abt|'?bout|of|on)\s+(?!(?:from|in|last|before|earlier|yesterday|ages|"
                        r"a while|back|the other|it|that|this)\b)", re.IGNORECASE)


def _topic(obj: str, asked: bool = False) -> str | None:
    # "forget about what I wrote about Piotr": what was said, asked about
    obj = re.sub(r"^about\s+(?=(?:what|everything|anything|all)\s)", "", obj.strip(), flags=re.IGNORECASE)
    # Hindi and Urdu: "bhool jao ye Arjun wali baat" (that Arjun matter)
    matter = re.match(r"(?:ye|yeh|woh|wo|is|us)\s+(?P<t>\S+(?:\s+\S+)?)\s+(?:wali|wala|waali|vali|vala)\s+(?:baat|cheez|story)\b",
                      obj, re.IGNORECASE)
    if matter:
        return matter.group("t") if topic_words(matter.group("t")) else None
    # "don't keep any of the Pruitt business": how much of it, not what
    obj = re.sub(r"^(?:any|all)\s+of\s+(?=(?:the|my|our|that|this|those|these|his|her|their)\s)", "", obj,
                 flags=re.IGNORECASE)
    said = re.match(_SAID, obj, re.IGNORECASE) or _GIST_TOLD.match(obj)
    about = re.match(r"about\s+(?=" + _POSSESSIVE.pattern[1:] + ")", obj, re.IGNORECASE)
    any_about = _ANY_ABOUT.match(obj)
    if said:
        obj = obj[said.end():]
    elif any_about:
        obj = obj[any_about.end():]
    elif about:  # "forget about the house in Jaro"; "forget about work" is no request
        obj = obj[about.end():]
    elif asked and re.match(r"about\s+(?-i:[A-Z][a-z][\w'-]*|[A-Z]{2,5}(?:\s+[a-z]+)?)(?:\s*[,.;!]|\s*$|-)", obj,
                            re.IGNORECASE) \
            and not _NOT_A_NAME.match(obj[6:].lstrip()):
        # "please forget about Okada-san": a person named, asked politely ("forget about Dave,
        # he never shows up" is no request; "forget about Friday" names no one)
        obj = obj[6:].lstrip()
    elif told := _ABOUT_TOLD.match(obj):  # "forget about German fine what I told you before"
        obj = told["t"]
    elif not _POSSESSIVE.match(obj):
        return None  # "forget it", "forget about work": not about something stored
    # "how much I sold the Tacoma for": a wh-topic runs on to the end of its clause.
    ends = _CLAUSE_END if re.match(r"(?:how|what|when|where|who|why|which)\b", obj, re.IGNORECASE) else _TOPIC_END
    end = ends.search(obj, 1)
    topic = (obj[: end.start()] if end else obj).strip(" \"'")
    # "the doha thing entirely", "the matter regarding Ramesh fully": how much, not what
    topic = re.sub(r"\s+(?:at all|whatsoever|ever again|entirely|completely|fully|totally|altogether|for good|"
                   r"permanently|forever)$", "", topic, flags=re.IGNORECASE)
    # "about Shug he doesnae want folk knowing": a person named, then a clause of its own
    run_on = re.search(r"\b[A-Z][\w'-]+(?P<cut>\s+(?i:he|she|they)\s+\w)", topic)
    topic = topic[: run_on.start("cut")] if run_on else topic
    if said:  # "what I told you about Curtis last year": when it was told, not what
        topic = _WHEN_TOLD.sub("", topic)
    words = topic_words(topic)
    return topic if words else None


# a sentence ends at its stop, not at a title's ("forget what I told you about Mr. Mutua")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])" + "".join(rf"(?<!\b{a}\.)" for a in _TITLE_WORDS) + r"\s+|\n+")
_PERSON = re.compile(r"(?:\b(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)?\b[A-Z][a-z][\w'-]*")


def forget_requests(text: str) -> list[ForgetRequest]:
    """The forget requests in one user message, each with its topic ("the boiler and
    the old landlord" is two topics: a record of either goes). A topic told as "her"
    or "him" is the person the message named before it ("Donna and I made peace, so
    please forget everything I told you about her"). A dialect's spelling is read as the
    word it spells ("delete dat aboot the jellyfish", `text.undialected`)."""
    out: list[ForgetRequest] = []
    text = undialected(text)  # (what the sentences are found in: a request looks back in the same words)
    for sentence in _SENTENCE_BREAK.split(text):
        earlier = text[:max(text.find(sentence), 0)]  # (what the message said before it, found before it is reworded)
        sentence = re.sub(r"^\s*[-*\u2022]\s+", "", sentence)  # a list's item: "- forget the complaint thing"
        sentence = re.sub(r":\s*not for (?:storage|the record|your (?:notes|memory|records?)|keeping)\b", ": don't keep that", sentence,
                          flags=re.IGNORECASE)  # "2) Note from May regarding colleague on sick leave: not for storage"
        sentence = re.sub(r"\b(?:keep|leave)\s+(.{2,60}?)\s+out of (?:your|ur|the) (?:memory|memories|notes|records?|files?|head|book)\b", r"don't keep \1", sentence, flags=re.IGNORECASE)  # "keep X out of your notes"
        # "take that out, the thing about Jean-Robert": the particle before what is taken out
        sentence = re.sub(r"\b(take|leave|cut)\s+(it|that|this)\s+out\b", r"\1 out \2", sentence, flags=re.IGNORECASE)
        # "hoy it in the bin, pet": binned; "you don't need to be hanging on to it": hang on to
        sentence = re.sub(r"\b(?:hoy|throw|chuck|toss|stick|put|bung|lob)\s+(it|that|this|them)\s+in\s+(?:the\s+)?(?:bin|trash|rubbish|"
                          r"garbage|bucket)\b", r"bin \1", sentence, flags=re.IGNORECASE)
        sentence = re.sub(r"\bbe\s+(keep|stor|sav|remember|record|hold|hang)(?:e?ing)\b", lambda m: m[1] + ("e" if m[1] in ("stor", "sav") else ""), sentence, flags=re.IGNORECASE)
        sentence = _unjoined(sentence)
        asked_before, refused = len(out), False
        # a request whose object names nothing ("forget all that, I'd rather you didn't
        # keep anything about him") may be followed by one that does: look on after it
        m = _REQUEST.search(sentence)
        while m is not None:
            obj = m.group("obj") or m.group("obj2")
            # "that, the thing about Jean-Robert and the money": what "that" is, said after it
            obj = re.sub(r"^(?:it|that|this)\s*[,\u2014\u2013-]+\s*(?=(?:the|that|what|wot|everything|anything)\s)", "", obj,
                         flags=re.IGNORECASE)
            # "remove from your memory what I said about ...": where from, before what
            obj = re.sub(r"^from\s+(?:your|ur|the)\s+(?:memory|memories|notes|records?|system)\s+", "", obj, flags=re.IGNORECASE)
            said_only = re.sub(r"\s+", " ", (m.group("verb") or "").lower()) in _SAID_ONLY
            if said_only and not re.match(_SAID, obj, re.IGNORECASE) and not _TOLD_AS.match(obj) and not _BACK.match(obj):
                m = _REQUEST.search(sentence, m.end())  # "take out the bins", "bin the receipts": no request
                continue
            topic = _topic(obj, asked=re.search(r"\b(?:please|pls|plz|kindly|(?:can|could|would) (?:you|u))\b",
                                                m.group(0)[:m.start("obj") - m.start()] if m.group("obj") else "",
                                                re.IGNORECASE) is not None)
            if topic is None and _BACK.match(obj) and not _SHRUG.match(obj):
                # what was told, whole: "the old chef and the money" is one story, not the
                # money the user earns
                # "forget it" may be a shrug ("the thing about my job is it's dull, forget it"):
                # only after "what I said about ..."; "delete that", "don't keep that" ask it
                # ("that thing about the quarrel, kindly forget it": asked, not shrugged)
                polite = re.search(r"\b(?:please|pls|plz|kindly)\b", m.group(0)[:m.start("obj") - m.start()]
                                   if m.group("obj") else "", re.IGNORECASE)
                # ("forget I said it": never a shrug, the user says they told it)
                shrug = (m.group("verb") or "").lower() in ("forget", "drop", "disregard", "clear") and not polite \
                    and not re.match(r"i\b", obj, re.IGNORECASE)
                at = m.start("verb") if m.group("verb") else m.start("neg") if m.group("neg") else m.start()
                topic = _fronted(sentence[:at], shrug) or _told_before(earlier + sentence[:m.start()], told_by_user=shrug) \
                    or (None if shrug else _thing_set_before(sentence[:at], m.group("verb")))
                if topic:  # the request's words from where its topic was named: "that thing about ..."
                    at = sentence.lower().find(topic.lower())
                    clause = sentence[:m.end()].strip() if 0 <= at < m.start() else m.group(0).strip()
                    out.append(ForgetRequest(topic=_named(_TOLD_AS.sub("", topic), earlier + sentence[:at]), clause=clause))
                    break
            if topic and (_done_to_a_thing(m, topic) or _plan_changed(m, topic, sentence)):
                topic, refused = None, True  # "drop the kids at school", "forget the pizza, let's do tacos": no request
            if topic and _PUT_RIGHT.match(m.group("obj") or "") and (m.group("verb") or "").lower() in _PHYSICAL:
                topic, refused = None, True  # "March 14th no wait scratch that March 21st": a value put right
            if topic:
                topic = _named(topic, earlier + sentence[:m.start("obj")])
                every = re.search(r"\b(?:everything|anything|all)\b", m.group(0), re.IGNORECASE) is not None
                out += [ForgetRequest(topic=t, clause=m.group(0).strip()) for t in _conjuncts(topic, not every)]
                break
            m = _REQUEST.search(sentence, m.start("obj") if m.group("obj") else m.end())
        else:
            # run on, with no pause before it: "that trick with the tacho sensor I told you about
            # in the winter forget that please", only after a telling the user names
            run = _RUN_ON.search(sentence)
            topic = _told_before(earlier + sentence[:run.start()], told_by_user=True) \
                if run and _BACK.match(run.group("obj")) and not _SHRUG.match(run.group("obj")) else None
            if run and topic:  # (the clause from the topic on: when it was told is said there)
                at = sentence.lower().find(topic.lower())
                out.append(ForgetRequest(topic=_TOLD_AS.sub("", topic), clause=sentence[at if 0 <= at < run.start() else run.start():].strip()))
        if len(out) == asked_before and not refused:  # no phrasing known: the request read by the shape of its clause
            # (a sentence after a request is no phrase naming a thing: "... please forget. Delete it.")
            out += [ForgetRequest(topic=_named(t, earlier), clause=c) for t, c in clause_requests(sentence, "" if out else earlier)]
    once: dict[str, ForgetRequest] = {}  # a topic asked twice is one request
    for r in out:
        once.setdefault(r.topic.lower(), r)
    return list(once.values())


# where a thing is put or when, after what a verb of doing is done to: "at school", "before dinner"
_PLACE_AFTER = re.compile(r"\s(?:at|to|off|down|out|into|onto|before|after|over|under|in|on|from|up)\b(?!\s+(?:your\s+|the\s+|"
                          r"my\s+)?(?:memory|memories|notes?|records?|list|file|profile|history|system)\b)"
                          r"|\s(?:first|properly|thoroughly|later|tonight|tomorrow|today)\b", re.IGNORECASE)
# what names something said: "the note about ...", "the bit about ...", "the info on ..."
_SAID_NOUN = re.compile(r"\b(?:notes?|entry|entries|records?|memory|memories|info|information|details?|bit|part|stuff|"
                        r"thing|story|what)\b", re.IGNORECASE)


def _done_to_a_thing(m: re.Match[str], topic: str) -> bool:
    """Whether a verb of doing ("drop", "clear", "remove") is done to a thing in a place or
    at a time ("drop the kids at school", "clear the table before dinner"), not to what was
    said ("drop the note about my trip to Spain", "remove what I said about Dad")."""
    verb = (m.group("verb") or "").lower()
    obj = m.group("obj") or ""
    return verb in _PHYSICAL and not re.match(_SAID, obj, re.IGNORECASE) and not _SAID_NOUN.search(topic) \
        and _PLACE_AFTER.search(obj) is not None


# a plan changed, not a memory: "forget the cream, we'll use coconut milk instead", "forget the pizza, let's do tacos"
_INSTEAD = re.compile(r"^\W*(?:let'?s|lets|we'?ll|we will|i'?ll|i will|we can|use|get|go with|make it|do)\b|\binstead\b", re.IGNORECASE)


def _plan_changed(m: re.Match[str], topic: str, sentence: str) -> bool:
    """Whether "forget the X" is a plan given up for another said after it, not asked of the
    memory: no "please" or "can you", nothing said of what was told, and what follows says what
    is done instead."""
    verb = (m.group("verb") or "").lower()
    if verb not in ("forget", "drop", "scrap", "scratch", "ditch") or re.match(_SAID, m.group("obj") or "", re.IGNORECASE) \
            or re.search(r"\b(?:please|pls|kindly|you|u)\b", m.group(0)[:m.start("verb") - m.start()], re.IGNORECASE):
        return False
    at = sentence.lower().find(topic.lower())
    return at >= 0 and _INSTEAD.search(sentence[at + len(topic):]) is not None


# "scratch that March 21st", "strike that, June 19th": the value said next puts right the one
# before (`extract.corrections`), unless "that" names what was said ("scratch that bit about ...")
_PUT_RIGHT = re.compile(r"(?:that|this)\b(?!\s+(?:bit|part|thing|stuff|story|info|note|one|about|abt|'?bout|re|"
                        r"regarding)\b)", re.IGNORECASE)


# "forget it, never mind": a shrug, whatever was told before it
_SHRUG = re.compile(r"(?:it|that|eso|esto|ça|ca|cela|das|isso)\W+(?:never ?mind|nvm|whatever|doesn'?t matter|no matter|"
                    r"not important|no importa|da igual|(?:c'est )?pas grave|egal|tanto faz)\b", re.IGNORECASE)
# an imperative run on after what it points back at, not a subject's "forget" ("I always
# forget that", "you'll forget it")
_RUN_ON = re.compile(r"(?<![\w'])" + "".join(rf"(?<!\b{w} )" for w in (
    "i", "we", "you", "u", "they", "he", "she", "to", "can", "will", "never", "always", "often", "don't", "dont",
    "i'll", "might", "would", "could", "should", "must", "not", "ever", "sometimes", "usually")) +
    r"(?<!(?<!\bin )\bmay )" +  # (the month: "what I told you in may forget it")
    # ("that thing I told you about Brody forget about that alright", "that thing about Larry I said back in the spring scratch that")
    r"(?P<verb>forget|delete|erase|drop|scratch|scrap|wipe|strike|remove|bin|ditch)\s+(?:about\s+)?(?P<obj>(?:it|that|this)\b.*)$", re.I)


# "the therapist stuff I told you way back", "that trick with the tacho sensor I told you
# about": the topic said before the telling
_TOLD_NAMED = re.compile(r"\b(?:the|that|this|those|these)\s+(?P<t>(?:(?!(?:the|that|this|and|but|so|i|i've|ive)\b)"
                         r"[\w'-]+\s+){1,6}?)(?:(?:that|which)\s+)?(?:i|i've|ive)\s+(?:just\s+|ever\s+)?"
                         r"(?:said|told you|told u|told ye|told ya|mentioned|shared|wrote)\b", re.IGNORECASE)


# a topic set before a note's colon or dash, the request pointing back at it: "the Kasia
# thing from August: forget it", "my salary - delete that pls"
_FRONTED = re.compile(r"^\W*(?:\d{1,2}[.)]\s+)?(?P<t>(?:the|that|this|them|those|these|my|our|his|her|their|old|what i (?:said|told you|wrote) about|"
                      r"(?-i:[A-Z])[\w'-]+)\b[^.:;!?\n]{0,60}?)\s*(?::|\s[-\u2013\u2014]\s)\s*$", re.IGNORECASE)
_FROM_WHEN = re.compile(r"\s+from\s+(?:(?:last|this)\s+)?(?:" + "|".join(MONTHS) + r"|spring|summer|autumn|fall|"
                        r"winter|week|month|year|before|earlier)$", re.IGNORECASE)


_OF_MEMORY = frozenset("forget delete erase unlearn unremember disregard oublie olvida".split())  # (never "the receipt, bin it")
_SET_BEFORE = re.compile(r"\W*(?:\d{1,2}[.)]\s+)?(?:the|that|this|them|those|these|my|our|his|her|their|old)\s", re.IGNORECASE)
# ... a thing, never a clause said of it ("The thing about my job is it's dull"; but "them tablets I was pinchin'")
_SAID_OF_IT = re.compile(r"(?<!\bi )(?<!\bwe )(?<!\byou )(?<!\bhe )(?<!\bshe )(?<!\bthey )\b(?:is|was|are|were)\b", re.IGNORECASE)
_TOLD_WORD = re.compile(r"\b(?:thing|stuff|story|business|matter|bit|saga|situation|what i (?:said|told you|wrote))\b",
                        re.IGNORECASE)


# ... or set before a comma as what was told, in the languages users mix in: "Ce que j'ai dit sur
# Mehdi et le visa, oublie ça", "lo que te dije de mi sueldo, olvídalo"
# (when it was told may come between: "ce que je t'ai dit en mars sur le médecin")
_TOLD_WHEN = (r"(?:\s+(?:en|em|in|au mois de)\s+[\w\u00e0-\u00fc]+|\s+(?:la semaine derni[èe]re|le mois dernier|la derni[èe]re fois|el mes pasado|"
              r"la semana pasada|o m[êe]s passado|" + _WHEN_SAID + r"))?")
_TOLD_LEAD = (r"(?:what i (?:said|told you|wrote|tell you|say)" + _TOLD_WHEN + r" about|ce que (?:j'ai|je t'ai|je vous ai) (?:dit|racont[ée]|"
              r"[ée]crit)" + _TOLD_WHEN + r" (?:sur|de|à propos de|à propos d'(?=\w))|le truc (?:sur|avec|de)|l'histoire (?:de|d'(?=\w)|avec)|lo que (?:te )?(?:dije|cont[ée]|escrib[ií])" + _TOLD_WHEN
              + r" (?:de|sobre)|lo de|o que (?:eu )?(?:disse|falei|contei|te disse)" + _TOLD_WHEN + r" (?:sobre|de))\s*")
_FRONTED_TOLD = re.compile(r"^\W*(?:(?:ah|oh|et|and|also|y|e|bon|alors|so|pues|ok|okay)\W+)*" + _TOLD_LEAD
                           + r"(?P<t>[^.:;!?\n]{2,60}?)\s*[,:\-\u2013\u2014]\s*$", re.IGNORECASE)


def _fronted(before: str, told: bool = False) -> str | None:
    """The topic a note sets before a request that points back at it (`_FRONTED`), without
    when it was told ("from August"); with `told` (a "forget it" that may be a shrug: "Re the
    trip: forget it, we're not going"), only a topic said to have been told ("the Kasia
    thing", "what I said about Mehdi")."""
    said = _FRONTED_TOLD.match(before)
    if said is not None:  # (to where a topic ends: "the old chef and the money from the caisse")
        end = _TOPIC_END.search(said["t"], 1)
        topic = said["t"][:end.start()] if end else said["t"]
        return topic.strip() if topic_words(topic) else None
    m = _FRONTED.match(before)
    if m is None or (told and not _TOLD_WORD.search(m["t"])):
        return None
    topic = _FROM_WHEN.sub("", _WHEN_TOLD.sub("", _TOLD_AS.sub("", m["t"].strip())))
    topic = re.sub(r"^what i (?:said|told you|wrote|mentioned)(?:\s+[\w-]+){0,4}?\s+" + _ABOUT + r"\s+", "", topic, flags=re.IGNORECASE)
    return topic if topic_words(topic) else None


def _thing_set_before(before: str, verb: str | None) -> str | None:
    """The thing a request with a verb of memory points back at, set before it with a comma
    ("The Baba Yao engine loan, leave that out of your notes"; never a chore, "the receipt, bin
    it", a value put right, "june 12th, wait, strike that", or a clause said of it, "The thing
    about my job is it's dull, forget I said it")."""
    if not _SET_BEFORE.match(before) or (verb or "forget").lower() not in _OF_MEMORY \
            or re.search(r"\b(?:wait|sorry|i mean|no|oops)\W*$", before, re.IGNORECASE) or _SAID_OF_IT.search(before):
        return None
    return _fronted(before.rstrip(" ,") + ":")


def _told_before(before: str, told_by_user: bool = False) -> str | None:
    """The topic a request that points back is about: the last "what I said about X",
    "that business about X", "the X stuff I told you" of the message before it (with
    `told_by_user`, only one the user says they told: "what I said about X")."""
    told = [t for t in _TOLD_BEFORE.finditer(before)
            if not told_by_user or re.search(r"\b(?:said|told|tell you|mentioned|shared|wrote)\b", t.group(0), re.I)
            or t.group("setup") or re.match(r"[^,.;:!?]*\b(?:i|i've|ive)\s+(?:said|told|mentioned|shared|wrote)\b",
                                            before[t.end():], re.I)]  # "that thing about X ... i told you"
    # "the guy I told you about is great": what follows "about" is no topic
    # ... nor "the thing about my job is it's dull": a thing said of it, not a thing told
    told = [t for t in told if not re.match(r"(?:is|was|are|were|has|had)\b", before[t.end():], re.I)
            and not (re.search(r"\b(?:thing|bit|part|stuff)s?\s+\w+\s+$", t.group(0), re.I)
                     and re.match(r"(?:[\w'-]+\s+){1,3}?(?:is|was|are|were)\b", before[t.end():], re.I))]
    named = list(_TOLD_NAMED.finditer(before))
    if named and (not told or named[-1].start() >= told[-1].end()):  # "that business about Huw I told you": Huw
        topic = named[-1].group("t").strip()
        if told and not re.search(r"[,.;:!?]", before[told[-1].end():named[-1].start()]):
            # ... unless the topic told about runs on to it: "that thing about the ticket with the
            # cop and the court I told you"
            topic = before[told[-1].end():named[-1].end("t")].strip()
        return topic if topic_words(topic) else None
    if not told:
        return None
    rest = before[told[-1].end():]
    # a topic set up before ("about the course I flunked, ...") runs to the end of its clause
    end = (_CLAUSE_END if told[-1].group("setup") else _TOPIC_END).search(rest, 1)
    topic = _WHEN_TOLD.sub("", (rest[:end.start()] if end else rest).strip(" \"'"))
    topic = re.sub(r"\s+(?:that|which)$", "", topic, flags=re.IGNORECASE)  # "Jordi and his wife that I told you"
    if not topic_words(topic) and end is not None:
        # only when it was told ("the money I told you about in April, the loan from my cousin
        # for the house"): the thing named after it, else the one named before the telling
        apposed = re.match(r"\s*[,\u2014\u2013]\s*(?P<t>(?:the|my|our|that|this)\s[^,.;:!?]{2,60}?)\s*(?:[,.;:!?]|$)",
                           rest[end.start():], re.IGNORECASE)
        topic = apposed["t"] if apposed else named[-1].group("t").strip() if named else topic
    return topic if topic_words(topic) else None


def _named(topic: str, before: str) -> str:
    """"her and the cinnamon rolls" -> "Donna and the cinnamon rolls", when the text
    before the request names one person last; the topic as told otherwise."""
    from .extract.people import _NOT_NAMES

    lead = re.match(r"(?i:her|him|elle|lui|ella|él)\b", topic)  # (as the languages users mix in say them: "à propos d'elle")
    if lead is None:
        return topic
    # (never a place or a thing after its preposition: "revenue de Québec", "l'Action de grâce")
    names = [m[0] for m in _PERSON.finditer(before) if m[0].split()[-1].lower() not in _NOT_NAMES | _NOT_PEOPLE
             and not re.search(r"(?:\b(?:de|du|in|at|to|from|en|à|a)\s+|[ld]')$", before[:m.start()], re.IGNORECASE)]
    return names[-1] + topic[lead.end():] if names else topic


# capitalised words that open a sentence without naming anyone
_NOT_PEOPLE = frozenset("ooh oh one also so the please and but hi hello hey thanks ok okay my we she he they it this "
                        "that another more yes no well anyway sorry asante habari morning good ce et je il elle le la les "
                        "el lo que".split())


# a person and a thing of theirs, one story: "Gary and the divorce", "emrys and the boundary",
# "Amandine and her divorce", "Craig and his mortgage business", "my brother and the court"
_ONE_STORY = re.compile(r"(?:(?:my|our)\s+(?:" + "|".join(sorted(r for r in RELATIONS if " " not in r)) + r")|"
                        r"(?!(?:the|my|our|his|her|their|that|this)\b)[\w'-]+(?:\s+[A-Z][\w'-]+)?)\s+and\s+"
                        r"(?:the|his|her|their)\s+[\w'-]+(?:\s+[\w'-]+)?", re.I)


def _conjuncts(topic: str, story: bool = True) -> list[str]:
    """A topic told as a story about something, without the telling; "X and Y" as X
    and Y when each names something ("salt and pepper" alone stays one, and so does a
    person and a thing of theirs, `story`: "what I said about Gary and the divorce", "about
    Amandine and her divorce"; but
    "everything I told you about her and the cinnamon rolls" is all of her, and them)."""
    topic = _TOLD_AS.sub("", topic)
    joined = re.sub(r"\s+(?:n|an'|'n'|&)\s+", " and ", topic)  # "our sean n the car"
    if story and _ONE_STORY.fullmatch(joined):
        return [topic]  # "what I said about Gary and the divorce": Gary's divorce, not all there is of Gary
    parts = [p.strip() for p in re.split(r"\s+and\s+(?=(?:the|my|our|his|her|their|that)\b)", joined, flags=re.I)]
    parts = [p for p in parts if topic_words(p)]
    return parts if len(parts) > 1 else [topic]


# What follows a request in its sentence that is only about the keeping: "dont want that
# kept around", "I don't want my pay stored anywhere".
_ABOUT_KEEPING = re.compile(r"\b(?:kept|keep|stored|store|saved|save|remembered|recorded|written down|on file|notes?|"
                            r"memory|anywhere|embarrass\w*)\b", re.IGNORECASE)


# A reason that points back at what is forgotten: "we don't have one, I bike", "they've put
# in swipe cards so they're useless now", "chloe read it over my shoulder".
_BACK_REFERENCE = re.compile(r"\b(?:one|it|that|this|them|those|these|they|they'?re|they'?ve|its|it'?s)\b", re.IGNORECASE)


def _after_request(sentence: str, topic: str) -> str:
    """What a request's sentence goes on to tell after its topic ("please forget about the
    house in Jaro, my parents decided to live with my tita"), when it is a statement of
    five words or more and not about the keeping itself; else ""."""
    at = sentence.lower().find(topic.lower())
    if at < 0:
        return ""
    rest = sentence[at + len(topic):].lstrip(" ,;:-\u2014\u2013")
    rest = re.sub(r"^(?:because|cause|cuz|since|as|so)\s+", "", rest, flags=re.IGNORECASE)
    if len(rest.split()) < 5 or _ABOUT_KEEPING.search(rest) or rest.rstrip().endswith("?") \
            or _BACK_REFERENCE.search(rest):
        return ""
    return rest[:1].upper() + rest[1:]


def without_requests(text: str) -> tuple[str, list[str]]:
    """(the message without its forget requests, the request sentences): the requests
    are no facts, so extraction reads only the rest, which keeps what a request's sentence
    goes on to tell (`_after_request`)."""
    kept, spans = [], []
    # what the message said of a person it then asks to forget goes with it ("Last time I
    # was on about Frank, my ex. Please forget all that ... anything about him"); a thing's
    # new value said beside the request stays ("I have a new job at Iris. Forget my old job.")
    whole = forget_requests(text)
    named = [r.topic for r in whole if _PERSON.fullmatch(r.topic)]
    sentences = _SENTENCE_BREAK.split(text)
    asked = [forget_requests(s) for s in sentences]
    first = next((i for i, reqs in enumerate(asked) if reqs), len(sentences))
    for i, (s, reqs) in enumerate(zip(sentences, asked, strict=True)):
        said = undialected(s).strip()
        # a sentence a request took its topic from ("I told you my PIN was 2580. Delete that.") is no new fact
        if not reqs and said and any(said in r.clause and len(r.clause) > len(said) for r in whole):
            spans.append(s)
            continue
        if not reqs:
            if i > first or not any(matches(t, s, 0.0) for t in named):
                kept.append(s)
            continue
        spans.append(s)
        rest = _after_request(s, reqs[-1].topic)
        if rest:
            kept.append(rest)
    return " ".join(kept), spans


# A memory matches when it holds all the topic's words or two of them, or one of two and its vector is
# this close to the topic's (`LOOSE_SIMILARITY`: one word of what was told in the month a request names)
PARTIAL_SIMILARITY, LOOSE_SIMILARITY = 0.6, 0.35


# A topic word that names a kind of value ("those ward codes", "my salary") is in a memory
# that holds a value of that kind beside a word of its family ("I got the raise! £58,000")
# or beside every other word of the topic ("the staff room on the ward is 2580"); a rent of
# £1,200 is no salary, a year is no door code.
_VALUE_KINDS = (
    (_stems("salary salaries pay wage wages income earnings paycheck payslip"),
     re.compile(r"[$£€¥₹]\s?\d|\b\d[\d,.]*\s?(?:k|usd|eur|gbp|dollars|pounds|euros?|rand)\b|\bR\s?\d", re.IGNORECASE),
     _stems("salary pay paid wage wages income raise earn earns earning earnings payslip paycheck base"),
     _stems("rent mortgage price cost costs fee fees bill bills budget deposit loan debt premium insurance savings "
            "spent spend bought sold")),
    (_stems("code codes pin pins password passwords passcode passcodes combination"),
     # four to eight digits, not a year ("in 2019") nor a time ("at 0600")
     re.compile(r"(?<![\d:/.-])(?<!\bat )(?!(?:19\d\d|20[0-3]\d)(?!\d))\d{4,8}(?![\d:/.-])"),
     _stems("code codes pin password passcode combination door lock keypad safe alarm gate"),
     _stems("phone mobile number flat apartment plot postcode zip street road avenue price cost rent")),
    # "Ricky and the money": a sum beside a word of lending or owing ("asked to borrow 3,000 dollars")
    (_stems("money cash loan loans debt debts"),
     # (a sum said in words too: "nearly three grand", "a couple of hundred quid")
     re.compile(r"[$£€¥₹]\s?\d|\b\d[\d,.]*\s?(?:k|grand|usd|eur|gbp|dollars|pounds|quid|euros?|rand|bucks)\b|"
                r"\b(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|[a-z]+ty|few|couple of)\s+"
                r"(?:(?:hundred|thousand)\s+)?(?:grand|quid|thousand|hundred|bucks|dollars|pounds|euros)\b", re.IGNORECASE),
     _stems("borrow borrowed borrowing lend lent lending loan owe owes owed paid pay debt money cash"),
     frozenset[str]()),
    # "that number": a number of seven figures or more given as an account's or a phone's
    # ("my gcash is 09175552381")
    (_stems("number numbers"),
     re.compile(r"(?<![\d.,])\+?\d(?:[ -]?\d){6,}(?!\d|[.,]\d)"),  # (a comma after it ends it: "07700 900481, you ...")
     _stems("number phone mobile cell gcash venmo paypal whatsapp account iban routing"),
     _stems("price cost costs rent salary population")),
    # "my meds": a dose or a drug by name names a medication ("on sertraline since the spring, 50mg")
    (_stems("med meds medication medications medicine medicines drug drugs pill pills tablet tablets prescription"),
     re.compile(r"\b\d+(?:\.\d+)?\s?(?:mg|mcg|µg|ml|iu)\b|\b(?:" + "|".join(w for w in members("medication") if len(w) > 5)
                + r")\b", re.IGNORECASE),
     _stems("mg mcg ml dose dosage prescribed daily gp doctor pharmacy pharmacist"),
     _stems("price cost costs bought sold weigh weight protein sugar caffeine")),
)


# "Piotr and his health": a condition named is of the health of the one the topic also
# names, never of anyone's at large ("forget about my health" names no one: no kind)
_HEALTH = _stems("health illness condition diagnosis medical")
_CONDITION_RE = re.compile(
    r"\b(?:depress(?:ion|ed)|anxiety|panic attacks?|cancer|tumou?r|chemo\w*|diabet\w+|dementia|alzheimer'?s|stroke|"
    r"heart attack|heart condition|surgery|an operation|diagnos\w+|ill|illness|sick|burn-?out|breakdown|addiction|rehab|"
    r"bipolar|adhd|autism|autistic|ptsd|eating disorder|multiple sclerosis|parkinson'?s|epilepsy|seizures?|therapy|"
    r"medication|meds|in (?:the )?hospital)\b", re.IGNORECASE)  # (never "works at the hospital")


def _kind_hits(want: frozenset[str], have: frozenset[str] | None, memory_text: str) -> frozenset[str]:
    """The topic's value-kind words a memory holds a value of (see `_VALUE_KINDS`);
    with `have` None, whatever else the memory says (a part of a turn that matched)."""
    out: set[str] = set()
    words = parse(memory_text).words
    for kind, value, family, others in _VALUE_KINDS:
        for w in want & kind:
            rest = want - kind
            if value.search(memory_text) and not (words & others) \
                    and (have is None or have & family or (rest and rest <= have)):
                out.add(w)
    rest = want - _HEALTH
    if want & _HEALTH and rest and (have is None or rest <= have) and _CONDITION_RE.search(memory_text):
        out |= want & _HEALTH
    return frozenset(out)


def _cognate(w: str, h: str) -> bool:
    """Whether two words of seven letters or more are one word in two languages: the same
    but for an ending of two letters at most ("pharmacie" and "pharmacy")."""
    a, b = (unicodedata.normalize("NFKD", x).encode("ascii", "ignore").decode() for x in (w, h))
    n = len(os.path.commonprefix([a, b]))
    return n >= 7 and len(a) - n <= 2 and len(b) - n <= 2


def _one_word(w: str, h: str) -> bool:
    """Whether two words are one in two forms, of a stem of four letters or more: "divorce" and
    "divorced", "loan" and "loans" (never "code" and "codes": too short a stem to tell)."""
    short, long_ = sorted((w, h), key=len)
    stem = short[:-1] if short.endswith("e") else short
    # ("famil", the stem of "families", and "family")
    return len(stem) >= 4 and long_.startswith(stem) and long_[len(stem):] in ("", "e", "s", "es", "d", "ed", "ing", "y")


def shares_topic(want: frozenset[str], memory_text: str) -> bool:
    """Whether a memory beside a match (of its turn) says a word of the topic, or a value of
    its kind ("shes put me on sertraline 50mg" beside the panic attack of "the meds n the tram"); a time of year is none."""
    return bool((want - _SEASON) & (said_words(memory_text).words | _kind_hits(want, None, memory_text)))


def said_words(memory_text: str) -> Claim:
    """The claim of a memory as the user said it: "User and family" is how "we" is written,
    no family named ("what I said about that family" is not "User and family live at Fordell"); a
    dialect's word is the word it spells ("ma big brer" is the brother of "ma brer n the coort")."""
    return parse(undialected(re.sub(r"\bUser and family\b", "User", memory_text)))


# "marc's weekend thing": a weekend is held by what a Saturday or a Sunday holds, beside
# another word of the topic ("the weekend" alone is no memory of Saturday's shift)
_WEEKEND = _stems("weekend weekends")
_WEEKEND_DAY = re.compile(r"\b(?:saturday|sunday)s?\b", re.IGNORECASE)
_SEASON = _stems("spring summer autumn fall winter")


# a person said by what they are ("the committee man", "that woman from the choir"): held by a
# memory that names someone and is not the user's own ("Gareth from the committee was caught
# fiddling the books", never "User sings in the choir"), and says another word of the topic
# ("the girl" alone is no one's story)
_SOMEONE = _stems("man woman guy lady bloke fella chap person people folks lad lass girl boy gentleman dude")
# one role by its other words: "my coworker and HR" is the colleague of "a colleague of User's"
_SAME_ROLE = {w: group.split()[0] for group in ("colleague coworker workmate", "neighbour neighbor",
                                                "boss manager supervisor gaffer", "friend mate pal buddy")
              for w in _stems(group)}


def matches(topic: str, memory_text: str, similarity: float, loose: bool = False, confided: bool = False) -> bool:
    """Whether a memory is of a topic to forget (`PARTIAL_SIMILARITY`); `loose`, for what was told in the month
    named, any word of the topic (or a value of its kind) the vectors agree on, or any at all when `confided`."""
    want = topic_words(topic)
    said = said_words(memory_text)
    have = said.words | said.names
    have = have | _kind_hits(want, have, memory_text) | {w for w in want if any(_one_word(w, h) or _cognate(w, h)
                                                                              for h in have)}
    if want & _WEEKEND and (want - _WEEKEND) & have and _WEEKEND_DAY.search(memory_text):
        have |= want & _WEEKEND
    if want & _SOMEONE and (want - _SOMEONE) & have and not memory_text.startswith("User") and names_someone(memory_text):
        have |= want & _SOMEONE  # "the committee man": someone named, not the user, beside another word of the topic
    roles = {_SAME_ROLE[h] for h in have if h in _SAME_ROLE}
    have |= {w for w in want if _SAME_ROLE.get(w) in roles}
    hit = len(want & have)
    if not want or not hit:
        return False
    if loose:  # (no time of year, and the vectors agree: "the family in building four" is not "our families")
        return bool((want & have) - _SEASON) and (confided or 2 * hit >= len(want) or similarity >= LOOSE_SIMILARITY)
    if hit == len(want) or (hit >= 2 and (2 * hit >= len(want) or similarity >= PARTIAL_SIMILARITY)):
        return True  # all, or two and half of them ("roma norte" of "my old address in roma norte")
    return len(want) >= 2 and hit >= len(want) - 1 and similarity >= PARTIAL_SIMILARITY


# a topic that is a person alone ("what I told you last time about her": Maude; "the Kasia thing")
_PERSON_ALONE = re.compile(r"(?:(?:the|that|this)\s+)?(?P<n>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)"
                           r"(?:\s+(?:thing|stuff|business|story|saga|situation|drama|matter))?", re.IGNORECASE)


def of_person_asked(topic: str, clause: str, memory_text: str) -> bool:
    """Whether a memory is of the person a request points at by a pronoun ("what I told you
    last time about her": Maude): any but one the user is the subject of and names them in
    passing ("J'habite sur la rue Saint-Denis avec deux colocs, Maude pis Yasmine": the user's
    home stays). Any memory when the request names its topic itself."""
    person = _PERSON_ALONE.fullmatch(topic.strip())
    if person is None or not re.search(r"\b(?:about|of|on|re|d'|de)\s*(?:her|him|elle|lui|ella|él)\b", clause, re.IGNORECASE):
        return True
    return not re.match(r"(?:User|I|I'm|I've|We|Me|J'|Je|Nous|Yo)\b(?!'s)(?!(?:\s+[\w'-]+){0,1}\s+" + re.escape(person["n"].split()[0])
                        + r"\b)", memory_text)


def matching_memories(store: MemoryStore, scope: str, topic: str, vector: np.ndarray,
                      k: int = 20, loose: bool = False, confided: bool = False) -> list[tuple[Memory, float]]:
    """Active memories of the scope the topic names, with their similarity to it (`matches`)."""
    sims: dict[int, float] = {r: 1.0 - d for r, d in store.search_vector(scope, vector, k=k)}
    kw = [r for r, _ in store.search_keyword(scope, topic, k=k) if r not in sims]
    sims.update(store.similarities(scope, vector, kw))
    rows = store.by_rowids(scope, list(sims))
    out = [(rows[r], sims[r]) for r in sims if r in rows and matches(topic, rows[r].text, sims[r], loose, confided)]
    turns = {t for m, _ in out for t in m.source_turns}
    want = topic_words(topic)
    have = {m.id for m, _ in out}
    for r in sims:
        m = rows.get(r)
        if m is not None and m.id not in have and turns & set(m.source_turns) and shares_topic(want, m.text):
            out.append((m, sims[r]))
    out.sort(key=lambda p: -p[1])
    return out


# "actually nah forget that, not my business", "dont put that down", "ne garde pas ça": a
# request that the message before not be kept, with no topic of its own, said first in its
# message (after it, "4200 acres no wait scratch that its 4800" puts right what the message
# said). Never a shrug ("forget that, never mind"), nor a thing said after it ("forget that
# ticket", "don't keep that in the fridge").
_UNSAY = re.compile(
    r"^\W*(?:(?:and|also|ok|okay|oh|so|but|then|just|actually|please|pls|plz|nah|no|wait|hmm|um|uh|bon|bueno|"
    r"on reflection|" + _INTERJECTION + r")\W+)*"
    r"(?P<req>(?:forget|delete|erase|scratch|strike|remove|disregard|unlearn)\s+(?:all\s+)?(?:that|this|"
    r"what i (?:just )?(?:said|wrote|told you|typed))"
    r"|forget (?:that )?i (?:ever |even )?(?:told you|said|mentioned|wrote) (?:that|this|it)"
    # and in the languages users mix in: "Esquece isso", "Sahau that", "vergiss das", "lupain aja"
    r"|(?:esquece|esque[cç]a|apaga|apague)\s+(?:isso|isto|that|this)|sahau\s+(?:hiyo|hii|hayo|that|this)"
    r"|(?:dimentica|cancella)\s+(?:questo|quello|that)|(?:vergiss|l[oö]sch|l[oö]sche)\s+(?:das|that)"
    r"|(?:lupain|lupakan|hapus)\s+(?:aja|itu|that)"
    r"|(?:don'?t|do not|pls don'?t|please don'?t)\s+(?:put|write|note|jot)\s+(?:that|this|it)\s+down"
    r"|(?:don'?t|do not)\s+(?:keep|save|store|remember|record|retain|log)\s+(?:that|this)"
    r"|ne\s+(?:garde|gardez|retiens|retenez|note|notez)\s+pas\s+(?:ça|ca|cela)|(?:oublie|oubliez|efface|effacez)\s+(?:ça|ca|cela)"
    r"|no\s+(?:guardes|guarde|anotes|apuntes)\s+(?:eso|esto)|(?:olvida|borra)\s+(?:eso|esto))"
    # ... and never a value put right: "scratch that, it's Tuesday" (`extract.corrections`)
    r"(?!\W*(?:it'?s|its|it is|i meant|i mean|make (?:it|that)|the\s+\d|\d))"
    r"(?=\s*(?:[,.;:!?)\u2014-]|$|(?:please|pls|plz|too|as well|either|not|s'il|porfa|por favor|stp|svp|bitte|tafadhali|"
    r"tolong|forget|delete|don'?t|do not)\b))",
    re.IGNORECASE)


def _unjoined(text: str) -> str:
    """A Spanish verb with its object joined written apart: "olvídalo", "bórralo" ("forget it",
    "delete it") -> "olvida eso", "borra eso"; the French one hyphened ("efface-le": efface ça),
    Tagalog's "please" joined before it ("paki-delete": please delete)."""
    text = re.sub(r"\b(efface|effacez|oublie|oubliez|supprime|supprimez|enl[eè]ve|retire)-(?:le|la|les)\b", r"\1 ça", text, flags=re.I)
    text = re.sub(r"\bpaki-?(delete|erase|remove|forget)(?:\s+na\b)?", r"please \1 it", text, flags=re.IGNORECASE)
    return re.sub(r"\b(?:olv[ií]da|b[oó]rra)(?:lo|la|los|las)\b",
                  lambda m: ("olvida" if m[0][0] in "oO" else "borra") + " eso", text, flags=re.IGNORECASE)


def unsaid_before(text: str) -> str | None:
    """The words of a request not to keep what the message before said ("forget that,
    not my business"), or None. A message whose requests name a topic is read by
    `forget_requests` instead."""
    said = _unjoined(text.replace("\u2019", "'"))
    m = _UNSAY.search(said)
    if m is None:  # a request read by its clause: "Strike that from the record, please."
        return points_back(said)
    # "forget that, never mind": a shrug, read from the request's object on
    if _SHRUG.match(said[m.start("req"):].split(None, 1)[1]):
        return None
    return m.group("req")


# A message that asks in itself not to be kept: the request said first, before what it is
# about ("ok dont save this but i called in sick on saturday", "off the record, ..."), or
# after it ("that fsa loan we're behind on don't go putting that down anywhere", "... forget
# I said anything about it"). Never a request about a thing named ("don't keep the receipts").
_KEEP_BACK_FIRST = re.compile(
    r"^\W*(?:(?:ok|okay|so|and|also|btw|lol|oh|um|uh|right)\W+)*(?:off the record\b|(?:pls |please )?(?:don'?t|dont|do not)\s+"
    r"(?:save|keep|store|remember|record|log|write down|put down|note)\s+(?:this|the next bit)\b(?!\s+(?:down\s+)?(?:in|as|for)\b))"
    r"\s*(?:,|:|-|\u2014|\.|\bbut\b|\bok\b)\s*(?=\S)", re.IGNORECASE)
_KEEP_BACK_AFTER = re.compile(
    r"\S\s+(?:(?:and|so|but|pls|please)\s+)?(?:(?:don'?t|dont|do not)\s+(?:go\s+)?(?:putting|put|writing|write|saving|save|"
    r"keeping|keep|storing|store)\s+(?:that|this|it)\s+(?:down\s+)?(?:anywhere|down|on file|in (?:your|the) notes)|"
    # "..., actually no dont keep that, its embarrassing, just forget i said it"
    r"(?<!\bi )(?<!\bwe )(?<!\bthey )(?<!\byou )(?:don'?t|dont|do not)\s+(?:keep|save|store)\s+(?:that|this)(?=\s*[,.;!]\s*(?:it'?s|its|"
    r"that'?s|just|please|pls|forget)\b)|"
    r"forget (?:that )?i (?:said|told you|mentioned) (?:anything|any of (?:it|that|this)))"
    # ... said last, or before another word of the request ("... anywhere near the kids" is no request)
    r"(?=\s*(?:$|[,.;:!?)\u2014-]|(?:forget|please|pls|plz|ok|okay|thanks|about|i|i'd|it'?s|its|he|she|they)\b))",
    re.IGNORECASE)


def kept_back(text: str) -> bool:
    """Whether a message asks in itself not to be kept, with something of its own said
    (`_KEEP_BACK_FIRST`, `_KEEP_BACK_AFTER`): nothing of it is stored."""
    said = text.replace("\u2019", "'")
    return bool(_KEEP_BACK_FIRST.search(said) or _KEEP_BACK_AFTER.search(said))
