"""The ``cardtable`` command as a person uses it: sim, bench and play, and the messages it
gives for bad input."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from cardtable import games
from cardtable.bench import BASELINE_TITLE
from cardtable.cli.main import app

runner = CliRunner()
GAMES = games.names()


@pytest.mark.parametrize("name", GAMES)
def test_sim_json_reports_every_bot(name: str) -> None:
    result = runner.invoke(app, ["sim", name, "--games", "6", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    players = games.load(name).players
    assert report["game"] == name and report["games"] == 6
    assert len(report["bots"]) == players and len(report["seats"]) == players
    assert sum(b["games"] for b in report["bots"]) == 6 * players
    assert sum(b["wins"] for b in report["bots"]) == pytest.approx(6)
    assert report["games_per_second"] > 0
    for bot in report["bots"]:
        assert set(bot) >= {"name", "wins", "win_rate", "mean_score"}


def test_sim_is_reproducible_and_jobs_give_the_same_results() -> None:
    args = ["sim", "cambio", "--games", "8", "--seed", "5", "--json", "players=2"]
    one = json.loads(runner.invoke(app, args).output)
    two = json.loads(runner.invoke(app, [*args, "--jobs", "2"]).output)

    def results(report: dict) -> list:
        return [
            {k: v for k, v in bot.items() if k not in ("think_ms", "think_cpu_ms")}
            for bot in report["bots"]
        ]

    assert results(one) == results(two)
    assert [b["think_ms"]["decisions"] for b in one["bots"]] == [
        b["think_ms"]["decisions"] for b in two["bots"]
    ]


def test_sim_options_reach_the_game() -> None:
    result = runner.invoke(app, ["sim", "cambio", "--games", "2", "--json", "players=3"])
    report = json.loads(result.output)
    assert report["options"]["players"] == 3 and len(report["bots"]) == 3


@pytest.mark.parametrize(
    "args,message",
    [
        (["sim", "poker"], "Unknown game 'poker'"),
        (["sim", "cambio", "colour=red"], "no option 'colour'"),
        (["sim", "cambio", "players=9"], "Option 'players' cannot be 9"),
        (["sim", "cambio", "players"], "NAME=VALUE"),
        (
            ["sim", "cambio", "--bots", "random,random"],
            "--bots lists 2 bots but the table has 4 seats",
        ),
        (["sim", "cambio", "--bots", "random"], "--bots lists 1 bot but the table has 4 seats"),
        (["sim", "cambio", "--bots", "random,genius,random,random"], "Unknown bot 'genius'"),
        (["play", "cambio", "--seat", "7"], "--seat must be from 0 to 3"),
        (["bench", "poker"], "Unknown game 'poker'"),
    ],
)
def test_bad_input_is_named(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_sim_table_counts_one_game_as_a_game() -> None:
    one = runner.invoke(app, ["sim", "cambio", "--games", "1", "players=2"])
    assert one.exit_code == 0, one.output
    assert re.search(r"cambio: 1 game\s*$", one.output, re.M)
    two = runner.invoke(app, ["sim", "cambio", "--games", "2", "players=2"])
    assert "cambio: 2 games" in two.output


def test_bench_json() -> None:
    result = runner.invoke(app, ["bench", "cambio", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    row, *baseline = json.loads(result.output)
    assert row["game"] == "cambio" and row["decisions"] > 0 and row["games"] >= 1
    assert row["decisions_per_second"] > 0
    if importlib.util.find_spec("pyspiel") is None:
        assert baseline == [] and "vs_baseline" not in row
        return
    # OpenSpiel's C++ Dou Dizhu, driven by the same loop in the same run, is the yardstick.
    [spiel] = baseline
    assert spiel["game"] == BASELINE_TITLE and spiel["decisions"] > 0
    ratio = row["decisions_per_cpu_second"] / spiel["decisions_per_cpu_second"]
    assert row["vs_baseline"] == pytest.approx(ratio, rel=0.01)


def test_bench_bots_reports_each_games_search_speed() -> None:
    result = runner.invoke(app, ["bench", "--bots", "--seconds", "0.1", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [row["game"] for row in rows] == games.names()
    for row in rows:
        # hard searched at least once, and the rate is its simulations over its time
        assert row["searches"] >= 1 and row["simulations"] >= row["searches"]
        rate = row["simulations"] / row["seconds"]
        assert row["simulations_per_second"] == pytest.approx(rate, rel=0.01)


def test_bench_bots_table_names_the_figure() -> None:
    result = runner.invoke(app, ["bench", "caravan", "--bots", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    assert "simulations/s" in result.output and "caravan" in result.output


def test_play_draws_the_table_and_explains_a_bad_choice() -> None:
    result = runner.invoke(app, ["play", "cambio", "--seed", "4"], input="99\nq\n")
    assert result.exit_code == 0, result.output
    assert "you are seat 0" in result.output
    assert "'99' is not one of the choices" in result.output
    assert "You left the table." in result.output


def test_play_to_the_end_by_always_taking_the_first_choice() -> None:
    result = runner.invoke(app, ["play", "cambio", "--seed", "4", "players=2"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "You win!" in result.output or "You did not win this time." in result.output


def test_the_installed_command_runs_and_prints_json_when_piped() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", "cambio", "--games", "3", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout)["games"] == 3
    assert out.stderr == ""
