"""Every rule id of a game is named by at least one scenario test, the ids a game declares
are exactly the ids of its rules (``docs/rules/<game>.md``), and every id a scenario test
names is one of them. A game from outside the house keeps its ``rules.md`` and its
scenario tests (``test_*.py``) in its own package folder (docs/architecture.md)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from cardtable import games

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"


def rule_ids_in(text: str, prefix: str) -> set[str]:
    return set(re.findall(rf"\b{prefix}-\d+\b", text))


def by_number(ids: set[str]) -> list[str]:
    return sorted(ids, key=lambda r: int(r.split("-")[1]))


def prefix_of(name: str) -> str:
    declared = games.game_class(name).RULE_IDS
    assert declared, f"{name} declares no RULE_IDS"
    return declared[0].split("-")[0]


def package_folder(name: str) -> Path:
    return Path(inspect.getfile(games.game_class(name))).parent


def scenario_text(name: str) -> str:
    tests = ROOT / "tests" / "games" / name
    if not tests.is_dir():
        tests = package_folder(name)
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(tests.glob("test_*.py")))


def rules_text(name: str) -> str:
    path = RULES / f"{name}.md"
    if not path.exists():
        path = package_folder(name) / "rules.md"
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", games.names())
def test_every_rule_id_has_a_scenario_test(name: str) -> None:
    declared = set(games.game_class(name).RULE_IDS)
    missing = by_number(declared - rule_ids_in(scenario_text(name), prefix_of(name)))
    assert not missing, f"no scenario test names {', '.join(missing)}"


@pytest.mark.parametrize("name", games.names())
def test_declared_rule_ids_match_the_rules(name: str) -> None:
    assert set(games.game_class(name).RULE_IDS) == rule_ids_in(rules_text(name), prefix_of(name))


@pytest.mark.parametrize("name", games.names())
def test_scenario_tests_name_only_rules_that_exist(name: str) -> None:
    prefix = prefix_of(name)
    unknown = by_number(
        rule_ids_in(scenario_text(name), prefix) - rule_ids_in(rules_text(name), prefix)
    )
    assert not unknown, f"tests/games/{name} names rule ids {name}'s rules do not have: {unknown}"
