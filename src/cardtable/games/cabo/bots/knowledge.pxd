# Cython's augmenting declarations for knowledge.py (pure-Python mode: without Cython the
# .py runs unchanged). A rollout at three seats or more reads one seat's Table from the
# sample at every decision and the heuristic reads its fields throughout: the Table is an
# extension type (its fields struct reads; it was a slots dataclass, whose generated
# __init__ stayed interpreted with sixteen keywords) and the loops count in C integers
# (the mean and variance divide the same integers as doubles: the same values).
import cython

cdef class Table:
    cdef public int me
    cdef public int players
    cdef public str phase
    cdef public list rows
    cdef public list owner_knows
    cdef public object top
    cdef public object holding
    cdef public bint from_deck
    cdef public object power
    cdef public object caller
    cdef public int final_turns
    cdef public int deck
    cdef public int reshuffles
    cdef public list totals
    cdef public list pool
    cdef public object rules

    @cython.locals(
        pool=list, total=cython.long, count=cython.long, v=cython.Py_ssize_t, n=cython.long
    )
    cpdef double mean(self) except? -1.0

    @cython.locals(
        pool=list, count=cython.long, total=cython.long, squares=cython.long,
        v=cython.Py_ssize_t, c=cython.long, n=cython.long, mean=cython.double,
    )
    cpdef double variance(self) except? -1.0

@cython.locals(counts=list, row=list, c=cython.Py_ssize_t)
cpdef list _pool(list rows, list shown)

@cython.locals(
    bit=cython.long, rows=list, owner_knows=list, knowns=list, cards=list,
    owner=cython.Py_ssize_t, known=list, row=list, owner_bit=cython.long, seen=list,
    knows=list, i=cython.Py_ssize_t, mask=cython.long, discard=list, shown=list,
    from_deck=cython.bint,
)
cpdef Table from_sample(object state, int seat, object rules)
