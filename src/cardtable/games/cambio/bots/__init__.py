"""Cambio bots (issue 6): ``easy`` and ``medium`` heuristic players on a seat's view, and
what guides the generic ISMCTS of ``hard``: ``rollout_policy`` (the medium player cut down
for speed, letting snap windows pass), ``root_actions`` (the moves worth searching),
``determinize`` (samples weighted by what people keep), ``rollout_horizon`` and
``evaluate`` (rollouts cut a few draws past the root, the position then valued by a
fitted model), ``paired`` and ``confidence`` (root actions compared on common random
numbers), ``tree_depth`` and ``hard_iterations`` (the rollout budget); ``package.py``
hands them to the search as the game's ``SearchHooks``.

Modules: ``knowledge`` (one seat's knowledge as plain numbers), ``policy`` (the heuristic),
``players`` (the view-reading bots), ``search`` (rollouts on sampled states)."""
