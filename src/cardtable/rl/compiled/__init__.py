"""Compiled (Cython) accelerators of the research adapters' hot paths, one module per
game, like the standard library's ``_json`` beside ``json``: each computes exactly what
the pure-Python code beside it computes, and the adapters fall back to that code where
the module was not built (tests compare the two on random positions)."""
