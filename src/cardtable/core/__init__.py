"""The foundation every game stands on: cards, randomness, options, errors and the
Game/State contract."""

from cardtable.core.errors import GameNotOver, IllegalAction, InvalidOptions
from cardtable.core.events import Event
from cardtable.core.game import Game, State, View
from cardtable.core.options import Option, OptionValue
from cardtable.core.outcome import Outcome

__all__ = [
    "Event",
    "Game",
    "GameNotOver",
    "IllegalAction",
    "InvalidOptions",
    "Option",
    "OptionValue",
    "Outcome",
    "State",
    "View",
]
