"""The English helpers behind the terminal's and the logs' words: numbers agree with their
nouns and the reader's own seat is "you" with the verb to match."""

from __future__ import annotations

import pytest

from cardtable.core.words import Person, agrees, names, plural, second_person


@pytest.mark.parametrize(
    "count,noun,said",
    [(1, "card", "1 card"), (2, "card", "2 cards"), (0, "game", "0 games"), (1, "game", "1 game")],
)
def test_plural_agrees_with_the_count(count: int, noun: str, said: str) -> None:
    assert plural(count, noun) == said


def test_an_irregular_plural_is_given() -> None:
    assert plural(2, "penalty", "penalties") == "2 penalties"
    assert plural(1, "penalty", "penalties") == "1 penalty"


@pytest.mark.parametrize(
    "third,second",
    [
        ("uses", "use"),
        ("starts", "start"),
        ("passes", "pass"),
        ("reaches", "reach"),
        ("tries", "try"),
        ("shuffles", "shuffle"),
        ("is", "are"),
        ("has", "have"),
        ("does", "do"),
    ],
)
def test_second_person_of_a_verb(third: str, second: str) -> None:
    assert second_person(third) == second


def test_the_readers_seat_is_you_and_another_is_named() -> None:
    assert Person(2, me=2).does("uses") == "You use"
    assert Person(2, me=0).does("uses") == "Seat 2 uses"
    assert Person(2, me=None).does("starts") == "Seat 2 starts"  # a spectator, a log
    assert Person(1, me=1).possessive == "your" and Person(3, me=1).possessive == "seat 3's"
    assert Person(1, me=1).their == "your" and Person(3, me=1).their == "their"


def test_several_people_take_the_plural_verb() -> None:
    you, two = Person(0, me=0), Person(2, me=0)
    assert f"{names([two])} {agrees([two], 'wins')}" == "seat 2 wins"
    assert f"{names([you])} {agrees([you], 'wins')}" == "you win"
    assert f"{names([you, two])} {agrees([you, two], 'wins')}" == "you and seat 2 win"
