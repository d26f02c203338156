"""The benches' reports: figures measured by ``cardtable.bench`` (the engine),
``cardtable.rl.bench`` (the research environment) and ``botbench`` (the search bots),
printed as a table or as JSON."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import typer
from rich.console import Console
from rich.table import Table


class Figures(Protocol):
    def to_json(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=Figures)


def print_figures(
    results: Sequence[R],
    as_json: bool,
    title: str,
    columns: Sequence[str],
    cells: Callable[[R], Sequence[str]],
    caption: str | None = None,
) -> None:
    """A bench's report: its results as JSON (one object each), or a table of ``columns``
    with one row of ``cells`` per result."""
    if as_json:
        typer.echo(json.dumps([r.to_json() for r in results]))
        return
    table = Table(title=title, caption=caption)
    for column in columns:
        table.add_column(column, justify="right")
    for r in results:
        table.add_row(*cells(r))
    Console().print(table)


def print_rl_bench(names: list[str], seconds: float, as_json: bool) -> None:
    """``cardtable bench --rl``: the table (or JSON) of both figures per game."""
    from cardtable.rl.bench import bench_rl  # needs the rl extra

    results = [bench_rl(name, seconds) for name in names]
    low = min(r.load[0] for r in results)
    high = max(r.load[1] for r in results)
    print_figures(
        results,
        as_json,
        "PettingZoo AEC environment against the raw engine (random play)",
        ("game", "engine decisions/CPU-s", "AEC steps/CPU-s", "overhead", "no obs.", "wall"),
        lambda r: (
            r.game if r.compiled else f"{r.game} (pure Python)",
            f"{r.engine.decisions_per_cpu_second:,.0f}",
            f"{r.steps_per_cpu_second:,.0f}",
            f"{r.overhead:.2f}x",
            f"{r.overhead_without_observation:.2f}x",
            f"{r.engine.decisions_per_second:,.0f} / {r.steps_per_second:,.0f}",
        ),
        caption=f"load average {low:.1f} to {high:.1f}; overhead = engine rate / AEC rate, "
        "in CPU time; no obs. = the same loop asking for no observation; (pure Python) = "
        "the encoder's compiled accelerator was not built here",
    )
