"""The HTTP API as a client uses it: games, tables, seats, refusals that name the problem,
health, the OpenAPI document and the web client's files."""

from __future__ import annotations

import pytest

from cardtable import games

from .support import Server, any_game, playable_games


def test_games_lists_every_playable_game_with_its_options(server: Server) -> None:
    listed = {g["name"]: g for g in server.get("/api/games").json()}
    assert set(playable_games()) <= set(listed)
    for name, info in listed.items():
        cls = games.game_class(name)
        assert info["title"] == cls.title
        assert info["options"] == [o.to_json() for o in cls.OPTIONS]
        players = cls.option("players")
        assert info["players"]["default"] == players.default
        assert info["players"]["min"] <= players.default <= info["players"]["max"]
        assert "random" in info["bots"]


def test_games_come_in_the_packages_order_with_their_sample_cards(server: Server) -> None:
    """The home page and the lobby list the games as their packages ask (issue 21: the
    shell names no game, so the order and the tiles' cards come from here)."""
    listed = server.get("/api/games").json()
    keys = [(g["order"], g["name"]) for g in listed]
    assert keys == sorted(keys)
    for info in listed:
        package = games.package(info["name"])
        assert info["order"] == package.order
        assert info["sample_cards"] == list(package.sample_cards)
        assert info["learn"] == (package.scenarios is not None)
        game = games.load(info["name"])
        conceding = game.concession()
        wire = None if conceding is None else game.action_to_json(conceding)
        assert info["concession"] == wire
        styled = package.static is not None and (package.static / "style.css").is_file()
        assert info["style"] == styled


def test_create_answers_the_creators_seat_and_an_unguessable_token(server: Server) -> None:
    name = any_game()
    players = games.load(name).players
    seats = ["bot:random", "human", *["human"] * (players - 2)]
    one = server.create(name, seats)
    two = server.create(name, seats)
    assert one["seat"] == 1  # the first human seat
    assert one["url"] == f"/table/{one['id']}"
    assert one["id"] != two["id"] and one["token"] != two["token"]
    assert len(one["token"]) >= 32


def test_a_table_of_bots_has_no_seat_to_hand_out(server: Server) -> None:
    name = any_game()
    ticket = server.create(name, ["bot:random"] * games.load(name).players)
    assert ticket["seat"] is None and ticket["token"] is None


def test_summary_is_public_and_keeps_secrets(server: Server) -> None:
    name = any_game()
    players = games.load(name).players
    ticket = server.create(name, ["human"] * players)
    summary = server.get(f"/api/tables/{ticket['id']}").json()
    assert summary["game"] == name and summary["status"] == "playing"
    assert summary["version"] == 0 and summary["players"] == players
    assert summary["options"]["players"] == players
    assert summary["seats"][0] == {"seat": 0, "kind": "human", "bot": None, "claimed": True}
    assert summary["seats"][1]["claimed"] is False
    text = server.get(f"/api/tables/{ticket['id']}").text
    assert "seed" not in text and ticket["token"] not in text and "token" not in text


def test_unknown_table_is_404(server: Server) -> None:
    response = server.get("/api/tables/nosuchtable")
    assert response.status_code == 404
    assert response.json()["code"] == "unknown_table"


def test_people_take_the_other_human_seats(server: Server) -> None:
    name = any_game()
    players = games.load(name).players
    ticket = server.create(name, ["human", "bot:random", *["human"] * (players - 2)])
    path = f"/api/tables/{ticket['id']}/seats"
    taken = server.post(f"{path}/0")
    assert taken.status_code == 409 and "already taken" in taken.json()["detail"]
    bot = server.post(f"{path}/1")
    assert bot.status_code == 409 and "bot" in bot.json()["detail"]
    missing = server.post(f"{path}/{players}")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_seat"
    assert server.post("/api/tables/nosuchtable/seats/0").status_code == 404
    tokens = {ticket["token"]}
    for seat in range(2, players):
        got = server.post(path)  # the first free human seat
        assert got.status_code == 201 and got.json()["seat"] == seat
        tokens.add(got.json()["token"])
    assert len(tokens) == players - 1
    full = server.post(path)
    assert full.status_code == 409 and full.json()["code"] == "no_free_seat"
    summary = server.get(f"/api/tables/{ticket['id']}").json()
    assert all(s["claimed"] for s in summary["seats"] if s["kind"] == "human")


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "chess", "seats": ["human"]}, "unknown_game", ["'chess'", "cambio"]),
        (
            {"game": "cambio", "options": {"colour": 1}, "seats": ["human", "human"]},
            "bad_options",
            ["no option 'colour'"],
        ),
        (
            {"game": "cambio", "options": {"snap": "never"}, "seats": ["human", "human"]},
            "bad_options",
            ["'snap'", "'never'"],
        ),
        (
            {"game": "cambio", "options": {"players": 4}, "seats": ["human", "bot:random"]},
            "bad_seats",
            ["players=4", "2 seats"],
        ),
        ({"game": "cambio", "seats": ["human"] * 9}, "bad_seats", ["9 seats", "2 to 6"]),
        ({"game": "cambio", "seats": ["human", "robot"]}, "bad_seats", ["Seat 1", "'robot'"]),
        ({"game": "cambio", "seats": ["human", "bot:genius"]}, "bad_seats", ["Seat 1", "'genius'"]),
        ({"game": "cambio", "seats": ["human", 7]}, "bad_seats", ["Seat 1", "7"]),
        ({"game": "cambio"}, "bad_request", ["seats"]),
        ({"game": "cambio", "seats": "human,human"}, "bad_request", ["seats"]),
        ({"game": "cambio", "options": [1], "seats": ["human"]}, "bad_request", ["options"]),
    ],
)
def test_bad_tables_are_refused_naming_the_problem(
    server: Server, body: dict[str, object], code: str, words: list[str]
) -> None:
    if "cambio" not in playable_games():
        pytest.skip("these cases are written against cambio's options")
    response = server.post("/api/tables", body)
    assert response.status_code == 422, response.text
    assert response.json()["code"] == code
    for word in words:
        assert word in response.json()["detail"]


def test_a_body_that_is_not_json_is_refused(server: Server) -> None:
    import httpx

    response = httpx.post(
        f"{server.http}/api/tables",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422 and response.json()["code"] == "bad_request"


def test_health_openapi_and_web_client(server: Server) -> None:
    assert server.get("/healthz").json()["status"] == "ok"
    paths = server.get("/openapi.json").json()["paths"]
    for path in (
        "/api/games",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/seats/{seat}",
    ):
        assert path in paths
    index = server.get("/")
    assert index.status_code == 200 and "<html" in index.text
    assert server.get("/table/abc").text == index.text
    assert server.get("/static/index.html").text == index.text
    assert server.get("/static/nothing.js").status_code == 404
