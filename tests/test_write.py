"""decide_by_rules: the deterministic reconciliation cases (owned with memcli/extract.py)."""

from memcli.write import Candidate, reconcile

SCOPE = "user:w"


def test_keyed_delete_with_other_value_is_noop(store):
    """"I left Amazon" after the slot already moved on to Nike retires nothing."""
    nike = store.add(SCOPE, "User works at Nike", kind="profile", key="employer")
    out = reconcile(store, SCOPE, Candidate(text="User left Amazon", kind="profile", key="employer",
                                            value="Amazon", change="delete"))
    assert out.op == "NOOP"
    assert store.get(SCOPE, nike.id).active


def test_keyed_delete_with_matching_value_retires(store):
    keto = store.add(SCOPE, "User is on a keto diet", kind="profile", key="diet")
    out = reconcile(store, SCOPE, Candidate(text="User quit keto", kind="profile", key="diet",
                                            value="keto", change="delete"))
    assert out.op == "DELETE" and out.target.id == keto.id
    assert not store.get(SCOPE, keto.id).active


def test_keyed_delete_without_value_retires_the_slot(store):
    job = store.add(SCOPE, "User works at Deloitte", kind="profile", key="employer")
    out = reconcile(store, SCOPE, Candidate(text="User quit their job", kind="profile", key="employer",
                                            change="delete"))
    assert out.op == "DELETE" and not store.get(SCOPE, job.id).active


def test_graduation_only_retires_a_student_title(store):
    nurse = store.add(SCOPE, "User is a nurse", kind="profile", key="job_title")
    grad = Candidate(text="User is no longer a student", kind="profile", key="job_title", value="student",
                     change="delete")
    assert reconcile(store, SCOPE, grad).op == "NOOP"
    assert store.get(SCOPE, nurse.id).active
    store.retire(SCOPE, nurse.id, reason="test")
    student = store.add(SCOPE, "User is a computer science student at Trinity College Dublin", kind="profile",
                        key="job_title")
    assert reconcile(store, SCOPE, grad).op == "DELETE"
    assert not store.get(SCOPE, student.id).active


def test_value_match_is_whole_word(store):
    store.add(SCOPE, "User works at Metaswitch", kind="profile", key="employer")
    out = reconcile(store, SCOPE, Candidate(text="User left Meta", kind="profile", key="employer",
                                            value="Meta", change="delete"))
    assert out.op == "NOOP"


def _stored(text: str, when: str, kind: str = "semantic", key: str | None = None):
    from memcli.models import Memory
    return Memory(id="later1", scope=SCOPE, kind=kind, text=text, key=key, valid_from=when)


def test_an_older_statement_read_after_its_change_is_history():
    """Transcripts ingested out of order: "Work parking is $185 a month" (June) read
    after "Parking went up to $210 a month" (July) is what the July record replaced."""
    from memcli.write import Neighbour, superseded_by_later
    later = Neighbour(_stored("Parking went up to $210 a month and work covers half now", "2025-07-08T10:00:00Z"),
                      0.82)
    old = Candidate(text="Work parking is $185 a month", valid_from="2025-06-01T10:00:00Z")
    assert superseded_by_later(old, [later]) is later
    run = Neighbour(_stored("Running is up to 10k now, 4x a week", "2025-06-10T10:00:00Z"), 0.60)
    assert superseded_by_later(Candidate(text="User picked up running, 5k three mornings a week",
                                         valid_from="2024-11-19T10:00:00Z"), [run]) is run


def test_an_older_statement_is_kept_when_the_later_one_changes_nothing():
    """Negative cases: a later record without a change cue, one said earlier still, one
    that differs in nothing a change turns on, and a relative's news, each leave the
    older statement in the present."""
    from memcli.write import Neighbour, superseded_by_later
    old = Candidate(text="Work parking is $185 a month", valid_from="2025-06-01T10:00:00Z")
    no_cue = Neighbour(_stored("Parking at work is $210 a month", "2025-07-08T10:00:00Z"), 0.85)
    assert superseded_by_later(old, [no_cue]) is None
    earlier = Neighbour(_stored("Parking went up to $210 a month", "2025-05-01T10:00:00Z"), 0.85)
    assert superseded_by_later(old, [earlier]) is None
    unrelated = Neighbour(_stored("User bikes to work now", "2025-07-08T10:00:00Z"), 0.30)
    assert superseded_by_later(old, [unrelated]) is None
    sister = Neighbour(_stored("User's sister works at Adidas now", "2025-07-08T10:00:00Z", key="sister.employer"),
                       0.70)
    assert superseded_by_later(Candidate(text="User works at Nike", valid_from="2025-06-01T10:00:00Z"),
                               [sister]) is None
    assert superseded_by_later(Candidate(text="Work parking is $185 a month"), [earlier]) is None


def test_ingesting_the_change_first_keeps_the_change_current(store):
    """The same two statements give the same present in either order."""
    new = reconcile(store, SCOPE, Candidate(text="Parking went up to $210 a month and work covers half now",
                                            change="update", valid_from="2025-07-08T10:00:00Z"))
    old = reconcile(store, SCOPE, Candidate(text="Work parking is $185 a month", valid_from="2025-06-01T10:00:00Z"),
                    vector=store.embed_query("Parking went up to $210 a month and work covers half now"))
    assert store.get(SCOPE, new.memory.id).active
    kept = store.get(SCOPE, old.memory.id)
    assert not kept.active and kept.valid_until.startswith("2025-07-08") and kept.replaced_by == new.memory.id


def test_a_retirement_that_names_a_thing_retires_the_record_holding_it(store):
    """"User quit the Hangul House classes" retires the record that names Hangul House,
    not merely the nearest; a name no record holds retires nothing."""
    from memcli.models import Memory
    from memcli.write import Neighbour, decide_by_rules
    near = [Neighbour(Memory(id="a", scope=SCOPE, kind="procedural", text="User wants the assistant to give hangul"),
                      0.75),
            Neighbour(Memory(id="b", scope=SCOPE, kind="semantic",
                             text="User started Korean classes at Hangul House in Leicester"), 0.60)]
    op, target, _ = decide_by_rules(Candidate(text="User quit the Hangul House classes", change="delete"), near)
    assert op == "DELETE" and target is near[1]
    op, target, _ = decide_by_rules(Candidate(text="User quit the Sejong Institute classes", change="delete"),
                                    near[1:])
    assert (op, target) != ("DELETE", near[1])


def test_a_change_about_a_person_is_no_change_of_what_else_names_them():
    """"Renee's assistant principal now" does not retire "User's wife is Renee": the
    only word they share is the person's name."""
    from memcli.models import Memory
    from memcli.write import Neighbour, decide_by_rules
    wife = Neighbour(Memory(id="w", scope=SCOPE, kind="profile", key="partner", text="User's wife is Renee"), 0.48)
    ruled = decide_by_rules(Candidate(text="Renee's assistant principal at a school in Kettering now",
                                      change="update"), [wife])
    assert ruled is not None and ruled[0] == "ADD"


def test_a_move_does_not_replace_a_job(store):
    """A keyed change with an empty slot never retires a record of another key."""
    from memcli.models import Memory
    from memcli.write import Neighbour, decide_by_rules
    job = Neighbour(Memory(id="j", scope=SCOPE, kind="profile", key="employer",
                           text="User works at Le Poisson Rouge in Marseille"), 0.61)
    ruled = decide_by_rules(Candidate(text="User lives in Aix", kind="profile", key="home_city", value="Aix",
                                      change="update"), [job])
    assert ruled is not None and ruled[0] == "ADD"


def test_a_safety_fact_split_from_a_keyed_value_survives_the_next_value(store):
    from memcli.ingest import Message, ingest

    ingest(store, "user:s", [Message(role="user", content="I'm vegetarian and lactose intolerant so protein is a "
                                     "bit of a puzzle tbh", ts="2025-03-03T10:00:00Z", ref="m1"),
                             Message(role="user", content="also I've started eating fish again, so pescatarian "
                                     "now. still no dairy obviously", ts="2025-08-12T10:00:00Z", ref="m2")], source="t")
    active = [m for m in store.list_memories("user:s") if not m.episode]
    assert any("lactose" in m.text and m.safety for m in active)  # never retired with the diet
    assert [m.text for m in active if m.key == "diet"] == ["User is pescatarian"]


def test_a_day_moved_keeps_what_the_move_does_not_say():
    from memcli.extract.corrections import moved_day

    assert moved_day("Flight JNB-CPT on 2025-03-07, FlySafair FA212", "Now on 2025-03-09, same flight no") \
        == "Flight JNB-CPT on 2025-03-09, FlySafair FA212"
    assert moved_day("Wedding on 2025-03-07", "Wedding now on 2025-05-07") is None  # the update says it all
    assert moved_day("Dentist on 2025-03-07 and physio on 2025-03-09", "Dentist now on 2025-03-10") is None  # two days
    assert moved_day("Dentist on 2025-03-07 at 10", "The dentist moved to 2025-03-14 at 3pm") is None  # a time of its own
