from typing import Any

import numpy as np

class Observer:
    """Cabo's observation in C: ``CaboEncoder.observe_python``, exactly."""

    def __init__(self, encoder: Any) -> None: ...
    def observe(self, state: Any, seat: int) -> np.ndarray: ...
