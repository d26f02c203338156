"""``cardtable review FILE --seat N`` and ``play --save FILE``: a saved game's review in the
terminal (docs/review.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from cardtable.core import Game
from cardtable.review import Budget, GameRecord, ReviewError, review_game
from cardtable.review.review import Review

DEFAULT = Budget()
Fail = Callable[[str], Exception]
COLOURS = {
    "best": "green",
    "good": "cyan",
    "inaccuracy": "yellow",
    "mistake": "magenta",
    "blunder": "bold red",
}

__all__ = ["DEFAULT", "Budget", "read_game", "run", "save_game", "show"]


def save_game(
    path: str,
    game: Game[Any],
    seed: int,
    seat: int,
    level: str,
    actions: list[tuple[int, dict[str, Any]]],
    console: Console,
) -> None:
    seats = [("you" if s == seat else f"bot:{level}") for s in range(game.players)]
    record = GameRecord(game.name, dict(game.options), seed, actions, seats=seats)
    Path(path).write_text(json.dumps(record.to_json(), indent=1))
    # Soft wrap: rich would break a long path across lines, and a path is for copying.
    console.print(
        f"Saved to {escape(path)} (review it: cardtable review {escape(path)} --seat {seat})",
        soft_wrap=True,
    )


def read_game(path: str, fail: Fail) -> GameRecord:
    try:
        data = json.loads(Path(path).read_text())
    except OSError as error:
        raise fail(f"Cannot read {path}: {error.strerror}") from None
    except ValueError:
        raise fail(f"{path} is not JSON (a game saved by cardtable play --save)") from None
    try:
        return GameRecord.from_json(data)
    except ReviewError as error:
        raise fail(f"{path}: {error}") from None


def run(
    record: GameRecord,
    seat: int,
    budget: Budget,
    seed: int,
    with_progress: Callable[[str, int, Any], Any],
    fail: Fail,
) -> dict[str, Any]:
    """The review, with a progress bar over its decisions."""

    def work(tick: Callable[[int], None] | None) -> dict[str, Any]:
        def progress(done: int, total: int) -> None:
            if tick is not None:
                tick(1)

        return review_game(record, seat, budget, seed, progress)

    try:
        total = len(Review(record, seat, seed, budget.hindsight).found)
        result: dict[str, Any] = with_progress("reviewing", total, work)
    except ReviewError as error:
        raise fail(str(error)) from None
    return result


def show(result: dict[str, Any], console: Console) -> None:
    unit = result["unit"]
    console.print(f"[bold]{result['game']}[/], seat {result['seat']}: values in {unit}")
    table = Table("step", "action taken", "mark", "value", "best action found", "loss")
    for entry in result["decisions"]:
        mark = entry.get("mark")
        if mark is None:
            table.add_row(
                str(entry["step"]), escape(entry["taken"]["text"]), "not judged", "", "", ""
            )
            continue
        colour = COLOURS[mark]
        best = entry["best"]
        table.add_row(
            str(entry["step"]),
            escape(entry["taken"]["text"]),
            f"[{colour}]{mark}[/]",
            f"{entry['value']:g} ±{entry['value_se']:g}",
            "" if mark == "best" else escape(best["text"]),
            f"{entry['loss']:g} ±{entry['loss_se']:g}",
        )
    console.print(table)
    show_hindsight(result, console)
    show_summary(result, console)


def show_hindsight(result: dict[str, Any], console: Console) -> None:
    differ = [
        e
        for e in result["decisions"]
        if e.get("hindsight") and e["hindsight"]["best"]["action"] != e["taken"]["action"]
    ]
    if differ:
        console.print("[dim]With hindsight (every card known; it changes no mark):[/]")
        for entry in differ[:5]:
            best = entry["hindsight"]["best"]
            console.print(f"[dim]  step {entry['step']}: {escape(best['text'])}[/]")


def show_summary(result: dict[str, Any], console: Console) -> None:
    summary = result["summary"]
    marks = ", ".join(f"{n} {name}" for name, n in summary["marks"].items() if n)
    accuracy = summary["accuracy"]
    console.print(
        f"Accuracy {accuracy:g}% over {summary['judged']} decisions ({marks})"
        if accuracy is not None
        else "No decision judged (the budget ran out)"
    )
    for worst in summary["costliest"]:
        console.print(f"  costly: step {worst['step']}, lost {worst['loss']:g} ({worst['mark']})")
    luck = summary["luck"]
    console.print(
        f"Decided by {luck['decided_by']}: luck moved the value by {luck['total']:g}, "
        f"choices cost {luck['choice_cost']:g}"
    )
    for moment in luck["moments"]:
        console.print(f"  luck after step {moment['step']}: {moment['swing']:+g}")
    console.print(f"{result['simulations']} simulations; {len(result['puzzles'])} puzzle(s)")
