"""Research adapters: every cardtable game as a PettingZoo AEC environment, a Gymnasium
environment against cardtable's bots, and an OpenSpiel game (``docs/research.md``).

```python
from cardtable import rl
env = rl.aec_env("caravan")                        # PettingZoo AEC, every seat an agent
env = rl.gym_env("cabo", seat=0, opponents="medium", players=3)   # Gymnasium, one learner
game = rl.openspiel_game("gandengyan", players=4)  # pyspiel, "python_cardtable_gandengyan"
```

Observations are built from a seat's view alone, so nothing hidden leaks; each game's
encoder and action index space come from its package (``games.package(name).encoder``).
The games are reached only through the registry (``cardtable.games.load``) and the bots through
``cardtable.bots.make``. Needs the ``rl`` extra (numpy, gymnasium, pettingzoo,
open_spiel): ``pip install cardtable[rl]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable import games
from cardtable.core import Game, InvalidOptions
from cardtable.core.package import resolve
from cardtable.rl.encoding import REWARDS, Encoder, Unindexable, win_share
from cardtable.rl.match import WAIT, Match

if TYPE_CHECKING:
    from cardtable.rl.gymnasium_env import CardtableGymEnv
    from cardtable.rl.pettingzoo_env import CardtableAECEnv
    from cardtable.rl.spiel import CardtableGame


def encoder(game: Game[Any] | str, **options: object) -> Encoder:
    """The observation encoder and action indexer of ``game`` (a loaded game, or a name and
    its options)."""
    if isinstance(game, str):
        game = games.load(game, **options)
    elif options:
        raise TypeError("Options go with a game name, not with a loaded game")
    reference = games.package(game.name).encoder
    if reference is None:
        raise InvalidOptions(f"There is no research encoder for {game.name!r} yet")
    made: Encoder = resolve(reference)(game)
    return made


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise InvalidOptions(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


def aec_env(
    game: str,
    *,
    render_mode: str | None = None,
    reward: str = "win",
    max_moves: int | None = None,
    **options: object,
) -> CardtableAECEnv:
    """A PettingZoo AEC environment of ``game`` with ``options``; agents ``player_0`` …
    are the seats."""
    from cardtable.rl.pettingzoo_env import CardtableAECEnv

    return CardtableAECEnv(
        game, render_mode=render_mode, reward=reward, max_moves=max_moves, **options
    )


def gym_env(
    game: str,
    seat: int = 0,
    opponents: str | list[str] = "medium",
    *,
    render_mode: str | None = None,
    reward: str = "win",
    max_moves: int | None = None,
    illegal_reward: float = -1.0,
    **options: object,
) -> CardtableGymEnv:
    """A Gymnasium environment of ``game``: the agent plays ``seat``, cardtable bots named
    by ``opponents`` (one name for all, or one per other seat) play the others."""
    from cardtable.rl.gymnasium_env import CardtableGymEnv

    return CardtableGymEnv(
        game,
        seat=seat,
        opponents=opponents,
        render_mode=render_mode,
        reward=reward,
        max_moves=max_moves,
        illegal_reward=illegal_reward,
        **options,
    )


def openspiel_game(game: str, **options: object) -> CardtableGame:
    """``game`` as an OpenSpiel game (registered as ``python_cardtable_<game>``, so
    ``pyspiel.load_game("python_cardtable_caravan", {...})`` works after this import)."""
    from cardtable.rl.spiel import load

    return load(game, **options)


__all__ = [
    "REWARDS",
    "WAIT",
    "Encoder",
    "Match",
    "Unindexable",
    "aec_env",
    "encoder",
    "gym_env",
    "openspiel_game",
    "win_share",
]
