"""The compiled accelerators (each game package's ``compiled``, the generic
``cardtable.rl.compiled``): built in this install, and the AEC environment they speed up
gives exactly what the pure-Python one gives."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable import games, rl
from cardtable.rl.encoding import PURE_PYTHON, accelerators_off, compiled_module

from .support import DEFAULTS, case_id


@pytest.mark.parametrize("name", games.names())
def test_every_accelerator_is_built_here(name: str) -> None:
    """CI measures what ships: every game's observation and the decider's mask are
    compiled (a missing accelerator means the install could not build it)."""
    if accelerators_off():
        pytest.skip(f"{PURE_PYTHON} is set: the accelerators are off on purpose")
    assert rl.encoder(name).accelerator is not None, f"{name}'s accelerator was not built"
    assert compiled_module("cardtable.rl.compiled.actions") is not None


def test_the_pure_python_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PURE_PYTHON, "1")
    assert rl.encoder("cabo").accelerator is None
    assert compiled_module("cardtable.rl.compiled.actions") is None
    env = rl.aec_env("cabo")
    env.reset(seed=1)
    assert env.match._actions is None


def play(name: str, options: dict[str, object], seed: int) -> list[tuple[object, ...]]:
    """What one random AEC game shows, step by step: the agent asked, its observation,
    mask and legal indices, and the observation of the agent after it."""
    env = rl.aec_env(name, **options)
    env.reset(seed=seed)
    rng = random.Random(seed)
    seen: list[tuple[object, ...]] = []
    for agent in env.agent_iter(3000):
        obs, _, terminated, truncated, info = env.last()
        after = env.agents[(env.agents.index(agent) + 1) % len(env.agents)]
        legal = info.get("legal", ())
        shown = (obs["observation"], obs["action_mask"], env.observe(after)["observation"])
        seen.append((agent, legal, *shown))
        if terminated or truncated:
            env.step(None)
        else:
            env.step(legal[rng.randrange(len(legal))])
    return seen


@pytest.mark.parametrize("case", DEFAULTS, ids=case_id)
def test_accelerated_environment_equals_the_pure_python_one(
    case: tuple[str, dict[str, object]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole games through the AEC environment, with and without the accelerators: the
    same agents asked, the same observations (the asked agent's and another's), masks
    and legal indices at every step."""
    name, options = case
    for seed in (1, 2):
        fast = play(name, options, seed)
        with monkeypatch.context() as m:
            m.setenv(PURE_PYTHON, "1")
            slow = play(name, options, seed)
        assert len(fast) == len(slow) > 20
        for k, (a, b) in enumerate(zip(fast, slow, strict=True)):
            assert len(a) == len(b)
            for x, y in zip(a, b, strict=True):
                if isinstance(x, np.ndarray):
                    assert x.dtype == y.dtype and np.array_equal(x, y), f"{name}: step {k} differs"
                else:
                    assert x == y, f"{name}: step {k} differs"


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure-python"])
def test_observing_a_seat_not_at_the_table_is_refused(
    name: str, pure: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Python API names the problem instead of encoding some other seat's view."""
    if pure:
        monkeypatch.setenv(PURE_PYTHON, "1")
    game = games.load(name)
    enc = rl.encoder(game)
    state = game.new_state(seed=3)
    for seat in (-1, game.players, "0", True, None):
        with pytest.raises(ValueError, match="There is no seat"):
            enc.observe(state, seat)  # type: ignore[arg-type]
    assert enc.observe(state, game.players - 1).shape == (enc.obs_size,)
