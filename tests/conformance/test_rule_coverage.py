"""Every rule id of a game is named by at least one scenario test, and the ids a game
declares are exactly the ids of its spec (when the spec is beside the repository)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable import games

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent / "shared" / "spec"


def rule_ids_in(text: str, prefix: str) -> set[str]:
    return set(re.findall(rf"\b{prefix}-\d+\b", text))


@pytest.mark.parametrize("name", games.names())
def test_every_rule_id_has_a_scenario_test(name: str) -> None:
    declared = games.game_class(name).RULE_IDS
    assert declared, f"{name} declares no RULE_IDS"
    tests = ROOT / "tests" / "games" / name
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(tests.glob("test_*.py")))
    prefix = declared[0].split("-")[0]
    missing = sorted(set(declared) - rule_ids_in(text, prefix), key=lambda r: int(r[3:]))
    assert not missing, f"no scenario test names {', '.join(missing)}"


@pytest.mark.parametrize("name", games.names())
def test_declared_rule_ids_match_the_spec(name: str) -> None:
    spec = SPEC / f"{name}.md"
    if not spec.exists():
        pytest.skip(f"{spec} is not beside this checkout")
    declared = games.game_class(name).RULE_IDS
    prefix = declared[0].split("-")[0]
    assert set(declared) == rule_ids_in(spec.read_text(encoding="utf-8"), prefix)
