#!/usr/bin/env python
"""LoCoMo retrieval benchmark for memcli's read path.

    python bench/locomo.py ../shared/bench/locomo-dev.json --out rankings.jsonl [--config w_recency=0 ...]
    python3 ../shared/bench/score_locomo.py ../shared/bench/locomo-dev.json --rankings rankings.jsonl

One scope per conversation (`session:<sample_id>`); every dialogue turn is stored
through the library as an episodic memory ("Speaker: text [shares caption]") with
its dia_id as provenance and its session's date as `valid_from`. Each question is
recalled top 50 (`touch=False`, `now` = the conversation's last session date) and
written in the rankings format of ../shared/bench/README.md.

`--variant NAME:key=val,key=val` (repeatable) runs several RecallConfig variants
over one ingest and prints their scores side by side (`--score` scores one run);
the scorer is imported from `--scorer` (default ../shared/bench/score_locomo.py).
Tune on the dev split only.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from memcli.api import MemoryStore  # noqa: E402
from memcli.ingest import Message, ingest  # noqa: E402
from memcli.models import Memory  # noqa: E402
from memcli.recall import RecallConfig, keyword_query, recall  # noqa: E402
from memcli.render import count_tokens  # noqa: E402
from memcli.timeutil import to_iso  # noqa: E402

SESSION_RE = re.compile(r"^session_(\d+)$")
DEFAULT_SCORER = ROOT.parent / "shared" / "bench" / "score_locomo.py"


def parse_session_date(text: str) -> str | None:
    """'1:56 pm on 8 May, 2023' -> '2023-05-08T13:56:00Z'."""
    text = " ".join(text.split())
    for fmt in ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y"):
        try:
            return to_iso(datetime.strptime(text, fmt).replace(tzinfo=UTC))
        except ValueError:
            continue
    return None


def conversation_turns(sample: dict[str, Any]) -> list[dict[str, Any]]:
    conv = sample["conversation"]
    keys = sorted((k for k in conv if SESSION_RE.match(k)), key=lambda k: int(SESSION_RE.match(k).group(1)))  # type: ignore[union-attr]
    out = []
    for key in keys:
        date = parse_session_date(conv.get(key + "_date_time", ""))
        for t in conv[key]:
            text = f"{t['speaker']}: {t['text']}"
            if t.get("blip_caption"):
                text += f" [shares {t['blip_caption']}]"
            out.append({"dia_id": t["dia_id"], "text": text, "date": date, "speaker": t["speaker"]})
    return out


def scope_of(sample_id: str) -> str:
    return "session:" + re.sub(r"[^A-Za-z0-9._@\-]", "-", sample_id)


def load_store(store: MemoryStore, samples: list[dict[str, Any]]) -> dict[str, str]:
    """Store every turn; return each sample's `now` (its last session date)."""
    nows = {}
    for s in samples:
        scope = scope_of(s["sample_id"])
        turns = conversation_turns(s)
        vectors = store.embed_many([t["text"] for t in turns])
        with store.transaction():
            for t, v in zip(turns, vectors, strict=True):
                store.insert(Memory(id="", scope=scope, kind="episodic", text=t["text"], importance=0.5,
                                    confidence=0.8, source="imported", source_turns=[t["dia_id"]],
                                    valid_from=t["date"]), vector=v)
        nows[s["sample_id"]] = max(t["date"] for t in turns if t["date"])
    return nows


def speakers(sample: dict[str, Any]) -> list[str]:
    conv = sample["conversation"]
    return [conv["speaker_a"], conv["speaker_b"]]


def speaker_scope(sample_id: str, speaker: str) -> str:
    return "user:" + re.sub(r"[^A-Za-z0-9._@\-]", "-", f"{sample_id}-{speaker}")


def speaker_messages(turns: list[dict[str, Any]], speaker: str) -> list[Message]:
    """One speaker's view of the conversation: their turns as the user's, the other's
    as the assistant's, each dated by its session and identified by its dia_id."""
    out = []
    for t in turns:
        content = t["text"].partition(": ")[2]
        out.append(Message(role="user" if t["speaker"] == speaker else "assistant", content=content,
                           ts=t["date"], ref=t["dia_id"]))
    return out


def load_through_ingest(store: MemoryStore, samples: list[dict[str, Any]]) -> tuple[dict[str, str], dict[str, int]]:
    """Each conversation ingested once per speaker with `memcli ingest`'s code path;
    returns each sample's `now` and the counts (user turns, memories stored)."""
    nows: dict[str, str] = {}
    counts = {"user_turns": 0, "memories": 0, "active": 0}
    for s in samples:
        turns = conversation_turns(s)
        for speaker in speakers(s):
            scope = speaker_scope(s["sample_id"], speaker)
            msgs = [m for m in speaker_messages(turns, speaker) if m.content.strip()]
            stats = ingest(store, scope, msgs, source="locomo")
            counts["user_turns"] += stats.user_messages
            counts["memories"] += store.count(scope, include_inactive=True)
            counts["active"] += store.count(scope)
        nows[s["sample_id"]] = max(t["date"] for t in turns if t["date"])
    return nows, counts


def name_forms(name: str, others: list[str]) -> list[str]:
    """How questions write a speaker's name: in full, or shortened to a prefix of at
    least three letters that no other speaker's name starts with ("Mel" for Melanie)."""
    forms = [name]
    for n in range(len(name) - 1, 2, -1):
        if not any(o.startswith(name[:n]) for o in others):
            forms.append(name[:n])
    return forms


def names_in(question: str, name: str, others: list[str]) -> bool:
    return any(re.search(r"\b" + re.escape(f) + r"\b", question) for f in name_forms(name, others))


def as_user(question: str, name: str, others: list[str] | None = None) -> str:
    """The question about `name` asked of their own memory: the name becomes "the user"."""
    q = question
    for form in name_forms(name, others or []):
        q = re.sub(r"\b" + re.escape(form) + r"(?:'s|’s)", "the user's", q)
        q = re.sub(r"\b" + re.escape(form) + r"\b", "the user", q)
    return q


def question_scopes(sample: dict[str, Any], question: str) -> list[tuple[str, str]]:
    """(scope, question as asked there): the named speaker's scope, or both scopes
    when the question names both speakers or neither (asked as it is: renaming the
    owner in each scope measured worse)."""
    sps = speakers(sample)
    named = [sp for sp in sps if names_in(question, sp, [o for o in sps if o != sp])]
    if len(named) == 1:
        others = [o for o in sps if o != named[0]]
        return [(speaker_scope(sample["sample_id"], named[0]), as_user(question, named[0], others))]
    return [(speaker_scope(sample["sample_id"], sp), question) for sp in speakers(sample)]


def run_through(store: MemoryStore, samples: list[dict[str, Any]], nows: dict[str, str], cfg: RecallConfig,
                k: int = 50) -> list[dict[str, Any]]:
    """Each question recalled in its speaker's scope (both, merged by score); each hit
    is the dia_ids of its source turns."""
    rows = []
    refs: dict[str, dict[str, str]] = {}
    for s in samples:
        for sp in speakers(s):
            scope = speaker_scope(s["sample_id"], sp)
            refs[scope] = {t["id"]: t["ref"] for t in store.turns(scope)}
        for i, qa in enumerate(s["qa"]):
            merged: list[tuple[float, list[str], str]] = []
            conf, abstain = 0.0, True
            for scope, question in question_scopes(s, qa["question"]):
                res = recall(store, scope, question, k=k, config=cfg, touch=False, now=nows[s["sample_id"]])
                conf = max(conf, res.confidence)
                abstain = abstain and res.abstain
                for h in res.hits:
                    dias = [refs[scope][t] for t in h.memory.source_turns if t in refs[scope]]
                    merged.append((h.score, dias, h.memory.text))
            merged.sort(key=lambda x: -x[0])
            retrieved: list[Any] = []
            scores, texts = [], []
            for sc, dias, text in merged:
                item: Any = dias[0] if len(dias) == 1 else dias
                if item in retrieved:
                    continue
                retrieved.append(item)
                scores.append(round(sc, 5))
                texts.append(text)
            rows.append({"sample_id": s["sample_id"], "qa_index": i, "question": qa["question"],
                         "retrieved": retrieved[:k], "scores": scores[:k], "abstain": abstain,
                         "confidence": round(conf, 5), "tokens10": top_tokens(texts)})
    return rows


def top_tokens(texts: list[str], n: int = 10) -> float:
    """Mean tokens of the first `n` hits' texts (the bundled tokenizer)."""
    top = texts[:n]
    return sum(count_tokens(t) for t in top) / len(top) if top else 0.0


def run(store: MemoryStore, samples: list[dict[str, Any]], nows: dict[str, str], cfg: RecallConfig,
        qvecs: dict[tuple[str, int], Any], k: int = 50) -> list[dict[str, Any]]:
    rows = []
    for s in samples:
        scope = scope_of(s["sample_id"])
        for i, qa in enumerate(s["qa"]):
            res = recall(store, scope, qa["question"], k=k, config=cfg, touch=False, now=nows[s["sample_id"]],
                         query_vector=qvecs[(s["sample_id"], i)])
            retrieved: list[Any] = []
            for h in res.hits:
                turns = h.memory.source_turns
                retrieved.append(turns[0] if len(turns) == 1 else turns)
            rows.append({"sample_id": s["sample_id"], "qa_index": i, "question": qa["question"],
                         "retrieved": retrieved, "scores": [round(h.score, 5) for h in res.hits],
                         "abstain": res.abstain, "confidence": round(res.confidence, 5),
                         "tokens10": top_tokens([h.memory.text for h in res.hits])})
    return rows


def load_scorer(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location("score_locomo", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot import the scorer at {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def score(scorer: Any, data_path: str, rows: list[dict[str, Any]], far: float = 0.10) -> dict[str, float]:
    """The scorer's own functions: any@5/any@10/MRR over cat 1-4, AUROC of the top-1 score."""
    convs, _ = scorer.load(data_path)
    by_key = {(c["sample_id"], qa["qa_index"]): qa for c in convs for qa in c["qa"]}
    acc: dict[str, list[float]] = {"any@5": [], "any@10": [], "all@10": [], "mrr": []}
    per_cat: dict[int, list[float]] = {}
    per_cat_mrr: dict[int, list[float]] = {}
    pos, neg, flags5, flags14 = [], [], [], []
    for r in rows:
        qa = by_key[(r["sample_id"], r["qa_index"])]
        top = r["scores"][0] if r["scores"] else 0.0
        if qa["category"] == 5:
            pos.append(-top)
            flags5.append(r["abstain"])
        else:
            neg.append(-top)
            flags14.append(r["abstain"])
        if qa["category"] in (1, 2, 3, 4) and qa["evidence"]:
            res = scorer.score_question(qa, r["retrieved"], [5, 10])
            for m in acc:
                acc[m].append(res[m])
            per_cat.setdefault(qa["category"], []).append(res["any@10"])
            per_cat_mrr.setdefault(qa["category"], []).append(res["mrr"])
    out = {m: sum(v) / len(v) for m, v in acc.items()}
    out["auroc"] = scorer.auroc(pos, neg)
    conf5 = [r["confidence"] for r in rows if by_key[(r["sample_id"], r["qa_index"])]["category"] == 5]
    conf14 = sorted(r["confidence"] for r in rows if by_key[(r["sample_id"], r["qa_index"])]["category"] != 5)
    out["auroc_conf"] = scorer.auroc([-x for x in conf5], [-x for x in conf14])
    out["thr10"] = conf14[int(far * len(conf14))]
    out["abstain5"] = sum(flags5) / max(1, len(flags5))
    out["abstain14"] = sum(flags14) / max(1, len(flags14))
    for c, v in sorted(per_cat.items()):
        out[f"c{c}@10"] = sum(v) / len(v)
    for c, v in sorted(per_cat_mrr.items()):
        out[f"c{c}mrr"] = sum(v) / len(v)
    return out


def parse_config(items: list[str], base: RecallConfig | None = None) -> RecallConfig:
    """RecallConfig overrides by flat knob name: "w_recency=0,candidates=80"."""
    cfg = base or RecallConfig()
    names = RecallConfig.names()
    changes: dict[str, Any] = {}
    for item in items:
        for part in filter(None, item.split(",")):
            name, _, value = part.partition("=")
            name = name.strip()
            if name not in names:
                raise SystemExit(f"unknown RecallConfig knob {name!r}: use one of {', '.join(names)}")
            cur = cfg.get(name)
            if isinstance(cur, bool):
                changes[name] = value.lower() in ("1", "true", "yes", "on")
            elif isinstance(cur, (int, float)) and not isinstance(cur, bool):
                changes[name] = type(cur)(float(value)) if isinstance(cur, int) else float(value)
            else:
                changes[name] = value
    return cfg.replace(**changes)


def print_score(name: str, sc: dict[str, float], extra: str = "") -> None:
    print(f"{name:28s} any@5 {sc['any@5']:.3f}  any@10 {sc['any@10']:.3f}  MRR {sc['mrr']:.3f}  "
          f"AUROC {sc['auroc']:.3f} conf {sc['auroc_conf']:.3f} thr10 {sc['thr10']:.3f}  "
          f"abst5 {sc['abstain5']:.2f} abst14 {sc['abstain14']:.2f}  "
          + " ".join(f"{k} {v:.2f}" for k, v in sc.items() if k.startswith("c") and ("@" in k or k.endswith("mrr")))
          + f"  tokens10 {sc['tokens10']:.1f}" + extra, flush=True)


def write_rows(path: Path, rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")


def open_db(args: argparse.Namespace, tmp: str, name: str) -> tuple[MemoryStore, bool]:
    """The database to build (or, with --reuse, the one already built)."""
    db = Path(args.db) if args.db else Path(tmp) / name
    if args.db and args.through_ingest and args.direct:
        db = db.with_name(db.stem + "-" + name)
    if db.exists() and args.reuse:
        return MemoryStore(db), True
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    return MemoryStore(db), False


def bench_direct(args: argparse.Namespace, samples: list[dict[str, Any]], tmp: str,
                 variants: list[tuple[str, RecallConfig]], scorer: Any) -> None:
    """Every turn stored as an episodic memory, each question asked of the conversation."""
    t0 = time.time()
    store, reused = open_db(args, tmp, "direct.db")
    nows = {s["sample_id"]: max(t["date"] for t in conversation_turns(s) if t["date"]) for s in samples} \
        if reused else load_store(store, samples)
    questions = [(s["sample_id"], i, qa["question"]) for s in samples for i, qa in enumerate(s["qa"])]
    vecs = store.embed_many([q for _, _, q in questions])
    qvecs = {(sid, i): v for (sid, i, _), v in zip(questions, vecs, strict=True)}
    kvecs = store.embed_many([keyword_query(q, True) for _, _, q in questions])
    qvecs_kw = {(sid, i): v for (sid, i, _), v in zip(questions, kvecs, strict=True)}
    turns = sum(store.count(scope_of(s["sample_id"])) for s in samples)
    print(f"direct: stored {turns} turns of {len(samples)} conversations, embedded {len(questions)} questions "
          f"in {time.time() - t0:.1f}s", file=sys.stderr)
    for name, cfg in variants:
        t1 = time.time()
        rows = run(store, samples, nows, cfg, qvecs_kw if cfg.candidates.embed_keywords else qvecs, k=args.k)
        report(args, scorer, "direct" + ("" if name == "run" else ":" + name), rows, time.time() - t1,
               args.out_direct if args.through_ingest else args.out, name)
    store.close()


def bench_through(args: argparse.Namespace, samples: list[dict[str, Any]], tmp: str,
                  variants: list[tuple[str, RecallConfig]], scorer: Any) -> None:
    """Each conversation through `memcli ingest`, once per speaker."""
    t0 = time.time()
    store, reused = open_db(args, tmp, "ingest.db")
    if reused:
        nows = {s["sample_id"]: max(t["date"] for t in conversation_turns(s) if t["date"]) for s in samples}
        counts = {"user_turns": sum(len(conversation_turns(s)) for s in samples),
                  "memories": sum(store.count(speaker_scope(s["sample_id"], sp), include_inactive=True)
                                  for s in samples for sp in speakers(s)),
                  "active": sum(store.count(speaker_scope(s["sample_id"], sp)) for s in samples for sp in speakers(s))}
    else:
        nows, counts = load_through_ingest(store, samples)
    per_turn = counts["memories"] / max(1, counts["user_turns"])
    active_per_turn = counts["active"] / max(1, counts["user_turns"])
    print(f"through ingest: {counts['user_turns']} user turns -> {counts['memories']} memories "
          f"({per_turn:.2f} per user turn, {active_per_turn:.2f} active) in {time.time() - t0:.1f}s", file=sys.stderr)
    for name, cfg in variants:
        t1 = time.time()
        rows = run_through(store, samples, nows, cfg, k=args.k)
        report(args, scorer, "through-ingest" + ("" if name == "run" else ":" + name), rows, time.time() - t1,
               args.out, name, extra=f"  memories/user-turn {per_turn:.2f} (active {active_per_turn:.2f})")
    store.close()


def report(args: argparse.Namespace, scorer: Any, label: str, rows: list[dict[str, Any]], dt: float,
           out: str | None, name: str, extra: str = "") -> None:
    if out:
        write_rows(Path(out) / f"{name}.jsonl" if args.variant else Path(out), rows)
    if scorer is not None:
        sc = score(scorer, args.data, rows)
        sc["tokens10"] = sum(r["tokens10"] for r in rows) / max(1, len(rows))
        print_score(label, sc, extra + f"  ({dt:.1f}s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", help="locomo10.json-format file")
    ap.add_argument("--out", help="rankings JSONL to write (or a folder with --variant)")
    ap.add_argument("--through-ingest", action="store_true",
                    help="build the store with memcli ingest, once per speaker (the store a user gets)")
    ap.add_argument("--direct", action="store_true",
                    help="with --through-ingest: also run the direct variant side by side")
    ap.add_argument("--out-direct", help="with --through-ingest --direct: the direct variant's rankings")
    ap.add_argument("--config", action="append", default=[], help="RecallConfig override, key=value[,key=value]")
    ap.add_argument("--variant", action="append", default=[], help="NAME:key=val,... (repeatable)")
    ap.add_argument("--only", help="comma-separated sample_ids")
    ap.add_argument("--score", action="store_true", help="print the scores of the run")
    ap.add_argument("--scorer", default=str(DEFAULT_SCORER), help="path of score_locomo.py")
    ap.add_argument("--db", help="database file to build (default: a temporary one)")
    ap.add_argument("--reuse", action="store_true", help="with --db: reuse an already loaded database")
    ap.add_argument("-k", type=int, default=50)
    args = ap.parse_args()

    t0 = time.time()
    if not Path(args.data).exists():
        raise SystemExit(f"{args.data}: no such file; the LoCoMo dev split lives outside the repository "
                         "(../shared/bench/locomo-dev.json): give its path")
    samples = json.load(open(args.data))
    if args.only:
        keep = set(args.only.split(","))
        samples = [s for s in samples if s["sample_id"] in keep]
    tmp = tempfile.TemporaryDirectory(prefix="memcli-locomo-")
    base = parse_config(args.config)
    variants = [("run", base)] if not args.variant else [
        (v.partition(":")[0], parse_config([v.partition(":")[2]], base)) for v in args.variant]
    scorer = load_scorer(Path(args.scorer)) if (args.score or args.variant or args.direct) else None
    if args.through_ingest:
        bench_through(args, samples, tmp.name, variants, scorer)
    if args.direct or not args.through_ingest:
        bench_direct(args, samples, tmp.name, variants, scorer)
    print(f"total {time.time() - t0:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
