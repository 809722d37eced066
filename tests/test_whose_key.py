"""A profile key answers the question of the person it belongs to: the user's employer
never answers "where is the user's husband working?", a sister's never the user's."""

import pytest

from memcli.recall.features import _whose, key_owner_matches


@pytest.mark.parametrize(("query", "whose"), [
    ("Where is the user's husband working?", "husband"),
    ("Where does the user's sister live?", "sister"),
    ("What is the user's diet?", "diet"),
    ("Where does the user work?", None),
    ("What is the user's current job?", None),
])
def test_whose_question(query, whose):
    assert _whose(query) == whose


@pytest.mark.parametrize(("key", "query", "answers"), [
    ("employer", "Where does the user work?", True),
    ("employer", "Where is the user's husband working?", False),
    ("sister.employer", "Where does the user work?", False),
    ("sister.employer", "Where does the user's sister work?", True),
    ("partner.employer", "Where is the user's husband working?", True),
    ("diet", "What is the user's diet?", True),
    ("employer", "Who is the user's employer?", True),
    ("pet.dog", "What pets does the user have?", True),
    ("doctor", "Who is the user's doctor?", True),
    # the role said in another word is the role's key
    ("doctor.name", "Who is the user's GP?", True),
    ("doctor.name", "Who is the user's physician?", True),
    ("doctor.name", "Who is the user's dentist?", False),
    ("partner", "Who is the user's husband?", False),  # no key word asked: the name boost finds it
])
def test_a_key_answers_its_owners_question(key, query, answers):
    assert key_owner_matches(key, _whose(query)) is answers


def test_the_users_work_keys_do_not_outrank_the_husbands_news(tmp_path, real_embedder):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest
    from memcli.recall import recall

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:ada", [Message(role="user", content="I'm a pharmacist at Boots in Lewisham, working Mondays "
                                       "and Tuesdays. My husband Chidi is in Lagos for work until the end of the year.",
                                       ts="2024-06-09T19:30:00Z", ref="a1")], source="s1")
    ingest(store, "user:ada", [Message(role="user", content="Chidi is back for good. The Lagos posting ended early and "
                                       "he's in the Canary Wharf office from today.",
                                       ts="2024-12-02T07:45:00Z", ref="b1")], source="s2")
    hits = recall(store, "user:ada", "Where is the user's husband working?", k=3).hits
    assert any("Canary Wharf" in h.memory.text for h in hits), [h.memory.text for h in hits]
