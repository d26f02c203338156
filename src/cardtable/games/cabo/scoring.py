"""Cabo's scoring as pure functions of card numbers (CA-15 – CA-17), shared by the engine
and anything that only needs the arithmetic (a score-calculator page, bots, tests)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.cabo.cards import KAMIKAZE_HAND

KAMIKAZE_OTHERS = 50  # CA-15: what everyone else scores when one player has Kamikaze
RESETS = ("once", "always", "off")


def kamikaze_seat(rows: Sequence[Sequence[int]]) -> int | None:
    """The seat whose cards are exactly 12, 12, 13, 13, if any (only one can be: there are
    two 13s)."""
    for seat, row in enumerate(rows):
        # 50 is the highest sum four cards can make, and only 12, 12, 13, 13 make it; the
        # sorted comparison keeps this right for any deck.
        if len(row) == 4 and sum(row) == 50 and tuple(sorted(row)) == KAMIKAZE_HAND:
            return seat
    return None


def round_scores(
    rows: Sequence[Sequence[int]],
    caller: int | None = None,
    *,
    caller_penalty: int = 10,
    kamikaze: bool = True,
) -> list[int]:
    """Each seat's score for a round from its revealed cards (CA-15).

    Kamikaze overrides everything: 0 for its holder, 50 for everyone else. Otherwise each
    seat scores the sum of its cards, except the caller: 0 if that sum is the lowest or
    tied for lowest, else the sum plus ``caller_penalty``."""
    if kamikaze:
        hero = kamikaze_seat(rows)
        if hero is not None:
            return [0 if seat == hero else KAMIKAZE_OTHERS for seat in range(len(rows))]
    sums = [sum(row) for row in rows]
    scores = list(sums)
    if caller is not None:
        mine = sums[caller]
        scores[caller] = 0 if mine <= min(sums) else mine + caller_penalty
    return scores


def add_round(
    totals: Sequence[int],
    scores: Sequence[int],
    resets_used: Sequence[bool],
    *,
    target: int = 100,
    reset: str = "once",
) -> tuple[list[int], list[bool], list[int]]:
    """The new totals after a round (CA-16): a total of exactly ``target`` drops to half of
    it — once per player per game (``once``), every time (``always``) or never (``off``).

    Returns the new totals, the new per-seat "reset used" flags and the seats reset now."""
    if reset not in RESETS:
        raise ValueError(f"reset must be one of {', '.join(RESETS)}, not {reset!r}")
    new_totals: list[int] = []
    used = list(resets_used)
    reset_now: list[int] = []
    for seat, (total, score) in enumerate(zip(totals, scores, strict=True)):
        total += score
        if total == target and (reset == "always" or (reset == "once" and not used[seat])):
            total = target // 2
            used[seat] = True
            reset_now.append(seat)
        new_totals.append(total)
    return new_totals, used, reset_now


def passed_target(totals: Sequence[int], target: int = 100) -> bool:
    """CA-17: the game ends after a round in which some total exceeds the target."""
    return any(total > target for total in totals)


def winners(totals: Sequence[int]) -> list[int]:
    """CA-17: the seats with the lowest total (ties share the win)."""
    best = min(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def round_winner(scores: Sequence[int], totals: Sequence[int]) -> int:
    """CA-5: who starts the next round — the lowest round score; on a tie the tied seat
    with the lowest total (after this round), then the lowest seat."""
    return min(range(len(scores)), key=lambda seat: (scores[seat], totals[seat], seat))
