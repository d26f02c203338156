"""Caravan's hard adapts (issue #24): its opponent model moves on what the view shows the
opponent has done (where its cards lie), its rollouts play the opponent in a style drawn
from that model, each style as its gauntlet namesake plays, and it all depends on the
view alone (the same view and seed, the same choice)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable import games
from cardtable.core import State
from cardtable.games.caravan import package
from cardtable.games.caravan.bots import adapt, review, search
from cardtable.games.caravan.bots.opponents import OPPONENTS
from cardtable.games.caravan.bots.players import medium
from cardtable.games.caravan.bots.policy import MEDIUM

from .support import assert_reproducible, pure_view


def table(
    built: Sequence[Sequence[str]] = ((), (), ()),
    raids: Sequence[str] = (),
    props: Sequence[str] = (),
    thrown: Sequence[str] = (),
) -> State[Any]:
    """A deal where seat 1 has ``built`` its three caravans with number cards, attached
    the face cards ``raids`` to seat 0's caravans (one to each of seat 0's number cards
    there, ``4h 5h 6h 7h`` on its first caravan) and ``props`` to its own, and thrown
    ``thrown`` on its discard pile. Seat 0 is to move."""
    state = games.load("caravan").new_state(seed=3)
    mine = [[card] for card in ("4h", "5h", "6h", "7h")]
    for stack, face in zip(mine, raids, strict=False):
        stack.append(f"{face}1")
    state.caravans[0] = mine
    theirs = [[[card] for card in caravan] for caravan in built]
    stacks = [stack for caravan in theirs for stack in caravan]
    for stack, face in zip(stacks, props, strict=False):
        stack.append(f"{face}1")
    for c, caravan in enumerate(theirs):
        state.caravans[3 + c] = caravan
    state.discards[1] = list(thrown)
    state.to_place = [0, 0]
    for x in range(6):
        state._changed(x)
    return state


def view_of(**shown: Any) -> dict[str, Any]:
    out: dict[str, Any] = pure_view(table(**shown), 0)
    return out


def weight(view: dict[str, Any], style: str) -> float:
    return adapt.posterior(view, 1)[adapt.NAMES.index(style)]


BUILT = (("Td", "8c", "3s"), ("9d", "7c"), ("2s", "5c", "8s"))


def test_traces_count_where_the_opponents_cards_lie() -> None:
    view = view_of(built=BUILT, raids=("Kd", "Qs"), props=("Kc",), thrown=("Jh", "Qh", "4c"))
    # built, propped, raided, jacks, faces, numbers
    assert adapt.traces(view, 1) == [8, 1, 2, 1, 1, 1]
    # seat 0's own cards: its four number cards on its first caravan, nothing else
    assert adapt.traces(view, 0) == [4, 0, 0, 0, 0, 0]


def test_with_nothing_shown_the_model_is_its_prior() -> None:
    view = pure_view(games.load("caravan").new_state(seed=1), 0)
    assert adapt.traces(view, 1) == [0] * len(adapt.PLACES)
    assert adapt.posterior(view, 1) == pytest.approx(list(adapt.PRIOR))
    assert adapt.likeliest(view, 1) == "medium"


def test_raids_read_raider_and_rule_out_the_cautious_player() -> None:
    quiet = view_of(built=BUILT)
    raided = view_of(built=BUILT, raids=("Kd", "Qs", "Kc"), thrown=("Jh",))
    assert weight(raided, "raider") > weight(quiet, "raider")
    assert adapt.likeliest(raided, 1) == "raider"
    assert weight(raided, "cautious") < 0.01
    assert weight(quiet, "cautious") > 0.1


def test_more_raids_read_more_raider() -> None:
    weights = [
        weight(view_of(built=BUILT, raids=("Kd", "Qs", "Kc", "Qd")[:n]), "raider") for n in range(5)
    ]
    assert weights == sorted(weights) and weights[-1] > weights[0] + 0.3


def test_a_builder_who_never_raids_reads_cautious() -> None:
    built = (("Td", "8c", "3s", "2h"), ("9d", "7c", "4s"), ("2s", "5c", "8s", "3c"))
    view = view_of(built=built, props=("Kc", "Qd", "Kh"), thrown=("4c", "Qh"))
    assert adapt.likeliest(view, 1) == "cautious"
    assert weight(view, "raider") < 0.01


def test_the_model_reads_only_the_view() -> None:
    """The opponent's hand and both decks (the cards hard has not seen), and hard's own
    hand, change nothing."""
    state = table(built=BUILT, raids=("Kd", "Qs"), thrown=("Jh",))
    before = adapt.read_table(pure_view(state, 0))
    hidden = state.hands[1] + state.decks[1]
    random.Random(5).shuffle(hidden)
    state.hands[1], state.decks[1] = hidden[:8], hidden[8:]
    state.decks[0].reverse()
    after = pure_view(state, 0)
    assert adapt.read_table(after) == before
    after["hand"] = []
    assert adapt.read_table(after) == before


def test_samples_draw_the_opponents_style_from_the_posterior() -> None:
    game = games.load("caravan")
    view = view_of(built=BUILT, raids=("Kd", "Qs", "Kc", "Qd"), thrown=("Jh", "Js"))
    assert weight(view, "raider") > 0.8
    drawn = [search.sample(game, view, 0, random.Random(seed)).search_styles for seed in range(40)]
    assert all(styles is not None and styles[0].name == "medium" for styles in drawn)
    names = [styles[1].name for styles in drawn if styles is not None]
    assert names.count("raider") >= 30
    # a clone keeps its sample's styles; the search's other sampler draws none
    one = search.sample(game, view, 0, random.Random(1))
    assert one.clone().search_styles == one.search_styles
    assert search.determinize(game, view, 0, random.Random(1)).search_styles is None
    # hard samples with the styles; the review keeps medium as its opponent
    assert package.PACKAGE.search.determinize is search.sample
    assert review.SPEC.determinize is search.determinize


class NoSlips(random.Random):
    """A generator whose every draw is past the rollout's chance of a slip."""

    def random(self) -> float:
        return 0.99


def medium_positions(seeds: Sequence[int]) -> list[State[Any]]:
    """Every decision of games between two medium players."""
    out = []
    for seed in seeds:
        game = games.load("caravan")
        state = game.new_state(seed=seed)
        player = medium(game)
        rng = random.Random(seed)
        while not state.is_over():
            out.append(state.clone())
            seat = state.to_act[0]
            state.apply(seat, player.act(state.view(seat), state.legal_actions(seat), rng))
    return out


@pytest.mark.parametrize("name", adapt.NAMES)
def test_each_rollout_style_plays_as_its_gauntlet_namesake(name: str) -> None:
    game = games.load("caravan")
    namesake = medium(game) if name == "medium" else OPPONENTS[name](game)
    # the namesake's moves with medium's weights: for greedy and forgetful that is medium
    # itself, for the cautious player medium never raiding
    medium_weights = type(namesake)(name, game, MEDIUM)
    style = adapt.STYLES[adapt.NAMES.index(name)]
    unlike_medium = unlike_weights = 0
    for state in medium_positions(range(6)):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        expected = namesake.act(view, legal, random.Random(1))
        sampled = state.clone()
        styles: list[adapt.RolloutStyle] = [adapt.STYLES[adapt.MEDIUM_INDEX]] * 2
        styles[seat] = style
        sampled.search_styles = tuple(styles)
        assert search.rollout_policy(sampled, seat, legal, NoSlips()) == expected
        unlike_medium += expected != medium(game).act(view, legal, random.Random(1))
        unlike_weights += expected != medium_weights.act(view, legal, random.Random(1))
    # the positions tell each style from medium, and from its moves on medium's weights
    # where its weights are its own: the test can fail
    if name != "medium":
        assert unlike_medium > 0
    if namesake.style != MEDIUM:
        assert unlike_weights > 0


def test_hard_is_reproducible_with_a_seed_on_the_adapting_search() -> None:
    game = games.load("caravan")
    state = table(built=BUILT, raids=("Kd", "Qs"))
    assert_reproducible(game, "ismcts:60", [state], lambda _state: 0, seed=9)
