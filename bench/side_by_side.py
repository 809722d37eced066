#!/usr/bin/env python
"""Default recall of two or more trees of memcli side by side in one process, over
copies of one bench store (`bench/scale.py`'s builder, cached), with numpy's brute
force after each query: what separates two trees on a shared, loaded machine.

    python bench/side_by_side.py --size 100000 main=/path/to/tree branch=.
                                 [--queries 200] [--cache DIR] [--now 2026-06-01T00:00:00Z]

Each tree's `memcli` package is copied under another name (`memcli_<label>`); each gets
its own copy of the store. Per query, each tree's `recall()` (k=10, rehearsal on, the
query vector given) in turn, the order alternating, then numpy's brute force, then a
new record inserted into every copy (not timed); the first query is a warm-up. With
`--now` (a fixed clock) the trees' result lists (texts, scores, abstain, confidence)
are compared with the first tree's. One JSON object on stdout: per tree p50 / p95 ms
and recall / numpy, the paired per-query difference against the first tree, the load
average at the start and the end.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import scale  # noqa: E402
from speed import percentile, unit, vocabulary  # noqa: E402

SCOPE = "user:large"


class _Stub:
    """The embedder the bench store was made with, never asked to embed."""

    model_id = "all-MiniLM-L6-v2-onnx-int8"
    dim = 384

    def embed(self, texts: list[str]) -> np.ndarray:
        raise RuntimeError("the query vectors are given")

    embed_one = embed


def _replay(n: int, nq: int) -> tuple[Any, ...]:
    """`scale.one_size`'s random draws: vectors, texts, queries, query vectors, the rng."""
    words = vocabulary(scale.VOCAB)
    rng = np.random.default_rng(n)
    vecs = unit(rng, n)
    texts = scale.texts_for(rng, words, n)
    return vecs, texts, scale.queries_for(rng, words, nq), unit(rng, nq), rng, words


def _cached(n: int, cache: Path, api: Any) -> Path:
    path = cache / f"scale{n}.db"
    if not path.exists():
        cache.mkdir(parents=True, exist_ok=True)
        vecs, texts, *_ = _replay(n, 1)
        tmp = cache / f"building{n}.db"
        store = api.MemoryStore(tmp, _Stub())
        scale.fill(store, SCOPE, texts, vecs)
        scale.file_bytes(store, tmp)
        store.close()
        tmp.rename(path)
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trees", nargs="+", help="label=path of a tree holding memcli/")
    ap.add_argument("--size", type=int, default=100000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "memcli-scale-cache"))
    ap.add_argument("--now", help="a fixed clock: the result lists are compared")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="memcli-side-"))
    sys.path.insert(0, str(work))
    mods = []
    for label, tree in (t.split("=", 1) for t in args.trees):
        shutil.copytree(Path(tree) / "memcli", work / f"memcli_{label}", ignore=shutil.ignore_patterns("__pycache__"))
        mods.append((label, importlib.import_module(f"memcli_{label}.api"),
                     importlib.import_module(f"memcli_{label}.recall"), importlib.import_module(f"memcli_{label}.models")))
    n, nq = args.size, args.queries
    src = _cached(n, Path(args.cache), mods[0][1])
    vecs, _, queries, qvecs, rng, words = _replay(n, nq)
    extra, extra_vecs = scale.texts_for(rng, words, nq + 1, start=10**7), unit(rng, nq + 1)
    stores = []
    for label, api, _, _ in mods:
        shutil.copyfile(src, work / f"{label}.db")
        stores.append(api.MemoryStore(work / f"{label}.db", _Stub()))
    times: dict[str, list[float]] = {label: [] for label, *_ in mods}
    times["numpy"] = []
    results: dict[str, list[Any]] = {label: [] for label, *_ in mods}
    load = os.getloadavg()[0]
    for i in range(nq + 1):
        q = i % nq
        for j in (range(len(mods)) if i % 2 == 0 else reversed(range(len(mods)))):
            label, _, rec, _ = mods[j]
            t = time.perf_counter()
            r = rec.recall(stores[j], SCOPE, queries[q], k=10, query_vector=qvecs[q],
                           **({"now": args.now} if args.now else {}))
            if i:
                times[label].append((time.perf_counter() - t) * 1000)
            results[label].append(([(h.memory.text, round(h.score, 12)) for h in r.hits], r.abstain,
                                   round(r.confidence, 12)))
        t = time.perf_counter()
        sims = vecs @ qvecs[q]
        top = np.argpartition(-sims, 50)[:50]
        top[np.argsort(-sims[top])]
        if i:
            times["numpy"].append((time.perf_counter() - t) * 1000)
        for j, (_, _, _, models) in enumerate(mods):
            stores[j].insert(models.Memory(id="", scope=SCOPE, kind="semantic", text=extra[i], importance=0.5,
                                           valid_from="2025-01-01T00:00:00Z", source="imported"), vector=extra_vecs[i])
    for store in stores:
        store.close()
    shutil.rmtree(work)
    out: dict[str, Any] = {"size": n, "load": [round(load, 2), round(os.getloadavg()[0], 2)]}
    ref = statistics.median(times["numpy"])
    for label, ts in times.items():
        out[label] = {"p50": round(statistics.median(ts), 2), "p95": round(percentile(ts, 95), 2),
                      "ratio": round(statistics.median(ts) / ref, 2)}
    first = mods[0][0]
    for label, *_ in mods[1:]:
        out[label]["paired_p50_vs_" + first] = round(
            statistics.median(b - a for a, b in zip(times[first], times[label], strict=True)), 2)
        if args.now:
            out[label]["same_results_as_" + first] = sum(
                a == b for a, b in zip(results[first], results[label], strict=True))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
