"""``cardtable play``: one person against bots in the terminal. The person sees only their
seat's view; the bots see only theirs."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.panel import Panel

from cardtable import IllegalAction, bots
from cardtable.core import Event, Game, State

WAIT = "w"


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
        for number, action in enumerate(legal, 1):
            self.console.print(f"  [bold cyan]{number:>3}[/]  {self.game.describe_action(action)}")
        if others_may_act:
            self.console.print(f"  [bold cyan]{WAIT:>3}[/]  wait and let the others move")
        self.console.print("  [dim]  q  quit[/]")
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
            chosen = self.pick(answer, legal)
            if chosen is not None:
                self.apply(self.seat, chosen, "You")
                return True

    def pick(self, answer: str, legal: list[Any]) -> Any | None:
        if not answer.isdigit() or not 1 <= int(answer) <= len(legal):
            self.console.print(
                f"[red]{answer!r} is not one of the choices: type a number from 1 to "
                f"{len(legal)}, or q to quit.[/]"
            )
            return None
        return legal[int(answer) - 1]

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
        self.log.extend(self.describe(e) for e in events)

    def describe(self, event: Event) -> str:
        return self.game.describe_event(event.for_seat(self.seat))

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
