"""The write path: reconcile a candidate fact against its neighbours in the same
scope (ADD / UPDATE / DELETE / NOOP) and apply the decision without overwriting.

Deterministic rules decide the clear cases (exact or near-identical text, a keyed
profile slot, an explicit change cue, nothing similar); a model is asked only in
the ambiguous band, and then only with short ids it must copy back. Every
decision, including rejected model replies, goes to the decision log.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .claims import Claim, adds_to, contradicts, differences, parse, says_value
from .errors import ModelError, ModelUnavailable
from .extract.corrections import moved_day
from .extract.instead import IN_ITS_PLACE
from .extract.lexicon import (
    CALLED_OFF_TEXT,
    DIETS2,
    ENDED_RE,
    OCCUPATIONS,
    PERSON_REPLACEMENT_RES,
    PLANNED_TEXT,
    RELATIONS,
    amount_replaced,
    change_said,
    partner_word,
    replacement,
)
from .extract.roles import _ROLES as SLOT_ROLES
from .extract.roles import HOLDER_LEFT, HOLDER_SUCCESSOR, TITLES, holder_left, pet_named
from .judgment import UnknownId, decide_by_model
from .llm import LLM
from .models import Candidate, Decision, Memory, Neighbour, Outcome
from .scope import validate_scope
from .store.vectors import COARSE_MIN, OVERSAMPLE
from .subjects import LEAVER_RE, LEFT_A_PLACE_RE, RELATION_RE, same_subject
from .text import claim_words, comparable, coverage_stem
from .timeutil import to_iso, utcnow

if TYPE_CHECKING:
    import numpy as np

    from .store import Store as MemoryStore

# Cosine similarities of all-MiniLM-L6-v2 between fact sentences, chosen on the eval set.
NEAR_DUPLICATE = 0.93
RELATED = 0.62
CHANGE_TARGET = 0.55

__all__ = ["Candidate", "Neighbour", "Outcome", "UnknownId", "decide_by_model", "decide_by_rules", "neighbours",
           "reconcile"]


def _says_value(text: str, value: str) -> bool:
    """Whether `text` says `value` in any form: its numbers, weekdays and words ("tuesday"
    in "practice is on Tuesdays", "5.8" not in "at four o'clock")."""
    v, t = parse("x " + value), parse(text)
    return v.numbers <= t.numbers and v.weekdays <= t.weekdays and v.words - {"x"} <= t.words | t.names


def _holds(text: str, value: str) -> bool:
    """Whether a stored record states `value` (case-insensitive, whole words)."""
    return re.search(r"(?<!\w)" + re.escape(value.lower()) + r"(?!\w)", text.lower()) is not None


def neighbours(store: MemoryStore, scope: str, cand: Candidate, vector: np.ndarray,
               k: int = 6) -> list[Neighbour]:
    """Nearest active memories in the scope: vector KNN, keyword matches (names and ids
    embed badly) and every record holding the same profile key."""
    sims, kw, rows = _nearest(store, scope, cand.text, vector, k)
    out = [Neighbour(rows[r], sims[r], r in kw) for r in sims if r in rows]
    if cand.key:
        have = {n.memory.id for n in out}
        for m in store.list_memories(scope, key=cand.key):
            if m.id not in have:
                out.append(Neighbour(m, store.similarity_to(scope, vector, m.id)))
    out.sort(key=lambda n: -n.similarity)
    return out


def _nearest(store: MemoryStore, scope: str, text: str, vector: np.ndarray, k: int
             ) -> tuple[dict[int, float], set[int], dict[int, Memory]]:
    """The k nearest records by vector and by keyword, episodes left out (what the
    user said in a turn is not a claim to reconcile with: its facts are). When
    episodes take places among the k, the 4k nearest are read instead. Both indexes
    are searched once, for 4k: their first k are what a search for k returns (the
    same candidates are rescored and sorted, ties in the same order), as long as
    4k stays within the scan's minimum of candidates."""
    wide = 4 * k * OVERSAMPLE <= COARSE_MIN
    kw_hits, vec_hits = store.search_indexes(scope, text, vector, k=4 * k if wide else k, distinctive=True,
                                             build_codes=False)
    sims, kw, rows = _matches(store, scope, vector, kw_hits[:k], vec_hits[:k])
    if not any(m.episode for m in rows.values()):
        return sims, set(kw), rows
    if sum(not m.episode for m in rows.values()) >= k:
        return _facts_of(sims, kw, rows, k)
    if not wide:
        kw_hits, vec_hits = store.search_indexes(scope, text, vector, k=4 * k, distinctive=True,
                                                 build_codes=False)
    return _facts_of(*_matches(store, scope, vector, kw_hits, vec_hits), k)


def _matches(store: MemoryStore, scope: str, vector: np.ndarray, kw_hits: list[tuple[int, float]],
             vec_hits: list[tuple[int, float]]) -> tuple[dict[int, float], list[int], dict[int, Memory]]:
    """What the two searches returned as similarities, the keyword ranking and the records."""
    sims = {rowid: 1.0 - dist for rowid, dist in vec_hits}
    kw = [rowid for rowid, _ in kw_hits]
    sims.update(store.similarities(scope, vector, [r for r in kw if r not in sims]))
    return sims, kw, store.by_rowids(scope, list(sims))


def _facts_of(sims: dict[int, float], kw_ranked: list[int], rows: dict[int, Memory], k: int
              ) -> tuple[dict[int, float], set[int], dict[int, Memory]]:
    """The k best facts by similarity and the k best by keyword, episodes dropped."""
    facts = {r: m for r, m in rows.items() if not m.episode}
    keep = set(sorted((r for r in facts if r in sims), key=lambda r: -sims[r])[:k])
    kw = [r for r in kw_ranked if r in facts][:k]
    keep |= set(kw)
    return {r: sims[r] for r in keep}, set(kw), {r: facts[r] for r in keep}


def _keyed_slot(cand: Candidate, near: list[Neighbour]) -> tuple[str, Neighbour | None, str] | None:
    """A keyed candidate against the record its single-valued slot holds, if one is near."""
    slot = [n for n in near if n.memory.key == cand.key]
    if slot:
        cur = slot[0]
        if cand.change == "delete":
            if cand.value and not _holds(cur.memory.text, cand.value):
                # "I left Amazon" when the slot already says Nike: nothing to retire
                return "NOOP", cur, f"{cand.key} slot does not hold {cand.value}; nothing to retire"
            return "DELETE", cur, f"change cue retires the {cand.key} slot"
        if cand.value and cand.value.lower() in cur.memory.text.lower() and cand.change is None:
            if (cand.key or "").startswith("count.") and not claim_words(cand.text)[0] <= claim_words(cur.memory.text)[0]:
                # "two kids, Leo and Mia" after "two kids": the same count with more said
                return "UPDATE", cur, f"{cand.key} slot holds {cand.value}; the new text says more"
            if partner_word(cand.text) not in (None, partner_word(cur.memory.text)):
                # "he's my fiancé now" of the boyfriend stored: the same person, what he is anew
                return "UPDATE", cur, f"{cand.key} slot holds {cand.value}, now as {partner_word(cand.text)}"
            return "NOOP", cur, f"{cand.key} slot already holds {cand.value}"
        return "UPDATE", cur, f"new value for the single-valued {cand.key} slot"
    return None


def decide_by_rules(cand: Candidate, near: list[Neighbour]) -> tuple[str, Neighbour | None, str] | None:
    """The clear cases. Returns (op, target, reason), or None when it is a judgment call."""
    for n in near:
        if comparable(n.memory.text) == comparable(cand.text):
            return "NOOP", n, "same text already stored"
    if cand.key in (HOLDER_LEFT, HOLDER_SUCCESSOR):  # a successor whose role is stored has its key by now
        return _holder_left(cand, near)
    if cand.key:
        keyed = _keyed_slot(cand, near)
        if keyed is not None:
            return keyed
    if cand.change and cand.source_turns:
        # one telling: a change never retires what the same turn said ("Rate 180/h, ~160h/mo"
        # is not replaced by the rate read out of it)
        turns = set(cand.source_turns)
        near = [n for n in near if not turns & set(n.memory.source_turns)]
    best = near[0] if near else None
    # "is allergic" after "is not allergic", "can't stand jazz" after "likes jazz": the
    # later statement supersedes the earlier one (seed 001: recent beats old at equal trust).
    for n in near:
        if n.similarity >= CHANGE_TARGET and n.memory.kind != "episodic" and contradicts(n.memory.text, cand.text):
            return "UPDATE", n, f"contradicts {n.memory.id} (similarity {n.similarity:.2f}); the later statement wins"
    if best and best.similarity >= NEAR_DUPLICATE and cand.change is None:
        # Similar vectors are not enough: "the locker code is 4412" and "... is 9981"
        # embed alike. The words decide whether the new text adds anything, and a
        # difference in negation, a number, a name, a date or a direction makes two claims.
        new_words, new_keys = claim_words(cand.text)
        old_words, old_keys = claim_words(best.memory.text)
        differ = differences(best.memory.text, cand.text)
        # a safety fact inside a keyed value ("vegetarian and lactose intolerant") is
        # its own record: the next value of the key ("pescatarian now") would retire it
        unprotected = cand.safety and not best.memory.safety and best.memory.key is not None
        if not differ and new_words <= old_words and new_keys <= old_keys and not unprotected:
            if cand.source == "explicit":  # what the user asked to remember is never dropped
                return "UPDATE", best, f"restates {best.memory.id} in the user's words (similarity {best.similarity:.2f})"
            return "NOOP", best, f"near-identical to {best.memory.id} (similarity {best.similarity:.2f})"
        if (not differ or adds_to(best.memory.text, cand.text)) and old_words <= new_words \
                and old_keys <= new_keys and best.memory.kind == cand.kind:
            return "UPDATE", best, f"adds detail to {best.memory.id} (similarity {best.similarity:.2f})"
        if differ:
            return "ADD", None, (f"similar to {best.memory.id} (similarity {best.similarity:.2f}) but a different "
                                 f"claim: {'; '.join(differ)}")
    if cand.change == "update" and cand.rule and cand.rule.endswith(IN_ITS_PLACE) and "; " in cand.text:
        # "User has had to give up the Scotstoun lot; found a class at the Allander instead":
        # what the end retires, the whole replaces
        end = decide_by_rules(replace(cand, text=cand.text.split("; ", 1)[0], change="delete", rule=None), near)
        if end is not None and end[0] == "DELETE" and end[1] is not None:
            return "UPDATE", end[1], f"takes the place of what it ends: {end[2]}"
    if cand.change == "delete" and _names_ended(cand.text):
        named = _named_target(cand, near)
        if named is not None:
            return _end_op(cand), named, f"change cue against {named.memory.id}, which holds what it names"
        # "I quit the Sejong classes" never retires the Hangul House ones: what it names is not there
        return _end_kept(cand, near, "change cue, but no record holds what it names")
    if cand.change in ("update", "delete"):
        kept = None  # a near record the change would retire, but that says more than the change touches
        # "used to take zinc" names the old thing: the nearest record may be the new one
        # ("takes vitamin D now"), so only what it names is retired (`_ended_target`)
        if best and best.similarity >= CHANGE_TARGET and best.memory.kind != "episodic" and same_subject(cand.text, cand.key, best.memory.text, best.memory.key) \
                and not _identity(best.memory) and _on_topic(cand, best) \
                and not _USED_TO_RE.search(cand.text) \
                and not (cand.key and best.memory.key and best.memory.key != cand.key):  # a move is not a job change
            op = _end_op(cand)
            kept = _says_more(best, cand)
            if kept is None:
                return op, best, f"change cue against {best.memory.id} (similarity {best.similarity:.2f})"
        same_topic = _same_topic(cand, near) if cand.change == "update" else None
        more = _says_more(same_topic, cand) if same_topic is not None else None
        if same_topic is not None and more is None:
            return "UPDATE", same_topic, (f"change cue against {same_topic.memory.id}: the same topic with "
                                          f"another value (similarity {same_topic.similarity:.2f})")
        kept = kept or more
        was = _from_value_target(cand, near) if cand.change == "update" else None
        if was is not None:
            return "UPDATE", was[0], f"change from {was[1]!r}, which {was[0].memory.id} holds"
        # "I've gone off nematodes, it's beer traps now": the change that names what ended
        # retires that, as a plain "stopped X" does, and the new way replaces it
        ended = _ended_target(cand, near)
        if ended is not None:
            return _end_op(cand), ended[0], f"change cue ends {ended[1]!r}, which {ended[0].memory.id} is about"
        if cand.change == "delete":
            return _end_kept(cand, near, kept or "change cue but no matching memory to retire")
        return "ADD", None, kept or "change cue but no matching memory to replace"
    if best is None or best.similarity < RELATED:
        return "ADD", None, "nothing similar stored" if best is None else (
            f"nearest is {best.memory.id} at similarity {best.similarity:.2f}")
    return None


# How near a record must be for a change to retire it with no word of its topic in common.
SAME_TOPIC_SIMILARITY = 0.8
_WHO_WORDS = frozenset(w for r in RELATIONS for w in r.split()) | {"user", "family"}


def _on_topic(cand: Candidate, n: Neighbour) -> bool:
    """Whether a change and the record its similarity found share a word of what they are
    about, beyond whom ("Marek took a job in Oslo" never retires "Marek plays guitar":
    only the brother is in common), or are near enough to need none."""
    if n.similarity >= SAME_TOPIC_SIMILARITY:
        return True
    if _both_say(cand.text, n.memory.text):
        return True
    new, old = parse(cand.text), parse(n.memory.text)
    return bool((new.words & old.words) - _GENERIC - _WHO_WORDS - new.names - old.names)


_WORK_RE = re.compile(r"\b(?:works?|working|worked|teach(?:es|ing)?|taught|jobs?|employed|hired|career|shifts?|"
                      r"principal|occupation|profession)\b", re.I)


def _both_say(a: str, b: str) -> bool:
    """Whether two texts both say where (a place named after a word of where: "goes to
    kinderopvang De Vlindertuin" / "is at basisschool De Regenboog") or both say what
    work ("teaches 3rd grade" / "is assistant principal at a school"): one topic with no
    word in common."""
    return bool((_WHERE_NAMED.search(a) and _WHERE_NAMED.search(b)) or (_works(a) and _works(b))
                or (_EATS_RE.search(a) and _EATS_RE.search(b)))


# what a diet is said with: "User eats a lot of meat" / "User is vegetarian"
_EATS_RE = re.compile(r"\b(?:eats?|eating|ate|diet|meat|fish|dairy|" + DIETS2[3:-1] + r")\b", re.I)


def _works(text: str) -> bool:
    """Whether a text says what work someone does (a word of work, or an occupation)."""
    return _WORK_RE.search(text) is not None or any(w.rstrip("s") in OCCUPATIONS for w in re.findall(r"[a-z-]+",
                                                                                                       text.lower()))


# a place named after a word of where: "at basisschool De Regenboog", "in Oslo"
_WHERE_NAMED = re.compile(r"\b(?:at|in|to|from)\s+(?:the\s+|a\s+|an\s+)?(?:[a-z][\w-]*\s+){0,2}?[A-Z]")


_TITLES = frozenset(t.lower() for t in TITLES)


def _role_holding(name: str, near: list[Neighbour]) -> Neighbour | None:
    """The active record of a work or service role ("User's dentist is Dr. Ferrer",
    key `dentist.name`) that names `name`, titles aside; never a parent's."""
    def names(v: str) -> set[str]:
        return {w for w in re.findall(r"[\w'-]+", v.lower()) if w not in _TITLES}

    said = names(name)
    for n in near:
        key = n.memory.key or ""
        if n.memory.active and key.endswith(".name") and key.count(".") == 1 and said \
                and key[:-5].replace("_", " ") in _TAKEN_OVER and said <= names(n.memory.text):
            return n
    return None


def _holder_left(cand: Candidate, near: list[Neighbour]) -> tuple[str, Neighbour | None, str]:
    """"when Dr. Ferrer retired": the role record that holds that name ("User's dentist
    is Dr. Ferrer") is no longer true; a parent's is never retired this way, and with no
    such role stored there is nothing to do (the clause that said it is kept on its own)."""
    if cand.key == HOLDER_SUCCESSOR:
        return "NOOP", None, f"no role held by the one {cand.value} took over from is stored"
    held = _role_holding(cand.value or "", near) or pet_named(cand.value or "", near)
    if held is not None and (held.memory.key or "").startswith("pet."):
        return "DELETE", held, f"{cand.value} is no longer the user's: {cand.text}"
    if held is not None:
        return "DELETE", held, f"{cand.value} no longer holds the {(held.memory.key or '')[:-5].replace('_', ' ')} " \
                               f"role: {cand.text}"
    return "NOOP", None, f"no role held by {cand.value} is stored"


def _successor(store: MemoryStore, cand: Candidate, near: list[Neighbour],
               vector: np.ndarray) -> tuple[Candidate, np.ndarray]:
    """"Dr Whitcombe has taken over from Dr Anand" when "User's doctor is Dr Anand" is
    stored: the role's new value, "User's doctor is Dr Whitcombe", keyed like the old
    one, so the slot rules replace it. Unchanged when no role holds the old name."""
    said = next((m for m in (rx.search(cand.text) for rx in PERSON_REPLACEMENT_RES) if m), None)
    held = _role_holding(said.group("a"), near) if said else None
    if held is None or not held.memory.key:
        return cand, vector
    text = f"User's {held.memory.key[:-5].replace('_', ' ')} is {cand.value}"
    return replace(cand, text=text, key=held.memory.key, kind=held.memory.kind, change="update"), store.embed_query(text)


def _end_kept(cand: Candidate, near: list[Neighbour], why: str) -> tuple[str, Neighbour | None, str]:
    """An end with nothing to retire ("lisbon's a no" before the plan was told, "quit the
    Sejong classes" when only Hangul House is stored) is itself what the user said: it
    is stored, and so a plan said in an older transcript ingested later is history at
    once (`superseded_by_later`). Only an end already stored in the same words is a NOOP."""
    if cand.key or cand.rule == "gone_without":  # an end of a slot never fills it ("I left Google" when no
        return "NOOP", None, why  # employer is stored), nor does a habit's end worked out from a span ("3 months no booze")
    said = claim_words(cand.text)[0] - _GENERIC - _END_WORDS
    for n in _targets(cand, near):
        old = parse(n.memory.text)
        if (old.negated or change_said(n.memory.text) == "delete") and said <= claim_words(n.memory.text)[0] \
                and not [d for d in differences(n.memory.text, cand.text) if d != "negation"]:
            return "NOOP", n, f"{why}; the end is already stored in {n.memory.id}"
    return "ADD", None, f"{why}; the end is kept as told"


# The words that say a thing ended, not which thing.
_END_WORDS = frozenset("quit gave give up ditched dumped cancelled canceled called off fell through longer anymore "
                       "over done finished ended dropped rid lost interest bored".split())


# Below CHANGE_TARGET a change still has a target when it is plainly the same topic:
# "Work parking is $185 a month" / "Parking went up to $210 a month".
TOPIC_TARGET = 0.40
NAMED_VALUE_TARGET = 0.25  # a change that names its old value and a thing of it
# Words any two changes share: they name no topic.
_GENERIC = frozenset("user they them their month week year day time now thing went gone go goe got get gett rose "
                     "risen fell dropped increased decreased changed moved switched became become started stopped "
                     "still also again bit lot per".split())


_NAME_RUN = re.compile(r"\b[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)*")
_PIECES = re.compile(r"\s*(?:[,;:]|\band\b|\bso\b|\bbut\b)\s*")


def _says_more(n: Neighbour, cand: Candidate) -> str | None:
    """Why a change found by similarity alone must not retire an unkeyed record: the
    parts of it that share no word with the change hold three or more names and
    numbers ("User is a nurse, two kids, Leo is 7 and Mia is 4" is not retired by "a
    nurse at a new clinic now"). Both are kept (seed 001: when in doubt, keep both),
    and the log says why."""
    if n.memory.key:
        return None
    new = parse(cand.text)
    said = new.words | new.names
    more: list[str] = []
    for piece in _PIECES.split(n.memory.text):
        claim = parse(piece)
        if not piece.strip() or (claim.words | claim.names) & said:
            continue  # the part the change is about
        more += [g for g in _NAME_RUN.findall(piece) if not g.startswith("User")]
        more += sorted(claim.numbers - new.numbers)
    more = list(dict.fromkeys(more))
    if len(more) < 3:
        return None
    return (f"change cue near {n.memory.id} (similarity {n.similarity:.2f}), which also says "
            f"{', '.join(more[:5])}: both kept")


_IDENTITY_RE = re.compile(r"^User's (?P<r>[\w' -]+?) (?:is|are) (?:called |named )?[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}$")
# roles a new person can take over ("Dr Whitcombe has taken over Dr Anand's patients"): the
# user's one-of-a-kind roles (`roles._ROLES`) but a parent, and the ties of work or school
_TAKEN_OVER = (SLOT_ROLES - {"mother", "mom", "mum", "father", "dad"}) | {"team", "teammate", "colleague", "coworker",
                                                                         "co-worker", "classmate"}


def _identity(m: Memory) -> bool:
    """A record that says only who a relative is ("User's husband is Chidi"): news of
    theirs ("Chidi is back for good") changes what they do, never who they are. Only a
    change of that same key (a new partner) replaces it, by the slot rules. A role
    ("User's doctor is Dr Anand") is no such record: someone else can take it over."""
    if m.key == "partner":
        return True
    said = _IDENTITY_RE.match(m.text)
    return said is not None and said.group("r").lower() in RELATIONS - _TAKEN_OVER


def _targets(cand: Candidate, near: list[Neighbour], floor: float | None = None,
             events: bool = False) -> Iterator[Neighbour]:
    """The neighbours a change that names what it changes may retire, nearest first:
    close enough to be on its topic, facts (not episodes), not pinned, the same subject.
    A cancellation ("lisbon's a no") may also end an event still to come, the plan; a
    value put right by name (`events`: "the wedding is not the 8th, is the 15th") any
    dated record, never what a turn said."""
    plans = cand.change == "delete" and CALLED_OFF_TEXT.search(cand.text) is not None
    for n in near:
        if n.similarity < (TOPIC_TARGET if floor is None else floor):
            return
        event = n.memory.kind == "episodic"
        if event and not (plans and not n.memory.episode and PLANNED_TEXT.search(n.memory.text)) \
                and not (events and not n.memory.episode):
            continue
        if not n.memory.pinned and not _identity(n.memory) and same_subject(cand.text, cand.key, n.memory.text, n.memory.key):
            yield n


def _named_target(cand: Candidate, near: list[Neighbour]) -> Neighbour | None:
    """What a retirement that names something ("User quit the Hangul House classes")
    retires: the closest record that holds every name it says, even when another
    record is nearer."""
    names, negated = _names_ended(cand.text), parse(cand.text).negated
    held = [n for n, old in ((n, parse(n.memory.text)) for n in _targets(cand, near))
            if names <= (old.names | old.words) and old.negated == negated]
    if held:
        # one who left ("Javi left") leaves a job: the record of the work they did, if one
        # is there, before what else is said of them ("Javi is good with the customers")
        leaver = LEAVER_RE.match(cand.text) or re.search(r"\b(?:left|quit|resigned)\b", cand.text)
        if leaver and LEFT_A_PLACE_RE.search(cand.text):
            # ("Nuria left the hospital": a place left, never who she is to the user, "User's
            # best friend here is Nuria")
            held = [n for n in held if not RELATION_RE.match(n.memory.text)]
            if not held:
                return None
        return next((n for n in held if leaver and _works(n.memory.text)), held[0])
    # a long record that the keyword index found by the name, the only one holding it ("give up
    # the Scotstoun lot" and "aqua aerobics, Tuesday mornings at Scotstoun Leisure Centre, ...")
    # ("Javi left" and "Mi primo Javi works the window with User": the only record holding the name)
    holders = [n for n in near if n.similarity >= NAMED_TARGET and n.memory.kind != "episodic"
               and not n.memory.pinned and not _identity(n.memory) and same_subject(cand.text, cand.key, n.memory.text, n.memory.key)
               and names <= parse(n.memory.text).names]
    return holders[0] if len(holders) == 1 and len(" ".join(names)) >= 4 else None


# what came in the place of a thing ended, said after it
_GOT_AFTER_RE = re.compile(r"\b(?:got|bought|picked up|ordered|leased|adopted|switched to|replaced (?:it|her|him) with|"
                           r"went for|traded (?:it|her|him) (?:in )?for)\s+(?:a|an|the|my|our|some|another|one)\b", re.I)


def _end_op(cand: Candidate) -> str:
    """UPDATE for a change, DELETE for an end, but UPDATE for an end that says what came
    in its place ("sold the Transit ..., an' got a Vauxhall Vivaro"): that is kept."""
    if cand.change != "delete":
        return "UPDATE"
    end = ENDED_RE.search(cand.text)
    return "UPDATE" if _GOT_AFTER_RE.search(cand.text, end.end() if end else 0) else "DELETE"


def _names_ended(text: str) -> frozenset[str]:
    """The names an end says, the one who left among them: of what it ends when it says
    what ("sold the Transit back to Pascoe, got a Vauxhall Vivaro" ends the Transit,
    never the Vivaro)."""
    leaver = LEAVER_RE.match(text)
    m = ENDED_RE.search(text)
    said = re.split(r"\s(?:back|to|from|with|at|in|on|for|after|off|and|an')\s", m.group("o") or m.group("f"))[0] \
        if m and (m.group("o") or m.group("f")) else text
    every = parse(text).names
    # (none in what it ends, "The Lagos posting ended early": the names it says)
    names = {n for n in every if re.search(r"\b" + re.escape(n) + r"\b", said, re.I)} or every
    return frozenset(names | ({leaver.group(1).lower()} if leaver else set()))


# How near a record found by the name a change says must be for the change to retire it.
NAMED_TARGET = 0.2


def _swapped(old: Claim, new: Claim) -> bool:
    """Whether `new` gives something `old` says another value: a number, a name, a
    weekday or a month of `old` that `new` does not say, with one of the same sort in its
    place ("rent is 1,650" / "went up to 2,100"; "works tuesday to saturday" / "open
    wed-sun now"). A value added where the old one had none is more said, not a change
    ("Ended up with a Yaris hybrid" / "Yaris lives 2 streets away now")."""
    names_a, names_b = old.names - new.words, new.names - old.words
    return any(x - y and y - x for x, y in ((old.numbers, new.numbers), (names_a, names_b),
                                            (old.weekdays, new.weekdays), (old.months, new.months)))


def _same_topic(cand: Candidate, near: list[Neighbour]) -> Neighbour | None:
    """The neighbour a change cue replaces when the vectors are not close enough alone:
    it shares a content word with the new statement and says a number, a name, a
    weekday or a month that the new statement gives another value (a new value for the
    same thing: "open wed-sun now" after "works tuesday to saturday"; never a value
    added where it had none, `_swapped`), and nothing else is as close."""
    new = parse(cand.text)
    was = replacement(cand.text)  # a change that names its old value ("rose from 5.8 to 7.1") is about what says it
    for n in near:
        if n.similarity < TOPIC_TARGET:
            break
        if was is not None and not _says_value(n.memory.text, was[0]):
            continue
        if n.memory.kind == "episodic" or _identity(n.memory) or not same_subject(cand.text, cand.key, n.memory.text, n.memory.key) \
                or (cand.key and n.memory.key and n.memory.key != cand.key):  # a new employer is no new job title
            continue
        old = parse(n.memory.text)
        # the topic is a thing both name, not the person both are about ("Renee")
        shared = (new.words & old.words) - _GENERIC - _WHO_WORDS - new.numbers - old.numbers - new.names - old.names
        diff = differences(old, new)
        works = _works(cand.text) and _works(n.memory.text)  # "teaches 3rd grade" / "principal": the job is the value
        on_topic = shared or works
        if on_topic and not works and not _swapped(old, new):
            continue  # more said of it, not another value: both kept
        if on_topic and any(d.startswith(("number", "name", "weekday", "month")) for d in diff) \
                and "negation" not in diff:
            return n
    return None


# "stopped the annotation work", "gave up the allotment", "cancelled my gym membership":
_USED_TO_RE = re.compile(r"\bused to\b", re.I)


def _from_value_target(cand: Candidate, near: list[Neighbour]) -> tuple[Neighbour, str] | None:
    """The record a change that names the old value replaces ("from A to B", "B has
    taken over A's patients", "swapped A for B"): the nearest of the same subject that
    says A (in any form: "tuesday" of "on Tuesdays") and not B."""
    pair = replacement(cand.text)
    if pair is None:
        return None
    said = pair[0]
    old, new = said.lower(), pair[1].lower()
    named = parse(old)
    if not (named.words or named.numbers or named.names or named.weekdays) or old == new:
        return None
    # an amount said beside its old one ("down to 221 from 238") names its record however far
    # the vectors put it: the record that holds that amount, of three figures or more, and every
    # other word the change says ("the bike went down to 900 from 1,200" is no rent of 1,200)
    far = amount_replaced(cand.text) and len(re.sub(r"\D", "", old)) >= 3
    rest = parse(cand.text).words - _AMOUNT_MOVES
    # a value put right by name needs less of the vectors when a thing of it is named in
    # both ("the bocce now is Saturday, not Thursday" / "Thursday morning User plays bocce")
    topic = rest - _GENERIC - _WHO_WORDS - named.words
    pool = (n for n in _targets(cand, near, floor=0.0 if far else NAMED_VALUE_TARGET, events=True)
            if n.similarity >= TOPIC_TARGET or rest <= parse(n.memory.text).words
            or (not far and topic & parse(n.memory.text).words))
    # a date is said in words beside it too: "not on 2025-05-08 (Thursday)" puts right "plays bocce on Thursday"
    gloss = re.search(re.escape(said) + r"\s*\(([^()]{1,40})\)", cand.text)
    olds = (old, gloss.group(1).lower()) if gloss and parse(gloss.group(1)).weekdays else (old,)
    return next(((n, said) for n in pool if any(_says_value(n.memory.text, o) for o in olds)
                 and not _says_value(n.memory.text, new)), None)


_AMOUNT_MOVES = frozenset("new now went gone got dropped fell rose climbed jumped raised lowered cut down up".split())


def _ended_target(cand: Candidate, near: list[Neighbour]) -> tuple[Neighbour, str] | None:
    """The record a "stopped X" retires when X names no one: the nearest of the same
    subject that holds every content word of X and is not itself a negation or a
    change ("User has gone off nematodes" ends nothing a second time)."""
    m = ENDED_RE.search(cand.text)
    said = (m.group("o") or m.group("s") or m.group("f")) if m else ""
    what = parse(said)
    if not what.words:
        return None
    # (in any form: "quit smoking" ends "User smokes 1 pack a day")
    want = {coverage_stem(w) for w in what.words | what.names}
    for n in _targets(cand, near):
        old = parse(n.memory.text)
        if want <= {coverage_stem(w) for w in old.words | old.names} and not old.negated \
                and change_said(n.memory.text) != "delete":
            return n, said
    return None


def superseded_by_later(cand: Candidate, near: list[Neighbour]) -> Neighbour | None:
    """An older statement reconciled after a newer one (transcripts ingested out of
    order): the newer record that, had the two come in order, would have replaced it
    by the same rules. Then the older one is only history: ingest order never changes
    the present."""
    if not cand.valid_from:
        return None
    mine = _record(cand, "", cand.valid_from, cand.valid_from)
    mine.id = "(this)"
    if (cand.key or "").endswith(".name"):  # "dr. okafor took a job at UBC", read before "my advisor dr. okafor"
        gone = next((n for n in near if (n.memory.valid_from or "") > cand.valid_from and any(
            _role_holding(d["value"], [Neighbour(mine, 1.0)]) for d in holder_left(n.memory.text))), None)
        if gone is not None:
            return gone
    for n in near:
        when = n.memory.valid_from
        # ("Javi left", said later, is far in meaning from "Mi primo Javi works the window": the name is the topic)
        leaver = LEAVER_RE.match(n.memory.text)
        if not when or when <= cand.valid_from or (n.similarity < TOPIC_TARGET and not (
                leaver and re.search(r"\b" + re.escape(leaver.group(1)) + r"\b", cand.text))):
            continue
        change = change_said(n.memory.text)
        if change is None or (n.memory.kind == "episodic" and change != "delete") or (  # (the same value said again)
                change == "update" and cand.key and cand.value and says_value(n.memory.text, cand.value)):
            continue
        said_later = Candidate(text=n.memory.text, kind=n.memory.kind, source=n.memory.source, key=n.memory.key,
                               change=change)
        ruled = decide_by_rules(said_later, [Neighbour(mine, n.similarity, n.keyword)])
        if ruled is not None and ruled[0] in ("UPDATE", "DELETE") and ruled[1] is not None:
            return n
    return None


def _older_than(store: MemoryStore, scope: str, cand: Candidate, vector: np.ndarray, later: Neighbour,
                shown: list[dict[str, Any]], turn: str | None, now: str) -> Outcome:
    """Store an older statement as closed history, valid until the newer record began."""
    record = _record(cand, scope, cand.valid_from or now, now)
    record.id = store.new_id()
    new = store.insert(record, vector)
    until = later.memory.valid_from or now
    store.retire(scope, new.id, reason=f"an older statement than {later.memory.id}: history", at=now,
                 valid_until=until, replaced_by=later.memory.id)
    reason = (f"said before {later.memory.id} (from {until[:10]}), which changed it (similarity "
              f"{later.similarity:.2f}): kept as history")
    if cand.rule:
        reason = f"{reason} [extracted by {cand.rule}]"
    d = store.log(Decision(scope=scope, op="ADD", fact=cand.text, decided_by="rule", reason=reason,
                           target=later.memory.id, new_id=new.id, neighbours=shown, turn=turn, at=now))
    return Outcome(op="ADD", decision=d, memory=store.get(scope, new.id), target=later.memory)


def reconcile(
    store: MemoryStore,
    scope: str,
    cand: Candidate,
    *,
    vector: np.ndarray | None = None,
    llm: LLM | None = None,
    strategy: str = "rules",
    turn: str | None = None,
    now: str | None = None,
) -> Outcome:
    """Decide and apply one candidate inside one write transaction.

    The transaction is BEGIN IMMEDIATE, so writers to the file are serialized:
    two processes proposing the same fact end with one record."""
    scope = validate_scope(scope)
    if vector is None:
        vector = store.embed_query(cand.text)
    else:
        store._ensure_vectors()
    now = now or to_iso(utcnow()) or ""
    with store.transaction():
        near = neighbours(store, scope, cand, vector)
        if cand.key == HOLDER_SUCCESSOR:
            cand, vector = _successor(store, cand, near, vector)
        shown = [n.shown() for n in near[:5]]
        decided_by = "rule"
        ruled = _exact_only(cand, near) or _restated(store, scope, cand, vector)
        if ruled is None and not (strategy == "model" and llm is not None
                                  and cand.key not in (HOLDER_LEFT, HOLDER_SUCCESSOR)):
            ruled = decide_by_rules(cand, near)
        if ruled is None and llm is not None and strategy in ("model", "both"):
            try:
                ruled = decide_by_model(llm, cand, near)
                decided_by = "model"
            except ModelUnavailable:
                raise
            except ModelError as exc:
                # Garbage or an invented id changes nothing: logged, then the safe choice.
                store.log(Decision(scope=scope, op="REJECT", fact=cand.text, decided_by="model",
                                   reason=f"model reply rejected: {exc}", neighbours=shown, turn=turn))
                fallback = exc.fallback if isinstance(exc, UnknownId) else "ADD"
                ruled = (fallback, None, f"model reply rejected ({exc}); {fallback}")
        if ruled is None:
            best = near[0]
            ruled = ("ADD", None, f"related to {best.memory.id} (similarity {best.similarity:.2f}) "
                                  "but no change cue; kept both")
        op, target, reason = ruled
        if decided_by == "rule" and cand.source == "explicit" and op == "ADD":
            decided_by = "user"
        later = superseded_by_later(cand, near) if op == "ADD" and cand.source != "explicit" else None
        if later is not None:
            return _older_than(store, scope, cand, vector, later, shown, turn, now)
        return _apply(store, scope, cand, vector, op, target.memory if target else None,
                      reason, decided_by, shown, turn, now)


def _restated(store: MemoryStore, scope: str, cand: Candidate, vector: np.ndarray
              ) -> tuple[str, Neighbour | None, str] | None:
    """A candidate that says a named active record again with a new value (a beaten
    personal best) updates that record; None when it names none, or one since retired."""
    if not cand.replaces:
        return None
    rows = store.get_many(scope, [cand.replaces])
    if not rows or rows[0].retired_at:
        return None
    sim = store.similarity_to(scope, vector, cand.replaces)
    return "UPDATE", Neighbour(rows[0], sim), cand.because or f"says {cand.replaces} again with a new value"


def _exact_only(cand: Candidate, near: list[Neighbour]) -> tuple[str, Neighbour | None, str] | None:
    for n in near:
        if comparable(n.memory.text) == comparable(cand.text):
            return "NOOP", n, "same text already stored"
    return None


def _apply(store: MemoryStore, scope: str, cand: Candidate, vector: np.ndarray, op: str,
           target: Memory | None, reason: str, decided_by: str, shown: list[dict[str, Any]],
           turn: str | None, now: str) -> Outcome:
    valid_from = cand.valid_from or now
    new: Memory | None = None
    if op == "ADD" or (op == "UPDATE" and target is None):
        op = "ADD"
        new = store.insert(_record(cand, scope, valid_from, now), vector)
    elif op in ("UPDATE", "DELETE") and target is not None and target.valid_from and valid_from < target.valid_from:
        # Said before the current fact became true (an older transcript ingested later):
        # history, never the present. An older change is kept as a closed record, unless the
        # later record only says it still holds ("still loving Saguaro Peak", or its value again): both stand.
        if op == "UPDATE" and (re.search(r"\bstill\b", target.text, re.I) or says_value(target.text, cand.value or "")):
            op, new = "ADD", store.insert(_record(cand, scope, valid_from, now), vector)
            reason = f"{reason}; but {target.id} (from {target.valid_from[:10]}) only says it still holds: both kept"
        else:
            op, new = _history(store, scope, cand, vector, op, target, valid_from, now)
            reason = f"{reason}; but it predates {target.id} (from {target.valid_from[:10]}): kept as history"
    elif op == "UPDATE" and target is not None:
        record = _record(cand, scope, valid_from, now)
        record.text = moved_day(target.text, cand.text) or record.text
        record.replaces = target.id
        record.importance = max(record.importance, target.importance)
        record.pinned = record.pinned or target.pinned
        record.safety = record.safety or target.safety
        if not record.key and target.key and "." not in target.key and amount_replaced(cand.text):
            record.key, record.kind = target.key, target.kind  # "down to 221 from 238": the weight's new value
        record.id = store.new_id()
        # The old claim stopped being true when the new one was said.
        store.retire(scope, target.id, reason=f"superseded by {record.id}", at=now,
                     valid_until=max(valid_from, target.valid_from or valid_from), replaced_by=record.id)
        new = store.insert(record, _found_as(store, cand, target, vector))
    elif op == "DELETE" and target is not None:
        store.retire(scope, target.id, reason=f"no longer true: {cand.text}", at=now,
                     valid_until=max(valid_from, target.valid_from or valid_from))
    elif op == "DELETE":
        op = "NOOP"
    if cand.rule:
        reason = f"{reason} [extracted by {cand.rule}]"
    d = store.log(Decision(scope=scope, op=op, fact=cand.text, decided_by=decided_by, reason=reason,
                           target=target.id if target else None, new_id=new.id if new else None,
                           neighbours=shown, turn=turn, at=now))
    return Outcome(op=op, decision=d, memory=new, target=target)


# An update nearer its old record than this already says it in the old words.
OTHER_WORDS = 0.55


def _found_as(store: MemoryStore, cand: Candidate, target: Memory, vector: np.ndarray) -> np.ndarray:
    """The vector of an update that names the topic of what it replaces in other words
    ("gone off nematodes, it's beer traps now" after "for slugs User swears by
    nematodes"): embedded with the old text after it, so the question the old record
    answered ("how does the user deal with slugs?") finds its successor. The stored text
    stays the user's words; an update that says the old record's words again keeps its
    own vector. (`memcli reindex` embeds the stored text alone.)"""
    old_words = claim_words(target.text)[0] - _GENERIC
    if target.kind == "episodic" or old_words <= claim_words(cand.text)[0] \
            or store.similarity_to(target.scope, vector, target.id) >= OTHER_WORDS:
        return vector
    return store.embed_query(f"{cand.text} (was: {target.text})")


def _history(store: MemoryStore, scope: str, cand: Candidate, vector: np.ndarray, op: str, target: Memory,
             valid_from: str, now: str) -> tuple[str, Memory | None]:
    """An older statement about what `target` holds now: stored closed, valid from when
    it was said until the next later fact of its slot began; the present is untouched.
    A record of the slot that was open across that date closes where this one starts."""
    if op == "DELETE":
        return "NOOP", None
    slot = store.list_memories(scope, key=cand.key, include_inactive=True) if cand.key else []
    later = [m for m in [target, *slot] if m.valid_from and m.valid_from > valid_from]
    until = min(m.valid_from for m in later if m.valid_from)
    record = _record(cand, scope, valid_from, now)
    record.id = store.new_id()
    new = store.insert(record, vector)
    store.retire(scope, new.id, reason=f"an older statement than {target.id}: history", at=now,
                 valid_until=until, replaced_by=target.id)
    for m in slot:  # read before the insert: the new record is not among them
        if m.valid_from and m.valid_from < valid_from and not m.active and (
                m.valid_until is None or m.valid_until > valid_from):
            store.close_validity(scope, m.id, valid_from)
    return "ADD", store.get(scope, new.id)


def _record(cand: Candidate, scope: str, valid_from: str, now: str) -> Memory:
    return Memory(
        id="", scope=scope, kind=cand.kind, text=cand.text.strip(), importance=cand.importance,
        confidence=cand.confidence, source=cand.source, key=cand.key, pinned=cand.pinned,
        safety=cand.safety, valid_from=valid_from, recorded_at=now, source_turns=list(cand.source_turns),
    )
