"""Issue 18, items 3 and 4, against a real server: rated play is for accounts, always has a
clock, and cannot be farmed (a seat that leaves before everyone moved aborts the game; the
same pair, or one address holding two seats, is rated only a few times a day); a rematch's
seats are its players' only, and private or ongoing tables stay off profiles and summaries."""

from __future__ import annotations

import time
from typing import Any

import httpx

from .support import TIMEOUT, Server, open_table, run
from .test_online_accounts import accounts, browser_at, fresh_address
from .test_online_ratings import play_out

CLOCKLESS = {"game": "cambio", "seats": ["human", "human"], "rated": True}


def rated_pair(
    server: Server, host: httpx.Client, guest: httpx.Client, rated: bool = True, **more: Any
) -> list[dict[str, Any]]:
    """A two-seat table made by ``host`` with ``guest`` in seat 1: both tickets."""
    body = {"game": "cambio", "seats": ["human", "human"], "rated": rated, **more}
    first = host.post("/api/tables", json=body)
    assert first.status_code == 201, first.text
    second = guest.post(f"/api/tables/{first.json()['id']}/seats/1")
    assert second.status_code == 201, second.text
    return [first.json(), second.json()]


def signed_in_at(server: Server, address: str, username: str) -> httpx.Client:
    client, _ = browser_at(server, address)
    answer = client.post(
        "/api/account/signin", json={"username": username, "password": "right-password"}
    )
    assert answer.status_code == 200, answer.text
    client.headers["X-CSRF-Token"] = answer.json()["csrf"]
    return client


def settled(server: Server, table_id: str) -> dict[str, Any]:
    """The table's summary once its end has been taken into account (rating or not)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        summary: dict[str, Any] = server.get(f"/api/tables/{table_id}").json()
        if summary["status"] != "playing" or time.monotonic() > deadline:
            time.sleep(0.5)  # the rating is written just after the last move
            return dict(server.get(f"/api/tables/{table_id}").json())
        time.sleep(0.1)


def rated_games(server: Server, player: str) -> int:
    profile = server.get(f"/api/players/{player}").json()
    return sum(r["games"] for r in profile["ratings"])


# -- 3: farming and dodging ----------------------------------------------------------
def test_rated_tables_are_for_accounts_only(server: Server) -> None:
    guest, _ = browser_at(server, fresh_address())
    refused = guest.post("/api/tables", json=CLOCKLESS)
    assert refused.status_code == 403 and refused.json()["code"] == "account_required"
    anonymous = server.post("/api/tables", CLOCKLESS)
    assert anonymous.status_code == 403 and anonymous.json()["code"] == "account_required"
    ((host, _),) = accounts(server, 1)
    table = host.post("/api/tables", json=CLOCKLESS).json()
    for stranger in (guest, httpx.Client(base_url=server.http, timeout=TIMEOUT)):
        joined = stranger.post(f"/api/tables/{table['id']}/seats/1")
        assert joined.status_code == 403 and joined.json()["code"] == "account_required"
    summary = server.get(f"/api/tables/{table['id']}").json()
    assert not summary["seats"][1]["claimed"]


def test_a_rated_table_asked_for_without_a_clock_gets_one(server: Server) -> None:
    ((host, _),) = accounts(server, 1)
    table = host.post("/api/tables", json=CLOCKLESS).json()
    clock = server.get(f"/api/tables/{table['id']}").json()["clock"]
    assert clock == {"kind": "timed", "bank": 300, "increment": 5}


def test_a_seat_that_leaves_before_moving_aborts_the_game_unrated(server: Server) -> None:
    (winner, winner_me), (farm, farm_me) = accounts(server, 2)
    tickets = rated_pair(server, winner, farm)
    # The farm account leaves at once, again and again: no "win" counts.
    play_out(server, tickets, leaver=1, at_once=True)
    summary = settled(server, tickets[0]["id"])
    assert summary["status"] == "aborted", summary
    assert summary["outcome"]["winners"] == [] and summary["outcome"]["details"]["aborted"]
    for player in (winner_me["id"], farm_me["id"]):
        assert rated_games(server, player) == 0
        result = server.get(f"/api/players/{player}").json()["results"][0]
        assert result["status"] == "aborted" and result["won"] is None
    board = server.get("/api/leaderboard/cambio").json()["players"]
    assert winner_me["id"] not in {p["id"] for p in board}

    async def seen_at_the_table() -> dict[str, Any]:
        async with open_table(server, tickets[0]["id"], tickets[0]["token"]) as table:
            return await table.next_state()

    state = run(seen_at_the_table())
    assert state["over"] and state["outcome"]["details"]["aborted"], state["outcome"]


def test_the_same_two_accounts_are_rated_three_times_a_day(server: Server) -> None:
    (ada, ada_me), (bea, bea_me) = accounts(server, 2)
    tables = []
    for _ in range(4):
        tickets = rated_pair(server, ada, bea)
        play_out(server, tickets)
        tables.append(settled(server, tickets[0]["id"]))
    assert [t["status"] for t in tables] == ["finished"] * 4
    assert [t["rated"] for t in tables] == [True, True, True, False]
    assert rated_games(server, ada_me["id"]) == rated_games(server, bea_me["id"]) == 3


def test_one_address_holding_two_seats_is_rated_three_times_a_day(server: Server) -> None:
    people = accounts(server, 5)
    home = fresh_address()  # every account signs in here (sock puppets of one person)
    clients = [signed_in_at(server, home, me["username"]) for _, me in people]
    pairs = [(0, 1), (2, 3), (0, 4), (1, 2)]  # never the same pair twice
    rated = []
    for one, two in pairs:
        tickets = rated_pair(server, clients[one], clients[two])
        play_out(server, tickets)
        rated.append(settled(server, tickets[0]["id"])["rated"])
    assert rated == [True, True, True, False]
    assert rated_games(server, people[2][1]["id"]) == 1  # its second game did not count


# -- 4: rematch seats and private tables ---------------------------------------------
def test_a_rematch_seat_is_held_for_the_old_player(server: Server) -> None:
    (ada, ada_me), (bea, _) = accounts(server, 2)
    tickets = rated_pair(server, ada, bea, rated=False)
    play_out(server, tickets)
    rematch = ada.post(
        f"/api/tables/{tickets[0]['id']}/rematch", json={"token": tickets[0]["token"]}
    )
    assert rematch.status_code == 201, rematch.text
    new_id = rematch.json()["id"]
    # A stranger reading Ada's profile learns nothing of the new table...
    stranger, _ = browser_at(server, fresh_address())
    assert new_id not in stranger.get(f"/api/players/{ada_me['id']}").text
    # ... cannot see it, and cannot take Bea's seat even knowing its id.
    assert stranger.get(f"/api/tables/{new_id}").status_code == 404
    for path in (f"/api/tables/{new_id}/seats/1", f"/api/tables/{new_id}/seats"):
        taken = stranger.post(path)
        assert taken.status_code == 403 and taken.json()["code"] == "not_invited", taken.text
    again = bea.post(f"/api/tables/{tickets[0]['id']}/rematch", json={"token": tickets[1]["token"]})
    assert again.status_code == 201 and again.json()["seat"] == 1, again.text
    # Ada sees her own table on her own profile.
    assert new_id in ada.get(f"/api/players/{ada_me['id']}").text


def test_a_private_table_is_not_found_without_its_key(server: Server) -> None:
    (host, _), (friend, friend_me) = accounts(server, 2)
    private = host.post(
        "/api/tables", json={"game": "cambio", "seats": ["human", "human"], "public": False}
    ).json()
    table_id, key = private["id"], private["invite"]
    outsider = server.get(f"/api/tables/{table_id}")
    assert outsider.status_code == 404 and outsider.json()["code"] == "unknown_table"
    assert server.get(f"/api/tables/{table_id}?invite=wrong").status_code == 404
    assert server.get(f"/api/tables/{table_id}?invite={key}").status_code == 200
    assert server.get(f"/api/tables/{table_id}?token={private['token']}").status_code == 200
    assert host.get(f"/api/tables/{table_id}").status_code == 200  # who sits there
    seat = friend.post(f"/api/tables/{table_id}/seats/1?invite={key}").json()
    play_out(server, [private, seat])
    settled_summary = host.get(f"/api/tables/{table_id}").json()
    assert settled_summary["status"] == "finished"
    # Finished, on the profile: others see the result without the table's id.
    seen = server.get(f"/api/players/{friend_me['id']}").json()["results"]
    assert seen[0]["table"] is None and table_id not in str(seen)
    own = friend.get(f"/api/players/{friend_me['id']}").json()["results"]
    assert own[0]["table"] == table_id
