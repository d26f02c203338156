"""Cabo bots: every level returns a legal action from pure view data, is reproducible with
a fixed seed, makes the moves a good player makes in stacked positions, and medium beats
random. Strength figures are measured with ``cardtable sim`` (docs/bots/cabo.md)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable import bots, games
from cardtable.cli.arena import simulate
from cardtable.core import State
from cardtable.games.cabo.bots import opponents, search
from cardtable.games.cabo.bots.knowledge import Rules, Table, from_view
from cardtable.games.cabo.bots.players import HeuristicBot
from cardtable.games.cabo.bots.policy import MEDIUM, Mind, decide

from .support import LEVELS, assert_legal_from_views, assert_reproducible, play, playout, wire


def positions(players: int, seed: int, every: int = 3, **options: Any) -> list[State[Any]]:
    return playout(games.load("cabo", players=players, **options), seed, every)


def stacked(*hands: Sequence[int], deck: Sequence[int] = (), starter: int = 0) -> State[Any]:
    """A table with ``hands`` dealt (seat by seat, slots left to right) and ``deck`` on
    top, where ``starter`` begins (the first starter is seeded: look for a seed)."""
    game = games.load("cabo", players=len(hands))
    cards = [str(c) for hand in hands for c in hand] + [str(c) for c in deck]
    for seed in range(500):
        state = game.new_state(seed=seed, deck=cards)
        if state.to_act == (starter,):
            return state
    raise AssertionError("no seed starts with that seat")


# -- the contract -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_action_from_pure_view_data(players: int, level: str) -> None:
    game = games.load("cabo", players=players)
    sample = positions(players, seed=11 + players, every=2 if level in ("random", "easy") else 5)
    assert_legal_from_views(
        game, level, sample[:: 1 if level in ("random", "easy", "medium") else 3]
    )


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_heuristics_play_every_seat_of_whole_games(level: str) -> None:
    """Many reachable views, every seat, every variant that changes what is legal."""
    variants: list[tuple[int, dict[str, Any]]] = [
        (2, {}),
        (3, {"lock_caller": True}),
        (5, {"deck_out": "reshuffle"}),
    ]
    for players, options in variants:
        game = games.load("cabo", players=players, initial_peek="choose_two", **options)
        bot = bots.make(level, game)
        state = game.new_state(seed=players)
        rng = random.Random(players)
        while not state.is_over():
            seat = rng.choice(state.to_act)
            legal = state.legal_actions(seat)
            action = bot.act(state.view(seat), legal, rng)
            assert action in legal
            state.apply(seat, action)


@pytest.mark.parametrize("level", ["easy", "medium", "ismcts:12"])
def test_a_fixed_seed_gives_the_same_choice(level: str) -> None:
    assert_reproducible(games.load("cabo", players=3), level, positions(3, seed=4, every=4)[:10])


# -- a good player's choices on stacked decks ----------------------------------------------
def test_medium_replaces_a_known_12_with_a_drawn_1() -> None:
    state = stacked([12, 5, 6, 7], [3, 4, 8, 9], deck=[1])
    medium = bots.make("medium", state.game)
    assert play(state, 0, medium) == {"type": "draw"}
    assert play(state, 0, medium) == {"type": "replace", "slots": [0]}


def test_medium_exchanges_two_known_equal_cards_for_a_low_one() -> None:
    state = stacked([9, 9, 6, 7], [3, 4, 8, 9], deck=[2])
    medium = bots.make("medium", state.game)
    assert play(state, 0, medium) == {"type": "draw"}
    assert play(state, 0, medium) == {"type": "replace", "slots": [0, 1]}


def test_medium_discards_a_7_to_look_at_an_unknown_card_of_its_own() -> None:
    state = stacked([8, 6, 6, 5], [3, 4, 8, 9], deck=[7])
    medium = bots.make("medium", state.game)
    play(state, 0, medium)
    assert play(state, 0, medium) == {"type": "discard"}
    looked = play(state, 0, medium)
    assert looked["type"] == "peek" and looked["seat"] == 0 and looked["slot"] in (2, 3)


def test_medium_swaps_its_known_12_away_with_an_11() -> None:
    state = stacked([12, 2, 6, 5], [3, 4, 8, 9], deck=[11])
    medium = bots.make("medium", state.game)
    play(state, 0, medium)
    assert play(state, 0, medium) == {"type": "discard"}
    swapped = play(state, 0, medium)
    assert swapped["type"] == "swap" and [0, 0] in (swapped["a"], swapped["b"])


def test_medium_takes_a_discarded_0_for_its_known_high_card() -> None:
    state = stacked([10, 2, 6, 5], [1, 1, 8, 9], deck=[0], starter=1)
    state.apply(1, {"type": "draw"})
    state.apply(1, {"type": "discard"})  # a 0 offers no power: seat 0 is next
    medium = bots.make("medium", state.game)
    assert play(state, 0, medium) == {"type": "take_discard"}
    assert play(state, 0, medium) == {"type": "replace", "slots": [0]}


def table_of(rows: list[list[int | None]], **fields: Any) -> Table:
    """A hand-built knowledge table for seat 0 (the pool is everything else)."""
    view = {
        "seat": 0,
        "players": len(rows),
        "phase": fields.pop("phase", "start"),
        "rows": [
            [{"card": None if c is None else str(c), "seen_by": [], "public": False} for c in row]
            for row in rows
        ],
        "discard": [str(c) for c in fields.pop("discard", [])],
        "holding": fields.pop("holding", None),
        "power": fields.pop("power", None),
        "caller": fields.pop("caller", None),
        "final_turns": 0,
        "deck": fields.pop("deck", 30),
        "reshuffles": fields.pop("reshuffles", 0),
        "totals": fields.pop("totals", [0] * len(rows)),
    }
    assert not fields
    return from_view(view, Rules())


def test_medium_calls_with_a_known_low_row_and_not_with_a_high_one() -> None:
    low = table_of([[0, 1, 2, 1], [None] * 4, [None] * 4])
    assert decide(low) == ("call",)
    high = table_of([[9, 8, None, None], [None] * 4, [None] * 4])
    assert decide(high) != ("call",)


def test_medium_calls_once_the_deck_has_been_refilled_twice() -> None:
    """CA-14 with deck_out=reshuffle: only a call ends a round, so medium's patience ends
    with the second refill, whatever its row."""
    high = [[9, 8, None, None], [None] * 4, [None] * 4]
    assert decide(table_of(high, reshuffles=1)) != ("call",)
    assert decide(table_of(high, reshuffles=2)) == ("call",)
    assert decide(table_of(high, reshuffles=2, caller=1)) != ("call",)  # one call a round


def test_hard_calls_without_searching_once_the_deck_has_been_refilled_twice() -> None:
    game = games.load("cabo", players=2, deck_out="reshuffle")
    state = stacked([9, 8, 7, 6], [1, 2, 3, 4], deck=[5])
    state.reshuffles = 2  # as after two refills: nothing else in the view changes
    roots = search.root_actions(game, state.view(0), state.legal_actions(0))
    assert [wire(game, a) for a in roots] == [{"type": "call"}]


@pytest.mark.parametrize("seed", [1, 5])
def test_a_round_whose_deck_is_refilled_still_ends(seed: int) -> None:
    """CA-14 with deck_out=reshuffle. On these deals medium and three gauntlet ``cautious``
    players once played a round for ever (sums of 0 and 1, each finding waiting cheaper
    than calling): the game now ends, in about 1,300 decisions."""
    game = games.load("cabo", players=4, deck_out="reshuffle")
    state = game.new_state(seed=seed)
    players = [bots.make("medium", game)] + [opponents.cautious(game) for _ in range(3)]
    rng = random.Random(seed)
    refills = 0
    for _ in range(20_000):
        if state.is_over():
            break
        seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
        action = players[seat].act(state.view(seat), state.legal_actions(seat), rng)
        state.apply(seat, action)
        refills = max(refills, state.view(None)["reshuffles"])
    assert state.is_over() and refills == 2


def test_medium_completes_a_kamikaze_and_calls_with_one() -> None:
    holding = {"seat": 0, "from": "deck", "card": "13"}
    near = table_of([[12, 12, 13, 4], [None] * 4], phase="drawn", holding=holding)
    assert decide(near) == ("replace", (3,))
    done = table_of([[12, 12, 13, 13], [None] * 4])
    assert decide(done) == ("call",)


def test_medium_never_hands_an_opponent_its_kamikaze() -> None:
    rows: list[list[int | None]] = [[13, 9, 1, 2], [12, 12, 13, 3]]
    mind = Mind(table_of(rows, phase="power", power="swap"), MEDIUM)
    assert ("swap", (0, 0), (1, 3)) not in [key for score, key in mind.swap_options() if score > 0]
    assert mind.decide() != ("swap", (0, 0), (1, 3))


# -- the search's helpers --------------------------------------------------------------------
def test_rollouts_and_evaluation_on_samples() -> None:
    game = games.load("cabo", players=3)
    rng = random.Random(2)
    for state in positions(3, seed=9, every=3)[:20]:
        for seat in state.to_act:
            sample = game.determinize(state.view(seat), seat, rng)
            legal = sample.legal_actions(seat)
            assert search.rollout_policy(sample, seat, legal, rng) in legal
            roots = search.root_actions(game, state.view(seat), state.legal_actions(seat))
            assert roots and all(a in state.legal_actions(seat) for a in roots)
            values = search.evaluate(sample)
            assert all(0.0 <= v <= 1.0 for v in values)
            assert abs(sum(values) - 1.0) < 1e-9


def test_weighted_samples_stay_consistent_with_the_view() -> None:
    """The search's samples trade only cards the seat has not seen (the leak property)."""
    rng = random.Random(4)
    for players in (2, 4):
        game = games.load("cabo", players=players)
        for state in positions(players, seed=20 + players, every=2)[:40]:
            for seat in state.to_act:
                view = state.view(seat)
                sample = search.determinize(game, view, seat, rng)
                assert sample.view(seat) == view
                assert sorted(sample.all_cards()) == sorted(state.all_cards())


def test_evaluation_favours_the_lower_total() -> None:
    chances = search.win_chances([20, 40, 60], 100)
    assert chances[0] > chances[1] > chances[2]
    assert search.win_chances([90, 60], 100)[1] > search.win_chances([60, 40], 100)[1] - 0.2


def test_a_cut_rollout_scores_the_rows_as_they_stand() -> None:
    rules = Rules()
    assert search.round_scores([[1, 2], [5, 5]], None, rules) == [3, 10]
    assert search.round_scores([[1, 2], [5, 5]], 0, rules) == [0, 10]
    assert search.round_scores([[6, 6], [5, 5]], 0, rules) == [22, 10]
    assert search.round_scores([[12, 13, 12, 13], [0, 0]], 1, rules) == [0, 50]


def test_the_search_budget_and_shortlist_follow_the_table_size() -> None:
    two, four = games.load("cabo", players=2), games.load("cabo", players=4)
    assert search.hard_iterations(two) > search.hard_iterations(four)
    # A drawn 9 is searched between replacing the known 12 and discarding it to spy
    # (close in value), never put on the known 5.
    state = stacked([12, 5, 6, 7], [3, 4, 8, 9], [1, 2, 3, 4], [5, 6, 7, 8], deck=[9])
    state.apply(0, {"type": "draw"})
    roots = [
        wire(four, a) for a in search.root_actions(four, state.view(0), state.legal_actions(0))
    ]
    assert roots[0] == {"type": "replace", "slots": [0]}
    assert {"type": "discard"} in roots and {"type": "replace", "slots": [1]} not in roots
    # A swap is searched among the heuristic's best few (skipping too, when it is close).
    swap = stacked([12, 5, 6, 7], [3, 4, 8, 9], [1, 2, 3, 4], [5, 6, 7, 8], deck=[11])
    swap.apply(0, {"type": "draw"})
    swap.apply(0, {"type": "discard"})
    roots = search.root_actions(four, swap.view(0), swap.legal_actions(0))
    kinds = [wire(four, a)["type"] for a in roots]
    assert set(kinds) <= {"swap", "skip"} and 2 <= len(roots) <= 6
    medium = bots.make("medium", four)
    assert medium.act(swap.view(0), swap.legal_actions(0), random.Random(1)) in roots


@pytest.mark.parametrize("players", [2, 4])
def test_the_shortlist_starts_with_the_heuristics_choice(players: int) -> None:
    """hard's paired search keeps the first searched action unless another is surely
    better: that default must be what the medium player would do (at two seats, the
    medium player that waits for a surer call)."""
    game = games.load("cabo", players=players)
    medium = HeuristicBot("default", game, search.own_style(players))
    for position in positions(players, seed=17, every=2)[:60]:
        seat = position.to_act[0]
        legal = position.legal_actions(seat)
        if len(legal) < 2:
            continue
        view = json.loads(json.dumps(position.view(seat)))
        roots = search.root_actions(game, view, legal)
        assert roots[0] == medium.act(view, legal, random.Random(1))
        assert len(set(map(repr, roots))) == len(roots) and all(a in legal for a in roots)


def test_at_two_seats_hard_waits_for_a_surer_call_than_medium() -> None:
    """Two seats: hard's own calls wait (a medium player that waits so wins 63% of
    duplicate games against medium); a known low row is still called at once."""
    even = table_of([[3, 4, None, None], [None] * 4])
    assert decide(even) == ("call",)
    assert decide(even, search.own_style(2)) == ("draw",)
    low = table_of([[1, 2, None, None], [None] * 4])
    assert decide(low, search.own_style(2)) == ("call",)
    assert search.own_style(4) == MEDIUM  # at four seats waiting longer lost


def test_hard_finds_the_obvious_replacement() -> None:
    state = stacked([12, 5, 6, 7], [3, 4, 8, 9], deck=[0])
    hard = bots.make("ismcts:150", state.game)
    state.apply(0, {"type": "draw"})
    assert play(state, 0, hard) == {"type": "replace", "slots": [0]}


# -- strength, in a handful of games (the real figures come from `cardtable sim`) ----------
def test_medium_beats_random() -> None:
    result = simulate("cabo", {"players": 2}, ["medium", "random"], 12, seed=3).to_json()
    assert result["bots"][0]["wins"] >= 9
