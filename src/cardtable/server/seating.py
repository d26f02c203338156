"""Checking a new table's request: the game, its options and the seat list
(``["human", "bot:easy", ...]``). Every refusal is an ``ApiError`` (422) naming the
problem, raised before anything is stored."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable import bots, games
from cardtable.core import Game, InvalidOptions
from cardtable.core.words import plural
from cardtable.server import botpool
from cardtable.server.errors import BAD_OPTIONS, BAD_SEATS, BOT_BUDGET, UNKNOWN_GAME, ApiError
from cardtable.store import BOT, HUMAN

BOT_PREFIX = "bot:"


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # HUMAN or BOT
    bot: str | None = None


@dataclass(frozen=True)
class Plan:
    """A checked request: the game (options validated) and one spec per seat."""

    game: Game[Any]
    seats: list[SeatSpec]


def plan_table(name: object, options: Mapping[str, Any], seats: list[Any]) -> Plan:
    cls = game_class(name)
    options = dict(options)
    if "players" in options:
        check_count(cls, options["players"], len(seats))
    else:
        # The seat list says how many play: no need to repeat it in the options.
        options["players"] = count_as_players(cls, len(seats))
    try:
        game = cls(**options)
    except InvalidOptions as error:
        raise ApiError(422, BAD_OPTIONS, str(error)) from None
    return Plan(game, [parse_seat(i, spec, game) for i, spec in enumerate(seats)])


def game_class(name: object) -> type[Game[Any]]:
    if not isinstance(name, str) or name not in games.names():
        known = ", ".join(games.names())
        raise ApiError(422, UNKNOWN_GAME, f"Unknown game {name!r}; the games are: {known}")
    try:
        return games.game_class(name)
    except ImportError:
        # Registered but its engine is not installed or not finished yet.
        raise ApiError(422, UNKNOWN_GAME, f"The game {name!r} is not available yet") from None


def count_as_players(cls: type[Game[Any]], count: int) -> int:
    players = cls.option("players")
    try:
        return int(players.validate(count))
    except InvalidOptions:
        raise ApiError(
            422,
            BAD_SEATS,
            f"{cls.title} is for {player_range(cls)} players, "
            f"but the table lists {plural(count, 'seat')}",
        ) from None


def player_range(cls: type[Game[Any]]) -> str:
    players = cls.option("players")
    if players.kind != "int":
        return players.allowed()
    return f"{players.low}" if players.low == players.high else f"{players.low} to {players.high}"


def check_count(cls: type[Game[Any]], players: object, count: int) -> None:
    try:
        wanted = int(cls.option("players").validate(players))
    except InvalidOptions as error:
        raise ApiError(422, BAD_OPTIONS, str(error)) from None
    if wanted != count:
        raise ApiError(
            422,
            BAD_SEATS,
            f"The options say players={wanted} but the table lists {plural(count, 'seat')}",
        )


def parse_seat(index: int, spec: object, game: Game[Any]) -> SeatSpec:
    if spec == HUMAN:
        return SeatSpec(HUMAN)
    if isinstance(spec, str) and spec.startswith(BOT_PREFIX):
        name = spec[len(BOT_PREFIX) :]
        try:
            check_budget(index, bots.simulations(name))
            botpool.server_bot(name, game)
        except InvalidOptions as error:
            raise ApiError(422, BAD_SEATS, f"Seat {index}: {error}") from None
        return SeatSpec(BOT, name)
    shown = bots.shorten(repr(spec))
    raise ApiError(
        422,
        BAD_SEATS,
        f'Seat {index} is {shown}: a seat is "human" or "bot:LEVEL" '
        f"(for example bot:{bots.LEVELS[0]})",
    )


def check_budget(index: int, simulations: int | None) -> None:
    """Refuse ``ismcts:N`` above the server's cap rather than quietly play a weaker bot
    than the table asked for."""
    most = botpool.CAPS.simulations
    if simulations is not None and simulations > most:
        raise ApiError(
            422,
            BOT_BUDGET,
            f"Seat {index} asks for {simulations} simulations a move; this server allows "
            f"at most {most} (bot:ismcts:{most})",
        )
