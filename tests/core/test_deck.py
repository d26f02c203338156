"""Stacked decks (ARCHITECTURE.md): top first, topped up in seeded order, impossible decks
refused."""

from __future__ import annotations

import random

import pytest

from cardtable import InvalidOptions
from cardtable.core.cards import standard_deck
from cardtable.core.deck import stack

FULL = standard_deck(jokers=True)


def test_stacked_cards_come_first_and_the_rest_is_topped_up() -> None:
    deck = stack(FULL, ["As", "RJ"], random.Random(1))
    assert deck[:2] == ["As", "RJ"]
    assert sorted(deck) == sorted(FULL)


def test_top_up_is_reproducible() -> None:
    assert stack(FULL, ["As"], random.Random(5)) == stack(FULL, ["As"], random.Random(5))
    assert stack(FULL, ["As"], random.Random(5)) != stack(FULL, ["As"], random.Random(6))


def test_no_stack_is_a_seeded_shuffle() -> None:
    assert stack(FULL, None, random.Random(3)) == stack(FULL, None, random.Random(3))
    assert sorted(stack(FULL, None, random.Random(3))) == sorted(FULL)


@pytest.mark.parametrize(
    "top,message",
    [
        (["Xx"], "'Xx' is not a card of this game"),
        (["As", "As"], "'As' appears 2 times but the game has only 1"),
        ("AsKs", "must be a list of card codes"),
    ],
)
def test_impossible_decks_are_refused(top: object, message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        stack(FULL, top, random.Random(1))  # type: ignore[arg-type]


def test_two_decks_allow_two_copies() -> None:
    deck = stack(standard_deck(copies=2), ["As", "As"], random.Random(1))
    assert deck[:2] == ["As", "As"] and len(deck) == 104
