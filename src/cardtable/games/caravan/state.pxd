# Cython's augmenting declarations for state.py (pure-Python mode: without Cython the .py
# runs unchanged). They type the locals of legal_actions' loops, so that dict.get and
# list.append are C calls rather than generic method calls; the signatures stay Python's.
import cython

@cython.locals(
    own=cython.Py_ssize_t, first=dict, second=dict, third=dict, actions=list, faces=list,
    caravans=list,
)
cpdef list _moves(object state, object seat, object distinct)

@cython.locals(
    caravans=list, rooms=list, rows=list, queens_last=cython.bint, x=cython.Py_ssize_t,
    k=cython.Py_ssize_t, n=cython.Py_ssize_t, room=list, row=tuple,
)
cpdef _attach_moves(object state, object faces, list out)
