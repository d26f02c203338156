"""Games for the review tests: a start (seeded, or a stacked deck), a few moves of ours,
then medium bots to the end, as a ``GameRecord`` the review replays."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable import bots, games
from cardtable.core import Game, State
from cardtable.review import GameRecord


def bot_move(game: Game[Any], state: State[Any], bot: Any, rng: random.Random) -> tuple[int, Any]:
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    action = bot.act(state.view(seat), legal, rng)
    return seat, legal[0] if action is None else action


def finish(
    name: str,
    options: Mapping[str, Any],
    seed: int,
    deck: Sequence[Any] | None = None,
    prefix: int = 0,
    ours: Sequence[dict[str, Any]] = (),
) -> GameRecord:
    """Medium bots play ``prefix`` moves, then seat 0 plays ``ours`` (wire form, each when
    it is seat 0's turn), then medium bots play to the end."""
    game = games.load(name, **options)
    state = game.new_state(seed=seed) if deck is None else game.new_state(seed=seed, deck=deck)
    bot, rng = bots.make("medium", game), random.Random(seed)
    log: list[tuple[int, dict[str, Any]]] = []

    def play(seat: int, action: Any) -> None:
        state.apply(seat, action)
        log.append((seat, game.action_to_json(action)))

    for _ in range(prefix):
        play(*bot_move(game, state, bot, rng))
    for wire in ours:
        assert state.to_act[0] == 0, "the scenario expects seat 0 to act"
        play(0, game.action_from_json(wire))
    while not state.is_over():
        play(*bot_move(game, state, bot, rng))
    return GameRecord(name, dict(game.options), seed, log, deck)


def state_after(record: GameRecord, actions: int) -> State[Any]:
    game = games.load(record.game, **record.options)
    if record.deck is None:
        state = game.new_state(seed=record.seed)
    else:
        state = game.new_state(seed=record.seed, deck=record.deck)
    for seat, wire in record.actions[:actions]:
        state.apply(seat, game.action_from_json(wire))
    return state


Move = tuple[int, dict[str, Any]] | Callable[[State[Any]], tuple[int, dict[str, Any]]]


def scripted(
    name: str, options: Mapping[str, Any], seed: int, deck: Sequence[Any], moves: Sequence[Move]
) -> GameRecord:
    """A stacked deck, then ``moves`` (each ``(seat, wire)``, or a function of the state
    that names one), then medium bots to the end."""
    game = games.load(name, **options)
    state = game.new_state(seed=seed, deck=deck)
    log: list[tuple[int, dict[str, Any]]] = []
    for move in moves:
        seat, wire = move(state) if callable(move) else move
        state.apply(seat, game.action_from_json(wire))
        log.append((seat, dict(wire)))
    bot, rng = bots.make("medium", game), random.Random(seed)
    while not state.is_over():
        seat, action = bot_move(game, state, bot, rng)
        state.apply(seat, action)
        log.append((seat, game.action_to_json(action)))
    return GameRecord(name, dict(game.options), seed, log, deck)
