"""The compiled engines and the pure-Python ones are one engine (docs/engines.md,
"Compiled engines"): for the same seeds they list the same legal actions and show the
same views, events, determinizations, search moves and outcomes. The golden playthroughs
run in this process (compiled where built); ``traces`` runs both ways here."""

from __future__ import annotations

import difflib
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import games, native

from .traces import case_id, cases, trace

ROOT = Path(__file__).resolve().parents[2]


def run_pure(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, native.PURE_PYTHON: "1"}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )


def engine_modules() -> list[str]:
    """The module of each game's State, which holds its rules."""
    return [type(games.load(name).new_state(seed=1)).__module__ for name in games.names()]


def test_compiled_and_pure_python_engines_agree(tmp_path: Path) -> None:
    pure = [m for m in engine_modules() if not native.is_compiled(sys.modules[m])]
    if pure:
        pytest.skip(f"{native.mode()}: {', '.join(pure)} not compiled, nothing to compare")
    done = run_pure("-m", "tests.conformance.traces", str(tmp_path))
    assert done.returncode == 0, done.stderr[-3000:]
    # Every engine module of the other run came from its source.
    said = f"engines run pure Python ({native.PURE_PYTHON} is set)"
    assert done.stdout.splitlines()[-2:] == [said, "compiled: []"], done.stdout
    for name, options, seed in cases():
        here = trace(name, options, seed)
        there = (tmp_path / f"{case_id(name, options, seed)}.txt").read_text(encoding="utf-8")
        if here != there:
            diff = difflib.unified_diff(
                there.splitlines(), here.splitlines(), "pure", "compiled", lineterm="", n=0
            )
            shown = "\n".join(line[:300] for line in list(diff)[:10])
            pytest.fail(f"{case_id(name, options, seed)}: compiled differs from pure\n{shown}")


def test_pure_python_is_said_once() -> None:
    script = (
        "import logging, cardtable.native as n; logging.basicConfig(format='%(message)s'); "
        "n.announce(); n.announce(); from cardtable import games; games.load('cambio')"
    )
    done = run_pure("-c", script)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines == [f"cardtable: engines run pure Python ({native.PURE_PYTHON} is set)"]


def twin_beside(folder: Path, newer: bool) -> Path:
    """``folder/rules.py`` and a compiled twin (an empty stand-in: it is never loaded
    here), the twin built after the source or before it."""
    source = folder / "rules.py"
    source.write_text("X = 1\n")
    twin = folder / f"rules{importlib.machinery.EXTENSION_SUFFIXES[0]}"
    twin.write_bytes(b"")
    built, edited = (200, 100) if newer else (100, 200)
    os.utime(twin, (built, built))
    os.utime(source, (edited, edited))
    return source


@pytest.mark.parametrize(
    "twin_newer,pure,runs",
    [(True, False, "twin"), (False, False, "source"), (True, True, "source")],
    ids=["built-after-the-edit", "edited-since-the-build", "pure-python-asked"],
)
def test_the_source_runs_when_edited_since_the_build_or_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, twin_newer: bool, pure: bool, runs: str
) -> None:
    source = twin_beside(tmp_path, newer=twin_newer)
    monkeypatch.setenv(native.PURE_PYTHON, "1" if pure else "0")
    spec = native.SourceFirst().find_spec("cardtable.rules", [str(tmp_path)])
    if runs == "twin":
        assert spec is None  # the ordinary finders load the twin
    else:
        assert spec is not None and spec.origin == str(source)


# setup.py's ENGINES: what it compiles, and what stays interpreted on purpose.
NOT_ENGINE = {"__init__.py", "labs.py", "learn.py", "text.py", "encoder.py", "package.py"}


def test_every_engine_module_is_compiled_when_the_engines_are() -> None:
    """A module Cython cannot translate is left out of the build with only a warning, and
    then runs interpreted, slower, unnoticed (Cambio's policy.py did, for a starred
    generator in a list). When the engines were compiled here, each must have its twin."""
    if not native.is_compiled(sys.modules[native.PROBE]):
        pytest.skip(native.mode())
    src = ROOT / "src" / "cardtable"
    sources = [
        *src.glob("core/*.py"),
        *src.glob("games/*/*.py"),
        *src.glob("games/*/bots/*.py"),
        src / "bots" / "ismcts.py",
        src / "bots" / "search.py",
    ]
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    missing = [
        str(path.relative_to(src))
        for path in sources
        if path.name not in NOT_ENGINE
        and not any(path.with_name(path.stem + suffix).exists() for suffix in suffixes)
    ]
    assert missing == [], f"not compiled (see the build's 'left out' warnings): {missing}"
