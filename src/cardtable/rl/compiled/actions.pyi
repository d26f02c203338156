from typing import Any

import numpy as np

class Indexer:
    """``Encoder.legal_indices`` for an encoder with the base class's per-seat cache."""

    def __init__(self, encoder: Any) -> None: ...
    def legal_indices(self, state: Any, legal: list[Any], seat: int) -> list[int]: ...

def mask(size: int, ones: list[int]) -> np.ndarray:
    """A fresh int8 array of ``size`` zeros with ``ones`` set."""
