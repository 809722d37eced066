"""A question about a relative by relation, answered by what was said of them by name:
"what does the user's partner do for work?" after "User's partner is Noor" and "noor got
the pharmacist job at the shoppers on danforth". The small embedding model does not link
"partner" to "noor", so the question is asked again with the name in place of the relation
("what does Noor do for work?"), and the best of those answers that name the person join
the hits, under the first, each above the first hit that scores less.

The name is the one the scope holds for the relation now: the active `partner` slot for a
partner of any word ("boyfriend", "wife", "gf"), else the latest record that introduces a
relative of that word ("User's son Callum is ...", `extract.people.known_people`). A
relation with two names asks nothing when said in the singular ("the user's sister": which
one is a guess); said in the plural ("which schools do the user's sons attend?"), it is
asked again of each of the two to five the scope names (`people_asked`), one recall each.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..extract.lexicon import PARENT_KEY
from ..extract.people import _NOT_NAMES, known_people
from ..models import Hit

if TYPE_CHECKING:
    from ..store import Store as MemoryStore

_PARTNER = frozenset("partner boyfriend girlfriend husband wife fiance fiancee fiancé fiancée spouse bf gf".split())
_SAME = {"bf": "boyfriend", "gf": "girlfriend", "mom": "mum", "mother": "mum", "dad": "father", "kid": "child",
         # a parent by every word the lexicon reads for one ("my mamá Rosa", "Amma"), and more the user may mix in
         **{w: "mum" if k == "mother" else "father" for w, k in PARENT_KEY.items()},
         **{w: "mum" for w in "mamã mamãe mami mutti ammu nanay inay".split()},
         **{w: "father" for w in "pai papai tatay abba appa".split()},
         "boy": "son", "girl": "daughter",  # "our boy Tyler's twenty-seven"
         # one best friend by every word for them
         "best mate": "best friend", "best pal": "best friend", "best bud": "best friend", "best buddy": "best friend",
         "bestie": "best friend", "bff": "best friend"}
_RELATION_Q = re.compile(
    r"\b(?:the )?user'?s (?P<rel>partner|boyfriend|girlfriend|husband|wife|fianc[ée]e?|spouse|bf|gf|son|daughter|"
    r"sister|brother|mum|mom|mother|dad|father|kid|child|cousin|best friend|best mate|best pal|best bud|best buddy|bestie|bff|"
    r"roommate|flatmate)\b",
    re.I)  # never "the user's business partner": "partner" does not follow "user's" there
# how many of the person's hits join, and how well they must answer the renamed question
_JOIN = 2
_MIN_SCORE = 0.15


def _norm(rel: str) -> str:
    rel = rel.lower()
    return _SAME.get(rel, rel)


def person_asked(store: MemoryStore, scope: str, query: str, as_of: str | None = None,
                 hits: list[Hit] | None = None) -> tuple[str, str] | None:
    """(the relation phrase of `query`, the name the scope holds for it), or None; `hits`
    (the question's own) may name the one of the relation: "their son Euan"."""
    m = _RELATION_Q.search(query)
    if m is None:
        return None
    rel = _norm(m.group("rel"))
    if rel in _PARTNER:
        slot = [n for r in store.keyed(scope, as_of=as_of) if r.key == "partner" for n in known_people([r.text])]
        if slot:
            return m.group(0), slot[-1]
        wanted = {_norm(r) for r in _PARTNER} if rel == "partner" else {rel}
    else:
        wanted = {rel}
    # (one name in two forms is one: "Becky" and "Becky's" of "User's wife Becky's already got a job")
    names = [_POSSESSIVE.sub("", n) for n, r in known_people(store.introductions(scope)).items() if _norm(r) in wanted]
    if not names:
        # "User's son Gary", "User has just the one son, Gary", "Ife, User's daughter"
        rels = "|".join(map(re.escape, sorted(wanted)))
        said = re.compile(r"\b(?i:user's|their|his|her|our|my|the one|one|only|the only) (?i:" + rels
                          + r"),? (?:(?i:is|'s) (?:(?i:called|named) )?)?(?P<n>[A-Z][a-z\u00e0-\u024f-]+)\b"
                          r"|(?:^|[.!?]\s+|\)\s+)(?P<n2>[A-Z]?[a-z\u00e0-\u024f-]{2,}), (?i:user's|my|their) (?i:" + rels + r")\b")
        names = [m.group("n") or m.group("n2") for h in (hits or [])[:5] for m in said.finditer(h.memory.text)]
        names = [n[:1].upper() + n[1:] for n in names if n.lower() not in _NOT_NAMES]
    if len({n.lower() for n in names}) != 1:
        return None
    return m.group(0), names[0]


_POSSESSIVE = re.compile(r"['\u2019]s$")

# A question about several relatives at once: "which schools do the user's sons attend?" is
# asked again of each of them by name ("... do Abdullahi attend?", "... do Yusuf attend?"),
# when the scope names two to five of that relation.
_KIDS = frozenset({"son", "daughter", "kid", "child"})
_GRANDKIDS = frozenset({"grandson", "granddaughter", "grandchild", "grandkid"})
_PLURALS = {"sons": {"son"}, "daughters": {"daughter"}, "boys": {"son"}, "girls": {"daughter"}, "kids": _KIDS,
            "children": _KIDS, "sisters": {"sister"}, "brothers": {"brother"}, "cousins": {"cousin"},
            "grandsons": {"grandson"}, "granddaughters": {"granddaughter"}, "grandkids": _GRANDKIDS,
            "grandchildren": _GRANDKIDS, "parents": {"mum", "father"}}
_PLURAL_Q = re.compile(r"\b(?:the )?user'?s (?:two |three |four )?(?P<rel>" + "|".join(_PLURALS) + r")\b", re.I)
# "User's sons are Abdullahi, who is fifteen, and Yusuf, who is nine", "User's two girls, Ama and Efua"
_PLURAL_SAID = re.compile(r"^User's (?:[\w-]+ ){0,2}?(?P<rel>" + "|".join(_PLURALS) + r")\b,?(?: are| were)?(?: called| named)?,?\s+"
                          r"(?P<names>(?-i:[A-Z]).*)$")  # (names first: never "User's kids are at Leeds Grammar")
_A_NAME = re.compile(r"(?<![\w'])(?-i:[A-Z][a-z\u00e0-\u024f'-]+)(?![\w'])")


def people_asked(store: MemoryStore, scope: str, query: str) -> tuple[str, list[str]] | None:
    """(the relation phrase of `query` in the plural, the names the scope holds for it), or
    None when it holds fewer than two (or more than five) of them."""
    m = _PLURAL_Q.search(query)
    if m is None:
        return None
    wanted = _PLURALS[m.group("rel").lower()]
    texts = store.introductions(scope)
    names = [_POSSESSIVE.sub("", n) for n, r in known_people(texts).items() if _norm(r) in wanted]
    for text in texts:
        said = _PLURAL_SAID.match(text)
        if said is not None and _PLURALS[said.group("rel").lower()] == wanted:
            names += [n for n in _A_NAME.findall(said.group("names")) if n != "User" and n.lower() not in _NOT_NAMES]
    names = list(dict.fromkeys(_POSSESSIVE.sub("", n) for n in names))
    return (m.group(0), names) if 2 <= len(names) <= 5 else None


def joined(hits: list[Hit], theirs: list[Hit], name: str, k: int, most: int = _JOIN) -> list[Hit]:
    """`hits` with those of the best `most` of `theirs` that name `name` that are not
    among the first `k` already, each under the first hit and above the first that
    scores less."""
    seen = {h.memory.id for h in hits[:k]}
    said = re.compile(r"(?<![\w'])" + re.escape(name) + r"(?![\w-])", re.I)
    # the renamed question's best answers that name them, unless shown already: hits that
    # name the person are not yet answers ("User's wife is Yesenia" for "which school does
    # the user's wife teach at?" leaves out "Yesenia got moved to Bonham Elementary")
    best = [h for h in theirs if said.search(h.memory.text)][:most]
    extra = [h for h in best if h.memory.id not in seen and h.score >= _MIN_SCORE]
    if not extra:
        return hits
    ids = {h.memory.id for h in extra}
    out = [h for h in hits if h.memory.id not in ids]
    for e in extra:  # under the first, above the first that answers its own question less well
        at = next((i for i, h in enumerate(out) if i > 0 and h.score < e.score), len(out))
        out.insert(at, e)
    return out


__all__ = ["joined", "people_asked", "person_asked"]
