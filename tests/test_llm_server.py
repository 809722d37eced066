"""`--llm-url`: an OpenAI-compatible chat-completions server as the model. Against a
small stdlib server that misbehaves on purpose (formats it refuses, bad replies, time-
outs, a server that is down) and against the real `python -m llama_cpp.server`
running the bundled GGUF, which must answer as the in-process GGUF backend does."""

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.util import find_spec

import pytest
from typer.testing import CliRunner

from memcli.cli import app
from memcli.errors import ModelError, ModelUnavailable
from memcli.llm import OpenAIChatLLM, chat_completions_url, check_schema

SCHEMA = {"type": "object", "properties": {"op": {"type": "string", "enum": ["ADD", "NOOP"]},
                                           "id": {"type": "string", "maxLength": 8}},
          "required": ["op", "id"]}
runner = CliRunner()


def reply(content, finish="stop"):
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": content}, "finish_reason": finish}]})


class _Server(ThreadingHTTPServer):
    """Closing waits for the handlers still running (a slow answer outlives its client's
    timeout), so none writes to stderr during a later test; a client gone is no error."""

    daemon_threads = False

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class FakeServer:
    """A chat-completions endpoint whose answers the test sets: `answer(body) -> (status, text)`."""

    def __init__(self, answer):
        self.requests = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append((self.path, body))
                status, text = answer(body)
                data = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.httpd = _Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def fake():
    servers = []

    def start(answer):
        servers.append(FakeServer(answer))
        return servers[-1]

    yield start
    for s in servers:
        s.close()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_urls_are_completed_to_the_chat_endpoint():
    assert chat_completions_url("http://127.0.0.1:8080") == "http://127.0.0.1:8080/v1/chat/completions"
    assert chat_completions_url("http://h:1/v1/") == "http://h:1/v1/chat/completions"
    assert chat_completions_url("https://h/x/v1/chat/completions") == "https://h/x/v1/chat/completions"
    with pytest.raises(ModelError, match="not an http"):
        chat_completions_url("127.0.0.1:8080")


def test_a_server_that_refuses_json_schema_gets_json_object_with_the_schema(fake):
    def answer(body):
        if body["response_format"]["type"] == "json_schema":
            return 422, '{"error": "Input should be text or json_object"}'
        return 200, reply('{"op": "ADD", "id": ""}')

    srv = fake(answer)
    llm = OpenAIChatLLM(srv.url, "smol")
    assert llm.complete("p", SCHEMA) == {"op": "ADD", "id": ""}
    assert llm.complete("q", SCHEMA, system="s")["op"] == "ADD"
    formats = [b["response_format"] for _, b in srv.requests]
    assert formats == [{"type": "json_schema", "json_schema": {"name": "memcli_reply", "schema": SCHEMA}},
                       {"type": "json_object", "schema": SCHEMA}, {"type": "json_object", "schema": SCHEMA}]
    path, body = srv.requests[-1]
    assert path == "/v1/chat/completions" and body["model"] == "smol" and body["temperature"] == 0.0
    assert body["messages"] == [{"role": "system", "content": "s"}, {"role": "user", "content": "q"}]
    assert llm.calls == 2


def test_plain_json_mode_is_checked_against_the_schema(fake):
    replies = iter(['{"op": "MAYBE", "id": ""}', '{"op": "ADD"}', '{"op": "NOOP", "id": "abcdefghij"}', "not json",
                    '{"op": "NOOP", "id": "k3"}'])

    def answer(body):
        if "schema" in body["response_format"] or body["response_format"]["type"] != "json_object":
            return 400, "unsupported"
        return 200, reply(next(replies))

    llm = OpenAIChatLLM(fake(answer).url)
    for match in ("not one of", "has no 'id'", "longer than 8", "not JSON"):
        with pytest.raises(ModelError, match=match) as info:
            llm.complete("p", SCHEMA)
        assert not isinstance(info.value, ModelUnavailable)  # a bad reply, not a broken server
    assert llm.complete("p", SCHEMA) == {"op": "NOOP", "id": "k3"}
    assert llm.mode == "json_object"


def test_cut_off_replies_and_server_errors(fake):
    srv = fake(lambda body: (200, reply('{"op": "AD', finish="length")))
    with pytest.raises(ModelError, match="cut off at 40 tokens"):
        OpenAIChatLLM(srv.url).complete("p", SCHEMA, max_tokens=40)
    broken = fake(lambda body: (500, "model exploded"))
    with pytest.raises(ModelUnavailable, match="answered HTTP 500: model exploded"):
        OpenAIChatLLM(broken.url).complete("p", SCHEMA)
    html = fake(lambda body: (200, "<html>hello</html>"))
    with pytest.raises(ModelUnavailable, match="did not answer as a chat-completions endpoint"):
        OpenAIChatLLM(html.url).complete("p", SCHEMA)


def test_a_slow_server_times_out_with_one_clear_error(fake):
    def answer(body):
        time.sleep(1.5)
        return 200, reply('{"op": "ADD", "id": ""}')

    with pytest.raises(ModelUnavailable, match=r"did not answer within 0.3 s"):
        OpenAIChatLLM(fake(answer).url, timeout=0.3).complete("p", SCHEMA)


def test_check_schema_subset():
    schema = {"type": "object", "properties": {"facts": {"type": "array", "maxItems": 2, "items": {
        "type": "object", "properties": {"importance": {"type": "integer", "minimum": 1, "maximum": 10}}}}}}
    check_schema({"facts": [{"importance": 3}]}, schema)
    for bad, match in (({"facts": [{"importance": 11}]}, "outside 1..10"), ({"facts": [{}] * 3}, "3 items"),
                       ({"facts": [{"importance": True}]}, "not of type integer"), ({"facts": {}}, "type array")):
        with pytest.raises(ModelError, match=match):
            check_schema(bad, schema)


def _turns(db):
    from memcli.api import MemoryStore
    from memcli.embed import HashEmbedder

    with MemoryStore(db, HashEmbedder()) as store:
        return store.conn.execute("SELECT count(*) FROM turns").fetchone()[0]


def test_a_server_that_is_down_is_one_line_and_no_message_is_marked_ingested(tmp_path):
    db = tmp_path / "m.db"
    src = tmp_path / "t.jsonl"
    src.write_text('{"role": "user", "content": "I live in Pune.", "ts": "2026-01-01"}\n')
    url = f"http://127.0.0.1:{free_port()}/v1"
    result = runner.invoke(app, ["--db", str(db), "--llm-url", url, "ingest", str(src), "--scope", "user:a",
                                 "--strategy", "model"])
    assert result.exit_code == 1
    assert f"cannot reach the model server at {url}/chat/completions" in result.stderr
    assert result.stderr.count("\n") == 1
    assert _turns(db) == 0


def test_extraction_that_fails_midway_leaves_the_rest_for_a_rerun(tmp_path, fake):
    """The first message is extracted; the server dies on the second: only the first is
    marked ingested, and a re-run with the server back reads the second."""
    state = {"calls": 0, "down": True}

    def answer(body):  # message 1: extraction, then the decision; message 2: extraction fails
        state["calls"] += 1
        if state["calls"] >= 3 and state["down"]:
            return 503, "loading model"
        if "facts" in json.dumps(body["response_format"]):
            return 200, reply(json.dumps({"facts": [{"text": f"User fact {state['calls']}", "importance": 5}]}))
        return 200, reply('{"op": "ADD", "id": ""}')

    srv = fake(answer)
    db = tmp_path / "m.db"
    src = tmp_path / "t.jsonl"
    src.write_text('{"role": "user", "content": "I live in Pune.", "ts": "2026-01-01"}\n'
                   '{"role": "user", "content": "I work at Acme.", "ts": "2026-01-02"}\n')
    args = ["--db", str(db), "--llm-url", srv.url, "ingest", str(src), "--scope", "user:a", "--strategy", "model"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1 and "answered HTTP 503: loading model" in result.stderr
    assert _turns(db) == 1
    state["down"] = False
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["new"] == 1 and _turns(db) == 2


def test_model_and_llm_url_together_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["--model", "x.gguf", "--llm-url", "http://127.0.0.1:1", "show", "--scope", "user:a"])
    assert result.exit_code == 2 and "not both" in result.output


# -- the real server ---------------------------------------------------------------------
SERVER_DEPS = ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context", "pydantic_settings")


def _missing_server_deps():
    return [m for m in SERVER_DEPS if find_spec(m) is None]


@pytest.fixture(scope="module")
def llama_server():
    """`python -m llama_cpp.server` with the bundled GGUF on 127.0.0.1, started and stopped here."""
    missing = _missing_server_deps()
    if missing:
        pytest.skip(f"llama-cpp-python's server extra is not installed (missing {', '.join(missing)}): "
                    "pip install 'llama-cpp-python[server]'")
    from memcli.llm import bundled_model_path

    try:
        gguf = bundled_model_path()
    except ModelError as exc:
        pytest.skip(str(exc))
    port = free_port()
    log = open(os.devnull, "w")
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--host", "127.0.0.1",
                             "--port", str(port), "--n_ctx", "2048", "--n_threads", str(os.cpu_count() or 1),
                             "--seed", "0", "--verbose", "False"], stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{url}/models", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"llama_cpp.server did not start (exit {proc.poll()})")
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.mark.models
@pytest.mark.slow
def test_llama_cpp_server_answers_as_the_gguf_backend(llama_server, real_llm):
    from memcli.extract_model import _SCHEMA as EXTRACT_SCHEMA
    from memcli.judgment import _OP_SCHEMA
    from memcli.llm import load_prompt

    remote = OpenAIChatLLM(llama_server)
    prompts = [
        (load_prompt("extract").replace("{date}", "2026-03-01").replace("{message}", msg), EXTRACT_SCHEMA, 400)
        for msg in ("My sister Ana is getting married in May.",)
    ] + [
        (load_prompt("reconcile").replace("{neighbours}", "[k3x9] User lives in Pune").replace("{fact}", fact),
         _OP_SCHEMA, 40)
        for fact in ("User lives in Goa", "User lives in Pune")
    ]
    for prompt, schema, max_tokens in prompts:
        assert remote.complete(prompt, schema, max_tokens=max_tokens) == \
            real_llm.complete(prompt, schema, max_tokens=max_tokens)
    assert remote.mode == "json_object_schema"  # the same grammar as in-process


@pytest.mark.models
@pytest.mark.slow
def test_ingest_with_llm_url_against_llama_cpp_server(llama_server, tmp_path):
    src = tmp_path / "t.jsonl"
    src.write_text('{"role": "user", "content": "I moved to Lisbon last month.", "ts": "2026-03-01T10:00:00Z"}\n')
    args = ["--db", str(tmp_path / "m.db"), "--llm-url", llama_server, "ingest", str(src), "--scope", "user:a",
            "--strategy", "model", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert stats["new"] == 1 and stats["model_calls"] >= 1
    assert json.loads(runner.invoke(app, args).stdout)["new"] == 0


def test_the_gguf_backend_without_its_extra_says_how_to_install_it(tmp_path, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "llama_cpp" else real(name, *a))
    src = tmp_path / "t.jsonl"
    src.write_text('{"role": "user", "content": "I live in Pune.", "ts": "2026-01-01"}\n')
    result = runner.invoke(app, ["--db", str(tmp_path / "m.db"), "ingest", str(src), "--scope", "user:a",
                                 "--strategy", "model"])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "pip install 'memcli[llm]'" in result.stderr and "--llm-url" in result.stderr
