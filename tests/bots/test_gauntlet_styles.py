"""The gauntlet's Cabo, Gan Deng Yan and Caravan opponents follow their descriptions: on
stacked Cabo deals, and on every position of random playouts for the rules a style keeps
in Gan Deng Yan and Caravan (a style is a rule: it must hold wherever it applies)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable import bots, games
from cardtable.core import State
from cardtable.games.cabo.bots import opponents as cabo
from cardtable.games.caravan.bots import opponents as caravan
from cardtable.games.caravan.bots.table import from_wire
from cardtable.games.gandengyan.bots import opponents as gandengyan
from cardtable.games.gandengyan.bots.players import wire_move
from cardtable.games.gandengyan.bots.policy import is_premium

from .support import playout, pure_view, wire


def answer(bot: Any, state: State[Any], seat: int, view: dict[str, Any] | None = None) -> Any:
    view = pure_view(state, seat) if view is None else view
    return bot.act(view, state.legal_actions(seat), random.Random(1))


def apply(state: State[Any], seat: int, data: dict[str, Any]) -> None:
    game = state.game
    state.apply(seat, next(a for a in state.legal_actions(seat) if game.action_to_json(a) == data))


def positions(name: str, seeds: Sequence[int], **options: Any) -> list[tuple[State[Any], int]]:
    game = games.load(name, **options)
    out = []
    for seed in seeds:
        for state in playout(game, seed, every=2, first=True):
            if len(state.legal_actions(state.to_act[0])) > 1:
                out.append((state, state.to_act[0]))
    return out


# -- Cabo ---------------------------------------------------------------------------------
def cabo_stacked(*hands: Sequence[int], deck: Sequence[int] = ()) -> State[Any]:
    game = games.load("cabo", players=len(hands))
    cards = [str(c) for hand in hands for c in hand] + [str(c) for c in deck]
    for seed in range(500):
        state = game.new_state(seed=seed, deck=cards)
        if state.to_act == (0,):
            return state
    raise AssertionError("no seed lets seat 0 start")


def knowing(state: State[Any], seat: int, cards: Sequence[int]) -> dict[str, Any]:
    """Seat ``seat``'s view as if it had looked at all its own cards: ``cards``."""
    view = pure_view(state, seat)
    for i, slot in enumerate(view["rows"][seat]):
        view["rows"][seat][i] = {
            **slot,
            "card": str(cards[i]),
            "seen_by": sorted({*slot["seen_by"], seat}),
        }
    return view


def test_cabo_greedy_calls_at_once_when_its_expected_sum_is_at_most_the_threshold() -> None:
    low = cabo_stacked([0, 1, 2, 3], [9, 9, 9, 9], deck=[5])
    view = knowing(low, 0, [0, 1, 2, 3])
    assert [s["card"] for s in view["rows"][0]] == ["0", "1", "2", "3"]
    assert wire(low.game, answer(cabo.greedy(low.game), low, 0, view)) == {"type": "call"}
    high = cabo_stacked([3, 3, 3, 4], [9, 9, 9, 9], deck=[5])  # 13 > 6
    call = answer(cabo.greedy(high.game), high, 0, knowing(high, 0, [3, 3, 3, 4]))
    assert wire(high.game, call) != {"type": "call"}


def test_cabo_cautious_does_not_call_early_where_greedy_does() -> None:
    state = cabo_stacked([0, 1, 2, 3], [9, 9, 9, 9], deck=[5])
    view = knowing(state, 0, [0, 1, 2, 3])
    assert wire(state.game, answer(cabo.greedy(state.game), state, 0, view)) == {"type": "call"}
    assert wire(state.game, answer(cabo.cautious(state.game), state, 0, view)) != {"type": "call"}
    late = knowing(state, 0, [0, 1, 2, 3])
    late["deck"] -= 2 * cabo.CAUTIOUS_FIRST_CALL
    medium = wire(state.game, answer(bots.make("medium", state.game), state, 0, late))
    assert wire(state.game, answer(cabo.cautious(state.game), state, 0, late)) == medium


def test_cabo_taker_takes_the_discard_whenever_it_may() -> None:
    taken = 0
    for state, seat in positions("cabo", [1, 2, 3], players=2):
        kinds = {wire(state.game, a)["type"] for a in state.legal_actions(seat)}  # type: ignore[index]
        if "take_discard" in kinds:
            taken += 1
            # a call comes first (as medium's); otherwise it never draws blind
            chosen = wire(state.game, answer(cabo.taker(state.game), state, seat))
            assert chosen in ({"type": "take_discard"}, {"type": "call"})
    assert taken >= 5


def test_cabo_swap_blind_keeps_believing_a_card_is_where_it_saw_it() -> None:
    # Seat 0 knows its first two cards (0 and 1); seat 1 draws a jack and swaps them away.
    state = cabo_stacked([0, 1, 9, 9], [5, 6, 7, 8], deck=[4, 11, 3])
    blind = cabo.swap_blind(state.game)
    while state.view(0)["phase"] == "setup":  # the opening peeks, if any
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    before = pure_view(state, 0)
    blind.act(before, state.legal_actions(0), random.Random(1))
    assert blind.belief.get((0, 0)) == "0"
    apply(state, 0, {"type": "draw"})
    apply(state, 0, {"type": "discard"})
    apply(state, 1, {"type": "draw"})
    apply(state, 1, {"type": "discard"})
    apply(state, 1, {"type": "swap", "a": [0, 0], "b": [1, 0]})
    view = pure_view(state, 0)
    assert view["rows"][1][0]["card"] == "0", "the view follows the swap everybody watched"
    blind.act(view, state.legal_actions(0), random.Random(1))
    assert blind.belief.get((0, 0)) == "0"


# -- Gan Deng Yan -------------------------------------------------------------------------
def gdy_moves(state: State[Any], seat: int) -> list[Any]:
    game = state.game
    rules = game.rules  # type: ignore[attr-defined]
    return [wire_move(game, a, rules) for a in state.legal_actions(seat)]


GDY = positions("gandengyan", [1, 2, 3], players=3)


def test_gandengyan_greedy_never_passes_and_sheds_the_most_cards() -> None:
    for state, seat in GDY:
        moves = gdy_moves(state, seat)
        chosen = state.legal_actions(seat).index(answer(gandengyan.greedy(state.game), state, seat))
        most = max(m.cards for m in moves if m.kind is not None)
        assert moves[chosen].kind is not None and moves[chosen].cards == most


def test_gandengyan_forgetful_does_not_count_the_cards_played() -> None:
    checked = 0
    for state, seat in GDY:
        view = pure_view(state, seat)
        if not view["played"]:
            continue
        bot = gandengyan.forgetful(state.game)
        blank = {**view, "played": []}
        assert answer(bot, state, seat, view) == answer(bot, state, seat, blank)
        checked += 1
    assert checked > 10


def test_gandengyan_spender_plays_a_two_or_a_bomb_whenever_it_may() -> None:
    seen = 0
    for state, seat in GDY:
        moves = gdy_moves(state, seat)
        if any(is_premium(m.kind) for m in moves):
            seen += 1
            chosen = state.legal_actions(seat).index(
                answer(gandengyan.spender(state.game), state, seat)
            )
            assert is_premium(moves[chosen].kind)
    assert seen > 3


def test_gandengyan_cautious_keeps_twos_and_bombs_while_it_holds_many_cards() -> None:
    for state, seat in GDY:
        held = len(state.view(seat)["hand"])
        if held <= gandengyan.CAUTIOUS_CARDS:
            continue
        moves = gdy_moves(state, seat)
        choice = state.legal_actions(seat).index(
            answer(gandengyan.cautious(state.game), state, seat)
        )
        if any(not is_premium(m.kind) for m in moves):
            assert not is_premium(moves[choice].kind) or moves[choice].cards == held


# -- Caravan ------------------------------------------------------------------------------
CARAVAN = positions("caravan", [1, 2])


def attack_options(state: State[Any], seat: int) -> list[bool]:
    return [
        caravan.attacks(from_wire(state.game.action_to_json(a)), seat)
        for a in state.legal_actions(seat)
    ]


def test_caravan_raider_attacks_whenever_it_may_and_cautious_never() -> None:
    attacked = 0
    for state, seat in CARAVAN:
        options = attack_options(state, seat)
        legal = state.legal_actions(seat)
        raid = options[legal.index(answer(caravan.raider(state.game), state, seat))]
        calm = options[legal.index(answer(caravan.cautious(state.game), state, seat))]
        if any(options):
            attacked += 1
            assert raid
        if not all(options):
            assert not calm
    assert attacked > 3
