# Cython's augmenting declarations for search.py (pure-Python mode: without Cython the .py
# runs unchanged). The rollout's policy and the evaluation of a rollout cut short run at
# every move and at every simulation: their loops count in C integers and doubles (the
# same IEEE doubles as Python floats, in the same order: the same values), their memos
# are read as the dicts and lists they are, and the heuristic and the splitter are called
# as C functions (policy.pxd, hands.pxd). The functions keep Python signatures (cpdef):
# the search and the tests call them.
import cython
from cardtable.games.gandengyan.bots.hands cimport Splitter
from cardtable.games.gandengyan.bots.policy cimport Table, choose

@cython.locals(known=dict, moves=list, shortlist=list, table=Table)
cpdef object rollout_policy(object sample, object seat, object legal, object rng)

@cython.locals(
    actor=cython.Py_ssize_t, leader=cython.Py_ssize_t, talon=cython.Py_ssize_t,
    value_w=cython.double, cards_w=cython.double, weights=list, split=Splitter,
    seat=cython.Py_ssize_t, cards=cython.Py_ssize_t, row=tuple, score=cython.double,
)
cpdef list evaluate(object sample)
