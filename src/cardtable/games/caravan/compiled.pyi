from collections.abc import Sequence
from typing import Any

import numpy as np

class Observer:
    """Caravan's observation in C: ``CaravanEncoder.observe_python``, exactly; and the
    index of each legal action, as ``CaravanEncoder.index`` gives it."""

    def __init__(self, encoder: Any) -> None: ...
    def observe(self, state: Any, seat: int) -> np.ndarray: ...
    def legal_indices(self, state: Any, legal: Sequence[Any], seat: int) -> list[int]: ...
