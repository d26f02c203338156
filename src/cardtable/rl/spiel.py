"""Every cardtable game as an OpenSpiel Python game, registered as
``python_cardtable_<game>`` (``cardtable.rl.openspiel_game``).

- **Dynamics**: sequential. Seats that may act at once are asked one after the other, as
  in the other adapters (``cardtable.rl.match``); Cambio's ``snap=anytime`` window adds
  the ``wait`` action.
- **Chance**: ``SAMPLED_STOCHASTIC``: there are no chance nodes; each new game is dealt by
  the game's own seeded generator (the deal seeds follow the ``seed`` parameter; -1 draws
  one from the operating system), and reshuffles during play draw from the state's own
  generator, which clones copy.
- **Information state** of a seat: its view (the house's definition of everything a seat
  knows), as a tensor (the encoder's observation) and as a string (the view as canonical
  JSON, plus the public schedule of an open snap window). The observation tensor and
  string are the same.
- **resample_from_infostate(player, sampler)**: ``game.determinize(view, player, rng)``
  with ``rng`` seeded from ``sampler()``: a full state consistent with everything the
  player knows, every card it cannot see re-dealt.
- **Returns**: the zero-sum win share (a lone winner +1, each loser -1/(n-1)); 0 for all
  in a game that reached ``max_game_length`` moves or a position outside the index space.
- **Serialization**: a state is not rebuilt from its action history (the deal is not a
  chance event), so run ``pyspiel.random_sim_test`` with ``serialize=False``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from cardtable import games
from cardtable.core import Game
from cardtable.rl import encoder as make_encoder
from cardtable.rl.encoding import Encoder
from cardtable.rl.match import WAIT, Match

DEFAULT_MAX_GAME_LENGTH = 10_000
_EXTRA = {"seed": -1, "max_game_length": DEFAULT_MAX_GAME_LENGTH}


def short_name(name: str) -> str:
    return f"python_cardtable_{name}"


def game_type(name: str) -> Any:
    cls = games.game_class(name)
    players = cls.option("players")
    spec: dict[str, Any] = {o.name: o.default for o in cls.OPTIONS}
    spec.update(_EXTRA)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardtable {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=int(players.high if players.high is not None else players.default),
        min_num_players=int(players.low if players.low is not None else players.default),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


class _Shared:
    """What every state of one game shares; copied by reference (OpenSpiel clones a
    Python state by deep-copying its attributes)."""

    def __init__(self, game: Game[Any], encoder: Encoder, max_moves: int, seed: int) -> None:
        self.game = game
        self.encoder = encoder
        self.max_moves = max_moves
        self.seeds = random.Random(seed) if seed >= 0 else random.Random()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class CardtableGame(pyspiel.Game):  # type: ignore[misc]
    """One cardtable game with one set of options, for OpenSpiel."""

    NAME: str  # the cardtable game (one subclass per game is registered)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.NAME
        params = dict(params or {})
        seed = int(params.pop("seed", -1))
        max_moves = int(params.pop("max_game_length", DEFAULT_MAX_GAME_LENGTH))
        game = games.load(name, **params)
        enc = make_encoder(game)
        self.shared = _Shared(game, enc, max_moves, seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.num_actions,
            max_chance_outcomes=0,
            num_players=game.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_moves,
        )
        full = {**game.options, "seed": seed, "max_game_length": max_moves}
        super().__init__(game_type(name), info, full)

    @property
    def cardtable(self) -> Game[Any]:
        """The cardtable game behind it."""
        return self.shared.game

    @property
    def encoder(self) -> Encoder:
        return self.shared.encoder

    def new_initial_state(self, *args: Any) -> CardtableState:
        return CardtableState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"Observation parameters are not supported; got {params}")
        return Observer(self.shared.encoder)


class CardtableState(pyspiel.State):  # type: ignore[misc]
    """A game in progress. The deal happens on first use, so that OpenSpiel's clones
    (a new initial state whose attributes are then overwritten) never deal for nothing."""

    def __init__(self, game: CardtableGame) -> None:
        super().__init__(game)
        self.shared = game.shared
        self._match: Match | None = None

    @property
    def match(self) -> Match:
        match = self._match
        if match is None:
            shared = self.shared
            match = Match(shared.game, shared.encoder, shared.max_moves)
            match.start(shared.seeds.getrandbits(63))
            match.indices()
            self._match = match
        return match

    def current_player(self) -> int:
        match = self.match
        if match.decider is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return match.decider

    def _legal_actions(self, player: int) -> list[int]:
        match = self.match
        if player != match.decider:
            return []
        return sorted(match.indices())

    def _apply_action(self, action: int) -> None:
        match = self.match
        match.act(int(action))
        match.indices()  # an unindexable position ends the game here

    def _action_to_string(self, player: int, action: int) -> str:
        return self.shared.encoder.name(int(action))

    def is_terminal(self) -> bool:
        return self.match.decider is None

    def returns(self) -> list[float]:
        match = self.match
        if match.decider is not None:
            return [0.0] * match.players
        return match.rewards("win")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardtableState:
        """A state ``player_id`` cannot tell from this one: ``game.determinize`` of its
        view, with the same public schedule of an open window."""
        match = self.match
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = self.shared.game.determinize(match.view(player_id), player_id, rng)
        other = CardtableState(self.get_game())
        copy = Match(match.game, match.encoder, match.max_moves)
        copy.adopt(sampled, match.pending, match.moves)
        copy.indices()
        other._match = copy
        return other

    def information_string(self, player: int) -> str:
        match = self.match
        schedule = {"decider": match.decider, "pending": match.pending}
        return json.dumps([match.view(player), schedule], sort_keys=True, separators=(",", ":"))

    def __str__(self) -> str:
        match = self.match
        full = match.state.full_view()
        schedule = {"decider": match.decider, "pending": match.pending, "moves": match.moves}
        return json.dumps([full, schedule], sort_keys=True, separators=(",", ":"))


def bot_action(state: CardtableState, bot: Any, rng: random.Random) -> int:
    """The action index a cardtable bot (``cardtable.bots.make``) chooses for the player to
    move, from that player's view: to pit OpenSpiel's algorithms against cardtable's bots.
    In an open snap window a bot behind the player whose turn it is waits."""
    match = state.match
    seat = match.decider
    if seat is None:
        raise ValueError("The game is over")
    if match.pending and match.pending[0] == seat:
        return match.index_of(WAIT)
    return match.index_of(bot.act(match.view(seat), match.state.legal_actions(seat), rng))


class Observer:
    """OpenSpiel's Python observer: the encoder's observation of the player's view, as
    one tensor named ``observation``; the string is the information string."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardtableState, player: int) -> None:
        # the match's observation (the encoder's fast path, equal to the view's encoding)
        self.tensor[:] = state.match.observation(player)

    def string_from(self, state: CardtableState, player: int) -> str:
        return state.information_string(player)


# The registered classes, one per game. pyspiel keeps them until the interpreter is gone:
# a class (like OpenSpiel's own Python games) outlives that safely, a closure does not.
_registered: dict[str, type[CardtableGame]] = {}


def register(name: str) -> None:
    """Register ``python_cardtable_<name>`` with pyspiel (once)."""
    if name in _registered:
        return
    cls = type(f"Cardtable{name.title()}Game", (CardtableGame,), {"NAME": name})
    pyspiel.register_game(game_type(name), cls)
    _registered[name] = cls


def register_all() -> None:
    for name in games.names():
        register(name)


def load(name: str, **options: object) -> CardtableGame:
    """The OpenSpiel game of ``name`` with ``options`` (plus ``seed`` and
    ``max_game_length``), through ``pyspiel.load_game`` so OpenSpiel knows it."""
    extra = {k: int(options.pop(k)) for k in list(options) if k in _EXTRA}  # type: ignore[call-overload]
    checked = games.load(name, **options).options  # InvalidOptions names a bad option
    register(name)
    # pyspiel wants each value of the type of its default: "decks" is "auto" or a number.
    spec = {o.name: o.default for o in games.game_class(name).OPTIONS}
    params: dict[str, Any] = {
        k: str(checked[k]) if isinstance(spec[k], str) else checked[k] for k in options
    }
    params.update(extra)
    game: CardtableGame = pyspiel.load_game(short_name(name), params)
    return game


register_all()
