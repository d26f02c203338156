# Cython's augmenting declarations for hands.py (pure-Python mode: without Cython the .py
# runs unchanged). The splitter is an extension type, so its memos are struct reads and
# its methods C calls; walking a hand code's runs is C integer arithmetic (a code is 55
# bits at most: 13 ranks of 4 bits and the jokers above, so it fits a uint64).
import cython

# Counts of a few cards each: the sum is the code (below 2**56), C integers throughout.
@cython.locals(code=cython.longlong, c=cython.longlong, r=cython.Py_ssize_t, shift=cython.int)
cpdef hand_code(counts, jokers)

# One step of the walk of a code's runs, for both of Splitter's walks: all C, returning a
# struct, and small enough that the C compiler inlines it into each (Cython warns at
# ``cdef inline`` in an augmenting .pxd, so the inlining is left to the compiler).
@cython.locals(start=cython.int)
cdef (int, int, unsigned long long) _next_run(
    unsigned long long rest, int r, int bits, int two
) noexcept

cdef class Splitter:
    cdef public object rules
    cdef public object worth
    cdef public dict memo
    cdef public dict blocks
    cdef public list set_kinds
    cdef public list set_values
    cdef public list straight_values
    cdef public list pairs_values
    cdef public object lone_joker
    cdef public list joker_bombs

    cpdef split_code(self, code)

    @cython.locals(r=cython.int, best_value=cython.double, value=cython.double)
    cpdef _with_jokers(self, naturals, jokers)

    @cython.locals(
        bits=cython.int,
        two=cython.int,
        starts=list,
        ends=list,
        values=list,
        counts=list,
        best_value=cython.double,
        best_plays=cython.long,
        whole=cython.ulonglong,
        rest=cython.ulonglong,
        mask=cython.ulonglong,
        card=cython.ulonglong,
        r=cython.int,
        start=cython.int,
        end=cython.int,
        run_value=cython.double,
        run_plays=cython.long,
        n=cython.Py_ssize_t,
        k=cython.Py_ssize_t,
        i=cython.Py_ssize_t,
        first=cython.Py_ssize_t,
        last=cython.Py_ssize_t,
        lo=cython.int,
        hi=cython.int,
        value=cython.double,
        plays=cython.long,
        each=cython.double,
    )
    cdef _one_joker(self, naturals)

    cpdef _blocks_of(self, code)

    @cython.locals(
        value=cython.double,
        plays=cython.long,
        run_value=cython.double,
        run_plays=cython.long,
        rest=cython.ulonglong,
        whole=cython.ulonglong,
        mask=cython.ulonglong,
        bits=cython.int,
        two=cython.int,
        r=cython.int,
        start=cython.int,
    )
    cdef tuple _runs(self, code)

    @cython.locals(blocks=dict, found=tuple)
    cdef tuple _run(self, key)
