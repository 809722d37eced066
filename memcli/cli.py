"""The command line: parses arguments, calls the library, formats output. No SQL here,
and no domain logic: each command is arguments -> one library call -> output."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from typer.core import TyperGroup

from .errors import InputError, MemcliError, ScopeError
from .options import (
    LOG_TERMINAL_LIMIT,
    MAX_LIMIT,
    PLAIN,
    DbOpt,
    JsonOpt,
    LimitOpt,
    LlmModelOpt,
    LlmUrlOpt,
    ModelOpt,
    NowOpt,
    OffsetOpt,
    ScopeOpt,
    VersionOpt,
    cut_page,
    finite,
    on_terminal,
    output_options,
    page_size,
)
from .render import Output
from .scope import validate_scope

if TYPE_CHECKING:
    from .api import MemoryStore
    from .llm import LLM
    from .recall import RecallConfig

try:  # typer vendors Click from 0.2x on; older releases use the click package
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover
    from click import exceptions as click_errors  # type: ignore[no-redef]

F = TypeVar("F", bound=Callable[..., Any])
_HELP_ERRORS: tuple[type[Exception], ...] = tuple(
    e for e in [getattr(click_errors, "NoArgsIsHelpError", None)] if e is not None)

class ShortUsageError(click_errors.UsageError):
    """A usage error as two lines, the command's usage and what was wrong (Click's
    own adds a "Try --help" line and a blank one)."""

    def __init__(self, exc: click_errors.UsageError) -> None:
        super().__init__(exc.format_message(), exc.ctx)

    def show(self, file: Any = None) -> None:
        usage = f"{self.ctx.get_usage()}\n" if self.ctx is not None else ""
        typer.echo(f"{usage}Error: {self.format_message()}", err=True)


class _Group(TyperGroup):
    """The app's group: every usage error, of the group or of a command, is short."""

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except _HELP_ERRORS:
            raise
        except click_errors.UsageError as exc:
            raise ShortUsageError(exc) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _HELP_ERRORS:
            raise
        except click_errors.UsageError as exc:
            raise ShortUsageError(exc) from None


app = typer.Typer(
    name="memcli",
    cls=_Group,
    help="Local long-term memory for LLM agents, in one SQLite file.\n\n"
    "Memories live in scopes (user:alice, agent:support, session:42, org:acme). "
    "Facts are extracted from transcripts, reconciled against what is already stored "
    "(ADD / UPDATE / DELETE / NOOP) and never overwritten: a change retires the old record.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion, --show-completion
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class State:
    db: Path | None = None
    model: str | None = None
    llm_url: str | None = None
    llm_model: str | None = None


state = State()


@app.callback()
def _main(db: DbOpt = None, model: ModelOpt = None, version: VersionOpt = False,
          llm_url: LlmUrlOpt = None, llm_model: LlmModelOpt = None) -> None:
    if model and llm_url:
        raise typer.BadParameter("give --model (a GGUF file) or --llm-url (a model server), not both",
                                 param_hint="--llm-url")
    state.db, state.model, state.llm_url, state.llm_model = db, model, llm_url, llm_model


def fail(message: str, code: int = 1) -> typer.Exit:
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(code)


def handle_errors(fn: F) -> F:
    """Domain errors become one line on stderr and exit 1 (usage errors stay exit 2)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except ScopeError as exc:  # --scope (or MEMCLI_SCOPE) is an argument: a usage error
            raise click_errors.UsageError(str(exc)) from None
        except MemcliError as exc:
            raise fail(str(exc), exc.exit_code) from None
        except BrokenPipeError:
            sys.stderr.close()
            raise typer.Exit(0) from None
        except Exception as exc:
            from .store.connection import sqlite_error

            err = sqlite_error(exc, state.db)
            if err is None:
                raise
            raise fail(str(err)) from None

    return wrapper  # type: ignore[return-value]


def open_store(check_embedder: bool = True, *, create: bool = False) -> MemoryStore:
    """The database of --db; only the commands that store what they are given
    (`create`: remember, ingest, import, config set) make a new file."""
    from .api import MemoryStore

    return MemoryStore(state.db, check_embedder=check_embedder, create=create)


def get_llm() -> LLM:
    from .llm import LlamaCppLLM, OpenAIChatLLM

    return OpenAIChatLLM(state.llm_url, state.llm_model) if state.llm_url else LlamaCppLLM(state.model)


def _now_opt(now: str | None) -> datetime:
    from .timeutil import parse_dt, utcnow

    return (parse_dt(now, "--now") if now else None) or utcnow()


def _echo_lines(lines: Iterable[tuple[str, bool]]) -> None:
    """Print a report: records on stdout, summaries on stderr."""
    for line, err in lines:
        typer.echo(line, err=err)


def _read_file(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory") from None


# -- remember ----------------------------------------------------------------------
@app.command()
@handle_errors
def remember(
    text: Annotated[str, typer.Argument(help="The fact, as a sentence ('-' reads stdin).")],
    scope: ScopeOpt = None,
    importance: Annotated[int, typer.Option("--importance", "-i", min=1, max=10, help="1-10.")] = 8,
    pin: Annotated[bool, typer.Option("--pin", help="Never decays or gets archived by a policy.")] = False,
    kind: Annotated[str, typer.Option("--kind", help="semantic, episodic, procedural or profile.")] = "semantic",
    key: Annotated[str | None, typer.Option("--key", help="Profile slot, e.g. home_city (one value per scope).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Store one fact explicitly, reconciled against what the scope already holds.

    Example: memcli remember "User is allergic to peanuts" --scope user:alice --pin
    """
    from .models import MEMORY_KINDS
    from .render import emit_json

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
    with open_store(create=True) as store:
        out = store.remember(scope, text, kind=kind, importance=importance / 10, key=key, pinned=pin)
        m = out.memory or out.target
        result = {"op": out.op, "id": m.id if m else None, "text": m.text if m else text,
                  "replaces": out.memory.replaces if out.memory else None, "reason": out.decision.reason}
        if as_json:
            emit_json(result)
        else:
            typer.echo(f"{out.op} {result['id']}: {result['text']}" + (f" (replaces {result['replaces']})" if result["replaces"] else ""))


# -- ingest ------------------------------------------------------------------------
class Strategy(StrEnum):
    rules = "rules"
    model = "model"
    both = "both"


class InputFormat(StrEnum):
    auto = "auto"
    jsonl = "jsonl"
    json = "json"
    text = "text"
    chatgpt = "chatgpt"
    claude = "claude"


@app.command()
@handle_errors
def ingest(
    files: Annotated[list[Path] | None, typer.Argument(metavar="[FILE]...", help="Transcripts; '-' or none reads stdin.", allow_dash=True)] = None,
    scope: ScopeOpt = None,
    fmt: Annotated[InputFormat, typer.Option("--format", help="Input format (auto-detected by default).")] = InputFormat.auto,
    raw: Annotated[bool, typer.Option("--raw", help="Store each user message verbatim as an episodic memory, no extraction.")] = False,
    now: Annotated[str | None, typer.Option("--now", help="Timestamp for messages that carry none (default: the clock).")] = None,
    strategy: Annotated[Strategy | None, typer.Option(
        "--strategy", envvar="MEMCLI_STRATEGY",
        help="rules: deterministic extraction and reconciliation (default with the bundled model); "
             "both: rules, and the model decides the unclear cases (default with --model or --llm-url); "
             "model: the model extracts and decides.")] = None,
    as_json: JsonOpt = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Turn transcripts into memories: extract facts from what the user said,
    reconcile each against the scope (ADD / UPDATE / DELETE / NOOP), log every decision.

    Messages are JSONL ({"role", "content", "ts"}), a JSON array, 'role: content' text or a
    ChatGPT or Claude export (conversations.json). Re-running the same file changes nothing. Example:

        memcli ingest chat-2026-03.jsonl --scope user:alice
    """
    from rich.progress import Progress

    from .ingest import IngestStats, parse_messages
    from .ingest import ingest as run_ingest
    from .render import emit_json, ingest_summary
    from .strategy import default_strategy
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
    chosen = strategy.value if strategy is not None else default_strategy(state.model or state.llm_url)
    llm = get_llm() if chosen != "rules" else None
    total = IngestStats()
    n_msgs = sum(len(m) for _, m in parsed)
    with open_store(create=True) as store:
        show_bar = not quiet and n_msgs >= 20 and sys.stderr.isatty()
        with Progress(transient=True, disable=not show_bar) as progress:
            task = progress.add_task("ingesting", total=n_msgs)
            for name, msgs in parsed:
                st = run_ingest(store, scope, msgs, source=name, raw=raw, llm=llm, strategy=chosen,
                                now=now_iso, on_message=lambda: progress.advance(task))
                total.merge(st)
    summary = total.to_dict()
    if as_json:
        emit_json(summary)
    else:
        typer.echo(ingest_summary(summary), err=True)


# -- recall ------------------------------------------------------------------------
class OutputFormat(StrEnum):
    table = "table"
    json = "json"
    nl = "nl"
    prompt = "prompt"


@app.command()
@handle_errors
@output_options
def recall(
    query: Annotated[str | None, typer.Argument(help="What to look for, in plain words.")] = None,
    scope: ScopeOpt = None,
    k: Annotated[int, typer.Option("-k", "--limit", min=1, max=MAX_LIMIT, help="Return at most N memories.")] = 10,
    output: Output = PLAIN,
    fmt: Annotated[OutputFormat | None, typer.Option("--format", "-f", help="table, json, nl or prompt.")] = None,
    explain: Annotated[bool, typer.Option("--explain", help="Show each hit's score breakdown.")] = False,
    as_of: Annotated[str | None, typer.Option("--as-of", help="What was valid at this time (ISO 8601).")] = None,
    include_inactive: Annotated[bool, typer.Option("--include-inactive", help="Also retired records, marked.")] = False,
    kind: Annotated[str | None, typer.Option("--kind", help="Only this kind.")] = None,
    key: Annotated[str | None, typer.Option("--key", help="Only this profile key.")] = None,
    since: Annotated[str | None, typer.Option("--since", help="Only memories valid from this time on.")] = None,
    until: Annotated[str | None, typer.Option("--until", help="Only memories valid from before this time.")] = None,
    min_score: Annotated[float | None, typer.Option("--min-score", callback=finite, help="Drop hits scoring below this.")] = None,
    max_tokens: Annotated[int, typer.Option("--max-tokens", min=20, help="Budget of --format prompt.")] = 400,
    envelope: Annotated[bool, typer.Option(
        "--envelope", help="With --json: one object {query, abstain, confidence, hits} instead of a list.")] = False,
    no_touch: Annotated[bool, typer.Option("--no-touch", help="Read only: do not count this as a rehearsal.")] = False,
    raw_query: Annotated[bool, typer.Option("--raw-query", help="Pass the query to FTS5 as MATCH syntax.")] = False,
    profile: Annotated[bool, typer.Option("--profile", help="The keyed profile facts, by key (no query needed).")] = False,
    weights: Annotated[str | None, typer.Option("--weights", envvar="MEMCLI_RECALL_WEIGHTS", metavar="REL,REC,IMP",
                                                   help="Blend weights of relevance, recency and importance (default 0.85,0.05,0.10).")] = None,
    half_life: Annotated[float | None, typer.Option("--half-life", min=0.0, callback=finite, envvar="MEMCLI_RECALL_HALF_LIFE_DAYS",
                                                       help="Recency half-life in days since last access (default 30; 0 turns recency off).")] = None,
) -> None:
    """Find the memories that matter for a query, best first.

    Each hit's score blends relevance (keyword + meaning, names, dates), recency and
    importance; --explain shows the parts. --json adds the query's `confidence` and
    `abstain`: true when nothing relevant seems to be stored, so an agent can say it
    does not know instead of stretching a neighbouring memory into an answer.

    Example: memcli recall "where does the user live" --scope user:alice --explain
    """
    from .models import MEMORY_KINDS
    from .recall import profile as read_profile
    from .recall import recall as do_recall
    from .render import emit_json, emit_nl, envelope_dict, hit_dicts, hits_table, hits_text, memory_dict, prompt_block
    from .timeutil import iso_or_none

    scope = validate_scope(scope)
    fmt = fmt or (OutputFormat(output.format) if output.format else None)
    if envelope and fmt != OutputFormat.json:
        raise typer.BadParameter("--envelope shapes the --json output: add --json", param_hint="--envelope")
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
        if kind and kind not in MEMORY_KINDS:
            raise typer.BadParameter("use episodic, semantic, procedural or profile", param_hint="--kind")
        res = do_recall(store, scope, query, k=k, as_of=as_of_iso, include_inactive=include_inactive,
                        kind=kind, key=key, since=iso_or_none(since, "--since"),
                        until=iso_or_none(until, "--until"), min_score=min_score, raw_query=raw_query,
                        touch=not no_touch, config=config)
    if fmt == OutputFormat.json and envelope:
        emit_json(envelope_dict(query, res.hits, abstain=res.abstain, confidence=res.confidence))
    elif fmt == OutputFormat.json:
        emit_json(hit_dicts(res.hits, abstain=res.abstain, confidence=res.confidence))
    elif fmt == OutputFormat.nl:
        emit_nl(hit_dicts(res.hits, abstain=res.abstain, confidence=res.confidence))
    elif fmt == OutputFormat.prompt:
        sys.stdout.write(prompt_block(res.hits, max_tokens, abstain=res.abstain) + "\n")
    else:
        if sys.stdout.isatty():
            if res.hits:
                hits_table(res.hits, explain=explain)
        else:
            hits_text(res.hits, explain=explain)
        if res.abstain:
            typer.echo("Nothing stored looks relevant to this query.", err=True)


def _recall_config(weights: str | None, half_life: float | None) -> RecallConfig:
    from .recall import RecallConfig

    cfg = RecallConfig.from_env(half_life_days=half_life)
    try:
        return cfg.with_weights(weights)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--weights") from None


@app.command()
@handle_errors
@output_options
def show(
    memory_id: Annotated[str | None, typer.Argument(metavar="[ID]", help="One record, with provenance and versions.")] = None,
    scope: ScopeOpt = None,
    show_all: Annotated[bool, typer.Option("--all", "-a", help="Include retired records, with when and why.")] = False,
    history: Annotated[bool, typer.Option("--history", help="With ID: every version and the decisions behind it.")] = False,
    episodes: Annotated[bool, typer.Option(
        "--episodes", help="Also what the user said, turn by turn (the episodes beside the facts).")] = False,
    limit: LimitOpt = None,
    offset: OffsetOpt = 0,
    output: Output = PLAIN,
) -> None:
    """What memcli remembers: active memories grouped by kind, or one record.

    Examples: memcli show --scope user:alice --all ; memcli show --scope user:alice --episodes ;
    memcli show k3x9qa --scope user:alice
    """
    from .history import history as read_history
    from .render import history_dict, history_lines, memories_by_kind, memory_dict

    scope = validate_scope(scope)  # one record too is read in one scope only
    with open_store(check_embedder=False) as store:
        if memory_id:
            h = read_history(store, memory_id, scope, sources=history)
            if output.format:
                output.record(history_dict(h))
            else:
                for line in history_lines(h, full=history):
                    typer.echo(line)
            return
        page = page_size(limit, on_terminal())
        mems = store.list_memories(scope, include_inactive=show_all, limit=page and page + 1, offset=offset,
                                   episodes=episodes)
        mems = cut_page(mems, page, offset, lambda: store.count(scope, include_inactive=show_all, episodes=episodes),
                    "memories")

    def table() -> None:
        if not mems:
            typer.echo(f"No memories in {scope}.", err=True)
        else:
            memories_by_kind(mems, scope, show_retired=show_all)

    output.records([memory_dict(m) for m in mems], table)


@app.command("log")
@handle_errors
@output_options
def log_cmd(
    scope: ScopeOpt = None,
    memory_id: Annotated[str | None, typer.Option("--id", help="Only decisions about this record.")] = None,
    limit: Annotated[int | None, typer.Option(
        "--limit", "-n", min=0, max=MAX_LIMIT,
        help=f"The last N decisions (0: all; default {LOG_TERMINAL_LIMIT} on a terminal, all in a pipe).")] = None,
    output: Output = PLAIN,
) -> None:
    """The decision log: what was proposed, what was shown, what was done and why.

    Example: memcli log --scope user:alice -n 20
    """
    from .render import decisions_table

    scope = validate_scope(scope)
    with open_store(check_embedder=False) as store:
        page = page_size(limit, on_terminal(), LOG_TERMINAL_LIMIT)
        ds = store.decisions(scope, memory_id=memory_id, limit=page and page + 1)
    if page is not None and len(ds) > page:
        ds = ds[-page:]  # oldest first: the oldest one read goes
        typer.echo(f"Showing the last {page} decisions: --limit N for more, --limit 0 for all.", err=True)
    output.records([d.to_dict() for d in ds], lambda: decisions_table(ds))


# -- export / import -------------------------------------------------------------------
class ExportFormat(StrEnum):
    jsonl = "jsonl"
    json = "json"
    md = "md"


@app.command()
@handle_errors
def export(
    scope: ScopeOpt = None,
    fmt: Annotated[ExportFormat, typer.Option("--format", "-f", help="jsonl, json or md.")] = ExportFormat.jsonl,
    include_inactive: Annotated[bool, typer.Option("--include-inactive", help="Also retired records.")] = False,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to FILE instead of stdout.")] = None,
    limit: LimitOpt = None,
    offset: OffsetOpt = 0,
) -> None:
    """Every field of every memory in a scope, for backups and other tools.

    Example: memcli export --scope user:alice --format jsonl --include-inactive -o alice.jsonl
    """
    from .export import serialise, write_file

    scope = validate_scope(scope)
    with open_store(check_embedder=False) as store:
        page = page_size(limit, output is None and on_terminal())
        mems = store.list_memories(scope, include_inactive=include_inactive, limit=page and page + 1, offset=offset)
        mems = cut_page(mems, page, offset, lambda: store.count(scope, include_inactive=include_inactive), "memories")
    text = serialise(mems, scope, fmt.value)
    if output:
        write_file(output, text)
        typer.echo(f"Wrote {len(mems)} memories to {output}", err=True)
    else:
        sys.stdout.write(text)


@app.command("import")
@handle_errors
def import_cmd(
    file: Annotated[Path, typer.Argument(help="A jsonl or json export ('-' reads stdin).", allow_dash=True)],
    scope: Annotated[str | None, typer.Option("--scope", "-s", help="Put every record in this scope instead of its own.")] = None,
) -> None:
    """Load records from `memcli export` output (ids, versions and times kept).

    Example: memcli export --scope user:alice -f jsonl --include-inactive | memcli import - --scope user:bob
    """
    from .portability import import_records, read_export

    into = validate_scope(scope) if scope else None
    data = sys.stdin.buffer.read() if str(file) == "-" else _read_file(file)
    records = read_export(data, str(file), own_scope=into is None)
    with open_store(create=True) as store:
        n_new, n_skip = import_records(store, records, scope=into)
    typer.echo(f"Imported {n_new} memories ({n_skip} already present).", err=True)


# -- forget / restore --------------------------------------------------------------------
class PolicyName(StrEnum):
    decay = "decay"
    ttl = "ttl"
    lru = "lru"


@app.command()
@handle_errors
def forget(
    ids: Annotated[list[str] | None, typer.Argument(metavar="[ID]...", help="Records to forget.")] = None,
    scope: ScopeOpt = None,
    policy: Annotated[list[PolicyName] | None, typer.Option("--policy", "-p", help="Archive by policy: decay, ttl or lru (repeatable).")] = None,
    max_memories: Annotated[int | None, typer.Option("--max-memories", min=0, help="LRU cap on active memories in the scope.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", "-n", help="List what would be archived or purged; change nothing.")] = False,
    now: NowOpt = None,
    purge: Annotated[bool, typer.Option("--purge", help="Hard delete: every version, FTS rows, vectors, log text, source turns and turns restating it.")] = False,
    match: Annotated[str | None, typer.Option("--match", help="With --purge: every record and raw message containing TEXT.")] = None,
    source: Annotated[str | None, typer.Option("--source", help="With --purge: everything ingested from FILE (the name given to ingest).")] = None,
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
    from . import forget as forgetting
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
        done = forgetting.archive(store, scope, ids, dry_run=dry_run)
    if as_json:
        emit_json({"archived": done, "dry_run": dry_run})
    else:
        verb = "Would archive" if dry_run else "Archived"
        typer.echo(f"{verb} {len(done)} memor{'y' if len(done) == 1 else 'ies'}" + (f": {', '.join(done)}" if done else ""))


def _forget_by_policy(scope: str, policies: list[str], max_memories: int | None, dry_run: bool,
                      now: str | None, as_json: bool) -> None:
    from . import lifecycle
    from .render import emit_json, plan_lines

    when = _now_opt(now)
    with open_store(check_embedder=False) as store:
        plan = lifecycle.plan(store, scope, when, policies=policies or None, max_memories=max_memories)
        n = 0 if dry_run else lifecycle.apply(store, plan)
    if as_json:
        emit_json(plan.to_dict() | {"dry_run": dry_run, "archived": n})
        return
    _echo_lines(plan_lines(plan, scope, dry_run=dry_run))


def _purge(scope: str, ids: list[str], match: str | None, source: str | None, purge_all: bool,
           dry_run: bool, as_json: bool) -> None:
    from . import forget as forgetting
    from .render import emit_json, purge_preview_lines

    if sum(bool(x) for x in (ids, match, source, purge_all)) != 1:
        raise typer.BadParameter("give exactly one of: ids, --match TEXT, --source FILE, --all", param_hint="--purge")
    with open_store(check_embedder=False) as store:
        if dry_run:
            records, n_turns = forgetting.purge_preview(store, scope, ids=ids, match=match, source=source,
                                                        whole_scope=purge_all)
            if as_json:
                emit_json({"scope": scope, "dry_run": True, "records": [r.to_dict() for r in records],
                           "turns": n_turns})
                return
            _echo_lines(purge_preview_lines(records, n_turns, scope))
            return
        purged, receipt = forgetting.purge(store, scope, ids=ids, match=match, source=source, whole_scope=purge_all)
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
    name: Annotated[str | None, typer.Argument(help="Setting name, e.g. ttl.episodic_days.")] = None,
    value: Annotated[str | None, typer.Argument(help="New value ('none' turns a ttl or cap off).")] = None,
    scope: ScopeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Per-scope lifecycle policy, stored in the database so cron lines need no flags.

    Examples: memcli config --scope user:alice ; memcli config set ttl.episodic_days 30 --scope user:alice
    """
    from .render import emit_json
    from .settings import SETTINGS, check_setting, parse_setting, settings_for

    scope = validate_scope(scope)
    if action not in ("list", "get", "set", "unset"):
        raise typer.BadParameter("use list, get, set or unset", param_hint="ACTION")
    if action != "list" and not name:
        raise typer.BadParameter(f"{action} needs a setting NAME", param_hint="NAME")
    if action == "set" and value is None:
        raise typer.BadParameter("set needs a VALUE", param_hint="VALUE")
    with open_store(check_embedder=False, create=action == "set") as store:
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
    from .render import consolidate_lines, emit_json

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
    _echo_lines(consolidate_lines(report, refl, scope, dry_run=dry_run))


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
    from .maintain import maintain as run_maintenance
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


# -- mcp -----------------------------------------------------------------------------------
@app.command()
@handle_errors
def mcp(scope: ScopeOpt = None) -> None:
    """Serve the memory to an agent over the Model Context Protocol (stdio): tools remember,
    recall, forget, show and ingest, the store and models kept warm; --scope is the default scope.
    Example host config: {"command": "memcli", "args": ["mcp", "--scope", "user:alice"]}"""
    from .mcp_server import serve

    serve(state.db, validate_scope(scope) if scope else None, llm=get_llm() if state.model or state.llm_url else None)


def main() -> None:
    app()
