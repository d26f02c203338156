"""Beliefs over a population of opponent styles (issue #24), the steps every game's
adapting bot shares: a game scores how likely each style is to have left the traces its
view shows (``games/<game>/bots/adapt.py``); these turn the scores into beliefs, draw a
style from them for a rollout, and weigh how soon someone calls.

Only views are read, so a belief never depends on a card the seat has not seen."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any


def normalized(weights: Sequence[float], prior: Sequence[float]) -> list[float]:
    """``weights`` scaled to sum to 1; the ``prior`` when no style explains the view."""
    total = sum(weights)
    if total <= 0.0:
        return list(prior)
    return [w / total for w in weights]


def opponents(view: Mapping[str, Any]) -> list[int]:
    """The seats of a view's table other than its own."""
    me = int(view["seat"])
    return [owner for owner in range(int(view["players"])) if owner != me]


def draw(weights: Sequence[float], mark: float) -> int:
    """The index that ``mark`` (uniform in [0, 1)) falls on along the running sum of
    ``weights``; the last one when rounding leaves the sum short of ``mark``."""
    pick = 0
    for i, weight in enumerate(weights):
        mark -= weight
        pick = i
        if mark < 0.0:
            break
    return pick


def likeliest(weights: Sequence[float]) -> int:
    """The index of the largest weight (the first of equals)."""
    return max(range(len(weights)), key=weights.__getitem__)


def calls_so_far(hazard: Callable[[int], float], played: int, called: bool, floor: float) -> float:
    """The chance of what a view shows of a seat's calls: none in its ``played`` turns, or
    (``called``) none before the last of them and a call at it. ``hazard(turn)`` is the
    style's chance to call at a turn not called before."""
    out = 1.0
    for turn in range(played):
        out *= 1.0 - hazard(turn)
    if called:
        out *= hazard(played) / max(1.0 - hazard(played), floor)
    return out


def chance_anyone_calls(beliefs: Mapping[int, Sequence[float]], hazards: Sequence[float]) -> float:
    """The chance that some opponent calls at its next turn, each one's styles weighted
    by its beliefs, ``hazards`` being each style's chance to call then."""
    none = 1.0
    for weights in beliefs.values():
        none *= 1.0 - sum(w * h for w, h in zip(weights, hazards, strict=True))
    return 1.0 - none


Beliefs = dict[int, list[float]]


class PerView:
    """``read(view)`` remembered for the last view asked about: one search determinizes
    the same view hundreds of times, and reading the table costs as much as a sample. The
    view is held, so no other view can take its identity; the pair is replaced whole, so
    a thread never sees one view with another view's beliefs."""

    __slots__ = ("_last", "_read")

    def __init__(self, read: Callable[[Mapping[str, Any]], Beliefs]) -> None:
        self._read = read
        self._last: tuple[Mapping[str, Any], Beliefs] | None = None

    def __call__(self, view: Mapping[str, Any]) -> Beliefs:
        last = self._last
        if last is not None and last[0] is view:
            return last[1]
        beliefs = self._read(view)
        self._last = (view, beliefs)
        return beliefs
