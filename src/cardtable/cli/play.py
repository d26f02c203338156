"""``cardtable play``: one person against bots in the terminal. The person sees only their
seat's view; the bots see only theirs."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.panel import Panel

from cardtable import IllegalAction, bots, games
from cardtable.cli import menu
from cardtable.core import Event, Game, State

WAIT, BACK, NEXT, PREVIOUS = "w", "b", "n", "p"


class TerminalGame:
    """The loop of a terminal game: show the view, read a choice, let bots move."""

    def __init__(
        self,
        game: Game[Any],
        state: State[Any],
        seat: int,
        bot_level: str,
        rng: random.Random,
        console: Console,
        ask: Callable[[str], str],
    ) -> None:
        self.game, self.state, self.seat, self.rng = game, state, seat, rng
        self.console, self.ask = console, ask
        self.bots = {s: bots.make(bot_level, game) for s in range(state.players) if s != seat}
        self.log: list[str] = []
        # every action in wire form, for ``play --save`` (a game a review can replay)
        self.actions: list[tuple[int, dict[str, Any]]] = []
        # A game whose long menus are chosen in steps (cli/menu.py) says so in its
        # package; the others page a flat list.
        self.paths: menu.Paths = games.package(game.name).menu_paths or menu.flat

    def run(self) -> bool:
        """Play to the end; False if the person quit (or input ended) first."""
        while not self.state.is_over():
            if self.seat in self.state.to_act:
                if not self.human_turn():
                    return False
            else:
                self.bot_turn()
        self.show_end()
        return True

    def human_turn(self) -> bool:
        view = self.state.view(self.seat)
        self.console.print(Panel(self.game.render_text(view), title=self.title(), expand=False))
        self.flush_log()
        legal = self.state.legal_actions(self.seat)
        others_may_act = len(self.state.to_act) > 1
        step, number = menu.build(legal, self.paths), 0
        lines = self.show_menu(step, number, others_may_act)
        while True:
            try:
                answer = self.ask("Your choice").strip().lower()
            except EOFError:
                self.console.print("\nInput ended: the game is left unfinished.")
                return False
            if answer in {"q", "quit", "exit"}:
                self.console.print("You left the table.")
                return False
            if answer == WAIT and others_may_act:
                self.bot_turn()
                return True
            moved = self.navigate(answer, step, number)
            if moved is not None:
                step, number = moved
                lines = self.show_menu(step, number, others_may_act)
                continue
            chosen = self.pick(answer, lines)
            if chosen is not None and chosen.step is not None:
                step, number = chosen.step, 0
                lines = self.show_menu(step, number, others_may_act)
            elif chosen is not None:
                self.apply(self.seat, chosen.action, "You")
                return True

    def show_menu(self, step: menu.Step, number: int, others_may_act: bool) -> list[menu.Choice]:
        """Print page ``number`` of the choices at ``step``; return them all. Numbers run on
        across pages, so any choice's number is taken on any page."""
        every = menu.choices(step, self.game.describe_action)
        start, shown, pages = menu.page(every, number)
        heading = step.heading()
        if heading:
            self.console.print(f"  [bold]{heading}[/]")
        for index, line in enumerate(shown, start + 1):
            self.console.print(f"  [bold cyan]{index:>3}[/]  {line.text}")
        if pages > 1:
            self.console.print(f"  [dim]page {number + 1} of {pages}:  n next  p previous[/]")
        if step.parent is not None:
            self.console.print(f"  [bold cyan]{BACK:>3}[/]  back")
        if others_may_act:
            self.console.print(f"  [bold cyan]{WAIT:>3}[/]  wait and let the others move")
        self.console.print("  [dim]  q  quit[/]")
        return every

    def navigate(self, answer: str, step: menu.Step, number: int) -> tuple[menu.Step, int] | None:
        """The step and page that ``answer`` moves to (back, next or previous page), or
        None when it is not a move within the menu."""
        if answer == BACK and step.parent is not None:
            return step.parent, 0
        if answer in (NEXT, PREVIOUS):
            every = menu.choices(step, self.game.describe_action)
            wanted = number + (1 if answer == NEXT else -1)
            if 0 <= wanted < menu.page(every, number)[2]:
                return step, wanted
        return None

    def pick(self, answer: str, lines: list[menu.Choice]) -> menu.Choice | None:
        if not answer.isdigit() or not 1 <= int(answer) <= len(lines):
            self.console.print(
                f"[red]{answer!r} is not one of the choices: type a number from 1 to "
                f"{len(lines)}, or q to quit.[/]"
            )
            return None
        return lines[int(answer) - 1]

    def bot_turn(self) -> None:
        seats = [s for s in self.state.to_act if s != self.seat]
        seat = seats[0] if len(seats) == 1 else self.rng.choice(seats)
        legal = self.state.legal_actions(seat)
        action = self.bots[seat].act(self.state.view(seat), legal, self.rng)
        self.apply(seat, action, f"Seat {seat}")

    def apply(self, seat: int, action: Any, who: str) -> None:
        try:
            events = self.state.apply(seat, action)
        except IllegalAction as error:  # cannot happen for listed actions; said, not hidden
            self.console.print(f"[red]{error}[/]")
            return
        self.actions.append((seat, self.game.action_to_json(action)))
        self.log.extend(self.describe(e) for e in events)

    def describe(self, event: Event) -> str:
        return self.game.describe_event(event.for_seat(self.seat), self.seat)

    def flush_log(self) -> None:
        for line in self.log:
            self.console.print(f"  [dim]·[/] {line}")
        self.log.clear()

    def title(self) -> str:
        return f"{self.game.title} — you are seat {self.seat}"

    def show_end(self) -> None:
        self.flush_log()
        view = self.state.view(self.seat)
        self.console.print(Panel(self.game.render_text(view), title="Game over", expand=False))
        outcome = self.state.outcome()
        for seat, score in enumerate(outcome.scores):
            who = "you" if seat == self.seat else f"seat {seat}"
            mark = "  [bold green]winner[/]" if seat in outcome.winners else ""
            self.console.print(f"  {who:>8}: {score:g}{mark}")
        won = self.seat in outcome.winners
        self.console.print("[bold green]You win![/]" if won else "You did not win this time.")
