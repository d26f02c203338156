"""Caravan's package record (``cardtable.core.package``): what generic code may know of
Caravan."""

from pathlib import Path

from cardtable.core.package import GamePackage, SearchHooks
from cardtable.games.caravan.bots import opponents, players, review, search
from cardtable.games.caravan.game import CaravanGame

PACKAGE = GamePackage(
    name="caravan",
    game=CaravanGame,
    levels={"easy": players.easy, "medium": players.medium},
    search=SearchHooks(
        rollout_policy=search.rollout_policy,
        evaluate=search.evaluate,
        determinize=search.sample,
        rollout_horizon=search.rollout_horizon,
        root_actions=search.root_actions,
        tree_depth=search.tree_depth,
        hard_iterations=search.hard_iterations,
    ),
    labs="cardtable.games.caravan.labs:LABS",
    scenarios="cardtable.games.caravan.learn:SCENARIOS",
    static=Path(__file__).parent / "web",
    order=40,
    sample_cards=("9c", "Qd", "6h", "Ks"),
    encoder="cardtable.games.caravan.encoder:ENCODER",
    opponents=opponents.OPPONENTS,
    review=review.SPEC,
)
