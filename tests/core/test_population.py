"""core.population: the belief steps the adapting bots share (every game's hard)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from cardtable.core import population


def test_draws_follow_the_weights() -> None:
    rng = random.Random(4)
    counts = [0, 0, 0]
    for _ in range(20_000):
        counts[population.draw([0.2, 0.5, 0.3], rng.random())] += 1
    assert [round(c / 20_000, 1) for c in counts] == [0.2, 0.5, 0.3]


def test_a_mark_past_a_short_sum_draws_the_last_style() -> None:
    assert population.draw([0.3, 0.3, 0.3], 0.95) == 2
    assert population.draw([0.0, 1.0], 0.0) == 1  # a weight of 0 is never drawn


def test_beliefs_sum_to_one_and_fall_back_to_the_prior() -> None:
    assert population.normalized([1.0, 3.0], [0.5, 0.5]) == [0.25, 0.75]
    assert population.normalized([0.0, 0.0], [0.4, 0.6]) == [0.4, 0.6]


def test_opponents_are_every_seat_but_the_view_s() -> None:
    assert population.opponents({"seat": 1, "players": 4}) == [0, 2, 3]


def test_the_likeliest_is_the_first_of_equals() -> None:
    assert population.likeliest([0.2, 0.4, 0.4]) == 1


def test_calls_so_far_no_call_then_a_call_at_the_last_turn() -> None:
    def hazard(turn: int) -> float:
        return (0.1, 0.1, 0.5, 0.25)[turn]

    assert population.calls_so_far(hazard, 3, False, 0.003) == pytest.approx(0.9 * 0.9 * 0.5)
    # a call shown at turn 3: the odds of calling there against not
    called = population.calls_so_far(hazard, 3, True, 0.003)
    assert called == pytest.approx(0.9 * 0.9 * 0.5 * 0.25 / 0.75)
    assert population.calls_so_far(lambda _: 1.0, 0, True, 0.003) == pytest.approx(1 / 0.003)


def test_anyone_calls_combines_the_opponents() -> None:
    beliefs = {0: [1.0, 0.0], 2: [0.5, 0.5]}
    chance = population.chance_anyone_calls(beliefs, [0.2, 0.6])
    assert chance == pytest.approx(1 - (1 - 0.2) * (1 - 0.4))


def test_per_view_reads_a_view_once_per_view_and_keys() -> None:
    """A search samples one view hundreds of times and reads it once; the same view with
    another game or seat, or another view with equal contents, is read anew."""
    reads: list[tuple[object, int]] = []

    def read(view: Mapping[str, Any], game: object, seat: int) -> tuple[object, int]:
        reads.append((game, seat))
        return (game, seat)

    per_view = population.PerView(read)
    view: dict[str, Any] = {"seat": 0, "players": 2}
    game, other_game = object(), object()
    assert per_view(view, game, 0) == (game, 0)
    assert per_view(view, game, 0) == (game, 0)
    assert reads == [(game, 0)]
    assert per_view(view, game, 1) == (game, 1)  # another seat
    assert per_view(view, other_game, 1) == (other_game, 1)  # another game
    assert per_view(dict(view), other_game, 1) == (other_game, 1)  # an equal copy
    assert reads == [(game, 0), (game, 1), (other_game, 1), (other_game, 1)]


def test_per_view_with_the_view_alone_keeps_the_last_view_s_reading() -> None:
    """Cabo's and Cambio's beliefs: keyed on the view alone, the last view's reading is
    kept until another view is asked about."""
    reads: list[Mapping[str, Any]] = []

    def read(view: Mapping[str, Any]) -> population.Beliefs:
        reads.append(view)
        return {1: [float(len(reads))]}

    beliefs_of = population.PerView(read)
    first: dict[str, Any] = {"seat": 0}
    second: dict[str, Any] = {"seat": 0}
    assert beliefs_of(first) is beliefs_of(first)
    assert beliefs_of(second) == {1: [2.0]}
    assert beliefs_of(first) == {1: [3.0]}  # only the last view is remembered
    assert reads == [first, second, first]


def _population(styles: tuple[str, ...], own: int) -> population.Population[str]:
    return population.Population(styles, styles, own, lambda view, owner: [float(owner)])


def test_draw_styles_draws_each_opponent_and_keeps_the_searching_seat_its_own() -> None:
    beliefs = {1: [0.0, 1.0, 0.0], 2: [0.0, 0.0, 1.0]}  # seat 3 has no beliefs
    drawn = _population(("m", "g", "c"), 0).draw_styles(beliefs, 0, 4, random.Random(5))
    assert drawn == ("m", "g", "c", "m")


def test_draw_styles_takes_one_draw_per_opponent_in_seat_order() -> None:
    beliefs = {0: [0.5, 0.5], 2: [0.5, 0.5]}
    marks = random.Random(9)
    expected = tuple("ab"[population.draw([0.5, 0.5], marks.random())] for _ in range(2))
    drawn = _population(("a", "b"), 1).draw_styles(beliefs, 1, 3, random.Random(9))
    assert (drawn[0], drawn[2]) == expected
    assert drawn[1] == "b"


def test_read_table_reads_every_opponent_and_not_the_seat() -> None:
    view = {"seat": 1, "players": 3}
    assert _population(("a",), 0).read_table(view) == {0: [0.0], 2: [2.0]}


def test_likeliest_names_the_heaviest_style() -> None:
    weights = population.Population(("a", "b", "c"), (0, 1, 2), 0, lambda v, o: [0.2, 0.5, 0.3])
    assert weights.likeliest({"seat": 0, "players": 2}, 1) == "b"
