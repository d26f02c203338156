"""The games' pure functions that pages call without a game in progress (the hand lab,
the score calculators, the caravan lab): the registry-level door to them, so that the
server reaches games only through ``cardtable.games`` (see docs/learn.md).

Every function here only forwards to the engine's own functions: no rule is written twice.
Bad input raises ``ValueError`` with a message that names the problem."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.games.cabo import scoring as cabo_scoring
from cardtable.games.cambio import cards as cambio_cards
from cardtable.games.caravan import rules as caravan_rules
from cardtable.games.gandengyan import calc as gdy_calc
from cardtable.games.gandengyan import scoring as gdy_scoring

# -- Cambio: the hand lab (CB-2, CB-3, CB-32) ------------------------------------------
CAMBIO_CARDS: tuple[str, ...] = cambio_cards.FULL_DECK
CAMBIO_SCHEMES: tuple[str, ...] = tuple(cambio_cards.SCORING)


def cambio_score(cards: Sequence[str], options: Mapping[str, object] | None = None) -> int:
    """The score of a Cambio hand under the ``scoring``, ``red_king`` and ``joker`` options."""
    return cambio_cards.score_hand(cards, options)


CAMBIO_VALUE_OPTIONS: tuple[str, ...] = ("red_king", "joker")


def cambio_value_option(name: str, value: object) -> int:
    """A card-value option of the hand lab (``red_king``, ``joker``) checked exactly as a
    Cambio table checks it; ``ValueError`` names the option, the value and what it accepts."""
    from cardtable.core.errors import InvalidOptions
    from cardtable.games import game_class

    found = {o.name: o for o in game_class("cambio").OPTIONS}
    if name not in CAMBIO_VALUE_OPTIONS:
        raise ValueError(f"{name!r} is not a card-value option")
    try:
        return int(found[name].validate(value))
    except InvalidOptions as error:
        raise ValueError(str(error)) from None


def cambio_value(card: str, red_king: int = -1, joker: int = 0) -> int:
    if card not in cambio_cards.MATCH_KEY:
        raise ValueError(f"{card!r} is not a Cambio card")
    return cambio_cards.card_value(card, red_king, joker)


# -- Cabo: the score calculator (CA-15 … CA-17) ----------------------------------------
CABO_RESETS: tuple[str, ...] = cabo_scoring.RESETS
cabo_round_scores = cabo_scoring.round_scores
cabo_add_round = cabo_scoring.add_round
cabo_kamikaze_seat = cabo_scoring.kamikaze_seat
cabo_passed_target = cabo_scoring.passed_target
cabo_winners = cabo_scoring.winners


# -- Gan Deng Yan: the score calculator (GD-16) and the classifier (GD-6 … GD-10) -------
GdyScoring = gdy_scoring.Scoring


def gandengyan_payment(
    cards: Sequence[str], bombs: int, shut_out: bool, scoring: gdy_scoring.Scoring
) -> int:
    return gdy_scoring.hand_payment(cards, bombs, shut_out, scoring)


gandengyan_is_shut_out = gdy_scoring.is_shut_out


def gandengyan_classify(cards: Sequence[str]) -> dict[str, Any] | None:
    """What the cards make as a lead (the highest reading), as JSON, or None."""
    kind = gdy_calc.classify_cards(cards)
    if kind is None:
        return None
    return {"type": kind.type, "rank": kind.rank, "length": kind.length}


# -- Caravan: the caravan lab (CV-8 … CV-18) -------------------------------------------
CARAVAN_UP, CARAVAN_DOWN = caravan_rules.UP, caravan_rules.DOWN


def caravan_summary(caravan: Sequence[Sequence[str]], *, king_adds: bool = False) -> dict[str, Any]:
    """Value, direction and suit of one caravan as the rules derive them, and whether it
    can sell."""
    points = caravan_rules.value(caravan, king_adds=king_adds)
    heading = caravan_rules.direction(caravan)
    return {
        "value": points,
        "direction": caravan_rules.DIRECTION_NAMES[heading],
        "suit": caravan_rules.suit(caravan),
        "sells": caravan_rules.can_sell(points),
    }


def caravan_refusal(caravan: Sequence[Sequence[str]], card: str) -> str | None:
    """Why a number card cannot extend the caravan, or None when it can (CV-9 … CV-12)."""
    return caravan_rules.number_refusal(caravan, card)


def caravan_is_number(card: str) -> bool:
    return caravan_rules.is_number(card)


caravan_pair_seller = caravan_rules.pair_seller
