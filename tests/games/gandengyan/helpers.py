"""Stacked Gan Deng Yan tables for scenario tests.

Hands are written as strings of card codes (``"3s 5h RJ"``) and listed seat by seat; the
dealer's hand has 6 cards and the others' 5 (GD-4). The talon follows, top first; the rest
of the deck is topped up in seeded order. Plays are written the same way, a joker's reading
after an ``=`` (``"5h RJ=6 7s"``), which is also how ``legal`` spells the legal plays."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable import IllegalAction
from cardtable.core import Event
from cardtable.core.cards import JOKERS
from cardtable.games.gandengyan import GanDengYanGame, GanDengYanState, Pass, Play
from cardtable.games.gandengyan.actions import Action


def cards(text: str) -> list[str]:
    return text.split()


def deck_of(hands: Sequence[str], talon: str = "") -> list[str]:
    return [c for hand in hands for c in cards(hand)] + cards(talon)


def table(
    *hands: str,
    talon: str = "",
    dealer: int = 0,
    later: Sequence[Sequence[str]] = (),
    seed: int = 1,
    **options: object,
) -> GanDengYanState:
    """A new game with ``hands`` dealt (seat 0 first) by ``dealer`` and ``talon`` on top of
    the talon; ``later`` stacks the decks of the following hands."""
    for seat, hand in enumerate(hands):
        assert len(cards(hand)) == (6 if seat == dealer else 5), f"seat {seat}: {hand}"
    game = GanDengYanGame(players=len(hands), **options)
    decks = [deck_of(hands, talon), *[list(d) for d in later]]
    state = game.new_state(seed=seed, deck=decks, dealer=dealer)
    for seat, hand in enumerate(hands):
        assert sorted(state.hands[seat]) == sorted(cards(hand))
    return state


def wire(text: str) -> dict[str, Any]:
    """``"5h RJ=6 7s"`` -> ``{"type": "play", "cards": [...], "as": [...]}``;
    ``"pass"`` -> a pass. A joker without ``=`` leaves its reading to the engine."""
    if text == "pass":
        return {"type": "pass"}
    codes, reading = [], []
    for token in text.split():
        code, _, read = token.partition("=")
        codes.append(code)
        reading.append(read or code[0])
    out: dict[str, Any] = {"type": "play", "cards": codes}
    if any("=" in t for t in text.split()):
        out["as"] = reading
    return out


def spell(action: Action) -> str:
    if isinstance(action, Pass):
        return "pass"
    assert isinstance(action, Play)
    if not action.reading:
        return " ".join(action.cards)
    return " ".join(
        f"{c}={r}" if c in JOKERS else c for c, r in zip(action.cards, action.reading, strict=True)
    )


def legal(state: GanDengYanState, seat: int | None = None) -> list[str]:
    seat = state.to_act[0] if seat is None else seat
    return [spell(a) for a in state.legal_actions(seat)]


def act(state: GanDengYanState, seat: int, text: str) -> list[Event]:
    return state.apply(seat, wire(text))


def run(state: GanDengYanState, *moves: str) -> list[Event]:
    """Play ``moves`` in turn order, each by the seat to act; all the events."""
    events: list[Event] = []
    for move in moves:
        events += act(state, state.to_act[0], move)
    return events


def everything(state: GanDengYanState) -> str:
    """All a state shows (full view, every seat's view, legal lists) as one string."""
    seats = [*range(state.players), None]
    return json.dumps(
        {
            "full": state.full_view(),
            "views": [state.view(s) for s in seats],
            "legal": [legal(state, s) for s in range(state.players) if s in state.to_act],
        },
        sort_keys=True,
    )


def rejected(state: GanDengYanState, seat: int, move: object, message: str) -> None:
    """``move`` (text, wire dict or action) raises IllegalAction matching ``message`` and
    changes nothing."""
    before = everything(state)
    action = wire(move) if isinstance(move, str) else move
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, action)  # type: ignore[arg-type]
    assert everything(state) == before


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.type for e in events]


def drawn(events: Sequence[Event]) -> list[tuple[int, str]]:
    """(seat, card) of each draw, the card read from the drawer's private part."""
    out = []
    for event in events:
        if event.type == "draw":
            seat = event.data["seat"]
            assert event.private is not None
            out.append((seat, event.private[seat]["card"]))
    return out
