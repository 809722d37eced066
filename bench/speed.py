#!/usr/bin/env python
"""Speed of memcli's read path: warm in-process recall at 10k and 100k memories in
one scope, against a brute-force numpy scan over the same vectors, plus the wall
time of a cold `memcli recall` process.

    python bench/speed.py [--sizes 10000,100000] [--queries 200] [--cold-runs 5] [--db FILE]

Texts are random sentences over a small Zipf vocabulary; vectors are random unit
384-d float32 (embedding 100k texts would take minutes and measure the embedder,
not recall). The store is created for the bundled MiniLM id, so the cold CLI run
opens it exactly as a user's database and embeds its query with the real model.
The warm path is the real `memcli.recall.recall` with an injected query vector.
"""

from __future__ import annotations

import argparse
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

from memcli.embed import MiniLMEmbedder  # noqa: E402
from memcli.models import Memory  # noqa: E402
from memcli.recall import recall  # noqa: E402
from memcli.store import MemoryStore  # noqa: E402

DIM = 384
WORDS = ("user lives works likes moved city dog cat coffee tea project deadline meeting doctor sister brother "
         "garden paint music guitar piano running marathon trip paris berlin tokyo book novel recipe pasta "
         "allergy peanuts birthday party gift car bike train office remote team manager salary holiday beach "
         "mountain camping photo camera school class exam teacher friend wedding baby house rent loan bank").split()


def percentile(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def unit(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def build(store: MemoryStore, scope: str, n: int, rng: np.random.Generator) -> np.ndarray:
    vecs = unit(rng, n)
    probs = 1.0 / np.arange(1, len(WORDS) + 1)
    probs /= probs.sum()
    words = rng.choice(len(WORDS), size=(n, 8), p=probs)
    days = rng.integers(0, 365, size=n)
    step = 5000
    for start in range(0, n, step):
        with store.transaction():
            for i in range(start, min(n, start + step)):
                text = "User " + " ".join(WORDS[j] for j in words[i]) + f" #{i}"
                store.insert(Memory(id="", scope=scope, kind="semantic", text=text, importance=0.5,
                                    valid_from=f"2025-{1 + days[i] // 31 % 12:02d}-{1 + days[i] % 28:02d}T00:00:00Z",
                                    source="imported"), vector=vecs[i])
    return vecs


def time_it(fn, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    fn()  # warm
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--cold-runs", type=int, default=5)
    ap.add_argument("--db", help="database file (default: a temporary one; reused if it exists)")
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    rng = np.random.default_rng(7)
    tmp = tempfile.TemporaryDirectory(prefix="memcli-speed-")
    db = Path(args.db) if args.db else Path(tmp.name) / "speed.db"
    store = MemoryStore(db, MiniLMEmbedder())  # the model itself is never loaded in this process
    mats: dict[int, np.ndarray] = {}
    for n in sizes:
        scope = f"session:speed{n}"
        t0 = time.time()
        if store.count(scope) != n:
            mats[n] = build(store, scope, n, rng)
        else:
            rows = store.conn.execute(
                "SELECT embedding FROM memory_vec WHERE scope = ? ORDER BY memory_rowid", (scope,)).fetchall()
            mats[n] = np.vstack([np.frombuffer(r[0], dtype=np.float32) for r in rows])
        print(f"{n} memories in {scope}: ready in {time.time() - t0:.1f}s", file=sys.stderr)

    qvecs = unit(rng, args.queries)
    queries = [" ".join(rng.choice(WORDS, size=4)) for _ in range(args.queries)]
    print("| memories | path | p50 ms | p95 ms |\n|---|---|---|---|")
    for n in sizes:
        scope = f"session:speed{n}"
        mat = mats[n]
        it = iter(range(10**9))

        def one_recall() -> None:
            i = next(it) % args.queries
            recall(store, scope, queries[i], k=10, touch=False, query_vector=qvecs[i])

        def one_knn() -> None:
            i = next(it) % args.queries
            store.search_vector(scope, qvecs[i], k=50)

        def one_fts() -> None:
            i = next(it) % args.queries
            store.search_keyword(scope, queries[i], k=50)

        def one_numpy() -> None:
            i = next(it) % args.queries
            sims = mat @ qvecs[i]
            top = np.argpartition(-sims, 50)[:50]
            top[np.argsort(-sims[top])]

        for name, fn in (("recall (full, k=10)", one_recall), ("vec0 KNN k=50", one_knn),
                         ("FTS5 k=50", one_fts), ("numpy brute force k=50", one_numpy)):
            ts = time_it(fn, args.queries)
            print(f"| {n:,} | {name} | {statistics.median(ts):.2f} | {percentile(ts, 95):.2f} |", flush=True)
    store.close()

    if args.cold_runs:
        env = dict(os.environ, MEMCLI_DB=str(db))
        env.pop("MEMCLI_EMBEDDER", None)
        exe = [sys.executable, "-m", "memcli"]
        for n in sizes[-1:]:
            walls = []
            for i in range(args.cold_runs):
                t = time.perf_counter()
                p = subprocess.run([*exe, "recall", queries[i], "--scope", f"session:speed{n}", "-k", "10",
                                    "--json", "--no-touch"], env=env, capture_output=True, text=True)
                walls.append(time.perf_counter() - t)
                if p.returncode != 0:
                    raise SystemExit(f"memcli recall failed: {p.stderr}")
            print(f"| {n:,} | cold `memcli recall` process (real MiniLM query embedding) | "
                  f"{statistics.median(walls) * 1000:.0f} | {max(walls) * 1000:.0f} (max of {len(walls)}) |")
            walls = []
            for i in range(args.cold_runs):
                t = time.perf_counter()
                subprocess.run([*exe, "recall", "--profile", "--scope", f"session:speed{n}", "--json"],
                               env=env, capture_output=True, text=True, check=True)
                walls.append(time.perf_counter() - t)
            print(f"| {n:,} | cold `memcli recall --profile` process | "
                  f"{statistics.median(walls) * 1000:.0f} | {max(walls) * 1000:.0f} (max of {len(walls)}) |")


if __name__ == "__main__":
    main()
