# Cython's augmenting declarations for search.py (pure-Python mode: without Cython the .py
# runs unchanged). The rollout's rules of thumb are a third of hard's time at Cambio: the
# Mindset is an extension type (its fields struct reads, its methods C calls) and the
# loops count in C integers and doubles (the same IEEE doubles as Python floats, summed in
# the same order: the same results). The functions keep Python signatures (cpdef), so the
# tests and the review still call them.
import cython

cdef class Mindset:
    cdef public object state
    cdef public int seat
    cdef public long bit
    cdef public object values
    cdef object _mean
    cdef list _est

    @cython.locals(
        mean=cython.double, kept=cython.double, drawn=cython.long, owner_bit=cython.long,
        i=cython.Py_ssize_t, mask=cython.long, out=list, hand=list, known=list, bit=cython.long
    )
    cpdef list row(self, int owner)

    cpdef bint knows(self, int owner, int slot)

    @cython.locals(i=cython.Py_ssize_t, bit=cython.long, hand=list, known=list)
    cpdef int unknown_at(self)

    @cython.locals(i=cython.Py_ssize_t, bit=cython.long, high=cython.long, hand=list, known=list)
    cpdef long high(self)

    cpdef double total(self, int owner)

    @cython.locals(i=cython.Py_ssize_t, bit=cython.long, count=cython.int, hand=list, known=list)
    cpdef int unknowns(self, int owner)

    @cython.locals(best=cython.int, best_total=cython.double, total=cython.double, owner=cython.int)
    cpdef int leader(self)

    cpdef double harm(self, int owner, int leader)


cdef bint _listed(object action, object legal) except -1

@cython.locals(
    seat=cython.int, bit=cython.long, worth=cython.double, best_worth=cython.double,
    give=cython.double, harm=cython.double, owner=cython.int, slot=cython.Py_ssize_t,
    known=list, row=list
)
cpdef object _snap(Mindset mind, object legal, bint eager=*)

@cython.locals(
    players=cython.int, seat=cython.int, bit=cython.long, known_sum=cython.long,
    ceiling=cython.double, mine=cython.double, worst=cython.double, threshold=cython.double,
    my_unknown=cython.int, chance=cython.double, theirs=cython.double, spread=cython.double,
    owner=cython.int, i=cython.Py_ssize_t, hand=list, known=list
)
cpdef bint _should_call(Mindset mind, object style)

@cython.locals(
    power=cython.int, last=cython.bint, seat=cython.int, high=cython.double, low=cython.double,
    owner=cython.int, i=cython.Py_ssize_t, swap=cython.double, row=list, hand=list
)
cpdef double _power_value(Mindset mind, str card, bint unknown_after)

@cython.locals(
    value=cython.long, seat=cython.int, est=list, hand=list, known=list, bit=cython.long,
    unknown=cython.bint, info=cython.double, best_gain=cython.double, gain=cython.double,
    slot=cython.Py_ssize_t
)
cpdef object _place(Mindset mind, object legal)

cpdef object _power(Mindset mind, object legal)

@cython.locals(
    seat=cython.int, bit=cython.long, leader=cython.int, best_score=cython.double,
    score=cython.double, owner=cython.int, slot=cython.Py_ssize_t, known=list, row=list
)
cpdef object _spy(Mindset mind, object legal)

@cython.locals(
    seat=cython.int, mine=list, hand=list, i=cython.Py_ssize_t, slot=cython.Py_ssize_t,
    leader=cython.int,
    best_value=cython.double, weight=cython.double, theirs=list, j=cython.Py_ssize_t,
    value=cython.double, owner=cython.int
)
cpdef object _swap(Mindset mind, object legal, double floor)
