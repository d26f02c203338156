"""Stacked Caravan tables for scenario tests.

Each player has a deck of their own, stacked top first: the first 8 cards are the hand (in
that order), the next ones are drawn in turn; whatever is not listed is topped up in
seeded order. Moves go through the wire form, as a client sends them. Caravans are
0-based here as on the wire."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from cardtable import IllegalAction, games
from cardtable.core import Event
from cardtable.games.caravan import CaravanState


def table(
    p0: Sequence[str] = (), p1: Sequence[str] = (), *, first: int = 0, **options: object
) -> CaravanState:
    """A new game with the two decks stacked, ``first`` to move. The first player is seeded
    (CV-1), so this looks for a seed that gives the wanted one."""
    game = games.load("caravan", **options)
    for seed in range(200):
        state = game.new_state(seed=seed, deck=[list(p0), list(p1)])
        if state.to_act == (first,):
            assert isinstance(state, CaravanState)
            return state
    raise AssertionError("no seed gives that first player")


def play(state: CaravanState, seat: int, card: str, caravan: int) -> list[Event]:
    """A number card onto the seat's own caravan."""
    return state.apply(seat, {"type": "play", "card": card, "caravan": caravan})


def put(
    state: CaravanState, seat: int, card: str, owner: int, caravan: int, index: int
) -> list[Event]:
    """A face card or joker onto number card ``index`` of ``owner``'s caravan."""
    wire = {"type": "play", "card": card, "seat": owner, "caravan": caravan, "index": index}
    return state.apply(seat, wire)


def discard(state: CaravanState, seat: int, card: str) -> list[Event]:
    return state.apply(seat, {"type": "discard", "card": card})


def disband(state: CaravanState, seat: int, caravan: int) -> list[Event]:
    return state.apply(seat, {"type": "disband", "caravan": caravan})


def opening(state: CaravanState, p0: Sequence[str], p1: Sequence[str]) -> None:
    """Both openings (CV-3): each player's three cards onto their caravans 0, 1, 2, taking
    turns from whoever moves first."""
    cards, placed = (list(p0), list(p1)), [0, 0]
    for _ in range(6):
        seat = state.to_act[0]
        play(state, seat, cards[seat][placed[seat]], placed[seat])
        placed[seat] += 1


def idle(state: CaravanState, seat: int, keep: Iterable[str] = ()) -> list[Event]:
    """A turn that changes no caravan: discard the newest card not in ``keep``."""
    kept = set(keep)
    card = next(c for c in reversed(state.hands[seat]) if c not in kept)
    return discard(state, seat, card)


def caravan(state: CaravanState, seat: int, c: int) -> dict[str, Any]:
    """What everyone sees of a caravan: cards, value, direction and suit."""
    shown: dict[str, Any] = state.view(None)["caravans"][seat][c]
    return shown


def numbers(state: CaravanState, seat: int, c: int) -> list[str]:
    """The number cards of a caravan, oldest first."""
    return [card["card"] for card in caravan(state, seat, c)["cards"]]


def legal_wire(state: CaravanState, seat: int) -> list[dict[str, Any]]:
    return [state.game.action_to_json(a) for a in state.legal_actions(seat)]


def can_play(state: CaravanState, seat: int, card: str, c: int) -> bool:
    return {"type": "play", "card": card, "caravan": c} in legal_wire(state, seat)


def snapshot(state: CaravanState) -> str:
    """Everything about a state, to check that a refused move changes nothing."""
    views = [state.view(seat) for seat in (0, 1, None)]
    return json.dumps([state.full_view(), views, list(state.to_act)], sort_keys=True)


def rejected(state: CaravanState, seat: int, action: object, match: str) -> None:
    """The move is refused with a message matching ``match`` and changes nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=match):
        state.apply(seat, action)  # type: ignore[arg-type]
    assert snapshot(state) == before
