from typing import Any

import numpy as np

class Observer:
    """Cabo's observation and action indices in C: ``CaboEncoder.observe_python`` and
    ``CaboEncoder.legal_indices_python``, exactly."""

    def __init__(self, encoder: Any) -> None: ...
    def observe(self, state: Any, seat: int) -> np.ndarray: ...
    def legal_indices(self, state: Any, legal: list[Any], seat: int) -> list[int]: ...
