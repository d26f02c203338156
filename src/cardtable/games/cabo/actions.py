"""Cabo's actions: small immutable values with their wire form (spec, "Actions on the wire").

Draw, Discard, Call, Skip, Peek and Swap are the face-down-row games' shared actions
(``core.slots``); TakeDiscard and the several-slot Replace are Cabo's own. Every action
carries its ``kind`` as a last, defaulted field, so two actions of different kinds never
compare equal (``Draw()`` and ``Call()`` would both be ``()`` otherwise). Actions with a
set-like payload have one canonical form: ``Replace`` lists its slots in increasing order
and ``Swap`` names its two cards in increasing ``(seat, slot)`` order, so
``{"slots": [2, 0]}`` and ``{"slots": [0, 2]}`` are the same action."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from cardtable.core import IllegalAction
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
from cardtable.core.wire import action_type, int_list, only_keys
from cardtable.core.words import plural

MAX_EXCHANGE = 4  # CA-9: a multi-card exchange names 2, 3 or 4 cards


class TakeDiscard(NamedTuple):
    kind: Literal["take_discard"] = "take_discard"


# Cabo's replace names one slot or 2-4 to exchange (CA-9); Cambio's names one, so each
# game keeps its own.
class Replace(NamedTuple):
    """One slot: replace that card; 2–4 slots: a multi-card exchange (CA-9)."""

    slots: tuple[int, ...]
    kind: Literal["replace"] = "replace"


Action = Draw | TakeDiscard | Call | Discard | Replace | Peek | Swap | Skip

TAKE_DISCARD = TakeDiscard()

_SIMPLE: dict[str, Action] = {a.kind: a for a in (DRAW, TAKE_DISCARD, CALL, DISCARD, SKIP)}
KINDS = ("draw", "take_discard", "call", "discard", "replace", "peek", "swap", "skip")


def slots_problem(slots: tuple[int, ...], row: int | None = None) -> str | None:
    """What is wrong with a list of slots for a replace or an exchange, or ``None``.
    ``row`` (the size of the actor's row) is unknown when reading the wire."""
    if not slots:
        return "Name at least one of your slots: one to replace it, 2 to 4 to exchange them"
    seen: set[int] = set()
    for slot in slots:
        if slot in seen:
            return f"You named slot {slot} twice: name each card once"
        seen.add(slot)
    if len(slots) > MAX_EXCHANGE:
        return f"A multi-card exchange takes 2, 3 or 4 cards, not {len(slots)}"
    if row is not None and len(slots) > row:
        return f"You named {plural(len(slots), 'slot')} but your row has only {plural(row, 'card')}"
    for slot in slots:
        if slot < 0 or (row is not None and slot >= row):
            top = "" if row is None else f": your slots are 0 to {row - 1}"
            return f"You have no slot {slot}{top}"
    return None


def to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Replace):
        return {"type": "replace", "slots": list(action.slots)}
    if isinstance(action, Peek):
        return {"type": "peek", "seat": action.seat, "slot": action.slot}
    if isinstance(action, Swap):
        return swap_to_json(action)
    return {"type": action.kind}


def from_json(data: object) -> Action:
    kind, d = action_type(data, KINDS)
    if kind == "replace":
        only_keys(d, "slots")
        slots = int_list(d, "slots")
        problem = slots_problem(slots)
        if problem:
            raise IllegalAction(problem)
        return Replace(tuple(sorted(slots)))
    if kind == "peek":
        return Peek(*peek_from_wire(d))
    if kind == "swap":
        return swap(*swap_from_wire(d))
    only_keys(d)
    return _SIMPLE[kind]


def describe(action: Action) -> str:
    """A short phrase for menus and logs (slots are numbered from 0, as on the wire)."""
    if isinstance(action, Replace):
        if len(action.slots) == 1:
            return f"Put the card in slot {action.slots[0]} (its old card is discarded)"
        listed = ", ".join(str(s) for s in action.slots)
        return f"Exchange slots {listed}: claim they are all the same number"
    if isinstance(action, Peek):
        return f"Look at seat {action.seat}'s slot {action.slot}"
    if isinstance(action, Swap):
        (s, i), (t, j) = action.a, action.b
        return f"Swap seat {s}'s slot {i} with seat {t}'s slot {j}"
    return _PHRASES[action.kind]


_PHRASES = {
    "draw": "Draw the top card of the deck",
    "take_discard": "Take the top card of the discard pile",
    "call": "Call Cabo",
    "discard": "Discard the drawn card",
    "skip": "Do not use the power",
}


__all__ = [
    "CALL",
    "DISCARD",
    "DRAW",
    "KINDS",
    "MAX_EXCHANGE",
    "SKIP",
    "TAKE_DISCARD",
    "Action",
    "Call",
    "Discard",
    "Draw",
    "Peek",
    "Position",
    "Replace",
    "Skip",
    "Swap",
    "TakeDiscard",
    "describe",
    "from_json",
    "slots_problem",
    "swap",
    "to_json",
]
