"""What a loser pays the winner of a hand (GD-16), as pure functions a score calculator can
call without a game in progress."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from cardtable.core.cards import JOKERS


class Scoring(NamedTuple):
    """The scoring options of a table (GD-16)."""

    bomb_double: bool = True
    joker_double: bool = True
    shutout_double: bool = True
    two_double: bool = False
    cap: int = 0


STANDARD_SCORING = Scoring()


def payment(
    cards_left: int,
    jokers_left: int = 0,
    twos_left: int = 0,
    bombs: int = 0,
    shut_out: bool = False,
    scoring: Scoring = STANDARD_SCORING,
) -> int:
    """``cards left × 2^bombs × 2^jokers left × (2 if shut out)`` — with ``two_double``
    also ``× 2^2s left`` — capped at ``scoring.cap`` when it is not 0.

    >>> payment(5, jokers_left=1)   # the seed's "5 cards and a joker pay 10"
    10
    """
    points = cards_left
    if scoring.bomb_double:
        points <<= bombs
    if scoring.joker_double:
        points <<= jokers_left
    if scoring.two_double:
        points <<= twos_left
    if scoring.shutout_double and shut_out:
        points *= 2
    if scoring.cap:
        points = min(points, scoring.cap)
    return points


def factors(
    jokers_left: int = 0,
    twos_left: int = 0,
    bombs: int = 0,
    shut_out: bool = False,
    scoring: Scoring = STANDARD_SCORING,
) -> dict[str, int]:
    """The multipliers of ``payment`` that apply, by name (``bombs``, ``jokers``,
    ``twos``, ``shut_out``), each only when it is above 1: the breakdown a results panel
    shows. ``payment`` is the cards left times their product, then capped.

    >>> factors(jokers_left=1, bombs=2, shut_out=True)
    {'bombs': 4, 'jokers': 2, 'shut_out': 2}
    """
    out: dict[str, int] = {}
    if scoring.bomb_double and bombs:
        out["bombs"] = 1 << bombs
    if scoring.joker_double and jokers_left:
        out["jokers"] = 1 << jokers_left
    if scoring.two_double and twos_left:
        out["twos"] = 1 << twos_left
    if scoring.shutout_double and shut_out:
        out["shut_out"] = 2
    return out


def hand_payment(
    cards: Iterable[str], bombs: int, shut_out: bool, scoring: Scoring = STANDARD_SCORING
) -> int:
    """``payment`` for the cards a loser still holds (codes such as ``5h``, ``RJ``)."""
    held = list(cards)
    jokers = sum(1 for c in held if c in JOKERS)
    twos = sum(1 for c in held if c[0] == "2")
    return payment(len(held), jokers, twos, bombs, shut_out, scoring)


def is_shut_out(dealer: bool, plays: int) -> bool:
    """Shut out (关门): a non-dealer who never played this hand, or a dealer whose only play
    was the opening lead (the dealer always makes it, GD-5)."""
    return plays <= (1 if dealer else 0)
