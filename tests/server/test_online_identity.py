"""Issue 8, step 2: guest identity by cookie, accounts (argon2), sign-in/out, rename, CSRF
on cookie-authenticated POSTs, sign-in rate limits, and the lobby (list, create public or
private, join, watch, invite link)."""

from __future__ import annotations

from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed

from .support import TIMEOUT, Server, any_game, open_table, run
from .test_online_accounts import accounts


def browser(server: Server) -> tuple[httpx.Client, dict[str, Any]]:
    """A client with a cookie jar, as a browser: GET /api/me makes a guest."""
    client = httpx.Client(base_url=server.http, timeout=TIMEOUT)
    me = client.get("/api/me").json()
    client.headers["X-CSRF-Token"] = me["csrf"]
    return client, me


def test_guest_rename_account_sign_in_and_out(server: Server) -> None:
    client, me = browser(server)
    assert me["guest"] and me["name"].startswith("Guest")
    assert client.get("/api/me").json()["id"] == me["id"]  # the cookie keeps it
    renamed = client.post("/api/me/name", json={"name": "  Ada   L. "}).json()
    assert renamed["name"] == "Ada L."
    bad = client.post("/api/me/name", json={"name": "x" * 40})
    assert bad.status_code == 422 and bad.json()["code"] == "bad_name"
    # No CSRF header: refused, nothing changed.
    forged = httpx.post(
        f"{server.http}/api/me/name", json={"name": "Mallory"}, cookies=dict(client.cookies)
    )
    assert forged.status_code == 403 and forged.json()["code"] == "bad_csrf"
    account = client.post("/api/account/register", json={"username": "Ada", "password": "pw"})
    assert account.status_code == 422
    account = client.post(
        "/api/account/register", json={"username": "ada_" + me["id"][:6], "password": "s3cret-pw"}
    )
    assert account.status_code == 200, account.text
    username = account.json()["username"]
    assert not account.json()["guest"] and account.json()["id"] == me["id"]
    # Registering starts a new session, with a new CSRF token.
    client.headers["X-CSRF-Token"] = account.json()["csrf"]
    assert client.post("/api/account/signout").status_code == 200
    other, other_me = browser(server)
    assert other_me["id"] != me["id"]
    wrong = other.post("/api/account/signin", json={"username": username, "password": "nope1234"})
    assert wrong.status_code == 401
    right = other.post("/api/account/signin", json={"username": username, "password": "s3cret-pw"})
    assert right.status_code == 200 and right.json()["id"] == me["id"]
    other.headers["X-CSRF-Token"] = right.json()["csrf"]
    assert other.get("/api/me").json()["name"] == "Ada L."
    # Sign-in is rate limited per user name.
    codes = [
        other.post("/api/account/signin", json={"username": username, "password": "x" * 8})
        for _ in range(8)
    ]
    assert codes[-1].status_code == 429


def test_lobby_lists_public_tables_and_private_ones_need_the_invite(server: Server) -> None:
    name = any_game()
    host, host_me = browser(server)
    guest, guest_me = browser(server)
    guest.post("/api/me/name", json={"name": "Bea"})
    clock = {"kind": "untimed", "move": 300}
    public = host.post(
        "/api/tables", json={"game": name, "seats": ["human", "human"], "clock": clock}
    ).json()
    private = host.post(
        "/api/tables", json={"game": name, "seats": ["human", "human"], "public": False}
    ).json()
    assert private["invite"] and private["invite_url"].endswith(private["invite"])
    lobby = guest.get("/api/lobby").json()
    listed = {t["id"]: t for t in lobby["open"]}
    assert public["id"] in listed and private["id"] not in listed
    entry = listed[public["id"]]
    assert entry["clock"] == clock and entry["seats"][0]["name"] == host_me["name"]
    assert "token" not in str(entry) and "invite_hash" not in str(entry)
    # Private: no seat and no watching without the key.
    refused = guest.post(f"/api/tables/{private['id']}/seats")
    assert refused.status_code == 403 and refused.json()["code"] == "not_invited"
    seat = guest.post(f"/api/tables/{private['id']}/seats?invite={private['invite']}")
    assert seat.status_code == 201 and seat.json()["seat"] == 1

    async def watch() -> None:
        try:
            async with open_table(server, private["id"]) as table:
                message = await table.recv()
                assert message["type"] == "error" and message["code"] == "bad_token"
                await table.recv()
                raise AssertionError("a private table let an uninvited spectator in")
        except ConnectionClosed:
            pass
        async with open_table(server, f"{private['id']}?invite={private['invite']}") as table:
            state = await table.next_state()
            assert state["seat"] is None and state["seats"][1]["name"] == "Bea"

    run(watch())
    joined = guest.post(f"/api/tables/{public['id']}/seats").json()
    assert joined["seat"] == 1
    lobby = guest.get("/api/lobby").json()
    assert public["id"] not in {t["id"] for t in lobby["open"]}
    assert guest_me["id"] != host_me["id"]


def test_rated_tables_are_people_and_standard_rules_only(server: Server) -> None:
    name = any_game()
    # Rated tables are for accounts (issue 18): the rules are checked for one.
    ((account, _),) = accounts(server, 1)
    bots = account.post(
        "/api/tables", json={"game": name, "seats": ["human", "bot:random"], "rated": True}
    )
    assert bots.status_code == 422 and bots.json()["code"] == "bad_seats"
    bad_clock = server.post(
        "/api/tables", {"game": name, "seats": ["human", "human"], "clock": {"kind": "x"}}
    )
    assert bad_clock.status_code == 422 and bad_clock.json()["code"] == "bad_clock"
    caravan = account.post(
        "/api/tables",
        json={
            "game": "caravan",
            "options": {"king_adds": True},
            "seats": ["human", "human"],
            "rated": True,
        },
    )
    assert caravan.status_code == 422 and "casual" in caravan.json()["detail"]


def test_a_guest_who_never_chose_a_name_is_called_by_the_user_name(server: Server) -> None:
    client, me = browser(server)
    assert me["name"].startswith("Guest ")
    username = "nameless_" + me["id"][:6].lower().replace("-", "_")
    answer = client.post(
        "/api/account/register", json={"username": username, "password": "pw-12345"}
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["name"] == username
    assert client.get(f"/api/players/{me['id']}").json()["name"] == username
