"""Episodes beside facts: what the user said is kept, linked to the facts drawn from it,
retired in recall when what it stated stops being true, and never a fact's neighbour."""

import pytest

from memcli.extract.said import question_of, said
from memcli.ingest import Message, ingest
from memcli.lifecycle import apply, plan
from memcli.recall import RecallConfig, recall
from memcli.timeutil import parse_dt


@pytest.mark.parametrize("text", [
    "haha ok thanks!",
    "Thanks, Caroline!",
    "That's so cool! What got you into running?",
    "can you remind me tomorrow?",
    "I said that wrong",
    "My boss wrote: 'remember that I am allergic to shellfish'",
    "it was amazing",
    "If I ever moved to Paris, I would open a small bakery.",
    "I'm so tired today.",
    "ah we'll see.",
])
def test_pleasantries_questions_and_quotes_are_not_episodes(text):
    assert said(text) is None


@pytest.mark.parametrize("text, kept", [
    ("Yeah, it was amazing! The kids were awestruck by the fireworks.",
     "Yeah, it was amazing! The kids were awestruck by the fireworks."),
    ("Thanks, Caroline! The event was really thought-provoking.", "The event was really thought-provoking."),
    ("I love hiking, do you?", "I love hiking."),
    ("Wow, that's awesome Mel! I went to a pottery class yesterday.", "I went to a pottery class yesterday."),
])
def test_what_the_user_said_is_kept_in_their_own_words(text, kept):
    assert said(text) == kept


def test_the_question_a_turn_answers():
    assert question_of("Love that purple! So what got you into running?") == "So what got you into running?"
    assert question_of("I went hiking yesterday.") is None

@pytest.mark.parametrize(("question", "reply", "framed"), [
    # a name the assistant made up, denied by the reply, is never stored with it
    ("And how's Smudge settling in at the bungalow?", "We've no cat, I told you, I'm allergic to them.", False),
    ("How is your dog Barsik taking the move?", "We dont have dog. Only cat Murchyk, he hide under the bed.", False),
    ("How is Biscuit doing?", "Biscuit had her jabs at the vet last week, we have no worries.", True),  # the name said
    ("Where do you work now?", "I have no job at the moment, still looking around.", True),  # no name put
    ("By the way, how's Migo getting on with his taekwondo?",
     "hala where did u get that 😂 he doesn't do any martial arts, basketball lng sa barangay court", False),
    ("How's Bruno taking it? Dogs often notice when someone stops coming round.",
     "no tengo perro. solo chasqui, la gata. no idea where that came from", False),
    ("Bet your daughter Ruby was proud watching you win.", "who?? no kids here bud 😂 u have me mixed up", False),
    ("How's Migo getting on at school?", "Migo joined the chess club, he doesn't do any sport though", True),  # the name said
    ("Has Marco given you any advice on it?", "hala kinsa man na?? 😂 wala koy bf uy, single since 2023. wag ka "
     "mag-imbento ha. anyway ty sa template", False),
    ("Is Daniel helping with the move?", "who's that? I'm single, don't make things up", False),
    ("Is Daniel helping with the move?", "Daniel is carrying the boxes, he's a star", True),
    ("And how's the training going for the Rotorua half marathon?", "I don't run, remember the knees. I do aqua "
     "jogging on Tuesdays.", False),
])
def test_a_reply_that_denies_what_the_question_took_for_granted_keeps_no_question(question, reply, framed):
    from memcli.episodes import episode_of

    assert episode_of(reply, question).text.startswith("(asked") is framed


def test_a_yes_no_question_frames_only_a_reply_that_takes_it_up():
    from memcli.episodes import episode_of

    assert episode_of("I'm gluten free because I have coeliac disease.", "Do you also have a cat?").text == \
        "I'm gluten free because I have coeliac disease."  # not about the cat: its words are not the user's
    assert episode_of("Yeah, two boys, both mad about football.", "Do you have kids?").text.startswith(
        '(asked "Do you have kids?")')
    assert episode_of("The lake trip was the best part, we swam every day.", "Did you enjoy the lake trip?").text \
        .startswith("(asked")



@pytest.mark.parametrize("question, reply, framed", [
    ("Any fun plans for the summer?", "Researching adoption agencies, it's been a dream of mine.", True),
    ("Did you do anything fun this weekend?", "Took the kids to the aquarium in Monterey.", True),
    ("Got any tips for a first marathon?", "Start slow and keep a steady pace the whole way.", True),
    ("Have you ever been to Japan?", "Twice, Kyoto in 2019 and Osaka last spring.", True),
    ("Do you also have a cat?", "I'm gluten free because I have coeliac disease.", False),
    ("Is your sister coming too?", "I started pottery classes on Tuesdays.", False),
    # a value put forward and kept open is the assistant's, not the user's
    ("How about Hokkaido in December?", "hmm see how first, money all go into reno liao", False),
    ("How about a dinner at Fasano with your closest friends?", "Hmm, é uma ideia, vou pensar, I'm so tired lately.",
     False),
    ("Have you thought about pilates?", "Not sure, my back is bad since the accident in March.", False),
    ("How about Hokkaido in December?", "Yes, we booked it already, flying on the 12th!", True),
    ("What about the kids, how old are they?", "maybe 7 and 9, I never remember lol", True),
])
def test_a_question_after_something_indefinite_frames_any_reply(question, reply, framed):
    from memcli.episodes import episode_of

    assert episode_of(reply, question).text.startswith('(asked "') is framed


@pytest.mark.parametrize("text", [
    "Sunflowers mean warmth and happiness, right?",
    "The trip was a total mess, wasn't it?",
    "Blue is the calmest colour, don't you think?",
])
def test_a_statement_with_a_tag_question_is_said(text):
    assert said(text) == text


def test_a_reply_that_points_back_is_embedded_with_what_it_points_at_but_stores_only_its_words():
    from memcli.episodes import episode_of
    from memcli.extract.said import statement_of

    before = statement_of("It's so sweet to see your love for your family, Mel. They really are your rock.")
    assert before == "It's so sweet to see your love for your family, Mel. They really are your rock."
    ep = episode_of("Thanks! They're a real support. Appreciate them a lot.", None, statement=before)
    assert ep.text == "They're a real support. Appreciate them a lot." and ep.lead == before
    assert ep.embed_text.startswith(before) and ep.uses_turn_before
    # a reply that can be read alone is kept as it is, with no lead
    alone = episode_of("I signed up for a pottery class yesterday.", None, statement=before)
    assert alone.text == "I signed up for a pottery class yesterday." and alone.lead is None
    assert not alone.uses_turn_before


def test_the_turn_before_is_a_source_only_when_the_episode_uses_it(store):
    ingest(store, "user:a", _msgs(("assistant", "Your garden looks lovely in the photos."),
                                  ("user", "It took three summers of work, mostly weekends."),
                                  ("assistant", "Do you also have a cat?"),
                                  ("user", "I'm gluten free because I have coeliac disease.")), source="t")
    turns = {t["ref"]: t["id"] for t in store.turns("user:a")}
    eps = {m.source_turns[-1]: m for m in store.list_memories("user:a") if m.episode}
    garden = eps[turns["m1"]]
    assert garden.text == "It took three summers of work, mostly weekends."  # the assistant's words are not stored
    assert garden.source_turns == [turns["m0"], turns["m1"]]
    assert not any("lovely" in m.text for m in store.list_memories("user:a"))
    found = recall(store, "user:a", "the garden", k=3, touch=False)
    assert found.hits and found.hits[0].memory.id == garden.id  # found by what it is about
    # the cat question is not what the next reply says: no episode holds that turn
    assert not [m for m in store.list_memories("user:a") if turns["m2"] in m.source_turns]

def _msgs(*pairs, day="2026-03-01"):
    return [Message(role=r, content=c, ts=f"{day}T10:00:{i:02d}Z", ref=f"m{i}") for i, (r, c) in enumerate(pairs)]


def test_a_salient_turn_becomes_an_episode_linked_to_its_facts_and_question(store):
    ingest(store, "user:a", _msgs(("assistant", "Nice! What did you get up to this weekend?"),
                                  ("user", "We went camping at Lake Tahoe and the kids loved the marshmallows."),
                                  ("user", "ok thanks!")), source="t")
    mems = store.list_memories("user:a")
    episodes = [m for m in mems if m.episode]
    facts = [m for m in mems if not m.episode]
    assert len(episodes) == 1 and facts
    ep = episodes[0]
    assert ep.kind == "episodic" and ep.valid_from == "2026-03-01T10:00:01Z"
    assert ep.text.startswith('(asked "What did you get up to this weekend?")') and "marshmallows" in ep.text
    turns = {t["ref"]: t["id"] for t in store.turns("user:a")}
    assert ep.source_turns == [turns["m0"], turns["m1"]]
    assert all(f.source_turns == [turns["m1"]] for f in facts)  # linked through the turn
    log = [d for d in store.decisions("user:a") if d.new_id == ep.id]
    assert log and "[extracted by episode]" in log[0].reason


def test_no_episodes_when_asked_not_to(store):
    ingest(store, "user:a", _msgs(("user", "We went camping at Lake Tahoe last weekend.")), source="t",
           episodes=False)
    assert not [m for m in store.list_memories("user:a") if m.episode]


def test_a_superseded_fact_closes_its_episode_and_the_new_value_comes_first(store):
    ingest(store, "user:a", _msgs(("assistant", "Where are you based these days?"),
                                  ("user", "I live in Oslo with my two cats and a very old piano."),
                                  day="2025-01-10"), source="t")
    ingest(store, "user:a", _msgs(("user", "I moved to Bergen last month."), day="2025-06-10"), source="t")
    old_ep = next(m for m in store.list_memories("user:a") if m.episode and "Oslo" in m.text)
    assert old_ep.active and old_ep.valid_until is not None  # kept, but no longer the present
    now = recall(store, "user:a", "where does the user live?", k=3, touch=False, now="2025-07-01T00:00:00Z")
    assert "Bergen" in now.hits[0].memory.text
    then = recall(store, "user:a", "where does the user live?", k=3, touch=False, as_of="2025-03-01T00:00:00Z")
    assert "Oslo" in then.hits[0].memory.text
    assert not any("Bergen" in h.memory.text for h in then.hits)


def test_episodes_are_never_a_facts_neighbour(store):
    """A change cue must retire the old fact, not the episode that said it."""
    ingest(store, "user:a", _msgs(("assistant", "What do you do?"), ("user", "I work at Shopify as a designer."), day="2025-01-10"), source="t")
    ingest(store, "user:a", _msgs(("user", "I joined Stripe last week."), day="2025-05-10"), source="t")
    active = store.list_memories("user:a")
    assert not [m for m in active if not m.episode and "Shopify" in m.text]
    assert [m for m in active if m.episode and "Shopify" in m.text]  # what was said stays
    retired = [m for m in store.list_memories("user:a", include_inactive=True) if not m.active]
    assert retired and all(not m.episode for m in retired)


def test_recall_gives_one_hit_per_turn_across_the_layers(store):
    ingest(store, "user:a", _msgs(("assistant", "What is new with the family?"),
                                  ("user", "My sister Ana plays the cello in the city orchestra.")), source="t")
    res = recall(store, "user:a", "what does the user's sister play?", k=10, touch=False)
    turns = [t for h in res.hits for t in h.memory.source_turns[-1:]]
    assert len(turns) == len(set(turns))
    both = recall(store, "user:a", "what does the user's sister play?", k=10, touch=False,
                  config=RecallConfig.of(collapse_turns=False))
    assert len(both.hits) > len(res.hits)


def test_a_forget_request_archives_the_episode_too(store):
    ingest(store, "user:a", _msgs(("user", "I take French lessons every Tuesday evening at the library.")),
           source="t")
    ingest(store, "user:a", _msgs(("user", "please forget what I told you about the French lessons"),
                                  day="2026-03-02"), source="t")
    assert not [m for m in store.list_memories("user:a") if "French" in m.text]


def test_a_forget_request_applies_to_what_is_ingested_later_but_was_said_before(store):
    # the sessions out of order: the request (March) first, then the January session
    ingest(store, "user:a", _msgs(("user", "oh and pls forget what i said about noah, chloe read it over my shoulder"),
                                  day="2026-03-02"), source="s2")
    ingest(store, "user:a", _msgs(("user", "theres this guy noah in my chem class 🙈"),
                                  ("user", "I take French lessons every Tuesday evening at the library.")),
           source="s1")
    ingest(store, "user:a", _msgs(("user", "Noah from chem is my lab partner now."), day="2026-04-01"), source="s3")
    texts = [m.text for m in store.list_memories("user:a")]
    assert not [t for t in texts if "noah" in t.lower() and "lab partner" not in t]  # said before: forgotten
    assert [t for t in texts if "lab partner" in t]  # said after the request: kept
    assert [t for t in texts if "French" in t]  # another topic of the late session: kept
    archived = [d for d in store.decisions("user:a") if d.op == "ARCHIVE"]
    assert archived and all(d.decided_by == "user" and "2026-03-02" in d.reason for d in archived)


def test_what_a_request_goes_on_to_tell_is_still_read(store):
    ingest(store, "user:a", _msgs(("user", "Dream is to build a house for my parents in Jaro.")), source="t")
    ingest(store, "user:a", _msgs(("user", "please forget about the house in Jaro, my parents decided to live with "
                                           "my aunt in Iloilo."), day="2026-03-02"), source="t")
    texts = [m.text for m in store.list_memories("user:a")]
    assert not [t for t in texts if "Jaro" in t]
    assert [t for t in texts if "Iloilo" in t and "aunt" in t]


def test_old_unused_episodes_decay_and_facts_stay(store):
    ingest(store, "user:a", _msgs(("assistant", "How was the weekend?"), ("user", "I live in Porto and we had a lovely picnic by the river."),
                                  day="2025-01-01"), source="t")
    p = plan(store, "user:a", parse_dt("2029-12-01T00:00:00Z"))  # idle since stored
    episodes = {m.id for m in store.list_memories("user:a") if m.episode}
    assert episodes and episodes <= {v.id for v in p.victims}
    apply(store, p)
    left = store.list_memories("user:a")
    assert any("Porto" in m.text for m in left)  # the profile fact is no kind the clock retires
    assert not any(m.episode for m in left)


def test_broad_questions_and_key_questions_do_not_abstain(store):
    ingest(store, "user:a", _msgs(("user", "I'm vegetarian and I live in Lisbon."),
                                  ("user", "We saw a lovely concert by the harbour on Friday.")), source="t")
    broad = recall(store, "user:a", "what do you remember about this user?", k=5, touch=False)
    assert not broad.abstain and broad.confidence == 1.0
    assert not broad.hits[0].memory.episode  # the stated facts first
    diet = recall(store, "user:a", "what's their diet?", k=3, touch=False)
    assert not diet.abstain and "vegetarian" in diet.hits[0].memory.text
    empty = recall(store, "user:b", "what do you remember about this user?", k=5, touch=False)
    assert empty.abstain and not empty.hits


def test_recall_json_envelope_and_prompt_marks_what_was_said(tmp_path):
    import json

    from typer.testing import CliRunner

    from memcli.cli import app

    r = CliRunner()
    f = tmp_path / "t.jsonl"
    f.write_text(json.dumps({"role": "assistant", "content": "How was the holiday?", "ts": "2026-02-01T09:59:00Z"})
                 + "\n" + json.dumps({"role": "user", "content": "We went sailing off Crete and my brother got seasick.",
                                      "ts": "2026-02-01T10:00:00Z"}) + "\n")
    assert r.invoke(app, ["ingest", str(f), "--scope", "user:a"]).exit_code == 0
    out = r.invoke(app, ["recall", "sailing trip", "--scope", "user:a", "--json", "--envelope"])
    env = json.loads(out.stdout)
    assert set(env) == {"query", "abstain", "confidence", "hits"} and env["hits"]
    none = json.loads(r.invoke(app, ["recall", "favourite opera singer", "--scope", "user:z", "--json",
                                     "--envelope"]).stdout)
    assert none["abstain"] is True and none["hits"] == []
    bad = r.invoke(app, ["recall", "sailing", "--scope", "user:a", "--envelope"])
    assert bad.exit_code == 2 and "--json" in bad.output
    block = r.invoke(app, ["recall", "how was the holiday", "--scope", "user:a", "--format", "prompt"]).stdout
    assert 'said) (asked "How was the holiday?") We went sailing' in block


def test_an_episode_says_the_date_a_relative_date_meant(store):
    ingest(store, "user:a", _msgs(("assistant", "What is coming up this week?"),
                                  ("user", "The diabetes nurse is coming a week from today, I need his readings ready."),
                                  day="2025-11-24"), source="t")
    ep = next(m for m in store.list_memories("user:a") if m.episode)
    assert "2025-12-01" in ep.text and "a week from today" not in ep.text



def test_consolidation_never_merges_a_fact_into_the_episode_it_came_from(store):
    from memcli.consolidate import consolidate
    from memcli.models import Memory

    said = store.insert(Memory(id="", scope="user:a", kind="episodic", text="User went kayaking on Loch Lomond",
                               valid_from="2026-03-01T10:00:00Z", episode=True))
    fact = store.insert(Memory(id="", scope="user:a", kind="episodic", text="User went kayaking on Loch Lomond",
                               valid_from="2026-03-01T10:00:00Z"))
    consolidate(store, "user:a", parse_dt("2026-03-02T00:00:00Z"))
    assert {m.id for m in store.list_memories("user:a")} == {said.id, fact.id}


def test_an_episode_is_embedded_in_the_third_person_and_reindex_keeps_it(store):
    import numpy as np

    from memcli.extract.grammar import to_third_person

    ingest(store, "user:a", _msgs(("assistant", "What have you been up to lately?"),
                                  ("user", "I'm researching adoption agencies, we went to an info evening in Leeds.")),
           source="t")
    ep = next(m for m in store.list_memories("user:a") if m.episode)
    assert "I'm researching" in ep.text  # stored in the user's words
    rowid = store.rowids("user:a", [ep.id])[ep.id]
    want = store.embed_many([to_third_person(ep.text)])[0]
    assert "User is researching" in to_third_person(ep.text)
    assert np.allclose(store.vectors("user:a", [rowid])[rowid], want, atol=1e-6)
    store.reindex()
    assert np.allclose(store.vectors("user:a", [rowid])[rowid], want, atol=1e-6)


def test_a_changed_value_closes_the_episodes_that_named_it_in_passing(store):
    ingest(store, "user:a", _msgs(("user", "I work at Shopify."),
                                  ("assistant", "How has your week been?"),
                                  ("user", "Shopify has been mad this week, the launch slipped to Friday again."),
                                  ("user", "Big news: I work at Brightline now."),
                                  day="2026-03-01"), source="t")
    eps = {m.text: m for m in store.list_memories("user:a") if m.episode}
    passing = next(m for t, m in eps.items() if "launch slipped" in t)
    assert passing.valid_until is not None  # what it said of the job is no longer current
    assert all(m.valid_until is None for t, m in eps.items() if "Brightline" in t)
    found = recall(store, "user:a", "where does the user work?", k=3, touch=False)
    assert "Brightline" in found.hits[0].memory.text


def test_a_fact_kept_whole_beside_a_replaced_value_becomes_history(store):
    ingest(store, "user:a", _msgs(("user", "I live in Bình Thạnh, rent is 9 million a month for a tiny studio lol"),
                                  day="2024-03-02"), source="t")
    ingest(store, "user:a", _msgs(("user", "We are settling in Da Nang, the flat is bigger"), day="2024-09-02"),
           source="t")
    active = [m.text for m in store.list_memories("user:a") if not m.episode]
    assert not [t for t in active if "Bình Thạnh" in t], active
    assert [t for t in active if "Da Nang" in t], active
    old = [m for m in store.list_memories("user:a", include_inactive=True) if "9 million" in m.text and not m.episode]
    assert old and all(m.valid_until and m.valid_until.startswith("2024-09-02") for m in old)  # history, not gone
    assert any(d.op == "UPDATE" and "history from" in d.reason for d in store.decisions("user:a"))


def test_the_users_job_said_with_a_replaced_schedule_stays(store):
    """A new schedule retires the days, not what the user does: the job said beside them stays."""
    ingest(store, "user:a", _msgs(("user", "I work part-time as a dental hygienist, Tues/Wed/Fri."), day="2024-03-02"),
           source="t")
    ingest(store, "user:a", _msgs(("user", "I'm up to four days at the practice now, Mon-Thu."), day="2025-09-09"),
           source="t")
    active = [m.text for m in store.list_memories("user:a") if not m.episode and m.valid_until is None]
    assert [t for t in active if "hygienist" in t], active
    assert [t for t in active if "Mon" in t], active


def test_a_safety_fact_said_with_a_replaced_value_stays(store):
    ingest(store, "user:a", _msgs(("user", "I live in Leeds and I'm allergic to peanuts, so careful with recipes"),
                                  day="2024-03-02"), source="t")
    ingest(store, "user:a", _msgs(("user", "I moved to York last week"), day="2024-09-02"), source="t")
    active = [m.text for m in store.list_memories("user:a")]
    assert [t for t in active if "peanuts" in t], active


def test_an_episode_says_a_value_taken_back_in_its_sentence_as_meant():
    from memcli.episodes import episode_of

    ep = episode_of("My name is Tendai, I am a geotechnical engineer in Harare. My national visa appointment at the "
                    "embassy is on Sept 21 - sorry, I misread the letter, it is 12 September. Wish me luck!")
    assert ep is not None and "12 September" in ep.text and "Sept 21" not in ep.text, ep
    assert "Wish me luck!" in ep.text and "geotechnical engineer" in ep.text
