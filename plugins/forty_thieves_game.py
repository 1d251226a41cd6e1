"""Forty Thieves (Les quarante voleurs): rules R-FT-1 to R-FT-11, from Aisleriot's French page."""

from __future__ import annotations

from reussite.cards import ACE, KING
from reussite.game import Move
from reussite.messages import N_
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN_BY_SPACES,
    Build,
    StackRule,
    foundations,
    stock,
    tableau,
    waste,
    with_changes,
)
from reussite.variant import Variant

#: Weights of :meth:`FortyThieves.solver_progress`.
_W_FOUNDATION, _W_EMPTY, _W_BREAK, _W_WASTE = 4, 2, 1, 2


class FortyThieves(Variant):
    id = "forty-thieves"
    name = N_("Forty Thieves")
    alt_names = (N_("Napoleon at St Helena"), N_("Big Forty"))
    decks = 2  # R-FT-1
    #: The family's parameters: tableau piles and the rows dealt onto them (R-FT-4). A member such as
    #: PySolFC's Forty and Eight is a subclass changing them (``piles = 8``, ``rows = 5``, ``redeals = 1``).
    piles = 10
    rows = 4
    deal_to = "waste"
    deal_count = 1
    redeals = 0  # R-FT-2: no redeal

    @classmethod
    def layout(cls):
        return (
            stock(0, 0),  # R-FT-2: top left
            waste(1, 0),
            # R-FT-3, R-FT-8: up in suit from the Ace; runs may go on card by card.
            *foundations(8, with_changes(FOUNDATION_UP_IN_SUIT, group_moves=True), x=2),
            # R-FT-4..7: down in suit, one card at a time or runs as long as the empty piles allow.
            *tableau(cls.piles, StackRule(build=Build("same", -1), empty=ANY, pickup=PICK_RUN_BY_SPACES), x=0, y=1),
        )

    def deal(self, cards):
        for _ in range(self.rows):  # R-FT-4: four rows face up, row by row as PySolFC deals them
            self.deal_row(cards)
        self.place("stock", cards)
        # PySolFC turns the first stock card onto the waste as part of the deal.
        self.place("waste", [self.cards[self.stock_ix].pop()])
        self.face_down[self.stock_ix] = len(self.cards[self.stock_ix])

    def safe_move(self) -> Move | None:
        """A card to a foundation that nothing can ever need in the tableau (for the solver).

        R-FT-3, R-FT-5: a card c of rank r only ever takes, in the tableau, the card of rank r-1 of its suit.
        When both copies of that card are on the foundations (or r <= 2: an Ace always finds one of the eight
        foundations free, so no Ace needs a Two to wait on), c is of no use outside a foundation, and the
        foundations never give a card back (R-FT-3: no pickup). Playing c at once takes nothing away: any
        winning line, with c's own moves left out, stays legal (one more card off a pile or the waste only
        uncovers more, R-FT-2; an emptied pile is one more free pile, R-FT-6, R-FT-7), and the two foundations
        of a suit are alike."""
        cards = self.cards
        tops: dict[tuple[int, int], list[int]] = {}  # (rank, suit) of each foundation's top -> foundations
        count = [[0] * 14 for _ in range(4)]  # count[suit][rank]: copies on the foundations
        empty = None
        for f in self.foundation_ix:
            pile = cards[f]
            if not pile:
                if empty is None:
                    empty = f
                continue
            top = pile[-1]
            tops.setdefault((top.rank, top.suit), []).append(f)
            row = count[top.suit]
            for rank in range(1, top.rank + 1):
                row[rank] += 1
        for src in (self.waste_ix, *self.tableau_ix):
            pile = cards[src]
            if not pile:
                continue
            card = pile[-1]
            rank, suit = card.rank, card.suit
            if rank == ACE:
                if empty is not None:
                    return Move(src, empty, 1)
                continue
            if rank > 2 and count[suit][rank - 1] < 2:
                continue
            found = tops.get((rank - 1, suit))
            if found:
                return Move(src, found[0], 1)
        return None

    def solver_progress(self) -> int:
        """How far a position has got, for the order in which the solver tries moves (higher first).

        Cards on the foundations (R-FT-3) and empty piles (R-FT-6, R-FT-7: they carry longer runs) count for;
        a card that does not follow the one under it down in suit (R-FT-5) counts against, since the cards
        under it can only come out once it has gone somewhere else; so does each card in the waste, of which
        only the top one can ever be played (R-FT-2). Measured on deals 1-40 with 8,000 positions each,
        ordering by foundations and empty piles alone won 2, this order 7
        (the waste's weight matters most: 0 won 3, 0.5 won 5, 1 won 6, 2 won 7). It changes only the order in which
        moves are tried, never which are tried, so it cannot make a verdict wrong."""
        cards = self.cards
        score = _W_FOUNDATION * self.on_foundations() - _W_WASTE * len(cards[self.waste_ix])
        for i in self.tableau_ix:
            pile = cards[i]
            if not pile:
                score += _W_EMPTY
                continue
            below = pile[0]
            for card in pile[1:]:
                if card[1] != below[1] or card[0] != below[0] - 1:
                    score -= _W_BREAK
                below = card
        return score

    def score(self) -> int:
        # R-FT-10: 5 a card on the foundations, 60 more for each complete foundation; 1000 at most.
        complete = sum(1 for i in self.foundation_ix if self.cards[i] and self.cards[i][-1].rank == KING)
        return 5 * self.on_foundations() + 60 * complete

    max_score = 1000
    score_rule = N_("5 points for each card on the foundations, and 60 more for each foundation completed up "
                    "to the King (1000 when every card is home).")
