"""The tense a date is said in: whether a bare day ("April 13", "on Friday") is one to
come or one gone by. A plan, a booking or an arrangement is to come ("the concert is on August
21", said in May, is this August); a verb in the past puts the day before the message."""

from __future__ import annotations

import re

__all__ = ["FUTURE_RE", "RESCHEDULE_VERBS", "said_tense"]

# Verbs that move a plan to another date: "shifted to 12 March", "pushed the wedding to June".
RESCHEDULE_VERBS = r"(?:moved|shifted|pushed(?: back)?|postponed|rescheduled|brought forward|bumped)"
FUTURE_RE = re.compile(
    r"\b(will|'ll|shall|going to|gonna|plan(?:ning)?|intend|hope to|want to|would like to|'d like to"
    r"|upcoming|coming|scheduled|due|tomorrow|next|booked|reserved|flying|leaving|departing|heading|"
    r"am \w+ing|'m \w+ing|are \w+ing|is \w+ing|have to|need to|in \d+ (?:days?|weeks?)|"
    # "I am to have a tooth extracted in July": an arrangement still to come
    r"(?:am|is|are|'m|'s|'re) (?:due )?to (?:have|be|get|go|see|meet|start|sit|take|attend|undergo)|"
    # a date something was moved to is still to come: "the sailing has been shifted to 12 March"
    + RESCHEDULE_VERBS + r"(?: \w+){0,3}? (?:to|till|until)"
    # an arrangement made is for a date to come: "got a poster slot on june 14", "was
    # offered an interview on the 12th", "landed a viewing for Friday"
    r"|(?:got|was given|were given|was offered|were offered|landed|secured|set up|arranged|made|lined up) "
    r"(?:a|an|the|my|our|us a|me a|us an|me an)(?: [\w-]+){0,2}? (?:slot|appointment|interview|spot|ticket|tickets|"
    r"booking|reservation|table|audition|viewing|consultation|session|exam|hearing|court date|follow-up|place on)"
    # an entry made for an event: "signed up for the Da Nang 10k on 27 April"
    r"|(?:signed up|registered|enrolled|entered|put (?:my|our) names? down) (?:for|in|on)\b)\b",
    re.I)
_PAST_RE = re.compile(
    r"\b(was|were|did|had|ago|last|yesterday|went|ran|got|came|saw|met|bought|sold|left|took|made|gave"
    r"|flew|drove|ate|won|lost|began|became|found|told|wrote|paid|spent|sent|felt|kept|heard|thought|brought|caught"
    r"|taught|held|(?<!\bon )(?<!\bby )sat(?!\s+(?:is|was|exam|test|prep|scores?|date|results?)\b)|slept|spoke|wore|drank|swam|sang|rode|broke|chose|fell|forgot|threw|woke|quit|read"
    # a verb in -ed, not a word that only ends so ("need", "speed", "shed", "hundred")
    r"|(?!(?:need|needs|speed|feed|seed|indeed|proceed|exceed|succeed|bleed|breed|weed|deed|heed|greed|steed|tweed|"
    r"shed|sled|hundred|sacred|naked|wicked|beloved|rugged|ragged|crooked|wretched|kindred|bed|red|wed)\b)\w{2,}ed"
    # present perfect: "has taken over since his retirement in July"
    r"|(?:has|have|'s|'ve) (?:\w+ )?(?:been|taken|given|gone|done|seen|written|eaten|driven|known|grown|flown|begun|"
    r"broken|chosen|spoken|forgotten|gotten|had|got|made|left|lost|won|paid|sent|spent|built|bought|sold))\b", re.I)


# A date said in the present tense with no past cue is a plan or a booking: "the
# concert is on August 21", said in May, is this August; "my flight is on 3 March",
# said in May, is next March.
# So is a date of a verb of schedule in the present ("Freja starts at the Gymnasium in
# August", "we move in March", "he graduates in June"), said in January: the coming one.
_PRESENT_RE = re.compile(r"\b(?:is|are|'s|'re|am|'m|due|(?:start|begin|open|close|end|move|leave|arrive|return|launch|"
                         r"graduate|retire|fly|finish|relocate|transfer|go|premiere|release|air)(?:s|es|ing)?|flies|beginning|starting|"
                         r"moving|leaving|flying|graduating|retiring|coming|going)\b", re.I)


# a thing to be done on a day, with no past before it: "a package of bees to be picked up April 13",
# "the car to be serviced on the 14th" (never "I was glad to be invited on May 3")
_TO_BE_DONE_RE = re.compile(r"\bto be (?:\w+ly )?\w+(?:ed|en)\b", re.I)


def said_tense(text: str) -> str | None:
    """"future", "past" or None (no tense read) for the text around a date."""
    if FUTURE_RE.search(text):
        return "future"
    done = _TO_BE_DONE_RE.search(text)
    if done and not _PAST_RE.search(text[:done.start()]):
        return "future"
    if _PAST_RE.search(text):
        return "past"
    if _PRESENT_RE.search(text):
        return "future"
    return None
