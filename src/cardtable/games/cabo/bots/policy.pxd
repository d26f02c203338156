# Cython's augmenting declarations for policy.py (pure-Python mode: without Cython the .py
# runs unchanged). At three seats or more a rollout plays the heuristic itself at every
# decision: the Mind is an extension type (its fields struct reads, its methods C calls),
# the Table it reads is knowledge.pxd's, and the loops count in C integers and doubles
# (the same IEEE doubles as Python floats, in the same order: the same values; sums of
# estimates stay the builtin sum). The methods keep Python signatures (cpdef): the
# players, the search's shortlist and the tests call them.
import cython
from cardtable.games.cabo.bots.knowledge cimport Table

cpdef bint is_kamikaze(list cards) except -1

cpdef double phi(double x) except? -1.0

cdef class Mind:
    cdef public Table t
    cdef public object s
    cdef public int me
    cdef public list row
    cdef public double mean
    cdef public bint last_turn
    cdef public bint kamikaze_now
    cdef list _estimates

    cpdef double estimate(self, int owner, int slot) except? -1.0

    @cython.locals(known=list, i=cython.Py_ssize_t)
    cpdef list estimates(self, int owner)

    cpdef tuple expected_sum(self, int owner)

    cpdef list opponents(self)

    @cython.locals(
        row=list, mean=cython.double, bonus=cython.double, out=list, i=cython.Py_ssize_t,
        groups=dict,
    )
    cpdef list place_options(self, int card)

    @cython.locals(best=tuple, option=tuple)
    cpdef tuple best_place(self, int card)

    @cython.locals(weight=cython.double)
    cpdef double harm_weight(self, int owner) except? -1.0

    @cython.locals(
        t=Table, me=cython.int, others=list, out=list, kamikaze=cython.bint,
        i=cython.Py_ssize_t, mine=cython.double, owner=cython.int, weight=cython.double,
        theirs=list, j=cython.Py_ssize_t, value=cython.double, score=cython.double,
        a=tuple, b=tuple,
    )
    cpdef list swap_options(self)

    @cython.locals(best=tuple, option=tuple)
    cpdef tuple best_swap(self)

    @cython.locals(their_row=list)
    cpdef double kamikaze_swap(self, int i, int owner, int j) except? -1.0

    @cython.locals(owner=cython.int)
    cpdef double power_value(self, int card) except? -1.0

    cpdef double draw_value(self) except? -1.0

    @cython.locals(
        variance=cython.double, mine=cython.double, unknown=cython.Py_ssize_t,
        chance=cython.double, owner=cython.int, theirs=cython.double,
        their_unknown=cython.Py_ssize_t, margin=cython.double, spread=cython.double,
    )
    cpdef double call_chance(self) except? -1.0

    @cython.locals(
        mine=cython.double, chance=cython.double, cost_call=cython.double,
        cost_wait=cython.double,
    )
    cpdef bint should_call(self) except -1

    @cython.locals(phase=str)
    cpdef tuple decide(self)

    @cython.locals(t=Table, can_call=cython.bint, gain=cython.double)
    cpdef tuple start(self)

    @cython.locals(gain=cython.double, power=cython.double)
    cpdef tuple place(self)

    @cython.locals(score=cython.double)
    cpdef tuple use_power(self)

    @cython.locals(
        best=tuple, owner=cython.int, theirs=cython.double, threat=cython.double,
        j=cython.Py_ssize_t, score=cython.double,
    )
    cpdef tuple spy(self)
