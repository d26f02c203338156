"""Issue 8, step 4: ratings (openskill Plackett–Luce) on rated tables of 2, 4 and 6 seats
played to the end on a real server; leavers finish last; ties share a rank; casual tables
are never rated; the leaderboard and the profile show it."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx

from cardtable.server.ratings import ranks, rate

from .support import Server, Table, open_table, run
from .test_online_accounts import accounts

START = 25.0


def test_ranks_put_winners_first_leavers_last_and_share_ties() -> None:
    # Cambio: the lowest total wins; seat 3 left.
    assert ranks({"scores": [3, 10, 10, 1], "winners": [0]}, 4, {3}) == [1, 2, 2, 3]
    # Gan Deng Yan: points, higher is better.
    assert ranks({"scores": [-4, 8, -2], "winners": [1]}, 3) == [3, 1, 2]
    # Two winners tie.
    assert ranks({"scores": [5, 5, 9], "winners": [0, 1]}, 3) == [1, 1, 2]
    after = rate([None, None, None], [1, 1, 2])
    assert after[0] == after[1] and after[0][0] > START > after[2][0]


def rated_table(
    server: Server, seats: int, rated: bool = True
) -> tuple[list[httpx.Client], list[dict[str, Any]], list[str]]:
    # Accounts (guests are never rated), each from its own address (two seats from one
    # address are rated only a few times a day).
    people = accounts(server, seats)
    clients = [c for c, _ in people]
    ids = [me["id"] for _, me in people]
    body = {
        "game": "cambio",
        "options": {"players": seats},
        "seats": ["human"] * seats,
        "rated": rated,
    }
    response = clients[0].post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    first = response.json()
    tickets = [first]
    for seat in range(1, seats):
        taken = clients[seat].post(f"/api/tables/{first['id']}/seats/{seat}")
        assert taken.status_code == 201, taken.text
        tickets.append(taken.json())
    return clients, tickets, ids


def profile(server: Server, player: str, rated_games: int) -> dict[str, Any]:
    """The profile once the rating of the game just finished is in (it is written just
    after the last move)."""
    deadline = time.monotonic() + 30
    while True:
        data: dict[str, Any] = server.get(f"/api/players/{player}").json()
        if sum(r["games"] for r in data["ratings"]) >= rated_games or time.monotonic() > deadline:
            return data
        time.sleep(0.1)


def play_out(
    server: Server, tickets: list[dict[str, Any]], leaver: int | None = None, at_once: bool = False
) -> None:
    """Every seat plays at random to the end; ``leaver`` leaves once every seat has had a
    turn (a game left before everyone moved is aborted, not rated), or ``at_once``."""
    table_id = tickets[0]["id"]

    def leave() -> None:
        left = server.post(
            f"/api/tables/{table_id}/leave", {"token": tickets[leaver or 0]["token"]}
        )
        assert left.status_code == 200, left.text

    async def play_then_leave(table: Table, rng: random.Random) -> None:
        acted_on, acts = -1, 0
        while True:
            state = table.state or await table.next_state()
            if state["over"]:
                return
            if acts >= 2 and state["version"] >= 2 * len(tickets):
                await asyncio.to_thread(leave)
                return
            if state["legal"] and state["version"] != acted_on:
                acted_on, acts = state["version"], acts + 1
                await table.act(rng.choice(state["legal"]), state["version"])
            await table.recv()

    async def play() -> None:
        if leaver is not None and at_once:
            leave()
        playing = [s for s in range(len(tickets)) if not (at_once and s == leaver)]
        opened = [open_table(server, table_id, tickets[s]["token"]) for s in playing]
        tables = [await o.__aenter__() for o in opened]
        try:
            await asyncio.gather(
                *(
                    play_then_leave(t, random.Random(20 + s))
                    if s == leaver and not at_once
                    else t.play_randomly(random.Random(20 + s))
                    for s, t in zip(playing, tables, strict=True)
                )
            )
        finally:
            for o in opened:
                await o.__aexit__(None, None, None)

    run(play())


def mu_of(data: dict[str, Any]) -> float:
    (rating,) = [r for r in data["ratings"] if r["game"] == "cambio"]
    assert rating["provisional"] is True and rating["games"] == 1
    mu: float = rating["mu"]
    return mu


def test_two_seats_winner_up_leaver_down_and_on_the_leaderboard(server: Server) -> None:
    _, tickets, ids = rated_table(server, 2)
    play_out(server, tickets, leaver=1)
    summary = server.get(f"/api/tables/{tickets[0]['id']}").json()
    assert summary["status"] == "finished" and summary["outcome"]["winners"] == [0]
    winner, loser = profile(server, ids[0], 1), profile(server, ids[1], 1)
    assert mu_of(winner) > START > mu_of(loser)
    assert loser["results"][0]["left"] is False and loser["results"][0]["won"] is False
    assert winner["results"][0]["won"] is True and winner["games_played"] == 1
    assert winner["history"][0]["rank"] == 1 and loser["history"][0]["rank"] == 2
    board = server.get("/api/leaderboard/cambio").json()["players"]
    places = {p["id"]: p["rank"] for p in board}
    assert places[ids[0]] < places[ids[1]]
    assert server.get("/api/leaderboard/nope").status_code == 404
    assert server.get("/api/players/nobody").status_code == 404


def test_four_seats_the_leaver_finishes_last(server: Server) -> None:
    _, tickets, ids = rated_table(server, 4)
    play_out(server, tickets, leaver=3)
    outcome = server.get(f"/api/tables/{tickets[0]['id']}").json()["outcome"]
    profiles = [profile(server, i, 1) for i in ids]
    mus = [mu_of(p) for p in profiles]
    assert profiles[3]["history"][0]["rank"] == max(p["history"][0]["rank"] for p in profiles)
    assert mus[3] == min(mus) and mus[3] < START
    # The bot may even win the seat: the person who left still finishes last.
    for seat in set(outcome["winners"]) - {3}:
        assert mus[seat] > START
    assert profiles[3]["results"][0]["left"] is True and profiles[3]["results"][0]["won"] is False


def test_six_seats_winners_up_last_down(server: Server) -> None:
    _, tickets, ids = rated_table(server, 6)
    play_out(server, tickets)
    outcome = server.get(f"/api/tables/{tickets[0]['id']}").json()["outcome"]
    profiles = [profile(server, i, 1) for i in ids]
    seat_ranks = [p["history"][0]["rank"] for p in profiles]
    assert seat_ranks == ranks(outcome, 6)
    mus = [mu_of(p) for p in profiles]
    for seat in range(6):
        if seat in outcome["winners"]:
            assert mus[seat] > START
        if seat_ranks[seat] == max(seat_ranks):
            assert mus[seat] < START
        assert profiles[seat]["history"][0]["players"] == 6


def test_a_casual_table_changes_no_rating(server: Server) -> None:
    _, tickets, ids = rated_table(server, 2, rated=False)
    play_out(server, tickets, leaver=0, at_once=True)
    time.sleep(0.5)
    for player in ids:
        data = server.get(f"/api/players/{player}").json()
        assert data["ratings"] == [] and data["history"] == []
        assert data["results"][0]["rated"] is False and data["games_played"] == 1
