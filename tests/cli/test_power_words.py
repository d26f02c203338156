"""Issue 19 in the terminal: the picture of a table whose power belongs to another seat
says "their" cards, not the reader's "your"; after a call of Cambio the turn line offers
only the draw. Every view comes from a real engine."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardtable import games
from cardtable.core import State


def positions(name: str, **options: Any) -> Iterator[State[Any]]:
    """Every position of random games of ``name``."""
    game = games.load(name, **options)
    for seed in range(20):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while not state.is_over():
            yield state
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def power_lines(name: str, reader: int, **options: Any) -> tuple[list[str], list[str]]:
    """The lines about a power in the pictures ``reader`` sees: while another seat holds
    the power, and while the reader does."""
    game = games.load(name, **options)
    theirs: list[str] = []
    mine: list[str] = []
    for state in positions(name, **options):
        view = state.view(reader)
        if view.get("phase") != "power":
            continue
        lines = [line for line in game.render_text(view).splitlines() if "(or skip)" in line]
        (mine if view["turn"] == reader else theirs).extend(lines)
    return theirs, mine


def test_cabo_a_bots_power_is_its_own() -> None:
    theirs, mine = power_lines("cabo", 0, players=2)
    assert theirs and mine
    assert not [line for line in theirs if "your" in line], theirs
    assert any("their own cards" in line for line in theirs), theirs
    assert all(line.startswith("You may ") for line in mine), mine


def test_cambio_a_bots_power_is_its_own() -> None:
    theirs, mine = power_lines("cambio", 0, players=2)
    assert theirs and mine
    assert not [line for line in theirs if "your" in line], theirs
    assert any("one of their own cards" in line for line in theirs), theirs
    assert any("one of your own cards" in line for line in mine), mine


def test_cambio_after_a_call_the_turn_line_offers_only_the_draw() -> None:
    game = games.load("cambio", players=2)
    seen = 0
    for state in positions("cambio", players=2):
        view = state.view(0)
        if view["phase"] != "turn" or view["caller"] is None:
            continue
        turn_lines = [line for line in game.render_text(view).splitlines() if "to play:" in line]
        assert turn_lines == [turn_lines[0]] and "call" not in turn_lines[0].lower()
        seen += 1
    assert seen
