"""The gauntlet's opponents follow their descriptions in stacked positions, the cheater is
reachable only through the gauntlet, and a gauntlet run is reproducible with a seed.

A position is a stacked deal; where a style depends on what a seat remembers, the view it
is handed says what it has seen (a view is pure data: it is all a bot ever gets)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable import InvalidOptions, bots, games
from cardtable.cli import gauntlet
from cardtable.cli.main import app
from cardtable.core import State
from cardtable.games.cambio.bots import opponents as cambio
from cardtable.games.cambio.bots.knowledge import HIDDEN

from .support import pure_view, wire

runner = CliRunner()
HAND_1 = ["5h", "6h", "4c", "6c"]


def stacked(*hands: Sequence[str], start: str, deck: Sequence[str] = (), **options: Any) -> Any:
    game = games.load("cambio", players=len(hands), **options)
    return game.new_state(seed=1, deck=[*(c for h in hands for c in h), start, *deck])


def seen(view: dict[str, Any], seat: int, cards: Sequence[str]) -> dict[str, Any]:
    """``view`` as if its seat had looked at every card of ``seat``: ``cards``."""
    view["hands"][seat] = list(cards)
    view["known_by"][seat] = [sorted({*who, view["seat"]}) for who in view["known_by"][seat]]
    return view


def act(bot: Any, state: State[Any], seat: int, view: dict[str, Any] | None = None) -> Any:
    view = pure_view(state, seat) if view is None else view
    return wire(state.game, bot.act(view, state.legal_actions(seat), random.Random(1)))


def apply(state: State[Any], seat: int, data: dict[str, Any]) -> None:
    game = state.game
    state.apply(seat, next(a for a in state.legal_actions(seat) if game.action_to_json(a) == data))


# -- the styles ---------------------------------------------------------------------------
LOW = ["Ah", "Ac", "2c", "Ad"]  # 5 points: at the greedy threshold


def test_the_greedy_bot_calls_at_once_when_its_known_total_is_at_most_the_threshold() -> None:
    state = stacked(LOW, HAND_1, start="9c", deck=["8h"])
    game = state.game
    assert sum(int(c[0] == "A") + 2 * (c[0] == "2") for c in LOW) == cambio.GREEDY_CALL_AT
    assert act(cambio.greedy(game), state, 0, seen(pure_view(state, 0), 0, LOW)) == {"type": "call"}
    six = ["Ah", "2s", "2c", "Ad"]
    assert act(cambio.greedy(game), state, 0, seen(pure_view(state, 0), 0, six)) == {"type": "draw"}


def test_the_cautious_bot_does_not_call_before_its_eighth_turn() -> None:
    state = stacked(LOW, HAND_1, start="9c", deck=["8h"])
    game = state.game
    early = seen(pure_view(state, 0), 0, LOW)
    assert act(cambio.greedy(game), state, 0, early) == {"type": "call"}
    assert act(cambio.cautious(game), state, 0, early) == {"type": "draw"}
    late = seen(pure_view(state, 0), 0, LOW)
    # As many cards gone from the deck as eight turns each of two seats draw.
    late["deck"] -= 2 * cambio.CAUTIOUS_FIRST_CALL
    assert act(cambio.cautious(game), state, 0, late) == {"type": "call"}


def test_the_snapper_snaps_whenever_it_may_where_medium_weighs_the_cost() -> None:
    # Its red king (-1) matches the king on the discard: snapping it raises its total.
    state = stacked(["5c", "6d", "Kh", "3s"], HAND_1, start="Kc", deck=["8h"])
    game = state.game
    snap = {"type": "snap", "seat": 0, "slot": 2}
    assert act(cambio.snapper(game), state, 0) == snap
    assert act(bots.make("medium", game), state, 0) != snap


def test_the_swap_blind_bot_keeps_believing_a_card_is_where_it_saw_it() -> None:
    # Seat 0 sees its ace; seat 1 draws a jack and swaps that ace for its own first card.
    state = stacked(["5c", "6d", "Ah", "3s"], HAND_1, start="9c", deck=["5d", "Jc", "8h"])
    blind = cambio.swap_blind(state.game)
    assert act(blind, state, 0) == {"type": "draw"}
    apply(state, 0, {"type": "draw"})
    apply(state, 0, {"type": "discard"})
    apply(state, 1, {"type": "draw"})
    apply(state, 1, {"type": "discard"})
    apply(state, 1, {"type": "swap", "a": [0, 2], "b": [1, 0]})
    view = pure_view(state, 0)
    assert view["hands"][1][0] == "Ah", "the view follows the swap everybody watched"
    blind.act(view, state.legal_actions(0), random.Random(1))
    assert blind.belief.get((0, 2)) == "Ah"
    assert (1, 0) not in blind.belief


def test_the_cheater_reads_the_true_state_and_only_when_shown_it() -> None:
    # Seat 0 has not seen its first two cards, a two and a nine: only a cheater knows
    # which one a drawn four should replace.
    state = stacked(["2d", "9c", "Ah", "3s"], HAND_1, start="5s", deck=["4h"])
    cheater = cambio.cheater(state.game)
    with pytest.raises(RuntimeError):
        act(cheater, state, 0)
    cheater.watch(state)
    assert act(cheater, state, 0) == {"type": "draw"}
    apply(state, 0, {"type": "draw"})
    assert act(cheater, state, 0) == {"type": "replace", "slot": 1}
    assert act(bots.make("medium", state.game), state, 0) != {"type": "replace", "slot": 1}


def watched_seer(state: State[Any]) -> cambio.Seer:
    seer = cambio.seer(state.game)
    seer.watch(state)
    return seer


def test_the_seer_calls_on_its_true_total_without_having_looked() -> None:
    state = stacked(LOW, HAND_1, start="9c", deck=["8h"])
    assert pure_view(state, 0)["hands"][0][:2] == [HIDDEN] * 2, "seat 0 has seen two cards"
    assert act(watched_seer(state), state, 0) == {"type": "call"}
    six = stacked(["Ah", "2s", "2c", "Ad"], HAND_1, start="9c", deck=["8h"])
    assert act(watched_seer(six), six, 0) == {"type": "draw"}
    with pytest.raises(RuntimeError):
        act(cambio.seer(state.game), state, 0)


def test_the_seer_looks_at_its_first_cards_when_it_chooses_which_to_see() -> None:
    state = stacked(LOW, HAND_1, start="9c", deck=["8h"], initial_peek="choose_two")
    seer = watched_seer(state)
    for slot in (0, 1):  # seat 1 looks during the set-up, before seat 0 has a turn
        assert act(seer, state, 1) == {"type": "peek", "seat": 1, "slot": slot}
        apply(state, 1, {"type": "peek", "seat": 1, "slot": slot})


def test_the_seer_snaps_its_own_match_at_the_lowest_slot() -> None:
    state = stacked(["2d", "9c", "Ah", "9s"], HAND_1, start="9h", deck=["8h"])
    assert act(watched_seer(state), state, 0) == {"type": "snap", "seat": 0, "slot": 1}


@pytest.mark.parametrize(
    ("hand", "drawn", "choice"),
    [
        (["2d", "9c", "Ah", "3s"], "4h", {"type": "replace", "slot": 1}),  # its highest card
        (["2d", "9c", "Ah", "9s"], "4h", {"type": "replace", "slot": 1}),  # the first of two
        (["2d", "5c", "Ah", "3s"], "5d", {"type": "replace", "slot": 1}),  # equal, at the threshold
        (["2d", "6s", "Ah", "3s"], "6d", {"type": "discard"}),  # equal, above it
        (["2d", "5c", "Ah", "3s"], "6d", {"type": "discard"}),  # higher than all it holds
    ],
)
def test_the_seer_keeps_a_drawn_card_only_where_it_lowers_its_total(
    hand: list[str], drawn: str, choice: dict[str, Any]
) -> None:
    state = stacked(hand, HAND_1, start="4d", deck=[drawn])
    seer = watched_seer(state)
    apply(state, 0, {"type": "draw"})
    assert act(seer, state, 0) == choice


@pytest.mark.parametrize(
    ("drawn", "steps"),
    [
        ("Tc", [{"type": "peek", "seat": 1, "slot": 0}]),  # a 10 peeks at the opponent
        ("Jc", [{"type": "skip"}]),  # a jack's blind swap is never used
        # The king looks at its own first card, then keeps its two (2 < 5 points).
        ("Kc", [{"type": "peek", "seat": 0, "slot": 0}, {"type": "skip"}]),
    ],
)
def test_the_seer_uses_peeks_and_the_king_but_not_a_blind_swap(
    drawn: str, steps: list[dict[str, Any]]
) -> None:
    state = stacked(["2d", "9c", "Ah", "3s"], HAND_1, start="4d", deck=[drawn])
    seer = watched_seer(state)
    apply(state, 0, {"type": "draw"})
    assert act(seer, state, 0) == {"type": "discard"}
    apply(state, 0, {"type": "discard"})
    for step in steps:
        assert act(seer, state, 0) == step
        apply(state, 0, step)


def test_the_seer_king_swaps_its_first_card_for_a_lower_one() -> None:
    state = stacked(["2d", "9c", "Ah", "3s"], ["Ac", *HAND_1[1:]], start="4d", deck=["Kc"])
    seer = watched_seer(state)
    for step in ({"type": "draw"}, {"type": "discard"}, {"type": "peek", "seat": 0, "slot": 0}):
        apply(state, 0, step)
    assert act(seer, state, 0) == {"type": "swap", "a": [0, 0], "b": [1, 0]}


def test_the_seer_snaps_an_opponents_match_and_gives_its_highest_card() -> None:
    state = stacked(
        ["2d", "9c", "Ah", "3s"], ["5h", "Kc", "4c", "6h"], start="4d", deck=["9h"], snap="anytime"
    )
    seer = watched_seer(state)
    apply(state, 0, {"type": "draw"})
    apply(state, 0, {"type": "discard"})
    assert act(seer, state, 1) == {"type": "snap", "seat": 0, "slot": 1}
    apply(state, 1, {"type": "snap", "seat": 0, "slot": 1})
    assert act(seer, state, 1) == {"type": "give", "slot": 1}  # its black king, 13 points


# -- the cheater is out of reach of every table --------------------------------------------
@pytest.mark.parametrize("name", games.names())
def test_no_opponent_style_is_a_bot_level(name: str) -> None:
    game = games.load(name)
    for style in games.package(name).opponents:
        if style in ("random", "easy", "medium"):
            continue
        with pytest.raises(InvalidOptions):
            bots.make(style, game)


def test_play_refuses_the_cheater() -> None:
    result = runner.invoke(app, ["play", "cambio", "--level", "cheater"])
    assert result.exit_code == 2
    assert "Unknown bot 'cheater'" in result.output


# -- the run ------------------------------------------------------------------------------
def test_the_gauntlet_is_reproducible_with_a_seed_and_the_same_with_two_jobs() -> None:
    args = ["gauntlet", "cambio", "players=2", "--bot", "easy", "--games", "2", "--seed", "5"]
    one = runner.invoke(app, [*args, "--json"])
    assert one.exit_code == 0, one.output
    two = runner.invoke(app, [*args, "--json"])
    jobs = runner.invoke(app, [*args, "--json", "--jobs", "2"])
    assert one.output == two.output == jobs.output
    report = json.loads(one.output)
    names = [row["opponent"] for row in report["opponents"]]
    assert names == list(gauntlet.opponents(games.load("cambio", players=2)))
    assert {"greedy", "swap_blind", "snapper", "cautious", "cheater", "seer"} <= set(names)
    # every deal in both seats
    assert all(row["games"] == 4 for row in report["opponents"])
    low, high = report["opponents"][0]["win_rate_ci95"]
    assert 0.0 <= low <= report["opponents"][0]["win_rate"] <= high <= 1.0


def test_the_gauntlet_names_an_unknown_bot() -> None:
    result = runner.invoke(app, ["gauntlet", "cambio", "--bot", "cheater"])
    assert result.exit_code == 2
    assert "Unknown bot 'cheater'" in result.output


def test_the_generic_cheater_searches_the_true_state_and_only_when_shown_it() -> None:
    game = games.load("caravan")
    cheater = gauntlet.opponents(game)["cheater"](game)
    state = game.new_state(seed=2)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    with pytest.raises(RuntimeError):
        cheater.act(pure_view(state, seat), legal, random.Random(1))
    cheater.watch(state)
    before = json.dumps(state.view(seat))
    assert cheater.act(pure_view(state, seat), legal, random.Random(1)) in legal
    assert json.dumps(state.view(seat)) == before, "its samples are copies: the game is untouched"


def test_the_gauntlet_plays_only_the_opponents_named_against_it_and_names_an_unknown_one() -> None:
    args = ["gauntlet", "cambio", "players=2", "--bot", "easy", "--games", "1", "--json"]
    result = runner.invoke(app, [*args, "--against", "cautious,greedy"])
    assert result.exit_code == 0, result.output
    # in the report's usual order, whatever order they were named in
    assert [row["opponent"] for row in json.loads(result.output)["opponents"]] == [
        "greedy",
        "cautious",
    ]
    wrong = runner.invoke(app, [*args, "--against", "greedy,tourist"])
    assert wrong.exit_code == 2
    assert "Unknown opponent 'tourist'" in wrong.output


def test_the_gauntlet_takes_a_search_time_cap_and_refuses_a_zero_one() -> None:
    args = ["gauntlet", "cambio", "players=2", "--bot", "hard", "--games", "1", "--json"]
    zero = runner.invoke(app, [*args, "--time-per-move", "0"])
    assert zero.exit_code == 2
    capped = runner.invoke(app, [*args, "--against", "random", "--time-per-move", "1"])
    assert capped.exit_code == 0, capped.output
    assert json.loads(capped.output)["opponents"][0]["games"] == 2


class Script:
    """Plays the given moves (wire form) in order on its turns."""

    def __init__(self, game: Any, moves: Sequence[dict[str, Any]]) -> None:
        self.game, self.moves = game, list(moves)

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        want = self.moves.pop(0)
        return next(a for a in legal if self.game.action_to_json(a) == want)


def test_the_call_watch_notes_our_bots_turn_and_true_total_at_its_call() -> None:
    state = stacked(LOW, HAND_1, start="9c", deck=["3h", "4s", "2h"])
    game = state.game
    ours = gauntlet.CallWatch(
        Script(game, [{"type": "draw"}, {"type": "discard"}, {"type": "call"}]), state, 0
    )
    other = Script(game, [{"type": "draw"}, {"type": "discard"}])
    rng = random.Random(1)
    for bot, seat in ((ours, 0), (ours, 0), (other, 1), (other, 1), (ours, 0)):
        action = bot.act(pure_view(state, seat), state.legal_actions(seat), rng)
        state.apply(seat, action)
    # its second turn, at the true total of its hand (5), which it never saw
    assert ours.called == (2, 5.0)


def test_every_cambio_opponent_finishes_its_games_under_every_option_value() -> None:
    # The styles are heuristics a variant can surprise (a set-up choice, a snap window,
    # where a seat that passes stalls the table). Cabo's sweep would take minutes (a game
    # to 100 at five seats takes a minute); the variant that stalled it, deck_out=reshuffle,
    # has its own test (test_cabo.py, test_a_round_whose_deck_is_refilled_still_ends).
    for option in type(games.load("cambio")).OPTIONS:
        for value in option.values():
            options = {option.name: value}
            report = gauntlet.run("cambio", options, "medium", 1, 5)
            seats = games.load("cambio", **options).players
            for pairing in report.pairings:
                assert pairing.games == seats, (option.name, value, pairing.opponent)
