"""Gan Deng Yan (干瞪眼): the rules value built from a table's options."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.core import Game, InvalidOptions, Option
from cardtable.core.cards import JOKERS, standard_deck
from cardtable.core.deck import stack
from cardtable.core.rng import make_rng, shuffle

from . import actions
from .actions import Action, Pass, Play, reading_problem
from .plays import Kind, Rules, classify_reading, kind_from_json
from .scoring import Scoring
from .state import GanDengYanState
from .text import describe_event, describe_kind, render_view, show_cards


class GanDengYanGame(Game[Action]):
    name = "gandengyan"
    title = "Gan Deng Yan"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", 4, "Seats at the table (GD-1)", low=2, high=6),
        Option(
            "decks",
            "auto",
            "Decks of 54: auto is one for 2 players, two (108 cards) for 3 or more (GD-1)",
            choices=("auto", 1, 2),
        ),
        Option(
            "draw",
            "everyone",
            "Who draws after a trick: the winner then everyone, or the winner only (GD-12)",
            choices=("everyone", "winner_only"),
        ),
        Option("triple_is_bomb", False, "Three of a kind is the smallest bomb (Sichuan style)"),
        Option(
            "min_consecutive_pairs", 2, "Fewest pairs in consecutive pairs (GD-6)", choices=(2, 3)
        ),
        Option(
            "joker_bomb",
            "above_size+2",
            "A joker bomb of k ranks just above bombs of k + 2 cards, or above every bomb",
            choices=("above_size+2", "top"),
        ),
        Option("bomb_double", True, "Each bomb played in a hand doubles the payments (GD-16)"),
        Option("joker_double", True, "Each joker a loser holds doubles what they pay (GD-16)"),
        Option("shutout_double", True, "A shut-out loser pays double (GD-16)"),
        Option("two_double", False, "Each 2 a loser holds doubles what they pay (GD-16)"),
        Option("cap", 0, "Most a loser pays in one hand; 0 for no cap (GD-16)", low=0, high=10000),
        Option(
            "hands", 1, "Hands in the game: 1 for quick play, 8 for a match (GD-17)", low=1, high=20
        ),
    )
    RULE_IDS: ClassVar[tuple[str, ...]] = tuple(f"GD-{i}" for i in range(1, 18))

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        o = self.options
        self.n_players = int(o["players"])
        decks = o["decks"]
        self.decks = (1 if self.n_players == 2 else 2) if decks == "auto" else int(decks)
        self.full_deck: tuple[str, ...] = tuple(standard_deck(jokers=True, copies=self.decks))
        self.rules = Rules(
            triple_is_bomb=bool(o["triple_is_bomb"]),
            min_pairs=int(o["min_consecutive_pairs"]),
            joker_bomb_top=o["joker_bomb"] == "top",
        )
        self.draw_everyone = o["draw"] == "everyone"
        self.scoring = Scoring(
            bomb_double=bool(o["bomb_double"]),
            joker_double=bool(o["joker_double"]),
            shutout_double=bool(o["shutout_double"]),
            two_double=bool(o["two_double"]),
            cap=int(o["cap"]),
        )
        self.hand_count = int(o["hands"])
        # The copies of each card, in the deck's order: what ``determinize`` deals out.
        self.deck_counts: dict[str, int] = dict(Counter(self.full_deck))
        # The kind of each reading met so far: a pure function of the reading and these
        # rules, asked for on every play.
        self.kinds: dict[tuple[tuple[str, ...], int], Kind] = {}

    # -- new games -----------------------------------------------------------------
    def new_state(
        self,
        seed: int | None = None,
        deck: Sequence[Any] | None = None,
        dealer: int | None = None,
    ) -> GanDengYanState:
        """A new game. ``deck`` stacks the first hand (top first), or, as a list of lists,
        one hand after another; hands it does not cover are shuffled from the seed.
        ``dealer`` fixes the first dealer, who is otherwise drawn from the seed (GD-5)."""
        rng = make_rng(seed)
        first_dealer = rng.randrange(self.n_players)
        if dealer is not None:
            if isinstance(dealer, bool) or not isinstance(dealer, int):
                raise InvalidOptions("The dealer must be a seat number")
            if not 0 <= dealer < self.n_players:
                raise InvalidOptions(f"The dealer must be a seat from 0 to {self.n_players - 1}")
            first_dealer = dealer
        decks = self._per_hand_decks(deck)
        state = GanDengYanState(self, rng)
        state.next_decks = decks[1:]
        state.deal(self.shuffled_deck(decks[0] if decks else None, rng), first_dealer)
        return state

    def _per_hand_decks(self, deck: Sequence[Any] | None) -> list[list[str]]:
        if deck is None:
            return []
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise InvalidOptions("Stacked deck must be a list of card codes, top card first")
        if deck and all(isinstance(d, list | tuple) for d in deck):
            hands = [list(d) for d in deck]
        else:
            hands = [list(deck)]
        for top in hands:
            stack(self.full_deck, top, random.Random(0))  # refuse an impossible deck now
        return hands

    def shuffled_deck(self, top: Sequence[str] | None, rng: random.Random) -> list[str]:
        return stack(self.full_deck, top, rng)

    def determinize(
        self, view: Mapping[str, Any], seat: int, rng: random.Random
    ) -> GanDengYanState:
        return self.determinize_from(view, seat, rng, self.unseen(view))

    def unseen(self, view: Mapping[str, Any]) -> tuple[str, ...]:
        """The cards ``view``'s seat cannot account for, in the deck's order: what a sample
        re-deals (the other hands and the talon; none once the hands are shown)."""
        shown = view["results"][-1]["hands"] if view["over"] else ()
        return tuple(unaccounted(self.deck_counts, view["hand"], view["played"], *shown))

    def determinize_from(
        self, view: Mapping[str, Any], seat: int, rng: random.Random, unseen: Sequence[str]
    ) -> GanDengYanState:
        """``determinize`` with ``unseen(view)`` given: a search samples one view hundreds
        of times and counts its unseen cards once (``bots.search.determinize``). The public
        ``determinize`` counts them every time, so a view changed in place is read anew."""
        # ``fork(rng)``'s draw, its generator made only if the sample deals a new hand.
        state = GanDengYanState(self, None, rng.getrandbits(64))
        n = self.n_players
        state.hand_no = int(view["hand_no"]) - 1
        state.dealer = int(view["dealer"])
        state.leader = int(view["leader"])
        state.over = bool(view["over"])
        state.turn = int(view["turn"]) if view["turn"] is not None else state.leader
        state.passes = int(view["passes"])
        state.bombs = int(view["bombs"])
        state.plays = [int(p) for p in view["plays"]]
        state.totals = [int(t) for t in view["totals"]]
        results = view["results"]
        state.results = copy.deepcopy(list(results)) if results else []
        state.played = list(view["played"])
        own = list(view["hand"])
        # The hands of a finished game are shown in its last result; otherwise the cards
        # the seat cannot account for are re-dealt to the other hands, the rest is talon.
        shown = [list(h) for h in state.results[-1]["hands"]] if state.over else None
        pool = list(unseen)
        shuffle(rng, pool)
        hands = shown or []
        if shown is None:
            for s in range(n):
                count = int(view["counts"][s])
                hands.append(own if s == seat else pool[:count])
                if s != seat:
                    del pool[:count]
        for s in range(n):
            state.set_hand(s, hands[s])
        state.talon = pool
        beat = view["to_beat"]
        if beat is not None:
            state.to_beat = (int(beat["seat"]), _play_from_view(beat), kind_from_json(beat))
        state.trick = [
            (int(e["seat"]), None, None)
            if e.get("pass")
            else (int(e["seat"]), _play_from_view(e), kind_from_json(e))
            for e in view["trick"]
        ]
        return state

    # -- the wire and words ----------------------------------------------------------
    def action_to_json(self, action: Action) -> dict[str, Any]:
        return actions.action_to_json(action)

    def action_from_json(self, data: object) -> Action:
        return actions.action_from_json(data)

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Pass):
            return "Pass"
        only_jokers = all(c in JOKERS for c in action.cards)
        if not action.reading and not only_jokers:
            return f"Play {show_cards(action.cards)} (the highest reading)"
        kind = None
        if not reading_problem(action.cards, action.reading):
            kind = classify_reading(action.reading, len(action.cards), self.rules)
        if kind is None:
            return f"Play {show_cards(action.cards, action.reading)}"
        return f"Play {describe_kind(kind)}: {show_cards(action.cards, action.reading)}"

    def describe_event(self, event: Mapping[str, Any], viewer: int | None = None) -> str:
        return describe_event(event, viewer)

    def render_text(self, view: Mapping[str, Any]) -> str:
        return render_view(view, self.title)


def unaccounted(deck: Mapping[str, int], *seen: Sequence[str]) -> list[str]:
    """The cards of ``deck`` (copies by card) that none of ``seen`` accounts for, in the
    deck's order: ``Counter(deck) - Counter(seen[0]) - …`` as a list of its elements,
    without a Counter per part (a search asks for thousands)."""
    left = dict(deck)
    for cards in seen:
        for card in cards:
            k = left.get(card)
            if k is not None:
                left[card] = k - 1
    return [card for card, k in left.items() if k > 0 for _ in range(k)]


# A play read from a view built as the tuple it is: a NamedTuple's ``__new__`` is
# interpreted even compiled, and every sample of a search reads the trick anew.
_tuple_new = tuple.__new__


def _play_from_view(data: Mapping[str, Any]) -> Play:
    return _tuple_new(Play, (tuple(data["cards"]), tuple(data["as"])))
