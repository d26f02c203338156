"""Cabo's hard adapts (issue #24): its opponent model moves on what the view shows an
opponent has done (a call and when, cards taken from the face-up discard), its rollouts
play each opponent in a style drawn from that model, and it all depends on the view alone
(the same view and seed, the same choice)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable import bots, games
from cardtable.games.cabo.bots import adapt, search
from cardtable.games.cabo.state import CaboState

from .support import assert_reproducible, play, pure_view


def position(
    turns: int,
    public: int = 0,
    caller: int | None = None,
    rows: Sequence[Sequence[int]] = ((5, 6, 7, 8), (3, 4, 8, 9)),
    starter: int = 0,
    seed: int = 0,
) -> CaboState:
    """A two-seat deal of ``rows`` after ``turns`` turns each (the cards drawn gone to the
    discard), ``starter`` to play, ``public`` of seat 1's cards known to everyone (as a
    card taken from the discard is) and ``caller`` having called. ``seed`` shuffles the
    cards nobody holds."""
    game = games.load("cabo", players=2)
    cards = [str(c) for row in rows for c in row]
    for base in range(seed * 500, seed * 500 + 500):
        state = game.new_state(seed=base, deck=cards)
        if state.to_act == (starter,):
            break
    assert isinstance(state, CaboState) and state.to_act == (starter,)
    for _ in range(2 * turns):
        state.discard.append(state.deck.pop())
    for slot in range(public):
        state.known[1][slot] = state.everyone
    state.caller = caller
    return state


def table(turns: int, public: int = 0, caller: int | None = None, seed: int = 0) -> Any:
    """Seat 0's view of ``position``."""
    return pure_view(position(turns, public, caller, seed=seed), 0)


def weight(view: Any, style: str) -> float:
    return adapt.posterior(view, 1)[adapt.NAMES.index(style)]


def test_at_the_deal_the_model_is_about_its_prior() -> None:
    view = table(0)
    assert adapt.likeliest(view, 1) == "medium"
    assert adapt.posterior(view, 1) == pytest.approx(adapt.PRIOR, abs=0.06)


def test_an_opponent_whose_row_fills_with_taken_cards_reads_taker() -> None:
    assert weight(table(3, public=2), "taker") > 0.8
    assert adapt.likeliest(table(3, public=2), 1) == "taker"
    # three turns without taking once: whatever it is, it is not the taker
    assert weight(table(3), "taker") < 0.01


def test_the_values_of_public_cards_tell_the_taker_from_a_player_who_keeps_low_ones() -> None:
    """Everybody takes a low discard now and then; only the taker takes a 9. Seat 1 shows
    two public cards after ten turns: two low ones read greedy, a 9 and a 12 read taker."""
    state = position(10, public=2, rows=((5, 6, 7, 8), (1, 2, 8, 9)))
    low = pure_view(state, 0)
    assert [low["rows"][1][i]["card"] for i in (0, 1)] == ["1", "2"]
    assert weight(low, "taker") < 0.1
    assert adapt.likeliest(low, 1) == "greedy"
    high = pure_view(position(10, public=2, rows=((5, 6, 7, 8), (9, 12, 1, 2))), 0)
    assert weight(high, "taker") > 0.95


def test_an_opponent_that_has_not_called_by_its_eighth_turn_reads_greedy_or_cautious() -> None:
    late = table(8)
    assert weight(late, "greedy") + weight(late, "cautious") > 0.6
    # not calling is evidence that grows with the turns, from the prior's odds down
    odds = [weight(table(turns), "medium") / weight(table(turns), "greedy") for turns in (2, 8)]
    assert odds[1] < odds[0] < adapt.PRIOR[0] / adapt.PRIOR[1]


def test_an_early_call_rules_out_the_cautious_and_the_greedy_player() -> None:
    early = table(2, caller=1)
    assert weight(early, "cautious") < 0.02
    assert weight(early, "greedy") < 0.05
    assert adapt.likeliest(early, 1) in ("medium", "swap_blind")
    # a call at its seventh turn, the first a cautious player may call at, reads cautious
    assert adapt.likeliest(table(7, caller=1), 1) == "cautious"


def test_the_model_reads_only_the_view() -> None:
    """Two deals that differ only in cards seat 0 has not seen give the same posterior."""
    views = [table(4, public=1, seed=seed) for seed in (0, 1)]
    assert views[0]["rows"][1][2] == views[1]["rows"][1][2]  # both hidden from seat 0
    assert views[0]["discard"] != views[1]["discard"]  # the deals differ
    assert adapt.read_table(views[0]) == adapt.read_table(views[1])


def test_styles_are_drawn_from_the_posterior_and_samples_carry_them() -> None:
    beliefs = adapt.read_table(table(3, public=2))
    drawn = [adapt.draw_styles(beliefs, 0, 2, random.Random(seed))[1].name for seed in range(40)]
    assert drawn.count("taker") >= 30
    # the searching seat plays its own rollouts by its own rule
    assert {adapt.draw_styles(beliefs, 0, 2, random.Random(s))[0].name for s in range(9)} == {
        "medium"
    }
    sample = position(3, public=2)
    setattr(sample, search.STYLES_FIELD, adapt.draw_styles(beliefs, 0, 2, random.Random(1)))
    assert search.style_of(sample.clone(), 1) == search.style_of(sample, 1)


def test_shipped_rollouts_imagine_medium_where_styled_ones_measured_worse() -> None:
    """Styled rollouts lost against the greedy player (docs/bots/cabo.md): hard's samples
    carry no styles, at two seats as at four; only the call guard reads the posterior."""
    assert 2 not in search.STYLED_ROLLOUT_SEATS and 2 in search.ADAPT_SEATS
    game = games.load("cabo", players=2)
    sample = search.determinize(game, table(3, public=2), 0, random.Random(1))
    assert {search.style_of(sample, seat).name for seat in range(2)} == {"medium"}


def test_at_four_seats_the_rollouts_still_imagine_medium() -> None:
    """At four seats the samples carry no styles and every seat plays medium's rollouts,
    as before."""
    game = games.load("cabo", players=4)
    view = pure_view(game.new_state(seed=2), 0)
    sample = search.determinize(game, view, 0, random.Random(1))
    assert getattr(sample, search.STYLES_FIELD, None) is None
    assert {search.style_of(sample, seat).name for seat in range(4)} == {"medium"}


def rollout_move(style: str, turns: int, row: Sequence[int], top: int | None = None) -> str:
    """What seat 1, imagined in ``style`` in seat 0's rollout, does at the start of its
    turn holding ``row`` (every card known to it) after ``turns`` turns; with a ``top``
    card on the discard, after seat 0's call."""
    state = position(turns, rows=((9, 9, 9, 9), row), starter=1)
    state.known[1] = [0b10] * 4
    if top is not None:
        state.discard[-1] = top
        state.caller = 0
    state.searcher = 0
    styles = (adapt.STYLES[0], adapt.STYLES[adapt.NAMES.index(style)])
    setattr(state, search.STYLES_FIELD, styles)
    legal = state.legal_actions(1)
    action = search.rollout_policy(state, 1, legal, random.Random(1))
    return str(state.game.action_to_json(action)["type"])


def test_rollout_players_call_and_take_as_their_styles_do() -> None:
    low = (0, 1, 1, 2)
    assert rollout_move("medium", 2, low) == "call"
    assert rollout_move("greedy", 2, low) == "call"
    assert rollout_move("cautious", 2, low) == "draw"  # never before its sixth turn
    assert rollout_move("cautious", 7, low) == "call"
    # greedy calls on its expected sum alone: at 10 points it plays on where medium calls
    ten = (2, 2, 3, 3)
    assert rollout_move("medium", 2, ten) == "call"
    assert rollout_move("greedy", 2, ten) != "call"
    # the taker takes any face-up card; medium draws rather than take a 13
    assert rollout_move("medium", 2, low, top=13) == "draw"
    assert rollout_move("taker", 2, low, top=13) == "take_discard"


def test_hard_is_reproducible_with_a_seed_on_the_adapting_search() -> None:
    game = games.load("cabo", players=2)
    state = position(3, public=1)
    assert_reproducible(game, "ismcts:60", [state], lambda _state: 0, seed=9)


def root_kinds(state: CaboState) -> list[str]:
    game = state.game
    view = pure_view(state, 0)
    roots = search.root_actions(game, view, state.legal_actions(0))
    return [str(game.action_to_json(action)["type"]) for action in roots]


def test_hard_never_weighs_a_call_into_a_likely_loss_at_a_high_total() -> None:
    """Issue #24: a search that imagines opponents calling soon calls early at a high total.
    Seat 0 knows 6 + 5 of its row (about 24 expected) and nothing of seat 1's (who kept two
    cards it looked at): its chance of the lowest sum is about 0.4–0.47. Against a player who has not called in
    eight turns (greedy or cautious, most likely) the call is not even searched: hard
    draws. At its first turn, against what may be medium about to call, it is searched."""
    rows = ((6, 5, 7, 6), (3, 4, 8, 9))
    late = position(8, rows=rows)
    mind = search.Mind(search.from_view(pure_view(late, 0), search.Rules()), search.MEDIUM)
    assert 0.2 <= mind.call_chance() < search.CALL_FLOOR
    assert mind.expected_sum(0)[0] > search.CALL_CEILING
    assert "call" not in root_kinds(late)
    hard = bots.make("ismcts:80", late.game)
    assert play(late, 0, hard)["type"] != "call"
    early = position(0, rows=rows)
    assert "call" in root_kinds(early)
