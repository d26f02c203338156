"""Caravan: two players, two private decks, three facing pairs of caravans to sell
(caravan.md). ``rules`` holds the pure caravan arithmetic (value, direction, suit, selling)
for anyone who wants it without a game."""

from . import rules
from .actions import Action, Attach, Disband, Discard, Play, Resign
from .game import CaravanGame
from .state import CaravanState

__all__ = [
    "Action",
    "Attach",
    "CaravanGame",
    "CaravanState",
    "Disband",
    "Discard",
    "Play",
    "Resign",
    "rules",
]
