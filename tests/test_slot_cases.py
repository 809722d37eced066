"""Every profile rule of the registry with its own positive and negative cases
(memcli/extract/slot_cases.py), run through the whole extraction pipeline."""

from datetime import datetime

import pytest

from memcli.extract import extract_facts
from memcli.extract.slot_cases import SLOT_CASES
from memcli.extract.slots import _RULES

NOW = datetime(2025, 5, 1, 12)
POSITIVE = [(rule, said, key, value) for rule, (pos, _) in SLOT_CASES.items() for said, key, value in pos]
NEGATIVE = [(rule, said) for rule, (_, neg) in SLOT_CASES.items() for said in neg]


def test_every_rule_of_the_registry_has_positive_and_negative_cases():
    names = [r.__name__.strip("_") for r in _RULES]
    assert sorted(SLOT_CASES) == sorted(names)
    assert all(pos and neg for pos, neg in SLOT_CASES.values())


@pytest.mark.parametrize(("rule", "said", "key", "value"), POSITIVE)
def test_rule_reads_its_positive_case(rule, said, key, value):
    facts = [(f.rule, f.key, f.value) for f in extract_facts(said, NOW).facts]
    assert (rule, key, value) in facts, facts


@pytest.mark.parametrize(("rule", "said"), NEGATIVE)
def test_rule_leaves_its_negative_case_alone(rule, said):
    facts = [(f.rule, f.key, f.value) for f in extract_facts(said, NOW).facts]
    assert all(r != rule for r, _, _ in facts), facts
