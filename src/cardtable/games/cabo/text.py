"""Words for Cabo: one line per event, and a plain-text picture of a seat's view for the
terminal. Both read only what they are given (an event or a view as a seat sees it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.words import Person, agrees, names, plural

UNKNOWN = "?"
# What a player's power lets them do, for event lines; {their} is "their" or "your".
POWER_DEEDS = {
    "peek": "look at one of {their} own cards",
    "spy": "look at one card of another player",
    "swap": "swap one of {their} cards with another player's",
}


def _seats(seats: Sequence[int], me: int | None = None) -> str:
    return names([Person(s, me) for s in seats])


def _numbers(values: Sequence[Any]) -> str:
    return ", ".join(str(v) for v in values)


def describe_event(event: Mapping[str, Any], me: int | None = None) -> str:
    """One line for an event as seat ``me`` sees it; ``me``'s seat is "you"."""
    kind = event.get("type")
    actor = Person(event.get("seat", -1), me)  # every event with an actor names its seat
    card = event.get("card")
    if kind == "deal":
        starter = Person(event["starter"], me)
        line = f"Round {event['round']} is dealt; {starter.object} {starter.verb('starts')}"
        seen = event.get("seen")
        if seen:
            line += ". You look at " + ", ".join(f"slot {i}: {c}" for i, c in seen)
        return line
    if kind == "draw":
        return f"{actor.does('draws')} a card" + (f": {card}" if card is not None else "")
    if kind == "take_discard":
        return f"{actor.does('takes')} the {card} from the discard pile"
    if kind == "call":
        return f"{actor.does('calls')} Cabo! Everyone else has one more turn"
    if kind == "discard":
        power = event.get("power")
        offer = f" and may {POWER_DEEDS[power].format(their=actor.their)}" if power else ""
        return f"{actor.does('discards')} the drawn {card}{offer}"
    if kind == "replace":
        new = "the drawn card" if event["from"] == "deck" else "the taken card"
        return (
            f"{actor.does('puts')} {new} in slot {event['slot']} and "
            f"{actor.verb('discards')} a {event['discarded']}"
        )
    if kind == "exchange":
        slots, cards = _numbers(event["slots"]), _numbers(event["cards"])
        if event["success"]:
            return (
                f"{actor.does('exchanges')} slots {slots} ({cards}): all equal, they are "
                f"discarded and the new card goes to slot {event['slot']}"
            )
        return (
            f"{actor.does('tries')} to exchange slots {slots} ({cards}): not all equal, they "
            f"go back and the new card is a penalty card in slot {event['slot']}"
        )
    if kind == "peek":
        owner, slot = event["target"]
        whose = f"{actor.their} own" if owner == event["seat"] else Person(owner, me).possessive
        seen = f": {card}" if card is not None else ""
        return f"{actor.does('looks')} at {whose} slot {slot}{seen}"
    if kind == "swap":
        (s, i), (t, j) = event["a"], event["b"]
        a, b = Person(s, me).possessive, Person(t, me).possessive
        return f"{actor.does('swaps')} {a} slot {i} with {b} slot {j}"
    if kind == "skip":
        return f"{actor.does('does')} not use the {event.get('power')} power"
    if kind == "reshuffle":
        return f"The discard pile is shuffled into a new deck of {plural(event['deck'], 'card')}"
    if kind == "round_end":
        return " ".join(_round_lines(event, me))
    if kind == "game_end":
        winners = [Person(s, me) for s in event["winners"]]
        best = event["totals"][event["winners"][0]]
        verb = agrees(winners, "wins") if len(winners) == 1 else "share the win"
        return f"Game over: {names(winners)} {verb} with {best}"
    return ", ".join(f"{k}={v}" for k, v in event.items())


def _round_lines(summary: Mapping[str, Any], me: int | None = None) -> list[str]:
    caller = summary["caller"]
    if summary["reason"] == "deck_out":
        why = "the deck ran out"
    else:
        why = f"{Person(caller, me).object} called Cabo"
    parts = [f"Round {summary['round']} ends ({why})."]
    for seat, (row, total_sum, score, total) in enumerate(
        zip(summary["rows"], summary["sums"], summary["scores"], summary["totals"], strict=True)
    ):
        if summary["kamikaze"] is not None:
            why = "Kamikaze!" if summary["kamikaze"] == seat else "someone's Kamikaze"
        elif seat == caller:
            why = "caller, lowest" if score == 0 else "caller, not lowest: + penalty"
        else:
            why = ""
        scored = f", scores {score} ({why})" if why else ""
        reset = " (exactly the target: reset to half)" if seat in summary["reset"] else ""
        name = Person(seat, me).name
        parts.append(f"{name}: {' '.join(row)} = {total_sum}{scored}, total {total}{reset}.")
    return parts


def rounds_table(log: Sequence[Mapping[str, Any]], me: int | None = None) -> list[str]:
    """Every round's scores and running totals, one line a round, as the web's results
    table shows them: ``C`` marks the caller, ``K`` a Kamikaze, ``R`` a total reset to half."""
    if not log:
        return []
    players = len(log[0]["scores"])
    names = [Person(s, me).name for s in range(players)]
    lines = ["Rounds (score → total; C caller, K Kamikaze, R reset):"]
    lines.append("  round  " + "  ".join(f"{n:>14}" for n in names))
    for entry in log:
        cells = []
        for seat in range(players):
            marks = "C" * (seat == entry["caller"]) + "K" * (seat == entry["kamikaze"])
            marks += "R" * (seat in entry["reset"])
            cell = f"{entry['scores'][seat]} → {entry['totals'][seat]}"
            cells.append(f"{cell + (' ' + marks if marks else ''):>14}")
        lines.append(f"  {entry['round']:>5}  " + "  ".join(cells))
    return lines


def _row(slots: Sequence[Mapping[str, Any]]) -> str:
    cells = []
    for i, slot in enumerate(slots):
        card = slot["card"] if slot["card"] is not None else UNKNOWN
        cells.append(f"[{i}] {card:>2}")
    return "  ".join(cells)


TIMES = {1: "once", 2: "twice"}


def render(view: Mapping[str, Any]) -> str:
    """The table as ``view``'s seat sees it: known cards by number, the others as ``?``."""
    me = view["seat"]
    lines = [_headline(view)]
    discard = view["discard"]
    pile = "empty"
    if discard:
        under = " ".join(discard[-8:-1])
        pile = f"{discard[-1]} on top" + (f" (under it: {under})" if under else "")
    deck = plural(view["deck"], "card")
    if view["reshuffles"]:  # deck_out=reshuffle: how long the round has gone on
        deck += f", refilled {TIMES.get(view['reshuffles'], str(view['reshuffles']) + ' times')}"
    lines.append(f"Deck: {deck}   Discard pile: {pile}")
    if view["caller"] is not None and not view["over"]:
        caller, left = Person(view["caller"], me), plural(view["final_turns"], "last turn")
        lines.append(f"{caller.does('has')} called Cabo: {left} to go")
    lines.append("")
    width = max(len("you (seat 0)"), *(len(f"seat {s}") for s in range(view["players"])))
    for seat, slots in enumerate(view["rows"]):
        name = f"you (seat {seat})" if seat == me else f"seat {seat}"
        marks = ""
        if seat == view["caller"]:
            marks += "  called Cabo"
        known = [s["card"] for s in slots if s["card"] is not None]
        if seat == me and len(known) == len(slots):
            marks += f"  sum {sum(int(c) for c in known)}"
        lines.append(f"  {name:<{width}}  {_row(slots)}   total {view['totals'][seat]}{marks}")
    lines.append("")
    lines.extend(_hand_lines(view))
    last = view["last_round"]
    if last is not None:
        lines.append("Last round: " + _round_lines(last, me)[0])
        lines.extend("  " + line for line in _round_lines(last, me)[1:])
    if view["over"]:
        lines.extend(rounds_table(view["round_log"], me))
    target = view["round_limit"] or view["target"]
    played = f"{plural(target, 'round')} {'is' if target == 1 else 'are'} played"
    goal = played if view["round_limit"] else f"a total passes {target}"
    lines.append(f"The game ends when {goal}; the lowest total wins.")
    return "\n".join(lines)


def _headline(view: Mapping[str, Any]) -> str:
    me = view["seat"]
    you = "you are watching" if me is None else f"you are seat {me}"
    if view["over"]:
        rounds, winners = plural(view["round"], "round"), _seats(view["winners"], me)
        label = "winner" if len(view["winners"]) == 1 else "winners"
        return f"Cabo — game over after {rounds}; {label}: {winners}"
    if view["phase"] == "setup":
        return f"Cabo — round {view['round']}: everyone looks at two of their cards ({you})"
    turn = view["turn"]
    whose = "your turn" if turn == me else f"seat {turn} to play"
    return f"Cabo — round {view['round']}, {whose} ({you})"


def _hand_lines(view: Mapping[str, Any]) -> list[str]:
    me = view["seat"]
    lines = []
    holding = view["holding"]
    if holding is not None:
        who = "You hold" if holding["seat"] == me else f"Seat {holding['seat']} holds"
        card = holding["card"] if holding["card"] is not None else "a card"
        source = "drawn from the deck" if holding["from"] == "deck" else "taken from the discard"
        lines.append(f"{who} {card} ({source})")
    if view["power"] is not None:
        user = Person(view["turn"], me)  # the power is its user's: "their" cards, not "your"
        deed = POWER_DEEDS[view["power"]].format(their=user.their)
        lines.append(f"{user.name} may {deed} (or skip)")
    if view["phase"] == "setup" and me is not None and view["setup_peeks"][me]:
        lines.append(f"Look at {view['setup_peeks'][me]} more of your own cards")
    return lines
