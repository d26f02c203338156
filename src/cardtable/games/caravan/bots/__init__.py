"""Caravan bots (issue 6): ``easy`` and ``medium`` heuristic players on a seat's view, and
what guides the generic ISMCTS of ``hard``: ``rollout_policy``, ``rollout_horizon`` and
``evaluate`` (short heuristic rollouts, then a position score), ``root_actions`` (the
heuristic's shortlist), ``tree_depth`` and ``hard_iterations`` (the simulation budget),
and ``sample`` (a sample of the view, the opponent's rollout style drawn from what it has
shown, ``adapt``).

Modules: ``table`` (a seat's picture of the table and the caravan arithmetic), ``policy``
(the heuristic), ``players`` (the view-reading bots), ``search`` (rollouts on sampled
states), ``adapt`` (hard's reading of its opponent's style)."""

from cardtable.games.caravan.bots.players import easy, medium
from cardtable.games.caravan.bots.search import (
    determinize,
    evaluate,
    hard_iterations,
    rollout_horizon,
    rollout_policy,
    root_actions,
    sample,
    tree_depth,
)

__all__ = [
    "determinize",
    "easy",
    "evaluate",
    "hard_iterations",
    "medium",
    "rollout_horizon",
    "rollout_policy",
    "root_actions",
    "sample",
    "tree_depth",
]
