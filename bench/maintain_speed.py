"""How long `memcli maintain` takes over one large scope.

Builds a database of N memories (default 100,000) in one scope, a simulated year of
episodes and facts with paraphrased repeats, pins, safety notes and rehearsals,
embedded with the bundled MiniLM (or the hash fake with --embedder hash). Then copies
it fresh for each run and times `memcli maintain --scope S --now ...` as a separate
process (start-up included), and prints the median.

    .venv/bin/python bench/maintain_speed.py --runs 3
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memcli.models import Memory  # noqa: E402
from memcli.store import MemoryStore  # noqa: E402
from memcli.timeutil import to_iso  # noqa: E402

SCOPE = "user:bench"
T0 = datetime(2025, 1, 1, tzinfo=timezone.utc)
PLACES = ["the lake", "a jazz club", "the dentist", "a bakery", "the gym", "a museum", "the library", "a wedding",
          "the farmers market", "a pottery workshop", "the beach", "a board game night", "the cinema", "a hackathon"]
PEOPLE = ["Maya", "Tom", "Priya", "Lukas", "Aiko", "Omar", "Sofia", "Chen", "Grace", "Diego"]
THINGS = ["running shoes", "a standing desk", "a rice cooker", "noise-cancelling headphones", "a bike helmet",
          "a yoga mat", "a french press", "winter boots", "a graphics card", "a sourdough starter"]
FACTS = ["User prefers {x} over {y}", "User's favourite cuisine is {c}", "User works with {p} on the {t} project",
         "User is learning {l}", "User's sister {p} lives in {city}"]
CUISINES = ["Thai", "Ethiopian", "Georgian", "Peruvian", "Korean", "Lebanese", "Sicilian", "Oaxacan"]
LANGS = ["Portuguese", "Rust", "the cello", "Japanese", "woodworking", "chess openings", "Italian", "sign language"]
CITIES = ["Porto", "Oslo", "Kyoto", "Austin", "Nairobi", "Tallinn", "Hobart", "Cusco"]


def make_texts(n: int, rng: random.Random) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    while len(out) < n:
        r = rng.random()
        if r < 0.8:
            day = rng.randrange(365)
            base = rng.choice([
                f"User went to {rng.choice(PLACES)} with {rng.choice(PEOPLE)} on day {day}",
                f"User bought {rng.choice(THINGS)} for {rng.randrange(20, 400)} dollars on day {day}",
                f"User talked to {rng.choice(PEOPLE)} about {rng.choice(THINGS)} on day {day}",
            ])
            out.append(("episodic", base))
            if rng.random() < 0.1:  # a paraphrased repeat
                out.append(("episodic", base.replace("User", "The user", 1)))
        else:
            f = rng.choice(FACTS).format(x=rng.choice(CUISINES), y=rng.choice(CUISINES), c=rng.choice(CUISINES),
                                         p=rng.choice(PEOPLE), t=rng.choice(CITIES), l=rng.choice(LANGS),
                                         city=rng.choice(CITIES))
            out.append(("semantic", f + f" (note {len(out)})"))
    return out[:n]


def build(path: Path, n: int, embedder: str) -> float:
    from memcli.embed import HashEmbedder, MiniLMEmbedder

    emb = HashEmbedder(384) if embedder == "hash" else MiniLMEmbedder()
    rng = random.Random(42)
    items = make_texts(n, rng)
    t = time.perf_counter()
    vecs = emb.embed([x[1] for x in items])
    embed_s = time.perf_counter() - t
    with MemoryStore(path, emb) as store, store.transaction():
        for (kind, text), vec in zip(items, vecs):
            at = T0 + timedelta(days=rng.randrange(365), seconds=rng.randrange(86400))
            touches = rng.randrange(1, 6) if rng.random() < 0.2 else 0
            store.insert(Memory(
                id="", scope=SCOPE, kind=kind, text=text, importance=rng.choice([0.1, 0.3, 0.5, 0.7, 0.9]),
                pinned=rng.random() < 0.02, safety=rng.random() < 0.02, valid_from=to_iso(at), recorded_at=to_iso(at),
                last_accessed=to_iso(at + timedelta(days=rng.randrange(1, 60))) if touches else None,
                access_count=touches, stability=1.0 + 0.5 * touches), vec)
    return embed_s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--embedder", choices=["minilm", "hash"], default="minilm")
    ap.add_argument("--now", default="2026-01-01T00:00:00Z")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="memcli-bench-"))
    base = tmp / "base.db"
    t = time.perf_counter()
    embed_s = build(base, args.n, args.embedder)
    print(f"built {args.n} memories in {time.perf_counter() - t:.1f} s (embedding {embed_s:.1f} s)", file=sys.stderr)
    env = dict(os.environ, MEMCLI_EMBEDDER="hash" if args.embedder == "hash" else "minilm")
    env.setdefault("XDG_CACHE_HOME", str(tmp / "cache"))
    times, outs = [], []
    for i in range(args.runs):
        db = tmp / f"run{i}.db"
        shutil.copy(base, db)
        t = time.perf_counter()
        res = subprocess.run([sys.executable, "-m", "memcli", "--db", str(db), "maintain", "--scope", SCOPE,
                              "--now", args.now, "--json"], env=env, capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - t)
        outs.append(json.loads(res.stdout))
        print(f"run {i + 1}: {times[-1]:.2f} s", file=sys.stderr)
    t = time.perf_counter()
    again = subprocess.run([sys.executable, "-m", "memcli", "--db", str(tmp / "run0.db"), "maintain", "--scope", SCOPE,
                            "--now", args.now], env=env, capture_output=True, text=True, check=True)
    second = time.perf_counter() - t
    sr = outs[0]["scopes"][0]
    print(json.dumps({
        "memories": args.n, "embedder": args.embedder, "runs": [round(x, 2) for x in times],
        "median_s": round(statistics.median(times), 2), "second_run_s": round(second, 2),
        "second_run": again.stdout.strip(), "before": sr["before"], "after": sr["after"],
        "merged": sr["merged"], "clusters": sr["clusters"], "archived": sr["archived"],
    }, indent=2))
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
