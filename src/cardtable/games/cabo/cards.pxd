# Cython declarations for cards.py (pure-Python mode: the .py runs unchanged without
# Cython). Only the shuffle's loop is typed: its counters are C integers.
import cython

@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, bits=cython.int, half=cython.Py_ssize_t)
cpdef shuffle(rng, list items)
