"""Passing, tricks, drawing, the talon running out, the stuck leader and going out
(GD-11 … GD-15), on stacked decks."""

from __future__ import annotations

from cardtable.core import Event
from cardtable.core.cards import standard_deck
from cardtable.games.gandengyan import GanDengYanGame, GanDengYanState

from .helpers import cards, drawn, kinds, legal, rejected, run, table

FOUR = ("3s 4s 5s 6s 9c Kc", "4h 7h 8h 9h Th", "4d 8d 9d Td Jd", "7c 8c Jc Qc Ac")


def test_a_player_may_pass_but_the_leader_must_play() -> None:
    """GD-11: passing is allowed when answering, never when leading a trick."""
    state = table(*FOUR)
    assert "pass" not in legal(state)
    rejected(state, 0, "pass", "You cannot pass: you lead this trick")
    run(state, "3s")
    assert legal(state)[0] == "pass"
    run(state, "pass")
    assert state.to_act == (2,)


def test_the_trick_ends_when_everyone_else_has_passed_and_the_winner_draws_first() -> None:
    """GD-12: after a play, once every other player has passed in turn, the last player who
    played wins the trick, draws first, then the others draw in seat order; the winner
    leads the next trick."""
    state = table(*FOUR, talon="Kh Qh Jh Th")
    run(state, "3s", "4h", "pass", "pass")
    assert state.to_act == (0,)  # only two of the three others have passed
    events = run(state, "pass")
    assert kinds(events) == ["pass", "trick_won", "draw", "draw", "draw", "draw"]
    assert drawn(events) == [(1, "Kh"), (2, "Qh"), (3, "Jh"), (0, "Th")]
    assert state.view(None)["counts"] == [6, 5, 6, 6]
    assert state.to_act == (1,)
    assert "pass" not in legal(state)
    assert state.view(None)["to_beat"] is None and state.view(None)["trick"] == []


def test_a_new_play_restarts_the_round_of_passes() -> None:
    """GD-12: the trick is won by the last player who played, after all others pass."""
    state = table(*FOUR)
    run(state, "3s", "pass", "4d", "pass", "pass")
    assert state.to_act == (1,)  # seat 1 passed before seat 2 played: it may answer again
    events = run(state, "pass")
    assert events[1].type == "trick_won" and events[1].data["seat"] == 2
    assert state.to_act == (2,)


def test_draw_winner_only() -> None:
    """GD-12: with draw=winner_only only the trick winner draws."""
    state = table(*FOUR, talon="Kh Qh Jh Th", draw="winner_only")
    talon = state.view(None)["talon"]
    events = run(state, "3s", "4h", "pass", "pass", "pass")
    assert [e.data["seat"] for e in events if e.type == "draw"] == [1]
    assert state.view(1)["hand"].count("Kh") == 1
    assert state.view(None)["talon"] == talon - 1
    assert state.view(None)["counts"] == [5, 5, 5, 5]


def six_player_table(seat0: str, draws: list[str]) -> GanDengYanState:
    """Six players and one deck: 31 cards dealt, 23 in the talon. Seat 0 deals; ``draws``
    are the four cards seat 0 draws when it wins each of the first four tricks."""
    others = [
        "9h 9d 9c Th Td",
        "Tc Jh Jd Jc Qh",
        "Qd Qc Kh Kd Kc",
        "Ah Ad Ac 2h 2d",
        "2c 3h 3d 3c 4h",
    ]
    used = set(cards(seat0)) | {c for h in others for c in cards(h)} | set(draws)
    spare = [c for c in standard_deck(jokers=True) if c not in used]
    talon: list[str] = []
    for trick in range(4):
        talon += [draws[trick], *spare[trick * 5 : trick * 5 + 5]]
    return table(seat0, *others, talon=" ".join(talon[:19]), decks=1)


def lead_lowest_and_all_pass(state: GanDengYanState) -> list[Event]:
    return run(state, legal(state)[0], *["pass"] * 5)


def test_when_the_talon_runs_out_nobody_draws_and_play_goes_on() -> None:
    """GD-13: the fourth trick's draws empty the 23-card talon part way round; after that
    nobody draws and the hand goes on with the cards in hand."""
    state = six_player_table("3s 4s 5s 6s 7s RJ", ["8s", "9s", "Ts", "Js"])
    for _ in range(3):
        lead_lowest_and_all_pass(state)
    assert state.view(None)["talon"] == 5
    events = lead_lowest_and_all_pass(state)
    assert [seat for seat, _ in drawn(events)] == [0, 1, 2, 3, 4]
    assert state.view(None)["talon"] == 0
    assert state.view(None)["counts"] == [6, 9, 9, 9, 9, 8]
    assert state.view(0)["hand"] == ["7s", "8s", "9s", "Ts", "Js", "RJ"]
    events = run(state, "7s 8s 9s Ts Js", *["pass"] * 5)
    assert "draw" not in kinds(events)
    assert not state.is_over()


def test_a_leader_with_only_a_joker_passes_the_lead() -> None:
    """GD-14: seat 0 wins a trick with the talon empty, holding a lone joker: it cannot
    lead, so the lead passes to the next player."""
    state = six_player_table("3s 4s 5s 6s 7s RJ", ["8s", "9s", "Ts", "Js"])
    for _ in range(4):
        lead_lowest_and_all_pass(state)
    events = run(state, "7s 8s 9s Ts Js", *["pass"] * 5)
    assert kinds(events)[-2:] == ["trick_won", "lead_passed"]
    assert (events[-1].data["seat"], events[-1].data["to"]) == (0, 1)
    assert state.to_act == (1,)
    assert "pass" not in legal(state)
    run(state, "9h")
    assert legal(state, 2) != ["pass"]
    assert legal(state, 2)[0] == "pass"
    run(state, "pass", "pass", "pass", "pass")
    assert legal(state) == ["pass"]  # seat 0's lone joker can never be played


def test_a_leader_with_two_jokers_leads_the_joker_bomb() -> None:
    """GD-14, GD-15: two jokers are a play (the joker bomb), so that leader leads them and
    goes out."""
    state = six_player_table("3s 4s 5s 6s RJ BJ", ["7s", "8s", "9s", "Ts"])
    for _ in range(4):
        lead_lowest_and_all_pass(state)
    run(state, "7s 8s 9s Ts", *["pass"] * 5)
    assert state.to_act == (0,) and legal(state) == ["BJ RJ"]
    events = run(state, "BJ RJ")
    assert state.is_over() and events[-2].type == "hand_over"
    assert events[-2].data["winner"] == 0


def position(hands: list[list[str]], **options: object) -> GanDengYanState:
    """A position the deal cannot make in a few moves: ``hands`` as given, the talon
    empty, every other card already played, seat 0 to lead (set up by hand)."""
    state = GanDengYanGame(players=len(hands), **options).new_state(seed=1, dealer=0)
    held = [c for h in hands for c in h]
    rest = list(state.all_cards())
    for card in held:
        rest.remove(card)
    for seat, hand in enumerate(hands):
        state.set_hand(seat, hand)
    state.talon = []
    state.played = rest
    state.plays = [1] * len(hands)
    return state


def test_a_hand_where_nobody_can_ever_play_is_dead() -> None:
    """GD-14 (spec silent, see docs): if the lead passes all the way round — everyone holds
    a lone joker and the talon is empty — the hand ends with no winner and nobody pays."""
    state = position([["5s", "RJ"], ["BJ"]])
    assert legal(state, 1) == []
    run(state, "5s")
    assert legal(state) == ["pass"]
    events = run(state, "pass")
    assert kinds(events) == [
        "pass",
        "trick_won",
        "lead_passed",
        "lead_passed",
        "hand_over",
        "game_over",
    ]
    assert events[-2].data["winner"] is None and events[-2].data["payments"] == [0, 0]
    assert state.is_over() and state.outcome().winners == (0, 1)


def test_the_first_to_empty_their_hand_wins_at_once() -> None:
    """GD-15: a player who plays their last card wins the hand on the spot: the others get
    no answer, and (one hand) the game is over."""
    hands = ("3s 4s 5s 6s 9c Kc", "8s 8h 8d 8c RJ", "7d 8d 9d Td Jd", "7c 8c Jc Qc Ac")
    state = table(*hands)
    events = run(state, "3s", "8s 8h 8d 8c RJ")
    assert kinds(events)[-2:] == ["hand_over", "game_over"]
    assert events[-2].data["winner"] == 1
    assert state.is_over() and state.to_act == ()
    assert all(legal(state, s) == [] for s in range(4))
    assert state.outcome().winners == (1,)
    rejected(state, 2, "9d", "The game is over")


def test_going_out_on_a_lead() -> None:
    """GD-15: the dealer can go out with the opening lead."""
    state = table("3h 4h 5h 6h 7h 8h", "3s 3d 3c 9d 9s")
    run(state, "3h 4h 5h 6h 7h 8h")
    assert state.is_over() and state.outcome().winners == (0,)
