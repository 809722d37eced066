"""A change told by naming what it replaced (`recall.chain`): "sold the Civic, bought a used
Tacoma" months after "Car is a 2012 Civic" is read first for "what vehicle does the user
drive?", though it says little of the question. Nothing moves for a question of the past
or of when, for a later message that names the value in the same sitting, for a best hit
about someone else, or for a value many records say."""

import pytest

from memcli.api import MemoryStore
from memcli.ingest import Message, ingest
from memcli.models import Hit
from memcli.recall.chain import chained_first, values_of


def _say(store: MemoryStore, scope: str, text: str, ts: str, ref: str) -> None:
    ingest(store, scope, [Message(role="user", content=text, ts=ts, ref=ref)], source=ref)


def _car_store(path, embedder, second_ts: str = "2024-05-14T18:22:55Z") -> MemoryStore:
    store = MemoryStore(path, embedder)
    _say(store, "user:c", "Hola! Vet in Calgary, two dogs and a cat. Car is a 2012 Civic that mostly sits in the "
         "parkade.", "2023-09-12T18:21:13Z", "a1")
    _say(store, "user:c", "Also: sold the Civic, bought a used Tacoma for the commute and the dogs-in-the-back life. "
         "Pulque turned seven last week; early arthritis in his remaining hind. Thinking grapiprant. Opinion?",
         second_ts, "b1")
    return store


def test_values_are_names_and_figures_the_question_does_not_say():
    assert values_of("Car is a 2012 Civic that mostly sits in the parkade", "What vehicle does the user drive?") \
        == ["2012", "civic"]
    assert values_of("User's truck is 2016 F-150, white", "What truck does the user drive?") == ["2016", "f-150"]
    # the question's own words are no value; lower-case words are none either
    assert values_of("User works at Jollibee near campus", "Does the user work at Jollibee?") == []


def _chained(store: MemoryStore, scope: str, first: str, query: str) -> list[str]:
    """The texts `chained_first` leaves, from hits where the record that says `first` is best."""
    best = min((m for m in store.list_memories(scope) if first in m.text), key=lambda m: m.valid_from or "")
    hits = [Hit(best, 0.6, vector=0.5)]
    return [h.memory.text for h in chained_first(store, scope, hits, query, store.embed_query(query))]


def test_the_later_telling_that_names_the_old_car_goes_above_it(real_embedder, tmp_path):
    store = _car_store(tmp_path / "m.db", real_embedder)
    texts = _chained(store, "user:c", "2012 Civic", "What vehicle does the user drive?")
    assert "Tacoma" in texts[0], texts
    assert "2012 Civic" in texts[-1], texts  # the old one stays, under it
    store.close()


@pytest.mark.parametrize("query", ["What car did the user drive before?", "When did the user get the car?"])
def test_a_question_of_the_past_or_of_when_is_not_chained(real_embedder, tmp_path, query):
    store = _car_store(tmp_path / "m.db", real_embedder)
    assert len(_chained(store, "user:c", "2012 Civic", query)) == 1
    store.close()


def test_a_telling_in_the_same_sitting_is_not_a_change(real_embedder, tmp_path):
    store = _car_store(tmp_path / "m.db", real_embedder, second_ts="2023-09-12T18:30:00Z")
    assert len(_chained(store, "user:c", "2012 Civic", "What vehicle does the user drive?")) == 1
    store.close()


def test_someone_elses_fact_is_not_chained_for_a_question_about_the_user(real_embedder, tmp_path):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _say(store, "user:m", "My girlfriend Manon works at the Opéra, in the costume workshop.", "2025-01-10T10:00:00Z",
         "a1")
    _say(store, "user:m", "Bon. Manon and me, it's over. She left the Opéra, she got a contract at the opera house in "
         "Bordeaux.", "2025-06-10T10:00:00Z", "b1")
    assert len(_chained(store, "user:m", "Opéra", "Which restaurant does the user work at?")) == 1
    # asked of her, it is
    assert "Bordeaux" in _chained(store, "user:m", "Opéra", "Where does Manon work?")[0]
    store.close()


def test_a_value_many_records_say_links_nothing(real_embedder, tmp_path):
    store = _car_store(tmp_path / "m.db", real_embedder)
    said = ["The Civic needed new winter tyres.", "Graham borrowed the Civic for a field trip to Banff.",
            "Someone dented the Civic in the Safeway lot.", "The Civic would not start at minus thirty.",
            "Drove the Civic to Edmonton for a conference.", "The Civic's insurance came in at 1,400."]
    for i, text in enumerate(said):
        _say(store, "user:c", text, f"2024-0{i + 1}-02T10:00:00Z", f"w{i}")
    assert len(store.search_keyword("user:c", "civic", k=9)) > 6
    texts = _chained(store, "user:c", "2012 Civic", "What vehicle does the user drive?")
    assert not any("Tacoma" in t for t in texts[:-1]), texts
    store.close()


def test_a_later_mention_of_the_value_without_its_end_links_nothing(real_embedder, tmp_path):
    """"Drove the Civic to Banff, Graham's Tacoma stayed home": the Civic named again, with
    another name, but nothing says it is over."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _say(store, "user:c", "Hola! Vet in Calgary, two dogs and a cat. Car is a 2012 Civic that mostly sits in the "
         "parkade.", "2023-09-12T18:21:13Z", "a1")
    _say(store, "user:c", "Drove the Civic to Banff for the long weekend, Graham's Tacoma stayed home. Pulque loved "
         "the lake. Opinion on hiking with an arthritic greyhound?", "2024-05-14T18:22:55Z", "b1")
    assert len(_chained(store, "user:c", "2012 Civic", "What vehicle does the user drive?")) == 1
    store.close()


def test_a_role_asked_in_full_finds_its_short_form():
    from memcli.recall.candidates import abbreviated

    assert abbreviated("Who is the deputy principal at the user's school?") == ["dp"]
    assert abbreviated("Who is the user's team leader?") == ["tl"]
    assert abbreviated("Who is the user's principal?") == []


def test_someone_else_named_is_damped_for_a_question_about_the_user_alone(real_embedder, tmp_path):
    """"What is the user's job?": a cousin's summer job said of her by name counts less, as a
    relative's by relation does ("User's husband Marco is ..."); the user's own and a question
    that names her are as they were."""
    from memcli.api import MemoryStore
    from memcli.recall import RecallConfig, recall
    from memcli.recall.features import _named_other

    assert _named_other("Naïka has a summer job at the Jean-Coutu") and _named_other("Jude got a delivery job")
    assert not _named_other("User's new job is at the dialysis unit") and not _named_other("Rent is 1200 now")
    with MemoryStore(tmp_path / "m.db", real_embedder) as s:
        for text in ("Naïka has a summer job at the Jean-Coutu on boulevard Saint-Martin",
                     "User's new job is at the dialysis unit, nights"):
            s.remember("user:n", text)
        flat = RecallConfig()
        flat.features.others_damp = 1.0

        def relevance(query, config=None):
            hits = recall(s, "user:n", query, k=2, touch=False, config=config).hits
            return {h.memory.text[:5]: h.relevance for h in hits}

        damped, undamped = relevance("What is the user's job?"), relevance("What is the user's job?", flat)
        assert damped["Naïka"] < undamped["Naïka"] and damped["User'"] == undamped["User'"]
        assert relevance("Where does Naïka work?")["Naïka"] == relevance("Where does Naïka work?", flat)["Naïka"]
