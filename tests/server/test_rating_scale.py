"""Issue 19: ratings on the scale players know (a new player 1500, never negative, '?'
while provisional), each rated table's changes on its API and its socket, and the
opponents of each game on a profile."""

from __future__ import annotations

from typing import Any

import httpx

from cardtable.server.ratings import rate
from cardtable.server.ratingscale import label, provisional, seat_rating, shown

from .support import Server, open_table, poll, run
from .test_online_ratings import play_out, rated_table


def test_a_new_player_shows_1500_provisional() -> None:
    assert shown(25.0) == 1500 and label(25.0, 25 / 3) == "1500?"
    assert seat_rating(None, None) == {"rating": 1500, "provisional": True}
    assert not provisional(4.9) and label(26.0, 4.9) == "1542"


def test_a_win_shows_a_gain_and_a_loss_a_drop_from_the_first_game() -> None:
    (win, loss) = rate([None, None], [1, 2])
    assert shown(win[0]) > 1500 > shown(loss[0])
    # Third of four in a first game: the ordinal mu - 3 sigma rises (sigma shrinks), the
    # rating shown drops, as a player who finished below the middle expects.
    third = rate([None] * 4, [1, 2, 3, 4])[2]
    assert third[0] - 3 * third[1] > 0 and shown(third[0]) < 1500


def test_never_negative_after_many_losses_and_established_in_the_end() -> None:
    player: tuple[float, float] | None = None
    for _ in range(300):
        player, _ = rate([player, None], [2, 1])
    assert player is not None and player[0] < 0  # the model's mu went far below the start
    assert shown(player[0]) == 0 and label(*player) == "0"


def changes_of(server: Server, table_id: str, token: str) -> list[dict[str, Any]]:
    """The changes of a rated table, once rated (its summary; a seat's token opens a
    private table's)."""
    found: list[list[dict[str, Any]]] = []

    def rated() -> bool:
        summary = server.get(f"/api/tables/{table_id}?token={token}").json()
        found[:] = [summary.get("rating_changes") or []]
        return bool(found[0])

    poll(rated, f"table {table_id} is rated")
    return found[0]


async def on_join(server: Server, table_id: str, token: str) -> list[dict[str, Any]]:
    """What a seat's connection is sent on joining, up to the rating message."""
    async with open_table(server, table_id, token) as table:
        while not table.received or table.received[-1]["type"] != "rating":
            await table.recv()
        return table.received


def test_a_rated_table_tells_each_change_and_the_profile_its_opponents(server: Server) -> None:
    clients, tickets, ids = rated_table(server, 2)
    table_id = tickets[0]["id"]
    play_out(server, tickets, leaver=1)  # seat 1 left: seat 0 won
    first = changes_of(server, table_id, tickets[0]["token"])
    assert [c["seat"] for c in first] == [0, 1] and [c["id"] for c in first] == ids
    winner, loser = first
    assert winner["before"] == loser["before"] == 1500
    assert winner["change"] > 0 > loser["change"]
    assert all(c["after"] == c["before"] + c["change"] and c["provisional"] for c in first)

    # A seat joining after the end: the state, then the changes with the replay's link;
    # the seats carry the ratings after the game.
    received = run(on_join(server, table_id, tickets[0]["token"]))
    rating = received[-1]
    assert rating["changes"] == first and rating["replay"] == f"/replay/{table_id}"
    seats = [m for m in received if m["type"] in ("state", "seats")][-1]["seats"]
    poll(
        lambda: (
            [
                (s.get("rating"), s.get("provisional"))
                for s in server.get(f"/api/tables/{table_id}").json()["seats"]
            ]
            == [(winner["after"], True), (loser["after"], True)]
        ),
        "the seats show the ratings after the game",
    )
    assert seats[0]["name"] and seats[1]["name"] == loser["name"]

    # The profile: the opponent (linkable by id, named), the game and its change.
    profile = server.get(f"/api/players/{ids[0]}").json()
    (result,) = profile["results"]
    assert result["table"] == table_id and result["rated"] is True
    (opponent,) = result["opponents"]
    assert opponent["id"] == ids[1] and opponent["name"] == loser["name"]
    assert result["rating"] == winner
    (rated,) = profile["ratings"]
    assert rated["rating"] == winner["after"] and rated["provisional"] is True
    board = server.get("/api/leaderboard/cambio").json()["players"]
    assert {p["id"]: p["rating"] for p in board}[ids[0]] == winner["after"]

    # A second game of the same two: it starts from the first one's ratings.
    second = play_again(server, clients, tickets)
    assert [c["before"] for c in second] == [c["after"] for c in first]
    # The rematch is private: its player sees its change and opponent, others not.
    mine = clients[1].get(f"/api/players/{ids[1]}").json()["results"]
    assert [r["rating"]["change"] for r in mine] == [second[1]["change"], loser["change"]]
    assert mine[0]["opponents"][0]["id"] == ids[0]
    public = server.get(f"/api/players/{ids[1]}").json()["results"]
    assert public[0]["table"] is None and public[0]["opponents"] == [] and not public[0]["rating"]


def play_again(
    server: Server, clients: list[httpx.Client], tickets: list[dict[str, Any]]
) -> list[Any]:
    """The two play the rematch (seat 1 leaves once both moved); its changes."""
    again = []
    for client, ticket in zip(clients, tickets, strict=True):
        answer = client.post(f"/api/tables/{ticket['id']}/rematch", json={"token": ticket["token"]})
        assert answer.status_code in (200, 201), answer.text
        again.append(answer.json())
    assert again[0]["id"] == again[1]["id"] and [t["seat"] for t in again] == [0, 1]
    play_out(server, again, leaver=1)
    return changes_of(server, again[0]["id"], again[0]["token"])
