"""High card's package record: all generic code may know of the game. No heuristic
levels: ``random`` and the generic search (``hard``, ``ismcts:N``) play it from views."""

from pathlib import Path

from cardtable.core.package import GamePackage, SearchHooks
from tests.fifth_game.highcard.game import HighCardGame

PACKAGE = GamePackage(
    name="highcard",
    game=HighCardGame,
    # a few cards and a 13-card deck: a few hundred simulations see every line, so hard
    # stops on its count, not on the clock
    search=SearchHooks(hard_iterations=300),
    static=Path(__file__).parent / "web",
    encoder="tests.fifth_game.highcard.encoder:ENCODER",
)
