# cython: language_level=3
"""The decider's action indices and mask in C, for the adapters' ``Match``.

``Indexer.legal_indices`` is ``Encoder.legal_indices`` of an encoder that keeps the base
class's per-seat cache (an action's index depends only on the action and the acting
seat): a dict lookup per legal action, ``encoder.index`` for the ones not met yet.
``mask`` makes the decider's mask in one pass of writes."""

cimport numpy as cnp
from cpython.dict cimport PyDict_GetItem
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF

from cardtable.rl.encoding import CACHE_CAP

cnp.import_array()


cdef class Indexer:
    cdef list caches
    cdef object index

    def __init__(self, encoder):
        self.caches = encoder._cache
        self.index = encoder.index

    def legal_indices(self, state, list legal, int seat):
        cdef dict cache = self.caches[seat]
        cdef Py_ssize_t k, n = len(legal)
        cdef list out = PyList_New(n)
        cdef object found
        cdef void* hit
        for k in range(n):
            action = legal[k]
            hit = PyDict_GetItem(cache, action)
            if hit == NULL:
                if len(cache) >= CACHE_CAP:
                    cache.clear()
                found = self.index(action, seat)
                cache[action] = found
            else:
                found = <object>hit
            Py_INCREF(found)
            PyList_SET_ITEM(out, k, found)
        return out


def mask(cnp.npy_intp size, list ones):
    """A fresh int8 array of ``size`` zeros with ``ones`` (ints below ``size``) set: one
    pass of writes, where numpy's fancy indexing converts the list first and a kept mask
    patched and copied reads the whole mask as well as writing it."""
    cdef cnp.ndarray out = cnp.PyArray_ZEROS(1, &size, cnp.NPY_INT8, 0)
    cdef signed char* data = <signed char*>cnp.PyArray_DATA(out)
    cdef Py_ssize_t k
    for k in range(len(ones)):
        data[<Py_ssize_t>ones[k]] = 1
    return out
