#!/usr/bin/env python
"""Speed of memcli's read path: warm in-process recall at 10k and 100k memories in
one scope, against a brute-force numpy scan over the same vectors and against the
previous keyword path (uncapped FTS5 joined to the file's matches) in the same
run, plus the wall time of a cold `memcli recall` process.

    python bench/speed.py [--sizes 10000,100000] [--queries 200] [--cold-runs 5] [--db FILE]
                          [--vocab 20000] [--no-stress] [--kind semantic|episodic]

Texts are "User " + 8 words drawn from a Zipf vocabulary of `--vocab` words (the 100
everyday words of the first version first, then made-up ones), and queries are 4
words from the same distribution. With 20k words a query word matches ~0.2% of the
rows on average, as content words of real memories do; "user" is in every row (the
store leaves such words out of the keyword query). The stress scope repeats the
first version's data: a 100-word vocabulary where every query word matches
thousands of rows (FTS5 has to score and sort ~25k rows per query).

Vectors are random unit 384-d float32 (embedding 100k texts would take minutes and
measure the embedder, not recall); for the sign-bit scan they are the worst case
(no structure), so the "vector top-10 = exact" line is a floor: on MiniLM vectors
of LoCoMo turns, keeping 10% by hamming finds 99.5% of the exact top 10.
The store is created for the bundled MiniLM id, so the cold CLI run opens it
exactly as a user's database and embeds its query with the real model. The warm
path is the real `memcli.recall.recall` with an injected query vector.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from memcli.api import MemoryStore  # noqa: E402
from memcli.embed import MiniLMEmbedder  # noqa: E402
from memcli.models import Memory  # noqa: E402
from memcli.recall import recall  # noqa: E402
from memcli.store import quote_fts  # noqa: E402
from memcli.store.rows import MEMORY_COLUMNS, row_to_memory, time_filter  # noqa: E402

DIM = 384
WORDS = ("user lives works likes moved city dog cat coffee tea project deadline meeting doctor sister brother "
         "garden paint music guitar piano running marathon trip paris berlin tokyo book novel recipe pasta "
         "allergy peanuts birthday party gift car bike train office remote team manager salary holiday beach "
         "mountain camping photo camera school class exam teacher friend wedding baby house rent loan bank").split()


def vocabulary(size: int) -> list[str]:
    rng = np.random.default_rng(11)
    syll = [c + v for c in "bcdfghjklmnprstvz" for v in "aeiou"]
    out = list(WORDS[:size])
    seen = set(out)
    while len(out) < size:
        w = "".join(rng.choice(syll, size=int(rng.integers(2, 4))))
        if w not in seen:
            seen.add(w)
            out.append(w)
    return out


class LegacyStore(MemoryStore):
    """Parts of the read path before the current one (for side-by-side numbers):
    `scope = ? AND rowid IN`, and every query term in the FTS5 query joined to
    `memories` (the vec0 KNN it also used is gone: bench/RESULTS.md has its figures)."""

    def by_rowids(self, scope: str, rowids: Sequence[int]) -> dict[int, Memory]:
        if not rowids:
            return {}
        rows = self.conn.execute(
            f"SELECT rowid, {MEMORY_COLUMNS} FROM memories WHERE scope = ? AND rowid IN ({','.join('?' * len(rowids))})",
            (scope, *rowids)).fetchall()
        return {int(cast(int, r[0])): row_to_memory(r[1:]) for r in rows}

    def search_keyword(self, scope: str, query: str, *, k: int = 50, raw: bool = False, include_inactive: bool = False,
                       as_of: str | None = None) -> list[tuple[int, float]]:
        match = query if raw else quote_fts(query)
        if not match:
            return []
        where, args = time_filter(include_inactive, as_of)
        return [(r[0], r[1]) for r in self.conn.execute(
            "SELECT m.rowid, bm25(memories_fts, 1.0, 0.0) AS s FROM memories_fts "
            "JOIN memories m ON m.rowid = memories_fts.rowid "
            f"WHERE memories_fts MATCH ? AND m.scope = ?{where} ORDER BY s LIMIT ?", (match, scope, *args, k))]


def percentile(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def unit(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def zipf_probs(n: int) -> np.ndarray:
    p = 1.0 / np.arange(1, n + 1)
    return p / p.sum()


def build(store: MemoryStore, scope: str, n: int, rng: np.random.Generator, words: list[str],
          kind: str = "semantic") -> np.ndarray:
    vecs = unit(rng, n)
    picks = rng.choice(len(words), size=(n, 8), p=zipf_probs(len(words)))
    days = rng.integers(0, 365, size=n)
    step = 5000
    for start in range(0, n, step):
        with store.transaction():
            for i in range(start, min(n, start + step)):
                text = "User " + " ".join(words[j] for j in picks[i]) + f" #{i}"
                store.insert(Memory(id="", scope=scope, kind=kind, text=text, importance=0.5,
                                    valid_from=f"2025-{1 + days[i] // 31 % 12:02d}-{1 + days[i] % 28:02d}T00:00:00Z",
                                    source="imported"), vector=vecs[i])
    return vecs


def time_it(fn: Callable[[], None], runs: int) -> list[float]:
    fn()  # warm
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def warm_paths(store: MemoryStore, legacy: MemoryStore, scope: str, queries: list[str], qvecs: np.ndarray,
               mat: np.ndarray) -> list[tuple[str, Callable[[], None]]]:
    """The timed read paths of one scope, each taking the next query on every call."""
    it = iter(range(10**9))
    n_queries = len(queries)

    def one_recall(s: MemoryStore = store) -> None:
        i = next(it) % n_queries
        recall(s, scope, queries[i], k=10, touch=False, query_vector=qvecs[i])

    def one_knn() -> None:
        i = next(it) % n_queries
        store.search_vector(scope, qvecs[i], k=50)

    def one_fts(s: MemoryStore = store) -> None:
        i = next(it) % n_queries
        s.search_keyword(scope, queries[i], k=50)

    def one_numpy() -> None:
        i = next(it) % n_queries
        sims = mat @ qvecs[i]
        top = np.argpartition(-sims, 50)[:50]
        top[np.argsort(-sims[top])]

    return [("recall (full, k=10)", one_recall),
            ("recall (full, k=10), previous read path", lambda: one_recall(legacy)),
            ("vector search k=50 (sign-bit scan + exact rescoring)", one_knn),
            ("FTS5 k=50", one_fts),
            ("FTS5 k=50, previous (every term)", lambda: one_fts(legacy)),
            ("numpy brute force k=50 (float matrix in memory)", one_numpy)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--cold-runs", type=int, default=5)
    ap.add_argument("--vocab", type=int, default=20000, help="vocabulary size of the texts (default 20000)")
    ap.add_argument("--no-stress", action="store_true", help="skip the 100-word-vocabulary scope")
    ap.add_argument("--kind", default="semantic", choices=["semantic", "episodic"],
                    help="kind of the records (episodic: recall also reads the turns around the best candidates)")
    ap.add_argument("--db", help="database file (default: a temporary one; reused if it exists)")
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    rng = np.random.default_rng(7)
    tmp = tempfile.TemporaryDirectory(prefix="memcli-speed-")
    db = Path(args.db) if args.db else Path(tmp.name) / "speed.db"
    store = MemoryStore(db, MiniLMEmbedder())  # the model itself is never loaded in this process
    legacy = LegacyStore(db, MiniLMEmbedder())
    words = vocabulary(args.vocab)
    suffix = "" if args.kind == "semantic" else args.kind
    runs = [(n, f"session:speed{n}v{args.vocab}{suffix}", words, f"{args.vocab:,}-word vocabulary, {args.kind}")
            for n in sizes]
    if not args.no_stress:
        runs.append((sizes[-1], f"session:speed{sizes[-1]}", WORDS, "100-word vocabulary (stress)"))
    mats: dict[str, np.ndarray] = {}
    for n, scope, vocab, _ in runs:
        t0 = time.time()
        if store.count(scope) != n:
            mats[scope] = build(store, scope, n, rng, vocab, args.kind)
        else:
            rows = store.conn.execute(
                "SELECT embedding FROM memory_embeddings WHERE rowid IN (SELECT rowid FROM memories WHERE scope = ?) "
                "ORDER BY rowid", (scope,)).fetchall()
            mats[scope] = np.vstack([np.frombuffer(cast(bytes, r[0]), dtype=np.float32) for r in rows])
        print(f"{n} memories in {scope}: ready in {time.time() - t0:.1f}s", file=sys.stderr)

    qvecs = unit(rng, args.queries)
    print("| memories | data | path | p50 ms | p95 ms |\n|---|---|---|---|---|")
    for n, scope, vocab, label in runs:
        mat = mats[scope]
        p = zipf_probs(len(vocab))
        queries = [" ".join(vocab[j] for j in rng.choice(len(vocab), size=4, p=p)) for _ in range(args.queries)]
        paths = warm_paths(store, legacy, scope, queries, qvecs, mat)
        for name, fn in paths:
            ts = time_it(fn, args.queries)
            print(f"| {n:,} | {label} | {name} | {statistics.median(ts):.2f} | {percentile(ts, 95):.2f} |", flush=True)
        found = []
        for i in range(min(50, args.queries)):
            exact = set(np.argsort(-(mat @ qvecs[i]))[:10])
            rowids = [r for r, _ in store.search_vector(scope, qvecs[i], k=10)]
            row = store.conn.execute("SELECT min(rowid) FROM memories WHERE scope = ?", (scope,)).fetchone()
            first = int(cast(int, row[0])) if row else 0
            found.append(len(exact & {r - first for r in rowids}) / 10)
        print(f"| {n:,} | {label} | vector top-10 = exact top-10 (random vectors: worst case) | "
              f"{statistics.mean(found):.3f} | |", flush=True)
    store.close()
    legacy.close()

    if args.cold_runs:
        env = dict(os.environ, MEMCLI_DB=str(db))
        env.pop("MEMCLI_EMBEDDER", None)
        exe = [sys.executable, "-m", "memcli"]
        n, scope, vocab, _ = runs[len(sizes) - 1]
        queries = [" ".join(rng.choice(vocab[:200], size=4)) for _ in range(args.cold_runs)]
        walls = []
        for i in range(args.cold_runs):
            t = time.perf_counter()
            proc = subprocess.run([*exe, "recall", queries[i], "--scope", scope, "-k", "10",
                                "--json", "--no-touch"], env=env, capture_output=True, text=True)
            walls.append(time.perf_counter() - t)
            if proc.returncode != 0:
                raise SystemExit(f"memcli recall failed: {proc.stderr}")
        print(f"| {n:,} | | cold `memcli recall` process (real MiniLM query embedding) | "
              f"{statistics.median(walls) * 1000:.0f} | {max(walls) * 1000:.0f} (max of {len(walls)}) |")
        walls = []
        for _ in range(args.cold_runs):
            t = time.perf_counter()
            subprocess.run([*exe, "recall", "--profile", "--scope", scope, "--json"],
                           env=env, capture_output=True, text=True, check=True)
            walls.append(time.perf_counter() - t)
        print(f"| {n:,} | | cold `memcli recall --profile` process | "
              f"{statistics.median(walls) * 1000:.0f} | {max(walls) * 1000:.0f} (max of {len(walls)}) |")


if __name__ == "__main__":
    main()
