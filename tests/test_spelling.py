"""Names a user types in lower case, read by the rules as the rest of the session spells
them; everyday words, and the message as stored, stay as typed."""

from memcli.api import MemoryStore
from memcli.extract.spelling import respell, spellings
from memcli.ingest import Message, ingest

REPLIES = ["Nubank's stack is famously Clojure-heavy, so that tracks.", "Good luck to Mingau.",
           "Mangwon Market for street food, or a walk in Hangang Park.", "The drive to Calgary is long, ask Carla early.",
           "The market opens at 7."]


def test_the_names_the_other_turns_spell():
    names = spellings(REPLIES)
    for low, spelled in [("nubank", "Nubank"), ("mingau", "Mingau"), ("mangwon", "Mangwon"), ("calgary", "Calgary"),
                         ("carla", "Carla"), ("hangang park", "Hangang Park")]:
        assert names.get(low) == spelled
    # an everyday word of a longer name, a word the turns also write in lower case, a short word: no names
    assert "market" not in names and "park" not in names and "go" not in names


def test_respelled_for_the_rules_only_where_typed_in_lower_case():
    names = spellings(REPLIES)
    assert respell("onboarding at nubank, mingau hit 6.8kg, the market was busy", names) == \
        "onboarding at Nubank, Mingau hit 6.8kg, the market was busy"
    assert respell("I drove to CALGARY", names) == "I drove to CALGARY"  # what the user capitalised stays
    assert respell("nubankers unite", names) == "nubankers unite"  # whole words only


def test_a_home_typed_in_lower_case_is_found_end_to_end(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    said = "finally got the keys to the flat in leith yesterday, boxes everywhere"
    ingest(store, "user:k", [Message(role="user", content=said, ts="2025-03-01T10:00:00Z", ref="1"),
                             Message(role="assistant", content="Congratulations on the flat in Leith!",
                                     ts="2025-03-01T10:01:00Z", ref="2")], source="s1")
    homes = store.list_memories("user:k", key="home_city")
    assert len(homes) == 1 and "Leith" in homes[0].text
    # the turn keeps the user's own typing
    assert said in [t["content"] for t in store.turns("user:k")]
    # with no turn that spells it, a lower-case place names no home
    ingest(store, "user:j", [Message(role="user", content=said, ts="2025-03-01T10:00:00Z", ref="1")], source="s1")
    assert store.list_memories("user:j", key="home_city") == []
