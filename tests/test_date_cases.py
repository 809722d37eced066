"""Each date rule of the registry (`dates._RULES`) against its own cases (`date_cases`)."""

from datetime import datetime

import pytest

from memcli.date_cases import DATE_CASES
from memcli.dates import _RULES, resolve_dates

NOW = datetime(2026, 3, 4, 10, 30)  # a Wednesday
RULES = {r.name: r for r in _RULES}


def test_every_rule_has_positive_and_negative_cases():
    assert len(RULES) == len(_RULES)  # names are unique
    missing = [n for n in RULES if not (DATE_CASES.get(n, ([], []))[0] and DATE_CASES.get(n, ([], []))[1])]
    assert not missing, f"date rules without cases of both kinds: {missing}"
    assert set(DATE_CASES) <= set(RULES), set(DATE_CASES) - set(RULES)


@pytest.mark.parametrize("name, text, want", [(n, t, w) for n, (pos, _) in DATE_CASES.items() for t, w in pos])
def test_rule_reads_its_positive_case(name, text, want):
    assert RULES[name].pattern.search(text), f"{name} does not match {text!r}"
    assert resolve_dates(text, NOW)[0] == want


@pytest.mark.parametrize("name, text", [(n, t) for n, (_, neg) in DATE_CASES.items() for t in neg])
def test_rule_leaves_its_negative_case_alone(name, text):
    assert resolve_dates(text, NOW, [RULES[name]])[0] == text
