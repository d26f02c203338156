"""Cabo bots (issue 6): ``easy`` and ``medium`` heuristic players on a seat's view, and
what guides the generic ISMCTS of ``hard``: ``rollout_policy``, ``evaluate``,
``rollout_horizon`` and ``rollout_steps`` (where rollouts stop), ``determinize`` (samples
weighted by what opponents keep), ``root_actions`` (the moves worth searching),
``tree_depth``, ``paired`` and ``confidence`` (a flat search on common random numbers
that keeps the heuristic's choice unless another is surely better) and
``hard_iterations`` (the rollout budget); ``package.py`` hands them to the search as
the game's ``SearchHooks``.

Modules: ``knowledge`` (one seat's knowledge as plain numbers), ``policy`` (the
heuristic), ``players`` (the view-reading bots), ``search`` (rollouts on sampled states)."""
