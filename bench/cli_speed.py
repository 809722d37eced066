"""Median wall time of whole `memcli` processes (cold start each time).

    python bench/cli_speed.py [--runs 7]

Light commands (--help, show, export) must not load a model; remember and recall
load the embedder. Uses a temporary database seeded with a few memories.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def timed(args: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    times = []
    for i in range(runs):
        a = [x.replace("{i}", str(i)) for x in args]
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "memcli", *a], env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        if proc.returncode != 0:
            raise SystemExit(f"memcli {' '.join(a)} failed: {proc.stderr.strip()}")
    return statistics.median(times), max(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7)
    opts = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="memcli-speed-")
    env = dict(os.environ, MEMCLI_DB=os.path.join(tmp, "m.db"), XDG_CACHE_HOME=os.path.join(tmp, "cache"))
    for text in ("User lives in Pune", "User is allergic to peanuts", "User works at Infosys"):
        subprocess.run([sys.executable, "-m", "memcli", "remember", text, "--scope", "user:a"], env=env, check=True,
                       capture_output=True)
    cases = [
        ("--help", ["--help"]),
        ("show", ["show", "--scope", "user:a", "--json"]),
        ("export", ["export", "--scope", "user:a"]),
        ("remember", ["remember", "User fact number {i} about gardening", "--scope", "user:a"]),
        ("recall", ["recall", "where does the user live", "--scope", "user:a", "--json"]),
    ]
    print(f"{'command':<10} {'median s':>9} {'max s':>7}   ({opts.runs} runs each)")
    for name, args in cases:
        med, worst = timed(args, env, opts.runs)
        print(f"{name:<10} {med:>9.3f} {worst:>7.3f}")


if __name__ == "__main__":
    main()
