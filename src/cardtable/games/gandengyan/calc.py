"""Plays and scores without a game: the classifier and readings a score calculator or a
rules page can call (GD-6 … GD-10, GD-16)."""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.core.cards import JOKERS, is_card_code

from .actions import card_rank, reading_problem
from .plays import ORDER, STANDARD, Kind, Rules, classify_reading, legal_plays, reading_strength

Reading = tuple[Kind, tuple[str, ...]]


def readings(
    cards: Iterable[str], target: Kind | None = None, rules: Rules = STANDARD
) -> list[Reading]:
    """Every way to read exactly ``cards`` as a play legal on ``target`` (``None``: a
    lead): the kind and the rank each card stands for, in the order of ``cards``. Without
    jokers there is at most one; a joker bomb's reading is empty."""
    held = list(cards)
    if not held or not all(is_card_code(c) for c in held):
        return []
    counts = [0] * 13
    for card in held:
        if card not in JOKERS:
            counts[card_rank(card)] += 1
    jokers = sum(1 for c in held if c in JOKERS)
    out: list[Reading] = []
    for kind, segments in legal_plays(counts, jokers, target, rules):
        if sum(k + j for _, k, j in segments) != len(held):
            continue
        if kind.rank < 0:
            out.append((kind, ()))
            continue
        wild = iter("".join(ORDER[r] * j for r, _, j in segments))
        out.append((kind, tuple(next(wild) if c in JOKERS else c[0] for c in held)))
    return out


def classify_cards(
    cards: Iterable[str], reading: Iterable[str] | None = None, rules: Rules = STANDARD
) -> Kind | None:
    """What ``cards`` make when read as ``reading`` (one rank per card, in order), or —
    without a reading — their highest reading (GD-10); None when they make no play.

    >>> classify_cards(["5h", "RJ", "7s"])
    Kind(type='straight', rank=2, length=3)
    """
    held = tuple(cards)
    if not held or not all(is_card_code(c) for c in held):
        return None
    if reading is not None:
        given = tuple(reading)
        if reading_problem(held, given):
            return None
        if given:
            return classify_reading(given, len(held), rules)
    if all(c in JOKERS for c in held):
        return classify_reading((), len(held), rules)
    found = readings(held, None, rules)
    if not found:
        return None
    return max((kind for kind, _ in found), key=lambda k: reading_strength(k, rules))
