"""`memcli ingest`: formats, idempotence, bad input, crash safety, the demo acceptance."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memcli.cli import app

runner = CliRunner()
DEMO = sorted(Path(__file__).parent.parent.joinpath("fixtures", "demo").glob("*.jsonl"))


def ok(*args, input=None):
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code == 0, result.output
    return result


def _msgs():
    return [
        {"role": "user", "content": "I live in Pune and I work at Infosys.", "ts": "2026-01-10T09:00:00Z"},
        {"role": "assistant", "content": "Nice! You mentioned your two cats, right?", "ts": "2026-01-10T09:00:05Z"},
        {"role": "user", "content": "Thanks!", "ts": "2026-01-10T09:01:00Z"},
    ]


def _texts(scope="user:a", all_=False):
    args = ["show", "--scope", scope, "--json"] + (["--all"] if all_ else [])
    return [m["text"] for m in json.loads(ok(*args).stdout)]


@pytest.mark.parametrize("form", ["jsonl", "json", "text", "stdin"])
def test_input_forms(form, tmp_path):
    msgs = _msgs()
    if form == "json":
        f = tmp_path / "chat.json"
        f.write_text(json.dumps(msgs))
        args = [str(f)]
    elif form == "text":
        f = tmp_path / "chat.txt"
        f.write_text("user: I live in Pune.\nI work at Infosys.\nassistant: Nice! You mentioned your two cats, right?\nuser: Thanks!\n")
        args = [str(f), "--now", "2026-01-10T09:00:00Z"]
    else:
        f = tmp_path / "chat.jsonl"
        f.write_text("\n".join(json.dumps(m) for m in msgs) + "\n")
        args = [str(f)] if form == "jsonl" else ["-"]
    summary = json.loads(ok("ingest", *args, "--scope", "user:a", "--json",
                            input=f.read_text() if form == "stdin" else None).stdout)
    assert summary["messages"] == 3 and summary["new"] == 3
    texts = _texts()
    assert "User lives in Pune" in texts and "User works at Infosys" in texts
    assert not any("cat" in t.lower() for t in texts)  # the assistant's invention is never stored


def test_reingest_changes_nothing(tmp_path):
    f = tmp_path / "chat.jsonl"
    f.write_text("\n".join(json.dumps(m) for m in _msgs()))
    ok("ingest", str(f), "--scope", "user:a")
    before = ok("export", "--scope", "user:a", "--include-inactive").stdout
    again = json.loads(ok("ingest", str(f), "--scope", "user:a", "--json").stdout)
    assert again["new"] == 0 and again["add"] == again["update"] == again["delete"] == 0
    assert ok("export", "--scope", "user:a", "--include-inactive").stdout == before


@pytest.mark.parametrize(
    "content, message",
    [
        (b'{"role": "user", "content": "I live in Pune", "ts": "2026-01-01T00:00:00Z"}\n{"role": "user", "content": oops}\n', "bad.jsonl:2: invalid JSON"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
        (b"", "empty"),
        (b'{"role": "robot", "content": "beep"}\n', "unknown role 'robot'"),
        (b'{"role": "user", "content": "hi", "ts": "not a date"}\n', "cannot read timestamp"),
    ],
)
def test_bad_input_one_line_nothing_written(tmp_path, content, message):
    ok("remember", "User likes tea", "--scope", "user:a")
    before = ok("export", "--scope", "user:a", "--include-inactive").stdout
    f = tmp_path / "bad.jsonl"
    f.write_bytes(content)
    result = runner.invoke(app, ["ingest", str(f), "--scope", "user:a"])
    assert result.exit_code == 1, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert ok("export", "--scope", "user:a", "--include-inactive").stdout == before


def test_missing_file_and_empty_stdin():
    result = runner.invoke(app, ["ingest", "/nonexistent/chat.jsonl", "--scope", "user:a"])
    assert result.exit_code == 1 and "no such file" in result.stderr
    result = runner.invoke(app, ["ingest", "-", "--scope", "user:a"], input="")
    assert result.exit_code == 1 and "empty" in result.stderr


def test_crash_mid_ingest_leaves_whole_messages_and_rerun_finishes(tmp_path, monkeypatch, store):
    from memcli import ingest as ingest_mod

    msgs = [ingest_mod.Message(role="user", content=c, ts=f"2026-01-0{i + 1}T00:00:00Z", ref=str(i))
            for i, c in enumerate(["I live in Pune.", "I work at Infosys.", "I love hiking."])]
    real = ingest_mod.reconcile
    calls = {"n": 0}

    def flaky(*a, **kw):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt  # killed while applying the second message
        return real(*a, **kw)

    monkeypatch.setattr(ingest_mod, "reconcile", flaky)
    with pytest.raises(KeyboardInterrupt):
        ingest_mod.ingest(store, "user:a", msgs, source="f")
    assert [m.text for m in store.list_memories("user:a")] == ["User lives in Pune"]
    assert len(store.turns("user:a")) == 1  # the interrupted message left nothing behind
    monkeypatch.setattr(ingest_mod, "reconcile", real)
    stats = ingest_mod.ingest(store, "user:a", msgs, source="f")
    assert stats.new == 2
    assert [m.text for m in store.list_memories("user:a")] == ["User lives in Pune", "User works at Infosys", "User loves hiking"]


def test_raw_stores_user_messages_verbatim(tmp_path):
    f = tmp_path / "chat.jsonl"
    f.write_text("\n".join(json.dumps(m) for m in _msgs()))
    ok("ingest", str(f), "--scope", "user:a", "--raw")
    mems = json.loads(ok("show", "--scope", "user:a", "--json").stdout)
    assert [m["text"] for m in mems] == ["I live in Pune and I work at Infosys.", "Thanks!"]
    assert all(m["kind"] == "episodic" for m in mems)
    assert mems[0]["valid_from"] == "2026-01-10T09:00:00Z" and mems[0]["source_turns"]


@pytest.mark.models
def test_demo_acceptance_update_history_and_as_of(real_models):
    ok("ingest", *map(str, DEMO), "--scope", "user:demo")
    active = _texts("user:demo")
    assert "User lives in Bangalore" in active and "User lives in Pune" not in active
    everything = json.loads(ok("show", "--scope", "user:demo", "--all", "--json").stdout)
    pune = [m for m in everything if m["text"] == "User lives in Pune"][0]
    blr = [m for m in everything if m["text"] == "User lives in Bangalore"][0]
    assert blr["replaces"] == pune["id"] and pune["retired_at"] and pune["valid_until"]
    between = json.loads(ok("recall", "where does the user live", "--scope", "user:demo", "--json",
                            "--as-of", "2026-02-01T00:00:00Z").stdout)
    assert between[0]["text"] == "User lives in Pune"
    now = json.loads(ok("recall", "where does the user live", "--scope", "user:demo", "--json").stdout)
    assert now[0]["text"] == "User lives in Bangalore"
    again = json.loads(ok("ingest", *map(str, DEMO), "--scope", "user:demo", "--json").stdout)
    assert again["new"] == 0 and again["add"] == 0
    # never stored: the assistant's hallucination, the hypothetical, the plan as a move
    assert not any("dog" in t.lower() for t in _texts("user:demo"))
    assert not any("hyderabad" in t.lower() for t in active if t.startswith("User lives"))


def test_concurrent_ingests_of_the_same_facts_store_one_record(tmp_path, db_path):
    import subprocess
    import sys

    f = tmp_path / "chat.jsonl"
    f.write_text(json.dumps({"role": "user", "content": "I live in Pune.", "ts": "2026-01-01T00:00:00Z"}) + "\n")
    g = tmp_path / "chat2.jsonl"
    g.write_text(json.dumps({"role": "user", "content": "I live in Pune!", "ts": "2026-01-02T00:00:00Z"}) + "\n")
    procs = [subprocess.Popen([sys.executable, "-m", "memcli", "ingest", str(p), "--scope", "user:a"],
                              stderr=subprocess.PIPE, text=True) for p in (f, g)]
    for p in procs:
        assert p.wait(timeout=120) == 0, p.stderr.read()
    assert _texts() == ["User lives in Pune"]


def _jsonl(tmp_path, name, turns):
    path = tmp_path / name
    path.write_text("".join(json.dumps({"role": r, "content": c, "ts": t}) + "\n" for r, c, t in turns))
    return path


def _active(scope):
    out = runner.invoke(app, ["export", "--scope", scope, "--format", "jsonl"])
    assert out.exit_code == 0, out.output
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    return [r["text"] for r in rows if r["valid_until"] is None]  # true now (an episode of a changed fact is not)


def test_a_forget_request_in_conversation_archives_what_it_names(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [
        ("user", "My key safe code is 4417 for the Cotham flat.", "2025-03-01T10:00:00Z"),
        ("user", "I live in Bristol.", "2025-03-01T10:01:00Z"),
    ])
    s2 = _jsonl(tmp_path, "s2.jsonl", [
        ("user", "Also, scratch what I told you about the key safe code. I've replaced it.", "2025-04-01T10:00:00Z"),
    ])
    for f in (s1, s2):
        out = runner.invoke(app, ["ingest", str(f), "--scope", "user:f", "--json"])
        assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["forgotten"] == 1
    active = _active("user:f")
    assert not any("4417" in t for t in active)
    assert any("Bristol" in t for t in active)  # what the request did not name stays
    assert not any("scratch" in t.lower() or "forget" in t.lower() for t in active)  # the request is no fact
    log = runner.invoke(app, ["log", "--scope", "user:f", "--json"])
    rows = json.loads(log.stdout)
    assert any(r["op"] == "ARCHIVE" and r["decided_by"] == "user" and "key safe code" in r["reason"] for r in rows)
    # archived, not purged: the user can take it back
    gone = next(r["target"] for r in rows if r["op"] == "ARCHIVE")
    assert runner.invoke(app, ["restore", gone, "--scope", "user:f"]).exit_code == 0


def test_in_case_i_forget_is_not_a_request(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [
        ("user", "My locker code is 9921.", "2025-03-01T10:00:00Z"),
        ("user", "The gate code is 1234, in case I forget.", "2025-03-01T10:01:00Z"),
    ])
    out = runner.invoke(app, ["ingest", str(s1), "--scope", "user:g", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["forgotten"] == 0
    assert any("9921" in t for t in _active("user:g"))


def test_sessions_in_any_order_give_the_same_present_and_past(tmp_path, monkeypatch):
    import itertools

    sessions = [
        [("user", "I live in Seattle and I work at Amazon.", "2024-03-01T10:00:00Z")],
        [("user", "I moved to Portland last week.", "2025-03-01T10:00:00Z")],
        [("user", "We moved to Denver this spring.", "2026-05-01T10:00:00Z"),
         ("user", "I work at Nike now.", "2026-05-01T10:05:00Z")],
    ]
    files = [_jsonl(tmp_path, f"s{i}.jsonl", s) for i, s in enumerate(sessions, 1)]
    seen = set()
    for n, order in enumerate(itertools.permutations(range(3))):
        monkeypatch.setenv("MEMCLI_DB", str(tmp_path / f"m{n}.db"))
        for i in order:
            assert runner.invoke(app, ["ingest", str(files[i]), "--scope", "user:o"]).exit_code == 0
        active = tuple(sorted(_active("user:o")))
        past = []
        for when in ("2024-06-01", "2025-06-01", "2026-06-01"):
            out = runner.invoke(app, ["recall", "where does the user live", "--scope", "user:o", "--as-of", when,
                                      "-k", "1", "--json", "--no-touch"])
            assert out.exit_code == 0, out.output
            past.append(json.loads(out.stdout)[0]["text"])
        seen.add((active, tuple(past)))
        assert "Seattle" in past[0] and "Portland" in past[1] and "Denver" in past[2], (order, past)
        assert any("Denver" in t for t in active) and not any("Seattle" in t or "Portland" in t for t in active)
    assert len(seen) == 1


def test_a_new_diet_never_retires_the_intolerance_said_with_the_old_one(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [("user", "I'm pescatarian and lactose intolerant.", "2025-03-01T10:00:00Z")])
    s2 = _jsonl(tmp_path, "s2.jsonl", [("user", "I'm vegetarian now.", "2025-06-01T10:00:00Z")])
    for f in (s1, s2):
        assert runner.invoke(app, ["ingest", str(f), "--scope", "user:d"]).exit_code == 0
    active = _active("user:d")
    assert any("lactose" in t for t in active), active
    assert any("vegetarian" in t for t in active) and not any("pescatarian" in t for t in active), active


def test_two_forget_requests_naming_one_memory_archive_it_once(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [("user", "My key safe code is 4417.", "2025-03-01T10:00:00Z")])
    s2 = _jsonl(tmp_path, "s2.jsonl", [
        ("user", "Please forget my key safe code. Also scratch what I told you about the key safe code.",
         "2025-04-01T10:00:00Z")])
    for f in (s1, s2):
        out = runner.invoke(app, ["ingest", str(f), "--scope", "user:t", "--json"])
        assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["forgotten"] == 1
    assert not any("4417" in t for t in _active("user:t"))


def test_the_log_names_the_rule_that_made_each_fact(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [
        ("user", "I moved to Leeds last week.", "2025-03-01T10:00:00Z"),
        ("user", "My team lead is Farid now.", "2025-03-01T10:01:00Z"),
    ])
    assert runner.invoke(app, ["ingest", str(s1), "--scope", "user:r"]).exit_code == 0
    rows = json.loads(runner.invoke(app, ["log", "--scope", "user:r", "--json"]).stdout)
    reasons = [r["reason"] for r in rows if r["op"] == "ADD"]
    assert any("[extracted by moved_to]" in r for r in reasons), reasons
    assert any("[extracted by role_named]" in r for r in reasons), reasons


def test_a_correction_in_the_next_message_replaces_the_value(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [
        ("user", "My office is room 14 on the third floor.", "2025-03-01T10:00:00Z"),
        ("assistant", "Noted, room 14.", "2025-03-01T10:00:30Z"),
        ("user", "Sorry, I meant 41.", "2025-03-01T10:01:00Z"),
        ("user", "Sorry, I meant it.", "2025-03-01T10:02:00Z"),  # no value: nothing corrected
    ])
    out = runner.invoke(app, ["ingest", str(s1), "--scope", "user:c", "--json"])
    assert out.exit_code == 0, out.output
    active = _active("user:c")
    assert any("room 41" in t for t in active) and not any("room 14" in t for t in active), active
    rows = json.loads(runner.invoke(app, ["log", "--scope", "user:c", "--json"]).stdout)
    assert any(r["op"] == "UPDATE" and "[extracted by correction]" in r["reason"] for r in rows)


def test_a_correction_said_in_other_words_replaces_the_fact_it_names(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [
        ("user", "My sister Nina is getting married June 6!", "2025-03-01T10:00:00Z"),
        ("assistant", "How exciting!", "2025-03-01T10:00:30Z"),
        ("user", "wait no june 13 sorry i always get her date wrong", "2025-03-01T10:01:00Z"),
        ("user", "Catch-up:\n- CE implant course on the 14th\n- the dentist is on Friday", "2025-03-02T10:00:00Z"),
        ("assistant", "Noted.", "2025-03-02T10:00:30Z"),
        # says what it corrects: the course, not the dentist
        ("user", "- correction: CE course is Sun the 16th, typed it wrong\n- it's all day", "2025-03-02T10:01:00Z"),
    ])
    assert runner.invoke(app, ["ingest", str(s1), "--scope", "user:w"]).exit_code == 0
    active = _active("user:w")
    assert any("Nina" in t and "2025-06-13" in t for t in active), active
    assert not any("2025-06-06" in t for t in active), active
    assert any("course" in t and "2025-03-16" in t for t in active), active
    assert not any("2025-03-14" in t for t in active), active
    assert "CE course is on 2025-03-16" in active, active  # the fact, without the words that mark it
    assert any("dentist" in t for t in active), active  # the other fact of that message stays
    rows = json.loads(runner.invoke(app, ["log", "--scope", "user:w", "--json"]).stdout)
    fixes = [r for r in rows if r["op"] == "UPDATE" and "[extracted by correction]" in r["reason"]]
    assert len(fixes) == 2, fixes


def test_a_role_holder_who_retired_no_longer_holds_the_role(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [
        ("user", "My doctor is Dr. Soler, and the dentist is Dr. Ferrer, near the market.", "2025-03-01T10:00:00Z"),
        ("user", "My dad is Luis, he lives in Elche.", "2025-03-01T10:01:00Z")])
    s2 = _jsonl(tmp_path, "s2.jsonl", [
        ("user", "For the teeth I go to Clínica Ruzafa now, the other one closed when Dr. Ferrer retired.",
         "2025-06-01T10:00:00Z"),
        ("user", "Luis retired in May.", "2025-06-01T10:01:00Z"),  # a parent's news: he is still the dad
        ("user", "Dr. Amat retired too.", "2025-06-01T10:02:00Z")])  # holds no role: nothing to retire
    for f in (s1, s2):
        assert runner.invoke(app, ["ingest", str(f), "--scope", "user:h"]).exit_code == 0
    active = _active("user:h")
    assert not any("dentist is Dr. Ferrer" in t for t in active), active
    assert any("Ruzafa" in t and "Ferrer retired" in t for t in active), active  # what was said is kept
    assert any("doctor is Dr. Soler" in t for t in active), active
    assert any("dad is Luis" in t for t in active), active
    assert not any(t.strip(".") in ("Dr. Amat retired", "Dr. Ferrer retired") for t in active), active
    rows = json.loads(runner.invoke(app, ["log", "--scope", "user:h", "--json"]).stdout)
    assert any(r["op"] == "DELETE" and "[extracted by holder_left]" in r["reason"] for r in rows), rows


def test_a_successor_takes_over_the_role_of_the_one_they_replaced(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [("user", "My doctor is Dr Anand at the Roslyn Medical Centre.",
                                        "2024-05-01T10:00:00Z")])
    s2 = _jsonl(tmp_path, "s2.jsonl", [
        ("user", "First, Dr Whitcombe, who has taken over Dr Anand's patients since his retirement, has asked me "
                 "to keep a record of my INR readings.", "2024-09-01T10:00:00Z"),
        ("user", "Liverpool took over Arsenal at the top of the table.", "2024-09-01T10:01:00Z")])
    for f in (s1, s2):
        assert runner.invoke(app, ["ingest", str(f), "--scope", "user:w"]).exit_code == 0
    rows = json.loads(runner.invoke(app, ["show", "--scope", "user:w", "--json"]).stdout)
    doctor = [r for r in rows if r.get("key") == "doctor.name"]
    assert [r["text"] for r in doctor] == ["User's doctor is Dr Whitcombe"], rows
    texts = [r["text"] for r in rows]
    assert any("INR" in t for t in texts), texts  # what was said is kept too
    assert not any("has taken over from" in t for t in texts), texts  # Arsenal holds no role: nothing stored


def test_forgetting_a_kind_of_value_takes_the_values_said_with_it_and_nothing_else(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [
        ("user", "grand so. I'm always mixing them up: the staff room on the ward is 2580 and the clean utility is "
                 "2085", "2024-03-03T13:04:05Z"),
        ("user", "Yes o. And I got the raise! £58,000 from this month.", "2024-04-03T13:04:05Z"),
        ("user", "My rent is £1,400 now.", "2024-04-03T13:05:05Z")])
    s2 = _jsonl(tmp_path, "s2.jsonl", [
        ("user", "you can forget those ward codes, they've put in swipe cards. And please forget my salary.",
         "2024-08-19T10:23:10Z")])
    for f in (s1, s2):
        assert runner.invoke(app, ["ingest", str(f), "--scope", "user:k"]).exit_code == 0
    active = " ".join(_active("user:k"))
    assert "2580" not in active and "2085" not in active and "58,000" not in active, active
    assert "1,400" in active, active  # a rent is no salary


def test_a_range_said_wrong_is_corrected_in_the_fact_it_was_said_in(tmp_path):
    s1 = _jsonl(tmp_path, "s1.jsonl", [
        ("user", "can you draft a text to Carys asking her to feed the cats? we're in Tenby from June 20 to June 24",
         "2025-05-27T18:04:46Z"),
        ("assistant", "Hi Carys! We're off to Tenby from 20 to 24 June - could you feed the cats?", "2025-05-27T18:05:00Z"),
        ("user", "ah I said that wrong, it's June 21 to 24, we leave on the saturday", "2025-05-27T18:07:02Z")])
    assert runner.invoke(app, ["ingest", str(s1), "--scope", "user:r2"]).exit_code == 0
    tenby = [t for t in _active("user:r2") if "Tenby" in t and not t.startswith("(asked")]
    assert tenby and all("2025-06-21 to 2025-06-24" in t for t in tenby), tenby


@pytest.mark.parametrize(("said_to_user", "reply", "want"), [
    ("Noted. Since you grew up in Swakopmund, you must miss the sea out there!", "Ag no man, Keetmanshoop. Hot and flat.",
     "I grew up in Keetmanshoop"),
    ("So you work at Google, right?", "nope, Microsoft", "I work at Microsoft"),
    ("You are based in Leeds", "No, Sheffield.", "I am based in Sheffield"),
])
def test_a_reply_that_denies_what_was_said_of_the_user_and_names_another_states_it(said_to_user, reply, want):
    from memcli.extract.said import denied_reply
    assert denied_reply(said_to_user, reply) == want


@pytest.mark.parametrize(("said_to_user", "reply"), [
    ("You grew up in Swakopmund", "No, I never lived there"),  # no other name given
    ("The weather in Paris is nice", "No, London."),           # nothing said of the user
    ("You grew up in Swakopmund", "No, Swakopmund is right"),  # the same name
])
def test_a_denial_that_names_nothing_new_of_the_user_states_nothing(said_to_user, reply):
    from memcli.extract.said import denied_reply
    assert denied_reply(said_to_user, reply) is None
