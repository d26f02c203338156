"""Bot moves computed in worker processes. A search bot is pure-Python CPU work: in a
thread it would hold the GIL and starve the event loop (measured: a few tables of ``hard``
bots took ping round trips from 1 ms to 150 ms); in a process it only takes a core.

This module is what a worker process imports, so it needs games and bots only (no web
stack). Views and actions cross the process boundary in their JSON wire form. Bots are
stateless between moves (what a seat remembers is in its view), so each worker keeps one
bot per game, options and bot name, and serves every table with it.

Every bot the server runs is held to ``CAPS`` (``server_bot``): a table may name
``ismcts:N``, and a worker busy for good on one table's search would freeze every table's
bots. Tables are refused above the cap when created (``seating``); a table stored before
the cap resumes held to it."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

from cardtable import bots, games
from cardtable.core import Game

# The most one bot move may cost on this server: ismcts:N up to 5x the strongest hard
# budget (cambio's 400 simulations), and never more than 2 s of search (hard's own cap is
# 1 s). docs/server.md, "Bots".
CAPS = bots.Caps(simulations=2000, seconds=2.0)

Key = tuple[str, tuple[tuple[str, Any], ...], str]
_bots: dict[Key, tuple[Game[Any], bots.Bot]] = {}

# The signals a Ctrl-C or a supervisor sends the whole process group; workers ignore them.
GROUP_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM})


@contextlib.contextmanager
def group_signals_held() -> Iterator[None]:
    """Hold the group's signals on this thread while it starts worker processes. A process
    inherits its parent's signal mask through fork and exec, so a worker is born holding
    them and cannot die of one in the half second before ``start_worker`` ignores them
    (a SIGTERM then broke the pool mid-shutdown). Held, not lost: the server's own copy
    of the signal goes to another of its threads, or to this one once released. (CPython
    starts its own resource tracker process the same way.)"""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, GROUP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def start_worker(parent: int) -> None:
    """Run in each worker as it starts: leave as soon as the server is gone. Workers block
    on a queue whose write end they hold themselves, so without this a server killed with
    SIGKILL would leave them running forever.

    Workers ignore SIGINT and SIGTERM: a Ctrl-C in the terminal, or a supervisor's SIGTERM
    to the whole process group, reaches them too, and a worker dying mid-move would break
    the pool under the server's feet (every thinking table then logs a broken pool) while
    the server is shutting down in order. The server ends them when it closes."""
    for number in GROUP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)  # a held one already pending is dropped
    signal.pthread_sigmask(signal.SIG_UNBLOCK, GROUP_SIGNALS)  # held since its birth

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def think(
    game_name: str,
    options: tuple[tuple[str, Any], ...],
    bot_name: str,
    view: dict[str, Any],
    legal: list[dict[str, Any]],
    seed: int,
) -> dict[str, Any] | None:
    """The bot's choice among ``legal`` (wire form), or None to let an optional moment
    pass."""
    key = (game_name, options, bot_name)
    if key not in _bots:
        game = games.load(game_name, **dict(options))
        _bots[key] = (game, server_bot(bot_name, game))
    game, bot = _bots[key]
    actions = [game.action_from_json(a) for a in legal]
    choice = bot.act(view, actions, random.Random(seed))
    return None if choice is None else game.action_to_json(choice)


def server_bot(name: str, game: Game[Any]) -> bots.Bot:
    """The bot ``name`` as this server runs it: held to ``CAPS``."""
    return bots.make(name, game, caps=CAPS)
