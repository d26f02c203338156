"""What one seat knows at a Cabo table, as plain numbers: the ``Table`` every Cabo bot
decides from.

``from_view`` reads it from a seat's JSON view (the heuristic players); ``from_sample``
reads it from a sampled state inside a search (the search's own imagination, drawn from
the bot's view), using only the knowledge bits of the acting seat, so a rollout player
never plays with cards it has not seen."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.games.cabo.state import CaboState

# CA-1: two 0s, four each of 1–12, two 13s.
BASE_COUNTS: tuple[int, ...] = (2, *(4,) * 12, 2)
DECK_SUM = sum(v * n for v, n in enumerate(BASE_COUNTS))  # 338
DECK_SQUARES = sum(v * v * n for v, n in enumerate(BASE_COUNTS))
KAMIKAZE = (12, 12, 13, 13)


@dataclass(frozen=True, slots=True)
class Rules:
    """The table options a bot needs that a view does not carry."""

    kamikaze: bool = True
    caller_penalty: int = 10
    lock_caller: bool = False
    target: int = 100

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Rules:
        return cls(
            bool(options.get("kamikaze", True)),
            int(options.get("caller_penalty", 10)),
            bool(options.get("lock_caller", False)),
            int(options.get("target", 100)),
        )


class Table:
    """One seat's knowledge. ``rows[s][i]`` is a card's number when this seat knows it,
    else ``None``; ``owner_knows[s][i]`` says whether seat ``s`` has seen its own card
    (public knowledge: everybody watches who looks at what). Compiled, an extension type
    (knowledge.pxd): a rollout makes one at every decision and the heuristic reads its
    fields, a struct read instead of a look-up on the class."""

    me: int
    players: int
    phase: str
    rows: list[list[int | None]]
    owner_knows: list[list[bool]]
    top: int | None  # the top discard
    holding: int | None  # the card this seat holds (drawn or taken), when it is this seat's
    from_deck: bool
    power: str | None
    caller: int | None
    final_turns: int
    deck: int
    reshuffles: int  # the deck's refills this round (deck_out=reshuffle)
    totals: list[int]
    pool: list[int]  # per number, how many cards this seat has not seen
    rules: Rules

    def __init__(
        self,
        me: int,
        players: int,
        phase: str,
        rows: list[list[int | None]],
        owner_knows: list[list[bool]],
        top: int | None,
        holding: int | None,
        from_deck: bool,
        power: str | None,
        caller: int | None,
        final_turns: int,
        deck: int,
        reshuffles: int,
        totals: list[int],
        pool: list[int],
        rules: Rules,
    ) -> None:
        # Written out (it was a dataclass's): every rollout decision makes a table.
        self.me = me
        self.players = players
        self.phase = phase
        self.rows = rows
        self.owner_knows = owner_knows
        self.top = top
        self.holding = holding
        self.from_deck = from_deck
        self.power = power
        self.caller = caller
        self.final_turns = final_turns
        self.deck = deck
        self.reshuffles = reshuffles
        self.totals = totals
        self.pool = pool
        self.rules = rules

    @property
    def unseen(self) -> int:
        return max(sum(self.pool), 1)

    def mean(self) -> float:
        """The expected number of a card this seat has not seen."""
        pool = self.pool
        total = count = 0
        for v in range(len(pool)):  # an index loop in C integers: read every decision
            n = pool[v]
            total += v * n
            count += n
        return total / max(count, 1)  # max(count, 1) is ``unseen``

    def variance(self) -> float:
        pool = self.pool
        count = total = squares = 0
        for v in range(len(pool)):
            c = pool[v]
            count += c
            total += v * c
            squares += v * v * c
        n = max(count, 1)  # ``unseen``
        mean = total / n
        return max(squares / n - mean * mean, 1.0)


def _pool(rows: list[list[int | None]], shown: list[int]) -> list[int]:
    # Counted in C integers (knowledge.pxd), a list made once: read at every decision.
    counts = list(BASE_COUNTS)
    for row in rows:
        for card in row:
            if card is not None:
                c: int = card
                counts[c] -= 1
    for c in shown:
        counts[c] -= 1
    return [max(n, 0) for n in counts]


def from_view(
    view: Mapping[str, Any], rules: Rules, forget: Collection[tuple[int, int]] = ()
) -> Table:
    """The knowledge in ``view``. ``forget`` lists (seat, slot) positions the player has
    lost track of (a beginner's memory): they read as unknown."""
    me = int(view["seat"])
    rows: list[list[int | None]] = []
    owner_knows: list[list[bool]] = []
    for owner, slots in enumerate(view["rows"]):
        row: list[int | None] = []
        knows: list[bool] = []
        for i, slot in enumerate(slots):
            code = slot["card"]
            row.append(None if code is None or (owner, i) in forget else int(code))
            knows.append(owner in slot["seen_by"])
        rows.append(row)
        owner_knows.append(knows)
    discard = [int(code) for code in view["discard"]]
    shown = list(discard)
    holding = None
    held = view["holding"]
    if held is not None and held["card"] is not None:
        shown.append(int(held["card"]))
        if held["seat"] == me:
            holding = int(held["card"])
    return Table(
        me,
        int(view["players"]),
        str(view["phase"]),
        rows,
        owner_knows,
        discard[-1] if discard else None,
        holding,
        held is not None and held["from"] == "deck",
        view["power"],
        view["caller"],
        int(view["final_turns"]),
        int(view["deck"]),
        int(view["reshuffles"]),
        [int(t) for t in view["totals"]],
        _pool(rows, shown),
        rules,
    )


def from_sample(state: CaboState, seat: int, rules: Rules) -> Table:
    """The knowledge of ``seat`` in a sampled Cabo state (read through its knowledge bits)."""
    bit = 1 << seat
    rows: list[list[int | None]] = []
    owner_knows: list[list[bool]] = []
    knowns: list[list[int]] = state.known
    cards: list[list[int]] = state.rows
    # Index loops: a rollout reads a Table at every decision (compiled, C integers; and
    # zip(strict=True) would be a keyword call each time).
    for owner in range(len(knowns)):
        known, row, owner_bit = knowns[owner], cards[owner], 1 << owner
        seen: list[int | None] = []
        knows: list[bool] = []
        for i in range(len(row)):
            mask = known[i]
            seen.append(row[i] if mask & bit else None)
            knows.append(mask & owner_bit != 0)
        rows.append(seen)
        owner_knows.append(knows)
    discard: list[int] = state.discard
    shown = list(discard)
    holding = state.holding
    from_deck = bool(state.from_deck)
    if holding is not None and (not from_deck or state.turn == seat):
        shown.append(holding)
        holding = holding if state.turn == seat else None
    else:
        holding = None
    return Table(
        seat,
        state.players,
        state.phase,
        rows,
        owner_knows,
        discard[-1] if discard else None,
        holding,
        from_deck,
        state.power,
        state.caller,
        state.final_left,
        len(state.deck),
        state.reshuffles,
        state.totals,
        _pool(rows, shown),
        rules,
    )
