"""The golden playthroughs still replay byte for byte (see ``playthroughs.py``)."""

from __future__ import annotations

import difflib
from typing import Any

import pytest

from .playthroughs import case_path, registered_cases, render


@pytest.mark.parametrize(
    "name,options,seed", registered_cases(), ids=lambda v: str(v).replace(" ", "")
)
def test_playthrough_matches_golden_file(name: str, options: dict[str, Any], seed: int) -> None:
    path = case_path(name, options, seed)
    assert path.exists(), (
        f"missing {path.name}: run python -m tests.conformance.playthroughs {name}"
    )
    expected = path.read_text(encoding="utf-8")
    actual = render(name, options, seed)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", lineterm="", n=0
        )
        shown = "\n".join(line[:300] for line in list(diff)[:12])
        pytest.fail(
            f"{path.name} differs (a rule change or a leak?). If intended, regenerate with "
            f"python -m tests.conformance.playthroughs {name} and review the diff.\n{shown}"
        )
