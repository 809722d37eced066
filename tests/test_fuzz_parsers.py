"""Fuzzing the two parsers of outside input, the transcript parser of `ingest` and
the export reader of `import`: whatever the bytes or JSON, the only exception that
escapes is memcli's own (`MemcliError`, one line at the command line), never a
traceback. A few seconds; run in CI with the rest of the suite."""

import functools
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memcli.api import MemoryStore
from memcli.embed import HashEmbedder
from memcli.errors import MemcliError
from memcli.ingest import parse_messages
from memcli.portability import import_records, read_export
from memcli.recall import recall

FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# JSON values, surrogates and non-finite numbers included (json.dumps writes NaN, Infinity and \ud800)
scalars = (st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(st.characters(codec=None), max_size=30))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)
TIMES = ["2026-03-04T09:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59-05:00",
         "2026-03-04T09:00:00+25:00", "", "NaN", "1e20"]
field_values = values | st.sampled_from(TIMES) | st.floats(min_value=-1e300, max_value=1e300)

messages = st.fixed_dictionaries(
    {},
    optional={"role": st.sampled_from(["user", "assistant", "Human", "bot", "narrator"]) | values,
              "content": values, "text": values, "ts": field_values, "timestamp": field_values,
              "created_at": field_values, "id": values, "speaker": values},
)

RECORD = {"id": "aa11", "scope": "user:a", "kind": "semantic", "text": "User likes tea"}
record_fields = ["id", "scope", "kind", "text", "importance", "confidence", "source", "key", "source_turns",
                 "source_ids", "valid_from", "valid_until", "recorded_at", "retired_at", "retire_reason",
                 "replaces", "replaced_by", "pinned", "safety", "last_accessed", "access_count", "stability"]
records = st.builds(lambda rid, d: RECORD | {"id": rid} | d, st.from_regex(r"[a-z0-9]{1,8}", fullmatch=True),
                    st.dictionaries(st.sampled_from(record_fields), field_values, max_size=6))


def only_our_errors(fn, *args):
    try:
        fn(*args)
    except MemcliError as exc:
        assert str(exc) and "\n" not in str(exc)


@FUZZ
@given(st.binary(max_size=300), st.sampled_from(["auto", "jsonl", "json", "text"]))
def test_ingest_parser_on_arbitrary_bytes(data, fmt):
    only_our_errors(parse_messages, data, "fuzz.jsonl", fmt)


@FUZZ
@given(st.lists(messages | values, min_size=1, max_size=4), st.booleans())
def test_ingest_parser_on_arbitrary_json(items, as_array):
    text = json.dumps(items) if as_array else "\n".join(json.dumps(i) for i in items)
    only_our_errors(parse_messages, text.encode("utf-8", "surrogatepass"), "fuzz.jsonl", "auto")


@FUZZ
@given(st.binary(max_size=300))
def test_import_reader_on_arbitrary_bytes(data):
    only_our_errors(read_export, data, "fuzz.jsonl")


@functools.cache
def _store() -> MemoryStore:
    return MemoryStore(":memory:", HashEmbedder())


def _import_then_recall(data: bytes) -> None:
    """What the reader accepts, the store takes, and the scope still recalls after."""
    recs = read_export(data, "fuzz.jsonl")
    store = _store()
    import_records(store, recs)
    for scope in {r["scope"] for r in recs}:
        recall(store, scope, "tea", touch=False)
        store.list_memories(scope, include_inactive=True)


@FUZZ
@given(st.lists(records | values, min_size=1, max_size=4), st.booleans())
def test_import_reader_on_arbitrary_json(items, as_array):
    text = json.dumps(items) if as_array else "\n".join(json.dumps(i) for i in items)
    only_our_errors(_import_then_recall, text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(st.text(st.characters(codec=None), max_size=200))
def test_ingest_parser_on_arbitrary_text(text):
    only_our_errors(parse_messages, text.encode("utf-8", "surrogatepass"), "fuzz.txt", "auto")
