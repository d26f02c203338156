"""Gan Deng Yan's package record (``cardtable.core.package``): what generic code may know
of Gan Deng Yan."""

from pathlib import Path

from cardtable.core.package import GamePackage, SearchHooks
from cardtable.games.gandengyan.bots import opponents, players, review, search
from cardtable.games.gandengyan.game import GanDengYanGame

PACKAGE = GamePackage(
    name="gandengyan",
    game=GanDengYanGame,
    levels={"easy": players.easy, "medium": players.medium},
    search=SearchHooks(
        rollout_policy=search.rollout_policy,
        evaluate=search.evaluate,
        determinize=search.sample_with_styles,
        rollout_steps=search.rollout_steps,
        root_actions=search.root_actions,
        tree_depth=search.tree_depth,
        hard_iterations=search.hard_iterations,
    ),
    labs="cardtable.games.gandengyan.labs:LABS",
    scenarios="cardtable.games.gandengyan.learn:SCENARIOS",
    static=Path(__file__).parent / "web",
    order=30,
    sample_cards=("3d", "4s", "5h", "RJ"),
    encoder="cardtable.games.gandengyan.encoder:ENCODER",
    opponents=opponents.OPPONENTS,
    review=review.SPEC,
)
