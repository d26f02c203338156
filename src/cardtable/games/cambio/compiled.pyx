# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Cambio's observation and legal action indices in C: ``CambioEncoder.observe_python``
and ``CambioEncoder._indices`` (what ``legal_indices_python`` returns), exactly.

The observation reads the state's fields as the Python fast path does, under the same
visibility rules (a card shows when its knowledge mask has the seat's bit or the game is
over; the drawn card to the seat whose turn it is). An index is worked out from the
action's fields and the ranks of the table's occupied slots, counted afresh per call; an
action of a kind this module does not know, or pointing outside the table, is left to
the Python reference (which decides what to answer or raise)."""

cimport numpy as cnp
from cpython.mem cimport PyMem_Free, PyMem_Realloc

from cardtable.rl.encoding import Unindexable

cnp.import_array()

cdef enum:
    F_UNKNOWN = 1  # the entries of a card position (the encoder's F_*)
    F_KEY = 2
    F_VALUE = 16
    F_KNOWN = 17
    NKEYS = 14
    NCARDS = 64  # room for the card codes (54)
    FALLBACK = 1  # _fill's answer: leave this list to the Python reference

# the action types (set by learn_actions), and each one's length and kind (its last field)
cdef object T_DRAW, T_DISCARD, T_CALL, T_SKIP, T_REPLACE, T_GIVE, T_PEEK, T_SNAP, T_SWAP
cdef dict SHAPES = {}


cdef learn_actions(game):
    """The game's action types and shapes, read from actions it parses from their wire
    form: games are reached through the registry, never by importing their modules."""
    global T_DRAW, T_DISCARD, T_CALL, T_SKIP, T_REPLACE, T_GIVE, T_PEEK, T_SNAP, T_SWAP
    parse = game.action_from_json
    T_DRAW = learn(parse({"type": "draw"}))
    T_DISCARD = learn(parse({"type": "discard"}))
    T_CALL = learn(parse({"type": "call"}))
    T_SKIP = learn(parse({"type": "skip"}))
    T_REPLACE = learn(parse({"type": "replace", "slot": 0}))
    T_GIVE = learn(parse({"type": "give", "slot": 0}))
    T_PEEK = learn(parse({"type": "peek", "seat": 0, "slot": 0}))
    T_SNAP = learn(parse({"type": "snap", "seat": 0, "slot": 0}))
    T_SWAP = learn(parse({"type": "swap", "a": [0, 0], "b": [1, 0]}))


cdef learn(action):
    """Keep the shape of ``action`` (a NamedTuple) in ``SHAPES``; return its type."""
    cdef tuple fields = <tuple>action
    SHAPES[type(action)] = (len(fields), fields[len(fields) - 1])
    return type(action)


cdef inline int whole(object value) except? -1:
    """An action's seat or slot: a plain int (anything else is the Python reference's)."""
    if type(value) is not int:
        raise TypeError("not a plain int")
    return value


cdef class Observer:
    cdef object enc
    cdef int p, M, N, F, size
    cdef int o_phase, o_turn, o_drawn, o_drawn_key, o_drawn_value, o_deck, o_top
    cdef int o_top_value, o_pile, o_pile_keys, o_snappable, o_caller, o_give, o_give_to
    cdef int o_setup, o_sizes, o_pos
    cdef int REPLACE, GIVE, PEEK, SNAP, SWAP
    cdef dict phase, step, cid
    cdef int key[NCARDS]
    cdef signed char keych[128]  # a card's first letter -> its key (the pile's counts)
    cdef double worth[NCARDS]
    cdef int *ranks  # the ranks of every slot of the table, seat after seat
    cdef Py_ssize_t ranks_size
    cdef int first[8]  # where each seat's slots start in ranks
    cdef int length[8]  # and how many slots it has

    def __cinit__(self):
        self.ranks = NULL
        self.ranks_size = 0

    def __dealloc__(self):
        PyMem_Free(self.ranks)

    def __init__(self, enc):
        learn_actions(enc.game)
        self.enc = enc
        self.p = enc.players; self.M = enc.M; self.N = enc.N; self.F = enc.F
        self.size = enc.obs_size
        if self.p > 8:
            raise ValueError("Cambio seats at most 6 players")
        self.o_phase = enc.o_phase; self.o_turn = enc.o_turn; self.o_drawn = enc.o_drawn
        self.o_drawn_key = enc.o_drawn_key; self.o_drawn_value = enc.o_drawn_value
        self.o_deck = enc.o_deck; self.o_top = enc.o_top; self.o_top_value = enc.o_top_value
        self.o_pile = enc.o_pile; self.o_pile_keys = enc.o_pile_keys
        self.o_snappable = enc.o_snappable; self.o_caller = enc.o_caller
        self.o_give = enc.o_give; self.o_give_to = enc.o_give_to; self.o_setup = enc.o_setup
        self.o_sizes = enc.o_sizes; self.o_pos = enc.o_pos
        self.REPLACE = enc.REPLACE; self.GIVE = enc.GIVE; self.PEEK = enc.PEEK
        self.SNAP = enc.SNAP; self.SWAP = enc.SWAP
        self.phase = dict(enc._phase)
        self.step = dict(enc._step)
        self.cid = {}
        cdef int i = 0
        for c, (key, value) in enc.card.items():
            if i >= NCARDS:
                raise ValueError("more card codes than the accelerator holds")
            self.cid[c] = i
            self.key[i] = key
            self.worth[i] = value
            i += 1
        for i in range(128):
            self.keych[i] = -1
        for c, (key, value) in enc.card.items():
            if ord(c[0]) >= 128 or self.keych[ord(c[0])] not in (-1, key):
                raise ValueError(f"card {c!r}: its first letter does not name its key")
            self.keych[ord(c[0])] = key

    # -- observations ------------------------------------------------------------------
    def observe(self, st, int me):
        """``CambioEncoder.observe_python(st, me)``: a fresh float32 vector."""
        if me < 0 or me >= self.p:  # not a seat: the Python reference's business
            return self.enc.observe_python(st, me)
        cdef cnp.npy_intp size = self.size
        out = cnp.PyArray_ZEROS(1, &size, cnp.NPY_FLOAT32, 0)
        self._observe(<float *>cnp.PyArray_DATA(out), st, me)
        return out

    cdef int _observe(self, float *out, st, int me) except -1:
        cdef int p = self.p, F = self.F, size = self.size
        cdef int ph, current, c, r, s, i, t, n, at, held, mask, bit = 1 << me
        cdef int counts[NKEYS]
        cdef int key
        cdef Py_UCS4 letter
        cdef bint over, snappable
        cdef double v
        cdef list pile, hands, known, hand, kn, setup
        cdef dict cid = self.cid
        rules = st.rules
        ph = self.phase[st.phase]
        over = ph == self.o_phase + 4  # "over"
        out[ph] = 1
        step = st.step
        if step is not None:
            out[<int>self.step[step]] = 1
        current = st.current
        out[self.o_turn + (current - me + p) % p] = 1
        drawn = st.drawn
        if drawn is not None:
            out[self.o_drawn] = 1
            if over or current == me:
                c = cid[drawn]
                out[self.o_drawn + 1] = 1
                out[self.o_drawn_key + self.key[c]] = 1
                out[self.o_drawn_value] = self.worth[c]
        out[self.o_deck] = len(st.deck) / 54.0
        pile = st.discard
        n = len(pile)
        if n:
            c = cid[pile[n - 1]]
            out[self.o_top + self.key[c]] = 1
            out[self.o_top_value] = self.worth[c]
            out[self.o_pile] = n / 54.0
            for i in range(NKEYS):
                counts[i] = 0
            for i in range(n):  # by first letter: a dict lookup a card cost more than all else
                letter = (<str>pile[i])[0]
                key = self.keych[letter] if letter < 128 else -1
                counts[key if key >= 0 else self.key[<int>cid[pile[i]]]] += 1
            for i in range(NKEYS):
                if counts[i]:
                    out[self.o_pile_keys + i] = min(counts[i] / 4.0, 1.0)
        if over or ph == self.o_phase:  # "setup"
            snappable = False
        elif rules.snap_anytime:
            snappable = st.snap_open
        else:
            snappable = rules.snap_own_turn and ph == self.o_phase + 1  # "turn"
        if snappable:
            out[self.o_snappable] = 1
        caller = st.caller
        out[self.o_caller + (p if caller is None else (<int>caller - me + p) % p)] = 1
        giver, give_to = st.giver, st.give_to
        if giver is not None and give_to is not None:
            out[self.o_give] = 1
            if giver == me:
                out[self.o_give + 1] = 1
            out[self.o_give_to + (<int>give_to[0] - me + p) % p] = 1
        setup = st.setup_left
        for s in range(len(setup)):
            n = setup[s]
            if n:
                out[self.o_setup + (s - me + p) % p] = n / 2.0
        hands, known = st.hands, st.known
        if len(hands) != len(known):
            raise ValueError("hands and knowledge masks differ in length")
        for s in range(len(hands)):
            hand = hands[s]
            kn = known[s]
            if len(hand) != len(kn):
                raise ValueError("a hand and its knowledge masks differ in length")
            r = (s - me + p) % p
            at = self.o_pos + r * self.M * F
            held = 0
            for i in range(len(hand)):
                card = hand[i]
                if card is None:
                    continue
                if at + F > size:
                    raise IndexError("a hand past the encoder's positions")
                mask = kn[i]
                out[at] = 1
                if over or mask & bit:
                    c = cid[card]
                    out[at + F_KEY + self.key[c]] = 1
                    v = self.worth[c]
                    if v:
                        out[at + F_VALUE] = v
                else:
                    out[at + F_UNKNOWN] = 1
                for t in range(p):
                    if mask >> t & 1:
                        out[at + F_KNOWN + (t - me + p) % p] = 1
                at += F
                held += 1
            out[self.o_sizes + r] = min(held / 10.0, 1.0)
        return 0

    # -- actions -----------------------------------------------------------------------
    cdef int _count_ranks(self, list hands) except -1:
        """Per seat, per slot: the slot's rank among the seat's occupied slots (into
        ``ranks``, seat ``s``'s from ``first[s]``)."""
        cdef int p = self.p, s, i, k, n, total = 0
        cdef list hand
        for s in range(p):
            total += len(hands[s])
        if total > self.ranks_size:
            grown = <int *>PyMem_Realloc(self.ranks, (total + 64) * sizeof(int))
            if grown == NULL:
                raise MemoryError()
            self.ranks = grown
            self.ranks_size = total + 64
        total = 0
        for s in range(p):
            hand = hands[s]
            n = len(hand)
            self.first[s] = total
            self.length[s] = n
            k = 0
            for i in range(n):
                self.ranks[total + i] = k
                if hand[i] is not None:
                    k += 1
            total += n
        return 0

    def legal_indices(self, st, legal, int seat):
        """``CambioEncoder._indices(legal, seat, st.hands)``: the index of each action,
        ``Unindexable`` for the first whose card rank is past the cap."""
        cdef list hands = st.hands
        cdef list actions = legal if type(legal) is list else list(legal)
        cdef list out = []
        if 0 <= seat < self.p and len(hands) == self.p:
            try:
                self._count_ranks(hands)
                if self._fill(actions, seat, out) == 0:
                    return out
            except (TypeError, OverflowError):  # fields that are not small plain ints
                pass
        return self.enc._indices(actions, seat, hands)

    cdef inline int _rank(self, int s, int i):
        """The rank of seat ``s``'s slot ``i`` among its occupied slots; -1 for a slot
        that is not on the table."""
        if s < 0 or s >= self.p or i < 0 or i >= self.length[s]:
            return -1
        return self.ranks[self.first[s] + i]

    cdef int _fill(self, list actions, int seat, list out) except -1:
        """Append the index of each action to ``out``; ``FALLBACK`` for an action that
        this does not know or that points outside the table."""
        cdef int p = self.p, M = self.M, s1, s2, k1, k2, x, y, index
        cdef int past = -1  # the first rank past the cap, raised once all are checked
        cdef Py_ssize_t j, n
        cdef tuple a, pa, pb  # an action (a NamedTuple: its fields by position), a swap's ends
        for j in range(len(actions)):
            action = actions[j]
            t = type(action)
            shape = SHAPES.get(t)
            if shape is None:
                return FALLBACK
            n, kind = <tuple>shape
            # a NamedTuple, a tuple's subclass: its fields read as a tuple's items (not
            # through __getitem__), its kind last, as its type says (else Python decides)
            a = <tuple>action
            if len(a) != n:
                return FALLBACK
            last = a[n - 1]
            if last is not kind and last != kind:
                return FALLBACK
            if t is T_DRAW or t is T_DISCARD or t is T_CALL or t is T_SKIP:
                out.append(0 if t is T_DRAW else 1 if t is T_DISCARD else 2 if t is T_CALL else 3)
                continue
            k2 = s2 = 0  # a swap's second card; the other actions name one
            if t is T_SNAP or t is T_PEEK:
                s1 = whole(a[0])
                k1 = self._rank(s1, whole(a[1]))
            elif t is T_SWAP:
                if type(a[0]) is not tuple or type(a[1]) is not tuple:
                    return FALLBACK
                pa = a[0]
                pb = a[1]
                if len(pa) != 2 or len(pb) != 2:
                    return FALLBACK
                s1 = whole(pa[0])
                k1 = self._rank(s1, whole(pa[1]))
                s2 = whole(pb[0])
                k2 = self._rank(s2, whole(pb[1]))
            elif t is T_REPLACE or t is T_GIVE:
                s1 = seat
                k1 = self._rank(seat, whole(a[0]))
            else:
                return FALLBACK
            if k1 < 0 or k2 < 0:
                return FALLBACK
            if k1 >= M or k2 >= M:
                if past < 0:
                    past = k1 if k1 >= M else k2
                continue
            if t is T_REPLACE or t is T_GIVE:
                index = (self.REPLACE if t is T_REPLACE else self.GIVE) + k1
            else:
                x = ((s1 - seat + p) % p) * M + k1
                if t is T_SWAP:
                    y = ((s2 - seat + p) % p) * M + k2
                    if x > y:
                        x, y = y, x
                    index = self.SWAP + x * (2 * self.N - x - 1) // 2 + (y - x - 1)
                else:
                    index = (self.SNAP if t is T_SNAP else self.PEEK) + x
            out.append(index)
        if past >= 0:
            raise Unindexable(f"Card rank {past} is past the cap {M}")
        return 0
