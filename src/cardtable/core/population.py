"""Beliefs over a population of opponent styles (issue #24), the steps every game's
adapting bot shares: a game scores how likely each style is to have left the traces its
view shows (``games/<game>/bots/adapt.py``); these turn the scores into beliefs, draw a
style from them for a rollout, and weigh how soon someone calls.

Only views are read, so a belief never depends on a card the seat has not seen."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar, TypeVarTuple, Unpack


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
Style = TypeVar("Style")


class Population(Generic[Style]):
    """A game's imagined opponents: the styles' ``names``, what a sample carries for each
    (``styles``, in the same order), the index of the searching seat's ``own`` style, and
    ``posterior(view, seat)``, the weights the game reads from a view for a seat."""

    __slots__ = ("names", "own", "posterior", "styles")

    def __init__(
        self,
        names: Sequence[str],
        styles: Sequence[Style],
        own: int,
        posterior: Callable[[Mapping[str, Any], int], list[float]],
    ) -> None:
        self.names = tuple(names)
        self.styles = tuple(styles)
        self.own = own
        self.posterior = posterior

    def read_table(self, view: Mapping[str, Any]) -> Beliefs:
        """Each opponent's posterior, by its seat."""
        return {owner: self.posterior(view, owner) for owner in opponents(view)}

    def likeliest(self, view: Mapping[str, Any], owner: int) -> str:
        """The name of the style ``view`` shows seat ``owner`` most likely to play."""
        return self.names[likeliest(self.posterior(view, owner))]

    def draw_styles(
        self, beliefs: Mapping[int, Sequence[float]], seat: int, players: int, rng: random.Random
    ) -> tuple[Style, ...]:
        """One style per seat for a rollout: each opponent's drawn from its beliefs (one
        ``rng.random()`` each, in seat order), the ``own`` style for the searching seat (it
        plays its own rollouts as it plays) and for a seat with no beliefs."""
        out = []
        for owner in range(players):
            weights = beliefs.get(owner)
            if owner == seat or weights is None:
                out.append(self.styles[self.own])
                continue
            out.append(self.styles[draw(weights, rng.random())])
        return tuple(out)


R = TypeVar("R")
Keys = TypeVarTuple("Keys")
# ``Unpack[Keys]`` in annotations, not ``*Keys``: compiled, Cython cannot keep a starred
# annotation as text (it warns and drops it).


class PerView(Generic[R, *Keys]):
    """``read(view, *keys)`` remembered for the last view and keys asked about: one search
    samples the same view hundreds of times, and reading it (the table's beliefs, the
    cards a sample re-deals) costs as much as a sample. The keys are whatever else the
    reading depends on (the game, the seat); they compare equal, which for a tuple tries
    identity first, and a game, lacking ``__eq__``, is only equal to itself. The view is
    held, so no other view can take its identity, and compared by identity only, so a
    view edited in place is not read anew: a search never edits its view. The triple is
    replaced whole, so a thread never sees one view with another's keys or reading."""

    __slots__ = ("_last", "_read")

    def __init__(self, read: Callable[[Mapping[str, Any], Unpack[Keys]], R]) -> None:
        self._read = read
        self._last: tuple[Mapping[str, Any], tuple[Unpack[Keys]], R] | None = None  # noqa: UP044

    def __call__(self, view: Mapping[str, Any], *keys: Unpack[Keys]) -> R:  # noqa: UP044
        last = self._last
        if last is not None and last[0] is view and last[1] == keys:
            return last[2]
        reading = self._read(view, *keys)
        self._last = (view, keys, reading)
        return reading
