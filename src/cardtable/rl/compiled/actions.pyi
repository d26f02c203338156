import numpy as np

def mask(size: int, ones: list[int]) -> np.ndarray:
    """A fresh int8 array of ``size`` zeros with ``ones`` set."""
