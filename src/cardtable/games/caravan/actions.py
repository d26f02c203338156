"""Caravan's actions: small immutable values, and their JSON wire form (caravan.md,
"Actions on the wire"; seats and caravans are 0-based)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from cardtable.core import IllegalAction, wire
from cardtable.core.cards import is_card_code, pretty, standard_deck

from .rules import is_number

CARAVANS = 3
SEATS = 2


class Play(NamedTuple):
    """A number card onto one of your own caravans (CV-3, CV-5)."""

    card: str
    caravan: int


class Attach(NamedTuple):
    """A face card or joker onto number card ``at`` (0-based; ``"index"`` on the wire) of
    ``seat``'s caravan ``caravan`` (CV-5, CV-14 … CV-17)."""

    card: str
    seat: int
    caravan: int
    at: int


class Discard(NamedTuple):
    """A card from your hand onto your discard pile, then a draw (CV-4, CV-6)."""

    card: str


class Disband(NamedTuple):
    """All the cards of one of your caravans to the discard piles; no draw (CV-7)."""

    caravan: int


class Resign(NamedTuple):
    """Give up: the other player wins (CV-21). Accepted from either seat at any time."""


Action = Play | Attach | Discard | Disband | Resign

# Interned actions: legal_actions hands out these shared values instead of building ~20
# tuples a decision (the hot path of every bot and benchmark).
_CODES = standard_deck(jokers=True)
PLAYS = {card: tuple(Play(card, c) for c in range(CARAVANS)) for card in _CODES if is_number(card)}
DISCARDS = {card: Discard(card) for card in _CODES}
DISBANDS = tuple(Disband(c) for c in range(CARAVANS))
INTERNED_DEPTH = 16  # number cards per caravan with interned attachments; deeper are built


def attach(card: str, x: int, k: int) -> Attach:
    """``card`` onto number card ``k`` of caravan ``x = 3 * seat + caravan``."""
    row = ATTACHES[card][x]
    return row[k] if k < len(row) else Attach(card, x // CARAVANS, x % CARAVANS, k)


ATTACHES = {
    card: tuple(
        tuple(Attach(card, x // CARAVANS, x % CARAVANS, k) for k in range(INTERNED_DEPTH))
        for x in range(SEATS * CARAVANS)
    )
    for card in _CODES
    if not is_number(card)
}

KINDS = ("play", "discard", "disband", "resign")


def to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        return {"type": "play", "card": action.card, "caravan": action.caravan}
    if isinstance(action, Attach):
        return {
            "type": "play",
            "card": action.card,
            "seat": action.seat,
            "caravan": action.caravan,
            "index": action.at,
        }
    if isinstance(action, Discard):
        return {"type": "discard", "card": action.card}
    if isinstance(action, Disband):
        return {"type": "disband", "caravan": action.caravan}
    if isinstance(action, Resign):
        return {"type": "resign"}
    raise IllegalAction(f"{action!r} is not a Caravan action")


def from_json(data: object) -> Action:
    """The action for a wire dict; anything malformed raises ``IllegalAction`` naming the
    problem."""
    kind, fields = wire.action_type(data, KINDS)
    if kind == "play":
        return _play(fields)
    if kind == "discard":
        wire.only_keys(fields, "card")
        return Discard(_card(fields))
    if kind == "disband":
        wire.only_keys(fields, "caravan")
        return Disband(_number(fields, "caravan", CARAVANS))
    wire.only_keys(fields)
    return Resign()


def _play(fields: Mapping[str, Any]) -> Play | Attach:
    card = _card(fields)
    if is_number(card):
        extra = sorted(set(fields) & {"seat", "index"})
        if extra:
            raise IllegalAction(
                f"A number card goes on one of your own caravans: give only 'card' and "
                f"'caravan', not {extra[0]!r}"
            )
        wire.only_keys(fields, "card", "caravan")
        return Play(card, _number(fields, "caravan", CARAVANS))
    wire.only_keys(fields, "card", "seat", "caravan", "index")
    missing = [key for key in ("seat", "caravan", "index") if key not in fields]
    if missing:
        raise IllegalAction(
            f"{pretty(card)} goes on a number card: say which with 'seat', 'caravan' and "
            f"'index' ('{missing[0]}' is missing)"
        )
    return Attach(
        card,
        _number(fields, "seat", SEATS),
        _number(fields, "caravan", CARAVANS),
        _number(fields, "index", None),
    )


def _card(fields: Mapping[str, Any]) -> str:
    card = wire.string(fields, "card")
    if not is_card_code(card):
        raise IllegalAction(f"{card!r} is not a card: write cards like '7h', 'Td', 'Kd' or 'RJ'")
    return card


def _number(fields: Mapping[str, Any], key: str, bound: int | None) -> int:
    value = wire.integer(fields, key)
    if value < 0 or (bound is not None and value >= bound):
        allowed = "0 or more" if bound is None else f"0 to {bound - 1}"
        raise IllegalAction(f"{key!r} must be {allowed}, not {value}")
    return value
