"""Command-line options several commands share, defined once: the scope, `--now`,
`--json`, and the record output flags that `output_options` adds to a command."""

from __future__ import annotations

import functools
import inspect
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from . import __version__
from .models import Memory
from .render import Output

F = TypeVar("F", bound=Callable[..., Any])

ScopeOpt = Annotated[str | None, typer.Option("--scope", "-s", envvar="MEMCLI_SCOPE",
                                                 help="Scope: user:NAME, agent:NAME, session:NAME or org:NAME.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print a JSON array.")]
NlOpt = Annotated[bool, typer.Option("--nl", help="Print one JSON object per line.")]
NowOpt = Annotated[str | None, typer.Option("--now", help="Run as of this time (ISO 8601), for simulations.")]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"memcli {__version__}")
        raise typer.Exit()


# the app's own options (before the command)
DbOpt = Annotated[Path | None, typer.Option("--db", envvar="MEMCLI_DB",
                                            help="Database file (default: $XDG_DATA_HOME/memcli/memory.db).")]
ModelOpt = Annotated[str | None, typer.Option("--model", envvar="MEMCLI_MODEL",
                                              help="A GGUF model file to use instead of the bundled SmolLM2-135M.")]
VersionOpt = Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")]
LlmUrlOpt = Annotated[str | None, typer.Option(
    "--llm-url", envvar="MEMCLI_LLM_URL",
    help="An OpenAI-compatible model server to use instead of a GGUF file "
         "(Ollama, llama.cpp, LM Studio, vLLM), e.g. http://127.0.0.1:8080/v1.")]
LlmModelOpt = Annotated[str | None, typer.Option("--llm-model", envvar="MEMCLI_LLM_MODEL",
                                                 help="The model name to ask the --llm-url server for.")]
MAX_LIMIT = 1_000_000  # the most records a --limit asks for (SQLite takes no integer past 2**63)
PLAIN = Output()  # the default of a command's `output`, replaced by its --json and --nl flags


def output_options(fn: F) -> F:
    """The output flags of a command that prints records (`--json`, `--nl`; else a table
    on a terminal, tab-separated lines in a pipe), as sqlite-utils' `output_options`.
    The command declares a parameter `output: Output`; the flags take its place in the
    command line and reach the command as one `Output`."""
    sig = inspect.signature(fn, eval_str=True)
    params: list[inspect.Parameter] = []
    for p in sig.parameters.values():
        if p.name == "output":
            params += [inspect.Parameter("as_json", p.kind, default=False, annotation=JsonOpt),
                       inspect.Parameter("as_nl", p.kind, default=False, annotation=NlOpt)]
        else:
            params.append(p)

    @functools.wraps(fn)
    def wrapper(*args: Any, as_json: bool = False, as_nl: bool = False, **kwargs: Any) -> Any:
        return fn(*args, output=Output(json=as_json, nl=as_nl), **kwargs)

    wrapper.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params} | {"return": sig.return_annotation}
    return wrapper  # type: ignore[return-value]


def finite(value: float | None) -> float | None:
    """An option callback: NaN and infinity are not numbers a user means."""
    if value is not None and not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a finite number")
    return value


# -- show / log --------------------------------------------------------------------
# What a terminal gets without --limit (a pipe or -o FILE gets everything).
TERMINAL_LIMIT = 200
LOG_TERMINAL_LIMIT = 50
LimitOpt = Annotated[int | None, typer.Option(
    "--limit", min=0, help=f"At most N records (0: all; default {TERMINAL_LIMIT} on a terminal, all in a pipe or file).")]
OffsetOpt = Annotated[int, typer.Option("--offset", min=0, help="Skip the first N records (the next page).")]


def on_terminal() -> bool:
    return sys.stdout.isatty()


def page_size(limit: int | None, to_terminal: bool, default: int | None = None) -> int | None:
    """How many records to print: --limit N (0 for all), else `default` (TERMINAL_LIMIT)
    on a terminal and everything in a pipe or a file."""
    if limit is None:
        return (default or TERMINAL_LIMIT) if to_terminal else None
    return limit or None


def cut_page(items: list[Memory], page: int | None, offset: int, total: Callable[[], int], what: str) -> list[Memory]:
    """The page of `items` (read with one more than the page, to know it was cut),
    saying on stderr which part is shown and how to see the rest."""
    if page is None or len(items) <= page:
        return items
    typer.echo(f"Showing {what} {offset + 1}-{offset + page} of {total():,}: --offset {offset + page} for the "
               "next page, --limit 0 for all.", err=True)
    return items[:page]
