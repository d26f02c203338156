"""Cabo: a memory card game of 0–13 cards; keep your row low, call Cabo when it is lowest
(rules: docs/rules/cabo.md). Registered as ``cabo``."""

from cardtable.games.cabo.game import CaboGame

__all__ = ["CaboGame"]
