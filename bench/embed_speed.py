#!/usr/bin/env python
"""Batch embedding speed of the bundled MiniLM: memcli's onnxruntime path, and (when
fastembed is installed and --fastembed is given) fastembed's, side by side.

    python bench/embed_speed.py [--texts N] [--rounds R] [--fastembed]

Texts are LoCoMo-like chat turns generated here; each round embeds them all with
each backend, alternating, and the medians are printed with their ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memcli.embed import MiniLMEmbedder  # noqa: E402

WORDS = ("we went camping with the kids last weekend and it was amazing my sister started a pottery class "
         "i moved to a new apartment near the park the dog loves the beach work has been busy lately").split()


def texts(n: int, seed: int = 7) -> list[str]:
    rnd = random.Random(seed)
    return [" ".join(rnd.choice(WORDS) for _ in range(rnd.randint(5, 60))) for _ in range(n)]


def fastembed_model():  # type: ignore[no-untyped-def]
    from fastembed import TextEmbedding
    from fastembed.common.model_description import ModelSource, PoolingType

    from memcli.embed import _minilm_files

    model_file, tok_dir = _minilm_files()
    TextEmbedding.add_custom_model(model="bench/minilm-int8", pooling=PoolingType.MEAN, normalization=True,
                                   sources=ModelSource(hf="sentence-transformers/all-MiniLM-L6-v2"), dim=384,
                                   model_file=str(model_file))
    return TextEmbedding("bench/minilm-int8", specific_model_path=str(tok_dir), local_files_only=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--texts", type=int, default=512)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--fastembed", action="store_true", help="also time fastembed (if installed)")
    args = ap.parse_args()
    batch = texts(args.texts)
    ours = MiniLMEmbedder()
    ours.embed(batch[:4])  # load outside the timing
    fe = fastembed_model() if args.fastembed else None
    if fe is not None:
        list(fe.embed(batch[:4]))
    t_ours, t_fe = [], []
    for _ in range(args.rounds):
        t = time.perf_counter()
        ours.embed(batch)
        t_ours.append(time.perf_counter() - t)
        if fe is not None:
            t = time.perf_counter()
            list(fe.embed(batch, batch_size=ours.batch_size))
            t_fe.append(time.perf_counter() - t)
    m = statistics.median(t_ours)
    print(f"onnxruntime: {args.texts} texts in {m:.2f} s median of {args.rounds} ({1000 * m / args.texts:.2f} ms/text)")
    if t_fe:
        f = statistics.median(t_fe)
        print(f"fastembed:   {args.texts} texts in {f:.2f} s median of {args.rounds} ({1000 * f / args.texts:.2f} ms/text)"
              f"  ratio onnxruntime/fastembed {m / f:.2f}")


if __name__ == "__main__":
    main()
