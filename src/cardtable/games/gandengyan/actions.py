"""Actions and their wire form: ``Play(cards, reading)`` and ``Pass()``.

A play names card codes and, in the same order, the rank each card stands for (its
*reading*; jokers are wild, GD-3). Cards are kept in a canonical order — by the rank they
stand for, natural cards before jokers, then by code — so one play has one spelling.

Suits never matter in play (GD-2), so two plays are equal when they use the same ranks the
same way: a pair of 5s is the same play whether it is 5h 5s or 5d 5c, and a Red Joker
serves like a Black one. ``legal_actions`` lists each play once, naming copies the seat
holds; naming other copies the seat also holds plays those (the state checks they are
really in hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from cardtable.core import IllegalAction
from cardtable.core.cards import JOKERS, is_card_code
from cardtable.core.wire import action_type, only_keys, str_list
from cardtable.core.words import plural

from .plays import ORDER, RANK_INDEX, TWO

KNOWN_TYPES = ("play", "pass")
RANK_WORDS = " ".join(ORDER)
LONE_JOKER = "A joker cannot be played alone: play it with other cards"


class Play(NamedTuple):
    """Play ``cards``; ``reading`` is the rank (an ``ORDER`` letter) each card stands for,
    in the same order. It is empty for the joker bomb (its jokers stand for nothing) and
    for a play with jokers sent without a reading, which the state reads the highest legal
    way (GD-10)."""

    cards: tuple[str, ...]
    reading: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Play) or self[1] != other[1]:
            return False
        mine, theirs = self[0], other[0]
        return mine == theirs or (len(mine) == len(theirs) and all(map(_same_rank, mine, theirs)))

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self[1], len(self[0])))

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c in JOKERS)


class Pass(NamedTuple):
    """Pass instead of playing (GD-11)."""


Action = Play | Pass
PASS = Pass()


def _same_rank(a: str, b: str) -> bool:
    return a[0] == b[0] if a not in JOKERS else b in JOKERS


def card_rank(card: str) -> int:
    """The climbing rank of a natural card (an ``ORDER`` index)."""
    return RANK_INDEX[card[0]]


def canonical(cards: Iterable[str], reading: Iterable[str] = ()) -> Play:
    """The play in canonical order (see the module docstring). ``reading`` is empty or one
    rank per card."""
    cards = tuple(cards)
    reading = tuple(reading)
    if reading:
        pairs = sorted(
            zip(cards, reading, strict=True),
            key=lambda p: (RANK_INDEX.get(p[1], 99), p[0] in JOKERS, p[0]),
        )
        return Play(tuple(c for c, _ in pairs), tuple(r for _, r in pairs))
    ordered = sorted(cards, key=lambda c: (c in JOKERS, RANK_INDEX.get(c[0], 99), c))
    if any(c in JOKERS for c in ordered):
        return Play(tuple(ordered))
    # Without jokers the reading is the cards themselves.
    return Play(tuple(ordered), tuple(c[0] for c in ordered))


def reading_problem(cards: tuple[str, ...], reading: tuple[str, ...]) -> str | None:
    """Why ``reading`` cannot be a reading of ``cards`` (None if it can). Whether it makes
    a legal play is for the rules to say."""
    if not reading:
        return None
    if all(c in JOKERS for c in cards):
        if len(cards) == 1:
            return LONE_JOKER
        return 'A play of only jokers is a joker bomb: leave out "as"'
    if len(reading) != len(cards):
        given = f"{plural(len(cards), 'card')} but {plural(len(reading), 'rank')}"
        return f'"as" gives one rank for each card: {given}'
    for card, rank in zip(cards, reading, strict=True):
        if rank not in RANK_INDEX:
            return f"{rank!r} is not a rank; the ranks are {RANK_WORDS}"
        if card in JOKERS:
            if RANK_INDEX[rank] == TWO:
                return "A joker cannot stand for a 2"
        elif card[0] != rank:
            return f"{card} is a {card[0]}: only jokers stand for another rank"
    return None


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Pass):
        return {"type": "pass"}
    out: dict[str, Any] = {"type": "play", "cards": list(action.cards)}
    # "as" is only needed when jokers stand for something (spec, actions on the wire).
    if action.reading and any(c in JOKERS for c in action.cards):
        out["as"] = list(action.reading)
    return out


def action_from_json(data: object) -> Action:
    kind, d = action_type(data, KNOWN_TYPES)
    if kind == "pass":
        only_keys(
            d,
        )
        return PASS
    only_keys(d, "cards", "as")
    return play_from_fields(d)


def play_from_fields(d: Mapping[str, Any]) -> Play:
    cards = str_list(d, "cards")
    if not cards:
        raise IllegalAction("A play needs at least one card")
    for card in cards:
        if not is_card_code(card):
            raise IllegalAction(f"{card!r} is not a card (cards are written like 5h, Td or RJ)")
    reading: tuple[str, ...] = ()
    if "as" in d:
        reading = str_list(d, "as")
        if not reading:
            raise IllegalAction('"as" must give the rank each card stands for')
        problem = reading_problem(cards, reading)
        if problem:
            raise IllegalAction(problem)
    return canonical(cards, reading)
