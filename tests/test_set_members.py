"""A set named, then its members (`recall.members`): "He gives me two kinds of drops. In the
morning I put the Timolol and in the evening ... the Latanoprost." A question for the set
("which eye drops does the user use?") finds the sentence that names it; the facts told right
after it, which name the members, go under it. Nothing moves for a question of one thing, for
a hit that names its members itself, or past another turn."""

import pytest

from memcli.api import MemoryStore
from memcli.ingest import Message, ingest
from memcli.recall import recall
from memcli.recall.config import RecallConfig
from memcli.recall.members import asked_plurals

DROPS = ("Good afternoon again. I was yesterday at the eye doctor, doctor Patel, and he says I have the glaucoma "
         "in the early stage. He gives me two kinds of drops. In the morning I put the Timolol and in the evening, "
         "before sleep, I put the Latanoprost. Please remember both, because I am afraid to mix them.")
TRIPS = ("Booked two trips to cheer meself up. Stag do in Benidorm for me mate Kit, 6th to 9th September, God help "
         "us. Then me an' mum are takin' the Scillonian over to Scilly in the October half term, few days on St Agnes.")
OTHERS = [
    "I work nights at the Mater hospital, mostly on the cardiac ward.",
    "My sister Orla lives in Galway and teaches maths.",
    "I go swimming at the leisure centre on Tuesdays and Thursdays.",
    "We've a cat called Biscuit, she's twelve and grumpy.",
    "I drive a 2015 Ford Fiesta, it's on its last legs.",
    "I moved into a 2 bed in Levenshulme with my cousin Jade.",
]


def _store(path, embedder, text: str) -> MemoryStore:
    store = MemoryStore(path, embedder)
    msgs = [Message(role="user", content=t, ts=f"2025-03-0{i + 1}T10:00:00Z", ref=f"o{i}")
            for i, t in enumerate(OTHERS)]
    msgs.append(Message(role="user", content=text, ts="2025-03-08T11:34:44Z", ref="set"))
    ingest(store, "user:s", msgs, source="t")
    return store


def _texts(store: MemoryStore, query: str, k: int, **knobs) -> list[str]:
    cfg = RecallConfig().replace(**knobs) if knobs else None
    return [h.memory.text for h in recall(store, "user:s", query, k=k, config=cfg, touch=False).hits]


@pytest.mark.parametrize("text,query,members", [
    (DROPS, "Which eye drops does the user use for her glaucoma?", ["Timolol", "Latanoprost"]),
    (TRIPS, "What trips has the user booked?", ["Benidorm", "Scilly"]),
])
def test_the_members_of_a_set_named_come_under_it(real_embedder, tmp_path, text, query, members):
    store = _store(tmp_path / "m.db", real_embedder, text)
    shown = " ".join(_texts(store, query, 4))
    assert all(m in shown for m in members), shown
    # without the step, they are not among the first four: the set's sentence alone answers
    unset = " ".join(_texts(store, query, 4, set_members=False))
    assert not all(m in unset for m in members), unset
    store.close()


def test_a_question_of_one_thing_moves_nothing(real_embedder, tmp_path):
    store = _store(tmp_path / "m.db", real_embedder, DROPS)
    query = "Which doctor does the user see for her eyes?"
    assert _texts(store, query, 3) == _texts(store, query, 3, set_members=False)
    store.close()


def test_a_set_that_names_its_members_takes_nothing_after_it(real_embedder, tmp_path):
    store = _store(tmp_path / "m.db", real_embedder,
                   "We have two kids: Maya is 8 and goes to Isaac Dickson, Eli is 13. I also ride a Trek bike.")
    query = "What are the names of the user's kids?"
    assert _texts(store, query, 3) == _texts(store, query, 3, set_members=False)
    store.close()


@pytest.mark.parametrize("query,plurals", [
    ("Which eye drops does the user use?", {"drops": "drop"}),
    ("What are the names of the user's children?", {"names": "name", "children": "child"}),
    ("Which schools do the kids go to?", {"schools": "school", "kids": "kid"}),
    ("What car does the user drive?", {}),
    ("Where does the user's boss live?", {}),  # (the possessive and "does" are no plural)
])
def test_the_plurals_a_question_asks_for(query, plurals):
    assert asked_plurals(query) == plurals


@pytest.mark.parametrize("query", [
    "Where does the user's wife Glenys volunteer?",  # a name in -s
    "Who works with the user at the bakery?",  # a verb in -s
    "How many years was the user a dairy farmer?",  # a count
])
def test_what_is_no_plural_of_a_set(query):
    assert asked_plurals(query) == {}
