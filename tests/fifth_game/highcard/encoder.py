"""High card for the research adapters: a seat's view as 13 entries per block (my hand,
my card face down, my and their turned-up cards), whether the other has played this
trick, and the tricks won; one action index per card."""

from __future__ import annotations

from typing import Any

from cardtable.core import Game, Outcome
from cardtable.rl.encoding import Encoder, Hot, Index, Values, View
from tests.fifth_game.highcard.game import CARDS, Play

SLOT = {card: i for i, card in enumerate(CARDS)}


class HighCardEncoder(Encoder):
    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        lay = self.layout
        self.o_hand = lay.block("my hand", 13)
        self.o_down = lay.block("my card face down", 13)
        self.o_mine = lay.block("my turned-up cards", 13)
        self.o_theirs = lay.block("their turned-up cards", 13)
        self.o_played = lay.block("they have played this trick", 1)
        self.o_won = lay.block("tricks won: mine, theirs (/ hand)", 2)
        self.obs_size = lay.size
        self.num_actions = len(CARDS)
        self.low, self.high = 0.0, 1.0

    def features(self, view: View, hot: Hot, index: Index, values: Values) -> None:
        me = int(view["seat"])
        hot.extend(self.o_hand + SLOT[c] for c in view["hand"])
        if view["down"] is not None:
            hot.append(self.o_down + SLOT[view["down"]])
        for trick in view["tricks"]:
            hot.append(self.o_mine + SLOT[trick["cards"][me]])
            hot.append(self.o_theirs + SLOT[trick["cards"][1 - me]])
        if 1 - me in view["played"]:
            hot.append(self.o_played)
        tricks = int(self.game.options["hand"])
        for k, seat in enumerate((me, 1 - me)):
            if view["won"][seat]:
                index.append(self.o_won + k)
                values.append(view["won"][seat] / tricks)

    def index(self, action: Play, seat: int) -> int:
        return SLOT[action.card]

    def build_names(self) -> list[str]:
        return [f"play:{card}" for card in CARDS]

    def score_rewards(self, outcome: Outcome) -> list[float]:
        a, b = outcome.scores
        return [a - b, b - a]


ENCODER = HighCardEncoder
