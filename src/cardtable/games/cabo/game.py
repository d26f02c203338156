"""Cabo (rules: docs/rules/cabo.md): the rules value built from a table's options."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Game, InvalidOptions, Option
from cardtable.core.deck import stack
from cardtable.core.rng import make_rng
from cardtable.games.cabo import actions, text
from cardtable.games.cabo.actions import Action
from cardtable.games.cabo.cards import FULL, VALUE_OF
from cardtable.games.cabo.scoring import RESETS
from cardtable.games.cabo.state import CaboState


class CaboGame(Game[Action]):
    """Cabo for 2–5 players: keep the lowest row over rounds until a total passes 100."""

    name = "cabo"
    title = "Cabo"
    OPTIONS = (
        Option("players", 4, "Number of players (CA-3)", low=2, high=5),
        Option(
            "initial_peek",
            "first_two",
            "The two cards each player looks at after the deal: the first two slots, or two "
            "the player chooses (CA-4)",
            choices=("first_two", "choose_two"),
        ),
        Option(
            "lock_caller", False, "After a call of Cabo nobody may swap with the caller (CA-13)"
        ),
        Option(
            "deck_out",
            "end_round",
            "When the deck runs out the round ends, or the discard pile but its top card is "
            "shuffled into a new deck (CA-14)",
            choices=("end_round", "reshuffle"),
        ),
        Option(
            "caller_penalty",
            10,
            "Points added to the caller's sum when it is not the lowest (CA-15)",
            low=0,
            high=20,
        ),
        Option("kamikaze", True, "12, 12, 13, 13 scores 0 and every other player 50 (CA-15)"),
        Option(
            "reset_at_100",
            "once",
            "A total of exactly the target drops to half of it: once per player, every "
            "time, or never (CA-16)",
            choices=RESETS,
        ),
        Option(
            "target",
            100,
            "The game ends after a round in which a total passes this (CA-17)",
            low=10,
            high=500,
        ),
        Option(
            "rounds",
            0,
            "0: play until a total passes the target; N: play exactly N rounds",
            low=0,
            high=20,
        ),
    )
    RULE_IDS = tuple(f"CA-{n}" for n in range(1, 18))

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        o = self.options
        self.seats = int(o["players"])
        self.choose_two = o["initial_peek"] == "choose_two"
        self.lock_caller = bool(o["lock_caller"])
        self.reshuffle = o["deck_out"] == "reshuffle"
        self.caller_penalty = int(o["caller_penalty"])
        self.kamikaze = bool(o["kamikaze"])
        self.reset = str(o["reset_at_100"])
        self.target = int(o["target"])
        self.round_limit = int(o["rounds"])

    def new_state(self, seed: int | None = None, deck: Sequence[Any] | None = None) -> CaboState:
        """A new game. ``deck`` stacks the first round (codes, top first), or is a list of
        such lists, one per round from the first; unstacked rounds are shuffled from the
        state's seeded generator."""
        rng = make_rng(seed)
        return CaboState.new(self, rng, self._stacked(deck, rng))

    @staticmethod
    def _stacked(deck: Sequence[Any] | None, rng: random.Random) -> tuple[tuple[int, ...], ...]:
        if deck is None:
            return ()
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise InvalidOptions(
                "Stacked deck must be a list of card codes (top first), or one such list per round"
            )
        nested = [isinstance(part, list | tuple) for part in deck]
        if any(nested) and not all(nested):
            raise InvalidOptions(
                "Stacked deck: give one list of card codes (the first round) or a list of "
                "such lists (one per round), not a mixture"
            )
        rounds: Sequence[Sequence[Any]] = deck if deck and all(nested) else [deck]
        out = []
        for number, cards in enumerate(rounds, 1):
            try:
                full = stack(FULL, cards, rng)
            except InvalidOptions as error:
                raise InvalidOptions(f"Round {number}: {error}") from None
            out.append(tuple(VALUE_OF[c] for c in reversed(full)))  # pop order
        return tuple(out)

    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> CaboState:
        return CaboState.from_view(self, view, seat, rng)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return actions.to_json(action)

    def action_from_json(self, data: object) -> Action:
        return actions.from_json(data)

    def describe_action(self, action: Action) -> str:
        return actions.describe(action)

    def describe_event(self, event: Mapping[str, Any], viewer: int | None = None) -> str:
        return text.describe_event(event, viewer)

    def render_text(self, view: Mapping[str, Any]) -> str:
        return text.render(view)
