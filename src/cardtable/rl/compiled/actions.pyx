# cython: language_level=3
"""The decider's action mask in C, for the adapters' ``Match``: ``mask`` makes it in one
pass of writes."""

cimport numpy as cnp

cnp.import_array()


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
