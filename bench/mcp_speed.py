#!/usr/bin/env python
"""Warm recall through `memcli mcp`, as an agent host sees it: the SDK's stdio client
calls the `recall` tool of a server subprocess on a store of 10k memories, side by
side with the same recall in-process (`MemoryStore.recall`, query embedded by the
real MiniLM) and a cold `memcli recall` process per query.

    python bench/mcp_speed.py [--memories 10000] [--queries 200] [--cold-runs 5]

The records are those of bench/speed.py (8 Zipf words each, random unit vectors;
the query is embedded for real by the server). The figure to hold: the server's
p50 ≤ 30 ms (issue 12). The server writes a burst's rehearsals after it (or before
the next other tool call), so the first recall after them pays the rebuilt scan
cache: both are measured.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from mcp import ClientSession, StdioServerParameters, stdio_client  # noqa: E402
from speed import build, percentile, vocabulary, zipf_probs  # noqa: E402

from memcli.api import MemoryStore  # noqa: E402
from memcli.embed import MiniLMEmbedder  # noqa: E402


async def through_server(db: Path, scope: str, queries: list[str], env: dict[str, str], archived: str
                         ) -> tuple[list[float], list[float], float]:
    """Per-query wall time of `recall` tool calls, back to back (a burst: the server
    writes their rehearsals afterwards) and each after the rehearsals of the one before
    were written (another tool call flushes them: a `forget` of an archived id, which
    changes nothing else); and the server's start (spawn to initialized)."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "memcli", "--db", str(db), "mcp",
                                                                 "--scope", scope], env=env)
    t0 = time.perf_counter()
    async with stdio_client(params) as (r, w), ClientSession(r, w) as session:
        await session.initialize()
        started = time.perf_counter() - t0
        await session.call_tool("recall", {"query": queries[0], "k": 10})  # first call: the scope's caches
        times = []
        for q in queries:
            t = time.perf_counter()
            res = await session.call_tool("recall", {"query": q, "k": 10})
            times.append((time.perf_counter() - t) * 1000)
            if res.is_error:
                raise SystemExit(f"recall failed: {res.content}")
        flushed = []
        for q in queries:
            await session.call_tool("forget", {"id": archived})
            t = time.perf_counter()
            await session.call_tool("recall", {"query": q, "k": 10})
            flushed.append((time.perf_counter() - t) * 1000)
    return times, flushed, started


def in_process(db: Path, scope: str, queries: list[str], touch: bool) -> list[float]:
    with MemoryStore(db, MiniLMEmbedder()) as store:
        store.recall(scope, queries[0], k=10, touch=touch)
        times = []
        for q in queries:
            t = time.perf_counter()
            store.recall(scope, q, k=10, touch=touch)
            times.append((time.perf_counter() - t) * 1000)
    return times


def cold(db: Path, scope: str, queries: list[str], env: dict[str, str]) -> list[float]:
    times = []
    for q in queries:
        t = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "memcli", "--db", str(db), "recall", q, "--scope", scope,
                               "-k", "10", "--json"], env=env, capture_output=True, text=True)
        times.append((time.perf_counter() - t) * 1000)
        if proc.returncode != 0:
            raise SystemExit(f"memcli recall failed: {proc.stderr.strip()}")
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--memories", type=int, default=10_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--cold-runs", type=int, default=5)
    args = ap.parse_args()
    rng = np.random.default_rng(7)
    tmp = tempfile.TemporaryDirectory(prefix="memcli-mcp-speed-")
    db = Path(tmp.name) / "mcp.db"
    scope = "user:bench"
    words = vocabulary(20_000)
    with MemoryStore(db, MiniLMEmbedder()) as store:
        build(store, scope, args.memories, rng, words)
        archived = store.list_memories(scope)[0].id
        store.archive(scope, archived, reason="bench")
    p = zipf_probs(len(words))
    queries = [" ".join(words[j] for j in rng.choice(len(words), size=4, p=p)) for _ in range(args.queries)]
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=os.environ.get("XDG_CACHE_HOME", tmp.name))
    env.pop("MEMCLI_EMBEDDER", None)

    rows = [("in-process `MemoryStore.recall`, warm, rehearsal written each time", in_process(db, scope, queries, True)),
            ("in-process `MemoryStore.recall`, warm, read-only", in_process(db, scope, queries, False))]
    burst, flushed, started = asyncio.run(through_server(db, scope, queries, env, archived))
    rows += [("`recall` tool through `memcli mcp` (stdio, warm), back to back", burst),
             ("`recall` tool through `memcli mcp`, each after the rehearsals were written", flushed)]
    if args.cold_runs:
        rows.append(("cold `memcli recall` process", cold(db, scope, queries[: args.cold_runs], env)))
    print(f"{args.memories:,} memories, {args.queries} queries, k=10; server start to initialized: {started:.2f} s")
    print("| path | p50 ms | p90 ms | runs |\n|---|---|---|---|")
    for name, ts in rows:
        print(f"| {name} | {statistics.median(ts):.1f} | {percentile(ts, 90):.1f} | {len(ts)} |")


if __name__ == "__main__":
    main()
