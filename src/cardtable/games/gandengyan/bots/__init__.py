"""Gan Deng Yan bots (issue 6): ``easy`` and ``medium`` heuristic players on a seat's view,
and what guides the generic ISMCTS of ``hard``: ``rollout_policy``, ``evaluate``,
``root_actions`` (the moves worth searching), ``tree_depth`` and ``hard_iterations`` (the
simulation budget).

Modules: ``hands`` (rank counts, kinds, the split of a hand into plays), ``policy`` (the
heuristic), ``players`` (the view-reading bots), ``search`` (rollouts on sampled states)."""

from cardtable.games.gandengyan.bots.players import easy, medium
from cardtable.games.gandengyan.bots.search import (
    determinize,
    evaluate,
    hard_iterations,
    rollout_policy,
    rollout_steps,
    root_actions,
    tree_depth,
)

__all__ = [
    "determinize",
    "easy",
    "evaluate",
    "hard_iterations",
    "medium",
    "rollout_policy",
    "rollout_steps",
    "root_actions",
    "tree_depth",
]
