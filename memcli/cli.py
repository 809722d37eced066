"""The command line: parses arguments, calls the library, formats output. No SQL here."""

from __future__ import annotations

import functools
import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Callable, Optional, TypeVar

import typer

from . import __version__
from .errors import InputError, MemcliError
from .scope import validate_scope

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="memcli",
    help="Local long-term memory for LLM agents, in one SQLite file.\n\n"
    "Memories live in scopes (user:alice, agent:support, session:42, org:acme). "
    "Facts are extracted from transcripts, reconciled against what is already stored "
    "(ADD / UPDATE / DELETE / NOOP) and never overwritten: a change retires the old record.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class State:
    db: Path | None = None
    model: str | None = None


state = State()


def _version(value: bool) -> None:
    if value:
        typer.echo(f"memcli {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    db: Annotated[Optional[Path], typer.Option("--db", envvar="MEMCLI_DB",
                                               help="Database file (default: $XDG_DATA_HOME/memcli/memory.db).")] = None,
    model: Annotated[Optional[str], typer.Option("--model", envvar="MEMCLI_MODEL",
                                                 help="A GGUF model file to use instead of the bundled SmolLM2-135M.")] = None,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    state.db = db
    state.model = model


def fail(message: str, code: int = 1) -> typer.Exit:
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(code)


def handle_errors(fn: F) -> F:
    """Domain errors become one line on stderr and exit 1 (usage errors stay exit 2)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except MemcliError as exc:
            raise fail(str(exc), exc.exit_code) from None
        except BrokenPipeError:
            sys.stderr.close()
            raise typer.Exit(0)

    return wrapper  # type: ignore[return-value]


def open_store(check_embedder: bool = True):  # type: ignore[no-untyped-def]
    from .store import MemoryStore

    return MemoryStore(state.db, check_embedder=check_embedder)


def get_llm():  # type: ignore[no-untyped-def]
    from .llm import LlamaCppLLM

    return LlamaCppLLM(state.model)


class OutputFormat(str, Enum):
    table = "table"
    json = "json"
    nl = "nl"
    prompt = "prompt"


ScopeOpt = Annotated[Optional[str], typer.Option("--scope", "-s", envvar="MEMCLI_SCOPE",
                                                 help="Scope: user:NAME, agent:NAME, session:NAME or org:NAME.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print a JSON array.")]
NlOpt = Annotated[bool, typer.Option("--nl", help="Print one JSON object per line.")]


def _output(items: list[dict[str, Any]], as_json: bool, as_nl: bool, table: Callable[[], None]) -> None:
    from .render import emit_json, emit_nl

    if as_json:
        emit_json(items)
    elif as_nl:
        emit_nl(items)
    elif sys.stdout.isatty():
        table()
    else:  # a pipe without a format flag: one tab-separated line per item
        keys = ("id", "op", "kind", "text", "fact", "valid_from", "at", "retired_at", "retire_reason", "reason")
        for item in items:
            sys.stdout.write("\t".join(str(item.get(k) or "") for k in keys if k in item) + "\n")


# -- remember ----------------------------------------------------------------------
@app.command()
@handle_errors
def remember(
    text: Annotated[str, typer.Argument(help="The fact, as a sentence ('-' reads stdin).")],
    scope: ScopeOpt = None,
    importance: Annotated[int, typer.Option("--importance", "-i", min=1, max=10, help="1-10.")] = 8,
    pin: Annotated[bool, typer.Option("--pin", help="Never decays or gets archived by a policy.")] = False,
    kind: Annotated[str, typer.Option("--kind", help="semantic, episodic, procedural or profile.")] = "semantic",
    key: Annotated[Optional[str], typer.Option("--key", help="Profile slot, e.g. home_city (one value per scope).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Store one fact explicitly, reconciled against what the scope already holds.

    Example: memcli remember "User is allergic to peanuts" --scope user:alice --pin
    """
    from .models import MEMORY_KINDS

    scope = validate_scope(scope)
    if text == "-":
        text = sys.stdin.read()
    text = text.strip()
    if not text:
        raise InputError("empty text: give the fact to remember")
    if kind not in MEMORY_KINDS:
        raise typer.BadParameter(f"use one of {', '.join(MEMORY_KINDS)}", param_hint="--kind")
    if key and kind == "semantic":
        kind = "profile"
    with open_store() as store:
        out = store.remember(scope, text, kind=kind, importance=importance / 10, key=key, pinned=pin)
        m = out.memory or out.target
        result = {"op": out.op, "id": m.id if m else None, "text": m.text if m else text,
                  "replaces": out.memory.replaces if out.memory else None, "reason": out.decision.reason}
        if as_json:
            from .render import emit_json

            emit_json(result)
        else:
            typer.echo(f"{out.op} {result['id']}: {result['text']}" + (f" (replaces {result['replaces']})" if result["replaces"] else ""))


# -- ingest ------------------------------------------------------------------------
class Strategy(str, Enum):
    rules = "rules"
    model = "model"
    both = "both"


class InputFormat(str, Enum):
    auto = "auto"
    jsonl = "jsonl"
    json = "json"
    text = "text"


@app.command()
@handle_errors
def ingest(
    files: Annotated[Optional[list[Path]], typer.Argument(metavar="[FILE]...", help="Transcripts; '-' or none reads stdin.", allow_dash=True)] = None,
    scope: ScopeOpt = None,
    fmt: Annotated[InputFormat, typer.Option("--format", help="Input format (auto-detected by default).")] = InputFormat.auto,
    raw: Annotated[bool, typer.Option("--raw", help="Store each user message verbatim as an episodic memory, no extraction.")] = False,
    now: Annotated[Optional[str], typer.Option("--now", help="Timestamp for messages that carry none (default: the clock).")] = None,
    strategy: Annotated[Optional[Strategy], typer.Option(
        "--strategy", envvar="MEMCLI_STRATEGY",
        help="rules: deterministic extraction and reconciliation (default with the bundled model); "
             "both: rules, and the model decides the unclear cases (default with --model); "
             "model: the model extracts and decides.")] = None,
    as_json: JsonOpt = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Turn transcripts into memories: extract facts from what the user said,
    reconcile each against the scope (ADD / UPDATE / DELETE / NOOP), log every decision.

    Messages are JSONL ({"role", "content", "ts"}), a JSON array, or 'role: content' text.
    Re-running the same file changes nothing. Example:

        memcli ingest chat-2026-03.jsonl --scope user:alice
    """
    from .ingest import IngestStats, ingest as run_ingest, parse_messages
    from .render import emit_json
    from .timeutil import iso_or_none

    scope = validate_scope(scope)
    now_iso = iso_or_none(now, "--now")
    sources: list[tuple[str, bytes]] = []
    if not files or [str(f) for f in files] == ["-"]:
        if sys.stdin.isatty():
            raise typer.BadParameter("give transcript files, or pipe messages on stdin", param_hint="FILE")
        sources.append(("<stdin>", sys.stdin.buffer.read()))
    else:
        sources = [(str(f), sys.stdin.buffer.read() if str(f) == "-" else _read_file(f)) for f in files]
    # Parse everything first: a bad line anywhere writes nothing.
    parsed = [(name, parse_messages(data, name, fmt.value)) for name, data in sources]
    if strategy is None:
        # The bundled 135M model measurably hurts (bench/RESULTS.md); a model the user
        # chose is trusted with the unclear reconciliation cases.
        strategy = Strategy.both if state.model else Strategy.rules
    llm = get_llm() if strategy != Strategy.rules else None
    total = IngestStats()
    n_msgs = sum(len(m) for _, m in parsed)
    with open_store() as store:
        from rich.progress import Progress

        show_bar = not quiet and n_msgs >= 20 and sys.stderr.isatty()
        with Progress(transient=True, disable=not show_bar) as progress:
            task = progress.add_task("ingesting", total=n_msgs)
            for name, msgs in parsed:
                st = run_ingest(store, scope, msgs, source=name, raw=raw, llm=llm, strategy=strategy.value,
                                now=now_iso, on_message=lambda: progress.advance(task))
                total.merge(st)
    summary = total.to_dict()
    if as_json:
        emit_json(summary)
    else:
        typer.echo(
            f"{summary['messages']} messages read, {summary['new']} new; {summary['facts']} facts "
            f"({summary['discarded']} clauses discarded): ADD {summary['add']}, UPDATE {summary['update']}, "
            f"DELETE {summary['delete']}, NOOP {summary['noop']}", err=True)


# -- recall ------------------------------------------------------------------------
@app.command()
@handle_errors
def recall(
    query: Annotated[Optional[str], typer.Argument(help="What to look for, in plain words.")] = None,
    scope: ScopeOpt = None,
    k: Annotated[int, typer.Option("-k", "--limit", min=1, help="Return at most N memories.")] = 10,
    as_json: JsonOpt = False,
    as_nl: NlOpt = False,
    fmt: Annotated[Optional[OutputFormat], typer.Option("--format", "-f", help="table, json, nl or prompt.")] = None,
    explain: Annotated[bool, typer.Option("--explain", help="Show each hit's score breakdown.")] = False,
    as_of: Annotated[Optional[str], typer.Option("--as-of", help="What was valid at this time (ISO 8601).")] = None,
    include_inactive: Annotated[bool, typer.Option("--include-inactive", help="Also retired records, marked.")] = False,
    kind: Annotated[Optional[str], typer.Option("--kind", help="Only this kind.")] = None,
    key: Annotated[Optional[str], typer.Option("--key", help="Only this profile key.")] = None,
    since: Annotated[Optional[str], typer.Option("--since", help="Only memories valid from this time on.")] = None,
    until: Annotated[Optional[str], typer.Option("--until", help="Only memories valid from before this time.")] = None,
    min_score: Annotated[Optional[float], typer.Option("--min-score", help="Drop hits scoring below this.")] = None,
    max_tokens: Annotated[int, typer.Option("--max-tokens", min=20, help="Budget of --format prompt.")] = 400,
    no_touch: Annotated[bool, typer.Option("--no-touch", help="Read only: do not count this as a rehearsal.")] = False,
    raw_query: Annotated[bool, typer.Option("--raw-query", help="Pass the query to FTS5 as MATCH syntax.")] = False,
    profile: Annotated[bool, typer.Option("--profile", help="The keyed profile facts, by key (no query needed).")] = False,
    weights: Annotated[Optional[str], typer.Option("--weights", envvar="MEMCLI_RECALL_WEIGHTS", metavar="REL,REC,IMP",
                                                   help="Blend weights of relevance, recency and importance (default 0.85,0.05,0.10).")] = None,
    half_life: Annotated[Optional[float], typer.Option("--half-life", min=0.0, envvar="MEMCLI_RECALL_HALF_LIFE_DAYS",
                                                       help="Recency half-life in days since last access (default 30; 0 turns recency off).")] = None,
) -> None:
    """Find the memories that matter for a query, best first.

    Each hit's score blends relevance (keyword + meaning, names, dates), recency and
    importance; --explain shows the parts. --json adds the query's `confidence` and
    `abstain`: true when nothing relevant seems to be stored, so an agent can say it
    does not know instead of stretching a neighbouring memory into an answer.

    Example: memcli recall "where does the user live" --scope user:alice --explain
    """
    from .recall import profile as read_profile
    from .recall import recall as do_recall
    from .render import emit_json, emit_nl, hits_table, hits_text, memory_dict, prompt_block
    from .timeutil import iso_or_none

    scope = validate_scope(scope)
    fmt = fmt or (OutputFormat.json if as_json else OutputFormat.nl if as_nl else None)
    as_of_iso = iso_or_none(as_of, "--as-of")
    config = _recall_config(weights, half_life)
    # --profile reads by key: never construct or load the embedder for it.
    with open_store(check_embedder=not profile) as store:
        if profile:
            mems = read_profile(store, scope, as_of=as_of_iso)
            items = [memory_dict(m) for m in mems]
            if fmt in (OutputFormat.json, None) and not sys.stdout.isatty() or fmt == OutputFormat.json:
                emit_json(items)
            elif fmt == OutputFormat.nl:
                emit_nl(items)
            else:
                for m in mems:
                    typer.echo(f"{m.key}: {m.text}")
            return
        if not query or not query.strip():
            raise typer.BadParameter("give a query (or --profile)", param_hint="QUERY")
        if kind and kind not in ("episodic", "semantic", "procedural", "profile"):
            raise typer.BadParameter("use episodic, semantic, procedural or profile", param_hint="--kind")
        res = do_recall(store, scope, query, k=k, as_of=as_of_iso, include_inactive=include_inactive,
                        kind=kind, key=key, since=iso_or_none(since, "--since"),
                        until=iso_or_none(until, "--until"), min_score=min_score, raw_query=raw_query,
                        touch=not no_touch, config=config)
        if fmt == OutputFormat.json:
            emit_json([h.to_dict() | {"abstain": res.abstain, "confidence": round(res.confidence, 4)} for h in res.hits])
        elif fmt == OutputFormat.nl:
            emit_nl([h.to_dict() | {"abstain": res.abstain, "confidence": round(res.confidence, 4)} for h in res.hits])
        elif fmt == OutputFormat.prompt:
            sys.stdout.write(prompt_block(res.hits, max_tokens, abstain=res.abstain) + "\n")
        elif sys.stdout.isatty():
            if res.hits:
                hits_table(res.hits, explain=explain)
            if res.abstain:
                typer.echo("Nothing stored looks relevant to this query.", err=True)
        else:
            hits_text(res.hits, explain=explain)
            if res.abstain:
                typer.echo("Nothing stored looks relevant to this query.", err=True)


def _recall_config(weights: str | None, half_life: float | None):  # type: ignore[no-untyped-def]
    from .recall import RecallConfig

    cfg = RecallConfig.from_env(half_life_days=half_life)
    try:
        return cfg.with_weights(weights)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--weights") from None


# -- show --------------------------------------------------------------------------
@app.command()
@handle_errors
def show(
    memory_id: Annotated[Optional[str], typer.Argument(metavar="[ID]", help="One record, with provenance and versions.")] = None,
    scope: ScopeOpt = None,
    show_all: Annotated[bool, typer.Option("--all", "-a", help="Include retired records, with when and why.")] = False,
    history: Annotated[bool, typer.Option("--history", help="With ID: every version and the decisions behind it.")] = False,
    as_json: JsonOpt = False,
    as_nl: NlOpt = False,
) -> None:
    """What memcli remembers: active memories grouped by kind, or one record.

    Examples: memcli show --scope user:alice --all ; memcli show k3x9qa --scope user:alice
    """
    from .render import emit_json, memory_dict

    with open_store(check_embedder=False) as store:
        if memory_id:
            scope = validate_scope(scope) if scope else store.find_scope(memory_id)
            m = store.get(scope, memory_id)
            chain = store.chain(scope, memory_id)
            if history:  # a merged record's sources are earlier versions of it too
                known = {v.id for v in chain}
                chain = [store.get(scope, i) for i in m.source_ids if i not in known and store.exists(i)] + chain
            turns = store.turns(scope, [t for v in chain for t in v.source_turns])
            # one decision can name two versions (an UPDATE): keep each once, in log order
            by_id = {d.id or 0: d for v in chain for d in store.decisions(scope, memory_id=v.id)}
            decisions = [by_id[i] for i in sorted(by_id)]
            record = memory_dict(m) | {
                "versions": [memory_dict(v) for v in chain],
                "turns": turns,
                "decisions": [d.to_dict() for d in decisions],
            }
            if as_json or as_nl:
                emit_json(record) if as_json else typer.echo(json.dumps(record, ensure_ascii=False))
                return
            _print_record(m, chain, turns, decisions, history)
            return
        scope = validate_scope(scope)
        mems = store.list(scope, include_inactive=show_all)
        _output([memory_dict(m) for m in mems], as_json, as_nl, lambda: _show_grouped(mems, scope, show_all))


def _show_grouped(mems: list[Any], scope: str, show_all: bool) -> None:
    from .render import memories_table

    if not mems:
        typer.echo(f"No memories in {scope}.", err=True)
        return
    for kind in ("profile", "semantic", "procedural", "episodic"):
        group = [m for m in mems if m.kind == kind]
        if group:
            memories_table(group, title=f"{scope} · {kind}", show_retired=show_all)


def _print_record(m: Any, chain: list[Any], turns: list[dict[str, Any]], decisions: list[Any], history: bool) -> None:
    # plain echo, not Rich: memory text may contain [brackets] and must not wrap mid-line
    out = typer.echo
    out(f"{m.id} [{m.kind}] {m.text}")
    status = "active" if m.active else f"retired {m.retired_at} ({m.retire_reason})"
    out(f"  status: {status}")
    out(f"  valid: {m.valid_from or '-'} → {m.valid_until or 'now'}   recorded: {m.recorded_at}")
    out(f"  importance {m.importance:.2f}  confidence {m.confidence:.2f}  source {m.source}"
        f"{'  pinned' if m.pinned else ''}{'  safety' if m.safety else ''}{'  key ' + m.key if m.key else ''}")
    out(f"  accessed {m.access_count}×, last {m.last_accessed or 'never'}, stability {m.stability:.1f}")
    if m.source_ids:
        out(f"  merged from: {', '.join(m.source_ids)}")
    for t in turns:
        out(f"  from turn {t['id']} ({t['source'] or '-'} {t['ref'] or ''}, {t['ts']}): {t['role']}: {t['content'][:200]}")
    if len(chain) > 1 or history:
        out("  versions:")
        for v in chain:
            mark = "→" if v.id == m.id else " "
            why = f" ({v.retire_reason})" if v.retired_at else ""
            out(f"   {mark} {v.id} [{v.kind}] true {v.valid_from or '-'} → {v.valid_until or 'now'}; "
                f"recorded {v.recorded_at}; retired {v.retired_at or '-'}{why}: {v.text}")
    if history or decisions:
        out("  decisions:")
        for d in decisions:
            link = f" {d.target or ''}→{d.new_id or ''}" if d.target or d.new_id else ""
            out(f"    #{d.id} {d.at} {d.op}{link} by {d.decided_by}: {d.reason}")


# -- log ---------------------------------------------------------------------------
@app.command("log")
@handle_errors
def log_cmd(
    scope: ScopeOpt = None,
    memory_id: Annotated[Optional[str], typer.Option("--id", help="Only decisions about this record.")] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", help="The last N decisions.")] = 50,
    as_json: JsonOpt = False,
    as_nl: NlOpt = False,
) -> None:
    """The decision log: what was proposed, what was shown, what was done and why.

    Example: memcli log --scope user:alice -n 20
    """
    scope = validate_scope(scope)
    with open_store(check_embedder=False) as store:
        ds = store.decisions(scope, memory_id=memory_id, limit=limit)

        def table() -> None:
            from rich.console import Console
            from rich.table import Table

            t = Table()
            for col in ("at", "op", "by", "fact", "target", "new", "reason"):
                t.add_column(col)
            for d in ds:
                t.add_row(d.at or "", d.op, d.decided_by, d.fact, d.target or "", d.new_id or "", d.reason)
            Console().print(t)

        _output([d.to_dict() for d in ds], as_json, as_nl, table)


# -- export / import -------------------------------------------------------------------
class ExportFormat(str, Enum):
    jsonl = "jsonl"
    json = "json"
    md = "md"


@app.command()
@handle_errors
def export(
    scope: ScopeOpt = None,
    fmt: Annotated[ExportFormat, typer.Option("--format", "-f", help="jsonl, json or md.")] = ExportFormat.jsonl,
    include_inactive: Annotated[bool, typer.Option("--include-inactive", help="Also retired records.")] = False,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to FILE instead of stdout.")] = None,
) -> None:
    """Every field of every memory in a scope, for backups and other tools.

    Example: memcli export --scope user:alice --format jsonl --include-inactive -o alice.jsonl
    """
    from .render import memory_dict

    scope = validate_scope(scope)
    with open_store(check_embedder=False) as store:
        mems = store.list(scope, include_inactive=include_inactive)
    if fmt == ExportFormat.jsonl:
        text = "".join(json.dumps(memory_dict(m), ensure_ascii=False) + "\n" for m in mems)
    elif fmt == ExportFormat.json:
        text = json.dumps([memory_dict(m) for m in mems], ensure_ascii=False, indent=2) + "\n"
    else:
        lines = [f"# Memories of {scope}\n"]
        for kind in ("profile", "semantic", "procedural", "episodic"):
            group = [m for m in mems if m.kind == kind]
            if group:
                lines.append(f"\n## {kind}\n")
                for m in group:
                    state_ = "" if m.active else f" _(retired {m.retired_at[:10] if m.retired_at else ''}: {m.retire_reason})_"
                    lines.append(f"- {m.text} `{m.id}` (since {(m.valid_from or '-')[:10]}){state_}\n")
        text = "".join(lines)
    if output:
        tmp = output.with_name(output.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(output)
        typer.echo(f"Wrote {len(mems)} memories to {output}", err=True)
    else:
        sys.stdout.write(text)


@app.command("import")
@handle_errors
def import_cmd(
    file: Annotated[Path, typer.Argument(help="A jsonl or json export ('-' reads stdin).", allow_dash=True)],
    scope: Annotated[Optional[str], typer.Option("--scope", "-s", help="Put every record in this scope instead of its own.")] = None,
) -> None:
    """Load records from `memcli export` output (ids, versions and times kept).

    Example: memcli export --scope user:alice -f jsonl --include-inactive | memcli import - --scope user:bob
    """
    from .portability import import_records, read_export

    data = sys.stdin.buffer.read() if str(file) == "-" else _read_file(file)
    records = read_export(data, str(file))
    with open_store() as store:
        n_new, n_skip = import_records(store, records, scope=validate_scope(scope) if scope else None)
    typer.echo(f"Imported {n_new} memories ({n_skip} already present).", err=True)


def _read_file(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory") from None


# -- forget / restore --------------------------------------------------------------------
class PolicyName(str, Enum):
    decay = "decay"
    ttl = "ttl"
    lru = "lru"


def _now_opt(now: str | None):  # type: ignore[no-untyped-def]
    from .timeutil import parse_dt, utcnow

    return parse_dt(now, "--now") if now else utcnow()


NowOpt = Annotated[Optional[str], typer.Option("--now", help="Run as of this time (ISO 8601), for simulations.")]


@app.command()
@handle_errors
def forget(
    ids: Annotated[Optional[list[str]], typer.Argument(metavar="[ID]...", help="Records to forget.")] = None,
    scope: ScopeOpt = None,
    policy: Annotated[Optional[list[PolicyName]], typer.Option("--policy", "-p", help="Archive by policy: decay, ttl or lru (repeatable).")] = None,
    max_memories: Annotated[Optional[int], typer.Option("--max-memories", min=0, help="LRU cap on active memories in the scope.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", "-n", help="List what would be archived or purged; change nothing.")] = False,
    now: NowOpt = None,
    purge: Annotated[bool, typer.Option("--purge", help="Hard delete: every version, FTS rows, vectors, log text and source turns.")] = False,
    match: Annotated[Optional[str], typer.Option("--match", help="With --purge: every record and raw message containing TEXT.")] = None,
    source: Annotated[Optional[str], typer.Option("--source", help="With --purge: everything ingested from FILE (the name given to ingest).")] = None,
    purge_all: Annotated[bool, typer.Option("--all", help="With --purge: the whole scope (records, turns, log, settings).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Archive memories (history kept, `memcli restore` undoes it) or purge them for good.

    By id, or by policy: decay (importance-weighted, rehearsal-aware), ttl by kind,
    lru size cap. Pinned and safety memories are never archived by a policy, and
    facts (semantic, profile, procedural) only die by collision. Examples:

        memcli forget k3x9qa --scope user:alice
        memcli forget --scope user:alice --policy decay --dry-run
        memcli forget --scope user:alice --purge --match "peanut"
    """
    from .render import emit_json

    scope = validate_scope(scope)
    if purge:
        if policy or max_memories is not None:
            raise typer.BadParameter("--purge works by id, --match, --source or --all, not by policy", param_hint="--policy")
        _purge(scope, ids or [], match, source, purge_all, dry_run, as_json)
        return
    if match or source or purge_all:
        raise typer.BadParameter("--match, --source and --all go with --purge", param_hint="--purge")
    if policy or max_memories is not None:
        if ids:
            raise typer.BadParameter("give ids or --policy, not both", param_hint="--policy")
        _forget_by_policy(scope, [p.value for p in policy or []], max_memories, dry_run, now, as_json)
        return
    if not ids:
        raise typer.BadParameter("give memory ids, --policy, or --purge with --match/--source/--all", param_hint="ID")
    with open_store(check_embedder=False) as store:
        for mid in ids:  # validate all before touching any
            store.get(scope, mid)
        done = []
        for mid in ids:
            m = store.get(scope, mid)
            if m.active:
                done.append(mid)
                if not dry_run:
                    store.archive(scope, mid, reason="forgotten by user")
        if as_json:
            emit_json({"archived": done, "dry_run": dry_run})
        else:
            verb = "Would archive" if dry_run else "Archived"
            typer.echo(f"{verb} {len(done)} memor{'y' if len(done) == 1 else 'ies'}" + (f": {', '.join(done)}" if done else ""))


def _forget_by_policy(scope: str, policies: list[str], max_memories: int | None, dry_run: bool,
                      now: str | None, as_json: bool) -> None:
    from . import lifecycle
    from .render import emit_json

    when = _now_opt(now)
    with open_store(check_embedder=False) as store:
        plan = lifecycle.plan(store, scope, when, policies=policies or None, max_memories=max_memories)
        n = 0 if dry_run else lifecycle.apply(store, plan)
    if as_json:
        emit_json(plan.to_dict() | {"dry_run": dry_run, "archived": n})
        return
    for v in plan.victims:
        strength = f"{v.strength:.3f}" if v.strength is not None else "-"
        typer.echo(f"{v.id}\t{v.kind}\t{v.policy}\tstrength {strength}\t{v.reason}\t{v.text[:80]}")
    for note in plan.notes:
        typer.echo(f"note: {note}", err=True)
    counts = ", ".join(f"{k} {c}" for k, c in plan.counts().items())
    verb = "Would archive" if dry_run else "Archived"
    typer.echo(f"{verb} {len(plan.victims)} of {plan.active} active memories in {scope} ({counts}); "
               f"{plan.protected} protected (pinned or safety).", err=True)


def _purge(scope: str, ids: list[str], match: str | None, source: str | None, purge_all: bool,
           dry_run: bool, as_json: bool) -> None:
    from .render import emit_json

    if sum(bool(x) for x in (ids, match, source, purge_all)) != 1:
        raise typer.BadParameter("give exactly one of: ids, --match TEXT, --source FILE, --all", param_hint="--purge")
    with open_store(check_embedder=False) as store:
        if dry_run:
            if ids:
                for mid in ids:
                    store.get(scope, mid)
            records, n_turns = store.purge_preview(scope, ids=ids, match=match, source=source, whole_scope=purge_all)
            if as_json:
                emit_json({"scope": scope, "dry_run": True, "records": [r.to_dict() for r in records],
                           "turns": n_turns})
                return
            for r in records:
                typer.echo(f"{r.id}\t{r.kind}\t{'active' if r.active else 'retired'}\t{r.text[:100]}")
            typer.echo(f"Would purge {len(records)} records and {n_turns} raw messages from {scope}; nothing changed.",
                       err=True)
            return
        if purge_all:
            purged: list[str] = ["*"]
            receipt = store.purge_scope(scope)
        elif ids:
            for mid in ids:
                store.get(scope, mid)
            purged, receipt = ids, store.purge(scope, ids)
        else:
            purged, receipt = store.purge_where(scope, match=match, source=source)
    if as_json:
        emit_json({"scope": scope, "purged": purged, "receipt": receipt})
    else:
        what = "the whole scope" if purge_all else (", ".join(purged) or "nothing")
        typer.echo(f"Purged {what} from {scope}: " + ", ".join(f"{k} {v}" for k, v in receipt.items()))


@app.command()
@handle_errors
def restore(
    ids: Annotated[list[str], typer.Argument(metavar="ID...", help="Archived records to bring back.")],
    scope: ScopeOpt = None,
    now: NowOpt = None,
) -> None:
    """Undo an archive (by `forget` or a decay policy); it counts as a use, so decay starts over.

    Example: memcli restore k3x9qa --scope user:alice
    """
    from . import lifecycle

    scope = validate_scope(scope)
    when = _now_opt(now)
    with open_store(check_embedder=False) as store:
        for mid in ids:
            m = lifecycle.restore(store, scope, mid, when)
            typer.echo(f"Restored {m.id}: {m.text}")


# -- config ---------------------------------------------------------------------------------
@app.command()
@handle_errors
def config(
    action: Annotated[str, typer.Argument(help="list, get NAME, set NAME VALUE or unset NAME.")] = "list",
    name: Annotated[Optional[str], typer.Argument(help="Setting name, e.g. ttl.episodic_days.")] = None,
    value: Annotated[Optional[str], typer.Argument(help="New value ('none' turns a ttl or cap off).")] = None,
    scope: ScopeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Per-scope lifecycle policy, stored in the database so cron lines need no flags.

    Examples: memcli config --scope user:alice ; memcli config set ttl.episodic_days 30 --scope user:alice
    """
    from .lifecycle import SETTINGS, check_setting, parse_setting, settings_for
    from .render import emit_json

    scope = validate_scope(scope)
    if action not in ("list", "get", "set", "unset"):
        raise typer.BadParameter("use list, get, set or unset", param_hint="ACTION")
    if action != "list" and not name:
        raise typer.BadParameter(f"{action} needs a setting NAME", param_hint="NAME")
    if action == "set" and value is None:
        raise typer.BadParameter("set needs a VALUE", param_hint="VALUE")
    with open_store(check_embedder=False) as store:
        if action == "set":
            parse_setting(name or "", value or "")
            store.set_setting(scope, name or "", value)
        elif action == "unset":
            check_setting(name or "")
            store.set_setting(scope, name or "", None)
        stored = store.get_settings(scope)
        current = settings_for(store, scope)
    names = [name] if action == "get" and name else list(SETTINGS)
    if action == "get":
        check_setting(name or "")
    items = [{"name": n, "value": current[n], "default": SETTINGS[n].default, "set": n in stored,
              "help": SETTINGS[n].help} for n in names]
    if action in ("set", "unset"):
        items = [i for i in items if i["name"] == name]
    if as_json:
        emit_json(items)
    else:
        for i in items:
            typer.echo(f"{i['name']} = {'none' if i['value'] is None else i['value']}"
                       + ("" if i["set"] else "  (default)"))


# -- consolidate / maintain ----------------------------------------------------------------
@app.command()
@handle_errors
def consolidate(
    scope: ScopeOpt = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", "-n", help="Show the clusters; change nothing.")] = False,
    reflect: Annotated[bool, typer.Option(
        "--reflect", help="Then write reflections (summaries of what several memories say about one person, "
                          "place or thing, recurring themes) once the importance recorded since the last "
                          "reflection reaches reflect.threshold.")] = False,
    force_reflect: Annotated[bool, typer.Option("--force-reflect", help="With --reflect: ignore the threshold.")] = False,
    now: NowOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Merge near-duplicate memories (vector similarity plus keyword overlap) into one
    record with links to the originals; repeated facts gain importance, recurring
    episodes become a semantic fact.

    Example: memcli consolidate --scope user:alice --dry-run
    """
    from . import consolidate as cons
    from .render import emit_json

    scope = validate_scope(scope)
    refl = None
    with open_store(check_embedder=not reflect) as store:
        report = cons.consolidate(store, scope, _now_opt(now), dry_run=dry_run)
        if reflect:
            from .reflect import reflect as run_reflect

            refl = run_reflect(store, scope, _now_opt(now), dry_run=dry_run, force=force_reflect)
    if as_json:
        out = report.to_dict()
        if refl is not None:
            out["reflection"] = refl.to_dict()
        emit_json(out)
        return
    for c in report.clusters:
        typer.echo(f"{c.merged_id or '(new)'} [{c.kind}] {c.keep.text}  ← {', '.join(m.id for m in c.members)}")
    verb = "would merge" if dry_run else "merged"
    typer.echo(f"{scope}: {verb} {sum(len(c.members) for c in report.clusters)} memories in "
               f"{len(report.clusters)} clusters; active {report.before} → {report.after}", err=True)
    if refl is not None:
        for r in refl.written:
            typer.echo(f"{r.id or '(new)'} [reflected] {r.text}  ← {', '.join(m.id for m in r.sources)}")
        if refl.ran:
            verb = "would write" if dry_run else "wrote"
            msg = f"{verb} {len(refl.written)} reflection(s)"
        else:
            msg = (f"no reflection: importance since the last one {refl.pending_importance:.2f} "
                   f"< reflect.threshold {refl.threshold:g}")
        if refl.retired:
            msg += f"; retired {len(refl.retired)} out-of-date reflection(s)"
        typer.echo(f"{scope}: {msg}", err=True)


@app.command()
@handle_errors
def maintain(
    scope: ScopeOpt = None,
    all_scopes: Annotated[bool, typer.Option("--all-scopes", help="Every scope in the database.")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", "-n", help="Report what would change.")] = False,
    now: NowOpt = None,
    as_json: JsonOpt = False,
    hold: Annotated[float, typer.Option("--hold-lock", hidden=True, help="Testing: keep the lock this many seconds.")] = 0.0,
) -> None:
    """Consolidate, then apply the scope's forgetting policies (see `memcli config`).
    Idempotent and safe from cron: an overlapping run exits 0 without doing anything.

    Example crontab line: 17 3 * * * memcli --db ~/.local/share/memcli/memory.db maintain --all-scopes
    """
    from .lifecycle import maintain as run_maintenance
    from .render import emit_json

    if all_scopes == bool(scope):
        raise typer.BadParameter("give --scope S or --all-scopes", param_hint="--scope")
    with open_store(check_embedder=False) as store:
        scopes = store.scopes() if all_scopes else [validate_scope(scope)]
        result = run_maintenance(store, scopes, _now_opt(now), dry_run=dry_run, hold_s=hold)
    if as_json:
        emit_json(result.to_dict())
    else:
        typer.echo(result.summary())


# -- reindex -------------------------------------------------------------------------------
@app.command()
@handle_errors
def reindex() -> None:
    """Re-embed every memory with the current embedding model (after a model change)."""
    with open_store(check_embedder=False) as store:
        n = store.reindex()
    typer.echo(f"Re-embedded {n} memories.")


def main() -> None:
    app()
