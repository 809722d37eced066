"""How long read-only commands take while another process holds the write lock.

    python bench/reader_wait.py [--runs 5] [--hold 6] [--tree PATH ...]

Each run: a process takes BEGIN IMMEDIATE on a seeded database and holds it `--hold`
seconds; meanwhile `memcli show`, `log`, `export` and `recall --no-touch` run as whole
processes and are timed (median and max of `--runs`). A reader that waits for the
writer takes about the rest of the hold; one that does not takes its cold start.
`--tree` times other checkouts side by side (PYTHONPATH=tree), e.g. the main branch.
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

HOLD = (
    "import sys, time, apsw\n"
    "c = apsw.Connection(sys.argv[1]); c.execute('BEGIN IMMEDIATE')\n"
    "c.execute(\"INSERT INTO settings (scope, name, value) VALUES ('user:z', 'decay.half_life_days', '9')\")\n"
    "print('locked', flush=True); time.sleep(float(sys.argv[2])); c.execute('ROLLBACK')\n"
)
READERS = [["show", "--scope", "user:a"], ["log", "--scope", "user:a"], ["export", "--scope", "user:a"],
           ["recall", "tea", "--scope", "user:a", "--no-touch"]]


def seed(db: Path, env: dict[str, str]) -> None:
    for text in ("User likes green tea", "User lives in Pune", "User works as a nurse"):
        subprocess.run([sys.executable, "-m", "memcli", "remember", text, "--scope", "user:a"],
                       env=env, check=True, capture_output=True, cwd=env["MEMCLI_TMP"])


def time_reader(args: list[str], db: Path, env: dict[str, str], hold: float) -> float:
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(db), str(hold)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "memcli", *args], env=env, capture_output=True, text=True,
                          cwd=env["MEMCLI_TMP"])  # not the checkout: -m would import it first
    took = time.perf_counter() - t0
    holder.wait()
    if proc.returncode:
        raise SystemExit(f"memcli {' '.join(args)} failed: {proc.stderr.strip()}")
    return took


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--hold", type=float, default=6.0)
    ap.add_argument("--tree", action="append", default=[], help="Another checkout to time (its PYTHONPATH).")
    opts = ap.parse_args()
    trees = [str(Path(__file__).resolve().parent.parent)] + opts.tree
    with tempfile.TemporaryDirectory() as tmp:
        print(f"write lock held {opts.hold:g} s; median (max) of {opts.runs} runs, seconds")
        print("command".ljust(40) + "".join(Path(t).name.ljust(20) for t in trees))
        for args in READERS:
            row = " ".join(args).ljust(40)
            for i, tree in enumerate(trees):
                db = Path(tmp) / f"r{i}.db"
                env = dict(os.environ, PYTHONPATH=tree, MEMCLI_DB=str(db), MEMCLI_TMP=tmp,
                           XDG_CACHE_HOME=str(Path(tmp) / "cache"))
                if not db.exists():
                    seed(db, env)
                times = [time_reader(args, db, env, opts.hold) for _ in range(opts.runs)]
                row += f"{statistics.median(times):.2f} ({max(times):.2f})".ljust(20)
            print(row, flush=True)


if __name__ == "__main__":
    main()
