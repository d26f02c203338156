"""A clock the test controls, for the searches' time caps: whether a cap stops a search
must not depend on how busy the machine is (a loaded CI machine made a wall-clock check
fail), and a search meant to run its whole budget must never be cut short by one."""

from __future__ import annotations

from cardtable.bots import Bot
from cardtable.bots.search import IsmctsBot


class StepClock:
    """Moves ``step`` seconds each time it is read (0: time stands still)."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.readings: list[float] = []

    def __call__(self) -> float:
        now = len(self.readings) * self.step
        self.readings.append(now)
        return now

    @property
    def ticks(self) -> int:
        """Readings after the first: how many ``step``s the search let pass (counted work,
        not time: the machine's load cannot change it)."""
        return max(0, len(self.readings) - 1)


def frozen() -> StepClock:
    """A clock on which no time cap ever fires."""
    return StepClock(0.0)


def simulations(bot: Bot) -> int:
    """How many simulations a search bot's last move ran."""
    assert isinstance(bot, IsmctsBot), f"{bot.name} is not a search bot"
    return bot.last_iterations
