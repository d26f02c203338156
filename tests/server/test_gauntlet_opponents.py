"""The gauntlet's opponents never sit at a table: a real server refuses a seat that names
one (the cheater reads the whole state; it exists only in ``cardtable gauntlet``)."""

from __future__ import annotations

import pytest

from cardtable import games

from .support import Server, require_game


@pytest.mark.parametrize("style", ["cheater", "greedy", "snapper"])
def test_a_table_seating_a_gauntlet_opponent_is_refused(server: Server, style: str) -> None:
    require_game("cambio")
    assert style in games.package("cambio").opponents
    response = server.post("/api/tables", {"game": "cambio", "seats": ["human", f"bot:{style}"]})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] and style in body["detail"], body
