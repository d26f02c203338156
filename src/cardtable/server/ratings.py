"""Ratings (issue 8): openskill's Plackett–Luce model, one rating per person per game.

A rated table (people in every seat, the standard rules: ``tables_api.check_rated``) that
finishes updates every player's rating once (the store refuses a second time). Casual
tables, cancelled games and broken ones are never rated. The ranks come from the outcome:
the winners first, then the others by score in the game's own direction (lower is better
where the winners hold the lowest score), ties sharing a rank; a person who left or timed
out (their seat played on by a bot) finishes last, whatever the bot made of the seat.

The rating shown is on the familiar scale of ``ratingscale.py`` (a new player 1500, never
below 0, ``?`` while provisional: ``sigma`` above ``PROVISIONAL_SIGMA``); the store keeps
openskill's mu and sigma.

Against farming (issue 18): only accounts sit at rated tables (``tables_api``), a game that
ends before every person has moved is aborted, never rated (``LiveTable``), and a finished
game is not rated when two of its players have already had ``PAIR_DAILY`` rated games
together in the last day, or when two of its seats were taken from one address that has
already had ``SHARED_ADDRESS_DAILY`` such games in the last day (the table is then marked
unrated). docs/server.md says why these numbers."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from fastapi import Request
from openskill.models import PlackettLuce
from pydantic import BaseModel, Field

from cardtable import games
from cardtable.server.errors import ApiError
from cardtable.server.identity import session_user
from cardtable.server.persist import AsyncStore
from cardtable.server.ratingscale import PROVISIONAL_SIGMA, START, provisional, seat_rating, shown
from cardtable.store import BOT, FINISHED, PLAYING, TableRecord, utcnow
from cardtable.store.online import RatingChange, RatingRecord, SeatPerson, TableRating

log = logging.getLogger("cardtable.server")

MODEL = PlackettLuce()
NO_SUCH_GAME = "no_such_game"
NO_SUCH_PLAYER = "no_such_player"
# Rated games a day between the same two people, and with two seats from one address (two
# people on one home network; many accounts of one person share a count, whatever pairs
# they form).
PAIR_DAILY = 3
SHARED_ADDRESS_DAILY = 3
DAY = timedelta(days=1)
HISTORY = 200  # rating changes a profile shows


def ranks(outcome: dict[str, Any], players: int, left: set[int] | None = None) -> list[int]:
    """Rank per seat (1 = first; equal ranks are ties)."""
    left = left or set()
    winners = set(outcome.get("winners") or [])
    scores = list(outcome.get("scores") or [])
    if len(scores) != players:
        scores = [0.0] * players
    won = [scores[s] for s in winners] or [0.0]
    spread = max(scores) > min(scores)
    lower_better = min(won) == min(scores) and (max(won) < max(scores) or not spread)

    def key(seat: int) -> tuple[int, int, float]:
        score = float(scores[seat])
        return (seat in left, seat not in winners, score if lower_better else -score)

    keys = [key(s) for s in range(players)]
    ordered = sorted(set(keys))
    return [ordered.index(k) + 1 for k in keys]


def rate(
    before: list[tuple[float, float] | None], seat_ranks: list[int]
) -> list[tuple[float, float]]:
    """New (mu, sigma) per seat from the old ones (None: a first rated game)."""
    teams = [
        [MODEL.rating() if old is None else MODEL.rating(mu=old[0], sigma=old[1])] for old in before
    ]
    after = MODEL.rate(teams, ranks=[float(r) for r in seat_ranks])
    return [(team[0].mu, team[0].sigma) for team in after]


async def rate_table(store: AsyncStore, record: TableRecord) -> bool:
    """Rate a finished rated table once; False when it is not rated (or already was)."""
    if not record.rated or record.status != FINISHED or record.outcome is None:
        return False
    users = [s.user_id for s in record.seats]
    if any(u is None for u in users) or len(set(users)) != len(users):
        return False  # a rated table is people only, each once (a seat never claimed: no)
    ids = [u for u in users if u is not None]
    why = await over_daily_limits(store, record.id, ids)
    if why is not None:
        log.info("table %s is not rated: %s", record.id, why)
        await store.set_rated(record.id, False)
        return False
    old = await store.ratings(record.game, ids)
    seat_ranks = ranks(record.outcome, len(ids), {s.seat for s in record.seats if s.forfeited})
    new = rate([(old[u].mu, old[u].sigma) if u in old else None for u in ids], seat_ranks)
    changes = [
        RatingChange(u, mu, sigma, rank, len(ids))
        for u, (mu, sigma), rank in zip(ids, new, seat_ranks, strict=True)
    ]
    return bool(await store.save_ratings(record.game, record.id, changes))


async def seat_ratings(store: AsyncStore, record: TableRecord) -> dict[int, dict[str, Any]]:
    """Each person's rating in this table's game, by seat, as shown beside their name: at
    a rated table everyone's (a first game: the start, provisional), at a casual one
    theirs who have one; none for a bot's seat."""
    people = {s.seat: s.user_id for s in record.seats if s.user_id and s.kind != BOT}
    found = await store.ratings(record.game, list(people.values()))
    ratings: dict[int, dict[str, Any]] = {}
    for seat, user_id in people.items():
        known = found.get(user_id)
        if known is not None:
            ratings[seat] = seat_rating(known.mu, known.sigma)
        elif record.rated:
            ratings[seat] = seat_rating(None, None)
    return ratings


async def over_daily_limits(store: AsyncStore, table_id: str, ids: list[str]) -> str | None:
    """Why this table's players may not be rated again today (None: they may)."""
    since = utcnow() - DAY
    if await store.rated_together(ids, since) >= PAIR_DAILY:
        return f"two of its players had {PAIR_DAILY} rated games together today"
    addresses = list((await store.seat_addresses(table_id)).values())
    for shared in {a for a in addresses if addresses.count(a) > 1}:
        if await store.rated_from_one_address(shared, since) >= SHARED_ADDRESS_DAILY:
            return f"one address took two seats in {SHARED_ADDRESS_DAILY} rated games today"
    return None


# -- HTTP ------------------------------------------------------------------------------
class Rating(BaseModel):
    game: str
    rating: int = Field(description="On the shown scale: 1500 to start, never below 0")
    mu: float
    sigma: float
    games: int
    provisional: bool = Field(description="Shown with a '?' (sigma above 5)")


class LeaderboardEntry(Rating):
    rank: int
    id: str
    name: str


class Leaderboard(BaseModel):
    game: str
    players: list[LeaderboardEntry]


class RatingMove(BaseModel):
    """One player's rating change at a rated table (the results' "+12 / −9")."""

    seat: int
    id: str
    name: str
    before: int
    after: int
    change: int
    provisional: bool = Field(description="Of the rating after the game")
    was_provisional: bool = Field(description="Of the rating before the game")


class Opponent(BaseModel):
    seat: int
    id: str | None = Field(description="null: a bot, or a seat nobody took")
    name: str | None
    bot: str | None
    left: bool


class Result(BaseModel):
    table: str | None = Field(description="null: a private game (shown to its player only)")
    game: str
    seat: int
    status: str
    rated: bool
    rank: int | None
    won: bool | None
    left: bool
    at: str | None
    opponents: list[Opponent] = Field(
        default_factory=list, description="The other seats (none for another's private game)"
    )
    rating: RatingMove | None = Field(default=None, description="This player's change, if rated")


class HistoryPoint(BaseModel):
    game: str
    table: str | None = Field(description="null: a private game (shown to its player only)")
    rating: int
    provisional: bool
    mu: float
    sigma: float
    rank: int
    players: int
    at: str | None


class Profile(BaseModel):
    id: str
    name: str
    guest: bool
    games_played: int
    ratings: list[Rating]
    results: list[Result]
    history: list[HistoryPoint]


def rating_json(r: RatingRecord) -> Rating:
    return Rating(
        game=r.game,
        rating=shown(r.mu),
        mu=round(r.mu, 3),
        sigma=round(r.sigma, 3),
        games=r.games,
        provisional=provisional(r.sigma),
    )


def rating_move(r: TableRating) -> RatingMove:
    before = START if r.before is None else shown(r.before[0])
    after = shown(r.mu)
    return RatingMove(
        seat=r.seat,
        id=r.user_id,
        name=r.name,
        before=before,
        after=after,
        change=after - before,
        provisional=provisional(r.sigma),
        was_provisional=r.before is None or provisional(r.before[1]),
    )


async def table_moves(store: AsyncStore, table_id: str) -> list[RatingMove]:
    """The rating changes of a rated table, by seat (empty: not rated, or not yet)."""
    return [rating_move(r) for r in await store.table_ratings(table_id)]


def _store(request: Request) -> AsyncStore:
    store: AsyncStore = request.app.state.house.store
    return store


async def get_leaderboard(request: Request, game: str) -> Leaderboard:
    """The best rated players of one game: established ratings first, then provisional
    ones, each by the rating shown."""
    if game not in games.names():
        raise ApiError(404, NO_SUCH_GAME, f"There is no game {game!r}")
    store = _store(request)
    rows = await store.leaderboard(game, 100, PROVISIONAL_SIGMA)
    return Leaderboard(
        game=game,
        players=[
            LeaderboardEntry(
                rank=i + 1, id=r.user_id, name=r.display_name, **rating_json(r).model_dump()
            )
            for i, r in enumerate(rows)
        ],
    )


def opponents(people: list[SeatPerson], seat: int) -> list[Opponent]:
    return [
        Opponent(seat=p.seat, id=p.user_id, name=p.name, bot=p.bot, left=p.forfeited)
        for p in people
        if p.seat != seat
    ]


def history_moves(
    history: list[HistoryPoint], player: str, name: str, whole: bool
) -> dict[str, RatingMove]:
    """This player's change at each rated table of ``history`` (oldest first), by table.
    Not ``whole`` (older points were cut off): a game's first point has no known before."""
    last: dict[str, tuple[int, bool]] = {}
    moves: dict[str, RatingMove] = {}
    for h in history:
        found = last.get(h.game, (START, True) if whole else None)
        last[h.game] = (h.rating, h.provisional)
        if h.table is not None and found is not None:
            before, was_provisional = found
            moves[h.table] = RatingMove(
                seat=-1,
                id=player,
                name=name,
                before=before,
                after=h.rating,
                change=h.rating - before,
                provisional=h.provisional,
                was_provisional=was_provisional,
            )
    return moves


async def get_player(request: Request, player_id: str) -> Profile:
    """A player's profile: games played, results (with the opponents and the rating
    change), ratings and their history. Anyone may read it, so others see no game being
    played (its free seat, or the rematch held for the opponent, would be one click away)
    and no private game's id or players; the player sees all."""
    store = _store(request)
    user = await store.user(player_id)
    if user is None:
        raise ApiError(404, NO_SUCH_PLAYER, f"There is no player {player_id!r}")
    viewer = await session_user(request)
    own = viewer is not None and viewer.id == player_id
    played = [p for p in await store.played(player_id, 100) if p.status != PLAYING or own]
    people = await store.table_players([p.table_id for p in played if p.public or own])
    history = [
        HistoryPoint(
            game=h.game,
            table=h.table_id if h.public or own else None,
            rating=shown(h.mu),
            provisional=provisional(h.sigma),
            mu=round(h.mu, 3),
            sigma=round(h.sigma, 3),
            rank=h.rank,
            players=h.players,
            at=h.at.isoformat() if h.at else None,
        )
        for h in await store.rating_history(player_id, HISTORY)
    ]
    moves = history_moves(history, user.id, user.display_name, len(history) < HISTORY)
    results = []
    for p in played:
        rank = won = None
        if p.status == FINISHED and p.outcome is not None:
            won = p.seat in (p.outcome.get("winners") or []) and not p.forfeited
            players = len(p.outcome.get("scores") or []) or p.seat + 1
            left = {p.seat} if p.forfeited else set()
            if p.seat < players:
                rank = ranks(p.outcome, players, left)[p.seat]
        shown_id = p.table_id if p.public or own else None
        move = moves.get(p.table_id) if shown_id is not None else None
        results.append(
            Result(
                table=shown_id,
                game=p.game,
                seat=p.seat,
                status=p.status,
                rated=p.rated,
                rank=rank,
                won=won,
                left=p.forfeited,
                at=p.updated_at.isoformat() if p.updated_at else None,
                opponents=opponents(people.get(p.table_id, []), p.seat),
                rating=None if move is None else move.model_copy(update={"seat": p.seat}),
            )
        )
    ratings = [rating_json(r) for r in await store.user_ratings(player_id)]
    return Profile(
        id=user.id,
        name=user.display_name,
        guest=user.username is None,
        games_played=sum(1 for p in played if p.status == FINISHED),
        ratings=ratings,
        results=results,
        history=history,
    )
