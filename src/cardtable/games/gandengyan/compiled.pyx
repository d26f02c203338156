# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Gan Deng Yan's observation in C: ``GanDengYanEncoder.observe_python``, exactly.

It reads the fields the Python fast path reads (the seat's own rank counts and jokers,
the public pile of played cards, every seat's number of cards and of plays, the public
play to beat and the table's counters), and keeps no memo: every call counts the played
pile afresh (a pass over at most 108 short strings), so positions may be asked in any
order, cloned or not.

``legal_indices`` keeps its own cache of indices, keyed by what a play's index depends on,
and asks the encoder's ``index`` for a play not met yet."""

cimport numpy as cnp
from cpython.dict cimport PyDict_GetItem
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.bytes cimport PyBytes_FromStringAndSize

from cardtable.rl.encoding import CACHE_CAP

cnp.import_array()

cdef inline void thermometer(float* out, int at, int n, int cap) noexcept:
    """Set the first ``min(n, cap)`` entries from ``at``: "holds at least 1, 2, …"."""
    cdef int k
    for k in range(n if n < cap else cap):
        out[at + k] = 1


cdef class Observer:
    cdef int p, c, j, size, decks
    cdef int o_hand, o_hand_j, o_played, o_played_j, o_counts, o_count_n, o_plays
    cdef int o_dealer, o_leader, o_beat, o_beat_rank, o_beat_len, o_beat_seat
    cdef int o_passes, o_talon, o_bombs, o_totals, o_hands
    cdef dict kind, ranks
    cdef object index
    cdef signed char rank_of[128]  # a card's first letter -> its rank (13: a joker)

    def __init__(self, enc):
        cdef int i
        self.p = enc.players; self.c = enc.naturals; self.j = enc.jokers
        self.size = enc.obs_size; self.decks = enc.decks
        self.o_hand = enc.o_hand; self.o_hand_j = enc.o_hand_j
        self.o_played = enc.o_played; self.o_played_j = enc.o_played_j
        self.o_counts = enc.o_counts; self.o_count_n = enc.o_count_n; self.o_plays = enc.o_plays
        self.o_dealer = enc.o_dealer; self.o_leader = enc.o_leader; self.o_beat = enc.o_beat
        self.o_beat_rank = enc.o_beat_rank; self.o_beat_len = enc.o_beat_len
        self.o_beat_seat = enc.o_beat_seat; self.o_passes = enc.o_passes
        self.o_talon = enc.o_talon; self.o_bombs = enc.o_bombs; self.o_totals = enc.o_totals
        self.o_hands = enc.o_hands
        self.kind = dict(enc._kind)
        self.ranks = {}  # (the cards' first letters, the reading) -> index
        self.index = enc.index
        for i in range(128):
            self.rank_of[i] = -1
        # the encoder's RANK_OF: a natural card by its rank letter, a joker (RJ, BJ) 13
        from cardtable.games.gandengyan.encoder import RANK_OF
        for card, rank in RANK_OF.items():
            self.rank_of[ord(card[0])] = rank

    def legal_indices(self, state, legal, int seat):
        """``GanDengYanEncoder.indices`` of ``legal``. A play's index is a function of its
        cards' first letters (a rank, or R/B for a joker) and its reading, so it is cached
        under those: the plain-tuple key of the Python encoder names every suit, and
        random play met new ones every few moves (a cache of 12,600 keys after 300 games
        still missed a quarter of the moves, each miss a trip through the wire form)."""
        cdef list plays = legal if type(legal) is list else list(legal)
        cdef Py_ssize_t k, i, m, n = len(plays)
        cdef list found = PyList_New(n)
        cdef dict cache = self.ranks
        cdef tuple action, cards
        cdef char letters[128]
        cdef void* hit
        for k in range(n):
            action = <tuple>plays[k]
            if len(action) == 0:  # the pass
                key = action
            else:
                cards = <tuple>action[0]
                m = len(cards)
                if m > 128:
                    raise ValueError(f"A play of {m} cards")
                for i in range(m):
                    letters[i] = <char>(<str>cards[i])[0]
                key = (PyBytes_FromStringAndSize(letters, m), action[1])
            hit = PyDict_GetItem(cache, key)
            if hit == NULL:
                if len(cache) >= CACHE_CAP:
                    cache.clear()
                index = cache[key] = self.index(action, 0)
            else:
                index = <object>hit
            Py_INCREF(index)
            PyList_SET_ITEM(found, k, index)
        return found

    def observe(self, st, int me):
        cdef cnp.npy_intp size = self.size
        out_arr = cnp.PyArray_ZEROS(1, &size, cnp.NPY_FLOAT32, 0)
        self.write(<float*>cnp.PyArray_DATA(out_arr), st, me)
        return out_arr

    cdef int write(self, float* out, st, int me) except -1:
        cdef int p = self.p, c = self.c, s, r, k, n, at, plays, total
        cdef int counts[14]
        cdef Py_UCS4 ch
        cdef list own, pile, hands, seat_plays, totals
        cdef tuple beat, kind
        cdef str card
        # my hand: per rank, holds >= 1..c; my jokers
        own = st.counts[me]
        for r in range(13):
            thermometer(out, self.o_hand + r * c, own[r], c)
        thermometer(out, self.o_hand_j, st.jokers[me], self.j)
        # the played pile, counted afresh
        for r in range(14):
            counts[r] = 0
        pile = st.played
        for k in range(len(pile)):
            card = <str>pile[k]
            ch = card[0]
            r = self.rank_of[ch] if ch < 128 else -1
            if r < 0:
                raise KeyError(card)
            counts[r] += 1
        for r in range(13):
            thermometer(out, self.o_played + r * c, counts[r], c)
        thermometer(out, self.o_played_j, counts[13], self.j)
        # per seat: cards held and plays made
        hands = st.hands
        seat_plays = st.plays
        for s in range(p):
            r = (s - me + p) % p
            n = len(<list>hands[s])
            if n:
                out[self.o_count_n + r] = min(n / 20.0, 1.0)
                if n > 6:
                    n = 6
                at = self.o_counts + r * 6
                for k in range(n):
                    out[at + k] = 1
            plays = seat_plays[s]
            if plays:
                out[self.o_plays + 2 * r] = 1
                if plays > 1:
                    out[self.o_plays + 2 * r + 1] = 1
        out[self.o_dealer + (<int>st.dealer - me + p) % p] = 1
        leader = st.leader
        if leader is not None:
            out[self.o_leader + (<int>leader - me + p) % p] = 1
        to_beat = st.to_beat
        if to_beat is not None:
            beat = <tuple>to_beat
            kind = <tuple>beat[2]  # Kind(type, rank, length)
            out[self.o_beat] = 1
            out[<int>self.kind[kind[0]]] = 1
            r = kind[1]
            if r >= 0:
                out[self.o_beat_rank + r] = 1
            out[self.o_beat_len] = min(<int>kind[2] / 12.0, 1.0)
            out[self.o_beat_seat + (<int>beat[0] - me + p) % p] = 1
        n = st.passes
        if n:
            out[self.o_passes] = n / <double>p
        out[self.o_talon] = len(st.talon) / (54.0 * self.decks)
        n = st.bombs
        if n:
            if n > 4:
                n = 4
            for k in range(n):
                out[self.o_bombs + k] = 1
        totals = st.totals
        for s in range(p):
            total = totals[s]
            if total:
                out[self.o_totals + (s - me + p) % p] = max(-1.0, min(total / 64.0, 1.0))
        n = <int>st.hand_no + 1
        k = st.gdy.hand_count
        out[self.o_hands] = n / <double>k
        if n == k:
            out[self.o_hands + 1] = 1
        return 0
