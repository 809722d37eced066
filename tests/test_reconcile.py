"""Reconciliation with a fake LLM: ids the model was never shown are never acted on,
garbage output changes nothing and is logged."""

import pytest

from memcli.llm import FakeLLM
from memcli.write import Candidate, reconcile

SCOPE = "user:a"


@pytest.fixture
def seeded(store):
    m = store.add(SCOPE, "User plays tennis on weekends", valid_from="2026-01-01T00:00:00Z")
    return store, m


def _ambiguous():
    # Related to the stored fact (shares words) but no change cue: a judgment call.
    return Candidate(text="User plays tennis on Sundays", valid_from="2026-02-01T00:00:00Z")


def test_rules_keep_both_when_unclear(seeded):
    store, m = seeded
    out = reconcile(store, SCOPE, _ambiguous(), strategy="rules")
    assert out.op == "ADD"
    assert store.get(SCOPE, m.id).active


def test_model_update_on_shown_id(seeded):
    store, m = seeded
    llm = FakeLLM([{"op": "UPDATE", "id": m.id}])
    out = reconcile(store, SCOPE, _ambiguous(), llm=llm, strategy="both")
    assert out.op == "UPDATE" and out.decision.decided_by == "model"
    assert out.memory.replaces == m.id
    assert f"[{m.id}]" in llm.prompts[0]  # the model saw the short id


def test_invented_id_update_becomes_add(seeded):
    store, m = seeded
    out = reconcile(store, SCOPE, _ambiguous(), llm=FakeLLM([{"op": "UPDATE", "id": "zzzz99"}]), strategy="both")
    assert out.op == "ADD"
    assert store.get(SCOPE, m.id).active
    assert "never shown" in out.decision.reason
    assert [d.op for d in store.decisions(SCOPE)][-2:] == ["REJECT", "ADD"]


def test_invented_id_delete_becomes_noop(seeded):
    store, m = seeded
    out = reconcile(store, SCOPE, _ambiguous(), llm=FakeLLM([{"op": "DELETE", "id": "zzzz99"}]), strategy="both")
    assert out.op == "NOOP"
    assert store.get(SCOPE, m.id).active
    assert len(store.list_memories(SCOPE)) == 1
    rejected = [d for d in store.decisions(SCOPE) if d.op == "REJECT"]
    assert rejected and "zzzz99" in rejected[0].reason


@pytest.mark.parametrize("reply", ["not json at all", '{"op": "EXPLODE", "id": ""}', "[1, 2]"])
def test_garbage_changes_nothing_and_is_logged(seeded, reply):
    store, m = seeded
    out = reconcile(store, SCOPE, _ambiguous(), llm=FakeLLM([reply]), strategy="both")
    assert store.get(SCOPE, m.id).active  # nothing retired
    assert out.op == "ADD"  # the fact itself is not lost
    ops = [d.op for d in store.decisions(SCOPE)]
    assert "REJECT" in ops
    rejected = [d for d in store.decisions(SCOPE) if d.op == "REJECT"][0]
    assert rejected.decided_by == "model" and "rejected" in rejected.reason


def test_model_is_not_asked_for_clear_cases(store):
    llm = FakeLLM()
    store.add(SCOPE, "User lives in Pune", kind="profile", key="home_city")
    out = reconcile(store, SCOPE, Candidate(text="User lives in Pune", kind="profile", key="home_city", value="Pune"),
                    llm=llm, strategy="both")
    assert out.op == "NOOP" and llm.prompts == []
    out = reconcile(store, SCOPE, Candidate(text="User owns a red bicycle"), llm=llm, strategy="both")
    assert out.op in ("ADD",) and llm.prompts == []


def test_update_carries_pin_and_max_importance(store):
    old = store.add(SCOPE, "User lives in Pune", kind="profile", key="home_city", importance=0.9, pinned=True)
    out = reconcile(store, SCOPE, Candidate(text="User lives in Goa", kind="profile", key="home_city",
                                            value="Goa", importance=0.5, change="update"))
    assert out.op == "UPDATE"
    assert out.memory.pinned and out.memory.importance == pytest.approx(0.9)
    assert not store.get(SCOPE, old.id).active


def test_delete_closes_without_new_record(store):
    old = store.add(SCOPE, "User owns a car", kind="profile", key="car", valid_from="2026-01-01T00:00:00Z")
    out = reconcile(store, SCOPE, Candidate(text="User sold their car", kind="profile", key="car", change="delete",
                                            valid_from="2026-05-01T00:00:00Z"))
    assert out.op == "DELETE" and out.memory is None
    gone = store.get(SCOPE, old.id)
    assert gone.valid_until == "2026-05-01T00:00:00Z" and not gone.active
    assert store.list_memories(SCOPE) == []


def test_every_decision_is_logged_with_neighbours(store):
    store.add(SCOPE, "User lives in Pune", kind="profile", key="home_city")
    reconcile(store, SCOPE, Candidate(text="User lives in Goa", kind="profile", key="home_city", value="Goa"))
    d = store.decisions(SCOPE)[-1]
    assert d.op == "UPDATE" and d.decided_by == "rule" and d.neighbours and d.neighbours[0]["id"]


def _near(text, sim=0.95, kind="semantic"):
    from memcli.models import Memory
    from memcli.write import Neighbour

    return Neighbour(Memory(id="m1", scope=SCOPE, kind=kind, text=text), sim)


def test_similar_vectors_with_a_different_number_are_not_a_duplicate():
    from memcli.write import decide_by_rules

    ruled = decide_by_rules(Candidate(text="User's locker code is 9981"), [_near("User's locker code is 4412")])
    assert ruled is None or ruled[0] != "NOOP"


def test_near_identical_text_is_a_noop_and_more_detail_is_an_update():
    from memcli.write import decide_by_rules

    op, target, _ = decide_by_rules(Candidate(text="User loves hiking"), [_near("User really loves hiking")])
    assert op == "NOOP" and target.memory.id == "m1"
    op, target, reason = decide_by_rules(Candidate(text="User loves hiking in the Alps"), [_near("User loves hiking")])
    assert op == "UPDATE" and "adds detail" in reason


# --- the claims test in reconciliation: distinct facts are never dropped or merged

@pytest.mark.models
@pytest.mark.parametrize("first,second,op", [
    ("User is not allergic to peanuts", "User is allergic to peanuts", "UPDATE"),  # a contradiction
    ("User likes jazz", "User can't stand jazz", "UPDATE"),
    ("User's flight to Oslo is on 3 March", "User's flight back from Oslo is on 13 March", "ADD"),
    ("User's locker is number 14", "User's locker is number 41", "ADD"),
    ("User's son Leo is 7", "User's son Max is 7", "ADD"),
])
def test_distinct_or_opposite_claims_are_not_noops(db_path, real_embedder, first, second, op):
    from memcli.api import MemoryStore

    with MemoryStore(db_path, real_embedder) as s:
        s.remember("user:c", first)
        out = s.remember("user:c", second)
        assert out.op == op, out.decision.reason
        texts = [m.text for m in s.list_memories("user:c")]
        assert out.memory is not None and out.memory.text in texts
        if op == "ADD":
            assert len(texts) == 2
        else:
            assert first not in texts  # superseded, kept as history
            assert len(s.list_memories("user:c", include_inactive=True)) == 2


@pytest.mark.models
def test_an_explicit_remember_is_never_a_noop_unless_the_text_is_the_same(db_path, real_embedder):
    from memcli.api import MemoryStore

    with MemoryStore(db_path, real_embedder) as s:
        s.remember("user:c", "User is allergic to peanuts")
        assert s.remember("user:c", "User is allergic to peanuts").op == "NOOP"
        out = s.remember("user:c", "The user is allergic to peanuts.")
        assert out.op == "UPDATE" and "restates" in out.decision.reason
        assert [m.text for m in s.list_memories("user:c")] == [out.memory.text]
        assert out.memory.text.startswith("The user")


@pytest.mark.models
def test_a_change_to_the_same_topic_replaces_it_below_the_similarity_bar(db_path, real_embedder):
    from memcli.api import MemoryStore
    from memcli.models import Candidate
    from memcli.write import reconcile

    with MemoryStore(db_path, real_embedder) as s:
        old = s.remember("user:p", "Work parking is $185 a month", source="stated")
        out = reconcile(s, "user:p", Candidate(text="Parking went up to $210 a month", change="update"))
        assert out.op == "UPDATE" and out.target is not None and out.target.id == old.memory.id
        # a change about something else is no target: kept beside it
        other = reconcile(s, "user:p", Candidate(text="The gym fee went up to $40 a month", change="update"))
        assert other.op == "ADD"


@pytest.mark.models
def test_a_relatives_news_never_retires_the_users_own_fact(db_path, real_embedder):
    from memcli.api import MemoryStore
    from memcli.models import Candidate
    from memcli.write import reconcile

    with MemoryStore(db_path, real_embedder) as s:
        mine = s.remember("user:s", "User works at Nike", key="employer", source="stated")
        out = reconcile(s, "user:s", Candidate(text="User's sister works at Adidas now", key="sister.employer",
                                               change="update"))
        assert out.op == "ADD"
        assert s.get("user:s", mine.memory.id).active
        # the relative's own earlier fact is still theirs to change
        hers = s.remember("user:s", "User's sister lives in Leeds", source="stated")
        moved = reconcile(s, "user:s", Candidate(text="User's sister lives in York now", key="sister.home_city",
                                                 change="update"))
        assert moved.op == "UPDATE" and moved.target is not None and moved.target.id == hers.memory.id


@pytest.mark.models
def test_an_older_change_read_after_a_later_still_stands(db_path, real_embedder):
    """Sessions ingested out of order: "still loving Saguaro Peak" (January) says the
    August change still holds; the August change read after it is no history."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    with MemoryStore(db_path, real_embedder) as s:
        ingest(s, "user:r", [Message(role="user", content="Still loving Saguaro peak closed 19 deals in 2025 best year ever",
                                     ts="2026-01-14T16:00:00Z", ref="")], source="s3")
        ingest(s, "user:r", [Message(role="user", content="okay big news i'm at saguaro peak properties now started "
                                     "august 1st the split is 85 15, way better than what i was getting",
                                     ts="2025-08-26T15:40:00Z", ref="")], source="s2")
        active = [m.text for m in s.list_memories("user:r") if not m.episode]
        assert any("85 15" in t for t in active), active
        assert any("Still loving" in t for t in active), active


@pytest.mark.models
def test_an_older_employer_read_after_a_later_mention_of_it_stays_the_employer(db_path, real_embedder):
    """Sessions ingested out of order: "na-regular ko sa Northstar" (July) names the
    employer the May "first week sa Northstar CX" began; read after it, the May record
    is no history but the keyed employer, and a question for the company finds it."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest
    from memcli.recall import recall

    with MemoryStore(db_path, real_embedder) as s:
        ingest(s, "user:k", [Message(role="user", content="Mini update pa: na-regular ko sa Northstar early, 3 months ra",
                                     ts="2025-07-22T10:40:00Z", ref="")], source="s4")
        ingest(s, "user:k", [Message(role="user", content="hiiii first week sa Northstar CX sa BGC, TL gihapon pero "
                                     "healthcare account na, US insurance.", ts="2025-05-13T10:15:00Z", ref="")],
               source="s2")
        assert [m.text for m in s.list_memories("user:k", key="employer")] == [
            "First week sa Northstar CX sa BGC, TL gihapon pero healthcare account na, US insurance"]
        hits = recall(s, "user:k", "Which company does the user work for?", k=3, touch=False).hits
        assert "Northstar CX" in hits[0].memory.text, [h.memory.text for h in hits]
        # ... and one that says it is over is still a change: the older record is history
        ingest(s, "user:m", [Message(role="user", content="I left Fintrail in May, the startup life was too much",
                                     ts="2025-06-01T10:00:00Z", ref="")], source="s2")
        ingest(s, "user:m", [Message(role="user", content="I work at Fintrail as an automation engineer",
                                     ts="2025-01-10T10:00:00Z", ref="")], source="s1")
        assert not s.list_memories("user:m", key="employer"), [m.text for m in s.list_memories("user:m")]


def test_a_value_said_again_is_told_from_one_said_over():
    from memcli.claims import says_value

    assert says_value("Mini update pa: na-regular ko sa Northstar early", "Northstar CX")
    assert says_value("Also in Fintrail now User is team lead of QA", "Fintrail")
    assert not says_value("User left Da Ciro in March 2025", "Da Ciro")
    assert not says_value("Since the last rotation User is on Hugin Øst, not Skarv Delta anymore", "Skarv Delta")
    assert not says_value("Northstar was a nightmare, no longer there", "Vertex")
    assert not says_value("We are at Vertex no more", "Vertex")


@pytest.mark.models
def test_a_number_put_right_later_replaces_it_in_the_record_that_holds_it(db_path, real_embedder):
    """"Po-han is 7 years old, not 6", months after "Yu-ting is 10 and Po-han is 6": the
    record is said again with 7, and Yu-ting's age stays."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    with MemoryStore(db_path, real_embedder) as s:
        ingest(s, "user:t", [Message(role="user", content="We have two children. Yu-ting is daughter, 10 years, and "
                                     "Po-han is son, 6 years old.", ts="2025-10-03T06:48:02Z", ref="")], source="s1")
        ingest(s, "user:t", [Message(role="user", content="Sorry, I write wrong before. Po-han is 7 years old, not 6.",
                                     ts="2026-03-10T06:45:00Z", ref="")], source="s2")
        active = [m.text for m in s.list_memories("user:t") if not m.episode and m.valid_until is None]
        assert not [t for t in active if "6 years old" in t and "not 6" not in t], active
        # each child's age is a record of its own: Po-han's said again with 7, Yu-ting's kept
        assert [t for t in active if "Po-han is son" in t and "7 years old" in t], active
        assert [t for t in active if "Yu-ting" in t and "10 years" in t], active
        assert not [t for t in active if "write wrong" in t], active


@pytest.mark.models
def test_i_said_then_in_fact_puts_the_number_right(db_path, real_embedder):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    with MemoryStore(db_path, real_embedder) as s:
        ingest(s, "user:n", [Message(role="user", content="I taught mathematics for 41 years at the Presentation "
                                     "Secondary School in Clonmel before I retired.", ts="2025-03-04T10:15:57Z", ref="")],
               source="s1")
        ingest(s, "user:n", [Message(role="user", content="I must correct something I told you in the spring. I said I "
                                     "taught for 41 years; in fact it was 39 years.", ts="2025-12-02T14:05:00Z", ref="")],
               source="s2")
        active = [m.text for m in s.list_memories("user:n") if not m.episode and m.valid_until is None]
        assert [t for t in active if "mathematics for 39 years" in t], active
        assert not [t for t in active if "41 years" in t], active  # nor "User said User taught for 41 years"


@pytest.mark.models
def test_a_figure_said_amended_puts_it_right_in_the_record_that_holds_it(db_path, real_embedder):
    """"The half marathon target of 2:05 was unduly ambitious. It is hereby amended to 2:15":
    the stored target says 2:15; a record with the same figure about something else stays."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    with MemoryStore(db_path, real_embedder) as s:
        ingest(s, "user:a", [Message(role="user", content="I am training for the Birmingham Half Marathon. My target "
                                     "time is 2:05. My swim class starts at 2:05 on Fridays.",
                                     ts="2025-02-03T20:19:28Z", ref="")], source="s1")
        ingest(s, "user:a", [Message(role="user", content="2. The half marathon target of 2:05 was, on reflection, "
                                     "unduly ambitious. It is hereby amended to 2:15.", ts="2025-05-12T19:30:00Z", ref="")],
               source="s2")
        active = [m.text for m in s.list_memories("user:a") if not m.episode and m.valid_until is None]
        assert [t for t in active if "target time is 2:15" in t], active
        assert not [t for t in active if "target time is 2:05" in t], active
        assert [t for t in active if "swim class" in t and "2:05" in t], active


def test_amended_to_reads_the_old_and_the_new_figure():
    from memcli.putright import _AMENDED_RE

    m = _AMENDED_RE.search("The deposit was 900, but that's been bumped up to 950.")
    assert m and (m.group("a"), m.group("b")) == ("900", "950")
    m = _AMENDED_RE.search("My target time is 2:05. It is hereby amended to 2:15.")
    assert m and (m.group("a"), m.group("b")) == ("2:05", "2:15")
    assert not _AMENDED_RE.search("The deposit was 900. It moved me to tears.")
    assert not _AMENDED_RE.search("I paid 900. Then I moved to Leeds.")


@pytest.mark.models
def test_a_figure_put_right_beside_another_finds_the_record_by_the_other(db_path, real_embedder):
    """"It's 20 on, 8 off, not 10": the record that says 20 and 10 says 8 now; a locker
    numbered 10 is another thing and stays."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    with MemoryStore(db_path, real_embedder) as s:
        ingest(s, "user:r", [Message(role="user", content="Rotation here is 20 on, 10 off. My locker is 10.",
                                     ts="2025-10-14T16:18:54Z", ref="")], source="s1")
        ingest(s, "user:r", [Message(role="user", content="Sorry, I typed nonsense earlier. It's 20 on, 8 off, not 10.",
                                     ts="2025-10-14T16:28:12Z", ref="")], source="s2")
        active = [m.text for m in s.list_memories("user:r") if not m.episode and m.valid_until is None]
        assert "Rotation here is 20 on, 8 off" in active, active
        assert "Rotation here is 20 on, 10 off" not in active, active
        assert "User's locker is 10" in active, active


@pytest.mark.models
def test_a_figure_put_right_that_names_nothing_else_puts_right_what_was_just_said(db_path, real_embedder):
    """"Wait, I meant the rent is 360 KD, not 380", minutes after "the flat is 2 bedrooms,
    380 KD": that record, found by the figure and its unit; a locker numbered 380 stays."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    with MemoryStore(db_path, real_embedder) as s:
        ingest(s, "user:k", [Message(role="user", content="My gym locker is 380. Family is here finally! The Jabriya "
                                     "flat is 2 bedrooms, 380 KD.", ts="2025-10-05T15:30:00Z", ref="")], source="s1")
        ingest(s, "user:k", [Message(role="user", content="Wait, I meant the rent is 360 KD, not 380.",
                                     ts="2025-10-05T15:37:48Z", ref="")], source="s1")
        active = [m.text for m in s.list_memories("user:k") if not m.episode and m.valid_until is None]
        assert "The Jabriya flat is 2 bedrooms, 360 KD" in active, active
        assert "User's gym locker is 380" in active, active
        # said days later, the same words name nothing just said: nothing is put right
        ingest(s, "user:k", [Message(role="user", content="I meant the locker is 308 KD, not 380.",
                                     ts="2025-11-05T15:37:48Z", ref="")], source="s2")
        active = [m.text for m in s.list_memories("user:k") if not m.episode and m.valid_until is None]
        assert "User's gym locker is 380" in active, active


@pytest.mark.models
def test_a_correction_read_before_the_record_it_corrects_still_puts_it_right(db_path, real_embedder):
    """Sessions ingested out of order: "Po-han is 7 years old, not 6" (2026) read first,
    then "... Po-han is son, 6 years old" (2025): the same active facts as in order."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    with MemoryStore(db_path, real_embedder) as s:
        ingest(s, "user:t", [Message(role="user", content="Sorry, I write wrong before. Po-han is 7 years old, not 6.",
                                     ts="2026-03-10T06:45:00Z", ref="")], source="s2")
        ingest(s, "user:t", [Message(role="user", content="We have two children. Yu-ting is daughter, 10 years, and "
                                     "Po-han is son, 6 years old.", ts="2025-10-03T06:48:02Z", ref="")], source="s1")
        active = [m.text for m in s.list_memories("user:t") if not m.episode and m.valid_until is None]
        assert [t for t in active if "Po-han is son" in t and "7 years old" in t], active
        assert [t for t in active if "Yu-ting" in t and "10 years" in t], active
        assert not [t for t in active if "6 years old" in t and "not 6" not in t], active


def test_the_same_partner_said_to_be_a_fiance_now_is_an_update_not_a_noop():
    from memcli.models import Memory
    from memcli.write import Candidate, Neighbour, decide_by_rules

    old = Neighbour(Memory(id="p1", scope="user:t", kind="profile", text="User's boyfriend is Kerem", key="partner"), 0.8)
    op, target, why = decide_by_rules(Candidate(text="User's fiancé is Kerem", key="partner", value="Kerem"), [old])
    assert op == "UPDATE" and target is old and "fiancé" in why
    assert decide_by_rules(Candidate(text="User's boyfriend Kerem", key="partner", value="Kerem"), [old])[0] == "NOOP"
    assert decide_by_rules(Candidate(text="Kerem is lovely", key="partner", value="Kerem"), [old])[0] == "NOOP"


@pytest.mark.models
def test_a_change_from_one_named_thing_to_another_says_the_old_state_anew(db_path, real_embedder):
    """"I have transferred from Kings Heath Striders to Bournbrook Harriers": "User is a member
    of Bournbrook Harriers" now, the old membership history; the sister's membership stays."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    with MemoryStore(db_path, real_embedder) as s:
        ingest(s, "user:c", [Message(role="user", content="I am a member of Kings Heath Striders. My sister is a member "
                                     "of Kings Heath Striders too.", ts="2025-02-03T20:19:28Z", ref="")], source="s1")
        ingest(s, "user:c", [Message(role="user", content="I have transferred from Kings Heath Striders to Bournbrook "
                                     "Harriers, whose Tuesday sessions are nearer.", ts="2025-09-29T18:55:24Z", ref="")],
               source="s2")
        active = [m.text for m in s.list_memories("user:c") if not m.episode and m.valid_until is None]
        assert "User is a member of Bournbrook Harriers" in active, active
        assert "User is a member of Kings Heath Striders" not in active, active
        assert any(t.startswith("User's sister is a member of Kings Heath Striders") for t in active), active


def test_a_trip_from_one_place_to_another_is_no_change_of_state():
    from memcli.putright import _SWITCHED_RE
    assert _SWITCHED_RE.search("User switched from Vodafone to Three")
    assert not _SWITCHED_RE.search("User drove from Leeds to York")
    assert not _SWITCHED_RE.search("User moved the sofa from the lounge to the bedroom")


@pytest.mark.models
@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_a_day_put_right_in_other_words_puts_the_yearly_date_right_in_either_order(db_path, real_embedder, order):
    """"our wedding anniversary is the 18th of August, not the 14th" of "our wedding
    anniversary, 14 August": the anniversary is 18 August, read in order or not."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    said = [("Two dates recur annually: our wedding anniversary, 14 August; and my late father's passing, 9 March.",
             "2025-02-03T20:19:28Z"),
            ("I must correct my note: our wedding anniversary is the 18th of August, not the 14th.",
             "2025-09-29T18:55:24Z")]
    with MemoryStore(db_path, real_embedder) as s:
        for i in order:
            ingest(s, "user:w", [Message(role="user", content=said[i][0], ts=said[i][1], ref="")], source=f"s{i}")
        active = [m.text for m in s.list_memories("user:w") if not m.episode and m.valid_until is None]
        assert any("anniversary" in t and "18 August" in t for t in active), active
        assert not any("14 August" in t for t in active), active
        assert any("9 March" in t for t in active), active


@pytest.mark.models
def test_a_change_read_before_the_state_it_left_still_says_the_state_anew(db_path, real_embedder):
    """Out of order: "transferred from Kings Heath Striders to Bournbrook Harriers" (September)
    read before "I am a member of Kings Heath Striders" (February): the same active facts."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    with MemoryStore(db_path, real_embedder) as s:
        ingest(s, "user:o", [Message(role="user", content="I have transferred from Kings Heath Striders to Bournbrook "
                                     "Harriers, whose Tuesday sessions are nearer.", ts="2025-09-29T18:55:24Z", ref="")],
               source="s2")
        ingest(s, "user:o", [Message(role="user", content="I am a member of Kings Heath Striders.",
                                     ts="2025-02-03T20:19:28Z", ref="")], source="s1")
        active = [m.text for m in s.list_memories("user:o") if not m.episode and m.valid_until is None]
        assert "User is a member of Bournbrook Harriers" in active, active
        assert "User is a member of Kings Heath Striders" not in active, active
