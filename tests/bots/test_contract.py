"""Every bot of every game: it returns one of the legal actions, from a view that is pure
JSON data (it never gets a state), and the same view and seed give the same choice."""

from __future__ import annotations

import ast
import importlib.util
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable import InvalidOptions, bots, games
from cardtable.bots.ismcts import Ismcts, SearchLimits
from cardtable.core import State

from .clocks import StepClock, frozen, simulations
from .support import playout

# Search bots get a tiny budget here: this checks the contract, not strength.
QUICK = {"hard": 0.02}


def cases() -> list[tuple[str, str]]:
    out = []
    for name in games.names():
        game = games.load(name)
        for bot in bots.available(game):
            out.append((name, "ismcts:8" if bot == "ismcts:N" else bot))
    return out


@pytest.mark.parametrize("game_name,bot_name", cases())
def test_bot_returns_a_legal_action_from_pure_view_data(game_name: str, bot_name: str) -> None:
    game = games.load(game_name, players=2)
    bot = bots.make(bot_name, game, QUICK.get(bot_name))
    positions = playout(game, 21, 5)
    for position in positions[:12]:
        for seat in position.to_act:
            view = json.loads(json.dumps(position.view(seat)))
            legal = position.legal_actions(seat)
            action = bot.act(view, legal, random.Random(3))
            assert action in legal, f"{bot_name} chose {action!r}, not a legal action"


@pytest.mark.parametrize("game_name,bot_name", [c for c in cases() if c[1] != "hard"])
def test_bot_is_reproducible_with_a_fixed_seed(game_name: str, bot_name: str) -> None:
    game = games.load(game_name, players=2)
    positions = playout(game, 5, 4)[:6]
    for position in positions:
        seat = position.to_act[0]
        legal = position.legal_actions(seat)
        first = bots.make(bot_name, game).act(position.view(seat), legal, random.Random(9))
        again = bots.make(bot_name, game).act(position.view(seat), legal, random.Random(9))
        assert first == again


def test_unknown_bot_names_the_bots() -> None:
    with pytest.raises(InvalidOptions, match=r"Unknown bot 'genius'.*random"):
        bots.make("genius", games.load("cambio"))
    with pytest.raises(InvalidOptions, match="positive whole number"):
        bots.make("ismcts:zero", games.load("cambio"))


@pytest.mark.parametrize(
    "count", ["", "0", "-5", "1.5", "ten", " 7", "\u00b2", "\u0661\u0662", "9" * 5000]
)
def test_a_malformed_search_budget_is_refused_by_name(count: str) -> None:
    """Digits int() refuses (a superscript, 5,000 of them) or reads from another script
    are refused like any other malformed N, with a message that does not echo it all."""
    with pytest.raises(InvalidOptions, match="positive whole number") as refused:
        bots.make(f"ismcts:{count}", games.load("cambio"))
    assert len(str(refused.value)) < 300


def test_caps_hold_a_search_to_its_simulations_and_seconds() -> None:
    """A caller's caps bound what a name asks for: ismcts:N runs at most the capped
    simulations (time standing still), and stops at the capped seconds (time running)."""
    game = games.load("cambio", players=2)
    caps = bots.Caps(simulations=30, seconds=0.05)
    shortlist = bots.hooks(game).root_actions
    assert shortlist is not None

    def searched(state: State[Any]) -> bool:  # more than one action left to search
        seat = state.to_act[0]
        return len(shortlist(game, state.view(seat), state.legal_actions(seat))) > 1

    positions = (p for seed in range(3, 60) for p in playout(game, seed, 1))
    position = next(p for p in positions if searched(p))
    seat = position.to_act[0]
    view, legal = position.view(seat), position.legal_actions(seat)
    for name in ("ismcts:1000000000", "hard"):
        still = bots.make(name, game, caps=caps, clock=frozen())
        still.act(view, legal, random.Random(1))
        assert simulations(still) == 30
        running = StepClock(0.01)
        timed = bots.make(name, game, caps=caps, clock=running)
        timed.act(view, legal, random.Random(1))
        # 10 ms a reading, a 50 ms cap: never more than five steps read.
        assert 0 < simulations(timed) < 30 and running.ticks <= 5


def paired_search(game_name: str, confidence: float) -> Ismcts:
    game = games.load(game_name, players=2)
    limits = SearchLimits(iterations=24, seconds=float("inf"), rollout_steps=40)
    return Ismcts(game, limits, depth=1, paired=True, confidence=confidence)


@pytest.mark.parametrize("game_name", games.names())
def test_paired_search_keeps_the_first_action_unless_sure(game_name: str) -> None:
    """With common random numbers the first searched action is the default: a search that
    asks for certainty it cannot reach never leaves it, and every rollout is counted."""
    game = games.load(game_name, players=2)
    doubtful = paired_search(game_name, confidence=float("inf"))
    for position in playout(game, 8, 7)[:8]:
        seat = position.to_act[0]
        legal = position.legal_actions(seat)
        view = json.loads(json.dumps(position.view(seat)))
        if len(legal) < 2:
            continue
        choices = [legal[-1], *legal[:-1]]  # a default that is not simply the first legal
        assert doubtful.search(view, seat, choices, random.Random(1)) == choices[0]
        rollouts = doubtful.last_iterations
        assert rollouts % len(choices) == 0 and 0 < rollouts <= max(24, len(choices))


@pytest.mark.parametrize("game_name", games.names())
def test_paired_search_is_reproducible_with_a_fixed_seed(game_name: str) -> None:
    game = games.load(game_name, players=2)
    for position in playout(game, 4, 9)[:5]:
        seat = position.to_act[0]
        legal = position.legal_actions(seat)
        view = position.view(seat)
        first = paired_search(game_name, 0.0).search(view, seat, legal, random.Random(6))
        again = paired_search(game_name, 0.0).search(view, seat, legal, random.Random(6))
        assert first == again and first in legal


def packaged_bots() -> list[str]:
    """The games whose bots live in their own package (issue 21; a game still moving keeps
    them in ``cardtable.bots.<game>`` until it has moved, and joins this list then)."""
    return [n for n in games.names() if importlib.util.find_spec(f"cardtable.games.{n}.bots")]


@pytest.mark.parametrize("game_name", packaged_bots())
def test_the_bots_import_only_their_own_game(game_name: str) -> None:
    """A game's bots may import its engine, core and the generic bot layer, and nothing
    else of cardtable (no other game, no I/O layer). They still play from a seat's view
    only: ``act`` is never given a state."""
    spec = importlib.util.find_spec(f"cardtable.games.{game_name}.bots")
    assert spec is not None and spec.origin is not None
    allowed = (f"cardtable.games.{game_name}", "cardtable.core", "cardtable.bots")
    for path in Path(spec.origin).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            inside = [n for n in names if n.startswith("cardtable")]
            assert all(n.startswith(allowed) for n in inside), f"{path.name}: {inside}"
