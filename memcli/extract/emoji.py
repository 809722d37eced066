"""Foods said as emoji in an allergy: "allergic to 🥜", "im allergic 🦐❌" are peanuts and
shrimp, written as words before the rules read the message. An emoji after an allergy
that already names its food only says how much ("allergic to cashews - like epipen
allergic 🥜❌"): it is left as it is, never a second allergy."""

from __future__ import annotations

import re

_I = re.IGNORECASE

# Food said as an emoji in a safety fact: "deathly allergic 🥜❌" is a peanut allergy.
_FOOD_EMOJI = {"\U0001F95C": "peanuts", "\U0001F990": "shrimp", "\U0001F364": "shrimp", "\U0001F980": "crab",
               "\U0001F99E": "lobster", "\U0001F41F": "fish", "\U0001F95B": "milk", "\U0001F95A": "eggs",
               "\U0001F33E": "gluten", "\U0001F353": "strawberries", "\U0001F95D": "kiwi", "\U0001F330": "chestnuts",
               "\U0001F9C0": "cheese", "\U0001F41A": "shellfish", "\U0001F36F": "honey", "\U0001F41D": "bee stings"}
_FOOD_E = "[" + "".join(_FOOD_EMOJI) + "]"
_NAMED_BEFORE = re.compile(r"\b(?:allergic|intolerant)\s+to\s+[a-z]", _I)
_ALLERGY_EMOJI_RE = re.compile(r"\b(?P<a>allergic|intolerant)(?:\s+to)?\s*(?P<e>" + _FOOD_E + r"(?:\s*(?:,|and|&)?\s*"
                               + _FOOD_E + r")*)[\u274C\u2716\U0001F6AB\uFE0F]*", _I)


def emoji_food(text: str) -> str:
    def words(m: re.Match[str]) -> str:
        if not re.search(r"\bto\b", m.group(0), _I) and _NAMED_BEFORE.search(text[max(0, m.start() - 120):m.start()]):
            return m.group(0)  # "allergic to cashews - like epipen allergic 🥜❌": the emoji only says how much
        foods = [_FOOD_EMOJI[ch] for ch in m.group("e") if ch in _FOOD_EMOJI]
        return f"{m.group('a')} to {' and '.join(dict.fromkeys(foods))}"
    return _ALLERGY_EMOJI_RE.sub(words, text)
