from collections.abc import Sequence
from typing import Any

import numpy as np

class Observer:
    """Gan Deng Yan's observation in C: ``GanDengYanEncoder.observe_python``, exactly."""

    def __init__(self, encoder: Any) -> None: ...
    def observe(self, state: Any, seat: int) -> np.ndarray: ...
    def legal_indices(self, state: Any, legal: Sequence[Any], seat: int) -> list[int]: ...
