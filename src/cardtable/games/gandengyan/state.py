"""A game of Gan Deng Yan in progress: one hand or a series of hands (GD-17).

Hands are kept as card lists (what views show) plus, per seat, 13 rank counts and a joker
count (what the play generator reads) and the codes by rank (what legal plays are spelled
with), all updated together on every play and draw. The talon is a list with its top card
last, so a draw is a ``pop``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.core import Event, IllegalAction, Outcome, State, View
from cardtable.core.cards import JOKERS, SUITS, is_card_code

from .actions import LONE_JOKER, PASS, Action, Pass, Play, canonical, card_rank, reading_problem
from .plays import (
    BOMBS,
    ORDER,
    RANK_INDEX,
    SETS,
    TWO,
    Kind,
    beats,
    classify_reading,
    legal_plays,
    reading_strength,
)
from .scoring import factors, hand_payment, is_shut_out
from .text import describe_kind, rank_name, shape

if TYPE_CHECKING:
    from .game import GanDengYanGame

RANK_OF: dict[str, int] = {r + s: i for i, r in enumerate(ORDER) for s in SUITS}
TrickEntry = tuple[int, Play | None, Kind | None]
# READ[r][k]: the reading of k cards standing for rank r.
READ = [[(rank,) * k for k in range(17)] for rank in ORDER]
# ``to_act`` of each seat's turn, built once: the property is read several times a move.
ACTING = tuple((seat,) for seat in range(16))
# A play built as the tuple it is: a NamedTuple's generated ``__new__`` stays interpreted
# even in the compiled build, and the listing makes one per legal play.
_tuple_new = tuple.__new__
# The events of every move built as the tuples they are: Event's own ``__new__`` only
# checks that no data key is "type", which these literal keys never are, and the call
# through the class (its ``__new__`` looked up, its arguments parsed) costs more.
_event = tuple.__new__
# A set or bomb of natural cards is its cards (the reading is their rank), and one is
# listed on most moves: made once and shared, as a tuple is immutable. Bounded by the
# sorted first copies of a rank a hand can hold (a few thousand at two decks).
_NATURAL_SETS: dict[tuple[str, ...], Play] = {}


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def sort_cards(cards: Sequence[str]) -> list[str]:
    """A hand in climbing order, jokers last (how views show it)."""
    return sorted(cards, key=lambda c: (RANK_OF.get(c, 13), c))


def copy_result(result: dict[str, Any]) -> dict[str, Any]:
    """An independent copy of a hand's result as ``_end_hand`` writes it (its lists and
    loser records are the receiver's to keep): far cheaper than ``copy.deepcopy``, which
    views used to pay for every hand played so far."""
    return {
        **result,
        "payments": list(result["payments"]),
        "hands": [list(hand) for hand in result["hands"]],
        "losers": [{**loser, "factors": dict(loser["factors"])} for loser in result["losers"]],
    }


def play_json(play: Play, kind: Kind) -> dict[str, Any]:
    return {
        "cards": list(play.cards),
        "as": list(play.reading),
        "kind": kind.type,
        "rank": ORDER[kind.rank] if kind.rank >= 0 else None,
        "length": kind.length,
    }


def _spell(
    candidates: list[tuple[Kind, tuple[tuple[int, int, int], ...]]],
    codes: list[tuple[str, ...]],
    jokers: tuple[str, ...],
    out: list[Action],
) -> None:
    """Each candidate as the play it is, in order, spelled with the first copies held: a
    module function so that state.pxd can type its loop (slices and indices by C integers
    instead of generic subscripts)."""
    read = READ
    made = _NATURAL_SETS
    for _, segments in candidates:
        if len(segments) == 1:  # sets and bombs: the common case, spelled at once
            r, naturals, w = segments[0]
            if r < 0:
                out.append(_tuple_new(Play, (jokers[:w], ())))
            elif w:
                spelled = codes[r][:naturals] + jokers[:w]
                out.append(_tuple_new(Play, (spelled, read[r][naturals + w])))
            else:
                spelled = codes[r][:naturals]
                play = made.get(spelled)
                if play is None:
                    play = made[spelled] = _tuple_new(Play, (spelled, read[r][naturals]))
                out.append(play)
            continue
        cards: tuple[str, ...] = ()
        reading: tuple[str, ...] = ()
        j = 0
        for r, naturals, w in segments:
            cards += codes[r][:naturals]
            if w:
                cards += jokers[j : j + w]
                j += w
            reading += read[r][naturals + w]
        out.append(_tuple_new(Play, (cards, reading)))


class GanDengYanState(State[Action]):
    def __init__(
        self, game: GanDengYanGame, rng: random.Random | None, seed: int | None = None
    ) -> None:
        """``rng`` deals the hands after the first; without it, a generator seeded with
        ``seed`` is made when first needed (a search's samples rarely deal again)."""
        super().__init__(game, game.n_players)
        self.gdy = game
        self.rules = game.rules
        self.rng = rng
        self.rng_seed = seed
        self.rng_shared = False  # True while a clone may use the same generator
        n = self.players
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.counts: list[list[int]] = [[0] * 13 for _ in range(n)]
        self.jokers = [0] * n
        self.talon: list[str] = []
        self.hand_no = 0
        self.dealer = 0
        self.leader = 0
        self.turn = 0
        self.to_beat: tuple[int, Play, Kind] | None = None
        self.passes = 0
        self.trick: list[TrickEntry] = []
        self.played: list[str] = []
        self.bombs = 0
        self.plays = [0] * n
        self.totals = [0] * n
        self.results: list[dict[str, Any]] = []
        self.over = False
        # Stacked decks for the hands after the first (tests and tutorials).
        self.next_decks: list[list[str]] = []
        # Each seat's codes by rank (sorted tuples) and its jokers: plays are spelled with
        # the first copies, so the listing is canonical (see actions.py).
        self.codes: list[list[tuple[str, ...]]] = [[()] * 13 for _ in range(n)]
        self.wild: list[tuple[str, ...]] = [()] * n
        # hard's imagined style per seat in a sample (bots/search.py sets it; None: every
        # seat plays as medium). A clone copies it.
        self.search_styles: tuple[int, ...] | None = None

    # -- the contract --------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else ACTING[self.turn]

    def is_over(self) -> bool:
        return self.over

    def legal_actions(self, seat: int) -> list[Action]:
        legal = self._legal.get(seat)  # State's, with its lookup inlined: asked every move
        if legal is None:
            legal = self._listed(seat)
        return list(legal)

    def _listed(self, seat: int) -> list[Action]:
        """State's ``_legal_for`` with ``to_act`` read as what it is (the seat to move),
        not through the property: asked on every move."""
        legal = self._legal_actions(seat) if not self.over and seat == self.turn else []
        self._legal[seat] = legal
        return legal

    def apply(self, seat: int, action: Action | Mapping[str, Any]) -> list[Event]:
        """As ``State.apply``, and a play may name other copies of the listed cards that
        the seat holds, or leave the jokers' reading to the engine (GD-10)."""
        if not isinstance(action, tuple) and isinstance(action, Mapping):
            action = self.gdy.action_from_json(action)
        if type(seat) is not int or self.over or seat != self.turn:
            self._check_seat(seat)  # raises: the seat may not act now
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._listed(seat)
        for listed in legal:  # the usual case, a listed action itself: nothing to check
            if listed is action:
                break
        else:
            if action not in legal or not self._holds(seat, action):
                resolved = self._resolve(seat, action, legal)
                if isinstance(resolved, str):
                    raise IllegalAction(resolved)
                action = resolved
        self._legal = {}
        return self._apply(seat, action)

    def _legal_actions(self, seat: int) -> list[Action]:
        target = self.to_beat[2] if self.to_beat else None
        candidates = legal_plays(self.counts[seat], self.jokers[seat], target, self.rules)
        if not candidates:
            return [] if target is None else [PASS]
        out: list[Action] = [] if target is None else [PASS]
        _spell(candidates, self.codes[seat], self.wild[seat], out)
        return out

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Pass):
            return self._pass(seat)
        return self._play(seat, action)

    def _why_illegal(self, seat: int, action: Action) -> str:
        resolved = self._resolve(seat, action, self._legal_for(seat))
        return resolved if isinstance(resolved, str) else "That move is not allowed now"

    # -- playing -------------------------------------------------------------------
    def _play(self, seat: int, play: Play) -> list[Event]:
        # Unpacked once: each field read of a NamedTuple is a type lookup and a call.
        cards, reading = play
        key = (reading, len(cards))
        kind = self.gdy.kinds.get(key)
        if kind is None:
            kind = self.kind_of(play)
        ktype, rank, length = kind
        hand = self.hands[seat]
        counts = self.counts[seat]
        codes = self.codes[seat]
        for card in cards:
            hand.remove(card)
            r = RANK_OF.get(card)
            if r is None:
                self.jokers[seat] -= 1
                self.wild[seat] = _without(self.wild[seat], card)
            else:
                counts[r] -= 1
                codes[r] = _without(codes[r], card)
        self.played += cards
        self.plays[seat] += 1
        if ktype in BOMBS:
            self.bombs += 1
        self.to_beat = (seat, play, kind)
        self.passes = 0
        self.trick.append((seat, play, kind))
        data = {  # play_json's keys, written out: every play makes one
            "seat": seat,
            "cards": list(cards),
            "as": list(reading),
            "kind": ktype,
            "rank": ORDER[rank] if rank >= 0 else None,
            "length": length,
            "left": len(hand),
        }
        events = [_event(Event, ("play", data, None))]
        if not hand:  # GD-15: the first to empty their hand wins at once
            return events + self._end_hand(seat)
        self.turn = (seat + 1) % self.players
        return events

    def _pass(self, seat: int) -> list[Event]:
        self.trick.append((seat, None, None))
        passes = self.passes = self.passes + 1
        n = self.players
        events = [_event(Event, ("pass", {"seat": seat}, None))]
        if passes == n - 1:  # GD-12: everyone else has passed
            return events + self._end_trick()
        self.turn = (seat + 1) % n
        return events

    def _end_trick(self) -> list[Event]:
        assert self.to_beat is not None
        winner = self.to_beat[0]
        n = self.players
        events = [_event(Event, ("trick_won", {"seat": winner}, None))]
        # GD-12: the winner draws first, then the others in seat order; GD-13: while the
        # talon lasts.
        order = range(winner, winner + n) if self.gdy.draw_everyone else (winner,)
        talon = self.talon
        for s in order:
            if not talon:
                break
            seat = s % n
            card = talon.pop()
            self._give(seat, card)
            events.append(
                _event(Event, ("draw", {"seat": seat, "talon": len(talon)}, {seat: {"card": card}}))
            )
        self.to_beat = None
        self.passes = 0
        self.trick = []
        return events + self._start_trick(winner)

    def _start_trick(self, leader: int) -> list[Event]:
        """GD-14: a leader holding a lone joker cannot lead and passes the lead on. If nobody
        can lead, nobody will ever play again: the hand is dead."""
        events: list[Event] = []
        n = self.players
        for _ in range(n):
            hand = self.hands[leader]
            if len(hand) > 1 or hand[0] not in JOKERS:
                self.leader = self.turn = leader
                return events
            following = (leader + 1) % n
            events.append(Event("lead_passed", {"seat": leader, "to": following}))
            leader = following
        return events + self._end_hand(None)

    def _give(self, seat: int, card: str) -> None:
        self.hands[seat].append(card)
        r = RANK_OF.get(card)
        if r is None:
            self.jokers[seat] += 1
            self.wild[seat] = tuple(sorted((*self.wild[seat], card)))
        else:
            self.counts[seat][r] += 1
            codes = self.codes[seat]
            codes[r] = tuple(sorted((*codes[r], card)))

    # -- hands and the series ------------------------------------------------------
    def deal(self, deck: Sequence[str], dealer: int) -> list[Event]:
        """GD-4: whole hands in seat order from the top of ``deck`` (the dealer's 6, the
        others' 5); the rest is the talon. GD-5: the dealer leads."""
        n = self.players
        at = 0
        for seat in range(n):
            size = 6 if seat == dealer else 5
            self.set_hand(seat, deck[at : at + size])
            at += size
        self.talon = list(reversed(deck[at:]))
        self.dealer = dealer
        self.to_beat = None
        self.passes = 0
        self.trick = []
        self.played = []
        self.bombs = 0
        self.plays = [0] * n
        deal = Event(
            "deal",
            {
                "hand_no": self.hand_no + 1,
                "dealer": dealer,
                "counts": [len(h) for h in self.hands],
                "talon": len(self.talon),
            },
            {seat: {"hand": sort_cards(self.hands[seat])} for seat in range(n)},
        )
        return [deal, *self._start_trick(dealer)]

    def set_hand(self, seat: int, cards: Sequence[str]) -> None:
        self.hands[seat] = list(cards)
        # Only the ranks held are touched (a hand holds a few): every sample of a search
        # sets each hand, and thirteen lists to make thirteen tuples cost more than this.
        codes: list[tuple[str, ...]] = [()] * 13
        counts = [0] * 13
        wild: list[str] = []
        for card in sorted(cards):
            r = RANK_OF.get(card)
            if r is None:
                wild.append(card)
            else:
                codes[r] += (card,)
                counts[r] += 1
        self.codes[seat] = codes
        self.wild[seat] = tuple(wild)
        self.counts[seat] = counts
        self.jokers[seat] = len(wild)

    def _end_hand(self, winner: int | None) -> list[Event]:
        """GD-16: every other player pays the winner; GD-17: the next hand, dealt by the
        winner, or the end of the game."""
        n = self.players
        payments = [0] * n
        losers = []
        if winner is not None:
            for seat in range(n):
                if seat == winner:
                    continue
                hand = self.hands[seat]
                shut = is_shut_out(seat == self.dealer, self.plays[seat])
                pays = hand_payment(hand, self.bombs, shut, self.gdy.scoring)
                payments[seat] -= pays
                payments[winner] += pays
                jokers, twos = sum(1 for c in hand if c in JOKERS), self.counts[seat][TWO]
                losers.append(
                    {
                        "seat": seat,
                        "cards": len(hand),
                        "jokers": jokers,
                        "twos": twos,
                        "shut_out": shut,
                        "pays": pays,
                        # the multipliers behind ``pays`` (cards × their product, capped)
                        "factors": factors(jokers, twos, self.bombs, shut, self.gdy.scoring),
                    }
                )
        for seat in range(n):
            self.totals[seat] += payments[seat]
        result = {
            "hand_no": self.hand_no + 1,
            "dealer": self.dealer,
            "winner": winner,
            "bombs": self.bombs,
            "payments": payments,
            "hands": [sort_cards(h) for h in self.hands],
            "losers": losers,
        }
        self.results.append(result)
        # The receiver's own copy, as copy_result makes it for the structure just built
        # (a rollout that ends a hand paid for copy.deepcopy's interpreted walk).
        events = [Event("hand_over", copy_result(result))]
        if self.hand_no + 1 < self.gdy.hand_count:
            self.hand_no += 1
            deck = self.gdy.shuffled_deck(
                self.next_decks.pop(0) if self.next_decks else None, self._random()
            )
            return events + self.deal(deck, self.dealer if winner is None else winner)
        self.over = True
        return [*events, Event("game_over", {"totals": list(self.totals)})]

    def _random(self) -> random.Random:
        """The state's own generator, copied off first if a clone still shares it."""
        if self.rng is None:  # not made yet: this state and its clones each make their own
            self.rng, self.rng_shared = random.Random(self.rng_seed), False
        elif self.rng_shared:
            own = random.Random.__new__(random.Random)
            own.setstate(self.rng.getstate())
            self.rng, self.rng_shared = own, False
        return self.rng

    # -- reading what a player meant -------------------------------------------------
    def kind_of(self, play: Play) -> Kind:
        """The type of a legal play (its reading is complete, or it is a joker bomb)."""
        key = (play.reading, len(play.cards))
        kind = self.gdy.kinds.get(key)
        if kind is None:
            kind = classify_reading(play.reading, len(play.cards), self.rules)
            assert kind is not None
            self.gdy.kinds[key] = kind
        return kind

    def _holds(self, seat: int, action: Action) -> bool:
        if isinstance(action, Pass):
            return True
        hand = self.hands[seat]
        cards = action.cards
        if type(cards) is not tuple or type(action.reading) is not tuple:
            return False  # a hand-built play in another spelling: _resolve normalises it
        if len(cards) == 1:
            return cards[0] in hand
        return all(hand.count(card) >= cards.count(card) for card in cards)

    def _resolve(self, seat: int, action: object, legal: list[Action]) -> Action | str:
        """The legal action ``action`` means, or a player-facing reason why there is none."""
        target = self.to_beat[2] if self.to_beat else None
        if isinstance(action, Pass):
            return "You cannot pass: you lead this trick"
        if not isinstance(action, Play):
            return "That is not a Gan Deng Yan action: play some cards or pass"
        cards, reading = action
        if not isinstance(cards, tuple | list) or not all(isinstance(c, str) for c in cards):
            return "A play lists its cards as card codes such as 5h or RJ"
        if not isinstance(reading, tuple | list) or not all(isinstance(r, str) for r in reading):
            return "A play's reading lists ranks such as 5 or T"
        cards, reading = tuple(cards), tuple(reading)
        if not cards:
            return "A play needs at least one card"
        for card in cards:
            if not is_card_code(card):
                return f"{card!r} is not a card (cards are written like 5h, Td or RJ)"
        hand = self.hands[seat]
        for card, k in Counter(cards).items():
            held = hand.count(card)
            if held < k:
                if not held:
                    return f"You do not hold {card}"
                return f"You hold only {'one' if held == 1 else held} {card}, not {k}"
        if len(cards) == 1 and cards[0] in JOKERS:
            return LONE_JOKER
        problem = reading_problem(cards, reading)
        if problem:
            return problem
        play = canonical(cards, reading)
        if not play.reading and play.jokers < len(play.cards):
            return self._highest(play, legal, target)
        if play in legal:
            return play
        kind = classify_reading(play.reading, len(play.cards), self.rules)
        if kind is None:
            return self._no_shape(play)
        return self._does_not_beat(kind, target)

    def _highest(self, play: Play, legal: list[Action], target: Kind | None) -> Action | str:
        """GD-10: with no reading given, the highest legal reading of these cards."""
        naturals = sorted(card_rank(c) for c in play.cards if c not in JOKERS)
        options = [
            a
            for a in legal
            if isinstance(a, Play)
            and len(a.cards) == len(play.cards)
            and a.jokers == play.jokers
            and sorted(card_rank(c) for c in a.cards if c not in JOKERS) == naturals
        ]
        if not options:
            if target is None:
                return "These cards make no play, whatever the jokers stand for"
            return f"These cards cannot beat {describe_kind(target)}, whatever the jokers stand for"
        best = max(options, key=lambda a: reading_strength(self.kind_of(a), self.rules))
        joker_reads = iter(r for c, r in zip(best.cards, best.reading, strict=True) if c in JOKERS)
        reading = [next(joker_reads) if c in JOKERS else c[0] for c in play.cards]
        return canonical(play.cards, reading)

    def _no_shape(self, play: Play) -> str:
        reads = sorted(RANK_INDEX[r] for r in play.reading)
        shown = " ".join(rank_name(r) for r in reads)
        if len(set(reads)) > 1 and reads[-1] == TWO:
            return f"{shown} is not a play: a 2 is never part of a straight or of consecutive pairs"
        counts = Counter(reads)
        if set(counts.values()) == {2} and reads[-1] - reads[0] + 1 == len(counts):
            return (
                f"{shown} is not a play: consecutive pairs need at least "
                f"{self.rules.min_pairs} pairs at this table"
            )
        return (
            f"{shown} is not a play: play a single card, a pair, three of a kind, a straight, "
            "consecutive pairs or a bomb"
        )

    def _does_not_beat(self, kind: Kind, target: Kind | None) -> str:
        if target is None or beats(kind, target, self.rules):
            return "That play is not allowed now"
        mine, theirs = describe_kind(kind), describe_kind(target)
        mine = mine[0].upper() + mine[1:]
        if target.type in BOMBS:
            return f"{mine} does not beat {theirs}: only a bigger bomb does"
        if target.rank == TWO:
            return f"{mine} does not beat {theirs}: nothing but a bomb beats a 2"
        if kind.type != target.type or kind.length != target.length:
            return f"{mine} does not answer {theirs}: play {shape(target)} or a bomb"
        higher = Kind(target.type, target.rank + 1, target.length)
        if target.type in SETS.values():
            answers = [describe_kind(higher)]
            if higher.rank != TWO:
                answers.append(describe_kind(Kind(target.type, TWO, target.length)))
            answer = " or ".join(answers)
        elif higher.top > RANK_INDEX["A"]:
            return f"{mine} does not beat {theirs}: only a bomb does"
        else:
            answer = describe_kind(higher)
        return f"{mine} does not beat {theirs}: play exactly one rank higher ({answer}) or a bomb"

    # -- what seats see -------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        view = self._base_view(seat)
        view.update(
            {
                "hand_no": self.hand_no + 1,
                "hand_count": self.gdy.hand_count,
                "dealer": self.dealer,
                "leader": self.leader,
                "turn": None if self.over else self.turn,
                "hand": None if seat is None else sort_cards(self.hands[seat]),
                "counts": [len(h) for h in self.hands],
                "talon": len(self.talon),
                "to_beat": self._shown_to_beat(),
                "passes": self.passes,
                "trick": [self._shown_entry(e) for e in self.trick],
                "played": list(self.played),
                "bombs": self.bombs,
                "plays": list(self.plays),
                "totals": list(self.totals),
                "results": [copy_result(r) for r in self.results],
            }
        )
        return view

    def _shown_to_beat(self) -> dict[str, Any] | None:
        if self.to_beat is None:
            return None
        seat, play, kind = self.to_beat
        return {"seat": seat, **play_json(play, kind)}

    @staticmethod
    def _shown_entry(entry: TrickEntry) -> dict[str, Any]:
        seat, play, kind = entry
        if play is None or kind is None:
            return {"seat": seat, "pass": True}
        return {"seat": seat, **play_json(play, kind)}

    def full_view(self) -> View:
        view = self.view(None)
        view["hands"] = [sort_cards(h) for h in self.hands]
        view["talon_cards"] = list(reversed(self.talon))
        return view

    def all_cards(self) -> list[str]:
        cards = [c for hand in self.hands for c in hand]
        return cards + self.talon + self.played

    def _outcome(self) -> Outcome:
        best = max(self.totals)
        winners = tuple(s for s in range(self.players) if self.totals[s] == best)
        return Outcome(
            tuple(float(t) for t in self.totals),
            winners,
            {"totals": list(self.totals), "hands": copy.deepcopy(self.results)},
        )

    def clone(self) -> GanDengYanState:
        other = GanDengYanState.__new__(GanDengYanState)
        other.__dict__.update(self.__dict__)
        # Copying a Mersenne Twister costs more than the rest of the clone, and most clones
        # (a bot's look-ahead) never deal again: share it, and copy it before first use.
        self.rng_shared = other.rng_shared = True
        other.hands = [list(h) for h in self.hands]
        other.counts = [list(c) for c in self.counts]
        other.jokers = list(self.jokers)
        other.talon = list(self.talon)
        other.trick = list(self.trick)
        other.played = list(self.played)
        other.plays = list(self.plays)
        other.totals = list(self.totals)
        other.results = list(self.results)  # entries are never changed once written
        other.next_decks = list(self.next_decks)
        other.codes = [list(c) for c in self.codes]  # the tuples inside are immutable
        other.wild = list(self.wild)
        other._legal = {}
        return other
