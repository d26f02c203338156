"""A search pauses the cyclic garbage collector (bots/ismcts.py): safe only because a
search's garbage is freed by reference counting alone, and only if the collector always
comes back as it was."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from cardtable import bots, games
from cardtable.bots.ismcts import Ismcts, SearchLimits
from cardtable.core import Game

from .support import playout


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


@pytest.mark.parametrize("game_name", games.names())
def test_hards_searches_leave_no_cyclic_garbage(game_name: str, collector_on: None) -> None:
    """Everything a search made and dropped is freed without the collector: a hook that
    starts leaving reference cycles fails here, before the pause lets them pile up."""
    game = games.load(game_name)
    bot = bots.make("ismcts:60", game)
    hard = bots.make("hard", game, seconds=60)
    searched = 0
    for position in playout(game, 3, 4)[:6]:
        seat = position.to_act[0]
        legal = position.legal_actions(seat)
        if len(legal) < 2:
            continue
        view = position.view(seat)
        gc.collect()
        bot.act(view, legal, random.Random(2))
        hard.act(view, legal, random.Random(3))
        assert gc.isenabled()
        assert gc.collect() == 0, "a search left reference cycles behind"
        searched += 1
    assert searched


def failing_sample(game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random) -> Any:
    raise RuntimeError("no sample")


def test_the_collector_comes_back_after_a_failed_search(collector_on: None) -> None:
    game = games.load("cabo")
    search = Ismcts(game, SearchLimits(iterations=10), sample=failing_sample)
    position = playout(game, 1, 2)[3]
    seat = position.to_act[0]
    legal = position.legal_actions(seat)
    assert len(legal) > 1
    with pytest.raises(RuntimeError, match="no sample"):
        search.search(position.view(seat), seat, legal, random.Random(1))
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off(collector_on: None) -> None:
    game = games.load("cabo")
    search = Ismcts(game, SearchLimits(iterations=10))
    position = playout(game, 1, 2)[3]
    seat = position.to_act[0]
    legal = position.legal_actions(seat)
    gc.disable()
    search.search(position.view(seat), seat, legal, random.Random(1))
    assert not gc.isenabled()
