"""The Gymnasium environment (``cardtable.rl.gym_env``): one seat learns, cardtable's
bots play the others."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardtable import bots, games
from cardtable.core import InvalidOptions
from cardtable.core.words import plural
from cardtable.rl import check_reward, encoder
from cardtable.rl.match import WAIT, Match

# When a requested heuristic level does not exist for a game, the next weaker one is used.
_WEAKER = {"hard": "medium", "medium": "easy", "easy": "random"}


def pick_bot(name: str, game: Any) -> bots.Bot:
    """``bots.make(name, game)``, falling back to the next weaker level (with a warning)
    for a level this game does not offer yet."""
    available = bots.available(game)
    wanted = name
    while name not in available and name in _WEAKER:
        name = _WEAKER[name]
    if name != wanted:
        warnings.warn(
            f"{game.title} has no {wanted!r} bot yet: playing {name!r} instead", stacklevel=3
        )
    return bots.make(name, game)


class CardtableGymEnv(gymnasium.Env[dict[str, np.ndarray], int]):
    """The agent plays ``seat``; every other seat is a cardtable bot. Observations are a
    dict of ``observation`` (float32) and ``action_mask`` (int8); the action is an index
    (``Discrete``). The reward is 0 until the end, then the game's outcome for the seat
    (``reward="win"`` or ``"score"``). An index that is not legal now ends the episode at
    once with ``illegal_reward`` (``info["illegal"]``): mask your policy.

    Bots are asked only when the game needs their move: in Cambio's ``snap=anytime``
    window a bot behind the player whose turn it is always lets the window pass (a bot's
    contract has no way to decline, so it is never offered the race)."""

    def __init__(
        self,
        game: str,
        *,
        seat: int = 0,
        opponents: str | list[str] = "medium",
        render_mode: str | None = None,
        reward: str = "win",
        max_moves: int | None = None,
        illegal_reward: float = -1.0,
        **options: object,
    ) -> None:
        self.metadata = {"render_modes": ["ansi"]}
        self.game = games.load(game, **options)
        players = self.game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidOptions(f"seat must be from 0 to {players - 1}, not {seat!r}")
        self.seat = seat
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise InvalidOptions(
                f"opponents lists {plural(len(names), 'bot')} "
                f"but there are {plural(players - 1, 'other seat')}"
            )
        self.bots: list[bots.Bot | None] = []
        others = iter(names)
        for s in range(players):
            self.bots.append(None if s == seat else pick_bot(next(others), self.game))
        self.opponents = [b.name for b in self.bots if b is not None]
        self.encoder = encoder(self.game)
        self.reward_kind = check_reward(reward)
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.match = Match(self.game, self.encoder, max_moves)
        enc = self.encoder
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(enc.low, enc.high, (enc.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(enc.num_actions)  # type: ignore[assignment]
        self._bot_rng = random.Random(0)
        self._ended_illegal = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self._ended_illegal = False
        while True:
            game_seed = int(self.np_random.integers(2**63 - 1))
            self._bot_rng = random.Random(game_seed ^ 0x5EED)
            self.match.start(game_seed)
            self._play_bots()
            if not self.match.over():
                break  # (a game that ends before the agent's first move is dealt again)
        return self._obs(), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        match = self.match
        if match.over() or self._ended_illegal:
            raise RuntimeError("The episode is over: call reset()")
        index = int(action)
        if index not in match.indices():
            self._ended_illegal = True
            obs = self._obs(ended=True)
            return obs, self.illegal_reward, True, False, {"illegal": index}
        match.act(index)
        self._play_bots()
        obs = self._obs()
        if not match.over():
            return obs, 0.0, False, False, {}
        if match.truncated:
            return obs, 0.0, False, True, {"truncated": match.truncated}
        reward = match.rewards(self.reward_kind)[self.seat]
        return obs, reward, True, False, {"outcome": match.state.outcome().to_json()}

    def _play_bots(self) -> None:
        """Bots move until the agent must decide (its indices ready) or the game ends."""
        match = self.match
        while match.decider is not None:
            seat = match.decider
            if seat == self.seat:
                match.indices()  # may truncate an unindexable position
                return
            if match.pending and match.pending[0] == seat:
                match.play(WAIT)
                continue
            bot = self.bots[seat]
            assert bot is not None
            action = bot.act(match.view(seat), match.legal(), self._bot_rng)
            match.play(action)

    def _obs(self, ended: bool = False) -> dict[str, np.ndarray]:
        match = self.match
        mask = np.zeros(self.encoder.num_actions, np.int8)
        if not ended and match.decider == self.seat:
            mask[match.indices()] = 1
        return {"observation": match.observation(self.seat).copy(), "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal indices now as booleans (the sb3-contrib MaskablePPO convention)."""
        return self._obs()["action_mask"].astype(bool)

    def render(self) -> str | None:
        return self.game.render_text(self.match.view(self.seat))
