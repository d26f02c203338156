# Cython's augmenting declarations for state.py (pure-Python mode: without Cython the .py
# runs unchanged). They type the locals of the listing's loop, so that a hand's codes are
# read and sliced as tuples by C integers rather than through generic subscripts.
import cython

@cython.locals(
    read=list, segments=tuple, r=cython.Py_ssize_t, naturals=cython.Py_ssize_t,
    w=cython.Py_ssize_t, j=cython.Py_ssize_t, cards=tuple, reading=tuple, spelled=tuple,
    made=dict,
)
cpdef _spell(list candidates, list codes, tuple jokers, list out)

# A card taken out of a seat's codes: a tuple's index and slices by a C integer.
@cython.locals(at=cython.Py_ssize_t)
cpdef tuple _without(tuple cards, object card)
