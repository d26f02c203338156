# Cython's augmenting declarations for rng.py (pure-Python mode: without Cython the .py
# runs unchanged). Only the shuffle's loop is typed: its indices and bit counts are C
# integers; ``items`` stays any mutable sequence (a list is indexed directly).
import cython

@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, bits=cython.int, half=cython.Py_ssize_t)
cdef void _fisher_yates(object draw, object items) except *
