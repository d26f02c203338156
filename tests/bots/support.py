"""The set-up every game's bot tests share: sample positions from a random playout, ask a
bot from a JSON round-tripped view (pure data: a bot never gets a state), and the two
contract checks each game runs over its own variants (a legal answer from every view; the
same view and seed give the same answer)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

from cardtable import bots
from cardtable.core import Game, State

LEVELS = ("random", "easy", "medium", "hard", "ismcts:12")
QUICK = {"hard": 0.02}  # a tiny time cap: the contract tests check answers, not strength


def wire(game: Game[Any], action: Any) -> dict[str, Any] | None:
    """The wire form of ``action`` (``None``: the bot let an optional moment pass)."""
    return None if action is None else dict(game.action_to_json(action))


def playout(game: Game[Any], seed: int, every: int = 3, first: bool = False) -> list[State[Any]]:
    """Positions of a random playout (every ``every``-th decision), all phases included.
    The acting seat is drawn at random among those to act, or the first one if ``first``
    (the games whose one seat acts at a time keep the seeds their tests were written for)."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    out = []
    step = 0
    while not state.is_over():
        if step % every == 0:
            out.append(state.clone())
        seat = state.to_act[0] if first else rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    return out


def pure_view(state: State[Any], seat: int) -> Any:
    """What a bot gets: the seat's view as JSON data, round-tripped so no object leaks."""
    return json.loads(json.dumps(state.view(seat)))


def ask(state: State[Any], seat: int, bot: Any, seed: int = 1) -> Any:
    """What ``bot`` does for ``seat`` from a pure view (not applied)."""
    return bot.act(pure_view(state, seat), state.legal_actions(seat), random.Random(seed))


def play(state: State[Any], seat: int, bot: Any, seed: int = 1) -> dict[str, Any] | None:
    """``bot`` acts once for ``seat`` from a pure view; returns the wire form of what it did."""
    action = ask(state, seat, bot, seed)
    if action is not None:
        state.apply(seat, action)
    return wire(state.game, action)


Pass = Callable[[State[Any], int, Any], None]


def assert_legal_from_views(
    game: Game[Any],
    level: str,
    sample: Iterable[State[Any]],
    seats: Callable[[State[Any]], Iterable[int]] = lambda state: state.to_act,
    passed: Pass | None = None,
) -> None:
    """``level`` answers every seat to act in ``sample`` with a legal action. ``passed``
    checks a ``None`` answer (a game with optional moments); without it ``None`` fails."""
    bot = bots.make(level, game, QUICK.get(level))
    for state in sample:
        for seat in seats(state):
            legal = state.legal_actions(seat)
            action = bot.act(pure_view(state, seat), legal, random.Random(7))
            if action is None and passed is not None:
                passed(state, seat, legal)
            else:
                assert action in legal, f"{level} chose {action!r}"


def assert_reproducible(
    game: Game[Any],
    level: str,
    sample: Iterable[State[Any]],
    seat_of: Callable[[State[Any]], int] = lambda state: state.to_act[0],
    seed: int = 5,
) -> None:
    """Two fresh ``level`` bots given the same view (once as the state's own data, once
    round-tripped through JSON) and the same seed choose the same action."""
    for state in sample:
        seat = seat_of(state)
        view, legal = state.view(seat), state.legal_actions(seat)
        first = bots.make(level, game).act(view, legal, random.Random(seed))
        again = bots.make(level, game).act(json.loads(json.dumps(view)), legal, random.Random(seed))
        assert first == again
