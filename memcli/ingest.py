"""Transcript input: JSONL messages, a JSON array (chat exports) or plain text
(`role: content` per line), detected automatically; then the ingest pipeline:
each new user message is extracted into facts and each fact reconciled, all
inside one transaction per message, so a killed run leaves whole messages only
and a re-run finishes the rest (messages are stored once, by content hash).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from .claims import parse
from .compared import compared_values, later_comparisons
from .date_words import months_told
from .episodes import Episode, close_superseded, episode_of, part_vectors, store_episode
from .errors import InputError, ModelError
from .extract import known_people
from .extract.people import carried_person
from .extract.pipeline import days_corrected
from .extract.said import question_of, statement_of
from .extract.spelling import respell, spellings
from .models import Candidate, Decision, Memory, Outcome
from .putright import later_corrections, later_switches, set_right
from .rebind import introduced, read_again
from .request_clauses import holds_next, keeps_back, weekday_told
from .requests import (
    ForgetRequest,
    forget_requests,
    kept_back,
    matching_memories,
    of_person_asked,
    topic_words,
    unsaid_before,
    without_requests,
)
from .results import beaten_records
from .scope import validate_scope
from .text import check_text, decode_input, load_json
from .timeutil import parse_dt, to_iso, utcnow
from .write import reconcile

if TYPE_CHECKING:
    import numpy as np

    from .llm import LLM
    from .store import Store as MemoryStore

ROLES = {"user", "assistant", "system", "tool", "function", "human", "ai", "bot", "developer"}
_ROLE_ALIASES = {"human": "user", "ai": "assistant", "bot": "assistant", "function": "tool",
                 "developer": "system"}
FORMATS = ("auto", "jsonl", "json", "text", "chatgpt", "claude")
_TEXT_LINE = re.compile(r"^\s*([A-Za-z_]+)\s*:\s?(.*)$")


@dataclass
class Message:
    role: str
    content: str
    ts: str | None
    ref: str  # file:line, or the message's own id


def _content_text(content: Any, where: str) -> Any:
    """Content parts, as some chat exports write them: strings, or objects whose
    "text" is a string (others, an image say, carry no text and are skipped)."""
    if not isinstance(content, list):
        return content
    texts: list[str] = []
    for i, part in enumerate(content):
        text = part.get("text", "") if isinstance(part, dict) else part
        if not isinstance(text, str):
            raise InputError(f"{where}: content part {i} is not text ({type(text).__name__}); "
                             "give strings or {\"text\": \"...\"} parts")
        texts.append(text)
    return " ".join(texts)


def _message(obj: Any, name: str, where: str, ref: str) -> Message:
    at = f"{name}:{where}"
    if not isinstance(obj, dict):
        raise InputError(f"{at}: expected a JSON object with role and content")
    role = obj.get("role", obj.get("speaker"))
    content = obj.get("content", obj.get("text"))
    if not isinstance(role, str) or not role:
        raise InputError(f"{at}: message has no \"role\"")
    role = role.strip().lower()
    if role not in ROLES:
        raise InputError(f"{at}: unknown role {role!r}: use user, assistant, system or tool")
    role = _ROLE_ALIASES.get(role, role)
    content = _content_text(content, at)
    if not isinstance(content, str):
        raise InputError(f"{at}: message has no text \"content\"")
    check_text(content, at, "content")
    ts_raw = obj.get("ts", obj.get("timestamp", obj.get("created_at")))
    try:
        ts = to_iso(parse_dt(ts_raw)) if ts_raw not in (None, "") else None
    except InputError as exc:
        raise InputError(f"{at}: {exc}") from None
    mid = obj.get("id") or obj.get("dia_id")
    if isinstance(mid, str):
        check_text(mid, at, "id")
    elif not isinstance(mid, int) or isinstance(mid, bool):
        mid = None  # an id that is not a string or a number: the file position names it
    return Message(role=role, content=content, ts=ts, ref=str(mid) if mid else ref)


def detect_format(text: str) -> str:
    head = text.lstrip()
    if head.startswith("["):
        return "json"
    if head.startswith("{"):
        return "jsonl"
    return "text"


def parse_messages(data: bytes, name: str, fmt: str = "auto") -> list[Message]:
    """Parse a whole input before anything is written, so bad input writes nothing."""
    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r}: use {', '.join(FORMATS)}")
    text = decode_input(data, name, expected="a transcript (JSONL, JSON array or text)",
                        empty_hint="give a transcript file or pipe messages on stdin")
    forced_export = fmt if fmt in ("chatgpt", "claude") else None
    if fmt == "auto" or forced_export:
        fmt = "json" if forced_export else detect_format(text)
    out: list[Message] = []
    if fmt == "json":
        arr = load_json(text, name)
        from .exports import chat_export

        exported = chat_export(arr, name, forced_export)  # ChatGPT / Claude conversations.json
        if exported is not None:
            out, arr = [Message(*m) for m in exported], []
        if isinstance(arr, dict) and isinstance(arr.get("messages"), list):
            arr = arr["messages"]
        if not isinstance(arr, list):
            raise InputError(f"{name}: expected a JSON array of messages")
        for i, obj in enumerate(arr):
            out.append(_message(obj, name, f"[{i}]", f"{name}#{i}"))
    elif fmt == "jsonl":
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            obj = load_json(line, name, line=lineno)
            out.append(_message(obj, name, str(lineno), f"{name}:{lineno}"))
    else:
        current: dict[str, Any] | None = None
        for lineno, line in enumerate(text.splitlines(), 1):
            m = _TEXT_LINE.match(line)
            if m and m.group(1).lower() in ROLES:
                if current:
                    out.append(_message(current, name, str(current["line"]), f"{name}:{current['line']}"))
                current = {"role": m.group(1), "content": m.group(2), "line": lineno}
            elif current is not None:
                current["content"] += "\n" + line
            elif line.strip():
                raise InputError(
                    f"{name}:{lineno}: expected 'role: content' (user:, assistant:, ...) or JSON; use --format to force")
        if current:
            out.append(_message(current, name, str(current["line"]), f"{name}:{current['line']}"))
    for msg in out:
        msg.content = msg.content.strip()
    out = [m for m in out if m.content]
    if not out:
        raise InputError(f"{name}: no messages found")
    return out


@dataclass
class IngestStats:
    messages: int = 0
    new: int = 0
    user_messages: int = 0
    facts: int = 0
    discarded: int = 0
    ops: dict[str, int] = field(default_factory=lambda: {"ADD": 0, "UPDATE": 0, "DELETE": 0, "NOOP": 0})
    model_calls: int = 0
    forgotten: int = 0  # memories archived because the user asked
    seconds: float = 0.0

    def merge(self, other: IngestStats) -> None:
        self.messages += other.messages
        self.new += other.new
        self.user_messages += other.user_messages
        self.facts += other.facts
        self.discarded += other.discarded
        for k, v in other.ops.items():
            self.ops[k] = self.ops.get(k, 0) + v
        self.model_calls += other.model_calls
        self.forgotten += other.forgotten
        self.seconds += other.seconds

    def to_dict(self) -> dict[str, Any]:
        return {"messages": self.messages, "new": self.new, "user_messages": self.user_messages,
                "facts": self.facts, "discarded": self.discarded, **{k.lower(): v for k, v in self.ops.items()},
                "model_calls": self.model_calls, "forgotten": self.forgotten, "seconds": round(self.seconds, 3)}


def candidates_for(msg: Message, now: datetime, *, llm: LLM | None, strategy: str,
                   people: dict[str, str] | None = None, names: dict[str, str] | None = None,
                   last: str | None = None) -> tuple[list[Candidate], list[tuple[str, str]]]:
    """Facts of one message as reconciliation candidates, plus the (clause, reason) discarded.
    `names` (see `extract.spelling`): names the session spells that the rules read in the
    message as spelled there; `last`: whom an opening "she"/"he" means."""
    if strategy == "model" and llm is not None:
        from .extract_model import extract_with_model

        try:
            return extract_with_model(llm, msg.content, now)
        except ModelError as exc:  # before the message's transaction: it stays unstored, a re-run retries it
            raise ModelError(f"{msg.ref}: extraction by the model failed: {exc}. This message and the "
                             "ones after it were not stored; re-run once the model works "
                             "(or use --strategy rules)") from None
    from .extract import extract_facts

    ext = extract_facts(respell(msg.content, names or {}), now, role=msg.role, people=people, last=last)
    cands = [
        Candidate(
            text=f.text, kind=f.kind, importance=f.importance,
            confidence=0.95 if f.source == "explicit" else 0.8, source=f.source, key=f.key,
            value=f.value, change=f.change, valid_from=to_iso(now), safety=f.safety, rule=f.rule,
            pinned=f.source == "explicit" and f.safety,
        )
        for f in ext.facts
    ]
    return cands, [(d.clause, d.reason) for d in ext.discarded]


def store_verbatim(store: MemoryStore, scope: str, cand: Candidate, vector: Any, turn_id: str) -> Outcome:
    """`--raw`: the message itself as an episodic memory, no extraction or reconciliation."""
    now = to_iso(utcnow())
    m = store.insert(Memory(id="", scope=scope, kind="episodic", text=cand.text, importance=cand.importance,
                            confidence=0.8, source="stated", valid_from=cand.valid_from, recorded_at=now,
                            source_turns=[turn_id]), vector)
    d = store.log(Decision(scope=scope, op="ADD", fact=cand.text[:200], decided_by="rule",
                           reason="raw: message stored verbatim", new_id=m.id, turn=turn_id, at=now))
    return Outcome(op="ADD", decision=d, memory=m)


def _corrects_only(text: str, when: datetime) -> bool:
    from .extract import message_correction, message_restated

    return message_correction(text, when) is not None or bool(message_restated(text))


# the words of a value, no topic: "the 16th", "8 am", "Sat"
_VALUE_WORDS = {"st", "nd", "rd", "th", "am", "pm", "kg", "lb", "km", "mg", "mon", "tue", "wed", "thu", "fri", "sat",
                "sun", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "is", "on"}


def _restated_candidate(text: str, when: datetime, said_before: list[Memory]) -> Candidate | None:
    """"correction: CE course is Sat the 16th, typed it wrong" after "CE implant course on the
    14th": the fact of the message before that the clause is about (a word of it besides
    the value), said again with the clause's value of the same shape; it replaces that fact."""
    from .dates import resolve_dates
    from .extract import corrected, message_restated
    from .extract.corrections import same_shape, values_in
    from .recall.query import STOPWORDS

    for clause in message_restated(text):
        resolved = resolve_dates(clause, when)[0]
        topic = {w for w in re.findall(r"[a-z]{2,}", resolved.lower()) if w not in STOPWORDS} - _VALUE_WORDS
        for m in reversed(said_before):
            if not topic & set(re.findall(r"[a-z]{2,}", m.text.lower())):
                continue
            for new in reversed(values_in(resolved)):
                fixed = corrected(m.text, None, new)
                if fixed is not None and values_in(fixed[1]) and same_shape(fixed[1], new):
                    value = fixed[2] if m.key else None
                    return Candidate(text=fixed[0], kind=m.kind, importance=m.importance, key=m.key, value=value,
                                     change="update", valid_from=to_iso(when), safety=m.safety, rule="correction",
                                     replaces=m.id,
                                     because=f"a correction of the message before: {fixed[1]} -> {fixed[2]}")
    return None


def _correction_candidate(text: str, when: datetime, said_before: list[Memory]) -> Candidate | None:
    """"sorry, I meant 41" after "my locker is 14": the last fact of the user's message
    before, said again with the right value; it replaces that fact."""
    from .extract import corrected, message_correction
    from .extract.instead import same_month

    if not said_before:
        return None  # nothing said before that a correction could put right
    corr = message_correction(text, when)
    if corr is None:
        return _restated_candidate(text, when, said_before)
    for m in reversed(said_before):
        fix = same_month(corr, m.text)  # "it's the 14th" of a fact dated the 12th: the same month
        fixed = corrected(m.text, *fix)
        if fixed is not None:
            new_text, old, new = fixed
            value = new if m.key else None
            return Candidate(text=new_text, kind=m.kind, importance=m.importance, key=m.key, value=value,
                             change="update", valid_from=to_iso(when), safety=m.safety, rule="correction",
                             replaces=m.id, because=f"a correction of the message before: {old} -> {new}")
    return None


def _reply_candidates(question: str | None, reply: str, when: datetime, people: dict[str, str],
                      have: list[Candidate], statement: str | None = None) -> list[Candidate]:
    """"Are you still on 13p a word?" -> "14p since January": the question's statement
    with the reply's value, read as the user's own words, each fact a change (the
    reply says the old value no longer holds); "Since you grew up in Swakopmund ..." ->
    "Ag no man, Keetmanshoop." the same (`said.denied_reply`). Facts the reply already
    gave are not repeated."""
    from .extract import extract_facts
    from .extract.said import denied_reply, value_reply

    said = (value_reply(question, reply) if question else None) or denied_reply(statement or question, reply)
    if said is None:
        return []
    seen = {c.text for c in have}
    return [Candidate(text=f.text, kind=f.kind, importance=f.importance, key=f.key, value=f.value,
                      change=f.change or "update", valid_from=to_iso(when), safety=f.safety,
                      rule=f"value_reply/{f.rule}")
            for f in extract_facts(said, when, people=people).facts if f.text not in seen]


def forget_matching(store: MemoryStore, scope: str, req: ForgetRequest, turn_id: str, ts: str) -> list[str]:
    """Archive what a forget request names (the user's decision, logged per record);
    a request that matches nothing is logged too, so `memcli log` says why nothing went."""
    vector = store.embed_query(req.topic)
    months = months_told(req.clause)
    found = matching_memories(store, scope, req.topic, vector, loose=months is not None)
    found += _confided(store, scope, req.clause, vector, {m.id for m, _ in found})
    weekday = weekday_told(req.clause)  # ("Re: Hollis item from Tues")
    if _LAST_SITTING.search(req.clause) or weekday is not None:
        found = _told_last(store, scope, found, ts, weekday)
    elif months:
        found = _told_in(store, scope, found, months, ts)
    reason = f"the user asked to forget {req.topic!r}: {req.clause[:160]}"
    found = [(m, sim) for m, sim in found if store.get(scope, m.id).active  # one request's archive is not redone
             and of_person_asked(req.topic, req.clause, m.text)]
    for m, _sim in found:
        store.archive(scope, m.id, reason=reason, at=ts)
        store.log(Decision(scope=scope, op="ARCHIVE", fact=m.text, target=m.id, decided_by="user",
                           reason=reason, turn=turn_id, at=ts))
    if not found:
        store.log(Decision(scope=scope, op="NOOP", fact=req.clause[:200], decided_by="user",
                           reason=f"a request to forget {req.topic!r} matched no stored memory", turn=turn_id, at=ts))
    return [m.id for m, _ in found]


# What the user said in confidence ("Something else, between me and you. Persaud upstairs lose
# he whole pension at the casino"): the story a later request to forget most likely means
_CONFIDED = re.compile(r"\b(?:between (?:me and you|you and me|us|ourselves)|in (?:strict |strictest )?confidence|"
                       r"(?:don'?t|do not) tell (?:anyone|anybody|a soul)|keep (?:this|it) to yourself|off the record|"
                       r"entre nous|(?:strictly )?confidential)\b", re.I)


_ASKING = topic_words("forget erase delete remove wipe scratch drop tell told said say mentioned please pls oh hey "
                      "alright ok okay completely entirely thanks yeah aye mate")


def _confided(store: MemoryStore, scope: str, clause: str, vector: np.ndarray, have: set[str]) -> list[tuple[Memory, float]]:
    """The memories of a turn said in confidence that share any word the request's clause
    names its story by ("that business about the people upstairs in the old place, the
    quarrelling and the money, forget that": the story told "between me and you" of the man
    upstairs and his quarrels), beyond those the topic names whole (`have`)."""
    words = topic_words(clause) - _ASKING
    if not words:
        return []
    loose = [(m, sim) for m, sim in matching_memories(store, scope, " ".join(sorted(words)), vector, loose=True, confided=True)
             if m.id not in have]
    said = {t["id"]: str(t.get("content") or "") for t in store.turns(scope, sorted({t for m, _ in loose for t in m.source_turns}))}
    out = [(m, sim) for m, sim in loose if any(_CONFIDED.search(said.get(t, "")) for t in m.source_turns)]
    # the whole confided message matched: what else it told of others goes with it ("Persaud
    # lose he whole pension"), what it told of the user stays
    told = {t for m, _ in out if m.kind == "episodic" for t in m.source_turns}
    taken = have | {m.id for m, _ in out}
    out += [(m, 0.0) for t in sorted(told) for m in store.facts_of_turn(scope, t)
            if m.id not in taken and "User" not in m.text]
    return list({m.id: (m, sim) for m, sim in reversed(out)}.values())


# A request for what was told in the last sitting: "that business I told you about Ewan last
# time", "what I said about her the other day", "in our last chat".
_LAST_SITTING = re.compile(r"\b(?:last time|last session|the other day|yesterday|(?:on|in) our (?:last|previous) "
                           r"(?:chat|conversation|session)|la derni[èe]re fois|la [úu]ltima vez|da [úu]ltima vez)\b", re.I)


def _told_last(store: MemoryStore, scope: str, found: list[tuple[Memory, float]],
               ts: str, weekday: int | None = None) -> list[tuple[Memory, float]]:
    """Of the memories a request names, those told on the last day before it that told
    any of them ("what I told you about Ewan last time" is the story of that day, not
    where Ewan works, told a month before), or the last such `weekday` ("Re: Hollis item
    from Tues"); all of them when none was told before."""
    said = {t["id"]: str(t["ts"] or "")[:10]
            for t in store.turns(scope, sorted({t for m, _ in found for t in m.source_turns}))}
    day = {m.id: max((said.get(t, "") for t in m.source_turns), default="") for m, _ in found}
    last = max((d for d in day.values() if d and d < ts[:10]
                and (weekday is None or datetime.fromisoformat(d).weekday() == weekday)), default=None)
    return [(m, sim) for m, sim in found if day[m.id] == last] if last else found


def _told_in(store: MemoryStore, scope: str, found: list[tuple[Memory, float]], months: frozenset[int],
             ts: str) -> list[tuple[Memory, float]]:
    """Of the memories a request names, those told in `months` (its latest before the
    request): "the Kasia thing from August" is what was said of her then, not that she is a
    dentist; none when none was told then (what was told then may be ingested later:
    `forget_said_before`)."""
    said = {t["id"]: str(t["ts"] or "") for t in store.turns(scope, sorted({t for m, _ in found for t in m.source_turns}))}
    named = {f"{n:02d}" for n in months}
    when = {m.id: [said[t][:7] for t in m.source_turns if said.get(t, "")[5:7] in named and said[t] < ts]
            for m, _ in found}
    latest = max((w for ws in when.values() for w in ws), default=None)
    return [(m, sim) for m, sim in found if latest in when[m.id]]


def _in_month_asked(clause: str, ts: str, asked_at: str) -> bool:
    """Whether a message said at `ts` is of the month a request names, if it names one
    (within the year before it was asked)."""
    months = months_told(clause)
    if months is None:
        return True
    said, asked = parse_dt(ts), parse_dt(asked_at)
    return said is not None and asked is not None and said.month in months and (asked - said).days < 366


# How soon after a message "forget that" may be said of it.
_UNSAY_WITHIN = timedelta(hours=2)


def _unsay(store: MemoryStore, scope: str, content: str, last_user: tuple[str, datetime] | None, when: datetime,
           turn_id: str, ts: str) -> int:
    """`forget_turn` of the user's message before, when this one asks it (`unsaid_before`)
    soon enough after it (`_UNSAY_WITHIN`), or of a numbered item of what the user wrote,
    asked for by its number (`_withdraw_item`). The number archived."""
    unsay = unsaid_before(content)
    if not unsay:  # "I withdraw paragraph 6": an item of what was said, by its number
        return _withdraw_item(store, scope, content, when, turn_id, ts)
    if last_user is None or not timedelta(0) <= when - last_user[1] <= _UNSAY_WITHIN:
        return 0
    return forget_turn(store, scope, last_user[0], unsay, turn_id, ts)


# "I withdraw paragraph 6", "please forget point 3", "delete item 2": a numbered item of
# what the user wrote before
_ITEM_ASKED = re.compile(r"\b(?:withdraw|retract|forget|delete|remove|strike|scratch|disregard|drop|erase)\s+"
                         r"(?:out\s+)?(?:(?:my|the|your)\s+)?(?:paragraph|point|item|number|no\.?|#)\s*(\d{1,2})\b", re.I)
# How long after a numbered item the user may point back at it by its number.
_ITEM_WITHIN = timedelta(days=1)


def _withdraw_item(store: MemoryStore, scope: str, content: str, when: datetime, turn_id: str, ts: str) -> int:
    """Archive a numbered item of what the user wrote in the last day, asked for by its
    number (`_ITEM_ASKED`): the turn that is that item ("6. A colleague, Marcus, has ..."),
    or, of a turn that lists it among others, the facts drawn from its line and the turn's
    episode. The number archived."""
    asked = _ITEM_ASKED.search(content)
    if asked is None:
        return 0
    item = re.compile(r"(?m)^\s*" + asked.group(1) + r"[.)]\s+(?P<line>.+)$")
    for turn in reversed(store.turns_naming(scope, asked.group(1))):
        said, line = parse_dt(turn["ts"]), item.search(turn["content"])
        if turn["id"] == turn_id or line is None or said is None or not timedelta(0) <= when - said <= _ITEM_WITHIN:
            continue
        if line.start() == len(turn["content"]) - len(turn["content"].lstrip()) and not item.search(
                turn["content"], line.end()):  # the turn is the item
            return forget_turn(store, scope, turn["id"], asked.group(0), turn_id, ts)
        words = parse(line["line"]).words
        reason = f"the user asked not to keep item {asked.group(1)} of what they wrote: {asked.group(0)}"
        # (its episode holds the item's words too: it goes, the other items' facts stay)
        gone = [m for m in store.facts_of_turn(scope, turn["id"])
                if (w := parse(m.text).words) and len(w & words) * 2 >= len(w)] + store.episodes_of(scope, [turn["id"]])
        for m in gone:
            store.archive(scope, m.id, reason=reason, at=ts)
            store.log(Decision(scope=scope, op="ARCHIVE", fact=m.text, target=m.id, decided_by="user", reason=reason,
                               turn=turn_id, at=ts))
        return len(gone)
    return 0


def _last_user(store: MemoryStore, scope: str) -> tuple[str, datetime] | None:
    """The scope's latest user turn and when it was said, stored by an earlier ingest (a
    pipeline that feeds one message at a time): "forget that" may point back at it."""
    turn = store.last_user_turn(scope)
    when = parse_dt(turn[1]) if turn and turn[1] else None
    return (turn[0], when) if turn and when else None


def _held(store: MemoryStore, scope: str, last_user: tuple[str, datetime] | None, when: datetime) -> bool:
    """Whether the user's message before asked, alone, that the next one not be kept ("yarn for
    your ears only eh, don't go storing this one", `holds_next`), in this ingest or an earlier one,
    said soon enough before this one (`_UNSAY_WITHIN`: never a session ingested out of order)."""
    return last_user is not None and timedelta(0) <= when - last_user[1] <= _UNSAY_WITHIN \
        and any(holds_next(t["content"]) for t in store.turn_log.fetch(scope, [last_user[0]]))


def forget_turn(store: MemoryStore, scope: str, said_in: str, clause: str, turn_id: str, ts: str) -> int:
    """Archive what the user's message before told (`said_in`, its turn), as the user asked
    right after it ("forget that, not my business", `requests.unsaid_before`): every active
    memory of that turn, each logged as the user's decision. The number archived."""
    reason = f"the user asked right after it not to keep what they had just said: {clause[:160]}"
    gone = store.facts_of_turn(scope, said_in) + store.episodes_of(scope, [said_in])
    for m in gone:
        store.archive(scope, m.id, reason=reason, at=ts)
        store.log(Decision(scope=scope, op="ARCHIVE", fact=m.text, target=m.id, decided_by="user",
                           reason=reason, turn=turn_id, at=ts))
    if not gone:
        store.log(Decision(scope=scope, op="NOOP", fact=clause[:200], decided_by="user",
                           reason="a request not to keep the message before, which left no memory", turn=turn_id, at=ts))
    return len(gone)


@dataclass
class _Asked:
    """A forget request made in the scope (its REQUEST row) and its topic's vector, embedded
    once, when first needed."""

    request: Decision
    vector: Any = None


def _forget_now(store: MemoryStore, scope: str, forgets: list[ForgetRequest], turn_id: str, ts: str,
                asked: list[_Asked], before: tuple[str, datetime] | None = None, when: datetime | None = None) -> int:
    """Act on a message's forget requests (`forget_matching`), each logged (op REQUEST)
    and remembered in `asked` for what the rest of the ingest brings that was said before
    it. A request that points back at the user's message right before it (`before`, said
    soon enough: `_UNSAY_WITHIN`) forgets that message whole: when it matched something of
    that message ("Strike that about Greyling"), or when it matched nothing stored and that
    message says a word of the topic or, said minutes before, the topic names no one
    ("forget that ticket", `_points_back`). The number archived."""
    n = 0
    for req in forgets:
        asked.append(_Asked(store.log(Decision(scope=scope, op="REQUEST", fact=req.topic, decided_by="user",
                                               reason=req.clause[:200], turn=turn_id, at=ts))))
        soon = before is not None and when is not None and timedelta(0) <= when - before[1] <= _UNSAY_WITHIN
        told = {m.id for m in store.facts_of_turn(scope, before[0]) + store.episodes_of(scope, [before[0]])} \
            if soon and before is not None else set()
        found = forget_matching(store, scope, req, turn_id, ts)
        n += len(found)
        if not soon or before is None or when is None:
            continue
        # "Strike that about Greyling", just after "Client Greyling Bros. SARS investigating them
        # for VAT fraud": a match in the message before points at all of it
        if (told & set(found) and _pointed(req)) or (not found and _points_back(req, store, scope, before[0],
                                                                                 when - before[1])):
            n += forget_turn(store, scope, before[0], req.clause, turn_id, ts)
    return n


def _pointed(req: ForgetRequest) -> bool:
    """Whether a request's words point back at what was just said ("that ticket", "that
    bit about ...", "forget I said that about Shug"), not at another time ("that ticket I
    told you about from the winter")."""
    at = req.clause.lower().find(req.topic.lower())
    return bool(_POINTS_BACK.search(req.clause[:at + len(req.topic)] if at >= 0 else req.topic)) \
        and not _TOLD_BEFORE.search(req.clause)


_JUST_SAID = timedelta(minutes=10)
_POINTS_BACK = re.compile(r"\b(?:that|this|those|these|the above)\b", re.IGNORECASE)
# what was told another time: "from the winter", "last time", "a while ago"
_TOLD_BEFORE = re.compile(r"\b(?:from|in) the (?:winter|summer|spring|autumn|fall)\b|"
                          r"\b(?:last (?:time|week|month|year)|before|earlier|ago|back in)\b", re.IGNORECASE)


def _points_back(req: ForgetRequest, store: MemoryStore, scope: str, said_in: str, gap: timedelta) -> bool:
    """Whether a request is of the message before (said `gap` before it): its words point
    back ("that ticket", "that bit about ...") and not to another time ("I told you about
    in the winter"), and that message's memories say a word of the topic, or the topic
    names no one and the message was said minutes before (a ticket, a story: what was
    just told)."""
    from .claims import parse as claim
    from .requests import said_words, topic_words

    if not _pointed(req):
        return False
    want = topic_words(req.topic)
    said = store.facts_of_turn(scope, said_in) + store.episodes_of(scope, [said_in])
    if not said:
        return False
    names_no_one = not claim(req.topic).names and not re.search(r"\b[A-Z]", req.topic)
    # ("what I said about that family and the court stuff" is a telling of its own, maybe of
    # another day, not the message before: only one that says its words is it)
    told = re.search(r"\b(?:said|told|mentioned|wrote)\b", req.clause, re.IGNORECASE) is not None
    return any(want & ((c := said_words(m.text)).words | c.names) for m in said) \
        or (names_no_one and gap <= _JUST_SAID and not told)


def forget_said_before(store: MemoryStore, scope: str, requests: list[_Asked], new: list[Memory], ts: str,
                       turn_id: str) -> int:
    """Archive what a message ingested late tells of a topic the user asked, later, to
    forget: sessions ingested out of order forget what in-order ingest would have
    (`requests.matches`, and what the same turn says beside a match when it shares a
    word of the topic). The number archived."""
    from .requests import matches, shares_topic, topic_words

    new = [m for m in new if turn_id in m.source_turns]  # not an older record a NOOP pointed at
    gone: set[str] = set()
    for asked in requests:
        req = asked.request
        if not req.at or req.at <= ts or not new or not _in_month_asked(req.reason, ts, req.at):
            continue
        if asked.vector is None:
            asked.vector = store.embed_query(req.fact)
        sims = {m.id: store.similarity_to(scope, asked.vector, m.id) for m in new if m.id not in gone}
        loose = months_told(req.reason) is not None  # (of the month named: any word of the topic)
        hit = [m for m in new if m.id in sims and matches(req.fact, m.text, sims[m.id], loose)]
        want = topic_words(req.fact)
        if hit:
            hit += [m for m in new if m.id in sims and m not in hit and shares_topic(want, m.text)]
        reason = f"the user asked on {(req.at or '')[:10]} to forget {req.fact!r}: {req.reason[:160]}"
        for m in hit:
            store.archive(scope, m.id, reason=reason, at=ts)
            store.log(Decision(scope=scope, op="ARCHIVE", fact=m.text, target=m.id, decided_by="user",
                               reason=reason, turn=turn_id, at=ts))
            gone.add(m.id)
    return len(gone)


def _told(msg: Message, when: datetime, *, llm: LLM | None, strategy: str, people: dict[str, str],
          said_before: list[Memory], names: dict[str, str] | None = None, held: bool = False,
          ) -> tuple[str, list[Candidate], list[ForgetRequest], list[tuple[str, str]], dict[str, str]]:
    """One user message read: (what it tells once forget requests are set apart, the
    candidates, the requests, the discards, the people it introduced); `people` learns
    whom it names. `held`: the message before asked that this one not be kept (`holds_next`)."""
    known_before = list(people)
    # "pls forget what I told you about X": acted on by the caller, never a fact itself
    forgets = forget_requests(msg.content)
    told = msg
    discards: list[tuple[str, str]] = []
    if forgets:
        rest, spans = without_requests(msg.content)
        told = Message(role=msg.role, content=rest, ts=msg.ts, ref=msg.ref)
        discards += [(x, "a request to forget, not a fact") for x in spans]
    elif msg.role == "user" and (held or kept_back(msg.content) or keeps_back(msg.content)):  # "ok dont save this but ..."
        told = Message(role=msg.role, content="", ts=msg.ts, ref=msg.ref)
        discards.append((msg.content[:300], "the user asked " + ("in the message before" if held else "in it") + " that it not be kept"))
    last = carried_person(told.content, (m.text for m in said_before), people)  # "she teaches 3rd grade"
    cands, more = candidates_for(told, when, llm=llm, strategy=strategy, people=people, names=names, last=last) \
        if told.content.strip() else ([], [])
    discards += more
    people.update(known_people(c.text for c in cands))
    # "ah I said that wrong, it's June 21 to 24, we leave on the saturday": the fix, then what else it says
    fix = _correction_candidate(msg.content, when, said_before)
    return told.content, [fix, *cands] if fix is not None else cands, forgets, discards, introduced(known_before, people)


def _read_again(store: MemoryStore, scope: str, met: dict[str, str], people: dict[str, str], turn_id: str,
                stats: IngestStats, *, llm: LLM | None, strategy: str, episodes: bool, stored: list[Memory]) -> None:
    """`rebind.read_again` with the rules' extraction, the people now known; and what a later
    comparison says of a fact just stored (`compared.later_comparisons`); counted in `stats`."""
    for cand in later_comparisons(store, scope, stored, people) + later_corrections(store, scope, stored) \
            + later_switches(store, scope, stored):
        cand.source_turns = [turn_id]
        stats.facts += 1
        stats.ops[reconcile(store, scope, cand, llm=llm, strategy=strategy, turn=turn_id, now=to_iso(utcnow())).op] += 1
    if not met:
        return

    def rules(content: str, at: datetime) -> list[Candidate]:
        said = Message(role="user", content=content, ts=to_iso(at), ref="")
        return candidates_for(said, at, llm=None, strategy="rules", people=people)[0]

    for out in read_again(store, scope, met, rules, current_turn=turn_id, llm=llm, strategy=strategy,
                          episodes=episodes):
        stats.facts += 1
        stats.ops[out.op] += 1


def _known(store: MemoryStore, scope: str, messages: list[Message], raw: bool
           ) -> tuple[dict[str, str], dict[str, str], list[_Asked]]:
    """What an ingest reads before its first message: the people the user introduced ("my
    girlfriend Niamh": a later "Niamh is from Galway" is hers), the names the session spells
    with capitals (for a user who types them in lower case, `extract.spelling`), and the
    requests to forget made before."""
    if raw:
        return {}, {}, []
    return (known_people(store.introductions(scope)), spellings(m.content for m in messages if m.role != "user"),
            [_Asked(r) for r in store.forget_requests(scope)])


def _embedded(store: MemoryStore, cands: list[Candidate], episode: Episode | None) -> tuple[np.ndarray | list[Any],
                                                                                          list[Any]]:
    """The vectors of the candidates and the episode (one batch), and those of the episode's
    sentences (`parts_of`: a batch of their own, so the short are not padded to the long)."""
    texts = [c.text for c in cands] + ([episode.embed_text] if episode else [])
    parts = part_vectors(store.embed_many, [(episode.text, True)])[0] if episode else []
    return (store.embed_many(texts) if texts else []), parts


def ingest(
    store: MemoryStore,
    scope: str,
    messages: Iterable[Message],
    *,
    source: str,
    raw: bool = False,
    llm: LLM | None = None,
    strategy: str = "rules",
    now: str | None = None,
    on_message: Callable[[], None] | None = None,
    episodes: bool = True,
) -> IngestStats:
    scope = validate_scope(scope)
    stats = IngestStats()
    t0 = time.perf_counter()
    default_ts = now or to_iso(utcnow())
    messages = list(messages)
    people, names, asked_to_forget = _known(store, scope, messages, raw)
    said_before: list[Memory] = []
    before: tuple[str, str | None, str | None] | None = None  # (turn id, question, statement) of the message before
    last_user = None if raw else _last_user(store, scope)  # the user's message before: its turn and when
    for msg in messages:
        stats.messages += 1
        ts = msg.ts or default_ts
        if store.turn_exists(scope, msg.role, msg.content, ts):
            before = None
            if on_message:
                on_message()
            continue
        when = parse_dt(ts)
        assert when is not None
        calls_before = getattr(llm, "calls", 0)
        discards: list[tuple[str, str]] = []
        forgets: list[ForgetRequest] = []
        episode: Episode | None = None
        met: dict[str, str] = {}
        if msg.role != "user":
            cands = []
        elif raw:
            cands = [Candidate(text=msg.content, kind="episodic", importance=0.5, valid_from=ts)]
        else:
            said_before = said_before or (store.last_said(scope) if _corrects_only(msg.content, when) else [])
            told, cands, forgets, discards, met = _told(msg, when, llm=llm, strategy=strategy, people=people,
                                                        said_before=said_before, names=names, held=_held(store, scope, last_user, when))
            if before and strategy != "model":
                cands += _reply_candidates(before[1], told, when, people, cands, before[2])
            cands += beaten_records(store, scope, cands) + compared_values(store, scope, cands, people) + set_right(store, scope, cands, when, told)
            if episodes:  # the day a message corrects is put right in its episode too
                episode = episode_of(days_corrected(told), before[1] if before else None, [c.text for c in cands], when,
                                     statement=before[2] if before else None)
        vectors, part_vectors = _embedded(store, cands, episode)
        stored: list[Memory] = []
        with store.transaction():
            turn_id, is_new = store.add_turn(scope, msg.role, msg.content, ts, source, msg.ref)
            if not is_new:  # another process stored it meanwhile
                continue
            stats.new += 1
            stats.user_messages += msg.role == "user"
            stats.forgotten += _forget_now(store, scope, forgets, turn_id, ts or "", asked_to_forget, last_user, when)
            if msg.role == "user" and not raw and not forgets:  # "forget that, not my business"
                stats.forgotten += _unsay(store, scope, msg.content, last_user, when, turn_id, ts or "")
            stats.discarded += len(discards)
            for clause, reason in discards:
                store.log(Decision(scope=scope, op="DISCARD", fact=clause, decided_by="rule",
                                   reason=reason, turn=turn_id, at=to_iso(utcnow())))
            told_here: list[Memory] = []
            if episode:
                told_here.append(store_episode(
                    store, scope, episode.text, vectors[len(cands)],
                    ([before[0]] if before and episode.uses_turn_before else []) + [turn_id], ts, turn_id,
                    part_vectors))
            for cand, vec in zip(cands, vectors, strict=False):
                cand.source_turns = [turn_id]
                stats.facts += 1
                if raw:
                    out = store_verbatim(store, scope, cand, vec, turn_id)
                else:
                    out = reconcile(store, scope, cand, vector=vec, llm=llm, strategy=strategy,
                                    turn=turn_id, now=to_iso(utcnow()))
                stats.ops[out.op] += 1
                if out.memory is not None:
                    stored.append(out.memory)
                if episodes:
                    close_superseded(store, scope, out, turn_id)
            if asked_to_forget and msg.role == "user":
                stats.forgotten += forget_said_before(store, scope, asked_to_forget, told_here + stored, ts or "",
                                                      turn_id)
            _read_again(store, scope, met, people, turn_id, stats, llm=llm, strategy=strategy, episodes=episodes,
                        stored=stored)  # "my wife Renee": earlier turns read again; later comparisons
        # what the reply's episode may need to be read alone: the question asked, else what was said
        q = question_of(msg.content) if msg.role == "assistant" else None
        st = statement_of(msg.content) if msg.role == "assistant" and not q else None
        before = (turn_id, q, st) if q or st else None
        said_before, last_user = (stored, (turn_id, when)) if msg.role == "user" else (said_before, last_user)  # "I meant 41"
        stats.model_calls += getattr(llm, "calls", 0) - calls_before
        if on_message:
            on_message()
    stats.seconds = time.perf_counter() - t0
    return stats


