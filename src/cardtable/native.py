"""Compiled engines (docs/engines.md, "Compiled engines"): ``setup.py`` compiles the
engine modules (``core``, each game's rules, the search's hot loop) with Cython from
their own ``.py`` source, and the compiled twin (``state.cpython-311-….so``) sits beside
the source. Python's import system prefers the twin; this module decides when it must not:

- ``CARDTABLE_PURE_PYTHON=1`` in the environment (the research accelerators obey it too);
- the source is newer than its twin (edited since the last build): the edit wins, so a
  stale build never runs old rules.

Without a C compiler no twins are built and everything simply runs from source. Either
way the house says once that it runs pure Python (``announce``). This module is imported
by ``cardtable/__init__.py`` before anything else of the package, and is never compiled."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PURE_PYTHON = "CARDTABLE_PURE_PYTHON"
# A module whose compiled twin says whether the engines were compiled at all.
PROBE = "cardtable.core.game"

log = logging.getLogger("cardtable")
_stale: list[str] = []
_announced = False


def pure_python_requested() -> bool:
    return os.environ.get(PURE_PYTHON, "") not in ("", "0")


def _twin(source: Path) -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_name(source.stem + suffix)
        if candidate.exists():
            return candidate
    return None


class SourceFirst(importlib.abc.MetaPathFinder):
    """Finds a ``cardtable`` module's ``.py`` source ahead of its compiled twin when the
    twin must not run; otherwise defers to the ordinary finders."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("cardtable.") or path is None:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = Path(folder) / f"{leaf}.py"
            if not source.exists():
                continue
            twin = _twin(source)
            if twin is None:
                return None
            if not pure_python_requested():
                if twin.stat().st_mtime >= source.stat().st_mtime:
                    return None
                _stale.append(fullname)
            return importlib.util.spec_from_file_location(fullname, source)
        return None


def install() -> None:
    if not any(isinstance(finder, SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())


def is_compiled(module: ModuleType) -> bool:
    return not str(getattr(module, "__file__", "")).endswith(".py")


def compiled_modules() -> list[str]:
    """The loaded ``cardtable`` modules that run compiled."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("cardtable.")
        and module is not None
        and is_compiled(module)
        and getattr(module, "__file__", None) is not None
    )


def mode() -> str:
    """One line for logs and benches: whether the engines run compiled, and if not why."""
    probe = importlib.import_module(PROBE)
    if is_compiled(probe):
        note = f" ({len(_stale)} edited since the build run from source)" if _stale else ""
        return f"engines compiled (Cython){note}"
    if pure_python_requested():
        return f"engines run pure Python ({PURE_PYTHON} is set)"
    if PROBE in _stale:
        return "engines run pure Python (sources edited since the build: reinstall)"
    return "engines run pure Python (none compiled here: no C compiler at install?)"


def announce() -> None:
    """Say once per process how the engines run, as a warning when they run pure Python
    (slower: see docs/engines.md)."""
    global _announced
    if _announced:
        return
    _announced = True
    line = mode()
    if "pure Python" in line or _stale:
        log.warning("cardtable: %s", line)
    else:
        log.info("cardtable: %s", line)


install()
