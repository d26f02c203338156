"""Gan Deng Yan's hard adapts (issue #24): its opponent model moves on what the view shows
an opponent did in the trick in progress, its rollouts play each opponent in a style drawn
from that model, each style as its gauntlet namesake plays, and it all depends on the view
alone (the same view and seed, the same choice)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from cardtable import bots, games
from cardtable.core import State
from cardtable.games.gandengyan.bots import adapt, opponents, search
from cardtable.games.gandengyan.bots.policy import is_premium

from .clocks import frozen
from .support import playout, pure_view


def stacked(*seat_hands: str, talon: str = "", dealer: int = 0) -> Any:
    """A new two-seat hand with ``seat_hands`` dealt (the dealer's has 6 cards) and
    ``talon`` on top of the talon."""
    game: Any = games.load("gandengyan", players=len(seat_hands))
    deck = [c for hand in seat_hands for c in hand.split()] + talon.split()
    return game.new_state(seed=1, deck=deck, dealer=dealer)


def play(state: Any, seat: int, cards: str) -> None:
    """``seat`` plays exactly ``cards`` (the first legal play of them), or passes ("")."""
    wanted = sorted(cards.split())
    for action in state.legal_actions(seat):
        if sorted(getattr(action, "cards", ())) == wanted:
            state.apply(seat, action)
            return
    raise AssertionError(f"{cards!r} is not legal for seat {seat}")


def weight(view: dict[str, Any], style: str, owner: int = 1) -> float:
    return adapt.posterior(view, owner)[adapt.NAMES.index(style)]


# Seat 1 deals (6 cards) and leads; seat 0 holds five low cards.
LOW = "3c 4d 5h 6s 8c"


def test_with_nothing_shown_the_model_is_its_prior() -> None:
    state = stacked(LOW, "7h 7c 7d 7s 9c Tc", dealer=0)  # seat 0 leads: nothing of 1 yet
    assert adapt.traces(pure_view(state, 0), 1) == []
    assert adapt.posterior(pure_view(state, 0), 1) == pytest.approx(adapt.PRIOR)
    assert adapt.likeliest(pure_view(state, 0), 1) == "medium"


def test_a_bomb_led_from_a_big_hand_reads_spender_not_cautious() -> None:
    state = stacked(LOW, "7h 7c 7d 7s 9c Tc", dealer=1)
    play(state, 1, "7h 7c 7d 7s")  # a bomb holding 6 cards, not going out
    view = pure_view(state, 0)
    assert adapt.traces(view, 1) == [(adapt.LEAD + 1, adapt.PREMIUM)]
    assert adapt.likeliest(view, 1) == "spender"
    assert weight(view, "spender") > 0.75  # greedy, which leads long sets, keeps some
    assert weight(view, "cautious") < 0.01
    assert weight(view, "medium") < 0.1  # medium all but never does it


def test_a_2_answered_from_a_big_hand_rules_out_cautious() -> None:
    state = stacked("3c 4d 5h 6s 8c 9d", "2h Jc Jd Qs Kc", dealer=0)
    play(state, 0, "3c")
    play(state, 1, "2h")  # seat 1 held 5: not yet big, cautious may spend it
    small = pure_view(state, 0)
    assert adapt.traces(small, 1) == [(adapt.ANSWER, adapt.PREMIUM)]
    assert weight(small, "cautious") > 0.1
    big = stacked("3c 4d 5h 6s 8c 9d", "2h Jc Jd Qs Kc", talon="7c", dealer=0)
    big.hands[1].append("7c")  # the same answer from six cards
    big.counts[1][4] += 1
    big.codes[1][4] = ("7c",)
    big.talon.remove("7c")
    play(big, 0, "3c")
    play(big, 1, "2h")
    view = pure_view(big, 0)
    assert adapt.traces(view, 1) == [(adapt.ANSWER + 1, adapt.PREMIUM)]
    assert weight(view, "cautious") < 0.01
    assert weight(view, "cautious") < weight(small, "cautious") / 10


def test_a_long_lead_from_a_big_hand_reads_greedy() -> None:
    state = stacked(LOW, "8h 9h Th Jh Qd 3s", dealer=1)
    play(state, 1, "8h 9h Th Jh Qd")  # its longest play, from six cards
    view = pure_view(state, 0)
    assert adapt.traces(view, 1) == [(adapt.LEAD + 1, adapt.PLAIN + 3)]
    assert adapt.likeliest(view, 1) == "greedy"
    assert weight(view, "greedy") > 2 * adapt.PRIOR[adapt.GREEDY_INDEX]
    # a single led from the same hand is what greedy rarely does
    state = stacked(LOW, "8h 9h Th Jh Qd 3s", dealer=1)
    play(state, 1, "3s")
    assert weight(pure_view(state, 0), "greedy") < 0.05


def test_every_entry_of_the_trick_counts_with_the_hand_held_then() -> None:
    state = stacked("3c 5h 7s 8c 9d Kd", "4h 6c Jd Qs Kc", dealer=0)
    play(state, 0, "3c")  # a lead from 6 cards
    play(state, 1, "4h")  # from 5 cards
    play(state, 0, "5h")
    play(state, 1, "6c")  # from 4
    view = pure_view(state, 0)
    assert adapt.traces(view, 1) == [(adapt.ANSWER, adapt.PLAIN)] * 2
    assert adapt.traces(view, 0) == [
        (adapt.LEAD + 1, adapt.PLAIN),
        (adapt.ANSWER, adapt.PLAIN),
    ]


def test_the_model_reads_only_the_view() -> None:
    """Two deals alike in what seat 0 has seen, unlike in what it has not (seat 1's other
    cards and the talon), give the same beliefs."""
    views = []
    for rest, talon in (("9c Tc", "Kd Ks"), ("Ad Jc", "3d 3h")):
        state = stacked(LOW, f"7h 7c 7d 7s {rest}", talon=talon, dealer=1)
        play(state, 1, "7h 7c 7d 7s")
        views.append(pure_view(state, 0))
    assert views[0]["hand"] == views[1]["hand"]
    assert adapt.read_table(views[0]) == adapt.read_table(views[1])
    assert adapt.read_table(views[0])[1] != pytest.approx(adapt.PRIOR)


def test_styles_are_drawn_from_the_beliefs_and_the_searcher_is_medium() -> None:
    certain = {1: [0.0, 0.0, 0.0, 1.0, 0.0], 2: [0.0, 1.0, 0.0, 0.0, 0.0]}
    rng = random.Random(5)
    for _ in range(20):
        assert adapt.draw_styles(certain, 0, 3, rng) == (
            adapt.MEDIUM_INDEX,
            adapt.SPENDER_INDEX,
            adapt.GREEDY_INDEX,
        )
    counts = [0] * len(adapt.NAMES)
    for _ in range(2000):
        counts[adapt.draw_styles({1: list(adapt.PRIOR)}, 0, 2, rng)[1]] += 1
    for share, prior in zip(counts, adapt.PRIOR, strict=True):
        assert share / 2000 == pytest.approx(prior, abs=0.04)


def test_the_search_draws_the_styles_of_its_samples_from_the_view() -> None:
    game = games.load("gandengyan", players=2)
    state = stacked(LOW, "7h 7c 7d 7s 9c Tc", dealer=1)
    play(state, 1, "7h 7c 7d 7s")
    view = pure_view(state, 0)
    drawn = [
        search.sample_with_styles(game, view, 0, random.Random(i)).search_styles for i in range(200)
    ]
    assert all(styles[0] == adapt.MEDIUM_INDEX for styles in drawn)
    spender = sum(styles[1] == adapt.SPENDER_INDEX for styles in drawn) / len(drawn)
    assert spender > 0.7
    again = search.sample_with_styles(game, view, 0, random.Random(3))
    assert again.search_styles == drawn[3]
    assert again.hands == search.sample_with_styles(game, view, 0, random.Random(3)).hands


def positions(seed: int) -> list[State[Any]]:
    game = games.load("gandengyan", players=2)
    return [s for s in playout(game, seed, 1, first=True) if len(s.legal_actions(s.to_act[0])) > 1]


def styled(state: Any, seat: int, style: int) -> Any:
    """The rollout's move of ``seat`` in ``style``, on a copy of ``state``."""
    sample = state.clone()
    styles = [adapt.MEDIUM_INDEX] * sample.players
    styles[seat] = style
    sample.search_styles = tuple(styles)
    return search.rollout_policy(sample, seat, sample.legal_actions(seat), random.Random(1))


NAMESAKES = {
    adapt.GREEDY_INDEX: opponents.greedy,
    adapt.SPENDER_INDEX: opponents.spender,
    adapt.CAUTIOUS_INDEX: opponents.cautious,
}


@pytest.mark.parametrize("style", sorted(NAMESAKES))
def test_each_rollout_style_plays_as_its_gauntlet_namesake(style: int) -> None:
    """On every position of a few games, the rollout in ``style`` plays a move its gauntlet
    namesake allows (greedy's very move; spender's 2s and bombs whenever it has one;
    cautious's moves that keep them while it holds more than 5 cards), and medium's own
    choice where the namesake defers to medium. And the styles do differ from medium."""
    game = games.load("gandengyan", players=2)
    namesake = NAMESAKES[style](game)
    differs = 0
    checked = 0
    for seed in (1, 2, 3, 4):
        for state in positions(seed):
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            move = styled(state, seat, style)
            medium = styled(state, seat, adapt.MEDIUM_INDEX)
            differs += move != medium
            held = len(state.hands[seat])
            wire = [search.move_of_action(a, state.rules) for a in legal]
            allowed = namesake.pick(wire, held)
            checked += 1
            if allowed is None:
                assert move == medium
            elif isinstance(allowed, int):
                assert move == legal[allowed]
                assert move == namesake.act(pure_view(state, seat), legal, random.Random(1))
            else:
                assert move in [legal[i] for i in allowed]
            kind = wire[legal.index(move)].kind
            if style == adapt.SPENDER_INDEX and any(is_premium(m.kind) for m in wire):
                assert is_premium(kind)
            if style == adapt.CAUTIOUS_INDEX and held > opponents.CAUTIOUS_CARDS:
                assert not is_premium(kind) or wire[legal.index(move)].cards == held
    assert checked > 100
    assert differs > 0


def test_forgetful_and_medium_are_one_rollout_style() -> None:
    for state in positions(5)[:40]:
        seat = state.to_act[0]
        assert styled(state, seat, adapt.FORGETFUL_INDEX) == styled(state, seat, adapt.MEDIUM_INDEX)


def test_hard_gives_the_same_move_for_the_same_view_and_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = games.load("gandengyan", players=2)
    small = replace(bots.hooks(game), hard_iterations=40)
    monkeypatch.setattr(bots, "hooks", lambda _game: small)
    state = stacked(LOW, "7h 7c 7d 7s 9c Tc", dealer=1)
    play(state, 1, "7h 7c 7d 7s")
    for position in [state, *positions(6)[:4]]:
        seat = position.to_act[0]
        view, legal = pure_view(position, seat), position.legal_actions(seat)
        first = bots.make("hard", game, 30.0, clock=frozen())
        again = bots.make("hard", game, 30.0, clock=frozen())
        assert first.act(view, legal, random.Random(2)) == again.act(view, legal, random.Random(2))
