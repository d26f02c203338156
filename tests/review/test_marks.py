"""Issue 22: known blunders are marked mistake or blunder, known best moves best or good, in
each of the four games (stacked decks where the deal makes the point; a found position
where a hand or a game can be won at once)."""

from __future__ import annotations

from typing import Any

from cardtable import games
from cardtable.review import GameRecord
from cardtable.review.review import Review

from .support import finish, state_after

BUDGET = 2000  # simulations for the one decision judged (hindsight off)
BAD = ("mistake", "blunder")
GOOD = ("best", "good")


def judge(record: GameRecord, step: int, seed: int = 0) -> dict[str, Any]:
    """The review's entry for seat 0's decision at action number ``step``."""
    review = Review(record, 0, seed, hindsight=False)
    index = next(d.index for d in review.found if d.step == step)
    return review.judge_one(index, BUDGET)


# -- Cambio: keeping a drawn King of spades over a known Ace (CB-2 values: K♠ 10, A 1) --------
def cambio(slot2: str, drawn: str, keep_in: int) -> GameRecord:
    # Seat 0 knows its slots 2 and 3 (the default peek, "near_two"); it draws first.
    hands = [["7c", "8d", slot2, "4h"], ["9c", "6d", "5s", "Td"]]
    deck = [*hands[0], *hands[1], "3h", drawn]
    moves = [{"type": "draw"}, {"type": "replace", "slot": keep_in}]
    return finish("cambio", {"players": 2}, 1, deck, ours=moves)


def test_cambio_keeping_a_drawn_black_king_over_a_known_ace_is_a_blunder() -> None:
    entry = judge(cambio(slot2="Ac", drawn="Ks", keep_in=2), step=2)
    assert entry["mark"] in BAD, entry
    assert entry["best"]["action"] != {"type": "replace", "slot": 2}
    assert entry["loss"] >= 0.5  # points of the final card total (docs/review.md)


def test_cambio_keeping_a_drawn_ace_over_a_known_black_king_is_best() -> None:
    entry = judge(cambio(slot2="Ks", drawn="Ac", keep_in=2), step=2)
    assert entry["mark"] in GOOD, entry


# -- Cabo: keeping a drawn 13 over a known 0 ----------------------------------------------------
def cabo(slot0: int, drawn: int, seed: int = 0) -> GameRecord:
    hands = [[slot0, 5, 7, 9], [8, 6, 4, 10]]
    rounds = [[str(c) for c in [*hands[0], *hands[1], drawn]]]
    game = games.load("cabo", players=2)
    seed = next(s for s in range(500) if game.new_state(seed=s, deck=rounds).view(0)["turn"] == 0)
    moves = [{"type": "draw"}, {"type": "replace", "slots": [0]}]
    return finish("cabo", {"players": 2}, seed, rounds, ours=moves)


def test_cabo_keeping_a_drawn_13_over_a_known_0_is_a_blunder() -> None:
    record = cabo(slot0=0, drawn=13)
    assert state_after(record, 1).view(0)["holding"]["card"] == "13"
    entry = judge(record, step=2)
    assert entry["mark"] in BAD, entry
    assert entry["loss"] >= 3.0


def test_cabo_keeping_a_drawn_0_over_a_known_13_is_best() -> None:
    entry = judge(cabo(slot0=13, drawn=0), step=2)
    assert entry["mark"] in GOOD, entry


# -- Gan Deng Yan: passing when the last card goes out (seed 7: after 23 moves, seat 0
# holds one card, a 2, and may beat the trick with it or pass) ------------------------------
GDY_SEED, GDY_AT = 7, 23
GO_OUT = {"type": "play", "cards": ["2s"]}


def test_gandengyan_passing_instead_of_going_out_is_a_blunder() -> None:
    record = finish("gandengyan", {"players": 2}, GDY_SEED, prefix=GDY_AT, ours=[{"type": "pass"}])
    before = state_after(record, GDY_AT)
    wires = [before.game.action_to_json(a) for a in before.legal_actions(0)]
    assert GO_OUT in wires and {"type": "pass"} in wires  # the position is as described
    entry = judge(record, step=GDY_AT + 1)
    assert entry["mark"] in BAD, entry
    assert entry["best"]["action"] == GO_OUT


def test_gandengyan_going_out_is_best() -> None:
    record = finish("gandengyan", {"players": 2}, GDY_SEED, prefix=GDY_AT, ours=[GO_OUT])
    entry = judge(record, step=GDY_AT + 1)
    assert entry["mark"] == "best", entry


# -- Caravan: conceding where the next card wins (seed 2: after 36 moves, 8♠ on caravan 2
# sells seat 0's third caravan) -----------------------------------------------------------------
CV_SEED, CV_AT = 2, 36
WIN = {"type": "play", "card": "8s", "caravan": 2}


def test_caravan_conceding_a_won_game_is_a_blunder_and_the_winning_card_is_best() -> None:
    record = finish("caravan", {}, CV_SEED, prefix=CV_AT, ours=[{"type": "resign"}])
    entry = judge(record, step=CV_AT + 1)
    assert entry["mark"] == "blunder", entry
    assert entry["best"]["action"] == WIN and entry["best"]["value"] == 1.0
    won = finish("caravan", {}, CV_SEED, prefix=CV_AT, ours=[WIN])
    assert judge(won, step=CV_AT + 1)["mark"] == "best"


def test_the_cambio_blunder_is_marked_bad_on_most_review_seeds_and_never_good() -> None:
    """How stable a mark is across seeds (docs/review.md, "Measured"): the loss is about
    1.0 ± 0.19 at this budget, so now and then a seed reads it as an inaccuracy."""
    record = cambio(slot2="Ac", drawn="Ks", keep_in=2)
    marks = [judge(record, step=2, seed=seed)["mark"] for seed in range(4)]
    assert sum(m in BAD for m in marks) >= 3, marks
    assert not any(m in GOOD for m in marks), marks
