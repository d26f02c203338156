"""The research adapters need the ``rl`` extra (numpy, gymnasium, pettingzoo,
open_spiel); without it these tests are skipped."""

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")
