from collections.abc import Sequence
from typing import Any

import numpy as np

class Observer:
    """Cambio's observation and legal action indices in C:
    ``CambioEncoder.observe_python`` and ``CambioEncoder._indices``, exactly."""

    def __init__(self, encoder: Any) -> None: ...
    def observe(self, state: Any, seat: int) -> np.ndarray: ...
    def legal_indices(self, state: Any, legal: Sequence[Any], seat: int) -> list[int]: ...
