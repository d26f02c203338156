"""Gan Deng Yan for the research adapters: the observation of a seat's view and the action
index space (documented in ``docs/research.md``).

Suits never matter in play (GD-2) and the engine treats two plays that use the same ranks
the same way as one action, so an index names a play by its **reading**: for every card,
the rank it stands for and whether it is a joker. The key of a play writes each card as
its rank letter, followed by ``*`` for a joker, in the engine's canonical order (by the
rank stood for, natural cards before jokers): ``34*5`` is a straight 3-4-5 whose 4 is a
joker, ``555*`` three 5s one of which is a joker, ``**`` the joker bomb of two. The space
enumerates every reading the rules allow with the cards of the table's deck(s): singles,
pairs, triples, bombs of 4 or more cards (jokers filling in), joker bombs, straights and
consecutive pairs with every placement of the jokers, in that order after ``pass``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any, cast

from cardtable.core import Game, Outcome, State
from cardtable.core.cards import JOKERS, standard_deck
from cardtable.games.gandengyan.state import GanDengYanState
from cardtable.rl.encoding import Encoder, Hot, Index, Unindexable, Values, View, clip

ORDER = "3456789TJQKA2"
RANK = {r: i for i, r in enumerate(ORDER)}
RANK_OF = {c: 13 if c in JOKERS else RANK[c[0]] for c in standard_deck(jokers=True)}
KINDS = ("single", "pair", "triple", "straight", "consecutive_pairs", "bomb", "joker_bomb")
MEMO_CAP = 1 << 16  # fast-path blocks kept for reuse
COUNT_BITS = 6  # cards held by a seat: thermometer 1..6


def segment(rank: str, naturals: int, jokers: int) -> str:
    return rank * naturals + (rank + "*") * jokers


def play_keys(decks: int, min_pairs: int) -> Iterator[str]:
    """Every reading a play can have with ``decks`` decks, in the documented order."""
    naturals, jokers = 4 * decks, 2 * decks
    # sets: singles, pairs, triples, then bombs by size
    for size in (1, 2, 3):
        for r in ORDER:
            most = 0 if size == 1 or r == "2" else min(jokers, size - 1)
            for j in range(most + 1):
                if size - j <= naturals:
                    yield segment(r, size - j, j)
    for size in range(4, naturals + jokers + 1):
        for r in ORDER:
            for j in range(0, (0 if r == "2" else min(jokers, size - 1)) + 1):
                if 1 <= size - j <= naturals:
                    yield segment(r, size - j, j)
    for k in range(2, jokers + 1):
        yield "*" * k
    runs = ORDER[:-1]  # 3 … A: a 2 is never in a straight or consecutive pairs
    for length in range(3, len(runs) + 1):
        for start in range(len(runs) - length + 1):
            window = runs[start : start + length]
            for j in range(min(jokers, length - 1) + 1):
                for wild in combinations(range(length), j):
                    yield "".join(
                        segment(r, 0, 1) if i in wild else r for i, r in enumerate(window)
                    )
    for length in range(min_pairs, len(runs) + 1):
        for start in range(len(runs) - length + 1):
            window = runs[start : start + length]
            for spread in spreads(length, jokers):
                if sum(spread) < 2 * length:
                    yield "".join(segment(r, 2 - j, j) for r, j in zip(window, spread, strict=True))


def spreads(length: int, jokers: int) -> Iterator[tuple[int, ...]]:
    """Jokers per pair (0, 1 or 2) along ``length`` pairs, at most ``jokers`` in all, in
    lexicographic order."""
    if length == 0:
        yield ()
        return
    for j in range(min(2, jokers) + 1):
        for rest in spreads(length - 1, jokers - j):
            yield (j, *rest)


@lru_cache(maxsize=8)
def all_keys(decks: int, min_pairs: int) -> tuple[tuple[str, ...], dict[str, int]]:
    """The keys of the index space (``pass`` first) and the index of each."""
    keys = ("pass", *play_keys(decks, min_pairs))
    return keys, {k: i for i, k in enumerate(keys)}


def key_of(wire: dict[str, Any]) -> str:
    """The reading key of a play's wire form."""
    cards: list[str] = wire["cards"]
    reading: list[str] | None = wire.get("as")
    if reading is None:
        if all(c in JOKERS for c in cards):
            return "*" * len(cards)
        reading = [c[0] for c in cards]
    pairs = sorted(
        ((RANK[r], c in JOKERS, r) for c, r in zip(cards, reading, strict=True)),
    )
    return "".join(r + ("*" if joker else "") for _, joker, r in pairs)


class GanDengYanEncoder(Encoder):
    compiled = "cardtable.games.gandengyan.compiled"

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        o = game.options
        p = self.players
        decks = o["decks"]
        self.decks = d = (1 if p == 2 else 2) if decks == "auto" else int(decks)
        self.naturals, self.jokers = 4 * d, 2 * d
        self.keys, self.index_of = all_keys(d, int(o["min_consecutive_pairs"]))
        assert len(self.index_of) == len(self.keys), "duplicate play keys"
        self.num_actions = len(self.keys)
        # -- observation
        lay = self.layout
        c, j = self.naturals, self.jokers
        self.o_hand = lay.block(f"my hand: per rank, holds >= 1..{c} (thermometer)", 13 * c)
        self.o_hand_j = lay.block(f"my jokers (thermometer 1..{j})", j)
        self.o_played = lay.block("played this hand: per rank (thermometer)", 13 * c)
        self.o_played_j = lay.block("jokers played (thermometer)", j)
        self.o_counts = lay.block("cards held per relative seat: >= 1..6 (thermometer)", p * 6)
        self.o_count_n = lay.block("cards held / 20, capped at 1 (relative seats)", p)
        self.o_plays = lay.block("played this hand: at least once / twice (relative seats)", 2 * p)
        self.o_dealer = lay.block("dealer (relative seat)", p)
        self.o_leader = lay.block("leader of the trick (relative seat)", p)
        self.o_beat = lay.block("a play to beat", 1)
        self.o_beat_kind = lay.block("its kind", len(KINDS))
        self.o_beat_rank = lay.block("its lowest rank", 13)
        self.o_beat_len = lay.block("its length / 12", 1)
        self.o_beat_seat = lay.block("who played it (relative seat)", p)
        self.o_passes = lay.block("passes since that play / players", 1)
        self.o_talon = lay.block("talon / cards in the deck(s)", 1)
        self.o_bombs = lay.block("bombs played this hand (thermometer 1..4)", 4)
        self.o_totals = lay.block("game totals / 64, clipped to [-1, 1] (relative seats)", p)
        self.o_hands = lay.block("hand number / hands in the game; last hand", 2)
        self.obs_size = lay.size
        self._kind = {k: self.o_beat_kind + i for i, k in enumerate(KINDS)}
        # the fast path's thermometers: [rank][cards] -> the entries set (rank 13: jokers)
        self._bars_hand = self._bars(self.o_hand, self.o_hand_j)
        self._bars_played = self._bars(self.o_played, self.o_played_j)
        self._played: tuple[list[str], int, list[int]] = ([], 0, [0] * 14)
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._seat_cells: dict[tuple[int, ...], Any] = {}  # small: seats x counts x 3

    def _bars(self, base: int, jbase: int) -> list[list[tuple[int, ...]]]:
        c, j = self.naturals, self.jokers
        bars = [
            [tuple(range(base + r * c, base + r * c + n)) for n in range(c + 1)] for r in range(13)
        ]
        bars.append([tuple(range(jbase, jbase + n)) for n in range(j + 1)])
        return bars

    # -- observations ------------------------------------------------------------------
    def _counts(self, cards: Sequence[str], base: int, jbase: int, hot: Hot) -> None:
        """Thermometers of the cards of each rank and of the jokers."""
        counts = [0] * 14  # the 13 ranks, then the jokers
        for card, n in Counter(cards).items():
            counts[RANK_OF[card]] += n
        c = self.naturals
        for r in range(13):
            n = counts[r]
            if n:
                at = base + r * c
                hot += range(at, at + min(n, c))
        if counts[13]:
            hot += range(jbase, jbase + min(counts[13], self.jokers))

    def features(self, view: View, hot: Hot, index: Index, values: Values) -> None:
        me: int = view["seat"]
        p = self.players
        self._counts(view["hand"], self.o_hand, self.o_hand_j, hot)
        self._counts(view["played"], self.o_played, self.o_played_j, hot)
        for s, n in enumerate(view["counts"]):
            r = (s - me) % p
            if n:
                at = self.o_counts + r * 6
                hot += range(at, at + min(n, 6))
                index.append(self.o_count_n + r)
                values.append(min(n / 20, 1.0))
        for s, n in enumerate(view["plays"]):
            if n:
                r = (s - me) % p
                hot.append(self.o_plays + 2 * r)
                if n > 1:
                    hot.append(self.o_plays + 2 * r + 1)
        hot.append(self.o_dealer + (view["dealer"] - me) % p)
        if view["leader"] is not None:
            hot.append(self.o_leader + (view["leader"] - me) % p)
        beat = view["to_beat"]
        if beat is not None:
            hot += (self.o_beat, self._kind[beat["kind"]])
            if beat["rank"] is not None:
                hot.append(self.o_beat_rank + RANK[beat["rank"]])
            index.append(self.o_beat_len)
            values.append(min(beat["length"] / 12, 1.0))
            hot.append(self.o_beat_seat + (beat["seat"] - me) % p)
        if view["passes"]:
            index.append(self.o_passes)
            values.append(view["passes"] / p)
        index.append(self.o_talon)
        values.append(view["talon"] / (54 * self.decks))
        if view["bombs"]:
            hot += range(self.o_bombs, self.o_bombs + min(view["bombs"], 4))
        for s, total in enumerate(view["totals"]):
            if total:
                index.append(self.o_totals + (s - me) % p)
                values.append(clip(total / 64))
        index.append(self.o_hands)
        values.append(view["hand_no"] / view["hand_count"])
        if view["hand_no"] == view["hand_count"]:
            hot.append(self.o_hands + 1)

    def state_features(
        self, state: State[Any], seat: int, hot: Hot, index: Index, values: Values
    ) -> None:
        """The fast path: ``features`` of ``state.view(seat)``, read from the fields the
        view is built from: the seat's own rank counts and jokers (its hand), the public
        pile of played cards, the others' card counts and the public play to beat."""
        st = cast(GanDengYanState, state)  # its own engine, with types (tests pin this to the view)
        me, p = seat, self.players
        # The thermometers and the per-seat blocks change a few times a hand: each is
        # looked up by its inputs (tuples built in C) rather than written entry by entry.
        memo = self._memo
        if len(memo) >= MEMO_CAP:
            memo.clear()
        key: tuple[Any, ...] = (0, st.jokers[me], *st.counts[me])
        block = memo.get(key)
        if block is None:
            block = memo[key] = self._bars_of(st.counts[me], st.jokers[me], self._bars_hand)
        hot += block
        counts = self._played_counts(st.played)
        key = (1, *counts)
        block = memo.get(key)
        if block is None:
            block = memo[key] = self._bars_of(counts[:13], counts[13], self._bars_played)
        hot += block
        # Per seat: its cards held and plays made (the count of plays matters only up to
        # two), looked up by those; the whole block changes with every play, its seats
        # one at a time.
        cells = self._seat_cells
        for s, (hand, plays) in enumerate(zip(st.hands, st.plays, strict=True)):
            key = (me, s, len(hand), plays if plays < 2 else 2)
            cell = cells.get(key)
            if cell is None:
                cell = cells[key] = self._seat_cell(*key)
            hot += cell[0]
            index += cell[1]
            values += cell[2]
        hot.append(self.o_dealer + (st.dealer - me) % p)
        if st.leader is not None:
            hot.append(self.o_leader + (st.leader - me) % p)
        if st.to_beat is not None:
            who, _play, kind = st.to_beat
            hot += (self.o_beat, self._kind[kind.type])
            if kind.rank >= 0:
                hot.append(self.o_beat_rank + kind.rank)
            index.append(self.o_beat_len)
            values.append(min(kind.length / 12, 1.0))
            hot.append(self.o_beat_seat + (who - me) % p)
        if st.passes:
            index.append(self.o_passes)
            values.append(st.passes / p)
        index.append(self.o_talon)
        values.append(len(st.talon) / (54 * self.decks))
        if st.bombs:
            hot += range(self.o_bombs, self.o_bombs + min(st.bombs, 4))
        for s, total in enumerate(st.totals):
            if total:
                index.append(self.o_totals + (s - me) % p)
                values.append(clip(total / 64))
        hand_no, hand_count = st.hand_no + 1, st.gdy.hand_count
        index.append(self.o_hands)
        values.append(hand_no / hand_count)
        if hand_no == hand_count:
            hot.append(self.o_hands + 1)

    def _bars_of(
        self, counts: Sequence[int], jokers: int, bars: list[list[tuple[int, ...]]]
    ) -> tuple[int, ...]:
        """The thermometer entries of per-rank counts and jokers."""
        c = self.naturals
        out: list[int] = []
        for r, n in enumerate(counts):
            if n:
                out += bars[r][min(n, c)]
        if jokers:
            out += bars[13][min(jokers, self.jokers)]
        return tuple(out)

    def _seat_cell(
        self, me: int, s: int, n: int, plays: int
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]:
        """Seat ``s`` as ``me`` sees it: ``n`` cards held (thermometer, and n / 20), and
        whether it has played this hand at least once and twice."""
        r = (s - me) % self.players
        hot: Hot = []
        index: Index = []
        values: Values = []
        if n:
            at = self.o_counts + r * 6
            hot += range(at, at + min(n, 6))
            index.append(self.o_count_n + r)
            values.append(min(n / 20, 1.0))
        if plays:
            hot.append(self.o_plays + 2 * r)
            if plays > 1:
                hot.append(self.o_plays + 2 * r + 1)
        return tuple(hot), tuple(index), tuple(values)

    def _played_counts(self, played: list[str]) -> list[int]:
        """Cards of each rank (then jokers) in the played pile. The engine only ever
        appends to a hand's pile (a new hand gets a new list), so the counts of the last
        pile seen are brought up to date from where they stopped."""
        pile, seen, counts = self._played
        if pile is not played or seen > len(played):
            seen, counts = 0, [0] * 14
        for card in played[seen:]:
            counts[RANK_OF[card]] += 1
        self._played = (played, len(played), counts)
        return counts

    # -- actions -----------------------------------------------------------------------
    def indices(self, legal: Sequence[Any], seat: int, view: Callable[[], View]) -> list[int]:
        """A play's index depends only on its cards' first letters (a rank, or R/B for a
        joker) and its reading, not on the seat: one cache for all, keyed by those. A
        play equals any play of the same ranks, so its own hash is coarse and a cache
        keyed by the play walks long chains of Python ``__eq__`` calls; a key that names
        every suit (the play as a plain tuple) kept missing, a quarter of the moves after
        300 random games."""
        keys = [("".join([c[0] for c in a[0]]), a[1]) if a else a for a in legal]
        return self.cached_indices(self._cache[0], keys, legal, 0)

    def index(self, action: Any, seat: int) -> int:
        """The index of a play's ranks (the wire form's key), the same for every copy."""
        wire = self.game.action_to_json(action)
        key = "pass" if wire["type"] == "pass" else key_of(wire)
        index = self.index_of.get(key)
        if index is None:
            raise Unindexable(f"The play {key!r} has no index: {wire!r}")
        return index

    def build_names(self) -> list[str]:
        return ["pass", *(f"play:{k}" for k in self.keys[1:])]

    def score_rewards(self, outcome: Outcome) -> list[float]:
        return list(outcome.scores)  # points won and paid: already zero-sum


ENCODER = GanDengYanEncoder
