# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The native search core (issue 38): a depth-first search with a transposition table, over flat positions,
for the games whose rules are declarations alone (``reussite.solver.native`` decides which, and builds the
tables this module reads).

A position is one block of bytes: each stack's length and face-down count, the redeals used, then each stack's
cards as card keys (``rank * 4 + suit``) in a slot of ``cap`` bytes. The search keeps one block per depth, so
playing a move is a copy and a few writes, and taking it back is going one block up. Each stack's two 64-bit
hashes are kept with the block and only the stacks a move touches are hashed again; the position's key adds
them up, the stacks of an interchangeable group without their place (so a swap gives the same key), the others
salted by their place: 128 bits, as ``Game.position_key`` tells positions apart.

Nothing here decides what a move does beyond what ``Game.push`` does for a plain game; the differential tests
(tests/solver/test_native.py) hold it to the Python engine position by position.
"""

from libc.stdint cimport uint8_t, uint32_t, uint64_t, int32_t
from libc.stdlib cimport malloc, realloc, free, calloc
from libc.string cimport memcpy, memset

cdef enum:
    K_STOCK = 0
    K_WASTE = 1
    K_FOUNDATION = 2
    K_TABLEAU = 3
    K_RESERVE = 4
    P_NONE = 0
    P_TOP = 1
    P_RUN = 2
    P_SPACES = 3
    P_FACE_UP = 4
    M_MOVE = 0
    M_DEAL = 1
    M_REDEAL = 2
    M_PLAY = 3    # stock clicks (src of them) then the waste's top card onto dst (derive's stock plays)
    NKEYS = 56
    PAIR = 0x2000  # in a move's count: a pair (Game.pairs), the other stack in the low byte
    CHECKPOINT = 16  # the path keeps a block every so many depths, and plays the moves from it back up

cdef inline uint32_t pack(uint32_t kind, uint32_t src, uint32_t dst, uint32_t n) noexcept nogil:
    return (kind << 30) | (src << 22) | (dst << 14) | n

cdef inline int _resize(void **block, size_t size) noexcept nogil:
    """realloc in place of ``*block``: 0 (the block as it was) when memory ran out."""
    cdef void *grown = realloc(block[0], size)
    if grown == NULL:
        return 0
    block[0] = grown
    return 1


cdef inline uint64_t fmix(uint64_t h) noexcept nogil:
    h ^= h >> 33
    h *= 0xff51afd7ed558ccdULL
    h ^= h >> 33
    h *= 0xc4ceb9fe1a85ec53ULL
    h ^= h >> 33
    return h


cdef class Core:
    """One game's tables and a search over them."""

    cdef int S, cap, pos_size, hash_off, cards_off
    cdef uint8_t *kind
    cdef uint8_t *pickup
    cdef uint8_t *takes      # [S][56][56]: takes[s][top][card]
    cdef uint8_t *on         # [S][56][56]: on[s][lower][upper]: upper may be picked up with lower (lift)
    cdef uint8_t *disorder   # [S][56][56]: upper follows lower by the build and moves with it (runs_on)
    cdef uint8_t *late       # [S]: in its group only once the stock is empty (the piles it deals onto)
    cdef int fill            # Game.fill_before_deal: no deal while a tableau pile is empty (1), that a card
                             # could move to (2)
    cdef int finished        # Game.finished_runs: King to Ace of one suit on a pile goes home by itself
    cdef uint8_t *accepts    # [S][5]
    cdef uint8_t *empty_accepts  # [S][5]: once empty (StackRule.empty_from)
    cdef int32_t *room
    cdef int32_t *twin
    cdef uint8_t *flips
    cdef uint8_t *group_moves
    cdef int32_t *group      # the group of interchangeable stacks each stack is in, -1: none
    cdef uint64_t *salt_a
    cdef uint64_t *salt_b
    cdef int32_t *sources
    cdef int nsources
    cdef int32_t *tableau
    cdef int ntableau
    cdef int32_t *dealt      # the stacks a deal puts a card on each of (the tableau, or the reserves)
    cdef int ndealt
    cdef int32_t *cells
    cdef int ncells
    cdef int32_t *spaces     # Plan.spaces: the piles that double a run picked up by spaces when empty
    cdef int nspaces
    cdef uint8_t *space      # [S]: whether the stack is one of them
    cdef int32_t *won
    cdef int nwon
    cdef int stock, waste, deal_to_waste, deal_count, redeals
    # Safe foundation moves (reussite.solver.derive): per card the level each suit must be complete to.
    cdef int safe_on
    cdef uint8_t *levels     # [56][4]
    cdef int32_t *foundations
    cdef int nfoundations
    cdef int32_t *safe_sources
    cdef int nsafe_sources
    cdef int copies[4]
    cdef int top_rank[4]
    # The progress estimate (Companion.progress's default, in half points): the foundations, the reserves that
    # count when empty, and whether a foundation's table tells which cards it wants (at most 8 of them).
    cdef int32_t *all_foundations
    cdef int nall_foundations
    cdef int32_t *open_reserves
    cdef int nopen_reserves
    cdef uint8_t *telling    # [S][56]: foundation s with that top card wants few enough cards to tell
    cdef int estimate_on
    # derive's stock plays: clicks only as the start of a play from the waste, and one turn of the stock folded
    # in the key (one pack only here: a shown card is told by its key).
    cdef int stock_plays
    # derive's folds of the key: per stack 0 (whole), 1 (folded: its size, face-down count and which cards its
    # top card takes, ``alike``), 2 (out of play: its size and face-down count).
    cdef uint8_t *fold
    # Game.refill: the stacks refilled when empty, and their sources in order.
    cdef int32_t *refill_into
    cdef int nrefill_into
    cdef int32_t *refill_sources
    cdef int nrefill_sources
    cdef uint8_t *alike      # [S][56]
    cdef int32_t *waste_targets
    cdef int nwaste_targets
    # Game.covered_by: per stack, its covering stacks (covers[cover_at[s]:cover_at[s + 1]]), and those it covers
    # (turned up once it is emptied and nothing else covers them).
    cdef int32_t *cover_at
    cdef int32_t *covers
    cdef int32_t *uncover_at
    cdef int32_t *uncovers
    cdef int any_covered
    # Game.pairs: the stacks whose free top cards pair, the discard foundation, what pairs with what, the cards
    # removed alone, the waste whose two top cards pair (-1: none).
    cdef int32_t *pair_stacks
    cdef int npair_stacks
    cdef int sink, below
    cdef uint8_t *match      # [56][56]
    cdef uint8_t *alone      # [56]
    cdef int deal_to_found   # the foundation the stock deals onto (-1: none)
    # The transposition table: pairs of 64-bit keys, (0, 0) for an empty slot.
    cdef uint64_t *table
    cdef uint64_t table_mask
    cdef uint64_t stored
    cdef uint64_t max_slots
    cdef long long max_bytes  # the table, the frames and their moves together (0: no limit)
    # The search's frames: a position and a list of moves per depth.
    cdef uint8_t *frames
    cdef int frame_cap
    cdef uint32_t *arena
    cdef long long arena_cap
    cdef int32_t *first
    cdef int32_t *count
    cdef int32_t *next_
    cdef uint32_t *taken
    cdef int *orders
    cdef uint32_t *movebuf   # one position's moves, as listed
    cdef uint8_t *cur        # the position at the search's depth now
    cdef uint8_t *kid        # and the one a move leads to
    cdef int depth           # the search's depth now (-1: not started, or ended)
    cdef public int lean     # derive.streamlined's moves only: a quick line, and "lost" proves nothing
    cdef uint8_t *lean_scratch
    cdef uint8_t *scratch    # a block to look one move ahead in
    cdef uint8_t *click      # and one to click the stock through
    cdef int *scores
    cdef public long long expanded
    cdef public long long beamed
    cdef public object stopped

    def __cinit__(self):
        self.kind = NULL

    def __init__(self, dict t):
        cdef int S = t["stacks"]
        cdef int i, j
        self.S = S
        self.cap = t["cap"]
        self.cards_off = 2 * S + 1
        self.hash_off = self.cards_off + S * self.cap
        self.hash_off = (self.hash_off + 7) & ~7
        self.pos_size = self.hash_off + 16 * S
        self.kind = self._bytes(t["kind"])
        self.pickup = self._bytes(t["pickup"])
        self.takes = self._bytes(t["takes"])
        self.on = self._bytes(t["on"])
        self.disorder = self._bytes(t["disorder"])
        self.late = self._bytes(t["late"])
        self.fill, self.finished = t["fill"], t["finished"]
        self.accepts = self._bytes(t["accepts"])
        self.empty_accepts = self._bytes(t["empty_accepts"])
        self.flips = self._bytes(t["flips"])
        self.group_moves = self._bytes(t["group_moves"])
        self.levels = self._bytes(t["levels"])
        self.room = self._ints(t["room"])
        self.twin = self._ints(t["twin"])
        self.group = self._ints(t["group"])
        self.sources = self._ints(t["sources"]); self.nsources = len(t["sources"])
        self.tableau = self._ints(t["tableau"]); self.ntableau = len(t["tableau"])
        self.dealt = self._ints(t["dealt"]); self.ndealt = len(t["dealt"])
        self.cells = self._ints(t["cells"]); self.ncells = len(t["cells"])
        self.spaces = self._ints(t["spaces"]); self.nspaces = len(t["spaces"])
        self.space = self._bytes(bytes(1 if s in t["spaces"] else 0 for s in range(S)))
        self.won = self._ints(t["won"]); self.nwon = len(t["won"])
        self.foundations = self._ints(t["foundations"]); self.nfoundations = len(t["foundations"])
        self.safe_sources = self._ints(t["safe_sources"]); self.nsafe_sources = len(t["safe_sources"])
        self.stock, self.waste = t["stock"], t["waste"]
        self.deal_to_waste, self.deal_count, self.redeals = t["deal_to_waste"], t["deal_count"], t["redeals"]
        self.safe_on = t["safe"]
        self.all_foundations = self._ints(t["all_foundations"]); self.nall_foundations = len(t["all_foundations"])
        self.open_reserves = self._ints(t["open_reserves"]); self.nopen_reserves = len(t["open_reserves"])
        self.telling = self._bytes(t["telling"])
        self.estimate_on = t["estimate"]
        self.stock_plays = t["stock_plays"]
        self.fold = self._bytes(t["fold"])
        self.refill_into = self._ints(t["refill_into"]); self.nrefill_into = len(t["refill_into"])
        self.refill_sources = self._ints(t["refill_sources"]); self.nrefill_sources = len(t["refill_sources"])
        self.alike = self._bytes(t["alike"])
        self.waste_targets = self._ints(t["waste_targets"]); self.nwaste_targets = len(t["waste_targets"])
        self.cover_at = self._ints(t["cover_at"])
        self.covers = self._ints(t["covers"])
        self.uncover_at = self._ints(t["uncover_at"])
        self.uncovers = self._ints(t["uncovers"])
        self.any_covered = len(t["covers"]) > 0
        self.pair_stacks = self._ints(t["pair_stacks"]); self.npair_stacks = len(t["pair_stacks"])
        self.sink, self.below = t["sink"], t["below"]
        self.match = self._bytes(t["match"])
        self.alone = self._bytes(t["alone"])
        self.deal_to_found = t["deal_to_found"]
        for i in range(4):
            self.copies[i] = t["copies"][i][0]
            self.top_rank[i] = t["copies"][i][1]
        self.salt_a = <uint64_t *> malloc(8 * (S + 1))
        self.salt_b = <uint64_t *> malloc(8 * (S + 1))
        cdef uint64_t x = 0x9e3779b97f4a7c15ULL
        for i in range(S + 1):
            x = fmix(x + 0x9e3779b97f4a7c15ULL)
            self.salt_a[i] = x
            x = fmix(x + 0x9e3779b97f4a7c15ULL)
            self.salt_b[i] = x
        self.table = NULL
        self.frames = NULL
        self.arena = NULL
        self.first = self.count = self.next_ = NULL
        self.taken = NULL
        self.scratch = <uint8_t *> malloc(self.pos_size)
        self.lean_scratch = <uint8_t *> malloc(self.pos_size)
        self.orders = NULL
        self.movebuf = NULL
        self.cur = <uint8_t *> malloc(self.pos_size)
        self.kid = <uint8_t *> malloc(self.pos_size)
        self.depth = -1
        self.lean = 0
        self.click = <uint8_t *> malloc(self.pos_size)
        self.scores = NULL
        self.expanded = 0
        self.beamed = 0
        self.stopped = None

    cdef uint8_t *_bytes(self, bytes data):
        cdef uint8_t *out = <uint8_t *> malloc(len(data) + 1)
        cdef int i
        for i in range(len(data)):
            out[i] = data[i]
        return out

    cdef int32_t *_ints(self, values):
        cdef int32_t *out = <int32_t *> malloc(4 * (len(values) + 1))
        cdef int i
        for i in range(len(values)):
            out[i] = values[i]
        return out

    def __dealloc__(self):
        if self.kind == NULL:
            return
        for p in (<size_t> self.kind, <size_t> self.pickup, <size_t> self.takes, <size_t> self.on,
                  <size_t> self.accepts, <size_t> self.flips, <size_t> self.group_moves, <size_t> self.levels,
                  <size_t> self.room, <size_t> self.twin, <size_t> self.group, <size_t> self.sources,
                  <size_t> self.tableau, <size_t> self.cells, <size_t> self.won, <size_t> self.foundations,
                  <size_t> self.safe_sources, <size_t> self.salt_a, <size_t> self.salt_b, <size_t> self.table,
                  <size_t> self.frames, <size_t> self.arena, <size_t> self.first, <size_t> self.count,
                  <size_t> self.next_, <size_t> self.taken, <size_t> self.all_foundations,
                  <size_t> self.open_reserves, <size_t> self.telling, <size_t> self.scratch,
                  <size_t> self.scores, <size_t> self.waste_targets, <size_t> self.click,
                  <size_t> self.fold, <size_t> self.alike, <size_t> self.orders,
                  <size_t> self.lean_scratch, <size_t> self.refill_into, <size_t> self.refill_sources,
                  <size_t> self.movebuf, <size_t> self.cur, <size_t> self.kid, <size_t> self.cover_at,
                  <size_t> self.covers, <size_t> self.uncover_at, <size_t> self.uncovers,
                  <size_t> self.pair_stacks, <size_t> self.match, <size_t> self.alone,
                  <size_t> self.disorder, <size_t> self.late, <size_t> self.spaces, <size_t> self.space,
                  <size_t> self.empty_accepts, <size_t> self.dealt):
            free(<void *> p)

    # -- positions ----------------------------------------------------------------------------------------

    cdef inline uint8_t *cards(self, uint8_t *pos, int s) noexcept nogil:
        return pos + self.cards_off + s * self.cap

    cdef inline int top(self, uint8_t *pos, int s) noexcept nogil:
        cdef int n = pos[s]
        return 0 if n == 0 else pos[self.cards_off + s * self.cap + n - 1]

    cdef void rehash(self, uint8_t *pos, int s) noexcept nogil:
        cdef uint64_t *h = <uint64_t *> (pos + self.hash_off)
        cdef uint8_t *c = pos + self.cards_off + s * self.cap
        cdef int n = pos[s], i
        cdef uint64_t a = 0x243f6a8885a308d3ULL ^ (<uint64_t> n << 8) ^ pos[self.S + s]
        cdef uint64_t b = 0x13198a2e03707344ULL ^ (<uint64_t> n << 8) ^ pos[self.S + s]
        if self.fold[s] and n:  # nothing reads the cards under the top (derive.Knowledge.key)
            if self.fold[s] == 1:
                a = (a ^ (0x100 | self.alike[s * NKEYS + c[n - 1]])) * 0x100000001b3ULL
                b = (b + self.alike[s * NKEYS + c[n - 1]] + 0x101) * 0x9e3779b97f4a7c15ULL
            n = 0
        for i in range(n):
            a = (a ^ c[i]) * 0x100000001b3ULL
            a ^= a >> 29
            b = (b + c[i] + 1) * 0x9e3779b97f4a7c15ULL
            b ^= b >> 31
        h[2 * s] = fmix(a)
        h[2 * s + 1] = fmix(b ^ 0x5851f42d4c957f2dULL)

    cdef void turn_hash(self, uint8_t *pos, uint64_t *ha, uint64_t *hb) noexcept nogil:
        """The hashes of the stock as a redeal would leave it (its cards, then the waste's from the top), all
        face down, and of an empty waste: derive.Knowledge.key's fold of one turn of the stock."""
        cdef int ls = pos[self.stock], lw = pos[self.waste], n = ls + lw, i
        cdef uint8_t *cs = self.cards(pos, self.stock)
        cdef uint8_t *cw = self.cards(pos, self.waste)
        cdef uint64_t a = 0x243f6a8885a308d3ULL ^ (<uint64_t> n << 8) ^ n
        cdef uint64_t b = 0x13198a2e03707344ULL ^ (<uint64_t> n << 8) ^ n
        cdef uint8_t c
        for i in range(n):
            c = cs[i] if i < ls else cw[lw - 1 - (i - ls)]
            a = (a ^ c) * 0x100000001b3ULL
            a ^= a >> 29
            b = (b + c + 1) * 0x9e3779b97f4a7c15ULL
            b ^= b >> 31
        ha[0] = fmix(a)
        hb[0] = fmix(b ^ 0x5851f42d4c957f2dULL)
        a = 0x243f6a8885a308d3ULL
        b = 0x13198a2e03707344ULL
        ha[1] = fmix(a)
        hb[1] = fmix(b ^ 0x5851f42d4c957f2dULL)

    cdef void key(self, uint8_t *pos, uint64_t *out) noexcept nogil:
        cdef uint64_t *h = <uint64_t *> (pos + self.hash_off)
        cdef uint64_t a = 0, b = 0, ha, hb
        cdef uint64_t fa[2]
        cdef uint64_t fb[2]
        cdef int s, g, fold = 0, dealing = self.stock >= 0 and pos[self.stock] > 0
        if self.stock_plays and (pos[self.stock] == 0 or pos[self.waste] % self.deal_count == 0):
            fold = 1
            self.turn_hash(pos, fa, fb)
        for s in range(self.S):
            g = self.group[s]
            if dealing and self.late[s]:
                g = -1
            ha = h[2 * s]
            hb = h[2 * s + 1]
            if fold and s == self.stock:
                ha, hb = fa[0], fb[0]
            elif fold and s == self.waste:
                ha, hb = fa[1], fb[1]
            if g >= 0:  # its place does not count: the group's salt
                a += fmix(ha ^ self.salt_a[g])
                b += fmix(hb ^ self.salt_b[g])
            else:
                a += fmix(ha ^ self.salt_a[s] ^ 0xa0761d6478bd642fULL)
                b += fmix(hb ^ self.salt_b[s] ^ 0xe7037ed1a0b428dbULL)
        if self.redeals >= 0:
            a += fmix(self.salt_a[self.S] + pos[2 * self.S])
            b += fmix(self.salt_b[self.S] + pos[2 * self.S])
        if a == 0 and b == 0:
            a = 1
        out[0] = a
        out[1] = b

    cdef void move_cards(self, uint8_t *pos, int src, int dst, int n, int reverse) noexcept nogil:
        cdef uint8_t *cs = self.cards(pos, src)
        cdef uint8_t *cd = self.cards(pos, dst)
        cdef int ls = pos[src], ld = pos[dst], i
        if n > ls:
            n = ls
        if reverse:
            for i in range(n):
                cd[ld + i] = cs[ls - 1 - i]
        else:
            for i in range(n):
                cd[ld + i] = cs[ls - n + i]
        pos[src] = ls - n
        pos[dst] = ld + n
        if pos[self.S + src] > ls - n:
            pos[self.S + src] = ls - n
        if self.kind[dst] == K_STOCK:
            pos[self.S + dst] = ld + n

    cdef void flip(self, uint8_t *pos, int s) noexcept nogil:
        cdef int n = pos[s]
        if self.flips[s] and n and pos[self.S + s] >= n:
            pos[self.S + s] = n - 1

    cdef void finish(self, uint8_t *pos, int s) noexcept nogil:
        """Game.finished_runs: thirteen face-up cards on top of pile ``s``, down by one in one suit, go to the
        first empty foundation; the card under them turns up."""
        cdef int n = pos[s], i, f
        cdef uint8_t *c = self.cards(pos, s)
        if n - pos[self.S + s] < 13:
            return
        for i in range(n - 12, n):  # c[i] on c[i - 1]: the same suit, one rank lower
            if (c[i] & 3) != (c[i - 1] & 3) or (c[i] >> 2) + 1 != (c[i - 1] >> 2):
                return
        for i in range(self.nall_foundations):
            f = self.all_foundations[i]
            if pos[f] == 0:
                self.move_cards(pos, s, f, 13, 0)
                self.left(pos, s)
                self.rehash(pos, f)
                return

    cdef inline void left(self, uint8_t *pos, int s) noexcept nogil:
        """What follows cards leaving stack ``s`` (Game.flip_exposed_cards): emptied, it uncovers the stacks it
        lay on; its own top card turns up; its hash."""
        if self.any_covered:
            self.uncover(pos, s)
        self.flip(pos, s)
        self.rehash(pos, s)

    cdef inline int covered(self, uint8_t *pos, int s) noexcept nogil:
        """Whether a stack some others cover still has a card on one of them (movegen.is_covered)."""
        cdef int i
        for i in range(self.cover_at[s], self.cover_at[s + 1]):
            if pos[self.covers[i]]:
                return 1
        return 0

    cdef void uncover(self, uint8_t *pos, int s) noexcept nogil:
        """Game.flip_exposed_cards for a stack ``s`` a move took cards from: emptied, the stacks it lay on turn
        their top card up once nothing covers them."""
        cdef int i, j, n
        if pos[s]:
            return
        for i in range(self.uncover_at[s], self.uncover_at[s + 1]):
            j = self.uncovers[i]
            n = pos[j]
            if self.flips[j] and n and pos[self.S + j] >= n and not self.covered(pos, j):
                pos[self.S + j] = n - 1
                self.rehash(pos, j)

    cdef void refill(self, uint8_t *pos) noexcept nogil:
        """Game.after_move's declared refill: each empty stack takes the first source's top card, face up; the
        card that uncovers turns up."""
        cdef int i, j, s, src
        for i in range(self.nrefill_into):
            s = self.refill_into[i]
            if pos[s]:
                continue
            for j in range(self.nrefill_sources):
                src = self.refill_sources[j]
                if pos[src]:
                    self.move_cards(pos, src, s, 1, 0)
                    self.left(pos, src)
                    self.rehash(pos, s)
                    break

    cdef void play(self, uint8_t *pos, uint32_t move) noexcept nogil:
        """What Game.push does for a plain game: the cards move, the declared refill, then the stacks they left
        turn a card up."""
        if self.nrefill_into:
            self._play(pos, move)
            if (move >> 30) != M_PLAY:  # a play's own moves refilled each
                self.refill(pos)
        else:
            self._play(pos, move)

    cdef void _play(self, uint8_t *pos, uint32_t move) noexcept nogil:
        cdef int kind = move >> 30, src = (move >> 22) & 0xff, dst = (move >> 14) & 0xff, n = move & 0x3fff
        cdef int i, k, total, piles
        cdef uint8_t *cs
        if kind == M_MOVE and n & PAIR:  # the two cards, the first one first
            i = n & 0xff
            self.move_cards(pos, src, dst, 1, 0)
            self.move_cards(pos, i, dst, 1, 0)
            self.left(pos, src)
            self.left(pos, i)
            self.rehash(pos, dst)
        elif kind == M_MOVE:
            self.move_cards(pos, src, dst, n, n > 1 and self.kind[dst] == K_FOUNDATION)
            self.left(pos, src)
            self.rehash(pos, dst)
            if self.finished and self.kind[dst] == K_TABLEAU:
                self.finish(pos, dst)
        elif kind == M_DEAL:
            if self.deal_to_found >= 0:
                self.move_cards(pos, self.stock, self.deal_to_found, self.deal_count, 1)
                self.flip(pos, self.stock)
                self.rehash(pos, self.deal_to_found)
            elif self.deal_to_waste:
                self.move_cards(pos, self.stock, self.waste, self.deal_count, 1)
                self.flip(pos, self.stock)
                self.rehash(pos, self.waste)
            else:
                for k in range(self.deal_count):
                    total = pos[self.stock]
                    if total > self.ndealt:
                        total = self.ndealt
                    for i in range(total):  # the top card onto the first pile
                        self.move_cards(pos, self.stock, self.dealt[i], 1, 0)
                        self.rehash(pos, self.dealt[i])
                    if total:
                        self.flip(pos, self.stock)
                if self.finished:
                    for i in range(self.ntableau):
                        self.finish(pos, self.tableau[i])
            self.rehash(pos, self.stock)
        elif kind == M_REDEAL:
            pos[2 * self.S] += 1
            self.move_cards(pos, self.waste, self.stock, pos[self.waste], 1)
            self.flip(pos, self.waste)
            self.rehash(pos, self.waste)
            self.rehash(pos, self.stock)
        else:
            for k in range(src):
                self.play(pos, pack(M_DEAL if pos[self.stock] else M_REDEAL, 0, 0, 0))
            self.play(pos, pack(M_MOVE, self.waste, dst, 1))

    # -- moves --------------------------------------------------------------------------------------------

    cdef inline int fits(self, uint8_t *pos, int src, int dst, int n, int size) noexcept nogil:
        """What a move must pass besides the card fitting: not a whole pile onto an empty twin, the kinds the
        target takes cards from, its room."""
        cdef int ld = pos[dst]
        if n == size and ld == 0 and self.twin[dst] == self.twin[src]:
            return 0
        if not (self.accepts if ld else self.empty_accepts)[dst * 5 + self.kind[src]]:
            return 0
        if ld + n > self.room[dst]:
            return 0
        return 1

    cdef int moves(self, uint8_t *pos, uint32_t *out, int plays=0) noexcept nogil:
        """The legal moves, in Game.legal_moves's order: by source, target and count, then the stock; with
        ``plays`` (where the game has stock plays), the stock's clicks only as the start of a play from the
        waste, after the card moves (derive.Knowledge.useful_moves)."""
        cdef int S = self.S, m = 0, k, src, dst, size, up, longest, n, free = -1, cells = 0, spaces, i
        cdef int top_key, key, upper, below, ok
        cdef uint8_t *c
        cdef uint8_t *tk
        for k in range(self.nsources):
            src = self.sources[k]
            size = pos[src]
            up = size - pos[S + src]
            if up <= 0:
                continue
            if self.any_covered and self.covered(pos, src):
                continue
            c = self.cards(pos, src)
            top_key = c[size - 1]
            if self.pickup[src] == P_TOP:
                longest = 1
            elif self.pickup[src] == P_FACE_UP:
                longest = up
            else:
                longest = 1
                upper = top_key
                while longest < up:
                    key = c[size - longest - 1]
                    if not self.on[(src * NKEYS + key) * NKEYS + upper]:
                        break
                    upper = key
                    longest += 1
            for dst in range(S):
                if dst == src:
                    continue
                tk = self.takes + dst * NKEYS * NKEYS + self.top(pos, dst) * NKEYS
                for n in range(1, longest + 1):
                    if self.kind[dst] == K_FOUNDATION:
                        if n == 1:
                            ok = tk[top_key]
                        elif not self.group_moves[dst]:
                            break
                        else:  # top card first, each onto the one before
                            ok = 1
                            below = self.top(pos, dst)
                            for i in range(1, n + 1):
                                key = c[size - i]
                                if not self.takes[(dst * NKEYS + below) * NKEYS + key]:
                                    ok = 0
                                    break
                                below = key
                        if not ok:
                            if n > 1:
                                break
                            continue
                    else:
                        if not tk[c[size - n]]:
                            continue
                        if n > 1 and self.pickup[src] == P_SPACES:
                            if free < 0:
                                free = 0
                                for i in range(self.nspaces):
                                    if pos[self.spaces[i]] == 0:
                                        free += 1
                                for i in range(self.ncells):
                                    if pos[self.cells[i]] == 0:
                                        cells += 1
                            spaces = free - (1 if pos[dst] == 0 and self.space[dst] else 0)
                            if n > ((1 + cells) << spaces):
                                continue
                    if self.fits(pos, src, dst, n, size):
                        out[m] = pack(M_MOVE, src, dst, n)
                        m += 1
        if self.npair_stacks:
            m += self.pair_moves(pos, out + m)
        if plays and self.stock_plays:
            return m + self.stock_moves(pos, out + m)
        if self.stock >= 0:
            if pos[self.stock]:
                ok = 1
                if self.fill:
                    for i in range(self.ntableau):
                        if pos[self.tableau[i]] == 0:
                            ok = 0
                            break
                    if not ok and self.fill == 2:
                        ok = not self.can_fill(pos, out, m)
                if self.deal_to_waste:  # a waste of max_cards takes no more (room: 1 << 30 where none)
                    i = pos[self.stock] if pos[self.stock] < self.deal_count else self.deal_count
                    if pos[self.waste] + i > self.room[self.waste]:
                        ok = 0
                if ok:
                    out[m] = pack(M_DEAL, 0, 0, 0)
                    m += 1
            elif (self.deal_to_found < 0 and (self.redeals < 0 or pos[2 * S] < self.redeals)
                  and (not self.deal_to_waste or pos[self.waste])):
                out[m] = pack(M_REDEAL, 0, 0, 0)
                m += 1
        return m

    cdef int can_fill(self, uint8_t *pos, uint32_t *out, int m) noexcept nogil:
        """Game._can_fill: whether one of the ``m`` card moves in ``out`` puts a card onto an empty tableau pile
        (not a pile's bottom card, which would leave its own pile empty)."""
        cdef int k, src, dst, n
        cdef uint32_t mv
        for k in range(m):
            mv = out[k]
            if (mv >> 30) != M_MOVE:
                continue
            src, dst, n = (mv >> 22) & 0xff, (mv >> 14) & 0xff, mv & 0x3fff
            if n & PAIR or pos[dst] or self.kind[dst] != K_TABLEAU:
                continue
            if self.kind[src] != K_TABLEAU or n < pos[src]:
                return 1
        return 0

    cdef int pair_moves(self, uint8_t *pos, uint32_t *out) noexcept nogil:
        """movegen.pair_moves: each free card removed alone, then each two free cards that pair (the first
        stack first), then the waste's top card with the card under it. A card is free when it is the face-up
        top card of a pairing stack nothing covers."""
        cdef int S = self.S, m = 0, k, j, i, n, nfree = 0, w = self.below
        cdef int free_at[256]
        cdef int free_key[256]
        cdef uint8_t *row
        for k in range(self.npair_stacks):
            i = self.pair_stacks[k]
            n = pos[i]
            if not n or pos[S + i] >= n or (self.any_covered and self.covered(pos, i)):
                continue
            free_at[nfree] = i
            free_key[nfree] = self.cards(pos, i)[n - 1]
            nfree += 1
        for k in range(nfree):
            if self.alone[free_key[k]]:
                out[m] = pack(M_MOVE, free_at[k], self.sink, 1)
                m += 1
            row = self.match + free_key[k] * NKEYS
            for j in range(k + 1, nfree):
                if row[free_key[j]]:
                    out[m] = pack(M_MOVE, free_at[k], self.sink, PAIR | free_at[j])
                    m += 1
        if w >= 0:
            n = pos[w]
            if n >= 2 and pos[S + w] <= n - 2 and not (self.any_covered and self.covered(pos, w)):
                if self.match[self.cards(pos, w)[n - 1] * NKEYS + self.cards(pos, w)[n - 2]]:
                    out[m] = pack(M_MOVE, w, self.sink, PAIR | w)
                    m += 1
        return m

    cdef int stock_moves(self, uint8_t *pos, uint32_t *out) noexcept nogil:
        """Each run of k clicks, up to a whole turn of the stock, followed by the waste's new top card onto
        each target that takes it (derive.Knowledge.useful_moves, the redeals unlimited)."""
        cdef int S = self.S, m = 0, clicks = 0, i, t, top, lw
        cdef uint8_t seen[56]
        cdef uint8_t *c = self.click
        if not pos[self.stock] and not pos[self.waste]:
            return 0
        memset(seen, 0, 56)
        memcpy(c, pos, self.pos_size)
        if c[self.waste]:
            seen[self.top(c, self.waste)] = 1
        while True:
            if c[self.stock]:
                self.move_cards(c, self.stock, self.waste, self.deal_count, 1)
                clicks += 1
            elif c[self.waste]:
                self.move_cards(c, self.waste, self.stock, c[self.waste], 1)
                clicks += 1
                continue
            else:
                break
            top = self.top(c, self.waste)
            if seen[top] or clicks > 255:
                break
            seen[top] = 1
            for i in range(self.nwaste_targets):
                t = self.waste_targets[i]
                if self.takes[(t * NKEYS + self.top(pos, t)) * NKEYS + top] and pos[t] < self.room[t]:
                    out[m] = pack(M_PLAY, clicks, t, 1)
                    m += 1
        return m

    cdef int safe_move(self, uint8_t *pos, uint32_t *out) noexcept nogil:
        """derive.Knowledge.safe_move: the first source whose top card no card left could need as a base, onto
        the first foundation that takes it."""
        cdef int complete[4]
        cdef int held[4][8]
        cdef int nheld[4]
        cdef int S = self.S, s, f, i, j, t, src, key, size, level, count
        cdef uint8_t *lv
        for s in range(4):
            nheld[s] = 0
        for i in range(self.nfoundations):
            f = self.foundations[i]
            if pos[f]:
                s = self.cards(pos, f)[0] & 3
                if nheld[s] < 8:
                    held[s][nheld[s]] = pos[f]
                    nheld[s] += 1
        for s in range(4):
            count = self.copies[s]
            if not count:
                complete[s] = 13
                continue
            # the count-th longest foundation of the suit
            for i in range(nheld[s]):
                for j in range(i + 1, nheld[s]):
                    if held[s][j] > held[s][i]:
                        t = held[s][i]; held[s][i] = held[s][j]; held[s][j] = t
            level = held[s][count - 1] if nheld[s] >= count else 0
            complete[s] = 13 if level >= self.top_rank[s] else level
        for i in range(self.nsafe_sources):
            src = self.safe_sources[i]
            size = pos[src]
            if not size or pos[S + src] >= size:
                continue
            if src == self.waste and self.deal_count != 1 and self.stock >= 0 and pos[self.stock]:
                continue
            key = self.cards(pos, src)[size - 1]
            lv = self.levels + key * 4
            if lv[0] > complete[0] or lv[1] > complete[1] or lv[2] > complete[2] or lv[3] > complete[3]:
                continue
            for j in range(self.nfoundations):
                f = self.foundations[j]
                if self.takes[(f * NKEYS + self.top(pos, f)) * NKEYS + key] and self.fits(pos, src, f, 1, size):
                    out[0] = pack(M_MOVE, src, f, 1)
                    return 1
        return 0

    cdef int streamlined(self, uint8_t *pos, uint32_t move) noexcept nogil:
        """derive.streamlined: no card back from a foundation, and a move between piles that leaves a face-up
        card on top only when that card can then go to a foundation."""
        cdef int kind = move >> 30, src = (move >> 22) & 0xff, dst = (move >> 14) & 0xff, n = move & 0x3fff
        cdef int i, f, card
        cdef uint8_t *c = self.lean_scratch
        if kind != M_MOVE:
            return 1
        if self.kind[src] == K_FOUNDATION:
            return 0
        if self.kind[src] != K_TABLEAU or self.kind[dst] != K_TABLEAU or pos[src] - n <= pos[self.S + src]:
            return 1
        memcpy(c, pos, self.pos_size)
        self.play(c, move)
        card = self.top(c, src)
        for i in range(self.nall_foundations):
            f = self.all_foundations[i]
            if self.takes[(f * NKEYS + self.top(c, f)) * NKEYS + card] and self.fits(c, src, f, 1, c[src]):
                return 1
        return 0

    cdef int is_won(self, uint8_t *pos) noexcept nogil:
        cdef int i
        for i in range(self.nwon):
            if pos[self.won[i]]:
                return 0
        return 1

    cdef int order(self, uint8_t *pos, uint32_t move) noexcept nogil:
        """search._order_key: foundations first, then what turns a card, frees the waste or a reserve; the
        stock last."""
        cdef int kind = move >> 30, src = (move >> 22) & 0xff, dst = (move >> 14) & 0xff, n = move & 0x3fff
        cdef int size
        if kind == M_DEAL:
            return 8
        if kind == M_REDEAL:
            return 9
        if kind == M_PLAY:  # as its last move, from the waste
            return 0 if self.kind[dst] == K_FOUNDATION else 2
        if self.kind[dst] == K_FOUNDATION:
            return 5 if self.kind[src] == K_FOUNDATION else 0
        size = pos[src]
        if size - n <= pos[self.S + src] and size > n:
            return 1
        if self.kind[src] == K_WASTE or self.kind[src] == K_RESERVE:
            return 2
        if pos[dst] == 0:
            return 4 if size > n else 7
        return 3

    cdef int progress(self, uint8_t *pos) noexcept nogil:
        """Companion.progress's default, doubled to stay whole: 8 a card on the foundations, 2 an empty tableau
        pile or reserve that takes cards, less 1 for each tableau card face down or off its pile's build, and 1
        for each card above the deepest card of a pile that a foundation wants now."""
        cdef int S = self.S, score = 0, i, j, s, n, down, out
        cdef uint8_t wanted[56]
        cdef uint8_t *c
        cdef uint8_t *on
        cdef uint8_t *tell
        cdef uint8_t *tk
        cdef int any_wanted = 0, top
        for i in range(self.nall_foundations):
            score += 8 * pos[self.all_foundations[i]]
        for i in range(self.nopen_reserves):
            if pos[self.open_reserves[i]] == 0:
                score += 2
        memset(wanted, 0, 56)
        for i in range(self.nall_foundations):
            s = self.all_foundations[i]
            top = self.top(pos, s)
            if self.telling[s * NKEYS + top]:
                tk = self.takes + (s * NKEYS + top) * NKEYS
                for j in range(4, NKEYS):
                    if tk[j]:
                        wanted[j] = 1
                        any_wanted = 1
        for i in range(self.ntableau):
            s = self.tableau[i]
            n = pos[s]
            if n == 0:
                score += 2
                continue
            c = self.cards(pos, s)
            down = pos[S + s]
            out = down
            on = self.disorder + s * NKEYS * NKEYS
            for j in range(down if down > 1 else 1, n):
                if not on[c[j - 1] * NKEYS + c[j]]:
                    out += 1
            score -= out
            if any_wanted:
                for j in range(n):
                    if wanted[c[j]]:
                        score -= n - 1 - j
                        break
        return score

    cdef int contains(self, uint64_t *k) noexcept nogil:
        cdef uint64_t j
        if self.table == NULL:
            return 0
        j = k[0] & self.table_mask
        while self.table[2 * j] != 0 or self.table[2 * j + 1] != 0:
            if self.table[2 * j] == k[0] and self.table[2 * j + 1] == k[1]:
                return 1
            j = (j + 1) & self.table_mask
        return 0

    # -- the transposition table --------------------------------------------------------------------------

    cdef int grow(self) noexcept nogil:
        cdef uint64_t old_slots = self.table_mask + 1 if self.table != NULL else 0
        cdef uint64_t slots = old_slots * 2 if old_slots else (1 << 16)
        if not old_slots and self.max_slots and slots > self.max_slots:  # a small budget: a small table
            slots = self.max_slots
        cdef uint64_t *old = self.table
        cdef uint64_t i, j, a
        if self.max_slots and slots > self.max_slots:
            return 0
        self.table = <uint64_t *> calloc(slots * 2, 8)
        if self.table == NULL:
            self.table = old
            return 0
        self.table_mask = slots - 1
        for i in range(old_slots):
            a = old[2 * i]
            if a == 0 and old[2 * i + 1] == 0:
                continue
            j = a & self.table_mask
            while self.table[2 * j] != 0 or self.table[2 * j + 1] != 0:
                j = (j + 1) & self.table_mask
            self.table[2 * j] = a
            self.table[2 * j + 1] = old[2 * i + 1]
        free(old)
        return 1

    cdef int store(self, uint64_t *k) noexcept nogil:
        """1: stored now; 0: there already; -1: the table is full and may not grow."""
        cdef uint64_t j
        if self.table == NULL or (self.stored + 1) * 10 > (self.table_mask + 1) * 7:
            if not self.grow():
                if self.table == NULL or (self.stored + 1) * 10 > (self.table_mask + 1) * 9:
                    return -1
        j = k[0] & self.table_mask
        while self.table[2 * j] != 0 or self.table[2 * j + 1] != 0:
            if self.table[2 * j] == k[0] and self.table[2 * j + 1] == k[1]:
                return 0
            j = (j + 1) & self.table_mask
        self.table[2 * j] = k[0]
        self.table[2 * j + 1] = k[1]
        self.stored += 1
        return 1

    # -- from Python --------------------------------------------------------------------------------------

    cdef bytes _load(self, list lengths, list down, int redeals_used, list cards):
        cdef bytearray block = bytearray(self.pos_size)
        cdef uint8_t *pos = block
        cdef int s, i
        for s in range(self.S):
            pos[s] = lengths[s]
            pos[self.S + s] = down[s]
            for i in range(lengths[s]):
                pos[self.cards_off + s * self.cap + i] = cards[s][i]
        pos[2 * self.S] = redeals_used
        for s in range(self.S):
            self.rehash(pos, s)
        return bytes(block)

    def position(self, list lengths, list down, int redeals_used, list cards):
        """A position block from the stacks' card keys (bottom to top) and face-down counts."""
        return self._load(lengths, down, redeals_used, cards)

    def unpack(self, bytes block):
        """(card keys per stack, face-down counts, redeals used) of a position block."""
        cdef const uint8_t *pos = block
        cdef int s
        out = [list(block[self.cards_off + s * self.cap:self.cards_off + s * self.cap + pos[s]])
               for s in range(self.S)]
        return out, [pos[self.S + s] for s in range(self.S)], pos[2 * self.S]

    def legal(self, bytes block):
        """The legal moves of a position block, as (kind, src, dst, n)."""
        cdef bytearray copy = bytearray(block)
        cdef uint32_t *out = <uint32_t *> malloc(4 * self._most())
        cdef int m = self.moves(<uint8_t *> copy, out), i
        result = [(out[i] >> 30, (out[i] >> 22) & 0xff, (out[i] >> 14) & 0xff, out[i] & 0x3fff) for i in range(m)]
        free(out)
        return result

    def after(self, bytes block, int kind, int src, int dst, int n):
        """The block after a move."""
        cdef bytearray copy = bytearray(block)
        self.play(<uint8_t *> copy, pack(kind, src, dst, n))
        return bytes(copy)

    def key_of(self, bytes block):
        cdef uint64_t k[2]
        self.key(<uint8_t *> <const uint8_t *> block, k)
        return (int(k[1]) << 64) | int(k[0])

    def safe(self, bytes block):
        cdef uint32_t out[1]
        if not self.safe_on or not self.safe_move(<uint8_t *> <const uint8_t *> block, out):
            return None
        return (out[0] >> 30, (out[0] >> 22) & 0xff, (out[0] >> 14) & 0xff, out[0] & 0x3fff)

    def won_at(self, bytes block):
        return bool(self.is_won(<uint8_t *> <const uint8_t *> block))

    cdef int _most(self):
        # every (source, target, count) and the stock
        return self.S * self.S * (self.cap + 1) + 8

    def search(self, bytes start, long long nodes, object check, long long max_bytes):
        """Depth-first from ``start``: (verdict, line) with verdict "won" (line: the moves as tuples), "lost",
        or None when the budget ran out (``self.stopped`` says which: "nodes", "memory", or what ``check``
        raised). ``check`` is called every 512 positions and raises to stop."""
        verdict = self.begin(start, max_bytes)
        if verdict is not None:
            return verdict, []
        return self.resume(nodes, check)

    def beam(self, bytes start, int width, long long nodes, object check):
        """A beam search from ``start`` (search._Beam, unphased): one move at a time, keeping the ``width``
        children of the best estimate (``progress``) among those not expanded yet, each kept position first
        playing its safe moves; ("won", the line as move tuples), or (None, []) when the beam dies out or
        ``nodes`` positions were expanded. It proves nothing lost. It keeps its own keys: the depth-first
        search's table and path are left as they were. ``self.beamed`` counts its positions."""
        cdef int most = self._most(), m, j, serial, size = self.pos_size
        cdef uint32_t *buf = <uint32_t *> malloc(4 * most)
        cdef uint32_t safe[1]
        cdef uint8_t *cur = <uint8_t *> malloc(size)
        cdef uint8_t *kid = <uint8_t *> malloc(size)
        cdef uint64_t k[2]
        if buf == NULL or cur == NULL or kid == NULL:
            free(buf)
            free(cur)
            free(kid)
            raise MemoryError
        visited = set()
        # A node: [the node it came from, the moves from there: the one chosen, then the safe moves played].
        level = [([None, []], start)]
        expanded = 0
        try:
            while level:
                children = []
                serial = 0
                for node, block in level:
                    memcpy(cur, <const uint8_t *> (<bytes> block), size)
                    while True:
                        if self.is_won(cur):
                            taken = []
                            while node is not None:
                                taken.append(node[1])
                                node = node[0]
                            return "won", self._played(start, [mv for part in reversed(taken) for mv in part])
                        if not (self.safe_on and self.safe_move(cur, safe)):
                            break
                        self.play(cur, safe[0])
                        node[1].append(safe[0])
                    self.key(cur, k)
                    if (k[0], k[1]) in visited:
                        continue
                    visited.add((k[0], k[1]))
                    expanded += 1
                    if (expanded & 511) == 0 and check is not None:
                        check()
                    if nodes > 0 and expanded >= nodes:
                        return None, []
                    m = self.moves(cur, buf, 1)  # stock clicks as part of a play, as the keys fold them
                    for j in range(m):
                        memcpy(kid, cur, size)
                        self.play(kid, buf[j])
                        self.key(kid, k)
                        if (k[0], k[1]) not in visited:
                            children.append((-self.progress(kid), serial, node, buf[j], (k[0], k[1]), kid[:size]))
                        serial += 1
                children.sort()
                level = []
                kept = set()
                for child in children:
                    if len(level) == width:
                        break
                    if child[4] not in kept:  # two parents reach it: one is enough
                        kept.add(child[4])
                        level.append(([child[2], [child[3]]], child[5]))
            return None, []
        finally:
            self.beamed += expanded
            free(buf)
            free(cur)
            free(kid)

    @property
    def path_depth(self):
        """How deep the path has been (the depths the search holds room for)."""
        return self.frame_cap

    def begin(self, bytes start, long long max_bytes):
        """Start a search from ``start`` (the table emptied): "won" if the start is won, else None; then
        :meth:`resume` runs it, a slice at a time."""
        cdef uint64_t k[2]
        cdef int most = self._most()
        self.reset()
        # The table gets at most half the budget; the search's path (a block and the moves per depth) the rest.
        self.max_bytes = max_bytes
        self.max_slots = 0
        if max_bytes > 0:
            self.max_slots = 1
            while self.max_slots * 2 * 16 <= <uint64_t> max_bytes // 2:
                self.max_slots *= 2
        self.stopped = None
        if self.orders == NULL:
            self.orders = <int *> malloc(sizeof(int) * most)
            self.movebuf = <uint32_t *> malloc(4 * most)
            if self.orders == NULL or self.movebuf == NULL:
                raise MemoryError
        if not self._frames(64, most):  # not even room to start within the budget
            self.depth = -2
            self.stopped = "memory"
            return None
        memcpy(self.frames, <const uint8_t *> start, self.pos_size)
        memcpy(self.cur, <const uint8_t *> start, self.pos_size)
        self.key(self.frames, k)
        self.store(k)
        self.expanded = 1
        self.depth = -1
        if self.is_won(self.frames):
            return "won"
        self.first[0] = 0
        self.count[0] = self._expand(self.frames, self.arena, self.orders)
        self.next_[0] = 0
        self.depth = 0
        return None

    def resume(self, long long nodes, object check):
        """Go on until ``nodes`` positions in all (0: no limit): as :meth:`search`. A search that ended ("won",
        "lost") stays ended."""
        cdef int depth = self.depth, i, j, m
        cdef uint32_t mv
        cdef uint64_t k[2]
        cdef uint8_t *pos
        cdef uint8_t *child
        cdef int *orders = self.orders
        if depth == -2:  # out of memory (begin() found no room, or a later stop): it cannot go on
            self.stopped = "memory"
            return None, []
        self.stopped = None
        if nodes > 0 and self.expanded >= nodes and depth >= 0:
            self.stopped = "nodes"
            return None, []
        cdef int back = 0  # the position at ``depth`` must be played again from its checkpoint
        while depth >= 0:
            if self.next_[depth] >= self.count[depth]:
                depth -= 1
                back = 1
                continue
            if back:
                self._rebuild(depth)
                back = 0
            mv = self.arena[self.first[depth] + self.next_[depth]]
            self.next_[depth] += 1
            if depth + 1 >= self.frame_cap and not self._frames(self.frame_cap * 2, self.arena_cap):
                self.depth = -2
                self.stopped = "memory"
                return None, []
            child = self.kid
            memcpy(child, self.cur, self.pos_size)
            self.play(child, mv)
            self.key(child, k)
            i = self.store(k)
            if i == 0:
                continue
            if i < 0:  # the table is full
                self.depth = -2
                self.stopped = "memory"
                return None, []
            self.taken[depth] = mv
            self.expanded += 1
            if self.is_won(child):
                self.depth = -1
                return "won", self._line(depth)
            # The child's moves, listed in a buffer of the most a position can have, then kept on the path.
            m = self._expand(child, self.movebuf, orders)
            j = self.first[depth] + self.count[depth]
            if j + m > self.arena_cap and not self._frames(self.frame_cap, j + m):
                self.depth = -2
                self.stopped = "memory"
                return None, []
            memcpy(self.arena + j, self.movebuf, 4 * m)
            depth += 1
            self.first[depth] = j
            self.count[depth] = m
            self.next_[depth] = 0
            memcpy(self.cur, child, self.pos_size)
            if depth % CHECKPOINT == 0:
                memcpy(self.frames + <size_t> (depth // CHECKPOINT) * self.pos_size, child, self.pos_size)
            if nodes > 0 and self.expanded >= nodes:
                self.depth = depth
                self.stopped = "nodes"
                return None, []
            if (self.expanded & 511) == 0 and check is not None:
                try:
                    check()
                except BaseException as stop:
                    self.depth = depth
                    self.stopped = stop
                    return None, []
        self.depth = -1
        return "lost", []

    cdef int _expand(self, uint8_t *pos, uint32_t *out, int *orders) noexcept nogil:
        """The moves to try from ``pos``, best first: the safe move alone if there is one; else the moves
        that reach a position not stored yet, by the estimate of where they lead (search._lookahead), ties in
        the order of their kinds (search._order_key)."""
        cdef int m, i, j, o, kept = 0
        cdef uint32_t mv
        cdef uint64_t k[2]
        if self.safe_on and self.safe_move(pos, out):
            return 1
        m = self.moves(pos, out, 1)
        for i in range(m):
            if self.lean and not self.streamlined(pos, out[i]):
                continue
            o = self.order(pos, out[i])
            if self.estimate_on:
                memcpy(self.scratch, pos, self.pos_size)
                self.play(self.scratch, out[i])
                self.key(self.scratch, k)
                if self.contains(k):
                    continue
                o += 16 * (1 << 20) - 16 * self.progress(self.scratch)
            out[kept] = out[i]
            orders[kept] = o
            kept += 1
        m = kept
        for i in range(1, m):  # stable insertion sort by order
            mv = out[i]
            o = orders[i]
            j = i - 1
            while j >= 0 and orders[j] > o:
                out[j + 1] = out[j]
                orders[j + 1] = orders[j]
                j -= 1
            out[j + 1] = mv
            orders[j + 1] = o
        return m

    cdef void _rebuild(self, int depth) noexcept nogil:
        """The position at ``depth`` into ``cur``: its checkpoint, then the path's moves from there."""
        cdef int j, c = depth - depth % CHECKPOINT
        memcpy(self.cur, self.frames + <size_t> (c // CHECKPOINT) * self.pos_size, self.pos_size)
        for j in range(c, depth):
            self.play(self.cur, self.taken[j])

    cdef list _played(self, bytes start, list taken):
        """The moves ``taken`` from ``start`` as move tuples, each stock play as its clicks and its move."""
        cdef uint8_t *at = <uint8_t *> malloc(self.pos_size)
        cdef uint8_t *c = <uint8_t *> malloc(self.pos_size)
        cdef uint32_t mv
        cdef int k, click
        if at == NULL or c == NULL:
            free(at)
            free(c)
            raise MemoryError
        memcpy(at, <const uint8_t *> start, self.pos_size)
        out = []
        try:
            for mv in taken:
                if mv >> 30 != M_PLAY:
                    out.append(self._move(mv))
                else:
                    memcpy(c, at, self.pos_size)
                    for k in range((mv >> 22) & 0xff):
                        click = M_DEAL if c[self.stock] else M_REDEAL
                        out.append((click, 0, 0, 0))
                        self.play(c, pack(click, 0, 0, 0))
                    out.append((M_MOVE, self.waste, (mv >> 14) & 0xff, 1))
                self.play(at, mv)
            return out
        finally:
            free(at)
            free(c)

    cdef list _line(self, int depth):
        """The moves taken from the start to depth ``depth``, each stock play as its clicks and its move."""
        return self._played(self.frames[:self.pos_size], [self.taken[j] for j in range(depth + 1)])

    def plays(self, bytes block):
        """The moves the search tries from a block (stock plays as (3, clicks, target, 1)), in the order of
        Game.legal_moves then the plays: what derive.Knowledge.useful_moves keeps."""
        cdef bytearray copy = bytearray(block)
        cdef uint32_t *out = <uint32_t *> malloc(4 * self._most())
        cdef int m = self.moves(<uint8_t *> copy, out, 1), i
        result = [self._move(out[i]) for i in range(m)]
        free(out)
        return result

    cdef tuple _move(self, uint32_t mv):
        return (mv >> 30, (mv >> 22) & 0xff, (mv >> 14) & 0xff, mv & 0x3fff)

    cdef int _frames(self, int want, long long moves):
        """Room for ``want`` depths and ``moves`` moves listed along the path (grown by doubling, never shrunk):
        0 when memory ran out or the budget would pass."""
        if want < self.frame_cap:
            want = self.frame_cap
        cdef long long arena_want = self.arena_cap
        while arena_want < moves:
            arena_want = arena_want * 2 if arena_want else moves
        if self.max_bytes and (<long long> (want // CHECKPOINT + 2) * self.pos_size + 16 * (want + 1) + 4 * arena_want
                               > self.max_bytes - <long long> self.max_slots * 16):  # the table's half
            return 0  # the path would pass the memory budget: the search stops as "memory"
        cdef size_t per_depth = 4 * (want + 1)
        if want > self.frame_cap or self.frames == NULL:
            if not (_resize(<void **> &self.frames, <size_t> (want // CHECKPOINT + 2) * self.pos_size)
                    and _resize(<void **> &self.first, per_depth) and _resize(<void **> &self.count, per_depth)
                    and _resize(<void **> &self.next_, per_depth) and _resize(<void **> &self.taken, per_depth)):
                return 0
            self.frame_cap = want
        if arena_want > self.arena_cap:
            if not _resize(<void **> &self.arena, 4 * <size_t> arena_want):
                return 0
            self.arena_cap = arena_want
        return 1

    # -- shorter lines (reussite.solver.shorten, on blocks) -------------------------------------------------

    cdef bytes exact(self, uint8_t *pos):
        """The position exactly, stacks in place (shorten._exact): lengths, face-down counts, redeals, cards."""
        cdef int S = self.S, s, total = 0, at
        for s in range(S):
            total += pos[s]
        cdef bytearray out = bytearray(2 * S + 1 + total)
        cdef uint8_t *o = out
        memcpy(o, pos, 2 * S + 1)
        at = 2 * S + 1
        for s in range(S):
            memcpy(o + at, self.cards(pos, s), pos[s])
            at += pos[s]
        return bytes(out)

    def shorten(self, bytes start, list line, long long work):
        """``line`` (tuples, winning from ``start``) with its cycles removed and its detours cut, as
        reussite.solver.shorten does it with the engine's moves, within ``work`` moves tried."""
        cdef uint32_t *mv = <uint32_t *> malloc(4 * self._most())
        if mv == NULL:
            raise MemoryError
        try:
            line = list(line)
            while work > 0 and line:
                shorter, work = self._one_pass(start, line, work, mv)
                if len(shorter) >= len(line):
                    break
                line = shorter
            return line
        finally:
            free(mv)

    cdef tuple _one_pass(self, bytes start, list line, long long work, uint32_t *mv):
        # One block walks the line forward twice: once to key each position, once to look for shortcuts.
        cdef int n = len(line), i, j, k, m, t, best, best_j, ps = self.pos_size
        cdef bytearray buf = bytearray(ps)
        cdef uint8_t *cur = buf
        memcpy(cur, <const uint8_t *> start, ps)
        keys = [self.exact(cur)]
        for i in range(n):
            self.play(cur, pack(line[i][0], line[i][1], line[i][2], line[i][3]))
            keys.append(self.exact(cur))
        last = {key: i for i, key in enumerate(keys)}
        memcpy(cur, <const uint8_t *> start, ps)
        out = []
        i = 0
        while i < n:
            j = last[keys[i]]
            if j > i:  # a cycle: the same position further on, where the line's own moves lead
                for t in range(i, j):
                    self.play(cur, pack(line[t][0], line[t][1], line[t][2], line[t][3]))
                i = j
                continue
            best, best_j = -1, i + 1
            if work > 0:
                m = self.moves(cur, mv)
                for t in range(m):
                    work -= 1
                    memcpy(self.scratch, cur, ps)
                    self.play(self.scratch, mv[t])
                    k = last.get(self.exact(self.scratch), -1)
                    if k > best_j:
                        best, best_j = t, k
            if best < 0:
                out.append(line[i])
                self.play(cur, pack(line[i][0], line[i][1], line[i][2], line[i][3]))
                i += 1
                continue
            out.append(self._move(mv[best]))  # one move reaches best_j: the moves between are a detour
            self.play(cur, mv[best])  # the very position best_j (exact keys)
            i = best_j
        return out, work

    @property
    def positions(self):
        return self.stored

    @property
    def table_bytes(self):
        """What the search holds: its table, and its path (a block and the moves per depth)."""
        return (self.table_bytes_now() + <long long> (self.frame_cap // CHECKPOINT + 2) * self.pos_size
                + 16 * <long long> self.frame_cap + 4 * self.arena_cap)

    cdef long long table_bytes_now(self):
        return 0 if self.table == NULL else <long long> (self.table_mask + 1) * 16

    def reset(self):
        """Forget the positions stored (a new search)."""
        free(self.table)
        self.table = NULL
        self.table_mask = 0
        self.stored = 0
        self.depth = -1
        self.expanded = 0
        self.beamed = 0
