#!/usr/bin/env python
"""What an episode's sentence vectors cost recall: warm in-process recall of the eval's
dev questions on stores ingest built, each store read as it is and as a copy without
its `memory_parts` rows, alternated per question, in one run.

    python bench/parts_speed.py DIR [--only d170,d171] [--rounds 3]

DIR holds the stores, one per conversation (`<conv>.db`, built by `memcli ingest` of
fixtures/eval/dev/<conv>, scope `user:<conv>`). Prints the median milliseconds per
recall with and without the sentence vectors, their ratio, and how many sentence
vectors the stores hold per episode.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from memcli.api import MemoryStore  # noqa: E402
from memcli.embed import MiniLMEmbedder  # noqa: E402
from memcli.recall import recall  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--only", default="")
    ap.add_argument("--rounds", type=int, default=3)
    opts = ap.parse_args()
    dbs = sorted(Path(opts.dir).glob("d*.db"))
    if opts.only:
        dbs = [d for d in dbs if d.stem in opts.only.split(",")]
    if not dbs:
        sys.exit(f"parts_speed: no d*.db stores in {opts.dir}; build them with memcli ingest first")
    emb = MiniLMEmbedder()
    with_parts: list[float] = []
    without: list[float] = []
    parts = episodes = 0
    with tempfile.TemporaryDirectory() as tmp:
        for db in dbs:
            checks = ROOT / "fixtures" / "eval" / "dev" / db.stem / "checks.jsonl"
            if not checks.exists():
                continue
            queries = [json.loads(line)["query"] for line in checks.read_text().splitlines() if line.strip()]
            bare = Path(tmp) / db.name
            shutil.copy(db, bare)
            a, b = MemoryStore(db, emb), MemoryStore(bare, emb)
            b.conn.execute("DELETE FROM memory_parts")
            parts += a.conn.execute("SELECT count(*) FROM memory_parts").fetchone()[0]
            episodes += a.conn.execute("SELECT count(*) FROM memories WHERE episode = 1").fetchone()[0]
            scope = f"user:{db.stem}"
            vectors = {q: emb.embed_one(q) for q in queries}
            for store in (a, b):  # warm both
                recall(store, scope, queries[0], k=5, touch=False, query_vector=vectors[queries[0]])
            for _ in range(opts.rounds):
                for q in queries:
                    for store, out in ((a, with_parts), (b, without)):
                        t0 = time.perf_counter()
                        recall(store, scope, q, k=5, touch=False, query_vector=vectors[q])
                        out.append(time.perf_counter() - t0)
            a.close()
            b.close()
    m1, m0 = statistics.median(with_parts) * 1000, statistics.median(without) * 1000
    print(f"stores {len(dbs)}  recalls {len(with_parts)} each  sentence vectors per episode {parts / max(episodes, 1):.2f}")
    print(f"median ms: with sentence vectors {m1:.2f}  without {m0:.2f}  ratio {m1 / m0:.3f}")


if __name__ == "__main__":
    main()
