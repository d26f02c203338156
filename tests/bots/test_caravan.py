"""Caravan bots: every level returns a legal action from pure view data, is reproducible
with a fixed seed, makes the moves a good player makes in stacked positions, and medium
beats random. Strength figures are measured with ``cardtable sim`` (docs/bots/caravan.md)."""

from __future__ import annotations

import ast
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from cardtable import bots, games
from cardtable.cli.arena import simulate
from cardtable.core import State
from cardtable.games.caravan.bots import search
from cardtable.games.caravan.bots.table import Rules, from_view
from cardtable.games.caravan.rules import end, value

from .clocks import StepClock, simulations
from .support import QUICK, playout

LEVELS = ("random", "easy", "medium", "hard", "ismcts:10")
VARIANTS: list[dict[str, Any]] = [
    {},
    {"king_adds": True, "queen_anywhere": True, "first_card_suit": True},
    {"reshuffle": True, "short_deck": True, "quick_sell": True},
    {"double_deck": True, "unlimited_attachments": True, "queen_shield": True},
    {"steady_course": True, "sheltered_joker": True, "redeal": True},
]


def positions(seed: int, every: int = 3, **options: Any) -> list[State[Any]]:
    return playout(games.load("caravan", **options), seed, every, first=True)


def stacked(
    hands: Sequence[Sequence[str]],
    moves: Sequence[tuple[int, dict[str, Any]]],
    draws: Sequence[Sequence[str]] = ((), ()),
) -> State[Any]:
    """A table where seat 0 starts with ``hands`` dealt and ``draws`` on top of each deck,
    after the wire-form ``moves`` (seat, action)."""
    game = games.load("caravan")
    deck = [[*hands[0], *draws[0]], [*hands[1], *draws[1]]]
    for seed in range(100):
        state = game.new_state(seed=seed, deck=deck)
        if state.to_act == (0,):
            break
    for seat, action in moves:
        state.apply(seat, action)
    return state


def play(state: State[Any], seat: int, bot: Any, seed: int = 1) -> dict[str, Any]:
    """``bot`` acts once for ``seat`` from a JSON round-tripped view; returns the wire form
    after applying it."""
    view = json.loads(json.dumps(state.view(seat)))
    action = bot.act(view, state.legal_actions(seat), random.Random(seed))
    state.apply(seat, action)
    return dict(state.game.action_to_json(action))


def put(card: str, caravan: int) -> dict[str, Any]:
    return {"type": "play", "card": card, "caravan": caravan}


def discard(card: str) -> dict[str, Any]:
    return {"type": "discard", "card": card}


def values(state: State[Any], seat: int) -> list[int]:
    return [int(c["value"]) for c in state.view(None)["caravans"][seat]]


# -- the contract -------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_action_from_pure_view_data(level: str) -> None:
    game = games.load("caravan")
    bot = bots.make(level, game, QUICK.get(level))
    sample = positions(seed=11, every=2 if level in ("random", "easy", "medium") else 6)
    for state in sample:
        seat = state.to_act[0]
        view = json.loads(json.dumps(state.view(seat)))  # pure data, no state
        legal = state.legal_actions(seat)
        action = bot.act(view, legal, random.Random(7))
        assert action in legal, f"{level} chose {action!r}"


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_heuristics_play_whole_games_in_every_variant(level: str, options: dict[str, Any]) -> None:
    """Both seats, from the opening to the end, against themselves."""
    game = games.load("caravan", **options)
    bot = bots.make(level, game)
    for seed in (1, 2):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = bot.act(json.loads(json.dumps(state.view(seat))), legal, rng)
            assert action in legal
            state.apply(seat, action)


@pytest.mark.parametrize("options", VARIANTS[1:])
def test_search_plays_in_every_variant(options: dict[str, Any]) -> None:
    game = games.load("caravan", **options)
    bot = bots.make("ismcts:6", game)
    for state in positions(seed=3, every=9, **options):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        assert bot.act(json.loads(json.dumps(state.view(seat))), legal, random.Random(2)) in legal


@pytest.mark.parametrize("level", ["easy", "medium", "ismcts:10"])
def test_a_fixed_seed_gives_the_same_choice(level: str) -> None:
    game = games.load("caravan")
    for state in positions(seed=4, every=5)[:10]:
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        first = bots.make(level, game).act(view, legal, random.Random(5))
        again = bots.make(level, game).act(json.loads(json.dumps(view)), legal, random.Random(5))
        assert first == again


def test_the_bots_import_only_their_own_game() -> None:
    """The bots live in Caravan's package (issue 21): they may import Caravan's engine (its
    rules, written once), core and the generic bot layer, and nothing else of cardtable (no
    other game, no I/O layer). They still play from a seat's view only: ``act`` is never
    given a state."""
    package = Path(search.__file__).parent
    allowed = ("cardtable.games.caravan", "cardtable.core", "cardtable.bots")
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            inside = [n for n in names if n.startswith("cardtable")]
            assert all(n.startswith(allowed) for n in inside), f"{path.name}: {inside}"


def test_the_view_reading_bots_never_see_a_state() -> None:
    """easy and medium act on a plain dict: anything but view data would fail here."""
    state = positions(seed=8, every=7)[3]
    seat = state.to_act[0]
    view = json.loads(json.dumps(state.view(seat)))
    for level in ("easy", "medium"):
        bot = bots.make(level, state.game)
        assert bot.act(view, state.legal_actions(seat), random.Random(1)) in state.legal_actions(
            seat
        )


def test_the_table_reads_a_view_as_the_engine_does() -> None:
    """Values and ends read from the cards agree with the view's, across a random game."""
    for state in positions(seed=6, every=2):
        view = state.view(state.to_act[0])
        table = from_view(view, Rules())
        for x, stacks in enumerate(table.caravans):
            assert value(stacks) == table.values[x]
            assert end(stacks) == table.ends[x]


# -- a good player's choices on stacked decks ----------------------------------------------
OPENING = [
    (0, put("Ts", 0)),
    (1, put("2c", 0)),
    (0, put("9h", 1)),
    (1, put("3c", 1)),
    (0, put("8d", 2)),
    (1, put("4d", 2)),
]


def test_medium_brings_a_caravan_into_range() -> None:
    """10 then 8 make 18 descending: the 5 makes 23 (the 9 would bust; the others are
    low cards on other caravans)."""
    state = stacked(
        [["Ts", "9h", "8d", "8s", "5h", "Qd", "Qc", "Qh"], ["2c", "3c", "4d", "7c"]],
        [*OPENING, (0, put("8s", 0)), (1, discard("7c"))],
        draws=[["Kh"], []],
    )
    medium = bots.make("medium", state.game)
    assert play(state, 0, medium) == put("5h", 0)
    assert values(state, 0)[0] == 23


def test_medium_jacks_the_opponents_caravan_about_to_sell() -> None:
    state = stacked(
        [["Ts", "9h", "8d", "Js", "Qc", "Qh", "2c", "Ac"], ["Tc", "2d", "3d", "8c", "6c"]],
        [
            (0, put("Ts", 0)),
            (1, put("Tc", 0)),
            (0, put("9h", 1)),
            (1, put("2d", 1)),
            (0, put("8d", 2)),
            (1, put("3d", 2)),
            (0, discard("Qc")),
            (1, put("8c", 0)),
            (0, discard("Qh")),
            (1, put("6c", 0)),
        ],
        draws=[["Qs", "Qd"], []],
    )
    assert state.view(0)["sellers"][0] == 1  # their 24 sells against our 10
    medium = bots.make("medium", state.game)
    action = play(state, 0, medium)
    assert action["card"] == "Js" and (action["seat"], action["caravan"]) == (1, 0)
    assert state.view(0)["sellers"][0] is None


def test_medium_does_not_bust_its_own_caravan() -> None:
    """5, 7, 8 make 20 ascending in spades: the 9s in hand would make 29."""
    state = stacked(
        [["5s", "9h", "8d", "7s", "8s", "9c", "9d", "Qc"], ["2c", "3c", "4d", "7c", "6c"]],
        [
            (0, put("5s", 0)),
            (1, put("2c", 0)),
            (0, put("9h", 1)),
            (1, put("3c", 1)),
            (0, put("8d", 2)),
            (1, put("4d", 2)),
            (0, put("7s", 0)),
            (1, discard("7c")),
            (0, put("8s", 0)),
            (1, discard("6c")),
        ],
        draws=[["9s", "Qh", "Qd"], []],
    )
    assert values(state, 0) == [20, 9, 8]
    medium = bots.make("medium", state.game)
    play(state, 0, medium)
    assert values(state, 0)[0] <= 26


def test_medium_never_busts_its_own_caravan_with_a_number_card() -> None:
    """Across whole games against random, no number card of medium's takes one of its own
    caravans past 26."""
    game = games.load("caravan")
    medium = bots.make("medium", game)
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if seat == 0:
                action = medium.act(state.view(seat), legal, rng)
                wire = game.action_to_json(action)
                state.apply(seat, action)
                if wire["type"] == "play" and "seat" not in wire and not state.is_over():
                    assert values(state, 0)[wire["caravan"]] <= 26, (seed, wire)
            else:
                state.apply(seat, rng.choice(legal))


def test_medium_does_not_hand_the_opponent_the_game() -> None:
    """They sell pairs 1 and 2; our 18 in pair 3 would sell with the 4 or the 5, which
    ends the game with them selling two pairs: medium cuts one of theirs instead."""
    state = stacked(
        [
            ["Ts", "9h", "8d", "Td", "Qc", "Qh", "Qd", "4h"],
            ["Tc", "9c", "2d", "8c", "6c", "7c", "6d"],
        ],
        [
            (0, put("Ts", 0)),
            (1, put("Tc", 0)),
            (0, put("9h", 1)),
            (1, put("9c", 1)),
            (0, put("8d", 2)),
            (1, put("2d", 2)),
            (0, put("Td", 2)),
            (1, put("8c", 0)),
            (0, discard("Qc")),
            (1, put("6c", 0)),
            (0, discard("Qh")),
            (1, put("7c", 1)),
            (0, discard("Qd")),
            (1, put("6d", 1)),
        ],
        draws=[["5h", "Js", "2s", "3s"], []],
    )
    assert values(state, 0) == [10, 9, 18] and values(state, 1) == [24, 22, 2]
    medium = bots.make("medium", state.game)
    action = play(state, 0, medium)
    assert not state.is_over()
    assert action["card"] == "Js" and action["seat"] == 1


def test_medium_beats_random() -> None:
    result = simulate("caravan", {}, ["medium", "random"], count=24, seed=3).to_json()
    assert result["bots"][0]["win_rate"] >= 0.8


def test_easy_beats_random() -> None:
    result = simulate("caravan", {}, ["easy", "random"], count=16, seed=4).to_json()
    assert result["bots"][0]["win_rate"] >= 0.7


# -- the search ---------------------------------------------------------------------------
def test_evaluate_gives_chances_that_sum_to_one() -> None:
    game = games.load("caravan")
    for state in positions(seed=9, every=4):
        seat = state.to_act[0]
        sample = game.determinize(state.view(seat), seat, random.Random(1))
        chances = search.evaluate(sample)
        assert len(chances) == 2 and abs(sum(chances) - 1.0) < 1e-9
        assert all(0.0 <= c <= 1.0 for c in chances)


def test_rollout_policy_returns_legal_actions_on_samples() -> None:
    game = games.load("caravan")
    rng = random.Random(2)
    for state in positions(seed=10, every=5):
        seat = state.to_act[0]
        sample = game.determinize(state.view(seat), seat, rng)
        while not sample.is_over():
            mover = sample.to_act[0]
            legal = sample.legal_actions(mover)
            action = search.rollout_policy(sample, mover, legal, rng)
            assert action in legal
            sample.apply(mover, action)


def test_root_actions_are_a_shortlist_of_the_legal_ones() -> None:
    game = games.load("caravan")
    for state in positions(seed=12, every=4):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        short = search.root_actions(game, state.view(seat), legal)
        assert short and all(action in legal for action in short)
        assert len(short) <= search.SHORTLIST


def test_hard_stays_within_its_time_cap() -> None:
    """The time cap stops the search, long before its simulation budget: on a clock that
    moves 10 ms a reading, a 50 ms cap is never read as passed (the search stops before a
    simulation that would likely end past it)."""
    game = games.load("caravan")
    searched = 0
    for state in positions(seed=13, every=10)[:4]:
        seat = state.to_act[0]
        clock = StepClock(0.01)
        bot = bots.make("hard", game, 0.05, clock=clock)
        bot.act(state.view(seat), state.legal_actions(seat), random.Random(1))
        iterations = simulations(bot)
        assert iterations < search.hard_iterations
        assert clock.ticks <= 5  # 10 ms a reading: the 50 ms cap never read as passed
        searched += iterations > 0
    assert searched, "no position had a choice to search"
