"""Cambio's actions: small immutable values and their JSON wire form (spec: "Actions on the
wire"; seats and slots are 0-based there).

Draw, Discard, Call, Skip, Peek and Swap are the face-down-row games' shared actions
(``core.slots``); Replace, Snap and Give are Cambio's own. Every action carries its
``kind`` as a last field with a default, so ``Replace(2) != Give(2)`` and
``Peek(0, 1) != Snap(0, 1)``."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from cardtable.core import IllegalAction, wire
from cardtable.core.slots import (
    CALL,
    DISCARD,
    DRAW,
    SKIP,
    Call,
    Discard,
    Draw,
    Peek,
    Position,
    Skip,
    Swap,
    peek_from_wire,
    swap,
    swap_from_wire,
    swap_to_json,
)


# Cambio's replace names one slot (Cabo's several: an exchange), so it is Cambio's own.
class Replace(NamedTuple):
    slot: int
    kind: Literal["replace"] = "replace"


class Snap(NamedTuple):
    seat: int
    slot: int
    kind: Literal["snap"] = "snap"


class Give(NamedTuple):
    slot: int
    kind: Literal["give"] = "give"


Action = Draw | Replace | Discard | Peek | Swap | Skip | Snap | Give | Call

KINDS = ("draw", "replace", "discard", "peek", "swap", "skip", "snap", "give", "call")
_BARE: dict[str, Action] = {"draw": DRAW, "discard": DISCARD, "skip": SKIP, "call": CALL}


def canonical_swap(action: Swap) -> Swap:
    """``action`` with its positions in canonical order; a swap built in Python with
    anything but two (seat, slot) pairs of whole numbers is refused."""
    for position in (action.a, action.b):
        if (
            not isinstance(position, tuple)
            or len(position) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in position)
        ):
            raise IllegalAction(f"A swap names two cards as (seat, slot) pairs, not {position!r}")
    return swap(action.a, action.b)


def to_json(action: Action) -> dict[str, Any]:
    if type(action) is Swap:
        return swap_to_json(action)
    out: dict[str, Any] = {"type": action.kind}
    if type(action) is Peek or type(action) is Snap:
        out["seat"], out["slot"] = action.seat, action.slot
    elif type(action) is Replace or type(action) is Give:
        out["slot"] = action.slot
    return out


def from_json(data: object) -> Action:
    """The action for a wire dict; anything malformed raises ``IllegalAction`` naming the
    problem. Whether the action is legal now is the state's business."""
    kind, d = wire.action_type(data, KINDS)
    bare = _BARE.get(kind)
    if bare is not None:
        wire.only_keys(d)
        return bare
    if kind in ("replace", "give"):
        wire.only_keys(d, "slot")
        slot = wire.integer(d, "slot")
        return Replace(slot) if kind == "replace" else Give(slot)
    if kind in ("peek", "snap"):
        seat, slot = peek_from_wire(d)
        return Peek(seat, slot) if kind == "peek" else Snap(seat, slot)
    a, b = swap_from_wire(d)
    if a == b:  # Cabo leaves a card swapped with itself to its legal list; Cambio refuses it here
        raise IllegalAction("A swap needs two different cards: 'a' and 'b' are the same slot")
    return swap(a, b)


def describe(action: Action) -> str:
    """A short phrase for menus and logs. Slots are numbered from 1 for people, as in the
    rules (the wire form counts from 0)."""
    t = type(action)
    if t is Swap:
        assert isinstance(action, Swap)
        return f"Swap {_where(action.a)} with {_where(action.b)}"
    if t is Peek or t is Snap:
        assert isinstance(action, Peek | Snap)
        verb = "Peek at" if t is Peek else "Snap"
        return f"{verb} {_where((action.seat, action.slot))}"
    if t is Replace:
        assert isinstance(action, Replace)
        return f"Keep the drawn card: replace your card in slot {action.slot + 1}"
    if t is Give:
        assert isinstance(action, Give)
        return f"Give your card in slot {action.slot + 1}"
    return _PHRASES[action.kind]


_PHRASES = {
    "draw": "Draw a card",
    "discard": "Discard the drawn card",
    "skip": "Skip this power step",
    "call": "Call Cambio",
}


def _where(position: Position) -> str:
    return f"seat {position[0]}'s slot {position[1] + 1}"


__all__ = [
    "CALL",
    "DISCARD",
    "DRAW",
    "KINDS",
    "SKIP",
    "Action",
    "Call",
    "Discard",
    "Draw",
    "Give",
    "Peek",
    "Position",
    "Replace",
    "Skip",
    "Snap",
    "Swap",
    "canonical_swap",
    "describe",
    "from_json",
    "swap",
    "to_json",
]
