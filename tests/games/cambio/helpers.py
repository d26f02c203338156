"""Stacked Cambio tables for scenario tests. Hands are listed seat by seat, slots left to
right; then the start card of the discard pile (CB-7); then the deck, top first. Whatever
is not listed is topped up in seeded order (ARCHITECTURE.md)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable import IllegalAction, games
from cardtable.core import Event, State

CambioTable = State[Any]


def table(
    *hands: Sequence[str], start: str, deck: Sequence[str] = (), seed: int = 1, **options: object
) -> CambioTable:
    """A new round with ``hands`` dealt, ``start`` turned up and ``deck`` on top."""
    game = games.load("cambio", players=len(hands), **options)
    return game.new_state(seed=seed, deck=[*(c for h in hands for c in h), start, *deck])


def act(state: CambioTable, who: int, kind: str, /, **fields: Any) -> list[Event]:
    """Play one action for seat ``who`` in its wire form (which also exercises
    ``action_from_json``)."""
    return state.apply(who, {"type": kind, **fields})


def wire_legal(state: CambioTable, seat: int) -> list[dict[str, Any]]:
    return [state.game.action_to_json(a) for a in state.legal_actions(seat)]


def can(state: CambioTable, who: int, kind: str, /, **fields: Any) -> bool:
    return {"type": kind, **fields} in wire_legal(state, who)


def snapshot(state: CambioTable) -> str:
    """Everything observable: the full state, every view, who acts and what is legal."""
    seats = [*range(state.players), None]
    return json.dumps(
        {
            "full": state.full_view(),
            "views": [state.view(s) for s in seats],
            "to_act": list(state.to_act),
            "legal": [wire_legal(state, s) for s in range(state.players)],
        },
        sort_keys=True,
    )


def rejected(state: CambioTable, seat: Any, action: Any, match: str) -> str:
    """Assert that ``action`` raises IllegalAction whose message matches ``match`` and
    that nothing changed; return the message."""
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=match) as caught:
        state.apply(seat, action)
    assert snapshot(state) == before, "a rejected action must change nothing"
    return str(caught.value)


def hand(state: CambioTable, seat: int) -> list[str | None]:
    """The true cards of a seat (from the full view: for assertions only)."""
    cards: list[str | None] = state.full_view()["hands"][seat]
    return cards


def events_of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]
