"""Gan Deng Yan bots (issue 6): ``easy`` and ``medium`` heuristic players on a seat's view,
and what guides the generic ISMCTS of ``hard``.

Modules: ``hands`` (rank counts, kinds, the split of a hand into plays), ``policy`` (the
heuristic), ``players`` (the view-reading bots)."""

from cardtable.bots.gandengyan.players import easy, medium

__all__ = ["easy", "medium"]
