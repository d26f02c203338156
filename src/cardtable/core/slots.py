"""The actions of the face-down-row games (Cambio, Cabo: each seat keeps a row of face-down
cards in numbered slots) that mean the same in each and have one wire form.

A game's own ``actions`` module imports these and adds what its rules make different
(Cabo's ``Replace`` names several slots, Cambio's one; Cambio's ``Snap`` and ``Give``).
Seats and slots are 0-based, as on the wire.

Every action carries its ``kind`` as a last field with a default. Plain NamedTuples compare
as tuples, so without it ``Draw() == Call()`` (both ``()``) and ``Peek(0, 1)`` would equal
a game's own two-number action, and a legal-list membership test could accept the wrong
move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple

from cardtable.core import wire

Position = tuple[int, int]  # (seat, slot)


class Draw(NamedTuple):
    kind: Literal["draw"] = "draw"


class Discard(NamedTuple):
    kind: Literal["discard"] = "discard"


class Call(NamedTuple):
    kind: Literal["call"] = "call"


class Skip(NamedTuple):
    """Leave a card's power unused."""

    kind: Literal["skip"] = "skip"


class Peek(NamedTuple):
    """Look at the card at ``(seat, slot)``."""

    seat: int
    slot: int
    kind: Literal["peek"] = "peek"


class Swap(NamedTuple):
    """Exchange the cards at two positions; the lower first (``swap`` builds it so): a
    swap is unordered."""

    a: Position
    b: Position
    kind: Literal["swap"] = "swap"


DRAW, DISCARD, CALL, SKIP = Draw(), Discard(), Call(), Skip()


def swap(a: Position, b: Position) -> Swap:
    """The swap of two positions in canonical (lower first) order."""
    return Swap(a, b) if a <= b else Swap(b, a)


def peek_from_wire(d: Mapping[str, Any]) -> tuple[int, int]:
    """The ``seat`` and ``slot`` of a peek-like wire dict (no other keys allowed)."""
    wire.only_keys(d, "seat", "slot")
    return wire.integer(d, "seat"), wire.integer(d, "slot")


def swap_from_wire(d: Mapping[str, Any]) -> tuple[Position, Position]:
    """The two positions ``a`` and ``b`` of a swap's wire dict (no other keys allowed)."""
    wire.only_keys(d, "a", "b")
    return wire.pair(d, "a"), wire.pair(d, "b")


def swap_to_json(action: Swap) -> dict[str, Any]:
    return {"type": "swap", "a": list(action.a), "b": list(action.b)}
