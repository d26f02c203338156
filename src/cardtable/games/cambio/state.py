"""One game of Cambio in progress: the rules (CB-5…CB-36) over plain lists.

Layout (kept flat for speed, see ``docs/games/cambio.md``):
- ``hands[s][i]`` the card in seat ``s``'s slot ``i`` or ``None`` once it is empty
  (snapped away, or given away); slots keep their index for the whole round;
- ``known[s][i]`` a bit mask of the seats that have seen that card since it last moved out
  of their sight (CB-19), plus bit ``players`` when it was shown face up to the whole table
  (a failed snap, CB-22: spectators saw it too). Every move of a face-down card is public,
  so the mask moves with the card and is itself public knowledge;
- ``deck`` top card *last* (``pop()``), ``discard`` top card last;
- ``phase`` one of ``setup`` (``initial_peek=choose_two``), ``turn`` (before drawing),
  ``drawn`` (holding the drawn card), ``power`` (resolving ``step`` of ``power``), ``over``;
  a pending ``give`` (after snapping an opponent's card) sits on top of any phase.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from cardtable.core import Event, IllegalAction, Outcome, State, View
from cardtable.core.cards import pretty
from cardtable.core.rng import shuffle
from cardtable.games.cambio.actions import (
    CALL,
    DISCARD,
    DRAW,
    SKIP,
    Action,
    Call,
    Discard,
    Draw,
    Give,
    Peek,
    Position,
    Replace,
    Skip,
    Snap,
    Swap,
    canonical_swap,
)
from cardtable.games.cambio.cards import (
    BLIND_SWAP,
    KING,
    MATCH_KEY,
    PEEK_OPPONENT,
    PEEK_OWN,
    POWER_OF_CARD,
)

if TYPE_CHECKING:
    from cardtable.games.cambio.bots.adapt import RolloutStyle
    from cardtable.games.cambio.game import CambioGame

# What a view shows for a face-down card the seat does not know (an empty slot is null).
HIDDEN = "??"

SETUP, TURN, DRAWN, POWER, OVER = "setup", "turn", "drawn", "power", "over"

# Power steps (CB-15…CB-18). A king is peek then swap; with ``king_any_order`` it starts
# in KING_EITHER, and a swap done first leaves only the peek (KING_LAST_PEEK).
KING_PEEK, KING_SWAP, KING_EITHER, KING_LAST_PEEK = (
    "king_peek",
    "king_swap",
    "king_either",
    "king_peek_last",
)
PEEK_STEPS = frozenset({PEEK_OWN, PEEK_OPPONENT, KING_PEEK, KING_EITHER, KING_LAST_PEEK})
SWAP_STEPS = frozenset({BLIND_SWAP, KING_SWAP, KING_EITHER})
STEPS = (PEEK_OWN, PEEK_OPPONENT, BLIND_SWAP, KING_PEEK, KING_SWAP, KING_EITHER, KING_LAST_PEEK)

# How many swap lists a game keeps (``CambioGame.pair_lists``) before starting afresh.
_PAIR_LISTS_LIMIT = 1024

# Why a round ended (outcome details and the view's ``end``).
BY_CAMBIO, BY_EMPTY_HAND, BY_EMPTY_DECK = "cambio", "empty_hand", "deck_exhausted"


class CambioState(State[Action]):
    """A Cambio round. Build it with ``CambioGame.new_state`` (or ``determinize``)."""

    rules: CambioGame
    hands: list[list[str | None]]
    known: list[list[int]]
    deck: list[str]
    discard: list[str]
    drawn: str | None
    phase: str
    current: int
    step: str | None
    power: str | None
    caller: int | None
    snap_open: bool
    giver: int | None
    give_to: Position | None
    setup_left: list[int]
    end: str | None
    rng: random.Random
    rng_shared: bool

    def __init__(self, game: CambioGame, rng: random.Random) -> None:
        super().__init__(game, game.n)
        self.rules = game
        self.rng = rng
        self.rng_shared = False  # True while a clone may use the same generator
        self.hands = []
        self.known = []
        self.deck = []
        self.discard = []
        self.drawn = None
        self.phase = TURN
        self.current = 0
        self.step = None
        self.power = None
        self.caller = None
        self.snap_open = False
        self.giver = None
        self.give_to = None
        self.setup_left = [0] * game.n
        self.end = None
        # A search's note on a sample it drew (its bots keep the deck's size at the root
        # there): copied by clone, never read by the rules, not part of any view.
        self.search_mark: int | None = None
        # The same for hard's adaptive search: the style each seat plays in the sample's
        # rollouts (None: medium everywhere).
        self.search_styles: tuple[RolloutStyle, ...] | None = None
        self._to_act: tuple[int, ...] = ()
        self._snaps_of: list[list[Action] | None] = [None] * game.n
        self._snaps_all: list[Action] | None = None
        self._blind_swaps: list[Action] | None = None

    # -- the public contract -------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> list[Action]:
        # The base class's contract, without the ``to_act`` property call: this and
        # ``apply`` are the hot path of every bot and benchmark.
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal_actions(seat) if seat in self._to_act else []
            self._legal[seat] = cached
        return cached.copy()

    def apply(self, seat: int, action: Action | Mapping[str, Any]) -> list[Event]:
        """The base contract (seat and turn checked, illegal or malformed -> IllegalAction,
        nothing changed) with a fast path for an action just listed by ``legal_actions``,
        swaps accepted in either order, and a snap that came too late told why. What is
        applied is always the listed action object, so a value that merely equals it
        (``Peek(1.0, 0)``) behaves exactly like it."""
        handler = _HANDLERS.get(type(action))
        if handler is not None and type(seat) is int:
            legal = self._legal.get(seat)  # listed for a seat only while it is to act
            if legal:
                try:
                    # (No typing.cast here: compiled, it is still a call.)
                    move = legal[legal.index(action)]  # type: ignore[arg-type]
                except ValueError:
                    pass
                else:
                    self._legal = {}
                    events: list[Event] = []
                    handler(self, seat, move, events)
                    self._update_to_act()
                    return events
        return self._apply_checked(seat, action)

    def _apply_checked(self, seat: int, action: Action | Mapping[str, Any]) -> list[Event]:
        """``apply`` for anything but a listed action of a seat to act: a wire dict, a
        move not listed now, a bad seat."""
        if type(action) in _HANDLERS:
            move = cast(Action, action)
        else:
            # A wire dict. Anything else (a bare tuple equals a NamedTuple action!) is
            # refused there as malformed.
            move = self.rules.action_from_json(action)
        if type(seat) is int:
            legal = self._legal.get(seat)
            if legal:
                try:
                    move = legal[legal.index(move)]
                except ValueError:
                    pass
                else:
                    self._legal = {}
                    return self._apply(seat, move)
            late = 0 <= seat < self.players and seat not in self._to_act
            if type(move) is Snap and late and self.phase != OVER:
                raise IllegalAction(self._why_not_snap(seat, move))
        self._check_seat(seat)
        if type(move) is Swap:
            move = canonical_swap(move)
        legal = self._legal_for(seat)
        if move not in legal:
            raise IllegalAction(self._why_illegal(seat, move))
        self._legal = {}
        return self._apply(seat, legal[legal.index(move)])

    def clone(self) -> CambioState:
        other = CambioState.__new__(CambioState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.known = [list(k) for k in self.known]
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.setup_left = list(self.setup_left)
        # Copying a Mersenne Twister costs more than the rest of the clone, and most clones
        # (a search's look-ahead) never reshuffle: share it, copied off before first use
        # (``_random``), as Cabo's clone does.
        self.rng_shared = other.rng_shared = True
        other._legal = {}
        other._snaps_of = list(self._snaps_of)
        return other

    def _random(self) -> random.Random:
        """The state's own generator, copied off first if a clone still shares it."""
        if self.rng_shared:
            # Seeded only to be overwritten: Random() would first read the OS's entropy.
            own = random.Random(0)
            own.setstate(self.rng.getstate())
            self.rng, self.rng_shared = own, False
        return self.rng

    def all_cards(self) -> list[str]:
        cards = [c for hand in self.hands for c in hand if c is not None]
        cards += self.deck
        cards += self.discard
        if self.drawn is not None:
            cards.append(self.drawn)
        return cards

    def scores(self) -> list[int]:
        """Each seat's card total now (CB-32), under the table's scoring options."""
        score = self.rules.score
        return [score(hand) for hand in self.hands]

    def _outcome(self) -> Outcome:
        scores = self.scores()
        best = min(scores)
        return Outcome(
            scores=tuple(float(s) for s in scores),
            winners=tuple(s for s, v in enumerate(scores) if v == best),
            details={
                "reason": self.end,
                "caller": self.caller,
                "hands": [[c for c in hand if c is not None] for hand in self.hands],
            },
        )

    # -- legal actions ---------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        rules = self.rules
        if self.giver is not None:
            return rules.gives(self.hands[seat])
        phase = self.phase
        if phase == SETUP:
            return [
                rules.peek_table[seat][i]
                for i, card in enumerate(self.hands[seat])
                if card is not None and not self.known[seat][i] >> seat & 1
            ]
        if seat != self.current:
            return self._snaps(seat)
        if phase == TURN:
            out: list[Action] = [DRAW] if self.caller is not None else [DRAW, CALL]
            if rules.snap_own_turn:  # CB-20 (``_snaps`` for the seat whose turn it is)
                return out + self._hand_snaps(seat)
            return out + self._snaps(seat)
        if phase == DRAWN:
            out = [DISCARD]
            return out + rules.replaces(self.hands[seat])
        out = [SKIP]
        return out + self._step_actions(seat) + self._snaps(seat)

    def _snaps(self, seat: int) -> list[Action]:
        """CB-20 (own cards, own turn, before drawing) or CB-23 (any card while the window
        is open; not the locked caller's, CB-30 with ``lock_caller``); nothing with
        ``snap=off``. The lists are cached until a hand changes shape (``_reshaped``)."""
        rules = self.rules
        if rules.snap_anytime:
            if not self.snap_open:
                return []
            locked = self.caller if rules.lock_caller else None
            every = self._snaps_all if locked is None or locked == seat else None
            if every is None:
                every = []
                for s in range(self.players):
                    if s != locked or s == seat:
                        every += self._hand_snaps(s)  # list += runs in C
                if locked is None or locked == seat:
                    self._snaps_all = every
            return every
        if rules.snap_own_turn and self.phase == TURN and seat == self.current:
            return self._hand_snaps(seat)
        return []

    def _hand_snaps(self, seat: int) -> list[Action]:
        """Snaps of every card ``seat`` holds (cached: random play snaps a lot)."""
        got = self._snaps_of[seat]
        if got is None:
            row = self.rules.snap_table[seat]
            got = [row[i] for i, card in enumerate(self.hands[seat]) if card is not None]
            self._snaps_of[seat] = got
        return got

    def _reshaped(self, seat: int) -> None:
        """A slot of ``seat`` was emptied or added: drop the cached lists."""
        self._snaps_of[seat] = None
        self._snaps_all = None
        self._blind_swaps = None

    def _step_actions(self, seat: int) -> list[Action]:
        step = self.step
        out: list[Action] = []
        if step in PEEK_STEPS:
            out += self._peek_targets(seat, step)
        if step in SWAP_STEPS:
            out += self._swap_targets(seat, step)
        return out

    def _peek_targets(self, seat: int, step: str | None) -> list[Action]:
        table = self.rules.peek_table
        if step == PEEK_OWN:
            row = table[seat]
            return [row[i] for i, card in enumerate(self.hands[seat]) if card is not None]
        return [
            table[s][i]
            for s, hand in enumerate(self.hands)
            if s != seat or step != PEEK_OPPONENT
            for i, card in enumerate(hand)
            if card is not None
        ]

    def _swap_targets(self, seat: int, step: str | None) -> list[Action]:
        """CB-17: any two different cards; CB-18: one of yours and any other card. With
        ``lock_caller`` the caller's cards are out of reach after the call. Pairs come in
        order, the lower position first."""
        if step == BLIND_SWAP:
            blind = self._blind_swaps
            if blind is None:
                blind = self._blind_swaps = self._pairs(self._swappable(), None)
            return blind
        return self._pairs(self._swappable(), seat)

    def _pairs(self, positions: list[Position], seat: int | None) -> list[Action]:
        """Swaps of every two ``positions``, or (``seat`` given) of those that involve one
        of that seat's cards (shared lists: never mutate one)."""
        lists = self.rules.pair_lists
        key = (tuple(positions), seat)
        got = lists.get(key)
        if got is None:
            if len(lists) >= _PAIR_LISTS_LIMIT:
                lists.clear()
            got = lists[key] = self._pairs_of(positions, seat)
        return got

    def _pairs_of(self, positions: list[Position], seat: int | None) -> list[Action]:
        """``_pairs`` built from the game's ``swap_grid``, without walking every pair for
        a seat's swaps. Flat indices keep the order of positions."""
        rules = self.rules
        width, grid = rules.swap_grid
        flats = [s * width + i for s, i in positions]
        out: list[Action] = []
        if seat is None:
            for x, a in enumerate(flats):
                row = grid[a] or rules.swap_row(width, grid, a)
                out += [row[b] for b in flats[x + 1 :]]
            return out
        low, high = seat * width, (seat + 1) * width
        mine = [b for b in flats if low <= b < high]
        for x, a in enumerate(flats):
            row = grid[a] or rules.swap_row(width, grid, a)
            if low <= a < high:
                out += [row[b] for b in flats[x + 1 :]]
            else:
                out += [row[b] for b in mine if b > a]
        return out

    def _swappable(self) -> list[Position]:
        locked = self._locked_seat()
        pos = self.rules.positions
        return [
            pos[s][i]
            for s, hand in enumerate(self.hands)
            if s != locked
            for i, card in enumerate(hand)
            if card is not None
        ]

    def _locked_seat(self) -> int | None:
        return self.caller if self.rules.lock_caller else None

    def _has_targets(self, step: str) -> bool:
        """A step with no possible target is skipped by itself (spec, Powers)."""
        if step in (PEEK_OWN, KING_PEEK, KING_EITHER, KING_LAST_PEEK):
            return True  # the player holds a card, or the round would be over
        if step == PEEK_OPPONENT:
            me = self.current
            return any(c is not None for s, h in enumerate(self.hands) if s != me for c in h)
        positions = self._swappable()
        if step == BLIND_SWAP:
            return len(positions) >= 2
        return len(positions) >= 2 and any(p[0] == self.current for p in positions)

    # -- why not -----------------------------------------------------------------------
    def _why_illegal(self, seat: int, action: Action) -> str:
        """A reason a player understands; ``seat`` is one of ``to_act``."""
        t = type(action)
        if t not in _HANDLERS:
            return f"{action!r} is not a Cambio move"
        if self.giver is not None or t is Give:
            return self._why_not_give(seat, action)
        if self.phase == SETUP:
            return self._why_not_setup(seat, action)
        if t is Snap:
            assert isinstance(action, Snap)
            return self._why_not_snap(seat, action)
        if seat != self.current:
            return f"It is seat {self.current}'s turn: you may only snap now"
        if t is Peek or t is Swap or t is Skip:
            return self._why_not_power(seat, action)
        if self.phase == POWER:
            return f"First use or skip the power of the {pretty(self.power or '')}"
        if t is Call and self.caller is not None:
            return f"Cambio has already been called by seat {self.caller}"
        if self.phase == DRAWN:
            if t is Replace:
                assert isinstance(action, Replace)
                problem = self._slot_problem(seat, seat, action.slot)
                if problem:
                    return problem
            if t is Call:
                return "You can call Cambio only before drawing"
            return "You have already drawn: keep the card in one of your slots or discard it"
        if t is Replace or t is Discard:
            return "You have no drawn card: draw first"
        return "That move is not allowed now"

    def _slot_problem(self, me: int, seat: object, slot: object) -> str | None:
        """What is wrong with pointing at ``seat``'s ``slot``, if anything."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            return f"Seats are whole numbers, not {seat!r}"
        if not 0 <= seat < self.players:
            return f"There is no seat {seat} at this table (seats are 0 to {self.players - 1})"
        if isinstance(slot, bool) or not isinstance(slot, int):
            return f"Slots are whole numbers, not {slot!r}"
        hand = self.hands[seat]
        if not 0 <= slot < len(hand):
            owner = "You have" if seat == me else f"Seat {seat} has"
            return f"{owner} no slot {slot + 1} (slots are 1 to {len(hand)})"
        if hand[slot] is None:
            whose = "Your" if seat == me else f"Seat {seat}'s"
            return f"{whose} slot {slot + 1} is empty"
        return None

    def _why_not_give(self, seat: int, action: Action) -> str:
        if self.giver is None or self.give_to is None:
            return "You give a card only after snapping an opponent's card"
        s, i = self.give_to
        if type(action) is Give:
            assert isinstance(action, Give)
            problem = self._slot_problem(seat, seat, action.slot)
            if problem:
                return problem
        return f"First give one of your cards into seat {s}'s empty slot {i + 1}"

    def _why_not_setup(self, seat: int, action: Action) -> str:
        if type(action) is not Peek:
            return "First look at two of your own cards (set-up)"
        assert isinstance(action, Peek)
        if action.seat != seat:
            return "At set-up you may look only at your own cards"
        problem = self._slot_problem(seat, seat, action.slot)
        if problem:
            return problem
        return f"You have already looked at your slot {action.slot + 1}"

    def _why_not_snap(self, seat: int, action: Snap) -> str:
        rules = self.rules
        if not (rules.snap_anytime or rules.snap_own_turn):
            return "Snapping is off at this table"
        if self.phase == SETUP:
            return "Snapping starts once everyone has looked at their cards"
        problem = self._slot_problem(seat, action.seat, action.slot)
        if problem:
            return problem
        if rules.snap_own_turn:
            if seat != self.current:
                return "You can only snap on your own turn"
            if self.phase != TURN:
                return "You can only snap before drawing"
            return "At this table you may snap only your own cards"
        if self.phase == DRAWN:
            return "You cannot snap now: a card has been drawn since the last discard"
        if not self.snap_open:
            return "The top discard was itself snapped: wait for the next discard"
        if action.seat == self._locked_seat():
            return f"Seat {action.seat} called Cambio: their cards are locked"
        return "You cannot snap that card now"

    def _why_not_power(self, seat: int, action: Action) -> str:
        step = self.step
        if self.phase != POWER or step is None:
            if type(action) is Skip:
                return "There is no power step to skip now"
            return "You may peek or swap only with the power of a discarded 7 to K"
        power = pretty(self.power or "")
        if type(action) is Peek:
            assert isinstance(action, Peek)
            if step not in PEEK_STEPS:
                return f"The {power} now asks for a swap, not a peek"
            problem = self._slot_problem(seat, action.seat, action.slot)
            if problem:
                return problem
            if step == PEEK_OWN:
                return f"The {power} lets you peek only at your own cards"
            return f"The {power} lets you peek only at an opponent's card"
        if type(action) is Swap:
            assert isinstance(action, Swap)
            if step not in SWAP_STEPS:
                return f"The {power} now asks for a peek (or skip it), not a swap"
            for s, i in (action.a, action.b):
                problem = self._slot_problem(seat, s, i)
                if problem:
                    return problem
            if action.a == action.b:
                return "A swap needs two different cards"
            locked = self._locked_seat()
            if locked is not None and locked in (action.a[0], action.b[0]):
                return f"Seat {locked} called Cambio: their cards cannot be swapped"
            if step != BLIND_SWAP and seat not in (action.a[0], action.b[0]):
                return f"With the {power}, one of the two cards must be yours"
        return "That move is not allowed now"

    # -- applying actions ------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        handler = _HANDLERS[type(action)]
        handler(self, seat, action, events)
        self._update_to_act()
        return events

    def _draw(self, seat: int, _: Action, events: list[Event]) -> None:
        """CB-11: the drawer alone sees the card; the snap window closes (CB-23)."""
        card = self._pop_deck(events)
        if card is None:
            return
        self.drawn = card
        self.phase = DRAWN
        self.snap_open = False
        events.append(Event("draw", {"seat": seat}, {seat: {"card": card}}))

    def _discard(self, seat: int, _: Action, events: list[Event]) -> None:
        """CB-12: the drawn card goes face up onto the pile; CB-13: its power fires."""
        card = self.drawn
        assert card is not None
        self.drawn = None
        self.discard.append(card)
        self.snap_open = True
        events.append(Event("discard", {"seat": seat, "card": card}))
        self._trigger(card, events)

    def _replace(self, seat: int, action: Action, events: list[Event]) -> None:
        """CB-12: the drawn card goes face down into the slot (its drawer knows it), the
        old card face up onto the pile; CB-13: the old card's power fires."""
        assert type(action) is Replace
        slot = action.slot
        hand = self.hands[seat]
        old = hand[slot]
        assert old is not None and self.drawn is not None
        hand[slot] = self.drawn
        self.known[seat][slot] = 1 << seat
        self.drawn = None
        self.discard.append(old)
        self.snap_open = True
        events.append(Event("replace", {"seat": seat, "slot": slot, "card": old}))
        self._trigger(old, events)

    def _trigger(self, card: str, events: list[Event]) -> None:
        """CB-13/CB-14: a power card discarded by CB-12 starts its power; anything else
        ends the turn."""
        power = POWER_OF_CARD.get(card)
        if power is None:
            self._end_turn(events)
            return
        if power == KING:
            power = KING_EITHER if self.rules.king_any_order else KING_PEEK
        self.phase = POWER
        self.power = card
        events.append(Event("power", {"seat": self.current, "card": card, "step": power}))
        self._enter_step(power, events)

    def _enter_step(self, step: str | None, events: list[Event]) -> None:
        while step is not None and not self._has_targets(step):
            step = _AFTER_SKIP[step]
        if step is None:
            self._end_turn(events)
        else:
            self.step = step

    def _peek(self, seat: int, action: Action, events: list[Event]) -> None:
        """CB-15/16/18 (and the set-up peek of ``initial_peek=choose_two``, CB-8): the seat
        sees the card; everyone sees which slot (CB-19)."""
        assert type(action) is Peek
        s, i = action.seat, action.slot
        card = self.hands[s][i]
        self.known[s][i] |= 1 << seat
        events.append(Event("peek", {"seat": seat, "target": [s, i]}, {seat: {"card": card}}))
        if self.phase == SETUP:
            self._setup_peeked(seat)
        else:
            assert self.step is not None
            self._enter_step(_AFTER_PEEK[self.step], events)

    def _setup_peeked(self, seat: int) -> None:
        self.setup_left[seat] -= 1
        if not any(self.setup_left):
            self.phase = TURN

    def _swap(self, seat: int, action: Action, events: list[Event]) -> None:
        """CB-17/18: two cards change places unseen; knowledge follows them (CB-19)."""
        assert type(action) is Swap and self.step is not None
        (s, i), (t, j) = action.a, action.b
        hands, known = self.hands, self.known
        hands[s][i], hands[t][j] = hands[t][j], hands[s][i]
        known[s][i], known[t][j] = known[t][j], known[s][i]
        events.append(Event("swap", {"seat": seat, "a": [s, i], "b": [t, j]}))
        self._enter_step(_AFTER_SWAP[self.step], events)

    def _skip(self, seat: int, _: Action, events: list[Event]) -> None:
        assert self.step is not None
        events.append(Event("skip", {"seat": seat, "step": self.step}))
        self._enter_step(_AFTER_SKIP[self.step], events)

    def _call(self, seat: int, _: Action, events: list[Event]) -> None:
        """CB-30: calling ends the caller's turn at once; CB-31: the others play one more
        turn each."""
        self.caller = seat
        self._blind_swaps = None  # with lock_caller the caller's cards leave the pairs
        events.append(Event("call", {"seat": seat}))
        self._end_turn(events)

    def _snap(self, seat: int, action: Action, events: list[Event]) -> None:
        """CB-20…CB-23."""
        assert type(action) is Snap
        s, i = action.seat, action.slot
        card = self.hands[s][i]
        assert card is not None
        top = self.discard[-1]
        if MATCH_KEY[card] != MATCH_KEY[top]:
            self._snap_failed(seat, s, i, card, events)
            return
        # CB-21: the card joins the pile, the slot stays empty, no replacement.
        self.hands[s][i] = None
        self.known[s][i] = 0
        self._reshaped(s)
        self.discard.append(card)
        if self.rules.snap_anytime:
            self.snap_open = False  # CB-23: the first correct snap wins the discard
        events.append(
            Event("snap", {"seat": seat, "target": [s, i], "card": card, "success": True})
        )
        if s != seat:
            self.giver, self.give_to = seat, (s, i)  # CB-23: the snapper now gives a card
            return
        self._after_hand_change(seat, events)

    def _snap_failed(self, seat: int, s: int, i: int, card: str, events: list[Event]) -> None:
        """CB-22: the card was shown to all and goes back; the snapper takes a penalty card
        from the deck into a new slot, unseen by anyone. (The commonest move of random
        play, hence the inlined deck pop.)"""
        rules = self.rules
        self.known[s][i] = rules.shown
        events.append(
            Event("snap", {"seat": seat, "target": [s, i], "card": card, "success": False})
        )
        penalty = self.deck.pop() if self.deck else self._pop_deck(events)
        if penalty is None:
            return
        hand = self.hands[seat]
        hand.append(penalty)
        self.known[seat].append(0)
        slot = len(hand) - 1
        if slot >= rules.width:
            rules.widen(slot + 1)
        # The new slot extends this seat's cached snaps (a new list: old ones are shared
        # with clones and the legal-action cache).
        snaps = self._snaps_of[seat]
        if snaps is not None:
            self._snaps_of[seat] = [*snaps, rules.snap_table[seat][slot]]
        self._snaps_all = self._blind_swaps = None
        events.append(Event("penalty", {"seat": seat, "slot": slot}))

    def _give(self, seat: int, action: Action, events: list[Event]) -> None:
        """CB-23: after snapping an opponent's card, one of the snapper's cards goes face
        down into the emptied slot; its knowledge goes with it."""
        assert type(action) is Give and self.give_to is not None
        s, i = self.give_to
        slot = action.slot
        self.hands[s][i] = self.hands[seat][slot]
        self.known[s][i] = self.known[seat][slot]
        self.hands[seat][slot] = None
        self.known[seat][slot] = 0
        self._reshaped(seat)
        self._reshaped(s)
        self.giver = self.give_to = None
        events.append(Event("give", {"seat": seat, "slot": slot, "to": [s, i]}))
        self._after_hand_change(seat, events)

    def _after_hand_change(self, seat: int, events: list[Event]) -> None:
        """CB-34: a player without cards ends the round at once. A snap during a power
        (``snap=anytime``) may also leave the current step without a target."""
        if all(card is None for card in self.hands[seat]):
            self._finish(BY_EMPTY_HAND, events)
        elif self.phase == POWER:
            self._enter_step(self.step, events)

    def _end_turn(self, events: list[Event]) -> None:
        """The next seat in order plays; after a call, the round ends when the turn would
        come back to the caller (CB-31)."""
        self.phase = TURN
        self.step = self.power = None
        nxt = self.current + 1
        if nxt == self.players:
            nxt = 0
        if nxt == self.caller:
            self._finish(BY_CAMBIO, events)
        else:
            self.current = nxt

    def _pop_deck(self, events: list[Event]) -> str | None:
        """The top deck card; CB-35: an empty deck is rebuilt from the discard pile below
        its top card, shuffled; CB-34: if that is empty too, the round ends (``None``)."""
        if not self.deck:
            if len(self.discard) < 2:
                self._finish(BY_EMPTY_DECK, events)
                return None
            self.deck = self.discard[:-1]
            del self.discard[:-1]
            shuffle(self._random(), self.deck)
            events.append(Event("reshuffle", {"deck": len(self.deck)}))
        return self.deck.pop()

    def _finish(self, reason: str, events: list[Event]) -> None:
        """CB-31/CB-32/CB-34: every card is revealed and scored."""
        self.phase = OVER
        self.end = reason
        self.step = self.power = None
        self.giver = self.give_to = None
        self.snap_open = False
        # What ``outcome()`` will say, without building the Outcome now: a frozen
        # dataclass's generated __init__ is interpreted even in the compiled build.
        scores = self.scores()
        best = min(scores)
        events.append(
            Event(
                "end",
                {
                    "reason": reason,
                    "hands": [list(h) for h in self.hands],
                    "scores": scores,
                    "winners": [s for s, v in enumerate(scores) if v == best],
                },
            )
        )

    def _update_to_act(self) -> None:
        if self.phase == OVER:
            self._to_act = ()
        elif self.giver is not None:
            self._to_act = (self.giver,)
        elif self.phase == SETUP:
            self._to_act = tuple(s for s, left in enumerate(self.setup_left) if left)
        elif self.snap_open and self.rules.snap_anytime and self.phase != DRAWN:
            self._to_act = self.rules.rotations[self.current]
        else:
            self._to_act = (self.current,)

    # -- views -------------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        """Exactly what ``seat`` knows (spectator: ``None``), built by allow-list."""
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players
        ):
            raise IllegalAction(
                f"There is no seat {seat!r} at this table (seats are 0 to {self.players - 1})"
            )
        over = self.phase == OVER
        mine = self.rules.table_bit if seat is None else 1 << seat
        hands: list[list[str | None]] = []
        for hand, known in zip(self.hands, self.known, strict=True):
            hands.append(
                [
                    None if c is None else c if over or known[i] & mine else HIDDEN
                    for i, c in enumerate(hand)
                ]
            )
        drawn = self.drawn
        if drawn is not None and seat != self.current and not over:
            drawn = HIDDEN
        view = self._base_view(seat)
        view.update(self._public(), hands=hands, drawn=drawn)
        return view

    def _public(self) -> dict[str, Any]:
        """The part of a view that every seat and spectator sees alike."""
        bits = self.rules.seats_of
        return {
            "memory_aid": self.rules.memory_aid,
            "phase": self.phase,
            "turn": self.current,
            "step": self.step,
            "power": self.power,
            "known_by": [[bits(m) for m in known] for known in self.known],
            "deck": len(self.deck),
            "discard": list(self.discard),
            "snappable": self._snappable(),
            "caller": self.caller,
            "give": None
            if self.giver is None or self.give_to is None
            else {"seat": self.giver, "to": list(self.give_to)},
            "setup_peeks": list(self.setup_left),
            "end": self.end,
            "scores": self.scores() if self.phase == OVER else None,
        }

    def _snappable(self) -> bool:
        """Whether the top discard may be snapped now by someone."""
        if self.phase == OVER or self.phase == SETUP:
            return False
        if self.rules.snap_anytime:
            return self.snap_open
        return self.rules.snap_own_turn and self.phase == TURN

    def full_view(self) -> View:
        view = self._base_view(None)
        view.update(
            self._public(),
            hands=[list(h) for h in self.hands],
            drawn=self.drawn,
            deck_cards=self.deck[::-1],
        )
        return view


Handler = Callable[[CambioState, int, Action, list[Event]], None]
_HANDLERS: dict[type, Handler] = {
    Draw: CambioState._draw,
    Discard: CambioState._discard,
    Replace: CambioState._replace,
    Peek: CambioState._peek,
    Swap: CambioState._swap,
    Skip: CambioState._skip,
    Snap: CambioState._snap,
    Give: CambioState._give,
    Call: CambioState._call,
}

# Where each power step leads (None: the power is done, the turn ends).
_AFTER_PEEK: dict[str, str | None] = {
    PEEK_OWN: None,
    PEEK_OPPONENT: None,
    KING_PEEK: KING_SWAP,
    KING_EITHER: KING_SWAP,
    KING_LAST_PEEK: None,
}
_AFTER_SWAP: dict[str, str | None] = {
    BLIND_SWAP: None,
    KING_SWAP: None,
    KING_EITHER: KING_LAST_PEEK,
}
# Skipping the either-order king's first step skips its peek: the swap remains.
_AFTER_SKIP: dict[str, str | None] = {
    **_AFTER_PEEK,
    BLIND_SWAP: None,
    KING_SWAP: None,
}
