"""Cambio's actions: small immutable values and their JSON wire form (spec: "Actions on the
wire"; seats and slots are 0-based there).

Every action carries its ``kind`` as a last field with a default. Plain NamedTuples compare
as tuples, so without it ``Replace(2) == Give(2)`` and ``Peek(0, 1) == Snap(0, 1)`` would
hold and a legal-list membership test could accept the wrong move."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from cardtable.core import IllegalAction, wire

Position = tuple[int, int]  # (seat, slot)


class Draw(NamedTuple):
    kind: Literal["draw"] = "draw"


class Replace(NamedTuple):
    slot: int
    kind: Literal["replace"] = "replace"


class Discard(NamedTuple):
    kind: Literal["discard"] = "discard"


class Peek(NamedTuple):
    seat: int
    slot: int
    kind: Literal["peek"] = "peek"


class Swap(NamedTuple):
    """Two positions, the lower first (``swap`` builds it so): a swap is unordered."""

    a: Position
    b: Position
    kind: Literal["swap"] = "swap"


class Skip(NamedTuple):
    kind: Literal["skip"] = "skip"


class Snap(NamedTuple):
    seat: int
    slot: int
    kind: Literal["snap"] = "snap"


class Give(NamedTuple):
    slot: int
    kind: Literal["give"] = "give"


class Call(NamedTuple):
    kind: Literal["call"] = "call"


Action = Draw | Replace | Discard | Peek | Swap | Skip | Snap | Give | Call

DRAW, DISCARD, SKIP, CALL = Draw(), Discard(), Skip(), Call()
KINDS = ("draw", "replace", "discard", "peek", "swap", "skip", "snap", "give", "call")
_BARE: dict[str, Action] = {"draw": DRAW, "discard": DISCARD, "skip": SKIP, "call": CALL}


def swap(a: Position, b: Position) -> Swap:
    """The swap of two positions in canonical (lower first) order."""
    return Swap(a, b) if a < b else Swap(b, a)


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
        return {"type": "swap", "a": list(action.a), "b": list(action.b)}
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
        wire.only_keys(d, "seat", "slot")
        seat, slot = wire.integer(d, "seat"), wire.integer(d, "slot")
        return Peek(seat, slot) if kind == "peek" else Snap(seat, slot)
    wire.only_keys(d, "a", "b")
    a, b = wire.pair(d, "a"), wire.pair(d, "b")
    if a == b:
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
