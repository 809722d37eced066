"""Turns read again once the user says who someone is.

A person's news can reach the store before the person is introduced: sessions
ingested out of order ("renee's assistant principal at a school in Kettering now"
read before "my wife Renee teaches 3rd grade"), or a name dropped in passing before
it is explained. Read then, the news is stored under the bare name ("Renee is ...")
or, for a name written in lower case, not at all; either way it never meets the
relation's other facts, so it cannot replace them ("User's wife Renee teaches 3rd
grade" stays current). When a message introduces someone, the scope's earlier user
turns that name them are read again with the relation known, and what they now
say of the person goes through the write path at the turn's own time, as in-order
ingest would have stored it; a record of the same turn under the bare name is
retired in favour of it (the same claim, now with the relation).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING

from .models import Candidate, Decision, Memory, Outcome
from .timeutil import parse_dt, to_iso, utcnow
from .write import reconcile

if TYPE_CHECKING:
    from .llm import LLM
    from .store import Store as MemoryStore

MAX_TURNS = 200  # turns read again per person introduced (the most recent)


def introduced(before: Iterable[str], people: dict[str, str]) -> dict[str, str]:
    """The people of `people` not among `before` (by name, any case): name -> relation."""
    known = {n.lower() for n in before}
    return {n: r for n, r in people.items() if n.lower() not in known}


def read_again(store: MemoryStore, scope: str, names: dict[str, str],
               extract: Callable[[str, datetime], list[Candidate]], *, current_turn: str | None,
               llm: LLM | None = None, strategy: str = "rules", episodes: bool = True) -> list[Outcome]:
    """Re-read the scope's user turns naming each of `names` (other than the current
    one) with `extract` (a message's candidates, said at a time, with the people now
    known) and write what they now say of that person. The outcomes of the writes."""
    from .episodes import close_superseded

    outcomes: list[Outcome] = []
    for name, rel in names.items():
        lead = f"User's {rel} {name} "
        for turn in store.turns_naming(scope, name)[-MAX_TURNS:]:
            if turn["id"] == current_turn or not turn.get("ts"):
                continue
            when = parse_dt(turn["ts"])
            if when is None:
                continue
            cands = [c for c in extract(turn["content"], when) if c.text.lower().startswith(lead.lower())]
            if not cands:
                continue
            stored = store.facts_of_turn(scope, turn["id"])
            for cand in cands:
                if any(m.text == cand.text for m in stored):
                    continue
                outcomes.append(_write(store, scope, cand, turn["id"], lead, name, rel, stored,
                                       llm=llm, strategy=strategy))
                if episodes:
                    close_superseded(store, scope, outcomes[-1], turn["id"])
    return outcomes


def _write(store: MemoryStore, scope: str, cand: Candidate, turn: str, lead: str, name: str, rel: str,
           stored: list[Memory], *, llm: LLM | None, strategy: str) -> Outcome:
    """One re-read fact written; the same turn's record under the bare name retired for it."""
    now = to_iso(utcnow()) or ""
    bare_text = cand.text[len(lead):]
    # (one already retired, by an end said of them or by the same fact read again from
    # another rule of the turn, stays history as it is)
    bare = next((m for m in stored if m.text.lower() == f"{name} {bare_text}".lower()
                 and store.get(scope, m.id).active), None)
    cand.source_turns = [turn]
    cand.rule = f"{cand.rule or 'clause'}, read again"
    why = f"read again once the user said {name} is their {rel}"
    with store.transaction():
        if bare is not None:
            store.retire(scope, bare.id, reason=why, at=now, valid_until=bare.valid_from)
        out = reconcile(store, scope, cand, llm=llm, strategy=strategy, turn=turn, now=now)
        if bare is not None:
            new_id = out.memory.id if out.memory is not None else None
            store.log(Decision(scope=scope, op="UPDATE", fact=cand.text, decided_by="rule",
                               reason=f"{why}: {bare.id} said the same of {name} without the relation",
                               target=bare.id, new_id=new_id, turn=turn, at=now))
    return out

