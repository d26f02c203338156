"""High card in the terminal and against bots: ``cardtable play`` driven through stdin,
``cardtable sim`` between random and the generic search, and the bots playing from
views only."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from cardtable import bots, games
from cardtable.cli.main import app
from cardtable.core import State

from .conftest import installed

runner = CliRunner()


def test_play_against_a_bot_through_stdin() -> None:
    # Three tricks: the person always takes the first choice of the menu.
    result = runner.invoke(
        app, ["play", "highcard", "--seed", "4", "--level", "hard"], input="1\n1\n1\n"
    )
    assert result.exit_code == 0, result.output
    assert "High Card — you are seat 0" in result.output
    assert "Play 2s face down" in result.output or "face down" in result.output
    assert "Game over" in result.output
    assert "You win!" in result.output or "You did not win this time." in result.output


def test_play_in_a_process_where_highcard_is_installed(tmp_path: Path) -> None:
    """The command of a fresh process finds the game by its entry point alone."""
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "play", "highcard", "--seed", "2", "--level", "random"],
        input="1\n1\n1\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**installed(tmp_path / "site"), "PATH": "/usr/bin:/bin", "COLUMNS": "100"},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout


def test_sim_random_against_hard() -> None:
    args = ["sim", "highcard", "--games", "20", "--bots", "random,hard", "--json"]
    result = runner.invoke(app, [*args, "--seed", "3"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["game"] == "highcard" and report["games"] == 20
    assert [b["name"] for b in report["bots"]] == ["random", "hard"]
    assert sum(b["wins"] for b in report["bots"]) >= 20  # ties are shared wins
    assert all(b["games"] == 20 for b in report["bots"])


def test_the_bots_offered_are_the_generic_ones() -> None:
    assert bots.available(games.load("highcard")) == ["random", "hard", "ismcts:N"]


class Spy:
    """Holds a bot to the contract: it gets a view and the legal actions, never a state,
    and answers one of the legal actions."""

    def __init__(self, bot: bots.Bot) -> None:
        self.bot = bot
        self.views: list[dict[str, object]] = []

    def act(self, view: dict[str, object], legal: list[object], rng: random.Random) -> object:
        assert not isinstance(view, State)
        self.views.append(view)
        action = self.bot.act(view, legal, rng)
        assert action in legal
        return action


def play(game: games.Game, seats: list[Spy], seed: int) -> State:
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act[0]
        state.apply(seat, seats[seat].act(state.view(seat), state.legal_actions(seat), rng))
    return state


def test_random_and_hard_play_from_views() -> None:
    game = games.load("highcard")
    hard, rand = Spy(bots.make("ismcts:200", game)), Spy(bots.make("random", game))
    for seed in range(4):
        state = play(game, [hard, rand] if seed % 2 else [rand, hard], seed)
        assert state.is_over() and state.outcome().winners
    # a view never shows the other's hand or a face-down card not one's own
    for view in hard.views + rand.views:
        text = json.dumps(view)
        assert (
            "hands" not in view and "rest" not in view and "trick" not in text.replace("tricks", "")
        )
