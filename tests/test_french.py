"""French said in an English conversation: the first-person frames read in English, the
rest kept as the user wrote it; an English clause is never touched."""

from datetime import datetime

import pytest

from memcli.extract import extract_facts
from memcli.extract.french import in_english

NOW = datetime(2025, 10, 14, 9, 0)


def _keyed(said: str) -> dict[str, str | None]:
    return {f.key: f.value for f in extract_facts(said, NOW).facts if f.key}


@pytest.mark.parametrize(("said", "key", "value"), [
    ("J'habite à Montreuil, près de Croix de Chavaux, loyer 1 040 € charges comprises.", "home_city", "Montreuil"),
    ("Grande nouvelle!! J'ai eu le poste à l'UNESCO, traductrice interne, CDI", "employer", "UNESCO"),
    ("Mon mari Moussa est chauffeur VTC, he works nights mostly.", "partner", "Moussa"),
    ("Anyway, ma mère vit à Dakar.", "mother.home_city", "Dakar"),
])
def test_a_french_first_person_frame_is_read_as_its_english(said, key, value):
    assert _keyed(said).get(key) == value


def test_what_the_frames_do_not_cover_is_kept_as_written():
    texts = [f.text for f in extract_facts("Moussa a lâché le VTC, il a ouvert un petit restau à Château Rouge.", NOW).facts]
    assert any("restau à Château Rouge" in t for t in texts), texts
    texts = [f.text for f in extract_facts("Son anniversaire c'est le 15 février, chaque année.", NOW).facts]
    assert any("15 février" in t for t in texts), texts


def test_a_french_wish_is_a_hypothetical():
    ex = extract_facts("Si un jour je rentre au Sénégal, je voudrais vivre à Saly, près de la mer.", NOW)
    assert not ex.facts and ex.discarded[-1].reason == "hypothetical"


@pytest.mark.parametrize("said", ["The test est a joke and I have a plan", "Mon Dieu, the rent went up",
                                  "I met Je-won at the cafe"])
def test_an_english_clause_is_left_alone(said):
    assert in_english(said) == said
