"""ChatGPT and Claude exports (`conversations.json`) as the services give them: the
user's facts with their own timestamps, the current branch only, attachments, empty
and hidden messages left out, re-runs idempotent, clear errors for other shapes."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memcli.cli import app
from memcli.errors import InputError
from memcli.exports import chat_export, current_branch, export_format
from memcli.ingest import parse_messages

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "exports"
CHATGPT = FIXTURES / "chatgpt-conversations.json"
CLAUDE = FIXTURES / "claude-conversations.json"
runner = CliRunner()


def ingest(path, *extra):
    result = runner.invoke(app, ["ingest", str(path), "--scope", "user:ex", "--json", *extra])
    return result


def memories():
    result = runner.invoke(app, ["show", "--scope", "user:ex", "--json"])
    assert result.exit_code == 0, result.output
    return {m["text"]: m["valid_from"] for m in json.loads(result.stdout)}


def test_a_chatgpt_export_gives_the_users_facts_of_the_current_branch_with_their_times():
    result = ingest(CHATGPT)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["new"] == 8
    assert memories() == {
        "User is a nurse": "2026-01-10T09:00:00Z",
        "User works at St. Mary's hospital": "2026-01-10T09:00:00Z",
        "User's favourite colour is blue": "2026-01-10T09:02:00Z",  # the edit, not the abandoned "green"
        "User has a pet dog named Rex": "2026-01-10T09:05:00Z",  # the image part left out
        "User lives in Lisbon": "2026-03-02T10:00:00Z",
    }  # nothing from the hidden custom instructions ("Berlin") or the assistant ("purple")
    again = ingest(CHATGPT)
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["new"] == 0 and json.loads(again.stdout)["add"] == 0


def test_a_claude_export_gives_the_users_facts_and_leaves_attachments_out():
    result = ingest(CLAUDE)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["messages"] == 5  # the empty human and assistant messages skipped
    assert memories() == {
        "User is allergic to peanuts": "2026-02-01T08:00:00Z",
        "User's sister Ana lives in Porto": "2026-02-01T08:01:00Z",  # from the content blocks
        "User started learning the cello": "2026-04-01T08:01:00Z",
    }  # not "Madrid" or "three cats" from the attached notes.txt
    assert json.loads(ingest(CLAUDE, "--format", "claude").stdout)["new"] == 0


def test_messages_come_oldest_conversation_first_with_roles_and_ids():
    msgs = parse_messages(CHATGPT.read_bytes(), "c.json")
    assert [(m.role, m.ref) for m in msgs][:3] == [("user", "c.json#a-u1"), ("assistant", "c.json#a-a1"),
                                                   ("user", "c.json#a-u2b")]
    assert msgs[-1].ref == "c.json#b-a1" and msgs[-1].ts == "2026-03-02T10:00:07Z"
    claude = parse_messages(CLAUDE.read_bytes(), "k.json", "claude")
    assert [m.role for m in claude] == ["user", "assistant", "user", "user", "assistant"]


def test_without_current_node_the_newest_child_is_followed():
    mapping = {"r": {"id": "r", "message": None, "parent": None, "children": ["x"]},
               "x": {"id": "x", "message": {}, "parent": "r", "children": ["old", "new"]},
               "old": {"id": "old", "message": {}, "parent": "x", "children": []},
               "new": {"id": "new", "message": {}, "parent": "x", "children": []}}
    assert [n["id"] for n in current_branch(mapping, None)] == ["r", "x", "new"]
    assert [n["id"] for n in current_branch(mapping, "old")] == ["r", "x", "old"]
    assert [n["id"] for n in current_branch(mapping, "gone")] == ["r", "x", "new"]


def test_a_forced_format_that_does_not_match_says_so_and_writes_nothing(tmp_path):
    result = ingest(CHATGPT, "--format", "claude")
    assert result.exit_code == 1
    assert "not a claude export" in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "memory.db").exists()  # parsed before the store is opened: nothing written


@pytest.mark.parametrize("shape", [[{"foo": 1}], [{"conversations": []}], [{"title": "x", "messages": 3}]])
def test_an_unrecognised_json_shape_says_which_formats_are_supported(tmp_path, shape):
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(shape))
    result = ingest(path)
    assert result.exit_code == 1
    assert "unrecognised JSON shape" in result.stderr
    assert "ChatGPT export" in result.stderr and "Claude export" in result.stderr


def test_plain_message_arrays_are_not_exports():
    assert export_format([{"role": "user", "content": "hi"}]) is None
    assert chat_export([{"role": "user", "content": "hi"}], "m.json") is None
    assert chat_export({"messages": []}, "m.json") is None
    assert export_format({"mapping": {}}) == "chatgpt"  # one conversation on its own


def test_a_bad_claude_sender_names_the_message():
    with pytest.raises(InputError, match=r"k.json\[0\].chat_messages\[0\]: unknown sender 'bot'"):
        chat_export([{"chat_messages": [{"sender": "bot", "text": "x"}]}], "k.json")
