"""The layering of game packages (docs/architecture.md, "A game package"; issue 21).

- A game's engine modules import only core and their own game: no I/O, no bots, no rl,
  no server, no CLI.
- A game package's adapters import only core, their own game and the generic layer they
  adapt to: never another game, the server or the CLI.
- Outside ``games/<game>/`` no source names a moved game, but the registry's one line.

``SHELL_NOT_YET`` lists the files (mostly the web shell's) that still name a game; whoever
cleans a file takes it off the list, which ends empty."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable import games

SRC = Path(__file__).resolve().parents[1] / "src" / "cardtable"
GAMES = SRC / "games"
# The house's games: the packages under games/ (a game registered from outside, such as
# the tests' fifth game, lives elsewhere and is not the registry file's to name).
MOVED = tuple(name for name in games.names() if (GAMES / name / "package.py").exists())
# A package's adapters (everything else in games/<game>/ is its pure engine), and the
# generic layers each may import besides core and its own game.
ADAPTERS: dict[str, tuple[str, ...]] = {
    "package": ("cardtable.core",),
    "bots": ("cardtable.bots",),
    "encoder": ("cardtable.rl.encoding", "numpy"),
    "labs": ("pydantic",),
    "learn": (),
}
# Files that still name a moved game: none now. The web shell learns the games from
# /api/games and loads what each package adds (renderer, deck, texts, lab, style sheet).
SHELL_NOT_YET: set[str] = set()


def imports(path: Path) -> Iterator[str]:
    """The absolute names ``path`` imports (a relative import is its own package's)."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def cardtable_imports(path: Path) -> list[str]:
    return [name for name in imports(path) if name.split(".")[0] == "cardtable"]


def engine_modules(game: str) -> list[Path]:
    return [p for p in (GAMES / game).glob("*.py") if p.stem not in ADAPTERS]


@pytest.mark.parametrize("game", games.names())
def test_an_engine_imports_only_core_and_its_own_game(game: str) -> None:
    own = ("cardtable.core", f"cardtable.games.{game}")
    for path in engine_modules(game):
        wrong = [name for name in cardtable_imports(path) if not name.startswith(own)]
        assert not wrong, f"{path.relative_to(SRC)} imports {wrong}"


@pytest.mark.parametrize("game", MOVED)
def test_adapters_import_only_their_game_and_their_generic_layer(game: str) -> None:
    for stem, generic in ADAPTERS.items():
        allowed = ("cardtable.core", f"cardtable.games.{game}", *generic)
        paths = [*(GAMES / game / stem).glob("*.py"), GAMES / game / f"{stem}.py"]
        for path in (p for p in paths if p.exists()):
            wrong = [n for n in cardtable_imports(path) if not n.startswith(allowed)]
            assert not wrong, f"{path.relative_to(SRC)} imports {wrong}"


def code_names(path: Path) -> Iterator[tuple[int, str]]:
    """The identifiers, imported modules and string constants of a Python module, with
    their lines; docstrings are prose (an example may name a game) and are left out."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, ast.alias):
            yield node.lineno, node.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.lineno, node.module


def outside(game: str) -> Iterator[Path]:
    """Every source file outside ``games/<game>/``."""
    for path in sorted(SRC.rglob("*")):
        if path.suffix in (".py", ".js", ".html", ".css") and not path.is_relative_to(GAMES / game):
            yield path


@pytest.mark.parametrize("game", MOVED)
def test_outside_its_package_only_the_registry_names_a_moved_game(game: str) -> None:
    word = re.compile(rf"\b{game}\b", re.IGNORECASE)
    found = []
    for path in outside(game):
        name = path.relative_to(SRC).as_posix()
        if name in SHELL_NOT_YET:
            continue
        if path.suffix == ".py":
            hits = [line for line, text in code_names(path) if word.search(text)]
            if name == "games/__init__.py":  # the registry: one line per game
                assert len(set(hits)) == 1, f"the registry names {game} on lines {hits}"
                continue
        else:
            text = path.read_text()
            hits = [text.count("\n", 0, m.start()) + 1 for m in word.finditer(text)]
        found += [f"{name}:{line}" for line in hits]
    assert not found, f"{game} is named outside its package: {found}"


def test_the_allowlists_only_shrink() -> None:
    """Every listed file exists (a file that went must leave the list too)."""
    assert all((SRC / name).exists() for name in SHELL_NOT_YET)


def test_loading_a_game_and_its_bots_imports_no_research_extras() -> None:
    """The encoder (numpy), labs (pydantic) and lessons are imported on first use only: a
    fresh interpreter that loads every game, its package record and its bots has imported
    none of the research or server libraries."""
    program = (
        "import sys\n"
        "from cardtable import bots, games\n"
        "for name in games.names():\n"
        "    game = games.load(name)\n"
        "    games.package(name)\n"
        "    bots.make('medium', game)\n"
        "    bots.make('hard', game)\n"
        "heavy = ('numpy', 'gymnasium', 'pettingzoo', 'pydantic', 'fastapi')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC.parent)}
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout
