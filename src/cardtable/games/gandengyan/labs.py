"""Gan Deng Yan's score calculator (GD-16; docs/learn.md): what each loser of a hand pays
the winner. Every value comes from the engine's own functions (``scoring.py``): no rule
is written twice. Bad input raises ``ValueError`` naming it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from cardtable.core.cards import standard_deck
from cardtable.core.package import Lab
from cardtable.games.gandengyan import scoring

MAX_CARDS = 60
# The 54 codes of a deck with jokers: the cards a loser may be left holding.
CARDS: frozenset[str] = frozenset(standard_deck(jokers=True))


def card_code(typed: str) -> str:
    """A card as a person types it, in the deck's code: ``10h`` and ``th`` are ``Th``,
    ``7H`` is ``7h``, ``rj`` is ``RJ``; anything else comes back as typed (and is refused
    naming it)."""
    text = typed.strip()
    if text.upper() in {"RJ", "BJ"}:
        return text.upper()
    rank, suit = text[:-1].upper(), text[-1:].lower()
    code = ("T" if rank == "10" else rank) + suit
    return code if code in CARDS else typed


class Loser(BaseModel):
    cards: list[str] = Field(max_length=MAX_CARDS)
    dealer: bool = False
    plays: int = Field(0, ge=0, le=100)


class Hand(BaseModel):
    losers: list[Loser] = Field(min_length=1, max_length=5)
    bombs: int = Field(0, ge=0, le=20)
    bomb_double: bool = True
    joker_double: bool = True
    shutout_double: bool = True
    two_double: bool = False
    cap: int = Field(0, ge=0, le=10000)


def score(body: Hand) -> dict[str, Any]:
    """What each loser pays the winner of a hand (GD-16), and the winner's total."""
    rules = scoring.Scoring(
        body.bomb_double, body.joker_double, body.shutout_double, body.two_double, body.cap
    )
    out = []
    for n, loser in enumerate(body.losers):
        cards = [card_code(card) for card in loser.cards]
        for card in cards:
            if card not in CARDS:
                raise ValueError(
                    f"losers[{n}].cards: {card!r} is not a card (codes such as 7h, 10d, RJ)"
                )
        shut = scoring.is_shut_out(loser.dealer, loser.plays)
        pays = scoring.hand_payment(cards, body.bombs, shut, rules)
        out.append({"cards": len(cards), "shut_out": shut, "pays": pays})
    return {"losers": out, "winner_gets": sum(x["pays"] for x in out)}


LABS: dict[str, Lab] = {"score": Lab(Hand, score)}
