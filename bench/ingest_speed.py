"""Seconds per user message and model calls per stored fact, for each strategy.

    python bench/ingest_speed.py [--strategy rules,both,model] [--only conv01,conv02] [--set old|dev]

Ingests the eval conversations (fixtures/eval) in process with the real bundled
models, timing every message, and prints the median and p95 seconds per user
message, the model calls made, and model calls per stored fact (ADD + UPDATE).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from memcli.api import MemoryStore  # noqa: E402
from memcli.ingest import ingest, parse_messages  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--strategy", default="rules,both")
    ap.add_argument("--only", default="")
    ap.add_argument("--set", default="old", choices=["old", "dev"],
                    help="old: fixtures/eval/conv* (short messages); dev: fixtures/eval/dev/d* (longer ones)")
    opts = ap.parse_args()
    where = ROOT / "fixtures" / "eval"
    convs = sorted(p for p in (where.glob("conv*") if opts.set == "old" else (where / "dev").glob("d*")) if p.is_dir())
    if opts.only:
        convs = [c for c in convs if c.name in opts.only.split(",")]
    from memcli.embed import MiniLMEmbedder
    from memcli.llm import LlamaCppLLM

    embedder = MiniLMEmbedder()
    llm = LlamaCppLLM()
    embedder.embed(["warm up"])
    print(f"{'strategy':<9} {'user msgs':>9} {'median s':>9} {'p95 s':>7} {'facts':>6} {'calls':>6} {'calls/fact':>10}")
    for strategy in opts.strategy.split(","):
        per_msg: list[float] = []
        facts = calls = msgs = 0
        llm.calls = 0
        with tempfile.TemporaryDirectory() as tmp:
            store = MemoryStore(Path(tmp) / "m.db", embedder)
            for conv in convs:
                for f in sorted(conv.glob("s*.jsonl")):
                    for msg in parse_messages(f.read_bytes(), f.name):
                        t0 = time.perf_counter()
                        st = ingest(store, f"user:{conv.name}", [msg], source=f.name, llm=llm, strategy=strategy)
                        if msg.role == "user":
                            per_msg.append(time.perf_counter() - t0)
                            msgs += 1
                        facts += st.ops["ADD"] + st.ops["UPDATE"]
            store.close()
        calls = llm.calls
        per_msg.sort()
        p95 = per_msg[int(0.95 * (len(per_msg) - 1))]
        print(f"{strategy:<9} {msgs:>9} {statistics.median(per_msg):>9.4f} {p95:>7.4f} {facts:>6} {calls:>6} "
              f"{calls / max(facts, 1):>10.2f}")


if __name__ == "__main__":
    main()
