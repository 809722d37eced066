"""Messages dictated or typed with no stops: a long run is cut where a new clause
begins (a subject pronoun, the user's relative and their verb; never a name and its verb),
never inside a clause that depends on what went before; and what such speech says in
passing ("I gotta", "the potash mine", "last year of her degree", "the Tuesday night
league") is read as meant. Then a question finds the one fact it asks about."""

from datetime import UTC, datetime

import pytest

from memcli.api import MemoryStore
from memcli.extract import extract_facts
from memcli.extract.runons import runon_split
from memcli.ingest import Message, ingest

NOW = datetime(2025, 8, 31, 20, tzinfo=UTC)

DICTATED = ("yeah a few things the adjuster's coming out to look at the quarter that got hailed so I gotta leave "
            "strips standing for him and family stuff so I quit forgetting birthdays my wife Brenda teaches grade "
            "four at Westwood Elementary in Humboldt and me I'm allergic to bee stings I carry an EpiPen in the cab "
            "since the time I got into a nest by the bin yard our son Tyler's twenty seven works underground as an "
            "electrician at the Nutrien potash mine at Lanigan and our daughter Kayla's twenty four she's a nursing "
            "student at the U of S in Saskatoon")


def _texts(text: str) -> list[str]:
    return [f.text for f in extract_facts(text, NOW).facts]


def test_a_dictated_message_is_cut_where_each_clause_begins():
    parts = runon_split(DICTATED)
    assert "my wife Brenda teaches grade four at Westwood Elementary in Humboldt" in parts
    assert "I'm allergic to bee stings" in parts  # ("and me I'm": the "and me" left out)
    assert "our daughter Kayla's twenty four" in parts  # the relative stays with their name
    assert any(p.startswith("I carry an EpiPen in the cab since the time I got into a nest") for p in parts)


@pytest.mark.parametrize("said,cut", [
    ("dogs are in the truck with me right now Jasper's my border collie two years old and Tess is the old black "
     "lab she's thirteen and mostly sleeps on the floor mat", "she's thirteen and mostly sleeps on the floor mat"),
    ("hey it's Dale from the shop fixing the sprayer and my wife Brenda's just finishing her first month as "
     "principal at Muenster School eight minutes less driving", "my wife Brenda's just finishing her first month as principal"),
    ("the grey Silverado's got heated seats and I'm skipping a team in the Thursday night league at Lake Lenore "
     "this winter my brother in law needed a skip", "my brother in law needed a skip"),
    ("the bank called his loans after two bad years and he's been selling equipment off quiet to the neighbours "
     "down the road I feel terrible for his wife", "I feel terrible for his wife"),
])
def test_a_clause_of_its_own_is_cut_off(said, cut):
    assert any(part.startswith(cut) for part in runon_split(said)[1:])


@pytest.mark.parametrize("said", [
    # a relative clause with its object missing: "the Case IH we bought at the auction"
    "evening from the Case IH eighty two fifty we bought at the Kramer auction in March and a cab so quiet it hums",
    # a question's inverted verb, what is told after "that stuff", a condition and what it conditions
    "alright question for you how many acres a day should I figure for canola with a combine this size",
    "oh and that stuff I told you about Stan Yablonski and his money troubles forget it please it's none of my business",
    "I would buy a farm and if I won the lottery I would retire to the coast with the dogs and the old truck",
    # what someone was told: "she told them she's allergic to penicillin"
    "the clinic nearly wrote her amoxicillin till she told them she's allergic to penicillin so that was close",
    # a name and its verb: as often a place or a thing ("... at Muenster School she's loving it")
    "and this stays between us Stan Yablonski down the road is filing for bankruptcy after two bad years",
    "hey it's Dale from the shop fixing the sprayer Brenda's just finishing her first month at Muenster School",
])
def test_a_clause_that_depends_on_what_went_before_stays_whole(said):
    for part in runon_split(said)[1:]:
        assert not part.startswith(("we bought", "I figure", "I told", "I would retire", "she's allergic",
                                    "Yablonski", "Stan Yablonski", "Brenda's"))


@pytest.mark.parametrize("said", [
    "I moved to Leeds in March. My wife Brenda teaches at Westwood, and I'm allergic to bee stings.",
    "my sister got a job at the bank",  # short: as it was
])
def test_text_with_its_stops_or_short_is_as_it_was(said):
    assert runon_split(said) == [said]


def test_the_safety_fact_of_a_dictated_message_is_a_record_of_its_own():
    texts = _texts(DICTATED)
    assert "User is allergic to bee stings" in texts
    assert "User's wife Brenda teaches grade four at Westwood Elementary in Humboldt" in texts


@pytest.mark.parametrize("said,meant,not_meant", [
    ("so I gotta leave strips standing", "User has to leave strips standing", "gottas"),
    ("our son Tyler works underground at the Nutrien potash mine at Lanigan", "potash mine at Lanigan", "theirs"),
    ("she's a nursing student at the U of S, last year of her degree", "last year of her degree", "2024"),
    ("come November I'm back in the Tuesday night men's league at the curling club", "the Tuesday night men's league",
     "2025-09"),
])
def test_speech_said_in_passing_is_read_as_meant(said, meant, not_meant):
    out = " ".join(_texts(said) + [d.clause for d in extract_facts(said, NOW).discarded])
    assert meant in out and not_meant not in out


@pytest.mark.parametrize("said,meant", [("that bike is mine", "That bike is User's"),
                                        ("I moved here last year", "User moved here in 2024"),
                                        ("I'll see you on Tuesday", "2025-09-02")])
def test_the_same_words_keep_their_other_meaning(said, meant):
    assert any(meant in t for t in _texts(said))


def test_a_question_finds_the_allergy_in_a_dictated_message(real_embedder, tmp_path):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:dale", [Message(role="user", content=DICTATED, ts="2025-08-31T20:00:00Z", ref="m1")], source="m1")
    hits = store.recall("user:dale", "What is the user allergic to?", k=1).hits
    assert "bee stings" in hits[0].memory.text


# -- a fan said without its "I'm" ------------------------------------------------------------
@pytest.mark.parametrize("said,fact", [
    ("arsenal fan, suffering as usual", "User is arsenal fan, suffering as usual"),
    ("Liverpool fan since I was a kid.", "User is Liverpool fan since User was a kid"),
    ("huge Celtic fan.", "User is a huge Celtic fan"),
    ("big fan of Taylor Swift", "User is a big fan of Taylor Swift"),
    ("season ticket holder.", "User is a season ticket holder"),
])
def test_a_fan_said_without_i_am_is_the_users(said, fact):
    assert fact in _texts(said)


@pytest.mark.parametrize("said", ["ceiling fan is broken again", "Arsenal fans were singing all night",
                                  "the fan stopped working", "my brother's a Chelsea fan"])
def test_a_fan_that_cools_a_room_or_someone_elses_is_not_the_user(said):
    assert not any(t.startswith("User is") and "fan" in t for t in _texts(said))
