"""Every game's words for the terminal and the logs, from real engine events and views:
the reader's own seat reads "You use…", another's "Seat 0 uses…", and a count of one is
singular ("1 card")."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardtable import games
from cardtable.core import Event, State
from cardtable.games.cambio.actions import DISCARD, DRAW


def events_of(name: str, seed: int, **options: Any) -> Iterator[tuple[State[Any], Event]]:
    """Every event of a random game, with the state just after it."""
    game = games.load(name, **options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = min(state.to_act)
        for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
            yield state, event


def first(name: str, kind: str, **options: Any) -> Event:
    return next(e for _, e in events_of(name, 1, **options) if e.type == kind)


def words(name: str, event: Event, viewer: int | None) -> str:
    game = games.load(name)
    return game.describe_event(event.for_seat(viewer), viewer)


def test_cambio_power_reads_you_use_for_the_actor_and_seat_uses_for_the_others() -> None:
    game = games.load("cambio")
    state = game.new_state(seed=7)  # seat 0's first draw is the J♦
    state.apply(0, DRAW)
    [_discard, power] = state.apply(0, DISCARD)
    assert game.describe_event(power.for_seat(0), 0) == "You use the power of J♦"
    assert game.describe_event(power.for_seat(1), 1) == "Seat 0 uses the power of J♦"
    assert game.describe_event(power.for_seat(None)) == "Seat 0 uses the power of J♦"
    assert "You use the J♦: swap any two cards" in game.render_text(state.view(0))
    assert "Seat 0 uses the J♦: swap any two cards" in game.render_text(state.view(1))


def test_cambio_counts_one_card_as_a_card() -> None:
    game = games.load("cambio")
    view = dict(game.new_state(seed=7).view(0))
    assert "Deck: 1 card ·" in game.render_text({**view, "deck": 1})
    assert "Deck: 2 cards ·" in game.render_text({**view, "deck": 2})


def test_cabo_the_starter_reads_you_start() -> None:
    deal = first("cabo", "deal")
    starter = deal.data["starter"]
    assert "you start" in words("cabo", deal, starter)
    other = (starter + 1) % games.load("cabo").players
    assert f"seat {starter} starts" in words("cabo", deal, other)
    draw = first("cabo", "draw")
    seat = draw.data["seat"]
    assert words("cabo", draw, seat).startswith("You draw a card")
    assert words("cabo", draw, None) == f"Seat {seat} draws a card"


def test_gandengyan_passes_and_tricks_agree_with_you() -> None:
    passed, won = first("gandengyan", "pass"), first("gandengyan", "trick_won")
    assert words("gandengyan", passed, passed.data["seat"]) == "You pass"
    assert words("gandengyan", passed, None) == f"Seat {passed.data['seat']} passes"
    assert words("gandengyan", won, won.data["seat"]) == "You win the trick"
    assert words("gandengyan", won, None) == f"Seat {won.data['seat']} wins the trick"


def test_gandengyan_one_card_left_is_a_card() -> None:
    game = games.load("gandengyan")
    view = dict(game.new_state(seed=1).view(0))
    text = game.render_text({**view, "talon": 1, "counts": [1, 2, *view["counts"][2:]]})
    assert "Talon: 1 card ·" in text
    assert "Seat 0 (you): 1 card ·" in text and "Seat 1: 2 cards ·" in text


def test_caravan_plays_read_you_play_on_your_caravan() -> None:
    play = first("caravan", "play")
    seat, card = play.data["seat"], play.data["card"]
    mine, theirs = words("caravan", play, seat), words("caravan", play, 1 - seat)
    assert mine.startswith("You play ") and " on your caravan " in mine
    assert theirs.startswith(f"Seat {seat} plays ") and " on their caravan " in theirs
    assert card[0] in mine.replace("10", "T")
