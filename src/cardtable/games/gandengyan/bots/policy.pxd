# Cython's augmenting declarations for policy.py (pure-Python mode: without Cython the .py
# runs unchanged). The heuristic scores every move of every rollout: the Table is an
# extension type (its fields struct reads), the splitter is called as the extension type
# it is (hands.pxd: a C call), and the scoring loop counts in C integers and doubles (the
# same IEEE doubles as Python floats, in the same order: the same scores). The functions
# keep Python signatures (cpdef), as players, search and the tests call them.
import cython
from cardtable.games.gandengyan.bots.hands cimport Splitter

cdef class Table:
    cdef public Py_ssize_t me
    cdef public Py_ssize_t players
    cdef public object counts
    cdef public Py_ssize_t jokers
    cdef public object target
    cdef public Py_ssize_t target_seat
    cdef public object hand_counts
    cdef public Py_ssize_t talon
    cdef public object unseen
    cdef public object rules
    cdef public Py_ssize_t bombs
    cdef public Py_ssize_t decks
    cdef public dict bomb_chances

@cython.locals(n=cython.Py_ssize_t)
cpdef double danger(object style, Table table, Py_ssize_t seat) except? -1.0

@cython.locals(
    per_kind=dict, by_size=list, chance=cython.double, me=cython.Py_ssize_t,
    seat=cython.Py_ssize_t, hand=cython.Py_ssize_t, n=cython.Py_ssize_t, beat=cython.double,
    last=tuple,
)
cpdef double rough_win_chance(object kind, Table table) except? -1.0

@cython.locals(
    hands=Splitter, held=cython.Py_ssize_t, threat=cython.double, seat=cython.Py_ssize_t,
    talon=cython.bint, leads=tuple, last=cython.Py_ssize_t, chances=dict, scores=list,
    shed=cython.double, joker_shed=cython.double, premium_cost=cython.double,
    bomb_risk=cython.double, lead_long=cython.double, doubling=cython.long,
    leading=cython.bint, cards=cython.Py_ssize_t, chance=cython.double,
    plays=cython.Py_ssize_t, score=cython.double,
)
cpdef list score_moves(Table table, object moves, object style=*, object chance_of=*)

@cython.locals(scores=list, best=cython.Py_ssize_t, i=cython.Py_ssize_t)
cpdef Py_ssize_t choose(Table table, object moves, object style=*, object chance_of=*) except -1
