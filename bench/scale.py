#!/usr/bin/env python
"""Scale: recall, ingest, file size and purge of one store at 100k (and 1M) memories,
and a small scope in a file of many scopes, measured side by side in one run.

    python bench/scale.py [--sizes 100000[,1000000]] [--queries 200] [--scopes 100]
                          [--per-scope 1000] [--messages 200] [--json]

For each size a fresh file holds one scope of that many records: texts as in
bench/speed.py ("User " + 8 words of a Zipf vocabulary of 20k words, so a query word
matches ~0.2% of the records, as content words of real memories do) with random unit
384-d vectors (embedding them would measure the embedder). Per size:

- `recall_p50_ms` / `recall_p95_ms`: the library's default recall (`recall()`, k=10,
  rehearsal on, so every recall writes), with a new record inserted between queries
  (not timed), as a store in use sees it; the query vector is given (random unit),
  the keyword query is 4 words of the same vocabulary.
- `numpy_p50_ms`: brute-force cosine over the same vectors as an in-memory float32
  matrix, top 50, for the same query, timed right after each recall.
- `ingest_s_per_msg_empty` / `_large`: the same 200 user messages of the eval
  conversations (fixtures/eval, rules strategy, the bundled MiniLM embedder) ingested
  as 20 calls of 10 messages (a session file each, as `memcli ingest` is called), into
  an empty scope of an empty file and into the scope of that size: the median over
  the calls of seconds per message.
- `bytes_per_memory`: the file's size (WAL checkpointed) over its records, as built.
- `purge_lock_s`: seconds of `purge` of one record (the library call, which holds
  the write lock for its transaction and what follows it).

`multi_scope`: a scope of `--per-scope` records in a file of `--scopes` such scopes
against the same scope (same texts and vectors) alone in its own file, default recall
as above, the two stores queried in turn. With `--json` one JSON object is printed on stdout; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from speed import percentile, unit, vocabulary, zipf_probs  # noqa: E402

from memcli.api import MemoryStore  # noqa: E402
from memcli.embed import MiniLMEmbedder  # noqa: E402
from memcli.ingest import Message, ingest, parse_messages  # noqa: E402
from memcli.models import Memory  # noqa: E402
from memcli.recall import recall  # noqa: E402

VOCAB = 20000
BATCH = 10  # messages per ingest call


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def texts_for(rng: np.random.Generator, words: list[str], n: int, start: int = 0) -> list[str]:
    picks = rng.choice(len(words), size=(n, 8), p=zipf_probs(len(words)))
    return ["User " + " ".join(words[j] for j in row) + f" #{start + i}" for i, row in enumerate(picks)]


def fill(store: MemoryStore, scope: str, texts: list[str], vecs: np.ndarray) -> None:
    step = 5000
    for start in range(0, len(texts), step):
        with store.transaction():
            for i in range(start, min(len(texts), start + step)):
                store.insert(Memory(id="", scope=scope, kind="semantic", text=texts[i], importance=0.5,
                                    valid_from="2025-01-01T00:00:00Z", source="imported"), vector=vecs[i])


def file_bytes(store: MemoryStore, path: Path) -> int:
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size + sum(p.stat().st_size for p in path.parent.glob(path.name + "-*"))


def timed_recalls(stores: list[MemoryStore], scope: str, queries: list[str], qvecs: np.ndarray,
                  rng: np.random.Generator, words: list[str], mat: np.ndarray | None = None) -> list[list[float]]:
    """Default recall (rehearsal on) per query in each store in turn, with a new record
    inserted into each between queries (the same one); milliseconds per store, the
    first (warm-up) query left out. With `mat`, the last list is numpy brute force
    over it for the same query, timed right after: side by side on a shared machine."""
    out: list[list[float]] = [[] for _ in range(len(stores) + (mat is not None))]
    extra = texts_for(rng, words, len(queries) + 1, start=10**7)
    extra_vecs = unit(rng, len(queries) + 1)
    for i in range(len(queries) + 1):
        q = i % len(queries)
        for j, store in enumerate(stores):
            t = time.perf_counter()
            recall(store, scope, queries[q], k=10, query_vector=qvecs[q])
            if i:
                out[j].append((time.perf_counter() - t) * 1000)
        if mat is not None:
            t = time.perf_counter()
            sims = mat @ qvecs[q]
            top = np.argpartition(-sims, 50)[:50]
            top[np.argsort(-sims[top])]
            if i:
                out[-1].append((time.perf_counter() - t) * 1000)
        for store in stores:
            store.insert(Memory(id="", scope=scope, kind="semantic", text=extra[i], importance=0.5,
                                valid_from="2025-01-01T00:00:00Z", source="imported"), vector=extra_vecs[i])
    return out


def user_messages(n: int) -> list[Message]:
    msgs: list[Message] = []
    for conv in sorted(p for p in (ROOT / "fixtures" / "eval").glob("conv*") if p.is_dir()):
        for f in sorted(conv.glob("s*.jsonl")):
            msgs += [m for m in parse_messages(f.read_bytes(), f.name) if m.role == "user"]
    first = list(msgs)
    year = 0
    while msgs and len(msgs) < n:  # said again a year later: new turns, mostly the same facts
        year += 1
        msgs += [Message(role=m.role, content=m.content, ts=_later(m.ts, year), ref=m.ref) for m in first]
    return msgs[:n]


def _later(ts: str | None, years: int) -> str | None:
    return None if ts is None else f"{int(ts[:4]) + years:04d}{ts[4:]}"


def ingest_s_per_msg(store: MemoryStore, scope: str, msgs: list[Message], tag: str) -> float:
    """Median over calls of BATCH messages of the seconds per message."""
    per: list[float] = []
    for start in range(0, len(msgs), BATCH):
        # a distinct timestamp per run, so the turns are new in every scope
        batch = [Message(role=m.role, content=m.content, ts=m.ts, ref=f"{tag}:{start + i}")
                 for i, m in enumerate(msgs[start:start + BATCH])]
        t = time.perf_counter()
        ingest(store, scope, batch, source=f"{tag}-{start}.jsonl")
        per.append((time.perf_counter() - t) / len(batch))
    return statistics.median(per)


def queries_for(rng: np.random.Generator, words: list[str], n: int) -> list[str]:
    p = zipf_probs(len(words))
    return [" ".join(words[j] for j in rng.choice(len(words), size=4, p=p)) for _ in range(n)]


def one_size(n: int, args: argparse.Namespace, tmp: Path, embedder: MiniLMEmbedder,
             words: list[str], msgs: list[Message]) -> dict[str, Any]:
    rng = np.random.default_rng(n)
    path = tmp / f"scale{n}.db"
    store = MemoryStore(path, embedder)
    scope = "user:large"
    t0 = time.time()
    vecs = unit(rng, n)
    fill(store, scope, texts_for(rng, words, n), vecs)
    size = file_bytes(store, path)
    log(f"{n:,}: built in {time.time() - t0:.0f}s, {size / n:.0f} bytes per memory")
    queries = queries_for(rng, words, args.queries)
    qvecs = unit(rng, args.queries)
    rec, num = timed_recalls([store], scope, queries, qvecs, rng, words, vecs)
    log(f"{n:,}: recall p50 {statistics.median(rec):.1f} ms, numpy {statistics.median(num):.1f} ms")
    empty = MemoryStore(tmp / f"empty{n}.db", embedder)
    ing_empty = ingest_s_per_msg(empty, "user:empty", msgs, "empty")
    empty.close()
    ing_large = ingest_s_per_msg(store, scope, msgs, "large")
    log(f"{n:,}: ingest {ing_empty:.4f} s/msg empty, {ing_large:.4f} s/msg large")
    victim = store.conn.execute("SELECT id FROM memories WHERE scope = ? ORDER BY rowid LIMIT 1 OFFSET ?",
                                (scope, n // 2)).fetchone()[0]
    t = time.perf_counter()
    store.purge(scope, [victim])
    purge_s = time.perf_counter() - t
    log(f"{n:,}: purge of one record {purge_s:.2f} s")
    store.close()
    for p in tmp.glob("*.db*"):
        p.unlink()
    return {"recall_p50_ms": round(statistics.median(rec), 2), "recall_p95_ms": round(percentile(rec, 95), 2),
            "numpy_p50_ms": round(statistics.median(num), 2),
            "ingest_s_per_msg_empty": round(ing_empty, 4), "ingest_s_per_msg_large": round(ing_large, 4),
            "bytes_per_memory": round(size / n), "purge_lock_s": round(purge_s, 3)}


def multi_scope(args: argparse.Namespace, tmp: Path, embedder: MiniLMEmbedder, words: list[str]) -> dict[str, Any]:
    rng = np.random.default_rng(99)
    per = args.per_scope
    many = MemoryStore(tmp / "many.db", embedder)
    target = f"user:s{args.scopes // 2}"
    t0 = time.time()
    kept: tuple[list[str], np.ndarray] | None = None
    for s in range(args.scopes):
        texts, vecs = texts_for(rng, words, per, start=s * per), unit(rng, per)
        fill(many, f"user:s{s}", texts, vecs)
        if f"user:s{s}" == target:
            kept = (texts, vecs)
    assert kept is not None
    alone = MemoryStore(tmp / "alone.db", embedder)
    fill(alone, target, *kept)
    log(f"multi-scope: {args.scopes} x {per:,} built in {time.time() - t0:.0f}s")
    queries = queries_for(rng, words, args.queries)
    qvecs = unit(rng, args.queries)
    t_alone, t_many = timed_recalls([alone, many], target, queries, qvecs, rng, words)
    alone.close()
    many.close()
    return {"scopes": args.scopes, "per_scope": per, "recall_p50_ms": round(statistics.median(t_many), 2),
            "single_scope_p50_ms": round(statistics.median(t_alone), 2)}


def table(out: dict[str, Any]) -> str:
    fields = ["recall_p50_ms", "recall_p95_ms", "numpy_p50_ms", "ingest_s_per_msg_empty",
              "ingest_s_per_msg_large", "bytes_per_memory", "purge_lock_s"]
    lines = ["| memories | " + " | ".join(fields) + " |", "|---" * (len(fields) + 1) + "|"]
    for n, row in out["sizes"].items():
        lines.append(f"| {int(n):,} | " + " | ".join(str(row[f]) for f in fields) + " |")
    m = out["multi_scope"]
    lines.append(f"\nmulti-scope: {m['scopes']} scopes x {m['per_scope']:,}: recall p50 {m['recall_p50_ms']} ms, "
                 f"the scope alone {m['single_scope_p50_ms']} ms")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="100000", help="store sizes, comma-separated (default 100000)")
    ap.add_argument("--queries", type=int, default=200, help="recall queries per store (default 200)")
    ap.add_argument("--scopes", type=int, default=100, help="scopes of the multi-scope file (default 100)")
    ap.add_argument("--per-scope", type=int, default=1000, help="records per scope there (default 1000)")
    ap.add_argument("--messages", type=int, default=200, help="user messages ingested (default 200)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = ap.parse_args()
    words = vocabulary(VOCAB)
    msgs = user_messages(args.messages)
    embedder = MiniLMEmbedder()
    embedder.embed(["warm up"])
    out: dict[str, Any] = {"sizes": {}}
    with tempfile.TemporaryDirectory(prefix="memcli-scale-") as tmp:
        for n in (int(x) for x in args.sizes.split(",")):
            out["sizes"][str(n)] = one_size(n, args, Path(tmp), embedder, words, msgs)
        out["multi_scope"] = multi_scope(args, Path(tmp), embedder, words)
    print(json.dumps(out) if args.json else table(out))


if __name__ == "__main__":
    main()
