"""The gauntlet (``cardtable gauntlet``): one of our bots against a fixed set of opponent
styles, each deal played once with our bot in every seat (the other seats all held by the
opponent), so luck of the deal cancels out. Games run through the arena's ``play_one``.

The opponents are the shipped levels (random, easy, medium) and the styles the game's
package declares (``GamePackage.opponents``): those are never bot levels, so no table and
no ``cardtable play`` can seat them. An opponent with a ``watch(state)`` method (the
cheater) is handed the true state before the game starts: it exists only here."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from typing import Any

from cardtable import bots, games
from cardtable.cli.arena import play_one, wilson_interval
from cardtable.core import Game, InvalidOptions, State
from cardtable.core.package import BotFactory

SHIPPED = ("random", "easy", "medium")
# The seed mixes in the deal's number this way in ``cardtable sim`` too.
SEED_STRIDE = 1_000_003
# The all-seeing search's budget: counted, never timed, so a run is reproducible.
CHEATER_SIMULATIONS = 200


def opponents(game: Game[Any]) -> dict[str, BotFactory]:
    """The gauntlet's opponents for ``game``, in the order they are reported: the shipped
    levels, a cheater (the generic all-seeing search unless the package writes its own)
    and the package's styles."""
    shipped: dict[str, BotFactory] = {name: _level(name) for name in SHIPPED}
    return {**shipped, "cheater": SeeingSearch, **games.package(game.name).opponents}


def chosen(game: Game[Any], against: Sequence[str] | None) -> list[str]:
    """The opponents to play, in the report's order: all of them, or those named."""
    names = list(opponents(game))
    if against is None:
        return names
    unknown = [name for name in against if name not in names]
    if unknown:
        raise InvalidOptions(
            f"Unknown opponent {bots.shorten(unknown[0])!r}; {game.name}'s are: {', '.join(names)}"
        )
    return [name for name in names if name in against]


def _level(name: str) -> BotFactory:
    return lambda game: bots.make(name, game)


class SeeingSearch:
    """The game's search with every sample the true state: perfect information, the
    game's own rollout policy and evaluation, ``CHEATER_SIMULATIONS`` a move."""

    name = "cheater"

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.state: State[Any] | None = None
        found = replace(bots.hooks(game), determinize=self.sample)
        asked = f"{bots.SEARCH_PREFIX}{CHEATER_SIMULATIONS}"
        self.bot = bots.search_bot(
            self.name, game, found, bots.limits(asked, game, found, None, None)
        )

    def watch(self, state: State[Any]) -> None:
        self.state = state

    def sample(self, game: Game[Any], view: Any, seat: int, rng: random.Random) -> State[Any]:
        if self.state is None:
            raise RuntimeError("The cheater plays only in the gauntlet, which shows it the state")
        return self.state.clone()

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        return self.bot.act(view, legal, rng)


@dataclass
class Pairing:
    """Our bot's results against one opponent."""

    opponent: str
    players: int
    games: int = 0
    wins: float = 0.0  # a shared win counts its share
    decisions: int = 0
    # Our bot's calls (Cambio, Cabo): how many games it called in, and the sums of the
    # turn it called on and its true hand total then (issue #24: hard called early and high).
    calls: int = 0
    call_turns: int = 0
    call_totals: float = 0.0

    def add(self, other: Pairing) -> None:
        self.games += other.games
        self.wins += other.wins
        self.decisions += other.decisions
        self.calls += other.calls
        self.call_turns += other.call_turns
        self.call_totals += other.call_totals

    def to_json(self) -> dict[str, Any]:
        rate = self.wins / max(self.games, 1)
        return {
            "opponent": self.opponent,
            "games": self.games,
            # rounded: shares of a three-way tie sum to the same figure in any order
            "wins": round(self.wins, 6),
            "win_rate": round(rate, 6),
            "win_rate_ci95": wilson_interval(self.wins, self.games),
            # with more than two seats a win rate of 1/players is even
            "fair_share_ratio": round(rate * self.players, 4),
            "decisions": self.decisions,
            **self.call_figures(),
        }

    def call_figures(self) -> dict[str, Any]:
        """The share of games our bot called in and its mean turn and total when it did
        (none for a game without a call)."""
        if not self.calls:
            return {}
        return {
            "call_rate": round(self.calls / max(self.games, 1), 6),
            "call_turn": round(self.call_turns / self.calls, 3),
            "call_total": round(self.call_totals / self.calls, 3),
        }


@dataclass
class GauntletResult:
    game: str
    options: dict[str, Any]
    bot: str
    seed: int
    deals: int
    pairings: list[Pairing]

    def to_json(self) -> dict[str, Any]:
        # No wall-clock figures: the same seed gives the same report, byte for byte.
        return {
            "game": self.game,
            "options": self.options,
            "bot": self.bot,
            "seed": self.seed,
            "deals": self.deals,
            "opponents": [p.to_json() for p in self.pairings],
        }


class CallWatch:
    """Our bot as it plays, noting the turn and its true hand total when it calls. The
    state is read here, in the gauntlet, after the bot chose: the bot never sees it."""

    def __init__(self, bot: Any, state: State[Any], seat: int) -> None:
        self.bot, self.state, self.seat = bot, state, seat
        self.turn = 0
        self.called: tuple[int, float] | None = None

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        action = self.bot.act(view, legal, rng)
        if action is None:
            return None
        kind = self.state.game.action_to_json(action).get("type")
        if kind in ("draw", "take_discard"):  # a turn's first move (Cabo may take instead)
            self.turn += 1
        elif kind == "call" and self.called is None:
            self.called = (self.turn + 1, hand_total(self.state, self.seat))
        return action


def hand_total(state: State[Any], seat: int) -> float:
    """The true total of ``seat``'s hand: Cambio's scores, Cabo's rows of card values
    (0 for a game that totals no hand)."""
    scores = getattr(state, "scores", None)
    if callable(scores):
        return float(scores()[seat])
    rows = getattr(state, "rows", None)
    return float(sum(rows[seat])) if rows is not None else 0.0


def play_deals(
    game_name: str,
    options: dict[str, Any],
    bot: str,
    opponent: str,
    seed: int,
    deals: Sequence[int],
    seconds: float | None = None,
) -> Pairing:
    """Our ``bot`` against ``opponent`` on the deals numbered ``deals``, once in each seat."""
    game = games.load(game_name, **options)
    build = opponents(game)[opponent]
    pairing = Pairing(opponent, game.players)
    for deal in deals:
        game_seed = seed * SEED_STRIDE + deal
        for ours in range(game.players):
            state = game.new_state(seed=game_seed)
            players = [build(game) for _ in range(game.players)]  # fresh memories each game
            watch_ours = CallWatch(bots.make(bot, game, seconds), state, ours)
            players[ours] = watch_ours
            for player in players:
                watch = getattr(player, "watch", None)
                if watch is not None:
                    watch(state)
            # The bots' randomness must not follow the deal, or results skew by seat.
            rng = random.Random(f"gauntlet-{game_seed}-{ours}")
            pairing.decisions += play_one(state, players, rng)
            outcome = state.outcome()
            if ours in outcome.winners:
                pairing.wins += 1.0 / len(outcome.winners)
            pairing.games += 1
            if watch_ours.called is not None:
                pairing.calls += 1
                pairing.call_turns += watch_ours.called[0]
                pairing.call_totals += watch_ours.called[1]
    return pairing


def run(
    game_name: str,
    options: dict[str, Any],
    bot: str,
    deals: int,
    seed: int,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    seconds: float | None = None,
    against: Sequence[str] | None = None,
) -> GauntletResult:
    """``bot`` against every opponent (or those named in ``against``) on ``deals`` deals
    (each played in every seat); ``on_progress`` is told of each finished batch of games;
    ``seconds`` caps a search bot's time per move. With ``jobs`` > 1 the same games are
    shared among worker processes: the report does not change."""
    game = games.load(game_name, **options)
    bots.make(bot, game)  # an unknown name fails here, before any game
    names = chosen(game, against)
    if not names:
        raise InvalidOptions(f"{game_name} has no gauntlet opponents")
    tasks = [(name, [deal]) for name in names for deal in range(deals)]
    pairings = {name: Pairing(name, game.players) for name in names}
    args = (game_name, dict(game.options), bot)
    if jobs <= 1:
        for name, chunk in tasks:
            pairings[name].add(play_deals(*args, name, seed, chunk, seconds))
            if on_progress is not None:
                on_progress(game.players)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {
                pool.submit(play_deals, *args, name, seed, chunk, seconds): name
                for name, chunk in tasks
            }
            for future in as_completed(futures):
                pairings[futures[future]].add(future.result())
                if on_progress is not None:
                    on_progress(game.players)
    return GauntletResult(
        game_name, dict(game.options), bot, seed, deals, [pairings[n] for n in names]
    )
