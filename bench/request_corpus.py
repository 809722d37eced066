"""Score how memcli reads requests to forget on a labelled corpus of single messages.

    python bench/request_corpus.py fixtures/requests/dev.jsonl [--show]

Each line of a corpus is {"text", "request": bool, "about": [words], "kind"}: a message a user
might type, whether it asks the memory to forget or not keep something, the words that name
what, and how it asks (`names-it`, `set-before`, `sentence-before`, `points-back`, `ahead`,
`ahead-alone`, or `near-miss` for a message that only uses the same words). A request is
recognised when `requests.forget_requests` finds one in it (and, when `about` names words, a
topic holding one of them), when `request_clauses.keeps_back` or `holds_next` holds it back
(the kinds that ask ahead), or when `requests.unsaid_before` reads it (a message that points
back at the one before). A near-miss recognised in any of these ways is a false alarm.
Prints recall per kind and the false alarms; `--show` lists what was missed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memcli.request_clauses import holds_next, keeps_back  # noqa: E402
from memcli.requests import forget_requests, kept_back, unsaid_before  # noqa: E402


def read(text: str) -> dict:
    """What memcli makes of one message."""
    return {"topics": [r.topic for r in forget_requests(text)], "held": kept_back(text) or keeps_back(text),
            "next": holds_next(text), "back": unsaid_before(text) is not None}


def recognised(line: dict, got: dict) -> bool:
    about = [a.lower() for a in line.get("about") or []]
    named = any(a in t.lower() for t in got["topics"] for a in about) if about else bool(got["topics"])
    return named or got["held"] or got["next"] or (not about and got["back"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="+", type=Path)
    ap.add_argument("--show", action="store_true", help="list the requests missed")
    a = ap.parse_args()
    hits: Counter[str] = Counter()
    total: Counter[str] = Counter()
    alarms = []
    for path in a.corpus:
        for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not raw.strip():
                continue
            line = json.loads(raw)
            got = read(line["text"])
            kind = line.get("kind") or ("near-miss" if not line["request"] else "request")
            total[kind] += 1
            if line["request"]:
                ok = recognised(line, got)
                hits[kind] += ok
                if not ok and a.show:
                    print(f"MISSED {path.name}:{n} [{kind}] {line['text'][:160]!r} -> {got}")
            elif got["topics"] or got["held"] or got["next"] or got["back"]:
                alarms.append((f"{path.name}:{n}", line["text"][:160], got))
    asked = sum(v for k, v in total.items() if k != "near-miss")
    print(f"requests recognised: {sum(hits.values())}/{asked}")
    for kind in sorted(k for k in total if k != "near-miss"):
        print(f"  {kind:<16} {hits[kind]}/{total[kind]}")
    print(f"false alarms: {len(alarms)}/{total['near-miss']} near-misses")
    for where, text, got in alarms:
        print(f"  ALARM {where} {text!r} -> {got}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
