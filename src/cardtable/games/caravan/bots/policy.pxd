# Cython's augmenting declarations for policy.py (pure-Python mode: without Cython the
# .py runs unchanged). They type the locals of the search's inner loop, ``scores``, as C
# integers and doubles (the same IEEE doubles as Python floats: the same results); its
# signature stays Python's.
import cython

# Who sells a pair, the one copy that status, finish_chance and scores call: a static C
# function of C integers only (the sale range as C globals), no boxed ints, no Python
# call; a plain function without Cython. gcc inlines it into finish_chance and status and
# keeps one plain C call in scores (a handful of instructions: it deems that call cold,
# `inline` or not). Not declared `inline` here: Cython warns on an inline declaration
# without its body (to be an error, cython/cython#1736, which would leave policy
# uncompiled), and the .py cannot say @cython.inline without Cython.
cdef long _LOW, _HIGH
@cython.locals(a=cython.bint, b=cython.bint)
cdef int _side(long mine, long theirs) noexcept

@cython.locals(
    own=cython.long, other=cython.long, them=cython.double, now=cython.double,
    total=cython.double, won=cython.long, lost=cython.long, threat=cython.double,
    threat_them=cython.double, danger=cython.double, spend=cython.double, n=cython.Py_ssize_t,
    c=cython.long, rank=cython.long, points=cython.long, before=cython.long,
    gain=cython.long, kings=cython.long, m=cython.long, t=cython.long, side=cython.long,
    was=cython.long, mine=cython.long, theirs=cython.long, score=cython.double,
    pair=cython.double, first_card_suit=cython.bint,
    king_adds=cython.bint, worth=cython.double, finish=cython.double,
    i=cython.Py_ssize_t, k=cython.Py_ssize_t, left=cython.Py_ssize_t,
    below=cython.Py_ssize_t, heading=cython.long, x=cython.Py_ssize_t, whose=cython.long,
    per_seat=cython.long, number_values=dict, keep_face=dict, hold=dict, parts=list,
    sold=list, follows=list, out=list, card=str, face=str,
)
cpdef list scores(object table, object legal, object style=*)


@cython.locals(best=cython.Py_ssize_t, top=cython.double, i=cython.Py_ssize_t)
cpdef object decide(object table, object legal, object style, object rng=*)

@cython.locals(
    i=cython.Py_ssize_t, last=cython.long, heading=cython.long, limit=cython.long, flat=list
)
cpdef double flat_potential(long points, object end)
cpdef double seller_score(
    object seller, long mine, long theirs, object my_end, object their_end, double them
)

@cython.locals(
    at=cython.Py_ssize_t, y=cython.Py_ssize_t, by_suit=cython.bint, sheltered=cython.bint,
    shield=cython.bint, printed=str, number=str, key=cython.Py_UCS4, kept=list,
)
cpdef list _joker(object table, Py_ssize_t x, Py_ssize_t k)
cpdef bint _has_queen(object stack)

@cython.locals(own=cython.Py_ssize_t, other=cython.Py_ssize_t, c=cython.Py_ssize_t)
cpdef double position(object values, object ends, Py_ssize_t me, object style=*)

@cython.locals(
    own=cython.Py_ssize_t, other=cython.Py_ssize_t, won=cython.long, lost=cython.long,
    c=cython.Py_ssize_t, i=cython.Py_ssize_t, side=cython.long, x=cython.Py_ssize_t,
    y=cython.Py_ssize_t,
)
cpdef double finish_chance(object table, object values, object ends, Py_ssize_t mover)

@cython.locals(gain=cython.long, kings=cython.long, more=cython.long, card=str)
cpdef bint _king_takes(object stacks, long points, long beat, bint king_adds)

@cython.locals(
    last=cython.long, heading=cython.long, none=cython.long, up=cython.long, low=cython.long,
    high=cython.long, count=cython.long, rank=cython.long,
)
cpdef long _finisher_count(long points, object end, long beat)
