"""Episodes and facts, linked.

A user turn that says something is kept twice: as an episode, what the user said
in their own words (dated by the message, with the question it answers when the
turn before asked one; embedded with what that turn said when the reply points back
at it), and as the facts extraction draws from it. Both point at
the same turn (`source_turns`), so either leads to the other, and recall blends the
two layers: the fact is short and current, the episode carries what no fact sentence
can ("it was amazing, the kids were awestruck", a detail given in reply).

Episodes are not reconciled: each is a distinct event, never a neighbour of a fact
(`write.neighbours` leaves them out) and never merged with one. The write path's
work reaches them: when a fact drawn from a turn is superseded or ended, the
episodes of that turn are closed where the change began (`valid_until`), so they
stop outranking the current fact in recall (`RecallConfig.stale_episode`) while
`--as-of` still reads them as true then. Like every episodic memory they decay
(the `decay` and `ttl` policies act on the episodic kind) and are strengthened
by use (rehearsal).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .date_words import said_days
from .dates import resolve_dates
from .extract.corrections import said_as_meant
from .extract.grammar import to_third_person
from .extract.lexicon import OCCUPATIONS
from .extract.said import answers, points_back, said
from .models import Decision, Memory, Outcome
from .text import LOWER_WORD_RE, claim_words, content_words
from .timeutil import to_iso, utcnow

_DIGIT_RE = re.compile(r"\d")

if TYPE_CHECKING:
    import numpy as np

    from .store import Store as MemoryStore

EPISODE_IMPORTANCE = 0.4  # below a stated fact's: at equal relevance the fact comes first
EPISODE_CONFIDENCE = 0.8
NEW_WORDS = 2  # words an episode must add to its turn's facts to be worth keeping
# what a fact's rewriting changes ("my" -> "User's") or drops ("remember that ..."): no news
_REWRITTEN = frozenset({"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "im", "ive", "i'm", "i've", "i'd",
                        "i'll", "we're", "we've", "remember",
                        "note", "keep", "mind"})


ASKED = '(asked "'  # an episode that opens so holds the question of the message before


def own_words(text: str) -> str:
    """An episode's text without the question it answers (`(asked "...") `)."""
    if text.startswith(ASKED):
        end = text.find('") ')
        return text[end + 3:] if end >= 0 else text
    return text


@dataclass
class Episode:
    """The episode of a user message: its `text`, and `lead`, what the message before
    said when the reply points back at it ("They're a real support"). The lead is
    embedded with the text, so the episode is found by what it is about, but it is
    never stored: what someone else said is no memory of the user's."""

    text: str
    lead: str | None = None

    @property
    def embed_text(self) -> str:
        """What the episode's vector is of: its text told in the third person, as facts
        and questions about the user are ("I'm researching agencies" -> "User is
        researching agencies"), after its lead. The stored text stays the user's words."""
        told = vector_text(self.text, episode=True)
        return f"{self.lead} {told}" if self.lead else told

    @property
    def uses_turn_before(self) -> bool:
        """Whether the turn before is one of its sources (its question or its lead)."""
        return self.lead is not None or self.text.startswith(ASKED)


def vector_text(text: str, episode: bool) -> str:
    """What a stored record's vector is of when it is embedded again (`reindex`, an
    import): an episode's text in the third person (its lead was never stored)."""
    return to_third_person(text) if episode else text


# an episode of two sentences or more of `PART_WORDS` words has each sentence embedded on
# its own (`memory_parts`): recall reads it as near a question as its nearest sentence ("I'm
# in a 2024 Silverado these days" among a daughter's licence and a wife's teasing). Scored on
# the eval's dumped rankings against the whole message alone: dev +10 -3, test +5 -1; for
# episodes of 120 characters or more only, dev +7 -3, test +1 -0 (bench/RESULTS.md)
PART_WORDS = 3
_PART_SPLIT_RE = re.compile(r"(?<=[.!?])\s+|\n+")


def parts_of(text: str) -> list[str]:
    """The sentences of an episode of two or more, each told in the third person as its
    whole text is for its vector (`vector_text`; the question it answers opens the first);
    none for an episode of one sentence."""
    found = [p.strip() for p in _PART_SPLIT_RE.split(text) if len(p.split()) >= PART_WORDS]
    return [to_third_person(p) for p in found] if len(found) >= 2 else []


def part_vectors(embed: Callable[[list[str]], Any], records: Sequence[tuple[str, bool]]) -> list[list[np.ndarray]]:
    """Per record (its text, whether it is an episode) the vectors of its sentences
    (`parts_of`), all embedded in one call (`reindex`, an import)."""
    each = [parts_of(text) if episode else [] for text, episode in records]
    flat = [p for ps in each for p in ps]
    vectors = embed(flat) if flat else []
    out, at = [], 0
    for ps in each:
        out.append(list(vectors[at:at + len(ps)]))
        at += len(ps)
    return out


def episode_of(content: str, question: str | None = None, facts: Sequence[str] = (),
               when: datetime | None = None, statement: str | None = None) -> Episode | None:
    """The episode of a user message, or None when the message says nothing worth
    keeping (greetings, acknowledgements, questions, requests, pasted text) or nothing
    its facts do not already say ("I moved to Goa" beside "User lives in Goa"),
    unless it needs the message before to be read: the question it answers is context
    no fact keeps, and is stored with it; the `statement` a reply points back at is
    its lead. A yes/no question frames a reply only when the reply takes it up
    (`said.answers`): "do you also have a cat?" before "I'm gluten free" would store
    "cat" as said."""
    text = said(content)
    if text is None:
        return None
    text = said_as_meant(text)  # ("on Sept 21 - sorry, I misread the letter, it is 12 September")
    if when is not None:  # "a week from today" means nothing read a month later: the date it was
        text = said_days(resolve_dates(text, when)[0], text)  # (and the user's words for it beside it)
    if question and answers(question, text):
        return Episode(f'{ASKED}{question}") {text}')
    if statement and points_back(text):
        return Episode(text, lead=statement)
    told = frozenset().union(*(content_words(f) for f in facts)) if facts else frozenset()
    new = content_words(text) - told - _REWRITTEN
    # a name no fact kept is worth the turn on its own: "I started to see
    # someone. Sabrina." kept "User started to see someone" only
    return Episode(text) if len(new) >= NEW_WORDS or any(_named(w, text) for w in new) else None


def _named(word: str, text: str) -> bool:
    """Whether `text` says `word` (a claim word) as a name: "Sabrina"."""
    return word.isalpha() and re.search(r"(?<![\w'])" + re.escape(word[:1].upper() + word[1:]) + r"\b",
                                                      text) is not None


def store_episode(store: MemoryStore, scope: str, text: str, vector: np.ndarray | None, turns: list[str],
                  ts: str | None, turn: str, parts: Sequence[np.ndarray] = ()) -> Memory:
    """Insert one episode (with its sentences' vectors, `parts_of`) and log it (an ADD by
    the rule `episode`)."""
    now = to_iso(utcnow())
    m = store.insert(Memory(id="", scope=scope, kind="episodic", text=text, importance=EPISODE_IMPORTANCE,
                            confidence=EPISODE_CONFIDENCE, source="stated", valid_from=ts, recorded_at=now,
                            source_turns=turns, episode=True), vector, parts)
    store.log(Decision(scope=scope, op="ADD", fact=text[:200], decided_by="rule",
                       reason="what the user said in this turn, kept as an episode [extracted by episode]",
                       new_id=m.id, turn=turn, at=now))
    return m


def _stating(store: MemoryStore, scope: str, old: str, new: str) -> list[Memory]:
    """The episodes that name the old value of a keyed fact and not its new one: the
    names and numbers the old text has and the new lacks ("Shopify" in "User works at
    Shopify" against "User works at Brightline"), else the one or two words that
    changed. A value said in passing, in a turn the old fact was not drawn from ("work
    at Shopify is mad this week"), stated it too."""
    (old_words, old_keys), (new_words, new_keys) = claim_words(old), claim_words(new)
    gone = old_keys - new_keys
    if not gone:  # a value said in lower case ("tbilisi"): the one or two words that changed
        gone = old_words - new_words - {"user"}
        if not gone or len(gone) > 2:
            return []
    value_now = (new_keys - old_keys) or (new_words - old_words - {"user"})
    rows = store.by_rowids(scope, [r for r, _ in store.search_keyword(scope, " ".join(sorted(gone)), k=50)])
    return [m for m in rows.values() if m.episode and gone <= claim_words(m.text)[0]
            and not value_now & claim_words(m.text)[0]]


def _job_besides(text: str, old: str, new: str) -> bool:
    """Whether `text` names an occupation that neither the replaced fact nor its successor
    names: "User works part-time as a dental hygienist, Tues/Wed/Fri" says what the user
    does beside the days a new schedule replaces, and must stay."""
    def jobs(t: str) -> set[str]:
        return {w for w in LOWER_WORD_RE.findall(t.lower()) if w in OCCUPATIONS}
    return bool(jobs(text) - jobs(old) - jobs(new))


def _clause_stating(store: MemoryStore, scope: str, old: Memory, new: str) -> list[Memory]:
    """The unkeyed facts of the replaced fact's own turns that state its old value and
    not its new one ("User lives in Bình Thạnh, rent is 9 million a month", kept whole
    beside the keyed "User lives in Bình Thạnh"): history too. Never a safety fact, nor
    one that says two or more other names or numbers, nor one that names the user's
    occupation besides (what else it says must stay)."""
    (old_words, old_keys), new_keys = claim_words(old.text), claim_words(new)[1]
    gone = old_keys - new_keys
    if not gone:
        return []
    value_now = new_keys - old_keys
    # a figure alone is said of many things ("target time is 2:05", "swim class at 2:05"):
    # the record must also say what the figure was of
    of_what = {w for w in old_words - gone if not w.startswith("user") and not _DIGIT_RE.search(w)} \
        if all(_DIGIT_RE.search(g) for g in gone) else set()
    turns = set(old.source_turns)
    rows = store.by_rowids(scope, [r for r, _ in store.search_keyword(scope, " ".join(sorted(gone)), k=20)])
    out = []
    for m in rows.values():
        words, keys = claim_words(m.text)
        if m.episode or m.key or m.safety or not m.active or m.id == old.id or not turns & set(m.source_turns):
            continue
        if gone <= words and not value_now & words and len(keys - old_keys - new_keys) < 2 \
                and (not of_what or of_what & words) \
                and not _job_besides(m.text, old.text, new):
            out.append(m)
    return out


def close_superseded(store: MemoryStore, scope: str, out: Outcome, turn: str) -> list[str]:
    """After a fact's outcome: the episodes that stated what is no longer true end
    where the change began. An UPDATE or DELETE closes the episodes of the retired
    fact's turns, and an UPDATE of a keyed fact also those that name its old value
    and not its new one (`_stating`), and the unkeyed facts of its turns that do
    (`_clause_stating`); an older statement stored as history closes its
    own turn's episode where the newer fact begins. The episode of the current turn is never closed by
    its own facts. Returns the ids closed."""
    closed: list[str] = []
    if out.op in ("UPDATE", "DELETE") and out.decision.target:
        old = store.get(scope, out.decision.target)
        until = old.valid_until or (out.memory.valid_from if out.memory else None) or out.decision.at
        stated = store.episodes_of(scope, old.source_turns)
        if old.key and out.op == "UPDATE" and out.memory is not None:
            stated += _stating(store, scope, old.text, out.memory.text)
            stated += _clause_stating(store, scope, old, out.memory.text)
        for ep in stated:
            if turn not in ep.source_turns and until and ep.valid_until is None \
                    and (ep.valid_from or "") < until and ep.id not in closed:
                closed.append(ep.id)
                if ep.episode:
                    store.close_validity(scope, ep.id, until)
                    continue
                # a fact that states the replaced value is history, as the replaced fact is
                reason = f"states the old value of {old.key!r}, replaced: history from {until}"
                store.retire(scope, ep.id, reason=reason, valid_until=until)
                store.log(Decision(scope=scope, op="UPDATE", fact=ep.text[:200], target=ep.id,
                                   new_id=out.memory.id if out.memory else None, decided_by="rule", reason=reason,
                                   turn=turn, at=to_iso(utcnow())))
    elif out.memory is not None and out.memory.valid_until and not out.memory.active:
        for ep in store.episodes_of(scope, [turn]):
            if ep.valid_until is None:
                store.close_validity(scope, ep.id, out.memory.valid_until)
                closed.append(ep.id)
    return closed
