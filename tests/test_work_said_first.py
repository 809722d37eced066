"""Work facts said in an order the plain rules do not expect: where or since when before
"I am" ("in Fintrail now I am team lead of QA"), an organisation named in apposition
("automation engineer in Fintrail, a bigger company"), a title "of" a team, and a raise
with the pay it brings. Each with the look-alikes it must leave alone."""

from datetime import datetime

import pytest

from memcli.extract import extract_facts

NOW = datetime(2025, 5, 1, 12)


def _keyed(said: str) -> dict[str, str]:
    return {f.key: f.value for f in extract_facts(said, NOW).facts if f.key}


@pytest.mark.parametrize(("said", "key", "value"), [
    ("Also in Fintrail now I am team lead of QA, 4 people under me.", "job_title", "team lead of QA"),
    ("At Fintrail I am a team lead now", "employer", "Fintrail"),
    ("from 2023-09-04 I am automation engineer in Fintrail, a bigger company, the office is in the Docklands.",
     "employer", "Fintrail"),
    ("I am head of marketing at Acme", "job_title", "head of marketing"),
    ("I'm a nurse, night shifts mostly", "job_title", "nurse"),
    ("I got a raise in Fintrail, now is 55 thousand, my manager say I am the best tester", "salary", "55 thousand"),
    ("got a pay rise to £41k!!", "salary", "£41k"),
])
def test_work_said_first_is_keyed(said, key, value):
    assert _keyed(said).get(key) == value


@pytest.mark.parametrize(("said", "key"), [
    ("in Leeds I am a nurse", "employer"),  # a town, not a firm
    ("I am head of the household", "job_title"),
    ("I am a student of life", "job_title"),
    ("I am a fan of jazz", "job_title"),
    ("my sister got a raise to 60k", "salary"),
    ("I got a raise last year", "salary"),
])
def test_look_alikes_are_not(said, key):
    assert key not in _keyed(said)
