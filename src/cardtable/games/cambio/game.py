"""The Cambio game value: options read once into plain attributes, the deal (CB-6…CB-9),
``determinize``, the wire form, and the tables of prebuilt actions the hot path reuses."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from cardtable.core import Game, Option
from cardtable.core.deck import stack
from cardtable.core.rng import fork, make_rng, shuffle
from cardtable.games.cambio import actions, text
from cardtable.games.cambio.actions import Action, Give, Peek, Position, Replace, Snap, Swap
from cardtable.games.cambio.cards import FULL_DECK, SCORING, card_value, score_hand
from cardtable.games.cambio.state import (
    DRAWN,
    HIDDEN,
    OVER,
    POWER,
    SETUP,
    STEPS,
    TURN,
    CambioState,
)

HAND = 4  # CB-6: four cards each
NEAR_TWO = (2, 3)  # CB-8: the rules' slots 3 and 4
_PHASES = {p: p for p in (SETUP, TURN, DRAWN, POWER, OVER)}
_STEPS = {s: s for s in STEPS}


class _SwapRow(dict[Position, Swap]):
    """The swaps of one position with the positions after it, built on first use (a full
    table would grow with the square of the slots a long game opens)."""

    def __init__(self, a: Position) -> None:
        super().__init__()
        self.a = a

    def __missing__(self, b: Position) -> Swap:
        made = self[b] = Swap(self.a, b)
        return made


class _SwapTable(dict[Position, _SwapRow]):
    def __missing__(self, a: Position) -> _SwapRow:
        row = self[a] = _SwapRow(a)
        return row


class CambioGame(Game[Action]):
    """Cambio (docs/rules/cambio.md): remember your face-down cards, use the powers of the
    cards you discard, and call Cambio when your total is lowest."""

    name: ClassVar[str] = "cambio"
    title: ClassVar[str] = "Cambio"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", 4, "Seats, 2 to 6 (CB-5)", low=2, high=6),
        Option(
            "first_player",
            "seat0",
            "Who moves first: seat 0, or a seat drawn at random (CB-9)",
            choices=("seat0", "random"),
        ),
        Option(
            "initial_peek",
            "near_two",
            "The set-up peek: slots 3 and 4, or two slots each player picks (CB-8)",
            choices=("near_two", "choose_two"),
        ),
        Option(
            "king_any_order",
            False,
            "A king's peek and swap may be done in either order (CB-18)",
        ),
        Option(
            "snap",
            "own_turn",
            "Snapping: own cards on your own turn, any card at any time, or not at all "
            "(CB-20, CB-23)",
            choices=("own_turn", "anytime", "off"),
        ),
        Option("lock_caller", False, "The caller's cards cannot be swapped after the call"),
        Option(
            "scoring",
            "sum",
            "How a hand is scored: plain sum (CB-3), or pairs of one rank cancel to 0",
            choices=tuple(SCORING),
        ),
        Option("red_king", -1, "Value of K♥ and K♦ (CB-2)", low=-10, high=10),
        Option("joker", 0, "Value of a joker (CB-2)", low=-10, high=10),
        Option(
            "memory_aid",
            True,
            "The table shows each player the cards they have seen (practice); "
            "off for rated play. Views record knowledge either way",
        ),
    )
    RULE_IDS: ClassVar[tuple[str, ...]] = tuple(f"CB-{n}" for n in (*range(1, 24), *range(30, 37)))

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        o = self.options
        self.n = int(o["players"])
        self.random_first = o["first_player"] == "random"
        self.choose_two = o["initial_peek"] == "choose_two"
        self.king_any_order = bool(o["king_any_order"])
        self.snap_anytime = o["snap"] == "anytime"
        self.snap_own_turn = o["snap"] == "own_turn"
        self.lock_caller = bool(o["lock_caller"])
        self.memory_aid = bool(o["memory_aid"])
        self.scoring = str(o["scoring"])
        red_king, joker = int(o["red_king"]), int(o["joker"])
        self.values = {c: card_value(c, red_king, joker) for c in FULL_DECK}
        self.deck_sum = sum(self.values.values())  # the bots' mean of an unseen card
        self._score_options = {"scoring": self.scoring, "red_king": red_king, "joker": joker}
        # Knowledge masks: bit s for seat s, and one more bit for a card shown face up to
        # the whole table (a failed snap, CB-22), which spectators see too.
        self.table_bit = 1 << self.n
        self.shown = (1 << (self.n + 1)) - 1
        # Seats to act while a snap window is open: the seat whose turn it is, then the
        # others in playing order.
        self.rotations = [
            tuple((first + k) % self.n for k in range(self.n)) for first in range(self.n)
        ]
        self._seats_of = [[s for s in range(self.n) if m >> s & 1] for m in range(self.shown + 1)]
        # Prebuilt actions, widened when a penalty card opens a slot past the table.
        self.width = 0
        self.positions: list[list[Position]] = [[] for _ in range(self.n)]
        self.peek_table: list[list[Peek]] = [[] for _ in range(self.n)]
        self.snap_table: list[list[Snap]] = [[] for _ in range(self.n)]
        self.replace_table: list[Replace] = []
        self.give_table: list[Give] = []
        self.swap_table = _SwapTable()
        # Swap lists by (positions, seat of a king's swap or None): random play and the
        # searches meet the same hand shapes again and again, and a list of all pairs costs
        # a table lookup per pair. Never mutated; bounded like Cabo's swap tables.
        self.pair_lists: dict[tuple[tuple[Position, ...], int | None], list[Action]] = {}
        # The same swaps by flat index (seat * width + slot): a list index per pair instead
        # of a hash of two positions. Rows fill on first use (``swap_row``); widening
        # starts a new grid, swapped in whole with its width.
        self.swap_grid: tuple[int, list[list[Any] | None]] = (0, [])
        self.widen(HAND + 4)

    # -- prebuilt actions --------------------------------------------------------------
    def widen(self, slots: int) -> None:
        """Make the action tables cover slot indices below ``slots``."""
        if slots <= self.width:
            return
        slots = max(slots, 2 * self.width)  # doubling keeps the rebuilds rare
        # Built aside and swapped in whole: one game object serves many tables (the server
        # shares it), whose bots may widen it from threads at once.
        positions = [list(row) for row in self.positions]
        peeks = [list(row) for row in self.peek_table]
        snaps = [list(row) for row in self.snap_table]
        replaces, gives = list(self.replace_table), list(self.give_table)
        for s in range(self.n):
            for i in range(self.width, slots):
                positions[s].append((s, i))
                peeks[s].append(Peek(s, i))
                snaps[s].append(Snap(s, i))
        for i in range(self.width, slots):
            replaces.append(Replace(i))
            gives.append(Give(i))
        self.positions, self.peek_table, self.snap_table = positions, peeks, snaps
        self.replace_table, self.give_table = replaces, gives
        self.width = slots
        self.swap_grid = (slots, [None] * (self.n * slots))

    def swap_row(self, width: int, grid: list[list[Any] | None], a: int) -> list[Any]:
        """Row ``a`` of a ``swap_grid`` of that ``width``: at index ``b > a`` the swap of
        those two flat positions (the objects of ``swap_table``); below, unused."""
        table = self.swap_table[divmod(a, width)]
        row: list[Any] = [None] * (a + 1)
        row += [table[divmod(b, width)] for b in range(a + 1, self.n * width)]
        grid[a] = row
        return row

    def replaces(self, hand: Sequence[str | None]) -> list[Action]:
        table = self.replace_table
        return [table[i] for i, card in enumerate(hand) if card is not None]

    def gives(self, hand: Sequence[str | None]) -> list[Action]:
        table = self.give_table
        return [table[i] for i, card in enumerate(hand) if card is not None]

    def seats_of(self, mask: int) -> list[int]:
        return list(self._seats_of[mask])

    def score(self, hand: Iterable[str | None]) -> int:
        if self.scoring == "sum":
            values = self.values
            return sum(values[c] for c in hand if c is not None)
        return score_hand(hand, self._score_options)

    # -- new games ---------------------------------------------------------------------
    def new_state(self, seed: int | None = None, deck: Sequence[Any] | None = None) -> CambioState:
        """CB-6…CB-9: deal four cards to each seat (seat 0's first, slots in deck order),
        turn up the next card to start the pile, and give each seat its set-up peek."""
        rng = make_rng(seed)
        if deck is None:  # what ``stack`` deals then, with the compiled shuffle
            cards = list(FULL_DECK)
            shuffle(rng, cards)
        else:
            cards = stack(FULL_DECK, deck, rng)
        state = CambioState(self, rng)
        n = self.n
        state.hands = [list(cards[s * HAND : (s + 1) * HAND]) for s in range(n)]
        state.known = [[0] * HAND for _ in range(n)]
        state.discard = [cards[n * HAND]]
        state.deck = cards[n * HAND + 1 :][::-1]
        state.snap_open = True  # CB-7 the start card triggers no power, but may be snapped
        state.current = rng.randrange(n) if self.random_first else 0
        if self.choose_two:
            state.phase = SETUP
            state.setup_left = [2] * n
        else:
            for s in range(n):
                for i in NEAR_TWO:
                    state.known[s][i] = 1 << s
        state._update_to_act()
        return state

    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> CambioState:
        """A full state that ``seat`` cannot tell from the real one: every card it does not
        see (other hands' unknown cards, its own unknown cards, another seat's drawn card,
        the deck) is re-dealt at random from the cards it cannot account for."""
        if view.get("game") != self.name or view.get("seat") != seat:
            raise ValueError(f"This is not a view of seat {seat} in a game of {self.title}")
        try:
            return self._redeal(view, rng)
        except (KeyError, IndexError, TypeError) as error:
            raise ValueError(f"This is not a whole {self.title} view: {error!r}") from error

    def _redeal(self, view: Mapping[str, Any], rng: random.Random) -> CambioState:
        hands: list[list[str | None]] = [list(h) for h in view["hands"]]
        seen = Counter(c for h in hands for c in h if c is not None and c != HIDDEN)
        seen.update(view["discard"])
        drawn = view["drawn"]
        if drawn is not None and drawn != HIDDEN:
            seen[drawn] += 1
        # Every card of the deck is unique: the unseen ones, in the deck's order.
        unknown = [c for c in FULL_DECK if not seen[c]]
        shuffle(rng, unknown)
        holes = sum(c == HIDDEN for h in hands for c in h) + (drawn == HIDDEN)
        if len(unknown) != holes + view["deck"]:
            raise ValueError("The view does not account for every card of the game")
        for hand in hands:
            for i, card in enumerate(hand):
                if card == HIDDEN:
                    hand[i] = unknown.pop()
        if drawn == HIDDEN:
            drawn = unknown.pop()
        state = CambioState(self, fork(rng))
        self.widen(max(len(h) for h in hands))
        state.hands = hands
        state.known = [[sum(1 << s for s in seats) for seats in row] for row in view["known_by"]]
        state.deck = unknown
        state.discard = list(view["discard"])
        state.drawn = drawn
        self._restore_public(state, view)
        return state

    def _restore_public(self, state: CambioState, view: Mapping[str, Any]) -> None:
        state.phase = _PHASES[view["phase"]]
        state.current = view["turn"]
        state.step = None if view["step"] is None else _STEPS[view["step"]]
        state.power = view["power"]
        state.caller = view["caller"]
        state.setup_left = list(view["setup_peeks"])
        state.end = view["end"]
        give = view["give"]
        if give is not None:
            state.giver, state.give_to = give["seat"], (give["to"][0], give["to"][1])
        # The open window is public (``snappable``); only ``snap=anytime`` consults it, and
        # during set-up it is always open (nothing has been drawn or snapped yet).
        state.snap_open = self.snap_anytime and (bool(view["snappable"]) or state.phase == SETUP)
        state._update_to_act()

    # -- the wire form and words ---------------------------------------------------------
    def action_to_json(self, action: Action) -> dict[str, Any]:
        return actions.to_json(action)

    def action_from_json(self, data: object) -> Action:
        return actions.from_json(data)

    def describe_action(self, action: Action) -> str:
        return actions.describe(action)

    def describe_event(self, event: Mapping[str, Any], viewer: int | None = None) -> str:
        return text.describe_event(event, viewer)

    def render_text(self, view: Mapping[str, Any]) -> str:
        return text.render(view)
