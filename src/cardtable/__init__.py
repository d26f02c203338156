"""cardtable: hidden-information card games with exact engines, bots and a web table."""

from cardtable.core import GameNotOver, IllegalAction, InvalidOptions

__all__ = ["GameNotOver", "IllegalAction", "InvalidOptions"]
__version__ = "0.1.0"
