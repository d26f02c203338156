"""Issue 22: a review reads only the seat's view (re-deal the other seats' hidden cards
consistent with it and the marks stay the same), is reproducible with a seed, keeps to its
budget counted in simulations, and refuses unfinished games and seats that do not exist."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardtable import games
from cardtable.review import (
    BAD_RECORD,
    NO_SUCH_SEAT,
    NOT_OVER,
    Budget,
    GameRecord,
    ReviewError,
    review_game,
)
from cardtable.review.review import Review

from .support import finish

GAMES = [("cambio", {"players": 2}), ("cabo", {"players": 2}), ("gandengyan", {"players": 2})]
GAMES += [("caravan", {})]


def short(name: str, options: dict[str, object]) -> GameRecord:
    return finish(name, options, seed=5)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_each_decision_is_judged_from_the_view_alone(name: str, options: dict[str, object]) -> None:
    """The leak property of the review: swap the true state behind a decision for another
    one consistent with the seat's view (the other seats' hidden cards re-dealt) and the
    review's line for that decision is the same, marks and values, with the same seed."""
    review = Review(short(name, options), 0, seed=3, hindsight=False)
    game = review.game
    rng = random.Random(11)
    for decision in review.found[:4]:
        index = decision.index
        alone = review.judge_one(index, 60)
        other = game.determinize(decision.view, 0, rng)
        assert other.view(0) == decision.view  # the engine's own leak property
        review.found[index] = dataclasses.replace(decision, state=other)
        assert review.judge_one(index, 60) == alone
        review.found[index] = decision


def test_the_hindsight_line_reads_the_true_cards_and_never_the_mark() -> None:
    record = short("cambio", {"players": 2})
    review = Review(record, 0, seed=3, hindsight=True)
    decision = review.found[1]
    seen = review.judge_one(1, 200)
    other = review.game.determinize(decision.view, 0, random.Random(2))
    review.found[1] = dataclasses.replace(decision, state=other)
    again = review.judge_one(1, 200)
    assert seen["hindsight"] is not None and "mark" not in seen["hindsight"]
    assert {k: v for k, v in again.items() if k != "hindsight"} == {
        k: v for k, v in seen.items() if k != "hindsight"
    }


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_review_is_reproducible_with_its_seed(name: str, options: dict[str, object]) -> None:
    record = short(name, options)
    budget = Budget(per_decision=40, per_game=400)
    first = review_game(record, 0, budget, seed=9)
    assert review_game(record, 0, budget, seed=9) == first
    assert first["decisions"] and first["summary"]["judged"] >= 1


def test_the_budget_bounds_every_decision_and_the_game_in_simulations() -> None:
    record = short("cambio", {"players": 2})
    count = len(Review(record, 0, 0).found)
    budget = Budget(per_decision=60, per_game=60 * count // 2)
    review = review_game(record, 0, budget, seed=1)
    assert review["simulations"] == sum(d.get("cost", 0) for d in review["decisions"])
    assert review["simulations"] <= budget.per_game
    assert all(d.get("cost", 0) <= budget.per_decision for d in review["decisions"])
    # half the game's need: the decisions share it out (each gets its part, none starves)
    assert all(d["mark"] is not None for d in review["decisions"])
    tight = review_game(record, 0, Budget(per_decision=60, per_game=20), seed=1)
    assert tight["simulations"] <= 20
    assert any(d["mark"] is None for d in tight["decisions"])  # said, not guessed


def test_progress_counts_every_decision() -> None:
    record = short("caravan", {})
    seen: list[tuple[int, int]] = []
    budget = Budget(20, 2000, hindsight=False)
    review = review_game(record, 1, budget, 0, lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(review["decisions"]), len(review["decisions"]))


def test_an_unfinished_game_and_a_missing_seat_are_refused_by_name() -> None:
    record = short("cambio", {"players": 2})
    unfinished = dataclasses.replace(record, actions=record.actions[:5])
    with pytest.raises(ReviewError, match="not over") as refused:
        review_game(unfinished, 0, Budget(10, 100))
    assert refused.value.code == NOT_OVER
    with pytest.raises(ReviewError, match="no seat 2") as missing:
        review_game(record, 2, Budget(10, 100))
    assert missing.value.code == NO_SUCH_SEAT


def test_a_file_that_is_not_a_saved_game_is_refused_by_name() -> None:
    with pytest.raises(ReviewError, match="format") as wrong:
        GameRecord.from_json({"game": "cambio"})
    assert wrong.value.code == BAD_RECORD
    data = short("cambio", {"players": 2}).to_json()
    data["actions"][3]["action"] = {"type": "fly"}
    with pytest.raises(ReviewError, match="Action 4"):
        review_game(GameRecord.from_json(data), 0, Budget(10, 100))
    assert GameRecord.from_json(short("cabo", {"players": 2}).to_json()).game == "cabo"


def test_a_game_without_a_review_spec_gets_the_default() -> None:
    """The fifth game (tests/fifth_game) says nothing of reviews: win probability."""
    games.register("highcard", "tests.fifth_game.highcard.package:PACKAGE")
    try:
        record = random_game("highcard", 4)  # it has no heuristic bots to finish a game
        review = review_game(record, 0, Budget(40, 2000), seed=0)
        assert review["unit"] == "win probability" and review["higher_is_better"]
        assert review["summary"]["judged"] >= 1
    finally:
        games.unregister("highcard")


def random_game(name: str, seed: int) -> GameRecord:
    game = games.load(name)
    state, rng = game.new_state(seed=seed), random.Random(seed)
    log = []
    while not state.is_over():
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        log.append((seat, game.action_to_json(action)))
    return GameRecord(name, dict(game.options), seed, log)
