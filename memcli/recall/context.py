"""Stage 3, conversation context. Turns of a conversation have an order (rowid): an
answer sits next to its question. The turns around the best episodic candidates are
read too, and each episodic memory gets a share of its neighbours' relevance, within
one day (one conversation): a question hands most of its relevance to the turn right
after it (its answer), the same speaker two turns on gets some (the other's reply
between, often the same story), other neighbours get `w_neighbour`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import Memory
from .config import ContextConfig
from .features import Signals
from .query import SPEAKER_RE, is_question, subject

if TYPE_CHECKING:
    from ..store import Store as MemoryStore


def turn_record(m: Memory) -> bool:
    """A record of a transcript stored turn by turn (`ingest --raw`, an imported
    transcript): its rowid neighbours are the turns around it."""
    return m.kind == "episodic" and not m.episode


def ordered_by_turn(rows: dict[int, Memory]) -> bool:
    """Whether rowid order is turn order among these records. Not where `ingest`
    built the scope (it holds episodes): there each turn's episode sits between the
    facts drawn from it, so the records next to one are no context of it."""
    return not any(m.episode for m in rows.values())


def reach(config: ContextConfig) -> int:
    """How many turns away a share can come from."""
    return max(config.neighbour_window, 2 if config.w_same_speaker else 0)


def neighbour_rowids(rows: dict[int, Memory], base: dict[int, Signals], config: ContextConfig) -> list[int]:
    """The turns around the best episodic candidates that are not candidates yet
    (a share of a weak match moves nothing, so only the best are looked around)."""
    w = reach(config)
    best = sorted((r for r, m in rows.items() if turn_record(m)), key=lambda r: -(base[r].fused + base[r].boost))
    near = {r + d for r in best[: config.neighbour_sources] for d in range(-w, w + 1) if d}
    return [r for r in near if r not in rows]


def read_neighbours(
    store: MemoryStore,
    scope: str,
    rows: dict[int, Memory],
    base: dict[int, Signals],
    config: ContextConfig,
    *,
    as_of: str | None = None,
    include_inactive: bool = False,
) -> dict[int, Memory]:
    """The records of `neighbour_rowids` that the same recall could have returned."""
    extra = store.by_rowids(scope, neighbour_rowids(rows, base, config))
    if as_of is not None:
        extra = {r: m for r, m in extra.items() if valid_at(m, as_of)}
    elif not include_inactive:
        extra = {r: m for r, m in extra.items() if m.active}
    return extra


def valid_at(m: Memory, t: str) -> bool:
    """Whether a record was true at `t` (what `--as-of t` reads)."""
    if m.valid_from and m.valid_from > t:
        return False
    if m.valid_until and m.valid_until <= t:
        return False
    return m.active or m.valid_until is not None


def shares(rows: dict[int, Memory], base: dict[int, Signals], config: ContextConfig) -> dict[int, float]:
    """Each episodic memory's context: the largest share of a neighbour's relevance."""
    cfg = config
    w = reach(cfg)
    own = {r: v.fused + (v.boost if cfg.spill_entity else 0.0) for r, v in base.items() if turn_record(rows[r])}
    asks = {r for r in own if cfg.w_answer != cfg.w_neighbour and is_question(rows[r].text)}

    def share(src: int, dst: int) -> float:
        if src not in own:
            return 0.0
        if cfg.neighbour_same_day and (rows[src].valid_from or "")[:10] != (rows[dst].valid_from or "")[:10]:
            return 0.0  # another conversation: the turns next to it are not its context
        if abs(src - dst) == 2 and cfg.neighbour_window < 2:
            # the same speaker two turns away, the other's reply between: often the same story
            return cfg.w_same_speaker if SPEAKER_RE.match(rows[src].text) and \
                subject(rows[src].text) == subject(rows[dst].text) else 0.0
        return cfg.w_answer if (src in asks and dst == src + 1) else cfg.w_neighbour

    return {r: max((share(r + d, r) * own.get(r + d, 0.0) for d in range(-w, w + 1) if d), default=0.0) for r in own}
