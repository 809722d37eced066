#!/usr/bin/env python
"""Run memcli's eval sets (fixtures/eval/) against the CLI and report pass rates per kind.

    python bench/eval.py [--set old,dev,test] [--only conv01[,d02]] [--json]
                         [--strategy rules|model|both[,...]] [--subprocess] [--verbose]
                         [--consolidate | --reflect]
    python bench/eval.py --validate     # check the fixtures themselves (no memcli needed)
    python bench/eval.py --selftest     # unit-test the check logic on canned hits

Three sets: `old` (fixtures/eval/convNN, checks in fixtures/eval/checks.jsonl), and the two
halves of the generalisation set, `dev` (fixtures/eval/dev/dNN: tune on it) and `test`
(fixtures/eval/test/tNN: only score it), each conversation with its own checks.jsonl and an
optional meta.json `{"ingest_order": [...]}` for out-of-order ingestion.

For each conversation: a fresh temp DB (MEMCLI_DB), `memcli ingest sN.jsonl --scope user:<conv>`
for every session in order (or in meta.json's order), then per check `memcli recall QUERY --scope user:<conv> -k K --json
[--as-of T]`, and (once per conversation, only if a check has forbid_store) `memcli export
--scope user:<conv> --format jsonl --include-inactive`. See fixtures/eval/README.md for the
check format and the exact pass rules. This is a measurement tool: it exits 0 whatever the
pass rate, and non-zero only when the runner itself cannot run (bad fixtures, bad arguments).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import OrderedDict
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EVAL_DIR = ROOT / "fixtures" / "eval"
KINDS = ["single-hop", "multi-hop", "temporal", "update", "abstention", "interference", "distinct", "forget"]
SETS = ("old", "dev", "test")
ROLES = {"user", "assistant", "tool", "system"}
TRUNC = 100
EXTRA_ENV: dict[str, str] = {}  # set once per run by main() (e.g. XDG_CACHE_HOME)


# --------------------------------------------------------------------------- fixtures

def load_jsonl(path: Path) -> list[dict]:
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: invalid JSON: {exc}") from None
    return rows


def _natural_key(p: Path):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", p.name)]


def session_files(conv_dir: Path) -> list[Path]:
    return sorted(conv_dir.glob("s*.jsonl"), key=_natural_key)


def set_dir(name: str) -> Path:
    return EVAL_DIR if name == "old" else EVAL_DIR / name


def ingest_order(conv_dir: Path) -> list[Path]:
    """The session files in the order they are ingested: meta.json's `ingest_order`, else by name."""
    meta = conv_dir / "meta.json"
    if not meta.exists():
        return session_files(conv_dir)
    try:
        order = json.loads(meta.read_text(encoding="utf-8"))["ingest_order"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise SystemExit(f"{meta}: needs {{\"ingest_order\": [file, ...]}}: {exc}") from None
    return [conv_dir / name for name in order]


def load_checks(eval_dir: Path) -> list[dict]:
    """The old set keeps every check in one checks.jsonl; the new halves keep one per conversation."""
    if (eval_dir / "checks.jsonl").exists():
        return load_jsonl(eval_dir / "checks.jsonl")
    checks = []
    for conv in conversations(eval_dir):
        path = eval_dir / conv / "checks.jsonl"
        if path.exists():
            checks += [{"conv": conv, **c} for c in load_jsonl(path)]
    return checks


def conversations(eval_dir: Path) -> list[str]:
    return sorted(p.name for p in eval_dir.iterdir() if p.is_dir() and session_files(p))


def _parse_ts(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def _alts(item) -> list[str]:
    """An expect item is a string, or a list of alternative strings (any one suffices)."""
    return [item] if isinstance(item, str) else list(item)


def validate(eval_dir: Path, extra_session_dirs: list[Path] = ()) -> tuple[list[str], int, int, list[dict]]:
    """Return (problems, #conversations, #messages, checks); problems is empty when all is well."""
    problems: list[str] = []
    user_text: dict[str, str] = {}
    msg_count = 0

    def check_sessions(name: str, files: list[Path]):
        nonlocal msg_count
        last = None
        texts = []
        for path in files:
            try:
                rows = load_jsonl(path)
            except SystemExit as exc:
                problems.append(str(exc))
                continue
            if not rows:
                problems.append(f"{path}: empty session")
            for n, m in enumerate(rows, 1):
                msg_count += 1
                where = f"{path}:{n}"
                if set(m) - {"role", "content", "ts"}:
                    problems.append(f"{where}: unexpected keys {sorted(set(m) - {'role', 'content', 'ts'})}")
                if m.get("role") not in ROLES:
                    problems.append(f"{where}: bad role {m.get('role')!r}")
                if not isinstance(m.get("content"), str) or not m["content"].strip():
                    problems.append(f"{where}: missing content")
                ts = m.get("ts")
                if not isinstance(ts, str) or not ts.endswith("Z"):
                    problems.append(f"{where}: ts must be an ISO UTC string ending in Z, got {ts!r}")
                    continue
                try:
                    t = _parse_ts(ts)
                except ValueError:
                    problems.append(f"{where}: unparseable ts {ts!r}")
                    continue
                if last is not None and t < last:
                    problems.append(f"{where}: ts goes backwards ({ts})")
                last = t
                if m.get("role") == "user":
                    texts.append(m["content"])
        user_text[name] = "\n".join(texts).lower()

    for d in extra_session_dirs:
        files = sorted(d.glob("*.jsonl"), key=_natural_key)
        if not files:
            problems.append(f"{d}: no session files")
        check_sessions(str(d), files)

    convs = conversations(eval_dir)
    for conv in convs:
        files = session_files(eval_dir / conv)
        if not 2 <= len(files) <= 4:
            problems.append(f"{conv}: expected 2-4 sessions, found {len(files)}")
        check_sessions(conv, files)
        try:
            order = ingest_order(eval_dir / conv)
        except SystemExit as exc:
            problems.append(str(exc))
            continue
        if sorted(order) != sorted(files):
            problems.append(f"{conv}: meta.json ingest_order must name each session file once")

    try:
        checks = load_checks(eval_dir)
    except (SystemExit, FileNotFoundError) as exc:
        problems.append(str(exc))
        checks = []
    if not checks:
        problems.append(f"{eval_dir}: no checks")
    seen = set()
    allowed = {"id", "conv", "kind", "query", "k", "expect", "forbid_top", "as_of", "forbid_store", "expect_store",
               "note"}
    for c in checks:
        cid = c.get("id", "?")
        if cid in seen:
            problems.append(f"{cid}: duplicate id")
        seen.add(cid)
        if set(c) - allowed:
            problems.append(f"{cid}: unknown keys {sorted(set(c) - allowed)}")
        if c.get("conv") not in convs:
            problems.append(f"{cid}: conv {c.get('conv')!r} does not exist")
        if c.get("kind") not in KINDS:
            problems.append(f"{cid}: bad kind {c.get('kind')!r}")
        if not isinstance(c.get("query"), str) or not c["query"].strip():
            problems.append(f"{cid}: missing query")
        if not isinstance(c.get("k"), int) or c["k"] < 1:
            problems.append(f"{cid}: k must be a positive int")
        exp = c.get("expect")
        if not isinstance(exp, list) or not all(
            isinstance(e, str) or (isinstance(e, list) and e and all(isinstance(x, str) for x in e)) for e in exp
        ):
            problems.append(f"{cid}: expect must be a list of strings or lists of alternative strings")
            exp = []
        store_exp = c.get("expect_store", [])
        if not isinstance(store_exp, list) or not all(
            isinstance(e, str) or (isinstance(e, list) and e and all(isinstance(x, str) for x in e)) for e in store_exp
        ):
            problems.append(f"{cid}: expect_store must be a list of strings or lists of alternative strings")
            store_exp = []
        for key in ("forbid_top", "forbid_store"):
            v = c.get(key, [])
            if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
                problems.append(f"{cid}: {key} must be a list of non-empty strings")
        if "as_of" in c:
            try:
                _parse_ts(c["as_of"])
            except (ValueError, AttributeError, TypeError):
                problems.append(f"{cid}: bad as_of {c.get('as_of')!r}")
        if c.get("kind") == "abstention" and exp:
            problems.append(f"{cid}: abstention checks should have expect []")
        if c.get("kind") in ("abstention", "interference") and not (c.get("forbid_top") or c.get("forbid_store")):
            problems.append(f"{cid}: {c.get('kind')} check needs forbid_top or forbid_store")
        if c.get("kind") == "update" and not (c.get("forbid_top") or c.get("forbid_store")):
            problems.append(f"{cid}: update check needs forbid_top or forbid_store (the stale value)")
        text = user_text.get(c.get("conv"), "")
        # Expected strings must come from what the user said (dates excepted: they are resolved).
        for e in [*exp, *store_exp]:
            alts = _alts(e)
            if not any(a.lower() in text for a in alts) and not any(re.fullmatch(r"\d{4}-\d{2}-\d{2}", a) for a in alts):
                problems.append(f"{cid}: expect {e!r} never appears in the user's messages of {c.get('conv')}")
        # Abstention: the forbidden content must not be something the user said.
        if c.get("kind") == "abstention":
            for s in c.get("forbid_top", []) + c.get("forbid_store", []):
                if s.lower() in text:
                    problems.append(f"{cid}: abstention forbids {s!r}, but the user said it")
    return problems, len(convs), msg_count, checks


# --------------------------------------------------------------------------- evaluation

def _contains(text: str, needle: str) -> bool:
    return needle.lower() in (text or "").lower()


def is_active(rec: dict) -> bool:
    return rec.get("valid_until") is None and rec.get("retired_at") is None


def evaluate(check: dict, hits: list[dict], active_texts: list[str] | None) -> tuple[bool, list[str]]:
    """Apply one check to recall hits (best first) and the active store texts.

    Returns (passed, reasons-for-failure).
    """
    k = int(check.get("k", 3))
    hits = hits[:k]
    texts = [h.get("text") or "" for h in hits]
    reasons = []
    for item in check.get("expect", []):
        alts = _alts(item)
        if not any(_contains(t, a) for t in texts for a in alts):
            reasons.append(f"expected {' | '.join(alts)!r} in top-{k}")
    forbid_top = check.get("forbid_top", [])
    if forbid_top and texts:
        if check.get("kind") == "update" and check.get("expect"):
            # the stale value may not outrank the first hit that carries the current value
            first_ok = next(
                (i for i, t in enumerate(texts) if any(_contains(t, a) for e in check["expect"] for a in _alts(e))),
                len(texts),
            )
            window = texts[:first_ok]
        else:
            window = texts[:1]
        for i, t in enumerate(window):
            for f in forbid_top:
                if _contains(t, f):
                    reasons.append(f"forbidden {f!r} in hit #{i + 1}")
    for item in check.get("expect_store", []):
        alts = _alts(item)
        if active_texts is None:
            reasons.append("store export unavailable")
        elif not any(_contains(t, a) for t in active_texts for a in alts):
            reasons.append(f"expected {' | '.join(alts)!r} in an active memory")
    forbid_store = check.get("forbid_store", [])
    if forbid_store:
        if active_texts is None:
            reasons.append("store export unavailable")
        else:
            for f in forbid_store:
                bad = [t for t in active_texts if _contains(t, f)]
                if bad:
                    reasons.append(f"forbidden {f!r} stored: {_trunc(bad[0])!r}")
    return not reasons, reasons


def _trunc(s: str, n: int = TRUNC) -> str:
    s = " ".join((s or "").split())
    return s if len(s) <= n else s[: n - 1] + "…"


# --------------------------------------------------------------------------- running memcli

class CliError(RuntimeError):
    pass


class Runner:
    """Invoke memcli either in-process (typer CliRunner) or as a subprocess."""

    def __init__(self, use_subprocess: bool):
        self.use_subprocess = use_subprocess
        if not use_subprocess:
            sys.path.insert(0, str(ROOT))
            from typer.testing import CliRunner  # noqa: PLC0415

            from memcli.cli import app  # noqa: PLC0415

            self.app = app
            try:  # click < 8.2 mixes stderr into output unless told not to
                self.cli = CliRunner(mix_stderr=False)
            except TypeError:
                self.cli = CliRunner()

    def __call__(self, args: list[str], env: dict[str, str]) -> str:
        if self.use_subprocess:
            full_env = dict(os.environ, **env)
            p = subprocess.run(
                [sys.executable, "-m", "memcli", *args], env=full_env, capture_output=True, text=True, cwd=ROOT
            )
            if p.returncode != 0:
                raise CliError(f"memcli {' '.join(args)} -> exit {p.returncode}\n{p.stderr.strip()}")
            return p.stdout
        r = self.cli.invoke(self.app, args, env=env, catch_exceptions=True)
        try:
            out = r.stdout
        except ValueError:
            out = r.output
        if r.exit_code != 0:
            try:
                err = r.stderr
            except ValueError:
                err = ""
            exc = ""
            if r.exception is not None and not isinstance(r.exception, SystemExit):
                import traceback  # noqa: PLC0415

                exc = "".join(traceback.format_exception(type(r.exception), r.exception, r.exception.__traceback__))
            raise CliError(f"memcli {' '.join(args)} -> exit {r.exit_code}\n{(err or out).strip()}\n{exc}".rstrip())
        return out


def parse_hits(out: str) -> list[dict]:
    data = json.loads(out)
    if isinstance(data, dict):  # tolerate {"hits": [...]}
        data = data.get("hits", data.get("results", []))
    if not isinstance(data, list):
        raise CliError(f"recall --json did not return a list: {out[:200]!r}")
    return data


def parse_export(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


POST_INGEST: list[str] = []  # set by main(): e.g. ["consolidate", "--reflect"], run after each session


def run_conv(run: Runner, conv_dir: Path, checks: list[dict], strategy: str | None, verbose: bool) -> list[dict]:
    conv = conv_dir.name
    scope = f"user:{conv}"
    results = []
    tmp = tempfile.mkdtemp(prefix=f"memcli-eval-{conv}-")
    env = {"MEMCLI_DB": os.path.join(tmp, "memory.db"), **EXTRA_ENV}
    t0 = time.perf_counter()
    try:
        try:
            for path in ingest_order(conv_dir):
                args = ["ingest", str(path), "--scope", scope]
                if strategy:
                    args += ["--strategy", strategy]
                out = run(args, env)
                if verbose:
                    print(f"  [{conv}] ingest {path.name}: {_trunc(out, 200)}", file=sys.stderr)
                if POST_INGEST:  # like a nightly cron job between sessions
                    out = run([*POST_INGEST, "--scope", scope], env)
                    if verbose:
                        print(f"  [{conv}] {' '.join(POST_INGEST)}: {_trunc(out, 300)}", file=sys.stderr)
        except (CliError, OSError) as exc:
            print(f"[{conv}] ingest failed: {exc}", file=sys.stderr)
            return [_result(c, False, [f"ingest failed: {_trunc(str(exc), 200)}"], [], 0.0) for c in checks]
        ingest_s = time.perf_counter() - t0

        active_texts = None
        if any(c.get("forbid_store") or c.get("expect_store") for c in checks):
            try:
                recs = parse_export(
                    run(["export", "--scope", scope, "--format", "jsonl", "--include-inactive"], env)
                )
                active_texts = [r.get("text") or "" for r in recs if is_active(r)]
            except (CliError, json.JSONDecodeError) as exc:
                print(f"[{conv}] export failed: {exc}", file=sys.stderr)

        for c in checks:
            args = ["recall", c["query"], "--scope", scope, "-k", str(c.get("k", 3)), "--json"]
            if c.get("as_of"):
                args += ["--as-of", c["as_of"]]
            t1 = time.perf_counter()
            try:
                hits = parse_hits(run(args, env))
            except (CliError, json.JSONDecodeError) as exc:
                print(f"[{c['id']}] recall failed: {exc}", file=sys.stderr)
                results.append(_result(c, False, [f"recall failed: {_trunc(str(exc), 200)}"], [], 0.0))
                continue
            ok, reasons = evaluate(c, hits, active_texts)
            results.append(_result(c, ok, reasons, hits[: c.get("k", 3)], time.perf_counter() - t1))
        if verbose:
            print(f"  [{conv}] ingest {ingest_s:.2f}s, {len(checks)} checks", file=sys.stderr)
        for r in results:
            r["ingest_s"] = round(ingest_s, 3)
        return results
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _result(c: dict, ok: bool, reasons: list[str], hits: list[dict], secs: float) -> dict:
    return {
        "id": c["id"],
        "conv": c["conv"],
        "kind": c["kind"],
        "query": c["query"],
        "passed": ok,
        "reasons": reasons,
        "top": [{"text": _trunc(h.get("text", "")), "score": h.get("score")} for h in hits],
        "abstain": bool(hits[0].get("abstain")) if hits else True,
        "recall_s": round(secs, 4),
    }


def summarize(results: list[dict]) -> dict:
    by_kind = OrderedDict((k, {"passed": 0, "total": 0}) for k in KINDS)
    for r in results:
        d = by_kind.setdefault(r["kind"], {"passed": 0, "total": 0})
        d["total"] += 1
        d["passed"] += r["passed"]
    by_kind = OrderedDict((k, v) for k, v in by_kind.items() if v["total"])
    flagged = {"abstention": [0, 0], "answerable": [0, 0]}
    for r in results:
        if r["kind"] == "interference":
            continue  # "is it the user's or their sister's job?": something is stored either way
        side = flagged["abstention" if r["kind"] == "abstention" else "answerable"]
        side[0] += bool(r.get("abstain"))
        side[1] += 1
    return {
        "abstain_flags": flagged,
        "passed": sum(r["passed"] for r in results),
        "total": len(results),
        "by_kind": by_kind,
        "failed": [r["id"] for r in results if not r["passed"]],
    }


def print_table(strategy: str, summary: dict, results: list[dict], elapsed: float, *, failures: bool = True) -> None:
    print(f"\nstrategy: {strategy or 'default'}   ({elapsed:.1f}s)")
    print(f"{'kind':<14}{'passed':>8}{'total':>7}{'rate':>8}")
    for kind, d in summary["by_kind"].items():
        print(f"{kind:<14}{d['passed']:>8}{d['total']:>7}{d['passed'] / d['total']:>8.0%}")
    tot = summary["total"] or 1
    print(f"{'overall':<14}{summary['passed']:>8}{summary['total']:>7}{summary['passed'] / tot:>8.0%}")
    fl = summary.get("abstain_flags")
    if fl:
        print(f"abstain flag: {fl['abstention'][0]}/{fl['abstention'][1]} abstention checks, "
              f"{fl['answerable'][0]}/{fl['answerable'][1]} answerable checks (single-hop, multi-hop, temporal, update)")
    failed = [r for r in results if not r["passed"]]
    if failed and not failures:
        print(f"\n{len(failed)} failing checks, not shown: this set is only scored (--show-test-failures shows them)")
    elif failed:
        print(f"\nfailing checks ({len(failed)}):")
        for r in failed:
            print(f"- {r['id']} [{r['kind']}] {r['query']}")
            for why in r["reasons"]:
                print(f"    ! {why}")
            for i, h in enumerate(r["top"], 1):
                s = h.get("score")
                s = f"{s:.3f}" if isinstance(s, (int, float)) else "-"
                print(f"    {i}. ({s}) {h['text']}")


# --------------------------------------------------------------------------- selftest

def selftest() -> int:
    H = lambda *ts: [{"id": f"m{i}", "text": t, "score": 1.0 - i / 10} for i, t in enumerate(ts)]  # noqa: E731
    cases = [
        # (check, hits, active_texts, expected pass)
        ({"kind": "single-hop", "k": 3, "expect": ["peanut"]}, H("The user is allergic to peanuts."), [], True),
        ({"kind": "single-hop", "k": 1, "expect": ["peanut"]}, H("x", "The user is allergic to peanuts."), [], False),
        ({"kind": "multi-hop", "k": 3, "expect": ["Bangalore", "Flipkart"]},
         H("The user lives in Bangalore.", "The user works at Flipkart."), [], True),
        ({"kind": "multi-hop", "k": 3, "expect": ["Bangalore", "Flipkart"]}, H("The user lives in Bangalore."), [], False),
        ({"kind": "temporal", "k": 3, "expect": [["2026-03-13", "March 13"]]}, H("Exam on March 13, 2026."), [], True),
        ({"kind": "temporal", "k": 3, "expect": ["2026-03-13"]}, H("Exam on March 13."), [], False),
        # update: stale value below the current one is fine, above it is not
        ({"kind": "update", "k": 3, "expect": ["Bangalore"], "forbid_top": ["Pune"]},
         H("The user moved to Bangalore.", "The user lives in Pune."), [], True),
        ({"kind": "update", "k": 3, "expect": ["Bangalore"], "forbid_top": ["Pune"]},
         H("The user lives in Pune.", "The user moved to Bangalore."), [], False),
        ({"kind": "update", "k": 3, "expect": ["Bangalore"], "forbid_top": ["Pune"]},
         H("The user moved from Pune to Bangalore."), [], True),
        ({"kind": "update", "k": 3, "expect": ["Bangalore"], "forbid_top": ["Pune"]}, H("The user lives in Pune."), [], False),
        # non-update forbid_top only looks at hit #1
        ({"kind": "interference", "k": 3, "expect": [], "forbid_top": ["Google"]},
         H("The user works at Nike.", "The user's brother works at Google."), [], True),
        ({"kind": "interference", "k": 3, "expect": [], "forbid_top": ["Google"]},
         H("The user's brother works at Google."), [], False),
        # forbid_store is case-insensitive and only sees active texts (caller filters)
        ({"kind": "interference", "k": 3, "expect": [], "forbid_store": ["three kids"]}, H("x"),
         ["The user has Three Kids."], False),
        ({"kind": "interference", "k": 3, "expect": [], "forbid_store": ["three kids"]}, H("x"), ["The user has a cat."], True),
        ({"kind": "abstention", "k": 3, "expect": [], "forbid_store": ["dog"]}, [], None, False),  # export failed
        ({"kind": "abstention", "k": 3, "expect": [], "forbid_top": ["dog"]}, [], [], True),  # no hits at all
        ({"kind": "single-hop", "k": 3, "expect": ["x"]}, [{"id": "a", "text": None, "score": 0}], [], False),
        # expect_store: each item (or one of its alternatives) in some active memory
        ({"kind": "distinct", "k": 3, "expect": [], "expect_store": ["room 14", ["room 41", "41"]]}, H("x"),
         ["The user's office is room 14.", "The user's lab is room 41."], True),
        ({"kind": "distinct", "k": 3, "expect": [], "expect_store": ["room 14", "room 41"]}, H("x"),
         ["The user's office is room 14."], False),
        ({"kind": "distinct", "k": 3, "expect": [], "expect_store": ["room 14"]}, H("x"), None, False),
    ]
    bad = 0
    for n, (c, hits, store, want) in enumerate(cases, 1):
        got, why = evaluate(c, hits, store)
        if got != want:
            bad += 1
            print(f"selftest case {n}: expected {want}, got {got} ({why})")
    recs = [
        {"text": "a", "valid_until": None, "retired_at": None},
        {"text": "b", "valid_until": "2026-01-01T00:00:00Z", "retired_at": None},
        {"text": "c", "valid_until": None, "retired_at": "2026-01-01T00:00:00Z"},
    ]
    if [r["text"] for r in recs if is_active(r)] != ["a"]:
        bad += 1
        print("selftest: is_active is wrong")
    if parse_hits('{"hits": [{"id": 1, "text": "t", "score": 0.5}]}')[0]["text"] != "t":
        bad += 1
        print("selftest: parse_hits dict form")
    s = summarize([{"kind": "update", "passed": True, "id": "a"}, {"kind": "update", "passed": False, "id": "b"}])
    if s["by_kind"]["update"] != {"passed": 1, "total": 2} or s["failed"] != ["b"]:
        bad += 1
        print("selftest: summarize is wrong")
    print(f"selftest: {len(cases) + 3 - bad}/{len(cases) + 3} ok")
    return 1 if bad else 0


# --------------------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", default="old,dev,test",
                    help="comma-separated sets: old (convNN), dev (dNN, tuned on), test (tNN, only scored)")
    ap.add_argument("--only", help="comma-separated conversation ids, e.g. conv01,d03")
    ap.add_argument("--json", action="store_true", help="print a JSON summary instead of the table")
    ap.add_argument("--strategy", help="passed to `memcli ingest --strategy`; comma-separated runs an ablation")
    ap.add_argument("--subprocess", action="store_true", help="run `python -m memcli` instead of in-process")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--show-test-failures", action="store_true",
                    help="also print the test set's failing checks (it is only scored: tune on dev)")
    ap.add_argument("--validate", action="store_true", help="validate the fixtures and exit")
    ap.add_argument("--selftest", action="store_true", help="test the check logic on canned hits and exit")
    ap.add_argument("--consolidate", action="store_true",
                    help="run `memcli consolidate --scope S` after each session's ingest")
    ap.add_argument("--reflect", action="store_true",
                    help="run `memcli consolidate --scope S --reflect` after each session's ingest")
    a = ap.parse_args(argv)
    POST_INGEST[:] = (["consolidate", "--reflect"] if a.reflect else ["consolidate"] if a.consolidate else [])

    if a.selftest:
        return selftest()

    sets = [x.strip() for x in a.set.split(",") if x.strip()]
    unknown = [x for x in sets if x not in SETS]
    if unknown or not sets:
        print(f"unknown set(s): {', '.join(unknown) or '(none)'}; choose from {', '.join(SETS)}", file=sys.stderr)
        return 2
    sets = [x for x in sets if x == "old" or set_dir(x).is_dir()]
    loaded: dict[str, tuple[list[str], list[dict]]] = {}
    all_problems = []
    for name in sets:
        extra = [ROOT / "fixtures" / "demo"] if name == "old" else []
        problems, n_convs, n_msgs, checks = validate(set_dir(name), extra)
        all_problems += [f"[{name}] {p}" for p in problems]
        loaded[name] = (conversations(set_dir(name)), checks)
        if a.validate:
            for p in problems:
                print(f"PROBLEM [{name}]:", p)
            kinds = OrderedDict((k, sum(c.get("kind") == k for c in checks)) for k in KINDS)
            print(f"{name}: {n_convs} conversations, {n_msgs} messages{' (incl. demo)' if extra else ''}, "
                  f"{len(checks)} checks: " + ", ".join(f"{k} {v}" for k, v in kinds.items() if v))
    if a.validate:
        return 1 if all_problems else 0
    if all_problems:
        print("fixtures are invalid (run --validate):", *all_problems[:10], sep="\n  ", file=sys.stderr)
        return 2

    if a.only:
        wanted = [c.strip() for c in a.only.split(",") if c.strip()]
        known = {c for convs, _ in loaded.values() for c in convs}
        missing = [c for c in wanted if c not in known]
        if missing:
            print(f"unknown conversation(s): {', '.join(missing)}", file=sys.stderr)
            return 2
        loaded = {n: ([c for c in convs if c in wanted], checks) for n, (convs, checks) in loaded.items()}
        loaded = {n: v for n, v in loaded.items() if v[0]}

    try:
        run = Runner(a.subprocess)
    except ImportError as exc:
        print(f"cannot import memcli in-process ({exc}); try --subprocess", file=sys.stderr)
        return 2

    cache_tmp = None
    if "XDG_CACHE_HOME" not in os.environ:  # onnxruntime writes there; keep it out of $HOME
        cache_tmp = tempfile.mkdtemp(prefix="memcli-eval-cache-")
        EXTRA_ENV["XDG_CACHE_HOME"] = cache_tmp
    try:
        reports = {name: _run_set(a, run, name, convs, checks) for name, (convs, checks) in loaded.items()}
    finally:
        if cache_tmp:
            shutil.rmtree(cache_tmp, ignore_errors=True)
    if a.json:
        only = next(iter(reports.values())) if len(reports) == 1 else None
        print(json.dumps(only if only is not None else {"sets": reports}, indent=2))
    elif len(reports) > 1:
        print_sets(reports)
    return 0


def _run_set(a, run: Runner, name: str, convs: list[str], checks: list[dict]):
    strategies = [s.strip() for s in a.strategy.split(",")] if a.strategy else [None]
    report = []
    for strategy in strategies:
        t0 = time.perf_counter()
        results = []
        for conv in convs:
            cc = [c for c in checks if c["conv"] == conv]
            if cc:
                results += run_conv(run, set_dir(name) / conv, cc, strategy, a.verbose and (name != "test" or a.show_test_failures))
        elapsed = time.perf_counter() - t0
        summary = summarize(results)
        report.append({"strategy": strategy, "elapsed_s": round(elapsed, 2), **summary, "checks": results})
        if not a.json:
            print(f"\n=== set: {name}")
            print_table(strategy, summary, results, elapsed, failures=name != "test" or a.show_test_failures)

    if not a.json and len(report) > 1:
        print(f"\nablation ({name}):")
        print(f"{'kind':<14}" + "".join(f"{str(r['strategy']):>10}" for r in report))
        for kind in report[0]["by_kind"]:
            print(f"{kind:<14}" + "".join(
                f"{r['by_kind'].get(kind, {}).get('passed', 0):>5}/{r['by_kind'].get(kind, {}).get('total', 0):<4}"
                for r in report))
        print(f"{'overall':<14}" + "".join(f"{r['passed']:>5}/{r['total']:<4}" for r in report))
    return report[0] if len(report) == 1 else report


def print_sets(reports: dict) -> None:
    """One line per set and strategy: the figure to compare across halves."""
    print("\nsummary:")
    for name, rep in reports.items():
        for r in rep if isinstance(rep, list) else [rep]:
            tot = r["total"] or 1
            kinds = ", ".join(f"{k} {v['passed']}/{v['total']}" for k, v in r["by_kind"].items())
            print(f"  {name:<5} {str(r['strategy'] or 'default'):<8} {r['passed']}/{r['total']} "
                  f"({r['passed'] / tot:.0%})  {kinds}")


if __name__ == "__main__":
    sys.exit(main())
