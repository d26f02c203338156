"""cardtable: hidden-information card games with exact engines, bots and a web table."""

# First, before any engine module loads: it decides between a compiled twin and its source.
from cardtable import native  # noqa: F401  (installs its import hook)
from cardtable.core import GameNotOver, IllegalAction, InvalidOptions

__all__ = ["GameNotOver", "IllegalAction", "InvalidOptions"]
__version__ = "0.1.0"
