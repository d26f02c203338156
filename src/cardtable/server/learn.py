"""Learn to play: live examples and tutorials played on the real engines (docs/learn.md).

A *scenario* (``cardtable.core.lesson``, declared by each game package's ``learn.py``)
is a game's options, a seed and a stacked deck, a prelude of moves that sets the position
up, and a script: the moves the reader is guided to and the moves the other seats make.
The server keeps nothing between requests: the client sends the reader's moves so far,
and the server replays the scenario through the engine and answers the reader's view,
legal actions, what happened, and the next step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from cardtable import IllegalAction, InvalidOptions, games
from cardtable.core.lesson import Scenario, Step, Text
from cardtable.core.package import resolve
from cardtable.server import web
from cardtable.server.errors import ApiError

READER = 0  # the reader always sits in seat 0
MAX_ACTIONS = 400  # a request replays at most this many of the reader's moves
UNKNOWN_SCENARIO = "unknown_scenario"
ILLEGAL = "illegal_action"
UNKNOWN_GAME = "unknown_game"


class ScenarioBody(BaseModel):
    id: str = Field(max_length=64)
    actions: list[dict[str, Any]] = Field(default_factory=list, max_length=MAX_ACTIONS)


def scenarios(game: str) -> dict[str, Scenario]:
    """The game's scenarios by id, from its package."""
    reference = games.package(game).scenarios if game in games.names() else None
    if reference is None:
        raise ApiError(422, UNKNOWN_GAME, f"No learning pages for game {game!r}")
    found: list[Scenario] = resolve(reference)
    return {s.id: s for s in found}


def scenario(game: str, sid: str) -> Scenario:
    found = scenarios(game).get(sid)
    if found is None:
        names = ", ".join(scenarios(game))
        raise ApiError(422, UNKNOWN_SCENARIO, f"No scenario {sid!r} for {game}; there are: {names}")
    return found


def summary(s: Scenario) -> dict[str, Any]:
    return {"id": s.id, "kind": s.kind, "title": s.title, "intro": s.intro}


async def list_scenarios(game: str) -> list[dict[str, Any]]:
    """The examples and the tutorial of a game."""
    return [summary(s) for s in scenarios(game).values()]


class Run:
    """A scenario replayed up to the reader's moves."""

    def __init__(self, game: str, s: Scenario) -> None:
        self.s = s
        try:
            self.game = games.load(game, **s.options)
            self.state = self.game.new_state(seed=s.seed, deck=s.deck)
        except (InvalidOptions, IllegalAction) as error:  # a scenario no longer fits its engine
            raise ApiError(500, "broken_scenario", f"Scenario {s.id}: {error}") from None
        self.pos = 0  # next step of the script
        self.on_script = True
        self.log: list[dict[str, Any]] = []
        for seat, action in s.prelude:
            self.state.apply(seat, action)

    def _record(self, seat: int, action: Mapping[str, Any], note: Text | None) -> None:
        events = self.state.apply(seat, dict(action))
        for e in events:
            self.log.append({"event": e.for_seat(READER), "note": note or None})
            note = None  # the note goes with the move's first event

    def _others(self) -> None:
        """The other seats play while the reader is not to act: their scripted move when it
        is theirs and legal, else their first legal move."""
        guard = 0
        while not self.state.is_over() and READER not in self.state.to_act and guard < 200:
            guard += 1
            seat = self.state.to_act[0]
            step = self.s.steps[self.pos] if self.pos < len(self.s.steps) else None
            legal = [self.game.action_to_json(a) for a in self.state.legal_actions(seat)]
            if step and step.seat == seat and step.action in legal:
                self.pos += 1
                self._record(seat, step.action, step.note)
            else:
                self._record(seat, legal[0], None)

    def play(self, actions: list[dict[str, Any]]) -> None:
        self._others()
        for n, action in enumerate(actions, 1):
            if self.state.is_over() or READER not in self.state.to_act:
                raise ApiError(422, ILLEGAL, f"Move {n}: it is not the reader's turn")
            step = self.expect()
            if self.s.strict and step is not None and action != step.action:
                raise ApiError(422, ILLEGAL, f"Move {n} is off the script of {self.s.id}")
            try:
                self._record(READER, action, None)  # the engine refuses in its own words
            except (IllegalAction, ValueError, TypeError, KeyError) as error:
                raise ApiError(422, ILLEGAL, f"Move {n}: {error}") from None
            if step is not None and action == step.action:
                self.pos += 1
            else:
                self.on_script = False
            self._others()

    def expect(self) -> Step | None:
        if not self.on_script or self.pos >= len(self.s.steps):
            return None
        step = self.s.steps[self.pos]
        return step if step.seat == READER else None

    def answer(self) -> dict[str, Any]:
        over = self.state.is_over()
        legal = [] if over else self.state.legal_actions(READER)
        step = self.expect()
        done = over or (self.on_script and self.pos >= len(self.s.steps))
        return {
            **summary(self.s),
            "strict": self.s.strict,
            "seat": READER,
            "view": self.state.view(READER),
            "legal": [self.game.action_to_json(a) for a in legal],
            "log": self.log,
            "over": over,
            "outcome": self.state.outcome().to_json() if over else None,
            "step": self.pos,
            "steps": len(self.s.steps),
            "expect": step.action if step else None,
            "note": step.note if step else None,
            "wrong": step.wrong if step else None,
            "done": done,
            "end": self.s.end if done else None,
        }


async def play_scenario(game: str, body: ScenarioBody) -> dict[str, Any]:
    """Replays scenario ``id`` of ``game`` with the reader's ``actions`` (seat 0, wire
    form) and answers the reader's view, legal actions, the log and the next step."""
    run = Run(game, scenario(game, body.id))
    run.play(body.actions)
    return run.answer()


async def page(request: Request, game: str) -> Response:
    """A learning page (rules, tutorial, lab): the single-page client."""
    return await web.index(request)
