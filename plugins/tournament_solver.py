"""What Tournament tells the solver beyond its rules (R-TO-1 to R-TO-12, docs/rules.md): which moves are safe,
which positions are dead ends, the digs and shifts worth searching, a key that folds meeting foundations,
and the progress estimates that lead its beams. Attached by ``Tournament.solver_companion``."""

from __future__ import annotations

from functools import lru_cache, partial
from operator import add

from reussite.cards import ACE, KING, Card
from reussite.game import Deal, Move, Redeal
from reussite.rules import Kind
from reussite.solver.companion import Companion
from reussite_plugins.tournament_game import RESERVES, Tournament

#: How many ranks a reserve card's wait counts for at most, in ``progress``.
CLOG_RANKS = 6

_STOCK_MOVES = frozenset({Deal, Redeal})


class TournamentSolver(Companion):
    #: For the solver (see reussite.solver.search.solve): the beam searches find most lines, so they start
    #: 40 wide, and after each round of them the depth-first search gets an eighth of what a beam took, each
    #: best-first search as much; the depth-first search wins few deals after its first 500 positions, so
    #: that is all it gets before the first beams (and solver_phase adds phased beams). Deals 1-1000 at
    #: 10,000 positions each (about 2 s of a slow core): 990 won; before the phased beams and the short first
    #: slice, 970 at 12,000 and 986 at 14,000. Deals 1001-1500, which played no part in the choices, at
    #: 10,000 positions: 496 of 500 (491 at 14,000 before).
    best_first_share = 1
    complete_share = 0.125
    beam_width = 40
    first_slice = 500

    def safe_move(self, game) -> Move | None:
        """A reserve card to a foundation of its suit while that suit's two foundations do not meet; or a
        column card once they overlap, on the terms of ``_safe_column_move`` (for the solver).

        R-TO-6: a reserve card goes only to a foundation. Foundations that meet (13 cards between them, see
        ``is_lost``) are a resource: R-TO-9 lets their top cards shift so that any rank of the suit can be
        played next, and the first card played fixes which ranks come next, so playing there is a choice.
        Otherwise, say the card X fits the up foundation at rank a + 1 (the down one is the mirror image).
        Take a winning line and look at the first time it changes the up foundation. Until then nothing
        there depends on it holding a or a + 1, and the reserve X frees is never used by the line (X sits in
        it). If the line then plays X there, leave that move out. If it plays X's twin from a column or
        another reserve, put the twin in X's freed reserve instead (R-TO-6: a reserve takes a column card)
        or leave it where it is: the same cards, and reserves are alike. If the line first brings the down
        foundation to a + 1 by playing a card Z of rank a + 1 there (it must, to shift onto it), the two
        foundations here meet just before, so shift X onto the down foundation instead (R-TO-9) and put Z in
        X's freed reserve (or leave it in its own): the same position again. Once they overlap (14 or more)
        nothing shifts any more, and each rank still to play has one foundation left to go to."""
        for src in game.reserve_ix:
            if game.cards[src]:
                move = self._to_foundation(game, src, overlap=False)
                if move is not None:
                    return move
        return self._safe_column_move(game)

    def _to_foundation(self, game, src: int, overlap: bool) -> Move | None:
        """The top card of ``src`` onto the foundation of its suit that takes it, when that suit's two
        foundations hold 14 cards or more (they overlap), or with ``overlap`` False when they do not meet.

        A foundation only ever takes the card that fits it (R-TO-4; a shift too, R-TO-9), so the up one holds
        Ace .. its length and the down one King .. 14 less its length: which card fits is arithmetic on the
        two lengths (``drop_refusal`` says the same, and the tests check it), the up foundation asked first."""
        cards = game.cards
        card = cards[src][-1]
        up, down = game.foundation_ix[card[1]], game.foundation_ix[4 + card[1]]
        a, d = len(cards[up]), len(cards[down])
        if a + d < 14 if overlap else a + d == 13:
            return None
        rank = card[0]
        if rank == a + 1:
            return Move(src, up)
        if rank == 13 - d:
            return Move(src, down)
        return None

    def _safe_column_move(self, game) -> Move | None:
        """The top card of a column to a foundation of its suit, on the same terms as a reserve card, once no
        redeal is left and the column keeps a card under it or the stock is empty.

        With 14 cards or more on a suit's two foundations, every card of the suit still to play has its twin
        on a foundation already, fits only one of the two, and nothing leaves them (R-TO-9: no shift is
        possible once they overlap), so that foundation waits for this very card. Take a winning line and
        drop its moves of this card (at most one to a reserve, then one to the foundation): every other move
        stays legal. The column only loses its top card sooner: columns take nothing (R-TO-7), dealt cards go
        on top of whatever is there (R-TO-10), the column empties at the same move as before since the card
        under it must still leave (so the refill of R-TO-8 takes the same stock cards; with an empty stock
        there is no refill), and a reserve the line filled with this card stays free. Only a redeal would
        tell the difference: R-TO-11 deals the gathered cards out again four to a column, so one card fewer
        shifts every later card to another column. Hence none may be left."""
        if game.redeals is None or game.redeals_used < game.redeals:
            return None
        cards = game.cards
        stock_left = bool(cards[game.stock_ix])
        for src in game.tableau_ix:
            pile = cards[src]
            if not pile or (stock_left and len(pile) < 2):
                continue
            move = self._to_foundation(game, src, overlap=True)
            if move is not None:
                return move
        return None

    def dead_end(self, game) -> bool:
        """True when, with no redeal left, some column can never be dug out for want of reserve places (for
        the solver: no line wins from here).

        Take a card q of a column. A rank of a suit is "held" by q when every copy of it not yet on a
        foundation lies in the column from q down: no copy can reach a foundation before q leaves. A card
        is "blocked" when each way to a foundation needs a held rank first: the up foundation grows one rank
        at a time (R-TO-4) and its top comes down only by shifting onto the down one (R-TO-9), which needs
        the two to meet, i.e. every rank between them; the same for the down foundation. Every blocked card
        above q must leave the column before q does (R-TO-5, R-TO-7: only the top card moves, columns take
        nothing), can only go to a reserve (R-TO-6, R-TO-7), and stays there while q is in the column
        (reserve cards go only to foundations); a blocked card already in a reserve stays too. So when q
        leaves they all sit in the reserves, one each: more of them than reserves is impossible, and every
        card must leave its column to win (R-TO-12). Cards dealt later go on top (R-TO-10) and a stock card
        is never "from q down"; only a redeal (R-TO-11) takes cards off a column another way, so none may be
        left."""
        if game.redeals is None or game.redeals_used < game.redeals:
            return False
        cards = game.cards
        waiting = [cards[i][-1] for i in game.reserve_ix if cards[i]]
        if not waiting:
            return False
        tops = []
        for suit in range(4):
            up = cards[game.foundation_ix[suit]]
            down = cards[game.foundation_ix[4 + suit]]
            tops.append((len(up), 14 - len(down)))  # up holds A .. a, down K .. b
        limit = RESERVES - len(waiting)
        for col in game.tableau_ix:
            pile = cards[col]
            n = len(pile)
            if n - 1 <= limit:
                continue
            pairs = set()
            held = [0, 0, 0, 0]  # per suit, a bit per held rank
            for j in range(n - 1):
                card = pile[j]
                suit, rank = card.suit, card.rank
                a, b = tops[suit]
                if a < rank < b:  # both copies are off the foundations: held once both are here
                    if (suit, rank) not in pairs:
                        pairs.add((suit, rank))
                        continue
                elif a < b:  # the other copy is on a foundation, but a held rank here blocks nothing
                    continue
                bit = 1 << rank
                if held[suit] & bit:
                    continue
                held[suit] |= bit
                if n - 1 - j <= limit:
                    break  # higher up, fewer cards are left above q
                spare = n - 1 - j - limit - 1  # how many of them may be free of it, for more than RESERVES stuck
                for c in (*pile[j + 1:], *waiting):
                    if not (held[c.suit] and _blocked(c.rank, *tops[c.suit], held[c.suit])):
                        spare -= 1
                        if spare < 0:
                            break
                else:
                    return True
        return False

    def useful_moves(self, game, moves: list) -> list:
        """The moves worth searching (for the solver; see ``reussite.solver``).

        R-TO-9: while a suit's two foundations meet, shifting their top cards changes nothing but which two
        ranks the suit takes next, and no other move depends on it; ``key`` does not tell those
        positions apart. So single shifts are left out, and each card of such a suit that waits on a column or
        in a reserve (R-TO-5) gets one move sequence: the shifts that bring its rank in reach, then the card.
        Any winning line can be reordered that way (shifts right before the play that needs them), and every
        way of playing the card there ends in the same position (one foundation up to its rank, the other
        down to it).

        Once neither a deal nor a redeal is left (the stock is empty, R-TO-10, and the redeals are used,
        R-TO-11), a column card goes to a reserve only as part of a dig: the top k cards of a column to k
        empty reserves, then the card under them to a foundation, as one sequence. Take a winning line and
        move each play of a column card X to a reserve later, to just before the next move from the same
        column. Nothing in between needs it earlier: no stack takes cards any more but the foundations and
        the reserves (R-TO-7, no refill from an empty stock, R-TO-8), a move from another column or a
        reserve or between foundations does not depend on where X is, and a reserve X is not yet in leaves
        one more empty for them (reserves are alike). If no move from X's column comes before X goes to a
        foundation, play X there from the column instead, leaving the reserve out: the same position. What
        is left is a line in which every play to a reserve is followed at once by the next card of the same
        column, to a reserve again or to a foundation: digs (with, for a suit whose foundations meet, its
        shifts, which may come anywhere before the card)."""
        cards = game.cards
        held = [*map(len, map(cards.__getitem__, game.foundation_ix))]
        meeting = 13 in map(add, held[:4], held[4:])  # some suit's foundations meet (foundations_meet)
        digging = self._digs_only(game, moves)
        if meeting or digging:
            foundations = set(game.foundation_ix)
            reserves = set(game.reserve_ix)
            out = [m for m in moves if not (isinstance(m, Move) and ((m.src in foundations and m.dst in foundations)
                                                                     or (digging and m.dst in reserves)))]
        else:  # a legal shift needs a suit whose foundations meet: nothing to leave out
            out = list(moves)
        if meeting:
            for i in (*game.tableau_ix, *game.reserve_ix):
                if cards[i] and game.foundations_meet(cards[i][-1].suit):
                    out.extend(p for p in self._foundation_plays(game, i, cards[i][-1]) if len(p) > 1)
        if digging:
            empty = [i for i in game.reserve_ix if not cards[i]]
            for col in game.tableau_ix:
                pile = cards[col]
                for k in range(1, min(len(empty), len(pile) - 1) + 1):
                    plays = self._foundation_plays(game, col, pile[-1 - k])
                    if plays:  # most cards under a column's top do not fit: no dig for them
                        dig = tuple(Move(col, r) for r in empty[:k])
                        out.extend(dig + play for play in plays)
        return out

    def _digs_only(self, game, moves: list) -> bool:
        """Whether a column card goes to a reserve only as part of a dig (see ``useful_moves``): when
        ``moves``, the legal ones, hold neither a deal nor a redeal."""
        return not any(map(_STOCK_MOVES.__contains__, map(type, moves)))

    def _foundation_plays(self, game, src: int, card: Card) -> list[tuple[Move, ...]]:
        """The ways to play ``card`` from ``src`` (once it is on top there) onto a foundation, each a move
        sequence: a foundation that takes it now, or where the suit's two foundations meet, the shifts that
        bring its rank in reach (R-TO-9), then the card (one way is enough, see ``useful_moves``)."""
        up, down = game.foundation_ix[card.suit], game.foundation_ix[4 + card.suit]
        a, b = len(game.cards[up]), 14 - len(game.cards[down])  # up holds Ace .. a, down King .. b
        rank = card.rank
        if a + 1 == b:  # they meet
            if rank <= a:  # shift down until the up foundation ends at rank, then onto the other one
                return [(*[Move(up, down)] * (a - rank), Move(src, down))]
            return [(*[Move(down, up)] * (rank - a - 1), Move(src, up))]
        return [(Move(src, f),) for f, fits in ((up, rank == a + 1), (down, rank == b - 1)) if fits]

    def key(self, game) -> bytes:
        """``position_key``, except that where a suit's two foundations meet, where they meet is left out
        (for the solver, with ``useful_moves``: those positions have the same future, R-TO-9)."""
        # position_key's work, written for this layout since it runs for every child (the tests check that
        # the two agree): the reserves, interchangeable, are the last stacks.
        keys = game._stack_keys
        if None in keys:
            for i in [i for i, key in enumerate(keys) if key is None]:
                game.stack_key(i)
        foundations = game.foundation_ix
        held = [*map(len, map(game.cards.__getitem__, foundations))]
        parts = keys[:_FIRST_RESERVE]
        if 13 in map(add, held[:4], held[4:]):  # some suit's foundations meet (foundations_meet)
            for suit in range(4):  # a stack key starts with its length, never 255: no clash with a real stack
                if held[suit] + held[4 + suit] == 13:
                    parts[foundations[suit]] = bytes((255, suit))
                    parts[foundations[4 + suit]] = b""
        parts += sorted(keys[_FIRST_RESERVE:])
        parts.append(bytes((255, game.redeals_used)))
        return b"".join(parts)

    def estimates(self, game) -> tuple:
        # Beams led by these win different deals: one beam and one best-first search each. Of the 180 deals
        # of 1-1000 that needed more than 5,000 positions, beams of width 80 alone won 147 without the
        # reserve term (clog 0), 140 with clog 1 and 119 with clog 2 (the default, which orders the
        # depth-first search). Deals 1-1000 at 16,000 positions each (beams from width 20, complete
        # searches a quarter): 991 won with clog 0 and 1 as the estimates, 983 with 2 and 0 (before). With
        # phased beams (see phase), clog 1 goes first: its beams, phased and not, win more deals sooner
        # (the replay model, deals 1-1000 at 9,000 positions: 988 won against 983 with clog 0 first).
        return (partial(self.progress, clog=1.0), partial(self.progress, clog=0.0))

    def phase(self, game) -> tuple[int, int]:
        """The redeals used and the cards left in the stock (for the solver's phased beams): a deal puts 24
        cards on the columns at once (R-TO-10), so a position that has just dealt looks far behind one that
        has not, until the new cards are played."""
        return game.redeals_used, len(game.cards[game.stock_ix])

    def progress(self, game, clog: float = 2.0) -> float:
        """How far a position has got, for the order in which the solver tries moves (higher first).

        Cards on the foundations (R-TO-4) count most; empty reserves count for (R-TO-6: each one lets a
        column card out of the way); a card in a reserve counts against by how many ranks of its suit must
        be played before it fits (up to ``CLOG_RANKS``; none where the suit's foundations meet, R-TO-9): a
        reserve card goes nowhere but to a foundation, so one far from fitting holds its place for long; each
        card above a card that a foundation takes next counts against (R-TO-5, R-TO-7: only the top card of a
        column moves); each redeal used counts heavily against (R-TO-11: two redeals are all there is, and
        gathering the columns buries cards again). Measured on deals 1-30 with the best-first search alone
        and 12,000 positions each: foundations alone won 13, with empty reserves and buried cards 13, with
        the redeal weight at 20 19, at 40 26, at 80 17; on deals 1-50 with 15,000 positions each the
        reserve term (``clog`` 2 a rank) took it from 42 to 44 wins (1 a rank: 41). It changes only the order in
        which moves are tried, never which are tried, so it cannot make a verdict wrong."""
        cards = game.cards
        held = (*map(len, map(cards.__getitem__, game.foundation_ix)),)
        waits, wanted, buried_in = _foundation_state(held)
        empty = clogged = 0
        for i in game.reserve_ix:
            pile = cards[i]
            if pile:
                card = pile[-1]
                clogged += waits[card[1]][card[0]]
            else:
                empty += 1
        buried = 0  # how deep each of them lies in its column (each card is one of a kind: packs differ by deck)
        keys = game._stack_keys
        for i in game.tableau_ix:
            # Both packs' copies of a card fitting next are wanted, so a column's stack key, which tells the
            # packs apart no more than that, decides its term: kept by key, since most columns do not change
            # from one position to the next (the search has just computed the keys for solver_key).
            key = keys[i] or game.stack_key(i)
            depth = buried_in.get(key)
            if depth is None:
                pile = cards[i]
                depth = 0
                for card in wanted.intersection(pile):
                    depth += len(pile) - 1 - pile.index(card)
                if len(buried_in) >= _BURIED_KEPT:
                    buried_in.clear()
                buried_in[key] = depth
            buried += depth
        # Every term is a multiple of a half far below 2**52 (with a clog of 0, 1 or 2), so the sum is
        # exact: the same number as when each card's term is added on its own, in any order.
        return 4.0 * sum(held) - 40.0 * game.redeals_used + empty - clog * clogged - 0.5 * buried


#: The first reserve's index: the reserves are the last stacks, and ``key`` relies on it.
_FIRST_RESERVE = len(Tournament.stacks) - RESERVES
assert all(spec.kind is Kind.RESERVE for spec in Tournament.stacks[_FIRST_RESERVE:])


def _wait(rank: int, a: int, b: int) -> int:
    """How many ranks a reserve card waits for, in ``progress``: those to play before it fits the up
    foundation (at a) or the down one (at b), up to ``CLOG_RANKS``; none where the two meet (R-TO-9)."""
    if a + 1 == b:
        return 0
    return min(rank - a - 1 if rank > a else CLOG_RANKS, b - 1 - rank if rank < b else CLOG_RANKS, CLOG_RANKS)


#: By (cards on a suit's up foundation, on its down one): ``_wait`` for each rank (index 0 unused).
_WAIT = {(a, d): tuple(_wait(rank, a, 14 - d) for rank in range(KING + 1))
         for a in range(KING + 1) for d in range(KING + 1)}
#: By (suit, cards on its up foundation, on its down one): the cards of either pack that fit next.
_NEXT = {(suit, a, d): frozenset(Card(rank, suit, deck) for rank in {a + 1, 13 - d} if ACE <= rank <= KING
                                 for deck in range(Tournament.decks))
         for suit in range(4) for a in range(KING + 1) for d in range(KING + 1)}


#: How many foundation states ``_foundation_state`` keeps, and how many columns' buried terms each one keeps
#: at most (then it starts again): about ten megabytes at worst.
_STATES_KEPT = 1 << 9
_BURIED_KEPT = 1 << 7


@lru_cache(maxsize=_STATES_KEPT)
def _foundation_state(held: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], frozenset[Card], dict]:
    """For the eight foundations' lengths (a suit's up foundation holds Ace .. a, its down one King .. b:
    a and 14 - b cards, R-TO-4), what ``progress`` needs: per suit, ``_wait`` for each rank, the
    cards of either pack that fit next, and a table of each column's buried term by its stack key, filled as
    columns are met. Many positions of a search share them."""
    return ((*map(_WAIT.__getitem__, zip(held[:4], held[4:], strict=True)),),
            frozenset().union(*map(_NEXT.__getitem__, zip(range(4), held[:4], held[4:], strict=True))), {})


def _span(lo: int, hi: int) -> int:
    """A bit per rank from lo to hi (none when hi < lo)."""
    return (1 << (hi + 1)) - (1 << lo) if hi >= lo else 0


def _blocked(rank: int, a: int, b: int, held: int) -> bool:
    """Whether a card of this rank can reach neither foundation of its suit (the up one at a, the down one
    at b) before one of the ``held`` ranks (bits) is played; see ``TournamentSolver.dead_end``."""
    if a + 1 == b:  # they meet: shifting lets any rank of the suit be played (R-TO-9)
        return False
    if a >= b:  # they overlap: nothing shifts, and each card left has one foundation
        return bool(held & (_span(a + 1, rank - 1) if rank > a else _span(rank + 1, b - 1)))
    if a < rank < b:  # up needs the ranks a+1 .. rank-1, down rank+1 .. b-1; meeting needs both
        return bool(held & _span(a + 1, rank - 1)) and bool(held & _span(rank + 1, b - 1))
    # The rank's twin is on a foundation already: its foundation has passed it, and the other one (or a
    # shift, once they meet) needs every rank between them.
    return bool(held & _span(a + 1, b - 1))
