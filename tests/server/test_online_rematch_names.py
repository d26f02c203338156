"""Issue 8, step 3 fixes: the rematch table keeps its players' names on their seats, whoever's
client asks for it (a browser with its cookie, or a script with the seat token alone)."""

from __future__ import annotations

import asyncio
import random

from cardtable import games

from .support import Server, any_game, open_table, run
from .test_online_identity import browser


def test_rematch_keeps_the_players_names(server: Server) -> None:
    name = any_game()
    players = games.load(name).players
    ada, _ = browser(server)
    bea, _ = browser(server)
    ada.post("/api/me/name", json={"name": "Ada"})
    bea.post("/api/me/name", json={"name": "Bea"})
    seats = ["human", "human", *["bot:random"] * (players - 2)]
    first = ada.post("/api/tables", json={"game": name, "seats": seats}).json()
    second = bea.post(f"/api/tables/{first['id']}/seats/1").json()

    async def finish() -> None:
        async with (
            open_table(server, first["id"], first["token"]) as a,
            open_table(server, first["id"], second["token"]) as b,
        ):
            await asyncio.gather(
                a.play_randomly(random.Random(3)), b.play_randomly(random.Random(4))
            )

    run(finish())
    # Bea asks from her browser, Ada's token comes from a script without a cookie.
    one = bea.post(f"/api/tables/{first['id']}/rematch", json={"token": second["token"]})
    two = server.post(f"/api/tables/{first['id']}/rematch", {"token": first["token"]})
    assert one.status_code == two.status_code == 201, (one.text, two.text)
    # The rematch is its players' (a seat token shows it; issue 18).
    summary = server.get(f"/api/tables/{one.json()['id']}?token={one.json()['token']}").json()
    assert [s.get("name") for s in summary["seats"][:2]] == ["Ada", "Bea"]
