"""High card's engine (``rules.md``): two players, one suit of 13 cards, a few cards each;
each trick both play one card face down, then both are turned up and the higher takes the
trick. Most tricks wins. Imports only ``cardtable.core``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.core import Event, Game, IllegalAction, Option, Outcome, State, View
from cardtable.core.deck import stack
from cardtable.core.rng import make_rng
from cardtable.core.wire import action_type, only_keys, string

SUIT = "s"
ORDER = "23456789TJQKA"  # low to high: the ace is high (HC-3)
CARDS = tuple(rank + SUIT for rank in ORDER)


def strength(card: str) -> int:
    return ORDER.index(card[0])


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` face down to the trick (HC-2)."""

    card: str


class HighCardState(State[Play]):
    game: HighCardGame

    def __init__(self, game: HighCardGame, hands: list[list[str]], rest: list[str]) -> None:
        super().__init__(game, 2)
        self.hands = hands
        self.rest = rest  # the cards not dealt: nobody sees them (HC-1)
        self.leader = 0
        self.trick: list[str | None] = [None, None]  # face down until both are played
        self.tricks: list[dict[str, Any]] = []  # turned up: {"cards", "leader", "winner"}

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        follower = 1 - self.leader
        return (self.leader,) if self.trick[self.leader] is None else (follower,)

    def is_over(self) -> bool:
        return len(self.tricks) == self.game.hand_size

    def won(self) -> list[int]:
        return [sum(1 for t in self.tricks if t["winner"] == seat) for seat in (0, 1)]

    def _legal_actions(self, seat: int) -> list[Play]:
        return [Play(card) for card in sorted(self.hands[seat], key=strength)]

    def _why_illegal(self, seat: int, action: Play) -> str:
        return f"You do not hold {action.card}"

    def _apply(self, seat: int, action: Play) -> list[Event]:
        self.hands[seat].remove(action.card)
        self.trick[seat] = action.card
        events = [Event("play", {"seat": seat}, {seat: {"card": action.card}})]
        if None not in self.trick:
            events.append(self._turn_up())
        if self.is_over():
            events.append(Event("game_over", {"won": self.won()}))
        return events

    def _turn_up(self) -> Event:
        cards = [str(card) for card in self.trick]
        winner = 0 if strength(cards[0]) > strength(cards[1]) else 1  # HC-3
        self.tricks.append({"cards": cards, "leader": self.leader, "winner": winner})
        self.trick = [None, None]
        self.leader = winner  # HC-4
        return Event("trick", {"cards": cards, "winner": winner})

    def _outcome(self) -> Outcome:
        won = self.won()
        best = max(won)
        winners = tuple(seat for seat in (0, 1) if won[seat] == best)  # HC-5
        return Outcome(tuple(float(w) for w in won), winners)

    def clone(self) -> HighCardState:
        copy = HighCardState(self.game, [list(h) for h in self.hands], list(self.rest))
        copy.leader = self.leader
        copy.trick = list(self.trick)
        copy.tricks = [dict(t, cards=list(t["cards"])) for t in self.tricks]
        return copy

    def view(self, seat: int | None) -> View:
        out = self._base_view(seat)
        out.update(
            leader=self.leader,
            counts=[len(h) for h in self.hands],
            # who has a card face down on the trick now, never which card (HC-2)
            played=[seat_ for seat_ in (0, 1) if self.trick[seat_] is not None],
            tricks=[dict(t, cards=list(t["cards"])) for t in self.tricks],
            won=self.won(),
        )
        if seat is not None:
            out["hand"] = sorted(self.hands[seat], key=strength)
            out["down"] = self.trick[seat]
        return out

    def full_view(self) -> View:
        out = self.view(None)
        out.update(hands=[list(h) for h in self.hands], trick=list(self.trick), rest=self.rest)
        return out

    def all_cards(self) -> list[str]:
        played = [card for t in self.tricks for card in t["cards"]]
        down = [card for card in self.trick if card is not None]
        return [*self.hands[0], *self.hands[1], *down, *played, *self.rest]


class HighCardGame(Game[Play]):
    name: ClassVar[str] = "highcard"
    title: ClassVar[str] = "High Card"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", 2, "Players at the table", low=2, high=2),
        Option("hand", 3, "Cards dealt to each player: the number of tricks", low=1, high=6),
    )
    RULE_IDS: ClassVar[tuple[str, ...]] = ("HC-1", "HC-2", "HC-3", "HC-4", "HC-5")

    @property
    def hand_size(self) -> int:
        return int(self.options["hand"])

    def new_state(
        self, seed: int | None = None, deck: Sequence[Any] | None = None
    ) -> HighCardState:
        cards = stack(CARDS, deck, make_rng(seed))
        n = self.hand_size
        return HighCardState(self, [cards[:n], cards[n : 2 * n]], cards[2 * n :])

    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> HighCardState:
        mine = list(view["hand"])
        seen = {card for t in view["tricks"] for card in t["cards"]}
        if view["down"] is not None:
            seen.add(view["down"])
        unknown = [c for c in CARDS if c not in seen and c not in mine]
        rng.shuffle(unknown)
        other = 1 - seat
        theirs_down = other in view["played"]
        count = view["counts"][other]
        hands: list[list[str]] = [[], []]
        hands[seat] = mine
        hands[other] = unknown[:count]
        state = HighCardState(self, hands, [])
        state.trick[seat] = view["down"]
        if theirs_down:
            state.trick[other] = unknown[count]
            count += 1
        state.rest = unknown[count:]
        state.leader = int(view["leader"])
        state.tricks = [dict(t, cards=list(t["cards"])) for t in view["tricks"]]
        return state

    def action_to_json(self, action: Play) -> dict[str, Any]:
        return {"type": "play", "card": action.card}

    def action_from_json(self, data: object) -> Play:
        _, fields = action_type(data, ("play",))
        only_keys(fields, "card")
        card = string(fields, "card")
        if card not in CARDS:
            raise IllegalAction(f"{card[:8]!r} is not a card of High Card (2s to As)")
        return Play(card)

    def describe_action(self, action: Play) -> str:
        return f"Play {action.card} face down"

    def describe_event(self, event: Mapping[str, Any], viewer: int | None = None) -> str:
        who = "You" if event.get("seat") == viewer else f"Seat {event.get('seat')}"
        if event["type"] == "play":
            card = event.get("card")
            return f"{who} played {card} face down" if card else f"{who} played a card face down"
        if event["type"] == "trick":
            taker = "You" if event["winner"] == viewer else f"Seat {event['winner']}"
            return f"{' and '.join(event['cards'])} turned up: {taker} took the trick"
        return f"Game over: tricks won {event.get('won')}"
