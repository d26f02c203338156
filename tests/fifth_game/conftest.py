"""High card is registered by its one line for the tests of this folder, and forgotten
after them, so the rest of the suite sees the house's games only."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable import games

NAME = "highcard"
REFERENCE = "tests.fifth_game.highcard.package:PACKAGE"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True, scope="package")
def highcard() -> Iterator[str]:
    games.register(NAME, REFERENCE)
    yield NAME
    games.unregister(NAME)


def installed(folder: Path) -> dict[str, str]:
    """The environment of a process in which High card is *installed* as a third-party
    game is: a distribution's metadata on the path declaring the entry point
    ``highcard = tests.fifth_game.highcard.package:PACKAGE`` (group ``cardtable.games``),
    the one registry line, and nothing else configured."""
    info = folder / "cardtable_highcard-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: cardtable-highcard\nVersion: 0.1\n"
    )
    (info / "entry_points.txt").write_text(f"[{games.ENTRY_POINTS}]\n{NAME} = {REFERENCE}\n")
    path = [str(folder), str(ROOT), str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]
    return {"PYTHONPATH": os.pathsep.join(p for p in path if p)}
