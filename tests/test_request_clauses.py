"""Requests not to keep something, read by the shape of their clause (`request_clauses`), and
through `forget_requests` and ingest: phrasings no list of requests was written for."""

from __future__ import annotations

import pytest

from memcli.request_clauses import clause_requests, holds_next, keeps_back
from memcli.requests import forget_requests


def topics(text: str) -> list[str]:
    return [r.topic for r in forget_requests(text)]


@pytest.mark.parametrize(("text", "topic"), [
    # a phrase set before a request that points back at it
    ("Re: Dana item from Monday - strike it.", "Dana item"),
    ("That stuff about Lenny and the loan - yeah nah, chuck it out eh.", "Lenny and the loan"),
    ("The business with my cousin's debts, no keep am for your memory o, I've paid it.", "my cousin's debts"),
    ("And the pills thing I mentioned last week - I'd rather that wasn't kept anywhere either.", "the pills thing"),
    ("What I said about Moira and the bailiffs - don't keep hold of that, eh?", "Moira and the bailiffs"),
    ("Regarding my nephew's court case, I'd ask that you not retain that.", "my nephew's court case"),
    ("Lo de mi hermano y la policía, bórralo, ¿ya?", "la policía"),
    ("L'affaire des factures de mon beau-frère, oublie ça.", "factures de mon beau-frère"),
    ("uss exam wali baat bhool ja yaar", "exam"),
    # the request's own object, a thing that was told
    ("I must ask you to disregard and not retain the medical matter concerning my knee.", "my knee"),
    ("Kindly discard the gossip about Frau Weber's divorce.", "Frau Weber's divorce"),
])
def test_a_request_read_by_its_clause_names_its_topic(text: str, topic: str) -> None:
    assert any(topic in t for t in topics(text)), topics(text)


def test_a_request_pointing_back_at_a_told_sentence_before_it() -> None:
    assert "that night out at the casino" in topics(
        "I regret telling you about that night out at the casino. Can you not remember it?")
    # a fragment naming what was told, then the request
    assert "Mr Patel's private affairs" in topics(
        "Likewise the rumour concerning Mr Patel's private affairs. Kindly discard it; it was beneath me.")


@pytest.mark.parametrize("text", [
    "you can drop the romanisation now, hangul only",  # a thing done, not what was said
    "that's where we prep and dump the grease and all that",
    "my buddy could lose his job over it",
    "Hoa lose her first tooth on Saturday!",
    "say you gonna remember what I forget, which is most things",
    "I does forget the drops sometimes, so remind me",
    "gets 6 quid an hour more than me n never lets me forget it",
    "so if you're ever listing my meds don't let anyone forget that.",
    "I'll just dump everything lol",
    "the letter says it's on the 9th, no hang on I've got it the wrong way up",
    "I don't hold with full stops much either",
    "Just can't keep his hands off the machines.",
    "you can't unsee things from a kitchen window",
    "Actually no, forget I told you that.",  # points at the message before: `unsaid_before`, not a topic
    "it's Brianna's business. Please just forget it.",
    "clear the table before dinner, then drop the kids at school",
    "don't forget to call mum",
])
def test_clauses_that_only_look_like_requests_are_none(text: str) -> None:
    assert clause_requests(text, "") == []
    assert all(r.topic.lower() not in ("actually no", "it's brianna's business") for r in forget_requests(text))


def test_keeping_back_what_a_message_goes_on_to_tell() -> None:
    assert keeps_back("Yes. Also - not for the file, pls: ADHD dx last wk. Started meds. Firm doesn't know.")
    assert keeps_back("Y oye, esto entre nos nomás, no lo apuntes en ningún lado: le debo plata al Chino.")
    assert not keeps_back("Between you and me, Pieter has a drinking problem.")  # told in confidence, not unsaid
    assert not keeps_back("I never write this stuff down myself, my wife does the calendar.")


def test_a_request_alone_holds_the_next_message() -> None:
    assert holds_next("Sweet as. Righto, yarn for your ears only eh, don't go storing this one bro")
    assert holds_next("haan later. ok ye wala mat save karna pls, promise?")
    assert not holds_next("ok dont save this but i called in sick on saturday and went to the match")
    assert not holds_next("Don't forget this one, it's important: my flight is on the 9th.")


@pytest.mark.parametrize("one_call", [True, False])
def test_ingest_keeps_back_the_message_a_request_said_alone_was_about(one_call, tmp_path):
    """A request said alone ("don't go storing this one") keeps back the message after it,
    whether the two come in one ingest or one at a time; what the user said around them stays."""
    from memcli.api import MemoryStore
    from memcli.embed import HashEmbedder
    from memcli.ingest import Message, ingest

    said = ["My best mate is Tama, he runs a plastering business in Hamilton.",
            "Righto, yarn for your ears only eh, don't go storing this one bro",
            "Back in March I fell off the stage at the Masterton gig and ripped my trousers in front of everyone.",
            "Anyway I shear out of Te Kuiti these days."]
    msgs = [Message(role="user", content=t, ts=f"2025-06-01T10:0{i}:00Z", ref=f"r{i}") for i, t in enumerate(said)]
    store = MemoryStore(tmp_path / "m.db", HashEmbedder())
    for batch in [msgs] if one_call else [[m] for m in msgs]:
        ingest(store, "user:u", batch, source="s")
    texts = " ".join(m.text for m in store.list_memories("user:u"))
    reasons = [d.reason for d in store.decisions("user:u")]
    store.close()
    assert "Masterton" not in texts
    assert "Tama" in texts and "Te Kuiti" in texts
    assert any("in the message before that it not be kept" in r for r in reasons), reasons


@pytest.mark.parametrize(("text", "word"), [
    # a request of what the sentence before says the user told
    ("I told you my door code was 4417. Delete that, seriously.", "4417"),
    ("My flatmate owes me 300 quid. Actually, strike that from your memory, we sorted it.", "300 quid"),
    ("I was going on about my overdraft before. Erase that from your notes please.", "overdraft"),
    # what follows "get rid of", "let go of"
    ("Get rid of whatever you saved about my tribunal.", "tribunal"),
    ("Let go of the stuff about my uncle's gambling.", "gambling"),
    # told in the languages users mix in
    ("Bitte vergiss das mit meiner Scheidung.", "Scheidung"),
    ("Esquece o que eu falei sobre o meu chefe, por favor.", "chefe"),
    ("Tolong hapus info soal hutang saya ya.", "hutang"),
])
def test_more_ways_a_request_names_what_was_told(text: str, word: str) -> None:
    assert any(word.lower() in t.lower() for t in topics(text)), topics(text)


@pytest.mark.parametrize("text", [
    "Strike that from the record, please.",
    "scratch what i just told u, dont want it saved",
    "Oublie ce que je viens de dire, stp.",
    "nah don't hold onto that one",
    "Can we wipe that from the record? I overshared.",
])
def test_a_message_that_only_points_back_unsays_the_one_before(text: str) -> None:
    from memcli.requests import unsaid_before

    assert unsaid_before(text)


@pytest.mark.parametrize("text", ["don't keep that in the fridge", "forget it, never mind, the food was fine",
                                  "did u forget my name already?? it's Tunde"])
def test_what_only_sounds_like_pointing_back_is_none(text: str) -> None:
    from memcli.requests import unsaid_before

    assert not unsaid_before(text) and not forget_requests(text)


def test_asked_ahead_or_for_the_next_message() -> None:
    assert keeps_back("Dinnae store this, but I've been signed off work wi' stress since March.")
    assert keeps_back("Please do not retain the following: I was treated for alcohol dependence in 2015.")
    assert holds_next("Don't save whatever I type next.")
    assert holds_next("I need to vent for a sec. None of what follows should go in your memory.")
    assert not keeps_back("Don't save the receipts from the garage, they're in the glovebox anyway.")
    assert not holds_next("Remind me next week to call the bank about my overdraft.")


def test_a_plan_given_up_is_no_request() -> None:
    assert forget_requests("forget the pizza, let's do tacos tonight") == []
    assert forget_requests("Forget the cream, we'll use coconut milk instead") == []


def test_the_day_a_request_says_its_topic_was_told_on() -> None:
    from memcli.request_clauses import weekday_told

    assert weekday_told("Hollis item from Tues - strike it.") == 1
    assert weekday_told("what I said on Friday about Gail") == 4
    assert weekday_told("forget the thing about my son") is None


def _corpus_score(name: str) -> tuple[int, int, int]:
    import importlib.util
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("bench_request_corpus", root / "bench" / "request_corpus.py")
    assert spec and spec.loader
    corpus = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(corpus)
    read, recognised = corpus.read, corpus.recognised

    asked = found = alarms = 0
    for raw in (root / "fixtures" / "requests" / name).read_text(encoding="utf-8").splitlines():
        line = json.loads(raw)
        got = read(line["text"])
        if line["request"]:
            asked += 1
            found += recognised(line, got)
        else:
            alarms += bool(got["topics"] or got["held"] or got["next"] or got["back"])
    return found, asked, alarms


def test_requests_in_words_no_rule_was_written_for_are_read() -> None:
    """The test half of the request corpus (`bench/request_corpus.py`): messages written apart
    from the rules. Guards what was measured: 78 of 120 read, 10 of 120 near-misses taken."""
    found, asked, alarms = _corpus_score("test.jsonl")
    assert asked == 120 and found >= 75 and alarms <= 10


def test_the_sentence_a_request_took_its_topic_from_is_not_stored_again() -> None:
    from memcli.requests import without_requests

    rest, spans = without_requests("I told you my PIN was 2580. Delete that, seriously. I moved to Leeds in May.")
    assert rest == "I moved to Leeds in May." and "I told you my PIN was 2580." in spans


def test_ingest_forgets_what_the_sentence_before_a_request_said_was_told(tmp_path) -> None:
    """"I told you my door code was 4417. Delete that." archives the code told before and does
    not store it again; what the message goes on to tell is stored."""
    from memcli.api import MemoryStore
    from memcli.embed import HashEmbedder
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", HashEmbedder())
    said = ["My door code is 4417 and my sister Ines lives in Porto.",
            "I told you my door code was 4417. Delete that, seriously. I moved to Leeds in May."]
    for i, text in enumerate(said):
        ingest(store, "user:u", [Message(role="user", content=text, ts=f"2025-06-0{i + 1}T10:00:00Z", ref=f"r{i}")], source=f"s{i}")
    texts = [m.text for m in store.list_memories("user:u")]
    store.close()
    assert not [t for t in texts if "4417" in t], texts
    assert [t for t in texts if "Leeds" in t] and [t for t in texts if "Porto" in t], texts


def test_a_request_said_alone_holds_back_only_what_comes_soon_after_it(tmp_path) -> None:
    """A session ingested after, but said weeks before, is never held back by it."""
    from memcli.api import MemoryStore
    from memcli.embed import HashEmbedder
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", HashEmbedder())
    ingest(store, "user:u", [Message(role="user", content="Righto, yarn for your ears only eh, don't go storing this one bro",
                                     ts="2025-06-20T10:00:00Z", ref="a")], source="s2")
    ingest(store, "user:u", [Message(role="user", content="I shear out of Te Kuiti and my dog is called Dusty.",
                                     ts="2025-06-01T10:00:00Z", ref="b")], source="s1")
    texts = " ".join(m.text for m in store.list_memories("user:u"))
    store.close()
    assert "Te Kuiti" in texts
