"""The engine keeps each caravan's value, end and room in place for the commonest moves
(a number card, a king, a queen: docs/engines.md, "Caravan's engine and search"); after
every move of seeded games in every variant they must equal what ``rules`` reads from the
cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import games
from cardtable.games.caravan import rules
from cardtable.games.caravan.state import CaravanState

VARIANTS: list[dict[str, Any]] = [
    {},
    {"king_adds": True, "queen_anywhere": True, "first_card_suit": True},
    {"double_deck": True, "unlimited_attachments": True, "queen_shield": True},
    {"steady_course": True, "sheltered_joker": True, "reshuffle": True},
]


def read_again(state: CaravanState, x: int) -> tuple[int, tuple[int, int, str | None], list[int]]:
    game, stacks = state.rules, state.caravans[x]
    return (
        rules.value(stacks, king_adds=game.king_adds),
        rules.end(stacks, steady_base=state.steady[x], first_card_suit=game.first_card_suit),
        [k for k, stack in enumerate(stacks) if len(stack) <= game.attach_limit],
    )


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "standard")
def test_kept_values_ends_and_rooms_match_the_cards(options: dict[str, Any]) -> None:
    """CV-8, CV-13, CV-14, CV-15: value, direction, suit and room, move after move."""
    game = games.load("caravan", **options)
    rng = random.Random(3)
    faces = 0
    for _ in range(25):
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_over():
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            faces += type(action).__name__ == "Attach" and action.card[0] in "KQ"
            state.apply(seat, action)
            for x in range(6):
                kept = (state.values[x], state.ends[x], state.rooms[x])
                assert kept == read_again(state, x), (x, state.caravans[x])
    assert faces > 100  # kings and queens were played, not just number cards
