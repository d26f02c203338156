"""Cabo's package record (``cardtable.core.package``): what generic code may know of
Cabo."""

from pathlib import Path

from cardtable.core.package import GamePackage, SearchHooks
from cardtable.games.cabo.bots import opponents, players, review, search
from cardtable.games.cabo.game import CaboGame

PACKAGE = GamePackage(
    name="cabo",
    game=CaboGame,
    levels={"easy": players.easy, "medium": players.medium},
    search=SearchHooks(
        rollout_policy=search.rollout_policy,
        evaluate=search.evaluate,
        rollout_horizon=search.rollout_horizon,
        rollout_steps=search.rollout_steps,
        root_actions=search.root_actions,
        determinize=search.determinize,
        tree_depth=search.tree_depth,
        paired=search.paired,
        confidence=search.confidence,
        hard_iterations=search.hard_iterations,
    ),
    labs="cardtable.games.cabo.labs:LABS",
    scenarios="cardtable.games.cabo.learn:SCENARIOS",
    static=Path(__file__).parent / "web",
    order=20,
    sample_cards=("0", "7", "11", "13"),
    encoder="cardtable.games.cabo.encoder:ENCODER",
    opponents=opponents.OPPONENTS,
    review=review.SPEC,
)
