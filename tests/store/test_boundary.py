"""The store keeps its SQL to itself: code outside ``cardtable.store`` calls the typed
methods of the async store, never the SQL class behind it (``store.sql.x``), so the
store can change (or move to another process, #14) without its callers noticing."""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable

SOURCE = Path(cardtable.__file__).parent
STORE = SOURCE / "store"


def sql_reaches(path: Path) -> list[int]:
    """The lines of ``path`` that read an attribute named ``sql`` (``x.sql``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "sql"
    ]


def test_nothing_outside_the_store_reaches_its_sql() -> None:
    found = {
        str(path.relative_to(SOURCE)): lines
        for path in sorted(SOURCE.rglob("*.py"))
        if STORE not in path.parents and (lines := sql_reaches(path))
    }
    assert found == {}, f"use the async store's typed methods instead: {found}"


def test_the_check_sees_an_escape_hatch(tmp_path: Path) -> None:
    # The check itself must catch the old form, or it would pass on anything.
    sample = tmp_path / "sample.py"
    sample.write_text("async def f(store):\n    await store.run(store.sql.user, 'x')\n")
    assert sql_reaches(sample) == [2]
