"""Learn to play over HTTP (docs/learn.md): every scenario replays on the engine to its
end, wrong input answers 422 naming the problem, and the labs agree with the engines."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from cardtable import games
from cardtable.games.cambio import labs as cambio_labs
from cardtable.server.learn import scenarios

from .support import TIMEOUT, Server

# Every game's scenarios, from its package
SCENARIOS = {game: scenarios(game) for game in games.names()}


@pytest.fixture
def client(server: Server) -> Iterator[httpx.Client]:
    """HTTP to the real server of the session (``cardtable serve`` in a subprocess)."""
    with httpx.Client(base_url=server.http, timeout=TIMEOUT) as c:
        yield c


def post(client: Any, path: str, body: object) -> httpx.Response:
    response: httpx.Response = client.post(path, json=body)
    return response


@pytest.mark.parametrize(("game", "sid"), [(g, s) for g, sc in SCENARIOS.items() for s in sc])
def test_every_scenario_plays_to_its_end_on_script(client: Any, game: str, sid: str) -> None:
    actions: list[dict[str, Any]] = []
    for _ in range(60):
        answer = post(client, f"/api/learn/{game}/example", {"id": sid, "actions": actions})
        assert answer.status_code == 200, answer.text
        data = answer.json()
        if data["done"]:
            break
        assert data["expect"] in data["legal"], (data["step"], data["expect"])
        actions.append(data["expect"])
    assert data["done"] and data["step"] == data["steps"]
    assert data["end"]["en"] and data["end"]["zh"]


def test_scenario_outcomes_are_the_engines() -> None:
    """The seed's numbers, as the engine reaches them."""
    from cardtable.server.learn import Run

    def finish(game: str, sid: str) -> Any:
        s = SCENARIOS[game][sid]
        run = Run(game, s)
        run.play([st.action for st in s.steps if st.seat == 0])
        return run.answer()

    assert finish("cambio", "score3")["outcome"]["scores"][0] == 3
    assert finish("cambio", "upset")["outcome"]["winners"] == [1]
    assert finish("cabo", "kamikaze")["outcome"]["scores"] == [50, 0]
    assert finish("gandengyan", "payment")["outcome"]["scores"] == [20, -20]
    caravan = finish("caravan", "tutorial")  # the joker's move sells the third pair
    assert caravan["outcome"]["winners"] == [0] and caravan["outcome"]["scores"] == [3, 0]
    assert caravan["view"]["sellers"] == [0, 0, 0]


def test_wrong_scenario_input_is_refused_with_its_reason(client: Any) -> None:
    cases = [
        ("/api/learn/chess/example", {"id": "x"}, "unknown_game"),
        ("/api/learn/cambio/example", {"id": "nope"}, "unknown_scenario"),
        (
            "/api/learn/cambio/example",
            {"id": "clues", "actions": [{"type": "call"}]},
            "illegal_action",
        ),
        ("/api/learn/cambio/example", {"id": "clues", "actions": [{"x": 1}]}, "illegal_action"),
        ("/api/learn/cambio/example", {"id": "clues", "actions": "draw"}, "bad_request"),
        ("/api/learn/cambio/example", [1, 2], "bad_request"),
        (
            "/api/learn/caravan/example",
            {"id": "faces", "actions": [{"type": "play"}]},
            "illegal_action",
        ),
    ]
    for path, body, code in cases:
        answer = post(client, path, body)
        assert answer.status_code == 422, (body, answer.text)
        assert answer.json()["code"] == code and answer.json()["detail"]


def test_list_and_pages(client: Any) -> None:
    listing = client.get("/api/learn/cabo").json()
    assert {s["id"] for s in listing} >= {"tutorial", "exchange", "kamikaze"}
    for kind in ("rules", "learn", "labs"):
        assert client.get(f"/{kind}/cambio").status_code == 200


def test_cambio_hand_lab_matches_the_engine(client: Any) -> None:
    rng = random.Random(5)
    deck = list(cambio_labs.CARDS)
    for _ in range(40):
        hand = rng.sample(deck, rng.randint(0, 8))
        data = post(client, "/api/labs/cambio/hand", {"cards": hand}).json()
        for v in data["variants"]:
            game = games.load("cambio", **v["options"])
            assert v["score"] == game.score(hand), (hand, v)
    bad = post(client, "/api/labs/cambio/hand", {"cards": ["1x"]})
    assert bad.status_code == 422 and "1x" in bad.json()["detail"]


def test_cambio_hand_lab_takes_the_readers_card_values(client: Any) -> None:
    rng = random.Random(8)
    deck = list(cambio_labs.CARDS)
    for _ in range(30):
        hand = rng.sample(deck, rng.randint(0, 8))
        red_king, joker = rng.randint(-10, 10), rng.randint(-10, 10)
        body = {"cards": hand, "red_king": red_king, "joker": joker}
        data = post(client, "/api/labs/cambio/hand", body).json()
        ids = [v["id"] for v in data["variants"]]
        assert ids[:4] == ["sum", "pairs_cancel", "red_king_10", "joker_minus_2"]
        assert ids[4:] == ["own_sum", "own_pairs_cancel"]  # beside the fixed schemes
        for v in data["variants"]:
            assert v["score"] == games.load("cambio", **v["options"]).score(hand), (hand, v)
        own = games.load("cambio", red_king=red_king, joker=joker)
        assert data["values"] == [own.values[c] for c in hand]
    only = post(client, "/api/labs/cambio/hand", {"cards": ["RJ"], "joker": -5}).json()
    assert only["own"] == {"joker": -5} and only["variants"][4]["score"] == -5
    plain = post(client, "/api/labs/cambio/hand", {"cards": ["RJ"]}).json()
    assert len(plain["variants"]) == 4 and plain["own"] is None
    for name, value in (("red_king", 11), ("joker", -11), ("joker", "x"), ("red_king", True)):
        bad = post(client, "/api/labs/cambio/hand", {"cards": ["Kh"], name: value})
        assert bad.status_code == 422, (name, value)
        assert bad.json()["code"] == "bad_lab_input"
        detail = bad.json()["detail"]
        assert detail.startswith(f"{name}:") and "-10 to 10" in detail, detail


def test_cabo_calculator_kamikaze_and_reset(client: Any) -> None:
    body = {
        "rounds": [
            {"rows": [[12, 12, 13, 13], [1, 2]], "caller": None},
            {"rows": [[10], [12, 13]], "caller": 1},
            {"rows": [[13, 13, 12, 2], [0]], "caller": None},
        ]
    }
    data = post(client, "/api/labs/cabo/score", body).json()
    assert data["rounds"][0]["scores"] == [0, 50] and data["rounds"][0]["kamikaze"] == 0
    assert data["rounds"][1]["scores"] == [10, 35] and data["rounds"][1]["totals"] == [10, 85]
    assert data["rounds"][2]["totals"] == [50, 85]  # 10 + 40 = 100 resets to 50
    for body in ({"rounds": []}, {"rounds": [{"rows": [[14], [1]]}]}, {"rounds": "x"}):
        assert post(client, "/api/labs/cabo/score", body).status_code == 422


def test_gandengyan_calculator(client: Any) -> None:
    body = {"losers": [{"cards": ["5h", "6h", "7c", "9d", "RJ"]}], "bombs": 1}
    data = post(client, "/api/labs/gandengyan/score", body).json()
    assert data["losers"][0] == {"cards": 5, "shut_out": True, "pays": 5 * 2 * 2 * 2}
    body = {"losers": [{"cards": ["5h"], "plays": 2}], "bombs": 0}
    assert post(client, "/api/labs/gandengyan/score", body).json()["winner_gets"] == 1
    assert (
        post(client, "/api/labs/gandengyan/score", {"losers": [{"cards": ["zz"]}]}).status_code
        == 422
    )


def test_caravan_lab(client: Any) -> None:
    steps = [("9h", 9, None, "h"), ("3d", 12, "descending", "d"), ("7d", 19, "ascending", "d")]
    caravan: list[list[str]] = []
    for card, value, direction, suit in steps:
        data = post(client, "/api/labs/caravan/caravan", {"caravan": caravan, "card": card}).json()
        assert (data["value"], data["direction"], data["suit"]) == (value, direction, suit)
        caravan = data["caravan"]
    data = post(client, "/api/labs/caravan/caravan", {"caravan": caravan, "card": "7s"}).json()
    assert data["refusal"] and data["caravan"] == caravan
    data = post(client, "/api/labs/caravan/caravan", {"caravan": caravan, "card": "Qs"}).json()
    assert data["direction"] == "descending" and data["suit"] == "s"
    data = post(client, "/api/labs/caravan/caravan", {"caravan": caravan, "card": "Kc"}).json()
    assert data["value"] == 26 and data["sells"]
    for body in (
        {"caravan": [["Kh"]]},
        {"caravan": [], "card": "Jh"},
        {"caravan": [[]]},
        {"caravan": 3},
    ):
        assert post(client, "/api/labs/caravan/caravan", body).status_code == 422


def test_a_game_packages_lab_route_refuses_what_it_cannot_run(client: Any) -> None:
    """The generic lab route (``/api/labs/{game}/{lab}``) answers 422 with a code naming
    the problem: no such game, no such lab, a body of the wrong shape."""
    cases = [
        ("/api/labs/nogame/hand", {"cards": []}, "unknown_game"),
        ("/api/labs/cambio/nolab", {"cards": []}, "unknown_lab"),
        ("/api/labs/cambio/hand", {"cards": "Kh"}, "bad_request"),
        ("/api/labs/cambio/hand", {"cards": ["Kh"] * 61}, "bad_request"),
        ("/api/labs/cabo/score", {"rounds": [{"rows": [[1]]}]}, "bad_request"),
    ]
    for path, body, code in cases:
        answer = post(client, path, body)
        assert answer.status_code == 422, (path, body)
        assert answer.json()["code"] == code, (path, answer.json())
        assert answer.json()["detail"], path


def test_a_game_packages_browser_files_are_served_and_nothing_beside_them(client: Any) -> None:
    """``/games/<name>/`` serves the package's static directory (its renderer and rules
    content) and nothing outside it: not the package's Python, not another game's."""
    for game in ("cambio", "cabo"):
        for name in ("render.js", "rules.js"):
            answer = client.get(f"/games/{game}/{name}")
            assert answer.status_code == 200, (game, name)
            assert "javascript" in answer.headers["content-type"]
    for path in (
        "/games/cambio/../package.py",
        "/games/cambio/%2e%2e/package.py",
        "/games/cambio/..%2fpackage.py",
        "/games/cambio/nothing.js",
        "/games/nogame/render.js",
        "/games/cambio/",
    ):
        answer = client.get(path)  # (httpx folds a bare "..": the server never sees it)
        assert answer.status_code != 200 and "PACKAGE" not in answer.text, path
