"""Words for plays, events and views: menus, logs, error messages and the terminal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.cards import JOKERS, pretty
from cardtable.core.words import Person
from cardtable.core.words import plural as count_of

from .plays import (
    BOMB,
    ORDER,
    PAIR,
    PAIRS,
    RANK_INDEX,
    SINGLE,
    STRAIGHT,
    TRIPLE,
    Kind,
    kind_from_json,
)


def rank_name(rank: int) -> str:
    return "10" if ORDER[rank] == "T" else ORDER[rank]


def plural(rank: int) -> str:
    return rank_name(rank) + "s"


def describe_kind(kind: Kind) -> str:
    """``a pair of 5s``, ``a straight 4–6``, ``a joker bomb of 2``…"""
    lo = kind.rank
    if kind.type == SINGLE:
        return f"a single {rank_name(lo)}"
    if kind.type == PAIR:
        return f"a pair of {plural(lo)}"
    if kind.type == TRIPLE:
        return f"three {plural(lo)}"
    if kind.type == STRAIGHT:
        return f"a straight {rank_name(lo)}–{rank_name(kind.top)}"
    if kind.type == PAIRS:
        return f"consecutive pairs {rank_name(lo) * 2}–{rank_name(kind.top) * 2}"
    if kind.type == BOMB:
        return f"a bomb of {kind.length} {plural(lo)}"
    return f"a joker bomb of {kind.length}"


def shape(kind: Kind) -> str:
    """The type and size a play must match to answer ``kind`` (GD-7)."""
    if kind.type == STRAIGHT:
        return f"a straight of {kind.length} cards"
    if kind.type == PAIRS:
        return f"{kind.length // 2} consecutive pairs"
    return {SINGLE: "a single card", PAIR: "a pair", TRIPLE: "three of a kind"}[kind.type]


def show_cards(cards: Sequence[str], reading: Sequence[str] = ()) -> str:
    """Cards for people; a joker shows what it stands for: ``5♥ Joker(6) 7♠``."""
    out = []
    for i, card in enumerate(cards):
        if card in JOKERS and i < len(reading):
            out.append(f"Joker({rank_name(RANK_INDEX[reading[i]])})")
        elif card in JOKERS:
            out.append("Joker")
        else:
            out.append(pretty(card))
    return " ".join(out)


def describe_shown_play(data: Mapping[str, Any]) -> str:
    """A play as the view and the events show it (``cards``, ``as``, ``kind`` …)."""
    kind = kind_from_json(data)
    return f"{describe_kind(kind)} ({show_cards(data['cards'], data.get('as') or ())})"


def describe_event(event: Mapping[str, Any], me: int | None = None) -> str:
    """One line for an event as seat ``me`` sees it; ``me``'s seat is "you"."""
    kind = event.get("type")
    actor = Person(event.get("seat", -1), me)  # every event with an actor names its seat
    if kind == "play":
        return f"{actor.does('plays')} {describe_shown_play(event)}"
    if kind == "pass":
        return actor.does("passes")
    if kind == "trick_won":
        return f"{actor.does('wins')} the trick"
    if kind == "draw":
        card = event.get("card")
        what = show_cards([card]) if isinstance(card, str) else "a card"
        return f"{actor.does('draws')} {what} ({event.get('talon')} left in the talon)"
    if kind == "lead_passed":
        to = Person(event.get("to", -1), me).object
        return f"{actor.does('holds')} only a joker and {actor.verb('passes')} the lead to {to}"
    if kind == "deal":
        mine = event.get("hand")
        dealer = Person(event.get("dealer", -1), me)
        text = f"Hand {event.get('hand_no')}: {dealer.object} {dealer.verb('deals')}"
        return text + (f"; you get {show_cards(mine)}" if isinstance(mine, list) else "")
    if kind == "hand_over":
        return _describe_result(event, me)
    if kind == "game_over":
        return "Game over: totals " + " / ".join(_signed(t) for t in event.get("totals", []))
    return ", ".join(f"{k}={v}" for k, v in event.items())


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _describe_result(result: Mapping[str, Any], me: int | None = None) -> str:
    winner = result.get("winner")
    if winner is None:
        return f"Hand {result.get('hand_no')} is dead: nobody can play, nobody pays"
    parts = []
    for loser in result.get("losers", []):
        who = Person(loser["seat"], me)
        how = breakdown(loser, result.get("bombs", 0))
        parts.append(f"{who.object} {who.verb('pays')} {loser['pays']} ({how})")
    return f"{Person(winner, me).does('wins')} hand {result.get('hand_no')}: " + ", ".join(parts)


def breakdown(loser: Mapping[str, Any], bombs: int) -> str:
    """How a loser's payment was reached (GD-16): ``5 cards × 4 (2 bombs) × 2 (shut
    out)``, and ``, capped`` when the table's cap cut it; as the results panel shows it."""
    why = {
        "bombs": count_of(bombs, "bomb"),
        "jokers": count_of(loser.get("jokers", 0), "joker") + " left",
        "twos": count_of(loser.get("twos", 0), "2") + " left",
        "shut_out": "shut out",
    }
    text = count_of(loser["cards"], "card")
    product = loser["cards"]
    for name, times in (loser.get("factors") or {}).items():
        text += f" × {times} ({why.get(name, name)})"
        product *= times
    return text + (", capped" if product != loser["pays"] else "")


def render_view(view: Mapping[str, Any], title: str) -> str:
    """A plain-text picture of a seat's view (``cardtable play``)."""
    me = view.get("seat")
    lines = [
        f"{title} · hand {view['hand_no']} of {view['hand_count']} · dealer: seat {view['dealer']}",
        f"Talon: {count_of(view['talon'], 'card')} · bombs this hand: {view['bombs']}",
    ]
    for seat, count in enumerate(view["counts"]):
        who = f"Seat {seat}" + (" (you)" if seat == me else "")
        plays = view["plays"][seat]
        lines.append(
            f"  {who}: {count_of(count, 'card')} · {count_of(plays, 'play')} · "
            f"total {_signed(view['totals'][seat])}"
        )
    if view.get("hand") is not None:
        lines.append(f"Your hand: {show_cards(view['hand'])}")
    beat = view.get("to_beat")
    if beat:
        by = Person(beat["seat"], me).object
        lines.append(f"To beat: {describe_shown_play(beat)} by {by}")
    elif not view["over"]:
        lines.append(f"{Person(view['leader'], me).does('leads')} a new trick")
    for result in view.get("results", [])[-1:]:
        lines.append("Last hand: " + _describe_result(result, me))
    if view["over"]:
        lines.append("Game over")
    elif view["turn"] == me:
        lines.append("Your turn")
    else:
        lines.append(f"Waiting for seat {view['turn']}")
    return "\n".join(lines)
