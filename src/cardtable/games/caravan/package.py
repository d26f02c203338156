"""Caravan's package record (``cardtable.core.package``). Not yet moved into this
package (issue 21): its bots still live in ``cardtable.bots.caravan`` and its encoder in
``cardtable.rl.caravan``; moving them changes only the references below."""

from cardtable.bots.caravan import players, search
from cardtable.core.package import GamePackage, SearchHooks
from cardtable.games.caravan.game import CaravanGame

PACKAGE = GamePackage(
    name="caravan",
    game=CaravanGame,
    levels={"easy": players.easy, "medium": players.medium},
    search=SearchHooks(
        rollout_policy=search.rollout_policy,
        evaluate=search.evaluate,
        rollout_horizon=search.rollout_horizon,
        root_actions=search.root_actions,
        tree_depth=search.tree_depth,
        hard_iterations=search.hard_iterations,
    ),
    scenarios="cardtable.server.learn_content:CARAVAN",
    encoder="cardtable.rl.caravan:ENCODER",
)
