"""Per-scope lifecycle settings as one typed value: the known settings, their types,
defaults, parsing and validation. Stored as text in the `settings` table
(`memcli config`); `settings_for` reads a scope's values over the defaults.

Settings are named with dots (`decay.half_life_days`), the name `memcli config` takes;
the dataclass field is the same name with `_` for `.` (`decay_half_life_days`).
`settings["decay.half_life_days"]` and `settings.get(name)` read by the dotted name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from .errors import InputError
from .models import MEMORY_KINDS

if TYPE_CHECKING:
    from .store import Store

POLICIES = ("decay", "ttl", "lru")


def _float_or_none(value: str) -> float | None:
    if value.strip().lower() in ("none", "off", "never", ""):
        return None
    return float(value)


def _int_or_none(value: str) -> int | None:
    if value.strip().lower() in ("none", "off", ""):
        return None
    return int(value)


def _names_from(allowed: tuple[str, ...], what: str) -> Callable[[str], str]:
    """A parser for a comma-separated list of names out of `allowed`."""

    def parse(value: str) -> str:
        names = [k.strip() for k in value.split(",") if k.strip()]
        bad = [k for k in names if k not in allowed]
        if bad:
            raise ValueError(f"unknown {what} {', '.join(bad)}: use {', '.join(allowed)}")
        return ",".join(names)

    return parse


_kinds = _names_from(MEMORY_KINDS, "kind(s)")
_policies = _names_from(POLICIES, "polic(ies)")


def _fraction(value: str) -> float:
    x = float(value)
    if not 0 < x <= 1:
        raise ValueError("use a number above 0 and at most 1")
    return x


def _bool(value: str) -> bool:
    v = value.strip().lower()
    if v in ("1", "true", "yes", "on"):
        return True
    if v in ("0", "false", "no", "off"):
        return False
    raise ValueError("use true or false")


def _setting(default: Any, kind: Callable[[str], Any], help: str) -> Any:
    return field(default=default, metadata={"kind": kind, "help": help})


@dataclass(frozen=True)
class Settings:
    """Every lifecycle setting of a scope (defaults unless stored)."""

    decay_half_life_days: float = _setting(
        14.0, float, "Half-life of an idle memory of importance 0 and stability 1, in days; "
                     "it grows ×(1 + 2·importance) and ×stability.")
    decay_threshold: float = _setting(
        0.05, float, "Archive when strength (importance × 0.5^(idle/half-life)) falls below this.")
    decay_kinds: str = _setting("episodic", _kinds, "Kinds the clock-based policies (decay, ttl, lru) may archive.")
    ttl_episodic_days: float | None = _setting(
        90.0, _float_or_none, "Episodic memories unused for this many days expire (none: off).")
    ttl_semantic_days: float | None = _setting(
        None, _float_or_none, "TTL for semantic facts (default none: facts die by collision).")
    ttl_procedural_days: float | None = _setting(None, _float_or_none, "TTL for procedural rules (default none).")
    ttl_profile_days: float | None = _setting(None, _float_or_none, "TTL for keyed profile facts (default none).")
    lru_max_memories: int | None = _setting(
        None, _int_or_none, "Cap on active memories in the scope; least recently used go first.")
    maintain_policies: str = _setting(
        "decay,ttl,lru", _policies, "Policies `memcli maintain` runs (lru only acts with a cap).")
    maintain_consolidate: bool = _setting(True, _bool, "Whether `memcli maintain` merges near-duplicates first.")
    consolidate_min_similarity: float = _setting(
        0.85, float, "Cosine similarity two memories need to be merge candidates.")
    consolidate_min_overlap: float = _setting(
        1.0, _fraction, "Share of the shorter memory's content words the other must contain "
                        "(1.0: merge only when one adds nothing to the other).")
    consolidate_recurring_min: int = _setting(
        3, int, "Episodes recurring on this many records (over 2+ days) become a semantic fact.")
    reflect_threshold: float = _setting(
        5.0, float, "`consolidate --reflect` writes reflections once the summed importance of "
                    "memories recorded since the last reflection reaches this.")
    reflect_min_episodes: int = _setting(3, int, "Episodes sharing a word that make a recurring theme.")
    reflect_min_mentions: int = _setting(
        2, int, "Memories naming one person, place or thing that make a summary of it.")
    reflect_confidence: float = _setting(0.5, float, "Confidence of a reflection (lower than what the user stated).")
    reflect_max_depth: int = _setting(
        1, int, "1: reflections are built on stated memories only; 2: also on reflections.")

    @classmethod
    def from_stored(cls, stored: Mapping[str, str]) -> Settings:
        """Stored text values (unknown names ignored) over the defaults."""
        return cls(**{_field(name): parse_setting(name, raw) for name, raw in stored.items() if name in SETTINGS})

    def __getitem__(self, name: str) -> Any:
        """The value of a setting by its dotted name."""
        if name not in SETTINGS:
            raise KeyError(name)
        return getattr(self, _field(name))

    def get(self, name: str, default: Any = None) -> Any:
        return self[name] if name in SETTINGS else default

    def __or__(self, overrides: Mapping[str, Any]) -> Settings:
        """These settings with some values replaced, by dotted name (`cfg | {...}`)."""
        for name in overrides:
            check_setting(name)
        return replace(self, **{_field(name): value for name, value in overrides.items()})

    def as_dict(self) -> dict[str, Any]:
        """{dotted name: value} of every setting."""
        return {name: self[name] for name in SETTINGS}


def _field(name: str) -> str:
    return name.replace(".", "_")


@dataclass(frozen=True)
class Setting:
    """What `memcli config` shows of a setting: its parser, default and help."""

    kind: Callable[[str], Any]
    default: Any
    help: str


def _dotted(field_name: str) -> str:
    group, _, rest = field_name.partition("_")
    return f"{group}.{rest}"


SETTINGS: dict[str, Setting] = {
    _dotted(f.name): Setting(f.metadata["kind"], f.default, f.metadata["help"]) for f in fields(Settings)
}


def check_setting(name: str) -> None:
    if name not in SETTINGS:
        raise InputError(f"unknown setting {name!r}: `memcli config --scope S` lists them")


def parse_setting(name: str, value: str) -> Any:
    check_setting(name)
    try:
        return SETTINGS[name].kind(value)
    except ValueError as exc:
        raise InputError(f"bad value {value!r} for {name}: {exc}") from None


def settings_for(store: Store, scope: str) -> Settings:
    """Every setting for the scope: stored values over defaults."""
    return Settings.from_stored(store.get_settings(scope))
