"""One game of Caravan in progress.

Layout: seat ``s``'s caravan ``c`` is ``caravans[3 * s + c]``, a list of stacks; a stack is
``[number card, *attached]`` where each attached face card or joker is tagged with the seat
that played it (``"Kd1"``), because every card goes home to its owner's discard pile when
it leaves the table. Number cards are always the caravan owner's. Decks keep their top
card last, so a draw is ``pop()``. Value, direction and suit are read from the cards
(CV-13): whenever a caravan's cards change, ``rules`` reads them again, except for the
commonest change, a number card put on the end, whose arithmetic is done in place
(``_pushed``: the new value is the old plus the card, the end is the card against the
last one)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.core import Event, IllegalAction, Outcome, State, View
from cardtable.core.cards import pretty
from cardtable.core.rng import shuffle

from . import rules
from .actions import (
    ATTACHES,
    CARAVANS,
    DISBANDS,
    DISCARDS,
    INTERNED_DEPTH,
    PLAYS,
    Action,
    Attach,
    Disband,
    Discard,
    Play,
    Resign,
    attach,
)
from .rules import (
    DOWN,
    FOLLOWERS,
    NONE,
    NUMBER_VALUES,
    SELL_HIGH,
    SELL_LOW,
    UP,
    is_joker,
    is_number,
)

if TYPE_CHECKING:
    from .bots.adapt import RolloutStyle
    from .game import CaravanGame

MOVES = (Play, Attach, Discard, Disband)
OPENING_CARDS = 3
HAND = 8
NOT_ALLOWED = "That move is not allowed now"
TURNS = ((0,), (1,))  # to_act on each seat's turn, shared rather than built every move
# Per caravan (0–2) and end: each number card that may follow, to its Play on it.
PLAYABLE = tuple(
    {end: {card: PLAYS[card][c] for card in cards} for end, cards in FOLLOWERS.items()}
    for c in range(CARAVANS)
)
_new_tuple = tuple.__new__
FACES = frozenset(card for card in DISCARDS if card not in PLAYS)


class CaravanState(State[Action]):
    def __init__(self, game: CaravanGame, rng: random.Random) -> None:
        super().__init__(game, 2)
        self.rules = game
        self.rng = rng
        self.hands: list[list[str]] = [[], []]
        self.decks: list[list[str]] = [[], []]  # top card last
        self.discards: list[list[str]] = [[], []]  # top card last
        self.caravans: list[list[list[str]]] = [[] for _ in range(2 * CARAVANS)]
        # What is read from each caravan's cards — its value, its end (last rank, direction,
        # suit) and the cards with room for a face card — recomputed by `_changed` from the
        # cards alone whenever they change: every decision reads them, few change them.
        self.values = [0] * (2 * CARAVANS)
        self.ends: list[tuple[int, int, str | None]] = [(0, NONE, None)] * (2 * CARAVANS)
        self.rooms: list[list[int]] = [[] for _ in range(2 * CARAVANS)]
        self.to_place = [OPENING_CARDS, OPENING_CARDS]  # opening cards still to place (CV-3)
        self.turn = 0
        self._to_act: tuple[int, ...] = (0,)
        self.winner: int | None = None
        self.reason: str | None = None
        self.scores: tuple[int, int] = (0, 0)
        self.reshuffles_left = [game.reshuffles, game.reshuffles]
        # steady_course only: the direction to read for an equal pair a removal left at the
        # end of a caravan (the one memory the variant needs; NONE everywhere else).
        self.steady = [NONE] * (2 * CARAVANS)
        self.redeals: list[list[list[str]]] = [[], []]  # redeal: the hands shown
        # short_deck only, since a 30-card deck's make-up is secret: the cards everyone
        # knows are in a player's hand or deck (shown by a redeal or reshuffled), and the
        # cards a player knows are in their own deck.
        self.known_hidden: list[Counter[str]] = [Counter(), Counter()]
        self.known_deck: list[Counter[str]] = [Counter(), Counter()]
        # short_deck only: the cards of each full deck left out of the 30, in the box.
        self.aside: list[list[str]] = [[], []]
        # hard's adaptive search's note on a sample it drew: the style each seat plays in
        # the sample's rollouts (None: medium everywhere). Copied by clone, never read by
        # the rules, not part of any view.
        self.search_styles: tuple[RolloutStyle, ...] | None = None

    # -- the contract ------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, seat: int, action: Action | Mapping[str, Any]) -> list[Event]:
        """As ``State.apply``, except that resigning (CV-21) is open to either seat at any
        time before the end, on its turn or not: a server ends a game on time this way."""
        if type(action) in MOVES:  # the hot path: a listed move, no wire form to read
            if type(seat) is int and seat in self._to_act:
                # State.apply's seat checks hold (a seat to act is a seat, the game is not
                # over): only the legality check is left, done as it does it.
                legal = self._legal.get(seat)
                if legal is None:
                    legal = self._legal[seat] = self._legal_actions(seat)
                try:
                    action = _listed(legal, action)  # type: ignore[arg-type]  # a move
                except ValueError:
                    raise IllegalAction(self._explain(seat, action)) from None
                self._legal = {}
                return _act(self, seat, action)
            return super().apply(seat, action)
        if isinstance(action, Mapping):
            action = self.rules.action_from_json(action)
        if type(action) is not Resign:
            return super().apply(seat, action)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 2:
            raise IllegalAction(f"There is no seat {seat!r} at this table (seats are 0 to 1)")
        if self.is_over():
            raise IllegalAction("The game is over: no more moves")
        self._legal = {}
        events = [Event("resign", {"seat": seat})]
        _end(self, 1 - seat, "resigned", events)
        return events

    def _outcome(self) -> Outcome:
        return Outcome(
            scores=tuple(float(s) for s in self.scores),
            winners=(self.winner,) if self.winner is not None else (),
            details={
                "reason": self.reason,
                "values": [[self.value(3 * s + c) for c in range(CARAVANS)] for s in (0, 1)],
                "sellers": self.sellers(),
                # why each pair sells or not (CV-18): rules.pair_reason's words
                "why": [rules.pair_reason(self.value(c), self.value(3 + c)) for c in range(3)],
            },
        )

    # -- derived facts -----------------------------------------------------------------
    def value(self, x: int) -> int:
        return self.values[x]

    def _changed(self, x: int) -> None:
        """Caravan ``x``'s cards (or its steady_course memory) changed: re-read them."""
        _changed(self, x)

    def direction(self, x: int) -> int:
        return self.ends[x][1]

    def suit(self, x: int) -> str | None:
        return self.ends[x][2]

    def sellers(self) -> list[int | None]:
        """Who sells each facing pair now (CV-18): seat 0, seat 1 or None."""
        v, seller = self.values, rules.pair_seller
        return [seller(v[0], v[3]), seller(v[1], v[4]), seller(v[2], v[5])]

    # -- legal actions -----------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        distinct = list(dict.fromkeys(hand)) if self.rules.copies else hand
        if self.to_place[seat]:
            return self._opening_actions(seat, distinct)
        return _moves(self, seat, distinct)

    def _opening_actions(self, seat: int, distinct: list[str]) -> list[Action]:
        """CV-3: a number card on an empty caravan; CV-4: with none, discard and draw."""
        numbers = [card for card in distinct if is_number(card)]
        if not numbers:
            return [DISCARDS[card] for card in distinct]
        own = CARAVANS * seat
        empty = [c for c in range(CARAVANS) if not self.caravans[own + c]]
        return [PLAYS[card][c] for card in numbers for c in empty]

    def _attachments(self, faces: list[str], out: list[Action]) -> None:
        """Every face card on every number card that can take one more (CV-14 … CV-17)."""
        _attach_moves(self, faces, out)

    def _why_illegal(self, seat: int, action: Action) -> str:
        return self._refusal(seat, action) or NOT_ALLOWED

    def _refusal(self, seat: int, action: Action) -> str | None:
        """The player-facing reason a well-formed action is not legal, or None. Well
        formed (the base class sees to it, through the wire form) means a real card, a
        number card played and a face card attached, and seats and caravans that exist."""
        if isinstance(action, Disband):
            return self._disband_refusal(seat, action.caravan)
        if isinstance(action, Resign):
            return None
        card = action.card
        if card not in self.hands[seat]:
            return f"You have no {pretty(card)} in your hand"
        if isinstance(action, Play):
            return self._play_refusal(seat, action)
        if isinstance(action, Attach):
            return self._attach_refusal(seat, action)
        if self.to_place[seat] and any(is_number(c) for c in self.hands[seat]):
            return (
                "During the opening you start your caravans with number cards: you may "
                "discard only when you hold none"
            )
        return None

    def _play_refusal(self, seat: int, action: Play) -> str | None:
        card, c = action.card, action.caravan
        x = CARAVANS * seat + c
        stacks = self.caravans[x]
        if self.to_place[seat] and stacks:
            return (
                f"During the opening each card starts one of your empty caravans, and your "
                f"caravan {c + 1} already has cards"
            )
        why = rules.number_refusal(
            stacks, card, first_card_suit=self.rules.first_card_suit, steady_base=self.steady[x]
        )
        return f"You cannot play {pretty(card)} on your caravan {c + 1}: {why}" if why else None

    def _attach_refusal(self, seat: int, action: Attach) -> str | None:
        card, k = action.card, action.at
        if self.to_place[seat]:
            return "During the opening you may only start your caravans with number cards"
        stacks = self.caravans[CARAVANS * action.seat + action.caravan]
        whose = "your" if action.seat == seat else "your opponent's"
        where = f"{whose} caravan {action.caravan + 1}"
        if not stacks:
            return f"A face card goes on a number card, and {where} is empty"
        if k >= len(stacks):
            count = f"{len(stacks)} number card" + ("s" if len(stacks) > 1 else "")
            return f"{where.capitalize()} has only {count} (index 0 to {len(stacks) - 1})"
        stack = stacks[k]
        if len(stack) > self.rules.attach_limit:
            return (
                f"That {pretty(stack[0])} already carries three face cards: a full card takes "
                "no more, not even a jack"
            )
        if card[0] == "Q" and not self.rules.queen_anywhere and k != len(stacks) - 1:
            return "A queen can only go on the last card of a caravan"
        return None

    def _disband_refusal(self, seat: int, c: int) -> str | None:
        if self.to_place[seat]:
            return "You cannot disband a caravan during the opening"
        if not self.caravans[CARAVANS * seat + c]:
            return f"Your caravan {c + 1} is empty: there is nothing to disband"
        return None

    # -- applying ----------------------------------------------------------------------
    # The moves are applied by module functions below (state.pxd types them): from the
    # compiled module a method call looks the method up on the instance and its class
    # and binds it, every call.
    def _apply(self, seat: int, action: Action) -> list[Event]:
        return _act(self, seat, action)

    # -- set-up ------------------------------------------------------------------------
    def deal(self, seat: int) -> None:
        """Deal a hand of 8 (CV-1); with ``redeal``, a hand of fewer than three number
        cards is shown, shuffled back and dealt again."""
        deck, hand = self.decks[seat], self.hands[seat]
        hand += [deck.pop() for _ in range(HAND)]
        while self.rules.redeal and sum(1 for card in hand if is_number(card)) < 3:
            self.redeals[seat].append(list(hand))
            deck += hand
            shuffle(self.rng, deck)
            if self.rules.short_deck:
                self.known_hidden[seat] |= Counter(hand)
                self.known_deck[seat].update(hand)
            hand.clear()
            hand += [deck.pop() for _ in range(HAND)]
            if self.rules.short_deck:
                for card in hand:
                    _forget(self.known_deck[seat], card)

    # -- views -------------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        view = self._base_view(seat)
        view["opening"] = list(self.to_place)
        view["hand_sizes"] = [len(h) for h in self.hands]
        view["deck_sizes"] = [len(d) for d in self.decks]
        view["discards"] = [list(d) for d in self.discards]
        view["caravans"] = [
            [self._caravan_view(CARAVANS * s + c) for c in range(CARAVANS)] for s in (0, 1)
        ]
        view["sellers"] = self.sellers()
        if self.rules.reshuffle:
            view["reshuffles_left"] = list(self.reshuffles_left)
        if self.rules.redeal:
            view["redeals"] = [[list(h) for h in shown] for shown in self.redeals]
        if self.rules.short_deck:
            view["known_hidden"] = [sorted(k.elements()) for k in self.known_hidden]
        if seat is not None:
            view["hand"] = list(self.hands[seat])
            if self.rules.short_deck:
                view["known_deck"] = sorted(self.known_deck[seat].elements())
        if self.winner is not None:
            view["winner"] = self.winner
            view["reason"] = self.reason
            view["scores"] = list(self.scores)
        return view

    def _caravan_view(self, x: int) -> dict[str, Any]:
        return {
            "cards": [
                {"card": s[0], "attached": [{"card": t[:2], "by": int(t[2])} for t in s[1:]]}
                for s in self.caravans[x]
            ],
            "value": self.value(x),
            "direction": rules.DIRECTION_NAMES[self.direction(x)],
            "suit": self.suit(x),
        }

    def full_view(self) -> View:
        view = self.view(None)
        view["hands"] = [list(h) for h in self.hands]
        view["decks"] = [d[::-1] for d in self.decks]  # top card first
        if self.rules.short_deck:
            view["known_deck"] = [sorted(k.elements()) for k in self.known_deck]
            view["aside"] = [sorted(a) for a in self.aside]
        return view

    def all_cards(self) -> list[str]:
        groups = (*self.hands, *self.decks, *self.discards, *self.aside)
        cards = [card for group in groups for card in group]
        cards += [card[:2] for stacks in self.caravans for s in stacks for card in s]
        return cards

    def clone(self) -> CaravanState:
        # After the deal only `reshuffle` draws from the generator; without it the copy
        # may share the (never again consulted) generator and skip a costly state copy.
        rng = self.rng
        if self.rules.reshuffle:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
        return self.copy_with(self.rules, rng)

    def copy_with(self, game: CaravanGame, rng: random.Random) -> CaravanState:
        """``clone`` of ``game`` drawing from ``rng``: determinize copies a state it read
        from a view once per search (and keeps without its game, see there) instead of
        reading the view again for every sample."""
        new = CaravanState.__new__(CaravanState)
        new.game = game
        new.players = self.players
        new._legal = {}
        new.rules = game
        new.rng = rng
        new.hands = [h[:] for h in self.hands]
        new.decks = [d[:] for d in self.decks]
        new.discards = [d[:] for d in self.discards]
        new.caravans = [[s[:] for s in stacks] for stacks in self.caravans]
        new.values, new.ends, new.rooms = self.values[:], self.ends[:], self.rooms[:]
        new.to_place = self.to_place[:]
        new.turn = self.turn
        new._to_act = self._to_act
        new.winner, new.reason, new.scores = self.winner, self.reason, self.scores
        new.reshuffles_left = self.reshuffles_left[:]
        new.steady = self.steady[:]
        new.redeals = [[h[:] for h in shown] for shown in self.redeals]
        new.known_hidden, new.known_deck = self.known_hidden, self.known_deck
        if game.short_deck:  # the only variant that ever changes them
            new.known_hidden = [k.copy() for k in self.known_hidden]
            new.known_deck = [k.copy() for k in self.known_deck]
        new.aside = self.aside  # never changes during a game
        new.search_styles = self.search_styles
        return new


# legal_actions' loops as module functions, which state.pxd can type (dict.get and
# list.append called on untyped locals are generic method calls in the compiled module).
def _moves(state: CaravanState, seat: int, distinct: list[str]) -> list[Action]:
    """The legal actions of ``seat`` after the opening, from its distinct cards."""
    own = CARAVANS * seat
    ends = state.ends
    # What may follow each of my three caravans (CV-9 … CV-12), as the number cards'
    # moves: this loop is the hottest in every playout.
    first = PLAYABLE[0][ends[own]]
    second = PLAYABLE[1][ends[own + 1]]
    third = PLAYABLE[2][ends[own + 2]]
    actions: list[Action] = []
    faces: list[str] = []
    for card in distinct:
        if card in FACES:
            faces.append(card)
            continue
        play = first.get(card)
        if play is not None:
            actions.append(play)
        play = second.get(card)
        if play is not None:
            actions.append(play)
        play = third.get(card)
        if play is not None:
            actions.append(play)
    if faces:
        _attach_moves(state, faces, actions)
    for card in distinct:
        actions.append(DISCARDS[card])
    caravans = state.caravans
    if caravans[own]:
        actions.append(DISBANDS[0])
    if caravans[own + 1]:
        actions.append(DISBANDS[1])
    if caravans[own + 2]:
        actions.append(DISBANDS[2])
    return actions


def _attach_moves(state: CaravanState, faces: list[str], out: list[Action]) -> None:
    """``CaravanState._attachments``."""
    caravans, rooms = state.caravans, state.rooms
    rows = [x for x in range(len(rooms)) if rooms[x]]  # the caravans with room
    queens_last = not state.rules.queen_anywhere
    # actions.attach's lookup written out: a call into another module is a Python call
    attaches = ATTACHES
    for card in faces:
        table = attaches[card]
        if card[0] == "Q" and queens_last:
            for x in rows:
                k = rooms[x][-1]
                if k == len(caravans[x]) - 1:
                    row = table[x]
                    out.append(row[k] if k < len(row) else attach(card, x, k))
            continue
        for x in rows:
            room = rooms[x]
            n = len(room)
            row = table[x]
            if room[-1] == n - 1 and n <= INTERNED_DEPTH:  # every card has room
                for k in range(n):  # not a slice: a new tuple each time
                    out.append(row[k])
            else:
                for k in room:
                    out.append(row[k] if k < len(row) else attach(card, x, k))


def _listed(legal: list[Action], action: Action) -> Action:
    """The listed move equal to ``action`` (ValueError if none): a caller almost always
    hands back one of the listed objects, found by identity before any tuple is compared
    (the list holds no two equal moves, so it is the one ``index`` finds)."""
    for move in legal:
        if move is action:
            return move
    return legal[legal.index(action)]


def _event(kind: str, data: dict[str, Any], private: Any = None) -> Event:
    """``Event(kind, data, private)`` for this module's fixed keys (none is ``"type"``,
    which Event's own ``__new__`` checks for in a Python-level call per event)."""
    return _new_tuple(Event, (kind, data, private))


def _act(state: CaravanState, seat: int, action: Action) -> list[Event]:
    """``CaravanState._apply``: each move unpacked once (a compiled read of a named
    tuple's field goes through the class)."""
    events: list[Event] = []
    if isinstance(action, Play):
        card, c = action
        _play(state, seat, card, c, events)
    elif isinstance(action, Attach):
        card, whose, c, k = action
        _attach(state, seat, card, whose, c, k, events)
    elif isinstance(action, Discard):
        (card,) = action
        _discard(state, seat, card, events)
    elif isinstance(action, Disband):
        (c,) = action
        _disband(state, seat, c, events)
    _settle(state, seat, events)
    return events


def _play(state: CaravanState, seat: int, card: str, c: int, events: list[Event]) -> None:
    _from_hand(state, seat, card)
    x = CARAVANS * seat + c
    state.caravans[x].append([card])
    state.steady[x] = NONE
    _pushed(state, x, card)
    events.append(_event("play", {"seat": seat, "card": card, "caravan": c}))
    to_place = state.to_place
    if to_place[seat]:
        to_place[seat] -= 1  # the opening draws nothing (CV-3)
    else:
        _draw(state, seat, events)


def _attach(
    state: CaravanState, seat: int, card: str, whose: int, c: int, k: int, events: list[Event]
) -> None:
    _from_hand(state, seat, card)
    x = CARAVANS * whose + c
    stacks = state.caravans[x]
    target = stacks[k]
    events.append(
        _event(
            "attach",
            {
                "seat": seat,
                "card": card,
                "target": whose,
                "caravan": c,
                "index": k,
                "on": target[0],
            },
        )
    )
    face = card[0]
    gain = 0
    if face == "K":  # rules.king_gain, without its keyword call
        gain = NUMBER_VALUES[target[0][0]]
        if not state.rules.king_adds and len(target) > 1:
            kings = 0
            for held in target:
                if held[0] == "K":
                    kings += 1
            gain <<= kings
    target.append(card + str(seat))
    if face == "J":  # CV-16: the card, its attachments and the jack all go
        before = state.ends[x][1]
        del stacks[k]
        _removed(state, x, [target], before, events)
    elif face == "K" or face == "Q":
        _faced(state, x, k, card, gain)
    else:
        _changed(state, x)
        if is_joker(card):
            _joker(state, x, target, events)
    _draw(state, seat, events)


def _changed(state: CaravanState, x: int) -> None:
    """``CaravanState._changed``."""
    stacks, game = state.caravans[x], state.rules
    state.values[x] = rules.value_of(stacks, game.king_adds)
    state.ends[x] = rules.end_of(stacks, state.steady[x], game.first_card_suit)
    limit = game.attach_limit
    state.rooms[x] = [k for k, stack in enumerate(stacks) if len(stack) <= limit]


def _faced(state: CaravanState, x: int, k: int, card: str, gain: int) -> None:
    """``_changed`` for the king or queen ``card`` just put on stack ``k`` of caravan
    ``x``, from the old value and end: a king adds ``gain`` (``rules.king_gain`` of the
    stack before it, CV-14); a queen on the last card reverses the direction and sets
    the suit, after the queens before it (CV-15); elsewhere it changes nothing."""
    stacks = state.caravans[x]
    if card[0] == "K":
        state.values[x] += gain
    elif k == len(stacks) - 1:
        ends = state.ends
        last, heading, _ = ends[x]
        ends[x] = (last, -heading, card[1])
    if len(stacks[k]) > state.rules.attach_limit:  # now full
        rooms = state.rooms
        rooms[x] = [j for j in rooms[x] if j != k]


def _pushed(state: CaravanState, x: int, card: str) -> None:
    """``_changed`` for the number card ``card`` just put on the end of caravan ``x``
    (whose steady_course memory is cleared): what ``rules.value`` and ``rules.end``
    would read, from the old value and end. A new card carries no queen, and two equal
    ranks in a row never get there (CV-9)."""
    stacks = state.caravans[x]
    rank = NUMBER_VALUES[card[0]]
    state.values[x] += rank
    n = len(stacks)
    current = stacks[0][0][1] if state.rules.first_card_suit else card[1]
    ends = state.ends
    if n == 1:
        ends[x] = (rank, NONE, current)
    else:
        before = ends[x][0]
        ends[x] = (rank, UP if rank > before else DOWN, current)
    # a fresh list: a clone shares the old one
    rooms = state.rooms
    rooms[x] = [*rooms[x], n - 1]


def _joker(state: CaravanState, x: int, target: list[str], events: list[Event]) -> None:
    """CV-17: on an ace, every other number card of its printed suit goes; on 2–10,
    every other card of its rank; from all six caravans."""
    printed = target[0]
    by_suit = printed[0] == "A"
    key, at = (printed[1], 1) if by_suit else (printed[0], 0)
    shield = by_suit and state.rules.queen_shield
    sheltered = state.rules.sheltered_joker
    for y, stacks in enumerate(state.caravans):
        if sheltered and y == x:
            continue
        doomed = [
            stack
            for stack in stacks
            if stack is not target
            and stack[0][at] == key
            and not (shield and any(card[0] == "Q" for card in stack))
        ]
        if doomed:
            before = state.ends[y][1]
            stacks[:] = [stack for stack in stacks if not any(stack is d for d in doomed)]
            _removed(state, y, doomed, before, events)


def _removed(
    state: CaravanState, x: int, gone: list[list[str]], before: int, events: list[Event]
) -> None:
    """Send removed stacks home and note what steady_course must remember."""
    owner, c = divmod(x, CARAVANS)
    for stack in gone:
        _to_discards(state, owner, stack)
    events.append(
        _event(
            "remove",
            {"seat": owner, "caravan": c, "cards": [card[:2] for s in gone for card in s]},
        )
    )
    stacks = state.caravans[x]
    if state.rules.steady_course and len(stacks) >= 2 and stacks[-1][0][0] == stacks[-2][0][0]:
        # Keep the direction the caravan had: store it net of the queens on the new
        # last card, which rules.end applies again.
        flips = rules.queens_on_last(stacks) % 2
        state.steady[x] = -before if flips else before
    else:
        state.steady[x] = NONE
    _changed(state, x)


def _discard(state: CaravanState, seat: int, card: str, events: list[Event]) -> None:
    _from_hand(state, seat, card)
    state.discards[seat].append(card)
    events.append(_event("discard", {"seat": seat, "card": card}))
    _draw(state, seat, events)


def _disband(state: CaravanState, seat: int, c: int, events: list[Event]) -> None:
    x = CARAVANS * seat + c
    stacks = state.caravans[x]
    events.append(
        _event(
            "disband",
            {"seat": seat, "caravan": c, "cards": [card[:2] for s in stacks for card in s]},
        )
    )
    for stack in stacks:
        _to_discards(state, seat, stack)
    stacks.clear()
    state.steady[x] = NONE
    _changed(state, x)


def _to_discards(state: CaravanState, owner: int, stack: list[str]) -> None:
    """Each card goes to its owner's discard pile: the number card to the caravan's
    owner, each attached card to the seat that played it."""
    discards = state.discards
    discards[owner].append(stack[0])
    for tagged in stack[1:]:
        discards[int(tagged[2])].append(tagged[:2])


def _from_hand(state: CaravanState, seat: int, card: str) -> None:
    state.hands[seat].remove(card)
    if state.rules.short_deck:
        _forget(state.known_hidden[seat], card)


def _draw(state: CaravanState, seat: int, events: list[Event]) -> None:
    deck = state.decks[seat]
    if not deck and state.reshuffles_left[seat] and state.discards[seat]:
        _reshuffle(state, seat, events)
    if deck:
        card = deck.pop()
        state.hands[seat].append(card)
        if state.rules.short_deck:
            _forget(state.known_deck[seat], card)
        events.append(_event("draw", {"seat": seat}, {seat: {"card": card}}))


def _reshuffle(state: CaravanState, seat: int, events: list[Event]) -> None:
    """reshuffle: an empty deck is remade from its owner's discards, at most twice."""
    pile = state.discards[seat]
    deck = state.decks[seat]
    deck += pile
    shuffle(state.rng, deck)
    if state.rules.short_deck:
        state.known_hidden[seat].update(pile)
        state.known_deck[seat].update(pile)
    events.append(_event("reshuffle", {"seat": seat, "cards": len(pile)}))
    pile.clear()
    state.reshuffles_left[seat] -= 1


def _sells(first: int, second: int) -> int:
    """``rules.pair_seller`` with -1 for None, as a C integer here (a call into another
    module is a Python one, and its None or int a boxed answer)."""
    a, b = SELL_LOW <= first <= SELL_HIGH, SELL_LOW <= second <= SELL_HIGH
    if a and b:
        return -1 if first == second else (0 if first > second else 1)
    if a:
        return 0
    return 1 if b else -1


def _settle(state: CaravanState, seat: int, events: list[Event]) -> None:
    """After every action: a finished sale (CV-19, quick_sell), then running out of
    cards (CV-20), else the other player's turn."""
    v = state.values
    s0, s1, s2 = _sells(v[0], v[3]), _sells(v[1], v[4]), _sells(v[2], v[5])
    if s0 < 0 and s1 < 0 and s2 < 0:  # the common case: nothing sells yet
        if not state.hands[seat] and not state.decks[seat]:
            _end(state, 1 - seat, "out_of_cards", events)
        else:
            turn = 1 - seat
            state.turn = turn
            state._to_act = TURNS[turn]
        return
    sellers = (None if s0 < 0 else s0, None if s1 < 0 else s1, None if s2 < 0 else s2)
    sold = (sellers.count(0), sellers.count(1))
    if None not in sellers:
        _end(state, 0 if sold[0] >= 2 else 1, "sold", events, sold)
    elif state.rules.quick_sell and max(sold) >= 2:
        _end(state, 0 if sold[0] >= 2 else 1, "quick_sell", events, sold)
    elif not state.hands[seat] and not state.decks[seat]:
        _end(state, 1 - seat, "out_of_cards", events)
    else:
        state.turn = 1 - seat
        state._to_act = (state.turn,)


def _end(
    state: CaravanState,
    winner: int,
    reason: str,
    events: list[Event],
    sold: tuple[int, int] | None = None,
) -> None:
    """The end; ``sold`` are the pairs each sells, else the winner scores 1 (spec)."""
    state.winner, state.reason = winner, reason
    state.scores = sold if sold is not None else ((1, 0) if winner == 0 else (0, 1))
    state._to_act = ()
    events.append(_event("end", {"winner": winner, "reason": reason, "scores": list(state.scores)}))


def _forget(known: Counter[str], card: str) -> None:
    """One copy of ``card`` is no longer known to be where ``known`` counts."""
    if known[card] > 0:
        known[card] -= 1
