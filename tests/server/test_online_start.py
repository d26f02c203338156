"""Issue 19, item 5: a table begins when every seat is taken. Before, the creator could play
against an empty seat; now every move is refused with ``waiting_for_players`` and nothing
changes, and the same move is accepted once the second person has sat down."""

from __future__ import annotations

from .support import Server, any_game, open_table, run


def test_no_move_before_every_seat_is_taken(server: Server) -> None:
    ticket = server.create(any_game(), ["human", "human"])

    async def scenario() -> None:
        async with open_table(server, ticket["id"], ticket["token"]) as creator:
            state = await creator.next_state()
            assert state["version"] == 0
            seat = state["seat"]
            action = state["legal"][0] if state["legal"] else None
            if action is None:  # the other seat moves first: act out of turn all the same
                action = {"type": "pass"}
            await creator.act(action)
            error = await creator.error()
            assert error["code"] == "waiting_for_players", error
            assert await creator.quiet_version() == 0  # nothing changed

            server.claim(ticket["id"], 1 - seat)
            while True:  # the seat list tells everyone the other person sat down
                message = await creator.recv()
                if message["type"] == "seats":
                    break
            assert all(s["claimed"] for s in message["seats"])
            if state["legal"]:
                await creator.act(state["legal"][0], 0)
                after = await creator.state_at_least(1)
                assert after["version"] == 1

    run(scenario())
