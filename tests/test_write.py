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
