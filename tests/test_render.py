"""How results read: the report lines."""

from memcli.render import ingest_summary


def test_the_ingest_line_says_what_was_forgotten_only_when_something_was():
    base = {"messages": 2, "new": 2, "facts": 1, "discarded": 1, "add": 1, "update": 0, "delete": 0, "noop": 0}
    assert "forgotten" not in ingest_summary({**base, "forgotten": 0})
    assert ingest_summary({**base, "forgotten": 2}).endswith("; 2 forgotten as the user asked")
