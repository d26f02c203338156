"""What ``hard`` reads of its opponents at a Cambio table (issue #24): for each opponent a
posterior over a population of styles, from what the seat's view shows that opponent has
done this round, and the rollout style each of them plays in the search's imagination.

A view carries no history, but it shows the traces of one: whether and about when an
opponent called (the caller and the turns played), and its hand's size (a card snapped
away shrinks it, a wrong snap's penalty card grows it). Each style's likelihood of those
traces comes from fitted rates (``HAZARD``, ``SHRINK``, ``GROW``: the styles of
``opponents.py`` played against medium, seen from medium's views; docs/bots/cambio.md,
"How hard adapts"). Only the view is read, so what hard believes never depends on a card
it has not seen."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from cardtable.core import population
from cardtable.games.cambio.bots.knowledge import HAND, _turns


@dataclass(frozen=True, slots=True)
class RolloutStyle:
    """How an imagined opponent calls and snaps in a rollout (the rest is medium's)."""

    name: str
    call_chance: float = 0.7  # medium's call: the chance of being lowest…
    call_max: float = 7.0  # … with an expected total at most this
    first_call: float = 0.0  # no call before this many turns
    last_call: float = math.inf  # no call after this many turns (a memory that fades)
    snap_all: bool = False  # snaps every known match, whatever it costs
    sees_all: bool = False  # reads every card of the sample, its own and the others'


# The population: the gauntlet's styles as the search plays them. greedy calls at a low
# total only while it still remembers its cards; swap_blind's wrong snaps are left out
# (they only cost it), so it is imagined as medium. seer stands for a player who reads
# more than it may (the gauntlet's seer and cheater): in a rollout it knows every card of
# the sample, snaps every match it sees, ours included, and calls at a total of 5 or less.
STYLES: tuple[RolloutStyle, ...] = (
    RolloutStyle("medium"),
    RolloutStyle("greedy", call_chance=-1.0, call_max=5.0, last_call=4.0),
    RolloutStyle("snapper", snap_all=True),
    RolloutStyle("cautious", call_chance=0.85, call_max=5.0, first_call=8.0),
    RolloutStyle("swap_blind"),
    RolloutStyle("seer", call_chance=-1.0, call_max=5.0, snap_all=True, sees_all=True),
)
NAMES = tuple(style.name for style in STYLES)
MEDIUM_INDEX = 0
# 0.15 on seer, the others' weights as they were, scaled to the rest.
SEER_PRIOR = 0.15
PRIOR = (*(p * (1 - SEER_PRIOR) for p in (0.4, 0.15, 0.15, 0.15, 0.15)), SEER_PRIOR)

# Per style, the chance of calling at a turn not called before (by the turns each seat
# has played, as a view estimates them; the last value holds for later turns), and the
# hand's shrinks (snaps) and growths (penalties) per turn: measured over 600 games of each
# style against medium (2 players, snap=own_turn, lock_caller; /docs/bots/cambio.md; the
# seer's by bench/fit_cambio_styles.py, 600 games).
HAZARD: dict[str, tuple[float, ...]] = {
    "medium": (0.0, 0.002, 0.013, 0.035, 0.047, 0.131, 0.126, 0.149, 0.181, 0.22),
    "greedy": (0.0, 0.0, 0.002, 0.005, 0.0),
    "snapper": (0.0, 0.002, 0.013, 0.035, 0.047, 0.129, 0.121, 0.145, 0.196, 0.214),
    "cautious": (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.217, 0.212),
    "swap_blind": (0.0, 0.004, 0.018, 0.054, 0.066, 0.139, 0.14, 0.192, 0.213, 0.18),
    "seer": (0.008, 0.008, 0.019, 0.052, 0.07, 0.111, 0.111, 0.087, 0.129, 0.213),
}
SHRINK = {
    "medium": 0.106,
    "greedy": 0.032,
    "snapper": 0.109,
    "cautious": 0.103,
    "swap_blind": 0.086,
    "seer": 0.166,
}
GROW = {
    "medium": 0.002,
    "greedy": 0.002,
    "snapper": 0.002,
    "cautious": 0.002,
    "swap_blind": 0.88,
    "seer": 0.002,
}
# No style is certain never to do a thing: a rate never measured still has this chance.
FLOOR = 0.003


def hazard(style: str, turn: int) -> float:
    rates = HAZARD[style]
    return max(rates[min(turn, len(rates) - 1)], FLOOR)


def poisson(count: int, mean: float) -> float:
    mean = max(mean, FLOOR)
    return math.exp(count * math.log(mean) - mean - math.lgamma(count + 1))


def likelihood(style: str, turns: float, called: bool, size: int) -> float:
    """The chance that an opponent of ``style`` shows what the view shows: no call in its
    turns so far (or a call at the last of them) and a hand of ``size`` cards."""
    played = int(turns)
    out = population.calls_so_far(partial(hazard, style), played, called, FLOOR)
    change = size - HAND
    out *= poisson(max(change, 0), GROW[style] * turns)
    out *= poisson(max(-change, 0), SHRINK[style] * turns)
    return out


def posterior(view: Mapping[str, Any], owner: int) -> list[float]:
    """The weights of ``STYLES`` for the player in seat ``owner``, from ``view``."""
    players = int(view["players"])
    turns = _turns(players, int(view["deck"]), len(view["discard"]))
    called = view["caller"] == owner
    size = sum(card is not None for card in view["hands"][owner])
    weights = [
        prior * likelihood(style.name, turns, called, size)
        for prior, style in zip(PRIOR, STYLES, strict=True)
    ]
    return population.normalized(weights, PRIOR)


# The population hard imagines, read from a view by ``posterior``: ``read_table(view)``
# gives each opponent's weights, ``likeliest(view, seat)`` the style's name and
# ``draw_styles(beliefs, seat, players, rng)`` one style per seat for a sample.
POPULATION = population.Population(NAMES, STYLES, MEDIUM_INDEX, posterior)
read_table = POPULATION.read_table
likeliest = POPULATION.likeliest
draw_styles = POPULATION.draw_styles
