#!/usr/bin/env python
"""`--llm-url` against `--model` with the same GGUF: the decision logs of the eval set's
first conversations, ingested once through the in-process GGUF backend and once through
`python -m llama_cpp.server` (started and stopped here, on 127.0.0.1) with the bundled
SmolLM2, must agree decision by decision.

    python bench/llm_url_compare.py [--convs conv01,conv02] [--strategy both,model]

Prints, per conversation and strategy, the model calls of each run, the decisions that
agree (op, fact, target, who decided, reason; record ids mapped to their order of
appearance, as each run draws its own) and the first disagreement if any.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from memcli.api import MemoryStore  # noqa: E402
from memcli.embed import HashEmbedder  # noqa: E402
from memcli.ingest import parse_messages  # noqa: E402
from memcli.llm import LLM, LlamaCppLLM, OpenAIChatLLM, bundled_model_path  # noqa: E402
from memcli.store import records  # noqa: E402


def start_server(gguf: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--host", "127.0.0.1",
                             "--port", str(port), "--n_ctx", "2048", "--n_threads", str(os.cpu_count() or 1),
                             "--seed", "0", "--verbose", "False"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"{url}/models", timeout=2).read()
            return proc, url
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("llama_cpp.server did not start: pip install 'llama-cpp-python[server]'") from None
            time.sleep(0.3)


def decisions(conv: str, llm: LLM, strategy: str) -> tuple[list[tuple[str, ...]], int]:
    """The conversation's decision log, ids normalised, and the model calls made.
    Record ids are drawn from a seeded generator: the model is shown them, so two runs
    must show it the same ones to be compared."""
    records.secrets = SimpleNamespace(choice=random.Random(0).choice)  # type: ignore[attr-defined]
    scope = f"user:{conv}"
    with tempfile.TemporaryDirectory() as tmp, MemoryStore(Path(tmp) / "m.db", HashEmbedder()) as store:
        calls = 0
        for path in sorted((ROOT / "fixtures" / "eval" / conv).glob("s*.jsonl")):
            msgs = parse_messages(path.read_bytes(), path.name)
            calls += store.ingest(scope, [{"role": m.role, "content": m.content, "ts": m.ts} for m in msgs],
                                  source=path.name, llm=llm, strategy=strategy).model_calls
        log = sorted(store.decisions(scope), key=lambda d: d.id or 0)
    names: dict[str, str] = {}

    def norm(text: str | None) -> str:
        return re.sub(r"\b[a-z0-9]{6,8}\b", lambda m: names.get(m.group(0), m.group(0)), text or "")

    out = []
    for d in log:
        for mid in (d.new_id, d.target):
            if mid and mid not in names:
                names[mid] = f"#{len(names)}"
        out.append((d.op, d.fact, names.get(d.target or "", ""), d.decided_by, norm(d.reason)))
    return out, calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--convs", default="conv01,conv02,conv03")
    ap.add_argument("--strategy", default="both,model")
    args = ap.parse_args()
    gguf = bundled_model_path()
    local = LlamaCppLLM(gguf)
    proc, url = start_server(gguf)
    try:
        remote = OpenAIChatLLM(url)
        print("| conversation | strategy | model calls (--model / --llm-url) | decisions agreeing | first difference |")
        print("|---|---|---|---|---|")
        for conv in args.convs.split(","):
            for strategy in args.strategy.split(","):
                a, calls_a = decisions(conv, local, strategy)
                b, calls_b = decisions(conv, remote, strategy)
                same = sum(x == y for x, y in zip(a, b, strict=False))
                diff = next((f"{x} vs {y}" for x, y in zip(a, b, strict=False) if x != y),
                            "" if len(a) == len(b) else f"{len(a)} vs {len(b)} decisions")
                print(f"| {conv} | {strategy} | {calls_a} / {calls_b} | {same}/{max(len(a), len(b))} | {diff[:200]} |",
                      flush=True)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        local.close()


if __name__ == "__main__":
    main()
