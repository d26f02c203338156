"""The rating people see (issue 19): openskill's (mu, sigma) on the scale BGA and lichess
players know, a new player at 1500 and never below 0, ``?`` while provisional.

The model is unchanged (``ratings.py`` stores openskill's mu and sigma, so nothing stored
moves): the shown number is a linear rescale of ``mu`` in the way Glicko's numbers relate
to openskill's defaults, a new player's (25, 25/3) becoming lichess's (1500, 350), so
``SCALE = 350 / (25/3) = 42`` points per unit of mu, clamped at 0. ``mu`` is the estimate
itself, so a win always shows a gain and a loss a drop (the ordinal ``mu - 3 sigma`` rises
after a loss while sigma shrinks, which reads as a bug to a player). A rating is
provisional while ``sigma > PROVISIONAL_SIGMA`` (a deviation of 210 on this scale, about
the first 20 two-player games)."""

from __future__ import annotations

from typing import Any

START_MU = 25.0
START_SIGMA = 25.0 / 3.0
START = 1500
SCALE = 350.0 / START_SIGMA
PROVISIONAL_SIGMA = 5.0


def shown(mu: float) -> int:
    """The rating shown for ``mu``: 1500 for a new player, never negative."""
    return max(0, round(START + SCALE * (mu - START_MU)))


def provisional(sigma: float) -> bool:
    return sigma > PROVISIONAL_SIGMA


def label(mu: float, sigma: float) -> str:
    """As players read it: ``1500?`` while provisional, else ``1612``."""
    return f"{shown(mu)}{'?' if provisional(sigma) else ''}"


def seat_rating(mu: float | None, sigma: float | None) -> dict[str, Any]:
    """A seat's rating on the wire (``None``: never rated in this game: the start)."""
    mu = START_MU if mu is None else mu
    sigma = START_SIGMA if sigma is None else sigma
    return {"rating": shown(mu), "provisional": provisional(sigma)}
