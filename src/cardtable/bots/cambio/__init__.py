"""Cambio bots (issue 6): ``easy`` and ``medium`` heuristic players on a seat's view, and
what guides the generic ISMCTS of ``hard``: ``rollout_policy`` (the medium player cut down
for speed, letting snap windows pass), ``root_actions`` (the moves worth searching),
``tree_depth`` and ``hard_iterations`` (the simulation budget).

Modules: ``knowledge`` (one seat's knowledge as plain numbers), ``policy`` (the heuristic),
``players`` (the view-reading bots), ``search`` (rollouts on sampled states)."""

from cardtable.bots.cambio.players import easy, medium
from cardtable.bots.cambio.search import hard_iterations, rollout_policy, root_actions, tree_depth

__all__ = ["easy", "hard_iterations", "medium", "rollout_policy", "root_actions", "tree_depth"]
