"""Issue 22: known blunders are marked mistake or blunder, known best moves best or good, in
each of the four games, on stacked decks."""

from __future__ import annotations

from typing import Any

from cardtable import games
from cardtable.core import State
from cardtable.review import Budget, GameRecord, review_game
from cardtable.review.review import Review

from .support import Move, finish, scripted, state_after

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


# -- Gan Deng Yan: passing when the last card goes out. Seat 0 deals and leads 3-7 (seat 1
# cannot beat a five-card straight), draws the 8♦, leads it; seat 1 beats it with a 9 and
# seat 0, holding the 2♠ alone, may beat that and go out (seat 1 pays its 5 cards) or pass.
GDY_DECK = [["3s", "4h", "5d", "6c", "7s", "2s", "9s", "9h", "Jd", "Kc", "Qs", "8d", "Th"]]
GDY_SEED = next(s for s in range(50) if games.load("gandengyan", players=2).new_state(
    seed=s, deck=GDY_DECK).dealer == 0)  # fmt: skip
GDY_MOVES: list[Move] = [
    (0, {"type": "play", "cards": ["3s", "4h", "5d", "6c", "7s"]}),
    (1, {"type": "pass"}),
    (0, {"type": "play", "cards": ["8d"]}),
    (1, {"type": "play", "cards": ["9s"]}),
]
GO_OUT = {"type": "play", "cards": ["2s"]}


def gandengyan(last: dict[str, Any]) -> GameRecord:
    moves = [*GDY_MOVES, (0, last)]
    return scripted("gandengyan", {"players": 2}, GDY_SEED, GDY_DECK, moves)


def test_gandengyan_passing_instead_of_going_out_is_a_blunder() -> None:
    record = gandengyan({"type": "pass"})
    before = state_after(record, len(GDY_MOVES))
    assert before.view(0)["hand"] == ["2s"]  # the position is as described
    wires = [before.game.action_to_json(a) for a in before.legal_actions(0)]
    assert sorted(w["type"] for w in wires) == ["pass", "play"] and GO_OUT in wires
    entry = judge(record, step=len(GDY_MOVES) + 1)
    assert entry["mark"] in BAD, entry
    assert entry["best"]["action"] == GO_OUT
    # seat 1's five cards, paid at once (doubled where the view imagines a joker among them)
    assert entry["best"]["value"] >= 5.0


def test_gandengyan_going_out_is_best() -> None:
    entry = judge(gandengyan(GO_OUT), step=len(GDY_MOVES) + 1)
    assert entry["mark"] == "best", entry


# -- Caravan: conceding where the next card wins. Seat 0 opens 10s on its three caravans,
# builds 10 9 2 = 21 on caravans 0 and 2 and 10 8 on caravan 1 while seat 1 discards; the
# 3♥ on caravan 1 then sells every pair (CV-19).
CV_P0 = ["Ts", "Th", "Td", "9s", "2s", "8h", "3h", "9d", "2d", "3d"]
CV_P1 = ["4s", "5h", "6c", "9c", "2c", "Kc", "Ks", "Kh", "Qc", "Qs", "Qh", "Jc"]
CV_DECK = [CV_P0, CV_P1]
CV_STACK_SEED = next(s for s in range(200) if games.load("caravan").new_state(
    seed=s, deck=CV_DECK).to_act == (0,))  # fmt: skip
CV_WIN = {"type": "play", "card": "3h", "caravan": 1}
# A position found by seed (after 36 moves of seed 2, 8♠ on caravan 2 sells seat 0's third
# caravan): tests/server/test_reviews.py stores its puzzle from a table played so.
CV_SEED, CV_AT = 2, 36
WIN = {"type": "play", "card": "8s", "caravan": 2}


def discard(state: State[Any]) -> tuple[int, dict[str, Any]]:
    """Seat 1's idle turn: its newest card thrown away."""
    return 1, {"type": "discard", "card": state.view(1)["hand"][-1]}


def caravan(last: dict[str, Any]) -> GameRecord:
    opening: list[Move] = []
    for c, (mine, theirs) in enumerate(zip(CV_P0[:3], CV_P1[:3], strict=True)):
        opening += [(0, {"type": "play", "card": mine, "caravan": c})]
        opening += [(1, {"type": "play", "card": theirs, "caravan": c})]
    builds = [("9s", 0), ("2s", 0), ("9d", 2), ("2d", 2), ("8h", 1)]
    moves = opening + [m for card, c in builds for m in ((0, play(card, c)), discard)]
    return scripted("caravan", {}, CV_STACK_SEED, CV_DECK, [*moves, (0, last)])


def play(card: str, c: int) -> dict[str, Any]:
    return {"type": "play", "card": card, "caravan": c}


def test_caravan_conceding_a_won_game_is_a_blunder_and_the_winning_card_is_best() -> None:
    record = caravan({"type": "resign"})
    step = len(record.actions)  # the resignation ends the game
    assert state_after(record, step - 1).view(0)["sellers"] == [0, None, 0]
    entry = judge(record, step=step)
    assert entry["mark"] == "blunder", entry
    assert entry["best"]["action"] == CV_WIN and entry["best"]["value"] == 1.0
    won = caravan(CV_WIN)
    assert won.actions[step - 1] == (0, CV_WIN) and len(won.actions) == step  # it won at once
    assert judge(won, step=step)["mark"] == "best"


def test_the_cambio_blunder_is_marked_bad_on_most_review_seeds_and_never_good() -> None:
    """How stable a mark is across seeds (docs/review.md, "Measured"): the loss is about
    1.0 ± 0.19 at this budget, so now and then a seed reads it as an inaccuracy."""
    record = cambio(slot2="Ac", drawn="Ks", keep_in=2)
    marks = [judge(record, step=2, seed=seed)["mark"] for seed in range(4)]
    assert sum(m in BAD for m in marks) >= 3, marks
    assert not any(m in GOOD for m in marks), marks


def cabo_deal(mine: list[int], theirs: list[int]) -> GameRecord:
    rounds = [[str(c) for c in [*mine, *theirs, 6]]]
    game = games.load("cabo", players=2)
    seed = next(s for s in range(500) if game.new_state(seed=s, deck=rounds).view(0)["turn"] == 0)
    return finish("cabo", {"players": 2}, seed, rounds)


def test_the_deal_before_the_first_decision_counts_as_luck() -> None:
    """The deal's luck (docs/review.md, "Luck"): a seat dealt low cards against high ones
    starts well ahead of an average seat, and further ahead than dealt the high ones."""
    low, high = [0, 1, 1, 2], [12, 12, 13, 11]
    swings = []
    for mine, theirs in ((low, high), (high, low)):
        review = review_game(cabo_deal(mine, theirs), 0, Budget(200, 20_000, False), seed=0)
        deal = review["summary"]["luck"]["deals"]  # one a round
        first = review["decisions"][0]
        assert deal and deal[0]["before_index"] == 0 and deal[0]["step"] == first["step"] - 1
        swings.append(deal[0]["swing"])
    assert swings[0] > 3.0 and swings[0] > swings[1] + 3.0, swings
