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
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memcli.api import MemoryStore  # noqa: E402
from memcli.models import Memory  # noqa: E402
from memcli.timeutil import to_iso  # noqa: E402

SCOPE = "user:bench"
T0 = datetime(2025, 1, 1, tzinfo=UTC)
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


# --data varied: many sentence frames over larger word lists, dates as month and day,
# no "(note N)" tags, and restatements that drop, add or swap a word.
V_PLACES = PLACES + ["the climbing gym", "a ramen bar", "the botanical garden", "an art gallery", "the post office",
                     "a flea market", "the swimming pool", "a book club", "the vet", "a karaoke bar", "the airport",
                     "a vineyard", "the office", "a concert hall", "the hardware store", "a tea house"]
V_PEOPLE = PEOPLE + ["Hannah", "Ravi", "Mateo", "Yuki", "Fatima", "Ben", "Olga", "Kwame", "Lena", "Sam", "Ines",
                     "Noah", "Amara", "Felix", "Zoe", "Arjun"]
V_THINGS = THINGS + ["a used kayak", "a mechanical keyboard", "a cast iron pan", "a tent", "a drone", "a fountain pen",
                     "an espresso machine", "a rain jacket", "a bookshelf", "a telescope", "a sewing machine", "a tablet"]
V_TOPICS = ["the budget", "a job offer", "moving abroad", "the wedding plans", "a vacation", "their garden",
            "a new puppy", "the quarterly report", "a marathon", "learning to surf", "the lease", "a startup idea"]
V_FEEL = ["tired", "excited", "stressed", "happy", "anxious", "relieved", "bored", "proud"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
V_EPISODES = [
    "User went to {place} with {person} on {date}", "User had dinner with {person} at {place} on {date}",
    "User bought {thing} for {price} dollars on {date}", "User talked to {person} about {topic} on {date}",
    "User felt {feel} after a long day at {place}", "User lent {thing} to {person}",
    "User met {person} for coffee and discussed {topic}", "User ran {km} km in the morning on {date}",
    "User cooked {cuisine} food for {person}", "User complained about {topic} to {person}",
    "User visited {place} for the first time", "User fixed {thing} with help from {person}",
    "User watched a documentary about {topic}", "User called {person} who was {feel} about {topic}",
]
V_FACTS = [
    "User prefers {cuisine} food over {cuisine2} food", "User's favourite place in town is {place}",
    "User works with {person} on the {city} project", "User is learning {lang}", "User's sister {person} lives in {city}",
    "User owns {thing}", "User's best friend is {person}", "User wants to visit {city} next year",
    "User is allergic to {allergen}", "User usually goes to {place} on weekends", "User dislikes {topic}",
    "User's manager is {person}", "User plays {sport} every week", "User has {pets} cats",
]
ALLERGENS = ["peanuts", "shellfish", "penicillin", "cats", "pollen", "gluten"]
SPORTS = ["tennis", "football", "badminton", "volleyball", "squash", "basketball"]
EXTRA = ["really", "usually", "often", "still", "again", "now"]


def _fill(frame: str, rng: random.Random) -> str:
    return frame.format(
        place=rng.choice(V_PLACES), person=rng.choice(V_PEOPLE), thing=rng.choice(V_THINGS), topic=rng.choice(V_TOPICS),
        feel=rng.choice(V_FEEL), date=f"{rng.choice(MONTHS)} {rng.randrange(1, 29)}", price=rng.randrange(5, 900),
        km=rng.randrange(3, 25), cuisine=rng.choice(CUISINES), cuisine2=rng.choice(CUISINES), city=rng.choice(CITIES),
        lang=rng.choice(LANGS), allergen=rng.choice(ALLERGENS), sport=rng.choice(SPORTS), pets=rng.randrange(1, 4))


def _restate(text: str, rng: random.Random) -> str:
    words = text.split()
    r = rng.random()
    if r < 0.3:
        words.insert(rng.randrange(2, len(words)), rng.choice(EXTRA))
    elif r < 0.6:
        words[0] = "The user" if words[0] == "User" else words[0]
    elif r < 0.8 and len(words) > 4:
        words.pop(rng.randrange(2, len(words)))  # a lossy restatement (may differ in meaning)
    return " ".join(words)


def make_varied(n: int, rng: random.Random) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    facts: list[str] = []
    while len(out) < n:
        r = rng.random()
        if r < 0.7:
            out.append(("episodic", _fill(rng.choice(V_EPISODES), rng)))
        elif r < 0.85 or not facts:
            f = _fill(rng.choice(V_FACTS), rng)
            facts.append(f)
            out.append(("semantic", f))
        else:  # a fact said again in a later session, worded a little differently
            out.append(("semantic", _restate(rng.choice(facts), rng)))
        if rng.random() < 0.05:
            kind, text = out[-1]
            out.append((kind, _restate(text, rng)))
    return out[:n]


def build(path: Path, n: int, embedder: str, data: str = "templates") -> float:
    from memcli.embed import HashEmbedder, MiniLMEmbedder

    emb = HashEmbedder(384) if embedder == "hash" else MiniLMEmbedder()
    rng = random.Random(42)
    items = make_varied(n, rng) if data == "varied" else make_texts(n, rng)
    t = time.perf_counter()
    vecs = emb.embed([x[1] for x in items])
    embed_s = time.perf_counter() - t
    with MemoryStore(path, emb) as store, store.transaction():
        for (kind, text), vec in zip(items, vecs, strict=True):
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
    ap.add_argument("--data", choices=["templates", "varied"], default="templates",
                    help="templates: 3 episode frames (80%%) and tagged facts; varied: 28 frames, restatements")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="memcli-bench-"))
    base = tmp / "base.db"
    t = time.perf_counter()
    embed_s = build(base, args.n, args.embedder, args.data)
    print(f"built {args.n} memories in {time.perf_counter() - t:.1f} s (embedding {embed_s:.1f} s)", file=sys.stderr)
    env = dict(os.environ, MEMCLI_EMBEDDER="hash" if args.embedder == "hash" else "minilm")
    env.setdefault("XDG_CACHE_HOME", str(tmp / "cache"))
    times, outs, cpu = [], [], []  # wall and CPU seconds (CPU: less sensitive to a busy machine)
    for i in range(args.runs):
        db = tmp / f"run{i}.db"
        shutil.copy(base, db)
        t = time.perf_counter()
        c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        res = subprocess.run([sys.executable, "-m", "memcli", "--db", str(db), "maintain", "--scope", SCOPE,
                              "--now", args.now, "--json"], env=env, capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - t)
        c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(c1.ru_utime + c1.ru_stime - c0.ru_utime - c0.ru_stime)
        outs.append(json.loads(res.stdout))
        print(f"run {i + 1}: {times[-1]:.2f} s (cpu {cpu[-1]:.2f} s)", file=sys.stderr)
    t = time.perf_counter()
    again = subprocess.run([sys.executable, "-m", "memcli", "--db", str(tmp / "run0.db"), "maintain", "--scope", SCOPE,
                            "--now", args.now], env=env, capture_output=True, text=True, check=True)
    # a complete search (no watermark) on the maintained copy: must find nothing either
    full = subprocess.run([sys.executable, "-c", "import sys; from datetime import datetime, timezone; "
                           "from memcli.api import MemoryStore; from memcli import consolidate as c; "
                           "s = MemoryStore(sys.argv[1]); "
                           "print(len(c.consolidate(s, sys.argv[2], datetime.now(timezone.utc), dry_run=True, "
                           "full=True).clusters))", str(tmp / "run0.db"), SCOPE],
                          env=env, capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1])
    second = time.perf_counter() - t
    sr = outs[0]["scopes"][0]
    print(json.dumps({
        "memories": args.n, "embedder": args.embedder, "data": args.data, "runs": [round(x, 2) for x in times],
        "median_s": round(statistics.median(times), 2), "cpu_s": [round(x, 2) for x in cpu],
        "load_avg_1m": round(os.getloadavg()[0], 2), "second_run_s": round(second, 2),
        "second_run": again.stdout.strip(), "full_search_clusters_after": int(full.stdout.strip()), "before": sr["before"], "after": sr["after"],
        "merged": sr["merged"], "clusters": sr["clusters"], "archived": sr["archived"],
    }, indent=2))
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
