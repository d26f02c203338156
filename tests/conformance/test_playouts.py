"""Random playouts over seeds and option combinations, checking the contract at every step:
cards are conserved, views and actions round-trip through JSON, the leak property holds,
illegal and malformed actions are rejected without changing anything, and the outcome is
well formed."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import IllegalAction, games
from cardtable.core import State

from .support import MAX_STEPS, choose, new_game, option_cases, random_options, snapshot

# Checks that cost a determinization or a snapshot run at about this many steps a game.
CHECKS_PER_GAME = 6
BASE_VIEW_KEYS = {"game", "seat", "players", "to_act", "over"}


def options_strategy(name: str) -> st.SearchStrategy[dict[str, object]]:
    combos = st.integers(0, 2**32).map(lambda s: random_options(name, random.Random(s)))
    return st.one_of(st.sampled_from(option_cases(name)), combos)


@pytest.mark.parametrize("name", games.names())
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_playout_keeps_the_contract(name: str, data: st.DataObject) -> None:
    options = data.draw(options_strategy(name), label="options")
    seed = data.draw(st.integers(10**12, 10**13), label="seed")
    game = new_game(name, options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    cards = Counter(state.all_cards())
    pool: list[Any] = []
    for _ in range(MAX_STEPS):
        if state.is_over():
            break
        seat, action = choose(state, rng)
        check_action_round_trip(state, action)
        if rng.random() < CHECKS_PER_GAME / 60:
            check_views(state, seed)
            check_leak_property(state, rng)
            check_rejections(state, pool, rng)
            check_every_legal_action_applies(state, seat)
        pool.append(action)
        check_events(state, state.apply(seat, action))
        assert Counter(state.all_cards()) == cards, "a step must neither create nor lose cards"
    else:
        pytest.fail(f"{name} did not end within {MAX_STEPS} random decisions")
    check_outcome(state)
    check_views(state, seed)
    assert pool, "a game takes at least one decision"


def check_action_round_trip(state: State[Any], action: Any) -> None:
    wire = state.game.action_to_json(action)
    assert json.loads(json.dumps(wire)) == wire
    assert state.game.action_from_json(json.loads(json.dumps(wire))) == action


def check_views(state: State[Any], seed: int) -> None:
    for seat in [*range(state.players), None]:
        view = state.view(seat)
        text = json.dumps(view, sort_keys=True)
        assert json.loads(text) == view, "a view must be plain JSON"
        assert set(view) >= BASE_VIEW_KEYS
        assert view["seat"] == seat and view["to_act"] == list(state.to_act)
        assert str(seed) not in text, "the seed must never appear in a view"


def check_leak_property(state: State[Any], rng: random.Random) -> None:
    for seat in range(state.players):
        view = state.view(seat)
        sample = state.game.determinize(view, seat, random.Random(rng.getrandbits(32)))
        assert sample.view(seat) == view, f"determinize leaks or loses information of seat {seat}"
        assert Counter(sample.all_cards()) == Counter(state.all_cards())
        assert sample.to_act == state.to_act


MALFORMED: list[object] = [None, 7, "draw", [], {}, {"type": None}, {"type": "no-such-move"}]
BAD_FIELD_VALUES: list[object] = [None, -1, 999, "x", [], [1, 2, 3], {"a": 1}, True, 2.5]


def malformed_variants(wire: dict[str, Any]) -> list[object]:
    """The legal wire form with each field broken in turn."""
    variants: list[object] = list(MALFORMED)
    for key in wire:
        if key == "type":
            continue
        for bad in BAD_FIELD_VALUES:
            variants.append({**wire, key: bad})
        variants.append({k: v for k, v in wire.items() if k != key})
    variants.append({**wire, "unexpected": 1})
    return variants


def check_rejections(state: State[Any], pool: list[Any], rng: random.Random) -> None:
    """Everything that is not legal raises IllegalAction and leaves the state unchanged."""
    before = snapshot(state)
    legal_by_seat = {seat: state.legal_actions(seat) for seat in range(state.players)}
    waiting = [seat for seat in range(state.players) if seat not in state.to_act]
    for seat in waiting:
        for action in legal_by_seat[state.to_act[0]][:3]:
            with pytest.raises(IllegalAction):
                state.apply(seat, action)
    seat = rng.choice(state.to_act)
    for action in rng.sample(pool, min(len(pool), 20)):
        if action not in legal_by_seat[seat]:
            with pytest.raises(IllegalAction) as caught:
                state.apply(seat, action)
            assert str(caught.value), "an IllegalAction must say why"
    for bad_seat in (-1, state.players, "0", None):
        with pytest.raises(IllegalAction):
            state.apply(bad_seat, legal_by_seat[seat][0])  # type: ignore[arg-type]
    for wire in malformed_variants(state.game.action_to_json(legal_by_seat[seat][0])):
        try_malformed(state, seat, wire, legal_by_seat[seat])
    assert snapshot(state) == before, "a rejected action must change nothing"


def try_malformed(state: State[Any], seat: int, wire: object, legal: list[Any]) -> None:
    try:
        action = state.game.action_from_json(wire)
    except IllegalAction as error:
        assert str(error)
        return
    if action not in legal:
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        with pytest.raises(IllegalAction):
            state.apply(seat, wire)  # type: ignore[arg-type]


def check_every_legal_action_applies(state: State[Any], seat: int) -> None:
    for action in state.legal_actions(seat):
        copy = state.clone()
        copy.apply(seat, action)
    assert state.legal_actions(seat), "clones must not disturb the original"


def check_events(state: State[Any], events: list[Any]) -> None:
    for event in events:
        for seat in [*range(state.players), None]:
            json.dumps(event.for_seat(seat))


def check_outcome(state: State[Any]) -> None:
    assert state.is_over() and not state.to_act
    outcome = state.outcome()
    assert len(outcome.scores) == state.players
    assert outcome.winners, "a finished game has at least one winner"
    assert list(outcome.winners) == sorted(set(outcome.winners))
    assert all(0 <= seat < state.players for seat in outcome.winners)
    assert json.loads(json.dumps(outcome.to_json())) == outcome.to_json()
    for seat in range(state.players):
        assert state.legal_actions(seat) == []
