"""One seat's picture of a Caravan table as plain data, in the shape the heuristic reads.
The caravan arithmetic (value, end, what may follow, who sells) is the engine's own
(``cardtable.games.caravan.rules``): the bots read a game through its views, its wire
forms and its options, and call its rules; they never hold a state's fields.

Layout as in a view read row by row: caravan ``x = 3 * seat + c``; a caravan is a list of
stacks, each ``[number card, *attached]``; only a code's first two characters are read, so
the tagged codes of a sampled state (``"Kd1"``) serve as they are.

Actions are plain tuples told apart by their shape, which the engine's actions share:
``(card, caravan)`` a number card onto one of your caravans, ``(card, seat, caravan,
index)`` a face card or joker, ``(card,)`` a discard, ``(caravan,)`` a disband."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.games.caravan.rules import DIRECTION_NAMES, NONE, NUMBER_VALUES

End = tuple[int, int, str | None]  # last rank (0: empty), direction, current suit
EMPTY_END: End = (0, NONE, None)
HEADINGS = {name: heading for heading, name in DIRECTION_NAMES.items() if name is not None}


@dataclass(frozen=True, slots=True)
class Rules:
    """The options that change the heuristic's arithmetic."""

    king_adds: bool = False
    queen_anywhere: bool = False
    first_card_suit: bool = False
    attach_limit: int = 3
    queen_shield: bool = False
    sheltered_joker: bool = False

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Rules:
        return cls(
            king_adds=bool(options.get("king_adds")),
            queen_anywhere=bool(options.get("queen_anywhere")),
            first_card_suit=bool(options.get("first_card_suit")),
            attach_limit=1 << 30 if options.get("unlimited_attachments") else 3,
            queen_shield=bool(options.get("queen_shield")),
            sheltered_joker=bool(options.get("sheltered_joker")),
        )


def kind(action: Sequence[Any]) -> str:
    """play, attach, discard or disband, from an action's shape."""
    n = len(action)
    if n == 2:
        return "play"
    if n == 4:
        return "attach"
    return "discard" if isinstance(action[0], str) else "disband"


def from_wire(data: Mapping[str, Any]) -> tuple[Any, ...]:
    """The plain tuple of an action's wire form."""
    kind = data["type"]
    if kind == "play":
        if "seat" in data:
            return (data["card"], data["seat"], data["caravan"], data["index"])
        return (data["card"], data["caravan"])
    if kind == "discard":
        return (data["card"],)
    if kind == "disband":
        return (data["caravan"],)
    return ("resign", "resign", "resign")  # never listed, never chosen


@dataclass(slots=True, init=False)
class Table:
    """What the seat ``me`` knows, in the shape the heuristic reads: the six caravans
    (stacks of codes) with their values and ends, its hand, and the card counts."""

    me: int
    rules: Rules
    caravans: list[list[list[str]]]
    values: list[int]
    ends: list[End]
    hand: list[str]
    hand_sizes: list[int]
    deck_sizes: list[int]
    opening: list[int]

    def __init__(
        self,
        me: int,
        rules: Rules,
        caravans: list[list[list[str]]],
        values: list[int],
        ends: list[End],
        hand: list[str],
        hand_sizes: list[int],
        deck_sizes: list[int],
        opening: list[int],
    ) -> None:
        # Written out: a dataclass's generated __init__ stays interpreted in the compiled
        # build (docs/engines.md), and the search builds a table for every rollout move.
        self.me = me
        self.rules = rules
        self.caravans = caravans
        self.values = values
        self.ends = ends
        self.hand = hand
        self.hand_sizes = hand_sizes
        self.deck_sizes = deck_sizes
        self.opening = opening


def from_view(view: Mapping[str, Any], rules: Rules) -> Table:
    """The table a seat's view shows (a JSON round trip changes nothing)."""
    caravans: list[list[list[str]]] = []
    values: list[int] = []
    ends: list[End] = []
    for seat in (0, 1):
        for shown in view["caravans"][seat]:
            stacks = [[c["card"], *(a["card"] for a in c["attached"])] for c in shown["cards"]]
            caravans.append(stacks)
            values.append(int(shown["value"]))
            if stacks:
                # The view's own reading of the direction and suit (it knows the
                # steady_course memory); the last rank from the cards.
                heading = HEADINGS.get(shown["direction"], NONE)
                ends.append((NUMBER_VALUES[stacks[-1][0][0]], heading, shown["suit"]))
            else:
                ends.append(EMPTY_END)
    return Table(
        me=int(view["seat"]),
        rules=rules,
        caravans=caravans,
        values=values,
        ends=ends,
        hand=list(view["hand"]),
        hand_sizes=list(view["hand_sizes"]),
        deck_sizes=list(view["deck_sizes"]),
        opening=list(view["opening"]),
    )
