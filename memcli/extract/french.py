"""French said in an English conversation ("J'habite à Montreuil, loyer 1 040 €", "Mon mari
Moussa est chauffeur VTC, he works nights"): the first-person frames of French the rules
read in English are said in English before any rule runs, the rest of the words as the
user wrote them (names, places, amounts, "15 février" stay). Only a clause that reads as
French (two of its function words) is touched: "je", "mon", "est" in an English clause are
left alone, and a French word that is also English ("est", "a") is read only in a frame."""

from __future__ import annotations

import re

_I = re.IGNORECASE
# the words that make a clause French: two of them, as whole words
_FRENCH_WORDS_RE = re.compile(r"(?<![\w'])(?:je|j'|mon|ma|mes|notre|nos|c'est|est|une|des|et|avec|chez|pour|dans|"
                              r"depuis|plus|le|la|les|de|du|au|aux|il|elle|nous|on|à|très|mais|sa|son|que|ça|si|en)(?![\w'])", _I)
_PLACE_PREP = r"(?:à|a|au|aux|en|dans)\s+(?:l'|la\s+|le\s+)?"
# (French frame, English): the order matters, the longer frame first
_FRAMES = [
    (r"\bj'habite\s+" + _PLACE_PREP, "I live in "),
    (r"\b(?:je vis|je réside)\s+" + _PLACE_PREP, "I live in "),
    (r"\b(?:on habite|nous habitons)\s+" + _PLACE_PREP, "we live in "),
    (r"\b(?:on a|nous avons) déménagé\s+" + _PLACE_PREP, "we moved to "),
    (r"\bj'ai déménagé\s+" + _PLACE_PREP, "I moved to "),
    (r"\bje travaille\s+(?:à|a|au|chez|pour)\s+(?:l'|la\s+|le\s+)?", "I work at "),
    (r"\bj'ai (?:eu|obtenu|décroché) (?:le|un) (?:poste|job|boulot|travail)\s+(?:à|a|au|chez)\s+(?:l'|la\s+|le\s+)?",
     "I got the job at "),
    (r"\bje suis allergique\s+(?:à|au|aux)\s+(?:l'|la\s+|le\s+|les\s+)?", "I am allergic to "),
    (r"\bj'ai monté mon tarif à\b", "I raised my rate to"),
    (r"\bje facture\b", "I charge"),
    (r"\bmon client principal c'est\b", "my main client is"),
    (r"\bmon mari\b", "my husband"), (r"\bma femme\b", "my wife"),
    (r"\bmon copain\b", "my boyfriend"), (r"\bma copine\b", "my girlfriend"),
    (r"\b(?:notre|ma) fille\b", "my daughter"), (r"\b(?:notre|mon) fils\b", "my son"),
    (r"\bma mère\b", "my mother"), (r"\bmon père\b", "my father"),
    (r"\bma s(?:œ|oe)ur\b", "my sister"), (r"\bmon frère\b", "my brother"),
    (r"\b(?:ma cousine|mon cousin)\b", "my cousin"),
    (r"\bvit\s+" + _PLACE_PREP, "lives in "),
    (r"(?<=\w) a (\d{1,3}) ans\b", r" is \1 years old"),
    (r"(?<=\w) est (?=(?:un |une )?[a-zà-ÿ]+\b)", " is "),
    (r"\bil a (?:lâché|quitté)\b", "he quit"), (r"\belle a (?:lâché|quitté)\b", "she quit"),
    (r"(?<=\w) a (?:lâché|quitté)\b", " quit"),
    (r"\bil a ouvert\b", "he opened"), (r"\belle a ouvert\b", "she opened"),
    (r"\bplus de (?P<x>[\w' -]{2,30}?) pour moi\b", r"no more \g<x> for me"),
    (r"\ble matin\b", "in the morning"),
    (r"\bloyer\b", "rent"),
    (r"\bmaintenant\b", "now"),
    (r"\bc'est\b", "it's"),
    (r"\bsi un jour\b", "if one day"), (r"^si\b", "if"), (r"\bje voudrais\b", "I would like"),
]
_FRAMES_RE = [(re.compile(a, _I), b) for a, b in _FRAMES]


def in_english(clause: str) -> str:
    """`clause` with its French frames said in English when it reads as French (two French
    function words); any other clause as it is."""
    if len(_FRENCH_WORDS_RE.findall(clause)) < 2:
        return clause
    for rx, rep in _FRAMES_RE:
        clause = rx.sub(rep, clause)
    return clause
