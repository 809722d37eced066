"""A pet gone for good, said by its name ("Pippin's gone", "we lost Pippin on Sunday", "had
to put Pippin down"), retires the record that holds it as the user's pet; a name gone out
or lost at a fair, or a thing gone, changes nothing."""

import pytest

from memcli.api import MemoryStore
from memcli.extract.pets import pet_named_later
from memcli.extract.roles import holder_left
from memcli.ingest import Message, ingest


@pytest.mark.parametrize("text", [
    "The other sad news is Pippin's gone, I found him on the bottom of the cage",
    "we lost Pippin on Sunday",
    "had to put Pippin down yesterday",
    "Pippin died last week",
    "Pippin has sadly passed, he was eight",
])
def test_a_pet_gone_by_its_name(text):
    assert [d["value"] for d in holder_left(text)] == ["Pippin"]


@pytest.mark.parametrize("text", [
    "Mum's gone out for the day", "Pippin's gone to the vet for his nails", "we lost Jake at the fair for an hour",
    "I put Biscuit in the car", "the milk is gone", "Pippin is gone all weekend at my sister's",
])
def test_gone_elsewhere_or_for_a_while_is_no_end(text):
    assert holder_left(text) == []


def _told(store, said):
    for i, (text, ts) in enumerate(said):
        ingest(store, "user:a", [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"m{i}")


def test_the_pet_record_is_retired_and_kept_as_history(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [("I have a little budgie called Pippin who sings along to the news", "2026-01-10T10:00:00Z"),
                  ("The other sad news is Pippin's gone, I found him on the bottom of the cage", "2026-04-06T10:00:00Z")])
    pets = [m for m in store.list_memories("user:a", include_inactive=True) if (m.key or "").startswith("pet.")]
    assert [(m.key, m.active) for m in pets] == [("pet.bird.pippin", False)]
    assert [m.text for m in store.list_memories("user:a", as_of="2026-02-01T00:00:00Z")
            if (m.key or "").startswith("pet.")] == ["User has a pet bird (budgie) named Pippin"]


def test_a_pet_gone_leaves_another_pet_alone(tmp_path, real_embedder):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    _told(store, [("I have a dog called Bryn and a cat called Mabli", "2026-01-10T10:00:00Z"),
                  ("we lost Mabli on Sunday", "2026-04-06T10:00:00Z")])
    active = [m.text for m in store.list_memories("user:a") if (m.key or "").startswith("pet.")]
    assert active == ["User has a pet dog named Bryn"]


@pytest.mark.parametrize("text,pet", [
    ("And we've a dog! A little Maltese cross from the RSPCA, Desmond's idea, she's called Biscuit", "dog Biscuit"),
    ("we got a puppy last week, his name is Bruno", "dog Bruno"),
    ("We adopted a cat. Named her Olive.", "cat Olive"),
])
def test_a_new_pet_named_by_a_pronoun_after_it(text, pet):
    species, name = pet.split()
    assert [(d["key"], d["text"]) for d in pet_named_later(text)] == \
        [(f"pet.{species}.{name.lower()}", f"User has a pet {species} named {name}")]


@pytest.mark.parametrize("text", [
    "my sister got a dog, he's called Rex",  # not the user's
    "we got a dog walker, she's called Jo",  # no pet
    "I have a cat. My boss is called Tom.",  # a name of someone else, no pronoun
    "we got a new car, she's called Betsy",  # a car
])
def test_no_pet_named_without_a_pet_of_the_users_and_its_pronoun(text):
    assert pet_named_later(text) == []
