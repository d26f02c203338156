"""Stacked Cabo tables for scenario tests. Hands are listed seat by seat, slots left to
right, then the deck, top first; whatever is not listed is topped up in seeded order
(ARCHITECTURE.md). Later rounds can be stacked too (``later``: one list per round)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable import IllegalAction, games
from cardtable.core import Event, State
from cardtable.games.cabo.cards import FULL

CaboTable = State[Any]


def deal(*hands: Sequence[int | str], deck: Sequence[int | str] = ()) -> list[str]:
    """One round's stacked deck: the hands in seat order, then the deck top first."""
    return [str(c) for hand in hands for c in hand] + [str(c) for c in deck]


def table(
    *hands: Sequence[int | str],
    deck: Sequence[int | str] = (),
    starter: int = 0,
    later: Sequence[Sequence[str]] = (),
    **options: object,
) -> CaboTable:
    """A new game with ``hands`` dealt and ``deck`` on top, where ``starter`` begins the
    first round. The first starter is seeded (CA-5), so this looks for a seed that gives
    the wanted one."""
    game = games.load("cabo", players=len(hands), **options)
    rounds = [deal(*hands, deck=deck), *[list(r) for r in later]]
    for seed in range(500):
        state = game.new_state(seed=seed, deck=rounds)
        if state.view(None)["turn"] == starter:
            return state
    raise AssertionError("no seed starts with that seat")


def act(state: CaboTable, who: int, kind: str, /, **fields: Any) -> list[Event]:
    """``who`` plays one action in its wire form (which also exercises
    ``action_from_json``); ``fields`` may include the wire's own ``seat``."""
    return state.apply(who, {"type": kind, **fields})


def wire_legal(state: CaboTable, seat: int) -> list[dict[str, Any]]:
    return [state.game.action_to_json(a) for a in state.legal_actions(seat)]


def kinds(state: CaboTable, seat: int) -> list[str]:
    return [a["type"] for a in wire_legal(state, seat)]


def cards(state: CaboTable, seat: int | None, owner: int) -> list[str | None]:
    """``owner``'s row as ``seat`` sees it: a code where known, ``None`` where not."""
    return [slot["card"] for slot in state.view(seat)["rows"][owner]]


def row(state: CaboTable, owner: int) -> list[str]:
    """``owner``'s real row (from the full view)."""
    return [slot["card"] for slot in state.full_view()["rows"][owner]]


def public(state: CaboTable) -> dict[str, Any]:
    return state.view(None)


def snapshot(state: CaboTable) -> str:
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


def rejected(state: CaboTable, seat: Any, action: Any, match: str) -> str:
    """Assert that ``action`` raises IllegalAction matching ``match`` and that nothing
    changed; return the message."""
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=match) as caught:
        state.apply(seat, action)
    assert snapshot(state) == before, "a rejected action must change nothing"
    return str(caught.value)


def pass_turn(state: CaboTable, seat: int) -> list[Event]:
    """A turn that changes no row: draw, discard, and skip any power."""
    events = act(state, seat, "draw")
    events += act(state, seat, "discard")
    if public(state)["phase"] == "power" and seat in state.to_act:
        events += act(state, seat, "skip")
    return events


def play_round(state: CaboTable, caller: int) -> list[Event]:
    """Play the current round with rows unchanged: ``caller`` calls Cabo on its first turn,
    everyone else just passes. Returns the events up to the end of the round."""
    number = public(state)["round"]
    events: list[Event] = []
    while not state.is_over() and public(state)["round"] == number:
        seat = state.to_act[0]
        if seat == caller and public(state)["caller"] is None:
            events += act(state, seat, "call")
        else:
            events += pass_turn(state, seat)
    return events


def of_type(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def deck_ending_with(*hands: Sequence[str], last: str) -> list[str]:
    """A whole stacked deck: the hands, every other card, and ``last`` at the bottom."""
    rest = Counter(FULL) - Counter([c for hand in hands for c in hand]) - Counter([last])
    return [*(c for hand in hands for c in hand), *sorted(rest.elements(), key=int), last]


def run_deck_down(state: CaboTable, leave: int) -> None:
    """Pass turns until ``leave`` cards are left in the deck."""
    while public(state)["deck"] > leave:
        pass_turn(state, state.to_act[0])
