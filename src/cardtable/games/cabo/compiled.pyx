# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Cabo's observation in C: exactly ``CaboEncoder.observe_python`` (the pure-Python fast
path, which reads the state's fields under the view's rules), written straight into a
fresh float32 array."""

cimport numpy as cnp
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF

cnp.import_array()

cdef enum:  # an action's kind, as legal_indices reads it
    _CONSTANT, _REPLACE, _PEEK, _SWAP

cdef class Observer:
    cdef int p, cap, F, size
    cdef int o_turn, o_starter, o_hold, o_holder, o_held, o_deck, o_refills, o_top, o_pile, o_pile_values
    cdef int o_caller, o_final, o_setup, o_totals, o_resets, o_round, o_sizes, o_pos
    cdef double target
    cdef dict phase, power
    cdef int PEEK, SWAP
    cdef dict kinds, constants, combo_index
    cdef object index

    def __init__(self, enc):
        self.p = enc.players; self.cap = enc.row_cap; self.F = enc.F; self.size = enc.obs_size
        self.o_turn = enc.o_turn; self.o_starter = enc.o_starter; self.o_hold = enc.o_hold
        self.o_holder = enc.o_holder; self.o_held = enc.o_held; self.o_deck = enc.o_deck
        self.o_refills = enc.o_refills
        self.o_top = enc.o_top; self.o_pile = enc.o_pile; self.o_pile_values = enc.o_pile_values
        self.o_caller = enc.o_caller; self.o_final = enc.o_final; self.o_setup = enc.o_setup
        self.o_totals = enc.o_totals; self.o_resets = enc.o_resets; self.o_round = enc.o_round
        self.o_sizes = enc.o_sizes; self.o_pos = enc.o_pos
        self.target = enc.target
        self.phase = dict(enc._phase); self.power = dict(enc._power)
        self.PEEK = enc.PEEK; self.SWAP = enc.SWAP
        from cardtable.games.cabo.encoder import CONSTANTS
        self.constants = {kind: i for i, kind in enumerate(CONSTANTS)}
        self.kinds = dict.fromkeys(CONSTANTS, _CONSTANT)
        self.kinds.update(replace=_REPLACE, peek=_PEEK, swap=_SWAP)
        self.combo_index = dict(enc.combo_index)
        self.index = enc.index

    def legal_indices(self, state, legal, int seat):
        """``CaboEncoder.legal_indices_python``: each index worked out from the action's fields
        (its kind is its last field); anything out of the ordinary (a slot past the row
        cap, an unknown kind) is left to the encoder's ``index``, which says why."""
        cdef list actions = legal if type(legal) is list else list(legal)
        cdef Py_ssize_t k, n = len(actions)
        cdef list out = PyList_New(n)
        cdef tuple a
        cdef int p = self.p, cap = self.cap, code, slot, other_seat, other_slot, mine
        for k in range(n):
            a = <tuple>actions[k]
            code = self.kinds.get(a[len(a) - 1], -1)
            found = None
            if code == _CONSTANT:
                found = self.constants[a[len(a) - 1]]
            elif code == _REPLACE:
                found = self.combo_index.get(a[0])
            elif code == _PEEK:
                slot = a[1]
                if 0 <= slot < cap:
                    found = self.PEEK + ((<int>a[0] - seat + p) % p) * cap + slot
            elif code == _SWAP:
                first, second = a[0], a[1]
                if first[0] != seat:
                    first, second = second, first
                mine, other_seat, other_slot = first[1], second[0], second[1]
                if 0 <= mine < cap and 0 <= other_slot < cap:
                    found = self.SWAP + (
                        mine * (p - 1) + (other_seat - seat + p) % p - 1
                    ) * cap + other_slot
            if found is None:
                found = self.index(a, seat)
            Py_INCREF(found)
            PyList_SET_ITEM(out, k, found)
        return out

    def observe(self, st, int me):
        cdef cnp.npy_intp size = self.size
        out_arr = cnp.PyArray_ZEROS(1, &size, cnp.NPY_FLOAT32, 0)
        cdef float* out = <float*>cnp.PyArray_DATA(out_arr)
        cdef int p = self.p, cap = self.cap, F = self.F
        cdef int turn = st.turn, s, r, k, n, t, at, card, mask, bit = 1 << me, pub = 1 << p
        cdef int counts[14]
        cdef double total
        cdef list rows, known, row, kn, pile
        out[<int>self.phase[st.phase]] = 1
        out[self.o_turn + (turn - me + p) % p] = 1
        out[self.o_starter + (<int>st.starter - me + p) % p] = 1
        held = st.holding
        if held is not None:
            out[self.o_hold] = 1
            if not st.from_deck or turn == me:
                out[self.o_hold + 1] = 1
                out[self.o_held + <int>held] = 1
            out[self.o_hold + (2 if st.from_deck else 3)] = 1
            out[self.o_holder + (turn - me + p) % p] = 1
        power = st.power
        if power is not None:
            out[<int>self.power[power]] = 1
        out[self.o_deck] = len(st.deck) / 52.0
        k = st.reshuffles
        if k:
            out[self.o_refills] = min(k / 4.0, 1.0)
        pile = st.discard
        n = len(pile)
        if n:
            out[self.o_top + <int>pile[n - 1]] = 1
            out[self.o_pile] = n / 52.0
            for k in range(14):
                counts[k] = 0
            for k in range(n):
                counts[<int>pile[k]] += 1
            for k in range(14):
                if counts[k]:
                    out[self.o_pile_values + k] = counts[k] / 4.0
        caller = st.caller
        out[self.o_caller + (p if caller is None else (<int>caller - me + p) % p)] = 1
        k = st.final_left
        if k:
            out[self.o_final] = k / <double>p
        setup, totals, resets = st.setup_left, st.totals, st.resets_used
        for s in range(p):
            r = (s - me + p) % p
            k = setup[s]
            if k:
                out[self.o_setup + r] = k / 2.0
            total = totals[s]
            if total:
                out[self.o_totals + r] = max(0.0, min(total / self.target, 1.0))
            if resets[s]:
                out[self.o_resets + r] = 1
        out[self.o_round] = min(<int>st.round / 20.0, 1.0)
        rows = st.rows
        known = st.known
        for s in range(p):
            row = rows[s]
            kn = known[s]
            r = (s - me + p) % p
            n = len(row)
            out[self.o_sizes + r] = min(n / <double>cap, 1.0)
            if n > cap:
                n = cap
            if n > len(kn):
                n = len(kn)
            at = self.o_pos + r * cap * F
            for k in range(n):
                card = row[k]
                mask = kn[k]
                out[at] = 1
                if mask & bit:
                    out[at + 2 + card] = 1
                    if card:
                        out[at + 16] = card / 13.0
                else:
                    out[at + 1] = 1
                if mask & pub:
                    out[at + 17] = 1
                for t in range(p):
                    if mask >> t & 1:
                        out[at + 18 + (t - me + p) % p] = 1
                at += F
        return out_arr
