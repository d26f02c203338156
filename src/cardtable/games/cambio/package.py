"""Cambio's package record (``cardtable.core.package``): what generic code may know of
Cambio."""

from pathlib import Path

from cardtable.core.package import GamePackage, SearchHooks
from cardtable.games.cambio import text
from cardtable.games.cambio.bots import opponents, players, review, search
from cardtable.games.cambio.game import CambioGame

PACKAGE = GamePackage(
    name="cambio",
    game=CambioGame,
    levels={"easy": players.easy, "medium": players.medium},
    search=SearchHooks(
        rollout_policy=search.rollout_policy,
        evaluate=search.evaluate,
        rollout_horizon=search.rollout_horizon,
        root_actions=search.root_actions,
        determinize=search.determinize,
        tree_depth=search.tree_depth,
        paired=search.paired,
        confidence=search.confidence,
        hard_iterations=search.hard_iterations,
    ),
    menu_paths=text.menu_paths,
    labs="cardtable.games.cambio.labs:LABS",
    scenarios="cardtable.games.cambio.learn:SCENARIOS",
    static=Path(__file__).parent / "web",
    order=10,
    sample_cards=("??", "Kh", "7s", "??"),
    encoder="cardtable.games.cambio.encoder:ENCODER",
    opponents=opponents.OPPONENTS,
    review=review.SPEC,
)
