# Cython's augmenting declarations for plays.py (pure-Python mode: without Cython the .py
# runs unchanged). They type the generator's ranks, sizes and lists, so that a rank count
# is read, and a candidate appended, by C calls on C integers rather than generic ones;
# the counts themselves stay any sequence (the public legal_plays takes one).
import cython

@cython.locals(
    out=list, present=list, singles=list, pair_kinds=list, triple_kinds=list,
    r=cython.Py_ssize_t, lo=cython.Py_ssize_t, least=cython.Py_ssize_t,
    pairs=cython.Py_ssize_t,
)
cpdef list legal_plays(counts, jokers, target, rules)

@cython.locals(n=cython.Py_ssize_t, k=cython.Py_ssize_t, one=list)
cpdef _sets(list out, counts, Py_ssize_t jokers, Py_ssize_t r, Py_ssize_t size)

@cython.locals(
    kinds=list, lo=cython.Py_ssize_t, end=cython.Py_ssize_t, start=cython.Py_ssize_t,
    hi=cython.Py_ssize_t, n=cython.Py_ssize_t, segs=tuple,
)
cpdef _natural_runs(list out, counts, Py_ssize_t width, Py_ssize_t least)

@cython.locals(
    smallest=cython.Py_ssize_t, most=cython.Py_ssize_t, n=cython.Py_ssize_t,
    r=cython.Py_ssize_t, fill=cython.Py_ssize_t, size=cython.Py_ssize_t,
    k=cython.Py_ssize_t,
)
cpdef _bombs(list out, counts, Py_ssize_t jokers, rules, above)
