"""The repository stands on its own: no tracked file refers to a path outside it (a
sibling checkout beside the clone, a path of the machine it was written on such as
``/work/`` or a home folder), and every relative link of the documentation leads to a
tracked file. A clone is all a reader or a test has."""

from __future__ import annotations

import posixpath
import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# This file spells out the patterns it looks for.
SELF = Path(__file__).resolve().relative_to(ROOT).as_posix()

# A relative path that climbs: one or more "../" and what follows, up to a delimiter.
CLIMBING = re.compile(r"(?<![\w.~/-])((?:\.\./)+[^\s'\"`()<>\[\]{},;|*]*)")
# Absolute paths of one machine: its work folder, home folders. System paths such as
# /usr/bin/chromium or /tmp are the same everywhere and stay allowed.
MACHINE = re.compile(r"(?<![\w.~:/-])(/work/|/home/\w|/Users/\w|/root/|[A-Za-z]:\\Users\\)")
# The spec folder the rules came from, however it is reached.
SIBLING = re.compile(r"\.\.[/]shared\b|\bshared/spec\b")
# [text](target): a Markdown link; the target's #anchor and "title" are not the file.
LINK = re.compile(r"\]\(\s*<?([^)\s>#]+)")


@cache
def tracked() -> tuple[str, ...]:
    try:
        listing = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files are unknown")
    return tuple(name for name in listing.decode("utf-8").split("\0") if name)


def text_of(name: str) -> str | None:
    """A tracked file's text (None: binary, or not in the working tree)."""
    path = ROOT / name
    if not path.is_file():
        return None
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def texts() -> list[tuple[str, str]]:
    out = []
    for name in tracked():
        text = text_of(name)
        if text is not None and name != SELF:
            out.append((name, text))
    return out


def escapes(name: str, relative: str) -> bool:
    """Whether ``relative``, read from the folder of the file ``name``, leaves the root."""
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(name), relative))
    return resolved == ".." or resolved.startswith("../")


def outside_references(name: str, text: str) -> list[str]:
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        hits = [m.group(0) for m in SIBLING.finditer(line)]
        hits += [m.group(1) for m in MACHINE.finditer(line)]
        hits += [m.group(1) for m in CLIMBING.finditer(line) if escapes(name, m.group(1))]
        found += [f"{name}:{number}: {hit}" for hit in hits]
    return found


def broken_links(name: str, text: str) -> list[str]:
    files = set(tracked())
    folders = {posixpath.dirname(f) for f in files}
    found = []
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("/"):
            continue  # a URL (or a path of the web house), not a file of the repository
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
        if resolved not in files and resolved.rstrip("/") not in folders:
            found.append(f"{name}: {target}")
    return found


def test_no_tracked_file_refers_to_a_path_outside_the_repository() -> None:
    found = [hit for name, text in texts() for hit in outside_references(name, text)]
    assert not found, "paths outside the repository:\n" + "\n".join(found)


def test_every_relative_link_in_the_docs_leads_to_a_tracked_file() -> None:
    found = [
        hit for name, text in texts() if name.endswith(".md") for hit in broken_links(name, text)
    ]
    assert not found, "links to files that are not in the repository:\n" + "\n".join(found)


# The sibling folder the project's spec once came from, named in parts so that this file
# does not itself refer to it.
SPEC_FOLDER = "/".join(("..", "shared", "spec"))


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("README.md", f"The contract is `{SPEC_FOLDER}/ARCHITECTURE.md`"),
        ("docs/games/cabo.md", f"The engine of `../../{SPEC_FOLDER}/cabo.md`"),
        ("src/cardtable/games/cabo/game.py", f'"""Cabo (spec: {SPEC_FOLDER}/cabo.md)"""'),
        ("docs/server.md", "see ../../elsewhere/notes.md"),
        ("tests/x.py", 'SPEC = "/work/projects/spec"'),
        ("docs/bots/cambio.md", "measured in /home/alice/cardtable"),
    ],
)
def test_the_check_catches_paths_outside(name: str, line: str) -> None:
    assert outside_references(name, line)


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("docs/games/cambio.md", "Rules: [rules/cambio.md](../rules/cambio.md)"),
        ("src/cardtable/web/js/games/cabo.js", 'import { h } from "../dom.js";'),
        ("tests/web/test_long_game.py", "from ..server.longtable import store_long_table"),
        ("tests/web/conftest.py", 'CHROMIUM = "/usr/bin/chromium"'),
        ("docs/server.md", "see https://example.org/work/ and /tmp/cardtable.db"),
        ("README.md", "a path the shared machine keeps"),
    ],
)
def test_the_check_lets_paths_inside_pass(name: str, line: str) -> None:
    assert not outside_references(name, line)
