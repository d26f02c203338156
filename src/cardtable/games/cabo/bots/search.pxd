# Cython's augmenting declarations for search.py (pure-Python mode: without Cython the .py
# runs unchanged). The rollout policy runs at every move of every simulation: at three
# seats or more it reads a Table (knowledge.pxd) and plays the Mind (policy.pxd), both
# extension types; at two, its rules of thumb count in C integers and doubles (the same
# IEEE doubles as Python floats, in the same order: the same values). The evaluation of
# a cut rollout's totals likewise. The functions keep Python signatures (cpdef): the
# generic search and the tests call them.
import cython
# Only the Table's type is cimported: a cimported name is no module attribute, and the
# tests and callers read search.Mind and search.from_sample.
from cardtable.games.cabo.bots.knowledge cimport Table

cpdef object own(object state)

cpdef object action_for(tuple key, object legal)

@cython.locals(
    table=Table, phase=str, bit=cython.long, row=list, known=list, high=cython.long,
    high_at=cython.long, unknown_at=cython.long, total=cython.double, unknown=cython.long,
    i=cython.Py_ssize_t, card=cython.long, slot=cython.long, gain=cython.double,
    base=cython.long,
)
cpdef object rollout_policy(object sample, int seat, object legal, object rng)

@cython.locals(gain_known=cython.double, gain_unknown=cython.double)
cpdef tuple _best_slot(
    list row, list known, long bit, long card, long high, long high_at, long unknown_at
)

@cython.locals(seen=dict, i=cython.Py_ssize_t)
cpdef object _known_pair(list row, list known, long bit)

cpdef double _power_value(long card, long unknown, long high) except? -1.0

@cython.locals(discard=list, gain=cython.double)
cpdef object _start(
    object state, int seat, object legal, long bit, double total, long unknown, long high,
    long unknown_at
)

cpdef bint _calls(object state, int seat, long bit, object style, double total) except -1

@cython.locals(
    rows=list, knowns=list, seen_sum=cython.long, seen=cython.long, owner=cython.Py_ssize_t,
    row=list, known=list, i=cython.Py_ssize_t, mean=cython.double, kept=cython.double,
    sums=list, unknowns=list, total=cython.double, unknown=cython.long, mask=cython.long,
    mine=cython.double, my_unknown=cython.long, chance=cython.double, margin=cython.double,
    spread=cython.double, wait=cython.double,
)
cpdef bint _should_call(object state, int seat, long bit) except -1

@cython.locals(
    mine=cython.long, value=cython.double, best_value=cython.double, other=cython.long,
    slot=cython.long, mask=cython.long, theirs=cython.double,
)
cpdef object _power(
    object state, int seat, object legal, long bit, long high, long high_at, long unknown_at,
    object rng
)

@cython.locals(
    rounds=cython.double, spread=cython.double, chances=list, i=cython.Py_ssize_t,
    mine=cython.double, chance=cython.double, j=cython.Py_ssize_t, theirs=cython.double,
)
cpdef list win_chances(object totals, double target)

@cython.locals(totals=list, scores=list, i=cython.Py_ssize_t)
cpdef list evaluate(object sample)
