"""The pure functions that the labs of the games not yet moved into their packages (issue
21) call without a game in progress: the registry-level door to them (docs/learn.md). A
moved game's labs live in ``games/<game>/labs.py``; this module shrinks to nothing.

Every function here only forwards to the engine's own functions: no rule is written twice.
Bad input raises ``ValueError`` with a message that names the problem."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core.cards import standard_deck
from cardtable.games.gandengyan import calc as gdy_calc
from cardtable.games.gandengyan import scoring as gdy_scoring

# The 54 codes of a standard deck with jokers, that the labs below accept as cards.
CARDS: frozenset[str] = frozenset(standard_deck(jokers=True))


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
