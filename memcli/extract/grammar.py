"""First to third person: contractions expanded, pronouns and verbs rewritten
("I've been living in Pune" -> "User has been living in Pune"), the final tidy-up of
a fact's text, articles ("a UX designer", "an MBA student") and the user's words
about the assistant in a rule ("answer me in French" -> "answer them in French").
"""

from __future__ import annotations

import re

from .lexicon import _I, ADVERBS, HAS_PARTICIPLE, IRREGULAR_PAST, MODALS, NOT_VERBS

_CONTRACTIONS = [
    (r"\bi'm\b", "I am"), (r"\bim\b", "I am"), (r"\bi've\b", "I have"), (r"\bive\b", "I have"),
    (r"\bi'll\b", "I will"),
    (r"\bi'd\s+(?=(?:been|had|gone|done|seen|never|already|just|lived|worked|moved|met|visited)\b)", "I had "),
    (r"\bi'd\b", "I would"), (r"\bcan't\b", "cannot"), (r"\bcant\b", "cannot"), (r"\bwon't\b", "will not"),
    (r"\bain't\b", "am not"), (r"\bdont\b", "do not"), (r"\bdoesnt\b", "does not"), (r"\bdidnt\b", "did not"),
    (r"\bisnt\b", "is not"), (r"\bwasnt\b", "was not"), (r"\barent\b", "are not"), (r"\bwerent\b", "were not"),
    (r"\bhavent\b", "have not"), (r"\bhasnt\b", "has not"), (r"\bhaven't\b", "have not"),
    (r"\b(do|does|did|is|are|was|were|has|had|would|could|should|must|need|might)n't\b", r"\1 not"),
    (r"\bwe're\b", "we are"), (r"\bwe've\b", "we have"), (r"\bwe'll\b", "we will"), (r"\bwe'd\b", "we would"),
    # "she's been in billing since March", "he's got a new job": has, before a participle
    # ("she's outsold me at the market": any past form with its object, `HAS_PARTICIPLE`)
    (r"\b(he|she|it|that|there|who|what)'s\s+(?=" + HAS_PARTICIPLE + ")", r"\1 has "),
    (r"\bit's\b", "it is"), (r"\bthat's\b", "that is"),
    (r"\bthey're\b", "they are"), (r"\bthere's\b", "there is"), (r"\bhe's\b", "he is"), (r"\bshe's\b", "she is"),
    (r"\bgonna\b", "going to"), (r"\bwanna\b", "want to"), (r"\b(i|we) gotta\b", r"\1 have to"),
]
_CONTRACTIONS_RE = [(re.compile(a, _I), b) for a, b in _CONTRACTIONS]


def _expand(s: str) -> str:
    for rx, rep in _CONTRACTIONS_RE:
        s = rx.sub(rep, s)
    return s


_PRESENT_ED = {"need", "feed", "bleed", "breed", "speed", "proceed", "succeed", "exceed", "shed", "wed",
               "heed", "plead", "embed", "shred", "seed", "weed", "bed", "red"}


def _third_person_verb(v: str) -> str:
    lv = v.lower()
    special = {"am": "is", "have": "has", "do": "does", "go": "goes", "be": "is", "'m": "is"}
    if lv in special:
        return special[lv]
    if lv in MODALS or lv in IRREGULAR_PAST or lv in NOT_VERBS or (lv.endswith("ed") and lv not in _PRESENT_ED):
        return v
    if not lv.isalpha() or len(lv) < 2:
        return v
    if lv.endswith("s") and not lv.endswith("ss"):
        return v
    if re.search(r"(?:ss|sh|ch|x|z|o)$", lv):
        return v + "es"
    if re.search(r"[^aeiou]y$", lv):
        return v[:-1] + "ies"
    return v + "s"


_PRON_RE = re.compile(r"(?<!['\u2019])\b(?:(?P<i>[Ii])\b(?![-\u2013]\d)(?P<adv>(?:\s+(?:" + "|".join(sorted(ADVERBS)) + r"|no longer))*)"
                      r"(?:\s+(?P<verb>[A-Za-z'-]+))?|(?P<p>(?i:me|my|mine|myself|we|our|ours|us|ourselves)))\b")


def to_third_person(s: str) -> str:
    """Rewrite a first-person clause in the third person ("I live in Pune" -> "User lives in Pune")."""
    s = _expand(s)
    state = {"subj": False}

    def sub(m: re.Match[str]) -> str:
        start = m.start()
        before = s[:start].rstrip().lower()
        if m.group("i"):
            if m.group("i") == "i" and s[m.end("i"):m.end("i") + 1] == ".":
                return m.group(0)  # "i.e."
            verb = m.group("verb")
            adv = m.group("adv") or ""
            # "my wife and I live": a coordinated subject keeps its verb; a sentence that
            # opens with the conjunction ("and I'm going ...") does not coordinate a subject
            # ... nor does "I" after a clause of its own ("I'm in Hilo and I love it")
            coordinated = (before.endswith(("and", "or")) and not re.search(r"(?:^|[,.;:!?])\s*(?:and|or)$", before)
                           and len(re.split(r"[,.;:!?]", before)[-1].split()) <= 4
                           and (verb or "").lower() not in ("am", "'m"))
            if coordinated or before.endswith(("than", "as")) or verb is None:
                out = "User" + adv + ((" " + verb) if verb else "")
            else:
                out = "User" + adv + " " + _third_person_verb(verb)
            state["subj"] = True
            return out
        p = m.group("p")
        lp = p.lower()
        if lp == "us" and p == "US":
            return p
        if p in ("Me", "Us") and re.search(r"\b[A-Z][\w'-]*\s*$", s[:start]):
            return p  # a word of a name: "Trade Me", "Toys R Us"
        # "they changed my days, it is Wednesday for me": after someone else's "they", a
        # "them" would be theirs; the user is named again
        plural = re.search(r"\b(?:they|them|their)\b", before) is not None
        if lp in ("me",):
            return "them" if state["subj"] and not plural else "User"
        if lp == "myself":
            return "themselves" if state["subj"] else "User"
        if lp in ("my", "our"):
            if state["subj"] and not plural:
                return "their"
            if state["subj"]:
                return "User's"
            state["subj"] = True
            return "User's"
        if lp == "mine" and re.search(r"(?:\b(?:the|a|this|that|old|new|open|coal|gold|potash|salt|copper|iron|"
                                      r"diamond|silver|tin|uranium|nickel|zinc|lithium|underground)|\b[A-Z][\w'-]*)\s*$",
                                      s[:start]):
            return p  # the noun: "the Nutrien potash mine at Lanigan", "the Mosaic mine"
        if lp in ("mine", "ours"):
            return "theirs" if state["subj"] else "User's"
        if lp == "we":
            state["subj"] = True
            return "User and family"
        if lp == "us":
            return "them" if state["subj"] else "User and family"
        if lp == "ourselves":
            return "themselves"
        return p

    out = _PRON_RE.sub(sub, s)
    return _finish(out)


def _finish(s: str) -> str:
    s = s.strip().strip(" ,;:-")
    s = re.sub(r"[.!?…]+$", "", s).strip()
    s = re.sub(r"\s+([,;:])", r"\1", s)
    s = re.sub(r"\s{2,}", " ", s)
    s = re.sub(r"\s*(?::\)|:-\)|:\(|;\)|:D|<3|xD)\s*$", "", s)
    if s and s[0].islower():
        s = s[0].upper() + s[1:]
    return s



def _a(noun: str) -> str:
    if re.match(r"^(?:a|an|the)\b", noun, _I) or noun[:1].isupper() and not re.match(r"^[A-Z]{2,}", noun):
        return noun if re.match(r"^(?:a|an|the)\b", noun, _I) else noun
    if re.match(r"^[A-Z]{2,}", noun):  # acronyms go by the letter's sound: "a UX designer", "an MBA student"
        return ("an " if noun[0] in "AEFHILMNORSX" else "a ") + noun
    ln = noun.lower()
    if re.match(r"^(?:us|uni|uti|eu|one\b|ur[aeio])", ln):  # "a used car", "a university", "a one-off"
        return "a " + noun
    if re.match(r"^(?:hour|honest|honou?r|heir)", ln):
        return "an " + noun
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun



def _object_pronouns(s: str) -> str:
    s = re.sub(r"\byour\b", "its", s, flags=_I)
    s = re.sub(r"\byourself\b", "itself", s, flags=_I)
    s = re.sub(r"\bme\b", "them", s, flags=_I)
    s = re.sub(r"\bmy\b", "their", s, flags=_I)
    s = re.sub(r"\bmyself\b", "themselves", s, flags=_I)
    s = re.sub(r"\bI am\b", "they are", s)
    s = re.sub(r"\bI\b", "they", s)
    return s
