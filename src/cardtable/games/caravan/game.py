"""Caravan (caravan.md): the rules value, the deal, determinization and the words."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.core import Game, InvalidOptions, Option
from cardtable.core.cards import pretty, standard_deck
from cardtable.core.deck import shuffled, stack
from cardtable.core.rng import fork, make_rng, shuffle
from cardtable.core.words import Person, plural

from . import actions, rules
from .actions import CARAVANS, Action, Attach, Disband, Discard, Play
from .state import CaravanState

SHORT_DECK = 30
NO_LIMIT = 1 << 30

VARIANTS = {
    "queen_anywhere": "A queen may go on any number card; it reverses the direction and sets "
    "the suit only when it is on the last card",
    "king_adds": "A king adds the card's value once more instead of doubling it "
    "(a 5 with two kings is 15)",
    "first_card_suit": "A caravan's suit is its first card's (a queen on the last card "
    "still sets it)",
    "unlimited_attachments": "No limit of three face cards per number card",
    "quick_sell": "The first player to sell two pairs at the same time wins at once",
    "reshuffle": "When your deck runs out your discards are shuffled into a new one, at most "
    "twice per player",
    "short_deck": "Each player's deck is 30 cards drawn at random from a full deck",
    "double_deck": "Each player shuffles two full decks together",
    "queen_shield": "A joker on an ace does not remove cards that carry a queen",
    "steady_course": "When a jack or joker leaves two equal ranks at the end, the caravan "
    "keeps its previous direction",
    "redeal": "An opening hand with fewer than three number cards is shown, shuffled back and "
    "dealt again",
    "sheltered_joker": "A joker never removes cards from the caravan it is on",
}


# What ``determinize`` reads from a view (``CaravanGame.reading``): the state without the
# hidden cards, and each side's unseen cards in their order before the shuffle.
Reading = tuple[CaravanState, list[str], list[str]]


class CaravanGame(Game[Action]):
    name: ClassVar[str] = "caravan"
    title: ClassVar[str] = "Caravan"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", 2, "Caravan is a game for two players", low=2, high=2),
        *(Option(name, False, doc) for name, doc in VARIANTS.items()),
    )
    RULE_IDS: ClassVar[tuple[str, ...]] = tuple(f"CV-{n}" for n in range(1, 23))

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        flag = self.options.__getitem__
        self.queen_anywhere = bool(flag("queen_anywhere"))
        self.king_adds = bool(flag("king_adds"))
        self.first_card_suit = bool(flag("first_card_suit"))
        self.quick_sell = bool(flag("quick_sell"))
        self.reshuffle = bool(flag("reshuffle"))
        self.short_deck = bool(flag("short_deck"))
        self.queen_shield = bool(flag("queen_shield"))
        self.steady_course = bool(flag("steady_course"))
        self.redeal = bool(flag("redeal"))
        self.sheltered_joker = bool(flag("sheltered_joker"))
        # A stack is [number card, *attached]: it may take another face card while it holds
        # at most this many cards (three attached at most, CV-14).
        self.attach_limit = NO_LIMIT if flag("unlimited_attachments") else 3
        self.reshuffles = 2 if self.reshuffle else 0
        # Each player's own deck (CV-1): 52 cards and both jokers, twice with double_deck.
        self.full_deck = tuple(standard_deck(jokers=True, copies=2 if flag("double_deck") else 1))
        # How many of each card a deck holds, in the deck's order (determinize's arithmetic).
        self.full_counts = dict(Counter(self.full_deck))
        self.one_of_each = len(self.full_counts) == len(self.full_deck)
        self.copies = not self.one_of_each  # a hand may hold two of a card
        # the generator of determinize's samples where nothing draws from one (see there)
        self._idle = random.Random(0)

    # -- new games ---------------------------------------------------------------------
    def new_state(self, seed: int | None = None, deck: Sequence[Any] | None = None) -> CaravanState:
        """A new game: the first player is drawn first (CV-1), then each player's deck is
        shuffled (``deck`` stacks them: one list per player, top card first) and each
        player is dealt 8 cards, seat 0 first."""
        rng = make_rng(seed)
        first = rng.randrange(2)
        tops = self._stacked(deck)
        state = CaravanState(self, rng)
        for seat in (0, 1):
            top = tops[seat]
            cards = (
                shuffled(self.full_deck, rng) if top is None else stack(self.full_deck, top, rng)
            )
            if self.short_deck:
                if len(tops[seat] or ()) > SHORT_DECK:
                    raise InvalidOptions(
                        f"Stacked deck: with short_deck a deck holds {SHORT_DECK} cards, "
                        f"but seat {seat}'s lists {len(tops[seat] or ())}"
                    )
                cards, state.aside[seat] = cards[:SHORT_DECK], cards[SHORT_DECK:]
            state.decks[seat] = cards[::-1]
        for seat in (0, 1):
            state.deal(seat)
        state.turn = first
        state._to_act = (first,)
        return state

    @staticmethod
    def _stacked(deck: Sequence[Any] | None) -> list[Sequence[str] | None]:
        if deck is None:
            return [None, None]
        if (
            isinstance(deck, str)
            or not isinstance(deck, Sequence)
            or len(deck) != 2
            or any(isinstance(part, str) or not isinstance(part, Sequence) for part in deck)
        ):
            raise InvalidOptions(
                "Caravan stacks one deck per player: deck=[[seat 0's cards, top first], "
                "[seat 1's cards, top first]]"
            )
        return [list(deck[0]), list(deck[1])]

    # -- determinization ---------------------------------------------------------------
    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> CaravanState:
        """Everything on the table is copied from the view; the opponent's hand and both
        decks are re-dealt from the cards each player cannot have elsewhere. Every card has
        an owner (a deck of its own), so a player's hidden cards are their deck's cards
        minus the ones visible as theirs (with ``short_deck``, a random 30-card deck that
        holds what is known to be in it)."""
        return self.determinize_from(view, seat, rng, self.reading(view, seat))

    def determinize_from(
        self, view: Mapping[str, Any], seat: int, rng: random.Random, reading: Reading
    ) -> CaravanState:
        """``determinize`` with ``reading(view, seat)`` given: a search samples one view
        hundreds of times and reads it once (``bots.search.determinize``). The public
        ``determinize`` reads it every time, so a view changed in place is read anew."""
        # The parent generator's first draw, before any shuffle, as it always was. Only
        # `reshuffle` ever draws from a sample's own generator (see CaravanState.clone):
        # without it the samples share an idle one instead of seeding a Mersenne Twister
        # each, as dear as the rest of the sample.
        if self.reshuffle:
            child = fork(rng)
        else:
            rng.getrandbits(64)
            child = self._idle
        template, own_unseen, their_unseen = reading
        state = template.copy_with(self, child)
        if self.short_deck:
            state.aside = [[], []]  # copy_with shares it; written below
        opponent = 1 - seat
        own = own_unseen[:]
        shuffle(rng, own)
        state.decks[seat] = self._fill(own, view["deck_sizes"][seat], state.known_deck[seat], rng)
        theirs = their_unseen[:]
        shuffle(rng, theirs)
        theirs = self._fill(
            theirs,
            view["hand_sizes"][opponent] + view["deck_sizes"][opponent],
            state.known_hidden[opponent],
            rng,
        )
        split = view["hand_sizes"][opponent]
        state.hands[opponent], state.decks[opponent] = theirs[:split], theirs[split:]
        if self.short_deck:
            state.known_deck[opponent] = state.known_hidden[opponent] - Counter(theirs[:split])
            seen = self._seen(state)
            for s in (0, 1):
                held = Counter(seen[s] + state.hands[s] + state.decks[s])
                state.aside[s] = list((Counter(self.full_deck) - held).elements())
        return state

    def reading(self, view: Mapping[str, Any], seat: int) -> Reading:
        """What determinize reads from ``view``: the state without the hidden cards, and
        each side's unseen cards in their order before the shuffle."""
        state = CaravanState(self, self._idle)
        opponent = 1 - seat
        for s in (0, 1):
            for c in range(CARAVANS):
                shown = view["caravans"][s][c]
                x = CARAVANS * s + c
                state.caravans[x] = [
                    [card["card"], *(a["card"] + str(a["by"]) for a in card["attached"])]
                    for card in shown["cards"]
                ]
                state.steady[x] = self._steady_from(state.caravans[x], shown["direction"])
                state._changed(x)
        state.discards = [list(pile) for pile in view["discards"]]
        state.to_place = list(view["opening"])
        state._to_act = tuple(view["to_act"])
        state.turn = state._to_act[0] if state._to_act else 0
        if "winner" in view:
            state.winner, state.reason = view["winner"], view["reason"]
            state.scores = (view["scores"][0], view["scores"][1])
        if self.reshuffle:
            state.reshuffles_left = list(view["reshuffles_left"])
        if self.redeal:
            state.redeals = [[list(h) for h in shown] for shown in view["redeals"]]
        if self.short_deck:
            state.known_hidden = [Counter(k) for k in view["known_hidden"]]
            state.known_deck[seat] = Counter(view["known_deck"])
        seen = self._seen(state)
        hand = list(view["hand"])
        state.hands[seat] = hand
        own = self._unseen(Counter(seen[seat] + hand), state.known_deck[seat])
        theirs = self._unseen(Counter(seen[opponent]), state.known_hidden[opponent])
        # The game keeps this state: without a reference back, game and state make no
        # reference cycle (a dropped game is freed at once; searches pause the collector).
        state.game = state.rules = None  # type: ignore[assignment]
        return state, own, theirs

    def _steady_from(self, stacks: list[list[str]], shown: str | None) -> int:
        """The steady_course memory that makes a caravan read as the view shows it."""
        if not (self.steady_course and len(stacks) >= 2 and stacks[-1][0][0] == stacks[-2][0][0]):
            return rules.NONE
        heading = rules.UP if shown == "ascending" else rules.DOWN
        return -heading if rules.queens_on_last(stacks) % 2 else heading

    @staticmethod
    def _seen(state: CaravanState) -> list[list[str]]:
        """Each seat's own cards on the table and in its discard pile (lists, counted
        once by ``Counter``: adding Counters is interpreted code, card by card)."""
        seen = [list(state.discards[0]), list(state.discards[1])]
        for x, stacks in enumerate(state.caravans):
            mine = seen[x // CARAVANS]
            for st in stacks:
                mine.append(st[0])
                for tagged in st[1:]:
                    seen[int(tagged[2])].append(tagged[:2])
        return seen

    def _unseen(self, accounted: Counter[str], known: Counter[str]) -> list[str]:
        """The cards a player's deck could still hold beyond ``known``, in the full deck's
        order: ``(Counter(full_deck) - accounted - known).elements()`` (determinize
        shuffles a copy)."""
        if self.one_of_each and not known:  # the usual case, as one filter
            return [card for card in self.full_deck if card not in accounted]
        rest = []
        for card, count in self.full_counts.items():
            count -= accounted.get(card, 0) + known.get(card, 0)
            if count == 1:
                rest.append(card)
            elif count > 1:
                rest += [card] * count
        return rest

    @staticmethod
    def _fill(
        candidates: list[str], size: int, known: Counter[str], rng: random.Random
    ) -> list[str]:
        """``size`` cards: those ``known`` to be there, the rest from ``candidates``."""
        if known:
            cards = [*known.elements(), *candidates[: size - sum(known.values())]]
        else:
            cards = candidates[:size]
        shuffle(rng, cards)
        return cards

    # -- actions -----------------------------------------------------------------------
    def action_to_json(self, action: Action) -> dict[str, Any]:
        return actions.to_json(action)

    def action_from_json(self, data: object) -> Action:
        return actions.from_json(data)

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Play):
            return f"Play {pretty(action.card)} on your caravan {action.caravan + 1}"
        if isinstance(action, Attach):
            return (
                f"Put {pretty(action.card)} on card {action.at + 1} of seat "
                f"{action.seat}'s caravan {action.caravan + 1}"
            )
        if isinstance(action, Discard):
            return f"Discard {pretty(action.card)}"
        if isinstance(action, Disband):
            return f"Disband your caravan {action.caravan + 1}"
        return "Resign"

    def describe_event(self, event: Mapping[str, Any], viewer: int | None = None) -> str:
        kind = event.get("type")
        actor = Person(event.get("seat", -1), viewer)  # every event with an actor names it
        caravan = f"caravan {event.get('caravan', 0) + 1}"
        if kind == "play":
            return f"{actor.does('plays')} {pretty(event['card'])} on {actor.their} {caravan}"
        if kind == "attach":
            whose = Person(event["target"], viewer).possessive
            return (
                f"{actor.does('puts')} {pretty(event['card'])} on {pretty(event['on'])} of "
                f"{whose} {caravan}"
            )
        if kind == "remove":
            leave = "leaves" if len(event["cards"]) == 1 else "leave"
            return f"{_cards(event['cards'])} {leave} {actor.possessive} {caravan}"
        if kind == "discard":
            return f"{actor.does('discards')} {pretty(event['card'])}"
        if kind == "disband":
            return (
                f"{actor.does('disbands')} {actor.their} {caravan}: {_cards(event['cards'])} "
                "to the discards"
            )
        if kind == "draw":
            drawn = f" {pretty(event['card'])}" if "card" in event else ""
            return f"{actor.does('draws')}{drawn}"
        if kind == "reshuffle":
            discards = plural(event["cards"], "discard")
            return f"{actor.does('shuffles')} {discards} into a new deck"
        if kind == "resign":
            return actor.does("resigns")
        if kind == "end":
            result = _result(event["winner"], event["reason"], event["scores"], viewer)
            return f"Game over: {result}"
        return super().describe_event(event, viewer)

    def render_text(self, view: Mapping[str, Any]) -> str:
        me = view.get("seat")
        name = {s: ("You" if s == me else f"Seat {s}") for s in (0, 1)}
        if view.get("over"):
            result = _result(view["winner"], view["reason"], view["scores"], me)
            head = f"Game over: {result}"
        else:
            head = f"{name[view['to_act'][0]]} to move" if view["to_act"] else ""
        lines = [head]
        opening = [
            f"{name[s]} {'have' if s == me else 'has'} {n} to place"
            for s, n in enumerate(view["opening"])
            if n
        ]
        if opening:
            lines.append("Opening: " + "; ".join(opening))
        order = (1 - me, me) if me in (0, 1) else (1, 0)
        sellers = view["sellers"]
        for s in order:
            pile = view["discards"][s]
            top = f", top {pretty(pile[-1])}" if pile else ""
            lines.append(
                f"{name[s]}{' (seat ' + str(s) + ')' if s == me else ''} · hand "
                f"{view['hand_sizes'][s]} · deck {view['deck_sizes'][s]} · discards "
                f"{len(pile)}{top}"
            )
            for c, caravan in enumerate(view["caravans"][s]):
                sells = "  sells" if sellers[c] == s else ""
                lines.append(f"  {c + 1}  {_caravan_text(caravan, s)}{sells}")
        if view.get("over"):
            lines.extend(_pair_lines(view, name))
        if "hand" in view:
            lines.append("Your hand: " + (_cards(view["hand"]) or "(empty)"))
        lines.append("[K♦*] = attached by the other player; ↑ ascending, ↓ descending")
        return "\n".join(line for line in lines if line)


def _pair_lines(view: Mapping[str, Any], name: Mapping[int, str]) -> list[str]:
    """At the end, each facing pair: its two values, who sells it and why (CV-18)."""
    lines = []
    for c in range(CARAVANS):
        first, second = (view["caravans"][s][c]["value"] for s in (0, 1))
        seller = view["sellers"][c]
        sold = "unsold"
        if seller is not None:
            sold = f"{name[seller]} {'sell' if name[seller] == 'You' else 'sells'}"
        why = rules.PAIR_REASONS[rules.pair_reason(first, second)]
        lines.append(f"Pair {c + 1}: {name[0]} {first} v {name[1]} {second}, {sold} ({why})")
    return lines


def _cards(cards: Sequence[str]) -> str:
    return " ".join(pretty(card) for card in cards)


def _caravan_text(caravan: Mapping[str, Any], owner: int) -> str:
    if not caravan["cards"]:
        return "—"
    parts = []
    for card in caravan["cards"]:
        attached = [pretty(a["card"]) + ("*" if a["by"] != owner else "") for a in card["attached"]]
        parts.append(pretty(card["card"]) + (f"[{' '.join(attached)}]" if attached else ""))
    arrow = {"ascending": "↑", "descending": "↓"}.get(caravan["direction"], "·")
    suit = pretty("2" + caravan["suit"])[1:]
    return f"{' '.join(parts)}   = {caravan['value']} {arrow} {suit}"


def _result(winner: int, reason: str, scores: Sequence[int], me: int | None = None) -> str:
    won, lost = Person(winner, me), Person(1 - winner, me)
    why = {
        "sold": f"selling {scores[winner]} of the three pairs",
        "quick_sell": "selling two pairs at once",
        "out_of_cards": f"{lost.object} ran out of cards",
        "resigned": f"{lost.object} resigned",
    }.get(reason, reason)
    return f"{won.object} {won.verb('wins')}, {why}"
