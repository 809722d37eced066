"""A medicine's new dose, however a note writes it ("Sertraline up to 100mg as of last wk",
"metformin increased to 1000mg"): keyed by the medicine, a change, so that it replaces
what was said of that medicine before and never another medicine. A dose said once
("MEDS: sertraline 50mg mane") stays in the user's words: a keyed record of it would
outlive a switch to another medicine, which names neither key."""

from __future__ import annotations

import re

from .values import FactDict

_DOSE = r"(?P<dose>\d+(?:\.\d+)?\s?(?:mg|mcg|µg|ug|ml|units|iu))\b"
_MOVED = r"(?:(?:went |was |been |got |now )?(?:up|down|increased|decreased|raised|lowered|bumped up|cut|reduced|" \
         r"upped|dropped|changed)\s+(?:to\s+)?|(?:now|at)\s+)"
# "sertraline 50mg", "sertraline up to 100mg", "apixaban 5 mg twice a day"
_DRUG_FIRST_RE = re.compile(r"(?<![\w-])(?P<drug>[A-Za-z][a-z]{4,}(?:-[a-z]+)?)\s+(?P<moved>" + _MOVED + r")?" + _DOSE,
                            re.IGNORECASE)
# "500 mg of metformin", "20mg febuxostat"
_DOSE_FIRST_RE = re.compile(_DOSE + r"\s+(?:of\s+)?(?P<drug>[A-Za-z][a-z]{4,}(?:-[a-z]+)?)(?![\w-])", re.IGNORECASE)
# words a dose may follow or come before that are no medicine ("take 50mg daily", "about 20 mg")
_NOT_DRUGS = frozenset("about around roughly maybe taking takes twice daily every each tablet tablets capsule capsules "
                       "pills dose doses extra another total morning night evening times water juice coffee sugar "
                       "caffeine alcohol protein sodium fibre fiber salt milk weekly nightly".split())


# someone else's medicine: "His meds: metformin 500mg", "the GP put his metformin up to 1000mg",
# "Mum's on warfarin 5mg"
_THEIRS_RE = re.compile(r"\b(?:his|her|their|he|she|they|he's|she's|they're)\b|\b(?!User's)[A-Z][\w-]*'s\b|"
                        r"\b(?:mum|mom|mam|dad|da|father|mother|son|daughter|wife|husband|partner|gran|granny|grandad|"
                        r"nan|baby|kid|child|brother|sister|dog|cat)(?:'s)?\b", re.IGNORECASE)


def dose_said(clause: str) -> FactDict | None:
    """The user's medicine and dose a clause gives, keyed by the medicine, or None (a word
    that is no medicine, "2 tablets", "200 mg of caffeine"; someone else's medicine)."""
    from .spelling import _everyday as everyday

    for m in (*_DRUG_FIRST_RE.finditer(clause), *_DOSE_FIRST_RE.finditer(clause)):
        drug = m["drug"].lower()
        if drug in _NOT_DRUGS or drug in everyday() or _THEIRS_RE.search(clause[:m.start()]):
            continue
        if not ("moved" in m.re.groupindex and m["moved"]):
            continue  # a dose said once stays in the user's words; only its change is keyed
        dose = m["dose"].replace(" ", "")
        return dict(text=f"User takes {drug} {dose}", kind="profile", importance=0.7, key=drug, value=dose,
                    change="update", rule="dose_said")
    return None
