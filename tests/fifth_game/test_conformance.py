"""High card passes the whole conformance suite (tests/conformance), run over it as over
every registered game: the suite is run in its own pytest with the game registered by the
plugin's one line, and only the runs over High card are selected."""

from __future__ import annotations

import re
import subprocess
import sys

from .conftest import ROOT


def test_the_conformance_suite_passes_over_highcard() -> None:
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    command += ["-p", "tests.fifth_game.plugin", "tests/conformance", "-k", "highcard"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    passed = re.search(r"(\d+) passed", done.stdout)
    # determinism, determinize, options, playouts and the rule coverage, each over highcard
    assert passed and int(passed.group(1)) >= 20, done.stdout[-2000:]
    assert "skipped" not in done.stdout.splitlines()[-1], done.stdout[-2000:]
