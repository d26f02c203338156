"""Words and pictures for people: a plain-text table drawn from one seat's view (for
``cardtable play cambio``) and one line per event. Slots are numbered from 1, as in the
rules; seats keep their 0-based numbers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cardtable.core.cards import JOKERS, pretty
from cardtable.core.words import Person, names, plural
from cardtable.games.cambio.actions import Action, Peek, Position, Snap, Swap
from cardtable.games.cambio.state import HIDDEN

# What a power step lets its user do; {their} is "their" or "your" (the user as the reader
# names them), so a bot's power does not read as the reader's.
STEP_WORDS = {
    "peek_own": "peek at one of {their} own cards",
    "peek_opponent": "peek at one card of an opponent",
    "swap": "swap any two cards on the table, unseen",
    "king_peek": "peek at any card on the table (then swap)",
    "king_swap": "swap one of {their} cards with any other card",
    "king_either": "peek at any card, or swap one of {their} cards with any other (either first)",
    "king_peek_last": "peek at any card on the table",
}

END_WORDS = {
    "cambio": "Cambio was called and everyone had a last turn",
    "empty_hand": "a player has no cards left",
    "deck_exhausted": "a card had to be drawn and none was left",
}


def _card(code: str | None) -> str:
    """A table cell: ``10♦``, ``RJk`` / ``BJk`` for the jokers, ``??`` face down, ``--``
    for an empty slot; at most three characters so the columns line up."""
    if code is None:
        return "--"
    if code == HIDDEN:
        return HIDDEN
    if code in JOKERS:
        return code + "k"
    return pretty(code)


def _seat(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def render(view: Mapping[str, Any]) -> str:
    """The table as ``view["seat"]`` sees it: your known cards, everyone's face-down
    slots, the piles, whose turn it is, and the scores once the round is over. With
    ``memory_aid`` off, remembered cards are drawn face down: you keep them in your head."""
    me: int | None = view["seat"]
    over = bool(view["over"])
    who = "spectator" if me is None else f"you are seat {me}"
    lines = [f"Cambio · {view['players']} players · {who}"]
    lines.append(_piles(view))
    for seat, hand in enumerate(view["hands"]):
        lines.append(_hand_line(view, seat, hand, me, over))
    lines.extend(_status(view, me))
    return "\n".join(lines)


def _piles(view: Mapping[str, Any]) -> str:
    pile: Sequence[str] = view["discard"]
    below = len(pile) - 1
    line = f"Deck: {plural(view['deck'], 'card')} · Discard: {pretty(pile[-1])} on top"
    if below:
        line += f" ({below} below)"
    if view["snappable"]:
        line += " · can be snapped"
    return line


CELLS_PER_LINE = 8


def _hand_line(
    view: Mapping[str, Any], seat: int, hand: Sequence[str | None], me: int | None, over: bool
) -> str:
    aid = bool(view["memory_aid"]) or over
    cells = [
        f"{i + 1}:{_card(card if aid or card is None else HIDDEN)}".ljust(7)
        for i, card in enumerate(hand)
    ]
    name = f"seat {seat}" + (" (you)" if seat == me else "")
    if view["caller"] == seat:
        name += ", caller"
    mark = "▶" if seat == view["turn"] and not over else " "
    head = f"  {mark} {name:<20} "
    rows = [" ".join(cells[k : k + CELLS_PER_LINE]) for k in range(0, len(cells), CELLS_PER_LINE)]
    lines = [head + rows[0]] + [" " * len(head) + row for row in rows[1:]]
    return "\n".join(line.rstrip() for line in lines)


def _status(view: Mapping[str, Any], me: int | None) -> list[str]:
    phase = view["phase"]
    turn = view["turn"]
    lines: list[str] = []
    if view["over"]:
        scores = view["scores"]
        best = min(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
        lines.append(f"Round over: {END_WORDS.get(view['end'], view['end'])}.")
        lines.append("Scores: " + ", ".join(f"seat {s} {v}" for s, v in enumerate(scores)))
        names = " and ".join(_seat(s, me) for s in winners)
        lines.append(f"Lowest total wins: {names}.")
        return lines
    if view["caller"] is not None:
        lines.append(f"Cambio was called by {_seat(view['caller'], me)}: last turns.")
    give = view["give"]
    if give is not None:
        to_seat, to_slot = give["to"]
        giver = Person(give["seat"], me)
        lines.append(
            f"{giver.name} snapped {Person(to_seat, me).possessive} card and now "
            f"{giver.verb('gives')} one of {giver.their} cards into that slot {to_slot + 1}."
        )
    elif phase == "setup":
        left = view["setup_peeks"]
        if me is not None and left[me]:
            lines.append(f"Set-up: look at {left[me]} of your cards.")
        else:
            lines.append("Set-up: the players are looking at two of their cards.")
    elif phase == "turn":
        # After a call nobody may call again: the line names only what is left.
        moves = "draw a card" if view["caller"] is not None else "draw a card or call Cambio"
        lines.append(f"{_seat(turn, me).capitalize()} to play: {moves}.")
    elif phase == "drawn":
        drawn = view["drawn"]
        if drawn not in (None, HIDDEN):
            lines.append(f"You drew {pretty(drawn)}: keep it in a slot or discard it.")
        else:
            lines.append(f"{Person(turn, me).does('holds')} a drawn card.")
    elif phase == "power":
        user = Person(turn, me)
        step = STEP_WORDS.get(view["step"], view["step"]).format(their=user.their)
        lines.append(
            f"{Person(turn, me).does('uses')} the {pretty(view['power'])}: {step} (or skip)."
        )
    return lines


def describe_event(event: Mapping[str, Any], me: int | None = None) -> str:
    """One line for an event as seat ``me`` sees it (``Event.for_seat``): a private card is
    named only when it is part of that seat's version, and ``me`` is "you"."""
    kind = event.get("type")
    actor = Person(event.get("seat", -1), me)  # every event with an actor names its seat
    who = actor.name
    card = event.get("card")
    if kind == "draw":
        return f"{who} drew {pretty(card)}" if card else f"{who} drew a card"
    if kind == "discard":
        return f"{who} discarded {pretty(card or '')}"
    if kind == "replace":
        return (
            f"{who} kept the drawn card in slot {event['slot'] + 1} "
            f"and discarded {pretty(card or '')}"
        )
    if kind == "power":
        return f"{actor.does('uses')} the power of {pretty(card or '')}"
    if kind == "peek":
        seen = f": it is {pretty(card)}" if card else ""
        return f"{who} peeked at {_whose(event, event['target'], me)}{seen}"
    if kind == "swap":
        (s, i), (t, j) = event["a"], event["b"]
        a, b = Person(s, me).possessive, Person(t, me).possessive
        return f"{who} swapped {a} slot {i + 1} with {b} slot {j + 1}"
    if kind == "skip":
        return f"{who} skipped the power step"
    if kind == "call":
        return f"{who} called Cambio!"
    if kind == "snap":
        result = "a match" if event["success"] else "no match: a penalty card"
        target = _whose(event, event["target"], me)
        return f"{who} snapped {target}: {pretty(card or '')}, {result}"
    if kind == "penalty":
        return f"{actor.does('takes')} a penalty card into slot {event['slot'] + 1}"
    if kind == "give":
        s, i = event["to"]
        to = Person(s, me).possessive
        return f"{who} gave {actor.their} slot {event['slot'] + 1} to {to} slot {i + 1}"
    if kind == "reshuffle":
        deck = plural(event["deck"], "card")
        return f"The discard pile is shuffled into a new deck of {deck}"
    if kind == "end":
        scores = ", ".join(f"{Person(s, me).object} {v}" for s, v in enumerate(event["scores"]))
        winners = names([Person(s, me) for s in event["winners"]])
        label = "Winner" if len(event["winners"]) == 1 else "Winners"
        reason = END_WORDS.get(event["reason"], event["reason"])
        return f"Round over ({reason}): {scores}. {label}: {winners}"
    return ", ".join(f"{k}={v}" for k, v in event.items())


def _whose(event: Mapping[str, Any], target: Sequence[int], me: int | None) -> str:
    seat, slot = target
    if seat == event.get("seat"):
        owner = "your own" if seat == me else "their own"
    else:
        owner = Person(seat, me).possessive
    return f"{owner} slot {slot + 1}"


MenuPath = tuple[str, ...]


def menu_paths(legal: Sequence[Action], limit: int) -> Iterator[tuple[Action, MenuPath]]:
    """The steps in which a person picks each action in the terminal (``cli/menu.py``),
    for menus of at most ``limit`` lines: a swap card by card (either card first), a peek
    or a snap by its card; a card by its seat first when the table has more than ``limit``
    cards."""
    cards = {p for action in legal for p in _positions(action)}
    split = len(cards) > limit

    def card(position: Position) -> MenuPath:
        where = _where(position)
        return (f"seat {position[0]}'s cards", where) if split else (where,)

    for action in legal:
        if type(action) is Swap:
            assert isinstance(action, Swap)
            for first, second in ((action.a, action.b), (action.b, action.a)):
                then = (f"with seat {second[0]}'s cards",) if split else ()
                yield action, ("Swap two cards", *card(first), *then)
        elif type(action) is Peek or type(action) is Snap:
            assert isinstance(action, Peek | Snap)
            verb = "Peek at a card" if type(action) is Peek else "Snap a card"
            yield action, (verb, *card((action.seat, action.slot)))
        else:
            yield action, ()


def _positions(action: Action) -> tuple[Position, ...]:
    if type(action) is Swap:
        assert isinstance(action, Swap)
        return (action.a, action.b)
    if type(action) is Peek or type(action) is Snap:
        assert isinstance(action, Peek | Snap)
        return ((action.seat, action.slot),)
    return ()


def _where(position: Position) -> str:
    return f"seat {position[0]}'s slot {position[1] + 1}"
