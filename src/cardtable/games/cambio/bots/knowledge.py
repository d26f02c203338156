"""What one seat knows at a Cambio table, as plain numbers: the ``Table`` every Cambio bot
decides from.

``from_view`` reads it from a seat's JSON view (the heuristic players); ``from_sample``
reads it from a sampled state inside a search (the search's own imagination, drawn from the
bot's view) through the acting seat's knowledge bits only, so a simulated player never
plays with a card it has not seen.

Card values and the scoring scheme are table options (``red_king``, ``joker``,
``scoring``), read once from ``game.options``; the engine's state is imported for its
type only."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.core import Game
from cardtable.core.cards import JOKERS, RED_SUITS, standard_deck

if TYPE_CHECKING:
    from cardtable.games.cambio.state import CambioState

HIDDEN = "??"  # a face-down card this seat does not know (the view's marker)
FULL_DECK: tuple[str, ...] = tuple(standard_deck(jokers=True))
HAND = 4
# The power a card triggers when it is discarded normally (CB-15…CB-18), by rank.
PEEK_OWN, SPY, SWAP, KING = "peek_own", "peek_opponent", "swap", "king"
POWER_OF_RANK = {"7": PEEK_OWN, "8": PEEK_OWN, "9": SPY, "T": SPY, "J": SWAP, "Q": SWAP}
POWER_OF_RANK["K"] = KING
FACE = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 10)}


def match_key(card: str) -> str:
    """CB-4: snaps match by rank, suits ignored; all kings match; the jokers match each
    other and nothing else."""
    return "X" if card in JOKERS else card[0]


def power_of(card: str) -> str | None:
    return None if card in JOKERS else POWER_OF_RANK.get(card[0])


@dataclass(frozen=True, slots=True)
class Rules:
    """The table options a bot needs that a view does not carry."""

    players: int = 4
    values: Mapping[str, int] = field(default_factory=dict)
    pairs_cancel: bool = False
    snap: str = "own_turn"
    lock_caller: bool = False
    king_any_order: bool = False

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Rules:
        red_king = int(options.get("red_king", -1))
        joker = int(options.get("joker", 0))
        values = {}
        for card in FULL_DECK:
            if card in JOKERS:
                values[card] = joker
            elif card[0] == "K" and card[1] in RED_SUITS:
                values[card] = red_king
            else:
                values[card] = FACE[card[0]]
        return cls(
            players=int(options.get("players", 4)),
            values=values,
            pairs_cancel=options.get("scoring", "sum") == "pairs_cancel",
            snap=str(options.get("snap", "own_turn")),
            lock_caller=bool(options.get("lock_caller", False)),
            king_any_order=bool(options.get("king_any_order", False)),
        )

    def score(self, cards: Iterable[str]) -> int:
        """A hand's total (CB-32) under the table's scoring."""
        values = self.values
        if not self.pairs_cancel:
            return sum(values[c] for c in cards)
        groups: dict[str, list[int]] = {}
        for card in cards:
            groups.setdefault(match_key(card), []).append(values[card])
        return sum(min(group) for group in groups.values() if len(group) % 2)


_RULES: dict[int, Rules] = {}


def rules_of(game: Game[Any]) -> Rules:
    """The ``Rules`` of a game object (cached: the search asks at every decision)."""
    rules = _RULES.get(id(game))
    if rules is None or rules.players != int(game.options.get("players", 4)):
        rules = _RULES[id(game)] = Rules.of(game.options)
    return rules


@dataclass(slots=True)
class Table:
    """One seat's knowledge. ``cards[s][i]`` is the card code when this seat knows it,
    ``HIDDEN`` when it does not and ``None`` for an empty slot; ``owner_knows[s][i]`` says
    whether seat ``s`` has seen its own card and ``seen_by[s][i]`` how many seats know it
    (public: everybody watches who looks at what, CB-19)."""

    me: int
    players: int
    phase: str
    turn: int
    step: str | None
    power: str | None
    caller: int | None
    cards: list[list[str | None]]
    owner_knows: list[list[bool]]
    seen_by: list[list[int]]
    top: str | None
    drawn: str | None  # the card this seat holds, when it is this seat's
    snappable: bool
    giver: int | None
    give_to: tuple[int, int] | None
    deck: int
    turns: float  # about how many turns each seat has played
    pool: list[str]  # the cards this seat has not seen (wherever they are)
    rules: Rules
    mean: float = 0.0
    variance: float = 0.0
    values_left: dict[int, int] = field(default_factory=dict)  # unseen cards by value
    ranks_left: dict[str, int] = field(default_factory=dict)  # unseen cards by match key

    def __post_init__(self) -> None:
        values = self.rules.values
        by_value: dict[int, int] = {}
        by_rank: dict[str, int] = {}
        total = 0
        squares = 0
        for card in self.pool:
            v = values[card]
            by_value[v] = by_value.get(v, 0) + 1
            key = match_key(card)
            by_rank[key] = by_rank.get(key, 0) + 1
            total += v
            squares += v * v
        n = max(len(self.pool), 1)
        self.values_left = by_value
        self.ranks_left = by_rank
        if self.pool:
            self.mean = total / n
            self.variance = max(squares / n - self.mean * self.mean, 1.0)
        else:
            self.mean, self.variance = 5.0, 10.0

    @property
    def unseen(self) -> int:
        return max(len(self.pool), 1)

    def slots(self, seat: int) -> list[int]:
        """The slots of ``seat`` that hold a card."""
        return [i for i, c in enumerate(self.cards[seat]) if c is not None]

    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if s != self.me]


def _turns(players: int, deck: int, discard: int) -> float:
    """Turns each seat has played, about: the cards gone from the deck since the deal
    (penalties and reshuffles blur it; it only paces memory and estimates)."""
    dealt = len(FULL_DECK) - HAND * players - 1
    return max(dealt - deck, discard - 1, 0) / players


def _pool(cards: list[list[str | None]], shown: Iterable[str]) -> list[str]:
    seen = {c for row in cards for c in row if c is not None and c != HIDDEN}
    seen.update(shown)
    return [c for c in FULL_DECK if c not in seen]


def from_view(
    view: Mapping[str, Any], rules: Rules, forget: Collection[tuple[int, int]] = ()
) -> Table:
    """The knowledge in ``view``. ``forget`` lists (seat, slot) positions the player has
    lost track of (a beginner's memory): they read as unknown."""
    me = int(view["seat"])
    cards: list[list[str | None]] = []
    for owner, row in enumerate(view["hands"]):
        out: list[str | None] = []
        for i, card in enumerate(row):
            if card is not None and (owner, i) in forget:
                card = HIDDEN
            out.append(card)
        cards.append(out)
    known_by = view["known_by"]
    owner_knows = [[owner in seats for seats in row] for owner, row in enumerate(known_by)]
    seen_by = [[len(seats) for seats in row] for row in known_by]
    discard: Sequence[str] = view["discard"]
    drawn = view["drawn"]
    mine = drawn if drawn is not None and drawn != HIDDEN else None
    shown = [*discard, mine] if mine is not None else discard
    give = view["give"]
    return Table(
        me=me,
        players=int(view["players"]),
        phase=str(view["phase"]),
        turn=int(view["turn"]),
        step=view["step"],
        power=view["power"],
        caller=view["caller"],
        cards=cards,
        owner_knows=owner_knows,
        seen_by=seen_by,
        top=discard[-1] if discard else None,
        drawn=mine,
        snappable=bool(view["snappable"]),
        giver=None if give is None else int(give["seat"]),
        give_to=None if give is None else (int(give["to"][0]), int(give["to"][1])),
        deck=int(view["deck"]),
        turns=_turns(int(view["players"]), int(view["deck"]), len(discard)),
        pool=_pool(cards, shown),
        rules=rules,
    )


def from_sample(state: CambioState, seat: int, rules: Rules) -> Table:
    """The knowledge of ``seat`` in a sampled state (read through its knowledge bits)."""
    bit = 1 << seat
    players = state.players
    cards: list[list[str | None]] = []
    owner_knows: list[list[bool]] = []
    seen_by: list[list[int]] = []
    everyone = (1 << players) - 1
    for owner, (row, known) in enumerate(zip(state.hands, state.known, strict=True)):
        cards.append(
            [
                None if c is None else c if m & bit else HIDDEN
                for c, m in zip(row, known, strict=True)
            ]
        )
        owner_knows.append([bool(m >> owner & 1) for m in known])
        seen_by.append([(m & everyone).bit_count() for m in known])
    discard: list[str] = state.discard
    drawn = state.drawn if state.current == seat else None
    shown = [*discard, drawn] if drawn is not None else discard
    giver = state.giver
    return Table(
        me=seat,
        players=players,
        phase=state.phase,
        turn=state.current,
        step=state.step,
        power=state.power,
        caller=state.caller,
        cards=cards,
        owner_knows=owner_knows,
        seen_by=seen_by,
        top=discard[-1] if discard else None,
        drawn=drawn,
        snappable=bool(state.snap_open) or rules.snap == "own_turn",
        giver=giver,
        give_to=state.give_to,
        deck=len(state.deck),
        turns=_turns(players, len(state.deck), len(discard)),
        pool=_pool(cards, shown),
        rules=rules,
    )


def phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))
