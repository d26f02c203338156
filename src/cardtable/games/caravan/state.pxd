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
    k=cython.Py_ssize_t, n=cython.Py_ssize_t, room=list, row=tuple, attaches=dict, table=tuple,
)
cpdef _attach_moves(object state, object faces, list out)

# The moves' application (apply's hot path) as module functions: C calls, with their
# lists typed, where methods were looked up and bound at every call.
@cython.locals(move=object)
cpdef object _listed(list legal, object action)
cpdef object _event(str kind, dict data, object private=*)
@cython.locals(card=str)
cpdef list _act(object state, object seat, object action)
@cython.locals(x=cython.Py_ssize_t, to_place=list)
cpdef _play(object state, object seat, str card, object c, list events)
@cython.locals(
    x=cython.Py_ssize_t, stacks=list, target=list, face=str, gain=cython.long,
    kings=cython.long, held=str,
)
cpdef _attach(
    object state, object seat, str card, object whose, object c, Py_ssize_t k, list events
)
@cython.locals(stacks=list)
cpdef _changed(object state, Py_ssize_t x)
@cython.locals(stacks=list, ends=list, rooms=list)
cpdef _faced(object state, Py_ssize_t x, Py_ssize_t k, str card, long gain)
@cython.locals(
    stacks=list, rank=cython.long, n=cython.Py_ssize_t, before=cython.long, ends=list,
    rooms=list,
)
cpdef _pushed(object state, Py_ssize_t x, str card)
@cython.locals(stacks=list)
cpdef _removed(object state, Py_ssize_t x, list gone, object before, list events)
cpdef _discard(object state, object seat, str card, list events)
@cython.locals(x=cython.Py_ssize_t, stacks=list, stack=list)
cpdef _disband(object state, object seat, object c, list events)
@cython.locals(discards=list)
cpdef _to_discards(object state, object owner, list stack)
cpdef _from_hand(object state, object seat, str card)
@cython.locals(deck=list, card=str)
cpdef _draw(object state, object seat, list events)
@cython.locals(a=cython.bint, b=cython.bint)
cpdef int _sells(long first, long second)
@cython.locals(v=list, sellers=tuple, s0=cython.int, s1=cython.int, s2=cython.int)
cpdef _settle(object state, object seat, list events)
cpdef _end(object state, object winner, object reason, list events, object sold=*)
