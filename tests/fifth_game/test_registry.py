"""The registry's one line for a game from outside the house, and what it refuses."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import InvalidOptions, games

from .conftest import REFERENCE, ROOT, installed


def test_registered_highcard_is_listed_and_loads() -> None:
    assert "highcard" in games.names()
    assert games.load("highcard", hand=4).options == {"players": 2, "hand": 4}
    games.register("highcard", REFERENCE)  # the same line again changes nothing


@pytest.mark.parametrize(
    "name,reference,message",
    [
        ("HighCard", REFERENCE, "lower-case"),
        ("../x", REFERENCE, "lower-case"),
        ("cambio", REFERENCE, "already registered"),
        ("highcard", "elsewhere:PACKAGE", "already registered"),
    ],
)
def test_register_refuses_a_bad_or_taken_name(name: str, reference: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        games.register(name, reference)
    assert games.package("cambio").name == "cambio"


def test_a_reference_to_another_games_record_is_refused() -> None:
    games.register("copycat", REFERENCE)
    try:
        with pytest.raises(InvalidOptions, match="is not the GamePackage of 'copycat'"):
            games.load("copycat")
    finally:
        games.unregister("copycat")
    assert "copycat" not in games.names()


def test_an_entry_point_cannot_take_a_house_games_name(tmp_path: Path) -> None:
    env = installed(tmp_path)
    points = next(tmp_path.glob("*.dist-info")) / "entry_points.txt"
    points.write_text(points.read_text() + f"cambio = {REFERENCE}\n")
    program = "from cardtable import games; print(games.names(), games.package('cambio').name)"
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [
        "['cabo',",
        "'cambio',",
        "'caravan',",
        "'gandengyan',",
        "'highcard']",
        "cambio",
    ]
    assert "ignored game entry point 'cambio'" in done.stderr
