"""What ``hard`` reads of its opponents at a Cabo table (issue #24): for each opponent a
posterior over a population of styles, from what the seat's view shows that opponent has
done this round, and the style each of them plays in the search's rollouts.

A view carries no move list, but it shows the traces of one: whether an opponent called
and about when (the caller and the cards drawn from the deck so far), and the cards of its
row everybody has seen (``public``: a card taken from the face-up discard goes in face
known to all, so a player who takes the discard at every turn shows a row of public
cards, and of any value, where the others take only low ones). Each style's likelihood
of those traces comes from fitted rates (``HAZARD``, ``PUBLIC``, ``PUBLIC_VALUE``: the
styles of ``opponents.py`` played against medium, seen from medium's views;
docs/bots/cabo.md, "How hard adapts"). Only the view is read, so what hard
believes never depends on a card it has not seen."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from cardtable.core import population

HAND = 4
DECK = 52


@dataclass(frozen=True, slots=True)
class RolloutStyle:
    """How an imagined opponent calls and takes in a rollout (the rest is medium's)."""

    name: str
    by_rule: bool = True  # calls by medium's rule (chance of the lowest sum against waiting)
    call_at: float = -math.inf  # … or as soon as its expected sum is at most this
    first_call: float = 0.0  # never before this many turns of its own
    take_always: bool = False  # takes the face-up discard at every turn it does not call


# The population: the gauntlet's styles as the rollouts play them. greedy's fading memory
# is left out (a rollout seat knows what its bits say); swap_blind's blindness only costs
# it, so it is imagined as medium.
STYLES: tuple[RolloutStyle, ...] = (
    RolloutStyle("medium"),
    RolloutStyle("greedy", by_rule=False, call_at=6.0),
    RolloutStyle("taker", take_always=True),
    RolloutStyle("cautious", first_call=6.0),
    RolloutStyle("swap_blind"),
)
NAMES = tuple(style.name for style in STYLES)
MEDIUM_INDEX = 0
PRIOR = (0.4, 0.15, 0.15, 0.15, 0.15)

# Per style, the chance of calling at a turn start not called before, by the turns each
# seat has played (cards drawn from the deck / seats, as a view counts them; the last
# value holds for later turns). Measured over 300 games of each style against a medium
# player that never calls, as patient as hard or more (2 players, default rules, turns
# with at least 60 decisions; docs/bots/cabo.md, "How hard adapts").
HAZARD: dict[str, tuple[float, ...]] = {
    "medium": (0.298, 0.374, 0.32, 0.289, 0.214, 0.212, 0.164, 0.183, 0.143, 0.133, 0.117, 0.065),
    "greedy": (0.0, 0.0, 0.003, 0.002, 0.001, 0.0, 0.001, 0.001, 0.002, 0.002, 0.003, 0.006),
    "taker": (0.296, 0.091, 0.034, 0.024, 0.028, 0.039, 0.045, 0.05, 0.046, 0.034, 0.033, 0.027),
    "cautious": (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.59, 0.228, 0.194, 0.159, 0.113, 0.09),
    "swap_blind": (
        0.347,
        0.394,
        0.312,
        0.291,
        0.219,
        0.217,
        0.168,
        0.172,
        0.211,
        0.12,
        0.111,
        0.027,
    ),
}
# Per style and turn (the last row holds for later turns), how often its row shows 0–4
# public cards at a turn of medium's, from the same games (a later turn with fewer than 60
# counts pooled into the last row; each count smoothed by half a game).
PUBLIC: dict[str, tuple[tuple[float, ...], ...]] = {
    "medium": (
        (0.974, 0.024, 0.0, 0.0, 0.0),
        (0.933, 0.062, 0.004, 0.001, 0.001),
        (0.867, 0.122, 0.01, 0.001, 0.001),
        (0.802, 0.176, 0.019, 0.001, 0.001),
        (0.807, 0.156, 0.031, 0.005, 0.002),
        (0.767, 0.177, 0.045, 0.01, 0.002),
        (0.686, 0.235, 0.074, 0.002, 0.002),
        (0.69, 0.234, 0.064, 0.009, 0.003),
        (0.517, 0.397, 0.08, 0.006, 0.0),
    ),
    "greedy": (
        (0.964, 0.036, 0.0, 0.0, 0.0),
        (0.934, 0.064, 0.002, 0.0, 0.0),
        (0.878, 0.114, 0.007, 0.0, 0.0),
        (0.814, 0.169, 0.015, 0.001, 0.0),
        (0.749, 0.217, 0.03, 0.003, 0.0),
        (0.675, 0.272, 0.045, 0.008, 0.001),
        (0.593, 0.316, 0.077, 0.013, 0.001),
        (0.525, 0.34, 0.11, 0.021, 0.004),
        (0.236, 0.321, 0.268, 0.139, 0.036),
    ),
    "taker": (
        (0.624, 0.375, 0.001, 0.0, 0.0),
        (0.0, 0.865, 0.13, 0.005, 0.0),
        (0.0, 0.635, 0.31, 0.052, 0.002),
        (0.0, 0.41, 0.403, 0.155, 0.032),
        (0.0, 0.226, 0.403, 0.297, 0.075),
        (0.0, 0.14, 0.357, 0.36, 0.143),
        (0.0, 0.091, 0.302, 0.431, 0.175),
        (0.0, 0.065, 0.315, 0.454, 0.166),
        (0.0, 0.442, 0.346, 0.177, 0.035),
    ),
    "cautious": (
        (0.978, 0.021, 0.0, 0.0, 0.0),
        (0.949, 0.048, 0.002, 0.0, 0.0),
        (0.9, 0.092, 0.007, 0.0, 0.0),
        (0.856, 0.133, 0.009, 0.001, 0.0),
        (0.821, 0.162, 0.015, 0.002, 0.0),
        (0.783, 0.192, 0.024, 0.002, 0.0),
        (0.736, 0.232, 0.03, 0.001, 0.001),
        (0.68, 0.272, 0.045, 0.002, 0.001),
        (0.569, 0.348, 0.076, 0.006, 0.0),
    ),
    "swap_blind": (
        (0.971, 0.028, 0.0, 0.0, 0.0),
        (0.938, 0.058, 0.003, 0.001, 0.001),
        (0.881, 0.109, 0.008, 0.001, 0.001),
        (0.817, 0.161, 0.017, 0.004, 0.001),
        (0.808, 0.154, 0.034, 0.002, 0.002),
        (0.79, 0.152, 0.049, 0.007, 0.002),
        (0.686, 0.262, 0.047, 0.003, 0.003),
        (0.61, 0.303, 0.073, 0.01, 0.003),
        (0.449, 0.366, 0.144, 0.037, 0.005),
    ),
}
# Per style, the chance that a public card of its row is worth 0–2, 3–5, 6–7 or 8–13: the
# taker takes whatever lies face up, the others only what improves their row (from the
# same kind of games, 150 of each style; every public card at every turn of medium's).
VALUE_BOUNDS = (2, 5, 7)
PUBLIC_VALUE: dict[str, tuple[float, ...]] = {
    "medium": (0.751, 0.248, 0.001, 0.001),
    "greedy": (0.66, 0.34, 0.0, 0.0),
    "taker": (0.265, 0.353, 0.136, 0.245),
    "cautious": (0.746, 0.253, 0.0, 0.0),
    "swap_blind": (0.657, 0.335, 0.007, 0.001),
}
# No style is certain never to do a thing: a rate never measured still has this chance.
FLOOR = 0.003


def turns_played(view: Mapping[str, Any]) -> float:
    """``turns_of`` the round a view shows."""
    return turns_of(int(view["players"]), int(view["deck"]), int(view["reshuffles"]))


def turns_of(players: int, deck: int, reshuffles: int) -> float:
    """About how many turns each seat has played this round: the cards drawn from the deck
    over the seats (a turn that takes the discard draws none). Each refill of the deck
    (deck_out=reshuffle) counts as a whole first deck drawn, so the count keeps rising
    where the deck's size starts again."""
    first = DECK - HAND * players
    return max(first * (1 + reshuffles) - deck, 0) / players


def hazard(style: str, turn: int) -> float:
    rates = HAZARD[style]
    return max(rates[min(turn, len(rates) - 1)], FLOOR)


def public_chance(style: str, turn: int, count: int) -> float:
    rows = PUBLIC[style]
    row = rows[min(turn, len(rows) - 1)]
    return max(row[min(count, len(row) - 1)], FLOOR)


def value_chance(style: str, card: int) -> float:
    bucket = sum(card > bound for bound in VALUE_BOUNDS)
    return max(PUBLIC_VALUE[style][bucket], FLOOR)


def likelihood(
    style: str, turns: float, called: bool, public: int, values: Sequence[int] = ()
) -> float:
    """The chance that an opponent of ``style`` shows what the view shows: no call in its
    turns so far (or a call at the last of them), ``public`` cards of its row known to
    all, and those cards' ``values`` (when given)."""
    played = int(turns)
    out = population.calls_so_far(partial(hazard, style), played, called, FLOOR)
    for card in values:
        out *= value_chance(style, card)
    return out * public_chance(style, played, public)


def posterior(view: Mapping[str, Any], owner: int) -> list[float]:
    """The weights of ``STYLES`` for the player in seat ``owner``, from ``view``."""
    turns = turns_played(view)
    called = view["caller"] == owner
    shown = [slot["card"] for slot in view["rows"][owner] if slot["public"]]
    values = [int(card) for card in shown if card is not None]
    weights = [
        prior * likelihood(style.name, turns, called, len(shown), values)
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


def chance_to_call_soon(beliefs: Mapping[int, Sequence[float]], turn: int) -> float:
    """The chance that some opponent calls at its next turn, under the posteriors."""
    hazards = [hazard(style.name, turn) for style in STYLES]
    return population.chance_anyone_calls(beliefs, hazards)
