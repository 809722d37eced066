"""Per-scope settings: one typed value with the defaults, read by dotted name."""

from __future__ import annotations

import pytest

from memcli.errors import InputError
from memcli.settings import SETTINGS, Settings, check_setting, parse_setting, settings_for

SCOPE = "user:s"


def test_defaults_and_dotted_names():
    s = Settings()
    assert s.decay_half_life_days == 14.0 and s["decay.half_life_days"] == 14.0
    assert s["ttl.episodic_days"] == 90.0 and s.get("ttl.semantic_days") is None
    assert s.get("ttl.unknown_days", "x") == "x"
    assert list(s.as_dict()) == list(SETTINGS)
    assert {n: SETTINGS[n].default for n in SETTINGS} == s.as_dict()
    with pytest.raises(KeyError):
        s["no.such"]


def test_every_field_has_a_parser_and_help():
    assert len(SETTINGS) == 18
    for name, setting in SETTINGS.items():
        assert "." in name and setting.help
        if setting.default is not None:
            assert parse_setting(name, str(setting.default).lower()) == setting.default


def test_parsing_and_validation():
    assert parse_setting("ttl.episodic_days", "none") is None
    assert parse_setting("lru.max_memories", "100") == 100
    assert parse_setting("maintain.consolidate", "off") is False
    assert parse_setting("decay.kinds", "episodic, semantic") == "episodic,semantic"
    for name, bad in (("consolidate.min_overlap", "1.5"), ("decay.kinds", "dreams"),
                      ("maintain.policies", "decay,forget"), ("maintain.consolidate", "maybe")):
        with pytest.raises(InputError):
            parse_setting(name, bad)
    with pytest.raises(InputError):
        check_setting("decay.half_life")


def test_overrides_return_new_settings():
    s = Settings()
    t = s | {"lru.max_memories": 5}
    assert t.lru_max_memories == 5 and s.lru_max_memories is None
    with pytest.raises(InputError):
        s | {"no.such": 1}


def test_settings_for_reads_stored_values_over_defaults(store):
    store.set_setting(SCOPE, "decay.threshold", "0.2")
    store.set_setting(SCOPE, "_consolidate.watermark", "{}")  # internal state is not a setting
    s = settings_for(store, SCOPE)
    assert s.decay_threshold == 0.2 and s.decay_half_life_days == 14.0
    assert settings_for(store, "user:other") == Settings()
