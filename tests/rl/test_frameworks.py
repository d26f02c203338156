"""Each adapter passes its framework's own checks for every game: PettingZoo's
``api_test`` and ``seed_test``, Gymnasium's ``check_env``, OpenSpiel's ``random_sim_test``,
and OpenSpiel's IS-MCTS bot plays full games against cardtable's bots."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import ismcts, mcts
from pettingzoo.test import api_test, seed_test

from cardtable import bots, games, rl
from cardtable.rl.spiel import bot_action

from .support import CASES, DEFAULTS, case_id

pytestmark = pytest.mark.filterwarnings(
    # PettingZoo nags about dict observations, which its own classic games use too.
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
    "ignore:Action mask numpy array is all zeros",
)


# -- PettingZoo ----------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_test(case: tuple[str, dict[str, object]]) -> None:
    name, options = case
    api_test(rl.aec_env(name, **options))  # the default number of cycles


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_seed_test(case: tuple[str, dict[str, object]]) -> None:
    name, options = case
    seed_test(lambda: rl.aec_env(name, **options))


@pytest.mark.parametrize("case", DEFAULTS, ids=case_id)
def test_aec_game_to_the_end(case: tuple[str, dict[str, object]]) -> None:
    """A full random game: one agent asked at a time, rewards only at the end (zero-sum),
    every agent finishes, and each agent's observation is its own view encoded (fresh
    arrays the caller may write to), its legal indices in ``info["legal"]`` the mask's
    ones."""
    name, options = case
    env = rl.aec_env(name, **options)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.agent_name_mapping[agent]
        view = env.match.state.view(seat)
        assert np.array_equal(obs["observation"], env.encoder.observation(view))
        legal = info["legal"]
        assert sorted(legal) == np.flatnonzero(obs["action_mask"]).tolist()
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
                assert "legal" not in env.infos[other]
        obs["observation"][:] = 7.0  # the caller's own copies: the env must not see this
        obs["action_mask"][:] = 1
        env.step(int(rng.choice(legal)))
    assert env.agents == []
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) > 0


def test_aec_truncates_at_max_moves() -> None:
    env = rl.aec_env("caravan", max_moves=5)
    env.reset(seed=1)
    for _agent in env.agent_iter():
        obs, reward, _terminated, truncated, info = env.last()
        if truncated:
            assert reward == 0 and info == {"truncated": "max_moves"}
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.match.moves == 5


def test_aec_refuses_an_illegal_index() -> None:
    env = rl.aec_env("caravan")
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))


# -- Gymnasium -----------------------------------------------------------------------------
@pytest.mark.parametrize("case", DEFAULTS, ids=case_id)
@pytest.mark.parametrize("opponents", ["random", "medium"])
def test_gymnasium_check_env(case: tuple[str, dict[str, object]], opponents: str) -> None:
    name, options = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a bot level a game lacks falls back, with a warning
        env = rl.gym_env(name, seat=1, opponents=opponents, **options)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("case", DEFAULTS, ids=case_id)
def test_gymnasium_episode(case: tuple[str, dict[str, object]]) -> None:
    """The learner only sees its own turns; the reward comes at the end."""
    name, options = case
    env = rl.gym_env(name, seat=0, opponents="random", **options)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(1)
    steps = 0
    while True:
        assert env.match.decider == 0 and obs["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        steps += 1
        if terminated or truncated:
            break
        assert reward == 0.0
    assert terminated and not truncated
    assert -1.0 <= reward <= 1.0 and "outcome" in info
    assert not obs["action_mask"].any()


def test_gymnasium_illegal_index_ends_the_episode() -> None:
    env = rl.gym_env("cabo", opponents="random", illegal_reward=-2.0)
    obs, _ = env.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated, info) == (-2.0, True, False, {"illegal": bad})
    with pytest.raises(RuntimeError):
        env.step(0)


def test_gymnasium_options() -> None:
    env = rl.gym_env("cabo", seat=2, opponents=["random", "easy"], players=3, reward="score")
    assert env.opponents == ["random", "easy"]
    with pytest.raises(ValueError, match="opponents lists 1 bot but there are 2 other seats"):
        rl.gym_env("cabo", opponents=["random"], players=3)
    with pytest.raises(ValueError, match="seat must be"):
        rl.gym_env("cabo", seat=4)
    with pytest.raises(ValueError, match="reward must be"):
        rl.gym_env("cabo", reward="money")


# -- OpenSpiel -----------------------------------------------------------------------------
SPIEL_CASES = [
    ("cambio", {}),
    ("cambio", {"snap": "anytime", "players": 3}),
    ("cabo", {"rounds": 1}),
    ("gandengyan", {}),
    ("caravan", {}),
]


@pytest.mark.parametrize("case", SPIEL_CASES, ids=case_id)
def test_openspiel_random_sim_test(case: tuple[str, dict[str, object]]) -> None:
    name, options = case
    game = rl.openspiel_game(name, seed=7, **options)
    sims = 1 if name == "gandengyan" else 2  # a hand of Gan Deng Yan is a long game
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_openspiel_registration_and_parameters() -> None:
    rl.openspiel_game("caravan")
    game = pyspiel.load_game("python_cardtable_gandengyan", {"players": 3, "decks": "1"})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == rl.encoder("gandengyan", decks=1).num_actions
    assert game.get_type().short_name == "python_cardtable_gandengyan"
    same = rl.openspiel_game("gandengyan", players=3, decks=1)
    assert same.num_distinct_actions() == game.num_distinct_actions()
    with pytest.raises(ValueError, match="players"):
        rl.openspiel_game("cabo", players=9)


@pytest.mark.parametrize("name", games.names())
def test_openspiel_resample_from_infostate(name: str) -> None:
    """A resampled state shows the player exactly the same information state, and the
    cards it cannot see are re-dealt."""
    options = {"rounds": 1} if name == "cabo" else {}
    game = rl.openspiel_game(name, seed=3, **options)
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(player, sampler) for _ in range(8)]
    for sample in samples:
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
    assert len({str(s) for s in samples}) > 1


@pytest.mark.parametrize("case", SPIEL_CASES, ids=case_id)
def test_ismcts_plays_full_games_against_cardtable_bots(
    case: tuple[str, dict[str, object]],
) -> None:
    """OpenSpiel's IS-MCTS bot (seat 0) against cardtable's medium bot in every other seat:
    whole games, every move legal, zero-sum returns."""
    name, options = case
    game = rl.openspiel_game(name, seed=5, **options)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    searcher = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rs)
    opponent = bots.make("medium", game.cardtable)
    rng = random.Random(0)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == 0:
                action = searcher.step(state)
            else:
                action = bot_action(state, opponent, rng)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert sum(state.returns()) == pytest.approx(0.0)
        assert state.match.state.is_over()


def test_gymnasium_cambio_snap_window() -> None:
    """snap=anytime: the learner (seat 1) is asked first about the start card, with
    ``wait`` among its choices; bots are asked only when the game needs their move."""
    env = rl.gym_env("cambio", seat=1, opponents="random", snap="anytime")
    asked: list[bool] = []

    class Watched:
        name = "random"

        def __init__(self, bot: bots.Bot) -> None:
            self.bot = bot

        def act(self, view: Any, legal: Any, rng: random.Random) -> Any:
            match = env.match
            asked.append(match.decider == match.state.to_act[0])
            return self.bot.act(view, legal, rng)

    env.bots = [None if b is None else Watched(b) for b in env.bots]
    obs, _ = env.reset(seed=5)
    enc = env.encoder
    legal = np.flatnonzero(obs["action_mask"])
    assert enc.wait_index in legal
    assert all(enc.name(int(i)).startswith(("snap:", "wait")) for i in legal)
    assert env.match.state.to_act[0] == 0  # seat 0's turn: the learner answers first
    rng = np.random.default_rng(3)
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        done = terminated or truncated
    assert asked and all(asked), "a bot was asked to snap out of turn"
