"""Cabo bots (issue 6): ``easy`` and ``medium`` heuristic players on a seat's view, and
the ``rollout_policy`` and ``evaluate`` that guide the generic ISMCTS of ``hard``.

Modules: ``knowledge`` (one seat's knowledge as plain numbers), ``policy`` (the
heuristic), ``players`` (the view-reading bots), ``search`` (rollouts on sampled states)."""

from cardtable.bots.cabo.players import easy, medium

__all__ = ["easy", "medium"]
