#!/usr/bin/env python
"""Cost of a hard delete: the write lock held by purging one record, and the total
time, with the old way (VACUUM after the delete) and the new one (secure_delete,
FTS5 secure-delete, wal_checkpoint(TRUNCATE)) side by side on copies of the same
store in one run. Prints one JSON object.

    python bench/purge.py [--sizes 10000,100000] [--runs 5] [--vacuum-runs 5] [--dir DIR]

Each store holds N memories in one scope plus 5 other scopes of N/50, written the
way ingest writes them: a user turn per memory ("My sister Ana lives in Lyon and
works as a nurse."), the third-person record ("User's sister Ana lives in Lyon and
works as a nurse") with that turn as its source, and an ADD row in the decision
log quoting it; the purge targets also have a second version (UPDATE), a later user
turn restating them and an assistant echo. Vectors are random unit 384-d float32.
`secure_delete_write_cost` is what zeroing freed bytes on every connection (which
spares the VACUUM) costs inserts and rehearsal touches, OFF vs ON on the same store.
`lock_s` is the time from BEGIN IMMEDIATE to the end of the file scrub (the delete
transaction, the checkpoint, any VACUUM, the pending row's removal); `total_s` adds
the selection scan, which runs without the write lock.
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

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from memcli.embed import MiniLMEmbedder  # noqa: E402
from memcli.models import Memory  # noqa: E402
from memcli.store import Store  # noqa: E402

DIM = 384
SCOPE = "user:bench"
NAMES = "Ana Ben Chloe Dev Elif Farah Gus Hana Ivo Jun Kai Lena Milo Nora Omar Pia Quinn Rafa Sol Tomas".split()
RELS = "sister brother cousin friend colleague neighbour manager aunt uncle partner".split()
CITIES = "Lyon Porto Oslo Pune Kyoto Leeds Quito Tartu Cork Hanoi Graz Lagos Perth Bergen Malmo".split()
JOBS = "nurse baker pilot teacher plumber chemist lawyer painter farmer dentist".split()
THINGS = "locker bike garage safe gym office".split()
COLOURS = "red blue green black white yellow".split()
DISHES = "pasta sushi curry tacos ramen paella risotto dumplings".split()


def claim(rng: np.random.Generator, i: int) -> tuple[str, str]:
    """(user turn, stored record) of one realistic fact, distinct by `i`."""
    def pick(xs: list[str]) -> str:
        return xs[int(rng.integers(len(xs)))]

    form = i % 4
    if form == 0:
        rel, name, city, job = pick(RELS), pick(NAMES), pick(CITIES), pick(JOBS)
        return (f"My {rel} {name} lives in {city} at number {i} and works as a {job}.",
                f"User's {rel} {name} lives in {city} at number {i} and works as a {job}")
    if form == 1:
        thing = pick(THINGS)
        return f"The code for my {thing} is {i * 7919 % 100000:05d}.", f"User's {thing} code is {i * 7919 % 100000:05d}"
    if form == 2:
        dish, city = pick(DISHES), pick(CITIES)
        return (f"I had the best {dish} of my life at table {i} in {city} last spring.",
                f"User had the best {dish} of their life at table {i} in {city} in spring {2000 + i % 25}")
    colour, thing = pick(COLOURS), pick(THINGS)
    return f"I painted my {thing} door {colour} on day {i}.", f"User painted their {thing} door {colour} on day {i}"


def build(path: Path, n: int, targets: int, rng: np.random.Generator) -> list[str]:
    """A store of n memories in SCOPE (and 5 scopes of n/50); returns the target ids."""
    store = Store(path, MiniLMEmbedder(), check_embedder=False)
    store.enlarge_cache(256)
    ids: list[str] = []
    scopes = [(SCOPE, n)] + [(f"user:other{k}", max(1, n // 50)) for k in range(5)]
    for scope, count in scopes:
        for start in range(0, count, 5000):
            m = min(count, start + 5000) - start
            vecs = rng.standard_normal((m, DIM)).astype(np.float32)
            vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
            with store.transaction():
                for j in range(m):
                    i = start + j
                    said, text = claim(rng, i)
                    tid, _ = store.turn_log.add(scope, "user", said, f"2025-01-01T00:00:{i % 60:02d}Z", "chat.jsonl",
                                                None)
                    mem = store.insert(Memory(id="", scope=scope, kind="semantic", text=text, importance=0.5,
                                              source="stated", source_turns=[tid],
                                              valid_from="2025-01-01T00:00:00Z"), vector=vecs[j])
                    store.decision_log.append(scope, "2025-01-01T00:00:00Z", "ADD", text, decided_by="rules",
                                              reason="nothing similar stored", new_id=mem.id)
                    if scope == SCOPE and i < targets:
                        ids.append(mem.id)
    for k, mid in enumerate(ids):  # a second version, a restatement and an echo for each target
        old = store.get(SCOPE, mid)
        vec = rng.standard_normal(DIM).astype(np.float32)
        with store.transaction():
            new = store.insert(Memory(id="", scope=SCOPE, kind="semantic", text=old.text + " (still true)",
                                      importance=0.5, source="stated", replaces=mid), vector=vec / np.linalg.norm(vec))
            store.retire(SCOPE, mid, reason=f"superseded by {new.id}", replaced_by=new.id)
            said = store.turns(SCOPE, old.source_turns)[0]["content"]
            store.turn_log.add(SCOPE, "user", "Reminder: " + said, f"2025-02-01T00:00:{k:02d}Z", "chat.jsonl", None)
            store.turn_log.add(SCOPE, "assistant", "Noted: " + old.text.replace("User's", "your"),
                               f"2025-02-01T00:01:{k:02d}Z", "chat.jsonl", None)
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return ids


def purge_runs(path: Path, ids: list[str], *, vacuum: bool) -> list[dict[str, float]]:
    out = []
    for mid in ids:
        store = Store(path, MiniLMEmbedder(), check_embedder=False)
        receipt = store.purge(SCOPE, [mid], vacuum=vacuum)
        assert receipt["memories"] >= 2 and receipt["turns"] >= 3, receipt  # versions; source, restated, echo
        out.append(dict(store.purger.timings))
        store.close()
    return out


def write_cost(path: Path, rng: np.random.Generator, rounds: int = 3, batch: int = 500) -> dict[str, float]:
    """What zeroing freed bytes costs the write path: median ms to insert `batch` records
    (one transaction) and to touch `batch` of them (rows rewritten, old cells freed),
    with `PRAGMA secure_delete` OFF (before) and ON (now), alternated on one store."""
    store = Store(path, MiniLMEmbedder(), check_embedder=False)
    ids = [r[0] for r in store.conn.execute("SELECT id FROM memories WHERE scope = ? LIMIT 20000", (SCOPE,))]
    times: dict[str, list[float]] = {"insert_ms_off": [], "insert_ms_on": [], "touch_ms_off": [], "touch_ms_on": []}
    for r in range(rounds):
        for mode in ("off", "on"):
            store.conn.execute(f"PRAGMA secure_delete = {mode.upper()}")
            vecs = rng.standard_normal((batch, DIM)).astype(np.float32)
            t = time.perf_counter()
            with store.transaction():
                for j in range(batch):
                    store.insert(Memory(id="", scope=SCOPE, kind="semantic", text=claim(rng, 10**7 + j)[1],
                                        source="stated"), vector=vecs[j])
            times[f"insert_ms_{mode}"].append((time.perf_counter() - t) * 1000)
            picks = [ids[int(i)] for i in rng.integers(len(ids), size=batch)]
            t = time.perf_counter()
            with store.transaction():
                store.touch(SCOPE, picks, f"2025-06-{1 + r:02d}T00:00:00Z")
            times[f"touch_ms_{mode}"].append((time.perf_counter() - t) * 1000)
    store.close()
    return {k: round(statistics.median(v), 1) for k, v in times.items()} | {"batch": batch}


def summary(runs: list[dict[str, float]]) -> dict[str, float]:
    return {f"{k}_median": round(statistics.median(r[k] for r in runs), 4) for k in ("lock_s", "total_s", "select_s")} \
        | {"runs": len(runs)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--runs", type=int, default=5, help="purges of one record each way (new way)")
    ap.add_argument("--vacuum-runs", type=int, default=5, help="purges with VACUUM (the old way)")
    ap.add_argument("--write-cost-max", type=int, default=100000,
                    help="measure secure_delete's cost on inserts and touches on stores up to this size")
    ap.add_argument("--dir", default=None, help="where to build the stores (default: a temp dir)")
    args = ap.parse_args()
    base = Path(args.dir or tempfile.mkdtemp(prefix="memcli-purge-bench-"))
    base.mkdir(parents=True, exist_ok=True)
    result: dict[str, object] = {"sizes": {}}
    for n in (int(s) for s in args.sizes.split(",")):
        rng = np.random.default_rng(n)
        built = base / f"store-{n}.db"
        t = time.perf_counter()
        ids = build(built, n, args.runs + args.vacuum_runs, rng)
        build_s = time.perf_counter() - t
        size_mb = built.stat().st_size / 2**20
        new_path, old_path = base / f"new-{n}.db", base / f"old-{n}.db"
        shutil.copy(built, new_path)
        shutil.copy(built, old_path)
        if n <= args.write_cost_max:
            cost_path = base / f"write-{n}.db"
            shutil.copy(built, cost_path)
            result.setdefault("secure_delete_write_cost", {})[str(n)] = write_cost(cost_path, rng)  # type: ignore[union-attr]
            for suffix in ("", "-wal", "-shm"):
                Path(str(cost_path) + suffix).unlink(missing_ok=True)
        new = purge_runs(new_path, ids[:args.runs], vacuum=False)
        old = purge_runs(old_path, ids[args.runs:args.runs + args.vacuum_runs], vacuum=True)
        result["sizes"][str(n)] = {  # type: ignore[index]
            "file_mb": round(size_mb, 1), "build_s": round(build_s, 1),
            "new": summary(new), "vacuum": summary(old),
            "lock_ratio_vacuum_over_new": round(statistics.median(r["lock_s"] for r in old)
                                                / statistics.median(r["lock_s"] for r in new), 1),
        }
        for p in (built, new_path, old_path):
            for suffix in ("", "-wal", "-shm"):
                Path(str(p) + suffix).unlink(missing_ok=True)
        print(json.dumps({n: result["sizes"][str(n)]}), file=sys.stderr, flush=True)  # type: ignore[index]
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
