"""English that agrees with its numbers and persons, for the terminal and the logs: "1 card",
"2 cards"; "Seat 2 uses the J♦" but "You use the J♦" when the reader is the actor.

The browser's words have their own tables (web/js/i18n.js: ``Intl.PluralRules`` and a
second-person form per line); these are the Python side's."""

from __future__ import annotations

from dataclasses import dataclass

# Verbs whose second person is not the third person less its "s" / "es".
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go"}
_SIBILANT_ENDINGS = ("sses", "shes", "ches", "xes", "zes")


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and the noun in the form that agrees with it: ``1 card``, ``0 cards``;
    ``many`` for a noun whose plural is not noun + "s"."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def second_person(verb: str) -> str:
    """The "you" form of a verb given in the third person singular: ``uses`` → ``use``,
    ``passes`` → ``pass``, ``carries`` → ``carry``, ``is`` → ``are``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(_SIBILANT_ENDINGS):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1] if verb.endswith("s") else verb


@dataclass(frozen=True)
class Person:
    """A seat as one reader names it: "you" for the reader's own seat (``me``), else
    "seat N"; ``me`` None is a reader with no seat (a spectator, a replay's log)."""

    seat: int
    me: int | None = None

    @property
    def you(self) -> bool:
        return self.me is not None and self.seat == self.me

    @property
    def name(self) -> str:
        """At the start of a sentence: ``You`` / ``Seat 2``."""
        return "You" if self.you else f"Seat {self.seat}"

    @property
    def object(self) -> str:
        """Inside a sentence: ``you`` / ``seat 2``."""
        return "you" if self.you else f"seat {self.seat}"

    @property
    def possessive(self) -> str:
        """``your`` / ``seat 2's``."""
        return "your" if self.you else f"seat {self.seat}'s"

    @property
    def their(self) -> str:
        """The possessive referring back to this person as subject: ``your`` / ``their``."""
        return "your" if self.you else "their"

    def verb(self, third_person: str) -> str:
        """The verb agreeing with this person: ``uses`` / ``use``."""
        return second_person(third_person) if self.you else third_person

    def does(self, third_person: str) -> str:
        """Subject and verb at the start of a sentence: ``Seat 2 uses`` / ``You use``."""
        return f"{self.name} {self.verb(third_person)}"


def names(people: list[Person]) -> str:
    """``you``, ``seat 1 and seat 2``, ``you, seat 1 and seat 3``."""
    words = [p.object for p in people]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def agrees(people: list[Person], third_person: str) -> str:
    """The verb for ``people`` as one subject: one seat agrees as that seat does, several
    (or "you") take the plural form: "seat 2 wins", "you win", "seat 1 and seat 2 win"."""
    if len(people) == 1:
        return people[0].verb(third_person)
    return second_person(third_person)
