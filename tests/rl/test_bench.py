"""The environment-overhead bench (``cardtable bench --rl``)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.rl.bench import bench_rl


def test_bench_rl_times_both_loops() -> None:
    result = bench_rl("caravan", seconds=0.3, rounds=1)
    assert result.engine.decisions > 0 and result.steps > 0 and result.games >= 1
    assert result.overhead > 0
    row = result.to_json()
    assert set(row) >= {"engine_decisions_per_second", "aec_steps_per_second", "load_average"}
    # the overhead is how many times slower the AEC loop is: engine rate over AEC rate
    engine, aec = row["engine_decisions_per_cpu_second"], row["aec_steps_per_cpu_second"]
    assert row["overhead"] == pytest.approx(engine / aec, rel=0.01)
    assert row["overhead"] > 1
    # the floor: the same loop asking PettingZoo for no observation, also against the engine
    assert result.bare_steps > 0
    assert row["overhead_without_observation"] == pytest.approx(
        result.engine.decisions_per_cpu_second * result.bare_cpu_seconds / result.bare_steps,
        rel=0.01,
    )


def test_cli_bench_rl_json() -> None:
    out = CliRunner().invoke(app, ["bench", "cabo", "--rl", "--seconds", "0.3", "--json"])
    assert out.exit_code == 0, out.output
    (row,) = json.loads(out.output.strip().splitlines()[-1])
    assert row["game"] == "cabo" and row["aec_steps_per_cpu_second"] > 0
