"""High card through the research adapters: PettingZoo's own ``api_test`` and
``seed_test`` on the AEC environment, and OpenSpiel's ``random_sim_test`` and
``resample_from_infostate`` on the OpenSpiel game, with the encoder from its package."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardtable import rl  # noqa: E402

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
    "ignore:Action mask numpy array is all zeros",
)


@pytest.mark.parametrize("options", [{}, {"hand": 6}])
def test_pettingzoo_api_test(options: dict[str, object]) -> None:
    api_test(rl.aec_env("highcard", **options))


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: rl.aec_env("highcard"))


def test_an_observation_is_the_seats_view_encoded() -> None:
    env = rl.aec_env("highcard")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, _reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.agent_name_mapping[agent]
        view = env.match.state.view(seat)
        assert (obs["observation"] == env.encoder.observation(view)).all()
        env.step(int(random.Random(seat).choice(info["legal"])))
    assert env.agents == []


def test_openspiel_random_sim_test() -> None:
    game = rl.openspiel_game("highcard", seed=7)
    assert game.get_type().short_name == "python_cardtable_highcard"
    assert game.num_distinct_actions() == 13 and game.num_players() == 2
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_openspiel_resample_keeps_the_information_state() -> None:
    game = rl.openspiel_game("highcard", seed=3, hand=5)
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(3):  # a trick turned up and seat 1's card face down
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(player, sampler) for _ in range(8)]
    for sample in samples:
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
    assert len({str(s) for s in samples}) > 1
