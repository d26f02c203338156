"""Caravan for the research adapters: the observation of a seat's view and the action
index space (documented in ``docs/research.md``).

A face card or joker is attached to the k-th number card of a caravan. Number cards on a
caravan always come from its owner's deck, so k < 40 (80 with ``double_deck``): that bound
makes every legal action indexable. The observation shows the first ``SHOWN = 16`` number
cards of each caravan card by card (random play never built one longer than 10) and every
caravan's value, direction, suit and length in full.
"""

from __future__ import annotations

from typing import Any, cast

from cardtable.core import Game, Outcome, State
from cardtable.core.cards import standard_deck
from cardtable.games.caravan.state import CaravanState
from cardtable.rl.encoding import Encoder, Hot, Index, Unindexable, Values, View

NUMBER_RANKS = "A23456789T"
SUITS = "shdc"
CODES = standard_deck(jokers=True)  # 54 codes, fixed order
NUMBERS = [c for c in CODES if c[0] in NUMBER_RANKS and c not in ("RJ", "BJ")]
FACES = [c for c in CODES if c not in NUMBERS]  # J, Q, K of each suit and the jokers
CARAVANS = 3
SHOWN = 16
BLOCK_CACHE = 1 << 15  # encoded caravans kept for reuse
DIRECTIONS = ("ascending", "descending")
# per shown number card: present, rank x10, suit x4, kings / 3, queen, joker, face cards / 3
P_RANK, P_SUIT, P_KINGS, P_QUEEN, P_JOKER, P_FACES, PF = 1, 11, 15, 16, 17, 18, 19


def faces(ranks: list[str], pos: int, hot: Hot, index: Index, values: Values) -> None:
    """The face cards on one number card, by rank: kings counted, a queen or a joker (any
    rank but K, Q and J) marked, and how many there are (the view's and the state's alike)."""
    kings = 0
    for rank in ranks:
        if rank == "K":
            kings += 1
        elif rank == "Q":
            hot.append(pos + P_QUEEN)
        elif rank != "J":
            hot.append(pos + P_JOKER)
    if kings:
        index.append(pos + P_KINGS)
        values.append(min(kings / 3, 1.0))
    index.append(pos + P_FACES)
    values.append(min(len(ranks) / 3, 1.0))


class CaravanEncoder(Encoder):
    low = 0.0
    compiled = "cardtable.games.caravan.compiled"

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self.decks = 2 if game.options.get("double_deck") else 1
        self.depth = depth = 40 * self.decks  # number cards one caravan can ever hold
        self.code = {c: i for i, c in enumerate(CODES)}
        self.number = {c: i for i, c in enumerate(NUMBERS)}
        self.face = {c: i for i, c in enumerate(FACES)}
        # -- actions: play number card (40 x 3) | attach (14 x 2 seats x 3 x depth)
        #             | discard (54) | disband (3)
        self.PLAY = 0
        self.ATTACH = len(NUMBERS) * CARAVANS
        self.DISCARD = self.ATTACH + len(FACES) * 2 * CARAVANS * depth
        self.DISBAND = self.DISCARD + len(CODES)
        self.num_actions = self.DISBAND + CARAVANS
        self.rank_of = {c: NUMBER_RANKS.index(c[0]) for c in NUMBERS}
        self.suit_of = {c: SUITS.index(c[1]) for c in NUMBERS}
        # -- observation
        lay = self.layout
        self.o_hand = lay.block("my hand: copies of each of the 54 cards / decks", len(CODES))
        self.o_turn = lay.block("my move", 1)
        self.o_opening = lay.block("opening cards still to place / 3 (me, them)", 2)
        self.o_hands = lay.block("hand sizes / 8 (me, them)", 2)
        self.o_decks = lay.block("deck sizes / deck (me, them)", 2)
        self.o_sellers = lay.block("per pair: I sell / they sell", 2 * CARAVANS)
        self.o_reshuffles = lay.block("reshuffles left / 2 (me, them)", 2)
        self.o_discards = lay.block("discard piles: copies of each card / decks (me, them)", 108)
        self.o_car = lay.block(
            "caravans (mine 1-3, theirs 1-3): value / 30, sells (21-26), over 26, "
            "ascending, descending, suit x4, length / 10, last rank x10",
            6 * 20,
        )
        self.o_cards = lay.block(
            f"their first {SHOWN} number cards: present, rank x10, suit x4, kings / 3, "
            "queen, joker, face cards / 3",
            6 * SHOWN * PF,
        )
        self.obs_size = lay.size
        self._blocks: dict[tuple[Any, ...], tuple[tuple[Any, ...], ...]] = {}

    # -- observations ------------------------------------------------------------------
    def features(self, view: View, hot: Hot, index: Index, values: Values) -> None:
        me: int = view["seat"]
        them = 1 - me
        d = self.decks
        code = self.code
        if d == 1:
            hot += [self.o_hand + code[c] for c in view["hand"]]
        else:
            self._copies(view["hand"], self.o_hand, index, values)
        if me in view["to_act"]:
            hot.append(self.o_turn)
        left = view.get("reshuffles_left")
        for r, s in enumerate((me, them)):
            if view["opening"][s]:
                index.append(self.o_opening + r)
                values.append(view["opening"][s] / 3)
            index += (self.o_hands + r, self.o_decks + r)
            values += (min(view["hand_sizes"][s] / 8, 1.0), view["deck_sizes"][s] / (54 * d))
            if left and left[s]:
                index.append(self.o_reshuffles + r)
                values.append(left[s] / 2)
            base = self.o_discards + 54 * r
            if d == 1:
                hot += [base + code[c] for c in view["discards"][s]]
            else:
                self._copies(view["discards"][s], base, index, values)
        for pair, seller in enumerate(view["sellers"]):
            if seller is not None:
                hot.append(self.o_sellers + 2 * pair + (0 if seller == me else 1))
        caravans = view["caravans"]
        rank_of, suit_of = self.rank_of, self.suit_of
        for r, s in enumerate((me, them)):
            for c in range(CARAVANS):
                x = r * CARAVANS + c
                car = caravans[s][c]
                cards = car["cards"]
                if not cards:
                    continue
                at = self.o_car + 20 * x
                value = car["value"]
                if value:
                    index.append(at)
                    values.append(min(value / 30, 1.0))
                    if 21 <= value <= 26:
                        hot.append(at + 1)
                    elif value > 26:
                        hot.append(at + 2)
                direction = car["direction"]
                if direction is not None:
                    hot.append(at + (3 if direction == "ascending" else 4))
                if car["suit"] is not None:
                    hot.append(at + 5 + SUITS.index(car["suit"]))
                index.append(at + 9)
                values.append(min(len(cards) / 10, 1.0))
                hot.append(at + 10 + rank_of[cards[-1]["card"]])
                pos = self.o_cards + x * SHOWN * PF
                for stack in cards[:SHOWN]:
                    card = stack["card"]
                    hot += (pos, pos + P_RANK + rank_of[card], pos + P_SUIT + suit_of[card])
                    attached = stack["attached"]
                    if attached:
                        faces([a["card"][0] for a in attached], pos, hot, index, values)
                    pos += PF

    def state_features(
        self, state: State[Any], seat: int, hot: Hot, index: Index, values: Values
    ) -> None:
        """The fast path: ``features`` of ``state.view(seat)``, read from the fields the
        view is built from: the seat's own hand, the public discards, sizes and caravans.
        A caravan's entries are computed once per content and reused."""
        st = cast(CaravanState, state)  # its own engine, with types (tests pin this to the view)
        me = seat
        them = 1 - me
        d = self.decks
        code = self.code
        if d == 1:
            hot += [self.o_hand + code[c] for c in st.hands[me]]
        else:
            self._copies(st.hands[me], self.o_hand, index, values)
        if me in st.to_act:
            hot.append(self.o_turn)
        left = st.reshuffles_left if st.rules.reshuffle else None
        opening, hands, decks, discards = st.to_place, st.hands, st.decks, st.discards
        for r, s in enumerate((me, them)):
            if opening[s]:
                index.append(self.o_opening + r)
                values.append(opening[s] / 3)
            index += (self.o_hands + r, self.o_decks + r)
            values += (min(len(hands[s]) / 8, 1.0), len(decks[s]) / (54 * d))
            if left and left[s]:
                index.append(self.o_reshuffles + r)
                values.append(left[s] / 2)
            base = self.o_discards + 54 * r
            if d == 1:
                hot += [base + code[c] for c in discards[s]]
            else:
                self._copies(discards[s], base, index, values)
        for pair, seller in enumerate(st.sellers()):
            if seller is not None:
                hot.append(self.o_sellers + 2 * pair + (0 if seller == me else 1))
        cache = self._blocks
        for r, s in enumerate((me, them)):
            for c in range(CARAVANS):
                x = CARAVANS * s + c
                stacks = st.caravans[x]
                if not stacks:
                    continue
                _, direction, suit = st.ends[x]
                place, value = r * CARAVANS + c, st.values[x]
                key = (place, value, direction, suit, *map("".join, stacks))
                block = cache.get(key)
                if block is None:
                    if len(cache) >= BLOCK_CACHE:
                        cache.clear()
                    block = self._caravan_block(place, value, direction, suit, stacks)
                    cache[key] = block
                hot += block[0]
                index += block[1]
                values += block[2]

    def _caravan_block(
        self, x: int, value: int, direction: int, suit: str | None, stacks: list[list[str]]
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]:
        """The entries of the caravan shown at place ``x`` (0-2 mine, 3-5 theirs); a
        stack is the number card then the attached cards, each its code and who played
        it (the engine's form)."""
        hot: Hot = []
        index: Index = []
        values: Values = []
        at = self.o_car + 20 * x
        if value:
            index.append(at)
            values.append(min(value / 30, 1.0))
            if 21 <= value <= 26:
                hot.append(at + 1)
            elif value > 26:
                hot.append(at + 2)
        if direction:
            hot.append(at + (3 if direction > 0 else 4))
        if suit is not None:
            hot.append(at + 5 + SUITS.index(suit))
        index.append(at + 9)
        values.append(min(len(stacks) / 10, 1.0))
        rank_of, suit_of = self.rank_of, self.suit_of
        hot.append(at + 10 + rank_of[stacks[-1][0]])
        pos = self.o_cards + x * SHOWN * PF
        for stack in stacks[:SHOWN]:
            card = stack[0]
            hot += (pos, pos + P_RANK + rank_of[card], pos + P_SUIT + suit_of[card])
            if len(stack) > 1:
                faces([a[0] for a in stack[1:]], pos, hot, index, values)
            pos += PF
        return tuple(hot), tuple(index), tuple(values)

    def _copies(self, cards: list[str], base: int, index: Index, values: Values) -> None:
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        for c, n in counts.items():
            index.append(base + self.code[c])
            values.append(n / self.decks)

    # -- actions -----------------------------------------------------------------------
    def index(self, action: Any, seat: int) -> int:
        d = self.game.action_to_json(action)
        kind = d["type"]
        if kind == "discard":
            return self.DISCARD + self.code[str(d["card"])]
        if kind == "disband":
            return self.DISBAND + int(d["caravan"])
        if kind == "play" and "index" not in d:
            return self.PLAY + self.number[str(d["card"])] * CARAVANS + int(d["caravan"])
        if kind == "play":
            k = int(d["index"])
            if not 0 <= k < self.depth:
                raise Unindexable(f"Number card {k} of a caravan is past {self.depth}")
            r = 0 if d["seat"] == seat else 1
            x = (self.face[str(d["card"])] * 2 + r) * CARAVANS + int(d["caravan"])
            return self.ATTACH + x * self.depth + k
        raise Unindexable(f"Caravan action {d!r} has no index")  # resign is never listed

    def build_names(self) -> list[str]:
        names = [f"play:{c}:{x}" for c in NUMBERS for x in range(CARAVANS)]
        whose = ("mine", "theirs")
        names += [
            f"attach:{f}:{whose[r]}:{x}:{k}"
            for f in FACES
            for r in range(2)
            for x in range(CARAVANS)
            for k in range(self.depth)
        ]
        names += [f"discard:{c}" for c in CODES]
        names += [f"disband:{x}" for x in range(CARAVANS)]
        return names

    def score_rewards(self, outcome: Outcome) -> list[float]:
        a, b = outcome.scores
        return [a - b, b - a]


ENCODER = CaravanEncoder
