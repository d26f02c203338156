"""A long game written straight into a server's store, as if it had been played there: the
server rebuilds it from its log the first time someone opens it. Random legal moves of
Gan Deng Yan (4 seats, a match of many hands) until the log holds ``events`` events, then
on to a position where seat 0 is to act, so that the table waits for a person."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from cardtable import games
from cardtable.server.tokens import hash_token, new_table_id, new_token
from cardtable.store import HUMAN, PLAYING, SeatRecord, TableRecord, open_store
from cardtable.store.records import Append
from cardtable.store.schema import utcnow

# Far more than any outbox holds (Settings.outbox_limit, 512): a 4-seat match of 8 hands
# passes it.
EVENTS = 3000
PLAYERS = 4


@dataclass
class LongTable:
    id: str
    tokens: list[str]  # one per seat, every seat held by a person
    version: int  # the number of actions in the log
    events: int  # the number of events they caused
    # The views of the last position, in their wire form: audience (seat, or None for a
    # spectator) -> view.
    views: dict[int | None, Any] = field(default_factory=dict)


def store_long_table(db: str, events: int = EVENTS, seed: int = 8) -> LongTable:
    """Write the table into the store at ``db`` (a running server may share it: it reads a
    table from the store when it is first opened)."""
    game = games.load("gandengyan", players=PLAYERS, hands=20)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    table_id = new_table_id()
    log: list[Append] = []
    caused = 0
    while caused < events or list(state.to_act) != [0]:
        assert not state.is_over(), "the match ended before the log was long enough"
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat))
        caused += len(state.apply(seat, action))
        log.append(Append(table_id, len(log) + 1, seat, game.action_to_json(action)))
    tokens = [new_token() for _ in range(PLAYERS)]
    now = utcnow()
    seats = [
        SeatRecord(i, HUMAN, token_hash=hash_token(token), claimed_at=now)
        for i, token in enumerate(tokens)
    ]
    record = TableRecord(
        id=table_id,
        game=game.name,
        options=dict(game.options),
        seed=seed,
        seats=seats,
        status=PLAYING,
        created_at=now,
        updated_at=now,
    )
    store = open_store(db, migrate=False)
    try:
        store.create(record)
        assert store.append_many(log) == [None] * len(log)
    finally:
        store.close()
    views = {seat: wire(state.view(seat)) for seat in [*range(PLAYERS), None]}
    return LongTable(table_id, tokens, len(log), caused, views)


def wire(value: Any) -> Any:
    """A value as it comes out of JSON (tuples become lists)."""
    return json.loads(json.dumps(value))
