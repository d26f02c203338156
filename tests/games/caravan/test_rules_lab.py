"""The pure caravan functions a "caravan lab" can call (CV-8 … CV-18), and checks that the
engine's fast paths agree with them in random games under every variant."""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.games.caravan import Attach, CaravanState, Disband, Discard, Play, rules
from cardtable.games.caravan.rules import DOWN, NONE, UP


def test_value_doubles_per_king_or_adds_with_king_adds() -> None:
    """CV-8, CV-14, king_adds: A is 1, 10 is 10, faces add nothing, kings double."""
    caravan = [["As"], ["Td", "Qs"], ["5h", "Kc", "Kd"]]
    assert rules.value(caravan) == 1 + 10 + 20
    assert rules.value(caravan, king_adds=True) == 1 + 10 + 15
    assert rules.value([]) == 0


def test_direction_from_the_last_two_cards_and_the_queens() -> None:
    """CV-10, CV-13, CV-15: compare the last two; equal is descending; queens flip."""
    assert rules.direction([["9h"]]) == NONE
    assert rules.direction([["9h"], ["3c"]]) == DOWN
    assert rules.direction([["3h"], ["9c"]]) == UP
    assert rules.direction([["5h"], ["5c"]]) == DOWN
    assert rules.direction([["5h"], ["5c"]], steady_base=UP) == UP
    assert rules.direction([["3h"], ["9c", "Qd"]]) == DOWN
    assert rules.direction([["3h"], ["9c", "Qd", "Qs"]]) == UP
    assert rules.direction([["3h", "Qd"], ["9c"]]) == UP  # a covered queen no longer counts
    assert rules.direction([["9h", "Qd"]]) == NONE


def test_suit_from_the_last_card_or_its_latest_queen() -> None:
    """CV-13, CV-15, first_card_suit: last card's suit, the latest queen's, the first's."""
    assert rules.suit([]) is None
    assert rules.suit([["3h"], ["9c"]]) == "c"
    assert rules.suit([["3h"], ["9c", "Qd", "RJ", "Qs"]]) == "s"
    assert rules.suit([["3h"], ["9c", "RJ"]]) == "c"  # a joker is no suit
    assert rules.suit([["3h"], ["9c"]], first_card_suit=True) == "h"
    assert rules.suit([["3h"], ["9c", "Qd"]], first_card_suit=True) == "d"


def test_tagged_codes_read_like_plain_ones() -> None:
    """CV-13: only the first two characters of a code are read (the engine tags owners)."""
    assert rules.end([["3h"], ["9c", "Qd1", "Kc0"]]) == (9, DOWN, "d")
    assert rules.value([["5h", "Kc1", "Kd0"]]) == 20


def test_what_may_follow_an_end() -> None:
    """CV-9 … CV-12: empty takes anything; never the same rank; direction or suit."""
    assert rules.playable(["As", "Td"], rules.end([])) == ["As", "Td"]
    ascending = rules.end([["3h"], ["6c"]])
    assert rules.playable(["7s", "2h", "2c", "6d", "6c"], ascending) == ["7s", "2c"]
    assert rules.fits(2, "c", ascending) and not rules.fits(6, "c", ascending)
    assert rules.number_refusal([["3h"], ["6c"]], "2h") == (
        "it is ascending, so play higher than 6 or a club"
    )
    assert rules.number_refusal([["3h"], ["6c"]], "6h") == (
        "never the same rank twice in a row, and the last card is a 6"
    )
    assert rules.number_refusal([["3h"]], "Th") is None


@pytest.mark.parametrize(
    "values,seller",
    [((21, 26), 1), ((26, 21), 0), ((22, 22), None), ((27, 21), 1), ((20, 27), None), ((0, 24), 1)],
)
def test_who_sells_a_pair(values: tuple[int, int], seller: int | None) -> None:
    """CV-18: 21–26 sells; both in range, the higher; a tie sells neither."""
    assert rules.pair_seller(*values) == seller
    assert rules.can_sell(21) and rules.can_sell(26)
    assert not rules.can_sell(20) and not rules.can_sell(27)


def candidates(state: object, seat: int) -> list[object]:
    """Every well-formed move a seat could try: each card of its hand everywhere."""
    hand = dict.fromkeys(state.hands[seat])  # type: ignore[attr-defined]
    out: list[object] = [Disband(c) for c in range(3)] + [Discard(c) for c in hand]
    for card in hand:
        if card[0] in "A23456789T":
            out += [Play(card, c) for c in range(3)]
        else:
            for x, stacks in enumerate(state.caravans):  # type: ignore[attr-defined]
                out += [Attach(card, x // 3, x % 3, k) for k in range(len(stacks) + 1)]
    return out


@pytest.mark.parametrize("seed", range(6))
def test_legal_moves_agree_with_the_refusals_under_random_variants(seed: int) -> None:
    """CV-3 … CV-17: a move is listed exactly when the rules find nothing against it, the
    listed moves are distinct, and what the engine caches is what the cards say (CV-13)."""
    rng = random.Random(seed)
    options = {o.name: rng.choice(o.values()) for o in games.game_class("caravan").OPTIONS}
    game = games.load("caravan", **options)
    state = game.new_state(seed=seed)
    while not state.is_over():
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        assert len(set(legal)) == len(legal)
        for action in candidates(state, seat):
            assert (action in legal) == (state._refusal(seat, action) is None), action
        assert_caches_fresh(state)
        state.apply(seat, legal[rng.randrange(len(legal))])


def assert_caches_fresh(state: CaravanState) -> None:
    """Each caravan's cached value, end and room are exactly what its cards give now."""
    game = state.rules
    for x, stacks in enumerate(state.caravans):
        assert state.values[x] == rules.value(stacks, king_adds=game.king_adds)
        end = rules.end(stacks, steady_base=state.steady[x], first_card_suit=game.first_card_suit)
        assert state.ends[x] == end
        assert state.rooms[x] == [k for k, s in enumerate(stacks) if len(s) <= game.attach_limit]


@pytest.mark.parametrize("king_adds", [False, True])
def test_a_caravans_value_is_its_stacks_values(king_adds: bool) -> None:
    """``value`` inlines ``stack_value`` for speed; the bots call both, so they must agree,
    and ``king_gain`` is what one more king adds."""
    rng = random.Random(3)
    numbers = [r + s for r in "A23456789T" for s in "shdc"]
    for _ in range(300):
        caravan = [
            [rng.choice(numbers), *rng.choices(["Kh", "Qs", "Kc"], k=rng.randint(0, 3))]
            for _ in range(rng.randint(0, 6))
        ]
        total = sum(rules.stack_value(s, king_adds=king_adds) for s in caravan)
        assert rules.value(caravan, king_adds=king_adds) == total
        for stack in caravan:
            more = rules.stack_value([*stack, "Kd"], king_adds=king_adds)
            gain = rules.king_gain(stack, king_adds=king_adds)
            assert more == rules.stack_value(stack, king_adds=king_adds) + gain
