# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Caravan's observation in C: ``CaravanEncoder.observe_python``, exactly, written
straight into a fresh float32 array; and the legal actions' indices.

Cards are read by their first two characters (rank, suit), as the engine's rules do:
``rank_id`` and ``suit_id`` map a character to its place in the ranks and suits of the
encoder's 54 codes, ``code`` a (rank, suit) pair to the code's index."""
cimport cython
cimport numpy as cnp

cnp.import_array()

cdef enum:
    NR = 15  # ranks among the codes: A 2-9 T J Q K, and R B of the jokers
    NS = 5  # suits among the codes: s h d c, and J of the jokers


@cython.final
cdef class Observer:
    cdef int size, decks, o_hand, o_turn, o_opening, o_hands, o_decks, o_sellers
    cdef int o_reshuffles, o_discards, o_car, o_cards, shown, pf, caravans
    cdef int p_rank, p_suit, p_kings, p_queen, p_joker, p_faces
    cdef int depth, i_play, i_attach, i_discard, i_disband
    cdef int number_code[NR * NS]  # by (rank, suit): its place among the number cards
    cdef int face_code[NR * NS]  # by (rank, suit): its place among the faces and jokers
    cdef object Play, Attach, Discard, Disband, index
    cdef signed char rank_id[128]
    cdef signed char suit_id[128]
    cdef int code[NR * NS]
    cdef int number_rank[NR]  # a number card's rank (0-9) by rank id, -1 for faces
    cdef int number_suit[NS]  # a number card's suit (0-3) by suit id, -1 for J

    def __init__(self, enc):
        from cardtable.games.caravan import encoder as module

        self.size = enc.obs_size; self.decks = enc.decks
        self.o_hand = enc.o_hand; self.o_turn = enc.o_turn; self.o_opening = enc.o_opening
        self.o_hands = enc.o_hands; self.o_decks = enc.o_decks; self.o_sellers = enc.o_sellers
        self.o_reshuffles = enc.o_reshuffles; self.o_discards = enc.o_discards
        self.o_car = enc.o_car; self.o_cards = enc.o_cards
        self.shown = module.SHOWN; self.pf = module.PF; self.caravans = module.CARAVANS
        self.p_rank = module.P_RANK; self.p_suit = module.P_SUIT; self.p_kings = module.P_KINGS
        self.p_queen = module.P_QUEEN; self.p_joker = module.P_JOKER
        self.p_faces = module.P_FACES
        cdef int k, r, s
        for k in range(128):
            self.rank_id[k] = -1
            self.suit_id[k] = -1
        ranks = list(dict.fromkeys(c[0] for c in enc.code))
        suits = list(dict.fromkeys(c[1] for c in enc.code))
        assert len(ranks) == NR and len(suits) == NS
        for r, ch in enumerate(ranks):
            self.rank_id[ord(ch)] = r
        for s, ch in enumerate(suits):
            self.suit_id[ord(ch)] = s
        for k in range(NR * NS):
            self.code[k] = -1
        for c, k in enc.code.items():
            self.code[self.rank_id[ord(c[0])] * NS + self.suit_id[ord(c[1])]] = k
        self.depth = enc.depth; self.i_play = enc.PLAY; self.i_attach = enc.ATTACH
        self.i_discard = enc.DISCARD; self.i_disband = enc.DISBAND
        # the action types, from actions the game parses from their wire form (games are
        # reached through the registry, never by importing their modules)
        parse = enc.game.action_from_json
        self.Play = type(parse({"type": "play", "card": "7h", "caravan": 0}))
        self.Attach = type(
            parse({"type": "play", "card": "Kd", "seat": 0, "caravan": 0, "index": 0})
        )
        self.Discard = type(parse({"type": "discard", "card": "3c"}))
        self.Disband = type(parse({"type": "disband", "caravan": 0}))
        self.index = enc.index
        for k in range(NR * NS):
            self.number_code[k] = self.face_code[k] = -1
        for c in enc.code:
            k = self.rank_id[ord(c[0])] * NS + self.suit_id[ord(c[1])]
            self.number_code[k] = enc.number.get(c, -1)
            self.face_code[k] = enc.face.get(c, -1)
        for r in range(NR):
            self.number_rank[r] = -1
        for s in range(NS):
            self.number_suit[s] = -1
        for c in enc.rank_of:
            self.number_rank[self.rank_id[ord(c[0])]] = enc.rank_of[c]
            self.number_suit[self.suit_id[ord(c[1])]] = enc.suit_of[c]

    cdef inline int code_of(self, str card) except -1:
        """The index of ``card`` among the 54 codes."""
        cdef Py_UCS4 a, b
        cdef int r, s, k
        if len(card) == 2:
            a = card[0]
            b = card[1]
            if a < 128 and b < 128:
                r = self.rank_id[a]
                s = self.suit_id[b]
                if r >= 0 and s >= 0:
                    k = self.code[r * NS + s]
                    if k >= 0:
                        return k
        raise KeyError(card)

    cdef inline int number_of(self, str card, int *suit) except -1:
        """The rank (0-9) of the number card ``card``, its suit (0-3) in ``suit``."""
        cdef Py_UCS4 a, b
        cdef int r = -1, s = -1
        if len(card) == 2:
            a = card[0]
            b = card[1]
            if a < 128 and b < 128 and self.rank_id[a] >= 0 and self.suit_id[b] >= 0:
                r = self.number_rank[self.rank_id[a]]
                s = self.number_suit[self.suit_id[b]]
        if r < 0 or s < 0:
            raise KeyError(card)
        suit[0] = s
        return r

    cdef int cards(self, float *out, list cards, int base) except -1:
        """A hand or a discard pile: copies of each code / decks at ``base``."""
        cdef int counts[54]
        cdef int k, n = len(cards), d = self.decks
        if d == 1:
            for k in range(n):
                out[base + self.code_of(cards[k])] = 1
            return 0
        for k in range(54):
            counts[k] = 0
        for k in range(n):
            counts[self.code_of(cards[k])] += 1
        for k in range(54):
            if counts[k]:
                out[base + k] = counts[k] / <double>d
        return 0

    def observe(self, st, int me):
        """``seat``'s observation of ``st``: a fresh float32 vector."""
        if me != 0 and me != 1:
            raise ValueError(f"There is no seat {me} in Caravan")
        cdef cnp.npy_intp size = self.size
        out = cnp.PyArray_ZEROS(1, &size, cnp.NPY_FLOAT32, 0)
        self.fill(<float *>cnp.PyArray_DATA(out), st, me)
        return out

    cdef int fill(self, float *out, st, int me) except -1:
        """Write the non-zero entries of ``me``'s observation into a zeroed ``out``."""
        cdef int them = 1 - me, d = self.decks, r, s, c, x, j, k, n, m, at, pos, kings, suit
        cdef int v0, v1, shown = self.shown, pf = self.pf
        cdef bint a, b
        cdef long value, direction
        cdef double f
        cdef list hands = st.hands, decks = st.decks, discards = st.discards
        cdef list opening = st.to_place, caravans = st.caravans, values = st.values
        cdef list ends = st.ends, stacks, stack
        cdef tuple end
        cdef str face
        cdef Py_UCS4 ch
        cdef int seats[2]
        seats[0] = me
        seats[1] = them
        self.cards(out, hands[me], self.o_hand)
        if me in st.to_act:
            out[self.o_turn] = 1
        left = st.reshuffles_left if st.rules.reshuffle else None
        for r in range(2):
            s = seats[r]
            k = opening[s]
            if k:
                out[self.o_opening + r] = k / 3.0
            f = len(<list>hands[s]) / 8.0
            out[self.o_hands + r] = f if f <= 1.0 else 1.0
            out[self.o_decks + r] = len(<list>decks[s]) / (54.0 * d)
            if left:
                k = left[s]
                if k:
                    out[self.o_reshuffles + r] = k / 2.0
            self.cards(out, discards[s], self.o_discards + 54 * r)
        # st.sellers(): rules.pair_seller of each facing pair
        for c in range(self.caravans):
            v0 = values[c]
            v1 = values[c + self.caravans]
            a = 21 <= v0 <= 26
            b = 21 <= v1 <= 26
            if a and b:
                if v0 == v1:
                    continue
                k = 0 if v0 > v1 else 1
            elif a:
                k = 0
            elif b:
                k = 1
            else:
                continue
            out[self.o_sellers + 2 * c + (0 if k == me else 1)] = 1
        for r in range(2):
            s = seats[r]
            for c in range(self.caravans):
                x = self.caravans * s + c
                stacks = caravans[x]
                n = len(stacks)
                if not n:
                    continue
                end = ends[x]
                direction = end[1]
                suit_name = end[2]
                at = self.o_car + 20 * (r * self.caravans + c)
                value = values[x]
                if value:
                    f = value / 30.0
                    out[at] = f if f <= 1.0 else 1.0
                    if 21 <= value <= 26:
                        out[at + 1] = 1
                    elif value > 26:
                        out[at + 2] = 1
                if direction:
                    out[at + (3 if direction > 0 else 4)] = 1
                if suit_name is not None:
                    out[at + 5 + self.number_suit[self.suit_of(suit_name)]] = 1
                f = n / 10.0
                out[at + 9] = f if f <= 1.0 else 1.0
                out[at + 10 + self.number_of((<list>stacks[n - 1])[0], &suit)] = 1
                pos = self.o_cards + (r * self.caravans + c) * shown * pf
                if n > shown:
                    n = shown
                for k in range(n):
                    stack = stacks[k]
                    m = self.number_of(stack[0], &suit)
                    out[pos] = 1
                    out[pos + self.p_rank + m] = 1
                    out[pos + self.p_suit + suit] = 1
                    m = len(stack)
                    if m > 1:
                        kings = 0
                        for j in range(1, m):
                            face = stack[j]
                            if not len(face):
                                raise IndexError(face)
                            ch = face[0]
                            if ch == u"K":
                                kings += 1
                            elif ch == u"Q":
                                out[pos + self.p_queen] = 1
                            elif ch != u"J":
                                out[pos + self.p_joker] = 1
                        if kings:
                            f = kings / 3.0
                            out[pos + self.p_kings] = f if f <= 1.0 else 1.0
                        f = (m - 1) / 3.0
                        out[pos + self.p_faces] = f if f <= 1.0 else 1.0
                    pos += pf
        return 0

    cdef inline int suit_of(self, str suit) except -1:
        """The suit id of a one-letter suit name (``ends``' current suit)."""
        cdef Py_UCS4 b
        if len(suit) == 1:
            b = suit[0]
            if b < 128 and self.suit_id[b] >= 0 and self.number_suit[self.suit_id[b]] >= 0:
                return self.suit_id[b]
        raise KeyError(suit)

    def legal_indices(self, st, actions, int seat):
        """``CaravanEncoder.index`` of each of ``actions`` (``seat``'s legal actions),
        read from the actions' fields; anything else is left to ``index`` itself."""
        cdef list legal = actions if type(actions) is list else list(actions)
        cdef Py_ssize_t k, n = len(legal)
        cdef int i, card, caravan, who
        cdef long long at
        cdef list out = [None] * n
        cdef tuple a
        for k in range(n):
            action = legal[k]
            kind = type(action)
            i = -1
            if kind is self.Play:
                a = <tuple>action
                card = self.number_index(a[0])
                caravan = a[1]
                if card >= 0 and 0 <= caravan < self.caravans:
                    i = self.i_play + card * self.caravans + caravan
            elif kind is self.Attach:
                a = <tuple>action
                card = self.face_index(a[0])
                who = a[1]
                caravan = a[2]
                at = a[3]
                if card >= 0 and 0 <= caravan < self.caravans and 0 <= at < self.depth:
                    i = (card * 2 + (0 if who == seat else 1)) * self.caravans + caravan
                    i = self.i_attach + i * self.depth + <int>at
            elif kind is self.Discard:
                a = <tuple>action
                card = self.any_index(a[0])
                if card >= 0:
                    i = self.i_discard + card
            elif kind is self.Disband:
                a = <tuple>action
                caravan = a[0]
                if 0 <= caravan < self.caravans:
                    i = self.i_disband + caravan
            out[k] = i if i >= 0 else self.index(action, seat)
        return out

    cdef inline int cell(self, card):
        """``card``'s (rank, suit) cell of the code tables (``number_code``, ``face_code``,
        ``code``), -1 if it is not a card code."""
        if type(card) is not str or len(<str>card) != 2:
            return -1
        cdef Py_UCS4 a = (<str>card)[0], b = (<str>card)[1]
        if a >= 128 or b >= 128 or self.rank_id[a] < 0 or self.suit_id[b] < 0:
            return -1
        return self.rank_id[a] * NS + self.suit_id[b]

    cdef inline int number_index(self, card):
        """The place of ``card`` among the number cards, -1 if it is none."""
        cdef int k = self.cell(card)
        return self.number_code[k] if k >= 0 else -1

    cdef inline int face_index(self, card):
        """The place of ``card`` among the face cards and jokers, -1 if it is none."""
        cdef int k = self.cell(card)
        return self.face_code[k] if k >= 0 else -1

    cdef inline int any_index(self, card):
        """The place of ``card`` among the 54 codes, -1 if it is none."""
        cdef int k = self.cell(card)
        return self.code[k] if k >= 0 else -1
