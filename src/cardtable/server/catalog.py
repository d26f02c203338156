"""``GET /api/games``: what a client needs to offer a new table: each game's title, how
many may play, its options (doc, choices or range, default) and the bots it offers."""

from __future__ import annotations

import logging
from typing import Any

from pydantic import BaseModel

from cardtable import bots, games

log = logging.getLogger("cardtable.server")


class PlayerRange(BaseModel):
    min: int
    max: int
    default: int


class GameInfo(BaseModel):
    name: str
    title: str
    players: PlayerRange
    options: list[dict[str, Any]]
    bots: list[str]
    levels: list[str]
    # where the shell lists it (lower first), and the cards its home-page tile shows
    order: int
    sample_cards: list[str]
    # it has learning pages (rules, tutorial, lab): a game with tutorial scenarios does
    learn: bool
    # the wire form of the game's concession (the page's Resign), None if its rules have none
    concession: dict[str, Any] | None
    # its package serves a style sheet (/games/<name>/style.css), linked by the shell
    style: bool


def game_info(name: str) -> GameInfo:
    cls = games.game_class(name)
    players = cls.option("players")
    values = [int(v) for v in players.values()]
    game = cls()
    offered = bots.available(game)
    conceding = game.concession()
    package = games.package(name)
    return GameInfo(
        name=name,
        title=cls.title,
        players=PlayerRange(min=min(values), max=max(values), default=int(players.default)),
        options=[option.to_json() for option in cls.OPTIONS],
        bots=offered,
        # The levels a person picks from (bot:LEVEL), without the experiments' ismcts:N.
        levels=[name for name in offered if ":" not in name],
        order=package.order,
        sample_cards=list(package.sample_cards),
        learn=package.scenarios is not None,
        concession=None if conceding is None else game.action_to_json(conceding),
        style=package.static is not None and (package.static / "style.css").is_file(),
    )


async def list_games() -> list[GameInfo]:
    """Every registered game that can be played now, in the order the packages ask for
    (ties by name)."""
    out = []
    for name in games.names():
        try:
            out.append(game_info(name))
        except Exception:  # registered, but its engine is missing or unfinished
            log.warning("game %r is registered but cannot be loaded", name, exc_info=True)
    return sorted(out, key=lambda info: (info.order, info.name))
