"""Cambio bots: every level returns a legal action (or lets a snap window pass) from pure
view data, is reproducible with a fixed seed, never imports the game's code, makes the moves
a good player makes in stacked positions, and medium beats random. Strength figures are
measured with ``cardtable sim`` (docs/bots/cambio.md)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable import bots, games
from cardtable.cli.arena import simulate
from cardtable.core import State
from cardtable.games.cambio.bots import search
from cardtable.games.cambio.bots.knowledge import Rules, from_sample, from_view
from cardtable.games.cambio.bots.players import wire_key
from cardtable.games.cambio.bots.policy import MEDIUM, Mind

from . import support
from .clocks import frozen
from .support import LEVELS, QUICK, assert_legal_from_views, assert_reproducible, playout, wire

VARIANTS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 4},
    {"players": 3, "snap": "anytime"},
    {"players": 4, "snap": "anytime", "lock_caller": True, "king_any_order": True},
    {"players": 2, "initial_peek": "choose_two", "snap": "off", "first_player": "random"},
    {"players": 5, "scoring": "pairs_cancel", "red_king": -5, "joker": 3, "snap": "anytime"},
]


def positions(seed: int, every: int = 3, **options: Any) -> list[State[Any]]:
    return playout(games.load("cambio", **options), seed, every)


def stacked(*hands: Sequence[str], start: str, deck: Sequence[str] = (), **options: Any) -> Any:
    """A table with ``hands`` dealt (seat by seat, slots left to right), ``start`` turned up
    and ``deck`` on top."""
    game = games.load("cambio", players=len(hands), **options)
    return game.new_state(seed=1, deck=[*(c for h in hands for c in h), start, *deck])


def ask(state: State[Any], seat: int, level: str = "medium", seed: int = 1) -> Any:
    """What ``level`` does for ``seat``, from a pure view (not applied)."""
    return support.ask(state, seat, bots.make(level, state.game, QUICK.get(level)), seed)


def play(state: State[Any], seat: int, level: str = "medium") -> dict[str, Any] | None:
    """``level`` acts once for ``seat``; returns the wire form of what it did."""
    return support.play(state, seat, bots.make(level, state.game, QUICK.get(level)))


# -- the contract -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_action_from_pure_view_data(
    options: dict[str, Any], level: str
) -> None:
    sample = positions(seed=len(options) * 7 + 1, every=2, **options)
    step = 1 if level in ("random", "easy", "medium") else 4

    def passed(state: State[Any], seat: int, legal: Any) -> None:
        # Only an optional moment may pass: a snap window on someone else's turn.
        assert seat != state.view(seat)["turn"] and level != "random"
        assert all(a.kind == "snap" for a in legal)

    assert_legal_from_views(games.load("cambio", **options), level, sample[::step], passed=passed)


@pytest.mark.parametrize("level", ["easy", "medium", "ismcts:16"])
@pytest.mark.parametrize("snap", ["own_turn", "anytime"])
def test_every_level_is_reproducible_with_a_fixed_seed(level: str, snap: str) -> None:
    game = games.load("cambio", players=3, snap=snap)
    sample = positions(seed=4, every=5, players=3, snap=snap)[:12]
    assert_reproducible(game, level, sample, seat_of=lambda state: state.to_act[-1], seed=9)


def test_the_view_and_the_sample_give_the_same_knowledge() -> None:
    """The search reads a sampled state through the acting seat's knowledge bits: what it
    sees is exactly what that seat's view shows."""
    for options in VARIANTS:
        game = games.load("cambio", **options)
        rules = Rules.of(game.options)
        for state in positions(seed=3, every=7, **options)[:8]:
            for seat in range(state.players):
                a = from_view(state.view(seat), rules)
                b = from_sample(state, seat, rules)
                assert (a.cards, a.owner_knows, a.pool, a.drawn) == (
                    b.cards,
                    b.owner_knows,
                    b.pool,
                    b.drawn,
                )


# -- a good player's moves ----------------------------------------------------------------
HAND_1 = ["5h", "6h", "4c", "6c"]  # seat 1 in two-seat tables: nothing special


def test_medium_replaces_a_known_nine_with_a_drawn_two() -> None:
    state = stacked(["5c", "6d", "9h", "3s"], HAND_1, start="4d", deck=["2h"])
    assert play(state, 0) == {"type": "draw"}
    assert play(state, 0) == {"type": "replace", "slot": 2}


def test_medium_keeps_its_low_cards() -> None:
    """A drawn 8 is worse than the known 3 and 4: medium discards it (and uses its peek)."""
    state = stacked(["5c", "6d", "4h", "3s"], HAND_1, start="Td", deck=["8h"])
    assert play(state, 0) == {"type": "draw"}
    assert play(state, 0) == {"type": "discard"}


def test_medium_uses_a_seven_to_peek_at_an_unknown_own_card() -> None:
    state = stacked(["Kc", "Qd", "2h", "3s"], HAND_1, start="4d", deck=["7h"])
    play(state, 0)
    assert play(state, 0) == {"type": "discard"}
    action = play(state, 0)
    assert action is not None and action["type"] == "peek"
    assert (action["seat"], action["slot"]) in ((0, 0), (0, 1))


def test_medium_snaps_a_known_match_and_never_an_unknown_card() -> None:
    """Seat 0 knows its 7♥ (slot 3) matches the 7♣ on the pile; its 7♠ in slot 1 is
    unknown to it: it snaps the first and, the pile now showing a 7, not the second."""
    state = stacked(["7s", "Kc", "7h", "3s"], HAND_1, start="7c")
    assert play(state, 0) == {"type": "snap", "seat": 0, "slot": 2}
    assert state.view(0)["hands"][0] == ["??", "??", None, "3s"]
    assert play(state, 0) == {"type": "draw"}


def test_medium_lets_a_snap_window_pass_unless_it_knows_a_match() -> None:
    """snap=anytime: after seat 0 discards a 6 every seat may snap. Seat 2 knows its 6♦ and
    snaps it; seat 0 knows no six and lets the window pass; seat 1, whose turn it is, holds
    two sixes it does not know and draws."""
    state = stacked(
        ["As", "2s", "3s", "4s"],
        ["6c", "6h", "8c", "9c"],
        ["Ac", "2c", "6d", "3c"],
        start="5c",
        deck=["6s", "Kd"],
        snap="anytime",
    )
    state.apply(0, {"type": "draw"})
    state.apply(0, {"type": "discard"})
    assert state.to_act == (1, 2, 0)
    assert ask(state, 0) is None
    assert wire(state.game, ask(state, 1)) == {"type": "draw"}
    assert play(state, 2) == {"type": "snap", "seat": 2, "slot": 2}


def test_medium_snaps_an_opponents_known_match_and_gives_its_worst_card() -> None:
    """snap=anytime: seat 1 has peeked at seat 0's 9♣; when a 9 is discarded seat 1 snaps
    it and gives its known 10 in return."""
    state = stacked(
        ["9c", "2s", "3s", "4s"],
        ["5d", "Ah", "Td", "2c"],
        start="4d",
        deck=["9h", "Th", "9d"],
        snap="anytime",
    )
    state.apply(0, {"type": "draw"})
    state.apply(0, {"type": "discard"})  # 9h: seat 0 may peek at an opponent's card
    state.apply(0, {"type": "skip"})
    state.apply(1, {"type": "draw"})
    state.apply(1, {"type": "discard"})  # Th: seat 1 peeks at seat 0's slot 1
    state.apply(1, {"type": "peek", "seat": 0, "slot": 0})
    state.apply(0, {"type": "draw"})
    state.apply(0, {"type": "discard"})  # 9d on top; seat 1 knows seat 0's 9c matches
    state.apply(0, {"type": "skip"})
    assert play(state, 1) == {"type": "snap", "seat": 0, "slot": 0}
    assert play(state, 1) == {"type": "give", "slot": 2}


def test_medium_swaps_its_known_high_card_for_a_low_card_it_has_seen() -> None:
    """A discarded jack: medium swaps its known 10 with the opponent's ace it peeked at."""
    state = stacked(
        ["5c", "6d", "Td", "3s"],
        ["Ah", "6h", "4c", "6c"],
        start="4d",
        deck=["9h", "2d", "Jc"],
    )
    state.apply(0, {"type": "draw"})
    state.apply(0, {"type": "discard"})
    state.apply(0, {"type": "peek", "seat": 1, "slot": 0})  # the ace
    state.apply(1, {"type": "draw"})
    state.apply(1, {"type": "discard"})
    assert play(state, 0) == {"type": "draw"}
    assert play(state, 0) == {"type": "discard"}
    assert play(state, 0) == {"type": "swap", "a": [0, 2], "b": [1, 0]}


def all_known_low_hand() -> State[Any]:
    """Seat 0 has looked at all four of its cards: A, 2, K♥, joker (a total of 2)."""
    low: State[Any] = stacked(
        ["As", "2d", "Kh", "RJ"], HAND_1, start="Td", deck=["7c", "9d", "8c", "9s"]
    )
    for _ in range(2):
        low.apply(0, {"type": "draw"})
        low.apply(0, {"type": "discard"})
        unknown = low.view(0)["hands"][0].index("??")
        low.apply(0, {"type": "peek", "seat": 0, "slot": unknown})
        low.apply(1, {"type": "draw"})
        low.apply(1, {"type": "discard"})
        low.apply(1, {"type": "skip"})
    assert low.view(0)["hands"][0] == ["As", "2d", "Kh", "RJ"]
    return low


def test_medium_calls_when_its_known_total_is_low_and_plays_on_when_it_is_high() -> None:
    assert play(all_known_low_hand(), 0) == {"type": "call"}
    high = stacked(["9s", "8d", "Qh", "Tc"], HAND_1, start="4d")
    assert play(high, 0) == {"type": "draw"}


def test_hard_calls_with_a_known_low_hand_and_draws_with_a_high_one() -> None:
    """The search (its whole rollout budget, no time pressure) keeps the clear calls."""
    low = all_known_low_hand()
    hard = bots.make("hard", low.game, 30.0, clock=frozen())
    view = json.loads(json.dumps(low.view(0)))
    assert wire(low.game, hard.act(view, low.legal_actions(0), random.Random(3))) == {
        "type": "call"
    }
    high = stacked(["9s", "8d", "Qh", "Tc"], HAND_1, start="4d")
    view = json.loads(json.dumps(high.view(0)))
    assert wire(high.game, hard.act(view, high.legal_actions(0), random.Random(3))) == {
        "type": "draw"
    }


def test_medium_peeks_with_a_king_then_swaps_when_the_card_is_lower() -> None:
    state = stacked(["5c", "6d", "Qd", "3s"], ["Ah", "6h", "4c", "6c"], start="4d", deck=["Kc"])
    play(state, 0)
    assert play(state, 0) == {"type": "discard"}
    peek = play(state, 0)
    assert peek is not None and peek["type"] == "peek"
    swap = play(state, 0)
    seen = state.view(0)["hands"][peek["seat"]][peek["slot"]]
    if peek["seat"] != 0 and seen not in (None, "??") and seen[0] in "A2345":
        assert swap == {"type": "swap", "a": [0, 2], "b": [peek["seat"], peek["slot"]]}


# -- the search's pieces ------------------------------------------------------------------
def test_the_rollout_policy_plays_legal_moves_and_lets_windows_pass() -> None:
    for options in VARIANTS:
        game = games.load("cambio", **options)
        rng = random.Random(5)
        for seed in range(3):
            state = game.new_state(seed=seed)
            while not state.is_over():
                waiting = list(state.to_act)
                while True:
                    seat = waiting.pop(rng.randrange(len(waiting)))
                    legal = state.legal_actions(seat)
                    action = search.rollout_policy(state, seat, legal, rng)
                    if action is not None:
                        assert action in legal
                        break
                    assert seat != state.view(seat)["turn"] and waiting, "only a bystander may pass"
                state.apply(seat, action)


def test_the_root_shortlist_keeps_the_heuristics_choice() -> None:
    game = games.load("cambio", players=2)
    rules = Rules.of(game.options)
    for state in positions(seed=8, every=1, players=2)[:40]:
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        options = {wire_key(game.action_to_json(a)): a for a in legal}
        choice = Mind(from_view(view, rules), MEDIUM, options).decide()
        shortlist = search.root_actions(game, view, legal)
        assert shortlist and all(a in legal for a in shortlist)
        assert choice is None or options[choice] in shortlist


def test_hard_plays_its_first_turn_as_medium() -> None:
    """A seat's first turn of the round is read off the discard pile (never a later turn
    read as a first), and there the shortlist is medium's choice alone: the search departs
    from it only once every opponent has had a turn to show how it plays."""
    searched_later = 0
    for options in VARIANTS:
        game = games.load("cambio", **options)
        rules = Rules.of(game.options)
        for seed in range(3):
            state, rng = game.new_state(seed=seed), random.Random(seed)
            played, snapped = [False] * state.players, False
            while not state.is_over():
                seat = rng.choice(state.to_act)
                view = state.view(seat)
                table = from_view(view, rules)
                mine = view["turn"] == seat and view["phase"] in ("turn", "drawn", "power")
                if mine and view["caller"] is None:
                    first = search.first_turn(view, table)
                    assert not (first and played[seat])
                    assert first or played[seat] or snapped
                    legal = state.legal_actions(seat)
                    shortlist = search.root_actions(game, view, legal)
                    if first:
                        keys = {wire_key(game.action_to_json(a)): a for a in legal}
                        choice = Mind(table, MEDIUM, keys).decide()
                        assert choice is not None and shortlist == [keys[choice]]
                    elif len(shortlist) > 1:
                        searched_later += 1
                current, pile = state.current, len(state.discard)
                action = rng.choice(state.legal_actions(seat))
                state.apply(seat, action)
                snapped |= type(action).__name__ == "Snap" and len(state.discard) > pile
                if state.current != current:
                    played[current] = True
    assert searched_later > 0


# -- strength, with a generous bound (the figures are in docs/bots/cambio.md) ---------------
def test_medium_beats_random() -> None:
    result = simulate("cambio", {"players": 2}, ["medium", "random"], 60, seed=3)
    medium = result.tallies[0]
    assert medium.wins / medium.games >= 0.65


def test_a_sim_with_snap_windows_lets_bystanders_pass() -> None:
    """snap=anytime: ``cardtable sim`` asks the seats of a window in a random order and a bot
    that returns None lets the next one act (docs/server.md, Bots)."""
    result = simulate(
        "cambio", {"players": 3, "snap": "anytime"}, ["medium", "easy", "random"], 12, seed=2
    )
    assert result.games == 12
    assert result.tallies[0].wins > result.tallies[2].wins


def test_the_weighted_samples_keep_the_bots_view() -> None:
    """hard's sampler moves only cards the bot has not seen (the leak property holds)."""
    for options in VARIANTS:
        game = games.load("cambio", **options)
        rng = random.Random(2)
        for state in positions(seed=6, every=5, **options)[:10]:
            for seat in range(state.players):
                view = state.view(seat)
                sample = search.determinize(game, view, seat, rng)
                assert sample.view(seat) == view
                assert sorted(sample.all_cards()) == sorted(state.all_cards())


def test_a_rollout_stops_a_few_draws_past_the_root_unless_someone_called() -> None:
    """hard's rollouts are cut ``HORIZON`` draws after the sample was drawn; once Cambio is
    called the round has a few turns left and plays out to its end."""
    game = games.load("cambio", players=2)
    view = game.new_state(seed=4).view(0)

    def turn(state: Any) -> None:
        seat = state.current
        state.apply(seat, {"type": "draw"})
        state.apply(seat, {"type": "discard"})
        if state.phase == "power":
            state.apply(seat, {"type": "skip"})

    for call in (False, True):
        sample = search.determinize(game, view, 0, random.Random(1))
        for _ in range(search.HORIZON[2] - 1):
            assert search.rollout_horizon(sample) is False
            turn(sample)
        if call:
            sample.apply(sample.current, {"type": "call"})
        sample.apply(sample.current, {"type": "draw"})
        assert search.rollout_horizon(sample) is not call


def test_a_cut_rollout_favours_the_seat_that_knows_low_cards() -> None:
    """The evaluation of an unfinished round (fitted on medium's games): chances that sum
    to 1, higher for the seat whose known cards are low when the cards it has not seen are
    alike (a known low card is kept; unseen cards are still to be found and replaced)."""
    low, high = ["5s", "6d", "Kh", "As"], ["5c", "6h", "Qh", "Jc"]
    for first, second in ((low, high), (high, low)):
        chances = search.evaluate(stacked(first, second, start="4d"))
        assert sum(chances) == pytest.approx(1.0)
        assert (chances[0] > 0.5) == (first is low)
