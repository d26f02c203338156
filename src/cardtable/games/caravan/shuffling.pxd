# Cython's augmenting declarations for shuffling.py (pure-Python mode: without Cython the
# .py runs unchanged): the shuffle's indices and draws as C integers.
import cython

@cython.locals(i=cython.Py_ssize_t, n=cython.Py_ssize_t, k=cython.int, r=cython.Py_ssize_t)
cpdef void shuffle(list cards, object rng) except *
