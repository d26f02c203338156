"""The PettingZoo AEC environment (``cardtable.rl.aec_env``)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable import games
from cardtable.rl import check_reward, encoder
from cardtable.rl.match import Match

RENDER_MODES = ["ansi", "human"]


class CardtableAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """Every seat is an agent (``player_0`` …). An observation is a dict of
    ``observation`` (the encoding of that seat's view, float32) and ``action_mask``
    (int8, 1 for each legal index; all zeros for an agent not asked now), fresh arrays
    the caller may keep. The agent asked now also finds its legal indices (the mask's
    ones, in the engine's order) in ``infos[agent]["legal"]``. Rewards come
    once, at the end of the game. A game whose position cannot be indexed (a documented
    cap) or that reaches ``max_moves`` ends *truncated*, with zero rewards."""

    def __init__(
        self,
        game: str,
        *,
        render_mode: str | None = None,
        reward: str = "win",
        max_moves: int | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        self.game = games.load(game, **options)
        self.metadata = {
            "render_modes": RENDER_MODES,
            "is_parallelizable": False,
            "name": f"cardtable_{self.game.name}_v0",
        }
        self.encoder = encoder(self.game)
        self.reward_kind = check_reward(reward)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}")
        self.render_mode = render_mode
        self.match = Match(self.game, self.encoder, max_moves)
        self.possible_agents = [f"player_{s}" for s in range(self.game.players)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        enc = self.encoder
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(enc.low, enc.high, (enc.obs_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(enc.num_actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.match.start(self._seeds.getrandbits(63))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._settle()

    def _settle(self) -> None:
        """After a move: whose turn it is, or the end of the game."""
        match = self.match
        legal = match.indices()  # an unindexable position truncates the game here
        infos, asked = self.infos, self.agent_selection  # asked until now
        if match.decider is not None:
            agent = self.agent_selection = self.possible_agents[match.decider]
            if asked != agent:
                infos[asked] = {}
            # The mask's ones as a tuple: an agent may sample from it without scanning
            # the mask (Cambio's has 21,221 entries at four seats).
            infos[agent] = {"legal": tuple(legal)}
            return
        infos[asked] = {}
        truncated = match.truncated is not None
        final = match.rewards(self.reward_kind)
        for agent in self.agents:
            reward = final[self.agent_name_mapping[agent]]
            self.rewards[agent] = reward
            self._cumulative_rewards[agent] += reward
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated
            if truncated:
                self.infos[agent] = {"truncated": match.truncated}
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        return {
            "observation": self.match.observation(seat),
            "action_mask": self.match.mask(seat),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action: only finished agents pass None")
        self._cumulative_rewards[agent] = 0.0
        # Rewards come only at the end (``_settle``), so until then there is nothing to
        # clear or accumulate.
        self.match.act(int(action))
        self._settle()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        match = self.match
        seat = match.decider if match.decider is not None else None
        text = self.game.render_text(match.state.view(seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
