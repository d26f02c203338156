"""A game of Cabo in progress: rounds from the deal to the reveal, until a total passes
the target (CA-3 – CA-17).

Cards are ints 0–13 inside the state and codes ("0" … "13") in views and events. The deck
and the discard pile keep their top card at the end of the list. What each seat knows is a
bit mask per card (bit ``s`` for seat ``s``, bit ``players`` for "shown to everyone"); the
mask travels with the card when cards move in public (a swap, an exchange), which is
exactly "the cards that seat has seen and can still locate"."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from itertools import combinations
from typing import TYPE_CHECKING, Any

from cardtable.core import Event, Outcome, State, View
from cardtable.core.rng import shuffle
from cardtable.games.cabo import scoring
from cardtable.games.cabo.actions import (
    CALL,
    DISCARD,
    DRAW,
    MAX_EXCHANGE,
    SKIP,
    TAKE_DISCARD,
    Action,
    Call,
    Discard,
    Draw,
    Peek,
    Replace,
    Skip,
    Swap,
    TakeDiscard,
    slots_problem,
    swap,
)
from cardtable.games.cabo.cards import (
    CODES,
    FULL_VALUES,
    HAND_SIZE,
    PEEK,
    POWER_OF,
    SPY,
    SWAP,
    VALUE_OF,
)

if TYPE_CHECKING:
    from cardtable.games.cabo.game import CaboGame

# The phases of a round.
SETUP = "setup"  # CA-4 with choose_two: every seat picks the two cards it looks at
START = "start"  # a turn begins: draw, take the top discard or call (CA-6 – CA-8)
DRAWN = "drawn"  # holding a card drawn from the deck (CA-6)
TAKEN = "taken"  # holding the top discard (CA-7)
POWER = "power"  # the drawn card was discarded and offers its power (CA-2)
OVER = "over"

# Legal-action tables that depend only on sizes, built once and shared (actions are
# immutable). The swap table is keyed by the whole table shape, so it is bounded.
_REPLACES: dict[int, tuple[Replace, ...]] = {}
_OWN_PEEKS: dict[tuple[int, int], tuple[Peek, ...]] = {}
_SWAPS: dict[tuple[int, tuple[int, ...], int | None], tuple[Swap, ...]] = {}
_SWAPS_LIMIT = 4096


# What a seat may do at the start of its turn, by (discard pile empty?, Cabo called?):
# shared, never mutated (``legal_actions`` hands out copies).
_START: dict[tuple[bool, bool], list[Action]] = {
    (has_discard, called): [
        DRAW,
        *((TAKE_DISCARD,) if has_discard else ()),
        *(() if called else (CALL,)),
    ]
    for has_discard in (False, True)
    for called in (False, True)
}
# Holding a drawn card (discard it, or replace/exchange) and a taken one, by row size.
_HOLDING_DRAWN: dict[int, list[Action]] = {}
_HOLDING_TAKEN: dict[int, list[Action]] = {}


def holding_options(size: int, drawn: bool) -> list[Action]:
    """The legal list (shared: never mutate it) of a seat holding a card with a row of
    ``size``: a drawn card may also be discarded (CA-6), a taken one not (CA-7)."""
    table = _HOLDING_DRAWN if drawn else _HOLDING_TAKEN
    options = table.get(size)
    if options is None:
        options = table[size] = [*((DISCARD,) if drawn else ()), *replace_options(size)]
    return options


def replace_options(size: int) -> tuple[Replace, ...]:
    """Every replace (one slot) and multi-card exchange (2–4 slots) of a row of ``size``."""
    options = _REPLACES.get(size)
    if options is None:
        options = tuple(
            Replace(slots)
            for k in range(1, min(size, MAX_EXCHANGE) + 1)
            for slots in combinations(range(size), k)
        )
        _REPLACES[size] = options
    return options


def own_peeks(seat: int, size: int) -> tuple[Peek, ...]:
    options = _OWN_PEEKS.get((seat, size))
    if options is None:
        options = _OWN_PEEKS[seat, size] = tuple(Peek(seat, i) for i in range(size))
    return options


def swap_options(seat: int, sizes: tuple[int, ...], locked: int | None) -> tuple[Swap, ...]:
    """One of ``seat``'s cards with one card of another seat (not the ``locked`` caller)."""
    key = (seat, sizes, locked)
    options = _SWAPS.get(key)
    if options is None:
        options = tuple(
            swap((seat, i), (other, j))
            for i in range(sizes[seat])
            for other, size in enumerate(sizes)
            if other != seat and other != locked
            for j in range(size)
        )
        if len(_SWAPS) >= _SWAPS_LIMIT:
            _SWAPS.clear()
        _SWAPS[key] = options
    return options


class CaboState(State[Action]):
    """One game of Cabo: a sequence of rounds played by the same seats."""

    def __init__(self, game: CaboGame, rng: random.Random) -> None:
        super().__init__(game, game.seats)
        self.rules = game
        self.rng = rng
        self.rng_shared = False  # True while a clone may use the same generator
        players = game.seats
        self.public = 1 << players  # the "everyone has seen it" bit
        self.everyone = (1 << (players + 1)) - 1
        # The round.
        self.round = 0
        self.starter = 0
        self.turn = 0
        self.phase = START
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.known: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.holding: int | None = None
        self.from_deck = False
        self.power: str | None = None
        self.caller: int | None = None
        self.final_left = 0  # last turns still owed after a call (CA-12)
        self.reshuffles = 0  # the deck's refills this round (CA-14, deck_out=reshuffle)
        self.setup_left = [0] * players
        self._to_act: tuple[int, ...] = ()
        # The game.
        self.totals = [0] * players
        self.resets_used = [False] * players
        self.history: list[tuple[int, ...]] = []
        self.last_round: dict[str, Any] | None = None
        # Every round's public result, for the results table (CA-15 – CA-16): replaced,
        # never mutated, so clones share it.
        self.round_log: tuple[dict[str, Any], ...] = ()
        # Stacked decks of the rounds still to come, each in pop order (top card last).
        self.stacked: tuple[tuple[int, ...], ...] = ()
        # A search's note on a sample it drew: the seat whose imagination it is (-1: none).
        # Copied by clone, never read by the rules, not part of any view.
        self.searcher = -1

    @classmethod
    def new(
        cls, game: CaboGame, rng: random.Random, stacked: tuple[tuple[int, ...], ...]
    ) -> CaboState:
        state = cls(game, rng)
        state.stacked = stacked
        state.round = 1
        state.starter = rng.randrange(game.seats)  # CA-5: the first starter is random
        state._deal()
        return state

    # -- the contract ----------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def is_over(self) -> bool:
        return self.phase == OVER

    def all_cards(self) -> list[str]:
        cards = [c for row in self.rows for c in row] + self.deck + self.discard
        if self.holding is not None:
            cards.append(self.holding)
        return [CODES[c] for c in cards]

    def clone(self) -> CaboState:
        copy = CaboState.__new__(CaboState)
        copy.__dict__.update(self.__dict__)
        copy._legal = {}
        copy.rows = [row[:] for row in self.rows]
        copy.known = [known[:] for known in self.known]
        copy.deck = self.deck[:]
        copy.discard = self.discard[:]
        copy.setup_left = self.setup_left[:]
        copy.totals = self.totals[:]
        copy.resets_used = self.resets_used[:]
        copy.history = self.history[:]
        # Copying a Mersenne Twister costs more than the rest of the clone, and most clones
        # (a bot's look-ahead) never deal again: share it, and copy it before first use.
        self.rng_shared = copy.rng_shared = True
        return copy  # last_round and stacked are never mutated, only replaced: shared

    def _random(self) -> random.Random:
        """The state's own generator, copied off first if a clone still shares it."""
        if self.rng_shared:
            own = random.Random.__new__(random.Random)
            own.setstate(self.rng.getstate())
            self.rng, self.rng_shared = own, False
        return self.rng

    def legal_actions(self, seat: int) -> list[Action]:
        # The base class's contract without its ``to_act`` property call: this and
        # ``apply`` are the hot path of every bot and benchmark.
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal_actions(seat) if seat in self._to_act else []
            self._legal[seat] = cached
        return cached.copy()  # the cached list may be shared (``_START``): never hand it out

    def apply(self, seat: int, action: Action | Mapping[str, Any]) -> list[Event]:
        """The base contract, with a fast path for an action of the game's own types just
        listed by ``legal_actions`` for ``seat`` (which a seat gets only while it is to
        act); anything else (a wire dict, an equal plain tuple, a bad seat, an illegal
        move) takes the base class's checks and its words."""
        handler = _HANDLERS.get(type(action))
        if handler is not None and type(seat) is int:
            legal = self._legal.get(seat)
            if legal:
                try:
                    # (A call to typing.cast would cost a call here, compiled too.)
                    move = legal[legal.index(action)]  # type: ignore[arg-type]
                except ValueError:
                    pass
                else:
                    self._legal = {}
                    return handler(self, seat, move)
        return super().apply(seat, action)

    # -- legal actions ---------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == START:
            return _START[bool(self.discard), self.caller is not None]
        if phase == DRAWN:
            return holding_options(len(self.rows[seat]), True)
        if phase == TAKEN:
            return holding_options(len(self.rows[seat]), False)
        if phase == POWER:
            return [*self._power_targets(seat), SKIP]
        if phase == SETUP:
            bit = 1 << seat
            return [Peek(seat, i) for i, k in enumerate(self.known[seat]) if not k & bit]
        return []

    def _power_targets(self, seat: int) -> tuple[Peek, ...] | list[Peek] | tuple[Swap, ...]:
        if self.power == PEEK:
            return own_peeks(seat, len(self.rows[seat]))
        if self.power == SPY:
            return [
                Peek(other, j)
                for other, row in enumerate(self.rows)
                if other != seat
                for j in range(len(row))
            ]
        locked = self.caller if self.rules.lock_caller else None  # CA-13
        return swap_options(seat, tuple(len(row) for row in self.rows), locked)

    # -- applying --------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        return _HANDLERS[type(action)](self, seat, action)

    def _skip(self, seat: int, _: Action) -> list[Event]:
        return self._end_turn(seat, [Event("skip", {"seat": seat, "power": self.power})])

    def _draw(self, seat: int, _: Action) -> list[Event]:
        """CA-6: only the drawer sees the card."""
        card = self.holding = self.deck.pop()
        self.from_deck = True
        self.phase = DRAWN
        return [Event("draw", {"seat": seat}, {seat: {"card": CODES[card]}})]

    def _take(self, seat: int, _: Action) -> list[Event]:
        """CA-7: the top discard is face up, so everyone knows where it goes."""
        card = self.holding = self.discard.pop()
        self.from_deck = False
        self.phase = TAKEN
        return [Event("take_discard", {"seat": seat, "card": CODES[card]})]

    def _call(self, seat: int, _: Action) -> list[Event]:
        """CA-8, CA-12: the caller draws nothing; everyone else gets one more turn."""
        self.caller = seat
        self.final_left = self.players - 1
        return self._end_turn(seat, [Event("call", {"seat": seat})])

    def _discard(self, seat: int, _: Action) -> list[Event]:
        """CA-6: a card drawn from the deck and discarded at once offers its power."""
        card = self.holding
        assert card is not None
        self.holding = None
        self.discard.append(card)
        power = POWER_OF[card]
        events = [Event("discard", {"seat": seat, "card": CODES[card], "power": power})]
        if power is None:
            return self._end_turn(seat, events)
        self.power = power
        self.phase = POWER
        return events

    def _replace(self, seat: int, action: Action) -> list[Event]:
        """CA-6/CA-7 (one slot) and CA-9 – CA-11 (a multi-card exchange). Cards leaving
        a row never offer a power."""
        assert type(action) is Replace
        slots = action.slots
        card = self.holding
        assert card is not None
        self.holding = None
        source = "deck" if self.from_deck else "discard"
        # A drawn card is known to its new owner only; a taken discard to everyone.
        mask = (1 << seat) if self.from_deck else self.everyone
        row, known = self.rows[seat], self.known[seat]
        if len(slots) == 1:
            slot = slots[0]
            old = row[slot]
            row[slot], known[slot] = card, mask
            self.discard.append(old)
            data = {"seat": seat, "slot": slot, "discarded": CODES[old], "from": source}
            return self._end_turn(seat, [Event("replace", data)])
        olds = [row[i] for i in slots]
        success = min(olds) == max(olds)
        if success:  # CA-10: they go to the discard pile; the new card takes the first slot
            self.discard.extend(olds)
            slot = slots[0]
            row[slot], known[slot] = card, mask
            for i in reversed(slots[1:]):
                del row[i], known[i]
        else:  # CA-11: everyone has now seen them; the new card is a penalty card
            for i in slots:
                known[i] = self.everyone
            row.append(card)
            known.append(mask)
            slot = len(row) - 1
        data = {
            "seat": seat,
            "slots": list(slots),
            "cards": [CODES[c] for c in olds],
            "success": success,
            "slot": slot,
            "from": source,
        }
        return self._end_turn(seat, [Event("exchange", data)])

    def _peek(self, seat: int, action: Action) -> list[Event]:
        """CA-4 (set-up), CA-2 (7/8 own card, 9/10 another's): only the looker sees it."""
        assert type(action) is Peek
        owner, slot = action.seat, action.slot
        self.known[owner][slot] |= 1 << seat
        card = CODES[self.rows[owner][slot]]
        events = [Event("peek", {"seat": seat, "target": [owner, slot]}, {seat: {"card": card}})]
        if self.phase != SETUP:
            self.power = None
            return self._end_turn(seat, events)
        self.setup_left[seat] -= 1
        waiting = tuple(s for s in range(self.players) if self.setup_left[s])
        if waiting:
            self._to_act = waiting
        else:
            self.phase = START
            self._to_act = (self.turn,)
        return events

    def _swap(self, seat: int, action: Action) -> list[Event]:
        """CA-2 (11/12): both cards stay face down; whoever knew one still knows where it
        went, since the swap is made in front of everyone."""
        assert type(action) is Swap
        (s, i), (t, j) = action.a, action.b
        rows, known = self.rows, self.known
        rows[s][i], rows[t][j] = rows[t][j], rows[s][i]
        known[s][i], known[t][j] = known[t][j], known[s][i]
        return self._end_turn(seat, [Event("swap", {"seat": seat, "a": [s, i], "b": [t, j]})])

    # -- turns, rounds, the game -----------------------------------------------------
    def _end_turn(self, seat: int, events: list[Event]) -> list[Event]:
        self.power = None
        if self.caller is not None and seat != self.caller:
            self.final_left -= 1
        if not self.deck:  # CA-14
            if self.rules.reshuffle and len(self.discard) > 1:
                events.append(self._reshuffle())
            else:
                events.extend(self._end_round("deck_out"))
                return events
        if self.caller is not None and self.final_left == 0:  # CA-12
            events.extend(self._end_round("cabo"))
            return events
        self.turn = (seat + 1) % self.players
        self.phase = START
        self._to_act = (self.turn,)
        return events

    def _reshuffle(self) -> Event:
        """CA-14 with deck_out=reshuffle: the top discard stays, the rest becomes the deck."""
        top = self.discard.pop()
        self.deck, self.discard = self.discard, [top]
        shuffle(self._random(), self.deck)
        self.reshuffles += 1
        return Event("reshuffle", {"deck": len(self.deck)})

    def _deal(self) -> Event:
        """CA-3 – CA-5: a fresh shuffle of all 52 cards, four to each seat in seat order."""
        if self.stacked:
            deck = list(self.stacked[0])
            self.stacked = self.stacked[1:]
        else:  # a plain seeded shuffle of the 52 numbers: the list's end is the top
            deck = list(FULL_VALUES)
            shuffle(self._random(), deck)
        players = self.players
        self.rows = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        self.deck = deck
        self.discard = []
        self.holding = None
        self.power = None
        self.caller = None
        self.final_left = 0
        self.reshuffles = 0
        self.turn = self.starter
        private: dict[int, dict[str, Any]] | None = None
        if self.rules.choose_two:
            self.known = [[0] * HAND_SIZE for _ in range(players)]
            self.setup_left = [2] * players
            self.phase = SETUP
            self._to_act = tuple(range(players))
        else:  # CA-4: everyone looks at their first two slots
            self.known = [[1 << s, 1 << s] + [0] * (HAND_SIZE - 2) for s in range(players)]
            self.setup_left = [0] * players
            self.phase = START
            self._to_act = (self.starter,)
            private = {
                s: {"seen": [[0, CODES[self.rows[s][0]]], [1, CODES[self.rows[s][1]]]]}
                for s in range(players)
            }
        data = {"round": self.round, "starter": self.starter, "deck": len(deck)}
        return Event("deal", data, private)

    def _end_round(self, reason: str) -> list[Event]:
        """CA-15 – CA-17: reveal, score, add up; then the next deal or the end."""
        rules = self.rules
        rows = self.rows
        scores = scoring.round_scores(
            rows, self.caller, caller_penalty=rules.caller_penalty, kamikaze=rules.kamikaze
        )
        totals, used, reset_now = scoring.add_round(
            self.totals, scores, self.resets_used, target=rules.target, reset=rules.reset
        )
        self.totals, self.resets_used = totals, used
        self.history.append(tuple(scores))
        last: dict[str, Any] = {
            "round": self.round,
            "reason": reason,
            "caller": self.caller,
            "rows": [[CODES[c] for c in row] for row in rows],
            "sums": [sum(row) for row in rows],
            "scores": scores,
            "totals": list(totals),
            "kamikaze": scoring.kamikaze_seat(rows) if rules.kamikaze else None,
            "reset": reset_now,
        }
        self.last_round = last
        self.round_log = (*self.round_log, log_entry(last))
        events = [Event("round_end", copy_summary(last))]
        if rules.round_limit:
            over = self.round >= rules.round_limit
        else:
            over = scoring.passed_target(totals, rules.target)
        if over:
            self.phase = OVER
            self._to_act = ()
            self.known = [[self.everyone] * len(row) for row in rows]  # all revealed
            winners = scoring.winners(totals)
            events.append(Event("game_end", {"totals": list(totals), "winners": winners}))
            return events
        self.starter = scoring.round_winner(scores, totals)  # CA-5
        self.round += 1
        events.append(self._deal())
        return events

    def _outcome(self) -> Outcome:
        return Outcome(
            tuple(float(t) for t in self.totals),
            tuple(scoring.winners(self.totals)),
            {
                "rounds": self.round,
                "history": [list(h) for h in self.history],
                "resets_used": list(self.resets_used),
                "last_round": copy_round(self.last_round),
                "round_log": [copy_entry(e) for e in self.round_log],
            },
        )

    # -- views -----------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        view = self._base_view(seat)
        view.update(self._table(self.public if seat is None else 1 << seat))
        return view

    def full_view(self) -> View:
        view = self._base_view(None)
        view.update(self._table(None))
        view["deck_cards"] = [CODES[c] for c in reversed(self.deck)]  # top first
        return view

    def _table(self, bit: int | None) -> dict[str, Any]:
        """The table as seen by whoever holds ``bit`` in the knowledge masks (``None``:
        everything). Only what is listed here is ever shown."""
        players = self.players
        public = self.public
        rows = [
            [
                {
                    "card": CODES[card] if bit is None or mask & bit else None,
                    "seen_by": [s for s in range(players) if mask >> s & 1],
                    "public": bool(mask & public),
                }
                for card, mask in zip(row, known, strict=True)
            ]
            for row, known in zip(self.rows, self.known, strict=True)
        ]
        holding = None
        if self.holding is not None:
            shown = bit is None or not self.from_deck or bit == 1 << self.turn
            holding = {
                "seat": self.turn,
                "from": "deck" if self.from_deck else "discard",
                "card": CODES[self.holding] if shown else None,
            }
        over = self.phase == OVER
        return {
            "round": self.round,
            "phase": self.phase,
            "turn": self.turn,
            "starter": self.starter,
            "deck": len(self.deck),
            "reshuffles": self.reshuffles,
            "discard": [CODES[c] for c in self.discard],
            "rows": rows,
            "holding": holding,
            "power": self.power,
            "caller": self.caller,
            "final_turns": self.final_left,
            "setup_peeks": list(self.setup_left),
            "totals": list(self.totals),
            "resets_used": list(self.resets_used),
            "history": [list(h) for h in self.history],
            "last_round": copy_round(self.last_round),
            "round_log": [copy_entry(e) for e in self.round_log],
            "target": self.rules.target,
            "round_limit": self.rules.round_limit,
            "winners": scoring.winners(self.totals) if over else None,
        }

    @classmethod
    def from_view(
        cls, game: CaboGame, view: Mapping[str, Any], seat: int, rng: random.Random
    ) -> CaboState:
        """A full state that ``seat``'s view cannot tell apart from the real one: every card
        the seat has not seen (in rows, in another player's hand, in the deck) is re-dealt at
        random from the cards it cannot account for. Later rounds use a fresh shuffle."""
        if view.get("seat") != seat or view.get("players") != game.seats:
            raise ValueError(f"That is not a view of seat {seat} at this {game.seats}-seat table")
        state = cls(game, random.Random(rng.getrandbits(64)))
        pool = Counter(FULL_VALUES)

        def account(code: str) -> int:
            value = VALUE_OF[code]
            pool[value] -= 1
            if pool[value] < 0:
                raise ValueError(f"The view shows more {code}s than the deck has")
            return value

        holes: list[tuple[int, int]] = []
        for owner, slots in enumerate(view["rows"]):
            row, known = state.rows[owner], state.known[owner]
            for i, slot in enumerate(slots):
                mask = sum(1 << s for s in slot["seen_by"]) | (state.public * slot["public"])
                known.append(mask)
                if slot["card"] is None:
                    holes.append((owner, i))
                    row.append(-1)
                else:
                    row.append(account(slot["card"]))
        state.discard = [account(code) for code in view["discard"]]
        holding = view["holding"]
        if holding is not None and holding["card"] is not None:
            state.holding = account(holding["card"])
        rest = list(pool.elements())
        shuffle(rng, rest)
        hidden_holding = holding is not None and holding["card"] is None
        if len(rest) != len(holes) + view["deck"] + hidden_holding:
            raise ValueError("The view does not account for the 52 cards of Cabo")
        for owner, i in holes:
            state.rows[owner][i] = rest.pop()
        if hidden_holding:
            state.holding = rest.pop()
        state.deck = rest
        if holding is not None:
            state.from_deck = holding["from"] == "deck"
        state.round = view["round"]
        state.phase = view["phase"]
        state.turn = view["turn"]
        state.starter = view["starter"]
        state.power = view["power"]
        state.caller = view["caller"]
        state.final_left = view["final_turns"]
        state.reshuffles = view["reshuffles"]
        state.setup_left = list(view["setup_peeks"])
        state.totals = list(view["totals"])
        state.resets_used = list(view["resets_used"])
        state.history = [tuple(h) for h in view["history"]]
        state.last_round = copy_round(view["last_round"])
        state.round_log = tuple(copy_entry(e) for e in view["round_log"])
        state._to_act = tuple(view["to_act"])
        return state

    # -- why an action is refused ----------------------------------------------------
    def _why_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, Draw | TakeDiscard | Call):
            return self._why_not_start(seat, action)
        if isinstance(action, Discard):
            if self.phase == TAKEN:
                return (
                    "A card taken from the discard pile cannot be discarded again: "
                    "put it in your row (replace a card or make an exchange)"
                )
            return self._busy("You have no drawn card to discard")
        if isinstance(action, Replace):
            if self.phase not in (DRAWN, TAKEN):
                return self._busy("You have no card in hand to put in your row")
            problem = slots_problem(action.slots, len(self.rows[seat]))
            return problem or "You cannot put the card there now"
        if isinstance(action, Peek):
            return self._why_not_peek(seat, action)
        if isinstance(action, Swap):
            return self._why_not_swap(seat, action)
        if isinstance(action, Skip):
            return self._busy("You have no power to skip")
        return "That is not an action of Cabo"

    def _busy(self, fallback: str) -> str:
        """Why the move does not fit the moment, said by what the moment asks for."""
        if self.phase == SETUP:
            return "First look at two of your own cards (the set-up peek)"
        if self.phase == DRAWN:
            return "You have drawn a card: discard it or put it in your row"
        if self.phase == TAKEN:
            return "You have taken the top discard: put it in your row"
        if self.phase == POWER:
            return f"Use the {self.power} power of the card you discarded, or skip it"
        return fallback

    def _why_not_start(self, seat: int, action: Draw | TakeDiscard | Call) -> str:
        if self.phase != START:
            return self._busy("You can only do that at the start of your turn")
        if isinstance(action, TakeDiscard):
            return "You cannot take from the discard pile: it is empty"
        if isinstance(action, Call):
            if self.caller == seat:
                return "You have already called Cabo this round"
            return f"You cannot call Cabo: seat {self.caller} has already called this round"
        return "You cannot draw now"

    def _where(self, owner: int, slot: int) -> str | None:
        if not 0 <= owner < self.players:
            return f"There is no seat {owner} (seats are 0 to {self.players - 1})"
        size = len(self.rows[owner])
        if not 0 <= slot < size:
            return f"Seat {owner} has no slot {slot}: their slots are 0 to {size - 1}"
        return None

    def _why_not_peek(self, seat: int, action: Peek) -> str:
        owner, slot = action.seat, action.slot
        if self.phase == SETUP:
            if owner != seat:
                return "At the start you look at two of your own cards, not another player's"
            problem = self._where(owner, slot)
            return problem or f"You have already looked at your slot {slot}"
        if self.phase != POWER or self.power == SWAP:
            return self._busy(
                "You cannot look at a card now: only a 7 or 8 (your own card) or a 9 or 10 "
                "(another player's) drawn from the deck and discarded lets you look"
            )
        if self.power == PEEK and owner != seat:
            return "A 7 or 8 lets you look at one of your own cards, not another player's"
        if self.power == SPY and owner == seat:
            return "A 9 or 10 lets you look at another player's card, not one of your own"
        return self._where(owner, slot) or "You cannot look at that card now"

    def _why_not_swap(self, seat: int, action: Swap) -> str:
        if self.phase != POWER or self.power != SWAP:
            return self._busy(
                "You cannot swap now: only an 11 or 12 drawn from the deck and discarded "
                "lets you swap"
            )
        for owner, slot in (action.a, action.b):
            problem = self._where(owner, slot)
            if problem:
                return problem
        owners = (action.a[0], action.b[0])
        if owners.count(seat) != 1:
            return "Swap one of your own cards with one card of another player"
        if self.rules.lock_caller and self.caller in owners:
            return f"Seat {self.caller} has called Cabo: nobody may swap with their cards"
        return "You cannot swap those cards now"


Handler = Callable[[CaboState, int, Action], list[Event]]
# Each action type's rule, found by the action's exact type (the actions are NamedTuples:
# no subclasses of them reach the rules).
_HANDLERS: dict[type, Handler] = {
    Draw: CaboState._draw,
    TakeDiscard: CaboState._take,
    Call: CaboState._call,
    Discard: CaboState._discard,
    Replace: CaboState._replace,
    Peek: CaboState._peek,
    Swap: CaboState._swap,
    Skip: CaboState._skip,
}


def copy_round(summary: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """An independent copy of a round summary, or ``None``."""
    return None if summary is None else copy_summary(summary)


def copy_summary(summary: Mapping[str, Any]) -> dict[str, Any]:
    """An independent copy of a round summary (its lists are the receiver's to keep)."""
    out = dict(summary)
    out["rows"] = [list(row) for row in summary["rows"]]
    for key in ("sums", "scores", "totals", "reset"):
        out[key] = list(summary[key])
    return out


def log_entry(summary: Mapping[str, Any]) -> dict[str, Any]:
    """A round's line of the results table: who called, each seat's card sum, score and
    total, the Kamikaze seat and the seats whose total was reset (the cards stay in
    ``last_round``)."""
    keep = ("round", "reason", "caller", "sums", "scores", "totals", "kamikaze", "reset")
    return copy_entry({key: summary[key] for key in keep})


def copy_entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    """An independent copy of a ``round_log`` entry."""
    out = dict(entry)
    for key in ("sums", "scores", "totals", "reset"):
        out[key] = list(entry[key])
    return out
