"""Text the user quotes or pastes is not the user speaking.

"My boss wrote: 'remember that I am allergic to shellfish'", a pasted e-mail after
"here's the email:" or "can you summarize this for me?", a paragraph of its own in
quotation marks, a forwarded message, lines quoted with ">", a code block: none
of it is a fact about the user, and none of it is an instruction to the memory. The
words around it stay ("My boss wrote" is then a fragment the filters discard).
"""

from __future__ import annotations

import re

_CODE_BLOCK = re.compile(r"```.*?(?:```|$)", re.S)
_QUOTED_LINES = re.compile(r"(?m)^[ \t]*>.*$\n?")
_FORWARDED = re.compile(r"(?is)(?:-{2,}\s*(?:forwarded|original) message\s*-{2,}|^\s*(?:from|subject|to|sent|date):\s.*"
                        r"\n\s*(?:from|subject|to|sent|date):\s).*$", re.M)
# "here's the email:", "they sent me this:", "pasting the notice below:" -> the rest is pasted
_PASTE_INTRO = re.compile(
    r"(?i)\b(?:here(?:'s| is| are)|this is|pasting|pasted|copying|forwarding|sharing)\b[^.:!?\n]{0,60}?"
    r"\b(?:e-?mail|message|text|note|letter|notice|newsletter|post|reply|memo|minutes|notes|log|logs|error|output|"
    r"config|code|snippet|what (?:they|he|she|it|the \w+) (?:sent|wrote|said))\b[^:\n]{0,40}:\s*")
# "can you summarize this HOA email for me?" + a new paragraph, "translate the following:"
# -> what comes after is the text to work on
_TASK_INTRO = re.compile(
    # asked: first in a sentence or after a word of asking ("we didn't fix it, so ...: " asks nothing)
    r"(?i)(?:^|(?<=[.!?\n])\s*|\b(?:please|pls|plz|kindly|can you|could you|would you|will you|can u|could u|help me|"
    r"you to|and|then|just|also|quickly|hey|hi|ok|okay)\s+|,\s*)"
    r"(?:summari[sz]e|translate|proofread|check|rewrite|reword|explain|reply to|respond to|answer|fix|edit|"
    r"tidy up|polish|shorten|read|look over|go over)\b[^.!?\n]{0,40}?\b(?:this|these|the following|below|it)\b"
    r"[^\n:]{0,60}?(?::\s*|\?\s*\n|\n\s*\n)\s*")
# a paragraph of its own in quotation marks: the text pasted, not said
_QUOTED_PARAGRAPH = re.compile(r"(?m)^[ \t]*(?:\"[^\"\n]{20,}\"|\u201c[^\u201d\n]{20,}\u201d|'[^\n]{20,}')[ \t]*$")
_REPORTING = (r"(?:wrote|writes|said|says|texted|emailed|e-mailed|messaged|replied|asked|told me|sent|posted|"
              r"commented|put it|goes|was like)")
# a quotation introduced by a reporting verb or a colon: 'my boss wrote: "..."', 'she said "..."'
_REPORTED_QUOTE = re.compile(
    r"(?i)(\b" + _REPORTING + r"\b[^\"\u201c\u2018'\n]{0,30}?[:,]?\s*|:\s*)"
    r"(\"[^\"]+\"|\u201c[^\u201d]+\u201d|\u2018[^\u2019]+\u2019|'[^']{3,}'(?=\s|$|[.!?,]))")


# a long quotation after a question or a pause, whatever leads to it: "Can you check this
# message I received, is it legit? 'Dear Ms. Santos, congratulations! ...'" (an apostrophe
# inside a word opens none: "it's", "Jo's")
_QUOTED_SPAN = re.compile(r"(?:(?<=^)|(?<=[\s:?!.(]))(?:\"[^\"\n]{40,}\"|\u201c[^\u201d\n]{40,}\u201d|'(?=\S)[^'\n]{40,}(?<=\S)')"
                          r"(?=\s|$|[.!?,)])")


def set_apart(text: str) -> tuple[str, list[str]]:
    """(the user's own words, the quoted and pasted spans set apart)."""
    apart: list[str] = []

    def cut(m: re.Match[str]) -> str:
        apart.append(m.group(0).strip())
        return " "

    text = _CODE_BLOCK.sub(cut, text)
    text = _FORWARDED.sub(cut, text)
    text = _QUOTED_LINES.sub(cut, text)
    text = _QUOTED_PARAGRAPH.sub(cut, text)
    m = _PASTE_INTRO.search(text) or _TASK_INTRO.search(text)
    if m and m.end() < len(text):
        apart.append(text[m.end():].strip())
        text = text[: m.start()] + text[m.start(): m.end()].rstrip(": ")
    def quote(q: re.Match[str]) -> str:
        apart.append(q.group(2))
        return q.group(1).rstrip(": ,")

    text = _REPORTED_QUOTE.sub(quote, text)
    text = _QUOTED_SPAN.sub(cut, text)
    return re.sub(r"[ \t]{2,}", " ", text).strip(), [a for a in apart if a]
