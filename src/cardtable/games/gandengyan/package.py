"""Gan Deng Yan's package record (``cardtable.core.package``). Not yet moved into this
package (issue 21): its bots still live in ``cardtable.bots.gandengyan`` and its encoder in
``cardtable.rl.gandengyan``; moving them changes only the references below."""

from cardtable.bots.gandengyan import players, search
from cardtable.core.package import GamePackage, SearchHooks
from cardtable.games.gandengyan.game import GanDengYanGame

PACKAGE = GamePackage(
    name="gandengyan",
    game=GanDengYanGame,
    levels={"easy": players.easy, "medium": players.medium},
    search=SearchHooks(
        rollout_policy=search.rollout_policy,
        evaluate=search.evaluate,
        rollout_steps=search.rollout_steps,
        root_actions=search.root_actions,
        tree_depth=search.tree_depth,
        hard_iterations=search.hard_iterations,
    ),
    scenarios="cardtable.server.learn_content:GANDENGYAN",
    encoder="cardtable.rl.gandengyan:ENCODER",
)
