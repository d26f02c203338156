"""A finished game as the review reads it, and the decisions of one seat in it.

A game is its name, options, seed (and, for a stacked test game, its deck) and the log of
its actions in wire form: the engine replays it exactly. It comes from a file that
``cardtable play --save`` wrote (``GameRecord.to_json``) or from a stored table's log
(``GameRecord.of_table``); ``decisions`` turns either into the seat's decisions, each with
the view the seat had then, its legal actions and the action it took."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable import games
from cardtable.core import Game, IllegalAction, InvalidOptions, State

FORMAT = "cardtable-game/1"

# Refusal codes (the server answers them as they are).
NOT_OVER = "not_over"
BAD_RECORD = "bad_record"
NO_SUCH_SEAT = "unknown_seat"
UNKNOWN_GAME = "unknown_game"


class ReviewError(ValueError):
    """A game that cannot be reviewed, with a code a program tests and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class GameRecord:
    game: str
    options: Mapping[str, Any]
    seed: int
    actions: Sequence[tuple[int, Mapping[str, Any]]]
    deck: Sequence[Any] | None = None
    # who sat where, for people reading the file ("you", "bot:medium"); not replayed
    seats: Sequence[str] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": list(self.seats),
            "actions": [{"seat": s, "action": dict(a)} for s, a in self.actions],
        }
        if self.deck is not None:
            out["deck"] = list(self.deck)
        return out

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """A saved game; anything else raises ``ReviewError`` naming what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReviewError(BAD_RECORD, f"Not a saved game: its format must be {FORMAT!r}")
        game, options, seed = data.get("game"), data.get("options", {}), data.get("seed")
        if not isinstance(game, str) or not isinstance(options, dict):
            raise ReviewError(BAD_RECORD, "A saved game needs a game name and its options")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ReviewError(BAD_RECORD, "A saved game needs its whole-number seed")
        actions = []
        for number, entry in enumerate(data.get("actions", []), 1):
            if not isinstance(entry, dict) or not isinstance(entry.get("action"), dict):
                raise ReviewError(BAD_RECORD, f"Action {number} is not {{seat, action}}")
            seat = entry.get("seat")
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise ReviewError(BAD_RECORD, f"Action {number} has no seat number")
            actions.append((seat, entry["action"]))
        deck = data.get("deck")
        seats = data.get("seats", [])
        return cls(game, options, seed, actions, deck, tuple(str(s) for s in seats))

    @classmethod
    def of_table(cls, table: Any) -> GameRecord:
        """A stored table (``store.TableRecord`` read with its actions)."""
        actions = [(entry.seat, entry.action) for entry in table.actions]
        return cls(table.game, dict(table.options), int(table.seed), actions)


@dataclass
class Decision:
    """One decision of the seat: ``state`` is the true state before it (the hindsight
    line's only reader), ``view`` what the seat knew, ``step`` the action's number in the
    log (1 is the first action)."""

    index: int
    step: int
    state: State[Any]
    view: Mapping[str, Any]
    legal: list[Any]
    taken: Any


def load(record: GameRecord) -> Game[Any]:
    try:
        return games.load(record.game, **record.options)
    except InvalidOptions as error:
        raise ReviewError(BAD_RECORD, f"The saved game's options are refused: {error}") from None
    except (KeyError, ImportError, ValueError):
        raise ReviewError(UNKNOWN_GAME, f"There is no game {record.game!r} here") from None


def start(game: Game[Any], record: GameRecord) -> State[Any]:
    if record.deck is None:
        return game.new_state(seed=record.seed)
    return game.new_state(seed=record.seed, deck=record.deck)


def replay(record: GameRecord) -> tuple[Game[Any], list[State[Any]]]:
    """The game and every state of it: before the first action, after each action."""
    game = load(record)
    state = start(game, record)
    states = [state.clone()]
    for number, (seat, wire) in enumerate(record.actions, 1):
        try:
            state.apply(seat, game.action_from_json(wire))
        except IllegalAction as error:
            raise ReviewError(BAD_RECORD, f"Action {number} does not replay: {error}") from None
        states.append(state.clone())
    return game, states


def check(game: Game[Any], final: State[Any], seat: int) -> None:
    """Refuse an unfinished game and a seat that is not at the table."""
    if not final.is_over():
        raise ReviewError(NOT_OVER, "The game is not over: only a finished game is reviewed")
    if isinstance(seat, bool) or not 0 <= seat < final.players:
        raise ReviewError(
            NO_SUCH_SEAT, f"There is no seat {seat} (seats are 0 to {final.players - 1})"
        )


def decisions(
    game: Game[Any], states: Sequence[State[Any]], record: GameRecord, seat: int
) -> Iterator[Decision]:
    """The seat's decisions: every action it took when it had more than one choice."""
    index = 0
    for step, (actor, wire) in enumerate(record.actions, 1):
        if actor != seat:
            continue
        before = states[step - 1]
        legal = before.legal_actions(seat)
        if len(legal) < 2:
            continue
        taken = game.action_from_json(wire)
        yield Decision(index, step, before, before.view(seat), legal, taken)
        index += 1
