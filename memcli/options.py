"""Command-line options several commands share, defined once: the scope, `--now`,
`--json`, and the record output flags that `output_options` adds to a command."""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from .render import Output

F = TypeVar("F", bound=Callable[..., Any])

ScopeOpt = Annotated[str | None, typer.Option("--scope", "-s", envvar="MEMCLI_SCOPE",
                                                 help="Scope: user:NAME, agent:NAME, session:NAME or org:NAME.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print a JSON array.")]
NlOpt = Annotated[bool, typer.Option("--nl", help="Print one JSON object per line.")]
NowOpt = Annotated[str | None, typer.Option("--now", help="Run as of this time (ISO 8601), for simulations.")]
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
